"""Facts of the dealing-room events: disputes, objections to the rules, the dealing procedure,
boxed cards, how a player holds his cards, deck changes, an absent player's leaving, chips and
blind, and which card of the deal an exposed hole card was.

Plain read-outs of what the floor saw (each event kind by its own small function); what they
amount to under each club is for the clubs' rules.
"""
from __future__ import annotations

from ruling_engine.facts.registry import reads, reads_together
from ruling_engine.facts.replay import clockwise_from

_PROCEDURE_FIELDS = {      # dealing_procedure field -> fact
    "found": "dealing_procedure.found", "riffles": "dealing_procedure.shuffle_riffles", "scrambled": "dealing_procedure.shuffle_scrambled",
    "cut_by": "dealing_procedure.cut_by", "cuts": "dealing_procedure.cut_count", "cut_cards": "dealing_procedure.cut_cards", "cut_card": "dealing_procedure.cut_card",
    "cut_refused": "dealing_procedure.cut_refused", "direction": "dealing_procedure.deal_direction",
    "bottom_card_dealt": "dealing_procedure.bottom_card_dealt", "bottom_card_seen": "dealing_procedure.bottom_card_seen",
    "deck_unprotected": "dealing_procedure.deck_unprotected", "deck_to_discards_early": "dealing_procedure.deck_to_discards_early",
    "dealing_not_announced": "dealing_procedure.dealing_not_announced", "exposed_not_announced": "dealing_procedure.exposed_not_announced",
    "unburned": "dealing_procedure.unburned_street", "flop_one_at_a_time": "dealing_procedure.flop_one_at_a_time",
    "cards_not_collected": "dealing_procedure.cards_not_collected",
}


def _dispute_facts(event: dict) -> dict:
    """A dispute: when it was raised, who ruled, and whether a ruling already given is challenged."""
    return {"dispute.raised": True,
            "dispute.after_next_shuffle": event["after_next_shuffle"],
            "dispute.dealer_ruled": event["dealer_ruled"],
            "dispute.facts_disputed": event["facts_disputed"],
            "dispute.cctv_reviewed": event["cctv_reviewed"],
            "dispute.ruling_challenged": event["ruling_challenged"],
            "dispute.ruling_wrong": event["ruling_shown_wrong"],
            "dispute.floor_playing": event["floor_playing"],
            "dispute.about_dealer_mistake": event["about_dealer_mistake"]}


def _objection_facts(event: dict) -> dict:
    """An objection to the rules that govern the game, and whether it came after the start."""
    return {"rules_objection.what": event["objection"], "rules_objection.asked_after_start": event["after_start"]}


def _procedure_facts(event: dict) -> dict:
    """The dealing procedure as the floor saw it: only the fields stated (or defaulted) become facts."""
    facts = {"dealing_procedure.reported": True}
    for name, fact in _PROCEDURE_FIELDS.items():
        if name in event:
            facts[fact] = event[name]
    return facts


def _boxed_facts(event: dict, facts: dict) -> dict:
    """Boxed cards, summed over events; where they were found (the last event says)."""
    return {"card_boxed.count": facts.get("card_boxed.count", 0) + event["count"], "card_boxed.during": event["during"]}


def _deal_exposed_or_boxed(events: list) -> int | None:
    """Cards exposed during the deal plus boxed cards found while dealing the hole cards (None if
    the incident has no boxed card: the fact is only needed with one)."""
    boxed = sum(e["count"] for e in events if e["event"] == "card_boxed" and e["during"] == "deal")
    if not any(e["event"] == "card_boxed" for e in events):
        return None
    exposed = sum(e["count"] for e in events if e["event"] == "card_exposed" and e["during"] == "deal")
    return boxed + exposed


def _handling_facts(event: dict) -> dict:
    """A player's cards hidden from view or taken off the table top."""
    return {"cards_handling.seat": event["seat"], "cards_handling.concealed": event["concealed"],
            "cards_handling.off_table": event["off_table"]}


def _absent_facts(event: dict) -> dict:
    """An absent player: left mid-hand, never arrived, levels missed, said he will not return, and
    whether he was in the room when the deal began."""
    facts = {"player_away.left_mid_hand": event["left_mid_hand"], "player_away.since_start": event["since_start"],
             "player_away.not_returning": event["said_not_returning"]}
    if "levels_missed" in event:
        facts["player_away.levels_missed"] = event["levels_missed"]
    if "in_room" in event:
        facts["player_away.in_room"] = event["in_room"]
    return facts


def _away_blind_due(data: dict, seat) -> dict:
    """The forced bets the absent player owes on this hand: the small or big blind if his seat is in
    one (heads-up the button is the small blind) plus the game's ante, every seat's; needs blinds
    and button."""
    blinds, button = data["game"].get("blinds"), data.get("button")
    seats = [p["seat"] for p in data["players"]]
    if not blinds or button is None or len(seats) < 2:
        return {}
    order = clockwise_from(seats, button)
    small, big = (button, order[0]) if len(seats) == 2 else (order[0], order[1])
    blind = blinds[0] if seat == small else blinds[-1] if seat == big else 0
    return {"player_away.blind_due": blind + (data["game"].get("ante") or 0)}


def _deal_position(data: dict, event: dict):
    """Which card of the deal an exposed hole card was (1 = the first card dealt): as stated, or
    from the seat, the button and which of the player's own cards it was (dealing clockwise from
    the seat left of the button, one card a round)."""
    if "deal_position" in event:
        return event["deal_position"]
    seat, card, button = event.get("seat"), event.get("players_card"), data.get("button")
    seats = [p["seat"] for p in data["players"]]
    if seat is None or card is None or button is None or seat not in seats:
        return None
    return clockwise_from(seats, button).index(seat) + 1 + (card - 1) * len(seats)


def _exposed_deal_position(data: dict, events: list) -> dict:
    """The earliest card of the deal exposed during the deal, over all card_exposed events."""
    positions = [_deal_position(data, e) for e in events if e["event"] == "card_exposed" and e["during"] == "deal"]
    positions = [p for p in positions if p is not None]
    return {"card_exposed.deal_position": min(positions)} if positions else {}


def _exposer_all_in(events: list, final_state) -> dict:
    """Whether the player who exposed his cards (last card_exposed event with a seat) is all-in:
    still in the hand with no chips behind after the action log."""
    seats = [e["seat"] for e in events if e["event"] == "card_exposed" and e.get("seat") is not None]
    if not seats:
        return {}
    seat = seats[-1]
    return {"card_exposed.owner_all_in": seat in final_state.in_hand and final_state.stacks.get(seat) == 0}


@reads("dispute")
def _dispute(event, ctx) -> dict:
    return _dispute_facts(event)


@reads("rules_objection")
def _objection(event, ctx) -> dict:
    return _objection_facts(event)


@reads("dealing_procedure")
def _procedure(event, ctx) -> dict:
    return _procedure_facts(event)


@reads("card_boxed")
def _boxed(event, ctx) -> dict:
    return _boxed_facts(event, ctx.facts)


@reads("cards_handling")
def _handling(event, ctx) -> dict:
    return _handling_facts(event)


@reads("deck_change_request")
def _deck_change(event, ctx) -> dict:
    return {"deck_change_request.requested": True}


@reads("player_away")
def _away(event, ctx) -> dict:
    """A player away from his seat: at the first card, at the last card of the deal, at his turn;
    left mid-hand, never arrived, levels missed; the blind he owes on this hand."""
    out = {"player_away.seat": event["seat"], "player_away.at_first_card": event["at_first_card"],
           "player_away.at_last_card": event["at_last_card"], "player_away.at_turn": event["at_turn"]}
    out.update(_absent_facts(event))
    out.update(_away_blind_due(ctx.data, event["seat"]))
    out.update(_left_in_level(ctx.data, event))
    return out


def _left_in_level(data: dict, event: dict) -> dict:
    """The blind level he left in (the game's level plus the level_change entries before his
    player_away entry) and the second level after it; unstated without the game's level."""
    level, at = data["game"].get("level"), event.get("_entry")
    if not isinstance(level, int) or isinstance(level, bool) or at is None:
        return {}
    left = level + sum(1 for e in data.get("events", []) if e["event"] == "level_change"
                       and e.get("_entry") is not None and e["_entry"] < at)
    return {"player_away.left_in_level": left, "player_away.second_level_after": left + 2}


@reads_together("card_exposed", "card_boxed")
def _cards_of_the_deal(found, ctx) -> dict:
    """Across the deal's exposed and boxed cards: how many together, whether the exposer is all-in,
    the earliest card of the deal exposed."""
    events = ctx.data.get("events", [])
    out = {}
    combined = _deal_exposed_or_boxed(events)
    if combined is not None:
        out["card_boxed.deal_exposed_or_boxed"] = combined
    out.update(_exposer_all_in(events, ctx.final_state))
    out.update(_exposed_deal_position(ctx.data, events))
    out.update(_exposed_in_deal(ctx.data, events))
    return out


def _exposed_in_deal(data: dict, events: list) -> dict:
    """How many cards had been exposed during the deal when the floor ruled, over every card_exposed
    entry of the timeline up to the point (two exposures recorded one by one are two exposed
    cards of the same deal; the point's own view keeps only its own entry of the kind)."""
    entries = data.get("_entries")
    if entries is None:
        exposed = [e for e in events if e["event"] == "card_exposed"]
    else:
        upto = max(data.get("_point_entries") or [len(entries) - 1])
        exposed = [e for e in entries[:upto + 1] if e.get("entry") == "event" and e.get("event") == "card_exposed"]
    exposed = [e for e in exposed if e.get("during") == "deal"]
    if not exposed:
        return {}
    # who exposed them: the dealer's errors and a player's own cards are counted apart, for the
    # clauses whose count of exposed cards is about dealing errors (Q702)
    return {"card_exposed.deal_count": sum(e.get("count", 1) for e in exposed),
            "card_exposed.deal_count_by_dealer": sum(e.get("count", 1) for e in exposed if e.get("by") == "dealer"),
            "card_exposed.deal_count_by_player": sum(e.get("count", 1) for e in exposed if e.get("by") == "player")}


@reads_together("dispute", "break_taken")
def _dispute_into_break(found, ctx) -> dict:
    """A finished hand disputed across a break: whether the hand finished going into a break (a
    break_taken entry after the pot was pushed, no street of a new hand between) and how many
    seconds (at least) after the pot was pushed the claim was first raised (the first thing a
    player said after the push, or the dispute entry itself), read from the entries' `after:` /
    `at:`. Left unstated where the timeline has no push, no break, or says nothing of the time."""
    from ruling_engine.incident.timing import seconds_at_least
    if not found["dispute"]:
        return {}
    entries = ctx.data.get("_entries") or []
    raised = found["dispute"][0].get("_entry")
    if not entries or raised is None:
        return {}
    pushes = [e["_entry"] for e in ctx.data.get("events", []) if e["event"] == "money_moved"
              and e.get("did") == "pushed" and e.get("_entry") is not None and e["_entry"] < raised]
    if not pushes:
        return {}
    push = pushes[-1]
    breaks = [b["_entry"] for b in found["break_taken"] if b.get("_entry") is not None and push < b["_entry"] <= raised]
    out = {"dispute.into_break": bool(breaks) and not any(
        entries[i].get("entry") == "street" for i in range(push + 1, breaks[0] if breaks else push + 1))}
    spoke = next((i for i in range(push + 1, raised) if entries[i].get("entry") == "said"
                  and isinstance(entries[i].get("by"), int) and not isinstance(entries[i].get("by"), bool)), raised)
    seconds = seconds_at_least(entries, push, spoke)
    if seconds is not None:
        out["dispute.seconds_after_award"] = seconds
    return out
