"""From a validated incident to the computed facts the rules test (no club's definitions here)."""
from __future__ import annotations

import math

from ruling_engine.facts import sequence
from ruling_engine.facts.question import question_facts
from ruling_engine.facts.betting import action_betting_facts, finite, first_active_facts, pot_facts, walk
from ruling_engine.facts import deal, tournament  # noqa: F401  (their event readers register)
from ruling_engine.facts.consequences import consequence_facts
from ruling_engine.facts.declarations import declaration_facts, statement_facts
from ruling_engine.facts.hand import paired_amount
from ruling_engine.facts.event_order import event_order_facts, hidden_chips_result_facts
from ruling_engine.facts.money import stakes_facts
from ruling_engine.facts.now import now_facts
from ruling_engine.facts.referents import asked_hand_referents, mucked_referents, referent_facts, shown_referents
from ruling_engine.facts.registry import event_facts, reads
from ruling_engine.facts.replay import STREETS, action_delta, clockwise_from, once_per_hand, parse_said, replay, total_in
from ruling_engine.facts.table import table_facts
from ruling_engine.facts.tabled import exposed_in_full
from ruling_engine.incident.load import HAND_SIZE
from ruling_engine.incident.named_hand import NamedHand
from ruling_engine.numbers import game_currency, whole

STUD_STREETS = ("fourth-street", "fifth-street", "sixth-street", "seventh-street")
STRUCTURE = {"NLHE": "no-limit", "PLO": "pot-limit", "PLHE": "pot-limit", "LHE": "limit", "stud": "limit"}


def _action_facts(data: dict, index: int) -> dict:
    action = data["actions"][index]
    state = replay(data, index)
    seat = action["seat"]
    term, declared_amount = parse_said(action.get("said")) or ("none", None)
    chips = action.get("chips", [])
    paired = paired_amount(action, state)          # a declaration's chips entry giving his total
    chips_total = sum(chips) if chips else min(action_delta(action, state) if paired is None else paired,
                                               state.stacks.get(seat, 0))
    to_call = state.to_call(seat)
    # all-in: said so, or did it, or his chips (listed, or his total for the round) are all he had
    # (a silent push of the last chips is an all-in too: issue 13, class 8)
    all_in = term == "all-in" or action.get("did") == "all-in" or \
        (chips_total > 0 and chips_total >= state.stacks.get(seat, float("inf")))
    short = 0 < chips_total < to_call and not all_in
    facts = {
        "action.seat": seat,
        "action.in_turn": action.get("in_turn", True),
        "action.declared": term,
        "action.chips": chips_total,
        "action.chip_count": len(chips),
        "action.same_denomination": len(set(chips)) <= 1,
        "action.all_in": all_in,
        "action.marked": action.get("in_question") is True,   # the floor was called about it (e20/spoken)
        "facing_bet": to_call > 0,
        "to_call": to_call,
        "current_bet": state.current_bet,
        # his total on the round once he has called: what he had in before it (a blind, an
        # earlier bet) counts once, with the call itself (Z401: a 50p blind under a £2 straddle)
        "call_total": state.round_in.get(seat, 0) + to_call,
        "call_shortfall": max(0, to_call - chips_total),
        "call_fraction": round(chips_total / to_call, 4) if to_call else 0,
        "action.short_of_call": short,
        "bets_this_round": state.bets_this_round,
        "players_in_hand": len(state.in_hand),
        "heads_up": len(state.in_hand) == 2,
    }
    if declared_amount is not None:
        facts["action.declared_amount"] = declared_amount
    # the chips he put out beyond the call (what goes back when his raise is held to a call); not
    # stated for a raise only said, nothing put out: no chips to give back (O104)
    if math.isfinite(chips_total) and chips_total > 0:
        facts["action.chips_beyond_call"] = max(0, chips_total - to_call)
    streak = 0
    if short:
        streak = 1
        for _seat, kind, _delta, _in_turn in reversed(state.history):
            if kind != "short":
                break
            streak += 1
    facts["undercalls_in_sequence"] = streak
    return facts


def _log_facts(data: dict) -> dict:
    """Counts over the whole action log: what had happened when the floor was called."""
    actions = data.get("actions", [])
    state = replay(data, len(actions))
    history = state.all_history

    def counts():
        in_turn = [h for h in history if h[4]]
        # an amount nobody recorded (NaN: a raise said without its chips) still put chips in
        return {"actions_in_turn": len(in_turn), "actions_in_turn_with_chips": sum(1 for h in in_turn if h[3] > 0 or math.isnan(h[3])),
                "bet_and_immediate_call": any(a[2] in ("bet", "raise") and b[2] == "call"
                                              for a, b in zip(history, history[1:]))}
    return {**once_per_hand(data, "log counts", counts), "_final_state": state}


def _exposure_facts(event: dict, facts: dict) -> dict:
    """A card exposed: who, when, how many (summed over events), who saw it, and why."""
    out = {
        "card_exposed.during": event["during"],
        "card_exposed.by": event["by"],
        "card_exposed.count": facts.get("card_exposed.count", 0) + event["count"],
        "card_exposed.deliberate": event["deliberate"],
        "card_exposed.owner_had_control": event["owner_had_control"],
        "card_exposed.seen_by": event["seen_by"],
        "card_exposed.to_influence": event["to_influence"],
        "card_exposed.comment_affected_play": event["comment_affected_play"],
        "card_exposed.to_show_floor": event["to_show_floor"],       # shown to the floor, not in play (e19/cards)
    }
    out["card_exposed.both_cards"] = event["by"] == "player" and out["card_exposed.count"] >= 2
    if "was" in event:                # a burn, board or hole card: set only when the incident says it
        out["card_exposed.was"] = event["was"]
    if "card" in event:
        out["card_exposed.card"] = event["card"]
    if "deal_position" in event:      # the earliest card of the deal that was exposed
        out["card_exposed.deal_position"] = min(event["deal_position"],
                                           facts.get("card_exposed.deal_position", event["deal_position"]))
    return out


def _muck_facts(event: dict, data: dict, final_state) -> dict:
    """A hand in the muck: what the floor saw, the uncalled part of the player's bet, and whether
    he was facing a bet (something to call on the current round; never at showdown)."""
    seat = event["seat"]
    others = [v for s, v in final_state.round_in.items() if s != seat]
    return {
        "hand_mucked.by": event["by"],
        "hand_mucked.believed_won": event["believed_won"],
        "hand_mucked.tabled": event["tabled"],
        "hand_mucked.recoverable": event["retrievable"],
        "hand_mucked.winning": event["winning"],
        "hand_mucked.seat": seat,
        "hand_mucked.protected": event["protected"],
        "hand_mucked.touched": event["touched_muck"],
        "hand_mucked.misled_by": event["misled_by"],
        "hand_mucked.forgot_own_bet": event["forgot_own_bet"],
        "hand_mucked.uncalled": _uncalled(final_state.round_in.get(seat, 0), others),
        # his bet or raise is the round's last and nobody has called it (known even when nobody saw its size)
        "hand_mucked.bet_not_called": _last_is_own_bet(final_state, data, seat),
        "hand_mucked.facing_bet": data["street"] in STREETS and _to_call_at(event, data, final_state, seat) > 0,
        "hand_mucked.conceded": _conceded(event, data),
        # every other player had folded before it: the pot was his when it went in (e30/uncalled)
        "hand_mucked.pot_already_won": _pot_already_won(event, data, final_state),
        "hand_mucked.marked": bool(event.get("in_question")),     # the floor was called about it
        "hand_mucked.dealer_awarded_elsewhere": _dealer_awarded_elsewhere(event, data),
        "hand_mucked.at_showdown": data["street"] == "showdown" or _betting_closed(_state_at(event, data, final_state)),
        "hand_mucked.seat_away": _taken_in_while_away(event, data),
        **_declared_not_in(seat, data, final_state),
        # where the cards went and who moved them (issue 22): what was seen; left out, not stated (no fact)
        **{f"hand_mucked.{k}": event[k] for k in ("over_line", "collected") if event.get(k) is not None},
    }


def _state_at(event: dict, data: dict, final_state):
    """The betting state when the entry happened (the actions before it)."""
    before = event.get("_actions_before")
    if before is None or not 0 <= before <= len(data.get("actions", [])):
        return final_state
    return replay(data, before)


def _pot_already_won(event: dict, data: dict, final_state) -> bool:
    """Every other player had folded before the hand went into the muck (the actions before it):
    his was the one hand left, so the pot was won when the last of the others folded - a bet or
    raise nobody called, or a check or call that the others then folded to. Giving his cards up
    afterwards concedes nothing and is no irregularity: the hand has no one left to lose to."""
    return list(_state_at(event, data, final_state).in_hand) == [event["seat"]]


def _betting_closed(state) -> bool:
    """No more betting can happen in the hand: two or more players are in, nobody has anything to
    call, and at most one of them has chips behind (the others all-in) - the hand goes to its
    showdown whatever board cards are still to come. Unknown stacks count as chips behind."""
    in_hand = list(state.in_hand)
    if len(in_hand) < 2 or any(state.to_call(s) > 0 for s in in_hand):
        return False
    return sum(1 for s in in_hand if state.stacks.get(s, math.inf) > 0) <= 1


def _taken_in_while_away(event: dict, data: dict) -> bool:
    """Whether the dealer took in the cards of a player away from his seat: an earlier player_away
    entry of this hand for the seat, still away when the deal was completed, and no action of his
    between it and the muck (an action would show him back)."""
    at, seat = event.get("_entry"), event["seat"]
    if event["by"] != "dealer" or at is None:
        return False
    aways = [e["_entry"] for e in data.get("events", []) if e["event"] == "player_away" and e.get("seat") == seat
             and e.get("at_last_card") and e.get("_entry") is not None and e["_entry"] < at]
    if not aways:
        return False
    since = max(aways)
    return not any(a.get("seat") == seat and since < a.get("_entry", -1) < at for a in data.get("actions", []))


def _to_call_at(event: dict, data: dict, final_state, seat) -> float:
    """What the seat had to call when the entry happened (the actions before it), not after the
    entries that follow it in the point's view (a later "I call" does not unmake the bet he faced)."""
    before = event.get("_actions_before")
    if before is None or not 0 <= before <= len(data.get("actions", [])):
        return final_state.to_call(seat)
    return replay(data, before).to_call(seat)


def _declared_not_in(seat, data: dict, final_state) -> dict:
    """e23/money: his last action on the round was an all-in said in words with chips not yet put
    in: the chips his declaration bound never moved. declared_all_in_total is his total on the round
    with the whole declaration in (all he had), declared_call_total his total with the part of it
    that calls the bet he faced (what a declaration that commits the call binds); both his total
    as it stands when he declared no such thing."""
    own = [a for a in data.get("actions", []) if a.get("seat") == seat]
    term = (parse_said(own[-1].get("said")) or ("none", None))[0] if own else "none"
    behind, now_in = final_state.stacks.get(seat, 0), final_state.round_in.get(seat, 0)
    declared = term == "all-in" and data["street"] in STREETS and math.isfinite(behind) and behind > 0
    return {"hand_mucked.declared_all_in": declared,
            "hand_mucked.declared_all_in_total": now_in + behind if declared else now_in,
            "hand_mucked.declared_call_total": now_in + final_state.to_call(seat) if declared else now_in}


def _dealer_awarded_elsewhere(event: dict, data: dict) -> bool:
    """Issue 22: before the hand went into the muck the dealer had pushed the pot (or a part of it)
    to another player: his reading of the hands, which the player had before him when he mucked
    (a tabled winner mucked after it is a hand the dealer's misread put in the muck)."""
    before = [e for e in data.get("events", []) if e.get("_entry", -1) < event.get("_entry", -1)]
    return any(e["event"] == "money_moved" and e["did"] == "pushed" and e["by"] == "dealer"
               and e.get("seat") is not None and e["seat"] != event["seat"] for e in before)


def _conceded(event: dict, data: dict) -> bool:
    """The player gave his hand up at showdown to another hand tabled face up before it, or after
    the pot had been pushed: a concession, not on its own an irregularity (issue 20/21). Never when he
    believed he had won, had tabled it, or it is the winning hand; nor when someone had said what a
    hand was before it (a hand_declared entry) and he may have mucked on those words (misled_by)."""
    if event["by"] != "player" or event.get("_street") != "showdown" or event["believed_won"] is not False \
            or event["winning"] is not False:
        return False
    size = HAND_SIZE[data["game"]["variant"]]
    before = [e for e in data.get("events", []) if e.get("_entry", -1) < event.get("_entry", -1)]
    if any(e["event"] == "hand_declared" for e in before) and event["misled_by"] != "nobody":
        return False

    def shown(e) -> bool:
        return e["event"] == "hand_shown" and e["face_up"] >= size and e["readable"] is True
    other_shown = any(shown(e) and e["seat"] != event["seat"] for e in before)
    if event["tabled"] is not False:
        # issue 20 (L402): his hand tabled in full and read against another tabled in full, then
        # thrown away, not the winning hand: the showdown decided the pot, and a beaten hand given
        # up after it is not a live hand's muck
        return other_shown and any(shown(e) and e["seat"] == event["seat"] for e in before)
    return other_shown or any(e["event"] == "money_moved" and e["did"] == "pushed" for e in before)


def _deal_error_facts(event: dict, data: dict) -> dict:
    """A dealing error, and where the affected seat sits relative to the button."""
    out = {"deal_error.kind": event["kind"], "deal_error.after_deal": event["after_deal"],
           "deal_error.player_acted": event["acted"]}
    if "cards" in event:
        out["deal_error.cards"] = event["cards"]
    seat, button = event.get("seat"), data.get("button")
    if seat is not None:
        out["deal_error.seat"] = seat
        if button is not None:
            seats = [p["seat"] for p in data["players"]]
            out["deal_error.on_button"] = seat == button
            out["deal_error.first_dealt"] = seat == clockwise_from(seats, button)[0]
    return out


def _shown_facts(event: dict, data: dict, final_state) -> dict:
    """A hand at showdown: how much of it is face up against the cards of a whole hand, what the
    player said or did, and whether he had been called (his final-round bet or raise was called)."""
    seat = event["seat"]
    history = final_state.all_history
    final = [h for h in history if h[0] == history[-1][0]] if history else []
    raises = [i for i, h in enumerate(final) if h[2] in ("bet", "raise")]
    called = bool(raises) and final[raises[-1]][1] == seat and any(h[2] == "call" for h in final[raises[-1]:])
    return {
        "hand_shown.seat": seat,
        "hand_shown.face_up": event["face_up"],
        "hand_shown.all_cards": event["face_up"] >= HAND_SIZE[data["game"]["variant"]],
        "hand_shown.readable": event["readable"],
        "hand_shown.would_win": event["would_win"],
        "hand_shown.refused_rest": event["refused_rest"],
        "hand_shown.landed_face_down": event["landed_face_down"],
        "hand_shown.was_called": called,
        "hand_shown.board_play": event["board_play"],
    }


def _deck_facts(event: dict) -> dict:
    """A dropped deck, or a card duplicated or missing from the pack."""
    return {"deck_problem.kind": event["kind"], "deck_problem.cards_to_come": event["cards_to_come"],
            "deck_problem.disordered": event["disordered"], "deck_problem.order_recoverable": event["order_recoverable"],
            "deck_problem.mixed_with_muck": event["mixed_with_muck"],
            **{f"deck_problem.{key}": event[key] for key in ("card", "was") if key in event}}


def _touch_facts(event: dict) -> dict:
    """Discards touching a live hand: where the hand lay, whether protected, whether still identifiable."""
    return {"discards_touch_hand.seat": event["seat"], "discards_touch_hand.outside_lines": event["outside_lines"],
            "discards_touch_hand.protected": event["protected"], "discards_touch_hand.identifiable": event["identifiable"]}


def _board_down_facts(event: dict) -> dict:
    """The board turned face down: too soon or not, and whether the next hand had begun."""
    return {"board_turned_down.premature": event["premature"],
            "board_turned_down.new_hand_started": event["new_hand_started"]}


def _uncalled(own: float, others: list) -> float:
    """What of his chips on the round nobody matched (NaN, left out, when an amount was not seen)."""
    left = own - max(others, default=0)
    return left if left != left else max(0, left)


def _last_is_own_bet(state, data: dict, seat) -> bool:
    """The round's last action is this seat's bet or raise (an amount nobody saw: by what he did)."""
    if not state.history or state.history[-1][0] != seat:
        return False
    kind = state.history[-1][1]
    if kind == "unknown" and data.get("actions"):
        kind = data["actions"][-1].get("did")
    return kind in ("bet", "raise")


def _conduct_facts(event: dict, data: dict, final_state=None) -> dict:
    """Conduct at the table: what was done and in what circumstances, the player's earlier
    warnings and stack (for escalating penalties and chips removed: what he has behind when the
    floor rules, `final_state` being the hand replayed to the timeline's end; Z702), and what one
    round away on penalty means here (hands dealt to his seat, blinds he posts: a round is one hand per player
    dealt in, the listed players and the `others:`). After a `hand-over:` entry no hand is in
    progress."""
    out = {"conduct.what": event["did"], "conduct.by": event["by"],
           "conduct.live_hand": event["live_hand"], "conduct.hand_in_progress": event["hand_in_progress"] and event.get("_street") != "hand-over",
           "conduct.about_hand": event["about_hand"], "conduct.to_player_in_hand": event["to_player_in_hand"],
           "conduct.disruptive": event["disruptive"], "conduct.objection": event["objection"],
           "conduct.deliberate": event["deliberate"], "conduct.final_table": event["final_table"],
           "conduct.third_player_all_in": event["third_player_all_in"],
           "conduct.out_of_event": event.get("out_of_event", False),
           "conduct.brief": event.get("brief", False),
           "conduct.round_hands": len(data["players"]) + (data["others"] if isinstance(data.get("others"), int)
                                                          and not isinstance(data.get("others"), bool) else 0)}
    if event["did"] in ("phone-call", "phone-use"):
        out["conduct.object"] = "phone"
    elif event["did"] == "device-on-table":        # what kind of object (issue 22): clauses name their kinds
        out["conduct.object"] = event.get("object", "phone")
    player = next((p for p in data["players"] if p["seat"] == event.get("seat")), None)
    warnings = player["warnings"] if player and event["by"] == "player" else 0
    out["conduct.prior_warnings"] = warnings
    out["conduct.repeated"] = warnings >= 1
    if event["by"] == "player" and event.get("seat") is not None:
        # a penalty the floor already gave him for it (a penalty_given of his seat after the conduct
        # entry): the step the club's scale continues from, or the penalty that stands (P701)
        given = [e for e in data.get("events", []) if e.get("event") == "penalty_given"
                 and e.get("seat") == event["seat"] and e.get("_entry", -1) > event.get("_entry", -1)]
        out["conduct.penalty_given"] = bool(given)
        if given and given[0].get("size") is not None and given[0].get("unit") is not None:
            out["conduct.penalty_size"] = given[0]["size"]
            out["conduct.penalty_unit"] = given[0]["unit"]
    if event.get("seat") is not None:
        out["conduct.seat"] = event["seat"]
    if player and event["by"] == "player" and "stack" in player:
        behind = _behind(data, final_state, event.get("seat")) if out["conduct.hand_in_progress"] else None
        if behind is None:            # the hand's pot pushed before the floor's call: what he has now
            behind = _after_push(data, event)
        known = isinstance(behind, (int, float)) and not isinstance(behind, bool) and math.isfinite(behind)
        out["conduct.stack"] = whole(behind) if known else player["stack"]
    blinds = data["game"].get("blinds")
    if blinds:
        out["conduct.round_blinds"] = sum(blinds[:2])
        if "conduct.stack" in out:      # what one round away leaves him (issue 20: the cost of time away)
            out["conduct.round_stack_left"] = max(out["conduct.stack"] - out["conduct.round_blinds"], 0)
    return out


def _after_push(data: dict, event: dict):
    """His chips at the floor call once the hand is over and its pot was pushed before the conduct
    entry: what he had behind after his betting, plus what was pushed to him (the whole pot where
    the push gives no amount). None where no pot was pushed by then (what the hand did to his
    stack is not said) or an amount nobody saw (Q801: the 2,600 pushed to her is hers)."""
    seat, at = event.get("seat"), event.get("_entry")
    if at is None or not data.get("actions"):
        return None
    pushes = [e for e in data.get("events", []) if e.get("event") == "money_moved" and e.get("did") == "pushed"
              and e.get("_entry", at) < at]
    if not pushes:
        return None
    view = walk(data)                 # the hand replayed to its end: his stack after his betting, the pot
    behind = view.stacks.get(seat)
    if not isinstance(behind, (int, float)) or not math.isfinite(behind):
        return None
    for push in pushes:
        if push.get("seat") == seat:
            amount = push.get("amount")
            behind += view.pot if amount is None else amount
    return behind if math.isfinite(behind) else None


def _behind(data: dict, final_state, seat):
    """His chips behind at the floor call where the hand's betting has taken some from his stack for
    good: he bet this hand and has folded, or the betting is still on (what he put in is the pot's).
    None where nobody has bet, or the hand reached a showdown he is in (the pot may come back to him);
    the caller asks only while the hand is in progress (after it the replay does not say)."""
    if final_state is None or not data.get("actions"):
        return None
    folded = seat not in (getattr(final_state, "in_hand", None) or ())
    return (final_state.stacks or {}).get(seat) if folded or data.get("street") in STREETS else None


@reads("card_dealt_early")
def _premature(event, ctx) -> dict:
    # the board cards out before anyone acted again: derived from the order (a street written in
    # the timeline while its round was open); an event the file states is one card
    out = {"card_dealt_early.street": event["street"], "card_dealt_early.burn_only": event["burn_only"],
           "card_dealt_early.cards": event.get("cards", 1)}
    if event.get("named"):            # the card(s) already out, as the timeline names them (e18/premature-named)
        out["card_dealt_early.named"] = ", ".join(event["named"])
    if event["street"] in STUD_STREETS:
        # a stud street's early cards, as counted (two players pitched: 2), and how many more make a
        # round for the players still in
        early = event.get("street_cards", 1)
        out["card_dealt_early.street_cards"] = early
        out["card_dealt_early.round_rest"] = max(len(ctx.final_state.in_hand) - early, 0)
    return out


@reads("flop_dealt")
def _flop(event, ctx) -> dict:
    out = {"flop_dealt.cards": event["cards"], "flop_dealt.extra_card_known": bool(event.get("extra_card"))}
    if event.get("extra_card"):
        out["flop_dealt.extra_card"] = event["extra_card"]
    return out


@reads("card_exposed")
def _exposed(event, ctx) -> dict:
    return _exposure_facts(event, ctx.facts)


@reads("hand_mucked")
def _mucked(event, ctx) -> dict:
    return _muck_facts(event, ctx.data, ctx.final_state)


@reads("deal_error")
def _deal_error(event, ctx) -> dict:
    return _deal_error_facts(event, ctx.data)


@reads("no_one_shows")
def _no_one_shows(event, ctx) -> dict:
    state = ctx.final_state
    return {"no_one_shows.stalled": True,
            "no_one_shows.all_in": event["all_in"] or any(stack == 0 for seat, stack in state.stacks.items()
                                                          if seat in state.in_hand)}


@reads("asks_to_see")
def _asks_to_see(event, ctx) -> dict:
    return {"asks_to_see.asker_seat": event["seat"], "asks_to_see.target_seat": event["target"],
            "asks_to_see.asker_kept_cards": event["asker_kept_cards"]}


@reads("hand_shown")
def _shown(event, ctx) -> dict:
    return _shown_facts(event, ctx.data, ctx.final_state)


@reads("deck_problem")
def _deck(event, ctx) -> dict:
    return _deck_facts(event)


@reads("discards_touch_hand")
def _touched(event, ctx) -> dict:
    return _touch_facts(event)


@reads("board_turned_down")
def _board_down(event, ctx) -> dict:
    return _board_down_facts(event)


@reads("conduct")
def _conduct(event, ctx) -> dict:
    return _conduct_facts(event, ctx.data, ctx.final_state)


def _final_round(final_state):
    """(the final betting round's street, who bet or raised on it, who called on it), in order;
    None before any action."""
    history = final_state.all_history
    if not history:
        return None
    final_street = history[-1][0]
    final = [h for h in history if h[0] == final_street]
    return (final_street, [h[1] for h in final if h[2] in ("bet", "raise")],
            [h[1] for h in final if h[2] == "call"])


def _showdown_facts(data: dict, final_state) -> dict:
    """Who bet last, who called last and who acts first, on the final betting round."""
    facts = {}
    if (final := _final_round(final_state)) is None:
        return facts
    _, aggressors, callers = final
    facts["final_round_bet"] = bool(aggressors)
    if aggressors:
        facts["last_aggressor_seat"] = aggressors[-1]
    live = final_state.in_hand
    button = data.get("button")
    if button is not None and live:
        facts["first_to_act_seat"] = clockwise_from(live, button)[0]
    if callers and live:
        facts["left_of_last_caller_seat"] = clockwise_from(live, callers[-1])[0]
    return facts


def _last_hand_facts(data: dict, final_state) -> dict:
    """The last live hand at a showdown, never shown (issues 20/21): the betting ended with two or
    more hands in it (a call, not a fold round the table), every other of them the player threw
    into the muck, and this one has no hand_shown entry. Whether his final-round bet or raise was
    called, whether anyone was all-in, and whether every other hand went in face down untabled
    are what the clubs' texts turn on. Nothing when the others folded before the showdown."""
    # a hand a club's earlier ruling killed for its muck (data["_killed"]) was still in at the showdown
    live = sorted(set(final_state.in_hand) | {seat for _, seat in data.get("_killed") or ()})
    # every event of the hand, not only the point's own of its kind: another hand shown later is shown
    entries = data.get("_entries")
    events = [e for e in entries if e.get("entry") == "event"] if entries is not None else data.get("events", [])
    if len(live) < 2:
        return {}
    thrown = {e["seat"]: e for e in events if e["event"] == "hand_mucked" and e["by"] == "player"
              and e["seat"] in live}
    left = [s for s in live if s not in thrown]
    if len(left) != 1 or any(e["event"] == "hand_shown" and e["seat"] == left[0] for e in events):
        return {}
    if left[0] in exposed_in_full(events, data["game"]["variant"]):
        return {}            # he turned his whole hand up to the table in play: it is not unshown
    size = HAND_SIZE[data["game"]["variant"]]
    if any(e["event"] == "hand_shown" and (e["face_up"] < size or e["readable"] is not True or e["refused_rest"])
           for e in events):
        return {}            # another hand shown in part is that hand's point, ruled on its own facts
    seat = left[0]
    history = final_state.all_history
    final = [h for h in history if h[0] == history[-1][0]] if history else []
    raises = [i for i, h in enumerate(final) if h[2] in ("bet", "raise")]
    shown_others = {e["seat"] for e in events if e["event"] == "hand_shown" and e["face_up"] > 0}
    return {"last_hand_unshown": seat, "last_hand_shown": False,
            "last_hand_was_called": bool(raises) and final[raises[-1]][1] == seat
            and any(h[2] == "call" for h in final[raises[-1]:]),
            "last_hand_all_in": any(final_state.stacks.get(s, 1) == 0 for s in live),
            "last_hand_others_untabled": all(e.get("tabled") is False and s not in shown_others
                                             for s, e in thrown.items())}


def _asker_facts(data: dict, final_state) -> dict:
    """Of the request to see a hand the point reads (its own, or the last one as context): whether
    the asker called on the final (river) round and whether the target made its last bet or raise.
    Read on the point's own view, never once per hand: which request that is depends on the point."""
    asks = [e for e in data.get("events", []) if e["event"] == "asks_to_see"]
    if not asks or (final := _final_round(final_state)) is None:
        return {}
    final_street, aggressors, callers = final
    asker, target = asks[-1]["seat"], asks[-1]["target"]
    return {"asks_to_see.asker_called_river": final_street == "river" and asker in callers,
            "asks_to_see.target_is_last_aggressor": bool(aggressors) and aggressors[-1] == target}


def _betting_facts(data: dict, index: int | None) -> dict:
    """The betting arithmetic (betting.py): the action in question against the minimum raise, the
    pot-limit maximum and any all-in for less it faces; side pots and the uncalled bet after the
    whole log; who acts first on a later round when the first player is all-in."""
    game = data["game"]
    currency = game_currency(game)
    facts = {}
    if index is not None:
        facts.update(action_betting_facts(data, index, currency))
    facts.update(pot_facts(data, currency))
    facts.update(first_active_facts(data, index))
    return finite(facts)


def _point_street(data: dict, index: int | None) -> str:
    """Where the hand was at the point: for an action in question that a later betting round's
    actions followed, the round it was made on (a chip put out on the turn, the river then bet,
    is ruled as a turn action though the floor came at the hand's end); else the street the hand
    is on now (the last action is ruled where the hand stands, at a showdown too)."""
    actions = data.get("actions", [])
    if index is not None and index < len(actions):
        street = actions[index].get("street")
        if isinstance(street, str) and any(a.get("street") not in (None, street) for a in actions[index + 1:]):
            return street
    return data["street"]


def computed_facts(data: dict, index: int | None) -> dict:
    """The computed facts of one point of an incident, keyed by vocabulary name: `data` is the
    incident as facts/timeline.py shows it for that point, `index` the action in question."""
    game = data["game"]
    facts = {
        "game_format": game["format"],
        "betting_structure": STRUCTURE[game["variant"]],
        "game_variant": game["variant"],
        "street": _point_street(data, index),
    }
    if isinstance(game.get("starting_stack"), (int, float)):
        facts["starting_stack"] = game["starting_stack"]
    log = _log_facts(data)
    final_state = log.pop("_final_state")
    facts.update(log)
    facts["players_in_hand"] = len(final_state.in_hand)
    facts["heads_up"] = len(final_state.in_hand) == 2
    if index is not None:
        facts.update(_action_facts(data, index))
        facts.update(declaration_facts(data, index))
    elif "_statement" in data:
        facts.update(statement_facts(data))
    elif "_question" in data:
        facts.update(question_facts(data))
    facts.update(_betting_facts(data, index))
    facts.update(once_per_hand(data, "showdown facts", lambda: {**_showdown_facts(data, final_state),
                                                                  **referent_facts(final_state)}))
    facts.update(_asker_facts(data, final_state))
    last_hand = _last_hand_facts(data, final_state)
    facts.update(last_hand)
    if asks := [e for e in data.get("events", []) if e["event"] == "asks_to_see"]:
        # the hand asked for is the claimant's, never shown: his club's must-show clause answers (issue 21)
        facts["asks_to_see.target_claims_unshown"] = asks[-1]["target"] == last_hand.get("last_hand_unshown")
    facts.update(stakes_facts(data["game"]))
    order = table_facts(data, index)
    facts.update(order)
    facts.update(event_facts(data, final_state, index, facts))    # every event, by its kind's reader
    if index is not None and order.get("_oot_index") == index:
        facts["action.in_turn"] = False           # the log shows it out of turn, whatever in_turn says
    facts = {k: v for k, v in facts.items() if not k.startswith("_")}
    facts.update(now_facts(data, index, facts))
    facts.update(shown_referents(facts))
    facts.update(mucked_referents(data, facts))
    facts.update(asked_hand_referents(data))
    facts.update(_pot_won_uncalled(final_state))
    facts.update(_sequence_facts(data))
    facts.update(_card_facts(data, final_state, facts))
    facts.update(event_order_facts(data, index))
    facts.update(hidden_chips_result_facts(data, facts))
    facts.update(consequence_facts(data, index, facts))
    if "_question" in data:
        facts.update(question_facts(data))      # the asker's situation, not the next player's
    return finite(facts)          # an amount that cannot be worked out (an all-in of unknown size) is not stated


def incident_facts(incident, vocabulary=None) -> dict:
    """The facts of every point of an incident in one mapping, later points over earlier ones
    (for tools and tests that look at the facts rather than the rulings)."""
    from ruling_engine.facts.timeline import hand_point, point_view, read_timeline
    if vocabulary is None:
        from ruling_engine.knowledge.load import load_knowledge
        vocabulary = load_knowledge().vocabulary
    timeline = read_timeline(incident.data, vocabulary.together_kinds)
    facts = {}
    # in timeline order (the answer lists the marked points first, those beside them after)
    for point in sorted(timeline.points, key=lambda p: (p.entries[0], p.kind != "street")) or [hand_point(timeline)]:
        facts.update(computed_facts(*point_view(timeline, point)))
    return facts


def _sequence_facts(data: dict) -> dict:
    """Order and words (sequence.py): what came after the point, what was said around the action
    in question, the hand as it stands now, who dealt."""
    out = sequence.table_facts(data, walk(data))
    if "_entries" in data:
        from ruling_engine.facts.table import waiting_facts
        out.update(waiting_facts(data))
        out.update(sequence.after_facts(data["_entries"], data["_point_entries"]))
        out.update(sequence.words_facts(data["_entries"], data["_point_entries"], data.get("_action_entry"),
                                        data.get("_chips_entry")))
    return out


def _pot_won_uncalled(final_state) -> dict:
    """Whether the pot went to a bet or raise nobody called (one player left, and he made the last
    bet or raise)."""
    history = final_state.all_history
    if len(final_state.in_hand) != 1 or not history:
        return {}
    last_aggressive = [h for h in history if h[2] in ("bet", "raise")]
    return {"pot_won_uncalled": bool(last_aggressive) and last_aggressive[-1][1] in final_state.in_hand}


@reads("hand_declared")
def _declared(event, ctx) -> dict:
    return {"hand_declared.hand_of": event["hand_of"], "hand_declared.by": event["by"],
            "hand_declared.hand": event["said"], "hand_declared.deliberate": event["deliberate"],
            "hand_declared.before_shown": event["before_shown"],
            "hand_declared.named": NamedHand(event["said"], tuple(event.get("_named") or ())).text()}


@reads("rabbit_hunt")
def _rabbit(event, ctx) -> dict:
    out = {"rabbit_hunt.asked": True, "rabbit_hunt.dealt": event["dealt"], "rabbit_hunt.requests": event["requests"]}
    if "asked_by" in event:
        out["rabbit_hunt.seat"] = event["asked_by"]
    return out


@reads("muck_handled")
def _muck_handled(event, ctx) -> dict:
    out = {"muck_handled.by": event["by"], "muck_handled.turned_over": event["turned_over"],
           "muck_handled.burns_with_discards": event["burns_with_discards"],
           "muck_handled.hand_live": event["hand_live"]}
    if "seat" in event:
        out["muck_handled.seat"] = event["seat"]
    return out


@reads("upcards_picked_up")
def _upcards(event, ctx) -> dict:
    out = {"upcards_picked_up.seat": event["seat"]}
    if "facing_bet" in event:
        out["upcards_picked_up.facing_bet"] = event["facing_bet"]
    elif ctx.data.get("actions") or ctx.data.get("_posts"):      # a bring-in posted is a bet to face
        # what faced him when he picked them up (his own later call does not count)
        before = event.get("_actions_before", len(ctx.data.get("actions", [])))
        state = replay(ctx.data, min(before, len(ctx.data.get("actions", []))))
        out["upcards_picked_up.facing_bet"] = event.get("_street", ctx.data["street"]) not in ("showdown", "deal") \
            and ctx.data["street"] not in ("showdown", "deal") and state.to_call(event["seat"]) > 0
    return out


@reads("royal_flush_claimed")
def _royal_claimed(event, ctx) -> dict:
    out = {"royal_flush_claimed.member": event["member"],
           "royal_flush_claimed.witnessed": event["witnessed_by_official"]}
    if isinstance(event.get("jackpot"), (int, float)):
        out["royal_flush_claimed.jackpot"] = event["jackpot"]
    return out


def _card_facts(data: dict, final_state, facts: dict) -> dict:
    """The cards read (ruling_engine.facts.hands): each hand's best five, the winners of every pot, how a
    split pot divides and who gets the odd chip, a royal flush and how many hole cards it uses, and
    whether a hand shown, mucked or named was what the cards say. Nothing is computed (and the hand
    evaluator is not imported) unless the incident gives hole cards."""
    from ruling_engine.facts import cards_read      # keeps the evaluator out of incidents without cards
    return cards_read.facts(data, final_state, facts, total_in(data))
