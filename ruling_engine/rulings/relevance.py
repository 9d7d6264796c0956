"""Which incident fields can change a ruling, worked out from the knowledge base alone.

A ruling reads facts: the facts of the issues' `raised_when` conditions, of the conditions of
every club's rules on an issue (with the definitions they rely on) and of their do-lines and
effects (`{fact}` templates). A computed fact is worked out from the incident fields its
vocabulary entry lists under `from:` (tests/test_questionnaire.py and tests/test_hostile_input.py
check those lists against what derive.py reads). So a field no such fact lists cannot change
any ruling, and a field the facts of a point's possible issues do not list cannot change that
point's rulings.

The combinations of `unknown` answers use this twice: only the fields that can change a ruling
are ruled every way (and counted against the cap), and each point is ruled once per combination
of the fields that can change *its* rulings, not once per combination of them all.
"""
from __future__ import annotations

from ruling_engine.facts.question import ASKS

from ruling_engine.engine.compiler import IssueGroups
from ruling_engine.knowledge.conditions import disjuncts

_CACHE: dict = {}


def relevance_for(kb) -> "Relevance":
    """The relevance of a knowledge base (worked out once per process)."""
    key = id(kb)
    if key not in _CACHE or _CACHE[key][0] is not kb:
        _CACHE[key] = (kb, Relevance(kb))
    return _CACHE[key][1]


class Relevance:
    def __init__(self, kb):
        vocabulary = kb.vocabulary
        self.vocabulary = vocabulary
        groups = {club: IssueGroups(rules, vocabulary) for club, rules in kb.rules.items()}
        self.issue_facts: dict = {}          # issue -> facts its raising or any club's ruling reads
        self.owners: dict = {}               # issue -> [owner kinds of each raised_when conjunction]
        for issue, spec in vocabulary.issues.items():
            conjunctions = disjuncts(spec["condition"])
            facts = {leaf.fact for conj in conjunctions for leaf in conj}
            self.owners[issue] = [{leaf.fact.split(".", 1)[0] for leaf in conj if "." in leaf.fact}
                                  for conj in conjunctions]
            for club_groups in groups.values():
                for rule in club_groups.group(issue):
                    facts |= {leaf.fact for conj in disjuncts(rule.when) for leaf in conj}
                    if rule.then is not None:
                        facts |= set(rule.then.template_facts())
            self.issue_facts[issue] = facts
        for issue, by in getattr(vocabulary, "answered_by", {}).items():   # answered by another's ruling
            self.issue_facts[issue] = self.issue_facts[issue].union(*(self.issue_facts[o] for o in by))
        self._by_point: dict = {}

    def _fields(self, facts) -> frozenset:
        out = set()
        for name in facts:
            spec = self.vocabulary.facts.get(name)
            if spec is not None and spec.source == "computed":
                out.update(spec.sources)
        return frozenset(out)

    def issues_at(self, kind: str, last: bool) -> list:
        """The issues a point of this kind can raise (resolve.raised_issues: a conjunction about
        the point's own entry, or one about the hand alone at the last point)."""
        kinds = {kind} | (set().union(*ASKS.values()) if kind == "question" else set())
        return [issue for issue, owners in self.owners.items()
                if any(kinds & set(o) or (not o and last) for o in owners)]

    def fields_at(self, kind: str, last: bool) -> frozenset:
        """Incident fields (as `from:` names them) that can change the rulings at such a point."""
        key = (kind, last)
        if key not in self._by_point:
            facts = set().union(*(self.issue_facts[i] for i in self.issues_at(kind, last)))
            self._by_point[key] = self._fields(facts)
        return self._by_point[key]

    @property
    def fields(self) -> frozenset:
        """Incident fields that can change some ruling at some point."""
        if None not in self._by_point:
            self._by_point[None] = self._fields(set().union(*self.issue_facts.values()))
        return self._by_point[None]


def source_names(path: tuple, data: dict) -> frozenset:
    """The names `from:` lists may give the field at `path` of validated incident data:
    `game.variant`; `button`; `players` / `players.cards`; `actions` (every action field);
    an event's kind and `kind.field`; `said` / `said.to`; `street` and `board`."""
    head = path[0]
    if head == "game" and len(path) > 1:
        return frozenset({"game", f"game.{path[1]}"})
    if head == "players":
        field = next((p for p in path[1:] if isinstance(p, str)), None)
        return frozenset({"players"} | ({f"players.{field}"} if field else set()))
    if head == "timeline" and len(path) > 1 and isinstance(path[1], int):
        entry = data["timeline"][path[1]]
        field = next((p for p in path[2:] if isinstance(p, str)), None)
        kind = entry.get("entry")
        if kind == "action":
            return frozenset({"actions"} | ({f"actions.{field}"} if field else set()))
        if kind == "event":
            return frozenset({entry["event"]} | ({f"{entry['event']}.{field}"} if field else set()))
        if kind == "said":
            return frozenset({"said"} | ({f"said.{field}"} if field else set()))
        return frozenset({"street", "board"})
    return frozenset({head})


def can_matter(path: tuple, data: dict, fields: frozenset) -> bool:
    return bool(source_names(path, data) & fields)
