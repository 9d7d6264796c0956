"""What the dealer already did with the money (issue 20/21: casebook S403, S404).

A silent oversized chip the dealer gave change for is ruled on though the floor was called about
something else: the change is the dealer's reading of the chip. An action the hand played on past
is ruled on the round it was made on. A pot the dealer pushed stands as pushed unless a club's
ruling moves it, and then the answer says what moves from whom to whom; a ruling that enters no
dispute moves nothing."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

CLUBS = ("edp", "gala", "fpc", "ppl")

# seat 5 puts out one £25 chip facing a £6 bet and says nothing; the dealer gives him £9 change
# (£19 was due), the hand is checked down, seat 5 mucks and the dealer pushes the pot to seat 3
CHANGE_ERROR = """
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}}
players:
  - {{seat: 1}}
  - {{seat: 3, stack: 150}}
  - {{seat: 5, stack: 120}}
timeline:
  - preflop:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 3, posts: big-blind}}
  - {{seat: 5, did: call, total: 2}}
  - {{seat: 1, did: fold}}
  - {{seat: 3, did: check}}
  - flop:
  - {{seat: 3, did: bet, total: 6}}
  - {{seat: 5, chips: [25]}}
{change}  - turn:
  - {{seat: 3, did: check}}
  - {{seat: 5, did: check}}
  - river:
  - {{seat: 3, did: check}}
  - {{seat: 5, did: check}}
  - showdown:
  - hand_shown: {{seat: 3, face_up: 2}}
  - hand_shown: {{seat: 5, face_up: 0}}
  - money_moved: {{did: pushed, seat: 3}}
  - hand-over:
  - dispute: {{{dispute}in_question: true}}
"""
CHANGE = "  - money_moved: {did: returned, seat: 5, amount: 9, by: dealer}\n"


def rule(kb, house="edp", change=CHANGE, dispute=""):
    text = CHANGE_ERROR.format(house=house, change=change, dispute=dispute)
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb,
                         with_precedents=False)


def ruling(report, club, issue):
    return next((r for r in report.answers[club].rulings if r.issue == issue), None)


@pytest.mark.parametrize("club", CLUBS)
def test_change_given_for_an_unmarked_silent_chip_raises_the_chip_point(kb, club):
    """The floor was called about the dispute, but the dealer's change rests on how the single
    £25 chip reads: every club's single-oversized-chip clause rules it, a call of £6."""
    chips = ruling(rule(kb), club, "chips-without-declaration")
    assert chips is not None, f"{club}: the silent chip the dealer gave change for is not ruled on"
    assert chips.outcome == "call"
    assert {"effect": "ruled-call", "seat": 5, "total": 6} in chips.effects


def test_an_unmarked_action_without_change_given_is_not_a_point(kb):
    """Only the change ties the chip to what the floor was asked: without it the marked dispute is
    the only point, as before."""
    assert ruling(rule(kb, change=""), "edp", "chips-without-declaration") is None


def test_an_action_the_hand_played_on_past_is_ruled_on_its_own_round(kb):
    """FPC rule 6 is written for 'after the flop': the £25 chip on the flop is ruled as a flop
    action though the floor came at the hand's end (the street then is hand-over)."""
    chips = ruling(rule(kb), "fpc", "chips-without-declaration")
    assert chips is not None and chips.outcome == "call"
    assert "fpc.6" in {c.clause for c in chips.citations}


def test_a_pushed_pot_the_cards_do_not_decide_stands_as_pushed(kb):
    """Seat 5 showed nothing: the cards do not decide the pot, the dealer pushed it to seat 3 and
    no ruling takes it from him; it is not sent back 'into the pot until it is awarded'."""
    money = rule(kb, house="fpc").answers["fpc"].settlement
    assert {"effect": "pot-awarded", "seat": 3, "pot": "main", "amount": 17} in money
    assert not [e for e in money if e["effect"] == "chips-back" and not e.get("to")]


def test_the_change_error_moves_from_the_pushed_seat_to_the_short_one(kb):
    """Held to a call of £6, seat 5 was due £19 change and got £9; the pot was £17, seat 3 was
    pushed £27: the answer moves exactly £10 from seat 3 to seat 5."""
    money = rule(kb, house="fpc").answers["fpc"].settlement
    assert [e for e in money if e["effect"] == "chips-back"] == [
        {"effect": "chips-back", "seat": 3, "amount": 10, "to": [5]}]


@pytest.mark.parametrize("club", ("edp", "gala"))
def test_a_dispute_entered_into_no_more_moves_no_money(kb, club):
    """Raised after the next shuffle began, the dispute is not entered into (EDP 3 ¶17-18, Gala
    Betting/Showdown ¶5): the money stays where the dealer moved it, nothing is handed back."""
    report = rule(kb, house=club, dispute="after_next_shuffle: true, about_dealer_mistake: true, ")
    assert {"effect": "no-dispute"} in ruling(report, club, "dispute").effects
    assert not [e for e in report.answers[club].settlement if e["effect"] == "chips-back"]
