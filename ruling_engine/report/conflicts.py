"""Conflicts inside one rulebook: pairs of one club's rules that settle the same issue differently
and can both apply.

A pair is listed only when there is a situation in which both rules fire: one is constructed from
the two conditions (with the club's definitions expanded, the issue's own `raised_when` included,
bounds and declared values respected: `less_than: 18` never meets `at_least: 18`), and the engine
itself is run on it. A pair whose conditions cannot hold together is no conflict; nor is a pair
where one rule is declared an exception to the other (`overrides:`, issue 9): the engine sets the
general rule aside, and such pairs are listed apart as resolved.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from itertools import combinations

from ruling_engine.knowledge.conditions import disjuncts, witness
from ruling_engine.report.overlap import ClubConditions, clash, pins, rule_on_facts, split_facts
from ruling_engine.rulings.rule_on import engine_for

MAX_TRIES = 40                  # constructed situations tried per pair before giving up


@dataclass
class Situation:
    """A constructed situation in which both rules' conditions hold."""

    facts: dict                 # the incident facts it takes (computed from an incident)
    defined: dict               # the club-defined facts it relies on (its definitions derive them)
    ruling: object              # the club's ruling on the issue there, as the engine gives it
    shared: list = field(default_factory=list)   # facts both rules test (beyond what raises the issue);
                                                 # none: they meet only when two separate things happen
    narrower: str = ""          # "first" / "second": that rule's condition contains all of the other's
                                # (a candidate for a missing `overrides:`)


@dataclass
class Conflict:
    club: str
    issue: str
    first: object               # Rule
    second: object              # Rule
    relation: str = "none"      # none | first-overrides | second-overrides | chain | declared-conflict
    confirmed: bool = False     # the engine, run on the situation, rules it as the relation says
    chain: list = field(default_factory=list)     # relation chain: rule ids, the exception first
    situation: Situation | None = None
    cases: list = field(default_factory=list)     # case files where the engine ruled this conflict
    both: list = field(default_factory=list)      # (case file, rule ids set aside) where both fired
                                                  # but a declared exception settled it

    @property
    def resolved(self) -> bool:
        """A declared exception between the two, directly or along a chain of exceptions, settles it
        (the engine sets the general one aside: rulings/resolve.py follows the chain)."""
        return self.relation in ("first-overrides", "second-overrides", "chain")

    @property
    def anchor(self) -> str:
        return f"conflict-{self.first.id}--{self.second.id}"


@dataclass
class ConflictScan:
    conflicts: list             # true conflicts: the engine rules both on a situation, nothing settles them
    resolved: list              # pairs a declared exception settles
    unconfirmed: list           # pairs whose conditions can hold together on paper, but on no situation
                                # tried does the engine rule the conflict (shown apart, for a look)
    impossible: int             # pairs with different outcomes whose conditions can never hold together
    pairs: int                  # pairs of rules on one issue with different outcomes, examined

    @property
    def on_same_facts(self) -> list:
        """The conflicts whose two rules test a fact in common: two answers to one situation."""
        return [x for x in self.conflicts if x.situation is None or x.situation.shared]

    @property
    def two_things(self) -> list:
        """The conflicts whose rules test no fact in common: they meet only when two separate things
        happen in one incident (two dealing slips, two offences)."""
        return [x for x in self.conflicts if x.situation is not None and not x.situation.shared]


def scan_conflicts(kb, cases: list | None = None, clubs=None) -> ConflictScan:
    """Every pair of one club's rules on one issue with different outcomes, sorted out: true
    conflicts, resolved by a declared exception, unconfirmed, impossible. With `cases` (rule_cases
    rows), each pair also names the cases where the engine met it (see attach_cases). `clubs`:
    only these clubs' rules (default: every club's)."""
    engine = engine_for(kb)
    vocabulary = kb.vocabulary
    scan = ConflictScan(conflicts=[], resolved=[], unconfirmed=[], impossible=0, pairs=0)
    for club in clubs or kb.clubs:
        info = ClubConditions(kb, club)
        closure = _overrides(kb, club)
        by_issue: dict = {}
        for rule in kb.rules.get(club, []):
            if not rule.is_definition:
                by_issue.setdefault(rule.issue, []).append(rule)
        for issue, rules in by_issue.items():
            if len({r.then.outcome for r in rules}) < 2:
                continue
            raised = disjuncts(vocabulary.issues[issue]["condition"])
            for first, second in combinations(rules, 2):
                if first.then.outcome == second.then.outcome:
                    continue
                scan.pairs += 1
                conflict = Conflict(club=club, issue=issue, first=first, second=second)
                if second.id in first.overrides:
                    conflict.relation = "first-overrides"
                elif first.id in second.overrides:
                    conflict.relation = "second-overrides"
                elif second.id in first.conflicts_with or first.id in second.conflicts_with:
                    conflict.relation = "declared-conflict"     # the club's text prefers neither: shown as a conflict
                elif (first.id, second.id) in closure or (second.id, first.id) in closure:
                    conflict.relation = "chain"
                    conflict.chain = _chain(kb, club, first.id, second.id) or _chain(kb, club, second.id, first.id)
                found = _situation(kb, engine, info, conflict, raised)
                if found is None:
                    scan.impossible += 1
                    continue
                conflict.situation, conflict.confirmed = found
                if conflict.resolved:
                    scan.resolved.append(conflict)
                elif conflict.confirmed:
                    scan.conflicts.append(conflict)
                else:
                    scan.unconfirmed.append(conflict)
    if cases is not None:
        attach_cases(scan, cases)
    return scan


def attach_cases(scan: ConflictScan, cases: list) -> None:
    """Name, for each pair, the cases where the engine ruled the conflict (both rules fired, neither
    set aside) and those where both fired but a declared exception settled it. A pair the
    constructed situations left unconfirmed but a case shows is a conflict after all."""
    met = _met_in_cases(cases)
    for conflict in scan.conflicts + scan.resolved + scan.unconfirmed:
        conflict.cases, conflict.both = [], []
        for file, ruling in met.get((conflict.club, conflict.issue), ()):
            fired = set(ruling.rules_fired) | set(ruling.set_aside)
            if {conflict.first.id, conflict.second.id} <= fired:
                if ruling.basis == "conflict" and {conflict.first.id, conflict.second.id} <= set(ruling.rules_fired):
                    if file not in conflict.cases:
                        conflict.cases.append(file)
                elif (file, tuple(ruling.set_aside)) not in conflict.both:
                    conflict.both.append((file, tuple(ruling.set_aside)))
    shown = [x for x in scan.unconfirmed if x.cases]
    if shown:
        scan.unconfirmed = [x for x in scan.unconfirmed if not x.cases]
        scan.conflicts.extend(shown)


def portable(scan: ConflictScan) -> ConflictScan:
    """The scan with each pair's rules named by id (to be kept or sent to another process)."""
    def light(items):
        return [dataclasses.replace(x, first=_rule_id(x.first), second=_rule_id(x.second)) for x in items]
    return dataclasses.replace(scan, conflicts=light(scan.conflicts), resolved=light(scan.resolved),
                               unconfirmed=light(scan.unconfirmed))


def relink(kb, scan: ConflictScan) -> ConflictScan:
    """A scan made elsewhere (portable, or in another process), with its rules this knowledge
    base's own."""
    rules = {(rule.club, rule.id): rule for club in kb.clubs for rule in kb.rules.get(club, [])}
    for conflict in scan.conflicts + scan.resolved + scan.unconfirmed:
        conflict.first = rules[conflict.club, _rule_id(conflict.first)]
        conflict.second = rules[conflict.club, _rule_id(conflict.second)]
    return scan


def _rule_id(rule) -> str:
    return rule if isinstance(rule, str) else rule.id


def _situation(kb, engine, info: ClubConditions, conflict: Conflict, raised: list):
    """(Situation, confirmed) for the pair, or None when their conditions never hold together.

    confirmed: the engine, run on the situation, rules the conflict (both rules fire and neither
    is set aside); for a resolved pair, it sets the general rule aside. The first situation found
    is kept when no tried one confirms it."""
    vocabulary = kb.vocabulary
    first, second = conflict.first, conflict.second
    kept, tries = None, 0
    for a in info.situations(first.when):
        pa = pins(a)
        for b in info.situations(second.when):
            pb = pins(b)
            if clash(pa, pb):
                continue
            for r in raised:
                if clash(pa, pins(r)) or clash(pb, pins(r)):
                    continue
                facts = witness(a + b + r, vocabulary)
                if facts is None:
                    continue
                computed, defined = split_facts(facts, vocabulary)
                ruling = rule_on_facts(kb, engine, conflict.club, conflict.issue, computed)
                # a fact both test beyond what raises the issue: a leaf of each on it that is not
                # the issue's own (`age <= 18` and `age >= 18` share the age the issue is raised on)
                rs = set(r)
                shared = sorted({l.fact for l in a if l not in rs} & {l.fact for l in b if l not in rs})
                narrower = ("second" if set(a) < set(b) else "first" if set(b) < set(a) else "")
                situation = Situation(facts=computed, defined=defined, ruling=ruling, shared=shared,
                                      narrower=narrower)
                if ruling is not None and _confirms(conflict, ruling):
                    return situation, True
                kept = kept or situation
                tries += 1
                if tries >= MAX_TRIES:
                    return kept, False
    return (kept, False) if kept else None


def _confirms(conflict: Conflict, ruling) -> bool:
    ids = {conflict.first.id, conflict.second.id}
    if conflict.resolved:
        general = conflict.second.id if conflict.relation == "first-overrides" else conflict.first.id
        return general in ruling.set_aside and (ids - {general}) <= set(ruling.rules_fired)
    return ruling.basis == "conflict" and ids <= set(ruling.rules_fired)


def _met_in_cases(cases: list) -> dict:
    """(club, issue) -> [(case file, ruling)] over every point of every case."""
    out: dict = {}
    for row in cases:
        for line in row.lines:
            for club, ruling in line.rulings.items():
                out.setdefault((club, line.issue), []).append((row.file, ruling))
    return out


def _overrides(kb, club: str) -> set:
    """Pairs (a, b) where rule a is an exception to rule b, directly or through a chain."""
    direct = {(r.id, t) for r in kb.rules.get(club, []) for t in r.overrides}
    closure = set(direct)
    while True:
        more = {(a, d) for a, b in closure for c, d in direct if b == c} - closure
        if not more:
            return closure
        closure |= more


def _chain(kb, club: str, start: str, end: str) -> list:
    """Rule ids from `start` to `end` along declared exceptions, or [] when there is no chain."""
    targets = {r.id: r.overrides for r in kb.rules.get(club, [])}
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for nxt in targets.get(path[-1], ()):
            if nxt == end:
                return path + [nxt]
            if nxt not in seen:
                seen.add(nxt)
                paths.append(path + [nxt])
    return []
