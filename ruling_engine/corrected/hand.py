"""The corrected hand: one club's rulings applied, in the order they take effect, to the hand as
the floor found it.

The replay (facts/hand.py) says who put in what before the floor was called. A club's rulings
say how that is put right: chips added or returned, a total set, a hand killed or declared live,
an action voided, a player held to call-or-fold, the action put on a seat. Which effect does
what is data (`corrects:` of each effect in knowledge/vocabulary.yaml); this module only does the
arithmetic, the same for every club. Everything the floor acts on is read from the result: what
each player now has in and behind, whose hand is live, who acts next with what to call and what
he may do, the pots. Two corrections that cannot both be made are kept as a conflict, naming both
rulings; the later one is not applied.
"""
from __future__ import annotations

import math
from dataclasses import field

from ruling_engine.facts.hand import (BETTING, STUD_BETTING, clockwise_from, fixed_bets, full_bet_by,
                                      largest_bet_or_raise)
from ruling_engine.numbers import allowed_deduction, whole
from ruling_engine.records import dataclass
from ruling_engine.model import UNSETTLED

POT_LIMIT_VARIANTS = ("PLO", "PLHE")     # the games played pot-limit (facts/derive.py STRUCTURE)



@dataclass
class Conflict:
    """Two corrections of one club's answer that cannot both be made."""

    seat: int | None
    first: tuple            # (issue, effect, clauses) of the correction already made
    second: tuple           # (issue, effect, clauses) of the one that cannot be made after it
    why: str

    def text(self) -> str:
        def side(part):
            issue, effect, clauses = part
            return f"the ruling on {issue} ({effect}{'; ' + ', '.join(clauses) if clauses else ''})"
        where = f" for seat {self.seat}" if self.seat is not None else ""
        return f"{side(self.first)} and {side(self.second)} cannot both be done{where}: {self.why}"


@dataclass
class Held:
    """A raise a later ruling let stand, by a player an earlier ruling held to call or fold: on the
    hand as the earlier ruling left it he may only call, so the raise is his call."""

    seat: int
    restriction: tuple      # (issue, effect, clauses) of the earlier ruling
    raise_ruling: tuple | None     # (issue, effect, clauses) of the later one, set aside (None: his raise itself)
    call_total: float       # his total on the round: the bet he faced

    def text(self) -> str:
        issue, effect, clauses = self.restriction
        held = f"the ruling on {issue} ({effect}; {', '.join(clauses)}) held seat {self.seat} to call or fold"
        if self.raise_ruling is None:
            return f"{held}, so the bet or raise he made after it on that round is read as his call"
        return (f"{held}, so the later ruling on {self.raise_ruling[0]} ({', '.join(self.raise_ruling[2])}) "
                f"is read on the hand it left: his raise is a call")


@dataclass
class CorrectedHand:
    """The hand after one club's corrections (amounts in the incident's units)."""

    street: str
    stacks: dict                    # seat -> chips behind
    contributed: dict               # seat -> chips in the pot over the recorded streets
    round_in: dict                  # seat -> chips in on the current round
    current_bet: float
    big_blind: float
    last_full_bet: float
    live: list                      # seats whose hands still contend
    pot_at_start: float
    dead_money: float
    acted: set = field(default_factory=set)          # seats who have acted on this round
    acted_at: dict = field(default_factory=dict)     # seat -> (bet he last acted on, full raise then)
    last_actor: int | None = None
    returned: dict = field(default_factory=dict)     # seat -> chips the corrections gave back
    restricted: dict = field(default_factory=dict)   # seat -> (issue, effect): may not bet or raise
    owes: dict = field(default_factory=dict)         # seat -> chips he must add (or fold) before play goes on
    owes_on: dict = field(default_factory=dict)      # seat -> the round the chips he owes are owed on
    dead: set = field(default_factory=set)           # seats a correction killed
    acts_next: int | None = None                     # the seat a ruling put the action on
    void: bool = False                               # a misdeal: the hand is not played
    redealt: bool = True                             # a void hand is dealt again now (redeals: of its effect)
    conflicts: list = field(default_factory=list)
    changed: dict = field(default_factory=dict)      # seat -> chips the corrections moved (+ in, - back)
    last_delta: dict = field(default_factory=dict)   # seat -> chips his last action on this round put in
    level_before: float = 0                          # the bet to call before the ruling being applied
    by_street: dict = field(default_factory=dict)    # street -> seat -> chips in on that street
    street_of_point: dict = field(default_factory=dict)   # point -> the street it happened on
    backed: dict = field(default_factory=dict)       # seat -> chips the ruling being applied has given back
    taken: dict = field(default_factory=dict)        # seat -> chips the corrections took from his stack
    antes: dict = field(default_factory=dict)        # seat -> the ante he put in (dead money, back on a misdeal)
    cards_out: bool = True                           # the timeline has reached the deal (a street or an action)
    moved_on: dict = field(default_factory=dict)     # seat -> the street of the round a correction last moved his chips on
    held: list = field(default_factory=list)         # Held: a later raise read as a call under an earlier restriction
    called_short: dict = field(default_factory=dict)  # seat -> (bettor, his old total, the total made up to): he had
    #                                                    called a bet a ruling then made up (only the bettor named)
    folded_at: dict = field(default_factory=dict)    # seat -> timeline entry of his last fold
    point_entry: dict = field(default_factory=dict)  # point -> its last timeline entry
    had_hand: set = field(default_factory=set)       # seats still in the hand as the floor found it
    posted: dict = field(default_factory=dict)       # seat -> the forced bet he posted (blinds, straddle)
    keeps_forced: bool = False                       # a void hand's forced bets stay in the middle for the re-deal
    kept_forced: dict = field(default_factory=dict)  # seat -> his forced bet that stayed in for the re-deal
    moot: list = field(default_factory=list)         # (seat, kill, later ruling): a later limit on a hand already dead
    open_life: list = field(default_factory=list)    # seats whose hand went into the muck at a point the club's ruling
    #                                                  leaves to the floor: neither live nor dead (_open_life)
    transfers: list = field(default_factory=list)    # (taker, to, amount, option): taken chips given back (option: the floor's, not decided)
    fixed: dict = field(default_factory=dict)        # street -> its fixed bet in a fixed-limit game (facts/hand.py)
    full_raises: list = field(default_factory=list)  # (seat, bet he faced, his total) of each full bet or raise this round
    rounds: dict = field(default_factory=dict)       # street -> its steps (to go back to a round a card closed too early)
    start_stacks: dict = field(default_factory=dict) # seat -> chips at the start of the hand (as the incident gives them)
    deducted: float = 0                              # taken out of the middle (a rake, a drop), less what a ruling put back
    chips_at: list = field(default_factory=list)     # (timeline entry, seat, street, chips) of each action that put chips in
    action_entries: list = field(default_factory=list)   # the timeline entry of every action taken (one_moment)
    action_streets: list = field(default_factory=list)   # (timeline entry, street) of every action taken (_reopen_round)
    undone: dict = field(default_factory=dict)       # seat -> chips given back as put in after his hand died
    unstated: set = field(default_factory=set)       # (timeline entry, seat) of each action whose chips the file
    #                                                  does not state (a call in words only): read in, never seen
    unseen: dict = field(default_factory=dict)       # seat -> chips of such actions after his hand died: not his to take back
    raised_at: dict = field(default_factory=dict)    # seat -> [(timeline entry, street)] of each bet or raise he made
    full_raise_at: list = field(default_factory=list)  # (timeline entry, seat, street) of each full bet or raise
    held_from: dict = field(default_factory=dict)    # seat -> (street, timeline entry, lasts) of the restriction on him
    freed_on: dict = field(default_factory=dict)     # seat -> the round a ruling opened the betting to him on (frees)
    pot_limit: bool = False                          # a pot-limit game: a raise is at most the pot (pot_limit_max_to)
    max_bet: float | None = None                     # the most a bet or raise may add (a stakes cap), None: no cap
    raise_by_largest: bool = False                   # the club sizes a raise by the round's largest bet or raise,
    #                                                  no big-blind floor (clubs/<club>.yaml min_raise)

    def behind_on(self) -> dict:
        """Seats a correction on an earlier round left short there: seat -> (street, chips to call).
        That round is settled before the current one goes on."""
        out = {}
        for street, totals in self.by_street.items():
            if street == self.street or street not in self.moved_on.values():
                continue
            top = max((v for s, v in totals.items() if s in self.live), default=0)
            for seat in self.live:
                short = top - totals.get(seat, 0)
                if short > 1e-9 and self.stacks.get(seat, 0) > 0 and seat not in out:
                    out[seat] = (street, min(short, self.stacks[seat]))
        return out

    def to_call(self, seat) -> float:
        behind = self.behind_on().get(seat)
        if behind is not None:
            return behind[1]
        owed = self.owes.get(seat)
        if owed is not None:
            return min(owed, self.stacks.get(seat, 0))
        return max(0, min(self.current_bet - self.round_in.get(seat, 0), self.stacks.get(seat, 0)))

    def owing(self) -> list:
        """Live seats with chips who must still act on this round (or on an earlier round a
        correction reopened), in no particular order."""
        if len(self.live) < 2:
            return []                 # every other hand has folded or is dead: nobody has anything to act on
        behind = self.behind_on()
        if behind and not self.void:
            return sorted(behind)
        if self.void or self.street not in BETTING + STUD_BETTING:
            return []
        out = [s for s in self.live if self.stacks.get(s, 0) > 0 and (
            s in self.owes or self.round_in.get(s, 0) < self.current_bet or s not in self.acted)
            and not (self.round_in.get(s, 0) >= self.current_bet and s in self.acted)]
        if sum(1 for s in self.live if self.stacks.get(s, 0) > 0) < 2:
            # one player left with chips (the others all in): no betting round is open, so he acts
            # only on chips he faces or owes, never to check into nobody (issue 20, e20/now)
            out = [s for s in out if s in self.owes or self.round_in.get(s, 0) < self.current_bet]
        return out

    def to_act(self, button) -> list:
        """Every seat that must still act on this round, in the order the action reaches them."""
        first = self.next_to_act(button)
        if first is None:
            return []
        owing = set(self.owing())
        resume = first
        if first in self.owes and first != self.acts_next:
            # he settles what he owes out of turn; play then goes on where it stopped
            resume = self._in_turn(button, [s for s in owing if s != first] or [first])
        everyone = sorted(set(self.stacks) | {resume})
        order = [resume] + clockwise_from(everyone, resume)
        return [first] + list(dict.fromkeys(s for s in order if s in owing and s != first))

    def next_to_act(self, button) -> int | None:
        """Who the action is on at the floor call, once corrected: the seat a ruling named when he
        still has to act, else the next seat clockwise from the last one who acted that still has
        to act (on a new street with no action yet: the first such seat left of the button)."""
        owing = self.owing()
        if not owing or not self.cards_out:
            return None               # before the deal nobody acts: the cards come first
        if self.acts_next in owing:
            return self.acts_next
        # a player who must add chips or fold does so before play goes on (`owes`)
        return self._in_turn(button, [s for s in owing if s in self.owes] or owing)

    def _in_turn(self, button, owing) -> int:
        """The first of `owing` the action reaches from where it stands."""
        start = self.last_actor if self.last_actor is not None else button
        if self.last_actor is None and self.street == "preflop" and self.posted:
            # nobody has acted yet: the action starts left of the largest forced bet (the big
            # blind, or a straddle), not left of the button
            top = max(self.posted.values())
            order = clockwise_from(sorted(self.stacks), button) if button is not None else sorted(self.stacks)
            start = next((s for s in order if self.posted.get(s) == top), start)
        if start is None:
            return min(owing)
        everyone = sorted(set(self.stacks) | {start})
        return next((s for s in clockwise_from(everyone, start) if s in owing), min(owing))

    def options(self, seat) -> str:
        """What the seat may do now: 'call-or-fold', 'check-or-bet' or 'call-raise-fold'."""
        others_can_bet = any(s != seat and self.stacks.get(s, 0) > 0 for s in self.live)
        if self.holds(seat) or seat in self.owes:
            return "check-or-fold" if self.to_call(seat) == 0 else "call-or-fold"
        behind = self.behind_on().get(seat)
        if behind is not None:
            street, short = behind
            mine = self.by_street[street].get(seat, 0)
            # a rise at least the size of the bet he last matched is a full raise to him
            if others_can_bet and (short >= max(self.big_blind, mine) or self.freed_on.get(seat) == street):
                return "call-raise-fold"
            return "call-fold-unless-reopened"
        if self.to_call(seat) == 0:
            return "check-or-bet" if others_can_bet else "check"
        level, full = self.acted_at.get(seat, (None, 0))
        if level is not None and self.current_bet - level < full and others_can_bet:
            # less than a full raise since he acted: closed to him, unless a ruling opened it (frees)
            return "call-raise-fold" if self.freed_on.get(seat) == self.street else "call-fold-unless-reopened"
        if not others_can_bet or self.to_call(seat) >= self.stacks.get(seat, 0):
            return "call-or-fold"
        return "call-raise-fold"

    def reopened_to(self, seat) -> bool:
        """Whether the restriction on the seat has ended by the hand as the floor found it: one that
        lasts until the betting is reopened to him ends at a later full bet or raise by another
        player on that round (the replay's reopening rule) or when the round is over; one that lasts
        the round, when the round is over; one that lasts the hand, never (how long each restriction
        lasts is data: `restriction_lasts:` in knowledge/vocabulary.yaml)."""
        street, at, lasts = self.held_from.get(seat, (None, None, "hand"))
        if lasts == "hand" or street is None:
            return False
        if street != self.street:
            return True
        return lasts == "until-reopened" and at is not None and any(
            entry > at and by != seat and on == street for entry, by, on in self.full_raise_at)

    def holds(self, seat) -> bool:
        """Whether a restriction still holds the seat to call or fold (or check)."""
        return seat in self.restricted and not self.reopened_to(seat)

    @property
    def min_raise_to(self) -> float:
        return self.current_bet + self.full_raise_by()

    @property
    def pot(self) -> float:
        """Every chip in the middle as corrected, bets of the current round included, less what a
        deduction took (an amount nobody saw: not a number)."""
        return self.pot_at_start + self.dead_money + sum(self.contributed.values()) - self.deducted

    def pot_limit_max_to(self, seat) -> float | None:
        """In a pot-limit game, the largest total the seat may bet or raise to on the current round
        as corrected: call, then raise the pot as it then is (issue 20: a corrected bet's size feeds
        it). None where the game is not pot-limit or an amount in the middle is not known."""
        if not self.pot_limit:
            return None
        call = max(0, self.current_bet - self.round_in.get(seat, 0))
        most = self.current_bet + self.pot + call
        return most if math.isfinite(most) else None

    def max_raise_to(self, seat) -> float | None:
        """The largest total the seat may bet or raise to now: the pot limit in a pot-limit game, the
        stakes cap over the bet faced where the game has one (the lower of the two); None: no limit
        but his stack."""
        limits = [m for m in (self.pot_limit_max_to(seat),
                              self.current_bet + self.max_bet if self.max_bet is not None else None)
                  if m is not None and math.isfinite(m)]
        return min(limits) if limits else None

    def full_raise_by(self) -> float:
        """What a bet or raise must add now (in fixed limit the street's fixed bet, a bring-in completed to it).
        A club that sizes a raise by the largest bet or raise of the round (raise_by_largest) has no
        big-blind floor on a raise: an all-in bet of 300 under a 400 big blind is raised by 300."""
        fixed = self.fixed.get(self.street, 0)
        full = full_bet_by(fixed, self.current_bet, self.last_full_bet, self.big_blind)
        if not self.raise_by_largest or fixed or not self.current_bet > 0:
            return full
        made = [s.raise_by for s in self.rounds.get(self.street, ())]
        made += [total - faced for _, faced, total in self.full_raises]     # raises a correction made
        # before the flop the posted big blind is the opening bet
        largest = largest_bet_or_raise(made, self.last_full_bet, self.big_blind if self.street == "preflop" else 0)
        return min(full, largest) if largest > 0 else full


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return value


def _taken(stacks: dict, data: dict) -> dict:
    """The stacks as the floor found them: chips taken from a player's stack (a `chips_taken`
    entry) are gone from it, and in front of the player who took them when the entry names him;
    chips a player gave away (a `chips_given` entry, f18/transfer) are in front of the receiver (a
    gift before the deal is in the replay's stacks already: facts/hand.py table_stakes)."""
    for e in data.get("events", []):
        amount = _number(e.get("amount")) if e["event"] == "chips_taken" or \
            e["event"] == "chips_given" and not e.get("_before_deal") else None
        if amount is None or not math.isfinite(amount) or e.get("from") not in stacks:
            continue
        stacks[e["from"]] = stacks[e["from"]] - amount
        taker = e.get("by") if e["event"] == "chips_taken" else e.get("to")
        if isinstance(taker, int) and taker in stacks:
            stacks[taker] = stacks[taker] + amount
    return stacks


def _start(data: dict, hand) -> CorrectedHand:
    view = hand.walk()
    acted = set(view.acted_at)
    round_steps = view.round_steps()
    last = round_steps[-1].seat if round_steps else None
    stacks = _taken(dict(view.stacks), data)
    mucked = {e["seat"] for e in data.get("events", []) if e["event"] == "hand_mucked" and isinstance(e.get("seat"), int)}
    by_street: dict = {}
    for step in view.steps:
        if math.isfinite(step.delta):
            by_street.setdefault(step.street, {})
            by_street[step.street][step.seat] = by_street[step.street].get(step.seat, 0) + step.delta
    # the forced bets (blinds, straddle, bring-in) are no steps: on a later street, the first round's
    # totals still hold them (what each put in less his steps), for a round that is taken up again
    first_round = "preflop" if data.get("_start_street", "preflop") == "deal" else data.get("_start_street", "preflop")
    if first_round != view.street and first_round in BETTING + STUD_BETTING:
        for seat, forced in view.forced_bets().items():
            on_first = by_street.setdefault(first_round, {})
            on_first[seat] = on_first.get(seat, 0) + forced
    by_street.setdefault(view.street, {}).update({s: v for s, v in view.round_in.items() if v})
    actions = data.get("actions", [])
    folded_at = {step.seat: actions[step.index].get("_entry", step.index) for step in view.steps
                 if step.kind == "fold" and step.index < len(actions)}
    raised_at: dict = {}
    for step in view.steps:
        if step.kind in ("bet", "raise") and step.index < len(actions):
            raised_at.setdefault(step.seat, []).append((actions[step.index].get("_entry", step.index), step.street))
    last_delta = {step.seat: step.delta if math.isfinite(step.delta) else 0 for step in round_steps}
    full_raise_at = [(actions[step.index].get("_entry", step.index), step.seat, step.street) for step in view.steps
                     if step.full and step.index < len(actions)]
    live = [s for s in view.in_hand if s not in mucked]
    bet = max([view.current_bet] + [v for s, v in view.round_in.items() if s in live and math.isfinite(v)])
    ante = data["game"].get("ante")
    seats = [p["seat"] for p in data["players"]]
    antes = {s: ante for s in seats} if _number(ante) and view.dead_money and \
        abs(view.dead_money - ante * len(seats)) < 1e-9 else {}
    return CorrectedHand(street=view.street if data["street"] not in ("showdown", "hand-over") else data["street"],
                         stacks=stacks, contributed=dict(view.contributed), round_in=dict(view.round_in),
                         current_bet=bet, big_blind=view.big_blind, last_full_bet=view.last_full_bet,
                         live=live, pot_at_start=view.pot_at_start, dead_money=view.dead_money,
                         acted=acted, last_actor=last, acted_at=dict(view.acted_at),
                         last_delta=last_delta, by_street=by_street, antes=antes, folded_at=folded_at,
                         had_hand=set(live), posted=dict(getattr(hand, "posted", {}) or {}),
                         full_raises=_full_raises(round_steps), raised_at=raised_at, full_raise_at=full_raise_at,
                         rounds={street: hand.street_steps(street) for street in dict.fromkeys(s.street for s in view.steps)},
                         start_stacks={p["seat"]: p["stack"] for p in data["players"]
                                       if _number(p.get("stack")) is not None},
                         deducted=view.deducted, fixed=fixed_bets(data["game"]),
                         pot_limit=data["game"].get("variant") in POT_LIMIT_VARIANTS,
                         action_entries=[actions[step.index].get("_entry", step.index) for step in view.steps
                                         if step.index < len(actions)],
                         action_streets=[(actions[step.index].get("_entry", step.index), step.street)
                                         for step in view.steps if step.index < len(actions)],
                         chips_at=[(actions[step.index].get("_entry", step.index), step.seat, step.street, step.delta)
                                   for step in view.steps if step.index < len(actions)
                                   and math.isfinite(step.delta) and step.delta > 0],
                         unstated={(actions[step.index].get("_entry", step.index), step.seat) for step in view.steps
                                   if step.index < len(actions) and not any(
                                       k in actions[step.index] for k in ("chips", "total", "_chips_entry"))})


def _keep_forced(out: CorrectedHand) -> None:
    """A void hand re-dealt as an exact re-play (corrects: keeps-forced-bets): each forced bet
    posted (blinds, straddle) stays in the middle for the re-deal, the same seats posting the same
    amounts; only what was put in beyond it goes back. Once, whichever effect comes first."""
    if not (out.void and out.keeps_forced and out.redealt) or out.kept_forced:
        return
    for seat, amount in out.posted.items():
        keep = whole(min(amount, out.returned.get(seat, 0)))
        if keep > 0 and math.isfinite(keep):
            out.returned[seat] = whole(out.returned[seat] - keep)
            out.kept_forced[seat] = keep


def _move(hand: CorrectedHand, seat, amount, street=None) -> float:
    """Put `amount` of the seat's chips in (negative: give back) on `street` (the current round when
    None), within what he has; the chips moved."""
    street = street or hand.street
    if not (math.isfinite(amount) and math.isfinite(hand.contributed.get(seat, 0))
            and math.isfinite(hand.round_in.get(seat, 0))):
        return 0                      # an amount nobody saw: nothing is worked out from it
    if amount >= 0:
        amount = min(amount, hand.stacks.get(seat, 0) + hand.returned.get(seat, 0))
    else:
        amount = max(amount, -hand.contributed.get(seat, 0))
    if not amount:
        return 0
    hand.contributed[seat] = hand.contributed.get(seat, 0) + amount
    on_street = hand.by_street.setdefault(street, {})
    on_street[seat] = on_street.get(seat, 0) + amount
    if amount < 0:
        hand.backed[seat] = hand.backed.get(seat, 0) - amount
    _ledger(hand, seat, amount)
    hand.moved_on[seat] = street
    if street != hand.street:
        return amount
    hand.round_in[seat] = hand.round_in.get(seat, 0) + amount
    if hand.round_in[seat] > hand.current_bet:
        hand.current_bet = hand.round_in[seat]
    return amount


def _full_raises(steps: list) -> list:
    """(seat, bet he faced, his total) of each full bet or raise among a round's steps."""
    return [(step.seat, step.bet_before, step.total) for step in steps if step.full]


def _resize_full_raise(out: CorrectedHand, seat, total: float, raising: bool) -> None:
    """The size of the last full bet or raise once a ruling has set the total of the player who
    made it: a bet or raise of the total as ruled (full if it is at least the full raise before it),
    or, when his action is no longer a raise, the full raise before his."""
    if out.full_raises and out.full_raises[-1][0] == seat:
        _, faced, _ = out.full_raises.pop()
    elif raising:                     # a raise the hand did not show as one (its chips unseen)
        faced = max((v for s, v in out.round_in.items() if s != seat and s in out.live and math.isfinite(v)),
                    default=0)
    else:
        return
    before = out.full_raises[-1][2] - out.full_raises[-1][1] if out.full_raises else 0
    if raising and total - faced >= max(before, out.big_blind if faced else 0) and total > faced:
        out.full_raises.append((seat, faced, total))
        before = total - faced
    out.last_full_bet = before


def _void_bet_sizes(out: CorrectedHand, seat, amount: float, street: str) -> None:
    """A bet or raise given back whole (void: out of turn, not binding) was never made: the
    sizes of the bets and raises after it on its round, and so the last full raise the next
    minimum is worked from, are read again without it (issue 20)."""
    if street != out.street:
        return
    steps = list(out.rounds.get(street, ()))
    void = next((i for i in range(len(steps) - 1, -1, -1)
                 if steps[i].seat == seat and steps[i].raise_by > 0 and abs(steps[i].delta - amount) < 1e-9), None)
    if void is None:
        return
    need = steps[0].min_raise_by if steps else 0
    level = steps[0].bet_before if steps else 0
    full = []
    for i, step in enumerate(steps):
        if i == void or (step.seat == seat and i > void):
            continue                  # his later totals held the void chips: not read again
        if step.total > level:
            if step.total - level >= need - 1e-9:
                full.append((step.seat, level, step.total))
                need = step.total - level
            level = step.total
    out.full_raises = full
    out.last_full_bet = need


def _known_total(out: CorrectedHand, seat, total: float, street: str, add: float | None) -> None:
    """A player whose chips on a round nobody saw (words, no chips yet: "raise, six thousand")
    has the total a ruling sets: his chips in, on this round and over the hand, and behind him
    follow from it (and from his stack at the start, when the incident gives it); what the ruling
    says he puts in (`add`) is his move."""
    out.by_street.setdefault(street, {})[seat] = total
    if add:
        _ledger(out, seat, add)
    earlier = [v.get(seat, 0) for s, v in out.by_street.items() if s != street]
    if not all(math.isfinite(v) for v in earlier):
        return
    out.contributed[seat] = sum(earlier) + total
    if street == out.street:
        out.round_in[seat] = total
    start = out.start_stacks.get(seat)
    if start is not None and math.isfinite(start):
        out.stacks[seat] = start - out.contributed[seat]
    out.moved_on[seat] = street


def _reopen_round(out: CorrectedHand, entry=None) -> None:
    """A card came before its betting round was complete: that round goes on as the players left
    it (their totals on it, who has acted, the last full raise), when nothing has yet been bet on
    any street dealt since. The round is the one the last action before the card (`entry`, the
    ruling's point) was taken on, however many cards came out after it (a turn and a river dealt
    together go back to the flop's betting); without an entry, the round before the current one."""
    order = BETTING if out.street in BETTING else STUD_BETTING
    if out.street not in order or order.index(out.street) == 0:
        return
    earlier = order[order.index(out.street) - 1]
    if entry is not None:
        before = [street for at, street in out.action_streets if at < entry and street in order]
        if before and order.index(before[-1]) < order.index(out.street):
            earlier = before[-1]
    if any(out.rounds.get(s) for s in order[order.index(earlier) + 1:order.index(out.street) + 1]):
        return                        # betting has begun on a street dealt since: that stands
    steps = out.rounds.get(earlier, [])
    out.street = earlier
    out.round_in = {s: v for s, v in out.by_street.get(earlier, {}).items()}
    _reset_bet(out)
    out.acted = {step.seat for step in steps}
    out.full_raises = _full_raises(steps)
    out.last_full_bet = out.full_raises[-1][2] - out.full_raises[-1][1] if out.full_raises else 0
    out.acted_at = {step.seat: (max(step.bet_before, step.total), out.fixed.get(out.street) or max(out.last_full_bet, out.big_blind))
                    for step in steps}
    out.last_actor = steps[-1].seat if steps else None


def _calls_follow_down(out: CorrectedHand, seat, had: float) -> None:
    """A bet or raise a ruling cut back (its total set lower: still a bet or raise, or ruled a
    call of the bet before it): the players who called it after him on this round called the bet,
    so each is a call of the bet as it now stands and the chips over it go back to him. A player
    who raised over it is left as he is."""
    steps = out.rounds.get(out.street, [])
    made_at = max((i for i, step in enumerate(steps) if step.seat == seat), default=None)
    if made_at is None:
        return
    last = {step.seat: step for step in steps}
    callers = {step.seat for step in steps[made_at + 1:]
               if step.kind == "call" and step.total == had and last[step.seat] is step and step.seat in out.live}
    level = max([v for s, v in out.round_in.items() if s in out.live and s not in callers and math.isfinite(v)]
                + [0])
    for caller in sorted(callers):
        if out.round_in.get(caller, 0) > level:
            _move(out, caller, level - out.round_in[caller])
    _reset_bet(out)


def _calls_of_forced_follow_down(out: CorrectedHand, amount: float) -> None:
    """A forced bet given back (a straddle refused, e22/undone): the players who called it on the first
    round before anyone bet or raised answered a bet that is gone, so each is a call of the bet that
    stands (the other forced bets) and the chips over it go back to him. A raise over it is left as
    it is (what he raised to is his action)."""
    callers = set()
    last = {}
    for step in out.rounds.get(BETTING[0], []):
        if step.kind in ("bet", "raise", "all-in"):
            break
        last[step.seat] = step
        if step.kind == "call" and step.total == amount:
            callers.add(step.seat)
    callers = {s for s in callers if s in out.live and last.get(s) is not None and last[s].total == amount}
    if not callers:
        return
    level = max([v for s, v in out.round_in.items() if s in out.live and s not in callers and math.isfinite(v)]
                + [0])
    for caller in sorted(callers):
        if out.round_in.get(caller, 0) > level:
            _move(out, caller, level - out.round_in[caller])


def _reset_bet(out: CorrectedHand) -> None:
    """The bet to call on the round: the largest total a live player has in after a correction (left
    as it is while a live player's total is an amount nobody saw)."""
    totals = [v for s, v in out.round_in.items() if s in out.live]
    if all(math.isfinite(v) for v in totals):
        out.current_bet = max(totals + [0])


def _acted_on(out: CorrectedHand, seat, level) -> None:
    """The seat has acted on `level`; a raise by less than a full raise above it does not reopen his betting."""
    out.acted.add(seat)
    out.acted_at[seat] = (level, out.fixed.get(out.street) or max(out.last_full_bet, out.big_blind))


def _hold_to_call(out: CorrectedHand, seat, restriction, raise_ruling, street) -> None:
    """A held player's raise becomes a call of the bet he faced on that round."""
    totals = out.by_street.get(street, {})
    faced = max((v for s, v in totals.items() if s != seat and s in out.live), default=0)
    _move(out, seat, faced - totals.get(seat, 0), street)
    if street == out.street:
        # his raise is a call: it no longer sizes the next raise (e22/undone, I101: not "raise to at
        # least 46" after a push held to a call of 12)
        _resize_full_raise(out, seat, faced, False)
        _reset_bet(out)
        _acted_on(out, seat, out.current_bet)
    out.acted.add(seat)
    if raise_ruling:                  # the later ruling on his raise says it better than the raise alone
        out.held = [h for h in out.held if not (h.seat == seat and h.raise_ruling is None)]
    elif any(h.seat == seat for h in out.held):
        return
    out.held.append(Held(seat, restriction[:3], raise_ruling[:3] if raise_ruling else None, faced))


def _undo_after_death(out: CorrectedHand, seat, at) -> None:
    """A hand dead at the point a ruling rules on takes no further part in the hand: what the seat
    put in by acting after that point was never a bet on a live hand and goes back to him (what he
    put in up to it stays in the pot). Chips this ruling has already given back are not given twice."""
    if at is None:
        return
    if seat in out.undone:
        return                        # an earlier ruling found his hand dead: those chips went back then
    later = [(street, chips, (entry, seat) in out.unstated)
             for entry, s, street, chips in out.chips_at if s == seat and entry > at]
    remaining = sum(chips for _, chips, _ in later) - out.backed.get(seat, 0)
    given = 0
    for street, chips, unstated in reversed(later):
        give = min(chips, remaining - given)
        if give <= 0:
            break
        moved = -_move(out, seat, -give, street)          # the chips moved back
        given += moved
        if unstated:
            # a call in words whose chips the file never shows: they were read in, not seen put in,
            # so they are not given back as his: they stay in his stack (nothing to take back)
            keep = min(moved, out.returned.get(seat, 0))
            out.returned[seat] = whole(out.returned.get(seat, 0) - keep)
            out.stacks[seat] = out.stacks.get(seat, 0) + keep
            out.changed[seat] = whole(out.changed.get(seat, 0) + keep)
            out.unseen[seat] = whole(out.unseen.get(seat, 0) + keep)
    out.undone[seat] = sum(chips for _, chips, _ in later)     # back, by this correction or the ruling's own return
    if later:
        _reset_bet(out)


def _ledger(hand: CorrectedHand, seat, amount) -> None:
    """Chips put in come first out of what a correction had given back, then from his stack."""
    if amount > 0:
        from_returned = min(amount, hand.returned.get(seat, 0))
        if from_returned:
            hand.returned[seat] = whole(hand.returned[seat] - from_returned)
        hand.stacks[seat] = hand.stacks.get(seat, 0) - (amount - from_returned)
        hand.taken[seat] = hand.taken.get(seat, 0) + amount - from_returned
    else:
        to_stack = min(-amount, hand.taken.get(seat, 0))     # what a correction took from his stack goes back to it
        if to_stack:
            hand.taken[seat] -= to_stack
            hand.stacks[seat] = hand.stacks.get(seat, 0) + to_stack
        if -amount - to_stack:
            hand.returned[seat] = whole(hand.returned.get(seat, 0) - amount - to_stack)
    hand.changed[seat] = whole(hand.changed.get(seat, 0) + amount)


def _clauses(ruling) -> tuple:
    return tuple(c.clause for c in ruling.citations)


def correct(data: dict, hand, rulings: list, vocabulary, street_of_point=None, cards_out=True,
            point_entry=None) -> CorrectedHand:
    """The hand with one club's settled rulings applied point by point, in the order the points
    happened (issue 20: a point beside the marks earlier in the timeline corrects the hand before the
    marked point after it is applied; points of the same moment, or without an entry, in the order
    given)."""
    out = _start(data, hand)
    out.street_of_point = dict(street_of_point or {})
    out.cards_out = cards_out
    out.point_entry = dict(point_entry or {})
    made: dict = {}                   # (seat, kind) -> (issue, effect, clauses, point) already made
    seen: set = set()
    for ruling in in_effect_order(in_timeline_order(rulings, out.point_entry), vocabulary):
        if ruling.basis in UNSETTLED:
            continue
        out.level_before = out.current_bet
        out.backed = {}
        for effect in ruling.effects:
            key = tuple(sorted((k, repr(v)) for k, v in effect.items()))
            if key in seen:           # the same correction said by two rulings is made once
                continue
            seen.add(key)
            spec = vocabulary.effects.get(effect.get("effect"), {})
            kind = spec.get("corrects")
            if kind == "eliminates":  # out before the hand began: no hand in it; later, the hand stands
                at = out.point_entry.get(ruling.point)
                kind = "kills" if at is not None and out.action_entries and at < min(out.action_entries) \
                    and out.street not in ("showdown", "hand-over") else None
            if kind:
                _apply(out, kind, effect, ruling, made, spec.get("raise", False),
                       vocabulary.restriction_lasts.get(effect.get("effect"), "hand"), spec.get("at_the_call", False),
                       spec.get("redeals", True))
        _position_left_to_floor(out, data, ruling, vocabulary, made)
    if out.void:
        out.live = []
    else:
        out.open_life = _open_life(data, out, rulings)
    return out


OPEN_BASES = ("not covered", "conflict")   # a ruling that leaves its question to the floor
OPEN_OUTCOMES = ("floor-decides",)


def _position_left_to_floor(out: CorrectedHand, data: dict, ruling, vocabulary, made: dict) -> None:
    """A ruling of no clause (not covered, the floor decides) on an issue whose vocabulary gives the
    position the floor decides from (`left_to_floor:`, a correction kind): that correction is made,
    and nothing else (e18/premature-named: a card dealt before the round was complete, left to the
    floor, leaves the round open with its bets, the pending all-in or bet still to be answered)."""
    if ruling.basis != "not covered" or ruling.outcome not in OPEN_OUTCOMES:
        return
    position = (vocabulary.issues.get(ruling.issue) or {}).get("left_to_floor")
    if not position:
        return
    at = out.point_entry.get(ruling.point)
    # only where no ruling has corrected an action yet: a correction made (a raise re-read on the
    # round) stands with its sizes and reopens that round itself; the round is not re-read from the
    # actions as written over it
    if any(point != ruling.point for *_, point in made.values()):
        return
    if at is not None and any(e.get("event") == position["event"] and e.get("_entry") == at
                              for e in data.get("events", [])):
        _apply(out, position["corrects"], {"effect": "floor-decides"}, ruling, made, False)


LIFE_EFFECTS = ("hand-dead", "hand-live", "no-claim-to-pot")


def _leaves_open(ruling) -> bool:
    """A ruling that leaves its question to the floor: not covered, the floor decides, a conflict,
    or a 'depends' one of whose sides kills or restores a hand (one whose sides do not leaves the
    muck as it is)."""
    return ruling.basis in OPEN_BASES or ruling.outcome in OPEN_OUTCOMES or ruling.basis == "depends" and any(
        e.get("effect") in LIFE_EFFECTS for alt in ruling.alternatives for e in alt.get("effects", []))


def _open_life(data: dict, out: CorrectedHand, rulings: list) -> list:
    """Seats whose hand went into the muck (hand_mucked) at a point where the club's ruling leaves
    the question to the floor (_leaves_open) and no
    settled ruling of the club kills it or keeps it live, its cards not gone beyond retrieval
    (retrievable: false): the muck alone does not make it dead, so
    no pot is awarded as if it were; the floor decides (issue 20, e14/order2)."""
    open_points = {r.point for r in rulings if _leaves_open(r)}
    settled = {e.get("seat") for r in rulings if r.basis not in OPEN_BASES + UNSETTLED
               and r.outcome not in OPEN_OUTCOMES for e in r.effects if e.get("effect") in LIFE_EFFECTS}
    entries = {out.point_entry.get(p) for p in open_points} - {None}
    seats = {e["seat"] for e in data.get("events", []) if e["event"] == "hand_mucked"
             and isinstance(e.get("seat"), int) and e.get("_entry") in entries
             and e.get("retrievable") is not False}     # cards gone beyond retrieval: no ruling can make them live
    # a seat that folded is out by his fold (an action the corrections read), not by the muck alone
    return sorted(s for s in seats if s not in out.live and s not in settled and s not in out.dead
                  and s not in out.folded_at)


def one_moment(out: CorrectedHand, point_a, point_b) -> bool:
    """Whether rulings at two points take effect at once: the same point, a point without an
    entry, or no action of the hand taken between the two points (events at one showdown, say).
    Rulings at two moments are read in the order they happened (issue 20)."""
    a, b = out.point_entry.get(point_a), out.point_entry.get(point_b)
    if point_a == point_b or a is None or b is None:
        return True
    return moment(out.action_entries, a) == moment(out.action_entries, b)


def moment(action_entries, entry) -> int:
    """The moment of a timeline entry: how many of the hand's actions were taken before it."""
    return sum(1 for e in action_entries if e < entry)


def point_moment(action_entries, entry) -> int:
    """When a point happened, in order: an action comes after the entries before it at the same
    moment (a card exposed, then his fold: two moments, the fold the later), an entry after an
    action after it."""
    return 2 * moment(action_entries, entry) + (entry in action_entries)


def in_timeline_order(rulings: list, point_entry: dict) -> list:
    """The rulings by the timeline entry of their point (a stable sort: the rulings of one point,
    and those of a point without an entry, keep the order given)."""
    if not point_entry:
        return list(rulings)
    last = max(point_entry.values())
    return sorted(rulings, key=lambda r: point_entry.get(r.point, last))


def in_effect_order(rulings: list, vocabulary) -> list:
    """The rulings in the order their corrections take effect: point by point, as given; within one
    point, a ruling that adds to a seat's action (corrects: adds: a raise made up to the minimum, a
    call completed) comes after the other rulings there that say what that action is (corrects:
    sets-total). "Raise, eight hundred" is a raise to 800 as he said it, then made up to the
    minimum; read the other way round, the words would set back what the make-up added."""
    out, group = [], []
    for ruling in list(rulings) + [None]:
        if group and (ruling is None or ruling.point != group[0].point):
            def seats(r, kind):
                if r.basis in UNSETTLED:
                    return set()
                return {e.get("seat") for e in r.effects
                        if vocabulary.effects.get(e.get("effect"), {}).get("corrects") == kind} - {None}
            late = [r for r in group
                    if any(seats(r, "adds") & seats(other, "sets-total") for other in group if other is not r)]
            out += [r for r in group if not any(r is x for x in late)] + late
            group = []
        if ruling is not None:
            group.append(ruling)
    return out


LASTING = ("until-reopened", "round", "hand")     # how long a restriction holds, shortest first


def _ended_before(out: CorrectedHand, seat, entry, street) -> bool:
    """Whether the restriction on the seat had ended by this timeline entry on `street`
    (reopened_to, read at that entry: a later round, or a full bet or raise by another player
    between the two on that round)."""
    since, at, lasts = out.held_from.get(seat, (None, None, "hand"))
    if lasts == "hand" or since is None or at is None or entry is None:
        return False
    if street is not None and street != since:
        return True
    return lasts == "until-reopened" and any(at < e < entry and by != seat and on == since
                                             for e, by, on in out.full_raise_at)


def _street_put_in(out: CorrectedHand, seat, amount, point):
    """The betting round chips given back come off: the point's round, unless he put in less than
    that there and an earlier round holds them (a ruling at a later point, such as words on the
    river, on a bet he made on the turn); None: the current round."""
    street = out.street_of_point.get(point) or out.street
    if out.by_street.get(street, {}).get(seat, 0) >= amount - 1e-9:
        return out.street_of_point.get(point)
    # chips given back at a point past the betting (a bet voided at the showdown) come off the
    # round that holds them, never off the showdown (issue 20: the player was not folded by it)
    at = out.point_entry.get(point)
    earlier = [on for entry, s, on, _ in out.chips_at if s == seat and on != street and (at is None or entry <= at)
               and out.by_street.get(on, {}).get(seat, 0) >= amount - 1e-9]
    return earlier[-1] if earlier else out.street_of_point.get(point)


def _apply(out: CorrectedHand, kind: str, effect: dict, ruling, made: dict, raising: bool,
           lasts: str = "hand", at_the_call: bool = False, redeals: bool = True) -> None:
    seat = effect.get("seat")
    seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    me = (ruling.issue, effect["effect"], _clauses(ruling), ruling.point)
    here = out.point_entry.get(ruling.point)
    if kind in ("frees",) or raising:
        if (seat, "restricts") in made and _ended_before(out, seat, here, out.street_of_point.get(ruling.point)):
            made.pop((seat, "restricts"))         # the betting was reopened to him: nothing holds him now
            out.restricted.pop(seat, None)

    def clash(earlier_kind, why) -> bool:
        earlier = made.get((seat, earlier_kind))
        if earlier is None or earlier[0] == me[0] and earlier[3] == me[3] and earlier_kind != "kills":
            return False
        out.conflicts.append(Conflict(seat, earlier[:3], me[:3], why))
        return True

    if kind == "voids-hand":
        out.void = True
        out.redealt = out.redealt and redeals
        for s in list(out.contributed):
            _move(out, s, -out.contributed[s])
        for s, ante in out.antes.items():
            out.returned[s] = whole(out.returned.get(s, 0) + ante)
            out.changed[s] = whole(out.changed.get(s, 0) - ante)
        out.dead_money -= sum(out.antes.values())
        out.owes.clear()
        made[(None, kind)] = me
        _keep_forced(out)
        return
    if kind == "keeps-forced-bets":   # an exact re-play: the blinds posted stay in for the re-deal
        out.keeps_forced = True
        _keep_forced(out)
        return
    if kind == "withdraws-round":     # his bets still in front of him on this round are his, not the pot's
        mine = out.by_street.get(out.street, {}).get(seat, 0) if seat is not None else 0
        if mine > 0 and math.isfinite(mine):
            _move(out, seat, -mine)
            _reset_bet(out)
            _void_bet_sizes(out, seat, mine, out.street)
        return
    if kind == "refunds-pot":         # what a deduction took goes back into the pot: no more than it took
        amount = _number(effect.get("amount"))
        if amount is not None and amount > 0:
            out.deducted = whole(max(0, out.deducted - amount))
        return
    if kind == "limits-deduction":   # a deduction keeps no more than the ruling allows; the rest goes back
        pot, taken = _number(effect.get("pot")), _number(effect.get("taken"))
        percent, cap = _number(effect.get("percent")), _number(effect.get("cap"))
        _, allowed = allowed_deduction(pot, percent, cap, _number(effect.get("round_to")))
        if allowed is None:
            allowed = cap
        if taken is not None and allowed is not None and taken > allowed + 1e-9:
            out.deducted = whole(max(0, out.deducted - (taken - allowed)))
        return
    if kind in ("transfers", "offers-transfer"):   # taken chips back to `to`, out of the taker's (`seat`) stack
        amount, to = _number(effect.get("amount")), effect.get("to")
        if amount is not None and math.isfinite(amount) and amount > 0 and to in out.stacks:
            if seat in out.stacks and math.isfinite(out.stacks[seat]):
                amount = min(amount, max(0, out.stacks[seat]))
            out.transfers.append((seat, to, whole(amount), kind == "offers-transfer"))
            if kind == "transfers":   # the floor's option (offers-transfer) leaves the stacks as they are
                if seat in out.stacks and math.isfinite(out.stacks[seat]):
                    out.stacks[seat] = whole(out.stacks[seat] - amount)
                out.stacks[to] = whole(out.stacks[to] + amount)
        return
    if kind == "reopens-round":
        if not out.void:
            _reopen_round(out, out.point_entry.get(ruling.point))
        return
    if out.void or (seat is None and kind not in ("raises-bettors-to",)):
        return
    if kind == "forfeits-declared":
        # e23/money: what a declaration in turn committed binds a hand dead or live: his total on the
        # round becomes `total` (short: in from his stack; beyond it: back to him). Nobody is asked
        # to call it, and no pot is his to win with it.
        total = _number(effect.get("total"))
        if total is not None and math.isfinite(total):
            level, full = out.current_bet, out.last_full_bet
            _move(out, seat, total - out.round_in.get(seat, 0))
            out.current_bet, out.last_full_bet = level, full
        return
    if kind in ("adds", "sets-total", "owes-call", "frees", "voids-action", "checks", "restricts", "acts-next") and \
            seat in out.dead:
        killed = made.get((seat, "kills"))
        if killed is not None and kind in ("owes-call", "restricts", "acts-next", "frees"):
            out.moot.append((seat, killed[:3], me[:3]))
            return                    # a limit on, or a turn for, a hand a ruling killed: moot, not a conflict
        if clash("kills", "a dead hand takes no further part in the hand"):
            return
    if raising:
        earlier = made.get((seat, "restricts"))
        if earlier is not None and earlier[3] < me[3]:
            _hold_to_call(out, seat, earlier, me, out.street_of_point.get(ruling.point) or out.street)
            return                    # an earlier ruling held him to call or fold: his later raise is a call
        if clash("restricts", "a player held to call or fold may not bet or raise"):
            return
    if kind == "frees" and clash("restricts", "a player held to call or fold may not bet or raise"):
        return
    if kind == "sets-total" and _number(effect.get("total")) is not None:
        earlier = made.get((seat, "total"))
        if earlier is not None and earlier[3] == me[3] and earlier[4] != effect["total"] and earlier[0] != me[0]:
            out.conflicts.append(Conflict(seat, earlier[:3], me[:3],
                                          f"one sets his total to {whole(earlier[4])}, the other to "
                                          f"{whole(effect['total'])}"))
            return
        made[(seat, "total")] = me + (effect["total"],)
    if kind == "adds":
        add, total = _number(effect.get("add")), _number(effect.get("total"))
        # the round the ruled action was made on: a short call found after the next card is made
        # up on the round it was short on, in that round's pot, not against the current round's bet
        street = out.street_of_point.get(ruling.point) or out.street
        if total is not None:         # the total he is brought to governs (another ruling may have moved him)
            had = out.by_street.get(street, {}).get(seat, 0)
            add = max(0, total - had) if math.isfinite(had) else add
        old_total = out.by_street.get(street, {}).get(seat, 0)
        if add:
            _move(out, seat, add, street)
        out.owes.pop(seat, None)
        if street == out.street:
            if raising and add:
                # a raise made up to the minimum is a full raise of its corrected size: the next
                # minimum raise is worked from it, not from the short raise (issue 20)
                _resize_full_raise(out, seat, out.round_in.get(seat, 0), True)
            _acted_on(out, seat, out.round_in.get(seat, 0))
            if raising and add and math.isfinite(old_total) and old_total > 0:
                # players who had called his bet as it was: the ruling names the bettor only, so
                # whether they add the difference is not said by it (issue 20, e13/now)
                for s in out.live:
                    if s != seat and s in out.acted and out.round_in.get(s) == old_total:
                        out.called_short[s] = (seat, old_total, out.round_in.get(seat, 0))
    elif kind == "sets-total":
        total = _number(effect.get("total"))
        street = out.street_of_point.get(ruling.point) or out.street
        if total is not None:
            had = out.by_street.get(street, {}).get(seat, 0)
            if math.isfinite(had):
                _move(out, seat, total - had, street)
            else:                     # the ruling says what an amount nobody saw is
                _known_total(out, seat, total, street, _number(effect.get("add")))
            _reset_bet(out)           # a total set lower (a raise ruled a call) lowers the bet to call
            if street == out.street:
                _resize_full_raise(out, seat, total, raising)
                if math.isfinite(had) and total < had:     # cut back, or a bet or raise ruled a call
                    _calls_follow_down(out, seat, had)
        out.owes.pop(seat, None)
        _acted_on(out, seat, out.round_in.get(seat, 0))
    elif kind == "raises-bettors-to":
        total = _number(effect.get("total"))
        if total is not None:
            level = out.level_before  # those who bet or called the amount this ruling corrects
            for s in list(out.live):
                if 0 < out.round_in.get(s, 0) < total and out.round_in.get(s, 0) == level:
                    _move(out, s, total - out.round_in[s])
                    _acted_on(out, s, total)
    elif kind == "returns":
        amount = _number(effect.get("amount"))
        if amount is not None and out.backed.get(seat) == amount:
            return                    # the same chips this ruling's corrected total already gave back
        if amount is not None and out.undone.get(seat, 0) >= amount > 0:
            return                    # the chips he put in after his hand died, given back already
        total_set = made.get((seat, "total"))
        if total_set is not None and total_set[0] == me[0] and total_set[3] == me[3]:
            return                    # the total this ruling set governs: what it says goes back is the change
        if amount is not None:
            street = _street_put_in(out, seat, amount, ruling.point)
            _move(out, seat, -amount, street)
            _reset_bet(out)
            _void_bet_sizes(out, seat, amount, street or out.street)
    elif kind == "kills":
        kept = made.get((seat, "restores"))
        # a hand kept live at an earlier point and killed at a later one is dead from then (the later
        # ruling supersedes: issue 20); kept live and killed at one moment is a conflict
        # a sanction (at_the_call) takes him out of the hand whatever keeps his cards live: a ruling
        # that an irregularity does not kill his hand does not keep a disqualified player in it
        if seat in out.live and not at_the_call and (kept is None or one_moment(out, kept[3], me[3])) and \
                clash("restores", "one ruling keeps the hand live, another kills it"):
            return
        if at_the_call:
            made[(seat, "sanctioned")] = me
        if seat in out.live:
            out.live.remove(seat)
        out.dead.add(seat)
        out.owes.pop(seat, None)
        if not at_the_call:           # a sanction given at the floor's call leaves what he did before it
            _undo_after_death(out, seat, out.point_entry.get(ruling.point))
    elif kind == "restores":
        killed = made.get((seat, "kills"))
        sanction = made.get((seat, "sanctioned"))
        if seat in out.dead and sanction is not None:
            out.moot.append((seat, sanction[:3], me[:3]))
            return                    # a disqualified player's hand is not kept live by another ruling
        if seat in out.dead and killed is not None and not one_moment(out, killed[3], me[3]):
            # a hand a ruling killed at an earlier point is dead before this one: what this point
            # gives back cannot make it live again (issue 20: a dealer's mistaken kill of a hand
            # already dead puts nothing right); moot, not a conflict
            out.moot.append((seat, killed[:3], me[:3]))
            return
        if seat in out.dead and clash("kills", "one ruling kills the hand, another keeps it live"):
            return
        at = out.point_entry.get(ruling.point)
        if seat in out.folded_at and at is not None and out.folded_at[seat] > at:
            return                    # he folded after the ruling kept his hand live: his fold stands
        if seat not in out.live and seat in out.contributed:
            out.live.append(seat)
            out.live.sort()
    elif kind == "voids-action":
        step = out.last_delta.pop(seat, None)
        if step is not None:
            _move(out, seat, -step)
        out.acted.discard(seat)
        out.acted_at.pop(seat, None)
        _reset_bet(out)
        if step:
            _void_bet_sizes(out, seat, step, out.street)
        if out.last_actor == seat and out.street_of_point.get(ruling.point, out.street) == out.street:
            # his action void, his turn has not passed: the action stands where the player before him left it
            others = [s.seat for s in out.rounds.get(out.street, ()) if s.seat != seat]
            out.last_actor = others[-1] if others else None
    elif kind == "checks":
        # his action is a check: the chips it put out go back; he has acted (his turn has passed)
        if out.street_of_point.get(ruling.point, out.street) == out.street:
            step = out.last_delta.pop(seat, None)
            if step:
                _move(out, seat, -step)
                _reset_bet(out)
                _resize_full_raise(out, seat, out.round_in.get(seat, 0), False)   # his bet is no bet
            _acted_on(out, seat, out.round_in.get(seat, 0))
    elif kind == "voids-forced-bet":
        # the forced bet he posted (a straddle refused) goes back to him: the first round's bet,
        # its full raise and who acts first are the remaining forced bets' again
        amount = out.posted.pop(seat, None)
        if amount:
            _move(out, seat, -amount, BETTING[0])
            if out.street == BETTING[0]:
                _calls_of_forced_follow_down(out, amount)
                _reset_bet(out)
                if not out.full_raises:
                    out.last_full_bet = max(list(out.posted.values()) + [out.big_blind])
    elif kind == "restricts":
        pass
    elif kind == "owes-call":
        add = _number(effect.get("add"))
        if add is not None:
            out.owes[seat] = add
            out.owes_on[seat] = out.street_of_point.get(ruling.point) or out.street
    elif kind == "frees":
        out.restricted.pop(seat, None)
        out.freed_on[seat] = out.street_of_point.get(ruling.point) or out.street
    elif kind == "acts-next":
        out.acts_next = seat
    if kind in ("restricts", "owes-call"):
        out.restricted[seat] = (ruling.issue, effect["effect"])
        at = out.point_entry.get(ruling.point)
        street = out.street_of_point.get(ruling.point) or out.street
        was = out.held_from.get(seat)
        if was is not None and was[:2] == (street, at):       # two rulings at one point: the longer holds
            lasts = max(lasts, was[2], key=LASTING.index)
        out.held_from[seat] = (street, at, lasts)
        later = {entry for point, entry in out.point_entry.items() if point > ruling.point}
        reopened = min((e for e, by, on in out.full_raise_at if at is not None and e > at and by != seat
                        and on == street), default=None) if lasts == "until-reopened" else None
        if at is not None and any(((entry > at and entry in later) or entry == at) and on == street
                                  and (reopened is None or entry < reopened)
                                  for entry, on in out.raised_at.get(seat, ())):
            # a bet or raise he made on that round at a later point is his call (as that point is read:
            # edits.py); so is the raise of the point itself when the ruling on it holds him to call or
            # fold (issue 21: an out-of-turn restriction governing his declared raise; its chips go back)
            _hold_to_call(out, seat, me, None, street)
    made[(seat, "restricts" if kind == "owes-call" else kind)] = me
    if raising:
        made[(seat, "frees")] = me
