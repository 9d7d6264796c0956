"""`floorcall upgrade`: an incident in the old format (street, actions, events, board, pot) as a
timeline meaning the same thing.

The old format had one action log (each action on its `street:`, or the incident's street), the
events with no place in it, and the board apart. The timeline puts the streets where the log
changes street, with the board's cards on them, then the events in their listed order after
the last action (where the old format read them: against the hand as the log left it), then a
street entry for where the hand was when the floor was called, if the log stops before it.
"""
from __future__ import annotations

import yaml

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


# -- writing the upgraded incident as an incident file reads -----------------------------------------

class _Flow(list):
    pass


class _FlowMap(dict):
    pass


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))
_Dumper.add_representer(_FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))


def _flow(value):
    if isinstance(value, dict):
        return _FlowMap({k: _flow(v) for k, v in value.items()})
    if isinstance(value, list):
        return _Flow(_flow(v) for v in value)
    return value


ORDER = ["title", "house", "game", "button", "dealer", "players", "others", "pot_at_start",
         "pot_smallest_chip", "timeline", "notes"]


def _flow_text(value) -> str:
    return yaml.dump(_flow(value), Dumper=_Dumper, allow_unicode=True, width=1000,
                     default_flow_style=True).strip().removesuffix("...").strip()


def _entry_line(entry) -> str:
    if isinstance(entry, dict) and len(entry) == 1 and "seat" not in entry:
        (key, body), = entry.items()
        return f"- {key}:" + ("" if body is None else " " + _flow_text(body))
    return "- " + _flow_text(entry)


def incident_yaml(data: dict, indent: str = "") -> str:
    keys = sorted(data, key=lambda k: ORDER.index(k) if k in ORDER else len(ORDER))
    lines = []
    for key in keys:
        value = data[key]
        if key in ("players", "timeline"):
            lines.append(f"{key}:")
            lines += ["  " + (_entry_line(v) if key == "timeline" else "- " + _flow_text(v)) for v in value]
        else:
            text = yaml.dump({key: _flow(value) if isinstance(value, (dict, list)) else value}, Dumper=_Dumper,
                             sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
            lines += text.rstrip("\n").split("\n")
    return "".join(indent + line + "\n" for line in lines)


def upgrade_text(text: str, name: str = "<incident>", indent: str = "") -> str:
    """An old-format incident file's text as a timeline file: the incident rewritten, and the
    `expected:` block (with the comments before it) kept exactly as written."""
    from ruling_engine.incident.yaml_source import kind_of, load_text
    from ruling_engine.errors import FloorcallError
    data = load_text(text, name)
    if not isinstance(data, dict):
        raise FloorcallError(name, getattr(data, "line", 1), "an incident: a mapping of 'key: value' lines",
                             kind_of(data))
    if not is_old_format(data):
        from ruling_engine.knowledge.load import load_knowledge
        new, written = state_former_defaults(text, name, load_knowledge().vocabulary)
        if not written:
            raise FloorcallError(name, data.line_of("timeline") if hasattr(data, "line_of") else 1,
                                 "an incident in the old format (street:, actions:, events:), or one that "
                                 "leaves out a field whose default decided a ruling before (`floorcall events` "
                                 "marks them 'older files meant')",
                                 "an incident with a timeline that states them all", "nothing to upgrade")
        return new
    lines = text.splitlines(True)
    cut = next((i for i, line in enumerate(lines) if line.startswith("expected:")), len(lines))
    while cut > 0 and lines[cut - 1].startswith("#"):
        cut -= 1
    while cut > 0 and not lines[cut - 1].strip():
        cut -= 1
    leading = 0
    while leading < cut and lines[leading].startswith("#"):
        leading += 1
    head = "".join(lines[:leading])          # a comment heading the file stays at its head
    incident = {k: _plain(v) for k, v in data.items() if k != "expected"}
    from ruling_engine.knowledge.load import load_knowledge
    timeline = head + incident_yaml(upgrade(incident), indent) + "".join(lines[cut:])
    return state_former_defaults(timeline, name, load_knowledge().vocabulary)[0]


def _plain(value):
    """Parsed YAML (with line numbers) as plain dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# -- fields that no longer default -------------------------------------------------------------
# A conclusion the floor draws (on purpose? brief? misled?) once had a default that decided the
# ruling when the field was left out; it now means "not stated" and is ruled every way the
# unknown allows (vocabulary `was_default:`). A file written before says, by leaving it out, the
# former default: the upgrade writes that value in, on the entry's own line, with a comment.

STATED_NOTE = "# upgrade: written out (left out, older files meant this)"


def _comment_start(line: str) -> int:
    """Where a line's YAML comment starts (len(line) when it has none): a `#` after a space,
    outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return i
    return len(line.rstrip("\n"))


def former_defaults(data, vocabulary) -> list:
    """[(line of the event's key, body, {field: former default})] for every timeline event that
    leaves out a field whose default decided a ruling before."""
    records = vocabulary.records
    kinds = records["event"]
    out = []
    timeline = data.get("timeline") if isinstance(data, dict) else None
    for entry in _point_folds(timeline or []):
        missing = {n: s.was_default for n, s in records["action"].items()
                   if s.was_default is not None and n not in entry}
        if missing:
            out.append((getattr(entry, "line", 0), entry, missing))
    for entry in timeline or []:
        if not isinstance(entry, dict) or len(entry) != 1:
            continue
        (kind, body), = entry.items()
        if kind not in kinds or not isinstance(body, dict):
            continue
        fields = records[kinds[kind].record]
        missing = {n: s.was_default for n, s in fields.items() if s.was_default is not None and n not in body}
        if missing:
            out.append((entry.line_of(kind) if hasattr(entry, "line_of") else 0, body, missing))
    return out


def _marked(entry) -> bool:
    if not isinstance(entry, dict):
        return False
    if entry.get("in_question") is True:
        return True
    return len(entry) == 1 and any(isinstance(v, dict) and v.get("in_question") is True for v in entry.values())


def _point_folds(timeline: list) -> list:
    """The folds a ruling reads the manner of: the marked ones, or the last action when nothing is
    marked (as incident/load.py _not_stated_in_actions)."""
    from ruling_engine.incident.load import _is_fold
    actions = [e for e in timeline if isinstance(e, dict) and "seat" in e and "posts" not in e
               and not (len(e) == 1 and isinstance(e.get("seat"), dict))]
    points = [e for e in actions if e.get("in_question") is True] if any(map(_marked, timeline)) else actions[-1:]
    return [e for e in points if _is_fold(e)]


def state_former_defaults(text: str, name: str, vocabulary) -> tuple:
    """(new text, number of fields written): every field left out whose default decided a ruling
    in older files, written in with that value (flow entries on their line, block entries as a line
    after their last field)."""
    from ruling_engine.incident.yaml_source import load_text
    data = load_text(text, name)
    lines = text.splitlines(True)
    inserts = []            # (line index, kind: 'flow' | 'block', text)
    written = 0
    for line, body, missing in former_defaults(data, vocabulary):
        pairs = ", ".join(f"{k}: {_flow_text(v)}" for k, v in missing.items())
        index = line - 1
        row = lines[index] if 0 <= index < len(lines) else ""
        cut = _comment_start(row)
        code = row[:cut].rstrip()
        key_lines = [body.line_of(k) for k in body] if hasattr(body, "line_of") else []
        if code.endswith("}") and all(k == line for k in key_lines):
            inner = code[:-1].rstrip()
            sep = "" if inner.endswith("{") else ", "
            new = inner + sep + pairs + "}"
            rest = row[cut:].rstrip("\n")
            lines[index] = new + ("  " + rest if rest else "  " + STATED_NOTE) + "\n"
        elif key_lines and all(k > line for k in key_lines):
            last = max(key_lines) - 1
            first = lines[min(key_lines) - 1]
            indent = first[:len(first) - len(first.lstrip())]
            block = "".join(f"{indent}{k}: {_flow_text(v)}  {STATED_NOTE}\n" for k, v in missing.items())
            inserts.append((last + 1, block))
        else:
            continue
        written += len(missing)
    for at, block in sorted(inserts, reverse=True):
        lines.insert(at, block)
    return "".join(lines), written
