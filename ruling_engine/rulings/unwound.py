"""A paid re-entry the club's ruling voids, undone in money: the chips it bought come off the table
and the money paid for it goes back to the player (issue V704, class 4: voided acts unwound).

Arithmetic on one club's answer, not a clause: the club's ruling says the player is out (a settled
`player-out` on a seat that asked to buy back in after losing all his chips); what he holds when
the hand is over (his stack in the corrected hand, plus what the money lines give him) is removed,
and each re-buy payment the timeline records for him is handed back.
"""
from __future__ import annotations

from ruling_engine.model import UNSETTLED
from ruling_engine.numbers import tidy

GIVES_CHIPS = ("pot-awarded", "return-chips")


def _reentered(data: dict) -> dict:
    """Seat -> the re-buy money the timeline records after his request to buy back in with no chips
    left (a payment names no payer: it is his when his is the only such request)."""
    events = data.get("events") or []
    asked = [e for e in events if e.get("event") == "rebuy_request" and e.get("chips") == 0
             and e.get("kind", "re-buy") == "re-buy"]
    if len(asked) != 1:
        return {}
    paid = [e.get("amount") for e in events[events.index(asked[0]):]
            if e.get("event") == "money_paid_in" and e.get("kind") == "re-buy"]
    return {asked[0]["seat"]: [a for a in paid if isinstance(a, (int, float))]}


def voided_entries(data: dict, rulings: list, money: list, stacks: dict) -> list:
    """Money lines undoing each re-entry a settled ruling of this club voids: `chips-removed` (the
    chips he holds once the hand's money lines are done) and `chips-back` of what he paid, to him."""
    out_seats = {e.get("seat") for r in rulings if r.basis not in UNSETTLED for e in r.effects
                 if e.get("effect") == "player-out"}
    lines = []
    for seat, paid in sorted(_reentered(data).items()):
        if seat not in out_seats:
            continue
        held = stacks.get(seat, 0) + sum(e.get("amount") or 0 for e in money
                                        if e.get("effect") in GIVES_CHIPS and e.get("seat") == seat)
        if held > 0:
            lines.append({"effect": "chips-removed", "seat": seat, "amount": tidy(held)})
        lines += [{"effect": "chips-back", "seat": None, "amount": tidy(amount), "to": [seat], "paid_in": True}
                  for amount in paid]
    return lines
