"""The table as it stands when the floor rules: whose turn it is and what he faces.

A ruling that lets the hand go on has to say who acts next and with what numbers (the player a
skipped or live hand leaves to act, the caller who faces an all-in). For an action point the order
of action is worked out at that action (turn_order.py); for an event point (a dealing error, an
absent player) it is worked out here over the whole action log, which is the table when the
floor is called. Arithmetic only, no club's reading.
"""
from __future__ import annotations

from ruling_engine.numbers import whole
from ruling_engine.facts.replay import clockwise_from, hand_of, replay
from ruling_engine.facts.turn_order import order_facts


def _third_left_of_button(data: dict) -> dict:
    """The seat third to the left of the button (the big blind of the next hand when the button
    moves one seat on)."""
    seats = [p["seat"] for p in data["players"]]
    button = data.get("button")
    if button is None or len(seats) < 3:
        return {}
    return {"third_left_of_button_seat": clockwise_from(seats, button)[2 % len(seats)]}


def _away_acted(data: dict) -> dict:
    """Whether the absent player (the last player_away event) has an action in the log since."""
    away = [e for e in data.get("events", []) if e["event"] == "player_away"]
    if not away:
        return {}
    seat = away[-1]["seat"]
    out = {"player_away.acted": any(a["seat"] == seat for a in data.get("actions", []))}
    hand = hand_of(data)
    put_in = hand.total_in().get(seat)
    if put_in is not None and put_in == put_in:
        out["player_away.chips_since"] = whole(put_in - hand.posted.get(seat, 0))
    return out


def _deal_error_exposed(data: dict) -> dict:
    """Whether the card of a dealing error (a card off the table) was also exposed: a card_exposed
    event during the deal for the same seat."""
    errors = [e for e in data.get("events", []) if e["event"] == "deal_error"]
    if not errors or errors[-1].get("seat") is None:
        return {}
    seat = errors[-1]["seat"]
    return {"deal_error.card_exposed": any(e["event"] == "card_exposed" and e.get("seat") == seat
                                           and e.get("during") == "deal" for e in data.get("events", []))}


def _moved_player(data: dict) -> dict:
    """A player moved to this table (the last player_move event): whether he was dealt into a hand
    now being played (he is listed among the players dealt in, and the action log has begun), and
    the seats of the button and blinds of the hand after, when the button passes by him to the next
    player (three or more players)."""
    moved = [e for e in data.get("events", []) if e["event"] == "player_moved"]
    if not moved:
        return {}
    seat = moved[-1]["seat"]
    seats = [p["seat"] for p in data["players"]]
    out = {"player_moved.dealt_into_hand": seat in seats and bool(data.get("actions"))}
    others = [s for s in seats if s != seat]
    if len(others) >= 3:
        order = clockwise_from(others, seat)
        out.update({"player_moved.next_button_seat": order[0], "player_moved.next_small_blind_seat": order[1],
                    "player_moved.next_big_blind_seat": order[2]})
    return out


def now_facts(data: dict, index: int | None, facts: dict) -> dict:
    """next_to_act_seat at an event point (from the whole log), and what that player faces:
    the amount to call, and whether any other player still in the hand has chips to bet with
    (if none, he may only call or fold)."""
    out = {**_third_left_of_button(data), **_away_acted(data), **_deal_error_exposed(data), **_moved_player(data)}
    actions = data.get("actions", [])
    if not actions:
        return out
    seat = facts.get("next_to_act_seat")
    if seat is None and index is None:
        seat = order_facts(data, len(actions) - 1).get("next_to_act_seat")
        if seat is not None:
            out["next_to_act_seat"] = seat
    if seat is None:
        return out
    state = replay(data, len(actions))
    out["next_to_act_call"] = whole(state.to_call(seat))
    out["next_to_act_others_can_bet"] = any(s != seat and state.stacks.get(s, 0) > 0 for s in state.in_hand)
    return out
