"""What the floor does now, read from the corrected hand: the chips each correction moves, who
must add chips or fold, whose hands are live, who acts next with what to call and what he may do.

Plain numbers and seats (rendered by render/output.py); nothing here is a club's rule.
"""
from __future__ import annotations

from ruling_engine.numbers import tidy as whole


def now_of(corrected, button=None) -> dict:
    """The structured 'Now' of one club's answer."""
    if corrected.void:
        return {"void": True, "moves": [], "owes": [], "next": None, "then": [], "live": [], "dead": sorted(corrected.dead),
                "restricted": []}
    moves = [{"seat": seat, "add": whole(amount), "total": whole(corrected.round_in.get(seat, 0))} if amount > 0
             else {"seat": seat, "back": whole(-amount)}
             for seat, amount in sorted(corrected.changed.items()) if amount]
    owes = [{"seat": seat, "add": whole(corrected.to_call(seat)), "options": corrected.options(seat)}
            for seat in sorted(corrected.owes) if seat in corrected.live]
    seat = corrected.next_to_act(button)
    nxt = None
    if seat is not None:
        options = corrected.options(seat)
        nxt = {"seat": seat, "call": whole(corrected.to_call(seat)), "options": options,
               "total": whole(corrected.current_bet)}
        if options in ("call-raise-fold", "check-or-bet"):
            nxt["min_raise_to"] = whole(corrected.min_raise_to)
    then = [{"seat": s, "call": whole(corrected.to_call(s)), "options": corrected.options(s)}
            for s in corrected.to_act(button)[1:]]
    return {"void": False, "then": then, "moves": moves, "owes": owes, "next": nxt, "live": sorted(corrected.live),
            "dead": sorted(s for s in corrected.dead if s not in corrected.live),
            "restricted": sorted(s for s in corrected.restricted if s in corrected.live)}
