"""Reading an incident file: checked field by field against the vocabulary's incident records."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.knowledge.vocabulary import FieldSpec, Vocabulary
from ruling_engine.incident.yaml_source import load_file, load_text

HAND_SIZE = {"NLHE": 2, "PLO": 4, "PLHE": 2, "LHE": 2, "stud": 7}     # a player's cards in a whole hand


@dataclass(frozen=True)
class Incident:
    file: str
    data: dict              # validated, defaults filled in

    @property
    def house(self) -> str:
        return self.data["house"]

    @property
    def title(self) -> str:
        return self.data.get("title") or Path(self.file).stem


class _Validator:
    def __init__(self, vocabulary: Vocabulary, clubs, file: str):
        self.records = vocabulary.records
        self.clubs = tuple(clubs)
        self.file = file

    def record(self, name: str, node, line) -> dict:
        fields = self.records[name]
        if not isinstance(node, dict):
            raise FloorcallError(self.file, getattr(node, "line", line),
                                 f"a mapping of {name} fields ({', '.join(fields)})", repr(node))
        out = {}
        for key, value in node.items():
            key_line = node.line_of(key) if hasattr(node, "line_of") else line
            if key not in fields:
                raise FloorcallError(self.file, key_line, f"one of the {name} fields", f"unknown field {key!r}",
                                     did_you_mean(key, fields))
            out[key] = self.value(fields[key], value, key_line)
        for key, spec in fields.items():
            if key in out:
                continue
            if spec.required:
                raise FloorcallError(self.file, getattr(node, "line", line), f"a `{key}:` field in {name}",
                                     "none", spec.help or spec.question)
            if spec.default is not None:
                out[key] = spec.default
        return out

    def value(self, spec: FieldSpec, value, line):
        t = spec.type
        if t == "record":
            return self.record(spec.record, value, line)
        if t == "list":
            if not isinstance(value, list):
                raise FloorcallError(self.file, line, f"a list under `{spec.name}:`", repr(value),
                                     "start each item on its own line with '- '")
            lines = getattr(value, "item_lines", [line] * len(value))
            if spec.record == "event":
                return [self.event(item, item_line) for item, item_line in zip(value, lines)]
            return [self.record(spec.record, item, item_line) for item, item_line in zip(value, lines)]
        if t == "mapping":
            if not isinstance(value, dict):
                raise FloorcallError(self.file, line, f"a mapping under `{spec.name}:`", repr(value))
            return value
        if t in ("amounts", "cards"):
            if not isinstance(value, list) or not value:
                raise FloorcallError(self.file, line, f"a list under `{spec.name}:`", repr(value),
                                     "e.g. [10, 5]" if t == "amounts" else "e.g. [As, Kd]")
            item_spec = FieldSpec(spec.name, "amount" if t == "amounts" else "card")
            for item in value:
                item_spec.check_value(item, self.file, line)
            return list(value)
        if t == "club":
            if value not in self.clubs:
                raise FloorcallError(self.file, line, "one of the clubs " + ", ".join(self.clubs),
                                     repr(value), did_you_mean(value, self.clubs))
            return value
        if value == UNKNOWN and t in ("enum", "bool") and spec.name != "house":
            return value           # "don't know": the ruling is worked out for every possible value
        spec.check_value(value, self.file, line)
        return value

    def event(self, node, line) -> dict:
        kinds = self.records["event"]
        if not isinstance(node, dict) or len(node) != 1:
            raise FloorcallError(self.file, getattr(node, "line", line),
                                 "one event per item, written `- kind: {fields}`", repr(node),
                                 "event kinds: " + ", ".join(kinds))
        (kind, body), = node.items()
        if kind not in kinds:
            raise FloorcallError(self.file, node.line_of(kind), "an event kind", repr(kind),
                                 did_you_mean(kind, kinds))
        return {"event": kind, **self.record(kinds[kind].record, body, node.line_of(kind))}


def _check_seats(data: dict, node, file: str) -> None:
    seats = [p["seat"] for p in data["players"]]
    if not seats:
        raise FloorcallError(file, node.line_of("players"), "at least one player", "an empty list")
    if len(set(seats)) != len(seats):
        raise FloorcallError(file, node.line_of("players"), "each seat once among the players",
                             f"seats {seats}")
    known = ", ".join(map(str, sorted(seats)))
    for section in ("actions", "events"):
        raw_items = node.get(section) or []
        for item, raw in zip(data.get(section, []), raw_items):
            seat = item.get("seat")
            if seat is not None and seat not in seats:
                line = raw.line if section == "actions" else next(iter(raw.values())).line
                raise FloorcallError(file, line, f"a seat of a player in the hand ({known})",
                                     f"seat {seat}", "add the player under players:, or correct the seat")


def _check_hand_sizes(data: dict, node, file: str) -> None:
    """A player cannot turn up more cards than a whole hand of the game holds."""
    size = HAND_SIZE[data["game"]["variant"]]
    for item, raw in zip(data.get("events", []), node.get("events") or []):
        if item["event"] == "hand_shown" and item["face_up"] > size:
            body = next(iter(raw.values()))
            raise FloorcallError(file, body.line_of("face_up"),
                                 f"at most {size} cards face up in {data['game']['variant']}",
                                 f"face_up: {item['face_up']}",
                                 "count only the player's own cards, not the board")


def _check_tournament_events(data: dict, node, file: str) -> None:
    """A chip race deals one card per odd chip, no card twice; a colour-up goes to a larger chip;
    each table is counted once."""
    seen_cards, tables = {}, set()
    for item, raw in zip(data.get("events", []), node.get("events") or []):
        body = next(iter(raw.values()))
        if item["event"] == "race_entry" and "cards" in item:
            if len(item["cards"]) != item["odd_chips"]:
                raise FloorcallError(file, body.line_of("cards"),
                                     f"one card per odd chip ({item['odd_chips']} for seat {item['seat']})",
                                     f"{len(item['cards'])} cards", "list exactly the cards dealt to him in the race")
            for card in item["cards"]:
                if card in seen_cards:
                    raise FloorcallError(file, body.line_of("cards"), "each race card dealt once",
                                         f"{card} also dealt to seat {seen_cards[card]}")
                seen_cards[card] = item["seat"]
        elif item["event"] == "colour_up" and item["into"] <= item["chip"]:
            raise FloorcallError(file, body.line_of("into"), f"a chip larger than {item['chip']}",
                                 f"into: {item['into']}", "into is the denomination the small chips become")
        elif item["event"] == "table_count":
            if item["number"] in tables:
                raise FloorcallError(file, body.line_of("number"), "each table counted once",
                                     f"table {item['number']} twice")
            tables.add(item["number"])
            if item["players"] > item["seats"]:
                raise FloorcallError(file, body.line_of("players"), f"at most {item['seats']} players (its seats)",
                                     f"players: {item['players']}", "give the table's seats: if it has more")


def _check_motions(data: dict, node, file: str) -> None:
    """The chips of an action's motions add up to its chips."""
    for item, raw in zip(data.get("actions", []), node.get("actions") or []):
        if "motions" not in item:
            continue
        line = raw.line_of("motions")
        if "chips" not in item:
            raise FloorcallError(file, line, "chips: beside motions: (the chips the motions hold)",
                                 "motions without chips", "add e.g. chips: [10, 10] for motions: [10, 10]")
        if sum(item["motions"]) != sum(item["chips"]):
            raise FloorcallError(file, line, f"motions adding up to the chips ({sum(item['chips'])})",
                                 f"motions adding up to {sum(item['motions'])}",
                                 "each motion is the value of the chips released in that motion")


def _check_cards(data: dict, node, file: str) -> None:
    """Cards must be possible: no card twice (hole cards and board together), a whole hand of the
    game's size for each player, at most five board cards (none in stud)."""
    variant = data["game"]["variant"]
    size = HAND_SIZE[variant]
    if any(e["event"] == "deck_problem" and e["kind"] == "duplicate-card" for e in data.get("events", [])):
        seen = None          # the floor is describing a card that turned up twice
    else:
        seen = {}
    raw_players = node.get("players") or []
    for player, raw in zip(data["players"], raw_players):
        cards = player.get("cards")
        if not cards:
            continue
        line = raw.line_of("cards") if hasattr(raw, "line_of") else getattr(raw, "line", None)
        if variant != "stud" and len(cards) != size or variant == "stud" and not 2 <= len(cards) <= size:
            want = f"{size} hole cards in {variant}" if variant != "stud" else "2 to 7 cards in stud"
            raise FloorcallError(file, line, want, f"{len(cards)} for seat {player['seat']}",
                                 "list all of the player's own cards, e.g. [Ah, Kh]")
        for card in cards:
            _note_card(card, f"seat {player['seat']}", seen, file, line)
    board = data.get("board") or []
    line = node.line_of("board") if "board" in node else None
    if variant == "stud" and board:
        raise FloorcallError(file, line, "no board in seven-card stud", f"board: {board}",
                             "list each player's up and down cards under players: cards:")
    if len(board) > 5:
        raise FloorcallError(file, line, "at most 5 board cards", f"{len(board)} cards",
                             "a fourth flop card or a premature card is an event, not part of the board")
    for card in board:
        _note_card(card, "the board", seen, file, line)


def _note_card(card: str, where: str, seen: dict | None, file: str, line) -> None:
    if seen is None:
        return
    key = ("T" + card[2:]) if card.startswith("10") else card
    if key in seen:
        raise FloorcallError(file, line, "each card once in the deck", f"{card} in {seen[key]} and in {where}",
                             "check the cards: a duplicate card in the deck is a deck_problem event")
    seen[key] = where


def load_incident(path, vocabulary: Vocabulary, clubs) -> Incident:
    """Read and validate an incident file; every problem is a FloorcallError naming file and line."""
    file = str(path)
    node = load_file(path, what="an incident: a mapping with house, game, street and players")
    return validate_incident(node, file, vocabulary, clubs)


def incident_text(data: dict) -> str:
    """An incident as the YAML text of an incident file."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def parse_incident_text(text: str, file: str, vocabulary: Vocabulary, clubs) -> Incident:
    """Validate incident YAML text exactly as a file holding it would be validated."""
    return validate_incident(load_text(text, file), file, vocabulary, clubs)


def _check_event_seat_fields(data: dict, node, file: str, vocabulary: Vocabulary) -> None:
    """Every other seat an event names (a target, the blinds' seats) is a player in the hand."""
    seats = [p["seat"] for p in data["players"]]
    records = vocabulary.records
    for item, raw in zip(data.get("events", []), node.get("events") or []):
        fields = records[records["event"][item["event"]].record]
        body = next(iter(raw.values()))
        for name, spec in fields.items():
            if name != "seat" and spec.type == "seat" and name in item and item[name] not in seats:
                line = body.line_of(name) if hasattr(body, "line_of") else None
                raise FloorcallError(file, line, f"a seat of a player in the hand ({', '.join(map(str, sorted(seats)))})",
                                     f"{name}: {item[name]}", "add the player under players:, or correct the seat")


def validate_incident(node, file: str, vocabulary: Vocabulary, clubs) -> Incident:
    data = _Validator(vocabulary, clubs, file).record("incident", node, 1)
    _check_seats(data, node, file)
    _check_event_seat_fields(data, node, file, vocabulary)
    _check_hand_sizes(data, node, file)
    _check_tournament_events(data, node, file)
    _check_motions(data, node, file)
    _check_cards(data, node, file)
    return Incident(file=file, data=data)
