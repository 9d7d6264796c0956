"""The incident format as JSON Schema, generated from the vocabulary's incident records.

Choice fields (enum, yes/no) also accept `unknown`: the floor could not establish them.
"""
from __future__ import annotations

import json

from ruling_engine.incident.unknowns import UNKNOWN

CARD = {"type": "string", "pattern": "^(10|[2-9TJQKAtjqka?])[shdcSHDC♠♥♦♣?]$|^[?]$|^unknown$",
        "description": "A card: rank 2-9, T or 10, J, Q, K, A and a suit s h d c (or ♠ ♥ ♦ ♣); ? or unknown if not seen."}
STREETS = ("deal", "preflop", "flop", "turn", "river", "third-street", "fourth-street", "fifth-street",
           "sixth-street", "seventh-street", "showdown", "hand-over")
SCALARS = {
    "bool": {"type": "boolean"},
    "int": {"type": "integer", "minimum": 0},
    "seat": {"type": "integer", "minimum": 0},
    "amount": {"type": "number", "minimum": 0},
    "number": {"type": "number"},
    "string": {"type": "string"},
    "card": CARD,
    # time between entries (issue 22): `after: 15s`, `4min`, `1min 30s`, `at once`, or seconds; `at: "21:04"`
    "duration": {"oneOf": [{"type": "number", "minimum": 0},
                           {"type": "string", "pattern": "^\\s*(at[ -]once|immediately|(\\d+(\\.\\d+)?\\s*[a-zA-Z]+\\s*)+)$"}]},
    "clock": {"type": "string", "pattern": "^([01]?\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$"},
    "speaker": {"oneOf": [{"type": "integer", "minimum": 0}, {"enum": ["dealer", "floor", "spectator", "player"]}]},
    "listener": {"oneOf": [{"type": "integer", "minimum": 0},
                           {"enum": ["table", "dealer", "floor", "spectator", "unknown"]}]},
}
UNKNOWABLE = ("seat", "amount", "int", "number")       # numbers and seats may also be written `unknown`
# an amount known only approximately or as a lower bound (issue 22): {about: 30000}, {at_least: 4}, {over: 3000}
BOUNDED = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
           "properties": {kind: {"type": "number", "minimum": 0} for kind in ("about", "at_least", "over")}}


def _field(spec, vocabulary, clubs) -> dict:
    t = spec.type
    if t == "record":
        out = _record(spec.record, vocabulary, clubs)
    elif t == "list" and spec.record == "event":
        out = {"type": "array", "items": _events(vocabulary, clubs)}
    elif t == "list":
        out = {"type": "array", "items": _record(spec.record, vocabulary, clubs)}
    elif t == "timeline":
        out = {"type": "array", "minItems": 1, "items": _entries(vocabulary, clubs)}
    elif t == "amounts":
        out = {"oneOf": [{"type": "array", "minItems": 1, "items": SCALARS["amount"]}, {"const": UNKNOWN}, BOUNDED]}
    elif t == "cards":
        out = {"oneOf": [{"type": "array", "minItems": 1, "items": CARD}, CARD]}
    elif t == "mapping":
        out = {"type": "object"}
    elif t == "enum":
        out = {"enum": list(spec.values) + [UNKNOWN]}
    elif t == "club":
        out = {"enum": sorted(clubs)}
    elif t == "bool":
        out = {"enum": [True, False, UNKNOWN]}
    elif t in UNKNOWABLE:
        out = {"oneOf": [dict(SCALARS[t]), {"const": UNKNOWN}] + ([BOUNDED] if t == "amount" else [])}
    else:
        out = dict(SCALARS[t])
    description = " ".join(p for p in (spec.question, spec.help) if p)
    if description:
        out["description"] = description
    if spec.default is not None:
        out["default"] = spec.default
    if spec.was_default is not None:
        out["description"] = (out.get("description", "") + " Left out: not stated, ruled every way it can be "
                              f"(files from before this read it as {spec.was_default!r}; `floorcall upgrade` "
                              "writes that).").strip()
    if spec.left_out_unknown:
        out["description"] = (out.get("description", "") + " Left out: not stated, ruled every way it can be.").strip()
    return out


def _record(name, vocabulary, clubs) -> dict:
    fields = vocabulary.records[name]
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {n: _field(s, vocabulary, clubs) for n, s in fields.items()},
        "required": [n for n, s in fields.items() if s.required],
    }


def _timed(name, vocabulary, clubs) -> dict:
    """An entry's own mapping, which may also say when it came (`after:`, `at:`: the entry_time record)."""
    out = _record(name, vocabulary, clubs)
    out["properties"].update(_record("entry_time", vocabulary, clubs)["properties"])
    return out


def _entries(vocabulary, clubs) -> dict:
    """A timeline entry: an action (a mapping with seat), a street, said: or one event."""
    records = vocabulary.records
    action = _timed("action", vocabulary, clubs)
    street_value = {"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0}, CARD,
                              {"type": "array", "items": CARD}, _timed("street_entry", vocabulary, clubs)]}
    streets = [{"type": "object", "additionalProperties": False, "required": [name],
                "properties": {name: street_value}} for name in STREETS]
    said = {"type": "object", "additionalProperties": False, "required": ["said"],
            "properties": {"said": _timed("said", vocabulary, clubs)}}
    events = []
    for kind, spec in records["event"].items():
        body = _timed(spec.record, vocabulary, clubs)
        body["properties"]["in_question"] = {"type": "boolean", "description": "Marks what the floor was called about."}
        events.append({"type": "object", "additionalProperties": False, "required": [kind],
                       "properties": {kind: {"oneOf": [body, {"type": "null"}]} if not body["required"] else body},
                       "description": spec.help})
    return {"oneOf": [action] + streets + [said] + events}


def incident_schema(kb) -> dict:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://floorcall.example/incident.schema.json",
              "title": "floorcall incident",
              "description": "What the floor saw at the table. Generated from knowledge/vocabulary.yaml "
                             "by `floorcall schema --write`; do not edit by hand."}
    schema.update(_record("incident", kb.vocabulary, kb.clubs))
    return schema


def schema_text(kb) -> str:
    return json.dumps(incident_schema(kb), indent=2, ensure_ascii=False) + "\n"


def schema_path(kb):
    return kb.root / "schema" / "incident.schema.json"
