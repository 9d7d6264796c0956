"""'Don't know' as an answer: incident fields written `unknown`, and the rulings they turn on.

A choice field (enum or yes/no) may be written `unknown` when the floor cannot establish it. The
incident is then ruled once per combination of the possible values; where a club's ruling differs
between combinations, the ruling says what it depends on.
"""
from __future__ import annotations

import copy
from itertools import product

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.cards import FULL_CARD, suitless

UNKNOWN = "unknown"
MAX_COMBINATIONS = 256          # of the fields that can change a ruling (rulings/relevance.py)
MAX_POINT_RULINGS = 600         # each point once per combination of the fields that can change it


CHOICE_TYPES = ("enum", "bool", "seat")
SKIPPED = ("expected", "casebook", "notes", "title")


def holds_unknown(value) -> bool:
    """Whether a value holds `unknown` anywhere (a seat, an amount, a chip, a nested field)."""
    if isinstance(value, dict):
        return any(holds_unknown(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(holds_unknown(v) for v in value)
    return value == UNKNOWN


def unknown_paths(data, path=(), vocabulary=None) -> list:
    """Paths (tuples of keys and indexes) of every choice (enum, yes/no, seat) written `unknown`.
    Numbers written `unknown` are not choices: what depends on them is left unstated."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in SKIPPED and not (isinstance(key, str) and key.startswith("_")):
                found.extend(unknown_paths(value, path + (key,)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(unknown_paths(value, path + (index,)))
    elif data == UNKNOWN:
        found.append(path)
    return found


def choice_paths(data: dict, vocabulary) -> list:
    """The unknown paths that are choices the incident can be ruled on every way: fields written
    `unknown`, and cards of known rank whose suit nobody saw (`Q?`: one of four suits)."""
    out = []
    for path in unknown_paths(data):
        spec = spec_at(path, data, vocabulary)
        if spec is not None and spec.type in CHOICE_TYPES and path[-1] != "house":
            out.append(path)
    for path in _suitless_paths(data):
        spec = spec_at(path, data, vocabulary)
        if spec is not None and spec.type in ("card", "cards"):
            out.append(path)
    return out


def _suitless_paths(data, path=()) -> list:
    if isinstance(data, dict):
        return [p for key, value in data.items()
                if key not in SKIPPED and not (isinstance(key, str) and key.startswith("_"))
                for p in _suitless_paths(value, path + (key,))]
    if isinstance(data, list):
        return [p for index, value in enumerate(data) for p in _suitless_paths(value, path + (index,))]
    return [path] if suitless(data) else []


def _named_cards(data) -> set:
    """Every card named in full anywhere in the incident (hole cards, board, burns, events)."""
    if isinstance(data, dict):
        return {c for key, value in data.items() if key not in SKIPPED for c in _named_cards(value)}
    if isinstance(data, list):
        return {c for value in data for c in _named_cards(value)}
    return {data} if isinstance(data, str) and FULL_CARD.match(data) else set()


def values_at(path: tuple, data: dict, vocabulary) -> list:
    """The values the unknown field at `path` can have: a suitless card (`Q?`) is that rank in
    each suit not named elsewhere in the incident."""
    value = data
    for step in path:
        value = value[step]
    if suitless(value):
        named = _named_cards(data)
        return [value[0] + suit for suit in "shdc" if value[0] + suit not in named]
    return domain(spec_at(path, data, vocabulary), data)


def _entry_record(node, records):
    kind = node.get("entry") if isinstance(node, dict) else None
    if kind == "action":
        return records["action"]
    if kind == "street":
        return records["street_entry"]
    if kind == "said":
        return records["said"]
    if kind == "event":
        return records[records["event"][node["event"]].record]
    return None


def spec_at(path: tuple, data: dict, vocabulary):
    """The vocabulary FieldSpec of the field at `path` in validated incident data."""
    records = vocabulary.records
    record, node, spec = records["incident"], data, None
    for step in path:
        if isinstance(step, int):
            node = node[step]
            entry_record = _entry_record(node, records)
            if entry_record is not None:
                record = entry_record
            continue
        spec = record.get(step)
        if spec is None:
            return None
        node = node[step]
        if spec.type == "record":
            record = records[spec.record]
        elif spec.type == "list" and spec.record:
            record = records[spec.record]
    return spec


def domain(spec, data: dict | None = None) -> list:
    if spec.type == "bool":
        return [True, False]
    if spec.type == "seat":
        return [p["seat"] for p in (data or {}).get("players", [])]
    return list(spec.values)


def path_name(path: tuple, data: dict) -> str:
    """A readable name of a field: `card_exposed.by`, `game.format`, `action.2.first`; for a card
    whose suit nobody saw, `suit of seat 3's A?` (or of the flop's, of a race_entry's)."""
    card = _value_at(data, path)
    if suitless(card):
        if path[0] == "players":
            return f"suit of seat {data['players'][path[1]]['seat']}'s {card}"
        owner = data["timeline"][path[1]] if path[0] == "timeline" else {}
        if isinstance(owner.get("seat"), int):
            return f"suit of seat {owner['seat']}'s {card}"
        where = owner.get("street") or owner.get("event") or path_name(path[:-1], data) if owner else path[0]
        return f"suit of the {where}'s {card}"
    parts = []
    node = data
    whose = ""
    for step in path:
        node = node[step]
        if step == "timeline":
            continue
        if isinstance(step, int) and isinstance(node, dict) and node.get("entry") == "event":
            parts.append(node["event"])
            whose = _whose_event(node, data)
        elif isinstance(step, int) and isinstance(node, dict) and node.get("entry") == "action":
            number = sum(1 for e in data["timeline"][:step + 1] if e.get("entry") == "action")
            parts.append(f"action.{number}")
        elif isinstance(step, int) and isinstance(node, dict) and node.get("entry") in ("street", "said"):
            parts.append(node.get("street") or "said")
        elif isinstance(step, int):
            parts.append(str(step + 1))
        else:
            parts.append(step)
    return ".".join(parts) + whose


def _whose_event(event: dict, data: dict) -> str:
    """Which of two or more events of one kind a field is of (two players' exposures each ruled
    both ways are two questions, not one asked twice): ' (seat N)', or ' (line N)' where the seat
    does not tell them apart; '' for the only event of its kind."""
    kind, seat = event.get("event"), event.get("seat")
    same = [e for e in data.get("timeline") or () if isinstance(e, dict) and e.get("event") == kind]
    if len(same) < 2:
        return ""
    if isinstance(seat, int) and sum(1 for e in same if e.get("seat") == seat) == 1:
        return f" (seat {seat})"
    return f" (line {event['line']})" if isinstance(event.get("line"), int) else ""


def path_line(path: tuple, data: dict, header_lines: dict | None = None) -> int | None:
    """The line of the field at `path`: its timeline entry's, else the header field's (`game.format`,
    else `players`) when the incident was read from a file."""
    node, line = data, None
    for step in path:
        node = node[step]
        if isinstance(node, dict) and isinstance(node.get("line"), int):
            line = node["line"]
    if line is None and header_lines:
        line = header_lines.get(".".join(str(step) for step in path[:2])) or header_lines.get(str(path[0]))
    return line


def first_line(paths, data: dict, header_lines: dict | None = None) -> int | None:
    """The first line in the file of the fields at `paths` (None when none has a line)."""
    lines = [line for line in (path_line(p, data, header_lines) for p in paths) if line]
    return min(lines) if lines else None


def combinations(data: dict, vocabulary, file: str, paths=None, header_lines: dict | None = None) -> list:
    """[(assignment {path: value}, completed data)] for every combination of the unknown fields
    (of `paths`, when given: the others stay `unknown`). Too many is an error at the line of the
    first of those fields (`header_lines`: the header fields' lines, Incident.header_lines)."""
    paths = choice_paths(data, vocabulary) if paths is None else paths
    domains = [values_at(p, data, vocabulary) for p in paths]
    total = 1
    for values in domains:
        total *= len(values)
    if total > MAX_COMBINATIONS:
        names = ", ".join(path_name(p, data) for p in paths)
        raise FloorcallError(file, first_line(paths, data, header_lines),
                             f"at most {MAX_COMBINATIONS} combinations of unknown answers",
                             f"{total} ({names})", "establish some of these facts before ruling")
    out = []
    cards = [i for i, p in enumerate(paths) if _value_at(data, p) not in (UNKNOWN,) and suitless(_value_at(data, p))]
    bound = _bound(paths, data, vocabulary)
    for values in product(*domains):
        given = [values[i] for i in cards]
        if len(set(given)) != len(given):
            continue                       # two suitless cards of one rank cannot be the same card
        assignment = dict(zip(paths, values))
        if any(assignment[p] is True and assignment.get(other, _value_at(data, other)) is False
               for p, other in bound):
            continue                       # true only with a field that is false here (`only_with:`)
        out.append((dict(zip(paths, values)), _assigned(data, zip(paths, values))))
    return out


def _bound(paths, data: dict, vocabulary) -> list:
    """[(path, the path of its `only_with:` field)] of the unknown fields true only with another."""
    out = []
    for p in paths:
        spec = spec_at(p, data, vocabulary) if isinstance(p[-1], str) else None
        if spec is not None and spec.only_with:
            other = p[:-1] + (spec.only_with,)
            try:
                _value_at(data, other)
            except (KeyError, IndexError, TypeError):
                continue
            out.append((p, other))
    return out


def _value_at(data, path):
    for step in path:
        data = data[step]
    return data


def _assigned(data: dict, assignment) -> dict:
    """`data` with the values assigned at their paths: the mappings and lists on the way to them
    copied, everything else shared with `data` (which nothing downstream changes)."""
    completed = copy.copy(data)
    copied = {id(completed)}
    for path, value in assignment:
        node = completed
        for step in path[:-1]:
            child = node[step]
            if id(child) not in copied:
                child = copy.copy(child)
                copied.add(id(child))
                node[step] = child
            node = child
        node[path[-1]] = value
    return completed
