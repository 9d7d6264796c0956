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

from ruling_engine.facts.derive import incident_facts  # noqa: E402
from ruling_engine.errors import FloorcallError  # noqa: E402
from ruling_engine.incident.load import load_incident, validate_incident  # noqa: E402
from ruling_engine.incident.yaml_source import located  # noqa: E402
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
    streets = ("deal", "preflop", "flop", "turn", "river", "showdown")
    for value in streets:
        changed = copy.deepcopy(data)
        changed["timeline"] = changed["timeline"] + [{value: None}]      # the hand moved on to `value`
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
    timeline = data.get("timeline") or []
    action_at = [i for i, e in enumerate(timeline) if "seat" in e and not _single_key(e)]
    for cut in range(len(action_at)):
        changed = copy.deepcopy(data)
        changed["timeline"] = [e for i, e in enumerate(timeline) if i not in action_at[cut:]]
        yield "actions", changed
    for index, entry in enumerate(timeline):
        if not _single_key(entry) or next(iter(entry)) not in records["event"]:
            continue
        (kind, body), = entry.items()
        body = body or {}
        changed = copy.deepcopy(data)
        del changed["timeline"][index]
        yield kind, changed
        for name, spec in records[records["event"][kind].record].items():
            for value in values(spec, body.get(name, spec.default), seats):
                changed = copy.deepcopy(data)
                changed["timeline"][index][kind] = {**body, name: value}
                yield f"{kind}.{name}", changed


def _single_key(entry) -> bool:
    return isinstance(entry, dict) and len(entry) == 1 and not isinstance(entry.get("seat"), int)


def _facts(data: dict, kb):
    try:
        # validated as its file would be, without writing and reading the YAML (most of the time)
        incident = validate_incident(located(copy.deepcopy(data)), "<perturbed>", kb.vocabulary, kb.clubs)
        return incident_facts(incident, kb.vocabulary)
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


def add_missing(kb, seen) -> int:
    """Write the observed fields a fact's `from:` lacks into knowledge/vocabulary.yaml."""
    import re
    path = ROOT / "knowledge" / "vocabulary.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    group, changed = None, 0
    for i, line in enumerate(lines):
        top = re.match(r"^  ([a-z_0-9]+):\s*$", line)
        if top:
            group = top.group(1)
            continue
        m = re.match(r"^( {2,4})([a-z_0-9]+): \{source: computed, from: \[([^\]]*)\]", line)
        if not m:
            if re.match(r"^  [a-z_0-9]+: ", line):
                group = None
            continue
        name = (f"{group}.{m.group(2)}" if len(m.group(1)) == 4 and group else m.group(2))
        missing = sorted(seen.get(name, set()) - set(kb.vocabulary.facts.get(name).sources if name in kb.vocabulary.facts else ()))
        if name in kb.vocabulary.facts and missing:
            declared = [s.strip() for s in m.group(3).split(",") if s.strip()]
            new = ", ".join(declared + missing)
            lines[i] = line.replace(f"from: [{m.group(3)}]", f"from: [{new}]", 1)
            changed += 1
    path.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main():
    kb = load_knowledge()
    seen = observed_sources(kb, sorted((ROOT / "cases").glob("*.yaml")))
    if "--fix" in sys.argv:
        print(f"added observed fields to {add_missing(kb, seen)} facts' from:")
        return
    for name, spec in kb.vocabulary.facts.items():
        if spec.source != "computed":
            continue
        declared = set(spec.sources)
        observed = seen.get(name, set())
        flag = "" if observed <= declared else f"   MISSING {sorted(observed - declared)}"
        print(f"{name}: declared {sorted(declared)} observed {sorted(observed)}{flag}")


if __name__ == "__main__":
    main()
