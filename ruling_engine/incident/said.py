"""Reading what a player said: the official term, the number, its unit and wording, and whether
the words were a conditional statement or unofficial language.

Neutral on purpose: "raise 20" gives the number 20 and no reading of it. Whether a declared
raise amount is the total bet or the increment is each club's definition rule.
"""
from __future__ import annotations

import re

from ruling_engine.numbers import whole
from ruling_engine.records import dataclass

OFFICIAL = ("call", "check", "bet", "raise", "fold", "all-in", "pot")
_VERBS = {"calls": "call", "checks": "check", "bets": "bet", "raises": "raise", "folds": "fold",
          "allin": "all-in", "all in": "all-in", "all-in": "all-in"}
_UNITS = {"ones": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                   "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                   "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                   "nineteen": 19},
          "tens": {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                   "seventy": 70, "eighty": 80, "ninety": 90}}
_NUMBER_WORDS = set(_UNITS["ones"]) | set(_UNITS["tens"]) | {"hundred", "thousand", "a", "and"}


@dataclass(frozen=True)
class Said:
    """What the words someone said declare."""

    term: str                 # an official term, 'amount-only' (a number alone) or 'none'
    amount: float | None      # the number said, as said
    unit: str = "none"        # pounds, pence or none (no unit said)
    wording: str = "none"     # for a raise: 'to' ("raise to 40"), 'by' ("raise by 20") or none
    conditional: bool = False  # an "if ..., then ..." statement about future action
    unofficial: bool = False   # words that are neither an official term nor an amount


def _number_words(words: list):
    """'one hundred and fifty' -> 150; None if the words are not a number."""
    if not words or any(w not in _NUMBER_WORDS for w in words) or words == ["a"] or words == ["and"]:
        return None
    total, current = 0, 0
    for word in words:
        if word in ("a", "and"):
            current = current or (1 if word == "a" else current)
            continue
        if word in _UNITS["ones"]:
            current += _UNITS["ones"][word]
        elif word in _UNITS["tens"]:
            current += _UNITS["tens"][word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total += (current or 1) * 1000
            current = 0
    return total + current


def _plain_numbers(raw: str) -> str:
    """Numbers as people say and write them, as digits: '8,000' -> '8000', '8k' / '2.5k' -> '8000' /
    '2500', 'two grand' -> 'two thousand'."""
    raw = re.sub(r"(?<=\d),(?=\d{3}\b)", "", raw)
    raw = re.sub(r"\b(\d+(?:\.\d+)?)\s*k\b", lambda m: f"{float(m.group(1)) * 1000:g}", raw)
    raw = re.sub(r"\b(\d+)\s+(grand|thousand)\b", lambda m: str(int(m.group(1)) * 1000), raw)
    return re.sub(r"\bgrand\b", "thousand", raw)


def read_said(text) -> Said:
    """What was said, read into term, number, unit and wording."""
    if text is None or not str(text).strip():
        return Said("none", None)
    raw = _plain_numbers(str(text).strip().lower())
    if re.match(r"^if\b", raw) or re.search(r"\bif\b.*\bthen\b", raw):
        return Said("none", None, conditional=True)
    words = re.sub(r"[,!?]|\.(?!\d)", " ", raw).replace("all in", "all-in").split()
    words = [part for word in words for part in ([word] if word == "all-in" else word.split("-")) if part]
    if words[:1] in (["i"], ["i'm"]) and len(words) > 1 and words[1] not in ("in",):
        words = words[1:]
    term = "none"
    if words and (words[0] in OFFICIAL or words[0] in _VERBS):
        term = _VERBS.get(words[0], words[0])
        words = words[1:]
    if words and words[0] == "the" and words[1:] == ["pot"]:
        return Said("pot", None)
    wording = "none"
    if term == "raise" and words and words[0] in ("to", "by"):
        wording, words = words[0], words[1:]
    unit, amount = "none", None
    if words:
        joined = " ".join(words)
        match = re.fullmatch(r"(£|\$)?\s*(\d+(?:\.\d+)?)\s*(p|pence|pound|pounds|quid)?", joined)
        if match:
            amount = whole(float(match.group(2)))
            unit = "pence" if match.group(3) in ("p", "pence") else (
                "pounds" if match.group(1) or match.group(3) else "none")
        else:
            tail = words[-1] if words[-1] in ("p", "pence", "pound", "pounds", "quid") else None
            number = _number_words(words[:-1] if tail else words)
            if number is None:
                return Said(term, None, unofficial=True)
            amount = number
            unit = "none" if tail is None else ("pence" if tail in ("p", "pence") else "pounds")
    if term == "none":
        return Said("amount-only", amount, unit) if amount is not None else Said("none", None, unofficial=True)
    return Said(term, amount, unit, wording)


def _one_edit_apart(word: str, term: str) -> bool:
    """One letter changed, added, dropped, or two neighbours swapped."""
    if word == term or abs(len(word) - len(term)) > 1:
        return False
    if len(word) == len(term):
        diffs = [i for i, (a, b) in enumerate(zip(word, term)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and word[diffs[0]] == term[diffs[1]] and word[diffs[1]] == term[diffs[0]])
    short, long_ = sorted((word, term), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


_ENGLISH = {"all", "ball", "fall", "hall", "tall", "wall", "hold", "old", "gold", "told", "cold", "bold", "sold",
            "food", "folk", "bat", "bit", "but", "get", "let", "set", "yet", "not", "hot", "got", "lot", "put",
            "pit", "pat", "pop"}   # words a player may say meaning just that


def likely_typo(text) -> str | None:
    """The official term a one-word declaration (with an amount, or alone) misspells: 'caal',
    'rasie 20', 'chek'. None for an official term, a word that only adds to one ('called',
    'raising'), and anything longer (real unofficial language: "I'm in", "let's go")."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    words = re.sub(r"[,.!?]", " ", text.strip().lower()).split()
    if words[:1] in (["i"], ["i'm"]):
        words = words[1:]
    if not words or len(words) > 2 or words[0] in OFFICIAL or words[0] in _VERBS or words[0] in _NUMBER_WORDS:
        return None
    if len(words) == 2 and not re.fullmatch(r"(£|\$)?\d+(\.\d+)?(p)?", words[1]):
        return None
    word = words[0]
    if word in _ENGLISH:
        return None
    for term in OFFICIAL:
        if len(term) >= 3 and not word.startswith(term) and _one_edit_apart(word, term):
            return term
    return None
