"""The incident format as JSON Schema, generated from the vocabulary's incident records.

Choice fields (enum, yes/no) also accept `unknown`: the floor could not establish them.
"""
from __future__ import annotations

import json

from ruling_engine.incident.unknowns import UNKNOWN

SCALARS = {
    "bool": {"type": "boolean"},
    "int": {"type": "integer", "minimum": 0},
    "seat": {"type": "integer", "minimum": 0},
    "amount": {"type": "number", "minimum": 0},
    "number": {"type": "number"},
    "string": {"type": "string"},
    "card": {"type": "string", "pattern": "^(10|[2-9TJQKA])[shdc]$"},
}


def _field(spec, vocabulary, clubs) -> dict:
    t = spec.type
    if t == "record":
        out = _record(spec.record, vocabulary, clubs)
    elif t == "list" and spec.record == "event":
        out = {"type": "array", "items": _events(vocabulary, clubs)}
    elif t == "list":
        out = {"type": "array", "items": _record(spec.record, vocabulary, clubs)}
    elif t == "amounts":
        out = {"type": "array", "minItems": 1, "items": SCALARS["amount"]}
    elif t == "cards":
        out = {"type": "array", "minItems": 1, "items": SCALARS["card"]}
    elif t == "mapping":
        out = {"type": "object"}
    elif t == "enum":
        out = {"enum": list(spec.values) + [UNKNOWN]}
    elif t == "club":
        out = {"enum": sorted(clubs)}
    elif t == "bool":
        out = {"enum": [True, False, UNKNOWN]}
    else:
        out = dict(SCALARS[t])
    description = " ".join(p for p in (spec.question, spec.help) if p)
    if description:
        out["description"] = description
    if spec.default is not None:
        out["default"] = spec.default
    return out


def _record(name, vocabulary, clubs) -> dict:
    fields = vocabulary.records[name]
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {n: _field(s, vocabulary, clubs) for n, s in fields.items()},
        "required": [n for n, s in fields.items() if s.required],
    }


def _events(vocabulary, clubs) -> dict:
    kinds = vocabulary.records["event"]
    return {"oneOf": [{"type": "object", "additionalProperties": False, "required": [kind],
                       "properties": {kind: _field(spec, vocabulary, clubs)}}
                      for kind, spec in kinds.items()]}


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
