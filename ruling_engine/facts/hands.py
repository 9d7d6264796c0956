"""Reading the cards: each hand's best five cards and rank, the winners of each pot, how a pot divides.

The ranking itself is phevaluator's (a maintained perfect-hash evaluator, a C extension that
imports in a few milliseconds); this module only chooses which five-card combinations a game
allows (hold'em: any five of hole cards and board; Omaha: exactly two hole cards and three board
cards; stud: any five of the player's seven) and names the rank class. phevaluator is imported
lazily, so an incident without cards never loads it. No club's rule is read here: what a split
pot, an odd chip or a royal flush *amounts to* is decided by the clubs' rules.
"""
from __future__ import annotations

from itertools import combinations

from ruling_engine.incident.cards import UNKNOWN_CARD
from ruling_engine.incident.cards import whole as named_in_full
from ruling_engine.numbers import whole
from ruling_engine.records import dataclass

# phevaluator numbers the 7,462 classes of five-card hands from 1 (royal flush) to 7462 (7-5-4-3-2
# high); these are the upper bounds of each category (the standard Cactus-Kev equivalence classes).
CATEGORIES = ((1, "royal-flush"), (10, "straight-flush"), (166, "four-of-a-kind"), (322, "full-house"),
              (1599, "flush"), (1609, "straight"), (2467, "three-of-a-kind"), (3325, "two-pair"),
              (6185, "pair"), (7462, "high-card"))
CATEGORY_NAMES = tuple(name for _, name in CATEGORIES)
RANKS = "23456789TJQKA"
RANK_WORDS = dict(zip(RANKS, ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                              "jack", "queen", "king", "ace")))
RANK_PLURALS = {r: (w + "es" if w == "six" else w + "s") for r, w in RANK_WORDS.items()}
BOARD_GAMES = ("NLHE", "PLHE", "LHE", "PLO")


def normal(card: str) -> str:
    """'10h' -> 'Th'; other cards unchanged."""
    return "T" + card[2:] if card.startswith("10") else card


@dataclass(frozen=True)
class Hand:
    seat: int
    rank: int                 # phevaluator's class: lower is better
    five: tuple               # the best five cards
    hole_used: int            # how many of the player's own cards the best five use
    board: tuple              # the board the hand was read with

    @property
    def category(self) -> str:
        return next(name for bound, name in CATEGORIES if self.rank <= bound)

    @property
    def plays_board(self) -> bool:
        """The best five are the five board cards (the player's own cards do not improve on them)."""
        return len(self.board) == 5 and self.hole_used == 0

    def groups(self) -> list:
        """Ranks of the best five, grouped by count then rank: pairs, trips... before kickers."""
        counts = {}
        for card in self.five:
            counts[card[0]] = counts.get(card[0], 0) + 1
        return sorted(counts.items(), key=lambda rc: (-rc[1], -RANKS.index(rc[0])))

    def text(self) -> str:
        """E.g. 'flush, ace high (Ah Kh 9h 4h 2h)' or 'two pair, kings and nines (...)'."""
        g = self.groups()
        top = g[0][0]
        name = self.category.replace("-", " ")
        if self.category in ("pair", "three-of-a-kind", "four-of-a-kind"):
            name = f"{name}, {RANK_PLURALS[top]}"
        elif self.category == "two-pair":
            name = f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[g[1][0]]}"
        elif self.category == "full-house":
            name = f"full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[g[1][0]]}"
        elif self.category != "royal-flush":
            high = top
            if self.category in ("straight", "straight-flush") and {c[0] for c in self.five} >= {"A", "5"} \
                    and "K" not in {c[0] for c in self.five}:
                high = "5"                     # the wheel: the ace plays low
            name = f"{name}, {RANK_WORDS[high]} high"
        return f"{name} ({' '.join(self.five)})"


def _evaluate5():
    from phevaluator.evaluator import evaluate_5cards     # lazy: only incidents with cards pay for it
    return evaluate_5cards


def best_hand(seat: int, hole: list, board: list, variant: str) -> Hand:
    """The best five-card hand a player can make under the game's rule on how many cards he may use."""
    evaluate = _evaluate5()
    hole = [normal(c) for c in hole]
    board = [normal(c) for c in board]
    if variant == "PLO":
        choices = (h + b for h in combinations(hole, 2) for b in combinations(board, 3))
    else:
        choices = combinations(hole + board, 5)
    best = None
    for five in choices:
        rank = evaluate(*five)
        used = sum(1 for c in five if c in hole)
        # among equal best hands, prefer the one using fewer hole cards (a hand "plays the board" if it can)
        if best is None or (rank, used) < (best.rank, best.hole_used):
            best = Hand(seat, rank, tuple(sorted(five, key=lambda c: -RANKS.index(c[0]))), used, tuple(board))
    return best


def can_read(variant: str, hole: list, board: list) -> bool:
    """Whether the cards are enough to read a complete hand (a card nobody saw, `?`, reads none)."""
    if not named_in_full(hole) or not named_in_full(board):      # `?`, `?s`: a rank nobody saw (`Q?` is ruled per suit)
        return False
    if variant == "stud":
        return len(hole) == 7
    return len(board) == 5 and len(hole) == (4 if variant == "PLO" else 2)


def decided_by_kicker(first: Hand, second: Hand) -> bool:
    """Two hands of the same category and the same pairs/trips/quads, told apart by the side cards."""
    if first.category != second.category or first.rank == second.rank:
        return False
    if first.category not in ("high-card", "pair", "two-pair", "three-of-a-kind", "four-of-a-kind"):
        return False
    made = [r for r, n in first.groups() if n > 1]
    return made == [r for r, n in second.groups() if n > 1]


def best_with_any_cards(hole: list, board: list) -> Hand:
    """The best hand ignoring how many hole cards the game allows (what a player might wrongly read)."""
    return best_hand(0, hole, board, "NLHE")


def pots(contributions: dict, live: list) -> list:
    """Main pot and side pots from what each seat put in: [(amount, eligible live seats)], main first.

    Layered at each live player's total; folded players' chips count into the layers they reach.
    A top layer only one live player reached is his uncalled chips, returned to him, not a pot.
    """
    levels = sorted({contributions.get(s, 0) for s in live if contributions.get(s, 0) > 0})
    out, below = [], 0
    for level in levels:
        amount = sum(max(0, min(c, level) - below) for c in contributions.values())
        eligible = [s for s in live if contributions.get(s, 0) >= level]
        if len(eligible) == 1 and out:
            break                                          # uncalled: goes back, not a pot
        out.append((amount, eligible))
        below = level
    return [(_tidy(a), e) for a, e in out if a > 0]


def divide(amount, ways: int, unit) -> tuple:
    """Split amount `ways` ways in chips of `unit`: (each share, the odd amount that cannot be split)."""
    units = int(amount / unit + 1e-9)
    share = (units // ways) * unit
    return _tidy(share), _tidy(amount - share * ways)


def _tidy(value):
    """An amount rounded to the penny and written as whole() writes it."""
    return whole(float(round(value, 2)))


def clockwise_order(seats, button) -> list:
    """Seats in order from the first seat left of the button."""
    ordered = sorted(seats)
    if button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def seats_text(seats) -> str:
    seats = [str(s) for s in seats]
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


def part_beats_all(variant: str, board: list, known: list, others: list) -> bool | None:
    """Hold'em with the board out and one hole card known: whether that card with the board beats
    every one of `others` (Hands read in full) whatever the unknown card, which can only make it
    better. None when this cannot be told (another game, the board not out, not one card known)."""
    if variant not in ("NLHE", "LHE", "PLHE") or len(board) != 5 or len(known) != 1 or not named_in_full(known) \
            or not others:
        return None
    floor = best_hand(0, known, board, variant)
    return all(floor.rank < other.rank for other in others)


def unbeatable(variant: str, board: list, cards: dict, best: Hand, unread: list) -> bool | None:
    """Hold'em with the board out: whether `best` (a hand read in full) beats whatever each seat in
    `unread` can hold — every two cards not yet seen, keeping any of his cards that are known — so
    that no hand still hidden can beat or tie it (the nuts among the cards left). `cards`: seat ->
    the cards the incident names, every named card being out of the deck. None when this cannot be
    told (another game, the board not out)."""
    if variant not in ("NLHE", "LHE", "PLHE") or len(board) != 5 or not named_in_full(board) or not unread:
        return None
    seen = {normal(c) for c in board}
    for held in cards.values():
        seen |= {normal(c) for c in held or [] if named_in_full([c])}
    deck = [r + s for r in RANKS for s in "shdc" if r + s not in seen]
    evaluate = _evaluate7()
    table = [normal(c) for c in board]
    for seat in unread:
        known = [normal(c) for c in cards.get(seat) or [] if named_in_full([c])][:2]
        for rest in combinations(deck, 2 - len(known)):
            if evaluate(*table, *known, *rest) <= best.rank:
                return False
    return True


def _evaluate7():
    from phevaluator.evaluator import evaluate_7cards     # lazy, as _evaluate5
    return evaluate_7cards
