"""Replaying the action log into amounts: what each player has in, the bet to call, who is left.

This is arithmetic, not rule-reading: it knows no club's definitions. What an amount *amounts to*
(an undercall, a raise, substantial action) is decided by the clubs' rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling_engine.numbers import whole
from ruling_engine.incident.said import read_said

STREETS = ("preflop", "flop", "turn", "river")
TERMS = ("call", "check", "bet", "raise", "fold", "all-in", "pot")
_SAID = re.compile(r"^\s*(?P<term>[a-z-]+)?\s*,?\s*[£$]?(?P<amount>\d+(?:\.\d+)?)?\s*$", re.I)


def parse_said(said: str | None):
    """Split what was said into (official term or 'amount-only' or 'none', amount or None).

    Returns None when the words are not an official term and/or an amount.
    """
    if said is None or not str(said).strip():
        return "none", None
    match = _SAID.match(str(said))
    if not match or (match.group("term") and match.group("term").lower().replace("allin", "all-in")
                     not in TERMS):
        return _parse_longer(said)
    term = (match.group("term") or "").lower().replace("allin", "all-in")
    amount = match.group("amount")
    value = float(amount) if amount else None
    if value is not None and value.is_integer():
        value = int(value)
    if not term:
        return ("amount-only", value) if value is not None else None
    if term not in TERMS:
        return None
    return term, value


def _parse_longer(said: str):
    """Wordings the short pattern does not read ("I bet fifty", "raise to 40", "50p"), by said.py;
    an amount said in pence is given in pounds."""
    words = read_said(said)
    if words.unofficial or words.conditional or words.term == "none":
        return None
    amount = words.amount
    if amount is not None and words.unit == "pence":
        amount = amount / 100
    return words.term, amount


def clockwise_from(seats, seat):
    """Seats in dealing order starting after `seat`."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > seat]
    return after + [s for s in ordered if s <= seat]


@dataclass
class BettingState:
    """The state of the hand just before the action in question."""

    street: str
    stacks: dict                     # seat -> chips behind
    round_in: dict                   # seat -> chips put in on this street
    current_bet: float = 0
    bets_this_round: int = 0         # voluntary bets and raises (not the big blind)
    in_hand: list = field(default_factory=list)
    history: list = field(default_factory=list)   # (seat, kind, delta, in_turn) for this street
    largest_raise: float = 0         # largest bet or raise increment this street (big blind pre-flop)
    all_history: list = field(default_factory=list)

    def to_call(self, seat) -> float:
        return max(0, min(self.current_bet - self.round_in.get(seat, 0), self.stacks.get(seat, 0)))


def action_delta(action: dict, state: BettingState) -> float:
    """Chips this action adds to the pot, from total, chips or words (in that order)."""
    seat = action["seat"]
    if "total" in action:
        return max(0, action["total"] - state.round_in.get(seat, 0))
    if "chips" in action:
        return sum(action["chips"])
    term, amount = parse_said(action.get("said")) or ("none", None)
    if term == "call":
        return state.to_call(seat)
    if term == "all-in":
        return state.stacks.get(seat, 0)
    if term in ("bet", "amount-only") and amount is not None:
        return amount
    return 0


def classify(delta, before_bet, seat, state) -> str:
    term_total = state.round_in.get(seat, 0) + delta
    if delta == 0:
        return "check" if before_bet <= state.round_in.get(seat, 0) else "none"
    if term_total > before_bet:
        return "bet" if before_bet == 0 else "raise"
    if term_total < before_bet and state.stacks.get(seat, 0) > delta:
        return "short"
    return "call"


def replay(incident: dict, upto: int) -> BettingState:
    """Replay actions [0, upto) of the incident; blinds are posted pre-flop when known."""
    players = incident["players"]
    seats = [p["seat"] for p in players]
    stacks = {p["seat"]: p.get("stack", float("inf")) for p in players}
    actions = incident.get("actions", [])
    default_street = incident["street"] if incident["street"] in STREETS else "preflop"
    target_street = (actions[upto].get("street", default_street) if upto < len(actions)
                     else default_street)
    state = BettingState(street="preflop", stacks=stacks, round_in={s: 0 for s in seats},
                         in_hand=list(seats))
    blinds = incident["game"].get("blinds")
    button = incident.get("button")
    if blinds and button is not None and len(seats) >= 2:
        order = clockwise_from(seats, button)
        sb, bb = (button, order[0]) if len(seats) == 2 else (order[0], order[1])
        for seat, amount in ((sb, blinds[0]), (bb, blinds[-1])):
            posted = min(amount, stacks[seat])
            state.round_in[seat] += posted
            stacks[seat] -= posted
        state.current_bet = blinds[-1]
        state.largest_raise = blinds[-1]
    for index, action in enumerate(actions[:upto]):
        street = action.get("street", default_street)
        if street != state.street:
            state.street = street
            state.round_in = {s: 0 for s in seats}
            state.current_bet = 0
            state.bets_this_round = 0
            state.largest_raise = blinds[-1] if blinds else 0
            state.history = []
        seat = action["seat"]
        term, _ = parse_said(action.get("said")) or ("none", None)
        if term == "fold":
            if seat in state.in_hand:
                state.in_hand.remove(seat)
            state.history.append((seat, "fold", 0, action.get("in_turn", True)))
            state.all_history.append((street, seat, "fold", 0, action.get("in_turn", True)))
            continue
        delta = min(action_delta(action, state), stacks[seat])
        kind = classify(delta, state.current_bet, seat, state)
        if kind in ("bet", "raise"):
            state.bets_this_round += 1
            state.largest_raise = max(state.largest_raise,
                                      state.round_in[seat] + delta - state.current_bet)
        state.round_in[seat] += delta
        stacks[seat] -= delta
        state.current_bet = max(state.current_bet, state.round_in[seat])
        state.history.append((seat, kind, delta, action.get("in_turn", True)))
        state.all_history.append((street, seat, kind, delta, action.get("in_turn", True)))
    if target_street != state.street:
        state.street = target_street
        state.round_in = {s: 0 for s in seats}
        state.current_bet = 0
        state.bets_this_round = 0
        state.largest_raise = blinds[-1] if blinds else 0
        state.history = []
    state.stacks = {s: whole(v) for s, v in stacks.items()}
    return state


def total_in(incident: dict) -> dict:
    """What each seat put into the pot over the whole hand (blinds included), from the action log."""
    actions = incident.get("actions", [])
    state = replay(incident, len(actions))
    totals = {p["seat"]: 0 for p in incident["players"]}
    blinds = incident["game"].get("blinds")
    button = incident.get("button")
    seats = list(totals)
    if blinds and button is not None and len(seats) >= 2:
        order = clockwise_from(seats, button)
        sb, bb = (button, order[0]) if len(seats) == 2 else (order[0], order[1])
        stacks = {p["seat"]: p.get("stack", float("inf")) for p in incident["players"]}
        for seat, amount in ((sb, blinds[0]), (bb, blinds[-1])):
            totals[seat] += min(amount, stacks[seat])
    for _street, seat, _kind, delta, _in_turn in state.all_history:
        totals[seat] += delta
    return {s: whole(v) for s, v in totals.items()}
