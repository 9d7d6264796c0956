"""What the floor does now, read from the corrected hand: the chips each correction moves, who
must add chips or fold, whose hands are live, who acts next with what to call and what he may do,
and whether the betting round is complete (never while a live player's chips on it are an amount
nobody saw and no ruling has settled: the round goes on once they are in).

Plain numbers and seats (rendered by render/output.py); nothing here is a club's rule.
"""
from __future__ import annotations

import math

from ruling_engine.facts.hand import BETTING, STUD_BETTING
from ruling_engine.numbers import tidy as whole


def now_of(corrected, button=None) -> dict:
    """The structured 'Now' of one club's answer."""
    base = {"void": corrected.void, "moves": [], "owes": [], "next": None, "then": [], "round_complete": False,
            "street": corrected.street, "live": [], "dead": sorted(corrected.dead), "restricted": []}
    if corrected.void:
        return base
    seat = corrected.next_to_act(button)
    nxt = None
    if seat is not None:
        options = corrected.options(seat)
        street, total = corrected.street, corrected.current_bet
        if seat in corrected.behind_on():
            street = corrected.behind_on()[seat][0]
            total = max(v for s, v in corrected.by_street[street].items() if s in corrected.live)
        nxt = {"seat": seat, "call": whole(corrected.to_call(seat)), "options": options,
               "total": whole(total), "street": street}
        if options in ("call-raise-fold", "check-or-bet"):
            nxt["min_raise_to"] = whole(corrected.min_raise_to if street == corrected.street
                                        else total + max(corrected.big_blind, nxt["call"]))
            most = corrected.round_in.get(seat, 0) + corrected.stacks.get(seat, 0)
            if street == corrected.street and math.isfinite(most) and most < nxt["min_raise_to"]:
                nxt["all_in_to"] = whole(most)     # all he has is short of a full raise: all in is his raise
                del nxt["min_raise_to"]
    unsettled = sorted(s for s in corrected.live if not math.isfinite(corrected.round_in.get(s, 0)))
    complete = nxt is None and corrected.cards_out and len(corrected.live) > 1 and not unsettled and \
        corrected.street in BETTING + STUD_BETTING
    return {**base,
            "moves": [_moved(corrected, s, amount) for s, amount in sorted(corrected.changed.items()) if amount],
            "owes": [{"seat": s, "add": whole(corrected.to_call(s)), "options": corrected.options(s)}
                     for s in sorted(corrected.owes) if s in corrected.live],
            "next": nxt,
            "then": [{"seat": s, "call": whole(corrected.to_call(s)), "options": corrected.options(s)}
                     for s in corrected.to_act(button)[1:]],
            "round_complete": bool(complete),
            "unsettled": unsettled,
            "held": [{"seat": h.seat, "call_total": whole(h.call_total), "text": h.text()} for h in corrected.held],
            "moot": [{"seat": seat, "text": f"the ruling on {later[0]} ({later[1]}; {', '.join(later[2])}) does not "
                      f"apply: seat {seat}'s hand is dead under the ruling on {kill[0]} ({', '.join(kill[2])})"}
                     for seat, kill, later in corrected.moot],
            "live": sorted(corrected.live),
            "dead": sorted(s for s in corrected.dead if s not in corrected.live and s in corrected.had_hand),
            "restricted": sorted(s for s in corrected.restricted if s in corrected.live)}


def _moved(corrected, seat, amount) -> dict:
    """One seat's chips moved by the corrections, with the round they were moved on and his total there."""
    street = corrected.moved_on.get(seat, corrected.street)
    if amount < 0:
        return {"seat": seat, "back": whole(-amount), "street": street}
    return {"seat": seat, "add": whole(amount), "street": street,
            "total": whole(corrected.by_street.get(street, {}).get(seat, 0))}
