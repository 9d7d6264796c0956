"""Warnings worth reading (issue 24): what the user wrote that changes nothing although he would
expect it to, said once per kind, in plain words with the line.

Nothing the incident says is silently dropped (issue 12, item 5): every field and entry is read
by a rule for this incident, or kept for the record, or named in a warning (stderr and JSON),
never ruled on as if absent.

A field is read when some fact worked out from it (the vocabulary's `from:`) was stated at one of
the incident's points and some rule, definition or issue of the knowledge base tests that fact or
prints it. An action's own fields (its seat, words, chips, total, post) are read by the replay of
the hand; how it was done (`gesture`, `heard`, `first`, `motions`, how he folded, why he acted out
of turn) is read through the facts ACTION_FIELD_FACTS names, and warned about when none of them was.
Only the entries ruled on (the points) are warned about: the others tell the story around them.

Kept for the record and never warned about (a user does not expect them to change a ruling):
notes, titles, names, the words of `said:` entries, `others:`, the cards named on a street, the
game's smallest chip, level and session, and a case's expectations.
"""
from __future__ import annotations

import functools

from ruling_engine.facts.timeline import blinds_posted_at, level_changes_before
from ruling_engine.knowledge.conditions import disjuncts

RECORD_ONLY = {"title", "notes", "expected", "casebook", "tda", "house", "others", "said", "board", "_approximate", "_after_hand", "_other_hands", "_undealt",
               "players.name", "players.seat", "game.currency", "game.smallest_chip", "game.level",
               "game.session"}

# How an action was done, and the facts that carry each field's value to the rules
# (ruling_engine/facts/declarations.py, sequence.py, turn_order.py read them; the test
# tests/test_warnings.py::test_action_field_facts_are_what_derive_reads checks this table against them).
ACTION_FIELD_FACTS = {
    "gesture": ("action.gesture",),
    "heard": ("action.words_heard",),
    "first": ("action.first",),
    "gap": ("action.gap_seconds",),
    "motions": ("action.motions", "first_motion_chips", "later_motion_chips", "first_motion_total",
                "first_motion_covers_call"),
    "fold_manner": ("fold_manner",),
    "fold_comment": ("fold_comment",),
    "prompted_by_dealer": ("oot_prompted_by_dealer",),
    "deliberate": ("oot_deliberate",),
}

# What the corrected hand reads itself when it counts the pots (rulings/settlement.py): where the
# dealer or the floor already put the money, and what a deduction took out of the middle.
READ_WITH_THE_POTS = {"money_moved", "money_moved.did", "money_moved.seat", "money_moved.amount",
                      "money_moved.by", "pot_deduction.taken"}

# What the Now reads itself (corrected/now.py play_stops, f18/tables): which table is the hand's own,
# so that a ruling stopping play at a table stops this hand or lets it go on.
READ_BY_THE_NOW = {"table_count.hand_here"}

# A forced bet posted with no chips or total given takes its amount from the game (facts/hand.py).
POSTED_FROM_GAME = {"bring-in": "game.bring_in", "ante": "game.ante", "small-blind": "game.blinds",
                    "big-blind": "game.blinds", "dead-blind": "game.blinds", "straddle": "game.blinds"}


@functools.lru_cache(maxsize=4)
def _read_facts(kb) -> frozenset:
    """Every fact some rule, definition or issue of the knowledge base tests or prints (worked out
    when the knowledge base is built and kept in its cache, knowledge/load.py: it reads every rule)."""
    return kb.facts_read if kb.facts_read is not None else facts_read_by(kb)


def facts_read_by(kb) -> frozenset:
    """Every fact some rule, definition or issue of the knowledge base tests or prints."""
    names = set()
    for rule in kb.all_rules():
        names |= {leaf.fact for conj in disjuncts(rule.when) for leaf in conj}
        if rule.then:
            names |= set(rule.then.template_facts())
    for issue in kb.vocabulary.issues.values():
        names |= {leaf.fact for conj in disjuncts(issue["condition"]) for leaf in conj}
    return frozenset(names)


def _unknown(value) -> bool:
    """Written `unknown` (a number nobody knows is read as NaN): nothing stated, nothing to warn of."""
    return value == "unknown" or isinstance(value, float) and value != value


def _shown(value) -> str:
    """A value as the user wrote it, short."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, list):
        text = "[" + ", ".join(_shown(v) for v in value) + "]"
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _given(data: dict, records) -> list:
    """(field name as `from:` lists write it, line, words for a person) of what the incident says."""
    out = []
    for key, value in data.items():
        if key in ("timeline", "players", "game"):
            continue
        out.append((key, None, f"`{key}: {_shown(value)}`"))
    for key, value in data.get("game", {}).items():
        out.append((f"game.{key}", None, f"`game.{key}: {_shown(value)}`"))
    for player in data.get("players", []):
        for key in player:
            if key not in ("seat", "present", "warnings") or key == "warnings" and player[key]:
                out.append((f"players.{key}" if key != "cards" else "players.cards", None,
                            f"seat {player['seat']}'s `{key}`"))
    action_spec = records.get("action", {})
    for entry in data.get("timeline", []):
        line = entry.get("line")
        if entry["entry"] == "said":
            who = f"seat {entry['by']}" if isinstance(entry["by"], int) else f"the {entry['by']}"
            out.append(("said", line, f"what {who} said (\u201c{entry['words']}\u201d)"))
        elif entry["entry"] == "street":
            if entry.get("cards"):
                out.append(("board", line, f"the {entry['street']}'s cards"))
        elif entry["entry"] == "action":
            for field in ACTION_FIELD_FACTS:
                if field in entry and not _unknown(entry[field]) and \
                        (field not in action_spec or entry[field] != action_spec[field].default):
                    out.append((f"actions.{field}", line,
                                f"`{field}: {_shown(entry[field])}` on seat {entry['seat']}'s action"))
        elif entry["entry"] == "event":
            kind = entry["event"]
            spec = records[records["event"][kind].record]
            out.append((kind, line, f"the `{kind}` entry"))
            for field, value in entry.items():
                if field in spec and value != spec[field].default and field != "seat" and not _unknown(value):
                    out.append((f"{kind}.{field}", line, f"`{field}: {_shown(value)}` in the `{kind}` entry"))
    return out


def read_fields(kb, facts_by_point: list) -> set:
    """The incident fields (as `from:` lists name them, and `actions.FIELD` for how an action was
    done) some stated fact that a rule reads comes from."""
    read = _read_facts(kb)
    stated = set().union(*(set(f) for f in facts_by_point)) if facts_by_point else set()
    out = set()
    for name in stated & read:
        out |= set(kb.vocabulary.facts[name].sources) if name in kb.vocabulary.facts else set()
    out |= {f"actions.{field}" for field, facts in ACTION_FIELD_FACTS.items() if stated & read & set(facts)}
    return out


def given_fields(kb, incident_data: dict) -> list:
    """(field, line, words) of everything the incident says (what the warnings speak of)."""
    return _given(incident_data, kb.vocabulary.records)


def _level_read_as_game(incident_data: dict, used_sources: set) -> set:
    """The new level's blinds and ante of a level change that came before this hand's blinds went in
    (facts/timeline.py): they are the hand's `game.blinds` and `game.ante`, read where those are."""
    entries = incident_data.get("timeline", [])
    out = set()
    for change in level_changes_before(entries, blinds_posted_at(entries)):
        for key in ("blinds", "ante"):
            if key in change and f"game.{key}" in used_sources:
                out.add((f"level_change.{key}", change.get("line")))
    return out


def _posted_from_game(data: dict) -> set:
    """The game fields a forced bet posted without its amount took the amount from."""
    return {POSTED_FROM_GAME[e["posts"]] for e in data.get("timeline", [])
            if e["entry"] == "action" and e.get("posts") in POSTED_FROM_GAME
            and "chips" not in e and "total" not in e}


def unread_warnings(kb, incident_data: dict, facts_by_point: list, file: str, money: bool = False,
                    point_lines=None, header_lines=None) -> list:
    """Warnings naming what the incident says that no rule read for it, once per kind of field
    (its first line, and the others it is written on); `money`: the pots were counted from it, so
    the chips already in the middle were read. With `point_lines` (the lines of the entries ruled
    on), a timeline entry and its fields are warned about only when the floor was called about
    it: another entry tells the story around it, and nobody expects it to change the ruling."""
    used_sources = read_fields(kb, facts_by_point) | _posted_from_game(incident_data)
    seen_as_game = _level_read_as_game(incident_data, used_sources)
    found: dict = {}                  # field -> (words of its first mention, [lines])
    for field, line, words in _given(incident_data, kb.vocabulary.records):
        if line is not None and point_lines is not None and line not in point_lines:
            continue                  # an entry the floor was not called about tells the story
        if field in RECORD_ONLY or field in READ_BY_THE_NOW or field in used_sources or (field, line) in seen_as_game or \
                (money and (field in ("pot_at_start", "pot_smallest_chip") or field in READ_WITH_THE_POTS)):
            continue
        head = field.split(".", 1)[0]
        if "." in field and head in kb.vocabulary.records["event"] and head not in used_sources \
                and not (money and head in READ_WITH_THE_POTS):
            continue                  # an entry no rule read is named once, not each of its fields
        if head == "players" and field != "players.cards" and "players" in used_sources:
            continue                  # the players' stacks and warnings are read as `players`
        if line is None and header_lines:
            line = header_lines.get(field)
        words_lines = found.setdefault(field, (words, []))
        if line not in words_lines[1]:
            words_lines[1].append(line)
    warnings = []
    for field, (words, lines) in found.items():
        known = [n for n in lines if n]
        where = f"{file}:{known[0]}" if known else file
        also = f" (and on line{'s' if len(known) > 2 else ''} {', '.join(map(str, known[1:]))})" \
            if len(known) > 1 else ""
        warnings.append(f"{where}: {words}{also} changes nothing here: no club's rule reads it for this "
                        "incident")
    return warnings
