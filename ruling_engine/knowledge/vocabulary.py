"""The vocabulary: every fact a rule may test and every field an incident file may hold."""
from __future__ import annotations

from dataclasses import field

from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.incident.timing import CLOCK_TIME
from ruling_engine.model import Deferred
from ruling_engine.patterns import on_first_use
from ruling_engine.records import dataclass

NO_LIVE_CONTENDER = "no-live-contender"   # raised_when: a pot the club's corrected hand leaves to no live hand
SCALAR_TYPES = ("bool", "int", "amount", "number", "enum", "string", "card", "seat", "club")
CARD = on_first_use(r"^(10|[2-9TJQKA])[shdc]$")
FACT_SOURCES = ("computed", "defined")


@dataclass(frozen=True)
class FieldSpec:
    """One declared name: its type, allowed values, the question that asks for it, a help line."""

    name: str
    type: str
    question: str = ""
    help: str = ""
    values: tuple = ()
    source: str = ""          # facts: computed (from the incident) or defined (by a club's rule)
    required: bool = False    # incident fields
    default: object = None
    was_default: object = None   # incident fields a floor concludes: left out = not stated (ruled every
                                 # way); files written before read it as this (`floorcall upgrade` writes it)
    left_out_unknown: bool = False   # incident fields once required (`left_out: unknown`): left out = not
                                     # stated, ruled every way; older files always gave it, so no upgrade
    record: str = ""          # incident fields of type record / list: the record they hold
    records: tuple = ()       # incident fields of type event: the kinds of event allowed
    sources: tuple = ()       # computed facts: the incident fields they are worked out from
    together: bool = False    # event kinds: several entries describe one thing (one point, ruled together)
    only_with: str = ""       # yes/no incident fields (`only_with: FIELD`): true only where the same
                              # record's FIELD is true (shown to influence: only if on purpose)
    asked_if: tuple = ()      # conclusions (`asked_if: {FIELD: VALUE}`): asked only where the record
                              # says so; elsewhere left out is the former default (a dealer's exposure
                              # is no player's on purpose)
    absent_nobody: bool = False   # facts (`absent: nobody`): absent means there is nobody (nobody is to act),
                                  # not that the incident leaves it out: a do-line or effect naming it is dropped

    def check_value(self, value, file: str, line: int | None) -> None:
        """Raise a FloorcallError unless value fits this spec's scalar type."""
        problem = self.value_problem(value)
        if problem:
            expected, hint = problem
            raise FloorcallError(file, line, f"{self.name} to be {expected}", repr(value), hint)

    def value_problem(self, value):
        t = self.type
        if t == "bool" and not isinstance(value, bool):
            return "true or false", ""
        if t in ("int", "seat") and (isinstance(value, bool) or not isinstance(value, int)):
            return "a whole number", ""
        if t in ("amount", "number") and (isinstance(value, bool) or not isinstance(value, (int, float))):
            return "a number", "write amounts without a currency sign, e.g. 15 or 0.5"
        if t in ("amount", "int", "seat") and isinstance(value, (int, float)) and value < 0:
            return "zero or more", ""
        if t == "enum" and value not in self.values:
            hint = did_you_mean(value, self.values)
            if not hint.startswith("did you mean") and self.help:
                hint += "; " + self.help       # what each value means: the one he meant may be named otherwise
            return "one of " + ", ".join(map(str, self.values)), hint
        if t == "string" and not isinstance(value, str):
            return "text", ""
        if t == "clock" and not (isinstance(value, str) and CLOCK_TIME.match(value.strip())):   # f21/time
            return 'a clock time HH:MM or HH:MM:SS in quotes, e.g. "21:04"', \
                'YAML reads 21:04 without quotes as a number: write "21:04"'
        if t == "card" and not (isinstance(value, str) and CARD.match(value)):
            return "a card like As, Td, 10h or 7c", "rank 2-9, T/10, J, Q, K, A then suit s, h, d or c"
        return None


@dataclass
class Vocabulary:
    """The declared facts, incident records, effects, issues and contradictions."""

    facts: dict = field(default_factory=dict)      # name -> FieldSpec
    records: dict = field(default_factory=dict)    # record name -> {field name -> FieldSpec}
    effects: dict = field(default_factory=dict)    # effect name -> {"help": str, "params": [...]}
    issues: dict = field(default_factory=dict)     # issue id -> {"title", "raised_when", "outcomes"}
    contradictions: list = field(default_factory=list)   # (set, set): effects one answer may not give together
    restriction_lasts: dict = field(default_factory=dict)   # restricting effect -> until-reopened | round | hand
    corrected_away: dict = field(default_factory=dict)   # issue -> its outcome when a club's correction undoes it
    context_outcomes: dict = field(default_factory=dict)  # issue -> outcomes that confirm a context entry as given
    held_to_call: dict = field(default_factory=dict)   # issue -> its outcome when a restriction holds the raise to a call
    live_hand_issues: frozenset = frozenset()    # issues about a hand's action that end with the hand
    dealt_hand_issues: frozenset = frozenset()   # issues about a dealt hand: none arise between hands
    holding_issues: frozenset = frozenset()      # issues (open_holds_play: true) whose open decision holds the Now
    uncontested_issue: str | None = None         # the issue raised_when: no-live-contender (rulings/uncontested.py)
    answered_by: dict = field(default_factory=dict)  # issue -> {other issue: {its outcome: this outcome}}
    ruled_out_by: frozenset = frozenset()   # effects ruling a seat out of play (seat_ruled_out: by)
    ruled_out_drops: frozenset = frozenset()   # instructions to play a seat ruled out is not given (drops)

    def fact(self, name: str) -> FieldSpec:
        return self.facts[name]

    @property
    def together_kinds(self) -> frozenset:
        """Event kinds whose entries describe one thing together (one point)."""
        return frozenset(k for k, spec in self.records.get("event", {}).items() if spec.together)


FieldSpec.question = Deferred("question", "")     # the words: read from the cache when asked for
FieldSpec.help = Deferred("help", "")


def _spec(name, raw, file, line, *, is_fact: bool) -> FieldSpec:
    if not isinstance(raw, dict):
        raise FloorcallError(file, line, f"a mapping describing {name!r}", repr(raw))
    allowed = {"type", "question", "help", "values", "source", "required", "default", "record", "records", "from",
               "together", "was_default", "left_out", "absent", "only_with", "asked_if"}
    for key in raw:
        if key not in allowed:
            raise FloorcallError(file, raw.line_of(key), f"one of {sorted(allowed)}", repr(key),
                                 did_you_mean(key, allowed))
    t = raw.get("type")
    known_types = SCALAR_TYPES + (("players",) if is_fact else ("record", "list", "event", "cards", "mapping",
                                                                "amounts", "timeline", "speaker", "listener",
                                                                "duration", "clock"))
    if t not in known_types:
        raise FloorcallError(file, raw.line_of("type"), "a type: " + ", ".join(known_types), repr(t),
                             did_you_mean(t, known_types))
    if t == "enum" and not raw.get("values"):
        raise FloorcallError(file, raw.line, f"values for enum {name!r}", "none")
    if raw.get("left_out") not in (None, "unknown"):
        raise FloorcallError(file, raw.line_of("left_out"), "left_out: unknown", repr(raw.get("left_out")),
                             "left_out: unknown makes a field left out not stated (ruled every way)")
    if raw.get("absent") not in (None, "nobody"):
        raise FloorcallError(file, raw.line_of("absent"), "absent: nobody", repr(raw.get("absent")),
                             "absent: nobody makes a do-line naming this fact drop out when the fact is absent")
    if is_fact:
        if raw.get("source") not in FACT_SOURCES:
            raise FloorcallError(file, raw.line_of("source"), "source: computed or defined",
                                 repr(raw.get("source")))
        for key in ("question", "help"):
            if not raw.get(key):
                raise FloorcallError(file, raw.line, f"a {key} for fact {name!r}", "none",
                                     "every fact says how to ask for it and what it means")
    return FieldSpec(name=name, type=t, question=raw.get("question", ""), help=raw.get("help", ""),
                     values=tuple(raw.get("values") or ()), source=raw.get("source", ""),
                     required=bool(raw.get("required", False)), default=raw.get("default"),
                     was_default=raw.get("was_default"), left_out_unknown=raw.get("left_out") == "unknown",
                     record=raw.get("record", ""), records=tuple(raw.get("records") or ()),
                     sources=tuple(raw.get("from") or ()), together=bool(raw.get("together", False)),
                     absent_nobody=raw.get("absent") == "nobody", only_with=raw.get("only_with", ""),
                     asked_if=tuple((raw.get("asked_if") or {}).items()))


def _fact_entries(section):
    """(name, spec, line) of every fact: a fact of the hand at the top level (`heads_up`), the facts
    of one kind of entry grouped under it (`hand_mucked: {seat: ...}` declares `hand_mucked.seat`)."""
    for name, raw in section.items():
        if isinstance(raw, dict) and "source" not in raw and all(isinstance(v, dict) for v in raw.values()):
            for local, spec in raw.items():
                yield f"{name}.{local}", spec, raw.line_of(local)
        else:
            yield name, raw, section.line_of(name)


# What an effect can do to the hand (the `corrects:` of an effect; ruling_engine/corrected/)
CORRECTIONS = ("adds", "sets-total", "raises-bettors-to", "returns", "kills", "restores", "voids-hand",
               "voids-action", "checks", "voids-forced-bet", "restricts", "owes-call", "frees", "acts-next", "reopens-round",
               "refunds-pot", "limits-deduction", "transfers", "offers-transfer", "keeps-forced-bets", "forfeits-declared",
               "withdraws-round", "stakes-chips", "eliminates")


# How long a restriction (a `corrects: restricts` or `owes-call` effect) holds the player
# (`restriction_lasts:`; corrected/hand.py): until the betting is reopened to him, the round, the hand
RESTRICTION_LASTS = ("until-reopened", "round", "hand")


def parse_vocabulary(data: dict, file: str) -> Vocabulary:
    vocab = Vocabulary()
    for section in ("facts", "incident", "effects", "issues"):
        if section not in data:
            raise FloorcallError(file, 1, f"a top-level `{section}:` section", "none")
    for name, raw, line in _fact_entries(data["facts"]):
        vocab.facts[name] = _spec(name, raw, file, line, is_fact=True)
    for record, fields in data["incident"].items():
        vocab.records[record] = {
            name: _spec(name, raw, file, fields.line_of(name), is_fact=False)
            for name, raw in fields.items()}
    for name, spec in ((n, s) for fields in vocab.records.values() for n, s in fields.items()):
        for target in (spec.record, *spec.records):
            if target and target not in vocab.records:
                raise FloorcallError(file, None, f"record {target!r} (used by {name!r}) under incident:",
                                     "no such record", did_you_mean(target, vocab.records))
    for name, spec in vocab.facts.items():
        for source in spec.sources:
            if not field_exists(vocab, source):
                raise FloorcallError(file, None,
                                     "incident fields like actions, game.format or card_exposed.by",
                                     repr(source), did_you_mean(source, incident_field_names(vocab)))
    for name, raw in data["effects"].items():
        vocab.effects[name] = {"help": raw.get("help", ""), "params": list(raw.get("params") or [])}
        if "corrects" in raw:
            if raw["corrects"] not in CORRECTIONS:
                raise FloorcallError(file, getattr(raw, "line", None), f"corrects: one of {', '.join(CORRECTIONS)}",
                                     repr(raw["corrects"]), did_you_mean(str(raw["corrects"]), CORRECTIONS))
            vocab.effects[name]["corrects"] = raw["corrects"]
        if "at_the_call" in raw:
            if not isinstance(raw["at_the_call"], bool) or raw.get("corrects") != "kills":
                raise FloorcallError(file, getattr(raw, "line", None), "at_the_call: true or false, beside corrects: kills",
                                     repr(raw["at_the_call"]))
            vocab.effects[name]["at_the_call"] = raw["at_the_call"]
        if "raise" in raw:
            if not isinstance(raw["raise"], bool) or "corrects" not in raw:
                raise FloorcallError(file, getattr(raw, "line", None), "raise: true or false, beside corrects:",
                                     repr(raw["raise"]))
            vocab.effects[name]["raise"] = raw["raise"]
        if "redeals" in raw:       # a hand voided (corrects: voids-hand) is dealt again now, or not
            if not isinstance(raw["redeals"], bool) or raw.get("corrects") != "voids-hand":
                raise FloorcallError(file, getattr(raw, "line", None), "redeals: true or false, beside corrects: voids-hand",
                                     repr(raw["redeals"]))
            vocab.effects[name]["redeals"] = raw["redeals"]
        if "stops" in raw:         # play stops at the table the effect names (e17/discretion)
            if raw["stops"] != "table" or "table" not in (raw.get("params") or []):
                raise FloorcallError(file, getattr(raw, "line", None), "stops: table, beside params: [table]",
                                     repr(raw["stops"]))
            vocab.effects[name]["stops"] = raw["stops"]
    vocab.issues = {name: dict(raw) for name, raw in data["issues"].items()}
    for pair in data.get("contradictions") or []:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(g, list) for g in pair)):
            raise FloorcallError(file, getattr(pair, "line", None), "a pair of effect lists, e.g. [[hand-dead], [hand-live]]",
                                 repr(pair))
        for name in pair[0] + pair[1]:
            if name not in vocab.effects:
                raise FloorcallError(file, getattr(pair, "line", None), "an effect declared under effects:",
                                     repr(name), did_you_mean(name, vocab.effects))
        vocab.contradictions.append((frozenset(pair[0]), frozenset(pair[1])))
    lasting = data.get("restriction_lasts") or {}
    for name, lasts in lasting.items():
        line = lasting.line_of(name) if hasattr(lasting, "line_of") else None
        if vocab.effects.get(name, {}).get("corrects") not in ("restricts", "owes-call"):
            raise FloorcallError(file, line, "an effect whose corrects: is restricts or owes-call",
                                 repr(name), did_you_mean(name, [n for n, e in vocab.effects.items()
                                                                 if e.get("corrects") in ("restricts", "owes-call")]))
        if lasts not in RESTRICTION_LASTS:
            raise FloorcallError(file, line, f"one of {', '.join(RESTRICTION_LASTS)}", repr(lasts),
                                 did_you_mean(str(lasts), RESTRICTION_LASTS))
        vocab.restriction_lasts[name] = lasts
    vocab.corrected_away = _issue_outcomes(data.get("corrected_away") or {}, vocab, file, "corrected_away")
    vocab.held_to_call = _issue_outcomes(data.get("held_to_call") or {}, vocab, file, "held_to_call")
    vocab.live_hand_issues = _issue_set(data.get("live_hand_issues") or [], vocab, file)
    vocab.dealt_hand_issues = _issue_set(data.get("dealt_hand_issues") or [], vocab, file)
    # an open decision on these can change the board or who is in the hand: it holds the Now wherever it is
    vocab.holding_issues = frozenset(name for name, spec in vocab.issues.items() if spec.get("open_holds_play") is True)
    # a pot the club's corrected hand leaves to no live hand is ruled on this issue, raised by the engine
    vocab.uncontested_issue = next((name for name, spec in vocab.issues.items()
                                    if spec.get("raised_when") == NO_LIVE_CONTENDER), None)
    vocab.context_outcomes = _issue_outcome_lists(data.get("context_outcomes") or {}, vocab, file,
                                                  "context_outcomes")
    vocab.answered_by = _answered_by(data.get("answered_by") or {}, vocab, file)
    vocab.ruled_out_by, vocab.ruled_out_drops = _seat_ruled_out(data.get("seat_ruled_out") or {}, vocab, file)
    return vocab


def _issue_outcomes(section, vocab: Vocabulary, file: str, name: str) -> dict:
    """{issue: outcome} (corrected_away:, held_to_call:), every issue declared and every outcome one of its own."""
    return {issue: outcomes[0] for issue, outcomes in _checked_issue_outcomes(section, vocab, file, name, False)}


def _issue_outcome_lists(section, vocab: Vocabulary, file: str, name: str) -> dict:
    """{issue: {outcome, ...}} (context_outcomes:), every issue declared and every outcome one of its own."""
    return {issue: frozenset(outcomes) for issue, outcomes in _checked_issue_outcomes(section, vocab, file, name, True)}


def _checked_issue_outcomes(section, vocab: Vocabulary, file: str, name: str, lists: bool):
    """(issue, [outcome, ...]) of a section mapping each issue to one outcome of its own, or (lists)
    to a list of them; an undeclared issue or an outcome not its own is an error at its line."""
    shape = "[outcome, ...]" if lists else "outcome"
    if not isinstance(section, dict):
        raise FloorcallError(file, getattr(section, "line", None), f"{name}: a mapping of issue: {shape}",
                             repr(section))
    for issue, value in section.items():
        line = section.line_of(issue) if hasattr(section, "line_of") else None
        if issue not in vocab.issues:
            raise FloorcallError(file, line, "an issue declared under issues:", repr(issue),
                                 did_you_mean(str(issue), vocab.issues))
        if lists and not isinstance(value, list):
            raise FloorcallError(file, line, f"{name}: {issue}: a list of its outcomes", repr(value))
        outcomes = vocab.issues[issue].get("outcomes") or {}
        for outcome in (value if lists else [value]):
            if outcome not in outcomes:
                raise FloorcallError(file, line, f"one of the outcomes of {issue}", repr(outcome),
                                     did_you_mean(str(outcome), outcomes))
        yield issue, list(value) if lists else [value]


def _issue_set(names, vocab: Vocabulary, file: str) -> frozenset:
    """A list of issue names (live_hand_issues:, dealt_hand_issues:), every one a declared issue."""
    for issue in names:
        if issue not in vocab.issues:
            raise FloorcallError(file, getattr(names, "line", None), "an issue declared under issues:", repr(issue),
                                 did_you_mean(str(issue), vocab.issues))
    return frozenset(names)


def _seat_ruled_out(section, vocab: Vocabulary, file: str) -> tuple:
    """seat_ruled_out: {by: [effect, ...], drops: [effect, ...]}, every name a declared effect."""
    if not isinstance(section, dict) or set(section) - {"by", "drops"}:
        raise FloorcallError(file, getattr(section, "line", None),
                             "seat_ruled_out: a mapping with by: and drops:, each a list of effects", repr(section))
    groups = []
    for key in ("by", "drops"):
        names = section.get(key) or []
        line = section.line_of(key) if hasattr(section, "line_of") and key in section else None
        if not isinstance(names, list):
            raise FloorcallError(file, line, f"seat_ruled_out: {key}: a list of effects", repr(names))
        for name in names:
            if name not in vocab.effects:
                raise FloorcallError(file, line, "an effect declared under effects:", repr(name),
                                     did_you_mean(str(name), vocab.effects))
        groups.append(frozenset(names))
    return tuple(groups)


def _answered_by(section, vocab: Vocabulary, file: str) -> dict:
    """answered_by: {issue: {other issue: {its outcome: this issue's outcome}}}, every name checked."""
    out = {}
    if not isinstance(section, dict):
        raise FloorcallError(file, getattr(section, "line", None), "answered_by: a mapping of issues", repr(section))

    def line_of(mapping, key):
        return mapping.line_of(key) if hasattr(mapping, "line_of") else None

    def known_issue(name, mapping):
        if name not in vocab.issues:
            raise FloorcallError(file, line_of(mapping, name), "an issue declared under issues:", repr(name),
                                 did_you_mean(str(name), vocab.issues))

    for issue, by in section.items():
        known_issue(issue, section)
        if not isinstance(by, dict):
            raise FloorcallError(file, line_of(section, issue), f"{issue}: a mapping of issues to outcome maps", repr(by))
        out[issue] = {}
        for other, outcomes in by.items():
            known_issue(other, by)
            if not isinstance(outcomes, dict) or not outcomes:
                raise FloorcallError(file, line_of(by, other), f"{other}: {{its outcome: {issue}'s outcome}}",
                                     repr(outcomes))
            for theirs, ours in outcomes.items():
                for name, owner in ((theirs, other), (ours, issue)):
                    choices = vocab.issues[owner].get("outcomes") or {}
                    if name not in choices:
                        raise FloorcallError(file, line_of(by, other), f"one of the outcomes of {owner}", repr(name),
                                             did_you_mean(str(name), choices))
            out[issue][other] = dict(outcomes)
    return out


def incident_field_names(vocab: Vocabulary) -> list:
    """Every field an incident may hold, as `game.format`, `card_exposed.by`, ... The timeline's
    entries appear as `actions` (the players' actions), `street` and `board` (the streets and their
    cards), `said` (words) and each event kind by itself (`no_one_shows`: a fact may come from an
    event's presence) and with its fields."""
    names = []
    for name, spec in vocab.records["incident"].items():
        if spec.type == "record":
            names += [f"{name}.{sub}" for sub in vocab.records[spec.record]]
        elif spec.type == "timeline":
            names += ["actions", "street", "board", "said"]
            names += [f"actions.{sub}" for sub in vocab.records["action"]]
            names += [f"said.{sub}" for sub in vocab.records.get("said", {})]
            for kind, kind_spec in vocab.records["event"].items():
                names.append(kind)
                names += [f"{kind}.{sub}" for sub in vocab.records[kind_spec.record]]
        elif spec.type == "list" and spec.record == "player":
            names += [name, f"{name}.cards"]      # hole cards: given apart from the seats, when they matter
        else:
            names.append(name)
    return names


def field_exists(vocab: Vocabulary, name: str) -> bool:
    return name in incident_field_names(vocab)
