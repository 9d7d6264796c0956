"""What a player did after an event of the timeline: the chips he put in after it, and the bet or
raise he made after it (with the call he faced then). Arithmetic on the order of the timeline, no
club's reading: whether a hand that died at the event takes back what it put in later, or a raise
made after a deliberate exposure is cut to a call, is each club's rule.

Each event carries `_actions_before` (how many actions of the log came before it, set when the
timeline is read); the facts are worked out for the event's own seat.
"""
from __future__ import annotations

import math

from ruling_engine.facts.replay import hand_of
from ruling_engine.numbers import whole


def _later_steps(data: dict, event: dict) -> list | None:
    """The steps (replayed actions) of the event's seat that came after the event, in order."""
    seat, before = event.get("seat"), event.get("_actions_before")
    if not isinstance(seat, int) or before is None or not data.get("actions"):
        return None
    return [s for s in hand_of(data).steps if s.index >= before and s.seat == seat]


def _chips(steps) -> float | None:
    if any(isinstance(s.delta, float) and math.isnan(s.delta) for s in steps):
        return None                   # an amount nobody saw: not stated
    return whole(sum(s.delta for s in steps))


def _facts_for(prefix: str, data: dict, event: dict) -> dict:
    steps = _later_steps(data, event)
    if steps is None:
        return {}
    out = {f"{prefix}.acted_after": bool(steps)}
    chips = _chips(steps)
    if chips is not None:
        out[f"{prefix}.chips_after"] = chips
    raises = [s for s in steps if s.kind in ("bet", "raise")]
    out[f"{prefix}.raised_after"] = bool(raises)
    if raises:
        first = raises[0]
        called = first.bet_before - (first.total - first.delta)      # what calling needed then
        out[f"{prefix}.raise_after_total"] = whole(first.total)
        out[f"{prefix}.call_at_raise_after"] = whole(max(0, called))
        out[f"{prefix}.raise_after_call_total"] = whole(first.bet_before)
        out[f"{prefix}.raise_after_excess"] = whole(first.total - first.bet_before)
    return out


def _exposure_facts(data: dict, event: dict) -> dict:
    """After a player exposed a card: his seat, the first other player who folded after it, and
    whether the betting round would be complete if the exposer's next bet or raise were a call."""
    seat, before = event["seat"], event.get("_actions_before")
    out = {"card_exposed.seat": seat}
    if before is None or not data.get("actions"):
        return out
    hand = hand_of(data)
    earlier = [s for s in hand.steps if s.index < before and s.seat == seat]
    out["card_exposed.raised_before"] = bool(earlier) and earlier[-1].kind in ("bet", "raise")
    later = [s for s in hand.steps if s.index >= before]
    folds = [s for s in later if s.kind == "fold" and s.seat != seat]
    if folds:
        out["card_exposed.folded_after_seat"] = folds[0].seat
    raises = [s for s in later if s.seat == seat and s.kind in ("bet", "raise")]
    if raises:
        first = raises[0]
        after = [s for s in later if s.index > first.index and s.street == first.street]
        end = hand.views[-1]
        others = [x for x in end.in_hand if x != seat]
        if not any(s.kind in ("bet", "raise") for s in after) and end.street == first.street:
            out["card_exposed.round_complete_if_called"] = all(
                end.round_in.get(x, 0) == first.bet_before or end.stacks.get(x, 0) == 0 for x in others) \
                and all(any(s.seat == x for s in hand.steps if s.street == first.street) for x in others)
    return out


def _owner_folded(data: dict, event: dict) -> bool:
    """Whether the player whose card was exposed had already folded: `folded: true` in the header,
    or his fold comes before the card_exposed entry in the timeline (a folded hand is not live)."""
    seat, before = event.get("seat"), event.get("_actions_before")
    if not isinstance(seat, int):
        return False
    if any(p["seat"] == seat and p.get("folded") for p in data["players"]):
        return True
    if before is None or not data.get("actions"):
        return False
    return any(s.kind == "fold" and s.seat == seat and s.index < before for s in hand_of(data).steps)


def _time_called(data: dict, event: dict) -> dict:
    """Whether the dealer or the floor called time on the clocked player (a `said:` entry of kind
    time, or words that say "time") after the clock and before his next action."""
    from ruling_engine.facts.sequence import said_kind
    entries, start = data.get("_entries"), event.get("_entry")
    if entries is None or start is None:
        return {}
    for entry in entries[start + 1:]:
        if entry.get("entry") == "action" and entry.get("seat") == event["seat"]:
            break
        if entry.get("entry") == "said" and entry.get("by") in ("dealer", "floor") and said_kind(entry) == "time":
            return {"clock_called.time_called": True}
    return {"clock_called.time_called": False}


def _next_facing(data: dict, index: int) -> dict:
    """After a bet or raise (the action in question): the next player still in the hand who has to
    act on it, in the round's order of play, and what he has to call. The order is the order in
    which the players first acted on the round (no button needed)."""
    hand = hand_of(data)
    after = hand.steps_after(index - 1)
    step = after[0] if after and after[0].index == index else None
    if step is None or step.kind not in ("bet", "raise"):
        return {}
    street = hand.street_steps(step.street)
    # each seat in the order it first acted on the round, and the last action it took there
    order, last_index = hand.once(("seats in order", step.street), lambda: (
        list(dict.fromkeys(s.seat for s in street)), {s.seat: s.index for s in street}))
    end = hand.views[-1]
    acted_since = {seat for seat, last in last_index.items() if last > index}
    start = order.index(step.seat)
    for seat in order[start + 1:] + order[:start]:
        if seat in end.in_hand and seat not in acted_since and end.stacks.get(seat, 0) > 0:
            call = step.total - end.round_in.get(seat, 0)
            return {"action.next_facing_seat": seat, "action.next_facing_call": whole(max(0, call))}
    return {}


def event_order_facts(data: dict, index: int | None = None) -> dict:
    """The after-the-event facts of the point's conduct, card_exposed and clock_called events (the
    last of each kind with a seat, which is the point's own when the point is one), and whether the
    exposed card's owner had folded before it (false when no card_exposed names a seat); and for the
    action in question, whether its player had deliberately exposed a card before it, and who
    must act on it next."""
    facts = {}
    for kind, prefix in (("conduct", "conduct"), ("card_exposed", "card_exposed"), ("clock_called", "clock_called")):
        events = [e for e in data.get("events", []) if e["event"] == kind and isinstance(e.get("seat"), int)]
        if kind == "card_exposed" and any(e["event"] == kind for e in data.get("events", [])):
            facts["card_exposed.owner_folded"] = bool(events) and _owner_folded(data, events[-1])
        if events:
            facts.update(_facts_for(prefix, data, events[-1]))
            if kind == "card_exposed":
                facts.update(_exposure_facts(data, events[-1]))
            if kind == "clock_called":
                facts.update(_time_called(data, events[-1]))
    left = [e for e in data.get("events", []) if e["event"] == "player_away" and isinstance(e.get("seat"), int)]
    if left:
        # what the absent player put in by actions after he was seen away (a hand that died when
        # he left takes it back, where a club says so)
        steps = _later_steps(data, left[-1])
        chips = _chips(steps) if steps is not None else None
        if chips is not None:
            facts["player_away.chips_after"] = chips
    away = [e for e in data.get("events", []) if e["event"] == "player_away" and e.get("since_start")]
    start = data["game"].get("starting_stack")
    if away and isinstance(start, (int, float)):
        player = next((p for p in data["players"] if p["seat"] == away[-1].get("seat")), None)
        if player and isinstance(player.get("stack"), (int, float)) and player["stack"] == player["stack"]:
            facts["player_away.blinds_so_far"] = whole(max(0, start - player["stack"]))
    if index is not None and data.get("actions"):
        seat = data["actions"][index]["seat"]
        facts["action.after_own_exposure"] = any(
            e["event"] == "card_exposed" and e.get("seat") == seat and e.get("by") == "player"
            and e.get("deliberate") and e.get("_actions_before", index + 1) <= index
            for e in data.get("events", []))
        facts.update(_next_facing(data, index))
    return facts


def hidden_chips_result_facts(data: dict, facts: dict) -> dict:
    """Chips found hidden after a called all-in: whether their owner lost the hand (no chips left
    on the table and not among the winners the cards read), so that they cannot save him."""
    seat = facts.get("chips_hidden.seat")
    if not isinstance(seat, int) or not facts.get("chips_hidden.after_all_in_call") or "winning_seats" not in facts:
        return {}
    import re
    winners = {int(n) for n in re.findall(r"\d+", str(facts["winning_seats"]))}
    left = hand_of(data).views[-1].stacks.get(seat)
    return {"chips_hidden.owner_lost": seat not in winners and left == 0}
