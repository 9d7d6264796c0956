"""Persistent delay complained of through the clock (e22/dropped, blind call I302): the general
penalty clauses are consulted before "no clause", and the escalation sentence next to the
violation list decides the step.

- PPL •46 "Penalties will be invoked in cases of maltreatment, disruptive behaviour or similar
  happenings.": a reading, a verbal warning first (•54's scale), time away once warned;
- EDP 9 ¶8 •1 "Persistent delay of the game." with 9 ¶10 "Repeat infractions are subject to
  escalating penalties.": a verbal warning for a player not warned before;
- FPC 30 with 29's scale: a verbal warning for a player not warned before.
"""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

DELAY = """\
title: Seat 5 takes thirty seconds over every fold; the table asks the floor to act
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 2
players:
  - {seat: 2, stack: 9600}
  - {seat: 5, stack: 2300, warnings: WARNINGS}
  - {seat: 7, stack: 8000}
timeline:
  - preflop:
  - {seat: 2, did: fold}          # the button folds; seat 5, in the small blind, is next
  - clock_called: {seat: 5, seconds_before: 28, repeated: true, in_question: true}
"""


def _penalty(kb, house, warnings=0):
    text = DELAY.replace("HOUSE", house).replace("WARNINGS", str(warnings))
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers[house].rulings if r.issue == "conduct-penalty")


def _warned(ruling):
    return {"effect": "warning", "seat": 5, "kind": "verbal"} in ruling.effects


@pytest.mark.parametrize("club, clause, words", [
    ("ppl", "ppl.league-46", "disruptive behaviour or similar happenings"),
    ("edp", "edp.9-10", "Repeat infractions are subject to escalating penalties."),
    ("fpc", "fpc.29-s1", "verbal warnings"),
])
def test_repeated_delay_not_warned_before_is_a_verbal_warning_on_the_clubs_clause(kb, club, clause, words):
    ruling = _penalty(kb, club)
    assert ruling.basis == "reading" and ruling.outcome == "warning", (club, ruling.basis, ruling.outcome)
    assert any(c.clause == clause and words in c.quote for c in ruling.citations), club
    assert _warned(ruling)


def test_ppl_46_repeated_delay_after_a_warning_is_time_away_not_a_second_warning(kb):
    ruling = _penalty(kb, "ppl", warnings=1)
    assert ruling.outcome == "options-at-discretion" and ruling.basis == "reading"
    assert any(c.clause == "ppl.league-46" for c in ruling.citations)
    assert not _warned(ruling)
