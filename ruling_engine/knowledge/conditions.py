"""The `when` language of rule files: parsed against the vocabulary, normalised, evaluated.

A condition is a YAML mapping read as "all of these hold":

    action_declared: none             # equality
    to_call: {more_than: 0}           # comparisons: less_than, at_most, more_than, at_least
    street: {in: [turn, river]}       # one of several values (also not_in)
    exposed_by: {not: dealer}         # inequality (the fact must be known)
    declared_amount: {known: false}   # the incident does not say
    any: [{...}, {...}]               # at least one of the sub-conditions
    all: [{...}, {...}]
    not: {...}

Negations are pushed down to the leaves when the condition is parsed, so the engine never needs
a negated pattern (durable-rules' `$not` is order-dependent). A leaf about a fact the incident
does not state is false, and so is its negation: an unknown fact never satisfies a rule.
"""
from __future__ import annotations

from itertools import product

from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.records import dataclass

COMPARATORS = {"less_than": "lt", "at_most": "le", "more_than": "gt", "at_least": "ge"}
OPERATORS = {"not": "ne", "in": "in", "not_in": "not_in", "known": "known", **COMPARATORS}
NEGATION = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "gt": "le", "le": "gt",
            "in": "not_in", "not_in": "in"}
CONNECTIVES = ("all", "any", "not")


@dataclass(frozen=True)
class Leaf:
    """One test of one fact: `op` is eq, ne, lt, le, gt, ge, in, not_in or known."""

    fact: str
    op: str
    value: object

    def negated(self) -> "Leaf":
        if self.op == "known":
            return Leaf(self.fact, "known", not self.value)
        return Leaf(self.fact, NEGATION[self.op], self.value)

    def holds(self, facts: dict) -> bool:
        if self.op == "known":
            return (self.fact in facts) == self.value
        if self.fact not in facts:
            return False
        have = facts[self.fact]
        if self.op == "eq":
            return have == self.value
        if self.op == "ne":
            return have != self.value
        if self.op == "in":
            return have in self.value
        if self.op == "not_in":
            return have not in self.value
        if not isinstance(have, (int, float)) or isinstance(have, bool):
            return False
        return {"lt": have < self.value, "le": have <= self.value,
                "gt": have > self.value, "ge": have >= self.value}[self.op]

    def __str__(self) -> str:
        words = {"eq": "is", "ne": "is not", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
                 "in": "is one of", "not_in": "is none of"}
        if self.op == "known":
            return f"{self.fact} is {'known' if self.value else 'not stated'}"
        return f"{self.fact} {words[self.op]} {self.value}"


@dataclass(frozen=True)
class All:
    """All of the parts hold."""

    parts: tuple


@dataclass(frozen=True)
class Any_:
    """At least one of the parts holds."""

    parts: tuple


class ConditionParser:
    """Parses `when` mappings, checking fact names and values against the vocabulary."""

    def __init__(self, vocabulary, file: str):
        self.vocabulary = vocabulary
        self.file = file

    def parse(self, node, negate: bool = False, line: int | None = None):
        if not isinstance(node, dict) or not node:
            raise FloorcallError(self.file, getattr(node, "line", line),
                                 "a condition: a mapping of fact: value",
                                 repr(node), "write e.g. `when: {heads_up: true}`")
        parts = []
        for key, value in node.items():
            key_line = node.line_of(key) if hasattr(node, "line_of") else line
            if key in ("all", "any"):
                if not isinstance(value, list) or not value:
                    raise FloorcallError(self.file, key_line, f"a non-empty list under `{key}`",
                                         repr(value))
                subs = tuple(self.parse(v, negate, key_line) for v in value)
                use_all = (key == "all") != negate
                parts.append(All(subs) if use_all else Any_(subs))
            elif key == "not":
                parts.append(self.parse(value, not negate, key_line))
            else:
                leaf = self._leaf(key, value, key_line)
                parts.append(leaf.negated() if negate else leaf)
        if len(parts) == 1:
            return parts[0]
        return Any_(tuple(parts)) if negate else All(tuple(parts))

    def _leaf(self, fact, value, line) -> Leaf:
        spec = self.vocabulary.facts.get(fact)
        if spec is None:
            raise FloorcallError(self.file, line, "a fact declared in knowledge/vocabulary.yaml",
                                 f"unknown fact {fact!r}",
                                 did_you_mean(fact, list(self.vocabulary.facts) + list(CONNECTIVES)))
        if spec.type == "players":
            raise FloorcallError(self.file, line, "a fact a condition can test", f"{fact!r}, a list of players",
                                 "use it in an effect's `each:` or a do-line, not in `when:`")
        if isinstance(value, dict):
            if len(value) != 1:
                raise FloorcallError(self.file, line, "one operator per fact",
                                     f"{sorted(value)}", "split it into two lines under `all:`")
            (word, operand), = value.items()
            if word not in OPERATORS:
                raise FloorcallError(self.file, line, "an operator", repr(word), did_you_mean(word, OPERATORS))
            op = OPERATORS[word]
            if op == "known":
                if not isinstance(operand, bool):
                    raise FloorcallError(self.file, line, "known: true or known: false", repr(operand))
                return Leaf(fact, op, operand)
            if op in ("in", "not_in"):
                if not isinstance(operand, list) or not operand:
                    raise FloorcallError(self.file, line, f"a list after `{word}`", repr(operand))
                for item in operand:
                    spec.check_value(item, self.file, line)
                return Leaf(fact, op, tuple(operand))
            if op in ("lt", "le", "gt", "ge") and spec.type not in ("int", "amount", "number"):
                raise FloorcallError(self.file, line, f"a numeric fact for `{word}`",
                                     f"{fact} of type {spec.type}")
            spec.check_value(operand, self.file, line)
            return Leaf(fact, op, operand)
        spec.check_value(value, self.file, line)
        return Leaf(fact, "eq", value)


def disjuncts(node) -> list[tuple[Leaf, ...]]:
    """Disjunctive normal form: a list of conjunctions of leaves."""
    if isinstance(node, Leaf):
        return [(node,)]
    if isinstance(node, Any_):
        return [conj for part in node.parts for conj in disjuncts(part)]
    combos = product(*(disjuncts(part) for part in node.parts))
    return [tuple(leaf for conj in combo for leaf in conj) for combo in combos]


def facts_used(node) -> set[str]:
    if isinstance(node, Leaf):
        return {node.fact}
    return set().union(*(facts_used(p) for p in node.parts))


def holds(node, facts: dict) -> bool:
    """Evaluate a parsed condition against a dict of facts (pure Python)."""
    if isinstance(node, Leaf):
        return node.holds(facts)
    if isinstance(node, All):
        return all(holds(p, facts) for p in node.parts)
    return any(holds(p, facts) for p in node.parts)


def can_hold(conj, vocabulary=None) -> bool:
    """Whether a conjunction of leaves can hold for some facts (False: a fact pinned incompatibly).

    Judged fact by fact, so it may say True for leaves about facts that are related in the
    world (street and premature card, say); it never says False for a conjunction that can hold.
    Bounds are exact: `less_than: 18` and `at_least: 18` cannot both hold, nor `more_than: 2` and
    `less_than: 3` on a whole number. With the vocabulary, a fact's declared values count too
    (an enum fact that is none of its values, a bool that is neither true nor false).
    """
    return witness(conj, vocabulary) is not None


ABSENT = object()          # witness(): the fact must be left unstated


def witness(conj, vocabulary=None) -> dict | None:
    """Facts for which every leaf of the conjunction holds (a leaf `known: false` leaves its fact
    out), or None when there are none. The values are plain ones where possible (a whole number
    inside a range, an enum's first allowed value)."""
    by_fact: dict = {}
    for leaf in conj:
        by_fact.setdefault(leaf.fact, []).append(leaf)
    facts = {}
    for fact, leaves in by_fact.items():
        spec = vocabulary.facts.get(fact) if vocabulary is not None else None
        value = _value_for(fact, leaves, getattr(spec, "type", None), getattr(spec, "values", ()))
        if value is None:
            return None
        if value is not ABSENT:
            facts[fact] = value
    return facts


NUMERIC_TYPES = ("int", "seat", "amount", "number")


def _value_for(fact: str, leaves: list, kind: str | None, values: tuple):
    """A value of one fact that every leaf about it accepts: ABSENT when they want it unstated,
    None when no value will do."""
    unstated = [l for l in leaves if l.op == "known" and not l.value]
    if unstated:
        return ABSENT if len(unstated) == len(leaves) else None
    tests = [l for l in leaves if l.op != "known"]
    candidates = None
    for leaf in tests:
        if leaf.op in ("eq", "in"):
            allowed = [leaf.value] if leaf.op == "eq" else list(leaf.value)
            candidates = allowed if candidates is None else [v for v in candidates if v in allowed]
    if candidates is None and kind == "bool":
        candidates = [True, False]
    if candidates is None and kind == "enum" and values:
        candidates = list(values)
    if candidates is not None:
        return next((v for v in candidates if all(l.holds({fact: v}) for l in tests)), None)
    excluded = [v for l in tests if l.op in ("ne", "not_in") for v in ((l.value,) if l.op == "ne" else l.value)]
    bounds = [l for l in tests if l.op in ("lt", "le", "gt", "ge")]
    if bounds or kind in NUMERIC_TYPES:
        floor = 0 if kind in ("int", "seat", "amount") else None      # counts, seats, amounts are never negative
        found = _number_in(bounds, excluded, whole=kind in ("int", "seat"), floor=floor)
    else:
        found = next(f"other-{n}" if n else "other" for n in range(len(excluded) + 1)
                     if (f"other-{n}" if n else "other") not in excluded)
    if found is None or not all(l.holds({fact: found}) for l in tests):
        return None
    return found


def _number_in(bounds: list, excluded: list, whole: bool, floor) -> object:
    """A number meeting every bound (strict or not) and none of the excluded values, or None when
    there is none. Whole numbers are preferred; `whole` allows only them."""
    import math
    low, low_strict, high, high_strict = -math.inf, False, math.inf, False
    if floor is not None:
        low = floor
    stated_low = any(leaf.op in ("gt", "ge") for leaf in bounds)
    for leaf in bounds:
        v = leaf.value
        if leaf.op in ("gt", "ge") and (v > low or (v == low and leaf.op == "gt")):
            low, low_strict = v, leaf.op == "gt"
        if leaf.op in ("lt", "le") and (v < high or (v == high and leaf.op == "lt")):
            high, high_strict = v, leaf.op == "lt"

    def inside(x) -> bool:
        return ((x > low) if low_strict else (x >= low)) and ((x < high) if high_strict else (x <= high)) \
            and x not in excluded

    # whole numbers from the lower end a leaf states (or down from the upper one, or up from 0):
    # enough of them to pass every excluded value
    if low > -math.inf and (stated_low or high == math.inf):
        start = math.floor(low) + 1 if low_strict and float(low).is_integer() else math.ceil(low)
        step = 1
    elif high < math.inf:
        start = math.ceil(high) - 1 if high_strict and float(high).is_integer() else math.floor(high)
        step = -1
    else:
        start, step = 0, 1
    for n in range(len(excluded) + 2):
        x = start + step * n
        if inside(x):
            return x
        if not ((x <= high) if step > 0 else (x >= low)):
            break
    if whole or not (low < high):
        return low if low == high and not (low_strict or high_strict) and inside(low) else None
    # an interval with no whole number left in it (the loop above reaches past both ends of an
    # open one): a non-empty real interval holds infinitely many numbers, one of these is not excluded
    tries = [low + (high - low) * (n + 1) / (len(excluded) + 2) for n in range(len(excluded) + 1)]
    return next((x for x in tries if inside(x)), None)


def expanded(when, definitions: dict) -> list:
    """The condition's disjuncts, each leaf on a defined fact joined by the condition that defines it.

    `definitions` maps a defined fact to the club's definition rules for it.

    A leaf satisfied by a definition's `defines` value gains that definition's condition; a leaf
    wanting the `otherwise` value is kept as it is (its negation is not expanded).
    """
    out = []
    for conj in disjuncts(when):
        options = [()]
        for leaf in conj:
            defining = [d for d in definitions.get(leaf.fact, ()) if leaf.holds({leaf.fact: d.defines[1]})]
            if defining and not any(d.otherwise is not None and leaf.holds({leaf.fact: d.otherwise})
                                    for d in definitions[leaf.fact]):
                alternatives = [(leaf,) + part for d in defining for part in disjuncts(d.when)]
            else:
                alternatives = [(leaf,)]
            options = [o + a for o in options for a in alternatives]
        out.extend(options)
    return out
