"""One coherent answer per club (issue 13): the classes of fault a second reading found, each at
its mechanism. Class 1: no two parts of one club's answer contradict each other, on any case."""
from pathlib import Path

import pytest

from ruling_engine.rulings.consistency import contradictions
from ruling_engine.rulings.rule_on import rule_on
from ruling_engine.model import ClubRuling

from conftest import CASES

EVERY_CASE = sorted(CASES.glob("*.yaml")) + sorted((CASES / "casebook").glob("*.yaml")) + \
    sorted((CASES / "tda").glob("*.yaml"))


@pytest.mark.parametrize("path", EVERY_CASE, ids=lambda p: p.stem)
def test_class_1_no_club_answer_contradicts_itself(kb, path):
    report = rule_on(path, kb=kb)
    for club, answer in report.answers.items():
        assert answer.contradictions == [], f"{club}: {answer.contradictions}"


def _ruling(issue, *effects, basis="express"):
    return ClubRuling(club="edp", issue=issue, basis=basis, outcome="x", decision="", effects=list(effects))


def test_class_1_the_check_finds_a_dead_and_live_hand_and_a_raise_beside_only_call(kb):
    found = contradictions(kb.vocabulary, [_ruling("mucked-hand", {"effect": "hand-dead", "seat": 3}),
                                           _ruling("exposed-card-play", {"effect": "hand-live", "seat": 3})])
    assert len(found) == 1 and found[0].seat == 3
    found = contradictions(kb.vocabulary, [_ruling("may-raise", {"effect": "call-or-fold", "seat": 1, "call": 600}),
                                           _ruling("raise-size", {"effect": "ruled-raise", "seat": 1, "total": 2400})])
    assert len(found) == 1
    # different seats, or a ruling that is itself a conflict, are no contradiction
    assert contradictions(kb.vocabulary, [_ruling("a", {"effect": "hand-dead", "seat": 3}),
                                          _ruling("b", {"effect": "hand-live", "seat": 4})]) == []
    assert contradictions(kb.vocabulary, [_ruling("a", {"effect": "hand-dead", "seat": 3}),
                                          _ruling("b", {"effect": "hand-live", "seat": 3}, basis="conflict")]) == []
