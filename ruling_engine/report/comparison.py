"""The four rulebooks compared, computed from the knowledge base and the engine (never by hand).

Topic by topic (the clause index's topics), case by case (every incident in cases/ ruled under
every club), the conflicts inside one rulebook (pairs of its rules that settle the same issue
differently and can both apply), and the gaps (one club silent where another has a rule).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from ruling_engine.knowledge.conditions import can_hold, expanded
from ruling_engine.knowledge.coverage import coverage
from ruling_engine.incident.load import load_incident
from ruling_engine.locations import cases_dir as cases_beside
from ruling_engine.rulings.rule_on import rule_incident


@dataclass
class ClubTopic:
    """What one club's rulebook says on one topic."""

    club: str
    clauses: list                 # Clause objects of the topic, in rulebook order
    outcomes: list                # (issue, outcome, rule id, decision) of the rules citing them
    unencoded: list               # clause ids of the topic no rule cites yet

    @property
    def silent(self) -> bool:
        return not self.clauses


@dataclass
class TopicRow:
    topic: str
    clubs: dict                   # club -> ClubTopic
    status: str                   # agree | differ | one-club | not-encoded
    differences: list = field(default_factory=list)   # lines saying on what the clubs differ

    @property
    def silent_clubs(self) -> list:
        return [c for c, row in self.clubs.items() if row.silent]


@dataclass
class CaseRow:
    file: str
    title: str
    house: str
    issues: list                  # (issue, title)
    rulings: dict                 # club -> {issue: ClubRuling}
    differing: set                # issues on which the clubs' outcomes differ


@dataclass
class Conflict:
    club: str
    issue: str
    first: object                 # Rule
    second: object                # Rule
    cases: list                   # case files where the engine reported this conflict


@dataclass
class Gap:
    club: str
    issue: str
    others: dict                  # club -> outcomes its rules give on the issue
    cases: list                   # case files where this club is not covered and another club rules


@dataclass
class Comparison:
    clubs: dict                   # club -> Club
    coverage: dict                # club -> coverage row
    rule_counts: dict             # club -> number of rules
    topics: list                  # TopicRow
    cases: list                   # CaseRow
    conflicts: list               # Conflict
    gaps: list                    # Gap
    issue_titles: dict


def compare(kb, cases_dir: Path | None = None) -> Comparison:
    """Everything the comparison report shows, computed from `kb` and the engine.

    The cases are those beside `kb`'s knowledge folder unless `cases_dir` names others.
    """
    cases = rule_cases(kb, cases_dir)
    return Comparison(
        clubs=kb.clubs,
        coverage=coverage(kb)["clubs"],
        rule_counts={club: len(kb.rules.get(club, [])) for club in kb.clubs},
        topics=topic_rows(kb),
        cases=cases,
        conflicts=rulebook_conflicts(kb, cases),
        gaps=gaps(kb, cases),
        issue_titles={i: spec["title"] for i, spec in kb.vocabulary.issues.items()},
    )


def topic_rows(kb) -> list:
    topics = sorted({c.topic for clauses in kb.clauses.values() for c in clauses.values() if c.normative})
    return [_topic_row(kb, topic) for topic in topics]


def _topic_row(kb, topic: str) -> TopicRow:
    clubs = {}
    for club in kb.clubs:
        clauses = [c for c in kb.clauses[club].values() if c.topic == topic and c.normative]
        ids = {c.id for c in clauses}
        rules = [r for r in kb.rules.get(club, []) if r.clause in ids and not r.is_definition]
        cited = {r.clause for r in kb.rules.get(club, [])}
        clubs[club] = ClubTopic(
            club=club, clauses=clauses,
            outcomes=[(r.issue, r.then.outcome, r.id, r.then.decision) for r in rules],
            unencoded=[c.id for c in clauses if c.id not in cited])
    status, differences = _agreement(kb, clubs)
    return TopicRow(topic=topic, clubs=clubs, status=status, differences=differences)


def _agreement(kb, clubs: dict) -> tuple:
    """(status, differences) of one topic, from the outcomes the clubs' encoded rules give.

    agree: every club that rules on the topic gives the same outcomes, issue by issue; differ: they
    do not (the differences say on what); one-club: only one club has an encoded rule on it (the others are silent or not encoded yet);
    not-encoded: the rulebooks have clauses on it but no rule encodes them yet.
    """
    by_issue: dict = {}
    for club, row in clubs.items():
        for issue, outcome, _, _ in row.outcomes:
            by_issue.setdefault(issue, {}).setdefault(club, set()).add(outcome)
    differences = []
    for issue, per_club in by_issue.items():
        if len({frozenset(v) for v in per_club.values()}) > 1:
            said = "; ".join(f"{c}: {', '.join(sorted(v))}" for c, v in sorted(per_club.items()))
            differences.append(f"{kb.vocabulary.issues[issue]['title']} — {said}")
    ruling = {club for per_club in by_issue.values() for club in per_club}
    if differences:
        return "differ", differences
    if not ruling:
        return "not-encoded", []
    if len(ruling) == 1:
        return "one-club", []
    return "agree", []


def rule_cases(kb, cases_dir: Path | None = None) -> list:
    rows = []
    for path in sorted(Path(cases_dir or cases_beside(kb.root)).glob("*.yaml")):
        incident = load_incident(path, kb.vocabulary, kb.clubs)
        report = rule_incident(incident, kb, with_precedents=False)
        rulings = {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}
        differing = {issue for issue, _ in report.issues
                     if len({rulings[c][issue].outcome for c in rulings if issue in rulings[c]}) > 1}
        rows.append(CaseRow(file=path.name, title=report.title, house=report.house,
                            issues=report.issues, rulings=rulings, differing=differing))
    return rows


def _overrides(kb, club: str) -> set:
    """Pairs (a, b) where rule a is an exception to rule b, directly or through a chain."""
    direct = {(r.id, t) for r in kb.rules.get(club, []) for t in r.overrides}
    closure = set(direct)
    while True:
        more = {(a, d) for a, b in closure for c, d in direct if b == c} - closure
        if not more:
            return closure
        closure |= more


def _can_apply_together(first, second, definitions: dict) -> bool:
    return any(can_hold(a + b) for a in expanded(first.when, definitions) for b in expanded(second.when, definitions))


def rulebook_conflicts(kb, cases: list) -> list:
    """Pairs of one club's rules that settle one issue differently and whose conditions can both hold."""
    found = []
    for club in kb.clubs:
        excepted = _overrides(kb, club)
        definitions: dict = {}
        for rule in kb.rules.get(club, []):
            if rule.is_definition:
                definitions.setdefault(rule.defines[0], []).append(rule)
        rulings = [r for r in kb.rules.get(club, []) if not r.is_definition]
        for first, second in combinations(rulings, 2):
            if first.issue != second.issue or first.then.outcome == second.then.outcome:
                continue
            if (first.id, second.id) in excepted or (second.id, first.id) in excepted:
                continue
            if not _can_apply_together(first, second, definitions):
                continue
            seen = [row.file for row in cases if _conflict_in(row, club, first, second)]
            found.append(Conflict(club=club, issue=first.issue, first=first, second=second, cases=seen))
    return found


def _conflict_in(row: CaseRow, club: str, first, second) -> bool:
    ruling = row.rulings[club].get(first.issue)
    return bool(ruling and ruling.basis == "conflict"
                and {first.id, second.id} <= set(ruling.rules_fired))


def gaps(kb, cases: list) -> list:
    """Issues on which a club has no rule while another club has one."""
    outcomes: dict = {}
    for club in kb.clubs:
        for rule in kb.rules.get(club, []):
            if not rule.is_definition:
                outcomes.setdefault(rule.issue, {}).setdefault(club, set()).add(rule.then.outcome)
    found = []
    for issue, per_club in outcomes.items():
        for club in kb.clubs:
            if club in per_club:
                continue
            seen = [row.file for row in cases
                    if row.rulings[club].get(issue) and row.rulings[club][issue].basis == "not covered"]
            found.append(Gap(club=club, issue=issue, others={c: sorted(v) for c, v in per_club.items()},
                             cases=seen))
    # Situations: a club not covered on an issue of a case where another club has a rule.
    for row in cases:
        for issue, _ in row.issues:
            silent = [c for c, r in row.rulings.items() if r[issue].basis == "not covered"]
            ruling = [c for c, r in row.rulings.items() if r[issue].basis != "not covered"]
            for club in silent:
                if ruling and not any(g.club == club and g.issue == issue for g in found):
                    found.append(Gap(club=club, issue=issue,
                                     others={c: [row.rulings[c][issue].outcome] for c in ruling},
                                     cases=[row.file]))
                elif ruling:
                    gap = next(g for g in found if g.club == club and g.issue == issue)
                    if row.file not in gap.cases:
                        gap.cases.append(row.file)
    return sorted(found, key=lambda g: (g.club, g.issue))
