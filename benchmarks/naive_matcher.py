"""A naive pure-Python matcher for the compiled durable-rules patterns (the benchmark's baseline).

It evaluates exactly the rule dicts compiler.py produces — `$and`, `$or`, comparisons, `$ex`,
`$nex`, `$neq`, equality — against the incident fact and the derived facts, forward chaining
until nothing new is derived. No indexing, no Rete: every rule is tried on every pass.
"""
from __future__ import annotations

import operator

OPS = {"$lt": operator.lt, "$lte": operator.le, "$gt": operator.gt, "$gte": operator.ge}


def _test(expr: dict, fact: dict) -> bool:
    (key, value), = expr.items()
    if key == "$and":
        return all(_test(e, fact) for e in value)
    if key == "$or":
        return any(_test(e, fact) for e in value)
    if key == "$ex":
        (field, _), = value.items()
        return field in fact
    if key == "$nex":
        (field, _), = value.items()
        return field not in fact
    if key == "$neq":
        (field, want), = value.items()
        return field in fact and fact[field] != want
    if key in OPS:
        (field, want), = value.items()
        have = fact.get(field)
        return isinstance(have, (int, float)) and not isinstance(have, bool) and OPS[key](have, want)
    return key in fact and fact[key] == value


def match(definitions: dict, branches: dict, incident_fact: dict) -> tuple[list, dict]:
    """(rule ids fired, derived facts) for one club's compiled rules."""
    facts = [incident_fact]
    fired, derived, done = [], {}, set()
    changed = True
    while changed:
        changed = False
        for name, rule in definitions.items():
            if name in done:
                continue
            if all(any(_test(test, f) for f in facts) for pattern in rule["all"] for test in pattern.values()):
                done.add(name)
                branch = branches[name]
                if branch.rule_id not in fired:
                    fired.append(branch.rule_id)
                if branch.derives and branch.derives[0] not in derived:
                    fact, value = branch.derives
                    derived[fact] = value
                    facts.append({"t": "d", "n": fact, "v": value})
                    changed = True
    return fired, derived
