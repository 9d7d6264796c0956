"""Replaying the action log into amounts: what each player has in, the bet to call, who is left.

This is arithmetic, not rule-reading: it knows no club's definitions. What an amount *amounts to*
(an undercall, a raise, substantial action) is decided by the clubs' rules.
"""
from __future__ import annotations

import re

from ruling_engine.facts.hand import BettingState, classify, clockwise_from, replay_timeline  # noqa: F401
from ruling_engine.facts.hand import action_delta as _action_delta
from ruling_engine.incident.said import read_said
from ruling_engine.patterns import on_first_use

STREETS = ("preflop", "flop", "turn", "river")
TERMS = ("call", "check", "bet", "raise", "fold", "all-in", "pot")
_SAID = on_first_use(r"^\s*(?P<term>[a-z-]+)?\s*,?\s*[£$]?(?P<amount>\d+(?:\.\d+)?)?\s*$", re.I)


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


def hand_of(data: dict):
    """The replayed hand of an incident as the facts read it (replayed once, kept with it), or of
    a validated incident's data (replayed now)."""
    hand = data.get("_hand")
    if hand is None:
        from ruling_engine.facts.timeline import read_timeline
        hand = read_timeline(data).hand if "timeline" in data else replay_timeline(data, parse_said)
    return hand


def once_per_hand(data: dict, key, build):
    """What `build()` gives, worked out once per replayed hand (Hand.once): every point of an
    incident reads the same hand. Without a replayed hand beside the data, worked out now."""
    hand = data.get("_hand")
    return build() if hand is None else hand.once(key, build)


def replay(data: dict, upto: int) -> BettingState:
    """The betting state just before action `upto` of the action log (after all, when it is the
    log's length): a snapshot of the one replay of the timeline."""
    return hand_of(data).replay(upto)


def total_in(data: dict) -> dict:
    """What each seat put into the pot over the whole hand (blinds included)."""
    return hand_of(data).total_in()


def action_delta(action: dict, state) -> float:
    return _action_delta(action, state, parse_said)
