"""A premature card's ruling keeps the betting round's bets (issue 20, e17/round).

Where a club's ruling sends the card (or cards) back because the round was not complete
(`betting-completed`), the corrected hand goes back to THAT round with its bets as they stood: the
all-in still to be called, the players who already acted keeping their chips in. This holds
however many cards came out before the round was complete (a turn and then a river): the round
resumed is the one of the last action before the first early card, not the street before the
last card. What the ruling's own words say the next player faces ("Seat N is next to act, X to
call") is read from that round too, so the two parts of the answer agree."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BEFORE = """
title: {title}
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 2, stack: {stack2}}}
  - {{seat: 3, stack: 200}}
timeline:
  - deal:
  - preflop:
  - {{seat: 1, did: call, total: 2}}
  - {{seat: 2, did: call, total: 2}}
  - {{seat: 3, did: check}}
  - flop: [K♦, 8♣, 3♠]
"""
ALL_IN = "  - {seat: 2, did: all-in, total: 28}\n"            # seat 2's last £28
BET_CALL = "  - {seat: 2, did: bet, total: 10}\n  - {seat: 3, did: call, total: 10}\n"
TURN, RIVER = "  - turn: Q♥\n", "  - river: 5♣\n"
RETURNING = ("edp", "fpc", "ppl")      # the clubs whose ruling has the flop betting completed


def _report(kb, flop_betting, cards, stack2=200):
    text = BEFORE.format(title="Board card(s) dealt before the flop betting was complete", stack2=stack2)
    return rule_incident(parse_incident_text(text + flop_betting + cards, "<t>", kb.vocabulary, kb.clubs),
                         kb, "edp")


def _premature(answer):
    return next(r for r in answer.rulings if r is not None and r.issue == "premature-board-card")


@pytest.mark.parametrize("cards", [TURN, TURN + RIVER], ids=["turn", "turn-and-river"])
def test_premature_card_with_an_all_in_pending_next_player_faces_the_all_in(kb, cards):
    """Seat 2 all in for £28 on the flop, seat 3 still to act: the premature turn (and a river after
    it) goes back and seat 3 faces the £28 on the flop, a raise to at least £56; seat 1 after him."""
    report = _report(kb, ALL_IN, cards, stack2=30)
    for club in RETURNING:
        answer = report.answers[club]
        nxt = answer.now["next"]
        assert (nxt["seat"], nxt["street"], nxt["call"], nxt["min_raise_to"]) == (3, "flop", 28, 56), club
        ruling = _premature(answer)
        assert (ruling.numbers.get("next_to_act_seat"), ruling.numbers.get("next_to_act_call")) == (3, 28), club
        assert [p["amount"] for p in answer.settlement if p["effect"] == "pot"] == [34], club


@pytest.mark.parametrize("cards", [TURN, TURN + RIVER], ids=["turn", "turn-and-river"])
def test_premature_card_after_a_bet_and_a_call_the_round_resumes_with_the_bet(kb, cards):
    """Seat 2 bets £10, seat 3 calls, the turn (and the river) come before seat 1 acts: the flop
    round resumes with the bet: seat 1 has £10 to call (raise to at least £20); the £10 bet and
    £10 call stay in the pot (£26)."""
    report = _report(kb, BET_CALL, cards)
    for club in RETURNING:
        answer = report.answers[club]
        nxt = answer.now["next"]
        assert (nxt["seat"], nxt["street"], nxt["call"], nxt["min_raise_to"]) == (1, "flop", 10, 20), club
        assert answer.now["then"] == [], club        # the two who acted keep their chips in: done after him
        ruling = _premature(answer)
        assert (ruling.numbers.get("next_to_act_seat"), ruling.numbers.get("next_to_act_call")) == (1, 10), club
        assert [p["amount"] for p in answer.settlement if p["effect"] == "pot"] == [26], club


def test_two_early_cards_after_a_called_all_in_the_last_player_faces_it(kb):
    """Seat 2 all in, seat 3 called, turn and river out before seat 1 acted (the E-batch class): seat 1
    faces the £28 on the flop; the main pot is £62 before he acts."""
    report = _report(kb, ALL_IN + "  - {seat: 3, did: call, total: 28}\n", TURN + RIVER, stack2=30)
    for club in RETURNING:
        answer = report.answers[club]
        nxt = answer.now["next"]
        assert (nxt["seat"], nxt["street"], nxt["call"]) == (1, "flop", 28), club
        assert answer.now["then"] == [], club
        assert [p["amount"] for p in answer.settlement if p["effect"] == "pot"] == [62], club


def test_two_early_cards_counted_and_not_ruled_by_fpcs_one_card_sentence(kb):
    """The card count of a premature deal is read from the order (card_dealt_early.cards): a turn
    and then a river before anyone acted again are 2. FPC 28 s1 speaks of "the next card"; two are
    an error "more involved" (28 s3-4): the best placed TD decides, not s1's reshuffle. One early
    card stays s1's. The flop betting is still completed: seat 3 faces the all-in either way."""
    one, two = (_report(kb, ALL_IN, cards, stack2=30).answers["fpc"] for cards in (TURN, TURN + RIVER))
    first, second = _premature(one), _premature(two)
    assert (first.outcome, [c.clause for c in first.citations]) == ("card-reshuffled-play-continues", ["fpc.28-s1"])
    assert (second.outcome, [c.clause for c in second.citations]) == ("floor-decides", ["fpc.28-s3-4"])
    assert second.numbers.get("card_dealt_early.cards") == 2
    assert two.now["next"]["seat"] == 3 and two.now["next"]["call"] == 28
