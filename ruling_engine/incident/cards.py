"""Cards as people write them: `As`, `10h`, `Td`, `A♠`, `K♥`; `?` or `unknown` for a card not seen;
`Q?` for a queen whose suit nobody saw, `?♠` for a spade whose rank nobody saw (issue 22)."""
from __future__ import annotations

import re

from ruling_engine.patterns import on_first_use

SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
CARD = on_first_use(r"^(10|[2-9TJQKA?])([shdc?])$")
UNKNOWN_CARD = "?"


def normal_card(text) -> str | None:
    """The card in the engine's spelling (`Ts`, `Ah`), `?` for an unknown card, `Q?` for a card of
    known rank and unknown suit, `?s` for one of known suit and unknown rank; None if not a card."""
    if not isinstance(text, str):
        return None
    value = text.strip()
    if value.lower() in ("?", "unknown", "xx", "x", "??"):
        return UNKNOWN_CARD
    for symbol, letter in SUITS.items():
        value = value.replace(symbol, letter)
    if len(value) >= 2:
        value = value[:-1].upper() + value[-1].lower()
    match = CARD.match(value)
    if not match:
        return None
    rank = "T" if match.group(1) == "10" else match.group(1)
    return rank + match.group(2)


FULL_CARD = on_first_use(r"^[2-9TJQKA][shdc]$")
SUITLESS = re.compile(r"^[2-9TJQKA]\?$")


def suitless(card) -> bool:
    """A card of known rank whose suit nobody saw (`Q?`): ruled with each suit it can have."""
    return isinstance(card, str) and bool(SUITLESS.match(card))


def spellings(card: str) -> list:
    """The ways a card in the engine's spelling (`Ks`, `Th`) may be written in a ruling's words:
    `Ks`, `K♠`; `Th`, `10h`, `T♥`, `10♥`."""
    symbol = {letter: sym for sym, letter in list(SUITS.items())[:4]}[card[-1]]
    ranks = [card[:-1]] + (["10"] if card[:-1] == "T" else [])
    return [rank + suit for rank in ranks for suit in (card[-1], symbol)]


def partly_known(card: str) -> bool:
    """Whether the card is named only in part: its rank or its suit (or both) not seen."""
    return "?" in card


def whole(cards) -> bool:
    """Whether every card is named in full (rank and suit): only such cards make a hand to read."""
    return not any(partly_known(c) for c in cards)


CARD_HINT = ("rank 2-9, T or 10, J, Q, K, A, then a suit s h d c or ♠ ♥ ♦ ♣ (e.g. As, 10h, K♦); "
             "? for a card not seen, Q? for a queen whose suit nobody saw, ?♠ for a spade of unseen rank")
