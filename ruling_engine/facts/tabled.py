"""Whose whole hand the table has already seen, from the incident's own events: a hand turned face
up is not waited for as if unshown (issue 20, "The answer is the corrected hand").

A showdown `hand_shown` with every card face up and readable, or a player's own exposure of all his
hole cards to the table during play (`card_exposed`, by the player, seen by the table, the counts of
his exposures added). An exposure only to show the floor an irregularity, or of a burn or board
card, or during the deal, shows no hand.
"""
from __future__ import annotations

from ruling_engine.incident.load import HAND_SIZE


def exposed_in_full(events: list, variant: str) -> set:
    """The seats that turned their own whole hand face up to the table during play."""
    counts: dict = {}
    for e in events:
        if e.get("event") != "card_exposed" or e.get("by") != "player" or e.get("during") != "play" \
                or e.get("seen_by", "table") != "table" or e.get("was", "hole") != "hole" \
                or e.get("to_show_floor") is True:
            continue
        seat = e.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool):
            counts[seat] = counts.get(seat, 0) + (e.get("count") or 1)
    return {seat for seat, count in counts.items() if count >= HAND_SIZE[variant]}


def shown_in_full(events: list, variant: str) -> set:
    """The seats whose whole hand the table has seen: shown in full at the showdown, readably, or
    exposed in full during play."""
    size = HAND_SIZE[variant]
    return {e["seat"] for e in events if e.get("event") == "hand_shown"
            and (e.get("face_up") or 0) >= size and e.get("readable") is not False} | \
        exposed_in_full(events, variant)
