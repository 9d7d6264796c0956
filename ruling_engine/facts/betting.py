"""Betting arithmetic on top of the replay: full raises, minimum raises, all-ins for less, what
each player who has acted faces since, side pots, uncalled bets and the pot-limit maximum.

Neutral numbers only: what an amount *amounts to* under a club (a raise that reopens the betting,
a short raise ruled a call) is decided by that club's rules. The replay (replay.py) is the single
source of who put in what; this module replays prefixes of the action log with it and keeps the
extra book-keeping a floor person does in his head: the size of the last full bet or raise, and
the bet each player last acted on.
"""
from __future__ import annotations

import math

from ruling_engine.facts.hand import Step, TableView  # noqa: F401  (re-exported: the betting view)
from ruling_engine.facts.hand import largest_bet_or_raise as largest_raise_made
from ruling_engine.numbers import whole
from ruling_engine.records import dataclass
from ruling_engine.facts.replay import STREETS, clockwise_from, hand_of, parse_said

LATER = {**{street: index for index, street in enumerate(STREETS)},
         **{street: index for index, street in enumerate(("third-street", "fourth-street", "fifth-street",
                                                          "sixth-street", "seventh-street"))},
         "deal": -1, "showdown": 9, "hand-over": 10}     # how far along a hand each street is


def walk(data: dict, upto: int | None = None) -> TableView:
    """The table before action `upto` (after every action when None): a snapshot of the one replay."""
    return hand_of(data).walk(upto)


# -- side pots and the uncalled bet ------------------------------------------------------------------


@dataclass(frozen=True)
class Pot:
    amount: float
    seats: tuple            # the live seats eligible to win it


def pots(view: TableView) -> tuple[list, int | None, float]:
    """(pots from the main pot up, seat whose bet was not called, the amount returned to him).

    Each all-in level of a live player closes a pot: every chip up to that level from every
    player (folded players' chips are dead money in the pots they reached), eligible to the live
    players who put in at least that much. Chips in the middle before the recorded streets go to
    the main pot. The part of the largest bet that nobody still able to act has matched goes back.
    """
    contributed = {s: v for s, v in view.contributed.items() if v > 0}
    live = [s for s in view.in_hand]
    returned_seat, returned = None, 0
    if contributed:
        top_seat = max(contributed, key=contributed.get)
        others = [v for s, v in contributed.items() if s != top_seat]
        second = max(others, default=0)
        rest_all_in = all(view.stacks.get(s, 0) == 0 for s in live if s != top_seat)
        if top_seat in live and contributed[top_seat] > second and rest_all_in:
            returned_seat, returned = top_seat, contributed[top_seat] - second
            contributed[top_seat] = second
    levels = sorted({contributed.get(s, 0) for s in live if view.stacks.get(s, 0) == 0 and contributed.get(s, 0) > 0})
    top = max(contributed.values(), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    out, previous = [], 0
    for level in levels:
        amount = sum(min(v, level) - min(v, previous) for v in contributed.values())
        seats = tuple(sorted(s for s in live if contributed.get(s, 0) >= level))
        if amount > 0 or not out:
            out.append(Pot(whole(amount), seats))
        previous = level
    if out:
        out[0] = Pot(whole(out[0].amount + view.pot_at_start + view.dead_money), out[0].seats)
    out = take_deductions(out, getattr(view, "deducted", 0))
    merged = []                 # pots with the same players are one pot
    for pot in out:
        if merged and merged[-1].seats == pot.seats:
            merged[-1] = Pot(whole(merged[-1].amount + pot.amount), pot.seats)
        else:
            merged.append(pot)
    return merged, returned_seat, whole(returned)


def take_deductions(found: list, deducted: float) -> list:
    """The pots less what a deduction (a rake, a drop) took out of the middle: from the main pot,
    where every chip in the middle was when it was taken, and from the next pot only for what the
    main pot could not give."""
    out = list(found)
    for number, pot in enumerate(out):
        if deducted <= 0:
            break
        take = min(deducted, pot.amount)
        out[number] = Pot(whole(pot.amount - take), pot.seats)
        deducted -= take
    return out


def known_amounts(view: TableView) -> bool:
    """Whether every amount put in is a number: an all-in by a player whose stack the incident
    does not give is of unknown size, and nothing is worked out from it."""
    return all(math.isfinite(v) for v in view.contributed.values())


def finite(facts: dict) -> dict:
    """The facts without amounts that could not be worked out (an all-in of unknown size) and without
    what the incident leaves unsaid (a seat not given)."""
    return {k: v for k, v in facts.items()
            if v is not None and not (isinstance(v, float) and not math.isfinite(v))}


def betting_complete(view: TableView, data: dict) -> bool:
    """Whether nobody is left to act on the round: every player still in with chips has acted and
    matched the bet (a new street not yet bet on, and showdown, count as complete)."""
    if data["street"] == "deal":
        return False
    if data["street"] not in STREETS or not view.round_steps():
        return True
    with_chips = [s for s in view.in_hand if view.stacks.get(s, 0) > 0]
    return all(s in view.acted_at and view.round_in.get(s, 0) == view.current_bet for s in with_chips)


def _seats_text(seats) -> str:
    return ", ".join(str(s) for s in seats)


def _money(value, currency: str) -> str:
    value = whole(value)
    return f"{currency}{value:,}" if isinstance(value, int) else f"{currency}{value:,.2f}"


def pot_facts(data: dict, currency: str = "") -> dict:
    """Side pots (amount and eligible seats per pot) and the uncalled amount, after the whole log.

    Worked out only from an action log whose betting round is complete: no side pot when nobody
    still in the hand is all-in (blinds posted before any action never make a side pot).
    """
    view = walk(data)
    all_in = [s for s in view.in_hand if view.stacks.get(s, 0) == 0 and view.contributed.get(s, 0) > 0]
    facts = {"all_in_players": len(all_in)}
    if not data.get("actions") or not betting_complete(view, data) or not known_amounts(view):
        return facts
    if not all_in:
        facts["side_pot_count"] = 0
        return facts
    found, returned_seat, returned = pots(view)
    facts["side_pot_count"] = max(0, len(found) - 1)
    facts["uncalled_amount"] = returned
    if returned_seat is not None:
        facts["uncalled_seat"] = returned_seat
    names = ["main_pot", "first_side_pot", "second_side_pot", "third_side_pot"]
    for name, pot in zip(names, found):
        facts[name] = pot.amount
        facts[f"{name}_seats"] = _seats_text(pot.seats)
    parts = []
    for number, pot in enumerate(found):
        label = "main pot" if number == 0 else f"side pot {number}"
        parts.append(f"{label} {_money(pot.amount, currency)} (seats {_seats_text(pot.seats)})")
    facts["pots_text"] = "; ".join(parts)
    return facts


# -- the action in question --------------------------------------------------------------------------


def _short_all_in_facts(view: TableView, seat: int, currency: str = "") -> dict:
    """The last all-in for less than a full raise this round that the player has not acted on
    since, what it added, measured against the full raise and against the bet it raised."""
    acted = seat in view.acted_at
    steps = view.round_steps()
    last_own = next((n for n in range(len(steps) - 1, -1, -1) if steps[n].seat == seat), -1)
    since = [s for s in steps[last_own + 1:] if s.seat != seat]
    short = [s for s in since if s.all_in and s.kind in ("bet", "raise") and not s.full]
    below_call = [s for s in since if s.all_in and s.kind == "call-short"]
    facts = {"acted_this_round": acted,
             "short_all_in_faced": bool(short),
             "all_in_below_call_faced": bool(below_call) and not short}
    if acted:
        level, min_raise = view.acted_at[seat]
        rise = max(0, view.current_bet - level)
        facts["raise_faced_since_action"] = whole(rise)
        facts["full_raise_faced_since_action"] = rise > 0 and rise >= min_raise
    if short:
        last = short[-1]
        facts.update({
            "short_all_in_seat": last.seat,
            "short_all_in_total": last.total,
            "short_all_in_raise_by": last.raise_by,
            "short_all_in_full_raise": last.min_raise_by,
            "short_all_in_fraction_of_raise": round(last.raise_by / last.min_raise_by, 4) if last.min_raise_by else 0,
            "raise_after_short_all_in": any(s.full for s in since if s.index > last.index),
        })
        if last.bet_before:          # an all-in opening bet raised no bet: no such fraction
            facts["short_all_in_fraction_of_bet"] = round(last.raise_by / last.bet_before, 4)
        # whether he acted on the bet that all-in raised (the last full bet or raise before it; a
        # short all-in between raises no bet to act on), not only earlier in the round (a check
        # before the bet was made): whom "a player who has already acted" names (e17/specific)
        full = [s.total for s in steps if s.index < last.index and s.kind in ("bet", "raise") and s.full]
        base = full[-1] if full else last.bet_before
        facts["acted_on_bet_raised"] = acted and base > 0 and view.acted_at[seat][0] >= base
        # the short all-ins since that bet counted together: what they added over it, against it
        # (two all-ins for less, 1,000 to 1,600 to 2,100, add 1,100 over the bet of 1,000); with
        # one short all-in these are its own raise and fraction
        if base > 0 and last.total > base:
            facts["short_all_ins_bet"] = whole(base)
            facts["short_all_ins_added"] = whole(last.total - base)
            facts["short_all_ins_count"] = sum(1 for s in short if s.total > base)
            facts["short_all_ins_fraction_of_bet"] = round((last.total - base) / base, 4)
    facing = {s: v for s, v in view.facing_since_action().items() if v[0] > 0 and math.isfinite(v[0])}
    if facing:
        facts["acted_players_facing"] = "; ".join(
            f"seat {s} faces {_money(rise, currency)} more since he acted "
            f"({'a full raise' if full else 'less than a full raise'})"
            for s, (rise, full) in sorted(facing.items()))
    return facts


def largest_bet_or_raise(view: TableView) -> float:
    """The largest bet or raise made on the round before this point (facts/hand.py
    largest_bet_or_raise), read from the replayed round."""
    return largest_raise_made((s.raise_by for s in view.round_steps()), view.last_full_bet)


def action_betting_facts(data: dict, index: int, currency: str = "") -> dict:
    """The betting arithmetic of the action in question (index into the action log)."""
    view = walk(data, index)
    after = walk(data, index + 1)
    if not known_amounts(after):
        return _unknown_amount_facts(data, index, view, currency)
    action = data["actions"][index]
    seat = action["seat"]
    step = after.steps[-1]
    term = (parse_said(action.get("said")) or ("none", None))[0]
    structure_pl = data["game"].get("variant") in ("PLO", "PLHE")
    raise_by = step.raise_by
    min_raise_by = view.min_raise_by
    facts = {
        "last_full_bet_size": whole(view.last_full_bet),
        "largest_bet_or_raise": whole(largest_bet_or_raise(view)),
        "min_raise_by": whole(min_raise_by),
        "min_raise_to": whole(view.min_raise_to),
        "action.round_total": step.total,
        "action.raise_by": raise_by,
        "action.raise_fraction": round(raise_by / min_raise_by, 4) if min_raise_by else 0,
        "action.raises": raise_by > 0 or term in ("bet", "raise"),
        "action.below_minimum": 0 < raise_by < min_raise_by and not step.all_in,
        "action.short_all_in_raise": step.all_in and 0 < raise_by < min_raise_by,
        "raise_below_big_blind": 0 < raise_by < view.big_blind,
        "min_raise_shortfall": whole(max(0, view.min_raise_to - step.total)),
        "later_street_reached": LATER.get(data["street"], 0) > LATER.get(step.street, 0),
    }
    later = hand_of(data).steps_after(index)
    facts["actions_after"] = sum(1 for s in later if s.in_turn)
    facts["actions_after_with_chips"] = sum(1 for s in later if s.in_turn and s.delta > 0)
    facts.update(_short_all_in_facts(view, seat, currency))
    button = data.get("button")
    if view.street == "preflop" and button is not None and view.big_blind and len(data["players"]) >= 2:
        seats = [p["seat"] for p in data["players"]]
        order = clockwise_from(seats, button)
        bb_seat = order[0] if len(seats) == 2 else order[1]
        facts["big_blind_option"] = (seat == bb_seat and seat not in view.acted_at
                                     and view.current_bet == view.big_blind)
    if structure_pl:
        most = view.pot_limit_max_to(seat)
        facts["pot_limit_max_to"] = whole(most)
        facts["action.over_pot_limit"] = step.total > most
        facts["pot_limit_excess"] = whole(max(0, step.total - most))
        facts["pot_declared_short"] = term == "pot" and step.total < most
    if view.fixed_bet:
        facts.update(_fixed_limit_facts(view, step))
    if term == "all-in" and after.stacks.get(seat, 0) > 0:
        facts["all_in_chips_behind"] = whole(after.stacks[seat])
    return facts


def _fixed_limit_facts(view: TableView, step) -> dict:
    """A bet or raise in a fixed-limit game against the one size the street allows: the fixed bet
    of the street, the total a bet or raise makes (the fixed bet above the bet, or a bring-in
    completed to it), and whether his total goes over it, with what he puts in to make that
    total and what is over it. Who may do what about it is each club's text."""
    limit_to = view.min_raise_to
    facts = {"limit_bet": whole(view.fixed_bet), "limit_raise_to": whole(limit_to)}
    if step.raise_by > 0 and math.isfinite(step.total):
        before = step.total - step.delta
        facts.update({"action.over_limit": step.total > limit_to,
                      "action.limit_add": whole(max(0, limit_to - before)),
                      "action.limit_excess": whole(max(0, step.total - limit_to))})
    return facts


def _unknown_amount_facts(data: dict, index: int, view: TableView, currency: str = "") -> dict:
    """The action in question has no amount yet ("raise" said, nothing put out): what the table
    stood at before it still holds — the minimum raise, what the player faces since he last acted,
    whether he declared a bet or raise. Nothing that depends on the amount is stated."""
    if not known_amounts(view):
        return {}
    action = data["actions"][index]
    term = (parse_said(action.get("said")) or ("none", None))[0]
    facts = {
        "last_full_bet_size": whole(view.last_full_bet),
        "largest_bet_or_raise": whole(largest_bet_or_raise(view)),
        "min_raise_by": whole(view.min_raise_by),
        "min_raise_to": whole(view.min_raise_to),
        "action.raises": term in ("bet", "raise"),
    }
    facts.update(_short_all_in_facts(view, action["seat"], currency))
    return facts


def first_active_facts(data: dict, index: int | None) -> dict:
    """The action in question opens a later betting round: is the first player left of the button
    all-in, and who is the first still able to bet (the one who then acts first)."""
    if index is None or data.get("button") is None:
        return {}
    view = walk(data, index)
    if view.street not in ("flop", "turn", "river") or view.round_steps():
        return {}
    live = view.in_hand
    with_chips = [s for s in live if view.stacks.get(s, 0) > 0]
    if not live or len(with_chips) < 2:
        return {}
    first = clockwise_from(live, data["button"])[0]
    return {"first_to_act_all_in": view.stacks.get(first, 0) == 0,
            "first_active_seat": clockwise_from(with_chips, data["button"])[0]}
