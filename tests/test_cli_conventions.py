"""The command line behaves like a well-made tool: --version, -h, whole command descriptions,
several files / a folder / standard input, and `floorcall events` read from the vocabulary."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

CASE = "cases/undercall-heads-up-turn.yaml"
OTHER = "cases/premature-flop.yaml"


def test_version_names_the_release_and_the_knowledge_folder():
    for command in (("rule-on", "--version"), ("floorcall", "--version")):
        result = run_cli(*command)
        assert result.returncode == 0
        assert result.stdout.startswith("floorcall 0.1.0\n")
        assert f"knowledge: {ROOT / 'knowledge'}" in result.stdout


@pytest.mark.parametrize("command", [("rule-on",), ("floorcall",), ("floorcall", "events"), ("floorcall", "report")])
def test_dash_h_is_help(command):
    short, long = run_cli(*command, "-h"), run_cli(*command, "--help")
    assert short.returncode == 0 and short.stdout == long.stdout and "Usage:" in short.stdout


def test_floorcall_help_has_examples_and_whole_command_descriptions():
    out = run_cli("floorcall", "--help").stdout
    assert "Examples:" in out and "floorcall rule-on cases/undercall-heads-up-turn.yaml" in out
    assert "..." not in out.split("Commands:")[1]         # click's truncation
    flat = " ".join(out.split())
    for words in ("Rule on incident files under each one's house club and the three others.",
                  "List the event kinds an incident may hold, with their fields and an example each.",
                  "Validate the knowledge base: quotes verbatim, ids unique, facts declared, rules reachable, rules compile."):
        assert words in flat


def test_several_files_each_headed_by_its_file_and_a_bad_one_does_not_stop_the_others(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("house: edp\nstret: turn\n", encoding="utf-8")
    result = run_cli("rule-on", CASE, bad, OTHER)
    assert result.returncode == 2
    assert [line for line in result.stdout.splitlines() if line.startswith("==> ")] == [f"==> {CASE} <==", f"==> {OTHER} <=="]
    assert result.stdout.count("RULING (") >= 2
    assert f"error: {bad}:" in result.stderr and "2 of 3 incident(s) ruled" in result.stderr
    assert "Traceback" not in result.stderr


def test_one_file_prints_as_before_with_no_header():
    out = run_cli("rule-on", CASE).stdout
    assert out.startswith("Undercall heads-up on the turn") and "==>" not in out


def test_a_folder_rules_every_yaml_in_it_in_name_order(tmp_path):
    for name in ("b.yaml", "a.yaml"):
        (tmp_path / name).write_text((ROOT / CASE).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not an incident", encoding="utf-8")
    result = run_cli("rule-on", tmp_path)
    assert result.returncode == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("==> ")] == \
        [f"==> {tmp_path / 'a.yaml'} <==", f"==> {tmp_path / 'b.yaml'} <=="]
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = run_cli("rule-on", empty)
    assert nothing.returncode == 2 and "no .yaml file in it" in nothing.stderr


def test_standard_input_is_dash():
    exe = Path(sys.executable).parent / "rule-on"
    result = subprocess.run([str(exe), "-", "--format", "json"], input=(ROOT / CASE).read_text(encoding="utf-8"),
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["incident"]["file"] == "<stdin>"
    assert data["clubs"]["edp"]["rulings"][0]["outcome"] == "must-complete-call"
    empty = subprocess.run([str(exe), "-"], input="", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert empty.returncode == 2 and "error: <stdin>" in empty.stderr


def test_json_for_several_files_is_one_list():
    result = run_cli("rule-on", CASE, OTHER, "--format", "json")
    data = json.loads(result.stdout)
    assert [d["incident"]["file"] for d in data] == [CASE, OTHER]


def test_events_lists_every_kind_of_the_vocabulary_with_fields_and_an_example(kb):
    out = run_cli("floorcall", "events").stdout
    kinds = list(kb.vocabulary.records["event"])
    assert f"{len(kinds)} event kinds" in out
    blocks = out.split("\n\n")[1:]
    assert [block.split(" — ")[0] for block in blocks] == kinds
    for block in blocks:
        assert "\n  example:  - " in block
    card = next(b for b in blocks if b.startswith("card_exposed"))
    assert "    by: dealer | player (required) — dealer error, or the player himself." in card
    assert "    count: int (default 1) — Number of cards exposed." in card
    example = card.split("example:  - ")[1].split("   (from cases/")
    file = example[1].rstrip(")\n")
    assert (ROOT / "cases" / file).exists() and example[0].split(":")[0] == "card_exposed"


def test_events_word_searches_names_fields_and_help():
    out = run_cli("floorcall", "events", "phone").stdout
    assert "event kinds match 'phone'" in out and "\nconduct — " in out and "\ncard_exposed" not in out
    exact = run_cli("floorcall", "events", "straddle").stdout
    assert "1 of" in exact and "\nstraddle — " in exact
    action = run_cli("floorcall", "events", "action").stdout
    assert action.startswith("action — ") and "in_question: bool (default false)" in action
    missing = run_cli("floorcall", "events", "xyzzy")
    assert missing.returncode == 2 and "expected a word found in an event kind" in missing.stderr


def test_events_word_finds_a_notion_written_outside_the_events_n_handed_is_others():
    """issue 22, 'People, tables and time': a notion that is a header field, not an event kind, is
    found by `floorcall events WORD` too — "nine-handed, seats 2, 5, 9 matter" is `others:`."""
    out = run_cli("floorcall", "events", "handed")
    assert out.returncode == 0 and "incident.others: int" in out.stdout and "others: 6" in out.stdout
    said = run_cli("floorcall", "events", "announced").stdout
    assert "said.kind:" in said and "event kinds match 'announced'" in said


def test_events_are_read_from_the_vocabulary_not_a_list_in_code(knowledge_copy, tmp_path):
    vocabulary = knowledge_copy / "vocabulary.yaml"
    text = vocabulary.read_text(encoding="utf-8")
    text = text.replace("  event:\n", "  event:\n    ghost_seen: {type: record, record: ghost_seen, help: \"A ghost sat in.\"}\n", 1)
    text = text.replace("  card_exposed:\n", "  ghost_seen:\n    seat: {type: seat, required: true, help: \"Where.\"}\n  card_exposed:\n", 1)
    vocabulary.write_text(text, encoding="utf-8")
    env = {**__import__("os").environ, "FLOORCALL_KNOWLEDGE": str(knowledge_copy), "FLOORCALL_CACHE": str(tmp_path / "c")}
    out = run_cli("floorcall", "events", "ghost", env=env).stdout
    assert "ghost_seen — A ghost sat in." in out and "seat: seat (required) — Where." in out
    assert "example:  - ghost_seen: {seat: 3}   (made up from the required fields)" in out


def test_cases_lists_the_bundled_examples():
    out = run_cli("floorcall", "cases", "undercall-heads").stdout
    assert out.splitlines() == [str(ROOT / CASE), "    Undercall heads-up on the turn — one £10 chip against a £15 bet"]
