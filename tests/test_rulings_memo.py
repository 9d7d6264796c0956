"""The suite's memo of rulings (tests/rulings_memo.py): a file is ruled once per test process, and
only a file with the same bytes, house and options gets the remembered Report."""
import shutil

from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES
from rulings_memo import ruled, stats

CASE = CASES / "undercall-heads-up-turn.yaml"


def _outcomes(report):
    return {club: [(r.issue, r.outcome, r.basis) for r in answer.rulings] for club, answer in report.answers.items()}


def test_a_file_is_ruled_once_and_its_report_is_what_rule_on_gives(kb, tmp_path):
    path = tmp_path / CASE.name
    shutil.copy(CASE, path)
    before = dict(stats)
    first = ruled(path, kb)
    assert ruled(path, kb) is first
    assert stats["ruled"] == before["ruled"] + 1 and stats["reused"] == before["reused"] + 1
    assert _outcomes(first) == _outcomes(rule_on(path, kb=kb))


def test_a_changed_file_another_house_or_other_options_are_ruled_again(kb, tmp_path):
    path = tmp_path / CASE.name
    shutil.copy(CASE, path)
    first = ruled(path, kb)
    assert ruled(path, kb, house="ppl") is not first and ruled(path, kb, house="ppl").house == "ppl"
    assert ruled(path, kb, with_precedents=False) is not first
    path.write_text(CASE.read_text(encoding="utf-8").replace("house: edp", "house: gala"), encoding="utf-8")
    changed = ruled(path, kb)
    assert changed is not first and changed.house == "gala" and first.house == "edp"


def test_another_worker_reads_the_report_one_worker_ruled_and_not_after_the_knowledge_changes(kb, tmp_path, monkeypatch):
    """The workers' shared memo: a Report ruled in one process is read back whole by another (here
    the in-process memo is emptied to play the other worker); a knowledge base with other bytes, or
    another file, is ruled again."""
    import rulings_memo
    from ruling_engine.knowledge.load import load_knowledge
    monkeypatch.setenv(rulings_memo.SHARED, str(tmp_path / "memo"))
    (tmp_path / "memo").mkdir()
    path = tmp_path / CASE.name
    shutil.copy(CASE, path)
    first = ruled(path, kb)
    assert len(list((tmp_path / "memo").glob("*.pickle"))) == 1
    monkeypatch.setattr(rulings_memo, "_MEMO", {})
    before = dict(stats)
    again = ruled(path, kb)
    assert stats["shared"] == before["shared"] + 1 and stats["ruled"] == before["ruled"]
    assert again is not first and _outcomes(again) == _outcomes(first)
    copy = tmp_path / "knowledge"
    shutil.copytree(kb.root, copy)
    with (copy / "clubs" / "edp.yaml").open("a", encoding="utf-8") as out:
        out.write("\n# a comment: other bytes, another knowledge base\n")
    other = load_knowledge(copy)
    before = dict(stats)
    ruled(path, other)
    assert stats["ruled"] == before["ruled"] + 1
