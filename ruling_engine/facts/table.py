"""Facts about the table rather than the cards: positions, the order of action, blinds and straddles,
the button after a player leaves, counts asked for, and the clock. Arithmetic only; what it means
is each club's rules."""
from __future__ import annotations

from ruling_engine.facts.registry import reads
from ruling_engine.numbers import whole
from ruling_engine.facts.replay import clockwise_from, hand_of, replay
from ruling_engine.facts.turn_order import blind_seats, order_facts


def position_facts(data: dict) -> dict:
    """Who sits where relative to the button, and the size of the blinds."""
    seats = [p["seat"] for p in data["players"]]
    facts = {"players_dealt": len(seats)}
    blinds = data["game"].get("blinds")
    if blinds:
        facts.update(small_blind_amount=blinds[0], big_blind_amount=blinds[-1],
                     blinds_total=whole(blinds[0] + blinds[-1]) if len(blinds) > 1 else blinds[0])
    button = data.get("button")
    if button is not None and len(seats) >= 2:
        order = clockwise_from(seats, button)
        facts.update(button_seat=button, left_of_button_seat=order[0], second_left_of_button_seat=order[1 % len(order)],
                     button_dead=button not in seats)
    return facts


def check_raise_facts(data: dict, index: int | None) -> dict:
    """Whether the action in question bets or raises after the same player checked this round."""
    if index is None:
        return {}
    actions = data["actions"]
    default = data["street"] if data["street"] in ("preflop", "flop", "turn", "river") else "preflop"
    street = actions[index].get("street", default)
    seat = actions[index]["seat"]
    hand = hand_of(data)
    upto = hand.states[index + 1].all_history          # the actions replayed up to this one
    if not upto or hand.history[upto - 1][0] != street or hand.history[upto - 1][1] != seat \
            or hand.history[upto - 1][2] not in ("bet", "raise"):
        return {"raise_after_check": False}
    checks = hand.once(("checks", street, seat),     # where in the hand's history he checked on this street
                       lambda: [n for n, h in enumerate(hand.history) if h[0] == street and h[1] == seat and h[2] == "check"])
    return {"raise_after_check": bool(checks) and checks[0] < upto - 1}


def _blinds_posted(event: dict, data: dict) -> dict:
    """Who put up the blinds, against the button's position."""
    seats = [p["seat"] for p in data["players"]]
    sb, bb = event["small_blind"], event["big_blind"]
    out = {"blinds_posted.sb_seat": sb, "blinds_posted.bb_seat": bb,
           "blinds_posted.bb_left_of_sb": bb == clockwise_from(seats, sb)[0]}
    button = data.get("button")
    if button is not None:
        out["blinds_posted.sb_on_button"] = sb == button
        out["blinds_posted.sb_left_of_button"] = sb == clockwise_from(seats, button)[0]
    return out


def _straddles_so_far(event: dict, data: dict) -> int:
    """How many players have straddled by this straddle's moment, this one included: the straddle
    entries of the timeline up to its own (each straddle is its own point, ruled on the hand as it
    stood when it was put up, so a re-straddle is the second and the first is the first)."""
    entries = data.get("_entries")
    at = event.get("_entry")
    if entries is None or at is None:       # no timeline beside the events: the straddles listed up to it
        events = [e for e in data.get("events", []) if e.get("event") == "straddle"]
        return next((n for n, e in enumerate(events, 1) if e is event), len(events) or 1)
    return sum(1 for e in entries[:at + 1] if e.get("entry") == "event" and e.get("event") == "straddle"
               or e.get("entry") == "action" and e.get("posts") == "straddle")


def _straddle(event: dict, data: dict) -> dict:
    """A straddle: where it sits and how many big blinds it is; how many players had straddled by then."""
    seat = event["seat"]
    out = {"straddle.seat": seat, "straddle.amount": event["amount"],
           "straddle.before_cards": event["before_cards"], "straddle.count": _straddles_so_far(event, data)}
    blinds = data["game"].get("blinds")
    if blinds and isinstance(blinds, list) and blinds[-1]:      # no multiple of a zero big blind
        out["straddle.multiple"] = round(event["amount"] / blinds[-1], 4)
    button = data.get("button")
    seats = [p["seat"] for p in data["players"]]
    if button is not None and len(seats) >= 3:
        bb = blind_seats(seats, button)[1]
        out["straddle.under_the_gun"] = seat == clockwise_from(seats, bb)[0]
        out["straddle.on_button"] = seat == button
    elif button is not None:
        out["straddle.on_button"] = seat == button
        out["straddle.under_the_gun"] = seat == button
    return out


def _seat_emptied(event: dict, data: dict) -> dict:
    """A player gone after the hand: his position in it, and who sits next to the button and the big blind."""
    seats = [p["seat"] for p in data["players"]]
    seat = event["seat"]
    out = {"seat_emptied.seat": seat, "seat_emptied.reason": event["reason"], "seat_emptied.players_after": len(seats) - 1}
    button = data.get("button")
    if button is None or len(seats) < 2:
        return out
    sb, bb = blind_seats(seats, button)
    out.update({"seat_emptied.last_sb_seat": sb, "seat_emptied.last_bb_seat": bb})
    out["seat_emptied.role"] = ("button" if seat == button else "small-blind" if seat == sb
                           else "big-blind" if seat == bb else "other")
    remaining = [s for s in seats if s != seat]
    if remaining:
        out["seat_emptied.next_after_button_seat"] = clockwise_from(remaining, button)[0]
        out["seat_emptied.next_after_bb_seat"] = clockwise_from(remaining, bb)[0]
    return out


def _due(seats: list, button, seat) -> str:
    """What a seat is due in a hand with this button: the button, the small or big blind, or none."""
    if seat == button:
        return "button"
    sb, bb = blind_seats(seats, button)
    return "small-blind" if seat == sb else "big-blind" if seat == bb else "none"


def _seat_changed(event: dict, data: dict) -> dict:
    """A player moved to an empty seat at the same table between hands: what his old seat and his new
    seat are due in the next hand (its button the next seat after this hand's, as a hand-over moves
    it), and whether the move takes him past a blind."""
    seats = [p["seat"] for p in data["players"]]
    old, new = event["seat"], event["to"]
    out = {"seat_changed.seat": old, "seat_changed.to": new, "seat_changed.intentional": event["intentional"]}
    button = data.get("button")
    if button is None or len(seats) < 2:
        return out
    following = clockwise_from(seats, button)[0]
    moved = [new if s == old else s for s in seats]
    old_due, new_due = _due(seats, following, old), _due(moved, following, new)
    out.update({"seat_changed.old_seat_due": old_due, "seat_changed.new_seat_due": new_due,
                "seat_changed.passes_blind": old_due in ("small-blind", "big-blind")
                and new_due not in ("small-blind", "big-blind")})
    return out


def _count(event: dict, data: dict, index: int | None, facts: dict) -> dict:
    """A count asked for: the true amount before the asker acted, and whether he was told it."""
    asker = event["seat"]
    actions = data.get("actions", [])
    upto = next((i for i in range(len(actions) - 1, -1, -1) if actions[i]["seat"] == asker), len(actions))
    state = replay(data, upto)
    out = {"count_requested.asker_seat": asker, "count_requested.of": event["of"], "count_requested.spread_asked": event["spread"]}
    target = event.get("target")
    if target is not None:
        out["count_requested.target_seat"] = target
    if event["of"] == "pot":
        out["count_requested.true_amount"] = whole(_pot(data, upto))
    elif target is not None and event["of"] == "stack" and state.stacks.get(target, float("inf")) != float("inf"):
        out["count_requested.true_amount"] = state.stacks[target]
    elif target is not None and event["of"] == "bet":
        out["count_requested.true_amount"] = whole(state.round_in.get(target, 0))
    out["count_requested.facing_all_in"] = _facing_all_in(state, asker)
    if "next_to_act_seat" in facts and upto == len(actions):
        out["count_requested.action_on_asker"] = facts["next_to_act_seat"] == asker
    elif upto < len(actions):
        out["count_requested.action_on_asker"] = actions[upto].get("in_turn", True) and \
            facts.get("_oot_index") != upto
    if "told" in event:
        out["count_requested.told"] = event["told"]
        if "count_requested.true_amount" in out:
            out["count_requested.wrong"] = event["told"] != out["count_requested.true_amount"]
        out["count_requested.paid_as_told"] = (facts.get("action.seat") == asker
                                     and facts.get("action.chips") == event["told"])
    return out


def _pot(data: dict, upto: int) -> float:
    """Chips in the pot before action `upto`: the blinds and every chip put in since."""
    state = replay(data, upto)
    start = replay(data, 0)
    stacks0 = {p["seat"]: p.get("stack") for p in data["players"]}
    if all(v is not None for v in stacks0.values()):
        return sum(stacks0.values()) - sum(state.stacks.values())
    return sum(start.round_in.values()) + sum(h[3] for h in state.all_history)


def _facing_all_in(state, seat) -> bool:
    """Facing a bet made by a player still in the hand who has no chips left."""
    if state.to_call(seat) <= 0:
        return False
    return any(state.stacks.get(s, 1) == 0 and state.round_in.get(s, 0) == state.current_bet
               for s in state.in_hand if s != seat)


def clock_times(data: dict, event: dict) -> tuple:
    """The seconds the clocked player had been thinking when the clock was called, and the seconds
    since: as the clock_called entry says them, or (where it leaves them out, 0) from the times
    written between the entries (issue 22, "Time"): before = from the action entry above the clock
    call (the action that reached him) to the call; after = from the call to his next action, or
    to the last entry whose time is known when he has not acted."""
    from ruling_engine.incident.timing import seconds_between
    before, after = event["seconds_before"], event.get("seconds_after")
    entries, at = data.get("_entries"), event.get("_entry")
    if entries is None or at is None:
        return before, after
    if not before:
        reached = next((i for i in range(at - 1, -1, -1) if entries[i].get("entry") == "action"), None)
        before = seconds_between(entries, reached, at) or before
    if after is None:       # left out: from the times written, else not stated (None, never 0: P702)
        acted = next((i for i in range(at + 1, len(entries)) if entries[i].get("entry") == "action"
                      and entries[i].get("seat") == event["seat"]), None)
        ends = [acted] if acted is not None else range(len(entries) - 1, at, -1)
        after = next((gap for gap in (seconds_between(entries, at, i) for i in ends) if gap is not None), None)
    return before, after


def _count_during_clock(data: dict, event: dict) -> bool:
    """The clocked player asked for a count after the clock call and before his next action."""
    at, seat = event.get("_entry"), event["seat"]
    if at is None:
        return False
    acted = next((a.get("_entry") for a in data.get("actions", [])
                  if a.get("seat") == seat and (a.get("_entry") or -1) > at), None)
    return any(e.get("event") == "count_requested" and e.get("seat") == seat
               and (e.get("_entry") or -1) > at and (acted is None or e["_entry"] < acted)
               for e in data.get("events", []))


def _clock(event: dict, data: dict) -> dict:
    """The clock on a player: the times, and what he faces by the action log."""
    seat = event["seat"]
    # what he faced when the clock was called (actions after it, his own answer included, do not count)
    state = replay(data, min(event.get("_actions_before", len(data.get("actions", []))), len(data.get("actions", []))))
    before, after = clock_times(data, event)
    player = next((p for p in data.get("players", []) if p.get("seat") == seat), None)
    warned = {"clock_called.prior_warnings": player["warnings"]} \
        if player and isinstance(player.get("warnings"), int) and not isinstance(player.get("warnings"), bool) else {}
    # the seconds since the clock call: left out where nobody says them (not stated, P702); the total
    # is then at least the seconds before (what the rules reading it compare: more than N)
    timed = {"clock_called.seconds_after": after} if after is not None else {}
    return {**warned, **timed, "clock_called.seat": seat, "clock_called.seconds_before": before,
            "clock_called.count_during": _count_during_clock(data, event),
            "clock_called.seconds_total": before + (after or 0), "clock_called.final_table": event["final_table"],
            "clock_called.refused_to_act": event["refused_to_act"], "clock_called.stalling": event["stalling"],
            "clock_called.repeated": event["repeated"], "clock_called.facing_bet": state.to_call(seat) > 0,
            "clock_called.to_call": whole(state.to_call(seat)), "clock_called.facing_all_in": _facing_all_in(state, seat)}


def waiting_facts(data: dict) -> dict:
    """How long the player the action is on has had to act when the floor was called, with no clock
    called (issue 22, "Time"): from the last action entry (the one that put the action on him) to
    the last entry of the timeline (the call), read from the entries' `after:` / `at:` — at least the
    `after:`s written where an entry between says nothing of when it came. Only while he faces a bet
    (he owes a decision on it), nothing has come after the betting of that round, and the timeline's
    times say something of the wait."""
    from ruling_engine.incident.timing import seconds_at_least
    entries, actions = data.get("_entries"), data.get("actions") or []
    if not entries or not actions or any(e.get("event") == "clock_called" for e in data.get("events", [])):
        return {}
    last_action = max((i for i, e in enumerate(entries) if e.get("entry") == "action"), default=None)
    if last_action is None or any(e.get("entry") == "street" for e in entries[last_action + 1:]):
        return {}
    state = replay(data, len(actions))
    actor = entries[last_action].get("seat")
    if actor is None or actor not in state.in_hand:
        return {}
    seat = next((s for s in clockwise_from(sorted(set(state.in_hand) | {actor}), actor)
                 if s != actor and state.stacks.get(s, 0) > 0), None)
    if seat is None or state.to_call(seat) <= 0:
        return {}
    seconds = seconds_at_least(entries, last_action, len(entries) - 1)
    if not seconds:
        return {}
    return {"waiting_seat": seat, "waiting_seconds": seconds, "waiting_facing_bet": True,
            "waiting_to_call": whole(state.to_call(seat)), "waiting_facing_all_in": _facing_all_in(state, seat)}


def table_facts(data: dict, index: int | None) -> dict:
    """The table facts of an incident that are not an event's: positions, the order of action
    (private `_oot_index`: which action the log shows out of turn), a check-raise."""
    out = position_facts(data)
    if index is not None:
        out.update(order_facts(data, index))
        out.update(check_raise_facts(data, index))
    elif data.get("_statement", {}).get("actions_before"):
        # a player's words at the table: the order of the round he spoke in is the round's (the
        # same at every point of it), read at the last action before his words; no action of the
        # log is the one in question
        out.update(order_facts(data, data["_statement"]["actions_before"] - 1))
        if "oot_later_action_in_question" in out:
            out["oot_later_action_in_question"] = False
    return out


@reads("straddle")
def _straddle_event(event, ctx) -> dict:
    return _straddle(event, ctx.data)


@reads("blinds_posted")
def _posted(event, ctx) -> dict:
    return _blinds_posted(event, ctx.data)


@reads("seat_emptied")
def _emptied(event, ctx) -> dict:
    return _seat_emptied(event, ctx.data)


@reads("seat_changed")
def _changed(event, ctx) -> dict:
    return _seat_changed(event, ctx.data)


@reads("stand_in_dealer")
def _stand_in(event, ctx) -> dict:
    """Another player deals for the one the rotation reached (f18/transfer): whose turn it was, who
    deals in her place (when named), whether she is unable to (unknown when not stated)."""
    out = {"stand_in_dealer.seat": event["seat"]}
    for name in ("by", "unable"):
        if event.get(name) is not None:
            out[f"stand_in_dealer.{name}"] = event[name]
    return out


@reads("button_to_place")
def _button_placed(event, ctx) -> dict:
    return {"button_to_place.placement": event["reason"], "button_to_place.new_players": event["new_players"]}


@reads("blind_missed")
def _missed(event, ctx) -> dict:
    return {"blind_missed.seat": event["seat"], "blind_missed.intentional": event["intentional"],
            "blind_missed.moving_tables": event["moving_tables"]}


@reads("count_requested")
def _counted(event, ctx) -> dict:
    return _count(event, ctx.data, ctx.index, ctx.facts)


@reads("clock_called")
def _clocked(event, ctx) -> dict:
    return _clock(event, ctx.data)
