"""rule-on, as a function: incident file in, a Report of every club's ruling out."""
from __future__ import annotations

import dataclasses
import functools
import math
import os
import re

from ruling_engine.errors import FloorcallError
from ruling_engine.numbers import game_currency, whole
from ruling_engine.facts.betting import action_betting_facts
from ruling_engine.facts.declarations import words_and_chips_names
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.consequences import max_bet_facts
from ruling_engine.facts.table import check_raise_facts
from ruling_engine.incident.cards import spellings, suitless
from ruling_engine.incident.hands import hands_warnings, ruled_incident
from ruling_engine.facts.question import ASKS
from ruling_engine.facts.hand import BETTING, STUD_BETTING
from ruling_engine.facts.timeline import deal_state, hand_over_between, hand_point, point_view, question_of, read_timeline, supposed_timeline
from ruling_engine.rulings.consistency import contradictions
from ruling_engine.corrected.edits import ClubEdits, edited_data
from ruling_engine.corrected.hand import correct, point_moment
from ruling_engine.corrected.one_line import handed_back
from ruling_engine.corrected.now import (HAND_ANSWERS, floor_first, forced_bet_seat, hand_table, now_of, play_stops,
                                         question_answer, silent_text, stop_the_hand)
from ruling_engine.rulings.unwound import voided_entries
from ruling_engine.rulings.settlement import branch_money, settle
from ruling_engine.rulings.unread import unread_warnings
from ruling_engine.rulings.refused import refuse_unsaid
from ruling_engine.rulings.tripups import tripup_warnings
from ruling_engine.rulings.unsaid import one_choice_seats, unsaid_warnings
from ruling_engine.rulings.uncontested import not_arising, place, rule_uncontested, uncontested_pots
from ruling_engine.engine.host import ClubEngine
from ruling_engine.incident.load import MAX_POINTS, Incident, load_incident
from ruling_engine.knowledge.load import MARKED_ONLY, MIN_RAISE_BASES, KnowledgeBase, load_knowledge
from ruling_engine.model import UNSETTLED, Branch, Citation, ClubAnswer, ClubRuling, PointInfo, Report
from ruling_engine.rulings.precedents import precedents_for
from ruling_engine.rulings.resolve import (Filler, governed_across, raised_issues, read_under_restriction, resolve_club,
                                          resolve_issue)
from ruling_engine.incident.unknowns import (MAX_POINT_RULINGS, choice_paths, combinations, first_line,
                                             path_name, _value_at)
from ruling_engine.rulings.relevance import can_matter, relevance_for, source_names


@functools.lru_cache(maxsize=4)
def engine_for(kb: KnowledgeBase) -> ClubEngine:
    """The compiled engine of a knowledge base (compiled once per process)."""
    return ClubEngine(kb)


def currency_of(incident: Incident) -> str:
    return game_currency(incident.data["game"])


def club_order(kb: KnowledgeBase, house: str) -> list:
    return [house] + [c for c in kb.clubs if c != house]


def approximate_warnings(incident) -> list:
    """What the ruling rests on that the incident gives only approximately or as a bound, said
    once: the amounts worked out from it are about what they say, and a rule that turns on a size
    near it was read on the figure stated."""
    from ruling_engine.numbers import BOUND_WORDS, whole
    found = incident.data.get("_approximate") or []
    if not found:
        return []
    said = ", ".join(f"line {line}: {what.split('.')[-1]} {BOUND_WORDS[kind]} {whole(figure):,}"
                     for what, kind, figure, line in found)
    return [f"{incident.file}: amounts given approximately or as a bound ({said}): what is worked out "
            "from them is about what it says, never exact; a rule that turns on a size near one of them "
            "was read on the figure stated, and the true figure may change the ruling"]


def _qualified(now: dict, timeline) -> dict:
    """The Now with its amounts said to be approximate (`approx: about`) when the hand's bets or a
    stack are figures the incident gives only approximately or as a bound."""
    from ruling_engine.numbers import Approx
    from ruling_engine.rulings.settlement import approximate_kinds
    if now and (approximate_kinds(timeline.data, timeline.hand) or any(
            isinstance(p.get("stack"), Approx) for p in timeline.data["players"])):
        now["approx"] = "about"
    return now


def rule_incident(incident: Incident, kb: KnowledgeBase | None = None, house: str | None = None,
                  with_precedents: bool = True, log=None, exclude_logged: int | None = None) -> Report:
    """Rule on a loaded incident under every club, the house club first.

    Fields written `unknown` are ruled on for each of their possible values; a ruling that differs
    between them says what it depends on (see unknowns.py). Only the fields that can change a
    ruling are ruled every way, and each point once per combination of those that can change its
    own rulings (relevance.py). With a ruling log (rulings/log.py), each ruling lists the earlier
    logged rulings of its club on its issue, most similar first.
    """
    kb = kb or load_knowledge()
    incident = ruled_incident(incident)        # the hand the points are in (incident/hands.py)
    paths = choice_paths(incident.data, kb.vocabulary) if incident.unknowns else []
    one_choice = one_choice_seats(incident, kb.vocabulary, paths)
    if paths:
        relevance = relevance_for(kb)
        paths = [p for p in paths if can_matter(p, incident.data, relevance.fields)]
    if not paths:
        shared = _Shared(kb, house=incident.data.get("house"))
        report = _rule_complete(incident, kb, house, with_precedents, shared)
    else:
        choices = combinations(incident.data, kb.vocabulary, incident.file, paths, incident.header_lines)
        shared = _Shared(kb, incident.data, paths, relevance)
        shared.check_work(choices, incident.file, incident.header_lines)
        branches = [(assignment, _rule_complete(Incident(incident.file, data, incident.unknowns, incident.header_lines),
                                                kb, house,
                                                with_precedents, shared, assignment))
                    for assignment, data in choices]
        report = merge_branches(incident, branches, shared.signature, shared.settled)
        if os.environ.get("FLOORCALL_CHECK_INVARIANTS"):
            from ruling_engine.corrected.invariants import branch_violations
            found = branch_violations(report)
            if found:
                raise InvariantViolation(incident.file, found)
    report.warnings += [w for w in one_choice if w not in report.warnings]
    if log is not None:
        attach_logged(report, log, exclude_logged)
    return report


def attach_logged(report: Report, log, exclude_logged: int | None = None) -> Report:
    """Each ruling of `report` with the earlier logged rulings of its club on its issue, most
    similar first (a ruling made elsewhere, e.g. in `floorcall serve`'s worker processes, gets
    them from the log where it is recorded)."""
    for club, answer in report.answers.items():
        for ruling in answer.rulings:
            facts = report.facts_by_point[ruling.point] if ruling.point < len(report.facts_by_point) \
                else report.given
            ruling.logged = log.precedents(club, ruling.issue, facts, exclude=exclude_logged)
    return report


def club_structure(club, facts: dict, house) -> dict:
    """The facts as `club` reads them under its own game structure (issue 22: a club's rule is never
    read with another club's structure): its own cap on its cash game (_club_cash_cap) and its own
    minimum raise (_club_min_raise). The level an arrival states is a fact of the incident and every
    club reads it (s11 L503: "level 2" is never recomputed as level 4 from 35 minutes at a club's own
    10-minute levels)."""
    return _club_min_raise(club, _club_cash_cap(club, facts, house))


def _club_min_raise(club, facts: dict) -> dict:
    """The action's minimum raise as `club`'s own clause sizes it (clubs/<club>.yaml min_raise).
    largest-bet-or-raise: a raise adds at least the largest bet or raise of the round, with no
    big-blind floor after the flop (an all-in bet of 300 under a 400 big blind is raised by 300).
    An opening bet, and fixed limit, keep their sizing."""
    if club is None or club.min_raise_basis != "largest-bet-or-raise" or "limit_bet" in facts:
        return facts
    by, bet = facts.get("largest_bet_or_raise"), facts.get("current_bet")
    if not _amount(by) or by <= 0 or not _amount(bet) or bet <= 0 or not _amount(facts.get("min_raise_by")) \
            or by >= facts["min_raise_by"]:
        return facts
    out = {**facts, "min_raise_by": by, "min_raise_to": bet + by}
    raise_by, total = facts.get("action.raise_by"), facts.get("action.round_total")
    if _amount(raise_by) and _amount(total):
        all_in = facts.get("action.all_in") is True or facts.get("action.short_all_in_raise") is True
        out.update({"action.raise_fraction": round(raise_by / by, 4) if by else 0,
                    "action.below_minimum": 0 < raise_by < by and not all_in,
                    "action.short_all_in_raise": all_in and 0 < raise_by < by,
                    "min_raise_shortfall": max(0, bet + by - total)})
    return out


def _amount(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _club_cash_cap(club, facts: dict, house) -> dict:
    """A club whose own text caps the bets of its cash game (clubs/<club>.yaml cash_max_bet) reads
    under that cap a cash game that states no cap of its own (game.max_bet) and is that game (issue
    20): the club's own cash game (the incident's house), or one that states the cap's session
    (game.session). Another club's cash game that states no session is not assumed to be it."""
    if club is None or club.cash_max_bet is None or facts.get("game_format") != "cash" or "max_bet" in facts \
            or "game_max_bet" in facts:
        return facts
    session = facts.get("game_session")
    if session is None and house != club.short or \
            session is not None and club.cash_session is not None and session != club.cash_session:
        return facts
    capped = max_bet_facts(club.cash_max_bet, facts)
    return {**facts, **capped} if capped else facts


FIRST_ROUNDS = (BETTING[0], STUD_BETTING[0])     # the betting round a deal opens


def _not_dealt(now: dict, dealt: str, corrected) -> dict:
    """The Now of a hand whose deal is not complete (e19/numbers, issue 20): nobody acts until every
    player has his cards. Where the first betting round's forced bets are in (blinds posted: a bet to
    call on the first round), who acts first once the deal is done is known and kept, said as after
    the deal; otherwise (no blinds posted, a stud deal whose bring-in the up cards decide, between
    hands) nobody is named."""
    opens = dealt == "dealing" and corrected.street in FIRST_ROUNDS and corrected.current_bet > 0
    if opens:
        return {**now, "not_dealt": dealt}
    return {**{k: v for k, v in now.items() if k not in ("next", "then", "owes", "round_complete")},
            "next": None, "then": [], "owes": [], "round_complete": False, "not_dealt": dealt}


def _club_max_bet(club, data: dict):
    """The largest bet a bet or raise may add in the hand as this club reads it: the game's stated
    cap, else the club's own cap on its cash game where it applies (_club_cash_cap); None: none."""
    game = data.get("game", {})
    stated = game.get("max_bet")
    if isinstance(stated, (int, float)) and not isinstance(stated, bool):
        return stated
    facts = {"game_format": game.get("format")}
    if isinstance(game.get("session"), int):
        facts["game_session"] = game["session"]
    capped = _club_cash_cap(club, {**facts, "action.round_total": 0, "action.chips": 0}, data.get("house"))
    return capped.get("max_bet")


class _Shared:
    """What the rulings of one incident share: the precedents of a club's clauses, a club's
    rulings on facts it has already ruled on (the same event twice, another combination of
    unknown answers that changes nothing the club reads), and a point's rulings under another
    combination of unknown answers that differs only in fields that cannot change them."""

    def __init__(self, kb, data=None, paths=(), relevance=None, house=None):
        self.kb, self.engine = kb, engine_for(kb)
        self.precedents: dict = {}
        self.signatures: dict = {}
        self.with_precedents: dict = {}
        self.clubs: dict = {}
        self.points: dict = {}
        self.paths, self.data, self.relevance = list(paths), data, relevance
        self._relevant: dict = {}
        self.warned = False             # the merged report gives the first combination's warnings
        self._unknown_names = None
        self.house = house or (data or {}).get("house")     # the incident's club: its stated structure is its own

    def settled(self, fact: str) -> bool:
        """Whether a computed fact is worked out from none of the fields written unknown (the
        facts given with a ruling on every combination are those)."""
        if self._unknown_names is None:
            self._unknown_names = frozenset(n for p in self.paths for n in source_names(p, self.data))
        spec = self.kb.vocabulary.facts.get(fact)
        return spec is not None and spec.source == "computed" and not (set(spec.sources) & self._unknown_names)

    def warn(self, warnings: list) -> list:
        self.warned = bool(self.paths)
        return warnings

    def relevant_paths(self, point, last: bool) -> tuple:
        key = (point.kind, last)
        if key not in self._relevant:
            fields = self.relevance.fields_at(point.kind, last)
            self._relevant[key] = tuple(p for p in self.paths if can_matter(p, self.data, fields))
        return self._relevant[key]

    def point_key(self, number, point, last, assignment):
        if not assignment:
            return None
        return (number, point.entries, point.kind, last,
                tuple(assignment[p] for p in self.relevant_paths(point, last)))

    def check_work(self, choices, file, header_lines=None) -> None:
        """The rulings the combinations need (each point once per combination of the unknown
        answers that can change it) within MAX_POINT_RULINGS."""
        timeline = read_timeline(choices[0][1], self.kb.vocabulary.together_kinds)
        points = timeline.points or [hand_point(timeline)]
        work = sum(len({tuple(a[p] for p in self.relevant_paths(point, _asks_hand(points, n))) for a, _ in choices})
                   for n, point in enumerate(points))
        if work > MAX_POINT_RULINGS:
            names = ", ".join(path_name(p, self.data) for p in self.paths)
            raise FloorcallError(file, first_line(self.paths, self.data, header_lines),
                                 f"at most {MAX_POINT_RULINGS} rulings of a point under a combination "
                                 "of unknown answers", f"{work} ({len(points)} points, {len(choices)} combinations of "
                                 f"{names})", "establish some of these facts, or mark the entry the floor was "
                                 "called about with in_question: true")

    def club_issues(self, club, facts, raised, issues_of) -> list:
        """The issues `club` raises at a point: `raised` (those the facts raise), unless the club's
        own structure reads the facts otherwise (club_structure), then issues_of its reading."""
        structured = club_structure(self.kb.clubs.get(club), facts, self.house)
        return raised if structured is facts else issues_of(structured)

    def club_rulings(self, club, facts, raised, currency):
        """(fired, derived, rulings) of one club on a point's facts, once per distinct reading."""
        facts = club_structure(self.kb.clubs.get(club), facts, self.house)
        reads = self.engine.reads(club, raised)
        key = (club, tuple(raised), currency, tuple(_frozen(facts.get(name, _ABSENT)) for name in reads))
        try:
            return self.clubs[key]
        except KeyError:
            pass
        except TypeError:               # a value that cannot be a key: ruled, not kept
            key = None
        fired, derived = self.engine.run(club, facts, raised)
        ruled = (fired, derived, resolve_club(self.kb, club, raised, fired, {**facts, **derived}, currency))
        if key is not None:
            self.clubs[key] = ruled
        return ruled

    def signature(self, ruling) -> tuple:
        """_signature of a ruling this object keeps (or a copy placed at a point), computed once."""
        key = id(ruling)
        if key not in self.signatures:
            self.signatures[key] = (ruling, _signature(ruling))
        return self.signatures[key][1]

    def placed(self, ruling, number: int):
        """A copy of a club's ruling, placed at point `number` (kept with the point's rulings, it
        serves every combination of unknown answers that rules the point the same way)."""
        placed = object.__new__(type(ruling))       # copy.copy, without its generic machinery
        placed.__dict__.update(ruling.__dict__)
        placed.point = number
        self.signatures[id(placed)] = (placed, self.signature(ruling))
        return placed

    def precedents_of(self, club, ruling, file) -> list:
        key = (club, ruling.issue, ruling.outcome, self.signature(ruling)[-1])     # [-1]: the clauses it cites
        if key not in self.precedents:
            self.precedents[key] = precedents_for(club, ruling.issue, ruling.outcome, exclude_file=file,
                                                  clauses=key[3])
        return list(self.precedents[key])


_ABSENT = object()


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    return value


def _rule_complete(incident: Incident, kb: KnowledgeBase, house: str | None, with_precedents: bool,
                   shared: _Shared, assignment: dict | None = None) -> Report:
    house = house or incident.house
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    refuse_unsaid(incident, timeline)  # what changes who acts, who is in, the amounts: an error (issue 22)
    points = timeline.points or [hand_point(timeline)]
    left_beside = []                   # events beside the marks past the limit: said, not ruled
    if len(points) > MAX_POINTS and sum(not p.beside for p in points) <= MAX_POINTS:
        points, left_beside = points[:MAX_POINTS], points[MAX_POINTS:]
    if len(points) > MAX_POINTS:
        raise FloorcallError(incident.file, points[MAX_POINTS].line, f"at most {MAX_POINTS} points to rule on",
                             f"{len(points):,} (every event is one when no entry is marked)",
                             "mark the entries the floor was called about with in_question: true")
    currency = currency_of(incident)
    rulings = {club: [] for club in club_order(kb, house)}
    derived_by_club = {club: {} for club in rulings}
    fired_by_club = {club: {} for club in rulings}
    issues, facts_by_point = [], []
    earlier: dict = {}                 # issue -> ({club: signature}, point) of the ruling an earlier point gave
    raised_at = []
    ruled_at: dict = {}                # point -> [(issue, earlier point)] ruled there the same way
    edits = {club: ClubEdits(timeline) for club in rulings}     # a club's corrections so far (edits.py)
    edited: dict = {}                  # the timeline as a set of edits leaves it
    events_at = dict(zip(timeline.event_entry, timeline.data["events"]))    # entry index -> its event
    moved_past = _moved_past_at(timeline, events_at)
    ruled_points: dict = {}            # number -> (facts, raised_by, runs, here, gone) of the point
    applied = {club: [] for club in rulings}     # a club's rulings the edits hold, in the order made
    # each point is ruled on the hand as the club's rulings of the points before it in the timeline
    # left it (a beside point earlier than the mark corrects the hand the mark is read from: chips
    # in transit that play, a player eliminated before the deal); the answer lists them as given
    for number in sorted(range(len(points)), key=lambda n: (min(points[n].entries, default=math.inf), n)):
        point = points[number]
        last = _asks_hand(points, number)
        key = shared.point_key(number, point, last, assignment)
        if key in shared.points:       # the same rulings under another combination of unknown answers
            facts, raised, runs, here = shared.points[key]
        else:
            data, index = point_view(timeline, point)
            facts = computed_facts(data, index)
            own = _own(point, data, index)

            def issues_of(read, own=own):
                raised = point_issues(kb.vocabulary, read, point.kind, last, own=own)
                if last and kb.vocabulary.live_hand_issues and point.entries and point.entries[0] > moved_past:
                    # the hand's own questions about its action do not arise once the table has moved past it
                    kept = point_issues(kb.vocabulary, read, point.kind, False, own=own)
                    raised = [i for i in raised if i in kept or i not in kb.vocabulary.live_hand_issues]
                if timeline.data.get("_no_hand"):
                    # between hands (no deal, no action, no post): no question about a dealt hand arises
                    raised = [i for i in raised if i not in kb.vocabulary.dealt_hand_issues]
                return raised
            common = issues_of(facts)
            # a club whose own structure reads the facts otherwise (club_structure: its minimum raise)
            # raises the issues its reading raises: one answer, never a question it then calls not covered
            raised = {club: shared.club_issues(club, facts, common, issues_of) for club in rulings}
            runs = {club: shared.club_rulings(club, facts, raised[club], currency) for club in rulings}
            here = {club: [shared.placed(r, number) for r in runs[club][2]] for club in rulings}
            if key is not None:
                shared.points[key] = (facts, raised, runs, here)
        raised_by = dict(raised)
        runs, here = dict(runs), dict(here)
        gone = {}                      # club -> his earlier ruling whose correction leaves no such irregularity
        derived = _derived_irregularity(point, events_at)
        for club in rulings:
            if edits[club] and derived:
                view = _edited_point(incident, kb, timeline, edited, edits[club], number, point)
                if view is None:
                    gone[club] = _correcting_ruling(kb, applied[club])
        for club in rulings:
            if edits[club] and point.kind in ("action", "question"):     # measured against the hand as corrected
                read = _edited_point(incident, kb, timeline, edited, edits[club], number, point, with_facts=True)
                if read is None and edits[club].voids(point):
                    # the club's earlier ruling voided this action (a hand it killed before it): no
                    # question of it arises under the club
                    raised_by[club], runs[club], here[club] = [], ([], {}, []), []
                elif read is not None:
                    view, club_facts = read
                    own_here = _own(point, *view)
                    raised_by[club] = shared.club_issues(club, club_facts, point_issues(
                        kb.vocabulary, club_facts, point.kind, last, own=own_here),
                        lambda read: point_issues(kb.vocabulary, read, point.kind, last, own=own_here))
                    runs[club] = shared.club_rulings(club, club_facts, raised_by[club], currency)
                    here[club] = [shared.placed(r, number) for r in runs[club][2]]
        for club in rulings:          # a hand a ruling kills at this point leaves the point's other questions
            again = _killed_here(incident, kb, timeline, edited, edits[club], number, point, here[club], last,
                                 shared, club, currency)
            if again is not None:
                raised_by[club], here[club] = again
        for club in rulings:
            edits[club].add(here[club], kb.vocabulary, point)
            applied[club] += here[club]
        ruled_points[number] = (facts, raised_by, runs, here, gone)
    for number, point in enumerate(points):
        facts, raised_by, runs, here, gone = ruled_points[number]
        facts_by_point.append(facts)
        raised_at.append(list(dict.fromkeys(i for club in rulings for i in raised_by[club])))
        for club in rulings:
            fired, derived, _ = runs[club]
            derived_by_club[club].update(derived)
            fired_by_club[club].update(dict.fromkeys(fired))
        for issue in raised_at[-1]:
            # every club answers every issue of the point: a club whose corrected hand does not
            # raise it says so
            answer = {club: here[club][raised_by[club].index(issue)] if issue in raised_by[club]
                      else _own_minimum(kb, club, issue, number, facts)
                      or _does_not_arise(kb, club, issue, number) for club in rulings}
            for club, by in gone.items():
                if by is not None and issue in kb.vocabulary.corrected_away:
                    answer[club] = _corrected_away(kb, club, issue, number, by, answer[club])
            signatures = {club: shared.signature(ruling) for club, ruling in answer.items()}
            if issue in earlier and earlier[issue][0] == signatures:
                ruled_at.setdefault(number, []).append((issue, earlier[issue][1]))
                continue              # every club rules the same on it as at an earlier point
            earlier[issue] = (signatures, number)
            for club, ruling in answer.items():
                rulings[club].append(ruling)
            if issue not in issues:
                issues.append(issue)
    if any(e.get("in_question") for e in list(timeline.entries) + list(timeline.data.get("events") or [])):
        _answer_unlisted_marks(kb, points, raised_at, rulings, issues, facts_by_point, currency, timeline.entries,
                               ruled_at)
    answers = {}
    streets = street_of_points(timeline, points)
    dealt = deal_state(timeline.entries, timeline.data)      # nobody acts in a hand not yet dealt (issue 20)
    cards_out = dealt in ("complete", "dealing")
    asked_hands: dict = {}             # a question's entry -> the hand as it stood when asked (every club's)
    no_contender = kb.vocabulary.uncontested_issue
    hand_point_number = _hand_questions_point(points)
    uncontested_in: set = set()        # the clubs whose corrected hand leaves a pot to no live hand (V504)
    staked: dict = {}                  # club -> the timeline replayed with chips its ruling lets play
    for club, club_rulings in rulings.items():
        club_rulings[:] = _ruled_out_seats(kb, governed_across(kb, club, club_rulings))
        if with_precedents:
            for ruling in club_rulings:
                if id(ruling) not in shared.with_precedents:     # a kept ruling has them already
                    ruling.precedents = shared.precedents_of(club, ruling, incident.file)
                    shared.with_precedents[id(ruling)] = ruling
        info = kb.clubs[club]
        base = _staked_hand(kb, incident, timeline, edits[club])   # chips the club lets play counted
        if base is not timeline:
            staked[club] = base
        corrected = correct(base.data, base.hand, club_rulings, kb.vocabulary, streets, cards_out,
                            {number: point.entries[-1] for number, point in enumerate(points) if point.entries})
        corrected.max_bet = _club_max_bet(info, {**timeline.data, "house": shared.house})
        corrected.raise_by_largest = info.min_raise_basis == "largest-bet-or-raise"
        # a raise the corrected hand read as a call under a restriction: the ruling that made it a
        # raise is read under that restriction too (one answer, e22/undone)
        club_rulings[:] = read_under_restriction(kb, club_rulings, corrected.held, streets)
        # asked before the next deal (incident/hands.py, asked_before_next_deal): no pot, nothing won;
        # a chip put out before the deal is no pot of a hand (docs/timeline.md, "A question asked between hands")
        undealt = dealt == "between" and base.data.get("_undealt")
        money = [] if undealt else settle(base.data, base.hand, club_rulings, kb.vocabulary, corrected)
        money += voided_entries(base.data, club_rulings, money, corrected.stacks)   # a void re-entry undone
        orphaned = uncontested_pots(money) if no_contender and hand_point_number is not None else []
        if orphaned:
            place(club_rulings, rule_uncontested(kb, club, no_contender, orphaned, hand_point_number,
                                                 facts_by_point[hand_point_number], currency))
            uncontested_in.add(club)
        moments = {number: point_moment(corrected.action_entries, entry)     # when each point happened
                   for number, entry in corrected.point_entry.items()}
        branch_money(base.data, base.hand, club_rulings, kb.vocabulary)
        answers[club] = ClubAnswer(club=club, club_name=info.name, floor=info.floor, rulings=club_rulings,
                                   derived=derived_by_club[club], fired=list(fired_by_club[club]), settlement=money,
                                   contradictions=[c.text() for c in contradictions(kb.vocabulary, club_rulings, money,
                                                                                    moments)]
                                   + [c.text() for c in corrected.conflicts],
                                   now=handed_back(_qualified(now_of(corrected, base.hand.order_button),
                                                              timeline), money))
        if dealt in ("dealing", "between") and not answers[club].now.get("void"):
            answers[club].now = _not_dealt(answers[club].now, dealt, corrected)
        stops = play_stops(answers[club].now, club_rulings, kb.vocabulary, hand_table(timeline.data))
        if stops:
            answers[club].now = stop_the_hand(answers[club].now, stops)
        first = floor_first(answers[club].now, club_rulings, points, timeline.entries, edits[club].steps(), info.floor,
                            kb.vocabulary.holding_issues)
        if first is not None:
            first["title"] = kb.vocabulary.issues.get(first["issue"], {}).get("title", first["issue"])
            if "ruling" in first:      # a discretion ruling's direction: the hand if the floor does not follow it
                directed = first.pop("ruling")
                others = [r for n, r in enumerate(club_rulings) if n != directed]
                as_put = correct(base.data, base.hand, others, kb.vocabulary, streets, cards_out,
                                 {number: point.entries[-1] for number, point in enumerate(points) if point.entries})
                as_put.max_bet, as_put.raise_by_largest = corrected.max_bet, corrected.raise_by_largest
                first["otherwise"] = _qualified(now_of(as_put, base.hand.order_button), timeline)
            answers[club].now = {**answers[club].now, "floor_first": first}
            if "amounts" in first or "forced" in first:
                # which amount the words bet, or whether a forced bet the club has no clause on stands,
                # is the floor's first: nobody acts before it (no order read from the uncorrected hand)
                answers[club].now = {**answers[club].now, "next": None, "then": []}
        questions = _question_answers(incident, kb, timeline, points, club_rulings, streets, cards_out, corrected,
                                      asked_hands)
        if questions:
            answers[club].now = {**answers[club].now, "questions": questions}
    if uncontested_in:                 # every club answers the same (point, issue)
        for club in rulings.keys() - uncontested_in:
            place(answers[club].rulings, not_arising(kb, club, no_contender, hand_point_number))
        raised_at[hand_point_number] = list(raised_at[hand_point_number] or []) + [no_contender]
        issues.append(no_contender)
    report = Report(incident_file=incident.file, title=incident.title, house=house,
                  issues=[(i, kb.vocabulary.issues[i]["title"]) for i in issues],
                  given=facts_by_point[0], answers=answers,
                  points=[PointInfo(p.entries, p.kind, p.line, p.label, p.marked,
                                    _quiet(points, raised_at, n) and not ruled_at.get(n),
                                    tuple(ruled_at.get(n, ())), p.beside)
                          for n, p in enumerate(points)],
                  facts_by_point=facts_by_point,
                  secondary={i: True for i in issues if kb.vocabulary.issues[i].get("secondary")},
                  currency=currency, warnings=[] if shared.warned else
                  shared.warn(unread_warnings(kb, incident.data, facts_by_point, incident.file,
                                              money=any(a.settlement for a in answers.values()),
                                              point_lines={timeline.entries[i].get("line") for p in points
                                                           for i in p.entries if i < len(timeline.entries)},
                                              header_lines=incident.header_lines)
                             + _unread_questions(timeline, points, incident.file)
                             + _unread_hands(timeline, incident.file)
                             + _bystanders(incident)
                             + approximate_warnings(incident) + hands_warnings(incident)
                             + tripup_warnings(incident, facts_by_point, [p.line for p in points], timeline)
                             + unsaid_warnings(incident, timeline, answers)
                             + _beside_past_the_limit(incident.file, left_beside)))
    if os.environ.get("FLOORCALL_CHECK_INVARIANTS"):
        from ruling_engine.corrected.invariants import violations
        found = violations(report, timeline, staked) if staked else violations(report, timeline)
        if found:
            raise InvariantViolation(incident.file, found)
    return report


def _question_answers(incident, kb, timeline, points, club_rulings, streets, cards_out, corrected,
                      asked_hands: dict) -> list:
    """Each question put to the floor as a point, answered from the club's hand as corrected by its
    rulings up to and at that point (the hand as it stood when he asked: what came after the
    question is not yet played). `asked_hands` keeps that hand, read once for every club."""
    out = []
    for number, point in enumerate(points):
        if point.kind != "question":
            continue
        entry = point.entries[0]
        question = {**question_of(timeline.entries[entry]), "line": point.line}
        # the points that had happened when he asked: those before it in the timeline (a point beside
        # the marks earlier in the timeline, a straddle refused before the deal, whatever its number),
        # and the question's own; the hand he asked about is the hand as their rulings corrected it
        # (issue 20), never the hand as it was before a ruling undid an action
        before = {n for n, p in enumerate(points) if n == number or (p.entries and p.entries[-1] <= entry)
                  or (not p.entries and n <= number)}
        upto = [r for r in club_rulings if r.point in before]
        later = any(e["entry"] in ("action", "street", "event") for e in timeline.entries[entry + 1:])
        hand = corrected
        if later or len(upto) != len(club_rulings) or question.get("if"):
            if entry not in asked_hands:
                cut = read_timeline({**incident.data, "timeline": incident.data["timeline"][:entry + 1]},
                                    kb.vocabulary.together_kinds)
                supposed = supposed_timeline(cut, entry, kb.vocabulary.together_kinds)
                # "if I shove, ...": his supposed action is in the hand asked about
                asked_hands[entry] = (cut, None) if supposed is None else (supposed[0], entry + 1)
            cut, supposed_at = asked_hands[entry]
            at = {n: p.entries[-1] for n, p in enumerate(points) if n in before and p.entries}
            if supposed_at is not None:
                at[number] = supposed_at
            hand = correct(cut.data, cut.hand, upto, kb.vocabulary, {n: s for n, s in streets.items() if n in before},
                           cards_out, at)
        answer = question_answer(hand, question, [r for r in club_rulings if r.point == number], kb.vocabulary)
        pending = _forced_bet_left_open(timeline, points, club_rulings, before - {number})
        if pending is not None and answer.get("about") in HAND_ANSWERS:
            # a forced bet before the question that the club leaves to the floor (e22/undone): the
            # amount he faces and whether he may raise follow the floor's ruling on it, so the answer
            # is not read from the hand as if the forced bet stood
            seat, ruling = pending
            answer = {**{k: v for k, v in answer.items() if k not in ("call", "all_in_to", "min_raise_to")},
                      "answer": "floor decides", "clauses": list(dict.fromkeys(
                          answer["clauses"] + [c.clause for c in ruling.citations])),
                      "text": f"The floor decides first whether seat {seat}'s forced bet stands; what seat "
                              f"{answer['seat']} faces follows his ruling. " + silent_text(ruling)}
        out.append(answer)
    return out


def _forced_bet_left_open(timeline, points, club_rulings, numbers):
    """(seat, ruling): a forced bet (a straddle) at one of these points that every ruling of the club
    leaves to the floor (not covered, the floor decides); None: none."""
    for number in sorted(numbers):
        seat = forced_bet_seat(timeline.entries, points[number].entries)
        here = [r for r in club_rulings if r.point == number]
        if seat is not None and here and all(r.basis == "not covered" and r.outcome == "floor-decides" for r in here):
            return seat, here[0]
    return None


def _unread_questions(timeline, points, file) -> list:
    """A warning for each question put to the floor whose subject the engine could not read from
    its words: the question is still the point, and the warning says what to add."""
    out = []
    for point in points:
        if point.kind == "question" and question_of(timeline.entries[point.entries[0]])["about"] is None:
            words = timeline.entries[point.entries[0]].get("words", "")
            out.append(f"{file}:{point.line}: the question “{words}” was not read: what it asks about is not in its "
                       "words; say it with about: raise, all-in, call, check, card, show, button or fee")
    return out


def _where(file, entry: dict) -> str:
    """file:line of a timeline entry (the file alone when the entry has no line)."""
    return f"{file}:{entry.get('line')}" if entry.get("line") else str(file)


def _bystanders(incident) -> list:
    """A note for each `said:` by a seat no listed player sits in (issue 22): the words are read as a
    bystander's (a spectator's), and he is no player in the hand: he holds no cards, no turn, no chips."""
    from ruling_engine.incident.load import BYSTANDER
    out = []
    for entry in incident.data.get("timeline") or ():
        if entry.get("entry") == "said" and BYSTANDER in entry:
            where = _where(incident.file, entry)
            out.append(f"{where}: seat {entry[BYSTANDER]} is not in the hand (no player listed sits there): his words "
                       f"are read as a bystander's (by: spectator), not a player's in the hand; if he is in the hand, "
                       f"list him under players:")
    return out


def _unread_hands(timeline, file) -> list:
    """A warning for each hand named in words at showdown (a player's `said:` of kind hand) that
    could not be read as a declaration (facts/timeline.py hands_named_in_words): no club's clause on
    hands named is applied to it, and the warning says what to write instead (issue 22)."""
    out = []
    for index, why, instead, remark in timeline.data.get("_hands_unread") or ():
        entry = timeline.entries[index]
        where = _where(file, entry)
        if remark:          # words about another's hand: no fault to mend
            out.append(f"{where}: the hand named “{entry.get('words', '')}” is no declaration of the speaker's own: "
                       f"{why}; no club's clause on hands named at showdown is applied to it. Write {instead}")
            continue
        out.append(f"{where}: the hand named “{entry.get('words', '')}” was not read: {why}; no club's clause on "
                   f"hands named at showdown is applied to it. Say it as a kind of hand and its ranks (words: "
                   f"ace-high straight, kings and fours, set of nines), or write {instead}")
    return out


def point_issues(vocabulary, facts: dict, kind: str, last: bool, own=None) -> list:
    """The issues raised at a point of this kind (resolve.raised_issues); at a question put to the
    floor, also those the events its subject asks about raise (facts/question.py ASKS): "does the
    card play?" asks what the card exposed before it asks.

    The point's own issues come first, then the hand's own questions asked there (its side pots,
    its cards, who is out: an issue raised by facts of the hand alone), so that the answer opens
    with the ruling on what the floor was called about, not on a question of the hand beside it
    (issue 20)."""
    raised = raised_issues(vocabulary, facts, kind, last=False, own=own)
    if kind == "question":
        for asked in ASKS.get(facts.get("question.about"), ()):
            raised += [i for i in raised_issues(vocabulary, facts, asked, last=False) if i not in raised]
    if last:
        raised += [i for i in raised_issues(vocabulary, facts, kind, last=True, own=own) if i not in raised]
    return raised


def _own_minimum(kb: KnowledgeBase, club: str, issue: str, number: int, facts: dict) -> ClubRuling | None:
    """A club's answer on an issue its own minimum-raise clause (clubs/<club>.yaml min_raise) is why
    it does not raise: the raise is at least what that clause asks, and stands. None: not so."""
    info = kb.clubs.get(club)
    read = _club_min_raise(info, facts)
    if read is facts or "meets-minimum" not in kb.vocabulary.issues[issue].get("outcomes", {}) \
            or read.get("action.below_minimum") or read.get("action.short_all_in_raise") \
            or not (facts.get("action.below_minimum") or facts.get("action.short_all_in_raise")):
        return None
    cid = info.min_raise_clause
    clause = kb.clause(cid)
    seat, by = facts.get("action.seat"), read["min_raise_by"]
    # no effect and no amount of his: what his words bet is the declaration's question (one answer)
    reading = [{"rule": f"{club} min_raise", "reading": info.min_raise_reading}] if info.min_raise_reading else []
    return ClubRuling(club=club, issue=issue, basis="reading" if reading else "express", outcome="meets-minimum",
                      readings=reading,
                      decision=f"A raise must add at least {whole(by):,} by this club's clause "
                               f"({MIN_RAISE_BASES[info.min_raise_basis]}); seat {seat}'s raise is not short of it.",
                      do=[f"Nothing is added to seat {seat}'s raise for the minimum (it adds at least {whole(by):,})."],
                      citations=[Citation(club=club, clause=cid, locator=clause.locator, quote=clause.text, rule="")],
                      point=number)


def _does_not_arise(kb: KnowledgeBase, club: str, issue: str, number: int) -> ClubRuling:
    """A club's answer on an issue other clubs rule on at this point, where the hand as the club's
    own earlier rulings corrected it does not raise it (its ruling changed what the player faced)."""
    title = kb.vocabulary.issues[issue]["title"]
    return ClubRuling(club=club, issue=issue, basis="does not arise", outcome="does-not-arise",
                      decision=f"Does not arise under this club: its earlier ruling changed the hand, and on the "
                               f"hand as corrected there is no question of {title[0].lower() + title[1:]}.",
                      point=number)


def _ruled_out_seats(kb: KnowledgeBase, club_rulings: list) -> list:
    """A club's rulings with no instruction to play given to a seat another of its settled rulings
    rules out of play (vocabulary seat_ruled_out:, issue 20: "may not take a cash seat", then "buy in
    for at least the minimum"). A ruling whose every effect is such an instruction to such a seat
    keeps its finding (outcome, basis, clauses: the £8 was below the minimum) but gives no
    instruction: its effects and its "do now" are dropped and its decision says why. A ruling with
    other effects too is kept whole (the contradiction check then shows it)."""
    vocab = kb.vocabulary
    out = {}                       # seat -> the ruling that ruled him out
    for ruling in club_rulings:
        if ruling.basis not in UNSETTLED:
            for effect in ruling.effects:
                if effect.get("effect") in vocab.ruled_out_by and effect.get("seat") is not None:
                    out.setdefault(str(effect["seat"]), ruling)
    if not out:
        return club_rulings
    kept = []
    for ruling in club_rulings:
        seats = {str(e.get("seat")) for e in ruling.effects}
        by = out.get(next(iter(seats))) if len(seats) == 1 else None
        if by is None or by is ruling or ruling.basis in UNSETTLED or \
                not all(e.get("effect") in vocab.ruled_out_drops for e in ruling.effects):
            kept.append(ruling)
            continue
        title = vocab.issues[by.issue]["title"]
        kept.append(dataclasses.replace(
            ruling, effects=[], do=[],
            decision=f"{ruling.decision} Seat {next(iter(seats))} is ruled out of play (the ruling on "
                     f"{title[0].lower() + title[1:]}): no instruction to play is given to him."))
    return kept


def _beside_past_the_limit(file: str, left: list) -> list:
    """The warning for events beside the marks not ruled because the points reached MAX_POINTS."""
    if not left:
        return []
    return [f"{file}:{left[0].line}: {len(left):,} entries beside the marked ones (from this line) are not "
            f"ruled on: at most {MAX_POINTS} points are; mark the entries the floor was called about, or "
            "split the incident"]


def _moved_past_at(timeline, events_at: dict) -> float:
    """The timeline entry at which the table moved past the hand: its first `hand-over:` entry, or
    the pot pushed to a player (money_moved: pushed); infinity when it never did. A point after it
    is asked about a hand already over."""
    for index, entry in enumerate(timeline.entries):
        event = events_at.get(index)
        if entry["entry"] == "street" and entry.get("street") == "hand-over" or \
                event and event["event"] == "money_moved" and event.get("did") == "pushed":
            return index
    return math.inf


def _derived_irregularity(point, events_at: dict) -> bool:
    """Whether the point is an irregularity only the order of the timeline shows (a card dealt while
    the betting was open: facts/timeline.py), not one the incident states."""
    if point.kind == "action" or len(point.entries) != 1:
        return False
    event = events_at.get(point.entries[0])
    return bool(event and event.get("_derived") and event["event"] == point.kind)


def _staked_hand(kb: KnowledgeBase, incident: Incident, timeline, edits: ClubEdits):
    """The timeline the club's corrected hand starts from: the hand as it happened, or, where a
    ruling of the club lets chips play that were not on the table when the hand began (corrects:
    stakes-chips), the hand replayed with them in the player's stack, so that his actions (an
    all-in), the order of action and the pot are read with them."""
    staked = {k: v for k, v in edits.edits.items() if len(k) == 3 and k[1] == "stack"}
    if not staked:
        return timeline
    return read_timeline(edited_data(incident.data, staked), kb.vocabulary.together_kinds)


def _correcting_ruling(kb: KnowledgeBase, club_rulings: list):
    """The club's latest settled ruling that changed the betting (a total set, chips added, an action
    voided or a hand killed): the correction the hand as corrected rests on."""
    changing = ("adds", "sets-total", "raises-bettors-to", "returns", "voids-action", "checks", "kills", "stakes-chips")
    return next((r for r in reversed(club_rulings) if r.basis not in UNSETTLED and any(
        kb.vocabulary.effects.get(e.get("effect"), {}).get("corrects") in changing for e in r.effects)), None)


def _corrected_away(kb: KnowledgeBase, club: str, issue: str, number: int, by: ClubRuling,
                    as_happened: ClubRuling) -> ClubRuling:
    """A club's answer on an irregularity the order of the timeline showed, where the club's own
    earlier ruling corrected the hand so that it is no irregularity (a short call made a full call
    completes the round the next card closed): the outcome the vocabulary names for it
    (`corrected_away:`), resting on the clauses of the ruling that made the correction; the
    clauses the club has for the irregularity itself (its ruling on the hand as it happened) are
    cited as the ones that do not apply."""
    outcome = kb.vocabulary.corrected_away[issue]
    meaning = kb.vocabulary.issues[issue].get("outcomes", {}).get(outcome, "")
    title = kb.vocabulary.issues[by.issue]["title"]
    spared = [c for c in as_happened.citations if c.clause not in {b.clause for b in by.citations}] \
        if as_happened.basis not in UNSETTLED else []
    not_applying = f" ({', '.join(c.clause for c in spared)} does not apply)" if spared else ""
    return ClubRuling(club=club, issue=issue, basis="reading", outcome=outcome,
                      decision=f"{meaning} The ruling on {title[0].lower() + title[1:]} corrected the hand "
                               f"before it: on the hand as corrected there is no such irregularity"
                               f"{not_applying}.".strip(),
                      citations=list(by.citations) + spared, point=number,
                      readings=[{"rule": c.rule, "reading": f"Read on the hand as the club's ruling at point "
                                 f"{by.point + 1} ({c.clause}) corrected it: with the action set right, the "
                                 f"betting round was complete when the card came."} for c in by.citations])


def _edited_point(incident: Incident, kb: KnowledgeBase, timeline, edited: dict, edits: ClubEdits, number: int,
                  point, with_facts: bool = False):
    """(data, index) of point `number` on the timeline as a club's corrections leave it (None when
    the edited timeline does not have the same point, its entries and kind: the point is then read
    from the hand as it happened). An earlier point the corrections voided is no point there, so
    the point is found by what it is, not by its number. `with_facts`: ((data, index), its
    computed_facts), worked out once per edited timeline and point."""
    key = edits.key()
    if key not in edited:
        # read again from the timeline that shares most with it, as it happened or as a correction
        # left it: the replay resumes at the first action the edits change (facts/hand.py)
        bases = [timeline, *edited.values()]
        # the edits of a club only grow point by point: only the timelines the clubs are now on are
        # kept (a hand of many points would otherwise keep a replayed timeline per point)
        if len(edited) >= 2:
            for old in edited.values():
                old.data.pop("_hand", None)     # a replayed timeline is a cycle (its data names its hand):
                old.hand.memo.clear()           # cut it, so the timeline is freed at once, without a collection
                old.hand.resumed = None         # and the chain of hands resumed from one another
            edited.clear()
        edited[key] = read_timeline(edited_data(incident.data, edits.edits), kb.vocabulary.together_kinds, bases)
    fixed = edited[key]
    points = fixed.points or [hand_point(fixed)]
    same = next((p for p in points if (p.entries, p.kind) == (point.entries, point.kind)), None)
    if same is None:
        return None
    if not with_facts:
        return point_view(fixed, same)
    # kept with the edited timeline's hand: the clubs whose corrections agree, and a kill tried at
    # the point, read the same view and facts once while that timeline is kept
    return fixed.hand.once(("point view and facts", same),
                           lambda: (view := point_view(fixed, same), computed_facts(*view)))


def _killed_here(incident: Incident, kb: KnowledgeBase, timeline, edited: dict, edits: ClubEdits, number: int,
                 point, here: list, last: bool, shared, club: str, currency):
    """(issues, rulings) of a point for a club whose settled ruling there kills a hand: the point's
    other issues ruled again on the hand with that hand dead (a hand ruled dead at the showdown is
    not compared there: the cards-speak ruling reads the hands still live), the killing rulings kept
    as they are. None when no ruling of the club kills a hand at the point, or the point read on the
    hand with the kill is not the same point."""
    killing = [r for r in here if r.basis not in UNSETTLED and any(
        kb.vocabulary.effects.get(e.get("effect"), {}).get("corrects") == "kills" for e in r.effects)]
    if not killing:
        return None
    trial = edits.copy()
    trial.add(here, kb.vocabulary, point)
    read = _edited_point(incident, kb, timeline, edited, trial, number, point, with_facts=True)
    if read is None:
        return None
    view, facts = read
    raised = point_issues(kb.vocabulary, facts, point.kind, last, own=_own(point, *view))
    ruled = [shared.placed(r, number) for r in shared.club_rulings(club, facts, raised, currency)[2]]
    keep = {r.issue for r in killing}
    issues = [r.issue for r in here if r.issue in keep]
    kept = [r for r in here if r.issue in keep]
    for issue, ruling in zip(raised, ruled):
        if issue not in keep:
            issues.append(issue)
            kept.append(ruling)
    return issues, kept


def _own(point, data: dict, index) -> frozenset:
    """The facts of an action point's action in question (raised_issues): its words and chips,
    and the betting arithmetic of it (what an all-in kept back, the raise it made), and whether it
    raises after its player checked on the round (a check-raise is the action's own question,
    asked where it is marked, not only at the hand's last point: issue 21)."""
    if point.kind != "action" or index is None:
        return frozenset()
    currency = game_currency(data["game"])
    return (words_and_chips_names(data, index) | frozenset(action_betting_facts(data, index, currency))
            | frozenset(check_raise_facts(data, index)))


def _asks_hand(points: list, number: int) -> bool:
    """Whether the hand's own questions (an issue raised by facts of the hand alone: the cards read
    at showdown, the side pots, whose turn it was) are asked at this point: the last point, or a
    marked showdown. A point beside the marks is not where the floor was called: the last marked
    point asks them (the last point when none is marked)."""
    marked = [i for i, p in enumerate(points) if not p.beside]
    return number == (marked[-1] if marked else len(points) - 1) or points[number].hand_questions


def _hand_questions_point(points: list) -> int | None:
    """The point where the hand's own questions (who wins the pot) are asked: a marked showdown,
    else the last point the floor marked, else the last point (None: no point)."""
    asking = [n for n in range(len(points)) if _asks_hand(points, n)]
    marked = [n for n in asking if points[n].hand_questions] or [n for n in asking if points[n].marked] or asking
    return marked[0] if marked else (len(points) - 1 if points else None)


def _answer_unlisted_marks(kb, points: list, raised_at: list, rulings: dict, issues: list, facts_by_point: list,
                           currency: str, entries: list = (), ruled_at: dict | None = None) -> None:
    """A point the floor marked at which no issue is raised is still answered (issue 21: "a point the
    floor marked silently dropped"): each club rules on it as not covered, its rulebook having no
    clause on it, and cites its discretion clause, never "no irregularity" (with nothing marked,
    no point is a question put to the floor and none is added). The issue is the
    vocabulary's one whose raised_when is `marked-only`, raised by nothing else."""
    unlisted = [i for i, spec in kb.vocabulary.issues.items() if spec.get("raised_when") == MARKED_ONLY]
    if not unlisted:
        return
    issue = unlisted[0]
    for number, point in enumerate(points):
        # a marked action is a question put to the floor about that action (issue 21): where no
        # club's rules raise an issue on it, each club answers it as not covered, on its discretion
        # clause, never "no irregularity"
        if not (point.marked and _quiet(points, raised_at, number)):
            continue
        if point.kind == "action" and _ruled_earlier_in_hand(points, raised_at, number, entries):
            continue            # an action after an irregularity already ruled is read by that ruling (its corrected hand)
        later = _asked_later(kb, points, raised_at, number, facts_by_point[number], entries)
        if later and ruled_at is not None:
            # the out-of-turn action whose question is asked at its player's own later action (the
            # restriction it brings read with that action): the point says where it is ruled
            ruled_at.setdefault(number, []).extend(later)
            continue
        if facts_by_point[number].get("question.about") in HAND_ANSWERS:
            continue            # a question about his own options is answered from the hand (corrected/now.py)
        for club, club_rulings in rulings.items():
            ruling = resolve_issue(kb, club, issue, [], Filler(kb.vocabulary, facts_by_point[number], currency))
            ruling.point = number
            if point.kind == "said":
                ruling = _objection_answered(kb, ruling, club_rulings, points, number, entries)
            at = next((n for n, r in enumerate(club_rulings) if (r.point or 0) > number), len(club_rulings))
            club_rulings.insert(at, ruling)
        raised_at[number] = [issue]
        if issue not in issues:
            issues.append(issue)


ANSWERING_BASES = ("express", "reading", "conflict")   # a club that rules on an irregularity (not: it is silent)


def _objection_answered(kb, ruling: ClubRuling, club_rulings: list, points: list, number: int,
                        entries) -> ClubRuling:
    """Marked words no listed question covers (a claim, an objection: "I haven't acted on the
    all-in") are answered by what they object to (issue 20/21, e17/objection): the club's rulings on
    the irregular entries of the same hand ruled beside the mark, before or at the words with no
    `hand-over:` between (e24/objection) or a conduct record of the same moment just after them
    (_same_moment), never a context entry confirmed as given, on a
    clause (express, reading) or on clauses that conflict. The earliest of them leads (the
    answer's headline, render/output.py); the words' ruling takes its basis and clauses and names
    every one (`answered_by`), its corrections staying with them (made once, in one place). A club
    that rules on nothing irregular there, or only as not covered, keeps `ruling`: its rulebook has
    no clause on it, its discretion clause cited."""
    at = points[number].entries[0]
    answering = []
    for other in club_rulings:
        where = points[other.point] if other.point is not None and other.point < len(points) else None
        if where is None or not where.beside or not where.entries or other.basis not in ANSWERING_BASES:
            continue
        if other.outcome in kb.vocabulary.context_outcomes.get(other.issue, ()):
            continue          # a context entry confirmed as given answers nothing (e23/headline)
        if where.entries[-1] > at and not _same_moment(entries, at, where.entries):
            continue
        if where.entries[-1] <= at and hand_over_between(entries, where.entries[-1], at):
            continue
        answering.append((where.entries[0], other))
    if not answering:
        return ruling
    answering.sort(key=lambda pair: pair[0])          # the earliest takes effect first: it leads
    lead = answering[0][1]
    said = entries[at] if at < len(entries) else {}
    who = _speaker(said.get("by"))
    words = f" (“{said['words']}”)" if said.get("words") else ""
    titles = [f"{_lower_title(kb, r.issue)} (line {points[r.point].line})" if points[r.point].line
              else _lower_title(kb, r.issue) for _, r in answering]
    named = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    plain = (f"{who}'s objection{words} is answered by the club's "
             f"{'ruling' if len(titles) == 1 else 'rulings'} on what it objects to: {named}.")
    return ClubRuling(club=ruling.club, issue=ruling.issue, basis=lead.basis, outcome="answered-by-ruling",
                      decision=f"{lead.decision} {plain}", do=[plain], effects=[], numbers=dict(lead.numbers),
                      discretion=lead.discretion,
                      citations=list(dict.fromkeys(c for _, r in answering for c in r.citations)),
                      rules_fired=list(lead.rules_fired), point=number,
                      answered_by=[(r.point, r.issue, r.outcome) for _, r in answering])


def _same_moment(entries, at: int, later: list) -> bool:
    """Whether a point after marked words records the deed they are about (e24/conduct): conduct
    entries only, with nothing but words and other conduct records between (no card, action or
    street), so what the floor heard and what he records are one moment, never a later event."""
    def record(entry) -> bool:
        return entry.get("entry") == "event" and entry.get("event") == "conduct"
    if not all(record(entries[n]) for n in later if n < len(entries)):
        return False
    return all(entry.get("entry") == "said" or record(entry) for entry in entries[at + 1:max(later)])


def _new_hand_between(entries, start: int, end: int) -> bool:
    """Whether a new hand begins between two timeline entries (a `hand-over:` and then its deal)."""
    over = False
    for entry in entries[start + 1:end]:
        if entry.get("entry") == "street":
            if entry.get("street") == "hand-over":
                over = True
            elif over:
                return True
    return False


def _speaker(by) -> str:
    return f"Seat {by}" if isinstance(by, int) else f"The {by}" if by else "The player"


def _lower_title(kb, issue: str) -> str:
    title = kb.vocabulary.issues[issue]["title"]
    return title[:1].lower() + title[1:]


def _ruled_earlier_in_hand(points: list, raised_at: list, number: int, entries) -> bool:
    """Whether an issue was raised at a point earlier in the same hand than this one: a marked
    action after it (a call after a card dealt early) is read on the hand that ruling corrects, and
    is not a question of its own (e22/marked)."""
    at = points[number].entries[0] if points[number].entries else None
    if at is None:
        return False
    for n, p in enumerate(points):
        if n == number or not raised_at[n] or not p.entries or p.entries[-1] >= at:
            continue
        if not _new_hand_between(entries, p.entries[-1], at):
            return True
    return False


def _asked_later(kb, points: list, raised_at: list, number: int, facts: dict, entries) -> list:
    """[(issue, point)] for a marked action that is itself out of turn (action.in_turn false) and
    raises no issue at its own point: the issues its own facts raise that a later point of the same
    hand asks (its player's own later action on the round, or a point marked after the round, where
    the out-of-turn question is asked: vocabulary raised_when). [] for any other point."""
    point = points[number]
    if point.kind != "action" or facts.get("action.in_turn") is not False or not point.entries:
        return []
    out = []
    for issue in raised_issues(kb.vocabulary, facts):
        for n, p in enumerate(points):
            if n != number and p.entries and p.entries[0] > point.entries[-1] and issue in (raised_at[n] or ()) \
                    and not _new_hand_between(entries, point.entries[-1], p.entries[0]):
                out.append((issue, n))
                break
    return out


def _quiet(points: list, raised_at: list, number: int) -> bool:
    """A point the floor marked at which no club's rules raise any issue: neither its own entry nor
    anything ruled for the same mark (the events at a marked street's moment)."""
    point = points[number]
    return point.marked and not any(raised_at[n] for n, p in enumerate(points) if p.mark == point.mark)


class InvariantViolation(AssertionError):
    """A club's answer that is not one answer (corrected/invariants.py): an internal error."""

    def __init__(self, file, found):
        self.violations = found
        super().__init__(f"{file}: " + "; ".join(v.text() for v in found))


def street_of_points(timeline, points) -> dict:
    """The betting round each point happened on (its action's street), for corrections that set a
    player's total on that round."""
    at = {entry: action["street"] for entry, action in zip(timeline.action_entry, timeline.data.get("actions", []))}
    # an action's point is its entry, or its declaration and chips entries (read as one action at the first)
    return {number: at[entry] for number, point in enumerate(points)
            for entry in [next((i for i in reversed(point.entries) if i in at), None)] if entry is not None}


def rule_on(path, house: str | None = None, kb: KnowledgeBase | None = None, log=None) -> Report:
    """Load, validate and rule on an incident file."""
    kb = kb or load_knowledge()
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, house, log=log)


def _signature(ruling: ClubRuling) -> tuple:
    return (ruling.outcome, ruling.basis, ruling.decision, tuple(ruling.do),
            tuple(c.clause for c in ruling.citations))


def _holds_whatever(groups: dict):
    """The ruling that stands whatever the unknown answers are: every combination rules the same
    outcome with the same effects, and one of them rests only on clauses all of them cite (the
    others add clauses that say the same); of those, the one on the weakest basis, since it is the
    one that holds every way. None when the answer really depends on them."""
    rulings = [ruling for ruling, _ in groups.values()]
    if any(r is None for r in rulings):
        return None
    if len({(r.outcome, repr(sorted(set(map(repr, r.effects))))) for r in rulings}) != 1:
        return None
    if any(r.basis in ("conflict", "depends") for r in rulings):
        return None
    shared = set.intersection(*({c.clause for c in r.citations} for r in rulings))
    candidates = [r for r in rulings if {c.clause for c in r.citations} == shared]
    strength = {"not covered": 0, "silent": 0, "reading": 1, "express": 2}
    return min(candidates, key=lambda r: strength.get(r.basis, 0)) if candidates else None


def _also_cited(common: ClubRuling, groups: dict) -> ClubRuling:
    """The ruling that holds every way, with each clause that decides the same point under only
    some of the unknown answers kept in it, quoted, under the answers it needs (issue 20, e20/now:
    a rule that fired is never dropped from the answer because another one holds whatever the
    floor finds; "it is not permitted to deliberately slow the game up" rules the same as the
    general disruption clause, but only if the delay was deliberate)."""
    own = {c.clause for c in common.citations}
    whens = [(ruling, when) for ruling, group in groups.values() for when in group]
    readings, seen = [], set()
    for ruling, _ in groups.values():
        for citation in ruling.citations:
            if citation.clause in own or citation.clause in seen:
                continue
            seen.add(citation.clause)
            citing = [when for r, when in whens if any(c.clause == citation.clause for c in r.citations)]
            others = [when for r, when in whens if not any(c.clause == citation.clause for c in r.citations)]
            needs = [(name, value) for position, (name, value) in enumerate(citing[0])
                     if all(w[position][1] == value for w in citing)
                     and all(w[position][1] != value for w in others)]
            where = ("If " + " and ".join(f"{name} is {_said(value)}" for name, value in needs)) if needs \
                else "Under some of the answers the floor could not establish"
            readings.append({"rule": citation.rule or citation.clause,
                             "reading": f"{where}: {citation.locator} also applies and "
                                        f"rules the same: \u201c{citation.quote}\u201d"})
    if not readings:
        return common
    return dataclasses.replace(common, readings=list(common.readings) + readings)


def _said(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _common(nows: list) -> dict:
    """The 'Now' every combination of unknown answers agrees on (else none: the rulings depend)."""
    return nows[0] if all(n == nows[0] for n in nows) else {}


def _turns_on(groups: list) -> list:
    """The names of the unknown fields a depending ruling really turns on: a field whose value
    alone, the others held, moves the ruling from one group to another (a field written unknown or
    left out that changes nothing in this ruling is not named)."""
    whens = [(index, when) for index, (_, group) in enumerate(groups) for when in group]
    width = len(whens[0][1]) if whens else 0
    out = set()
    for position in range(width):
        seen: dict = {}
        for index, when in whens:
            rest = tuple(pair for i, pair in enumerate(when) if i != position)
            seen.setdefault(rest, set()).add(index)
        if any(len(v) > 1 for v in seen.values()):
            out.add(whens[0][1][position][0])
    return sorted(out) or sorted({name for _, when in whens for name, _ in when})


def _as_written(data: dict, assignment: dict) -> list:
    """(pattern, card as written) for each card of unseen suit (`K?`) this combination gave a suit:
    where the ruling's words name the card only, they are put back as written, so a ruling the
    suit does not change (a chip race on rank) is one ruling, not one per suit."""
    out = []
    for path, value in assignment.items():
        written = _value_at(data, path)
        if suitless(written) and isinstance(value, str):
            names = "|".join(map(re.escape, spellings(value)))
            out.append((re.compile(rf"(?<![\w?])(?:{names})(?![\w?])"), written))
    return out


def _unsuited(ruling, written: list):
    """The ruling with the suits this combination gave written back as seen (`K?`); as it is when
    none is named in its words."""
    if ruling is None or not written:
        return ruling

    def back(text):
        if not isinstance(text, str):
            return text
        for pattern, card in written:
            text = pattern.sub(card, text)
        return text

    changed = dataclasses.replace(
        ruling, decision=back(ruling.decision), do=[back(d) for d in ruling.do],
        effects=[{k: back(v) for k, v in e.items()} if isinstance(e, dict) else back(e) for e in ruling.effects])
    return ruling if _signature(changed) == _signature(ruling) and changed.effects == ruling.effects else changed


def _asked_only(groups: dict, turns: list) -> list:
    """[(ruling, whens)] of a depending ruling with each combination of unknown answers cut to the
    fields the ruling turns on (issue 20: a question of another point, or of a field that moves
    nothing in this ruling, is not asked in its branches), each cut combination once. Kept whole
    when the cut would let one combination read two ways (the fields then act only together)."""
    cut = [(ruling, list(dict.fromkeys(tuple(pair for pair in when if pair[0] in turns) for when in whens)))
           for ruling, whens in groups.values()]
    seen = [set(whens) for _, whens in cut]
    if any(a & b for i, a in enumerate(seen) for b in seen[i + 1:]):
        return [(ruling, whens) for ruling, whens in groups.values()]
    return [(ruling, [list(when) for when in whens]) for ruling, whens in cut]


def merge_branches(incident: Incident, branches: list, signature=None, settled=None) -> Report:
    """One report from the reports of every combination of unknown answers.

    The points are those of every combination (an unknown action can make the round incomplete,
    and a card dealt then premature: a point only some combinations have), numbered in timeline
    order; a point is the same point in every combination that has it (its entries and kind).
    The facts given are those every combination agrees on and, with `settled`, that are worked out
    from no field written unknown (a point's facts are kept once for the combinations that rule it
    the same way, so the others' cannot be compared)."""
    signature = signature or _signature
    first = branches[0][1]
    infos: dict = {}
    for _, report in branches:
        for info in report.points:
            key = (info.entries, info.kind)
            if key in infos and infos[key].quiet and not info.quiet:
                infos[key] = dataclasses.replace(infos[key], quiet=False)   # ruled under some combination
            infos.setdefault(key, info)
    # the marked points first, then those beside the marks (facts/timeline.py _points)
    order = sorted(infos, key=lambda k: (infos[k].beside, k[0][0] if k[0] else -1, k[0], k[1]))
    number = {k: n for n, k in enumerate(order)}
    renumber = [[number[(p.entries, p.kind)] for p in report.points] for _, report in branches]
    keys: dict = {}
    for (_, report), numbers in zip(branches, renumber):
        for ruling in report.answers[first.house].rulings:
            keys.setdefault((numbers[ruling.point], ruling.issue))
    for (_, report), numbers in zip(branches, renumber):
        for answer in report.answers.values():
            for ruling in answer.rulings:
                keys.setdefault((numbers[ruling.point], ruling.issue))
    issues: dict = {}
    for _, report in branches:
        issues.update(dict.fromkeys(report.issues))
    issues = list(issues)
    names = {path: path_name(path, incident.data) for path in branches[0][0]}
    conditions = [[(names[p], v) for p, v in assignment.items()] for assignment, _ in branches]
    as_written = [_as_written(incident.data, assignment) for assignment, _ in branches]
    answers = {}
    for club, answer in first.answers.items():
        rulings = []
        by_key = []
        for (_, report), numbers in zip(branches, renumber):
            found: dict = {}
            for r in report.answers[club].rulings:
                found.setdefault((numbers[r.point], r.issue), r)
            by_key.append(found)
        for point, issue in keys:
            groups: dict = {}
            for found, when, written in zip(by_key, conditions, as_written):
                ruling = _unsuited(found.get((point, issue)), written)
                key = signature(ruling) if ruling else None
                groups.setdefault(key, [ruling, []])[1].append(when)
            if None in groups and len(groups) == 1:
                continue
            if len(groups) == 1:
                ruling = next(iter(groups.values()))[0]
                if ruling.point != point:
                    ruling = dataclasses.replace(ruling, point=point)
                rulings.append(ruling)
                continue
            common = _holds_whatever(groups)
            if common is not None:        # the same answer every way: no "depends" to read through
                common = _also_cited(common, groups)
                rulings.append(common if common.point == point else dataclasses.replace(common, point=point))
                continue
            turns = _turns_on(list(groups.values()))
            depends = [Branch(when=whens, ruling=ruling) for ruling, whens in _asked_only(groups, turns)]
            rulings.append(ClubRuling(
                club=club, issue=issue, basis="depends", outcome="depends",
                decision="The ruling turns on facts the floor could not establish: "
                         + ", ".join(turns) + ".",
                depends=depends, point=point))
        settlements = [report.answers[club].settlement for _, report in branches]
        answers[club] = ClubAnswer(club=club, club_name=answer.club_name, floor=answer.floor,
                                   rulings=rulings, derived=answer.derived, fired=answer.fired,
                                   settlement=settlements[0] if all(s == settlements[0] for s in settlements) else [],
                                   now=_common([report.answers[club].now for _, report in branches]),
                                   contradictions=list(dict.fromkeys(
                                       c for _, report in branches for c in report.answers[club].contradictions)))
    given = {k: v for k, v in first.given.items()
             if (settled is None or settled(k)) and all(report.given.get(k, object()) == v for _, report in branches)}
    facts: dict = {}
    for (_, report), numbers in zip(branches, renumber):
        for old, new in enumerate(numbers):
            facts.setdefault(new, report.facts_by_point[old])
    return Report(incident_file=first.incident_file, title=first.title, house=first.house,
                  issues=issues, given=given, answers=answers, points=[infos[k] for k in order],
                  facts_by_point=[facts[n] for n in range(len(order))], secondary=first.secondary,
                  currency=first.currency, warnings=first.warnings)
