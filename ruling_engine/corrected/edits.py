"""Later points ruled on the hand as a club's earlier rulings left it.

A club's settled ruling at one point is a correction of the hand, and every later action the floor
was called about is read, for that club, from the timeline as the corrections left it, in the
order they took effect. What each correction does is data (`corrects:` in
knowledge/vocabulary.yaml); no club is named here:

- sets-total (a bet held to the amount he said, a raise ruled a call, a bet corrected to the
  pot) and adds (a call completed, a raise made up, all his chips in): that action's total is
  the one the ruling sets (the chips he had in, plus what he adds), so the next player's call is
  measured against the corrected bet;
- raises-bettors-to: every action of that round at the amount the ruling corrects is brought to
  the corrected total;
- returns (chips given back, with no total set by the same ruling): that action is his total
  less the chips returned; an action whose chips all go back did not happen;
- voids-action: the action did not happen; what comes later faces what stands;
- checks: the action is a check (its chips go back; his turn has passed): what comes later faces
  what stood before it;
- voids-forced-bet: the forced bet the point's `posts:` entry made (a straddle refused) was not
  posted; what comes later faces the blinds;
- kills: his hand is out of the betting from the place the ruling took effect: nobody waits for
  him, no "to call" for him, his chips stay in the pot (facts/hand.py `_killed`);
- eliminates: a player out of the tournament before the hand began has no hand in it: killed from
  there, and what he did in it is void (his "all in" was no action); later, nothing changes;
- stakes-chips: chips the club lets play that were not on the table when the hand began (in
  transit) are in his stack from its start: his all-in and the order of action are read with them;
- restores: a hand a ruling had killed is back in; a fold the ruling undoes did not happen;
- restricts, owes-call (he may not bet or raise on that round): a bet or raise he makes at a
  later point of that round is read, at the points after it, as his call of what he faced (the
  corrected hand reads it so too: corrected/hand.py Held); a later ruling that would free him
  does not (the corrected hand shows the two as a conflict);
- acts-next, reopens-round, voids-hand: nothing in the actions already taken changes (who acts
  next, the round a card closed early and a misdeal are read by the corrected hand itself).

A later event (a question about the amount, a count, a card dealt) is still read from the hand as
it happened: it is about what was on the table then, and the club's ruling on it is applied to
the corrected hand like any other.
"""
from __future__ import annotations

import math

from ruling_engine.corrected.hand import in_effect_order
from ruling_engine.facts.hand import action_term
from ruling_engine.facts.replay import parse_said
from ruling_engine.model import UNSETTLED

EDITED_AWAY = ("chips", "first", "total", "said", "did")      # an edited action's own words and chips
RAISES = ("bet", "raise")
HAND_ENDED = ("showdown", "hand-over")             # streets of a hand played to its end
NOT_AT_START = ("in-transit", "during-hand")      # chips not on the table when the hand began (`arrived:`)


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
            if spec.get("corrects") != "sets-total" or _seat(seat) is None or _number(total) is None:
                continue
            index = _action_of(entries, point_entries, seat)
            if index is not None:
                edits[index] = (total, bool(spec.get("raise")))
    return edits


class ClubEdits:
    """One club's corrections so far, as edits of the timeline its later points are read from.

    `edits`: {(timeline index, what): value}: ("total",) -> (total, raises); ("void",) -> True;
    ("kills", seat) -> True; ("held",) -> True (a raise read as his call); ("check",) -> True (his
    action ruled a check); ("stack", seat) -> chips that play in his stack from the hand's start.
    `restricted`: seat -> (street, timeline index) of a ruling that holds him to call or fold from there on that round."""

    def __init__(self, timeline):
        self.timeline = timeline
        self.edits: dict = {}
        self.restricted: dict = {}
        self._steps = None
        self._streets = None

    def __bool__(self) -> bool:
        return bool(self.edits)

    def copy(self) -> "ClubEdits":
        """These corrections, to add to without changing them."""
        other = ClubEdits(self.timeline)
        other.edits, other.restricted = dict(self.edits), dict(self.restricted)
        other._steps, other._streets = self._steps, self._streets
        return other

    def key(self) -> tuple:
        return tuple(sorted((k, repr(v)) for k, v in self.edits.items()))

    # what the original hand says of an entry ------------------------------------------------
    def steps(self) -> dict:
        """{timeline index: replayed step} of every action (both entries of a declaration pair)."""
        if self._steps is None:
            t = self.timeline
            self._steps = {t.action_entry[step.index]: step for step in t.hand.steps if step.index < len(t.action_entry)}
            for first, second in (t.pairs or {}).items():
                if first in self._steps:
                    self._steps[second] = self._steps[first]
        return self._steps

    def street(self, index: int):
        """The betting round a timeline entry happens on."""
        if self._streets is None:
            current, self._streets = "preflop", []
            for entry in self.timeline.entries:
                if entry["entry"] == "street":
                    current = entry["street"]
                self._streets.append(current)
        return self._streets[min(index, len(self._streets) - 1)] if self._streets else None

    def _total_of(self, index: int):
        """The action's total on its round, as edited so far, else as replayed (None: unknown)."""
        if (index, "total") in self.edits:
            return self.edits[(index, "total")][0]
        step = self.steps().get(index)
        return step.total if step is not None and math.isfinite(step.total) else None

    # the corrections ----------------------------------------------------------------------
    def add(self, rulings: list, vocabulary, point) -> None:
        """Edit the timeline by one point's settled rulings of this club, in order."""
        entries = self.timeline.entries
        last = point.entries[-1] if point.entries else len(entries) - 1
        self.hold(point)
        for ruling in in_effect_order(rulings, vocabulary):
            if ruling.basis in UNSETTLED:
                continue
            totals_set = set()
            # a hand the ruling kills is dead before the rest of it is read (the chips it gives
            # him back are then a refund, not a change to his betting)
            effects = sorted(ruling.effects, key=lambda e: vocabulary.effects.get(e.get("effect"), {})
                             .get("corrects") != "kills")
            for effect in effects:
                spec = vocabulary.effects.get(effect.get("effect"), {})
                kind, seat = spec.get("corrects"), _seat(effect.get("seat"))
                if kind in ("sets-total", "adds") and seat is not None:
                    index = _action_of(entries, point.entries, seat)
                    if index is None:
                        continue
                    total = _number(effect.get("total"))
                    if total is None and kind == "adds" and _number(effect.get("add")) is not None:
                        had = self._total_of(index)
                        total = None if had is None else had + effect["add"]
                    if total is not None and spec.get("raise") and self._held_at(seat, index):
                        self.edits[(index, "held")] = True      # his raise is his call (corrected/hand.py Held)
                        totals_set.add(seat)
                    elif total is not None:
                        self._set_total(index, total, bool(spec.get("raise")))
                        totals_set.add(seat)
                elif kind == "raises-bettors-to" and _number(effect.get("total")) is not None:
                    self._raise_bettors(point, effect["total"])
                elif kind == "returns" and seat is not None and seat not in totals_set \
                        and _number(effect.get("amount")) is not None:
                    self._return(point, seat, effect["amount"])
                elif kind == "voids-action" and seat is not None:
                    index = _action_of(entries, point.entries, seat)
                    if index is not None:
                        self._void(index)
                elif kind == "checks" and seat is not None:
                    index = _action_of(entries, point.entries, seat)
                    if index is not None and self.street(index) == self.street(last):
                        self.edits[(index, "check")] = True     # his chips go back; he has checked
                        self.edits.pop((index, "total"), None)
                        self.edits.pop((index, "void"), None)
                elif kind == "voids-forced-bet" and seat is not None:
                    posted = [i for i in point.entries if i < len(entries) and "posts" in entries[i]
                              and entries[i].get("entry") == "action" and entries[i].get("seat") == seat]
                    for index in posted:      # the forced bet he posted goes back: it was not put in
                        self._void(index)
                elif kind == "kills" and seat is not None:
                    # a sanction (at_the_call:) takes effect when the floor gives it, at the end of
                    # the timeline: what the player did before the call stands
                    self.edits[(len(entries) - 1 if spec.get("at_the_call") else last, "kills", seat)] = True
                elif kind == "eliminates" and seat is not None and before_the_hand(entries, last):
                    self.edits[(last, "kills", seat)] = True
                    self._void_later(last, seat)
                elif kind == "restores" and seat is not None:
                    self._restore(point, seat)
                elif kind == "stakes-chips" and seat is not None and _number(effect.get("amount")) is not None:
                    self._stake(point, seat, effect["amount"])
                elif kind in ("restricts", "owes-call") and seat is not None:
                    self.restricted.setdefault(seat, (self.street(last), last))

    def _stake(self, point, seat, amount) -> None:
        """Chips the club lets play in this pot that the point's event says were not on the table
        when the hand began (in transit, added during it) are in his stack from the hand's start;
        chips on the table then are in the stack as written already."""
        entries = self.timeline.entries
        for index in point.entries:
            entry = entries[index] if index < len(entries) else {}
            if entry.get("entry") == "event" and entry.get("seat") == seat and entry.get("arrived") in NOT_AT_START:
                self.edits[(index, "stack", seat)] = amount
                return

    def _void_later(self, last: int, seat) -> None:
        """A player eliminated before the hand began has no action in it: what the seat did after
        this point is void (his "all in" was said with no hand)."""
        entries = self.timeline.entries
        for index in range(last + 1, len(entries)):
            if _is_action_by(entries[index], seat):
                self._void(index)

    def voids(self, point) -> bool:
        """Whether these corrections void every action of the point (it did not happen)."""
        actions = [i for i in point.entries if i < len(self.timeline.entries)
                   and self.timeline.entries[i].get("entry") == "action"]
        return bool(actions) and all((i, "void") in self.edits for i in actions)

    def _held_at(self, seat, index: int) -> bool:
        """Whether an earlier ruling holds the seat to call or fold at this action of his."""
        street, since = self.restricted.get(seat, (None, None))
        return since is not None and index > since and self.street(index) == street

    def hold(self, point) -> None:
        """A bet or raise made at this point by a player an earlier ruling held to call or fold on
        this round is read, at the points after it, as his call of what he faced (at its own point
        the club's clauses rule on it as he made it; a total they set governs)."""
        if point.kind != "action" or not point.entries:
            return
        entries = self.timeline.entries
        index = point.entries[0]
        entry = entries[index] if index < len(entries) else {}
        seat = entry.get("seat")
        if entry.get("entry") != "action" or seat not in self.restricted or "posts" in entry:
            return
        if not self._held_at(seat, index):
            return
        step = self.steps().get(index)
        raising = step.kind in RAISES if step is not None and step.kind != "unknown" \
            else action_term(entry, parse_said) in RAISES + ("all-in",)
        if raising:
            for i in point.entries:
                if entries[i].get("entry") == "action":
                    self.edits[(i, "held")] = True

    def _set_total(self, index: int, total, raises: bool) -> None:
        self.edits[(index, "total")] = (total, raises)
        self.edits.pop((index, "void"), None)
        self.edits.pop((index, "held"), None)

    def _void(self, index: int) -> None:
        self.edits[(index, "void")] = True
        self.edits.pop((index, "total"), None)

    def _raise_bettors(self, point, total) -> None:
        """Every action of the point's round at the amount the point's action made is brought to `total`."""
        own = next((i for i in point.entries if i in self.steps()), None)
        if own is None:
            return
        level = self.steps()[own].total
        street = self.street(own)
        for index, step in self.steps().items():
            if self.street(index) == street and step.total == level and 0 < level < total \
                    and (index, "total") not in self.edits and index == self._first_of(index):
                self._set_total(index, total, step.kind in RAISES)

    def _first_of(self, index: int) -> int:
        """The entry a declaration pair's action is edited at (its chips entry, as sets-total does)."""
        pairs = self.timeline.pairs or {}
        return pairs.get(index, index)

    def _return(self, point, seat, amount) -> None:
        amount = _number(amount)
        if amount is None or not amount > 0:
            return                    # nothing goes back (a check's 0): the action itself stands as made
        if any(len(k) == 3 and k[1] == "kills" and k[2] == seat for k in self.edits):
            return                    # chips back to a dead hand are a refund: the betting he did stands
        index = _action_of(self.timeline.entries, point.entries, seat)
        step = self.steps().get(index) if index is not None else None
        last = point.entries[-1] if point.entries else index
        if step is None or self.street(index) != self.street(last) or step.kind == "fold":
            return                    # chips back from an earlier round or after the hand: not an action's
        total = self._total_of(index)
        if total is None:
            return
        before = step.total - step.delta if math.isfinite(step.delta) else None
        left = total - amount
        if before is not None and left <= before + 1e-9:
            self._void(index)         # every chip of it goes back: the action did not happen
        elif left >= 0:
            self._set_total(index, left, step.kind in RAISES)

    def _restore(self, point, seat) -> None:
        for key in [k for k in self.edits if len(k) == 3 and k[1] == "kills" and k[2] == seat]:
            del self.edits[key]
        index = _action_of(self.timeline.entries, point.entries, seat)
        step = self.steps().get(index) if index is not None else None
        last = point.entries[-1] if point.entries else index
        if step is not None and step.kind == "fold" and self.street(index) == self.street(last):
            self._void(index)         # the ruling keeps the hand live: his fold did not take it out


def before_the_hand(entries: list, index: int) -> bool:
    """Whether a timeline entry comes before the hand in progress when the floor is called began:
    no action (a forced bet included) or street of it before the entry, an action after it, and
    the hand not over (a hand played to its end stands)."""
    return not any(e.get("entry") in ("action", "street") for e in entries[:index]) and \
        any(e.get("entry") == "action" for e in entries[index + 1:]) and \
        not any(e.get("entry") == "street" and e.get("street") in HAND_ENDED for e in entries[index + 1:])


def _seat(seat):
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return value


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
    """The incident with each edit made: an action given the total a ruling set becomes what the
    ruling says it is (a call, or the bet or raise he made) to that total, in place of his words and
    chips (the ruling has read them); a voided action is kept in its place but read as nothing; a
    held raise is his call; a killed hand is out after the entry the ruling took effect at.
    `edits`: ClubEdits.edits, or {index: (total, raises)} (total_edits)."""
    timeline = list(incident_data["timeline"])
    players = incident_data.get("players")
    for key, value in edits.items():
        index, what = (key, "total") if isinstance(key, int) else key[:2]
        if what == "stack":
            players = [_staked(p, value) if p.get("seat") == key[2] else p for p in players]
            continue
        if what == "total":
            total, raises = value
            entry = {k: v for k, v in timeline[index].items() if k not in EDITED_AWAY}
            was = timeline[index].get("did")
            entry["did"] = (was if was in RAISES else "raise") if raises else "call"
            entry["total"] = total
        elif what == "check":
            entry = {k: v for k, v in timeline[index].items() if k not in EDITED_AWAY}
            entry["did"] = "check"
        elif what == "held":
            entry = {k: v for k, v in timeline[index].items() if k not in EDITED_AWAY}
            entry["did"] = "call"
        elif what == "void":
            entry = {**timeline[index], "_void": True}
        elif what == "kills":
            entry = {**timeline[index], "_kills": tuple(sorted(set(timeline[index].get("_kills", ())) | {key[2]}))}
        else:
            continue
        timeline[index] = entry
    if players is None:
        return {**incident_data, "timeline": timeline}
    return {**incident_data, "timeline": timeline, "players": players}


def _staked(player: dict, amount) -> dict:
    """The player with chips that play in this pot counted in his stack at the start (or in what he
    has behind, where the stack is given so); a stack nobody knows stays unknown."""
    field = "behind" if "behind" in player else "stack"
    had = _number(player.get(field, 0))
    return player if had is None else {**player, field: had + amount}
