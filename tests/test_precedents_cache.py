"""The bundled precedents' cache entry (rulings/precedents.py) looks only at the case files it reads
(folder/*.yaml, not the subfolders' hundreds: issue 20's cold start), and any change to one of
them (edited, added, removed) changes the precedents a ruling is given."""
from __future__ import annotations

import os

import pytest

from ruling_engine.knowledge import cache
from ruling_engine.rulings import precedents


def _case(folder, name, outcome, title="A case", mtime=None):
    path = folder / name
    path.write_text(f"title: {title}\nexpected:\n  edp:\n    undercall:\n      outcome: {outcome}\n"
                    f"      cites: [edp.1]\n", encoding="utf-8")
    if mtime is not None:
        os.utime(path, ns=(mtime, mtime))
    return path


def _found(folder, outcome="call_stands"):
    """What a new process would find: the in-process memo dropped, the on-disk entry kept."""
    precedents._by_outcome.cache_clear()
    return precedents.precedents_for("edp", "undercall", outcome, folder=folder, clauses=("edp.1",))


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path / "cache"))
    cases = tmp_path / "cases"
    cases.mkdir()
    _case(cases, "a.yaml", "call_stands", "Case A")
    _case(cases, "b.yaml", "call_stands", "Case B")
    (cases / "notions").mkdir()
    yield cases
    precedents._by_outcome.cache_clear()


def test_precedents_follow_every_change_to_the_case_files(folder):
    assert _found(folder) == [("a.yaml", "Case A"), ("b.yaml", "Case B")]
    assert list((folder.parent / "cache").glob("case-precedents*.json")), "the index is kept in the cache"
    assert _found(folder) == [("a.yaml", "Case A"), ("b.yaml", "Case B")]        # read from the entry

    _case(folder, "c.yaml", "call_stands", "Case C")                              # added
    assert _found(folder) == [("a.yaml", "Case A"), ("b.yaml", "Case B"), ("c.yaml", "Case C")]

    _case(folder, "a.yaml", "bet_stands", "Case A", mtime=1_000_000_000_000)     # edited
    assert _found(folder) == [("b.yaml", "Case B"), ("c.yaml", "Case C")]
    assert _found(folder, "bet_stands") == [("a.yaml", "Case A")]

    (folder / "b.yaml").unlink()                                                  # removed
    assert _found(folder) == [("c.yaml", "Case C")]


def test_the_precedents_entry_does_not_look_at_subfolders(folder, monkeypatch):
    """A file in a subfolder (cases/notions/, cases/casebook/) is never read by the index: adding or
    editing one neither changes the entry's fingerprint nor rebuilds it."""
    before = cache._fingerprint([folder], top_level=True)
    assert before != cache._fingerprint([folder]), "the top-level fingerprint is its own"
    _found(folder)
    builds = []
    real = precedents._index_by_outcome
    monkeypatch.setattr(precedents, "_index_by_outcome", lambda f: builds.append(f) or real(f))

    _case(folder / "notions", "x.yaml", "call_stands", "Not a precedent")
    assert cache._fingerprint([folder], top_level=True) == before
    assert _found(folder) == [("a.yaml", "Case A"), ("b.yaml", "Case B")]
    assert builds == []

    (folder / "a.yaml").write_text((folder / "a.yaml").read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert cache._fingerprint([folder], top_level=True) != before
    assert _found(folder) == [("a.yaml", "Case A"), ("b.yaml", "Case B")]
    assert builds == [folder]


def test_the_shipped_precedents_are_those_of_a_fresh_build(tmp_path, monkeypatch):
    """The bundled cases through the cache entry: the same index as reading every case file."""
    monkeypatch.setenv("FLOORCALL_CACHE", str(tmp_path))
    precedents._by_outcome.cache_clear()
    try:
        fresh = precedents._index_by_outcome(precedents.CASES_DIR)
        for _ in range(2):                                       # written, then read back
            precedents._by_outcome.cache_clear()
            kept = precedents._by_outcome(precedents.CASES_DIR)
            assert {key: kept[key] for key in kept} == fresh
    finally:
        precedents._by_outcome.cache_clear()
