"""A question a player put to the floor, as the point (facts/timeline.py question_of): who asked,
what about, and the hand as it stood for him when he asked — what he faced, the minimum raise,
any all-in for less he had not acted on since, whether he had acted on the round. The same
situation facts an action of his at that moment is measured against (betting.py), without any
deed of his: he asked, he did not act, so no fact of an action (action.raises, action.declared,
...) is stated and no rule about what he did can fire.

Which issues a question asks: those of the `question.*` facts in an issue's `raised_when`
(knowledge/vocabulary.yaml: may-raise asks "may I raise?" facing an all-in for less), and, for a
question about a card, showing a hand, the button or a fee, the issues the events of that kind
already in the hand raise (ASKS): "does the card play?" asks what the card exposed before it asks.
"""
from __future__ import annotations

import math

from ruling_engine.facts.betting import _short_all_in_facts, walk
from ruling_engine.facts.hand import blind_seats
from ruling_engine.numbers import game_currency, whole

# topic -> the event kinds whose issues a question on it asks (their entries before the question,
# in the hand as context); raise, all-in, call and check ask the betting situation itself
ASKS = {
    "card": ("card_exposed", "card_dealt_early", "flop_dealt", "card_boxed", "deck_problem",
             "dealing_procedure", "deal_error"),
    "show": ("hand_shown", "hand_mucked", "no_one_shows", "asks_to_see", "hand_declared", "card_exposed"),
    "button": ("blinds_posted", "seat_emptied", "button_to_place", "blind_missed", "straddle", "player_moved"),
    "fee": ("money_paid_in",),
}
OWN_OPTIONS = ("raise", "all-in", "call", "check")


def question_facts(data: dict) -> dict:
    """The facts of the question at the point: `question.seat` (who asked), `question.of` and
    `action.seat` (the player whose options are asked, the rulings speak of: the asker, or the seat
    of `of:`), `question.about` and, for a question about options, the betting situation that
    player faced when it was asked (with the asker's supposed action, `if:`, already in the hand:
    facts/timeline.py supposed_timeline)."""
    question = data["_question"]
    seat = question["seat"]             # the player whose options are asked: the asker, or `of:`
    facts = {"question.seat": question.get("asker", seat), "question.of": seat, "action.seat": seat}
    if question.get("about"):
        facts["question.about"] = question["about"]
    if not data.get("actions") and not data.get("_posts"):
        return facts
    view = walk(data, question["actions_before"])
    if not all(math.isfinite(v) for v in view.contributed.values()):
        return facts                    # an all-in of unknown size: nothing is worked out from it
    currency = game_currency(data["game"])
    to_call = view.to_call(seat)
    facts.update({
        "to_call": whole(to_call), "current_bet": whole(view.current_bet), "facing_bet": to_call > 0,
        "min_raise_to": whole(view.min_raise_to), "min_raise_by": whole(view.min_raise_by),
        "last_full_bet_size": whole(view.last_full_bet),
    })
    facts.update(_short_all_in_facts(view, seat, currency))
    if question.get("about") in ("raise", "all-in"):
        # asking to raise after checking on the round is asking to check-raise
        facts["raise_after_check"] = any(s.seat == seat and s.kind == "check" for s in view.round_steps())
    button = data.get("button")
    if view.street == "preflop" and button is not None and view.big_blind and len(data["players"]) >= 2:
        seats = [p["seat"] for p in data["players"]]
        bb_seat = blind_seats(seats, button)[1]        # the seat the replay posts the big blind for
        facts["big_blind_option"] = (seat == bb_seat and seat not in view.acted_at
                                     and view.current_bet == view.big_blind)
    return facts
