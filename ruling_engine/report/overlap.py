"""Where two rules' conditions meet: situations constructed from the conditions, run through the engine.

Shared by the conflict finder (two rules of one club) and the comparison of clubs (a rule of one
club and a rule of another on the same question).
"""
from __future__ import annotations

from ruling_engine.knowledge.conditions import All, Any_, Leaf, disjuncts
from ruling_engine.rulings.resolve import Filler, resolve_issue


def _negated(node):
    if isinstance(node, Leaf):
        return node.negated()
    parts = tuple(_negated(p) for p in node.parts)
    return Any_(parts) if isinstance(node, All) else All(parts)


class ClubConditions:
    """One club's rules, with each ruling's situations (disjuncts over incident facts) worked out."""

    def __init__(self, kb, club: str):
        self.kb, self.club = kb, club
        self.definitions: dict = {}
        for rule in kb.rules.get(club, []):
            if rule.is_definition:
                self.definitions.setdefault(rule.defines[0], []).append(rule)
        self._cache: dict = {}
        self._negations: dict = {}

    def situations(self, node, depth: int = 0) -> list:
        """Disjuncts of `node`, each leaf on a club-defined fact joined by what derives the value it
        wants (a definition's condition, or the negation of it for the `otherwise` value). The
        defined leaf stays in, so two wanting different values of one defined fact cannot meet."""
        key = (id(node), depth)
        if key in self._cache:
            return self._cache[key][1]
        out = []
        for conj in disjuncts(node):
            options = [()]
            for leaf in conj:
                alternatives = self._alternatives(leaf, depth)
                options = [o + a for o in options for a in alternatives]
                if not options:
                    break
            out.extend(options)
        self._cache[key] = (node, out)          # keep node alive: its id stays its own
        return out

    def _alternatives(self, leaf: Leaf, depth: int) -> list:
        defining = self.definitions.get(leaf.fact)
        if not defining or depth > 6 or (leaf.op == "known" and not leaf.value):
            return [(leaf,)]
        alternatives = []
        for rule in defining:
            if leaf.holds({leaf.fact: rule.defines[1]}):
                alternatives += [(leaf,) + c for c in self.situations(rule.when, depth + 1)]
            if rule.otherwise is not None and leaf.holds({leaf.fact: rule.otherwise}):
                negation = self._negations.setdefault(rule.id, _negated(rule.when))
                alternatives += [(leaf,) + c for c in self.situations(negation, depth + 1)]
        return alternatives


def pins(conj) -> dict:
    """fact -> the value a conjunction pins it to (its `eq` leaves): a quick test before witness()."""
    return {leaf.fact: leaf.value for leaf in conj if leaf.op == "eq"}


def clash(pins: dict, other: dict) -> bool:
    small, large = (pins, other) if len(pins) <= len(other) else (other, pins)
    return any(fact in large and large[fact] != value for fact, value in small.items())


_RULINGS: dict = {}


def rule_on_facts(kb, engine, club: str, issue: str, facts: dict):
    """The club's ruling on `issue` (which the facts raise) as the engine gives it; one situation
    is often built for several pairs, and is ruled on once (the ruling is shared: not to be changed)."""
    key = (id(engine), club, issue, repr(sorted(facts.items())))
    if key not in _RULINGS:
        _RULINGS[key] = (engine, _rule_on_facts(kb, engine, club, issue, facts))
    return _RULINGS[key][1]


def _rule_on_facts(kb, engine, club: str, issue: str, facts: dict):
    fired, derived = engine.run(club, facts, [issue])
    by_id = _rules_by_id(kb, club)
    rules = [by_id[rid] for rid in fired if not by_id[rid].is_definition and by_id[rid].issue == issue]
    return resolve_issue(kb, club, issue, rules, Filler(kb.vocabulary, {**facts, **derived}, ""))


_BY_ID: dict = {}


def _rules_by_id(kb, club: str) -> dict:
    key = (id(kb), club)
    if key not in _BY_ID:
        _BY_ID[key] = (kb, {rule.id: rule for rule in kb.rules.get(club, [])})
    return _BY_ID[key][1]


def namespaced(conj, club: str, vocabulary) -> tuple:
    """The conjunction with each club-defined fact named as the club's own (`edp::substantial_action`),
    so that two clubs' definitions of one fact never pin each other."""
    return tuple(Leaf(f"{club}::{leaf.fact}", leaf.op, leaf.value)
                 if vocabulary.facts[leaf.fact].source == "defined" else leaf for leaf in conj)


def split_facts(facts: dict, vocabulary) -> tuple:
    """(incident facts, club-defined facts) of a witness; defined ones may be namespaced."""
    computed = {k: v for k, v in facts.items() if "::" not in k and vocabulary.facts[k].source != "defined"}
    defined = {k: v for k, v in facts.items() if k not in computed}
    return computed, defined
