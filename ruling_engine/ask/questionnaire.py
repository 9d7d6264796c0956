"""The floor questionnaire's logic (no terminal here): which question next, and when to stop.

Answers build an ordinary incident. After the club, what happened and who is in the hand, the next
question is chosen from the rules still possible: a rule (or an issue's `raised_when`) is still
possible while no settled fact contradicts it; its leaves on facts not yet settled are open, and
each computed fact names, in the vocabulary (`from:`), the incident fields it is worked out from.
The fields behind open leaves are the candidates. A choice field is asked only if trying its values
changes some club's ruling; the candidate in most open leaves is asked first. When no candidate is
left, the ruling is determined: fields never asked either did not matter or keep their defaults.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ruling_engine.knowledge.conditions import disjuncts, expanded
from ruling_engine.errors import FloorcallError
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import STREETS, Incident, incident_text, parse_incident_text
from ruling_engine.incident.upgrade import upgrade
from ruling_engine.knowledge.vocabulary import FieldSpec
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.incident.unknowns import UNKNOWN

BETTING = "betting"
ALWAYS_FIRST = ("house", "happened", "players")
SKIPPED = {"title", "notes", "expected", "game.currency", "house", "players"}
HOLE_CARDS = "players.cards"          # asked apart from the seats, only when the cards matter
# Where the hand is and the board: asked as such, written into the timeline as street entries.
TIMELINE_FIELDS = {
    "street": FieldSpec("street", "enum", question="Where was the hand when the floor was called?",
                        help="deal = cards still being dealt; preflop/flop/turn/river = that betting round; "
                             "showdown = betting is over; in stud, third-street to seventh-street.",
                        values=tuple(s for s in STREETS if s != "hand-over"), required=True),
    "board": FieldSpec("board", "cards", question="Which cards are on the board?", help="e.g. Ah 8s 4d Kd Qs"),
}


@dataclass
class Question:
    name: str                       # field name: street, game.format, card_exposed.by, actions, ...
    text: str
    kind: str                       # choice | yesno | number | seat | seats | amounts | actions | menu | club
    help: str = ""
    choices: list = field(default_factory=list)
    allow_unknown: bool = False
    allow_blank: bool = False       # an optional number: an empty answer leaves it out (not stated)


class Session:
    """One floor call: answers so far, and the questions the rules still need."""

    def __init__(self, kb, house: str | None = None):
        self.kb = kb
        self.vocab = kb.vocabulary
        self.answers: dict = {}
        if house:
            self.answers["house"] = house
        self.order: list = [n for n in self.answers]

    # -- answering -------------------------------------------------------------------------------
    def answer(self, name: str, value) -> None:
        self.answers[name] = value
        if name in self.order:
            self.order.remove(name)
        self.order.append(name)

    def back(self) -> str | None:
        """Forget the last answer (not a preset club); returns its name."""
        while self.order:
            name = self.order.pop()
            self.answers.pop(name, None)
            return name
        return None

    @property
    def events(self) -> list:
        return [k for k in self.answers.get("happened", []) if k != BETTING]

    # -- the incident the answers describe ---------------------------------------------------------
    def incident_data(self, title: str | None = None, fill_first: bool = False) -> dict:
        """The incident so far: required choice fields not asked are `unknown` (or, with
        fill_first, their first value: a stand-in while working out what to ask)."""
        self._fill_first = fill_first
        a = self.answers
        records = self.vocab.records
        data = {"title": title or self.default_title(), "house": a["house"]}
        game = {}
        for name, spec in records["game"].items():
            self._put(game, f"game.{name}", spec)
        data["game"] = game
        self._put(data, "street", TIMELINE_FIELDS["street"])
        if a.get("button") is not None:
            data["button"] = a["button"]
        for name, spec in records["incident"].items():      # other scalar fields (pot_at_start, ...)
            if name not in data and spec.type not in ("record", "list", "mapping", "string", "timeline"):
                self._put(data, name, spec)
        data["players"] = [dict(p) for p in a.get("players", [])]
        for player in data["players"]:
            cards = (a.get(HOLE_CARDS) or {}).get(player["seat"])
            if cards:
                player["cards"] = list(cards)
        if a.get("actions"):
            data["actions"] = a["actions"]
        events = []
        for kind in self.events:
            body = {}
            for name, spec in records[records["event"][kind].record].items():
                self._put(body, f"{kind}.{name}", spec)
            events.append({kind: body})
        if events:
            data["events"] = events
        if a.get("board"):
            data["board"] = list(a["board"])
        return upgrade(data)          # the answers in the order of the hand: a timeline

    def _put(self, target: dict, name: str, spec) -> None:
        """Fill one field from its answer; an answer of None means "not stated": left out."""
        key = name.rsplit(".", 1)[-1]
        if name in self.answers:
            if self.answers[name] is not None:
                target[key] = self.answers[name]
        elif spec.required and spec.type in ("enum", "bool"):
            target[key] = (True if spec.type == "bool" else spec.values[0]) if self._fill_first else UNKNOWN

    def default_title(self) -> str:
        labels = [label for value, label in self.menu() if value in self.answers.get("happened", [])]
        return "Floor call: " + "; ".join(labels) if labels else "Floor call"

    def _validated(self, data: dict) -> Incident:
        """The incident with defaults filled, validated exactly as its saved file would be."""
        return parse_incident_text(incident_text(data), "<questionnaire>", self.vocab, self.kb.clubs)

    def report(self, fill_first: bool = False):
        data = self.incident_data(fill_first=fill_first)
        return rule_incident(self._validated(data), self.kb, with_precedents=not fill_first)

    # -- what to ask -------------------------------------------------------------------------------
    def menu(self) -> list:
        """What happened: betting, or one of the vocabulary's event kinds (their help lines)."""
        records = self.vocab.records
        items = [(BETTING, "A betting action: words or chips put out")]
        items += [(kind, spec.help.rstrip(".")) for kind, spec in records["event"].items()]
        return items

    def next_question(self) -> Question | None:
        for name in ALWAYS_FIRST:
            if name not in self.answers:
                return self.question(name)
        for name in self._required_open():
            return self.question(name)
        ranked = self.candidates()
        if ranked and ranked[0] in (HOLE_CARDS, "board"):
            for first in ("street", "game.variant"):  # whether cards matter, and how many a hand has
                if first not in self.answers:
                    return self.question(first)
        if ranked:
            return self.question(ranked[0])
        pending = self._unasked_the_ruling_turns_on()
        return self.question(pending[0]) if pending else None

    def _unasked_the_ruling_turns_on(self) -> list:
        """Fields never asked (left `unknown`) on which the ruling still turns, jointly with others.

        Candidates are tested one field at a time; this final check catches fields that matter
        only in combination, so a shown ruling never depends on a question that was not asked.
        """
        names = []
        for answer in self.report().answers.values():
            for ruling in answer.rulings:
                for branch in ruling.depends:
                    for combination in branch.when:
                        names += [n for n, _ in combination if n not in self.answers and n not in names]
        order = {name: i for i, name in enumerate(_field_order(self))}
        return sorted(names, key=lambda n: order.get(n, 999))

    def _required_open(self) -> list:
        """Required fields that are not choices (seats, counts): always asked, they cannot be unknown."""
        out = []
        if BETTING in self.answers["happened"] and "actions" not in self.answers:
            out.append("actions")
        records = self.vocab.records
        for kind in self.events:
            for name, spec in records[records["event"][kind].record].items():
                full = f"{kind}.{name}"
                if spec.required and spec.type not in ("enum", "bool") and full not in self.answers:
                    out.append(full)
        return out

    def _answered(self, source: str) -> bool:
        kind = source.split(".", 1)[0]
        if kind in self.vocab.records["event"]:
            return kind not in self.events or source == kind or source in self.answers
        return source in self.answers

    def candidates(self) -> list:
        """Unanswered fields behind the open leaves of still-possible rules, most needed first."""
        facts = _facts_of_any_completion(self, self.incident_data(fill_first=True))
        settled = {name for name, spec in self.vocab.facts.items()
                   if spec.source == "computed" and all(self._answered(s) for s in spec.sources)}
        weight: dict = {}
        for conj, rule in self._possible_conjunctions(facts, settled):
            needed = [leaf.fact for leaf in conj] + (rule.then.template_facts() if rule else [])
            for fact in needed:
                if fact in settled or fact not in self.vocab.facts:
                    continue
                for source in self.vocab.facts[fact].sources:
                    if not self._answered(source) and source not in SKIPPED \
                            and (source.split(".", 1)[0] not in SKIPPED or source == HOLE_CARDS):
                        weight[source] = weight.get(source, 0) + 1
        order = {name: i for i, name in enumerate(_field_order(self))}
        ranked = sorted(weight, key=lambda n: (-weight[n], order.get(n, 999)))
        return [name for name in ranked if self._can_change_ruling(name)
                or self._can_change_ruling(name, with_others=[n for n in ranked if n != name])]

    def _possible_conjunctions(self, facts: dict, settled: set):
        """Conjunctions of leaves (definitions expanded) of rules and issues not yet ruled out."""
        def alive(conj):
            return not any(leaf.fact in settled and not leaf.holds(facts) for leaf in conj)

        issues = {}
        for issue, spec in self.vocab.issues.items():
            live = [c for c in disjuncts(spec["condition"]) if alive(c)]
            if live:
                issues[issue] = live
                yield from ((c, None) for c in live)
        for club, rules in self.kb.rules.items():
            definitions: dict = {}
            for rule in rules:
                if rule.is_definition:
                    definitions.setdefault(rule.defines[0], []).append(rule)
            for rule in rules:
                if rule.is_definition or rule.issue not in issues:
                    continue
                for conj in expanded(rule.when, definitions):
                    if alive(conj):
                        yield conj, rule

    def _sample(self, name: str):
        """A stand-in value for an open field while another field is tried."""
        question = self.question(name)
        values = self._trial_values(question)
        if values:
            return values[0]
        return {"number": 1, "amounts": [1, 2]}.get(question.kind)

    def _trial_values(self, question) -> list | None:
        """Values to try a field at (None: always ask it). Numbers are tried across their orders of
        magnitude, so that a threshold (a bet against the big blind, a count against what was said,
        minutes against a deadline) is crossed by at least one of them."""
        if question.kind in ("choice", "yesno", "seat"):
            return [v for v, _ in question.choices]
        if question.kind == "number":
            return [0, 1, 2, 3, 5, 10, 30, 100, 1000, 100000] + self._amounts_given()
        if question.kind == "amounts":
            return [[1, 2], [0.5, 1], [25, 50], [500, 1000], [10000, 20000]]
        if question.kind in ("cards", "hole_cards"):
            return [self._sample_cards(question.kind)]
        return None

    def _sample_cards(self, kind: str):
        """A made-up deal, to see whether cards change the ruling at all (the real ones are then asked):
        hole cards for every seat, or a five-card board, avoiding the cards already given."""
        used = {c for cards in (self.answers.get(HOLE_CARDS) or {}).values() for c in cards}
        used |= set(self.answers.get("board") or [])
        deck = [r + s for r in "AKQJT98765432" for s in "shdc" if r + s not in used]
        if kind == "cards":
            return deck[:5]
        size = 4 if self.answers.get("game.variant") == "PLO" else 2
        seats = [p["seat"] for p in self.answers.get("players", [])]
        deck = deck[5:]                   # leave room for a board
        return {seat: deck[i * size:(i + 1) * size] for i, seat in enumerate(seats)}

    def _amounts_given(self) -> list:
        """The amounts already in the answers (stacks, chips and their sums, totals, blinds): a field
        may matter only when it equals one of them (a count told against the chips put in)."""
        found = set()

        def walk(value):
            if isinstance(value, bool) or value is None:
                return
            if isinstance(value, (int, float)):
                found.add(value)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
                if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
                    found.add(sum(value))
        walk(self.answers)
        return sorted(found)

    def _can_change_ruling(self, name: str, with_others: list = ()) -> bool:
        """Whether some value of `name` changes some club's ruling (always true for free-text fields).

        with_others: first give those other open fields a sample value (a field such as the button
        matters only once the blinds are known, and the other way round).
        """
        base = self
        if with_others:
            at_showdown = self.answers.get("street") == "showdown"
            samples = {n: self._sample(n) for n in with_others
                       if at_showdown or n not in (HOLE_CARDS, "board")}   # made-up cards raise questions of their own
            base = Session(self.kb)
            base.answers = {**self.answers, **{n: v for n, v in samples.items() if v is not None}}
            base.order = list(self.order)
            try:
                return base._changes(name)
            except FloorcallError:     # the stand-ins make an impossible incident: this try says nothing
                return False
        return base._changes(name)

    def _changes(self, name: str) -> bool:
        question = self.question(name)
        values = self._trial_values(question)
        if values is None:
            return True
        given = dict(self.answers)
        only = None
        if name in (HOLE_CARDS, "board"):
            # Made-up cards raise showdown questions of their own: away from a showdown they matter
            # only if they change a ruling on what the floor was called about. While the street is
            # not known, try them at a showdown (the street is then asked first).
            given.setdefault("street", "showdown")
        reference = Session(self.kb)
        reference.answers, reference.order = given, list(self.order)
        base = reference.report(fill_first=True)
        if name in (HOLE_CARDS, "board") and given["street"] != "showdown":
            only = {i for i, _ in base.issues}
        seen = {ruling_signature(base, only)}     # as it stands, the field unanswered
        partner = {HOLE_CARDS: "board", "board": HOLE_CARDS}.get(name)
        for value in values:
            trial = Session(self.kb)
            trial.answers = {**given, name: value}
            if partner and partner not in given:         # hands are read only with both
                trial.answers[partner] = trial._sample_cards("cards" if partner == "board" else "hole_cards")
            trial.order = list(self.order)
            try:
                seen.add(ruling_signature(trial.report(fill_first=True), only))
            except Exception:      # noqa: BLE001 - a value the rest of the incident cannot take
                return True
            if len(seen) > 1:
                return True
        return False

    # -- questions -----------------------------------------------------------------------------------
    def spec_of(self, name: str):
        records = self.vocab.records
        if "." in name:
            head, tail = name.split(".", 1)
            if head == "game":
                return records["game"][tail]
            return records[records["event"][head].record][tail]
        return TIMELINE_FIELDS.get(name) or records["incident"][name]

    def question(self, name: str) -> Question:
        if name == "house":
            return Question(name, "Which club's card room is this?", "club",
                            choices=[(c, f"{info.name} ({c})") for c, info in self.kb.clubs.items()])
        if name == "happened":
            return Question(name, "What happened?", "menu", choices=self.menu())
        if name == "players":
            return Question(name, "Which seats are in the hand? (e.g. '2 4 7', or with stacks '2:150 4:80 7:200')",
                            "seats", help="Every player dealt into the hand, by seat.")
        if name == "actions":
            return Question(name, "Enter the actions of this hand in order, one per line; empty line to finish.",
                            "actions", help="SEAT [what was said] [= chips ...] [out of turn], "
                                            "optionally after 'flop:' etc. e.g. '2 bet 15 = 10 5', '7 = 10'")
        if name == HOLE_CARDS:
            return Question(name, "Which hole cards does each player hold? One player per line, e.g. '3 Ah Kd'; "
                                  "empty line to finish.", "hole_cards",
                            help="Only the players whose cards the floor has seen; leave the others out.")
        spec = self.spec_of(name)
        text = spec.question or spec.help or name
        if spec.type == "cards":
            return Question(name, text + " (e.g. 'Ah 8s 4d'; Enter to leave it out)", "cards", spec.help,
                            allow_blank=True)
        if spec.type == "enum":
            return Question(name, text, "choice", spec.help, [(v, str(v)) for v in spec.values], allow_unknown=True)
        if spec.type == "bool":
            return Question(name, text, "yesno", spec.help, [(True, "yes"), (False, "no")], allow_unknown=True)
        if spec.type == "seat":
            seats = [p["seat"] for p in self.answers.get("players", [])]
            return Question(name, text or f"Which seat? ({name})", "seat", spec.help,
                            [(s, f"seat {s}") for s in seats])
        optional = not spec.required
        hint = " (Enter to leave it out)" if optional else ""
        if spec.type == "amounts":
            return Question(name, text + hint, "amounts", spec.help, allow_blank=optional)
        return Question(name, text + hint, "number", spec.help, allow_blank=optional)


def ruling_signature(report, issues=None) -> tuple:
    """What a floor person reads: each club's outcome, decision, actions and cited clauses, per issue
    (only those in `issues`, when given)."""
    out = []
    for club, answer in sorted(report.answers.items()):
        for r in answer.rulings:
            if issues is not None and r.issue not in issues:
                continue
            branches = tuple((str(b.when), b.ruling.outcome if b.ruling else None) for b in r.depends)
            out.append((club, r.issue, r.outcome, r.basis, r.decision, tuple(r.do),
                        tuple(c.clause for c in r.citations), branches))
    return tuple(out)


def _field_order(session: Session) -> list:
    from ruling_engine.knowledge.vocabulary import incident_field_names
    return incident_field_names(session.vocab)


def _facts_of_any_completion(session: Session, data: dict) -> dict:
    """Computed facts of the incident with unknown choices at their first value (only settled ones are read)."""
    from ruling_engine.incident.unknowns import combinations
    incident = session._validated(data)
    completed = combinations(incident.data, session.vocab, incident.file)[0][1]
    return incident_facts(Incident(incident.file, completed), session.vocab)
