"""Who else a ruling touches, in numbers: the first undercaller of a sequence of undercalls, the
player whose turn comes next and what he faces, what an out-of-turn action amounts to now that the
skipped players have acted, whose card was exposed.

Arithmetic on the replay only (no club's reading): a club's rules say what these players must do;
these facts let their do-lines and effects name the seats and the amounts.
"""
from __future__ import annotations

from ruling_engine.numbers import whole
from ruling_engine.facts.betting import walk
from ruling_engine.facts.replay import parse_said, replay
from ruling_engine.facts.turn_order import order_facts


def _first_undercaller_facts(data: dict, index: int) -> dict:
    """Two or more undercalls in a row ending with the action in question: the first of them (his
    seat, the chips he put out, what he still lacks of the call). Nobody bet or raised between
    them, so the bet he faced is the bet the action in question faces."""
    state = replay(data, index)
    streak = []
    for seat, kind, delta, _in_turn in reversed(state.history):
        if kind != "short":
            break
        streak.append((seat, delta))
    if not streak:
        return {}
    seat, chips = streak[-1]
    return {"first_undercaller_seat": seat,
            "first_undercaller_chips": whole(chips),
            "first_undercaller_shortfall": whole(max(0, state.current_bet - state.round_in.get(seat, 0)))}


def _next_to_act_facts(data: dict, facts: dict) -> dict:
    """What the player whose turn it is now faces: the chips he must add to call (no more than he
    has) and whether calling takes all his chips (he cannot raise)."""
    seat = facts.get("next_to_act_seat")
    if seat is None or not data.get("actions"):
        return {}
    view = walk(data)
    if view.street not in ("preflop", "flop", "turn", "river"):
        return {}
    owed = max(0, view.current_bet - view.round_in.get(seat, 0))
    stack = view.stacks.get(seat)
    if stack is None or stack != stack or stack == float("inf"):
        return {}
    actions = data["actions"]
    if actions[-1].get("street", view.street) != view.street:
        # a card dealt before the round of the last action was complete does not start the next
        # round: he faces that round's bet (the all-in still to be called, the bet and its calls)
        order = order_facts(data, len(actions) - 1)
        if order.get("next_to_act_seat") == seat and "_to_call" in order:
            owed = order["_to_call"]
    return {"next_to_act_call": whole(min(owed, stack)),
            "next_to_act_all_in_to_call": owed > 0 and stack <= owed}


def _oot_now_facts(facts: dict) -> dict:
    """The out-of-turn chips measured against the bet now facing the player (the skipped players
    having acted): a bet, a raise, a call, or short of a call."""
    if "oot_amount" not in facts or "oot_call_now" not in facts or "oot_bet_now" not in facts:
        return {}
    amount, call, bet = facts["oot_amount"], facts["oot_call_now"], facts["oot_bet_now"]
    if facts.get("oot_kind") in ("fold", "check") and amount == 0:
        return {"oot_kind_now": facts["oot_kind"]}
    if bet == 0:
        kind = "bet" if amount > 0 else "check"
    elif amount > call:
        kind = "raise"
    elif amount == call:
        kind = "call"
    else:
        kind = "short"
    return {"oot_kind_now": kind}


def _own_exposure_facts(data: dict, index: int) -> dict:
    """Cards the acting player himself exposed during play before this action (the timeline's
    order): how many, and whether any exposure was deliberate."""
    action = data["actions"][index]
    at = action.get("_entry")
    if at is None:
        return {}
    before = [e for e in data.get("events", []) if e["event"] == "card_exposed" and e.get("seat") == action["seat"]
              and e.get("by") == "player" and e.get("during") == "play" and e.get("_entry", at) < at]
    return {"action.own_cards_exposed_before": sum(e.get("count", 1) for e in before),
            "action.own_exposure_deliberate": any(e.get("deliberate", False) for e in before)}


def _declared_raise_facts(data: dict, index: int, facts: dict) -> dict:
    """A raise declared with an amount, no chips yet or the words said before (or with) the chips:
    the amount against the minimum raise, read both ways (as the total bet, as the amount on top);
    which reading holds, and whether words said first define the bet, is each club's rule. Chips
    put out first are the bet's own measure (action.below_minimum), not these. Where the order is not
    known, only the amount read on top is measured (a club that reads it so measures the raise its
    words make, casebook O502), and whether the amount as a total raises the bet at all."""
    if facts.get("action.declared") != "raise" or "action.declared_amount" not in facts:
        return {}
    if facts.get("action.put_out") and facts.get("action.first") not in ("words", "together", None):
        return {}
    unordered = facts.get("action.put_out") and facts.get("action.first") is None
    state = replay(data, index)
    seat = data["actions"][index]["seat"]
    amount, bet, full = facts["action.declared_amount"], state.current_bet, state.largest_raise
    if not full:
        return {}
    # the amount read as a total, and the chips out with it, raise nothing: at or below the bet he
    # faces (casebook Z402: "raise, twelve hundred" and 1,200 over a 1,500 bet). Never a raise to it.
    under = {"declared_raise_not_over_bet": bet > 0 and amount <= bet
             and (not facts.get("action.put_out") or facts.get("action.round_total", 0) <= bet)}
    if unordered:
        return {"declared_increment_meets_minimum": amount >= full, **under}
    return {**under, "declared_total_below_minimum": bet < amount < bet + full,
            "declared_total_min_raise_add": whole(max(0, bet + full - state.round_in.get(seat, 0))),
            "declared_increment_meets_minimum": amount >= full,
            # chips out beyond the minimum raise, the words said first (0 with no chips out)
            "declared_total_min_raise_excess": whole(max(0, facts.get("action.round_total", 0) - (bet + full)))
            if facts.get("action.put_out") else 0}


def _bare_amount_facts(data: dict, index: int, facts: dict) -> dict:
    """A bare amount said ("five") facing a bet with no chips put out: the amount read as the
    player's total for the round, measured as chips of that amount would be (how far past the call,
    as a fraction of a full raise). Whether the words are that amount, a call, or nothing, is each
    club's declaration clause's question; these facts only measure the number."""
    if facts.get("action.declared") != "amount-only" or "action.declared_amount" not in facts:
        return {}
    if facts.get("action.chips", 0) or not facts.get("facing_bet"):
        return {}
    state = replay(data, index)
    amount, bet, full = facts["action.declared_amount"], state.current_bet, state.largest_raise
    if not full:
        return {}
    over = amount - bet
    return {"declared_amount_over_call": over > 0,
            "declared_amount_is_call": over == 0,
            "declared_amount_raise_fraction": round(over / full, 4) if over > 0 else 0,
            "declared_amount_meets_minimum": amount >= bet + full}


def _away_player_returned_facts(data: dict) -> dict:
    """A player away from his seat during the hand who acted again later in the timeline: what his
    last action after the event was, and his total for the round with it."""
    events = [e for e in data.get("events", []) if e["event"] == "player_away" and "_entry" in e]
    if not events or not data.get("actions"):
        return {}
    event = events[-1]
    seat, at = event["seat"], event["_entry"]
    actions = data["actions"]
    later = [s for s in walk(data).steps if s.seat == seat and actions[s.index].get("_entry", -1) > at]
    if not later:
        return {}
    step = later[-1]
    kind = {"call-short": "call"}.get(step.kind, step.kind)
    return {"player_away.later_action": kind, "player_away.later_total": whole(step.total)}


def _max_bet_facts(data: dict, facts: dict) -> dict:
    """The action in question against the game's largest allowed bet (game.max_bet), read as the
    most one bet or raise may add: a bet of at most the cap, a raise of at most the cap over the bet
    faced (max_bet_to). Whether the action goes over it, what the player puts in to bet the most
    allowed, and what is over it."""
    return max_bet_facts(data["game"].get("max_bet"), facts)


def max_bet_facts(cap, facts: dict) -> dict:
    """The action's facts against a largest allowed bet `cap` (the game's, or the club's own cap on
    its cash game where the incident states none: rulings/rule_on.py club_structure)."""
    if cap is None or "action.round_total" not in facts or "action.chips" not in facts:
        return {}
    total, chips = facts["action.round_total"], facts["action.chips"]
    before = total - chips
    most = facts.get("current_bet", 0) + cap
    return {"max_bet": cap, "action.max_bet_to": whole(most), "action.over_max_bet": total > most,
            "action.max_bet_add": whole(max(0, most - before)),
            "action.max_bet_excess": whole(max(0, total - most))}


def _spoken_call_facts(data: dict, index: int) -> dict:
    """A call spoken in turn with no chips put in (`total: 0`): whether, had the call's chips gone
    in, it would have closed the betting round (every other live player with chips had acted and
    matched the bet, and nobody acted after him on the street) - so a card dealt next came after
    the betting only if the words count as the call."""
    action = data["actions"][index]
    term = (parse_said(action.get("said")) or ("none",))[0]
    view = walk(data, index)
    if term != "call" or view.to_call(action["seat"]) <= 0:
        return {}
    if action.get("chips") or (action.get("total", 0) or 0) > view.round_in.get(action["seat"], 0):
        return {}
    seat = action["seat"]
    others = [s for s in view.in_hand if s != seat and view.stacks.get(s, 0) > 0]
    matched = all(s in view.acted_at and view.round_in.get(s, 0) == view.current_bet for s in others)
    later_same_street = any(a.get("street") == action.get("street") for a in data["actions"][index + 1:])
    return {"action.spoken_call_closes_round": matched and not later_same_street}


def _reopened_facts(data: dict, index: int) -> dict:
    """The players who had acted and now face at least a full raise since (the betting is reopened
    to them), each with what he must call: who a raise that reopens the betting touches."""
    after = walk(data, index + 1)
    seat = data["actions"][index]["seat"]
    players = [{"seat": s, "call": whole(after.to_call(s))}
               for s, (rise, full) in sorted(after.facing_since_action().items())
               if full and s != seat and s in after.in_hand]
    if not players:
        return {"reopened_to_any": False}
    return {"reopened_to": players, "reopened_to_any": True,
            "reopened_to_text": ", ".join(f"seat {p['seat']} ({p['call']:,} to call)" for p in players)}


def consequence_facts(data: dict, index: int | None, facts: dict) -> dict:
    """The facts of this module for one point (see the module docstring)."""
    out = {}
    if index is not None:
        out.update(_own_exposure_facts(data, index))
        out.update(_declared_raise_facts(data, index, facts))
        out.update(_bare_amount_facts(data, index, facts))
        out.update(_max_bet_facts(data, facts))
        out.update(_spoken_call_facts(data, index))
        out.update(_reopened_facts(data, index))
    if index is not None and facts.get("undercalls_in_sequence", 0) >= 2:
        out.update(_first_undercaller_facts(data, index))
    out.update(_next_to_act_facts(data, facts))
    out.update(_oot_now_facts(facts))
    out.update(_away_player_returned_facts(data))
    return out
