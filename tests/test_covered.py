"""Where a club has a clause for the point, it is applied, not "not covered" (blind calls L303, L302, L402, L503).

- EDP 8 ¶42 "If the player initiated a bet or raise and hasn't been called, the uncalled bet or
  raise will be returned to the player.": the part of a bet above an all-in call for less;
- EDP 8 ¶1 "Bets are by verbal declaration and/or pushing out chips.": a chip that flew out of a
  riffle was not pushed out;
- EDP 8 ¶21, FPC 6 (after the flop), Gala house v) s2: "call" with a single oversized chip is a
  call whichever came first;
- Gala Tournament g) "Table and seat positions will be determined by a random draw only.": a
  player who sat down on his own plays the seat he drew.
"""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _rulings(kb, text, club):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False).answers[club].rulings


ALL_IN_CALLED_FOR_LESS = """\
title: River all-in for 95 called all-in for 58
house: HOUSE
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: "£"}
players:
  - {seat: 3, stack: STACK3}
  - {seat: 8, stack: 58}
timeline:
  - river: {pot: 64}
  - {seat: 3, said: "all in", in_question: true}
  - {seat: 8, said: call, total: 58}
"""


def test_edp_8_42_the_part_of_an_all_in_bet_nobody_called_goes_back(kb):
    text = ALL_IN_CALLED_FOR_LESS.replace("HOUSE", "edp").replace("STACK3", "95")
    ruling = next(r for r in _rulings(kb, text, "edp") if r.issue == "side-pots")
    assert ruling.outcome == "pots-divided" and ruling.basis == "reading"
    assert any(c.clause == "edp.8-42" and "the uncalled bet or raise will be returned" in c.quote
               for c in ruling.citations)
    assert {"effect": "return-chips", "seat": 3, "amount": 37} in ruling.effects


def test_edp_8_42_does_not_fire_when_the_call_matches_the_bet(kb):
    text = ALL_IN_CALLED_FOR_LESS.replace("HOUSE", "edp").replace("STACK3", "58")
    for ruling in _rulings(kb, text, "edp"):
        assert not any(c.clause == "edp.8-42" for c in ruling.citations), ruling.issue


ROLLED = """\
title: A 500 flies out of seat 8's riffle over the line against a 1,500 bet
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 6
players:
  - {seat: 6, stack: 9800}
  - {seat: 8, stack: 7300}
timeline:
  - turn: {pot: 2200}
  - {seat: 8, did: check}
  - {seat: 6, did: bet, chips: [1000, 500]}
  - chips_rolled: {from: 8, into: pot, amount: 500, in_question: true}
"""


def test_edp_8_1_a_chip_that_moved_by_accident_was_not_pushed_out_and_goes_back(kb):
    """EDP 8 ¶1 "Bets are by verbal declaration and/or pushing out chips." (a reading)."""
    ruling = next(r for r in _rulings(kb, ROLLED.replace("HOUSE", "edp"), "edp") if r.issue == "chip-rolled")
    assert ruling.outcome == "back-to-owner" and ruling.basis == "reading"
    assert [c.clause for c in ruling.citations][0] == "edp.8-1-s1-3"
    assert {"effect": "chip-back-to-stack", "seat": 8, "amount": 500} in ruling.effects


CALL_WITH_BIG_CHIP = """\
title: Call with a 5 chip over a 2 bet, which came first not said
house: HOUSE
game: {format: cash, variant: NLHE, blinds: [0.5, 1], currency: "£"}
button: 1
players:
  - {seat: 1, stack: 31}
  - {seat: 3, stack: 23}
  - {seat: 5, stack: 10}
timeline:
  - flop: {pot: 3}
  - {seat: 3, said: "bet two", chips: [1, 1]}
  - {seat: 5, said: call, chips: [5], in_question: true}
"""


@pytest.mark.parametrize("club, clause, words, basis", [
    ("edp", "edp.8-21", "is a call if a raise is not first verbally declared", "express"),
    ("fpc", "fpc.6", "an oversized chip by a player facing a bet will be considered a call", "express"),
    ("gala", "gala.house-v-s2", "will be held to a call if he/she has not announced", "reading"),
])
def test_call_said_with_a_single_oversized_chip_is_a_call_whichever_came_first(kb, club, clause, words, basis):
    """EDP 8 ¶21, FPC 6 (after the flop), Gala house v) s2: "call" with one oversized chip, order unstated."""
    rulings = _rulings(kb, CALL_WITH_BIG_CHIP.replace("HOUSE", club), club)
    ruling = next(r for r in rulings if r.issue == "declared-action")
    assert ruling.outcome == "call" and ruling.basis == basis, (ruling.outcome, ruling.basis)
    assert any(c.clause == clause and words in c.quote for c in ruling.citations)
    assert {"effect": "return-chips", "seat": 5, "amount": 3} in ruling.effects


def test_a_raise_said_with_a_single_oversized_chip_is_not_ruled_a_call(kb):
    text = CALL_WITH_BIG_CHIP.replace("HOUSE", "edp").replace("said: call, chips: [5]", "said: raise, chips: [5]")
    for ruling in _rulings(kb, text, "edp"):
        assert not any(c.rule == "edp.8-21.call-said-with-single-oversized-chip" for c in ruling.citations), ruling.issue


SEATED_HIMSELF = """\
title: He sat down at a seat on his own
house: gala
game: {format: FORMAT, variant: NLHE, blinds: [50, 100]}
button: 8
players:
  - {seat: 5, stack: 4000}
  - {seat: 8, stack: 4000}
timeline:
  - player_seated: {seat: 5, seated_by: SEATED_BY, in_question: true}
"""


def _seating(kb, form, by):
    text = SEATED_HIMSELF.replace("FORMAT", form).replace("SEATED_BY", by)
    return [r for r in _rulings(kb, text, "gala") if r.issue == "seating"]


def test_gala_tournament_g_a_player_who_seated_himself_plays_the_seat_he_drew(kb):
    """Gala Tournament g) "Table and seat positions will be determined by a random draw only." (a reading)."""
    ruling = _seating(kb, "tournament", "himself")[0]
    assert ruling.outcome == "random-draw" and ruling.basis == "reading"
    assert any(c.clause == "gala.tournament-g" and "random draw only" in c.quote for c in ruling.citations)


@pytest.mark.parametrize("form, by", [("cash", "himself"), ("tournament", "floor")])
def test_gala_tournament_g_is_not_applied_to_a_cash_game_or_a_seat_the_floor_gave(kb, form, by):
    for ruling in _seating(kb, form, by):
        assert not any(c.rule == "gala.tournament-g.seated-himself" for c in ruling.citations), (form, by)
