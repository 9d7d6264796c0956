"""Typed answers to the questionnaire: parsing what the floor types, and answers files.

An answers file is YAML keyed by question name, as `floorcall ask` names its questions, with the
timeline as an incident file writes it:

    house: edp
    game.format: cash
    game.variant: NLHE
    players: {2: 150, 4: 80, 7: 200}      # or [2, 4, 7] without stacks
    timeline:                             # "what happened next?", in order
      - turn:
      - {seat: 2, chips: [10, 5]}
      - {seat: 7, chips: [10], in_question: true}
      - card_exposed: {}                  # its fields are asked (or given below)
    card_exposed.by: dealer               # `unknown` when the floor cannot establish it
    card_exposed#2.by: player             # the second event of that kind
    game.blinds: 1/2
    players.cards: {2: [Ah, Kd], 7: [Qs, Qc]}   # hole cards, when the rules need them
"""
from __future__ import annotations

import re

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.cards import UNKNOWN_CARD, normal_card
from ruling_engine.incident.unknowns import UNKNOWN

STREETS = ("preflop", "flop", "turn", "river")
YES = {"yes", "y", "true"}
NO = {"no", "n", "false"}


class AnswerError(ValueError):
    """A typed answer that does not fit its question; the message says what would."""


def parse_players(text) -> list:
    """'2 4 7' or '2:150 4:80' (or a list / mapping from an answers file) -> player records."""
    if isinstance(text, dict):
        return [{"seat": _seat(s), "stack": v} for s, v in text.items()]
    if isinstance(text, list):
        return [{"seat": _seat(s)} if not isinstance(s, dict) else dict(s) for s in text]
    players = []
    for item in str(text).replace(",", " ").split():
        seat, _, stack = item.partition(":")
        if not seat.isdigit() or (stack and not _is_number(stack)):
            raise AnswerError(f"{item!r}: write seats as numbers, e.g. '2 4 7' or '2:150 4:80'")
        player = {"seat": int(seat)}
        if stack:
            player["stack"] = _number(stack)
        players.append(player)
    if not players:
        raise AnswerError("name at least one seat, e.g. '2 4 7'")
    if len({p["seat"] for p in players}) != len(players):
        raise AnswerError("each seat once")
    return players


def _seat(value) -> int:
    """A seat number from an answers file's list or mapping."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise AnswerError(f"{value!r}: write seats as numbers, e.g. [2, 4, 7] or {{2: 150, 4: 80}}")


def parse_cards(text) -> list:
    """'Ah 8s 4d' (or a list from an answers file) -> ['Ah', '8s', '4d']."""
    items = text if isinstance(text, list) else str(text).replace(",", " ").split()
    cards = []
    for item in items:
        card = str(item).strip()
        card = card[:-1].upper() + card[-1].lower() if len(card) >= 2 else card
        if normal_card(card) in (None, UNKNOWN_CARD):       # `A?`: a card of unseen suit (incident/cards.py)
            raise AnswerError(f"{item!r}: write a card as rank then suit, e.g. Ah, Td, 10h or 7c "
                              "(Q? for a queen whose suit nobody saw)")
        cards.append(card)
    if not cards:
        raise AnswerError("name the cards, e.g. 'Ah 8s 4d'")
    return cards


def parse_hole_cards(lines, seats: list) -> dict:
    """Lines 'SEAT CARD CARD ...' (or a mapping seat -> cards from an answers file) -> {seat: cards}."""
    items = lines.items() if isinstance(lines, dict) else \
        ((line.split(None, 1) + [""])[:2] for line in (lines if isinstance(lines, list) else [lines]) if str(line).strip())
    out = {}
    for seat, cards in items:
        if not str(seat).isdigit() or int(seat) not in seats:
            raise AnswerError(f"{seat!r}: a seat in the hand first ({', '.join(map(str, seats))}), then the cards")
        out[int(seat)] = parse_cards(cards)
    return out


def parse_action(text: str, seats: list) -> dict:
    """'SEAT [words] [= chip chip ...] [out of turn] [for the turn] [in question]' -> a timeline action entry."""
    line = text.strip()
    action = {}
    if re.search(r"\b(in question|called about)\b|\s\?\s*$", line, re.I):
        action["in_question"] = True
        line = re.sub(r"\b(in question|called about)\b|\s\?\s*$", "", line, flags=re.I).strip()
    # who heard his words (issue 22): "heard by dealer", "heard by the table", "heard by a player", "heard by nobody"
    heard = re.search(r"\bheard by (?:the |a |one )?(table|dealer|players?|nobody)\b", line, re.I)
    if heard:
        action["heard_by"] = heard.group(1).lower().rstrip("s") if heard.group(1).lower() != "players" else "player"
        line = (line[:heard.start()] + line[heard.end():]).strip()
    # made for the next street before its card (issue 22): "for the turn", "for the river", "for fifth street"
    meant = re.search(r"\bfor (?:the )?(flop|turn|river|(?:fourth|fifth|sixth|seventh)[ -]street)\b", line, re.I)
    if meant:
        action["for_street"] = meant.group(1).lower().replace(" ", "-")
        line = (line[:meant.start()] + line[meant.end():]).strip()
    # the amounts his words could mean (e17/declare): "could mean 4.50 or 450", "could mean 4.5 / 136"
    could = re.search(r"\bcould mean\s+(£?\d[\d.,]*(?:\s*(?:or|/|,)\s*£?\d[\d.,]*)+)", line, re.I)
    if could:
        action["could_mean"] = [_number(v.replace(",", "")) for v in re.split(r"\s*(?:or|/|,\s)\s*", could.group(1).replace("£", ""))
                                if v.strip()]
        line = (line[:could.start()] + line[could.end():]).strip()
    if re.search(r"\bout of turn\b", line, re.I):
        action["in_turn"] = False
        line = re.sub(r"\bout of turn\b", "", line, flags=re.I).strip()
    said, _, chips = line.partition("=")
    words = said.split()
    if not words or not words[0].isdigit():
        raise AnswerError(f"{text!r}: start with the seat, e.g. '2 bet 15 = 10 5' or '7 = 10'")
    seat = int(words[0])
    if seat not in seats:
        raise AnswerError(f"seat {seat} is not in the hand ({', '.join(map(str, seats))})")
    action["seat"] = seat
    if words[1:]:
        action["said"] = " ".join(words[1:])
    # which came first, words or chips, said after the chips: "= 1 1 5 during motion" (words while
    # the chips were still moving, before he let go), "words first", "chips first", "together"
    first = re.search(r"\b(words first|chips first|together|during (?:the )?motion)\s*$", chips, re.I)
    if first:
        phrase = first.group(1).lower()
        action["first"] = "during-motion" if phrase.startswith("during") else phrase.split()[0]
        chips = chips[:first.start()]
    if chips.strip():
        values = chips.replace(",", " ").split()
        if not all(_is_number(v) for v in values):
            raise AnswerError(f"{chips.strip()!r}: chips are numbers, one per chip, e.g. '= 10 5'")
        action["chips"] = [_number(v) for v in values]
    if "said" not in action and "chips" not in action:
        raise AnswerError(f"{text!r}: say what the player said and/or the chips, e.g. '7 call' or '7 = 10'")
    if "could_mean" in action and "said" not in action:
        raise AnswerError(f"{text!r}: what his words could mean is for his words, e.g. '5 four fifty could mean 4.5 or 450'")
    if "heard_by" in action and "said" not in action:
        raise AnswerError(f"{text!r}: who heard is for his words, e.g. '7 all in = 1000 1000 heard by dealer'")
    if "first" in action and not ("said" in action and "chips" in action):
        raise AnswerError(f"{text!r}: which came first is for words and chips together, "
                          "e.g. '7 raise = 1 1 1 1 5 during motion'")
    return {"seat": action.pop("seat"), **action}


SUPPOSED = {"call": "call", "check": "check", "fold": "fold"}      # "if I ..." words -> if: (else all-in)


def parse_said(text: str, seats: list) -> dict:
    """'SEAT: words' or 'dealer: words' (floor, spectator) -> a `said:` timeline entry; 'SEAT asks:
    words' is a question that player put to the floor (kind: question, marked as the point); 'SEAT
    asks about SEAT: words' a question about that other player's options (of:), and words opening
    "if I shove, ..." (call, check, fold) say the asker's own action it supposes (if:). 'SEAT takes
    back: words' are his own words taking back the action he just declared (kind: withdrawal); 'SEAT
    names: words' his own hand named in words at showdown (kind: hand: "2 names: ace-high straight")."""
    who, sep, words = str(text).partition(":")
    who = who.strip().lower()
    of = None
    about = re.fullmatch(r"(\d+)\s+asks\s+about\s+(?:seat\s+)?(\d+)", who)
    if about:
        who, of = about.group(1) + " asks", int(about.group(2))
        if of not in seats:
            raise AnswerError(f"seat {of} is not in the hand ({', '.join(map(str, seats))})")
    asks = who.endswith(" asks") and who[:-5].strip().isdigit()
    if asks:
        who = who[:-5].strip()
    # "SEAT takes back: words" - he takes back or corrects the words of his own action just before
    takes_back = re.fullmatch(r"(\d+)\s+takes\s+back", who)
    if takes_back:
        who = takes_back.group(1)
    # "SEAT names: words" - at showdown he names his own hand in words (kind: hand, issue 21/22)
    names = re.fullmatch(r"(\d+)\s+names", who)
    if names:
        who = names.group(1)
    if not sep or not words.strip():
        raise AnswerError("who, a colon, then the words, e.g. '6: I never saw the raise' or 'dealer: five to call'")
    if who.isdigit():
        if int(who) not in seats and (asks or takes_back or names):
            raise AnswerError(f"seat {who} is not in the hand ({', '.join(map(str, seats))})")
        by = int(who)          # a seat not in the hand only speaks: a bystander's words (issue 22)
    elif who in ("dealer", "floor", "spectator"):
        by = who
    else:
        raise AnswerError(f"{who!r}: a seat number, dealer, floor or spectator")
    if asks and of is not None and of != by:
        body = {"by": by, "words": words.strip(), "kind": "question", "of": of}
        supposed = re.match(r"\s*if i(?:'m| am)?\s+(shove|jam|push|go all[- ]in|all[- ]in|call|check|fold)\b",
                            words.lower())
        if supposed:
            body["if"] = SUPPOSED.get(supposed.group(1), "all-in")
        return {"said": {**body, "in_question": True}}
    if asks:
        return {"said": {"by": by, "words": words.strip(), "kind": "question", "in_question": True}}
    if takes_back:
        return {"said": {"by": by, "words": words.strip(), "kind": "withdrawal"}}
    if names:
        return {"said": {"by": by, "words": words.strip(), "kind": "hand"}}
    return {"said": {"by": by, "words": words.strip()}}


def parse_amounts(text) -> list:
    """'1 2', '1/2', '£0.50/£1', '0.5, 1' (or a list) -> [1, 2]."""
    if isinstance(text, list):
        values = [str(v) for v in text]
    else:
        values = re.sub(r"[£$€]", "", str(text)).replace("/", " ").replace(",", " ").split()
    if values and all(_is_number(v) for v in values):
        return [_number(v) for v in values]
    raise AnswerError("numbers, e.g. '1 2' or '1/2'")


def parse_value(question, text):
    """A typed answer to a choice, yes/no, number or seat question."""
    raw = str(text).strip()
    if question.allow_unknown and raw.lower() in (UNKNOWN, "?", "don't know", "dont know"):
        return UNKNOWN
    if question.kind == "yesno":
        if isinstance(text, bool):
            return text
        if raw.lower() in YES | NO:
            return raw.lower() in YES
        raise AnswerError("answer yes or no" + (" (or unknown)" if question.allow_unknown else ""))
    if question.kind in ("choice", "menu", "club"):
        values = [str(v) for v, _ in question.choices]
        if raw in values:
            return question.choices[values.index(raw)][0]
        raise AnswerError("one of: " + ", ".join(values))
    if question.allow_blank and (text is None or raw == ""):
        return None                      # not stated: the field is left out of the incident
    if question.kind == "seat":
        if raw.isdigit() and int(raw) in [v for v, _ in question.choices]:
            return int(raw)
        raise AnswerError("a seat in the hand: " + ", ".join(str(v) for v, _ in question.choices))
    if question.kind == "cards":
        return parse_cards(text)
    if question.kind == "amounts":
        return parse_amounts(text)
    if question.kind == "number":
        cleaned = re.sub(r"[£$€,]", "", raw)
        if _is_number(cleaned):
            return _number(cleaned)
        bound = re.fullmatch(r"(about|around|roughly|~|at least|over|more than)\s*(\d+(?:\.\d+)?)", cleaned.lower())
        if bound and getattr(question, "bounded", False):      # an amount known roughly, or as a bound
            kind = {"at least": "at_least", "over": "over", "more than": "over"}.get(bound.group(1), "about")
            return {kind: _number(bound.group(2))}
        raise AnswerError("a number" + (", or ? for don't know" if question.allow_unknown else ""))
    if question.kind == "text":
        return raw
    raise AnswerError(f"cannot read an answer to a {question.kind} question here")


def parse_file_answer(question, value, seats: list):
    """An answer as written in an answers file."""
    if value is None and question.allow_blank:
        return None
    if question.kind == "seats":
        return parse_players(value)
    if question.kind == "hole_cards":
        return parse_hole_cards(value, seats) if value else None
    if question.kind == "marks":
        items = value if isinstance(value, list) else [value]
        return [int(v) for v in items]
    if question.kind in ("choice", "yesno") and value == UNKNOWN:
        return UNKNOWN
    if question.kind in ("choice", "club") and not isinstance(value, str):
        return parse_value(question, str(value).lower() if isinstance(value, bool) else value)
    return parse_value(question, value)


def load_answers(path) -> dict:
    from ruling_engine.incident.yaml_source import load_file
    data = load_file(path, what="answers: a mapping of question names to answers")
    if not isinstance(data, dict):
        raise FloorcallError(str(path), 1, "a mapping of question names to answers", type(data).__name__)
    return data


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"\d+(\.\d+)?", str(text).strip()))


def _number(text: str):
    value = float(text)
    return int(value) if value.is_integer() else value
