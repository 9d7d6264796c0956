"""Persons a clause names by what they did in the hand, worked out from the action log (issue 13,
class 6): "the final aggressive action" of the hand and "the last player to call" when the final
round was checked, so that the rule can name the seat rather than say "find the last bettor".

Over the whole recorded hand, not the final round only (that is derive._showdown_facts); only
players still in the hand count. Arithmetic only: which of these a club means is its rule's reading.
"""
from __future__ import annotations

from ruling_engine.facts.replay import clockwise_from


def referent_facts(final_state) -> dict:
    history = final_state.all_history           # (street, seat, kind, delta, in_turn)
    live = final_state.in_hand
    out = {}
    aggressors = [h[1] for h in history if h[2] in ("bet", "raise") and h[1] in live]
    if aggressors:
        out["hand_last_aggressor_seat"] = aggressors[-1]
    callers = [h[1] for h in history if h[2] in ("call", "call-short") and h[1] in live]
    if callers:
        out["hand_last_caller_seat"] = callers[-1]
        if len(live) >= 2:
            out["left_of_hand_last_caller_seat"] = clockwise_from(live, callers[-1])[0]
    return out


def shown_referents(facts: dict) -> dict:
    """Whether the player at showdown (hand_shown) is the one an order of show names first: the
    last aggressor of the final round, or (no bet on it) the first player to act; and whether the
    cards he did not turn up went into the muck beyond retrieval (his own hand_mucked event)."""
    seat = facts.get("hand_shown.seat")
    if seat is None:
        return {}
    out = {}
    if facts.get("final_round_bet") and "last_aggressor_seat" in facts:
        out["hand_shown.is_final_round_aggressor"] = seat == facts["last_aggressor_seat"]
    if "first_to_act_seat" in facts:
        out["hand_shown.is_first_to_act"] = seat == facts["first_to_act_seat"]
    if "left_of_last_caller_seat" in facts:
        out["hand_shown.is_left_of_last_caller"] = seat == facts["left_of_last_caller_seat"]
    if facts.get("hand_mucked.seat") == seat and facts.get("hand_mucked.recoverable") is False:
        out["hand_shown.rest_mucked"] = True       # the cards he did not show went into the muck for good
    elif "hand_mucked.seat" in facts:
        out["hand_shown.rest_mucked"] = False
    return out


def mucked_referents(data: dict, facts: dict) -> dict:
    """Whether the player whose hand went into the muck had turned up part of it first, and the part
    turned up makes the winning hand by itself (his own hand_shown event: some cards face up, not
    all, would_win)."""
    seat = facts.get("hand_mucked.seat")
    if seat is None:
        return {}
    shown = [e for e in data.get("events", []) if e["event"] == "hand_shown" and e["seat"] == seat]
    return {"hand_mucked.shown_part_wins": any(0 < e["face_up"] and e.get("would_win") for e in shown)}


def asked_hand_referents(data: dict) -> dict:
    """Whether the hand a player asks to see (the last asks_to_see) was shown by its owner to
    someone before (his own card_exposed event), and to whom (the widest audience of those shows);
    whether it was already in the muck when he asked."""
    asks = [e for e in data.get("events", []) if e["event"] == "asks_to_see"]
    if not asks:
        return {}
    target = asks[-1]["target"]
    shows = [e for e in data.get("events", []) if e["event"] == "card_exposed"
             and e.get("seat") == target and e.get("by") == "player"]
    out = {"asks_to_see.target_showed_cards": bool(shows)}
    # the hand asked for had gone into the muck before the request (his hand_mucked entry earlier
    # in the timeline): a request that meets the club's muck clause (e20/showdown)
    out["asks_to_see.target_mucked"] = any(
        e["event"] == "hand_mucked" and e.get("seat") == target
        and e.get("_entry", -1) < asks[-1].get("_entry", -1) for e in data.get("events", []))
    if shows:
        widest = ("table", "one-player", "spectator", "nobody")
        out["asks_to_see.target_shown_to"] = min((e.get("seen_by", "table") for e in shows), key=widest.index)
    return out
