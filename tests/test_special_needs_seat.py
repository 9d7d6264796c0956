"""A seat change asked for within the table (e22/dropped, blind call C303): a wheelchair user at a
final table asks for another of its seats. Nine players there, he among them, is no tenth player
joining: EDP 2 ¶10 "A maximum of 9 players will be allowed at any one table." is not engaged, and
2 ¶12 "Accommodations for players with special needs will be made when possible." is consulted.
A player joining a full table is still refused under 2 ¶10."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

SEATING = """\
title: A wheelchair user asks for a seat beside the dealer
house: edp
game: {format: tournament, variant: NLHE, blinds: [1000, 2000], seats: 9}
players:
  - {seat: 1, stack: 52000}
  - {seat: 5, stack: 36000}
  - {seat: 9, stack: 29000}
others: 6
timeline:
  - seat_request: {reason: special-needs, players_at_table: 9, REQUEST in_question: true}
"""


def _seating(kb, request):
    text = SEATING.replace("REQUEST", request)
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers["edp"].rulings if r.issue == "seating")


def _cites(ruling):
    return {c.clause for c in ruling.citations}


def test_edp_2_12_special_needs_at_a_final_table_is_accommodated_not_a_full_table(kb):
    ruling = _seating(kb, "final_table: true,")
    assert ruling.outcome == "accommodated" and ruling.basis == "reading"
    assert "edp.2-12" in _cites(ruling)


def test_edp_2_12_a_seat_change_by_a_player_listed_at_the_table_is_within_it(kb):
    ruling = _seating(kb, "seat: 5,")
    assert ruling.outcome == "accommodated" and "edp.2-12" in _cites(ruling)


def test_edp_2_10_a_player_joining_a_table_of_nine_is_still_refused(kb):
    ruling = _seating(kb, "")
    assert ruling.outcome == "table-full" and "edp.2-10" in _cites(ruling)
