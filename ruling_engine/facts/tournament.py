"""Tournament arithmetic: tables and their counts, finishing order, chip races, league time.

Everything here is counting over what the floor saw (tables and players, stacks, cards dealt in a
chip race, minutes played). No club's numbers live here: which table a club breaks, how many
players make its final table or what a late arrival starts with are read off by its rules.
"""
from __future__ import annotations

from ruling_engine.facts.registry import reads, reads_together
from ruling_engine.facts.replay import clockwise_from

RANKS = "23456789TJQKA"


def card_rank(card: str) -> int:
    """The rank of a card such as 'Ks', '10h', 'Th' or 'K?' (suit unseen); higher compares greater.
    A chip race is won on rank alone: no club's text ranks the suits."""
    rank = card[:-1]
    rank = "T" if rank == "10" else rank
    return RANKS.index(rank)


def _fmt(n) -> str:
    n = int(n) if isinstance(n, float) and n.is_integer() else n
    return f"{n:,}" if isinstance(n, int) else str(n)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def table_facts(tables: list) -> dict:
    """Tables in play: how many, players left, the spread of players between tables, the highest
    numbered table, and whether the other tables have empty seats for every player of the
    shortest-handed table (so that a table can be broken)."""
    if not tables:
        return {}
    counts = {t["number"]: t["players"] for t in tables}
    most, fewest = max(counts.values()), min(counts.values())
    shortest = min(counts, key=lambda n: (counts[n], -n))
    fullest = max(counts, key=lambda n: (counts[n], -n))
    empty_elsewhere = sum(t["seats"] - t["players"] for t in tables if t["number"] != shortest)
    highest = max(counts)
    empty_besides_highest = sum(t["seats"] - t["players"] for t in tables if t["number"] != highest)
    moves, after = _balance(counts)
    here = [t["number"] for t in tables if t.get("hand_here") is True]
    return {
        **({"table_count.hand_table": here[0]} if here else {}),
        "table_count.players_to_move": moves,
        "table_count.balanced_counts": ", ".join(f"table {n}: {after[n]}" for n in sorted(after)),
        "table_count.tables_in_play": len(tables),
        "table_count.players_left_total": sum(counts.values()),
        "table_count.table_gap": most - fewest,
        "table_count.fullest_table": fullest,
        "table_count.shortest_table": shortest,
        "table_count.shortest_table_players": fewest,
        "table_count.highest_table": highest,
        "table_count.highest_table_players": counts[highest],
        "table_count.room_to_break_a_table": len(tables) > 1 and counts[shortest] <= empty_elsewhere,
        "table_count.room_to_break_highest_table": len(tables) > 1 and counts[highest] <= empty_besides_highest,
    }


def _balance(counts: dict) -> tuple:
    """Players moved one at a time from the fullest table to the shortest until no table has two
    fewer players than another (f18/tables): how many move, and the players at each table after."""
    after = dict(counts)
    moves = 0
    while len(after) > 1 and max(after.values()) - min(after.values()) >= 2:
        fullest = max(after, key=lambda n: (after[n], -n))
        shortest = min(after, key=lambda n: (after[n], -n))
        after[fullest] -= 1
        after[shortest] += 1
        moves += 1
    return moves, after


def finishing_facts(busted: list, stacks: dict) -> dict:
    """Players knocked out on one hand, ranked by the chips each had when the hand began (more
    chips, higher place), with the places they finish in when the players left are known."""
    if not busted:
        return {}
    seats = [e["seat"] for e in busted]
    ordered = sorted(seats, key=lambda s: -stacks.get(s, 0))
    named = f"seat {seats[0]}" if len(seats) == 1 else \
        "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
    out = {"player_busted.count": len(seats), "player_busted.seat": seats[-1], "player_busted.seats": named,
           "player_busted.stacks_known": all(s in stacks for s in seats)}
    out["player_busted.first_seat"] = seats[0]          # with .seat (the last): each of two knocked out
    # a table named on a player_busted is a hand of its own at that table (left out: this hand's
    # table): players knocked out at two tables in one round were not eliminated on the same hand
    out["player_busted.one_table"] = len({e.get("table") for e in busted}) == 1
    if not out["player_busted.stacks_known"]:
        return out
    top = [s for s in ordered if stacks[s] == stacks[ordered[0]]]
    out["player_busted.stacks_tied"] = len(top) > 1
    out["player_busted.higher_finisher_seat"] = ordered[0]
    better = [e["seat"] for e in busted if e["better_hand"]]
    if better:
        out["player_busted.better_losing_hand_seat"] = better[0]
    left = [e["players_left"] for e in busted if "players_left" in e]
    if left:
        first = left[0] - len(seats) + 1
        out["player_busted.higher_finish_place"] = first
        out["player_busted.finishing_order"] = ", ".join(
            f"seat {s} {_ordinal(first + i)} ({_fmt(stacks[s])} chips at the start of the hand)"
            for i, s in enumerate(ordered))
    else:
        out["player_busted.finishing_order"] = ", then ".join(f"seat {s} ({_fmt(stacks[s])} chips)" for s in ordered)
    return out


def chip_race_facts(colour: dict | None, entries: list, stacks: dict) -> dict:
    """A colour-up's odd chips: their total value, how many chips of the next denomination that
    value makes, who wins them in a race (one card per odd chip, highest cards win one chip each),
    and any player whose whole stack is in the race."""
    if not entries:
        return {}
    total_odd = sum(e["odd_chips"] for e in entries)
    out = {"race_entry.odd_chips": total_odd}
    if not colour:
        return out
    chip, into = colour["chip"], colour["into"]
    out["race_entry.round_up_result"] = ", ".join(
        f"seat {e['seat']}: {e['odd_chips']} × {_fmt(chip)} becomes 1 × {_fmt(into)}"
        for e in entries if e["odd_chips"])
    whole = [e["seat"] for e in entries
             if e["seat"] in stacks and stacks[e["seat"]] <= e["odd_chips"] * chip]
    if whole:                                  # rounded up instead of racing: out of the race
        out["race_entry.whole_stack_seat"] = whole[0]
    racing = [e for e in entries if e["seat"] not in whole]
    value = sum(e["odd_chips"] for e in racing) * chip
    won = value // into
    out["race_entry.value"] = value
    out["race_entry.chips_to_win"] = won
    named = [(c, e["seat"]) for e in racing for c in e.get("cards", [])]
    unseen = [c for c, _ in named if c.startswith("?")]
    if unseen and len(named) == sum(e["odd_chips"] for e in racing):
        out["race_entry.winners"] = f"not known: the rank of {', '.join(unseen)} was not seen"
        return out
    dealt = [(card_rank(c), c, seat) for c, seat in named]
    out["race_entry.tie_at_cut"] = False
    if dealt and len(dealt) == sum(e["odd_chips"] for e in racing):
        dealt.sort(key=lambda d: -d[0])
        cut = dealt[won - 1][0] if 0 < won < len(dealt) and dealt[won - 1][0] == dealt[won][0] else None
        clear = [d for d in dealt[:won] if d[0] != cut]
        tally: dict = {}
        for _, card, seat in clear:
            tally.setdefault(seat, []).append(card)
        said = [f"seat {s} wins {len(cards)} × {_fmt(into)} ({', '.join(cards)})" for s, cards in tally.items()]
        if cut is not None:                     # cards of one rank on both sides of the last chip won
            tied = [d for d in dealt if d[0] == cut]
            left = won - len(clear)
            out["race_entry.tie_at_cut"] = True
            out["race_entry.tied"] = (
                f"{', '.join(f'seat {seat} ({card})' for _, card, seat in tied)} tie on rank for "
                f"{left} × {_fmt(into)}")
            said.append(out["race_entry.tied"] + " still to be decided")
        out["race_entry.winners"] = "; ".join(said) or "nobody (the odd chips make less than one larger chip)"
    return out


def colour_facts(colour: dict, blinds) -> dict:
    """A colour-up: the chip to come off, the one it is exchanged for, levels completed, whether
    it was announced, and whether the blinds still need the smaller chip."""
    out = {"colour_up.chip": colour["chip"], "colour_up.into": colour["into"],
           "colour_up.announced": colour["announced"]}
    if "levels_completed" in colour:
        out["colour_up.levels_completed"] = colour["levels_completed"]
    if blinds:
        out["colour_up.chip_needed"] = any(b % colour["into"] for b in blinds)
    return out


def league_facts(event: dict) -> dict:
    """A league player's record: minutes played rounded to the nearest 15, the points at one per
    30 minutes of that, and his total with the points he already had."""
    out = {"league_record.attending": event["attending"], "league_record.points_before": event["points_before"],
           "league_record.absent_entries": event["absent_entries_used"]}
    if isinstance(event.get("seat"), int):      # whose record: the seat a ruling on his chips names
        out["league_record.seat"] = event["seat"]
    if "games_played" in event:
        out["league_record.games_played"] = event["games_played"]
    if "minutes_played" in event and event["minutes_played"] == event["minutes_played"]:    # not unknown (NaN)
        minutes = event["minutes_played"]
        rounded = int(minutes / 15 + 0.5) * 15          # halves round up: 7.5 minutes -> 15
        points = rounded / 30
        points = int(points) if points.is_integer() else points
        total = event["points_before"] + points
        out.update({"league_record.minutes": minutes, "league_record.minutes_rounded": rounded,
                    "league_record.points_earned": points,
                    "league_record.points_total": int(total) if float(total).is_integer() else total})
    return out


def moved_facts(event: dict, data: dict) -> dict:
    """A player moved to (or joining) this table: where his seat lies against the button and the
    next blinds of the players already here."""
    seat = event["seat"]
    out = {"player_moved.seat": seat, "player_moved.took_all_chips": event["took_all_chips"]}
    button = data.get("button")
    others = [p["seat"] for p in data["players"] if p["seat"] != seat]
    if button is None or not others:
        return out
    order = clockwise_from(others, button)
    small_blind = order[0] if len(others) > 2 else button
    around = clockwise_from(others + [seat], button)      # dealing order with the new player in
    if small_blind != button and around.index(seat) < around.index(small_blind):
        position = "between-button-and-small-blind"
    elif around.index(seat) == around.index(small_blind) + 1:
        position = "big-blind"
    else:
        position = "other"
    out["player_moved.position"] = position
    return out


@reads_together("table_count", "player_busted", "colour_up", "race_entry")
def _tournament_counts(found, ctx) -> dict:
    """Tables in play, the players knocked out on the hand, a colour-up and its chip race: each
    counted over every entry of its kind."""
    data = ctx.data
    stacks = {p["seat"]: p["stack"] for p in data["players"] if "stack" in p}
    facts = dict(table_facts(found["table_count"]))
    facts.update(finishing_facts(found["player_busted"], stacks))
    colours = found["colour_up"]
    if colours:
        facts.update(colour_facts(colours[-1], data["game"].get("blinds")))
    facts.update(chip_race_facts(colours[-1] if colours else None, found["race_entry"], stacks))
    return facts


@reads("league_record")
def _league(event, ctx) -> dict:
    return league_facts(event)


@reads("player_moved")
def _moved(event, ctx) -> dict:
    return moved_facts(event, ctx.data)


@reads("rebuy_request")
def _rebuy(event, ctx) -> dict:
    return rebuy_facts(event)


@reads("main_event_entry")
def _main_event(event, ctx) -> dict:
    return satellite_facts(event)


def _arrival_seat_facts(event: dict, data: dict) -> dict:
    """An arrival at a seat: whether that seat was dealt in (and blinded) from the start waiting
    for him, and the chips at it (the stack the incident gives)."""
    seat = event.get("seat")
    if seat is None:
        return {"arrival.dealt_in_since_start": False}
    away = [e for e in data.get("events", []) if e["event"] == "player_away" and e.get("seat") == seat]
    out = {"arrival.dealt_in_since_start": any(e.get("since_start") for e in away)}
    player = next((p for p in data["players"] if p["seat"] == seat), None)
    if player and isinstance(player.get("stack"), (int, float)) and player["stack"] == player["stack"]:
        out["arrival.stack"] = player["stack"]
    return out


@reads("arrival")
def _arrival(e, ctx) -> dict:
    out = {"arrival.seat": e.get("seat"), "arrival.minutes": e["minutes_after_start"],
           "arrival.level": e["level"], "arrival.registered_by": e["registered_by"],
           "arrival.first_break_over": e["first_break_over"], "arrival.seat_available": e["seat_available"],
           "arrival.substitute": e.get("substitute", False)}    # f18/transfer: a substitute for the entrant
    out.update(_arrival_seat_facts(e, ctx.data))
    return out


@reads("level_change")
def _level(e, ctx) -> dict:
    out = {"level_change.happened": True, "level_change.blinds_in_early": e["blinds_in_before_beep"],
           "level_change.previous_hand_completed": e["previous_hand_completed"]}
    out.update(_mid_hand_facts(e, ctx))
    return out


def _mid_hand_facts(e: dict, ctx) -> dict:
    """A level that went up while this hand was being played (its entry after the hand began, not
    one carried from the hand before): whether the bet in question, made after it, raised by at
    least the hand's minimum but less than the new level's big blind - the question of which big
    blind sets the minimum bet in a hand already dealt."""
    if e.get("_for_this_hand") or e.get("_before_deal") or e.get("_street") in (None, "hand-over"):
        return {}
    out = {"level_change.during_hand": True}
    blinds, facts = e.get("blinds"), ctx.facts
    at, entry = e.get("_entry"), ctx.data.get("_action_entry")
    if not blinds or at is None or entry is None or entry < at or not facts.get("action.raises"):
        return out
    raise_by, minimum = facts.get("action.raise_by"), facts.get("min_raise_by")
    if isinstance(raise_by, (int, float)) and isinstance(minimum, (int, float)) and not facts.get("action.all_in"):
        out["action.below_new_level_blind"] = minimum <= raise_by < blinds[-1]
        out["level_change.new_big_blind"] = blinds[-1]
    return out


@reads_together("level_change", "break_taken")
def _level_in_break(found, ctx) -> dict:
    """Whether a level change's clock time (its entry's `at:`) falls inside a stated break
    (break_taken starts..ends): the clock ran on while play had stopped. Left unstated where a
    time needed is not written."""
    changes, breaks = found["level_change"], found["break_taken"]
    if not changes or not breaks:
        return {}
    spans = [(_seconds(b.get("starts") or b.get("at")), _seconds(b.get("ends"))) for b in breaks]
    times = [_seconds(c.get("at")) for c in changes]
    if any(s is None or t is None for s, t in spans) or any(t is None for t in times):
        return {}
    inside = [t for t in times for s, end in spans if s <= _after(s, t) < _after(s, end)]
    return {"level_change.in_break": bool(inside)}


def _dealt_after_warning(e: dict, data: dict):
    """Whether a hand was dealt after this warning (a club's 'no more hands shall be dealt' after the warning):
    after the break_due entry a hand begins - a `deal:` (or `preflop:`, `third-street:`) street or a
    blind posted - and the warning was not given during that same hand (nothing of it - its deal,
    a street, an action - written before the warning, or a `hand-over:` between the warning and
    that start). None without a
    timeline: nothing says where the warning came."""
    entries, at = data.get("_entries"), e.get("_entry")
    if entries is None or at is None:
        return None
    begun = False                     # an action of a hand in progress was written before the warning
    for entry in entries[:at]:
        if entry.get("entry") == "street" and entry.get("street") == "hand-over":
            begun = False
        elif entry.get("entry") == "action" or entry.get("street") in ("deal", "preflop", "third-street"):
            begun = True
    for entry in entries[at + 1:]:
        kind = entry.get("entry")
        if kind == "street" and entry.get("street") == "hand-over":
            begun = False
        elif kind == "street" and entry.get("street") in ("deal", "preflop", "third-street") and not begun:
            return True
        elif kind == "action":
            if entry.get("posts") and not begun:
                return True
            begun = True
        elif kind == "street":
            begun = True
    return False


@reads("break_due")
def _break(e, ctx) -> dict:
    out = {"break_due.warning_sounded": e["warning_sounded"], "break_due.announced": e["break_announced"]}
    dealt = _dealt_after_warning(e, ctx.data) if e["warning_sounded"] else None
    if dealt is not None:
        out["break_due.hand_dealt_after"] = dealt
    return out


@reads("structure_change")
def _structure(e, ctx) -> dict:
    return {"structure_change.what": e["change"]}


@reads("seat_request")
def _seat_request(e, ctx) -> dict:
    out = {"seat_request.reason": e["reason"], "seat_request.final_table": e["final_table"]}
    if "players_at_table" in e:
        out["seat_request.table_players"] = e["players_at_table"]
    # a seat asked for within the table the player already sits at (a final table's seating, or the
    # asking seat listed under players:) adds no player to it
    seated = {p.get("seat") for p in ctx.data.get("players", []) if isinstance(p, dict)}
    out["seat_request.within_table"] = bool(e["final_table"]) or (e.get("seat") is not None and e["seat"] in seated)
    return out


@reads("player_seated")
def _player_seated(e, ctx) -> dict:
    """Seats at a table (issue 22): who seated a player arriving at the table."""
    return {"player_seated.seat": e["seat"], "player_seated.by_floor": e["seated_by"] == "floor"}


@reads("deal_proposed")
def _deal(e, ctx) -> dict:
    return {"deal_proposed.kind": e["kind"]}


@reads("league_session")
def _session(e, ctx) -> dict:
    return {"league_session.number": e["session"], "league_session.played_for": e["played_for"]}


def rebuy_facts(event: dict) -> dict:
    """A re-buy or top-up asked for: the stack against the original starting amount."""
    out = {"rebuy_request.seat": event["seat"], "rebuy_request.kind": event["kind"], "rebuy_request.chips": event["chips"],
           "rebuy_request.period_over": event["period_over"], "rebuy_request.top_ups_taken": event["top_ups_taken"],
           "rebuy_request.next_hand_dealt": event["next_hand_dealt"], "rebuy_request.busted": event["chips"] == 0}
    if "notice_hands" in event:
        out["rebuy_request.notice_hands"] = event["notice_hands"]
    if event.get("starting_chips"):
        out["rebuy_request.stack_fraction"] = round(event["chips"] / event["starting_chips"], 4)
        out["rebuy_request.starting_chips"] = event["starting_chips"]
    return out


def satellite_facts(event: dict) -> dict:
    """A main-event entrant: how he got there, what he asks for, and, for a direct registration,
    the starting day his registration number falls on when days alternate (odd: the first day)."""
    out = {"main_event_entry.route": event["route"], "main_event_entry.asks": event["asks"],
           "main_event_entry.already_qualified": event["already_qualified"], "main_event_entry.advertised": event["advertised"]}
    if "registration_number" in event:
        out["main_event_entry.day_by_alternation"] = "the first day (Day 1a)" if event["registration_number"] % 2 \
            else "the second day (Day 1b)"
    return out


# -- a timed penalty across a break (f21/time, issue 22) ---------------------------------------------
# The facts only: how long, in what unit, when given; a break's start and end; when the minutes run
# out with the break counted and with play time only. Which of them a club's words give, and its cap,
# are in the clubs' rules (knowledge/rules/<club>/penalties.yaml).

def _clock_text(seconds: float) -> str:
    seconds = int(seconds) % (24 * 3600)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def _seconds(value) -> int | None:
    from ruling_engine.incident.timing import clock
    return None if value is None else clock(value, "", None)


def _after(start: int, later: int) -> int:
    """A clock time at or after start (past midnight: the next day)."""
    return later if later >= start else later + 24 * 3600


@reads_together("penalty_given", "break_taken")
def _penalty_time(found, ctx) -> dict:
    if not found["penalty_given"]:
        return {}
    e = found["penalty_given"][-1]
    # (the questionnaire works facts out from a timeline still being described: a field not yet given is left out)
    out = {f"penalty_given.{k}": e[k] for k in ("seat", "size", "unit", "return_asked") if e.get(k) is not None}
    if e.get("unit") is None or e.get("size") is None:
        return out
    breaks = [b for b in found["break_taken"] if b.get("_entry", 0) > e.get("_entry", -1)]
    if breaks and breaks[0].get("ends") is not None:
        out["penalty_given.break_ends"] = str(breaks[0]["ends"])
    if e["unit"] != "minutes":          # hands or rounds: a break in his time away is one written after it
        out["penalty_given.break_during"] = bool(breaks)
        return out
    given = _seconds(e.get("given_at") or e.get("at"))
    if given is None or not isinstance(e["size"], int):
        return out                      # when the minutes run out is not known: left unstated
    out["penalty_given.given_at"] = _clock_text(given)
    end = given + e["size"] * 60
    out["penalty_given.back_at_clock"] = _clock_text(end)
    starts = [_seconds(b.get("starts") or b.get("at")) for b in breaks]
    if any(s is None for s in starts) or any(b.get("ends") is None for b in breaks):
        return out                      # a break without its start or end: whether it fell in his time is not known
    during = [(b, s) for b, s in zip(breaks, starts) if _after(given, s) < end]
    out["penalty_given.break_during"] = bool(during)
    if len(during) > 1:
        return out                      # two breaks in his time away: counted here only for one
    if not during:
        out["penalty_given.back_at_play"] = out["penalty_given.back_at_clock"]
        return out
    start = _after(given, during[0][1])
    resumed = _after(start, _seconds(during[0][0]["ends"]))
    served = start - given
    out["penalty_given.served_before_break"] = served // 60
    out["penalty_given.left_after_break"] = (e["size"] * 60 - served) // 60
    out["penalty_given.back_at_play"] = _clock_text(resumed + e["size"] * 60 - served)
    return out


@reads_together("rebuy_request", "break_taken")
def _rebuy_after_break(found, ctx) -> dict:
    """A re-buy or top-up asked for after a break: how many hands were dealt between the last
    break_taken entry and the request (0: asked during the break). Unstated with no break before it."""
    if not found["rebuy_request"] or not found["break_taken"]:
        return {}
    entries = ctx.data.get("_entries") or []
    asked = found["rebuy_request"][-1].get("_entry")
    breaks = [b["_entry"] for b in found["break_taken"] if b.get("_entry") is not None and asked is not None and b["_entry"] < asked]
    if not breaks:
        return {}
    dealt = sum(1 for i in range(breaks[-1] + 1, min(asked, len(entries)))
                if entries[i].get("entry") == "street" and entries[i].get("street") == "deal")
    return {"rebuy_request.hands_after_break": dealt}
