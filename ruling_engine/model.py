"""The typed model shared by every stage: knowledge (clubs, clauses, rules) and results."""
from __future__ import annotations

import re
from dataclasses import field

from ruling_engine.patterns import on_first_use
from ruling_engine.records import dataclass

# Bases on which a ruling settles nothing by itself (the floor chooses, or the unknown answers decide):
# its corrections are not made, and its money is not counted.
UNSETTLED = ("conflict", "depends")


def pot_name(pot: str | None) -> str:
    """How a settlement's pot key (`main`, `side-1`, ...) is said: "the main pot", "side pot 1"."""
    return "the main pot" if (pot or "main") == "main" else "side pot " + str(pot).split("-")[-1]

FACT_NAME = r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?"          # `heads_up`, or `hand_mucked.seat` (a fact of an entry)
TEMPLATE_NAME = re.compile(r"\{(" + FACT_NAME + r")\}")          # a fact named in a decision, do-line or effect
BRACED = on_first_use(r"\{([^{}]*)\}")                    # anything written in braces


@dataclass(frozen=True)
class Clause:
    """One clause of a club's rulebook, verbatim, with where to find it."""

    id: str
    club: str
    locator: str
    kind: str
    topic: str
    text: str
    normative: bool = True
    reason: str = ""


@dataclass(frozen=True)
class Club:
    """A club: its names, what its rulebook governs and its discretion clauses."""

    short: str
    title: str              # how the club is named in a sentence: EDP, Gala, ...
    name: str
    governs: tuple          # game formats the rulebook covers: cash, tournament
    games: str              # what it governs, in words
    floor: str              # what the club calls its floor person, short
    floor_long: str         # the same, in full
    discretion: tuple       # clause ids of its discretion ("best interest of the game") clauses
    source: str             # path of the source text, relative to knowledge/
    topic_discretion: tuple = ()    # ((topic, clause ids), ...): discretion clauses about one topic only
    dealt_by: tuple = ("house",)    # who deals its games: the house (a dealer) and/or the players in turn
    cash_max_bet: float | None = None   # the largest bet its own text allows in its cash game (its structure)
    cash_session: int | None = None     # the session of its nights that cash game is (None: no sessions)
    cash_max_bet_clause: str | None = None      # the clause that states the cap
    min_raise_basis: str = "big-blind-floor"    # what a raise must add at least, as its text says (MIN_RAISE_BASES)
    min_raise_clause: str | None = None         # the clause that says it
    min_raise_reading: str | None = None        # how the clause is read, where it is not plain

    def discretion_for(self, topic: str | None) -> tuple:
        """The discretion clauses that speak to a question of this topic: the general ones, and
        those written for the topic (a betting discretion clause is not cited on a tournament question)."""
        extra = next((ids for name, ids in self.topic_discretion if name == topic), ())
        return tuple(self.discretion) + tuple(c for c in extra if c not in self.discretion)


@dataclass(frozen=True)
class Outcome:
    """What follows from a rule: the decision in words and in structure."""

    outcome: str            # short key, comparable across clubs (declared per issue)
    decision: str           # the decision in words
    do: tuple = ()          # what to do at the table now; may name facts as {fact}
    effects: tuple = ()     # structured effects: ({"effect": name, **params}, ...)
    discretion: bool = False

    def template_facts(self) -> list:
        """Facts the decision, do-lines and effects name as {fact}: the ruling's numbers and seats."""
        texts = [self.decision, *self.do, str(self.effects)]
        return [name for text in texts for name in TEMPLATE_NAME.findall(text)]


@dataclass(frozen=True)
class Rule:
    """One rule of a rule file: a clause's fact pattern and what follows from it (or a definition)."""

    id: str
    club: str
    clause: str
    quote: str
    topic: str
    when: object            # parsed condition (conditions.All / Any_ / Leaf)
    file: str
    line: int
    issue: str = ""         # rulings: the question this rule settles
    then: Outcome | None = None
    basis: str = "express"  # express | reading
    reading: str = ""       # why the clause applies, when basis is reading
    overrides: tuple = ()   # ids of rules this one is an exception to
    conflicts_with: tuple = ()  # ids of rules of the same club that answer the same point otherwise,
                                # the club's text giving no ground to prefer either: both are shown
    escalation: bool = False    # its penalty-option is a step of the club's escalation scale
    defines: tuple = ()     # definitions: (fact, value)
    otherwise: object = None  # definitions: value when the condition does not hold

    @property
    def is_definition(self) -> bool:
        return bool(self.defines)


class Deferred:
    """A field the knowledge cache may leave encoded until it is first read (knowledge/cache.py: a
    ruling reads the conditions and outcomes of the few rules its issues reach, not all 900).

    Not a data descriptor: a value in the object's own __dict__ (set by __init__, or once decoded)
    is read directly, as any field's is."""

    def __init__(self, name: str, *default):
        self.name, self.default = name, default

    def __get__(self, obj, owner=None):
        if obj is None:
            if self.default:
                return self.default[0]
            raise AttributeError(self.name)
        encoded = obj.__dict__.get("_encoded")
        if encoded is None:
            raise AttributeError(self.name)
        context, number = encoded
        return context.decode(obj, self.name, number)    # sets the object's deferred fields


for _name in ("clause", "quote", "topic", "when", "file", "line"):     # all but what groups the rules
    setattr(Rule, _name, Deferred(_name))
for _name, _default in (("then", None), ("basis", "express"), ("reading", ""), ("overrides", ()), ("otherwise", None),
                         ("conflicts_with", ()), ("escalation", False)):
    setattr(Rule, _name, Deferred(_name, _default))
del _name, _default
Clause.text = Deferred("text")


@dataclass(frozen=True)
class Citation:
    """A clause a ruling cites, with the words it rests on."""

    club: str
    clause: str
    locator: str
    quote: str
    rule: str


@dataclass
class ClubRuling:
    """One club's answer on one issue of an incident."""

    club: str
    issue: str
    basis: str                      # express | reading | conflict | not covered | depends | does not arise
    outcome: str
    decision: str
    do: list = field(default_factory=list)
    effects: list = field(default_factory=list)
    numbers: dict = field(default_factory=dict)
    discretion: bool = False
    citations: list = field(default_factory=list)
    readings: list = field(default_factory=list)
    alternatives: list = field(default_factory=list)   # conflicting outcomes, each with citations
    set_aside: list = field(default_factory=list)      # rules an exception overrode
    rules_fired: list = field(default_factory=list)
    precedents: list = field(default_factory=list)    # bundled cases: same issue, same outcome
    logged: list = field(default_factory=list)        # earlier rulings from the ruling log, most similar first
    depends: list = field(default_factory=list)        # Branch per answer the ruling turns on
    point: int = 0                                     # which of the report's points it rules on
    answered_by: list = field(default_factory=list)    # [(point, issue, outcome)]: marked words answered by these rulings (e17/objection)


@dataclass
class Branch:
    """One way a ruling goes, given answers to facts the floor could not establish."""

    when: list                      # [[(field name, value), ...], ...]: any of these combinations
    ruling: ClubRuling | None       # None: the issue does not arise then


@dataclass
class ClubAnswer:
    """Everything one club says about an incident, with the trace that led there."""

    club: str
    club_name: str
    floor: str
    rulings: list                    # ClubRuling per issue
    derived: dict                    # facts the club's definitions derived
    fired: list                      # rule ids in firing order
    settlement: list = field(default_factory=list)   # the money: pots, the uncalled bet, awards (settlement.py)
    contradictions: list = field(default_factory=list)   # parts of the answer that cannot both be done
    now: dict = field(default_factory=dict)          # what the floor does now, from the corrected hand (corrected/now.py)


@dataclass(frozen=True)
class PointInfo:
    """A point the floor was called about: the timeline entries and what they are."""

    entries: tuple                   # indexes into the timeline
    kind: str                        # 'action', an event kind, 'street', 'said', or 'hand'
    line: int | None
    label: str
    marked: bool = False             # an entry the floor marked in_question (its own point)
    quiet: bool = False              # marked, and no club's rules raise any issue at it
    ruled_at: tuple = ()             # (issue, point) it raises that every club ruled the same at an earlier point
    beside: bool = False             # an irregularity recorded beside the marked entries, ruled too (issue 21/20)


@dataclass
class Report:
    """Every club's ruling on one incident, the house club first."""

    incident_file: str
    title: str
    house: str
    issues: list                     # (issue id, title), in the order of the points
    given: dict                      # facts of the first point, as the incident states or the replay computes
    answers: dict                    # club -> ClubAnswer, house first
    points: list = field(default_factory=list)          # PointInfo per point, in timeline order
    facts_by_point: list = field(default_factory=list)  # the facts of each point
    warnings: list = field(default_factory=list)        # what the incident says that nothing read
    secondary: dict = field(default_factory=dict)       # issue -> true: follows the main ruling, apart
    currency: str = ""
