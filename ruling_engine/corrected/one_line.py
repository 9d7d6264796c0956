"""Each chip movement said once, where the floor acts on it (issue 20, e26/money-lines).

The Now (corrected/now.py) and the pot section (rulings/settlement.py) are read from the same
corrected hand, and each can describe the same chips: a seat's chips given back in the Now, and in
the pot the seat that was handed them giving them back to him; a dead hand's chips said to stay in
the pot while a correction gives some back. This module ties the two together:
- `handed_back`: a Now line giving a seat chips back that the pot section says another seat holds
  (he was handed them: `chips-back ... to`) names that seat as the one who gives them back, and the
  pot section's line for the same chips is then left out (`said_in_now`);
- `dead_in`: what each dead hand still has in the middle after the corrections, so the Now says
  what stays in the pot, never that chips stay which a correction gave back.

Plain numbers and seats; nothing here is a club's rule.
"""
from __future__ import annotations

import math

from ruling_engine.numbers import tidy as whole

EPSILON = 1e-9


def handed_back(now: dict, settlement: list) -> dict:
    """The Now with each seat's chips back that another seat was handed marked `from` that seat
    (and `handed`: how much he gives back): only where the pot section's `chips-back` to those
    seats is exactly what the Now gives them back, so that one line says it all."""
    if not now or not settlement:
        return now
    backs = {m["seat"]: m["back"] for m in now.get("moves", []) if "back" in m and "from" not in m}
    marked = {}
    for entry in settlement:
        to = entry.get("to") or []
        if entry.get("effect") != "chips-back" or not to or not all(s in backs for s in to):
            continue
        if abs(sum(backs[s] for s in to) - entry["amount"]) > EPSILON:
            continue
        for s in to:
            marked[s] = {"from": entry["seat"], "handed": entry["amount"]}
        backs = {s: v for s, v in backs.items() if s not in to}
    if not marked:
        return now
    return {**now, "moves": [{**m, **marked[m["seat"]]} if "back" in m and m["seat"] in marked else m
                             for m in now.get("moves", [])]}


def said_in_now(entry: dict, now: dict) -> bool:
    """Whether a pot-section line is a `chips-back` the Now already says (handed_back)."""
    if entry.get("effect") != "chips-back" or not entry.get("to"):
        return False
    given = [m for m in (now or {}).get("moves", []) if m.get("from") == entry["seat"] and m["seat"] in entry["to"]]
    return bool(given) and abs(sum(m["back"] for m in given) - entry["amount"]) <= EPSILON


def handed_once(settlement: list) -> list:
    """A pot section read without the Now: a seat's chips back (`return-chips`) that another seat
    was handed and gives back to him alone (`chips-back ... to`, the same amount) said once, by the
    line that says who holds them."""
    handed = {(e["to"][0], e["amount"]) for e in settlement
              if e.get("effect") == "chips-back" and len(e.get("to") or []) == 1}
    return [e for e in settlement if not (e.get("effect") == "return-chips"
                                          and (e.get("seat"), e.get("amount")) in handed)]


def dead_in(corrected, dead: list) -> list:
    """[{seat, in}]: what each dead hand has in the middle after the corrections (its chips that
    stay in the pot); a seat whose amount is not a known figure is left out."""
    out = []
    for seat in dead:
        amount = corrected.contributed.get(seat, 0)
        if math.isfinite(amount):
            out.append({"seat": seat, "in": whole(max(0, amount))})
    return out
