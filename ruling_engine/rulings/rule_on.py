"""rule-on, as a function: incident file in, a Report of every club's ruling out."""
from __future__ import annotations

import functools

from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import hand_point, point_view, read_timeline
from ruling_engine.rulings.consistency import contradictions
from ruling_engine.rulings.settlement import settle
from ruling_engine.rulings.unread import unread_warnings
from ruling_engine.engine.host import ClubEngine
from ruling_engine.incident.load import Incident, load_incident
from ruling_engine.knowledge.load import KnowledgeBase, load_knowledge
from ruling_engine.model import Branch, ClubAnswer, ClubRuling, PointInfo, Report
from ruling_engine.rulings.precedents import precedents_for
from ruling_engine.rulings.resolve import raised_issues, resolve_club
from ruling_engine.incident.unknowns import choice_paths, combinations, path_name


@functools.lru_cache(maxsize=4)
def engine_for(kb: KnowledgeBase) -> ClubEngine:
    """The compiled engine of a knowledge base (compiled once per process)."""
    return ClubEngine(kb)


def currency_of(incident: Incident) -> str:
    game = incident.data["game"]
    if "currency" in game:
        return game["currency"]
    return "£" if game["format"] == "cash" else ""


def club_order(kb: KnowledgeBase, house: str) -> list:
    return [house] + [c for c in kb.clubs if c != house]


def rule_incident(incident: Incident, kb: KnowledgeBase | None = None, house: str | None = None,
                  with_precedents: bool = True, log=None, exclude_logged: int | None = None) -> Report:
    """Rule on a loaded incident under every club, the house club first.

    Fields written `unknown` are ruled on for each of their possible values; a ruling that differs
    between them says what it depends on (see unknowns.py). With a ruling log (rulings/log.py),
    each ruling lists the earlier logged rulings of its club on its issue, most similar first.
    """
    kb = kb or load_knowledge()
    if not choice_paths(incident.data, kb.vocabulary):
        report = _rule_complete(incident, kb, house, with_precedents)
    else:
        branches = [(assignment, _rule_complete(Incident(incident.file, data), kb, house, with_precedents))
                    for assignment, data in combinations(incident.data, kb.vocabulary, incident.file)]
        report = merge_branches(incident, branches)
    if log is not None:
        for club, answer in report.answers.items():
            for ruling in answer.rulings:
                facts = report.facts_by_point[ruling.point] if ruling.point < len(report.facts_by_point) \
                    else report.given
                ruling.logged = log.precedents(club, ruling.issue, facts, exclude=exclude_logged)
    return report


def _rule_complete(incident: Incident, kb: KnowledgeBase, house: str | None, with_precedents: bool) -> Report:
    house = house or incident.house
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    points = timeline.points or [hand_point(timeline)]
    engine = engine_for(kb)
    currency = currency_of(incident)
    rulings = {club: [] for club in club_order(kb, house)}
    derived_by_club = {club: {} for club in rulings}
    fired_by_club = {club: [] for club in rulings}
    issues, facts_by_point = [], []
    earlier: dict = {}                 # issue -> {club: signature} of the ruling an earlier point gave
    for number, point in enumerate(points):
        data, index = point_view(timeline, point)
        facts = computed_facts(data, index)
        facts_by_point.append(facts)
        raised = raised_issues(kb.vocabulary, facts, point.kind, last=number == len(points) - 1)
        here = {}
        for club in rulings:
            fired, derived = engine.run(club, facts, raised)
            here[club] = resolve_club(kb, club, raised, fired, {**facts, **derived}, currency)
            derived_by_club[club].update(derived)
            fired_by_club[club] += [f for f in fired if f not in fired_by_club[club]]
        for position, issue in enumerate(raised):
            signatures = {club: _signature(here[club][position]) for club in rulings}
            if earlier.get(issue) == signatures:
                continue              # every club rules the same on it as at an earlier point
            earlier[issue] = signatures
            for club in rulings:
                here[club][position].point = number
                rulings[club].append(here[club][position])
            if issue not in issues:
                issues.append(issue)
    answers = {}
    for club, club_rulings in rulings.items():
        if with_precedents:
            for ruling in club_rulings:
                ruling.precedents = precedents_for(club, ruling.issue, ruling.outcome, exclude_file=incident.file,
                                                   clauses=[c.clause for c in ruling.citations])
        info = kb.clubs[club]
        money = settle(timeline.data, timeline.hand, club_rulings)
        answers[club] = ClubAnswer(club=club, club_name=info.name, floor=info.floor, rulings=club_rulings,
                                   derived=derived_by_club[club], fired=fired_by_club[club], settlement=money,
                                   contradictions=[c.text() for c in contradictions(kb.vocabulary, club_rulings, money)])
    return Report(incident_file=incident.file, title=incident.title, house=house,
                  issues=[(i, kb.vocabulary.issues[i]["title"]) for i in issues],
                  given=facts_by_point[0], answers=answers,
                  points=[PointInfo(p.entries, p.kind, p.line, p.label) for p in points],
                  facts_by_point=facts_by_point,
                  secondary={i: True for i in issues if kb.vocabulary.issues[i].get("secondary")},
                  currency=currency, warnings=unread_warnings(kb, incident.data, facts_by_point, incident.file,
                                           money=any(a.settlement for a in answers.values())))


def rule_on(path, house: str | None = None, kb: KnowledgeBase | None = None, log=None) -> Report:
    """Load, validate and rule on an incident file."""
    kb = kb or load_knowledge()
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, house, log=log)


def _signature(ruling: ClubRuling) -> tuple:
    return (ruling.outcome, ruling.basis, ruling.decision, tuple(ruling.do),
            tuple(c.clause for c in ruling.citations))


def merge_branches(incident: Incident, branches: list) -> Report:
    """One report from the reports of every combination of unknown answers."""
    first = branches[0][1]
    keys = []
    for _, report in branches:
        for ruling in report.answers[first.house].rulings:
            if (ruling.point, ruling.issue) not in keys:
                keys.append((ruling.point, ruling.issue))
    for _, report in branches:
        for answer in report.answers.values():
            for ruling in answer.rulings:
                if (ruling.point, ruling.issue) not in keys:
                    keys.append((ruling.point, ruling.issue))
    issues = []
    for _, report in branches:
        issues += [i for i in report.issues if i not in issues]
    names = {path: path_name(path, incident.data) for path in branches[0][0]}
    answers = {}
    for club, answer in first.answers.items():
        rulings = []
        for point, issue in keys:
            groups: dict = {}
            for assignment, report in branches:
                ruling = next((r for r in report.answers[club].rulings if r.issue == issue and r.point == point), None)
                key = _signature(ruling) if ruling else None
                when = [(names[p], v) for p, v in assignment.items()]
                groups.setdefault(key, [ruling, []])[1].append(when)
            if None in groups and len(groups) == 1:
                continue
            if len(groups) == 1:
                rulings.append(next(iter(groups.values()))[0])
                continue
            depends = [Branch(when=whens, ruling=ruling) for ruling, whens in groups.values()]
            rulings.append(ClubRuling(
                club=club, issue=issue, basis="depends", outcome="depends",
                decision="The ruling turns on facts the floor could not establish: "
                         + ", ".join(sorted(names.values())) + ".",
                depends=depends, point=point))
        settlements = [report.answers[club].settlement for _, report in branches]
        answers[club] = ClubAnswer(club=club, club_name=answer.club_name, floor=answer.floor,
                                   rulings=rulings, derived=answer.derived, fired=answer.fired,
                                   settlement=settlements[0] if all(s == settlements[0] for s in settlements) else [],
                                   contradictions=list(dict.fromkeys(
                                       c for _, report in branches for c in report.answers[club].contradictions)))
    given = {k: v for k, v in first.given.items()
             if all(report.given.get(k, object()) == v for _, report in branches)}
    return Report(incident_file=first.incident_file, title=first.title, house=first.house,
                  issues=issues, given=given, answers=answers, points=first.points,
                  facts_by_point=first.facts_by_point, secondary=first.secondary,
                  currency=first.currency, warnings=first.warnings)
