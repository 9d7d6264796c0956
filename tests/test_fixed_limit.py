"""The game's own structure (issue 21, class 7): in a fixed-limit game (LHE, stud) `game: limits`
sizes every bet and raise by the street — the small bet on the first two betting rounds, the big
bet after — and a stud bring-in is completed to the small bet. A wager over that size is ruled
from each club's own text (Gala: "no more than the table restrictions"); a club silent on it
answers with its discretion clause. A stud timeline that starts at third street has the antes in
the pot."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# £2/£4 stud: a £1 bring-in, seat 4 says "raise" with three £1 chips, seat 5 says "call" with three more
STUD = """house: {house}
game: {{format: cash, variant: stud, ante: 0.5, bring_in: 1, limits: {limits}}}
players:
  - {{seat: 2, stack: 40}}
  - {{seat: 3, stack: 18}}
  - {{seat: 4, stack: 55}}
  - {{seat: 5, stack: 30}}
timeline:
  - third-street:
  - {{seat: 2, posts: bring-in}}
  - {{seat: 3, did: fold}}
  - {{seat: 4, said: raise, chips: [1, 1, 1], in_question: true}}
  - {{seat: 5, said: call, chips: [1, 1, 1]}}
"""

# £1/£2 limit hold'em, a bet on the {street}
LHE = """house: {house}
game: {{format: cash, variant: LHE, blinds: [0.5, 1], limits: [1, 2]}}
players:
  - {{seat: 2, stack: 40}}
  - {{seat: 4, stack: 40}}
  - {{seat: 6, stack: 40}}
pot_at_start: 3
timeline:
  - {street}
  - {{seat: 2, did: check}}
  - {{seat: 4, said: bet, chips: {chips}, in_question: true}}
"""


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _stud(kb, house="gala", limits="[2, 4]"):
    return _report(kb, STUD.format(house=house, limits=limits))


def _lhe(kb, street="flop: [K♠, 8♦, 4♣]", chips="[1, 1]", house="gala"):
    return _report(kb, LHE.format(house=house, street=street, chips=chips))


def _pot(answer):
    return [p["amount"] for p in answer.settlement if p.get("pot") == "main"]


def test_fixed_limit_bet_is_the_small_bet_on_the_flop_and_the_big_bet_on_the_turn(kb):
    flop = _lhe(kb).facts_by_point[0]
    assert (flop["limit_bet"], flop["limit_raise_to"], flop["action.over_limit"]) == (1, 1, True)
    assert (flop["action.limit_add"], flop["action.limit_excess"]) == (1, 1)
    turn = _lhe(kb, street="turn: 2♥").facts_by_point[0]
    assert (turn["limit_bet"], turn["limit_raise_to"], turn["action.over_limit"]) == (2, 2, False)
    assert turn["min_raise_to"] == 2          # no longer the big blind's £1: the turn's fixed bet


def test_stud_raise_over_the_bring_in_is_the_completion_to_the_small_bet(kb):
    facts = _stud(kb).facts_by_point[0]
    assert (facts["min_raise_to"], facts["minimum_raise_total"], facts["limit_raise_to"]) == (2, 2, 2)
    assert facts["action.over_limit"] is True and facts["action.limit_excess"] == 1


def test_gala_cuts_a_wager_over_the_fixed_bet_back_to_it(kb):
    """Gala Call and raise ¶1 s2: "no more than the table restrictions", read as the fixed bet."""
    ruling = next(r for r in _lhe(kb).answers["gala"].rulings if r.issue == "declared-action")
    assert (ruling.outcome, ruling.basis) == ("capped-at-maximum", "reading")
    assert "gala.betting-call-and-raise-p1-s2.over-fixed-limit-cut-back" in ruling.rules_fired
    assert {"effect": "return-chips", "seat": 4, "amount": 1} in ruling.effects
    # a bet of the street's fixed size raises no question of its size: the same £2 on the turn, £3 over a
    # £1 bring-in at £3/£6; the floor was called about it, so each club answers the marked action as
    # not covered, its discretion clause cited (e22/marked), and nothing else
    for report in (_lhe(kb, street="turn: 2♥"), _stud(kb, limits="[3, 6]")):
        for club, answer in report.answers.items():
            assert [(r.issue, r.basis) for r in answer.rulings] == [("marked-point-not-listed", "not covered")], club


@pytest.mark.parametrize("club", ["edp", "fpc", "ppl"])
def test_a_club_silent_on_fixed_bet_sizes_answers_with_its_discretion_clause(kb, club):
    ruling = next(r for r in _lhe(kb, house=club).answers[club].rulings if r.issue == "declared-action")
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")


def test_callers_of_a_cut_back_raise_call_the_bet_as_it_stands(kb):
    """The corrected hand: seat 4 cut to the £2 completion, seat 5's "call" of £3 is a call of £2;
    both take back £1 and the bring-in faces £1 more, with a raise to £4."""
    answer = _stud(kb).answers["gala"]
    moves = {m["seat"]: m for m in answer.now["moves"]}
    assert set(moves) == {4, 5}
    assert answer.now["next"]["seat"] == 2 and answer.now["next"]["call"] == 1
    assert answer.now["next"]["min_raise_to"] == 4


def test_stud_antes_are_in_the_pot_when_the_timeline_starts_at_third_street(kb):
    # 4 antes of 50p (£2) + the £1 bring-in + £2 + £2 once Gala's correction is made
    assert _pot(_stud(kb).answers["gala"]) == [7]
    text = STUD.format(house="gala", limits="[2, 4]").replace("players:", "pot_at_start: 0\nplayers:")
    assert _pot(_report(kb, text).answers["gala"]) == [5]       # the pot as the file gives it


@pytest.mark.parametrize("limits, variant, expected", [
    ("[2]", "LHE", "limits: [small bet, big bet]"),
    ("[4, 2]", "LHE", "the small one first"),
    ("[2, 4]", "NLHE", "only in a fixed-limit game"),
])
def test_limits_are_two_bets_of_a_fixed_limit_game(kb, limits, variant, expected):
    text = LHE.format(house="gala", street="flop: [K♠, 8♦, 4♣]", chips="[1]") \
        .replace("variant: LHE", f"variant: {variant}").replace("limits: [1, 2]", f"limits: {limits}")
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert expected in str(error.value) and error.value.line == 2
