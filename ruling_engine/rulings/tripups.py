"""Warnings on what a new user writes that the engine reads otherwise than he may expect (the
translators' "Using floorcall as a new user", docs/fidelity): said once each, with the line, and
what to write instead. None changes a ruling: each says how the file was read.

- a listed player who never acts nor folds makes a later action out of turn;
- `hand_shown` entered before the showdown is read as a hand shown at the showdown;
- `game.ante` in a hand whose timeline starts at the first betting round past the deal (stud's
  `third-street:`) is counted in the pot, the stacks read as after the antes.
"""
from __future__ import annotations

# The last street of each game: a hand shown once it has come (or at `showdown:`) is at the showdown.
LAST_STREETS = ("river", "seventh-street", "showdown", "hand-over")
# The first betting round after the deal: a timeline starting there starts after the antes went in.
FIRST_ROUNDS_PAST_ANTES = ("third-street",)


def tripup_warnings(incident, facts_by_point: list, point_lines: list, timeline=None) -> list:
    """The warnings of this module for an incident ruled: `facts_by_point` and `point_lines` (the
    line of each point) as the report holds them. With the `timeline` read, a silent seat is
    looked for on every betting round, not only at the points ruled (the same file warns the same
    whichever entry is marked)."""
    data, file = incident.data, incident.file
    lines = incident.header_lines or {}
    if timeline is not None:
        return (_silent_seat_warnings(data, file, lines, *_rounds_order(timeline), own_lines=True)
                + _early_show_warnings(data, file) + _ante_warnings(data, file, lines))
    return (_silent_seat_warnings(data, file, lines, facts_by_point, point_lines)
            + _early_show_warnings(data, file) + _ante_warnings(data, file, lines))


def _acting(entry) -> bool:
    return entry.get("entry") == "action" and "posts" not in entry


def _rounds_order(timeline) -> tuple[list, list]:
    """The order-of-action facts of each betting round of the timeline, and the line of the
    out-of-turn action each found (None when none was)."""
    from ruling_engine.facts.turn_order import order_facts
    data = timeline.data
    actions = data.get("actions") or []
    firsts, seen = [], set()
    for index, action in enumerate(actions):
        if action.get("street") not in seen:
            seen.add(action.get("street"))
            firsts.append(index)
    facts_list, action_lines = [], []
    for index in firsts:
        facts = order_facts(data, index)
        at = facts.get("_oot_index")
        entry = timeline.entries[timeline.action_entry[at]] if at is not None else {}
        facts_list.append(facts)
        action_lines.append(entry.get("line"))
    return facts_list, action_lines


def _silent_seat_warnings(data, file, lines, facts_by_point, point_lines, own_lines=False) -> list:
    """An action read as out of turn because the seat whose turn it was is listed, has no action in
    the whole timeline and did not fold before it started."""
    timeline = data.get("timeline") or []
    acted = {e["seat"] for e in timeline if _acting(e)}
    folded = {p["seat"] for p in data["players"] if p.get("folded") is True}
    out, said = [], set()
    for facts, line in zip(facts_by_point, point_lines):
        rightful, seat = facts.get("oot_rightful_seat"), facts.get("oot_seat")
        if rightful is None or rightful in acted or rightful in folded or (rightful, seat) in said:
            continue
        said.add((rightful, seat))
        at = line if own_lines else _oot_line(timeline, seat, line)
        where = f"{file}:{lines.get(f'players.{rightful}')}" if lines.get(f"players.{rightful}") else file
        out.append(f"{where}: seat {rightful} is listed but never acts and never folds, so seat {seat}'s action"
                   f"{f' (line {at})' if at else ''} is read as out of turn: it was seat {rightful}'s turn. "
                   f"If seat {rightful} was out of the hand, write folded: true on his player; if he folded in "
                   f"the hand, add his fold where it came, e.g. - {{seat: {rightful}, did: fold}}")
    return out


def _oot_line(timeline, seat, point_line):
    """The line of seat `seat`'s first action on the betting round of the point at `point_line`."""
    start = 0
    for n, entry in enumerate(timeline):
        if entry.get("entry") == "street":
            start = n
        if entry.get("line") == point_line:
            break
    return next((e.get("line") for e in timeline[start:] if _acting(e) and e.get("seat") == seat), None)


def _early_show_warnings(data, file) -> list:
    """A hand_shown before the showdown: after a street that is not the last, or with betting or
    cards still to come after it."""
    timeline = data.get("timeline") or []
    found, street = [], None        # (line, why) of each
    for n, entry in enumerate(timeline):
        if entry.get("entry") == "street":
            street = entry
        if entry.get("event") != "hand_shown":
            continue
        later = next((e for e in timeline[n + 1:] if _acting(e) or (e.get("entry") == "street"
                                                                     and e["street"] not in LAST_STREETS)), None)
        if later is not None:
            why = f"the {later['street']} comes after it (line {later['line']})" if later["entry"] == "street" \
                else f"seat {later['seat']} acts after it (line {later['line']})"
        elif street is not None and street["street"] not in LAST_STREETS:
            why = f"the last street before it is the {street['street']} (line {street['line']})"
        else:
            continue
        found.append((entry["line"], why))
    if not found:
        return []
    (line, why), also = found[0], [str(n) for n, _ in found[1:]]
    others = f" (and the one on line{'s' if len(also) > 1 else ''} {', '.join(also)})" if also else ""
    return [f"{file}:{line}: hand_shown comes before the showdown ({why}){others}: it is ruled as a hand "
            "shown at the showdown (the clubs' rules on showing hands read it); a card a player showed "
            "while the hand was still being played is card_exposed: {by: player, during: play}"]


def _ante_warnings(data, file, lines) -> list:
    """game.ante given, no ante posted by an entry, no pot given: a timeline starting at stud's
    third street has every listed player's ante in the pot (facts/hand.py), its stacks after them."""
    ante = data["game"].get("ante")
    timeline = data.get("timeline") or []
    if not isinstance(ante, (int, float)) or isinstance(ante, bool) or not ante > 0 or "pot_at_start" in data:
        return []
    if any(e.get("posts") == "ante" for e in timeline) or any("pot" in e for e in timeline
                                                                if e.get("entry") == "street"):
        return []
    first = next((e for e in timeline if e.get("entry") in ("street", "action")), None)
    if first is None or first.get("street") not in FIRST_ROUNDS_PAST_ANTES:
        return []
    line = lines.get("game.ante") or lines.get("game")
    count = len(data["players"])
    return [f"{file}{f':{line}' if line else ''}: the antes (game: ante {ante:g}) of the {count} players listed "
            f"are counted in the pot ({ante * count:g}): the timeline starts at {first['street']}: (line "
            f"{first['line']}), after they went in, so the stacks are read as after the antes. Write deal: above "
            f"it if the stacks are from before the antes, or give the pot as it stood with pot_at_start:"]
