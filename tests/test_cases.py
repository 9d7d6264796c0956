"""Every incident in cases/ is ruled as a knowledgeable floor person expects, under every club."""
from pathlib import Path

import pytest
import yaml

from conftest import CASES
from rulings_memo import ruled

CASE_FILES = sorted(CASES.glob("*.yaml"))
CLUBS = ("edp", "gala", "fpc", "ppl")


def _expected(path):
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("expected") or {}


@pytest.fixture(scope="module")
def reports(kb):
    return {path.name: ruled(path, kb) for path in CASE_FILES}


def test_there_are_enough_cases_of_each_first_kind(reports):
    raised = [{issue for issue, _ in r.issues} for r in reports.values()]
    kinds = {"premature turn card": {"premature-board-card"}, "undercall": {"short-call"},
             "exposed card": {"exposed-card-deal", "exposed-card-play"}, "mucked hand": {"mucked-hand"}}
    for kind, issues in kinds.items():
        assert sum(bool(issues & r) for r in raised) >= 3, kind
    assert sum(any(r.issue == "premature-board-card" for r in report.answers[report.house].rulings) and
               any(f.get("card_dealt_early.street") == "turn" for f in report.facts_by_point)
               for report in reports.values()) >= 2
    assert len(raised) >= 16


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_case_expects_every_club_on_every_issue_raised(path, reports):
    report = reports[path.name]
    expected = _expected(path)
    raised = {issue for issue, _ in report.issues}
    assert raised, "the incident raises no issue"
    for club in CLUBS:
        assert set(expected.get(club) or {}) == raised, f"{club}: expected issues differ from those raised"


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("club", CLUBS)
def test_case_ruling(path, club, reports):
    report = reports[path.name]
    rulings = {r.issue: r for r in report.answers[club].rulings}
    for issue, want in (_expected(path).get(club) or {}).items():
        got = rulings[issue]
        assert got.outcome == want["outcome"], f"{issue}: {got.decision}"
        assert got.basis == want["basis"], issue
        assert sorted({c.clause for c in got.citations}) == sorted(set(want["cites"])), issue
        for effect in want.get("effects") or []:       # each expected effect, with the params it names
            assert any(all(have.get(k) == v for k, v in effect.items()) for have in got.effects), \
                f"{issue}: missing effect {effect}; got {got.effects}"
        if got.basis == "not covered":     # the discretion clauses, beside any clause whose norm names no consequence
            cited = {c.clause for c in got.citations}
            assert set(report_kb_discretion(club, issue)) <= cited
            assert all(c.rule == "" or _basis_of(c.rule) == "silent" for c in got.citations)


def report_kb_discretion(club, issue):
    """The discretion clauses a silent club cites on this issue: its general ones and those of the topic."""
    from ruling_engine.knowledge.load import load_knowledge
    kb = load_knowledge()
    return kb.clubs[club].discretion_for(kb.vocabulary.issues[issue].get("topic"))


def _basis_of(rule_id):
    from ruling_engine.knowledge.load import load_knowledge
    return next(r.basis for r in load_knowledge().all_rules() if r.id == rule_id)
