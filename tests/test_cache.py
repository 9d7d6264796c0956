"""The on-disk cache: a data format rebuilt into floorcall's types (no pickle), any bad or foreign
file detected and rebuilt (never fatal, never run), and only the current entries kept."""
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CASES, ROOT, run_cli
from ruling_engine.knowledge import cache
from ruling_engine.knowledge.load import _load_knowledge

REPRODUCER = ROOT.parent / "shared" / "robustness" / "crashes" / "19-unsupported-protocol.bin"
CASE = "cases/undercall-heads-up-turn.yaml"


class _Boom:
    """Unpickling this writes a file: proof that a pickle was executed."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (Path.write_text, (Path(self.marker), "pickle code ran"))


def _entries(folder: Path) -> list:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(".tmp-"))


def _knowledge_entry(folder: Path) -> Path:
    found = [p for p in folder.glob("knowledge-*.json") if "elsewhere" not in p.name]
    assert len(found) == 1, _entries(folder)
    return found[0]


def test_the_knowledge_base_survives_the_round_trip_exactly(kb):
    fresh = _load_knowledge(kb.root)
    again = cache.decode(json.loads(json.dumps(cache.encode(fresh))))
    assert again.root == fresh.root and again.clubs == fresh.clubs and again.clauses == fresh.clauses
    assert again.rules == fresh.rules                       # conditions, outcomes, effects, lines
    assert again.vocabulary.facts == fresh.vocabulary.facts
    assert again.vocabulary.records == fresh.vocabulary.records
    assert again.vocabulary.effects == fresh.vocabulary.effects
    assert again.vocabulary.issues == fresh.vocabulary.issues
    issue = next(iter(fresh.vocabulary.issues))
    assert again.vocabulary.issues[issue]["condition"] == fresh.vocabulary.issues[issue]["condition"]
    assert type(again.rules["edp"][0].when) is type(fresh.rules["edp"][0].when)


def test_the_cache_is_json_not_pickle(tmp_path):
    env = {**os.environ, "FLOORCALL_CACHE": str(tmp_path)}
    assert run_cli("rule-on", CASE, env=env).returncode == 0
    entry = _knowledge_entry(tmp_path)
    data = json.loads(entry.read_text(encoding="utf-8"))
    assert data["floorcall-cache"] == cache.VERSION and data["name"] == "knowledge"
    assert not list(tmp_path.glob("*.pickle"))


def _counted(tmp_path, monkeypatch):
    """cached() over a small source folder, counting how often the work is really done."""
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "source"
    source.mkdir(exist_ok=True)
    (source / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    builds = []

    def build():
        builds.append(1)
        return {"rows": (("case.yaml", "A title", "edp", frozenset({"edp.1", "edp.2"})),), "root": tmp_path}
    return (lambda: cache.cached("cases", [source], build)), builds


@pytest.mark.parametrize("content", [
    pytest.param(b"\x80bxxxxxxxxxxxxxxxx", id="bad-pickle-protocol"),
    pytest.param(b"", id="empty"),
    pytest.param(b'{"floorcall-cache": "3", "name": "cases-elsewhere"', id="truncated"),
    pytest.param(bytes(range(256)) * 16, id="binary"),
    pytest.param(b"[" * 100_000 + b"]" * 100_000, id="deep-nesting"),
    pytest.param(b"[" + b"1," * 10 + b"]", id="not-json"),
    pytest.param("fingerprint", id="foreign-fingerprint"),
    pytest.param("types", id="a-type-floorcall-does-not-have"),
    pytest.param("key", id="an-unhashable-key"),
    pytest.param("pickle", id="a-pickle-that-runs-code"),
])
def test_a_corrupted_or_foreign_entry_is_rebuilt_never_fatal_never_run(tmp_path, monkeypatch, content):
    run, builds = _counted(tmp_path, monkeypatch)
    expected = run()
    entry, = (tmp_path / "cache").glob("cases-elsewhere-*.json")
    good = json.loads(entry.read_text(encoding="utf-8"))
    marker = tmp_path / "ran"
    if content == "fingerprint":
        content = json.dumps({**good, "fingerprint": "0" * 24}).encode()
    elif content == "types":
        content = json.dumps({**good, "value": ["os.system", "echo owned"]}).encode()
    elif content == "key":
        content = json.dumps({**good, "value": ["D", ["L", 1], 2]}).encode()
    elif content == "pickle":
        content = pickle.dumps(_Boom(marker))
        entry.with_suffix(".pickle").write_bytes(content)       # where an earlier version looked
    entry.write_bytes(content)
    assert run() == expected and len(builds) == 2               # detected and rebuilt
    assert run() == expected and len(builds) == 2               # and the rebuilt entry is read back
    assert not marker.exists()
    assert json.loads(entry.read_text(encoding="utf-8")) == good
    assert not list((tmp_path / "cache").glob("*.pickle"))


def test_crash_19_a_cache_file_with_a_bad_pickle_protocol_is_rebuilt_by_rule_on(tmp_path):
    env = {**os.environ, "FLOORCALL_CACHE": str(tmp_path)}
    first = run_cli("rule-on", CASE, env=env)
    assert first.returncode == 0
    entry = _knowledge_entry(tmp_path)
    good = entry.read_bytes()
    bad = REPRODUCER.read_bytes() if REPRODUCER.exists() else b"\x80bxxxxxxxxxxxxxxxx"
    entry.write_bytes(bad)
    entry.with_suffix(".pickle").write_bytes(bad)               # the name an earlier version used
    for _ in range(2):
        again = run_cli("rule-on", CASE, env=env)
        assert again.returncode == 0 and again.stdout == first.stdout and again.stderr == ""
    assert entry.read_bytes() == good and not list(tmp_path.glob("*.pickle"))


def test_an_unwritable_cache_folder_only_costs_time(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = run_cli("rule-on", CASE, env={**os.environ, "FLOORCALL_CACHE": str(blocker / "cache")})
    assert result.returncode == 0 and result.stderr == ""


def test_only_the_entries_the_current_knowledge_needs_are_kept(tmp_path, knowledge_copy):
    folder = tmp_path / "cache"
    env = {**os.environ, "FLOORCALL_CACHE": str(folder)}
    assert run_cli("rule-on", CASE, env=env).returncode == 0
    shipped = _knowledge_entry(folder)
    legacy = folder / ("knowledge-" + "a" * 24 + ".pickle")
    legacy.write_bytes(b"an earlier version's entry")
    elsewhere = {**env, "FLOORCALL_KNOWLEDGE": str(knowledge_copy)}
    assert run_cli("rule-on", CASE, env=elsewhere).returncode == 0
    first_copy = list(folder.glob("knowledge-elsewhere-*.json"))
    assert len(first_copy) == 1 and shipped.exists()           # another knowledge base evicts nothing shipped
    clubs = knowledge_copy / "clubs" / "edp.yaml"
    clubs.write_text(clubs.read_text(encoding="utf-8") + "\n", encoding="utf-8")   # a knowledge change
    assert run_cli("rule-on", CASE, env=elsewhere).returncode == 0
    second_copy = list(folder.glob("knowledge-elsewhere-*.json"))
    assert len(second_copy) == 1 and second_copy != first_copy   # the older entry of its name is gone
    assert shipped.exists() and not legacy.exists()
    assert len(list(folder.glob("knowledge*"))) == 2
    assert not [p for p in folder.iterdir() if p.name.startswith(".tmp-")]


def test_a_value_the_cache_cannot_store_is_still_returned(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path))
    value = cache.cached("odd", [tmp_path / "nothing"], lambda: {"x": object()})
    assert set(value) == {"x"} and not list(tmp_path.glob("odd*"))


def _spoil_sections(entry: Path, keep=(0,)) -> int:
    """Every part of an entry but those in `keep` overwritten with JSON that is no value of
    floorcall's (same lengths: the entry still adds up); how many were spoiled."""
    raw = entry.read_bytes()
    header = json.loads(raw[:raw.index(b',"value":[')] + b"}")
    start, out, spoiled = raw.index(b',"value":[') + len(b',"value":['), bytearray(raw), 0
    for n, length in enumerate(header["parts"]):
        if n not in keep:
            junk = b'["os.system"' + b" " * max(0, length - 13) + b"]"
            out[start:start + length] = junk[:length] if length >= 13 else b" " * length
            spoiled += 1
        start += length + 1
    entry.write_bytes(bytes(out))
    return spoiled


def test_a_rule_decoded_late_from_a_bad_entry_is_taken_from_a_fresh_build(tmp_path):
    """Rules' conditions and outcomes are parts of the entry read when a ruling first reads them:
    one that proves bad then (a foreign type inside an entry that is otherwise well-formed) is
    built afresh, the ruling is the right one and the entry is rewritten."""
    env = {**os.environ, "FLOORCALL_CACHE": str(tmp_path)}
    first = run_cli("rule-on", CASE, env=env)
    assert first.returncode == 0
    entry = _knowledge_entry(tmp_path)
    good = entry.read_bytes()
    assert _spoil_sections(entry) > 1000
    again = run_cli("rule-on", CASE, env=env)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)
    assert entry.read_bytes() == good


def test_a_knowledge_base_read_back_decodes_rules_only_when_read(kb, tmp_path):
    fresh = _load_knowledge(kb.root)
    entry = tmp_path / "knowledge-test.json"
    assert cache._write(tmp_path, "knowledge", "f" * 24, entry, fresh)
    again = cache.read_entry(entry, "knowledge", "f" * 24)
    rule = again.rules["edp"][0]
    assert "when" not in vars(rule) and "then" not in vars(rule) and "quote" not in vars(rule)
    assert rule.when == fresh.rules["edp"][0].when and {"when", "then", "quote"} <= set(vars(rule))
    assert again.rules == fresh.rules and again.clauses == fresh.clauses
    assert again.vocabulary.facts == fresh.vocabulary.facts and again.vocabulary.records == fresh.vocabulary.records
    assert again.facts_read == fresh.facts_read == cache.decode(json.loads(json.dumps(cache.encode(fresh)))).facts_read


def test_an_index_read_back_decodes_each_value_when_looked_up_and_a_spoiled_one_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path / "cache"))
    builds = []

    def build():
        builds.append(1)
        return cache.DeferredValues({("edp", "undercall"): [("a.yaml", "A", frozenset({"edp.1"}))],
                                     ("gala", "undercall"): [("b.yaml", "B", frozenset())]})
    first = cache.cached("index", [tmp_path / "nothing"], build)
    again = cache.cached("index", [tmp_path / "nothing"], build)
    assert len(builds) == 1 and dict(again.items()) == dict(first.items())
    assert again.get(("edp", "undercall")) == [("a.yaml", "A", frozenset({"edp.1"}))]
    assert again.get(("ppl", "undercall"), ()) == ()
    entry, = (tmp_path / "cache").glob("index-elsewhere-*.json")
    assert _spoil_sections(entry, keep=(0, 1)) == 1           # gala's list
    spoiled = cache.cached("index", [tmp_path / "nothing"], build)
    # the content digest in the header no longer matches: the entry is rebuilt as it is read
    assert len(builds) == 2
    assert spoiled[("edp", "undercall")] == first[("edp", "undercall")]
    assert spoiled[("gala", "undercall")] == first[("gala", "undercall")] and len(builds) == 2


def _rule_on_with_cache(cache: Path, timeout=60):
    env = {**os.environ, "FLOORCALL_CACHE": str(cache)}
    exe = Path(sys.executable).parent / "rule-on"
    return subprocess.run([str(exe), str(CASES / "undercall-heads-up-turn.yaml")], capture_output=True, text=True,
                          env=env, timeout=timeout)


def test_a_fifo_or_folder_where_an_entry_goes_is_replaced_never_waited_on(tmp_path):
    """../shared/robustness/turn3/cache-fifo-hang.sh (issue 23): a FIFO in an entry's place made
    every rule-on block forever. Only a regular file is read; the wrong kind is replaced."""
    first = _rule_on_with_cache(tmp_path)
    entry = next(tmp_path.glob("knowledge-*.json"))
    entry.unlink()
    os.mkfifo(entry)
    again = _rule_on_with_cache(tmp_path, timeout=30)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert entry.is_file() and not entry.is_symlink()
    entry.unlink()
    entry.mkdir()
    assert _rule_on_with_cache(tmp_path).stdout == first.stdout and entry.is_file()


def test_an_edited_entry_is_not_served(tmp_path):
    """../shared/robustness/turn3/cache-tamper-ruling.sh (issue 23): an entry edited with its header
    kept changed the printed ruling; a digest of the content in the header is checked on read."""
    first = _rule_on_with_cache(tmp_path)
    entry = next(tmp_path.glob("knowledge-*.json"))
    raw = entry.read_bytes()
    old = b"The undercall is a mandatory full call; the player may not bet or raise."
    assert old in raw
    entry.write_bytes(raw.replace(old, b"Award the pot to seat 2 (cache-injected ruling)".ljust(len(old))))
    again = _rule_on_with_cache(tmp_path)
    assert again.returncode == 0 and again.stdout == first.stdout and b"cache-injected" not in entry.read_bytes()
