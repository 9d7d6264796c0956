"""`floorcall check`: the knowledge base keeps its promises.

Quotes and clause texts verbatim in the sources; ids unique; every fact declared (the loader
already refuses undeclared ones); every rule reachable; the published JSON Schema up to date;
every club's rules compile for durable-rules.
"""
from __future__ import annotations

from ruling_engine.engine.compiler import compile_rules, shard_rules
from ruling_engine.knowledge.conditions import Leaf, can_hold, disjuncts
from ruling_engine.errors import FloorcallError
from ruling_engine.knowledge.schema import schema_path, schema_text


def fold(text: str) -> str:
    return " ".join(str(text).split())


def check_knowledge(kb) -> list:
    """Every problem found, as 'file: message' lines (empty when all is well)."""
    problems = []
    for club, info in kb.clubs.items():
        try:
            source = fold(kb.source_text(club))
        except OSError as exc:
            problems.append(f"{kb.root / info.source}: cannot read the source text ({exc})")
            continue
        index_file = kb.root / "clauses" / f"{club}.yaml"
        for clause in kb.clauses[club].values():
            if fold(clause.text) not in source:
                problems.append(f"{index_file}: clause {clause.id} text is not verbatim in {info.source}")
            if not clause.normative and not clause.reason:
                problems.append(f"{index_file}: clause {clause.id} is marked non-normative without a reason")
        rules = kb.rules.get(club, [])
        ids = {r.id for r in rules}
        defined_values = {}
        for rule in rules:
            if rule.is_definition:
                fact, value = rule.defines
                defined_values.setdefault(fact, set()).add(value)
                if rule.otherwise is not None:
                    defined_values[fact].add(rule.otherwise)
        for rule in rules:
            where = f"{rule.file}:{rule.line}"
            clause = kb.clauses[club][rule.clause]
            if fold(rule.quote) not in fold(clause.text):
                problems.append(f"{where}: rule {rule.id}: quote is not verbatim in clause {rule.clause}")
            for target in rule.overrides:
                if target not in ids:
                    problems.append(f"{where}: rule {rule.id} overrides unknown rule {target}")
            for target in rule.conflicts_with:
                if target not in ids:
                    problems.append(f"{where}: rule {rule.id} conflicts_with unknown rule {target}")
                elif target in rule.overrides:
                    problems.append(f"{where}: rule {rule.id} both overrides and conflicts_with {target}")
            live = [conj for conj in disjuncts(rule.when) if can_hold(conj, kb.vocabulary)]
            if not live:
                problems.append(f"{where}: rule {rule.id} can never fire (its conditions contradict each other)")
                continue
            if not any(_defined_available(conj, kb, defined_values) for conj in live):
                problems.append(f"{where}: rule {rule.id} is unreachable: it needs a defined fact that no "
                                f"definition rule of {club} derives with that value")
        try:
            for shard in shard_rules(rules, kb.vocabulary):
                compile_rules(shard, kb.vocabulary)
        except FloorcallError as exc:
            problems.append(str(exc))
    vocabulary_file = kb.root / "vocabulary.yaml"
    for name, spec in kb.vocabulary.facts.items():
        if spec.source == "computed" and not spec.sources:
            problems.append(f"{vocabulary_file}: computed fact {name} does not say which incident fields it "
                            f"is worked out from (`from: [...]`); the questionnaire needs it")
    path = schema_path(kb)
    if not path.exists() or path.read_text(encoding="utf-8") != schema_text(kb):
        problems.append(f"{path}: out of date with knowledge/vocabulary.yaml; run `floorcall schema --write`")
    return problems


def _defined_available(conj, kb, defined_values) -> bool:
    for leaf in conj:
        if kb.vocabulary.facts[leaf.fact].source != "defined":
            continue
        values = defined_values.get(leaf.fact, set())
        if not values or not any(Leaf.holds(leaf, {leaf.fact: v}) for v in values):
            if not (leaf.op == "known" and not leaf.value):
                return False
    return True
