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


def event_order_facts(data: dict) -> dict:
    """The after-the-event facts of the point's conduct, card_exposed and clock_called events (the
    last of each kind with a seat, which is the point's own when the point is one)."""
    facts = {}
    for kind, prefix in (("conduct", "conduct"), ("card_exposed", "card_exposed"), ("clock_called", "clock_called")):
        events = [e for e in data.get("events", []) if e["event"] == kind and isinstance(e.get("seat"), int)]
        if events:
            facts.update(_facts_for(prefix, data, events[-1]))
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
