"""More than one hand in one incident (issue 22, "More than one hand"; docs/timeline.md, "More than
one hand").

A timeline may hold several hands in order: once a hand has had an action, its `hand-over:` ends
it and the next `deal:` (or `preflop:`, `third-street:`, or an action: a blind posted) begins the
next hand. A timeline that starts between hands (`hand-over:` before any action) still deals its one
hand, as before: a file valid before this change means what it meant.

Each hand is ruled on its own: the hand a point is in is cut out as an incident of its own (its
button, the stacks carried from the hand before, its own entries, with what was said and done
between the two hands in front of it), and the rest of the pipeline rules it as it rules any hand.
What the earlier hands say that a clause reads (a player all in on the previous hand, the next
deal begun when a dispute is raised) is written into the entries that ask it here, in the loader;
a field the user wrote wins, and one written so that it disagrees is an error with its line.
"""
from __future__ import annotations

import math

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.unknowns import UNKNOWN, holds_unknown

HAND_START = ("deal", "preflop", "third-street")     # a street that begins a hand's deal or its betting


def _played(entry: dict) -> bool:
    """Whether an entry shows a hand played: an action, or the hand's own result (its showdown, its
    pot pushed). A finished hand written by its result without its actions (`deal:`, `showdown:`,
    the pot pushed: P801's hands A and B) is a hand all the same. A `deal:` with only events after
    it (a player away while hands are dealt, a break) plays no hand: those events stay with the
    hand ruled, as before."""
    return entry["entry"] == "action" or _settled(entry)


def hand_starts(timeline: list) -> list:
    """The index of the first entry of each hand after the first: after a `hand-over:` ending a hand
    that was played (an action, or its showdown or pot pushed), the next hand-start street or action."""
    starts, played, over = [], False, False
    for index, entry in enumerate(timeline):
        begins = (entry["entry"] == "action" or
                  entry["entry"] == "street" and entry["street"] in HAND_START)
        if over and played and begins:
            starts.append(index)
            played, over = False, False
        if entry["entry"] == "street" and entry["street"] == "hand-over":
            # a `hand-over:` before a hand was played ends no hand: the timeline began between
            # hands, and what follows (the blinds posted, the deal) is the one hand it deals
            over = played
        elif _played(entry):
            played = True
    return starts


def split(timeline: list) -> list:
    """The timeline's entries hand by hand."""
    bounds = [0] + hand_starts(timeline) + [len(timeline)]
    return [timeline[a:b] for a, b in zip(bounds, bounds[1:])]


def _between(entries: list) -> int:
    """Where the stretch after a hand's `hand-over:` begins (len when there is none)."""
    for index, entry in enumerate(entries):
        if entry["entry"] == "street" and entry["street"] == "hand-over":
            return index
    return len(entries)


def _marked(entry: dict) -> bool:
    return entry.get("in_question") is True


def ruled_hand(timeline: list, file: str) -> int:
    """Which hand the points are in: the hand of the marked entries (the last hand when nothing is
    marked). Marks in two hands are an error: each hand is ruled on its own."""
    hands = split(timeline)
    which = {}
    for number, entries in enumerate(hands):
        for entry in entries:
            if _marked(entry):
                which.setdefault(number, entry)
    if len(which) > 1:
        first, second = sorted(which)[:2]
        raise FloorcallError(file, which[second]["line"], "the points of one hand (each hand of a timeline is "
                             "ruled on its own)", f"a point in hand {second + 1} and one in hand {first + 1} "
                             f"(line {which[first]['line']})", "mark the entries of the hand the floor was "
                             "called about; to rule the other hand too, mark its entries in a copy of the file")
    return next(iter(which), len(hands) - 1)


# -- facts the earlier hands say -------------------------------------------------------------------

def _all_in(entry: dict) -> bool:
    from ruling_engine.facts.replay import parse_said
    words = entry.get("said")
    term = (parse_said(words) or ("none", None))[0] if isinstance(words, str) and words != UNKNOWN else "none"
    return entry.get("did") == "all-in" or term == "all-in"


def _settled(entry: dict) -> bool:
    """A hand's own result: its showdown, or its pot pushed."""
    return (entry["entry"] == "street" and entry["street"] == "showdown"
            or entry.get("event") == "money_moved" and entry.get("did") == "pushed")


NEXT_DEAL_SAYS = {"dispute": "after_next_shuffle", "board_turned_down": "new_hand_started",
                  "rebuy_request": "next_hand_dealt"}     # true once the next hand's deal has begun
PREVIOUS_HAND_SAYS = {"buys_chips": "all_in_last_hand"}  # read from the hand before in the timeline
FOR_THE_NEXT_HAND = ("level_change",)     # events about the hand after the one they happened in (its level)


def timeline_says(timeline: list) -> dict:
    """{index of an event: (field, the hand before or None)} for each event field the timeline
    itself says: the NEXT_DEAL_SAYS field of an event after a hand-over and the next hand's deal
    (or its first action), the PREVIOUS_HAND_SAYS field of an event with a played hand before it."""
    out = {}
    over = started = False
    offset, hands = 0, split(timeline)
    for number, entries in enumerate(hands):
        previous = hands[number - 1] if number else []      # the hand before: after this
        for position, entry in enumerate(entries):                   # hand's hand-over, this hand
            if entry["entry"] == "street" and entry["street"] == "hand-over":
                over, started = True, False
                if any(e["entry"] == "action" for e in entries[:position]):
                    previous = entries[:position]
            elif over and (entry["entry"] == "action" or entry["entry"] == "street" and entry["street"] in HAND_START):
                started = True
            elif started and _settled(entry):
                over = started = False            # the new hand reached its own result: a dispute after
            kind = entry.get("event") if entry["entry"] == "event" else None
            if started and kind in NEXT_DEAL_SAYS:
                out[offset + position] = (NEXT_DEAL_SAYS[kind], None)
            elif previous and kind in PREVIOUS_HAND_SAYS:
                out[offset + position] = (PREVIOUS_HAND_SAYS[kind], previous)
        offset += len(entries)
    return out


def derive_between_hands(data: dict, node, file: str) -> None:
    """Write what the timeline says into the events that ask it, unless the user wrote the field;
    written so that it disagrees, an error with its line."""
    timeline = data.get("timeline") or []
    raw_entries = list(node.get("timeline") or []) if isinstance(node, dict) else []
    raws = [next(iter(r.values())) if isinstance(r, dict) and len(r) == 1 else None for r in raw_entries]
    if len(raws) != len(timeline):
        raws = [None] * len(timeline)
    for index, (name, previous) in timeline_says(timeline).items():
        entry = timeline[index]
        if previous is None:
            value = True                  # the next hand's deal had begun: so had its shuffle
        elif isinstance(entry.get("seat"), int):
            value = any(e["entry"] == "action" and e.get("seat") == entry["seat"] and _all_in(e) for e in previous)
        else:
            continue
        written = raws[index] if isinstance(raws[index], dict) else {}
        if name in written and written[name] != UNKNOWN:
            if written[name] != value:
                why = ("he went all in on the previous hand" if value else "he did not go all in on the previous "
                       "hand in the timeline") if previous is not None else "it comes after the next hand's deal began"
                line = written.line_of(name) if hasattr(written, "line_of") else entry["line"]
                raise FloorcallError(file, line, f"{name}: {str(value).lower()} ({why})",
                                     f"{name}: {str(written[name]).lower()}",
                                     f"leave {name} out: the timeline says it; or correct the timeline")
            continue
        entry[name] = value


# -- one hand cut out as an incident ------------------------------------------------------------

def _next_seat(seat, seats: list):
    after = [s for s in seats if s > seat]
    return (after or seats)[0] if seats else None


def _hand_button(entries: list):
    for entry in entries:
        if entry["entry"] == "street" and "button" in entry:
            return entry["button"] if isinstance(entry["button"], int) else None
    return None


def _carried_stacks(data: dict, entries: list, stacks: dict) -> dict:
    """Each player's chips at the end of a hand: what he had, less what he put in, plus what was
    pushed or returned to him (the whole pot to the one player left when nobody pushed it). A stack
    that cannot be worked out (an unpushed pot at a showdown) is not known (None)."""
    from ruling_engine.facts.hand import _stack_was_on_table, table_stakes
    from ruling_engine.facts.timeline import read_timeline
    if any(entry.get("entry") == "action" and holds_unknown(entry) for entry in entries):
        # an earlier hand with an action not known (who raised, how much): what each player had
        # at its end cannot be worked out, so the next hand's stacks are not known either
        return {seat: None for seat in stacks}
    hand_data = dict(data, timeline=entries, players=[dict(p, **({"stack": stacks[p["seat"]]}
                                                                 if stacks.get(p["seat"]) is not None else {}))
                                                      for p in data["players"]])
    for player in hand_data["players"]:
        if stacks.get(player["seat"]) is None:
            player.pop("stack", None)
        player.pop("behind", None)
    read = read_timeline(hand_data)
    put_in = read.hand.total_in()
    pot = sum(v for v in put_in.values() if isinstance(v, (int, float))) + (hand_data.get("pot_at_start") or 0)
    # chips taken off, lent or given before this hand's deal changed the stack it was played with
    # (issue 21, table stakes): the next hand starts from that stack, less what went in
    written = {seat: stack for seat, stack in stacks.items() if stack is not None}
    played = table_stakes(written, read.data.get("events") or (), _stack_was_on_table(read.data, written))
    out = {seat: (None if stack is None else played[seat] - put_in.get(seat, 0)) for seat, stack in stacks.items()}
    pushed = False
    for entry in entries:
        if entry.get("event") != "money_moved" or entry.get("did") not in ("pushed", "returned"):
            continue
        seat, amount = entry.get("seat"), entry.get("amount")
        if entry.get("did") == "pushed":
            pushed = True
            amount = pot if amount is None else amount
        if seat in out and out[seat] is not None and isinstance(amount, (int, float)) and math.isfinite(amount):
            out[seat] += amount
        elif seat in out:
            out[seat] = None
    if not pushed:
        left = read.hand.views[-1].in_hand
        if len(left) == 1 and out.get(left[0]) is not None:
            out[left[0]] += pot
        else:
            for seat, amount in put_in.items():
                if amount and seat in out:
                    out[seat] = None
    return out


BUSTED_EVENTS = {"player_busted": None, "seat_emptied": "eliminated"}   # event: the reason it must give


SEAT_KEYS = ("seat", "by", "small_blind", "big_blind", "heard_by", "seats")


def _names_seat(entry: dict, seat) -> bool:
    """Whether an entry of the ruled hand names this seat: as the actor, the speaker, a blind's
    poster, or in a field naming seats (`..._seat`)."""
    for key, value in entry.items():
        if key in SEAT_KEYS or key.endswith("_seat"):
            values = value if isinstance(value, list) else [value]
            if any(v == seat and not isinstance(v, bool) for v in values):
                return True
    return False


def _knocked_out(entries: list) -> set:
    """The seats an earlier hand's entries say were knocked out at this table: a `player_busted`
    (one at another table, `table:` written, is not this table's seat) or a `seat_emptied` with
    reason eliminated."""
    out = set()
    for entry in entries:
        kind = entry.get("event") if entry.get("entry") == "event" else None
        if kind not in BUSTED_EVENTS or entry.get("table") is not None:
            continue
        reason = BUSTED_EVENTS[kind]
        if reason is None or entry.get("reason") == reason:
            out.add(entry.get("seat"))
    return out


def _last_hand_over(timeline: list):
    return next((i for i in range(len(timeline) - 1, -1, -1) if timeline[i]["entry"] == "street"
                 and timeline[i]["street"] == "hand-over"), None)


def asked_before_next_deal(timeline: list) -> bool:
    """Whether the points are asked between hands, before the next hand is dealt (docs/timeline.md,
    "A question asked between hands"): every marked entry comes after the timeline's last
    `hand-over:`, and nothing after it deals a hand (no `deal:` or other street, no action; a blind
    put out before the deal deals nothing). What came before that `hand-over:` is history: a
    finished hand (its result carried: stacks, the seats knocked out, the button moved on) or events
    of earlier hands, not points of the hand not yet dealt."""
    from ruling_engine.facts.timeline import BETWEEN_HANDS_EVENTS
    over = _last_hand_over(timeline)
    if not over:                 # no hand-over:, or nothing before it: no history to set apart
        return False
    marks = [e for e in timeline if _marked(e)]
    after = timeline[over + 1:]
    # a marked point between hands: a blind put out for the next deal, or an event that happens
    # between hands (a player moved in, seated, away); words or a dispute after a hand are about it,
    # and so is a question whose fields the timeline reads from the hand just played (a rebuy after
    # a bust, chips bought after an all-in: NEXT_DEAL_SAYS, PREVIOUS_HAND_SAYS): that hand is ruled
    reads_the_hand = set(NEXT_DEAL_SAYS) | set(PREVIOUS_HAND_SAYS)
    between = [e for e in after if _marked(e) and (e["entry"] == "action" and "posts" in e or e["entry"] == "event"
                                                    and e["event"] in BETWEEN_HANDS_EVENTS - reads_the_hand)]
    return bool(marks) and len(between) == len(marks) and not any(
        e["entry"] == "street" or e["entry"] == "action" and "posts" not in e for e in after)


def hand_incident(data: dict, number: int) -> dict:
    """Hand `number` of a timeline of several, as an incident of its own: its button (its `deal:`'s
    `button:`, or the last hand's moved to the next seat listed), its players with their stacks
    carried from the hand before, the game's level as the level changes before it left it, and its
    entries (with the stretch after the last hand's `hand-over:` in front of them)."""
    hands = split(data["timeline"])
    if number == len(hands):
        hands = hands + [[]]         # the next hand, not yet dealt: its entries are the stretch in front
    if len(hands) == 1:
        return data
    seats = sorted(p["seat"] for p in data["players"])
    stacks = {p["seat"]: (p["stack"] if isinstance(p.get("stack"), (int, float)) and not isinstance(p.get("stack"), bool)
                          and p["stack"] == p["stack"] else None) for p in data["players"]}
    button = data.get("button")
    game = dict(data["game"])
    gone = set()            # seats knocked out on an earlier hand (issue 22: more than one hand)
    for earlier in range(number):
        entries = hands[earlier]
        stacks = _carried_stacks(dict(data, game=game, button=button,
                                      pot_at_start=data.get("pot_at_start") if earlier == 0 else 0), entries, stacks)
        carried = entries if earlier < number - 1 else entries[:_between(entries)]   # the last stretch goes in front
        gone |= _knocked_out(carried) | {seat for seat, stack in stacks.items() if stack == 0}
        for entry in carried:
            if entry.get("event") == "level_change" and entry.get("blinds"):
                game["blinds"] = list(entry["blinds"])
                if entry.get("ante") is not None:
                    game["ante"] = entry["ante"]
        given = _hand_button(hands[earlier + 1])
        button = given if given is not None else (_next_seat(button, seats) if isinstance(button, int) else None)
    if number == 0:
        own = hands[0]
    else:
        before = hands[number - 1]
        # what the hand before said of this one (the level went up while it was played) is read here
        # too, in front of the stretch between the two hands: its facts are this hand's
        ahead = [dict(e, _for_this_hand=True) for e in before[:_between(before)]
                 if e["entry"] == "event" and e.get("event") in FOR_THE_NEXT_HAND]
        own = ahead + before[_between(before):] + hands[number]
    out = dict(data, timeline=own, game=game)
    own_ids = {id(e) for e in own} | {id(e) for e in hands[number - 1] if number and any(
        a.get("_for_this_hand") and a["line"] == e["line"] for a in own)}
    out["_other_hands"] = (number + 1, len(hands), [(e["line"], e["event"]) for e in data["timeline"]
                                                    if e["entry"] == "event" and id(e) not in own_ids])
    if number:
        out.pop("pot_at_start", None)
        players = []
        # a player knocked out on an earlier hand (busted, eliminated, or carried with no chips) is
        # not at the table for this one: never dealt in, posts nothing, never named to act. Kept
        # only when this hand's own entries name him (what the user wrote of him is ruled).
        gone = {seat for seat in gone if not any(_names_seat(e, seat) for e in own)}
        for player in data["players"]:
            if player["seat"] in gone:
                continue
            player = {k: v for k, v in player.items() if k not in ("folded", "cards", "stack")}
            if "behind" not in player and stacks.get(player["seat"]) is not None:
                player["stack"] = stacks[player["seat"]]
            players.append(player)
        out["players"] = players
        out["_after_hand"] = number          # its forced bets go in at its deal (facts/timeline.py)
        if button is None:
            out.pop("button", None)
        else:
            out["button"] = button
    return out


def ruled_incident(incident):
    """The incident of the hand its points are in (itself when the timeline holds one hand)."""
    timeline = incident.data.get("timeline") or []
    undealt = undealt_incident(incident)
    if undealt is not None:
        return undealt
    if not hand_starts(timeline):
        return incident
    from ruling_engine.incident.load import Incident
    number = ruled_hand(timeline, incident.file)
    return Incident(incident.file, hand_incident(incident.data, number), incident.unknowns, incident.header_lines)


FILL_SEAT = ("player_moved", "player_seated")     # events that seat a player in a seat


def undealt_incident(incident):
    """A question asked after a `hand-over:` and before the next deal (asked_before_next_deal): the
    hand not yet dealt, as an incident of its own. When a hand was played before the `hand-over:`,
    it is cut out as the next hand (hand_incident: stacks, seats knocked out, button carried); when
    none was (events of earlier hands, written before the `hand-over:`), the timeline starts at the
    `hand-over:` and the button is the one written. Either way it is marked `_undealt`: no hand is in
    progress, so there are no dead hands and no pot (facts/timeline.py)."""
    from ruling_engine.incident.load import Incident
    timeline = incident.data.get("timeline") or []
    if not asked_before_next_deal(timeline):
        return None
    over = _last_hand_over(timeline)
    if any(_played(e) for e in timeline[:over]):
        data = hand_incident(incident.data, len(split(timeline)))
    else:
        data = dict(incident.data, timeline=timeline[over:])
        data["_other_hands"] = (1, 1, [(e["line"], e["event"]) for e in timeline[:over] if e["entry"] == "event"])
    # a seat emptied and then filled before the deal (a player moved or seated into it) is no empty
    # seat of the hand to be dealt: its emptying is history (the finished hand's bust), not a point
    own = data["timeline"]
    filled = {e.get("seat") for e in own if e["entry"] == "event" and e["event"] in FILL_SEAT}
    gone = [e for e in own if e["entry"] == "event" and e["event"] == "seat_emptied" and e.get("seat") in filled
            and not _marked(e) and any(f["entry"] == "event" and f["event"] in FILL_SEAT and f.get("seat") == e["seat"]
                                       for f in own[own.index(e) + 1:])]
    if gone:
        number, count, others = data.get("_other_hands") or (1, 1, [])
        data["timeline"] = [e for e in own if all(e is not g for g in gone)]
        data["_other_hands"] = (number, count, sorted(others + [(e["line"], e["event"]) for e in gone]))
    data["_undealt"] = True
    return Incident(incident.file, data, incident.unknowns, incident.header_lines)


def hands_warnings(incident) -> list:
    """The events of the other hands of the timeline, which are not ruled (the points are in one
    hand): named once, with how to rule one, so that nothing written is passed over in silence."""
    number, count, others = incident.data.get("_other_hands") or (0, 0, [])
    if not others:
        return []
    if incident.data.get("_undealt"):
        named = ", ".join(f"line {line}: {kind}" for line, kind in others[:8]) + (" ..." if len(others) > 8 else "")
        return [f"{incident.file}: the points are asked after the last hand-over:, before the next hand is dealt; "
                f"the entries before it ({named}) are history (a finished hand, or earlier hands), read for "
                "what they carry (the stacks, the players out, the button), not ruled: mark one with "
                "in_question: true to rule on its hand"]
    named = ", ".join(f"line {line}: {kind}" for line, kind in others[:8]) + (" ..." if len(others) > 8 else "")
    return [f"{incident.file}: the timeline holds {count} hands and hand {number}, where the points are, is "
            f"ruled; the events of the other hands ({named}) are read for what they say about it (the button, "
            "the stacks, the next deal begun, an all-in on the hand before), not ruled: mark one with "
            "in_question: true to rule on its hand"]
