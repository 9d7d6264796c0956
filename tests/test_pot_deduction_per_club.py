"""Each club's pot follows its own clauses on money taken out of it (e19/cards, issue 21; A203: the
house club's league-fund drop, taken under its own rule, was carried silently into the pots of the
clubs that have no such rule). For a club whose ruling on the deduction is the floor's (no clause of
its own allows it), the pot section says the money was taken on no clause of that club and the
floor decides whether it goes back; the club whose rule allows the drop keeps it as before."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

DROP = """
title: A league-fund drop taken on the flop, the pot won on the turn
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: "£"}
button: 5
players:
  - {seat: 2, stack: 100}
  - {seat: 5, stack: 100}
timeline:
  - {seat: 5, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - {seat: 5, did: raise, total: 10}
  - {seat: 2, did: call, total: 10}
  - flop: [Kd, 9c, 4c]
  - pot_deduction: {pot: 20, taken: 1, reached_flop: true, purpose: prize-fund, in_question: true}
  - {seat: 2, did: bet, total: 10}
  - {seat: 5, did: fold}
"""


def _deducted(answer):
    return [e for e in answer.settlement if e["effect"] == "pot-deducted"]


def test_a_club_with_no_clause_on_the_drop_leaves_it_to_the_floor_in_its_pot(kb):
    incident = parse_incident_text(DROP, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb=kb, with_precedents=False)
    for club, answer in report.answers.items():
        ruling = next(r for r in answer.rulings if r.issue == "pot-deduction")
        entry = _deducted(answer)
        assert len(entry) == 1 and entry[0]["amount"] == 1
        assert entry[0].get("floor_decides", False) == (ruling.outcome == "floor-decides"), club
    assert not _deducted(report.answers["edp"])[0].get("floor_decides")       # EDP 2 ¶4 allows it
    assert _deducted(report.answers["gala"])[0]["floor_decides"] is True      # Gala has no such clause
    text = render_text(report)
    assert "on no clause of this club: the floor decides whether it goes back into the pot" in text
