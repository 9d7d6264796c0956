"""Later points ruled on the hand as a club's earlier rulings left it.

A ruling that sets a player's total for the round (a bet held to the amount he said, a raise
ruled a call, a bet corrected to the pot) changes what every later action faced: the next
player's call is measured against the corrected bet, not against the chips that were out. The
club's settled rulings at a point become edits of the incident's timeline (that action's total),
and the later actions the floor was called about are read, for that club, from the edited
timeline. A later event (a question about the amount, a count, a card dealt) is still read from
the hand as it happened: it is about what was on the table then, and the club's ruling on it is
applied to the corrected hand like any other.

Which effects set a total is data (`corrects: sets-total` in knowledge/vocabulary.yaml); no club
is named here.
"""
from __future__ import annotations

from ruling_engine.model import UNSETTLED


def total_edits(rulings: list, vocabulary, entries: list, point_entries: tuple) -> dict:
    """{timeline index: (total, raises)} of the actions these rulings (one point's, one club's) set
    a total for: the point's own action by that seat, or else his last action before it; `raises`:
    the ruling makes it a bet or raise (`raise: true` in the vocabulary), else a call."""
    edits = {}
    for ruling in rulings:
        if ruling.basis in UNSETTLED:
            continue
        for effect in ruling.effects:
            spec = vocabulary.effects.get(effect.get("effect"), {})
            seat, total = effect.get("seat"), effect.get("total")
            if spec.get("corrects") != "sets-total" or isinstance(seat, bool) or not isinstance(seat, int) \
                    or isinstance(total, bool) or not isinstance(total, (int, float)) or total != total:
                continue
            index = _action_of(entries, point_entries, seat)
            if index is not None:
                edits[index] = (total, bool(spec.get("raise")))
    return edits


def _action_of(entries: list, point_entries: tuple, seat: int):
    """The timeline index of the seat's action a ruling at this point corrects."""
    own = [i for i in point_entries if i < len(entries) and _is_action_by(entries[i], seat)]
    if own:
        return own[-1]
    last = max(point_entries) if point_entries else -1
    return next((i for i in range(min(last, len(entries) - 1), -1, -1) if _is_action_by(entries[i], seat)), None)


def _is_action_by(entry: dict, seat: int) -> bool:
    return entry.get("entry") == "action" and entry.get("seat") == seat and "posts" not in entry


def edited_data(incident_data: dict, edits: dict) -> dict:
    """The incident with each edited action made the action the ruling says it is: what he did
    (a call, or the bet or raise he made) to the total the ruling set, in place of his words and
    chips (the ruling has read them)."""
    timeline = list(incident_data["timeline"])
    for index, (total, raises) in edits.items():
        entry = {k: v for k, v in timeline[index].items() if k not in ("chips", "first", "total", "said", "did")}
        was = timeline[index].get("did")
        entry["did"] = (was if was in ("bet", "raise") else "raise") if raises else "call"
        entry["total"] = total
        timeline[index] = entry
    return {**incident_data, "timeline": timeline}
