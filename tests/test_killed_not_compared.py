"""A hand a club's ruling kills at a point leaves that point's hand comparison (issue 20, class 3
of e14/propagate): the point's other questions are ruled on the hand with that hand dead.

The incident: heads-up to the river, checked down; seat 6 turns over his two eights and a third
card comes with them (a deal error marked at the showdown). A club that rules his three-card hand
dead must not, at the same point, read his trips against seat 1's jacks and push him the pot.
"""
import copy
import dataclasses
import textwrap

from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_on

INCIDENT = textwrap.dedent("""\
    title: a three-card hand at showdown
    house: fpc
    game: {format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 25}
    button: 1
    players:
      - {seat: 1, stack: 4000, cards: [Jh, Jd]}
      - {seat: 4, stack: 6000}
      - {seat: 6, stack: 5000, cards: [8s, 8c]}
    timeline:
      - preflop:
      - {seat: 4, posts: small-blind}
      - {seat: 6, posts: big-blind}
      - {seat: 1, did: raise, total: 600}
      - {seat: 4, did: fold}
      - {seat: 6, did: call, total: 600}
      - flop: [8d, 5c, 2h]
      - {seat: 6, did: check}
      - {seat: 1, did: bet, total: 800}
      - {seat: 6, did: call, total: 800}
      - turn: Qs
      - {seat: 6, did: check}
      - {seat: 1, did: check}
      - river: 3d
      - {seat: 6, did: check}
      - {seat: 1, did: check}
      - showdown:
      - hand_shown: {seat: 1, face_up: 2}
      - hand_shown: {seat: 6, face_up: 2}
      - deal_error: {kind: wrong-number-of-cards, seat: 6, cards: too-many, in_question: true}
    """)


def _report(kb, tmp_path):
    path = tmp_path / "incident.yaml"
    path.write_text(INCIDENT)
    return rule_on(path, kb=kb)


def _killing(answer, seat=6) -> bool:
    return any(e.get("effect") == "hand-dead" and e.get("seat") == seat
               for r in answer.rulings if r.point == 0 for e in r.effects)


def test_a_hand_killed_at_a_point_is_not_compared_there(kb, tmp_path):
    report = _report(kb, tmp_path)
    killing = [club for club, answer in report.answers.items() if _killing(answer)]
    keeping = [club for club, answer in report.answers.items() if not _killing(answer)]
    assert killing and keeping, "the incident no longer has a club that kills the hand and one that does not"
    for club in killing:
        answer = report.answers[club]
        at_point = [r for r in answer.rulings if r.point == 0 and r.issue != "deal-error"]
        # no ruling at the point reads the dead hand or gives it the pot
        assert not any(e.get("seat") == 6 or "seat 6" in str(e.get("hands", ""))
                       for r in at_point for e in r.effects), (club, at_point)
        assert answer.contradictions == [], (club, answer.contradictions)
        assert any(e["effect"] == "pot-awarded" and e["seat"] == 1 for e in answer.settlement), club
    for club in keeping:         # a club that keeps his hand live still compares it: the trips win
        assert any(e.get("effect") == "pot-awarded" and e.get("seat") == 6
                   for r in report.answers[club].rulings for e in r.effects), club


def test_the_invariant_catches_a_killed_hand_awarded_the_pot_at_its_point(kb, tmp_path):
    report = _report(kb, tmp_path)
    timeline = read_timeline(parse_incident_text(INCIDENT, "<t>", kb.vocabulary, kb.clubs).data,
                             kb.vocabulary.together_kinds)
    assert violations(report, timeline) == []
    club = next(club for club, answer in report.answers.items() if _killing(answer))
    answer = copy.deepcopy(report.answers[club])
    # a deliberately broken answer: the cards-speak ruling at the killing point pushes him the pot
    broken = next(r for r in answer.rulings if r.point == 0 and r.issue != "deal-error")
    broken.basis, broken.effects = "express", [{"effect": "pot-awarded", "seat": 6}]
    report = dataclasses.replace(report, answers={**report.answers, club: answer})
    assert "compared-dead" in {v.invariant for v in violations(report, timeline)}
