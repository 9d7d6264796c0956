"""Cards as people write them: `As`, `10h`, `Td`, `A♠`, `K♥`; `?` or `unknown` for a card not seen."""
from __future__ import annotations

import re

SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
CARD = re.compile(r"^(10|[2-9TJQKA])([shdc])$")
UNKNOWN_CARD = "?"


def normal_card(text) -> str | None:
    """The card in the engine's spelling (`Ts`, `Ah`), `?` for an unknown card, None if not a card."""
    if not isinstance(text, str):
        return None
    value = text.strip()
    if value.lower() in ("?", "unknown", "xx", "x"):
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


CARD_HINT = "rank 2-9, T or 10, J, Q, K, A, then a suit s h d c or ♠ ♥ ♦ ♣ (e.g. As, 10h, K♦); ? for a card not seen"
