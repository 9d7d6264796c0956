"""rule-on, as a function: incident file in, a Report of every club's ruling out."""
from __future__ import annotations

import functools

from .derive import computed_facts
from .engine import ClubEngine
from .incident import Incident, load_incident
from .knowledge import KnowledgeBase, load_knowledge
from .model import ClubAnswer, Report
from .precedents import precedents_for
from .resolve import raised_issues, resolve_club


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
                  with_precedents: bool = True) -> Report:
    """Rule on a loaded incident under every club, the house club first."""
    kb = kb or load_knowledge()
    house = house or incident.house
    facts = computed_facts(incident)
    issues = raised_issues(kb.vocabulary, facts)
    engine = engine_for(kb)
    currency = currency_of(incident)
    answers = {}
    for club in club_order(kb, house):
        fired, derived = engine.run(club, facts)
        rulings = resolve_club(kb, club, issues, fired, {**facts, **derived}, currency)
        if with_precedents:
            for ruling in rulings:
                ruling.precedents = precedents_for(club, [c.clause for c in ruling.citations],
                                                   exclude_file=incident.file)
        info = kb.clubs[club]
        answers[club] = ClubAnswer(club=club, club_name=info.name, floor=info.floor,
                                   rulings=rulings, derived=derived, fired=fired)
    return Report(incident_file=incident.file, title=incident.title, house=house,
                  issues=[(i, kb.vocabulary.issues[i]["title"]) for i in issues],
                  given=facts, answers=answers)


def rule_on(path, house: str | None = None, kb: KnowledgeBase | None = None) -> Report:
    """Load, validate and rule on an incident file."""
    kb = kb or load_knowledge()
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, house)
