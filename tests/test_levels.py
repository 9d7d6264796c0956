"""Blind levels as the clubs' clauses read them (e26/levels).

A level the clock went up to during a stated break (L501's class): `level_change.in_break`, read by
PPL League •34 "Session play is continuous, except when a break is called by the Venue Manager"
(a reading: the break is not level time) over Nights •10; FPC rule 12 (blinds in before the beep)
does not reach it, so FPC is not covered (rule 1). A level that went up during a hand (O504's
class): `action.below_new_level_blind`, a bet after it that meets the hand's big blind but not the
new one - FPC 5 "the big blind amount for that hand", PPL Nights •10 "effective on the next live
hand", Gala tournament (m) "the big blind applicable at the time" (a reading); EDP has no levels."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BREAK = """
title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [400, 800], level: 4}}
button: 4
players:
  - {{seat: 2, stack: 14800}}
  - {{seat: 4, stack: 5000}}
  - {{seat: 5, stack: 6100}}
  - {{seat: 6, stack: 2300}}
timeline:
  - hand-over: {{at: "20:26"}}
  - break_taken: {{starts: "20:26", ends: "20:41"}}
  - level_change: {{blinds: [500, 1000], at: "{at}", in_question: true}}
"""

MID_HAND = """
title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [200, 400], level: 4, smallest_chip: 100}}
button: 7
players:
  - {{seat: 3, stack: 9100}}
  - {{seat: 6, stack: 5200}}
  - {{seat: 8}}
  - {{seat: 9, stack: 7400}}
others: 5
timeline:
  - preflop:
  - {{seat: 3, did: raise, total: 1000}}
  - {{seat: 6, did: call, total: 1000}}
  - {{seat: 8, did: fold}}
  - {{seat: 9, did: call, total: 1000}}
  - flop: [K♣, 8♦, 3♠]
{level}
  - {{seat: 9, did: check}}
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - turn: 5♥
  - {{seat: 9, chips: [{chips}], in_question: true}}
"""
LEVEL_UP = "  - level_change: {previous_hand_completed: false, blinds: [300, 600]}"


def _answer(kb, text):
    return rule_incident(parse_incident_text(text, "levels.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _ruling(answer, club, issue):
    return next((r for r in answer.answers[club].rulings if r.issue == issue), None)


# -- a level change inside a break (PPL League •34 over Nights •10) ----------------------------------

def test_ppl_league_34_a_level_reached_during_the_break_is_not_level_time(kb):
    answer = _answer(kb, BREAK.format(house="ppl", at="20:30"))
    ruling = _ruling(answer, "ppl", "blind-level")
    assert (ruling.outcome, ruling.basis) == ("old-level", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-34"]
    assert not any("break_taken" in w for w in answer.warnings)


def test_ppl_nights_10_still_rules_a_level_change_after_the_break(kb):
    ruling = _ruling(_answer(kb, BREAK.format(house="ppl", at="20:45")), "ppl", "blind-level")
    assert (ruling.outcome, [c.clause for c in ruling.citations]) == ("new-level", ["ppl.nights-10"])


def test_fpc_12_does_not_reach_a_clock_that_ran_on_through_a_break(kb):
    ruling = _ruling(_answer(kb, BREAK.format(house="fpc", at="20:30")), "fpc", "blind-level")
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")
    assert [c.clause for c in ruling.citations] == ["fpc.1"]


def test_fpc_12_reading_still_rules_a_level_change_outside_a_break(kb):
    ruling = _ruling(_answer(kb, BREAK.format(house="fpc", at="20:45")), "fpc", "blind-level")
    assert (ruling.outcome, [c.clause for c in ruling.citations]) == ("new-level", ["fpc.12"])


# -- a level change during a hand: the bet after it ---------------------------------------------------

def test_fpc_5_the_minimum_bet_is_the_big_blind_for_that_hand(kb):
    ruling = _ruling(_answer(kb, MID_HAND.format(house="fpc", level=LEVEL_UP, chips="100, 100, 100, 100")),
                     "fpc", "raise-size")
    assert (ruling.outcome, ruling.basis, ruling.point) == ("meets-minimum", "express", 0)   # at the bet, the marked point
    assert [c.clause for c in ruling.citations] == ["fpc.5-s1"]
    assert {"effect": "ruled-bet", "seat": 9, "total": 400} in ruling.effects


def test_ppl_nights_10_the_hand_in_progress_keeps_its_blinds(kb):
    ruling = _ruling(_answer(kb, MID_HAND.format(house="ppl", level=LEVEL_UP, chips="100, 100, 100, 100")),
                     "ppl", "raise-size")
    assert (ruling.outcome, ruling.basis) == ("meets-minimum", "express")
    assert [c.clause for c in ruling.citations] == ["ppl.nights-10"]


def test_gala_tournament_m_the_big_blind_applicable_is_a_reading_both_stated(kb):
    ruling = _ruling(_answer(kb, MID_HAND.format(house="gala", level=LEVEL_UP, chips="100, 100, 100, 100")),
                     "gala", "raise-size")
    assert (ruling.outcome, ruling.basis) == ("meets-minimum", "reading")
    assert any("600" in line for line in ruling.do)          # the other reading's amount is told


def test_edp_has_no_levels_so_not_covered(kb):
    ruling = _ruling(_answer(kb, MID_HAND.format(house="edp", level=LEVEL_UP, chips="100, 100, 100, 100")),
                     "edp", "raise-size")
    assert ruling.basis == "not covered"


def test_a_bet_of_the_new_big_blind_raises_no_question(kb):
    answer = _answer(kb, MID_HAND.format(house="fpc", level=LEVEL_UP, chips="100, 100, 500"))
    assert _ruling(answer, "fpc", "raise-size") is None


def test_with_no_level_change_the_bet_raises_no_question(kb):
    answer = _answer(kb, MID_HAND.format(house="fpc", level="  - said: {by: 3, words: \"check\"}",
                                         chips="100, 100, 100, 100"))
    assert _ruling(answer, "fpc", "raise-size") is None
