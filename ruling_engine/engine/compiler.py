"""Compiling rules to durable-rules rulesets: one durable rule per disjunct; a club's rules make one
ruleset, or several when they read more incident facts than one durable fact can hold.

The incident's computed facts travel as ONE durable fact (`t: i`), so most rules match a single
pattern; each fact a club's definition derives travels as a small fact (`t: d`, `n`: name,
`v`: value). Conditions arrive negation-free (conditions.py pushes negations to the leaves), so
no durable `$not` is ever emitted, and every pattern starts with a positive test of its kind
(`t`), so a lone `$nex` can never match the session state (durable-rules traps 1 and 3).
"""
from __future__ import annotations

from ruling_engine.records import dataclass

from ruling_engine.knowledge.conditions import Leaf, disjuncts
from ruling_engine.errors import FloorcallError
from ruling_engine.model import Rule

MAX_FACT_PROPERTIES = 255          # durable-rules trap 10
COMPARISON = {"lt": "$lt", "le": "$lte", "gt": "$gt", "ge": "$gte"}


@dataclass(frozen=True)
class Branch:
    """What one compiled durable rule stands for."""

    rule_id: str
    derives: tuple = ()     # (fact, value) asserted when it fires; () for a ruling


def durable_field(fact: str) -> str:
    """The property a fact travels as: durable-rules reads a dot as a path into a nested fact, so an
    entry's fact (`hand_mucked.seat`) travels flat as `hand_mucked__seat`."""
    return fact.replace(".", "__")


def leaf_terms(leaf: Leaf, field: str) -> list:
    """durable-rules tests (to be and-ed) for one leaf on `field`."""
    op, value = leaf.op, leaf.value
    if op == "eq":
        return [{field: value}]
    if op == "ne":
        return [{"$ex": {field: 1}}, {"$neq": {field: value}}]
    if op in COMPARISON:
        return [{COMPARISON[op]: {field: value}}]
    if op == "in":
        return [{"$or": [{field: v} for v in value]}]
    if op == "not_in":
        return [{"$ex": {field: 1}}] + [{"$neq": {field: v}} for v in value]
    if op == "known":
        return [{"$ex": {field: 1}}] if value else [{"$nex": {field: 1}}]
    raise ValueError(op)


def compile_conjunction(leaves, vocabulary) -> list:
    """The `all` list of patterns for one conjunction of leaves."""
    incident_terms, defined = [], {}
    for leaf in leaves:
        if vocabulary.facts[leaf.fact].source == "defined":
            defined.setdefault(leaf.fact, []).extend(leaf_terms(leaf, "v"))
        else:
            incident_terms.extend(leaf_terms(leaf, durable_field(leaf.fact)))
    patterns = []
    if incident_terms or not defined:
        patterns.append({"i": {"$and": [{"t": "i"}] + incident_terms}})
    for index, (fact, terms) in enumerate(sorted(defined.items())):
        patterns.append({f"d{index}": {"$and": [{"t": "d"}, {"n": fact}] + terms}})
    return patterns


def _negate_all(node):
    """Negation of a parsed (negation-free) condition, again negation-free."""
    from ruling_engine.knowledge.conditions import All, Any_
    if isinstance(node, Leaf):
        return node.negated()
    parts = tuple(_negate_all(p) for p in node.parts)
    return Any_(parts) if isinstance(node, All) else All(parts)


def _incident_fields(rule: Rule, vocabulary) -> set:
    """The incident facts (not club-defined ones) a rule's condition reads."""
    variants = [rule.when] + ([_negate_all(rule.when)] if rule.is_definition and rule.otherwise is not None else [])
    return {l.fact for condition in variants for conj in disjuncts(condition) for l in conj
            if vocabulary.facts[l.fact].source != "defined"}


class IssueGroups:
    """One club's rules by the issue they settle: `group(issue)` is its rulings and every
    definition they rely on, directly or through other definitions, in the rules' own order.

    The engine registers a group only when an incident raises its issue, so a process that rules
    on one incident compiles only the rules that incident can reach. Groups are worked out on
    first use.
    """

    def __init__(self, rules, vocabulary):
        self.rules = list(rules)
        self.vocabulary = vocabulary
        self.rulings: dict = {}
        self.defining: dict = {}
        for rule in self.rules:
            if rule.is_definition:
                self.defining.setdefault(rule.defines[0], []).append(rule)
            else:
                self.rulings.setdefault(rule.issue, []).append(rule)
        self._groups: dict = {}

    @property
    def issues(self) -> list:
        return list(self.rulings)

    def _defined_facts(self, rule) -> set:
        named = {l.fact for conj in disjuncts(rule.when) for l in conj}
        named.update(rule.then.template_facts() if rule.then else ())
        facts = self.vocabulary.facts
        return {f for f in named if f in facts and facts[f].source == "defined"}

    def group(self, issue: str) -> list:
        if issue not in self._groups:
            members = {r.id for r in self.rulings.get(issue, ())}
            todo = set().union(*(self._defined_facts(r) for r in self.rulings.get(issue, ())))
            seen = set()
            while todo:
                fact = todo.pop()
                seen.add(fact)
                for definition in self.defining.get(fact, ()):
                    if definition.id not in members:
                        members.add(definition.id)
                        todo |= self._defined_facts(definition) - seen
            self._groups[issue] = [r for r in self.rules if r.id in members]
        return self._groups[issue]


def shard_rules(rules, vocabulary) -> list[list]:
    """Split one club's rules into groups small enough for one durable ruleset each.

    The incident travels as one durable fact, which holds at most MAX_FACT_PROPERTIES properties
    (durable-rules trap 10, two of them taken by `sid` and `t`). Rules are grouped by file, in
    order, and a file's rules always stay together; a single file reading too many facts is an error.
    """
    limit = MAX_FACT_PROPERTIES - 2
    by_file: dict = {}
    for rule in rules:
        by_file.setdefault(rule.file, []).append(rule)
    shards, current, fields = [], [], set()
    for file, group in by_file.items():
        group_fields = set().union(*(_incident_fields(r, vocabulary) for r in group))
        if len(group_fields) > limit:
            raise FloorcallError(file, None, f"at most {limit} distinct incident facts in one rule file",
                                 f"{len(group_fields)}",
                                 "durable-rules cannot match a fact with more properties; split the file")
        if current and len(fields | group_fields) > limit:
            shards.append(current)
            current, fields = [], set()
        current += group
        fields |= group_fields
    if current:
        shards.append(current)
    return shards


def compile_rules(rules, vocabulary) -> tuple[dict, dict, list]:
    """Compile a group of one club's rules (see shard_rules) to durable rule definitions.

    Returns (durable rule definitions without `run`, branch per durable rule name, the incident
    fact names the ruleset reads).
    """
    definitions, branches, incident_fields = {}, {}, set()
    for rule in rules:
        variants = [(rule.when, rule.defines, "")]
        if rule.is_definition and rule.otherwise is not None:
            variants.append((_negate_all(rule.when), (rule.defines[0], rule.otherwise), "else"))
        for condition, derives, tag in variants:
            for index, conj in enumerate(disjuncts(condition)):
                name = f"{rule.id}#{tag}{index}"
                definitions[name] = {"all": compile_conjunction(conj, vocabulary)}
                branches[name] = Branch(rule.id, tuple(derives))
                incident_fields.update(l.fact for l in conj if vocabulary.facts[l.fact].source != "defined")
    return definitions, branches, sorted(incident_fields)
