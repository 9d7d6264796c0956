"""`floorcall check`'s specificity warnings (issue 13): pairs of one club's rules on one issue that
fire together with different outcomes and no declared relation between them (`overrides:`).

The pairs are the report's conflicts inside one rulebook, found by the same finder (conflicts.py:
a situation constructed from both conditions, run through the engine) and read from the same
cache (comparison.conflict_scan), so that `floorcall check` stays fast and says what the
report lists. A pair is either a real conflict of equal clauses (the floor must choose) or a
missing `overrides:` (a clause written for the exact situation governs the general one).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruling_engine.report.comparison import answer_text


SPECIFICITY = "check-specificity"


def unrelated_pairs(kb) -> list:
    """The report's conflicts inside one rulebook, each as a Pair (no engine rulings: what the
    warnings say), kept in floorcall's cache beside the report's analysis it is taken from."""
    from ruling_engine.knowledge.cache import cached

    def build():
        from ruling_engine.report.comparison import conflict_scan
        scan = conflict_scan(kb, linked=False)
        return [Pair(club=x.club, issue=x.issue, first=_id(x.first), second=_id(x.second), relation=x.relation,
                     chain=list(x.chain),
                     facts=dict(x.situation.facts) if x.situation else {},
                     defined=dict(x.situation.defined) if x.situation else {},
                     shared=list(x.situation.shared) if x.situation else [],
                     narrower=x.situation.narrower if x.situation else "",
                     constructed=x.situation is not None)
                for x in scan.conflicts]
    return cached(SPECIFICITY, [kb.root], build, types={"Pair": Pair})


@dataclass
class Pair:
    club: str
    issue: str
    first: str                  # rule ids
    second: str
    relation: str               # none | chain (conflicts.Conflict.relation)
    chain: list
    facts: dict                 # the constructed situation in which the engine fires both
    defined: dict
    shared: list                # facts both test (none: two separate things in one incident)
    narrower: str
    constructed: bool

    @property
    def same_facts(self) -> bool:
        return not self.constructed or bool(self.shared)


def pairs_kept(kb) -> bool:
    """Whether unrelated_pairs(kb) is in the cache already (else it takes the conflict scan)."""
    from ruling_engine.knowledge.cache import entry_path
    return entry_path(SPECIFICITY, [kb.root]).exists()


def specificity_warnings(kb, pairs: list | None = None) -> tuple:
    """(warning lines, summary line). Each warning names the club, the issue, both rules with
    their file, clause and outcome, and the situation in which the engine fires both. `pairs`:
    unrelated_pairs(kb), when another process worked them out."""
    pairs = unrelated_pairs(kb) if pairs is None else pairs
    pairs = [x for x in pairs if x.relation != "declared-conflict"]    # conflicts_with: known and shown
    same = [x for x in pairs if x.same_facts]
    apart = [x for x in pairs if not x.same_facts]
    rules = {(rule.club, rule.id): rule for club in kb.clubs for rule in kb.rules.get(club, [])}
    lines = []
    for pair in same + apart:
        lines.extend(_warning(kb, pair, rules[pair.club, pair.first], rules[pair.club, pair.second]))
    total = len(pairs)
    summary = (f"{total} specificity warning{'s' if total != 1 else ''}: pairs of one club's rules on one issue "
               f"that fire together with different outcomes and no declared relation (overrides:); "
               f"{len(same)} answer the same facts differently, {len(apart)} meet only when two separate "
               f"things happen in one incident")
    return lines, summary


def _id(rule) -> str:
    return rule if isinstance(rule, str) else rule.id


def _where(kb, rule) -> str:
    path = Path(rule.file)
    try:
        path = path.relative_to(Path(kb.root).parent)
    except ValueError:
        pass
    return f"{path}:{rule.line}"


def _warning(kb, x: Pair, first, second) -> list:
    out = [f"warning: {x.club}: {first.id} and {second.id} (issue {x.issue}) fire together with different "
           f"outcomes and no declared relation (overrides:)"]
    width = max(len(first.id), len(second.id))
    for rule in (first, second):
        out.append(f"  {rule.id:<{width}}  {_where(kb, rule)}  clause {rule.clause} ({kb.clause(rule.clause).locator}) "
                   f"-> {rule.then.outcome}: {_short(rule.quote)}")
    if x.constructed:
        facts = ", ".join(f"{k}: {answer_text(v)}" for k, v in x.facts.items())
        defined = ", ".join(f"{k}: {answer_text(v)}" for k, v in x.defined.items())
        out.append(f"  both fire when {facts or '(no incident fact)'}"
                   + (f" (so, by {x.club}'s definitions, {defined})" if defined else ""))
        if x.narrower:
            narrow, wide = (first, second) if x.narrower == "first" else (second, first)
            out.append(f"  {narrow.id}'s condition contains all of {wide.id}'s: if its clause is written for "
                       f"that narrower situation, declare it an exception (overrides: [{wide.id}])")
        elif not x.shared:
            out.append("  the two rules test no fact in common: they meet only when both things happen in one incident")
    if x.relation == "chain":
        out.append(f"  related through a chain of exceptions ({' -> '.join(x.chain)}): the engine sets the "
                   f"general one aside")
    return out


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3].rstrip() + "..."
