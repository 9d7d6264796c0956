"""Reading an incident file: the header and the timeline, checked field by field against the
vocabulary's incident records (docs/timeline.md).

Every problem is a FloorcallError naming the file and line, what was expected and a suggestion.
The validated incident keeps each timeline entry as a mapping with its kind (`entry`: action,
street, said or event) and its line, so later stages can point back at what the user wrote.
"""
from __future__ import annotations

import json
import functools
import re
from pathlib import Path

from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.incident.hands import HAND_START, derive_between_hands, hand_starts, split as split_hands
from ruling_engine.incident.timing import TIME_FIELDS, clock, entry_times, take_time
from ruling_engine.incident.cards import CARD_HINT, UNKNOWN_CARD, normal_card, partly_known, suitless
from ruling_engine.incident.said import OFFICIAL as OFFICIAL_TERMS, likely_typo, read_said
from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.incident.yaml_source import MAX_ITEMS, kind_of, load_file, load_text, yaml
from ruling_engine.knowledge.vocabulary import FieldSpec, Vocabulary
from ruling_engine.records import dataclass

HAND_SIZE = {"NLHE": 2, "PLO": 4, "PLHE": 2, "LHE": 2, "stud": 7}     # a player's cards in a whole hand
FLOP_STREETS = ("deal", "preflop", "flop", "turn", "river", "showdown", "hand-over")
STUD_STREETS = ("deal", "third-street", "fourth-street", "fifth-street", "sixth-street", "seventh-street",
                "showdown", "hand-over")
STREETS = tuple(dict.fromkeys(FLOP_STREETS + STUD_STREETS))
BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}
SPEAKERS = ("dealer", "floor", "spectator", "player")
LISTENERS = ("table", "dealer", "floor", "spectator")   # whom words were said to, besides a seat
# a choice's spellings a new user writes first that can mean only one value (issue 22: Z102's
# `gesture: tap`): read as that value
SAME_CHOICE = {"gesture": {"tap": "tapped-table", "tapped": "tapped-table", "knock": "tapped-table",
                           "knocked": "tapped-table", "knocked-table": "tapped-table", "tap-table": "tapped-table"}}
# A speaker whose seat is not known (an action's seat may be `unknown`; words need a speaker).
UNKNOWN_SPEAKER = ("for a player whose seat is not known write by: player; for someone not in the hand, "
                   "by: spectator (or dealer, floor)")
OLD_FORMAT_FIELDS = ("actions", "events", "street", "board", "pot")
PRIVATE = ("entry", "line")                 # keys the loader adds to each timeline entry
BYSTANDER = "_seat_not_in_hand"             # a said: by a seat no listed player sits in (read as a spectator's)
NOT_KNOWN = float("nan")                    # a number written `unknown`: arithmetic on it states nothing
# Limits (with yaml_source's on the file itself): a 10,000-entry timeline rules in about a second.
MAX_ENTRIES = MAX_ITEMS                     # timeline entries (the YAML reader refuses longer lists)
MAX_POINTS = 100                            # points ruled on: the marked entries, or every event
MAX_PLAYERS = 23                            # a 52-card deck deals hold'em to 23 players with a board
MAX_NUMBER = 10 ** 12                       # any amount, count or seat
UNKNOWN_AMOUNTS = ("chips",)                # lists of amounts that may be `unknown` (nobody saw the chips)
SMALLEST_FRACTION = 0.0001                  # a number that is not zero is at least this


@dataclass(frozen=True)
class Incident:
    """An incident file read and checked: its data and the fields written `unknown`."""

    file: str
    data: dict              # validated, defaults filled in; data["timeline"] is a list of entries
    unknowns: bool = True   # whether any field is written `unknown` (False: no need to look for them)
    header_lines: dict = None   # {"others": 7, "game.max_pot": 3}: the lines of the header's fields, when read from a file

    @property
    def house(self) -> str:
        return self.data["house"]

    @property
    def title(self) -> str:
        return self.data.get("title") or Path(self.file).stem


def _line(node, key=None, default=None):
    if key is not None and hasattr(node, "line_of"):
        return node.line_of(key)
    return getattr(node, "line", default)


# who heard a player's words (action.heard_by) -> whether everyone at the table did (action.heard)
HEARD_BY = {"table": "all", "dealer": "some", "player": "some", "nobody": "none", UNKNOWN: UNKNOWN}


class _Validator:
    def __init__(self, vocabulary: Vocabulary, clubs, file: str, root=None):
        self.root = root if isinstance(root, dict) else {}     # the whole incident, for checks across fields
        self.records = vocabulary.records
        self.clubs = tuple(clubs)
        self.file = file
        self.unknowns = 0
        self.approximate: list = []    # (field, about | at_least | over, figure, line) of each bounded amount

    # -- records and values --------------------------------------------------------------------

    def record(self, name: str, node, line, extra=()) -> dict:
        fields = self.records[name]
        if not isinstance(node, dict):
            raise FloorcallError(self.file, _line(node, default=line),
                                 f"a mapping of {name} fields ({', '.join(fields)})", _short(node))
        out = {}
        for key, value in node.items():
            key_line = _line(node, key, line)
            if key in extra:
                out[key] = value
                continue
            if not isinstance(key, str) or key not in fields:
                raise FloorcallError(self.file, key_line, f"one of the {name} fields", f"unknown field {_short(key)}",
                                     did_you_mean(key, list(fields) + list(extra)))
            if name == "action" and key == "motions" and type(value) is int:
                if value == 1:          # one forward motion: what leaving motions out says
                    continue
                raise FloorcallError(self.file, key_line, "motions: the chips released in each motion, in order",
                                     f"motions: {_short(value)}",
                                     f"write the value each of the {value} motions held, e.g. motions: [10, 5] "
                                     "(with chips: adding up to them); leave motions out for one motion")
            before = len(self.approximate)
            out[key] = self.value(fields[key], value, key_line)
            for n in range(before, len(self.approximate)):      # which record's field it was
                what, kind, figure, at = self.approximate[n]
                if "." not in what:           # named by the innermost record it is in
                    self.approximate[n] = (f"{name}.{key}", kind, figure, at)
        if name == "action" and "heard_by" in out:
            self._heard_by(out, node, line)
        if name == "action" and "could_mean" in out:
            self._could_mean(out, node, line)
        for key, spec in fields.items():
            if key in out:
                continue
            if spec.required:
                raise FloorcallError(self.file, _line(node, default=line), f"a `{key}:` field in {name}",
                                     "none", spec.help or spec.question)
            if spec.default is not None:
                out[key] = spec.default
            elif spec.was_default is not None and any(out.get(k) not in (v, UNKNOWN) for k, v in spec.asked_if):
                out[key] = spec.was_default      # not asked here (`asked_if:`): no conclusion to draw
            elif (spec.was_default is not None or spec.left_out_unknown) and name != "action":
                out[key] = UNKNOWN          # not stated: a conclusion the floor did not give is ruled every way
                self.unknowns += 1          # (an action's: only where it is read, _not_stated_in_actions)
        return out

    def _could_mean(self, out: dict, node, line) -> None:
        """The amounts a player's words could mean (e17/declare): two or more different amounts,
        read with the words they were said in; one amount, or none said, is an error."""
        at = _line(node, "could_mean", line)
        readings = out["could_mean"]
        if any(isinstance(r, dict) for r in readings) or len(set(readings)) < 2:
            raise FloorcallError(self.file, at, "could_mean: two or more different amounts the words could mean",
                                 f"could_mean: {_short(readings)}",
                                 "e.g. could_mean: [4.5, 450]; when the amount meant is clear, write it in said: "
                                 "and leave could_mean out")
        if "said" not in out:
            raise FloorcallError(self.file, at, "could_mean with the words it reads (said:)", "no said:",
                                 'write what he said, e.g. said: "four fifty", could_mean: [4.5, 450]')

    def _heard_by(self, out: dict, node, line) -> None:
        """Who heard the player's words (issue 22, what the floor was told) says whether everyone at
        the table heard them: `heard` is worked out from it, and a `heard:` written beside it that
        says otherwise is an error, never overruled in silence."""
        heard = HEARD_BY[out["heard_by"]]
        if "heard" in out and out["heard"] != heard:
            raise FloorcallError(self.file, _line(node, "heard", line),
                                 f"heard: {heard} with heard_by: {out['heard_by']} (or leave heard: out)",
                                 f"heard: {out['heard']}", "heard_by says who heard the words; heard is worked out from it")
        out["heard"] = heard

    def value(self, spec: FieldSpec, value, line):
        t = spec.type
        if t == "record":
            return self.record(spec.record, value, line)
        if t == "list":
            if not isinstance(value, list):
                raise FloorcallError(self.file, line, f"a list under `{spec.name}:`", _short(value),
                                     "start each item on its own line with '- '")
            if spec.record == "player" and len(value) > MAX_PLAYERS:
                raise FloorcallError(self.file, line, f"at most {MAX_PLAYERS} players", f"{len(value):,}",
                                     "list the players dealt in at this table")
            lines = getattr(value, "item_lines", [line] * len(value))
            return [self.record(spec.record, item, item_line) for item, item_line in zip(value, lines)]
        if t == "timeline":
            return self.timeline(value, line)
        if t == "mapping":
            if not isinstance(value, dict):
                raise FloorcallError(self.file, line, f"a mapping under `{spec.name}:`", _short(value))
            return value
        if t in ("amount", "amounts") and isinstance(value, dict):
            approx = self.bound(spec.name, value, line)
            return [approx] if t == "amounts" else approx
        if t == "amounts":
            if value == UNKNOWN and spec.name in UNKNOWN_AMOUNTS:
                return value
            if value == UNKNOWN:
                raise FloorcallError(self.file, line, f"a list of numbers under `{spec.name}:`", "unknown",
                                     f"leave {spec.name}: out when it is not known")
            if not isinstance(value, list) or not value:
                raise FloorcallError(self.file, line, f"a list under `{spec.name}:`", _short(value), "e.g. [10, 5]")
            item_spec = FieldSpec(spec.name, "amount")
            for item in value:
                item_spec.check_value(item, self.file, line)
                self.number(spec.name, item, line)
            return list(value)
        if t == "cards":
            return self.cards(spec.name, value, line)
        if t == "card":
            card = normal_card(value)
            if spec.name == "burn" and value is True:      # a burn card came off, nobody saw which
                return UNKNOWN_CARD
            if card is None and spec.name == "burn" and isinstance(value, bool):
                raise FloorcallError(self.file, line, "burn to be a card (the burn card's name), or true",
                                     _short(value), 'write burn: "?" (or true) for a burn card that came off '
                                     "unseen; leave burn out when nothing is known of it; a street dealt with "
                                     "no burn card first is dealing_procedure: {unburned: <street>}")
            if card is None:
                raise FloorcallError(self.file, line, f"{spec.name} to be a card", _short(value), CARD_HINT)
            self.unknowns += suitless(card)
            return card
        if t == "club":
            if value not in self.clubs:
                raise FloorcallError(self.file, line, "one of the clubs " + ", ".join(self.clubs),
                                     _short(value), did_you_mean(value, self.clubs))
            return value
        if t == "speaker":
            if value in SPEAKERS or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
                return value
            raise FloorcallError(self.file, line, "who spoke: a seat number, " + ", ".join(SPEAKERS),
                                 _short(value), UNKNOWN_SPEAKER if value == UNKNOWN else did_you_mean(value, SPEAKERS))
        if t == "listener":
            if value in LISTENERS or value == UNKNOWN or (isinstance(value, int) and not isinstance(value, bool)
                                                          and value >= 0):
                return value
            raise FloorcallError(self.file, line, "whom it was said to: a seat number, " + ", ".join(LISTENERS),
                                 _short(value), did_you_mean(value, LISTENERS) or "e.g. to: 4, or to: table")
        if value == UNKNOWN and spec.name != "house" and t in ("enum", "bool", "seat", "string"):
            self.unknowns += 1
            return value           # "don't know": choices are ruled every way
        if value == UNKNOWN and t in ("amount", "int", "number"):
            return NOT_KNOWN       # a number nobody knows: what depends on it is left unstated
        if t == "enum" and isinstance(value, str):
            value = SAME_CHOICE.get(spec.name, {}).get(value.strip().lower().replace(" ", "-"), value)
        spec.check_value(value, self.file, line)
        if t in ("amount", "int", "number", "seat"):
            self.number(spec.name, value, line)
        return value

    def bound(self, name, value, line):
        """An amount known only approximately or as a lower bound: `{about: 30000}`, `{at_least:
        4}`, `{over: 3000}` (for chips, the whole of them): the figure, carried as such."""
        from ruling_engine.numbers import BOUNDS, Approx
        keys = list(value)
        if len(keys) != 1 or keys[0] not in BOUNDS:
            raise FloorcallError(self.file, line, f"{name}: a number, or one of {{about: N}}, {{at_least: N}}, "
                                 "{over: N}", _short(value),
                                 did_you_mean(str(keys[0]), BOUNDS) if len(keys) == 1 else
                                 "write one of them, e.g. {about: 30000}")
        figure = value[keys[0]]
        if isinstance(figure, bool) or not isinstance(figure, (int, float)) or figure < 0:
            raise FloorcallError(self.file, line, f"{name}: {keys[0]}: a number", _short(figure),
                                 f"e.g. {{{keys[0]}: 30000}}")
        self.number(name, figure, line)
        self.approximate.append((name, keys[0], figure, line))
        return Approx(figure, keys[0])

    def number(self, name, value, line) -> None:
        """A number floorcall can work with: finite, at most MAX_NUMBER, and a fraction no finer
        than SMALLEST_FRACTION (durable-rules reads no exponent: 1e-9 or 1e16 cannot be matched)."""
        if value != value or value in (float("inf"), float("-inf")):
            raise FloorcallError(self.file, line, f"{name} to be a number", _short(value),
                                 "write unknown for a number nobody knows")
        if abs(value) > MAX_NUMBER:
            raise FloorcallError(self.file, line, f"{name} to be at most {MAX_NUMBER:,}", _short(value))
        if value and abs(value) < SMALLEST_FRACTION:
            raise FloorcallError(self.file, line, f"{name} to be 0 or at least {SMALLEST_FRACTION}", _short(value))

    def cards(self, name, value, line) -> list:
        if value == UNKNOWN:
            return [UNKNOWN_CARD]
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not items:
            raise FloorcallError(self.file, line, f"a list of cards under `{name}:`", _short(value), "e.g. [As, Kd]")
        out = []
        for item in items:
            card = normal_card(item)
            if card is None:
                foreign = isinstance(item, str) and re.search(r"joker|back|deck|foreign", item, re.I)
                raise FloorcallError(self.file, line, "a card", _short(item), (
                    "a joker or a card of another deck is no card of the pack: write the street as a count "
                    "(turn: {count: 1}) and add deck_problem: {kind: foreign-card, was: board}") if foreign else CARD_HINT)
            self.unknowns += suitless(card)          # ruled with each suit it can have (unknowns.py)
            out.append(card)
        return out

    # -- the timeline --------------------------------------------------------------------------

    def timeline(self, value, line) -> list:
        if not isinstance(value, list):
            raise FloorcallError(self.file, line, "a list of entries under `timeline:`", _short(value),
                                 "start each entry on its own line with '- ': an action {seat: 3, said: call}, "
                                 "a street (- flop: [Ks, 8d, 4c]), words (- said: {...}) or an event")
        if len(value) > MAX_ENTRIES:
            raise FloorcallError(self.file, line, f"at most {MAX_ENTRIES:,} timeline entries", f"{len(value):,}",
                                 "one hand's timeline; describe the hand the floor was called to")
        lines = getattr(value, "item_lines", [line] * len(value))
        return [self.entry(item, item_line) for item, item_line in zip(value, lines)]

    def entry(self, node, line) -> dict:
        kinds = self.records["event"]
        if isinstance(node, dict) and "seat" in node and not (len(node) == 1 and isinstance(node.get("seat"), dict)):
            action = self.record("action", node, line, extra=TIME_FIELDS)
            action.update(take_time(node, self.file, line, lambda k: _line(node, k, line)))
            if isinstance(action.get("said"), str) and action["said"] != UNKNOWN:
                self.said(action["said"], _line(node, "said", line))
            return {"entry": "action", "line": line, **action}
        if isinstance(node, dict) and len(node) == 2 and "in_question" in node:
            _mark_beside(node, kinds, self.file, _line(node, "in_question", line))
        if isinstance(node, dict) and len(node) > 1:
            _fields_beside(node, kinds, self.file, _line(node, default=line))
        if not isinstance(node, dict) or len(node) != 1:
            raise FloorcallError(self.file, _line(node, default=line),
                                 "a timeline entry: an action (a mapping with seat:), a street, said: or one event",
                                 _short(node), "write one entry per item, e.g. - {seat: 3, said: call} "
                                 "or - card_exposed: {by: dealer, during: deal}")
        (key, body), = node.items()
        key_line = _line(node, key, line)
        if key in STREETS:
            return self.street(key, body, key_line)
        if key == "said":
            fields = self.record("said", body, key_line, extra=TIME_FIELDS)
            fields.update(take_time(body, self.file, key_line, lambda k: _line(body, k, key_line)))
            return {"entry": "said", "line": key_line, **fields}
        if key not in kinds:
            raise FloorcallError(self.file, key_line, "a street, said: or an event kind", _short(key),
                                 did_you_mean(key, list(kinds) + list(STREETS) + ["said"]))
        if body is None:
            body = {}
        fields = self.record(kinds[key].record, body, key_line, extra=("in_question",) + TIME_FIELDS)
        fields.update(take_time(body, self.file, key_line, lambda k: _line(body, k, key_line)))
        if key == "player_away" and "back" in fields:
            _presence(fields, body, self.file, lambda k: _line(body, k, key_line))
        if not isinstance(fields.get("in_question", False), bool):
            raise FloorcallError(self.file, key_line, "in_question: true or false", _short(fields["in_question"]))
        fields.setdefault("in_question", False)
        return {"entry": "event", "event": key, "line": key_line, **fields}

    def said(self, words: str, line) -> None:
        """What a player said: a misspelt official term is an error (read as it stands, 'caal'
        would be unofficial language); an amount said must be one floorcall can work with."""
        typo, amount = _said_reading(words)
        if typo:
            raise FloorcallError(self.file, line, "an official term (" + ", ".join(OFFICIAL_TERMS) + "), an amount, "
                                 "or the player's words", f"said: {_short(words)}",
                                 f"did you mean {typo!r}? Words that are not an official term are read as "
                                 "unofficial language")
        if amount is not None:
            self.number("the amount said", amount, line)

    def street(self, name, body, line) -> dict:
        out = {"entry": "street", "street": name, "line": line, "in_question": False}
        if body is None:
            return out
        if isinstance(body, bool):
            raise FloorcallError(self.file, line, f"the cards of the {name} (or nothing)", _short(body))
        if isinstance(body, int):
            out["count"] = self.value(FieldSpec("count", "int"), body, line)
            return out
        if isinstance(body, (str, list)):
            out["cards"] = self.cards(name, body, line)
            return out
        fields = self.record("street_entry", body, line, extra=TIME_FIELDS)
        fields.update(take_time(body, self.file, line, lambda k: _line(body, k, line)))
        if "pot" in fields and any(k in self.root for k in ("pot_at_start",)):
            raise FloorcallError(self.file, line, "the pot once: pot_at_start or the street's pot",
                                 "both", "keep the one the floor counted")
        if "cards" in fields and "count" in fields and fields["count"] != len(fields["cards"]):
            raise FloorcallError(self.file, line, f"count: {len(fields['cards'])} (the cards named)",
                                 f"count: {fields['count']}", "leave out count: when the cards are named")
        out.update(fields)
        return out


# When a player who was away came back (issue 22, "Presence"): what it says of the deal and his turn.
_BACK_SETS = {"during-deal": {"at_last_card": False, "at_turn": False},
              "before-his-turn": {"at_turn": False},
              "after-his-turn": {"at_turn": True}}


def _presence(fields: dict, body: dict, file: str, line_of) -> None:
    """`back:` on a player_away entry sets at_last_card and at_turn; written beside it, they must agree."""
    back = fields["back"]
    for name, value in _BACK_SETS.get(back, {}).items():
        if name in body and body[name] != value and body[name] != UNKNOWN:
            raise FloorcallError(file, line_of(name), f"{name}: {str(value).lower()} (he was back {back})",
                                 f"{name}: {str(body[name]).lower()}",
                                 f"leave {name} out: back: {back} says it, or correct back:")
        fields[name] = value


def _mark_beside(node, kinds, file, line) -> None:
    """`- turn: Q♠` with `in_question: true` on the next line (beside the entry, not in it): the
    mark would belong to no entry. An error that shows where the mark goes."""
    key = next(k for k in node if k != "in_question")
    if key in STREETS:
        body = node[key]
        cards = ("..., " if isinstance(body, dict) else
                 f"cards: [{', '.join(map(str, body))}], " if isinstance(body, list) and body else
                 f"cards: [{body}], " if isinstance(body, str) else f"count: {body}, " if isinstance(body, int) else "")
        example = f"- {key}: {{{cards}in_question: true}}"
    elif key == "said" or key in kinds:
        example = f"- {key}: {{..., in_question: true}}"
    else:
        return
    raise FloorcallError(file, line, f"in_question inside the {key} entry's own mapping",
                         "in_question beside it, as a second key of the list item",
                         f"write {example}")


def _fields_beside(node, kinds, file, line) -> None:
    """`- hand-over:` with `at: "22:05"` on the next line: the entry's fields written beside it (a
    second key of the list item) rather than inside it. An error whose hint shows the entry with
    its fields inside, e.g. `- hand-over: {at: "22:05"}`."""
    entry_keys = [k for k in node if k in STREETS or k == "said" or k in kinds]
    if len(entry_keys) != 1:
        return
    key = entry_keys[0]
    beside = {k: v for k, v in node.items() if k != key}
    body = node[key]
    inner = []
    if isinstance(body, dict):
        inner = [f"{k}: {_short(v, 30)}" for k, v in body.items()]
    elif body is not None:
        inner = [(f"cards: [{', '.join(map(str, body))}]" if isinstance(body, list) else
                  f"count: {body}" if isinstance(body, int) else f"cards: [{body}]") if key in STREETS
                 else f"... {_short(body, 30)}"]
    inner += [f"{k}: {json.dumps(v) if isinstance(v, str) else _short(v, 30)}" for k, v in beside.items()]
    names = ", ".join(f"{k}:" for k in beside)
    raise FloorcallError(file, line, f"{names} inside the {key} entry's own mapping",
                         f"{names} beside it, as another key of the list item: {_short(node)}",
                         f"write - {key}: {{{', '.join(inner)}}} (the entry's fields go inside its braces, "
                         f"or indented under it on the lines below)")


@functools.lru_cache(maxsize=1024)
def _said_reading(words: str) -> tuple:
    """(the official term misspelt or None, the amount said or None): a log says 'call' often."""
    return likely_typo(words), read_said(words).amount


def _short(value, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# -- checks across the incident ----------------------------------------------------------------

def _check_old_format(node, file: str) -> None:
    old = sorted((k for k in OLD_FORMAT_FIELDS if k in node), key=node.line_of)
    if old and "timeline" not in node:
        raise FloorcallError(file, node.line_of(old[0]), "an incident with a `timeline:` (docs/timeline.md)",
                             "the old format (" + ", ".join(f"{k}:" for k in old) + ")",
                             f"convert it with: floorcall upgrade {file}")
    if old:
        raise FloorcallError(file, node.line_of(old[0]), "everything that happened under `timeline:`",
                             f"`{old[0]}:` beside the timeline",
                             "actions, events and streets (with their cards) are timeline entries")


def _check_seats(data: dict, node, file: str, vocabulary: Vocabulary) -> None:
    seats = [p["seat"] for p in data["players"]]
    if not seats:
        raise FloorcallError(file, node.line_of("players"), "at least one player", "an empty list")
    for seat, raw in zip(seats, node.get("players") or []):
        if not isinstance(seat, int):
            raise FloorcallError(file, _line(raw, "seat"), "a seat number for every player listed", repr(seat),
                                 "leave out a player whose seat is not known; an event may still describe him")
    if len(set(seats)) != len(seats):
        raise FloorcallError(file, node.line_of("players"), "each seat once among the players", f"seats {seats}")
    for player, raw in zip(data["players"], node.get("players") or []):
        if "stack" in player and "behind" in player:
            raise FloorcallError(file, raw.line_of("behind"), "stack (at the start) or behind (now), not both",
                                 f"both for seat {player['seat']}", "keep the one the floor counted")
    known = ", ".join(map(str, sorted(seats)))
    records = vocabulary.records
    moved_to = {e.get("to") for e in data["timeline"] if e.get("entry") == "event" and e.get("event") == "seat_changed"}
    hand_table = next((e.get("number") for e in data["timeline"] if e.get("entry") == "event"
                       and e.get("event") == "table_count" and e.get("hand_here") is True), None)
    for entry in data["timeline"]:
        names = []
        if entry["entry"] == "action":
            names = ["seat"]
        elif entry["entry"] == "said":
            by = entry.get("by")
            if isinstance(by, int) and not isinstance(by, bool) and by not in seats and by not in moved_to:
                # a bystander who only speaks (issue 22): a seat not in the hand is no player in it;
                # his words are read as a spectator's, and the output says so (rule_on.py)
                entry["by"], entry[BYSTANDER] = "spectator", by
            names = [n for n in ("by", "to", "of") if isinstance(entry.get(n), int)]
        elif entry["entry"] == "event":
            fields = records[records["event"][entry["event"]].record]
            names = [n for n, spec in fields.items() if spec.type == "seat"]
            if "table" in fields and entry.get("table") is not None and entry.get("table") != hand_table:
                # an event at another table (its `table:` written, not this hand's): its seat is a seat
                # there, not one of players:, which are this table's seats and its order of action
                names = []
        for name in names:
            seat = entry.get(name)
            if seat is not None and seat != UNKNOWN and seat not in seats:
                elsewhere = entry["entry"] == "event" and "table" in records[records["event"][entry["event"]].record]
                raise FloorcallError(file, entry["line"], f"a seat of a player in the hand ({known})",
                                     f"seat {seat}" if name == "seat" else f"{name}: {seat}",
                                     ("a player at another table: write its number as table: on this entry, "
                                      "and do not list him under players: (they are this table's seats, its "
                                      "order of action); a player at this table: add him under players:, or "
                                      "correct the seat") if elsewhere else
                                     "add the player under players:, or correct the seat")


def _check_seat_changes(data: dict, file: str) -> None:
    """A seat change (issue 22) moves a player to an empty seat: `to:` is a seat nobody listed sits in."""
    seats = [p["seat"] for p in data["players"]]
    for entry in data["timeline"]:
        if entry["entry"] != "event" or entry["event"] != "seat_changed":
            continue
        to = entry.get("to")
        if to in seats or (isinstance(to, int) and to < 1):
            raise FloorcallError(file, entry["line"], "an empty seat in `to:` (a seat nobody listed under players: sits in)",
                                 f"to: {to}" + (" (taken by a player listed)" if to in seats else ""),
                                 "a player who left the table is seat_emptied; two players who swapped seats are not a seat change")


OPTIONS_ASKED = ("raise", "all-in", "call", "check")


def _check_questions_of(data: dict, file: str) -> None:
    """`of:` (whose options a question asks) and `if:` (the asker's own action it supposes) belong
    to a question put to the floor about a player's options; `if:` asks about another player's
    (his own options once he has acted are not a question), so it needs `of:` naming another seat."""
    from ruling_engine.incident.said import read_question
    for entry in data["timeline"]:
        if entry["entry"] != "said" or ("of" not in entry and "if" not in entry):
            continue
        field = "of" if "of" in entry else "if"
        if field == "of" and "if" not in entry and _hand_words(entry):
            # of: whose hand the words name (f19/format, issue 22): "two pair, very nice" of seat 2's cards
            if not isinstance(entry["of"], int) or isinstance(entry["of"], bool):
                raise FloorcallError(file, entry["line"], "of: the seat whose hand the words are about",
                                     f"of: {entry['of']}", "give his seat number, or leave out of: when they name "
                                     "the speaker's own hand")
            continue
        if not isinstance(entry.get("by"), int) or isinstance(entry.get("by"), bool):
            raise FloorcallError(file, entry["line"], f"{field}: on a question a player put to the floor (by: SEAT)",
                                 f"by: {entry.get('by')}", f"leave out {field}:, or give the asker's seat as by:")
        if entry.get("kind") not in ("question", None):
            raise FloorcallError(file, entry["line"], f"{field}: on a question put to the floor (kind: question)",
                                 f"kind: {entry['kind']}", f"write kind: question, or leave out {field}:")
        about = entry.get("about") or read_question(entry.get("words"))
        if about not in OPTIONS_ASKED:
            raise FloorcallError(file, entry["line"], f"{field}: on a question about a player's options (about: "
                                 + ", ".join(OPTIONS_ASKED) + ")", f"about: {about}" if about else "no about: "
                                 "(and none read from the words)", "say what is asked with about:, e.g. about: raise")
        if "of" in entry and (not isinstance(entry["of"], int) or isinstance(entry["of"], bool)):
            raise FloorcallError(file, entry["line"], "of: the seat whose options are asked", f"of: {entry['of']}",
                                 "give his seat number, or leave out of: when it is not known")
        if "if" in entry and entry.get("of", entry["by"]) == entry["by"]:
            raise FloorcallError(file, entry["line"], "if: with of: another player's seat (\"if I shove, can seat 5 "
                                 "re-raise?\")", "if: " + str(entry["if"]) + " and a question about the asker's own "
                                 "options", "add of: SEAT, the player whose options are asked")


def _hand_words(entry: dict) -> bool:
    """Words naming a hand (kind: hand, or kind left out and the words read as a hand)."""
    from ruling_engine.facts.sequence import said_kind
    return entry.get("kind") == "hand" or (entry.get("kind") is None and said_kind(entry) == "hand")


def _check_withdrawals(data: dict, file: str) -> None:
    """Words taking back a player's own action (`kind: withdrawal`, issue 22) are said by that
    player, straight after his action: no other action, street or hand between."""
    last_action = None
    for entry in data["timeline"]:
        if entry["entry"] == "action":
            last_action = entry
            continue
        if entry["entry"] == "street":
            last_action = None
            continue
        if entry["entry"] != "said" or entry.get("kind") != "withdrawal":
            continue
        by = entry.get("by")
        if not isinstance(by, int) or isinstance(by, bool):
            raise FloorcallError(file, entry["line"], "kind: withdrawal said by the player taking back his own "
                                 "words (by: SEAT)", f"by: {by}",
                                 "a dealer's or another player's words are kind: claim or other")
        if last_action is None or last_action.get("seat") != by or "posts" in last_action:
            found = ("no action before it on this street" if last_action is None
                     else f"the action before it is seat {last_action.get('seat')}'s (line {last_action['line']})")
            raise FloorcallError(file, entry["line"], f"kind: withdrawal straight after seat {by}'s own action "
                                 "(the words he takes back)", found,
                                 "put it just after his action; words said after others acted are kind: claim")


def _check_street_order(data: dict, file: str) -> None:
    """Streets come in the order of the game, each once in each hand (a street entry may not go
    back); after a hand's `hand-over:` the next hand begins (incident/hands.py)."""
    order = STUD_STREETS if data["game"]["variant"] == "stud" else FLOP_STREETS
    starts = set(hand_starts(data["timeline"]))
    last, last_name, last_line, actions_seen, acted_before_over = -1, None, None, False, False
    for index, entry in enumerate(data["timeline"]):
        if index in starts:
            last, last_name, last_line, actions_seen, acted_before_over = -1, None, None, False, False
        actions_seen = actions_seen or entry["entry"] == "action"
        if entry["entry"] != "street":
            continue
        name = entry["street"]
        if name == "hand-over":
            acted_before_over = actions_seen       # a hand-over before any action: the timeline began between hands
        if name not in order:
            raise FloorcallError(file, entry["line"], f"a street of {data['game']['variant']}: " + ", ".join(order),
                                 name, did_you_mean(name, order))
        if "button" in entry and name not in HAND_START:
            raise FloorcallError(file, entry["line"], "button: on the street that begins a hand (deal:, preflop:, "
                                 "third-street:)", f"button: on {name}:", "write it on the hand's deal: "
                                 "(- deal: {button: 4})")
        if "button" in entry and index not in starts and isinstance(data.get("button"), int) \
                and entry["button"] != data["button"]:
            raise FloorcallError(file, entry["line"], f"button: {data['button']} (the header's button, for the "
                                 "first hand)", f"button: {entry['button']}", "the first hand's button is the "
                                 "header's: keep one of the two")
        position = order.index(name)
        if last_name == "hand-over" and name in ("deal", "preflop", "third-street") and not acted_before_over:
            last = -1                 # the timeline began between hands: this is the next hand
        if position <= last and last_name == "hand-over":
            raise FloorcallError(file, entry["line"], "the next hand to begin with its deal after `hand-over:` "
                                 "(deal:, preflop: or its first action)", f"`{name}:` after the hand-over",
                                 "write `deal:` above it: a timeline may hold several hands, each from its "
                                 "deal (docs/timeline.md, 'More than one hand')")
        if position <= last:
            raise FloorcallError(file, entry["line"], f"a street after the {last_name} (a hand's streets come "
                                 f"once each, in order: " + ", ".join(f"{s}:" for s in order) + ")",
                                 f"`{name}:` again (first at line {last_line})" if name == last_name
                                 else f"`{name}:` below `{last_name}:` (line {last_line})",
                                 _street_order_hint(name, last_name, last_line))
        last, last_name, last_line = position, name, entry["line"]



def _street_order_hint(name: str, last_name: str, last_line) -> str:
    """What to move where when a street comes below a later one (or twice)."""
    start = ("the start of a hand is the forced bets (`posts:` entries: antes, blinds, a straddle), "
             "then `deal:`, then the first betting round (`preflop:`); see docs/timeline.md, "
             "'The start of a hand'")
    if name == last_name:
        hint = f"write `{name}:` once: remove this line, or the one at line {last_line}"
        if name == "flop":
            hint += "; a second flop dealt by mistake is the event `flop_dealt`, not a street"
        return hint + (f"; {start}" if name in HAND_START else "")
    hint = f"move `{name}:` (this line) above `{last_name}:` (line {last_line})"
    return hint + (f"; {start}" if name in HAND_START or last_name in HAND_START else "")


def _check_folded_players_stay_out(data: dict, file: str) -> None:
    """A player who folded takes no further action in the hand."""
    folded = {}
    for entry in data["timeline"]:
        if entry["entry"] != "action" or entry["seat"] == UNKNOWN:
            continue
        seat = entry["seat"]
        if seat in folded:
            raise FloorcallError(file, entry["line"], f"no action from seat {seat} after his fold (line {folded[seat]})",
                                 f"seat {seat} acting again", "if the fold was disputed, describe it with said: entries")
        words = str(entry.get("said") or "").strip().lower()
        if entry.get("did") == "fold" or words == "fold":
            folded[seat] = entry["line"]


def _check_forced_bets_have_a_seat(data: dict, file: str) -> None:
    """A forced bet is money in front of one seat: the replay takes it from his stack, sets what he
    owes on the round and who acts after him, so a `posts:` entry from a seat nobody knows cannot be
    replayed (ruling it every way would also move the button)."""
    for entry in data["timeline"]:
        if entry["entry"] == "action" and "posts" in entry and entry.get("seat") == UNKNOWN:
            raise FloorcallError(file, entry["line"], "the seat that posted the forced bet",
                                 f"a {entry['posts']} posted by seat unknown",
                                 "give his seat (list him under players: with stack: unknown if his chips "
                                 "are not known); if nobody knows who posted it, leave the entry out and "
                                 "count the chips in pot_at_start")


def _check_dealt_out_players_stay_out(data: dict, file: str) -> None:
    """A seat the dealer dealt no cards (`deal_error: {kind: seat-dealt-out}`) holds no hand: he
    may have posted a blind before the deal, but takes no action in it."""
    out = {entry["seat"]: entry["line"] for entry in data["timeline"]
           if entry.get("event") == "deal_error" and entry.get("kind") == "seat-dealt-out"
           and isinstance(entry.get("seat"), int)}
    for entry in data["timeline"]:
        if entry["entry"] == "action" and "posts" not in entry and entry["seat"] in out:
            seat = entry["seat"]
            raise FloorcallError(file, entry["line"],
                                 f"no action from seat {seat}: he was dealt no cards (deal_error, line {out[seat]})",
                                 f"seat {seat} acting",
                                 "if he had cards after all, the deal_error is wrong-number-of-cards "
                                 "(cards: too-few) or another kind; a blind he posted is a posts: entry")


def _check_hand_sizes(data: dict, file: str) -> None:
    """A player cannot turn up more cards than a whole hand of the game holds."""
    size = HAND_SIZE[data["game"]["variant"]] if data["game"]["variant"] != UNKNOWN else max(HAND_SIZE.values())
    for entry in data["timeline"]:
        if entry.get("event") == "hand_shown" and entry["face_up"] not in (UNKNOWN,) and entry["face_up"] > size:
            raise FloorcallError(file, entry["line"], f"at most {size} cards face up in {data['game']['variant']}",
                                 f"face_up: {entry['face_up']}",
                                 "face_up counts the player's own cards, not the board; a card dealt to him "
                                 "beyond a whole hand is a deal error: " + _too_many_example(entry.get("seat")))


def _too_many_example(seat) -> str:
    """Where an extra card dealt to a player goes: the deal_error an extra card is (docs/timeline.md)."""
    seat = seat if isinstance(seat, int) else "N"
    return (f"add - deal_error: {{kind: wrong-number-of-cards, seat: {seat}, cards: too-many}} after deal: "
            "(or where it came to light), and name the extra card in notes:")


def _check_object_kind(data: dict, file: str) -> None:
    """`object:` (what kind of object, issue 22) says what was left on the table: it belongs to a
    conduct event whose did: is device-on-table, and is never silently dropped from another."""
    for entry in data["timeline"]:
        if entry.get("entry") == "event" and entry.get("event") == "conduct" and "object" in entry \
                and entry.get("did") not in ("device-on-table", UNKNOWN) \
                and not (entry.get("did") in ("phone-call", "phone-use") and entry["object"] in ("phone", UNKNOWN)):
            raise FloorcallError(file, entry["line"], "object: only with did: device-on-table (the kind of object "
                                 "left on the table)", f"did: {entry.get('did')}, object: {entry['object']}",
                                 "write did: device-on-table, or leave out object:")


def _check_table_minimum(data: dict, file: str) -> None:
    """The table's minimum buy-in said twice (game.table_minimum and a buy-in's own) must agree: one
    of them would otherwise be silently set aside."""
    game = (data.get("game") or {}).get("table_minimum")
    for entry in data["timeline"]:
        own = entry.get("table_minimum") if entry.get("event") == "buys_chips" else None
        if game is not None and own is not None and own != game and own == own and game == game:
            raise FloorcallError(file, entry["line"], f"the table minimum the game gives ({game}), or none here",
                                 f"table_minimum: {own}", "say the table's minimum once, on game: (or only here)")


# f21/time: an event with its own clock time, which the entry's `at:` may also give
CLOCK_TWICE = {"penalty_given": "given_at", "break_taken": "starts"}


def _check_tournament_events(data: dict, file: str) -> None:
    """A chip race deals one card per odd chip, no card twice; a colour-up goes to a larger chip;
    each table is counted once."""
    seen_cards, tables, hand_table = {}, set(), None
    for entry in data["timeline"]:
        kind = entry.get("event")
        if kind == "race_entry" and "cards" in entry:
            if len(entry["cards"]) != entry["odd_chips"]:
                raise FloorcallError(file, entry["line"], f"one card per odd chip ({entry['odd_chips']} for seat {entry['seat']})",
                                     f"{len(entry['cards'])} cards", "list exactly the cards dealt to him in the race")
            for card in entry["cards"]:
                if card in seen_cards:
                    raise FloorcallError(file, entry["line"], "each race card dealt once",
                                         f"{card} also dealt to seat {seen_cards[card]}")
                seen_cards[card] = entry["seat"]
        elif kind == "colour_up" and _numbers(entry["into"], entry["chip"]) and entry["into"] <= entry["chip"]:
            raise FloorcallError(file, entry["line"], f"a chip larger than {entry['chip']}",
                                 f"into: {entry['into']}", "into is the denomination the small chips become")
        elif kind in CLOCK_TWICE and entry.get(CLOCK_TWICE[kind]) is not None and entry.get("at") is not None \
                and clock(entry[CLOCK_TWICE[kind]], file, entry["line"]) != clock(entry["at"], file, entry["line"]):
            # f21/time: the penalty's (the break's) own time and the entry's `at:` say one thing
            raise FloorcallError(file, entry["line"], f"{CLOCK_TWICE[kind]} and at: the same clock time",
                                 f'{CLOCK_TWICE[kind]}: "{entry[CLOCK_TWICE[kind]]}", at: "{entry["at"]}"',
                                 f"write the time once (leave out at:, or {CLOCK_TWICE[kind]}:)")
        elif kind == "table_count":
            if entry["number"] in tables:
                raise FloorcallError(file, entry["line"], "each table counted once", f"table {entry['number']} twice")
            tables.add(entry["number"])
            if entry.get("hand_here") is True:      # the hand's own table (f18/tables): one table
                if hand_table is not None:
                    raise FloorcallError(file, entry["line"], "hand_here: true on one table only",
                                         f"table {entry['number']} and table {hand_table}",
                                         "the hand described is played at one table: mark only that one")
                hand_table = entry["number"]
            if _numbers(entry["players"], entry["seats"]) and entry["players"] > entry["seats"]:
                raise FloorcallError(file, entry["line"], f"at most {entry['seats']} players (its seats)",
                                     f"players: {entry['players']}", "give the table's seats: if it has more")


def _numbers(*values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _check_motions(data: dict, file: str) -> None:
    """The chips of an action's motions add up to its chips."""
    for entry in data["timeline"]:
        if entry["entry"] != "action" or "motions" not in entry:
            continue
        if not isinstance(entry.get("chips"), list):
            raise FloorcallError(file, entry["line"], "chips: beside motions: (the chips the motions hold)",
                                 "motions without chips", "add e.g. chips: [10, 10] for motions: [10, 10]")
        if sum(entry["motions"]) != sum(entry["chips"]):
            raise FloorcallError(file, entry["line"], f"motions adding up to the chips ({sum(entry['chips'])})",
                                 f"motions adding up to {sum(entry['motions'])}",
                                 "each motion is the value of the chips released in that motion")


NEXT_BETTING = {"deal": "flop", "preflop": "flop", "flop": "turn", "turn": "river", "third-street": "fourth-street",
                "fourth-street": "fifth-street", "fifth-street": "sixth-street", "sixth-street": "seventh-street"}


def _check_for_street(data: dict, file: str) -> None:
    """An action's `for_street:` (issue 22: a bet made for the next street before its card) names the
    street after the one it is written on (or that street itself), every action written after it
    before that street's card is for that street too, and the next street entry is that street's."""
    first = "third-street" if data["game"].get("variant") == "stud" else "preflop"
    for entries in split_hands(data["timeline"]):
        current, pending = first, None           # pending: (street, line) an earlier action was meant for
        for entry in entries:
            if entry["entry"] == "street":
                if pending and entry["street"] != pending[0]:
                    raise FloorcallError(file, entry["line"], f"the {pending[0]} card next (the action at line "
                                         f"{pending[1]} was for the {pending[0]})", f"`{entry['street']}:`",
                                         f"write `{pending[0]}:` here, or fix that action's for_street:")
                current, pending = entry["street"], None
                continue
            if entry["entry"] != "action":
                continue
            meant = entry.get("for_street")
            if meant is None:
                if pending:
                    raise FloorcallError(file, entry["line"], f"for_street: {pending[0]} on this action too (it "
                                         f"comes after the {pending[0]} action at line {pending[1]}, before the "
                                         f"{pending[0]} card)", "an action with no for_street:",
                                         f"add for_street: {pending[0]}, or move it above line {pending[1]}")
                continue
            following = NEXT_BETTING.get(current)
            if meant == UNKNOWN or (meant != current and meant != following) or "posts" in entry:
                raise FloorcallError(file, entry["line"],
                                     f"for_street: {following} (the street after the {current} it is written on)"
                                     if following else f"no for_street: (no street comes after the {current})",
                                     f"for_street: {meant}" + (" on a forced bet" if "posts" in entry else ""),
                                     "for_street: says the action was made for the next street before its card "
                                     "was dealt; leave it out for an action on the street it is written on")
            if meant == following:
                pending = (meant, entry["line"])


def _check_limits(data: dict, node, file: str) -> None:
    """`game.limits` is a fixed-limit game's two bets, the small one first (facts/hand.py
    fixed_bets sizes every bet and raise by them, street by street)."""
    game = data["game"]
    limits = game.get("limits")
    if limits is None:
        return
    line = _header_lines(node).get("game.limits") or 1
    if game.get("variant") not in ("LHE", "stud"):
        raise FloorcallError(file, line, "limits: only in a fixed-limit game (variant: LHE or stud)",
                             f"limits: {limits} in a {game.get('variant', 'NLHE')} game",
                             "write variant: LHE (or stud) if the game was played for fixed bets, or leave limits: out")
    if not isinstance(limits, list) or len(limits) != 2 or not _numbers(*limits) or limits[0] > limits[1]:
        raise FloorcallError(file, line, "limits: [small bet, big bet], two amounts, the small one first",
                             f"limits: {limits}", "e.g. limits: [2, 4] in a £2/£4 game")


def _check_blinds(data: dict, node, file: str) -> None:
    """`game.blinds` is the small and big blind, the small one first ([1, 2]; one amount, the big
    blind alone): the big blind is what a call, a raise and the order of the first round are read
    from (facts/hand.py), so a third amount or a big blind below the small one is an error, not a
    guess (an invariant run found [100, 0, 0] ruled with nobody facing the posted 100)."""
    blinds = data["game"].get("blinds")
    if blinds is None:
        return
    if isinstance(blinds, list) and 1 <= len(blinds) <= 2 and \
            not (_numbers(*blinds) and blinds[0] > blinds[-1]):     # an amount not known is left as it is
        return
    line = _header_lines(node).get("game.blinds") or 1
    raise FloorcallError(file, line, "blinds: [small blind, big blind], two amounts, the small one first",
                         f"blinds: {blinds}", "e.g. blinds: [1, 2] (a straddle or an ante is its own entry: "
                         "- {seat: 6, posts: straddle}, game: ante:)")


def _check_cards(data: dict, node, file: str) -> None:
    """Cards must be possible: no card twice (hole cards, board and burns together), no more than a
    whole hand of the game's size for a player, the right number of board cards on each street
    (more on the flop is a four-card flop), no board in stud."""
    variant = data["game"]["variant"]
    size = HAND_SIZE.get(variant, 7)
    duplicate_reported = any(e.get("event") == "deck_problem" and e["kind"] == "duplicate-card"
                             for e in data["timeline"])
    seen = None if duplicate_reported else {}          # the floor is describing a card that turned up twice
    for player, raw in zip(data["players"], node.get("players") or []):
        cards = player.get("cards")
        if not cards:
            continue
        line = _line(raw, "cards") if isinstance(raw, dict) else None
        if len(cards) > size:
            raise FloorcallError(file, line, f"at most {size} hole cards in {variant}",
                                 f"{len(cards)} for seat {player['seat']}",
                                 f"list the {size} cards of his hand under cards:; a card dealt to him beyond a "
                                 "whole hand is a deal error: " + _too_many_example(player["seat"]))
        for card in cards:
            _note_card(card, f"seat {player['seat']}", seen, file, line)
    for entry in data["timeline"]:
        if entry["entry"] != "street":
            continue
        cards = entry.get("cards") or []
        if cards and variant == "stud":
            raise FloorcallError(file, entry["line"], "no board in seven-card stud", f"{entry['street']}: {cards}",
                                 "give each player's cards under players: cards:")
        want = BOARD_CARDS.get(entry["street"])
        if cards and want is None:
            raise FloorcallError(file, entry["line"], f"no cards on the {entry['street']}", f"{cards}",
                                 "board cards come on the flop, turn and river")
        if cards and len(cards) < want:
            raise FloorcallError(file, entry["line"], f"{want} card(s) on the {entry['street']}", f"{len(cards)}",
                                 "name them all, or write ? for a card not seen")
        if cards and len(cards) > want and entry["street"] != "flop":
            raise FloorcallError(file, entry["line"], f"{want} card on the {entry['street']}", f"{len(cards)}",
                                 "a card dealt too soon is the next street's entry, placed where it came")
        for card in cards + ([entry["burn"]] if "burn" in entry else []):
            _note_card(card, f"the {entry['street']}", seen, file, entry["line"])


def _check_suits_left(data: dict, file: str) -> None:
    """A card of unseen suit (`Q?`) is ruled with each suit of its rank named nowhere else: there
    must be one left for every such card of that rank."""
    from ruling_engine.incident.unknowns import _named_cards, _suitless_paths, _value_at
    paths = _suitless_paths(data)
    if not paths:
        return
    named = _named_cards(data)
    for path in paths:
        rank = _value_at(data, path)[0]
        same = [p for p in paths if _value_at(data, p)[0] == rank]
        if len(same) + sum(1 for c in named if c[0] == rank) > 4:
            entry = data[path[0]][path[1]] if path[0] in ("timeline", "players") else {}
            line = entry.get("line") if isinstance(entry, dict) else None
            raise FloorcallError(file, line, f"a suit left for {rank}?", f"every {rank} already named",
                                 f"check the cards: there are four {rank}s; name the card, or write ? for it")


def _check_which_card(data: dict, file: str) -> None:
    """A card_exposed the incident says was a burn or a board card belongs to no player: a seat
    beside it says two things at once (issue 22, which card an event is about)."""
    for entry in data["timeline"]:
        if entry.get("entry") == "event" and entry.get("event") == "card_exposed" \
                and entry.get("was") in ("burn", "board") and entry.get("seat") is not None:
            raise FloorcallError(file, entry["line"], f"no seat for a {entry['was']} card",
                                 f"seat: {entry['seat']} with was: {entry['was']}",
                                 "leave out seat: for a burn or board card, or write was: hole for the player's own card")


def _note_card(card: str, where: str, seen: dict | None, file: str, line) -> None:
    if seen is None or partly_known(card):     # `?`, `Q?`, `?s`: may be any card not named
        return
    if card in seen:
        raise FloorcallError(file, line, "each card once in the deck", f"{card} in {seen[card]} and in {where}",
                             "check the cards: a duplicate card in the deck is a deck_problem event")
    seen[card] = where


# -- loading -----------------------------------------------------------------------------------

def load_incident(path, vocabulary: Vocabulary, clubs) -> Incident:
    """Read and validate an incident file; every problem is a FloorcallError naming file and line."""
    file = str(path)
    node = load_file(path, what="an incident: a mapping with house, game, players and a timeline")
    return validate_incident(node, file, vocabulary, clubs)


def parse_incident_text(text: str, file: str, vocabulary: Vocabulary, clubs) -> Incident:
    """Validate incident YAML text exactly as a file holding it would be validated."""
    node = load_text(text, file)
    if not isinstance(node, dict):
        raise FloorcallError(file, getattr(node, "line", 1), "an incident: a mapping of 'key: value' lines",
                             kind_of(node) if node is not None else "an empty file")
    return validate_incident(node, file, vocabulary, clubs)


def validate_incident(node, file: str, vocabulary: Vocabulary, clubs) -> Incident:
    _check_old_format(node, file)
    validator = _Validator(vocabulary, clubs, file, node)
    data = validator.record("incident", node, 1)
    if validator.approximate:
        data["_approximate"] = validator.approximate
    validator.unknowns += _not_stated_in_actions(data, vocabulary)
    _check_seats(data, node, file, vocabulary)
    _check_seat_changes(data, file)
    _check_questions_of(data, file)
    _check_withdrawals(data, file)
    _check_street_order(data, file)
    _check_forced_bets_have_a_seat(data, file)
    for entries in split_hands(data["timeline"]):         # each hand of the timeline on its own
        one = dict(data, timeline=entries)
        _check_folded_players_stay_out(one, file)
        _check_dealt_out_players_stay_out(one, file)
        _check_hand_sizes(one, file)
    derive_between_hands(data, node, file)
    _check_tournament_events(data, file)
    _check_object_kind(data, file)
    _check_table_minimum(data, file)
    _check_motions(data, file)
    _check_for_street(data, file)
    for number, entries in enumerate(split_hands(data["timeline"])):   # a new deck each hand; the cards
        players = data["players"] if number == 0 else [{k: v for k, v in p.items() if k != "cards"}   # listed: the first's
                                                       for p in data["players"]]
        _check_cards(dict(data, timeline=entries, players=players), node, file)
    _check_which_card(data, file)
    _check_suits_left(data, file)
    _check_limits(data, node, file)
    _check_blinds(data, node, file)
    entry_times(data.get("timeline") or [], file, check=True)
    return Incident(file=file, data=data, unknowns=validator.unknowns > 0, header_lines=_header_lines(node))


def _said_term(entry: dict) -> str:
    """The official term an action's words say ("none" when no words, or words not known)."""
    from ruling_engine.facts.replay import parse_said
    said = entry.get("said")
    return (parse_said(said) or ("none", None))[0] if said not in (None, UNKNOWN) else "none"


def _is_fold(entry: dict) -> bool:
    term = _said_term(entry)
    return term == "fold" or (term == "none" and entry.get("did") == "fold")


def _spoken_fold(entry: dict) -> bool:
    """A fold said in words (`said: fold`, nothing done but the words): the words are the fold
    (e20/spoken), so how his cards went is not what the floor was asked about; it is ruled where the
    file states it (fold_manner:) or where the fold is a deed (`did: fold`)."""
    return _said_term(entry) == "fold" and "did" not in entry


def _not_stated_in_actions(data: dict, vocabulary: Vocabulary) -> int:
    """An action's conclusion left out (`was_default:`, e.g. how a fold went) is not stated where a
    ruling reads it: on a fold that is a point (marked, or the last action when nothing is marked:
    docs/timeline.md "What is ruled"). Elsewhere no rule reads it and it stays left out. The
    number of fields made `unknown`."""
    fields = {n: s for n, s in vocabulary.records["action"].items() if s.was_default is not None}
    timeline = data.get("timeline") or []
    actions = [e for e in timeline if e.get("entry") == "action" and "posts" not in e]
    if any(e.get("in_question") is True for e in timeline):
        points = [e for e in actions if e.get("in_question") is True]
    else:
        points = actions[-1:]
    count = 0
    for entry in points:
        if not _is_fold(entry) or _spoken_fold(entry):
            continue
        for name in fields:
            if name not in entry:
                entry[name] = UNKNOWN
                count += 1
    return count


def _header_lines(node) -> dict:
    """The line of each header field (`game.KEY` for the game's), for messages that point at it."""
    out = {}
    if hasattr(node, "line_of"):
        for key in node:
            if isinstance(key, str) and key != "timeline":
                out[key] = node.line_of(key)
        for player in node.get("players") or ():      # `players.SEAT`: the line of each player listed
            if isinstance(player, dict) and isinstance(player.get("seat"), int) and hasattr(player, "line"):
                out[f"players.{player['seat']}"] = player.line
        game = node.get("game")
        if isinstance(game, dict):
            for key in game:
                if isinstance(key, str):
                    out[f"game.{key}"] = game.line_of(key) if hasattr(game, "line_of") else out.get("game")
    return out


# -- writing -----------------------------------------------------------------------------------

def entry_as_written(entry: dict):
    """A validated timeline entry back in the form an incident file holds it (an entry as read from
    a file is already in that form)."""
    if "entry" not in entry:
        return entry
    own = {"street": "street", "event": "event"}.get(entry["entry"])    # the key naming it, not a field
    body = {k: v for k, v in entry.items() if k not in PRIVATE and k != own}
    if entry["entry"] == "action":
        return body
    if entry["entry"] == "street":
        body = {k: v for k, v in body.items() if not (k == "in_question" and v is False)}
        if set(body) <= {"cards"}:
            return {entry["street"]: body.get("cards")}
        return {entry["street"]: body}
    if entry["entry"] == "said":
        if BYSTANDER in body:                  # a speaker not in the hand, as the user wrote him
            body = {("by" if k == "by" else k): (body[BYSTANDER] if k == "by" else v)
                    for k, v in body.items() if k != BYSTANDER}
        return {"said": body}
    body = {k: v for k, v in body.items() if not (k == "in_question" and v is False)}
    return {entry["event"]: body}


def _unknowns_as_written(value):
    from ruling_engine.numbers import Approx, whole
    if isinstance(value, float) and value != value:
        return UNKNOWN
    if isinstance(value, Approx):
        return {value.kind: whole(float(value))}
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], Approx):
        return {value[0].kind: whole(float(value[0]))}          # chips: {about: N}, the whole of them
    if isinstance(value, dict):
        return {k: _unknowns_as_written(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unknowns_as_written(v) for v in value]
    return value


def incident_as_written(data: dict) -> dict:
    out = {k: v for k, v in data.items() if k != "timeline" and not str(k).startswith("_")}
    out["timeline"] = [entry_as_written(e) for e in data.get("timeline", [])]
    out = _unknowns_as_written(out)
    order = ["title", "house", "game", "button", "dealer", "players", "others", "pot_at_start",
             "pot_smallest_chip", "timeline", "notes", "expected", "casebook"]
    return {k: out[k] for k in sorted(out, key=lambda k: order.index(k) if k in order else len(order))}


def incident_text(data: dict) -> str:
    """An incident as the YAML text of an incident file."""
    return yaml.safe_dump(incident_as_written(data), sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=100)
