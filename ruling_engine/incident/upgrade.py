"""`floorcall upgrade`: an incident in the old format (street, actions, events, board, pot) as a
timeline meaning the same thing.

The old format had one action log (each action on its `street:`, or the incident's street), the
events with no place in it, and the board apart. The timeline puts the streets where the log
changes street, with the board's cards on them, then the events in their listed order after
the last action (where the old format read them: against the hand as the log left it), then a
street entry for where the hand was when the floor was called, if the log stops before it.
"""
from __future__ import annotations

BETTING = ("preflop", "flop", "turn", "river")
BOARD_SLICES = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}
FLOP_ORDER = ("deal", "preflop", "flop", "turn", "river", "showdown")
STUD_ORDER = ("deal", "third-street", "fourth-street", "fifth-street", "sixth-street", "seventh-street", "showdown")


def is_old_format(data: dict) -> bool:
    return "timeline" not in data and any(k in data for k in ("street", "actions", "events", "board"))


def _street_entry(street: str, board: list) -> dict:
    if street in BOARD_SLICES and board:
        start, end = BOARD_SLICES[street]
        cards = board[start:end]
        if cards:
            return {street: cards if len(cards) > 1 else cards[0]}
    return {street: None}


def upgrade(data: dict) -> dict:
    """The old-format incident `data` (as parsed YAML) as a timeline incident."""
    if not is_old_format(data):
        return data
    street = data.get("street", "preflop")
    stud = data.get("game", {}).get("variant") == "stud"
    order = STUD_ORDER if stud else FLOP_ORDER
    board = list(data.get("board") or [])
    default = street if street in BETTING else "preflop"
    timeline, current = [], None

    def go_to(target):
        nonlocal current
        if target == current or target not in order:
            return
        if current is None:
            if target == "preflop":
                current = "preflop"      # the timeline starts pre-flop: blinds are posted from the button
                return
            earlier = [n for n in order[:order.index(target)] if n in BOARD_SLICES and
                       board[BOARD_SLICES[n][0]:BOARD_SLICES[n][1]]]
            names = earlier + [target]   # the board so far (betting not recorded), then the street
        else:
            names = list(order[order.index(current) + 1:order.index(target) + 1])
        for name in names:
            timeline.append(_street_entry(name, board))
        current = target

    for action in data.get("actions") or []:
        action = dict(action)
        go_to(action.pop("street", default))
        timeline.append(action)
    if street != current and not (street == "preflop" and current is None):
        go_to(street)
    marked = any((a or {}).get("in_question") for a in data.get("actions") or [])
    for event in data.get("events") or []:
        event = {kind: dict(body or {}) for kind, body in event.items()}
        if marked:                   # the old format ruled on every event beside the marked action
            for body in event.values():
                body["in_question"] = True
        timeline.append(event)
    out = {}
    for key, value in data.items():
        if key in ("street", "actions", "events", "board"):
            if key == "street":
                out["timeline"] = timeline
            continue
        if key == "pot":
            if not data.get("actions") or "pot_at_start" not in data:
                out["pot_at_start"] = value
            continue
        out[key] = value
    if "timeline" not in out:
        out["timeline"] = timeline
    return out
