"""Reading a hand named in words at showdown ("ace-high straight", "kings and fours", "set of
kings", "the wheel", "nut flush") into the kind of hand named and the ranks the words give.

Neutral on purpose: the words give a kind of hand and, where they say them, its ranks (the top of a
straight or flush, the pair, the two pairs, the three of a full house). Whether the named hand is
what the cards make is the card facts' to say (facts/cards_read.py, `matches`); what a club does
with a wrong one is its clauses'. Words that name no hand read as None: the caller names them in a
warning, never drops them silently (issue 22).
"""
from __future__ import annotations

import re

from ruling_engine.records import dataclass

RANKS = "23456789TJQKA"
_RANK_NAMES = {"two": "2", "deuce": "2", "three": "3", "trey": "3", "four": "4", "five": "5", "six": "6",
               "seven": "7", "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K",
               "ace": "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
               "10": "T"}
_PLURALS = {"twos": "2", "deuces": "2", "threes": "3", "treys": "3", "fours": "4", "fives": "5", "sixes": "6",
            "sevens": "7", "eights": "8", "nines": "9", "tens": "T", "jacks": "J", "queens": "Q", "kings": "K",
            "aces": "A", "2s": "2", "3s": "3", "4s": "4", "5s": "5", "6s": "6", "7s": "7", "8s": "8", "9s": "9",
            "10s": "T"}
_WORDS = dict(zip(RANKS, ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
                        "king", "ace")))
_PLURAL_WORDS = {r: (w + "es" if w == "six" else w + "s") for r, w in _WORDS.items()}
_ONE = "(" + "|".join(sorted(_RANK_NAMES, key=len, reverse=True)) + ")"
_MANY = "(" + "|".join(sorted(_PLURALS, key=len, reverse=True)) + ")"


@dataclass(frozen=True)
class NamedHand:
    """What the words named: the kind of hand (the hand_declared kinds) and the ranks they give,
    most telling first (a straight's or flush's top card; the pair; the two pairs, higher first;
    a full house's three then two); () when the words give the kind alone."""

    kind: str
    ranks: tuple = ()

    def text(self) -> str:
        """As the card facts name a hand (facts/hands.py Hand.text): 'straight, ace high', 'two pair,
        kings and fours', 'full house, kings full'; the kind alone when the words give no rank."""
        name, r = self.kind.replace("-", " "), self.ranks
        if not r or self.kind == "royal-flush":
            return name
        if self.kind in ("pair", "three-of-a-kind", "four-of-a-kind"):
            return f"{name}, {_PLURAL_WORDS[r[0]]}"
        if self.kind == "two-pair":
            return f"{name}, {_PLURAL_WORDS[r[0]]} " + (f"and {_PLURAL_WORDS[r[1]]}" if len(r) > 1 else "up")
        if self.kind == "full-house":
            return f"{name}, {_PLURAL_WORDS[r[0]]} full" + (f" of {_PLURAL_WORDS[r[1]]}" if len(r) > 1 else "")
        return f"{name}, {_WORDS[r[0]]} high"


def _one(word: str) -> str:
    return _RANK_NAMES[word]


def _many(word: str) -> str:
    return _PLURALS[word]


def _high(text: str, kind_words: str):
    """The top card named for a straight, flush or high card: 'ace-high straight', 'straight to the
    ace', 'straight, nine high', 'king high flush'."""
    for pattern in (_ONE + r"[\s-]+high[\s,-]+(?:\w+[\s-]+)?" + kind_words,
                    kind_words + r"[\s,-]+(?:to|up to)[\s-]+(?:the[\s-]+|an?[\s-]+)?" + _ONE,
                    kind_words + r"[\s,-]+" + _ONE + r"[\s-]+high"):
        match = re.search(pattern, text)
        if match:
            return _one(match.group(1))
    return None


def read_named_hand(words) -> NamedHand | None:
    """The hand the words name, or None when they name none that can be read."""
    if words is None:
        return None
    text = " " + re.sub(r"[^\w\s,-]", " ", str(words).lower()).replace("_", " ") + " "
    text = re.sub(r"\s+", " ", text)
    if re.search(r"\broyal\b", text):
        return NamedHand("royal-flush", ("A",))
    if re.search(r"\bsteel wheel\b", text):
        return NamedHand("straight-flush", ("5",))
    if re.search(r"\bstraight[\s-]+flush\b", text):
        high = _high(text, r"straight[\s-]+flush")
        return NamedHand("straight-flush", (high,) if high else ())
    quads = re.search(r"\b(?:four|quad|quads)[\s-]+(?:of[\s-]+)?" + _MANY + r"\b", text) or \
        re.search(r"\bquads?[\s,-]+(?:of[\s-]+)?" + _MANY + r"\b", text)
    if quads:
        return NamedHand("four-of-a-kind", (_many(quads.group(1)),))
    if re.search(r"\b(?:quads|four of a kind)\b", text):
        return NamedHand("four-of-a-kind")
    full = re.search(r"\b" + _MANY + r"[\s-]+full(?:[\s-]+(?:of|over)[\s-]+" + _MANY + r")?\b", text)
    if full:
        return NamedHand("full-house", tuple(_many(g) for g in full.groups() if g))
    if re.search(r"\b(?:full house|boat|full)\b", text):
        return NamedHand("full-house")
    if re.search(r"\bflush\b", text):
        high = _high(text, "flush")
        return NamedHand("flush", (high,) if high else ())
    if re.search(r"\bwheel\b", text):
        return NamedHand("straight", ("5",))
    if re.search(r"\bbroadway\b", text):
        return NamedHand("straight", ("A",))
    if re.search(r"\bstraight\b", text):
        high = _high(text, "straight")
        return NamedHand("straight", (high,) if high else ())
    trips = re.search(r"\b(?:set|trips|trip|three)[\s-]+(?:of[\s-]+)?" + _MANY + r"\b", text)
    if trips:
        return NamedHand("three-of-a-kind", (_many(trips.group(1)),))
    if re.search(r"\b(?:set|trips|three of a kind)\b", text):
        return NamedHand("three-of-a-kind")
    two = re.search(r"\btwo[\s-]+pairs?(?:[\s,-]+(?:of[\s-]+)?" + _MANY + r"(?:[\s-]+(?:and|over)[\s-]+" + _MANY
                    + r"|[\s-]+up)?)?\b", text)
    if two:
        return NamedHand("two-pair", tuple(_many(g) for g in two.groups() if g))
    pairs = re.search(r"\b" + _MANY + r"[\s-]+(?:and|over)[\s-]+" + _MANY + r"\b", text)
    if pairs:
        return NamedHand("two-pair", (_many(pairs.group(1)), _many(pairs.group(2))))
    up = re.search(r"\b" + _MANY + r"[\s-]+up\b", text)
    if up:
        return NamedHand("two-pair", (_many(up.group(1)),))
    pair = re.search(r"\bpair[\s-]+of[\s-]+" + _MANY + r"\b", text) or \
        re.search(r"\b" + _ONE + r"s?[\s-]+pair\b", text)
    if pair:
        word = pair.group(1)
        return NamedHand("pair", (_many(word) if word in _PLURALS else _one(word),))
    if re.search(r"\bpair\b", text):
        return NamedHand("pair")
    high = re.search(r"\b" + _ONE + r"[\s-]+high\b", text)
    if high:
        return NamedHand("high-card", (_one(high.group(1)),))
    alone = re.fullmatch(r"\s*(?:i've got |i have |i got |got )?" + _MANY + r"\s*", text)
    if alone:
        return NamedHand("pair", (_many(alone.group(1)),))
    return None


def ranks_of(hand) -> tuple:
    """The same ranks read from the cards (a facts/hands.py Hand), in the order NamedHand keeps them."""
    groups = hand.groups()
    kind = hand.category
    if kind in ("straight", "straight-flush", "royal-flush"):
        five = {c[0] for c in hand.five}
        return ("5",) if five >= {"A", "5"} and "K" not in five else (groups[0][0],)
    if kind in ("two-pair", "full-house"):
        return (groups[0][0], groups[1][0])
    return (groups[0][0],)


def matches(named: NamedHand, hand) -> bool:
    """The named hand is what the cards make: the same kind, and each rank the words give the same
    as the cards' (words that give the kind alone are compared on the kind alone)."""
    if named.kind != hand.category:
        return False
    actual = ranks_of(hand)
    return all(said == real for said, real in zip(named.ranks, actual))
