"""The floor questionnaire's logic, shared by `floorcall ask` (terminal) and `floorcall serve` (browser).

It asks along the timeline: the club, the game, who is in the hand, then "what happened next?"
until the floor says that is everything: an action, cards coming, words said, an event, any
number of each, in order. It writes a timeline incident directly (docs/timeline.md).

Then it asks only what can still change a ruling, read from the rules' conditions, never by
ruling on sample values: a rule (or an issue's `raised_when`) is still possible while no settled
fact contradicts it; a fact is settled when every incident field it is worked out from (its
`from:` in the vocabulary) has been answered. The fields behind the unsettled leaves of the
possible rules are the candidates; the one in most of them is asked first. With no candidate
left, no unasked field can change any club's ruling and the ruling is shown.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from ruling_engine.facts.hand import FIXED_LIMIT_VARIANTS
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.hands import ruled_incident
from ruling_engine.incident.load import FLOP_STREETS, STUD_STREETS, Incident, validate_incident
from ruling_engine.incident.unknowns import UNKNOWN, choice_paths, domain, holds_unknown, spec_at, values_at
from ruling_engine.knowledge.conditions import disjuncts, expanded

DONE = "done"                         # the answer to "what happened next?" that ends the timeline
HOLE_CARDS = "players.cards"          # asked apart from the seats, only when the cards matter
FIRST = ("house", "game.format", "game.variant", "players")
TIMELINE_SOURCES = ("actions", "street", "board", "said")      # `from:` names the timeline itself answers
NOT_ASKED = {"title", "notes", "expected", "casebook", "game.currency", "house", "players", "timeline"}
SPEAKERS = ("dealer", "floor", "spectator")
TABLE_SEATS = range(1, 11)            # the seats of a table, as the floor app's seat grid shows them
ANY_SEAT = ("button", "dealer")       # header seats that may be a seat out of the hand (a dead button)
# Fields the corrected hand reads itself, not through a rule's condition: where the dealer or the
# floor has already put the money (rulings/settlement.py chips_back) decides what must come back
# and to whom, so they are asked whenever such an entry is in the timeline (a count given moves nothing).
# So does a chips_taken entry (f14/chips): the stacks as the floor found them, and what goes back.
# And a chips_given entry (f18/transfer): the chips are in front of the receiver until a ruling gives them back.
# And a chips_rolled entry (f20/format): the chip that goes back (its amount, required, in the ruling's effect).
# And chips removed or lent before the deal (issue 21, table stakes): the stack the hand is played with
# (facts/hand.py table_stakes).
ENGINE_READS = {"money_moved": ("seat", "amount"), "chips_taken": ("by", "amount"), "chips_given": ("to", "amount"),
                "chips_rolled": ("amount",), "chips_removed": ("amount",), "chips_lent": ("amount",)}


@dataclass
class Question:
    name: str          # house, players, next, game.format, card_exposed.by, card_exposed#2.by, ...
    text: str          # in a floor person's words
    kind: str          # club | choice | yesno | number | amounts | seat | seats | next | cards | hole_cards
    help: str = ""
    choices: list = field(default_factory=list)      # (value, label)
    allow_unknown: bool = False                      # "Don't know" is offered
    allow_blank: bool = False                        # an empty answer leaves it out (not stated)
    about: str = ""                                  # the timeline entry the question is about, in words
    blank_label: str = ""                            # what the empty answer is called ("No ante"), else "Not stated"
    bounded: bool = False                            # an amount: "about 30000", "at least 4", "over 3000" are answers


# -- reading the vocabulary once per knowledge base -------------------------------------------------

@dataclass
class Plan:
    """What the rules need, worked out once per knowledge base: every conjunction of leaves of
    every issue and (definitions expanded) every club rule, and the `from:` fields of each fact."""

    issues: dict           # issue -> [conjunction]
    rules: list            # (issue, conjunction, template facts)
    sources: dict          # fact -> tuple of incident field names
    event_groups: list     # (group title, [(kind, help)]) in the vocabulary's order


_PLANS: dict = {}


def plan_of(kb) -> Plan:
    key = id(kb)
    if key not in _PLANS:
        _PLANS[key] = (kb, _make_plan(kb))
    return _PLANS[key][1]


def _make_plan(kb) -> Plan:
    vocab = kb.vocabulary
    issues = {issue: disjuncts(spec["condition"]) for issue, spec in vocab.issues.items()}
    rules = []
    for club, club_rules in kb.rules.items():
        definitions: dict = {}
        for rule in club_rules:
            if rule.is_definition:
                definitions.setdefault(rule.defines[0], []).append(rule)
        for rule in club_rules:
            if rule.is_definition:
                continue
            templates = tuple(rule.then.template_facts())
            for conj in expanded(rule.when, definitions):
                rules.append((rule.issue, conj, templates))
    sources = {name: tuple(spec.sources) for name, spec in vocab.facts.items() if spec.source == "computed"}
    return Plan(issues=issues, rules=rules, sources=sources, event_groups=_event_groups(kb))


GROUP_TITLES = {"": "Cards, hands and the deal", "deal": "Dealing, the deck and disputes",
                "money": "Chips, money and who may play", "conduct": "Behaviour at the table",
                "tourney": "Tournaments and leagues", "order": "Blinds, button and order of play",
                "showdown": "Showdown and after the hand"}


def _event_groups(kb) -> list:
    """The event kinds in the sections the vocabulary file groups them in (`# --- name ---`)."""
    kinds = kb.vocabulary.records["event"]
    section, by_kind = "", {}
    try:
        lines = (kb.root / "vocabulary.yaml").read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    inside = False
    for line in lines:
        if re.match(r"^  event:\s*$", line):
            inside = True
            continue
        if inside and re.match(r"^  \S", line):
            break
        if not inside:
            continue
        match = re.match(r"^\s*#\s*-+\s*([\w -]+?)\s*-+\s*$", line)
        if match:
            section = match.group(1).strip()
            continue
        match = re.match(r"^    (\w+):", line)
        if match and match.group(1) in kinds:
            by_kind[match.group(1)] = section
    groups: dict = {}
    for kind, spec in kinds.items():
        name = by_kind.get(kind, "")
        title = GROUP_TITLES.get(name, name.replace("-", " ").capitalize() or GROUP_TITLES[""])
        groups.setdefault(title, []).append((kind, spec.help.rstrip(".")))
    return list(groups.items())


# -- wording ----------------------------------------------------------------------------------------

WH = ("which", "who", "whom", "whose", "what", "how", "when", "where", "did", "was", "is", "were", "has", "had", "does")


def question_words(spec) -> str:
    """A field's question: its own `question:`, or one made from its help line (never a statement)."""
    if spec.question:
        return spec.question
    help_text = (spec.help or spec.name.replace("_", " ")).strip()
    first = re.split(r"(?<=[.;])\s+(?=[A-Z])", help_text, maxsplit=1)[0].rstrip(".;")
    first = re.split(r",?\s+(?:e\.g\.|i\.e\.)", first)[0].strip() or first
    first = re.sub(r"\s*\([^)]*\)", "", first).strip() or first
    lead = first.split(" ", 1)[0].lower()
    if lead in WH:
        first = first.split(":", 1)[0]
        first = re.sub(r"\b(it|he|she|they|this) (was|is|were)$", r"\2 \1", first)
    if spec.type == "seat":
        return f"Which seat: {first[0].lower() + first[1:]}?" if lead not in WH else first + "?"
    if lead in WH:
        return first[0].upper() + first[1:] + "?"
    if spec.type == "bool":
        text = re.sub(r"^(whether|true if|true when)\s+", "", first, flags=re.I)
        return f"Yes or no: {text[0].lower() + text[1:]}?"
    return f"{first}?"


def value_words(value) -> str:
    """An answer as a floor person reads it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "not stated"
    if value == UNKNOWN:
        return "don't know"
    if isinstance(value, list):
        return " ".join(value_words(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"seat {k}: {value_words(v)}" for k, v in value.items())
    return str(value).replace("-", " ")


def entry_words(entry: dict, vocab) -> str:
    """One timeline entry in words: 'Seat 2: bet (chips 10 5)', 'The turn: Kd', 'Seat 6 said: ...'."""
    if "seat" in entry and not isinstance(entry.get("seat"), dict):
        parts = []
        if entry.get("posts"):
            parts.append(f"posts the {entry['posts'].replace('-', ' ')}")
        if entry.get("did"):
            parts.append(str(entry["did"]))
        if entry.get("said"):
            parts.append(f"says \u201c{entry['said']}\u201d")
        if isinstance(entry.get("chips"), list):
            parts.append("chips " + " + ".join(_num(c) for c in entry["chips"])
                         + (f" = {_num(sum(entry['chips']))}" if len(entry["chips"]) > 1 else ""))
        elif entry.get("chips") == UNKNOWN:
            parts.append("chips not seen")
        if entry.get("total") is not None:
            parts.append(f"total {_num(entry['total'])}")
        if entry.get("in_turn") is False:
            parts.append("out of turn")
        who = "Seat ?" if entry["seat"] == UNKNOWN else f"Seat {entry['seat']}"
        return f"{who}: " + (", ".join(parts) or "acts")
    (key, body), = entry.items()
    if key in FLOP_STREETS + STUD_STREETS:
        cards = body.get("cards") if isinstance(body, dict) else body
        count = body.get("count") if isinstance(body, dict) else (body if isinstance(body, int) else None)
        name = {"deal": "The deal begins", "showdown": "Showdown: the betting is over",
                "hand-over": "The hand is over"}.get(key, f"The {key.replace('-', ' ')}")
        if isinstance(cards, list) and cards:
            return f"{name}: {' '.join(cards)}"
        if isinstance(cards, str):
            return f"{name}: {cards}"
        return f"{name}: {count} cards" if count else name
    if key == "said":
        by = body.get("by")
        who = f"Seat {by}" if isinstance(by, int) else str(by).capitalize()
        return f"{who} said: \u201c{body.get('words', '')}\u201d" + _to_words(body.get("to"))
    spec = vocab.records["event"].get(key)
    label = spec.help.rstrip(".") if spec else key.replace("_", " ")
    seat = body.get("seat") if isinstance(body, dict) else None
    return label + (f" (seat {seat})" if isinstance(seat, int) else "")


def _to_words(to) -> str:
    """Whom words were said to, for the entry's line: ' (to seat 4)', ' (to the table)'."""
    if to is None or to == UNKNOWN:
        return ""
    return f" (to seat {to})" if isinstance(to, int) else f" (to the {to})"


def field_phrase(kb, name: str) -> str:
    """'card_exposed.by' -> its question; 'action.2.first' -> the action record's question, with which action."""
    records = kb.vocabulary.records
    if name.startswith("suit of "):          # a card of known rank whose suit nobody saw (unknowns.path_name)
        return f"Which suit was {name[len('suit of '):]} (its rank seen, its suit not)?"
    which = re.fullmatch(r"(.*) \((seat|line) (\d+)\)", name)     # one of two events of a kind (unknowns.path_name)
    if which:
        return f"{which.group(2).capitalize()} {which.group(3)}: " + field_phrase(kb, which.group(1))
    parts = name.split(".")
    try:
        if parts[0] == "game":
            return question_words(records["game"][parts[1]])
        if parts[0] == "action" and len(parts) == 3:
            return f"Action {parts[1]}: " + question_words(records["action"][parts[2]])
        if parts[0] in records["event"] and len(parts) == 2:
            return question_words(records[records["event"][parts[0]].record][parts[1]])
        if parts[0] in records["incident"] and len(parts) == 1:
            return question_words(records["incident"][parts[0]])
        if parts[0] == "players" and len(parts) == 3:
            return f"Seat {parts[1]}: " + question_words(records["player"][parts[2]])
    except KeyError:
        pass
    return name.replace(".", " ").replace("_", " ").capitalize() + "?"


def when_words(kb, when: list) -> str:
    """The combinations a branch holds under, as questions and answers."""
    combos = []
    for combo in when:
        items = combo.items() if isinstance(combo, dict) else combo
        combos.append("; ".join(f"\u201c{field_phrase(kb, k)}\u201d \u2014 {value_words(v).capitalize()}"
                                for k, v in items) or "Always")
    return " — or — ".join(combos)


def _num(value) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


# -- one floor call ---------------------------------------------------------------------------------

class Session:
    """One floor call: the answers so far, the timeline so far, and the questions still needed."""

    def __init__(self, kb, house: str | None = None):
        self.kb = kb
        self.vocab = kb.vocabulary
        self.plan = plan_of(kb)
        self.answers: dict = {}          # header fields by name: game.format, button, players, ...
        self.timeline: list = []         # entries as an incident file writes them
        self.done = False                # the floor said that is everything
        self.history: list = []          # (name, what it undoes) for Back
        self.earlier: dict = {}          # answers taken back with Back, offered again
        self.marked_unknown: set = set() # names answered "Don't know"
        self._cache = None               # the facts of the incident so far
        self._next = None                # the next question, until an answer changes
        if house:
            self.answers["house"] = house

    # -- answering --------------------------------------------------------------------------------
    def answer(self, name: str, value) -> None:
        """Record an answer. For `next`, the value is a timeline entry (see the *_entry functions)
        or DONE. For a field of an event, it goes into that event's entry."""
        self._cache = self._next = None
        self.earlier.pop(name, None)
        if name == "next":
            if value == DONE:
                self.done = True
                self.history.append((name, ("done",)))
            else:
                self.timeline.append(copy.deepcopy(value))
                self.history.append((name, ("entry", len(self.timeline) - 1)))
            return
        target = self.field_target(name)
        if target is not None:
            body, key = target
            had = (key in body, body.get(key))
            body[key] = value
            self.history.append((name, ("field", had)))
            return
        had = (name in self.answers, self.answers.get(name))
        self.answers[name] = value
        self.history.append((name, ("header", had)))

    def back(self) -> str | None:
        """Take back the last answer (keeping it to offer again); returns the question's name."""
        if not self.history:
            return None
        self._cache = self._next = None
        name, undo = self.history.pop()
        if undo[0] == "done":
            self.done = False
            self.earlier[name] = DONE
        elif undo[0] == "entry":
            self.earlier[name] = self.timeline.pop(undo[1])
        elif undo[0] == "field":
            body, key = self.field_target(name)
            self.earlier[name] = body.get(key)
            if undo[1][0]:
                body[key] = undo[1][1]
            else:
                body.pop(key, None)
        else:
            self.earlier[name] = self.answers.get(name)
            if undo[1][0]:
                self.answers[name] = undo[1][1]
            else:
                self.answers.pop(name, None)
        return name

    def can_go_back(self) -> bool:
        return bool(self.history)

    def field_target(self, name: str):
        """(the event body, the key) a question name like `card_exposed#2.by` writes to, or None."""
        head, _, key = name.partition(".")
        kind, _, number = head.partition("#")
        if kind not in self.vocab.records["event"] or not key:
            return None
        bodies = self.events_of(kind)
        index = int(number or 1) - 1
        if index >= len(bodies):
            return None
        return bodies[index], key

    def events_of(self, kind: str) -> list:
        """The bodies of the timeline's events of one kind, in order (each filled in place)."""
        out = []
        for entry in self.timeline:
            if kind in entry and len(entry) == 1 and kind in self.vocab.records["event"]:
                if entry[kind] is None:
                    entry[kind] = {}
                out.append(entry[kind])
        return out

    @property
    def seats(self) -> list:
        return [p["seat"] for p in self.answers.get("players", [])]

    # -- the incident the answers describe ----------------------------------------------------------
    def incident_data(self, title: str | None = None) -> dict:
        """The incident so far, as an incident file holds it. A required choice never asked is
        `unknown` (it cannot change a ruling, or it would have been asked); a field answered
        "not stated" is left out."""
        a = self.answers
        records = self.vocab.records
        data = {"title": title or self.default_title(), "house": a["house"]}
        game = {}
        for name, spec in records["game"].items():
            self._put(game, f"game.{name}", spec)
        data["game"] = game
        for name, spec in records["incident"].items():
            if name in NOT_ASKED or spec.type in ("record", "list", "mapping", "string", "timeline"):
                continue
            self._put(data, name, spec)
        players = []
        for player in a.get("players", []):
            player = {k: v for k, v in player.items() if v is not None}
            cards = (a.get(HOLE_CARDS) or {}).get(player["seat"])
            if cards:
                player["cards"] = list(cards)
            players.append(player)
        data["players"] = players
        data["timeline"] = [self._entry_data(e) for e in self.timeline]
        for index in a.get("marked") or ():
            if index < len(data["timeline"]):
                data["timeline"][index] = _with_mark(data["timeline"][index])
        return data

    def _entry_data(self, entry: dict) -> dict:
        (key, body), = entry.items() if len(entry) == 1 else ((None, None),)
        if key not in self.vocab.records["event"]:
            return copy.deepcopy(entry)
        record = self.vocab.records[self.vocab.records["event"][key].record]
        out = {k: v for k, v in (body or {}).items() if v is not None}
        for name, spec in record.items():
            if name not in out and spec.required and spec.type in ("enum", "bool") and name not in (body or {}):
                out[name] = UNKNOWN
        return {key: out}

    def _put(self, target: dict, name: str, spec) -> None:
        key = name.rsplit(".", 1)[-1]
        if name in self.answers:
            if self.answers[name] is not None:
                target[key] = self.answers[name]
        elif spec.required and spec.type in ("enum", "bool"):
            target[key] = UNKNOWN

    def _governed(self) -> list:
        """The formats the house club's rulebook governs (cash, tournament), in its order."""
        club = self.kb.clubs.get(self.answers.get("house"))
        formats = self.vocab.records["game"]["format"].values
        return [g for g in (getattr(club, "governs", None) or ()) if g in formats]

    def default_title(self) -> str:
        marked = [e for e in self.timeline if _marked(e)]
        events = [e for e in self.timeline if len(e) == 1 and next(iter(e)) in self.vocab.records["event"]]
        about = (marked or events or self.timeline[-1:])
        return "Floor call: " + "; ".join(entry_words(e, self.vocab) for e in about[:3]) if about else "Floor call"

    def incident(self) -> Incident:
        """The incident, validated exactly as its saved file would be."""
        return validate_incident(_located(self.incident_data()), "<questionnaire>", self.vocab, self.kb.clubs)

    def report(self, with_precedents: bool = True, log=None, exclude_logged: int | None = None):
        """Every club's ruling on the answers (with a ruling log: its earlier rulings as precedents)."""
        from ruling_engine.rulings.rule_on import rule_incident
        return rule_incident(self.incident(), self.kb, with_precedents=with_precedents, log=log,
                             exclude_logged=exclude_logged)

    # -- what to ask --------------------------------------------------------------------------------
    def next_question(self) -> Question | None:
        """The next question to ask, or None when no unasked field can change a ruling."""
        if self._next is None:
            self._next = (self._work_out_next(),)
        return self._next[0]

    def _work_out_next(self) -> Question | None:
        for name in FIRST:
            if name not in self.answers and not self._skip_first(name):
                return self.question(name)
        if not self.done:
            pending = self._required_of_last_event()
            return self.question(pending) if pending else self.question("next")
        if "marked" not in self.answers and not any(_marked(e) for e in self.timeline) \
                and len(self._markable()) >= 2:
            return self.question("marked")
        ranked = self.candidates()
        return self.question(ranked[0]) if ranked else None

    def _markable(self) -> list:
        """(index, words) of the entries the floor may have been called about: actions, words, events."""
        return [(i, entry_words(e, self.vocab)) for i, e in enumerate(self.timeline)
                if (("seat" in e and "posts" not in e) or _is_event(e, self.vocab) or "said" in e)]

    def _skip_first(self, name: str) -> bool:
        return False

    def _required_of_last_event(self) -> str | None:
        """A required field of an event that is not a choice (a seat, a count): asked at once."""
        for kind, number, body in self._event_entries():
            record = self.vocab.records[self.vocab.records["event"][kind].record]
            for name, spec in record.items():
                if spec.required and spec.type not in ("enum", "bool") and name not in body:
                    return self._field_name(kind, number, name)
        return None

    def _event_entries(self):
        counts: dict = {}
        for entry in self.timeline:
            if len(entry) == 1:
                (kind, body), = entry.items()
                if kind in self.vocab.records["event"]:
                    counts[kind] = counts.get(kind, 0) + 1
                    if body is None:
                        entry[kind] = body = {}
                    yield kind, counts[kind], body

    @staticmethod
    def _field_name(kind: str, number: int, name: str) -> str:
        return f"{kind}.{name}" if number == 1 else f"{kind}#{number}.{name}"

    def _open_fields(self, source: str) -> list:
        """The question names an unanswered `from:` field stands for (none when it is answered)."""
        if source in NOT_ASKED and source != HOLE_CARDS:
            return []
        head, _, key = source.partition(".")
        if head in TIMELINE_SOURCES:
            return [] if self.done else [source]
        if head in self.vocab.records["event"]:
            if not key:
                return []
            record = self.vocab.records[self.vocab.records["event"][head].record]
            if key not in record:
                return []
            said = self._timeline_says()
            return [self._field_name(head, n, key) for kind, n, body in self._event_entries()
                    if kind == head and key not in body and self._field_name(head, n, key) not in said]
        if head == "players" and key:
            if source in self.answers or not self.seats:
                return []
            return [source] if source != HOLE_CARDS or self._cards_can_matter() else []
        if source in self.answers:
            return []
        if source == "game.ante" and not self._ante_can_matter():
            return []
        if source == "game.limits" and self.answers.get("game.variant") not in FIXED_LIMIT_VARIANTS:
            return []                                    # bets sized by the street: fixed-limit games only
        return [source] if self._askable(source) else []

    def _ante_can_matter(self) -> bool:
        """The game's ante is read only where the timeline starts before the flop (every player's
        ante goes into the pot), a `posts: ante` entry leaves out its amount, or an absent player's
        dues are worked out (facts/hand.py, facts/deal.py); after the flop it is in the chips
        already in the middle, so a game without antes is not asked for one."""
        for entry in self.timeline:
            if "seat" in entry and not _is_event(entry, self.vocab):
                break                                    # an action first: the timeline starts pre-flop
            if len(entry) == 1 and next(iter(entry)) in FLOP_STREETS + STUD_STREETS:
                if next(iter(entry)) not in ("deal", "preflop", "third-street"):
                    break
                return True
        else:
            return True                                  # nothing dealt yet: the hand to come
        if any(e.get("posts") == "ante" and "chips" not in e and "total" not in e for e in self.timeline):
            return True
        return any(kind == "player_away" for kind, _, _ in self._event_entries())

    def _cards_can_matter(self) -> bool:
        """Hole cards are read at a showdown (or once the hand is over), or for an event about a
        hand (the kinds whose facts the vocabulary works out from the cards)."""
        streets = [next(iter(e)) for e in self.timeline if len(e) == 1 and next(iter(e)) in self.streets()]
        if streets and streets[-1] in ("showdown", "hand-over"):
            return True
        card_kinds = {s for sources in self.plan.sources.values() if HOLE_CARDS in sources
                      for s in sources if s in self.vocab.records["event"]}
        return any(kind in card_kinds for kind, _, _ in self._event_entries())

    def _unknown_sources(self) -> set:
        """`from:` names with an answer of "Don't know" (the facts they feed are not settled)."""
        out = {name for name, value in self.answers.items() if value == UNKNOWN}
        for kind, number, body in self._event_entries():
            out |= {f"{kind}.{key}" for key, value in body.items() if value == UNKNOWN}
        if any(holds_unknown(e) for e in self.timeline if not _is_event(e, self.vocab)):
            out |= set(TIMELINE_SOURCES)
        if any(holds_unknown(p) for p in self.answers.get("players", [])):
            out.add("players")
        return out

    def _askable(self, name: str) -> bool:
        try:
            self.spec_of(name)
        except KeyError:
            return False
        return True

    def candidates(self) -> list:
        """Unanswered fields behind the open leaves of still-possible rules, most needed first."""
        facts_by_point = self._facts()
        sources = self.plan.sources
        open_of: dict = {}

        free: dict = {}
        unknown = self._unknown_sources()

        def open_fields(fact):
            if fact not in open_of:
                names = []
                for source in sources.get(fact, ()):
                    names += [n for n in self._open_fields(source) if n not in names]
                open_of[fact] = names
                # not settled: a field behind it is still to be asked, or was answered "Don't know"
                free[fact] = bool(names) or fact not in sources or any(s in unknown for s in sources[fact])
            return open_of[fact]

        def is_free(fact):
            open_fields(fact)
            return free[fact]

        def alive(conj):
            return any(all(is_free(leaf.fact) or leaf.holds(facts) for leaf in conj) for facts in facts_by_point)

        weight: dict = {}
        live_issues = {issue for issue, conjs in self.plan.issues.items() if any(alive(c) for c in conjs)}
        for issue, conjs in self.plan.issues.items():
            for conj in conjs:
                if issue in live_issues and alive(conj):
                    self._weigh(conj, (), open_fields, weight)
        for issue, conj, templates in self.plan.rules:
            if issue in live_issues and alive(conj):
                self._weigh(conj, templates, open_fields, weight)
        for kind, number, body in self._event_entries():
            for key in ENGINE_READS.get(kind, ()):
                if key not in body and body.get("did") != "counted":
                    name = self._field_name(kind, number, key)
                    weight[name] = weight.get(name, 0) + 1
        for name in [n for n in weight if n.endswith(".was")]:
            # what the event's card was (a burn, a board or a hole card: issue 22) decides which of
            # the event's other fields apply (no seat for a burn card): asked before them
            head = name.rsplit(".", 1)[0] + "."
            weight[name] = max(w for n, w in weight.items() if n.startswith(head)) + 1
        for kind, number, body in self._event_entries():
            if body.get("was") in ("burn", "board"):      # a burn or board card is no player's: no seat
                weight.pop(self._field_name(kind, number, "seat"), None)
        order = {name: i for i, name in enumerate(self._field_order())}
        club = self.kb.clubs.get(self.answers.get("house"))
        if club is not None and "players" not in getattr(club, "dealt_by", ("house",)):
            weight.pop("dealer", None)     # a house dealer deals every game of this club: who dealt is no question
        return sorted(weight, key=lambda n: (-weight[n], order.get(n.split("#")[0], 999), n))

    @staticmethod
    def _weigh(conj, templates, open_fields, weight) -> None:
        for fact in [leaf.fact for leaf in conj] + list(templates):
            for name in open_fields(fact):
                weight[name] = weight.get(name, 0) + 1

    def _field_order(self) -> list:
        from ruling_engine.knowledge.vocabulary import incident_field_names
        return ["game.format", "game.variant", "game.blinds", "button"] + incident_field_names(self.vocab)

    def _facts(self) -> list:
        """The computed facts at each point of the incident so far, every `unknown` choice at its
        first value (only settled facts are read, and they do not depend on those)."""
        if self._cache is not None:
            return self._cache
        from ruling_engine.facts.derive import computed_facts
        from ruling_engine.facts.timeline import hand_point, point_view, read_timeline
        data = _located(self.incident_data())
        try:
            incident = ruled_incident(validate_incident(data, "<questionnaire>", self.vocab, self.kb.clubs))
            completed = _first_completion(incident.data, self.vocab)
            timeline = read_timeline(completed, self.vocab.together_kinds)
            self._cache = [computed_facts(*point_view(timeline, point))
                           for point in timeline.points or [hand_point(timeline)]]
        except FloorcallError:
            self._cache = [{}]          # not yet a whole incident: nothing is settled
        return self._cache

    # -- questions ------------------------------------------------------------------------------------
    def spec_of(self, name: str):
        records = self.vocab.records
        if "." in name:
            head, tail = name.split(".", 1)
            if head == "game":
                return records["game"][tail]
            if head == "players":
                return records["player"][tail]
            kind = head.split("#")[0]
            return records[records["event"][kind].record][tail]
        return records["incident"][name]

    def _shapes(self) -> list:
        """The timeline so far as incident/hands.py reads it: each entry's kind, street or event."""
        return [{"entry": "event", "event": next(iter(e))} if _is_event(e, self.vocab) else
                {"entry": "action"} if "seat" in e else
                {"entry": "street", "street": next(iter(e))} if len(e) == 1 and next(iter(e)) in self.streets()
                else {"entry": "said"} for e in self.timeline]

    def begins_next_hand(self, street: str) -> bool:
        """Whether `street` entered now begins a later hand of the timeline (after the hand-over of
        a hand that had an action: incident/hands.py), whose button the floor may give."""
        from ruling_engine.incident.hands import hand_starts
        shapes = self._shapes() + [{"entry": "street", "street": street}]
        return len(shapes) - 1 in hand_starts(shapes)

    def _timeline_says(self) -> set:
        """The event fields the timeline itself answers (the next deal begun, an all-in on the hand
        before: incident/hands.py), never asked: an answer could only repeat or contradict it."""
        from ruling_engine.incident.hands import timeline_says
        shapes = self._shapes()
        counts, out = {}, set()
        says = timeline_says(shapes)
        for index, shape in enumerate(shapes):
            if shape["entry"] == "event":
                counts[shape["event"]] = counts.get(shape["event"], 0) + 1
                if index in says:
                    out.add(self._field_name(shape["event"], counts[shape["event"]], says[index][0]))
        return out

    def streets(self) -> list:
        """The streets a timeline of this game can hold: stud's for stud, the flop games' otherwise."""
        if self.answers.get("game.variant") == "stud":
            return list(STUD_STREETS)
        return list(FLOP_STREETS)

    def question(self, name: str) -> Question:
        if name == "house":
            return Question(name, "Which club's card room is this?", "club",
                            choices=[(c, f"{info.name} ({c})") for c, info in self.kb.clubs.items()])
        if name == "players":
            return Question(name, "Which seats are in the hand?", "seats",
                            "Every player dealt in, with the chips he had when the part of the hand you "
                            "describe began, where known.")
        if name == "next":
            done = "That's everything: the floor was called here" if self.timeline else ""
            choices = [("action", "A player acted (words, chips, fold, check)"),
                       ("street", "Cards came (the deal, flop, turn, river, showdown)"),
                       ("said", "Someone said something (a claim, a question to the floor, the dealer, the floor)"),
                       ("event", "Something else happened (an exposed card, a mucked hand, …)")]
            if done:
                choices.append((DONE, done))
            text = "What happened first?" if not self.timeline else "What happened next?"
            return Question(name, text, "next", "Describe the hand in order, up to the moment the floor was called.",
                            choices)
        if name == "marked":
            return Question(name, "Which of these was the floor called about?", "marks",
                            "Tick one or more; none: every event and the last action are ruled on.",
                            self._markable(), allow_blank=True)
        if name == HOLE_CARDS:
            return Question(name, "Which hole cards did the players hold (only those the floor has seen)?",
                            "hole_cards", "One player per line: seat then cards, e.g. 3 Ah Kd.", allow_blank=True)
        spec = self.spec_of(name)
        text = question_words(spec)
        help_text = spec.help if spec.help and _differs(spec.help, text) else ""
        about = self._about(name)
        if name == "game.format":
            governed = self._governed()
            values = governed + [v for v in spec.values if v not in governed]
            club = self.kb.clubs.get(self.answers.get("house"))
            if club and len(governed) == 1:
                help_text = f"{club.title or club.name}'s rulebook governs {governed[0]} play only."
            return Question(name, text, "choice", help_text, [(v, _label(v)) for v in values],
                            allow_unknown=True, about=about)
        if spec.type == "enum":
            return Question(name, text, "choice", help_text, [(v, _label(v)) for v in spec.values],
                            allow_unknown=True, allow_blank=not spec.required and spec.default is None, about=about)
        if spec.type == "bool":
            return Question(name, text, "yesno", help_text, [(True, "Yes"), (False, "No")],
                            allow_unknown=True, allow_blank=not spec.required and spec.default is None, about=about)
        if name in ANY_SEAT:
            # any seat of the table: a dead button, or a player out of the hand (he folded before the call)
            seats = sorted(set(TABLE_SEATS) | set(self.seats))
            return Question(name, text, "seat", help_text or "Any seat: one nobody sits in (a dead button) or a "
                            "player out of the hand may have it.",
                            [(s, f"Seat {s}" if s in self.seats else f"Seat {s} (not in the hand)") for s in seats],
                            allow_unknown=True, allow_blank=not spec.required, about=about)
        if spec.type in ("seat", "speaker"):
            return Question(name, text, "seat", help_text, [(s, f"Seat {s}") for s in self.seats],
                            allow_unknown=True, allow_blank=not spec.required, about=about)
        if spec.type == "cards":
            return Question(name, text, "cards", help_text or "e.g. Ah 8s 4d", allow_blank=True, about=about)
        if spec.type == "amounts":
            return Question(name, text, "amounts", help_text or "e.g. 1 2, or 1/2",
                            allow_blank=not spec.required, about=about)
        if spec.type in ("int", "amount", "number"):
            return Question(name, text, "number", help_text, allow_blank=not spec.required,
                            allow_unknown=spec.type != "int" or not spec.required, about=about,
                            blank_label="No ante" if name == "game.ante" else "", bounded=spec.type == "amount")
        return Question(name, text, "text", help_text, allow_blank=not spec.required, about=about)

    def _about(self, name: str) -> str:
        head = name.split(".", 1)[0]
        kind, _, number = head.partition("#")
        if kind not in self.vocab.records["event"]:
            return ""
        count = 0
        for entry in self.timeline:
            if kind in entry and len(entry) == 1:
                count += 1
                if count == int(number or 1):
                    return entry_words(entry, self.vocab)
        return ""

    def timeline_words(self) -> list:
        return [entry_words(e, self.vocab) for e in self.timeline]

    def timeline_items(self) -> list:
        """(words, called) per timeline entry: called when the floor was called about it (marked
        as it was described, or ticked when asked which)."""
        ticked = set(self.answers.get("marked") or ())
        return [(entry_words(e, self.vocab), _marked(e) or i in ticked) for i, e in enumerate(self.timeline)]

    def previous_answer(self, name: str):
        """The answer given before Back, to show again (or the current one)."""
        if name in self.earlier:
            return self.earlier[name]
        target = self.field_target(name)
        if target is not None:
            return target[0].get(target[1])
        return self.answers.get(name)

    # -- review ------------------------------------------------------------------------------------------
    def review(self) -> list:
        """Every answer in words: (question, answer) in the order given, the timeline entry by entry."""
        rows = []
        for name, _ in self.history:
            if name == "next":
                continue
            if name == "players":
                rows.append(("Seats in the hand", ", ".join(
                    f"seat {p['seat']}" + (f" ({_num(p['stack'])} chips)" if p.get("stack") is not None else "")
                    for p in self.answers.get("players", []))))
                continue
            question = self.question(name)
            value = self.previous_answer(name)
            if question.kind == "marks":
                rows.append((question.text, "; ".join(dict(question.choices).get(i, str(i)) for i in value or ())
                             or "none in particular"))
                continue
            if question.kind in ("choice", "club", "seat"):
                value = dict(question.choices).get(value, value)
            rows.append(((question.about + ": " if question.about else "") + question.text, value_words(value)))
        if self.answers.get("house") and all(n != "house" for n, _ in self.history):
            rows.insert(0, ("Which club's card room is this?", self.kb.clubs[self.answers["house"]].name))
        return rows

    def to_answers(self) -> dict:
        """The answers as a plain YAML-safe mapping (for --answers, to resume)."""
        out = {name: _plain(value) for name, value in self.answers.items()}
        out["timeline"] = [_plain(e) for e in self.timeline]
        if self.done:
            out["timeline_done"] = True
        return out


def _with_mark(entry: dict) -> dict:
    entry = copy.deepcopy(entry)
    if "seat" in entry:
        entry["in_question"] = True
        return entry
    (key, body), = entry.items()
    if isinstance(body, dict):
        body["in_question"] = True
    else:
        entry[key] = {"in_question": True, **({"cards": body} if isinstance(body, list) and body else {})}
    return entry


def _is_event(entry: dict, vocab) -> bool:
    return len(entry) == 1 and next(iter(entry)) in vocab.records["event"]


def _marked(entry: dict) -> bool:
    if entry.get("in_question") is True:
        return True
    if len(entry) == 1:
        body = next(iter(entry.values()))
        return isinstance(body, dict) and body.get("in_question") is True
    return False


def _label(value) -> str:
    text = str(value).replace("-", " ")
    return text[0].upper() + text[1:] if text else text


def _differs(help_text: str, question: str) -> bool:
    def norm(s):
        return re.sub(r"[^a-z0-9 ]", "", s.lower()).strip()
    return norm(help_text) not in norm(question) and norm(question) not in norm(help_text)


def _plain(value):
    """Plain Python data (dicts, lists, str, numbers): what YAML can write and read back."""
    if isinstance(value, dict):
        return {(_plain(k) if not isinstance(k, str) else str(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


def _located(value):
    """The answers as the YAML loader gives an incident file (validated exactly as one)."""
    from ruling_engine.incident.yaml_source import located
    return located(_plain(value))


def _first_completion(data: dict, vocab) -> dict:
    """The incident with every unknown choice at its first possible value."""
    paths = choice_paths(data, vocab)
    if not paths:
        return data
    completed = copy.deepcopy(data)
    for path in paths:
        values = values_at(path, data, vocab)
        node = completed
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = values[0] if values else None
    return completed


# -- building timeline entries (both front ends) ------------------------------------------------------

def action_entry(seat, said: str = "", chips=None, did: str | None = None, in_turn: bool = True,
                 in_question: bool = False, total=None, posts: str | None = None) -> dict:
    entry = {"seat": seat}
    if posts:
        entry["posts"] = posts
    if did:
        entry["did"] = did
    if said and said.strip():
        entry["said"] = said.strip()
    if chips is not None:
        entry["chips"] = chips
    if total is not None:
        entry["total"] = total
    if not in_turn:
        entry["in_turn"] = False
    if in_question:
        entry["in_question"] = True
    return entry


def street_entry(street: str, cards=None, in_question: bool = False) -> dict:
    if in_question:
        body = {"in_question": True}
        if cards:
            body["cards"] = list(cards)
        return {street: body}
    return {street: list(cards) if cards else None}


def said_entry(by, words: str, to=None, in_question: bool = False) -> dict:
    body = {"by": by, "words": words}
    if to is not None:
        body["to"] = to
    if in_question:
        body["in_question"] = True
    return {"said": body}


def event_entry(kind: str, in_question: bool = False, **fields) -> dict:
    body = dict(fields)
    if in_question:
        body["in_question"] = True
    return {kind: body}


def ruling_signature(report, issues=None) -> tuple:
    """What a floor person reads: each club's outcome, decision, actions and cited clauses, per issue."""
    out = []
    for club, answer in sorted(report.answers.items()):
        for r in answer.rulings:
            if issues is not None and r.issue not in issues:
                continue
            branches = tuple((str(b.when), b.ruling.outcome if b.ruling else None) for b in r.depends)
            out.append((club, r.issue, r.outcome, r.basis, r.decision, tuple(r.do),
                        tuple(c.clause for c in r.citations), branches))
    return tuple(out)
