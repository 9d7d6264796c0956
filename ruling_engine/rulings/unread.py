"""Nothing the incident says is silently dropped (issue 12, item 5): every field and entry is either
read by a rule for this incident or named in a warning (stderr and JSON), never ruled on as if absent.

A field is read when some fact worked out from it (the vocabulary's `from:`) was stated at one of
the incident's points and some rule, definition or issue of the knowledge base tests that fact or
prints it. What is only for the record (title, notes, names, a case's expectations) is exempt.
"""
from __future__ import annotations

import functools

from ruling_engine.facts.timeline import blinds_posted_at, level_changes_before
from ruling_engine.knowledge.conditions import disjuncts
from ruling_engine.model import TEMPLATE_NAME

RECORD_ONLY = {"title", "notes", "expected", "casebook", "tda", "house", "players.name", "players.seat",
               "game.currency"}


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


def _given(data: dict, records) -> list:
    """(field name as `from:` lists write it, line, words for a person) of what the incident says."""
    out = []
    for key, value in data.items():
        if key in ("timeline", "players", "game"):
            continue
        out.append((key, None, f"`{key}:`"))
    for key in data.get("game", {}):
        out.append((f"game.{key}", None, f"`game.{key}`"))
    for player in data.get("players", []):
        for key in player:
            if key not in ("seat", "present", "warnings") or key == "warnings" and player[key]:
                out.append((f"players.{key}" if key != "cards" else "players.cards", None,
                            f"seat {player['seat']}'s `{key}`"))
    for entry in data.get("timeline", []):
        line = entry.get("line")
        if entry["entry"] == "said":
            who = f"seat {entry['by']}" if isinstance(entry["by"], int) else f"the {entry['by']}"
            out.append(("said", line, f"what {who} said (\u201c{entry['words']}\u201d)"))
        elif entry["entry"] == "street":
            if entry.get("cards"):
                out.append(("board", line, f"the {entry['street']}'s cards"))
        elif entry["entry"] == "event":
            kind = entry["event"]
            spec = records[records["event"][kind].record]
            out.append((kind, line, f"the {kind} entry"))
            for field, value in entry.items():
                if field in spec and value != spec[field].default and field != "seat":
                    out.append((f"{kind}.{field}", line, f"{kind}.{field}"))
    return out


def read_fields(kb, facts_by_point: list) -> set:
    """The incident fields (as `from:` lists name them) some stated fact that a rule reads comes from."""
    read = _read_facts(kb)
    stated = set().union(*(set(f) for f in facts_by_point)) if facts_by_point else set()
    out = set()
    for name in stated & read:
        out |= set(kb.vocabulary.facts[name].sources) if name in kb.vocabulary.facts else set()
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


def unread_warnings(kb, incident_data: dict, facts_by_point: list, file: str, money: bool = False,
                    said_points: frozenset = frozenset()) -> list:
    """Warnings naming what the incident says that no rule read for it (`money`: the pots were
    counted from it, so the chips already in the middle were read; `said_points`: the lines of
    `said:` entries ruled on as points, a player's statement, whose words the rules read)."""
    used_sources = read_fields(kb, facts_by_point)
    seen_as_game = _level_read_as_game(incident_data, used_sources)
    warnings, seen = [], set()
    for field, line, words in _given(incident_data, kb.vocabulary.records):
        if field in RECORD_ONLY or field in used_sources or (field, line) in seen or \
                (field, line) in seen_as_game or (money and field in ("pot_at_start", "pot_smallest_chip")) or \
                (field == "said" and line in said_points):
            continue
        head = field.split(".", 1)[0]
        if "." in field and head in kb.vocabulary.records["event"] and head not in used_sources:
            continue                  # an entry no rule read is named once, not each of its fields
        if head == "players" and field != "players.cards" and "players" in used_sources:
            continue                  # the players' stacks and warnings are read as `players`
        seen.add((field, line))
        where = f"{file}:{line}" if line else file
        warnings.append(f"{where}: {words}: on record, but no rule reads it for this incident")
    return warnings
