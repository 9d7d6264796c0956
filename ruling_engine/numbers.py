"""Amounts as they are written."""
from __future__ import annotations


def whole(value):
    """A whole-number float as an int (12.0 -> 12), anything else as it is (12.5, 7)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def allowed_deduction(pot, percent, cap=None, round_to=None):
    """(share, allowed): `percent` of `pot` as it is, and what a deduction of that percentage may keep:
    the share rounded to the nearest `round_to` (a half rounds up), then no more than `cap` (issue 20).
    None for allowed when the pot or the percentage is not known."""
    if pot is None or percent is None:
        return None, None
    share = pot * percent / 100
    allowed = share
    if round_to:
        allowed = int(share / round_to + 0.5 + 1e-9) * round_to
    if cap is not None:
        allowed = min(allowed, cap)
    return tidy(share), tidy(allowed)


def tidy(value):
    """An amount after arithmetic, without binary-fraction noise (0.6000000000000001 -> 0.6)."""
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        value = round(value, 9)
    return whole(value)


def game_currency(game: dict) -> str:
    """The currency an incident's amounts are in: the game's own as written (`currency: ""` is no
    sign), else £ in a cash game, none in a tournament (chips)."""
    if "currency" in game:
        return game["currency"]
    return "£" if game.get("format") == "cash" else ""


BOUNDS = ("about", "at_least", "over")      # an amount known only approximately, or as a lower bound
BOUND_WORDS = {"about": "about", "at_least": "at least", "over": "over"}


class Approx(float):
    """An amount the incident gives only approximately or as a bound (`{about: 30000}`,
    `{at_least: 4}`, `{over: 3000}`): arithmetic uses the figure stated, never rounded, and what the
    floor is told from it is said to be approximate or bounded, never exact."""

    def __new__(cls, value, kind: str = "about"):
        out = super().__new__(cls, value)
        out.kind = kind
        return out

    def __repr__(self) -> str:
        return f"{{{self.kind}: {whole(float(self))}}}"

    def words(self) -> str:
        return BOUND_WORDS[self.kind]


def approximate_in(data: dict) -> list:
    """(what, kind, figure) of every approximate or bounded amount the incident states, in its order."""
    return list(data.get("_approximate") or [])


def qualifier(kinds) -> str | None:
    """How a sum of these amounts is to be said: None (exact), 'at least' (every one a lower
    bound: the sum is a lower bound) or 'about' (any approximate one)."""
    kinds = set(kinds)
    if not kinds:
        return None
    return "at least" if kinds <= {"at_least", "over"} else "about"


def known_amount(amount) -> bool:
    """A stated, known amount above zero: not left out, not `unknown` (read as NaN)."""
    return isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount == amount and amount > 0


def stated_smallest_chip(game: dict):
    """The game's `smallest_chip` when the incident states it; None when left out or `unknown`."""
    chip = game.get("smallest_chip")
    return chip if known_amount(chip) else None


def smallest_blind(game: dict):
    """The smallest of the game's blinds the incident states; None when none is known."""
    known = [b for b in game.get("blinds") or [] if known_amount(b)]
    return min(known) if known else None
