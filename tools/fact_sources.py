"""Which incident fields each computed fact is worked out from, observed by perturbing incidents.

The vocabulary declares it (`from:` on each computed fact) and the questionnaire relies on it to
know which question can settle which fact. tests/test_questionnaire.py uses `observed_sources` to
check the declarations against derive.py; run this file to print what it observes:

    .venv/bin/python tools/fact_sources.py
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ruling_engine.facts.derive import computed_facts  # noqa: E402
from ruling_engine.errors import FloorcallError  # noqa: E402
from ruling_engine.incident.load import incident_text, load_incident, parse_incident_text  # noqa: E402
from ruling_engine.knowledge.load import load_knowledge  # noqa: E402


def _variants(data: dict, vocab):
    """(field name, changed incident data) pairs: one field changed at a time."""
    records = vocab.records

    def values(spec, current, seats):
        if spec.type == "bool":
            return [not current] if isinstance(current, bool) else [True, False]
        if spec.type == "enum":
            return [v for v in spec.values if v != current]
        if spec.type == "seat":
            return [s for s in seats if s != current]
        if spec.type in ("int", "amount", "number"):
            return [(current or 0) + 1, max(0, (current or 0) - 1)]
        return []

    seats = [p["seat"] for p in data.get("players", [])]
    for name, spec in records["game"].items():
        for value in values(spec, data["game"].get(name), seats):
            changed = copy.deepcopy(data)
            changed["game"][name] = value
            yield f"game.{name}", changed
    if data["game"].get("blinds"):
        changed = copy.deepcopy(data)
        changed["game"]["blinds"] = [b * 2 for b in data["game"]["blinds"]]
        yield "game.blinds", changed
    for value in values(records["incident"]["street"], data["street"], seats):
        changed = copy.deepcopy(data)
        changed["street"] = value
        yield "street", changed
    for value in values(records["incident"]["button"], data.get("button"), seats):
        changed = copy.deepcopy(data)
        changed["button"] = value
        yield "button", changed
    changed = copy.deepcopy(data)
    changed["players"].append({"seat": max(seats) + 1, "stack": 100})
    yield "players", changed
    for player in range(len(seats)):
        changed = copy.deepcopy(data)
        changed["players"][player]["stack"] = data["players"][player].get("stack", 100) * 3
        yield "players", changed
    actions = data.get("actions") or []
    for cut in range(len(actions)):
        changed = copy.deepcopy(data)
        changed["actions"] = actions[:cut]
        yield "actions", changed
    for index, event in enumerate(data.get("events") or []):
        (kind, body), = event.items()
        changed = copy.deepcopy(data)
        del changed["events"][index]
        yield kind, changed
        for name, spec in records[records["event"][kind].record].items():
            for value in values(spec, body.get(name, spec.default), seats):
                changed = copy.deepcopy(data)
                changed["events"][index][kind][name] = value
                yield f"{kind}.{name}", changed


def _facts(data: dict, kb):
    try:
        incident = parse_incident_text(incident_text(data), "<perturbed>", kb.vocabulary, kb.clubs)
        return computed_facts(incident)
    except (FloorcallError, KeyError, ValueError, TypeError, IndexError):
        return None


def observed_sources(kb, paths) -> dict:
    """{fact: {fields}}: the fields whose change changed the fact, over the given incident files."""
    import yaml
    seen: dict = {}
    for path in paths:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        data.pop("expected", None)
        base = _facts(data, kb)
        if base is None:
            continue
        for field, changed in _variants(data, kb.vocabulary):
            facts = _facts(changed, kb)
            if facts is None:
                continue
            for name in set(base) | set(facts):
                if base.get(name, "<absent>") != facts.get(name, "<absent>"):
                    seen.setdefault(name, set()).add(field)
    return seen


def main():
    kb = load_knowledge()
    seen = observed_sources(kb, sorted((ROOT / "cases").glob("*.yaml")))
    for name, spec in kb.vocabulary.facts.items():
        if spec.source != "computed":
            continue
        declared = set(spec.sources)
        observed = seen.get(name, set())
        flag = "" if observed <= declared else f"   MISSING {sorted(observed - declared)}"
        print(f"{name}: declared {sorted(declared)} observed {sorted(observed)}{flag}")


if __name__ == "__main__":
    main()
