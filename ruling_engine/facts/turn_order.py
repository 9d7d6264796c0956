"""Whose turn it was: the order of action worked out from the button, the blinds and the action log.

Generic poker order, no club's reading: pre-flop the first player left of the big blind acts first
(heads-up the button, who posts the small blind); after the flop the first live player left of the
button. A player acts out of turn when another player before him still had to act. The out-of-turn
action is held aside while the skipped players act (the action "backs up" to the rightful player);
whether what they did changed the action facing the out-of-turn player is worked out here, what
that means is left to the clubs' rules.
"""
from __future__ import annotations

from ruling_engine.numbers import whole
from ruling_engine.facts.hand import STUD_BETTING, action_term, forced_posts
from ruling_engine.facts.replay import (STREETS, BettingState, action_delta, classify, clockwise_from, once_per_hand,
                                        parse_said, replay)


def order_button(data: dict):
    """The button the order of action is worked out from: the incident's, or the one the timeline
    implies (the seat before the posted small blind; or, when an action is marked out of turn, the
    seat before the first player who acted in turn on that street)."""
    if data.get("button") is not None:
        return data["button"]
    hand = data.get("_hand")
    if hand is not None and hand.order_button is not None:
        return hand.order_button
    actions = data.get("actions", [])
    marked = [a for a in actions if a.get("in_turn") is False]
    if not marked:
        return None
    street = marked[0]["street"]
    first = next((a["seat"] for a in actions if a["street"] == street and a.get("in_turn", True)), None)
    if first is None or street == "preflop":
        return None
    seats = sorted(p["seat"] for p in data["players"])
    before = [s for s in seats if s < first]
    return before[-1] if before else seats[-1]


def _seat_before(data: dict, seat):
    """The seat before `seat` clockwise among the players."""
    seats = sorted(p["seat"] for p in data["players"])
    before = [s for s in seats if s < seat]
    return before[-1] if before else seats[-1]


def blind_seats(seats, button):
    """(small blind, big blind) seats for these players and button; heads-up the button is the small blind."""
    order = clockwise_from(seats, button)
    if len(seats) == 2:
        return button, order[0]
    return order[0], order[1 % len(order)]


class _Round:
    """One betting round walked action by action, keeping an out-of-turn action aside."""

    def __init__(self, data: dict, street: str, first_index: int, button=None):
        start = replay(data, first_index)
        self.stacks = dict(start.stacks)
        self.round_in = dict(start.round_in)
        self.bet = start.current_bet
        self.live = list(start.in_hand)
        # a stud bring-in opens third street as a bet does: only called, he does not act again
        self.acted: set = ({f["seat"] for f in forced_posts(data) if f["posts"] == "bring-in"}
                           if street == STUD_BETTING[0] else set())
        seats = [p["seat"] for p in data["players"]]
        button = order_button(data) if button is None else button
        big_blind = (data["_blinds_posted"][1] if data.get("_blinds_posted")     # who actually posted it
                     else blind_seats(seats, button)[1])
        straddles = [f["seat"] for f in forced_posts(data) if f["posts"] == "straddle"]
        # pre-flop the action starts left of the largest forced bet: the last straddle, else the big blind
        self.cursor = (straddles[-1] if straddles else big_blind) if street == "preflop" else button

    def state(self) -> tuple:
        """Everything the walk keeps while no action is held aside (a resume point: _resume_walk)."""
        return dict(self.stacks), dict(self.round_in), self.bet, list(self.live), set(self.acted), self.cursor

    def restore(self, state: tuple) -> None:
        stacks, round_in, self.bet, live, acted, self.cursor = state
        self.stacks, self.round_in, self.live, self.acted = dict(stacks), dict(round_in), list(live), set(acted)

    def needs_to_act(self, seat) -> bool:
        return (seat in self.live and self.stacks.get(seat, 0) > 0
                and (seat not in self.acted or self.round_in.get(seat, 0) < self.bet))

    def expected(self, cursor=None):
        for seat in clockwise_from(self.live, self.cursor if cursor is None else cursor):
            if self.needs_to_act(seat):
                return seat
        return None

    def between(self, first, last) -> list:
        """Seats from `first` clockwise up to (not including) `last` that still had to act."""
        out = []
        for seat in [first] + [s for s in clockwise_from(self.live, first) if s != first]:
            if seat == last:
                break
            if self.needs_to_act(seat):
                out.append(seat)
        return out

    def measure(self, action: dict):
        """(kind, chips) of an action against the bet as it stands, without applying it."""
        seat = action["seat"]
        term = action_term(action, parse_said)     # the words, or what he did (`did: fold`)
        if term == "fold":
            return "fold", 0
        state = BettingState(street="", stacks=self.stacks, round_in=self.round_in, current_bet=self.bet)
        delta = min(action_delta(action, state), self.stacks.get(seat, 0))
        kind = classify(delta, self.bet, seat, state)
        return ("check" if kind == "none" else kind), delta

    def apply(self, seat, kind, delta):
        if kind == "fold":
            if seat in self.live:
                self.live.remove(seat)
            return
        if kind == "check" and not delta and self.round_in.get(seat, 0) < self.bet and self.stacks.get(seat, 0) > 0:
            return                    # facing a bet he put nothing in and did not fold: still his turn
        self.round_in[seat] = self.round_in.get(seat, 0) + delta
        self.stacks[seat] = self.stacks.get(seat, 0) - delta
        if kind in ("bet", "raise"):
            self.acted = set()
        self.bet = max(self.bet, self.round_in[seat])
        self.acted.add(seat)
        self.cursor = seat


def order_facts(data: dict, index: int) -> dict:
    """The first out-of-turn action on the street of action `index`, and whose turn it is now.

    Needs the button (and, pre-flop, the blinds' positions follow from it). Returns {} when the
    order cannot be worked out. Straddles are not taken into account. In stud the upcards set who
    acts first on each street and no button is given: the round's first recorded action is taken
    as in turn, and play goes clockwise from it. Private keys start with '_'.
    """
    actions = data.get("actions", [])
    if not actions or len(data["players"]) < 2:
        return {}
    default = data["street"] if data["street"] in STREETS else "preflop"
    street = actions[index].get("street", default)
    indices = once_per_hand(data, ("indices", street),
                            lambda: [i for i, a in enumerate(actions) if a.get("street", default) == street])
    button = order_button(data)
    if button is None and street in STUD_BETTING:
        button = _seat_before(data, actions[indices[0]]["seat"])
    if button is None:
        return {}
    facts, later = once_per_hand(data, ("walk", street), lambda: _walk(data, street, indices, button))
    facts = {k: list(v) if isinstance(v, list) else v for k, v in facts.items()}
    if "oot_later_action_in_question" in facts:
        facts["oot_later_action_in_question"] = later == index
    at = facts.get("_oot_index")
    if facts.get("oot_acts_again_marked") is False and at is not None:
        # a point marked after the round (M305: words on the river about a turn bet out of turn):
        # the floor was called about the hand as it went on, and the question is asked there; read
        # per point, not once per hand (the point's view holds the timeline's entries)
        facts["oot_acts_again_marked"] = _marked_after_the_round(data, actions[at])
    return facts


def _walk(data: dict, street: str, indices: list, button) -> tuple[dict, int | None]:
    """The order facts of one betting round, walked over every action of it (the same for every
    point of the hand, so a hand walks each round once), and the action the out-of-turn player
    took next after his out-of-turn action stood (whether that action is the one in question
    depends on the point)."""
    actions = data["actions"]
    rnd = _Round(data, street, indices[0], button)
    oot = None
    pending = []                        # skipped seats still to act before the out-of-turn seat
    hand = data.get("_hand")
    marks = []
    if hand is not None:
        hand.walks[street] = marks          # this walk's resume points, for a hand resumed from this one
    start = _resume_walk(hand, street, indices, button, rnd)
    for position in range(start, len(indices)):
        i = indices[position]
        action = actions[i]
        seat = action["seat"]
        if oot is None and position % WALK_MARK_EVERY == 0 and hand is not None:
            marks.append((position, i, button, rnd.state()))
        if oot and not oot["resolved"] and not pending and seat != oot["seat"]:
            # His turn came and passed with no new action from him: the out-of-turn action stood.
            oot.setdefault("bet_at_turn", rnd.bet)
            rnd.apply(oot["seat"], oot["kind"], oot["amount"])
            oot["resolved"] = True
            oot["stood"] = True
        kind, delta = rnd.measure(action)
        expected = rnd.expected()
        if oot is None:
            if expected is not None and seat != expected:
                oot = {"index": i, "seat": seat, "rightful": expected, "kind": kind, "amount": delta,
                       "before": rnd.round_in.get(seat, 0), "facing": rnd.bet, "players": len(rnd.live),
                       "skipped": rnd.between(expected, seat), "later": 0, "later_chips": 0,
                       "changed": False, "resolved": False}
                pending = list(oot["skipped"])
                continue
            rnd.apply(seat, kind, delta)
            continue
        if pending:
            if seat in pending:
                if kind in ("bet", "raise"):
                    oot["changed"] = True
                pending.remove(seat)
                rnd.apply(seat, kind, delta)
            elif seat == oot["seat"]:
                rnd.apply(seat, kind, delta)      # he acted again before the skipped players
                oot["resolved"] = True
            else:
                oot["later"] += 1                 # more action out of turn past the skipped player
                oot["later_chips"] += 1 if delta > 0 else 0
                oot.setdefault("later_players", []).append(
                    {"seat": seat, "action": kind, "amount": whole(delta)})
            continue
        if seat == oot["seat"] and not oot["resolved"]:
            oot.setdefault("bet_at_turn", rnd.bet)
            kind, delta = rnd.measure(action)      # his action at his proper turn
            oot["resolved"] = True
        elif oot.get("stood") and seat == oot["seat"] and "later" not in oot.get("next", {}):
            # He acts again after his out-of-turn action stood: what faced him then.
            oot["next"] = {"later": i, "bet": rnd.bet, "in": rnd.round_in.get(seat, 0),
                           "stack": rnd.stacks.get(seat, 0)}
            rnd.apply(seat, kind, delta)
            oot["next"]["after"] = rnd.round_in.get(seat, 0)   # his total once that action is in
            continue
        rnd.apply(seat, kind, delta)
    facts = {}
    if oot:
        facts.update(_oot_facts(oot, pending, rnd, data))
        # his own later action on the round marked too: the question of his out-of-turn action is
        # asked there, where the restriction it brings and that action are read together (a point
        # marked after the round is added per point in order_facts)
        facts["oot_acts_again_marked"] = any(
            actions[j]["seat"] == oot["seat"] and bool(actions[j].get("in_question"))
            for j in indices if j > oot["index"])
    if oot and not oot["resolved"] and not pending and oot["kind"] == "fold":
        # The skipped players have acted and his turn has come: a fold leaves him nothing to do (his
        # cards are out), so the action goes past him, or nobody is to act (issue 20).
        rnd.apply(oot["seat"], oot["kind"], oot["amount"])
        oot["resolved"] = True
    nxt = rnd.expected()
    if oot and not oot["resolved"] and not pending:
        nxt = oot["seat"]
    elif oot and pending:
        nxt = pending[0]
    if nxt is not None:
        facts["next_to_act_seat"] = nxt
        facts["_to_call"] = max(0, min(rnd.bet - rnd.round_in.get(nxt, 0), rnd.stacks.get(nxt, 0)))
    return facts, (oot or {}).get("next", {}).get("later")


WALK_MARK_EVERY = 64                    # actions of a round between two of the walk's resume points


def _marked_after_the_round(data: dict, action: dict) -> bool:
    """Whether an entry after the betting round of `action` (past the next street) is marked."""
    entries, at = data.get("_entries") or [], action.get("_entry")
    if not isinstance(at, int):
        return False
    later_street = False
    for entry in entries[at + 1:]:
        if entry.get("entry") == "street":
            later_street = True
        elif later_street and entry.get("in_question") is True:
            return True
    return False


def _resume_walk(hand, street: str, indices: list, button, rnd: _Round) -> int:
    """Where in `indices` the walk of a round can start: a hand replayed from another's (hand.py
    replay_timeline, `resumed`: its actions and its replay's state up to action n are the other's)
    takes the other's walk of the same round at its last resume point at or before action n, where
    no action was held out of turn, and goes on from there; the facts are those of a walk from the
    round's start. 0 when there is none."""
    if hand is None or hand.resumed is None:
        return 0
    base, upto = hand.resumed
    best = None
    for position, index, at_button, state in base.walks.get(street, ()):
        if 0 < position < len(indices) and index <= upto and at_button == button and indices[position] == index:
            best = (position, state)
    if best is None:
        return 0
    rnd.restore(best[1])
    return best[0]


def _oot_facts(oot: dict, pending: list, rnd: _Round, data: dict) -> dict:
    """What the out-of-turn player did, whom he skipped, and what the skipped players did since."""
    seat = oot["seat"]
    action = data["actions"][oot["index"]]
    player = next(p for p in data["players"] if p["seat"] == seat)
    out = {
        "_oot_index": oot["index"],
        "oot_seat": seat,
        "oot_rightful_seat": oot["rightful"],
        "oot_skipped_count": len(oot["skipped"]),
        "oot_kind": oot["kind"],
        "oot_aggressive": oot["kind"] in ("bet", "raise"),
        "oot_amount": whole(oot["amount"]),
        "oot_heads_up": oot["players"] == 2,
        "oot_skipped_all_acted": not pending,
        "oot_later_actions": oot["later"],
        "oot_later_actions_with_chips": oot["later_chips"],
        "oot_prompted_by_dealer": action.get("prompted_by_dealer", False),
        "oot_deliberate": action.get("deliberate", False),
        "oot_offender_warnings": player.get("warnings", 0),
    }
    if oot.get("later_players"):
        out["oot_later_players"] = oot["later_players"]
    if oot["changed"] or not pending:
        out["oot_action_changed"] = oot["changed"]
    now = rnd.bet                      # the bet facing him, his out-of-turn chips not counted
    if not oot.get("stood") and "bet_at_turn" in oot:
        # He has acted again at his proper turn: the bet that faced him then, never a raise of his
        # own that the out-of-turn restriction cancels (issue 21: he is not told to call himself)
        now = oot["bet_at_turn"]
    out["oot_bet_now"] = whole(now)
    out["oot_call_now"] = whole(max(0, min(now - oot["before"], rnd.stacks.get(seat, 0))))
    # Topped by a skipped player: the bet when his turn came back to him, not a raise made after
    # his out-of-turn bet had stood.
    out["oot_topped"] = oot.get("bet_at_turn", now) > oot["before"] + oot["amount"]
    out["oot_stood"] = bool(oot.get("stood"))
    if oot.get("stood"):
        # His out-of-turn chips are in: what a raise made since leaves him to call (as it faced
        # him when he next acted, or now).
        nxt = oot.get("next") or {"bet": now, "in": rnd.round_in.get(seat, 0), "stack": rnd.stacks.get(seat, 0)}
        out["oot_raised_since"] = nxt["bet"] > oot["before"] + oot["amount"]
        out["oot_call_after_stood"] = whole(max(0, min(nxt["bet"] - nxt["in"], nxt["stack"])))
        out["oot_bet_after_stood"] = whole(nxt["bet"])
        out["oot_later_action_in_question"] = False      # set per point by order_facts
        if "after" in nxt:
            # What that next action put in beyond the call: the chips a raise he may not make
            # leaves over (an "all in" held to a call gives them back).
            out["oot_later_excess"] = whole(max(0, nxt["after"] - nxt["bet"]))
    return out
