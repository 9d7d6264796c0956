"""From the incident's hole cards and board to the computed facts of the showdown (see hands.py).

Which hands are read, who wins each pot, how a split pot divides (broken down to the smallest chip
in play, or in the chips as they lie), the royal flush, and the cards behind what was shown, mucked
or named. Without hole cards only cards_known (false) is returned and the evaluator is never called.
"""
from __future__ import annotations

import math

from ruling_engine.facts import hands
from ruling_engine.incident.load import HAND_SIZE
from ruling_engine.numbers import game_currency, known_amount, stated_smallest_chip


def _hands(data: dict) -> dict:
    """seat -> Hand for every player whose cards give a complete hand."""
    variant = data["game"]["variant"]
    board = data.get("board", [])
    return {p["seat"]: hands.best_hand(p["seat"], p["cards"], board, variant)
            for p in data["players"] if p.get("cards") and hands.can_read(variant, p["cards"], board)}


def _part_shown_wins(data: dict, read: dict, contenders: list, known: dict) -> dict:
    """A player who has shown one card only, the others' hands read: whether what he shows already
    beats every other hand still in (hands.part_beats_all)."""
    seat = known.get("hand_shown.seat")
    player = next((p for p in data["players"] if p["seat"] == seat), None)
    others = [s for s in contenders if s != seat]
    if seat in read or not player or not all(s in read for s in others):
        return {}
    wins = hands.part_beats_all(data["game"]["variant"], data.get("board", []), player.get("cards") or [],
                                [read[s] for s in others])
    return {} if wins is None else {"hand_shown.would_win": wins}


def _named_right(data: dict, seat: int, hand, kind) -> bool:
    """Whether the hand named for `seat` is what his cards make: the kind, and (a hand named in words,
    issue 21) each rank the words give: "ace-high straight" on a five-high straight, "two pair, kings"
    on queens up are wrong though the kind is right (named_hand.matches)."""
    from ruling_engine.incident.named_hand import NamedHand, matches
    declared = [e for e in data.get("events", []) if e["event"] == "hand_declared" and e.get("hand_of") == seat]
    ranks = tuple(declared[-1].get("_named") or ()) if declared else ()
    return matches(NamedHand(kind, ranks), hand)


def _winners(read: dict, seats) -> list:
    best = min(read[s].rank for s in seats)
    return [s for s in seats if read[s].rank == best]


def _units(data: dict) -> tuple:
    """(smallest chip in play, smallest chip in the pot); defaults: the small blind or smallest chip seen."""
    seen = [c for c in list(data["game"].get("blinds") or []) + [c for a in data.get("actions", [])
                                                                 for c in a.get("chips", [])] if known_amount(c)]
    in_play = stated_smallest_chip(data["game"]) or (min(seen) if seen else 1)   # `unknown`: as not given
    pot = data.get("pot_smallest_chip")
    return in_play, pot if known_amount(pot) else in_play


def _money(currency: str, value) -> str:
    return f"{currency}{value:,}" if isinstance(value, int) else f"{currency}{value:,.2f}"


def _division(pots_won: list, unit, button, currency: str) -> tuple:
    """A line per pot (who gets what, odd chips to the first sharer left of the button) and the
    numbers of the first split pot: (text, share, odd)."""
    lines, first = [], None
    for index, (amount, winners) in enumerate(pots_won):
        name = "Main pot" if index == 0 else f"Side pot {index}"
        if len(winners) == 1:
            lines.append(f"{name} {_money(currency, amount)}: seat {winners[0]} takes it.")
            continue
        share, odd = hands.divide(amount, len(winners), unit)
        order = hands.clockwise_order(winners, button)
        text = f"{name} {_money(currency, amount)}: seats {hands.seats_text(order)} get {_money(currency, share)} each"
        text += f", and the odd {_money(currency, odd)} goes to seat {order[0]}." if odd else "."
        lines.append(text)
        if first is None:
            first = (share, odd)
    share, odd = first or (None, None)
    return " ".join(lines), share, odd


def _tabled_winner_pushed_past(data: dict, winner: int, variant: str) -> bool:
    """Whether the dealer pushed the pot (or a part of it) to another player while the hand the cards
    make the winner lay turned face up, every card of it, readable (e19/cards, A203: a winner tabled
    and passed over for a hand wrongly called). A hand not shown in full is ruled on as such."""
    shown = False
    for event in data.get("events", []):
        if event["event"] == "hand_shown" and event.get("seat") == winner:
            shown = (event.get("face_up") or 0) >= HAND_SIZE[variant] and event.get("readable") is not False
        elif (event["event"] == "money_moved" and event.get("did") == "pushed" and event.get("by", "dealer") == "dealer"
              and isinstance(event.get("seat"), int) and event["seat"] != winner and shown):
            return True
    return False


def facts(data: dict, final_state, known: dict, contributions: dict) -> dict:
    """The card facts (vocabulary: the cards read; pots, split pots and odd chips; the royal flush;
    hands declared) for an incident; only cards_known (false) when no hole cards are given."""
    if not any(p.get("cards") for p in data["players"]):
        return {"cards_known": False}
    variant, board, button = data["game"]["variant"], data.get("board", []), data.get("button")
    read = _hands(data)
    out = {"cards_known": True}
    contenders = list(final_state.in_hand)
    # -- the royal flush ------------------------------------------------------------------------------
    royal = [h for h in read.values() if h.category == "royal-flush"]
    if royal:
        hand = royal[0]
        out["royal_flush_seat"] = hand.seat
        out["royal_flush_hole_cards"] = hand.hole_used
        shown = [e for e in data.get("events", []) if e["event"] == "hand_shown" and e["seat"] == hand.seat]
        if shown:
            out["hand_shown.royal_flush_tabled"] = shown[-1]["face_up"] >= HAND_SIZE[variant] and shown[-1]["readable"]
    # -- a hand named at showdown --------------------------------------------------------------------------
    named = known.get("hand_declared.hand_of")
    if named in read:
        hand = read[named]
        out["hand_declared.correct"] = _named_right(data, named, hand, known.get("hand_declared.hand"))
        out["hand_declared.actual_hand"] = hand.text()
        owner = next(p for p in data["players"] if p["seat"] == named)
        loose = hands.best_with_any_cards(owner["cards"], board) if variant != "stud" else hand
        out["hand_declared.ignores_card_limit"] = (not out["hand_declared.correct"]
                                              and loose.category == known.get("hand_declared.hand"))
    if known.get("hand_shown.seat") in read:
        out["hand_shown.plays_board"] = read[known["hand_shown.seat"]].plays_board
    # -- the showdown: every hand still in must be readable -------------------------------------------------
    out["hands_read"] = "; ".join(f"seat {s}: {read[s].text()}" for s in sorted(read))
    if len(contenders) == 1 and contenders[0] in read and "royal_flush_seat" in out:
        out["royal_flush_won"] = out["royal_flush_seat"] == contenders[0]
    out.update(_part_shown_wins(data, read, contenders, known))
    if len(contenders) < 2 or not all(s in read for s in contenders):
        return out
    # the cards decide the pot only when every hand is still in play and shown in full: a hand in the
    # muck, or one not fully shown, is first ruled on as such (mucked-hand, hand-not-fully-shown)
    settled_elsewhere = any(e["event"] == "hand_mucked" for e in data.get("events", [])) or \
        known.get("hand_shown.all_cards") is False or known.get("hand_shown.readable") is False
    at_showdown = data["street"] == "showdown" and not settled_elsewhere
    winners = _winners(read, contenders)
    order = hands.clockwise_order(winners, button)
    ranked = sorted(contenders, key=lambda s: read[s].rank)
    runner_up = next((s for s in ranked if read[s].rank != read[ranked[0]].rank), None)
    out.update({
        "hands_compared": at_showdown,
        "winner_count": len(winners),
        "winner_seat": order[0],
        "winning_seats": hands.seats_text(order),
        "winning_hand": read[winners[0]].category,
        "winning_hand_text": read[winners[0]].text(),
        "decided_by_kicker": runner_up is not None and hands.decided_by_kicker(read[ranked[0]], read[runner_up]),
        "winning_hand_plays_board": all(read[s].plays_board for s in winners),
    })
    if "royal_flush_seat" in out:
        out["royal_flush_won"] = out["royal_flush_seat"] in winners
    if at_showdown and len(winners) == 1:
        out["tabled_winner_pushed_past"] = _tabled_winner_pushed_past(data, winners[0], variant)
    # what was shown or mucked, against the cards: winning a side pot is winning (class 17)
    pot_winners = set(winners)
    if all(math.isfinite(v) for v in contributions.values()):
        for _amount, eligible in hands.pots(contributions, contenders):
            if eligible and all(s in read for s in eligible):
                pot_winners |= set(_winners(read, eligible))
    if known.get("hand_shown.seat") in read:
        out["hand_shown.would_win"] = known["hand_shown.seat"] in pot_winners
    if known.get("hand_mucked.seat") in read:
        out["hand_mucked.winning"] = known["hand_mucked.seat"] in pot_winners
    # -- pots ----------------------------------------------------------------------------------------------
    if not all(math.isfinite(v) for v in contributions.values()):
        return out              # an all-in of unknown size (no stack given): the pots cannot be counted
    layers = hands.pots(contributions, contenders)
    already_in = (data.get("pot_at_start") or 0) + data["_hand"].views[-1].dead_money if "_hand" in data else 0
    if already_in:                # chips in the middle before the timeline (and antes) go to the main pot
        layers = [(hands._tidy(layers[0][0] + already_in), layers[0][1])] + layers[1:] if layers else \
            [(hands._tidy(already_in), contenders)]
    if not layers:
        return out
    out["pot_total"] = hands._tidy(sum(a for a, _ in layers))
    pots_won = [(amount, hands.clockwise_order(_winners(read, eligible), button)) for amount, eligible in layers]
    split = [(a, w) for a, w in pots_won if len(w) > 1]
    out["split_pot"] = bool(split)
    if split:
        in_play, in_pot = _units(data)
        out["split_unit"] = in_play          # the smallest chip in play: what odd chips are broken into
        amount, sharers = split[0]
        out["split_ways"] = len(sharers)
        out["split_pot_amount"] = amount
        out["odd_chip_seat"] = sharers[0]
        out["split_seats"] = hands.seats_text(sharers)
        currency = game_currency(data["game"])
        out["pot_division_broken"], out["split_share_broken"], out["split_odd_broken"] = \
            _division(pots_won, in_play, button, currency)
        out["pot_division_unbroken"], out["split_share_unbroken"], out["split_odd_unbroken"] = \
            _division(pots_won, in_pot, button, currency)
    return out
