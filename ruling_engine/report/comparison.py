"""The four rulebooks compared, computed from the knowledge base and the engine (never by hand).

Topic by topic (the clause index's topics, named and grouped by knowledge/topics.yaml): each
club's position on it and how it stands against the others or against a house club (the matrix);
case by case (every incident in cases/ ruled under every club, question by question); the true
conflicts inside one rulebook (conflicts.py); and the gaps (one club silent where another rules).

A position is compared against a reference: "all" (each club against the others; in a case,
against the case's own house club) or one club (the house a manager compares the others with).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from ruling_engine.knowledge.coverage import coverage
from ruling_engine.incident.load import load_incident
from ruling_engine.locations import cases_dir as cases_beside
from ruling_engine.knowledge.conditions import disjuncts, witness
from ruling_engine.knowledge.cache import entry_path
from ruling_engine.report.conflicts import MAX_TRIES, ConflictScan, attach_cases, portable, relink, scan_conflicts
from ruling_engine.report.parallel import Job
from ruling_engine.report.overlap import ClubConditions, clash, namespaced, pins, rule_on_facts, split_facts
from ruling_engine.rulings.rule_on import currency_of, rule_incident

ALL = "all"
MONEY_PARAMS = ("add", "total", "forfeit", "amount", "call", "min_raise_to", "share")
# Effects that say who may win the pot, in a few words ({seat}, {seats} filled in).
POT_EFFECTS = {
    "pot-awarded": "pot to seat {seat}",
    "pot-split": "pot split: seats {seats}",
    "no-claim-to-pot": "seat {seat} has no claim",
    "hand-dead": "seat {seat}'s hand dead",
    "hand-live": "seat {seat}'s hand live",
    "pot-forfeit-possible": "seat {seat} may forfeit the pot",
}
WORDS_SHOWN = 2                   # outcomes named in a matrix cell; the rest are counted
POSITION_CHARS = 48               # a cell's position in words: about two lines of a desktop column
POSITION_PLAIN_CHARS = 54         # an outcome's plain statement, whole, in place of a decision cut short


def words(outcome: str) -> str:
    """An outcome key in words: `must-complete-call` -> `must complete call`."""
    return outcome.replace("-", " ")


@dataclass
class ClubTopic:
    """What one club's rulebook says on one topic."""

    club: str
    clauses: list                 # Clause objects of the topic, in rulebook order
    outcomes: list                # (issue, outcome, rule id, decision) of the rules citing them
    unencoded: list               # clause ids of the topic no rule cites yet
    elsewhere: list = field(default_factory=list)   # clauses indexed under another topic that its
                                                    # rules filed under this topic cite

    @property
    def silent(self) -> bool:
        """No clause on the topic and no rule filed under it."""
        return not self.clauses and not self.outcomes

    @property
    def by_issue(self) -> dict:
        out: dict = {}
        for issue, outcome, _, _ in self.outcomes:
            out.setdefault(issue, set()).add(outcome)
        return out


@dataclass
class Cell:
    """One club's position on one topic, as the matrix shows it."""

    club: str
    kind: str                     # silent (no clause) | no-rule (clauses, no ruling encoded) | rules
    shown: list                   # outcome keys named in the cell, in order
    more: int                     # further outcomes on the topic not named
    vs: dict                      # reference -> agree | differ | alone | silent | house
    conflicts: list               # true conflicts of this club on the topic's rules
    position: str = ""            # the club's position in plain words: its rulebook's decision
                                  # for the outcome named first, cut to about two lines
    decision: str = ""            # that decision in full

    @property
    def further(self) -> int:
        """How many other outcomes its rules give on the topic, besides the one its position states."""
        return self.more + len(self.shown) - 1 if self.shown else 0

    @property
    def clashes(self) -> list:
        """Its conflicts that give two answers on the same facts (the matrix marks these)."""
        return [x for x in self.conflicts if x.situation is None or x.situation.shared]

    @property
    def text(self) -> str:
        if self.kind == "silent":
            return "silent: the floor decides"
        if self.kind == "no-rule":
            return "no ruling encoded (clauses only)"
        return self.position + (f" (+{self.further} more)" if self.further else "")


@dataclass
class Difference:
    """Two clubs ruling one question of a topic differently, in one situation."""

    issue: str
    outcomes: dict                # club -> outcome (two clubs)
    case: str = ""                # a case file where the engine rules so, or
    facts: dict = field(default_factory=dict)      # a situation constructed from the two rules' conditions


@dataclass
class TopicRow:
    topic: str
    title: str
    group: str
    clubs: dict                   # club -> ClubTopic
    cells: dict                   # club -> Cell
    status: str                   # agree | differ | apart | one-club | not-encoded
    differences: list = field(default_factory=list)   # Difference per pair of clubs and question

    @property
    def silent_clubs(self) -> list:
        return [c for c, row in self.clubs.items() if row.silent]

    def differs(self, reference: str) -> bool:
        """Whether some club rules differently from the reference (the others, or the house)."""
        return any(cell.vs[reference] == "differ" for cell in self.cells.values())


@dataclass
class CaseLine:
    """One question of one case (an issue at a point of its timeline): every club's ruling."""

    point: int
    point_label: str
    issue: str
    title: str
    rulings: dict                 # club -> ClubRuling
    vs: dict                      # reference -> {club: same | differ | alone | silent | house}
    numbers: dict                 # club -> the ruling's amounts, in words ("" when none)
    pot: dict                     # club -> who may win the pot, in words ("" when not said)

    @property
    def outcomes_differ(self) -> bool:
        """Clubs that rule (not silent) give different outcomes."""
        return len({r.outcome for r in self.rulings.values() if r.basis != "not covered"}) > 1

    @property
    def numbers_differ(self) -> bool:
        return len(set(self.numbers.values())) > 1

    @property
    def pot_differs(self) -> bool:
        return len(set(self.pot.values())) > 1

    def differs(self, reference: str) -> bool:
        return any(state == "differ" for state in self.vs[reference].values())


@dataclass
class CaseRow:
    file: str
    title: str
    house: str
    issues: list                  # (issue, title)
    rulings: dict                 # club -> {issue: ClubRuling} (the last point's, for one issue ruled at several)
    lines: list                   # CaseLine per question, in the order of the timeline
    differing: frozenset          # issues on which clubs that rule give different outcomes
    silent_only: frozenset        # issues on which the only difference is a club's silence

    def differs(self, reference: str) -> bool:
        return any(line.differs(reference) for line in self.lines)


@dataclass
class Gap:
    club: str
    issue: str
    others: dict                  # club -> outcomes its rules give on the issue
    cases: list                   # case files where this club is not covered and another club rules


@dataclass
class Comparison:
    clubs: dict                   # club -> Club
    house: str                    # the reference the page opens with: "all" or a club
    coverage: dict                # club -> coverage row
    rule_counts: dict             # club -> number of rules
    topics: list                  # TopicRow, in the order of knowledge/topics.yaml
    groups: list                  # (group title, [TopicRow])
    cases: list                   # CaseRow
    scan: ConflictScan
    gaps: list                    # Gap
    issue_titles: dict

    @property
    def conflicts(self) -> list:
        """The true conflicts (listed in the report): the engine rules both, nothing settles them."""
        return self.scan.conflicts

    @property
    def references(self) -> list:
        return [ALL] + list(self.clubs)

    def grouped(self, conflicts: list) -> list:
        """[(club, [(issue, [Conflict])])] in the clubs' order, issues by how many they hold;
        within one, the pairs that test a common fact first."""
        out = []
        for club in self.clubs:
            by_issue: dict = {}
            for x in conflicts:
                if x.club == club:
                    by_issue.setdefault(x.issue, []).append(x)
            if by_issue:
                issues = sorted(by_issue.items(), key=lambda kv: (-len(kv[1]), self.issue_titles[kv[0]]))
                out.append((club, [(i, sorted(xs, key=lambda x: not (x.situation and x.situation.shared)))
                                   for i, xs in issues]))
        return out

    def differing_cases(self, reference: str = ALL) -> list:
        return [row for row in self.cases if row.differs(reference)]


def compare(kb, cases_dir: Path | None = None, house: str | None = None, meanwhile=None) -> Comparison:
    """Everything the comparison report shows, computed from `kb` and the engine.

    The cases are those beside `kb`'s knowledge folder unless `cases_dir` names others. `house`:
    the club the page first compares the others against (None: each club against the others).
    A case ruled before is not ruled again while neither it, the knowledge nor the code has
    changed (kept_rows); the others are read and ruled, here when they are few, else
    in two processes (_rule_in_two) while `meanwhile()` runs (the renderer loads its template).
    The knowledge base's analysis (conflicts, situations comparing clubs) is cached likewise.
    """
    folder = Path(cases_dir or cases_beside(kb.root)).resolve()
    kept, stamps = kept_rows(kb, folder)
    cases = [kept[name] for name in stamps if name in kept]
    todo = [load_incident(folder / name, kb.vocabulary, kb.clubs) for name in stamps if name not in kept]
    if len(todo) < FORK_FROM:
        # (almost) every case ruled before: rule the rest and read the analysis here
        if meanwhile is not None:
            meanwhile()
        cases += rule_incidents(kb, todo)
        scan, constructed = knowledge_analysis(kb)
    else:
        cases += _rule_in_two(kb, todo, meanwhile)
        scan, constructed = cases.pop()
    cases.sort(key=lambda row: row.file)
    if todo:
        keep_rows(kb, folder, cases, stamps)
    attach_cases(scan, cases)
    topics = topic_rows(kb, scan.conflicts, cases, constructed)
    groups: list = []
    for row in topics:
        if not groups or groups[-1][0] != row.group:
            groups.append((row.group, []))
        groups[-1][1].append(row)
    return Comparison(
        clubs=kb.clubs,
        house=house or ALL,
        coverage=coverage(kb)["clubs"],
        rule_counts={club: len(kb.rules.get(club, [])) for club in kb.clubs},
        topics=topics,
        groups=groups,
        cases=cases,
        scan=scan,
        gaps=gaps(kb, cases),
        issue_titles={i: spec["title"] for i, spec in kb.vocabulary.issues.items()},
    )


ANALYSIS = "report-conflicts"           # the conflict scan (floorcall check's warnings come from it too)
CONSTRUCTED = "report-constructed"      # the clubs' positions compared on constructed situations


def _analysis_types() -> dict:
    from ruling_engine.model import Branch, Citation, ClubRuling
    from ruling_engine.report.conflicts import Conflict, Situation
    return {cls.__name__: cls for cls in (ConflictScan, Conflict, Situation, Difference, ClubRuling, Citation,
                                          Branch)}


def conflict_scan(kb, linked: bool = True) -> ConflictScan:
    """scan_conflicts(kb), kept in floorcall's cache (knowledge/cache.py) beside the checked
    knowledge base until a knowledge file or floorcall's code changes. `linked`: the pairs hold
    this knowledge base's rules (else their ids, for another process to relink)."""
    from ruling_engine.knowledge.cache import cached
    scan = cached(ANALYSIS, [kb.root], lambda: portable(scan_conflicts(kb)), types=_analysis_types())
    return relink(kb, scan) if linked else scan


def knowledge_analysis(kb, linked: bool = True) -> tuple:
    """(ConflictScan, constructed_positions): the report's work on the knowledge base alone, each
    kept in floorcall's cache like conflict_scan."""
    from ruling_engine.knowledge.cache import cached
    constructed = cached(CONSTRUCTED, [kb.root], lambda: constructed_positions(kb), types=_analysis_types())
    return conflict_scan(kb, linked), constructed


FORK_FROM = 24          # cases to rule before a second process is worth forking
ROWS = "report-rows"


def _rule_in_two(kb, incidents: list, meanwhile=None) -> list:
    """rule_incidents(kb, incidents) + [(scan, constructed)]: a forked process (parallel.py) rules
    a third of the incidents and the knowledge base's analysis (half of them when the analysis is
    in the cache), while this one rules the rest and runs `meanwhile()`."""
    theirs = incidents[1::2] if all(entry_path(n, [kb.root]).exists() for n in (ANALYSIS, CONSTRUCTED)) else incidents[1::3]
    ours = [i for i in incidents if all(i is not t for t in theirs)]
    job = Job(lambda: (rule_incidents(kb, theirs), knowledge_analysis(kb, linked=False)))
    try:
        if meanwhile is not None:
            meanwhile()
        mine = rule_incidents(kb, ours if job.pid else incidents)
    except BaseException:
        job.discard()
        raise
    result = job.result()
    if result is not None:
        rows, (scan, constructed) = result
        return mine + rows + [(relink(kb, scan), constructed)]
    rows = rule_incidents(kb, theirs) if job.pid else []
    return mine + rows + [knowledge_analysis(kb)]


def _rows_name(kb, folder: Path) -> str:
    """One entry for the cases beside the knowledge, one shared by any other folder (tests')."""
    return ROWS if folder == Path(cases_beside(kb.root)).resolve() else f"{ROWS}-other"


def _row_types() -> dict:
    from ruling_engine.model import Branch, Citation, ClubRuling
    return {cls.__name__: cls for cls in (CaseRow, CaseLine, ClubRuling, Citation, Branch)}


def kept_rows(kb, folder: Path) -> tuple:
    """({file name: CaseRow} of the folder's cases ruled before and unchanged since,
    {file name: digest of its text} of every case there now). The rows are kept in floorcall's
    cache beside the checked knowledge base (until a knowledge file or the code changes), each
    with the digest of the case file it was ruled from."""
    import hashlib
    from ruling_engine.knowledge.cache import stored
    stamps = {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
              for path in sorted(folder.glob("*.yaml"))}
    try:
        rows = stored(_rows_name(kb, folder), [kb.root], _row_types())
    except Exception:  # noqa: BLE001 - none yet, or unreadable: every case is ruled
        rows = {}
    if not isinstance(rows, dict):
        rows = {}
    return {name: kept[1] for name, kept in rows.items()
            if isinstance(kept, tuple) and len(kept) == 2 and stamps.get(name) == kept[0]
            and isinstance(kept[1], CaseRow)}, stamps


def keep_rows(kb, folder: Path, rows: list, stamps: dict) -> None:
    from ruling_engine.knowledge.cache import store
    store(_rows_name(kb, folder), [kb.root], {row.file: (stamps[row.file], row) for row in rows if row.file in stamps},
          _row_types())


# -- topics ------------------------------------------------------------------------------------

OTHER_GROUP = "Other topics"


def topic_names(kb) -> dict:
    """topic id -> (title, group title), from knowledge/topics.yaml (when the folder has one)."""
    import yaml
    path = Path(kb.root) / "topics.yaml"
    if not path.exists():
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    return {topic: (str(title), str(group["title"]))
            for group in data.get("groups", []) for topic, title in (group.get("topics") or {}).items()}


def topic_title(topic: str) -> str:
    """A topic id in words, for a topic knowledge/topics.yaml does not name."""
    return topic.replace("-", " ").capitalize()


def _topic_order(kb) -> tuple:
    present = {c.topic for clauses in kb.clauses.values() for c in clauses.values() if c.normative}
    names = topic_names(kb)
    return [t for t in names if t in present] + sorted(present - set(names)), names


def topic_rows(kb, conflicts: list = (), cases: list = (), constructed: dict | None = None) -> list:
    """The matrix's rows. `constructed`: constructed_positions(kb), when another process made it."""
    order, names = _topic_order(kb)
    index = _TopicIndex(kb, conflicts)
    versus = _Versus(kb, cases, constructed)
    return [_topic_row(kb, topic, *names.get(topic, (topic_title(topic), OTHER_GROUP)), versus=versus,
                       index=index) for topic in order]


def constructed_positions(kb) -> dict:
    """(topic, club, club, issue) -> (state, Difference or None) from constructed situations alone:
    the part of the clubs' comparison that needs no case (topic_rows adds what the cases show)."""
    order, _ = _topic_order(kb)
    index = _TopicIndex(kb, ())
    versus = _Versus(kb, ())
    out = {}
    for topic in order:
        rules = {club: index.by_issue(club, topic) for club in kb.clubs}
        for a, b in combinations(kb.clubs, 2):
            for issue in sorted(set(rules[a]) & set(rules[b])):
                out[topic, a, b, issue] = versus.constructed(issue, a, rules[a][issue], b, rules[b][issue])
    return out


class _TopicIndex:
    """Clauses and ruling rules by (club, topic); conflicts by rule."""

    def __init__(self, kb, conflicts):
        self.clauses: dict = {}
        for club in kb.clubs:
            for clause in kb.clauses[club].values():
                if clause.normative:
                    self.clauses.setdefault((club, clause.topic), []).append(clause)
        self.rules: dict = {}
        for club in kb.clubs:
            for rule in kb.rules.get(club, []):
                if rule.is_definition:
                    continue
                topics = {kb.clause(rule.clause).topic, rule.topic}
                for topic in topics:
                    self.rules.setdefault((club, topic), []).append(rule)
        self.cited = {club: {r.clause for r in kb.rules.get(club, [])} for club in kb.clubs}
        self._by_issue: dict = {}
        self.conflicts: dict = {}
        for x in conflicts:
            for rule_id in (x.first.id, x.second.id):
                self.conflicts.setdefault(rule_id, []).append(x)


    def by_issue(self, club: str, topic: str) -> dict:
        """issue -> the club's ruling rules on the topic that settle it."""
        key = (club, topic)
        if key not in self._by_issue:
            out: dict = {}
            for rule in self.rules.get(key, []):
                out.setdefault(rule.issue, []).append(rule)
            self._by_issue[key] = out
        return self._by_issue[key]


def _topic_row(kb, topic: str, title: str, group: str, versus, index) -> TopicRow:
    clubs, rules, conflicts = {}, {}, {}
    for club in kb.clubs:
        clauses = index.clauses.get((club, topic), [])
        mine = index.rules.get((club, topic), [])
        clubs[club] = ClubTopic(
            club=club, clauses=clauses,
            outcomes=[(r.issue, r.then.outcome, r.id, r.then.decision) for r in mine],
            unencoded=[c.id for c in clauses if c.id not in index.cited[club]],
            elsewhere=list({r.clause: kb.clause(r.clause) for r in mine if kb.clause(r.clause).topic != topic}.values()))
        rules[club] = index.by_issue(club, topic)
        conflicts[club] = list({id(x): x for r in mine for x in index.conflicts.get(r.id, ())}.values())
    states, differences = {}, []
    for a, b in combinations(kb.clubs, 2):
        for issue in sorted(set(rules[a]) & set(rules[b])):
            state, difference = versus.compare(topic, issue, a, rules[a][issue], b, rules[b][issue])
            states[a, b, issue] = states[b, a, issue] = state
            if difference:
                differences.append(difference)
    cells = _cells(clubs, rules, states, conflicts, _outcome_words(kb))
    found = set(states.values())
    ruling = [club for club in clubs if rules[club]]
    status = ("differ" if "differ" in found else "agree" if "agree" in found else "apart" if found
              else "one-club" if len(ruling) == 1 else "not-encoded" if not ruling else "apart")
    return TopicRow(topic=topic, title=title, group=group, clubs=clubs, cells=cells, status=status,
                    differences=differences)


class _Versus:
    """Whether two clubs rule a question differently: a case where the engine rules it so, or a
    situation constructed from a rule of each (their conditions, definitions expanded, meeting)
    on which the engine, run for each club, gives each its own outcome."""

    def __init__(self, kb, cases, constructed: dict | None = None):
        self.kb, self.engine, self.constructed_before = kb, None, constructed
        self.conditions = {club: ClubConditions(kb, club) for club in kb.clubs}
        self.lines: dict = {}
        for row in cases:
            for line in row.lines:
                self.lines.setdefault(line.issue, []).append((row.file, line))
        self._situations: dict = {}

    def situations(self, club: str, rule) -> list:
        key = (club, rule.id)
        if key not in self._situations:
            vocabulary = self.kb.vocabulary
            self._situations[key] = [(namespaced(s, club, vocabulary), pins(s))
                                     for s in self.conditions[club].situations(rule.when)]
        return self._situations[key]

    def compare(self, topic: str, issue: str, a: str, rules_a: list, b: str, rules_b: list) -> tuple:
        """(differ | agree | apart, Difference or None) for clubs a and b on one question."""
        ids_a, ids_b = {r.id for r in rules_a}, {r.id for r in rules_b}
        for file, line in self.lines.get(issue, ()):
            ra, rb = line.rulings[a], line.rulings[b]
            if (ra.outcome != rb.outcome and _clean(ra) and _clean(rb)
                    and ids_a & set(ra.rules_fired) and ids_b & set(rb.rules_fired)):
                return "differ", Difference(issue=issue, outcomes={a: ra.outcome, b: rb.outcome}, case=file)
        if self.constructed_before is not None and (topic, a, b, issue) in self.constructed_before:
            return self.constructed_before[topic, a, b, issue]
        return self.constructed(issue, a, rules_a, b, rules_b)

    def constructed(self, issue: str, a: str, rules_a: list, b: str, rules_b: list) -> tuple:
        """compare() on situations built from a rule of each club (no case consulted)."""
        if self.engine is None:
            from ruling_engine.rulings.rule_on import engine_for
            self.engine = engine_for(self.kb)
        vocabulary = self.kb.vocabulary
        raised = [(r, pins(r)) for r in disjuncts(vocabulary.issues[issue]["condition"])]
        agree, tries = False, 0
        pairs = sorted(((x, y) for x in rules_a for y in rules_b), key=lambda p: p[0].then.outcome == p[1].then.outcome)
        for rule_a, rule_b in pairs:
            same = rule_a.then.outcome == rule_b.then.outcome
            if same and agree:
                break
            found = False
            for sa, pa in self.situations(a, rule_a):
                for sb, pb in self.situations(b, rule_b):
                    if clash(pa, pb):
                        continue
                    for r, pr in raised:
                        if clash(pa, pr) or clash(pb, pr):
                            continue
                        facts = witness(sa + sb + r, vocabulary)
                        if facts is None:
                            continue
                        if same:
                            found = True
                            break
                        computed, _ = split_facts(facts, vocabulary)
                        ra = rule_on_facts(self.kb, self.engine, a, issue, computed)
                        rb = rule_on_facts(self.kb, self.engine, b, issue, computed)
                        if ra.outcome != rb.outcome and _clean(ra) and _clean(rb):
                            return "differ", Difference(issue=issue, outcomes={a: ra.outcome, b: rb.outcome},
                                                        facts=computed)
                        tries += 1
                        if tries >= MAX_TRIES:
                            break
                    if found or tries >= MAX_TRIES:
                        break
                if found or tries >= MAX_TRIES:
                    break
            agree = agree or found
        return ("agree" if agree else "apart"), None


def _clean(ruling) -> bool:
    """A ruling that gives one outcome from the club's own clauses."""
    return ruling.basis not in ("not covered", "conflict", "depends")


def _outcome_words(kb) -> dict:
    """outcome -> its statement in plain words (the vocabulary's, a whole sentence), the shortest
    where several issues share an outcome key."""
    out: dict = {}
    for issue in kb.vocabulary.issues.values():
        for outcome, text in (issue.get("outcomes") or {}).items():
            text = " ".join(str(text).split())
            if text and (outcome not in out or len(text) < len(out[outcome])):
                out[outcome] = text
    return out


def _cells(clubs: dict, rules: dict, states: dict, conflicts, outcome_words: dict | None = None) -> dict:
    def against(club: str, others) -> str:
        found = {states[club, o, i] for o in others for i in rules[club] if (club, o, i) in states}
        return "differ" if "differ" in found else "agree" if "agree" in found else "alone"

    cells = {}
    for club, row in clubs.items():
        mine = rules[club]
        kind = "silent" if row.silent else ("rules" if mine else "no-rule")
        vs = {ALL: against(club, [o for o in clubs if o != club]) if mine else "silent"}
        for house in clubs:
            vs[house] = "house" if house == club else (against(club, [house]) if mine else "silent")
        # outcomes named first: those on which the club differs from another club
        counts: dict = {}
        for issue, outcome, _, _ in row.outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        apart = {r.then.outcome for issue, rs in mine.items() for r in rs
                 if any(states.get((club, o, issue)) == "differ" for o in clubs)}
        ordered = sorted(counts, key=lambda o: (o not in apart, -counts[o]))
        decision = _decision_of(row, ordered[0]) if ordered else ""
        cells[club] = Cell(club=club, kind=kind, shown=ordered[:WORDS_SHOWN],
                           more=max(0, len(ordered) - WORDS_SHOWN), vs=vs, conflicts=conflicts[club],
                           position=position_words(decision, (outcome_words or {}).get(ordered[0], ""))
                           if decision else words(ordered[0]) if ordered else "",
                           decision=decision)
    return cells


def _decision_of(row: ClubTopic, outcome: str) -> str:
    """The decision its rules most often give for an outcome (the shortest of equals): the club's
    own words for it, as its rule files write them."""
    found: dict = {}
    for _, out, _, decision in row.outcomes:
        if out == outcome and decision:
            found[decision] = found.get(decision, 0) + 1
    return min(found, key=lambda d: (-found[d], len(d))) if found else ""


def position_words(decision: str, statement: str = "", limit: int = POSITION_CHARS) -> str:
    """The club's position as a whole sentence of about `limit` characters: its own decision's
    first sentence (or first clause) when that fits, else the outcome's statement in plain words
    (the vocabulary's, e.g. "The player must put in the rest of the call") when that is shorter,
    else the decision cut at a word (the whole decision is the cell's hover and the topic's detail)."""
    import re
    text = re.split(r"(?<=[.!?])\s", " ".join(decision.split()), maxsplit=1)[0].rstrip(".")
    if len(text) > limit and ";" in text[:limit + 20]:
        text = text.split(";", 1)[0]
    if len(text) <= limit:
        return text
    plain = statement.rstrip(".")
    if plain and len(plain) <= POSITION_PLAIN_CHARS:
        return plain
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


# -- cases -------------------------------------------------------------------------------------

def _amount(value, currency: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = f"{value:,.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else f"{value:,}"
    return f"{currency}{text}"


def ruling_numbers(ruling, currency: str) -> str:
    """The amounts a ruling's effects set, in words: `complete call: add £5, total £15`."""
    parts = []
    for effect in ruling.effects:
        amounts = [f"{name.replace('_', ' ')} {_amount(value, currency)}" for name, value in effect.items()
                   if name in MONEY_PARAMS and isinstance(value, (int, float)) and not isinstance(value, bool)]
        if amounts:
            parts.append(f"{words(effect['effect'])}: {', '.join(amounts)}")
    return "; ".join(sorted(set(parts)))          # in one order, so that equal amounts compare equal


def ruling_pot(ruling) -> str:
    """Who may win the pot, as the ruling's effects say it ("" when they do not)."""
    parts = []
    for effect in ruling.effects:
        template = POT_EFFECTS.get(effect.get("effect"))
        if template and "{seat}" in template and "seat" not in effect:
            continue
        if template:
            seats = effect.get("seats")
            parts.append(template.format(seat=effect.get("seat"),
                                         seats=", ".join(map(str, seats)) if isinstance(seats, (list, tuple)) else seats))
    return "; ".join(sorted(set(parts)))


def _line_states(rulings: dict, reference: str) -> dict:
    ref = rulings[reference]
    states = {}
    for club, ruling in rulings.items():
        if club == reference:
            states[club] = "house"
        elif ruling.basis == "not covered":
            states[club] = "silent"
        elif ref.basis == "not covered":
            states[club] = "alone"
        else:
            states[club] = "same" if ruling.outcome == ref.outcome else "differ"
    return states


def rule_cases(kb, cases_dir: Path | None = None) -> list:
    """Every case of the folder (default: beside the knowledge) ruled under every club."""
    return rule_case_files(kb, sorted(Path(cases_dir or cases_beside(kb.root)).glob("*.yaml")))


def rule_case_files(kb, paths) -> list:
    return rule_incidents(kb, [load_incident(path, kb.vocabulary, kb.clubs) for path in paths])


def rule_incidents(kb, incidents) -> list:
    """Each incident ruled under every club, question by question."""
    rows = []
    for incident in incidents:
        path = Path(incident.file)
        report = rule_incident(incident, kb, with_precedents=False)
        currency = currency_of(incident)
        titles = dict(report.issues)
        keys: list = []
        by_key: dict = {}
        for club, answer in report.answers.items():
            for ruling in answer.rulings:
                key = (ruling.point, ruling.issue)
                if key not in by_key:
                    keys.append(key)
                    by_key[key] = {}
                by_key[key][club] = ruling
        # a club that gives the same ruling at a later point keeps the earlier one: fill it in
        lines = []
        for point, issue in sorted(keys, key=lambda k: (k[0], keys.index(k))):
            rulings = {}
            for club in report.answers:
                ruling = by_key[(point, issue)].get(club) or _latest(report.answers[club].rulings, issue, point)
                if ruling is not None:
                    rulings[club] = ruling
            if len(rulings) != len(report.answers):
                continue
            vs = {ALL: _line_states(rulings, report.house)}
            vs.update({club: _line_states(rulings, club) for club in rulings})
            label = report.points[point].label if len(report.points) > 1 and point < len(report.points) else ""
            lines.append(CaseLine(point=point, point_label=label, issue=issue, title=titles.get(issue, issue),
                                  rulings=rulings, vs=vs,
                                  numbers={c: ruling_numbers(r, currency) for c, r in rulings.items()},
                                  pot={c: ruling_pot(r) for c, r in rulings.items()}))
        rulings = {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}
        differing = frozenset(line.issue for line in lines if line.outcomes_differ)
        silent_only = frozenset(line.issue for line in lines
                                if not line.outcomes_differ and len({r.outcome for r in line.rulings.values()}) > 1)
        rows.append(CaseRow(file=path.name, title=report.title, house=report.house, issues=report.issues,
                            rulings=rulings, lines=lines, differing=differing, silent_only=silent_only))
    return rows


def _latest(rulings: list, issue: str, point: int):
    earlier = [r for r in rulings if r.issue == issue and r.point <= point]
    return earlier[-1] if earlier else None


# -- gaps --------------------------------------------------------------------------------------

def gaps(kb, cases: list) -> list:
    """Issues on which a club has no rule while another club has one."""
    outcomes: dict = {}
    for club in kb.clubs:
        for rule in kb.rules.get(club, []):
            if not rule.is_definition:
                outcomes.setdefault(rule.issue, {}).setdefault(club, set()).add(rule.then.outcome)
    found = {}
    for issue, per_club in outcomes.items():
        for club in kb.clubs:
            if club not in per_club:
                found[club, issue] = Gap(club=club, issue=issue,
                                         others={c: sorted(v) for c, v in per_club.items()}, cases=[])
    # Situations: a club not covered on a question of a case where another club rules.
    for row in cases:
        for line in row.lines:
            silent = [c for c, r in line.rulings.items() if r.basis == "not covered"]
            ruling = [c for c, r in line.rulings.items() if r.basis != "not covered"]
            if not ruling:
                continue
            for club in silent:
                gap = found.setdefault((club, line.issue), Gap(
                    club=club, issue=line.issue, others={c: [line.rulings[c].outcome] for c in ruling}, cases=[]))
                if row.file not in gap.cases:
                    gap.cases.append(row.file)
    return sorted(found.values(), key=lambda g: (g.club, g.issue))


def answer_text(value) -> str:
    """A fact's value as the answer to its question."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(answer_text(v) for v in value)
    return str(value)
