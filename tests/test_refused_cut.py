"""A refused cut is ruled on as refused, and the clause keeps its number (V703-a).

- PPL League •16 "The pack is cut by the player to the right of the dealer.": it names no one else,
  so when he refuses the Venue Manager decides who cuts; he is never told to cut.
- FPC 44 "The cut must be no less than five cards from either end of the pack. If the cut is refused
  it should be offered to the next player or cut on the table by the dealer.": the five-card
  minimum is quoted and said with the refusal remedy.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

REFUSED = """\
title: The player due to cut refuses
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 8
dealer: 8
players:
  - {seat: 6}
  - {seat: 7, stack: 1100}
  - {seat: 8}
  - {seat: 9}
timeline:
  - dealing_procedure: {found: before-deal, riffles: RIFFLES, cut_refused: REFUSED, in_question: true}
"""


def _procedure(kb, club, riffles=0, refused="true"):
    text = REFUSED.replace("HOUSE", club).replace("RIFFLES", str(riffles)).replace("REFUSED", refused)
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    rulings = rule_incident(incident, kb, with_precedents=False).answers[club].rulings
    return next(r for r in rulings if r.issue == "deal-procedure")


def test_ppl_league_16_refuser_is_not_told_to_cut_the_venue_manager_names_the_cutter(kb):
    ruling = _procedure(kb, "ppl")
    assert "ppl.league-16.refused-cut-venue-manager-names-cutter" in ruling.rules_fired
    assert ruling.discretion
    said = " ".join(ruling.do)
    assert "Venue Manager names who cuts" in said
    assert "the player to the dealer's right cuts" not in said


def test_ppl_league_16_without_a_refusal_the_player_to_the_right_cuts(kb):
    ruling = _procedure(kb, "ppl", refused="false")
    assert "ppl.league-16.shuffle-and-cut-redone" in ruling.rules_fired
    assert "the player to the dealer's right cuts with the joker" in " ".join(ruling.do)


def test_fpc_44_refused_cut_keeps_the_five_card_minimum(kb):
    ruling = _procedure(kb, "fpc", riffles=4)
    quote = next(c.quote for c in ruling.citations if c.clause == "fpc.44")
    assert "no less than five cards from either end of the pack" in quote
    assert "offered to the next player" in quote
    assert "five cards from either end" in " ".join(ruling.do)
