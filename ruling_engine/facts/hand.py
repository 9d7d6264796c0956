"""The timeline replayed once: the hand as it stood before every entry and after the last.

Arithmetic only, no club's definitions. One pass over the timeline keeps the bookkeeping a floor
person does in his head (what each player has in this round and in the hand, the bet to call, the
last full bet or raise, the bet each player last acted on, who is left) and stores, before each
action, the state every fact reads: `replay(i)` (the betting state before action i of the action
log) and `walk(i)` (the table view, with the steps so far). Facts read these snapshots instead of
replaying the log again, so a long log costs one pass, not one per fact.

Forced bets: `posts:` entries post what they say; with none, and a button and blinds, the blinds
are posted from the button (a dead button is allowed) when the timeline starts before the flop
(a timeline that starts on a later street has its blinds in `pot_at_start`). A `blinds_posted`
event says who actually posted them. Antes (`game.ante`) go into the pot as dead money; a stud
timeline that starts at third street (the first betting round, after the antes) has them in the
pot already, its stacks after them, unless `pot_at_start` gives the pot as it stood.

Who is in the hand: every player listed, less those out before the timeline starts (`folded`) and
the seats the dealer dealt no cards (`data["_dealt_out"]`): they keep their seats for the button
and the blinds (a blind posted stays in the pot) but hold no hand, so nobody waits for them to act.
A hand a club's earlier ruling killed (`data["_killed"]`, corrected/edits.py) is out from the
place the ruling took effect on: his chips stay in the pot and nobody waits for him.
"""
from __future__ import annotations

import bisect
import math
from dataclasses import field

from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.numbers import whole
from ruling_engine.records import dataclass

BETTING = ("preflop", "flop", "turn", "river")
STUD_BETTING = ("third-street", "fourth-street", "fifth-street", "sixth-street", "seventh-street")
NAN = float("nan")
# Fixed-limit games (facts/derive.py STRUCTURE: limit) and their rounds played for the small bet:
# the first two (pre-flop and the flop; third and fourth street), the big bet after them.
FIXED_LIMIT_VARIANTS = ("LHE", "stud")
SMALL_BET_ROUNDS = ("preflop", "flop", "third-street", "fourth-street")


def fixed_bets(game: dict) -> dict:
    """street -> the fixed bet of that betting round in a fixed-limit game that states its
    `limits: [small bet, big bet]`; {} for any other game (its raises are sized by the last one)."""
    limits = game.get("limits")
    if game.get("variant") not in FIXED_LIMIT_VARIANTS or not isinstance(limits, (list, tuple)) or len(limits) != 2 \
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in limits):
        return {}
    return {street: limits[0] if street in SMALL_BET_ROUNDS else limits[1] for street in BETTING + STUD_BETTING}


def full_bet_by(fixed: float, current_bet: float, last_full: float, big_blind: float) -> float:
    """What a bet or raise must add now to be a full one. In fixed limit, the street's fixed bet;
    facing less than it (a stud bring-in, an all-in short of the bet) the bet is completed to it.
    Otherwise the last full bet or raise, never less than the big blind."""
    if fixed:
        return fixed - current_bet if 0 < current_bet < fixed else fixed
    return max(last_full, big_blind)


def largest_bet_or_raise(raises, last_full: float, opening: float = 0) -> float:
    """The largest bet or raise made on the round, full or not (an all-in bet short of the big blind
    counts), from what each bet or raise added (`raises`; an unknown one is left out), the last full
    bet and the opening bet (before the flop, the posted big blind): what a raise must add where a
    club's text sizes raises so (clubs/<club>.yaml min_raise). The one place it is worked out: the
    facts of the incident and the corrected hand both read it here."""
    return max([last_full, opening] + [r for r in raises if math.isfinite(r)])


def clockwise_from(seats, seat):
    """Seats in dealing order starting after `seat` (which need not be one of them: a dead button)."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > seat]
    return after + [s for s in ordered if s <= seat and s != seat] + ([seat] if seat in ordered else [])


def blind_seats(seats, button):
    """(small blind, big blind) for these players and button; heads-up the button is the small blind."""
    order = clockwise_from(seats, button)
    if len(seats) == 2 and button in seats:
        return button, order[0]
    return order[0], order[1 % len(order)]


def button_from_blinds(seats, small_blind):
    """The button the posted small blind implies: heads-up the small blind is the button; else the
    seat before him (the players' seats: with a dead button the order of action is the same)."""
    ordered = sorted(seats)
    if len(ordered) == 2 and small_blind in ordered:
        return small_blind
    before = [s for s in ordered if s < small_blind]
    return before[-1] if before else ordered[-1]


@dataclass
class BettingState:
    """The state of the hand just before an action (the replay's view)."""

    street: str
    stacks: dict                     # seat -> chips behind
    round_in: dict                   # seat -> chips put in on this street
    current_bet: float = 0
    bets_this_round: int = 0         # voluntary bets and raises (not the big blind)
    in_hand: list = field(default_factory=list)
    history: list = field(default_factory=list)   # (seat, kind, delta, in_turn) for this street
    largest_raise: float = 0         # largest bet or raise increment this street (big blind pre-flop)
    all_history: list = field(default_factory=list)
    fixed_bet: float = 0             # the street's fixed bet in a fixed-limit game (0: none)

    def min_raise_total(self) -> float:
        """The least total a bet or raise makes: in fixed limit the fixed bet above the bet (or the
        completion of a bring-in to the fixed bet), else the bet plus the largest raise."""
        if self.fixed_bet:
            return self.current_bet + full_bet_by(self.fixed_bet, self.current_bet, 0, 0)
        return self.current_bet + self.largest_raise if self.current_bet else self.largest_raise

    def to_call(self, seat) -> float:
        return max(0, min(self.current_bet - self.round_in.get(seat, 0), self.stacks.get(seat, 0)))


@dataclass
class Step:
    """One action of the log, replayed."""

    index: int
    seat: int
    street: str
    kind: str              # fold, check, call, call-short (all-in for less), bet, raise
    delta: float           # chips this action put in
    total: float           # the player's total for the round after it
    bet_before: float      # the bet to call before it (the round's largest total)
    raise_by: float        # total - bet_before when positive (a bet or raise), else 0
    min_raise_by: float    # what a bet or raise had to add to be a full one, before it
    full: bool             # a bet or raise of at least min_raise_by
    all_in: bool           # the player has no chips left after it
    in_turn: bool = True


@dataclass
class TableView:
    """The table just before one action (or after the last), with the floor person's book-keeping."""

    street: str
    big_blind: float
    current_bet: float
    last_full_bet: float            # size of the last full bet or raise of the round (0: none)
    round_in: dict                  # seat -> chips in on this round
    contributed: dict               # seat -> chips in over the recorded streets of the hand
    stacks: dict                    # seat -> chips behind
    in_hand: list
    pot_at_start: float             # chips in the middle before the first recorded street
    steps: list = field(default_factory=list)           # every step before this point
    acted_at: dict = field(default_factory=dict)        # seat -> (bet level, min raise) when he last acted this round
    dead_money: float = 0           # antes and dead blinds: in the pot, no one's bet
    round: list | None = None       # the steps of this round so far, when the hand has them cut out
    deducted: float = 0             # taken out of the middle before this point (pot_deduction: a rake, a drop)
    fixed_bet: float = 0            # the street's fixed bet in a fixed-limit game (0: raises sized by the last)

    @property
    def min_raise_by(self) -> float:
        """What a bet or raise must add now: in fixed limit the street's fixed bet (or what completes
        a bring-in to it), else the last full bet or raise, never less than the big blind."""
        return full_bet_by(self.fixed_bet, self.current_bet, self.last_full_bet, self.big_blind)

    @property
    def min_raise_to(self) -> float:
        return self.current_bet + self.min_raise_by

    @property
    def pot(self) -> float:
        """Every chip in the middle, bets of the current round included, less what a deduction
        (a rake, a drop) has taken out of it."""
        return self.pot_at_start + self.dead_money + sum(self.contributed.values()) - self.deducted

    def to_call(self, seat) -> float:
        return max(0, min(self.current_bet - self.round_in.get(seat, 0), self.stacks.get(seat, 0)))

    def pot_limit_max_to(self, seat) -> float:
        """The largest total a pot-limit raise may reach: call, then raise the pot as it then is."""
        call = max(0, self.current_bet - self.round_in.get(seat, 0))
        return self.current_bet + self.pot + call

    def forced_bets(self) -> dict:
        """seat -> his live forced bets (blinds, straddle, bring-in): what he put in that no step
        holds. They count on the first betting round."""
        stepped: dict = {}
        for step in self.steps:
            if math.isfinite(step.delta):
                stepped[step.seat] = stepped.get(step.seat, 0) + step.delta
        out = {}
        for seat, put_in in self.contributed.items():
            forced = put_in - stepped.get(seat, 0)
            if math.isfinite(forced) and forced > 0:
                out[seat] = forced
        return out

    def round_steps(self) -> list:
        """The steps of this round so far (every earlier step on its street)."""
        if self.round is not None:
            return self.round
        return [s for s in self.steps if s.street == self.street]

    def facing_since_action(self) -> dict:
        """For each player still in who has acted this round: (amount the bet rose since his last
        action, whether that rise is at least the full raise he faced when he acted)."""
        out = {}
        for seat, (level, min_raise) in self.acted_at.items():
            if seat in self.in_hand and self.stacks.get(seat, 0) > 0:
                rise = max(0, self.current_bet - level)
                out[seat] = (whole(rise), rise >= min_raise and rise > 0)
        return out


def _amount(value):
    return NAN if value == UNKNOWN or (isinstance(value, float) and value != value) else value


def action_term(action: dict, parse_said) -> str:
    """The action taken: the official term said, or what he did (`did:`), or 'none'."""
    term = (parse_said(action.get("said")) or ("none", None))[0]
    if term in ("none", "amount-only") and action.get("did"):
        return action["did"] if term == "none" or action["did"] != "call" else term
    return term


def paired_amount(action: dict, state):
    """The chips put out by a declaration's chips entry that gives his total, not the chips
    (facts/timeline.py declaration_pairs: `{seat: 7, said: call, total: 0}`, then `{seat: 7,
    total: 37}`): the total less what he had in, read as chips are against what he declared. None
    for any other action (there a total is his total for the round, whatever the words)."""
    if "_chips_entry" not in action or "chips" in action or "total" not in action:
        return None
    total = _amount(action["total"])
    return NAN if math.isnan(total) else max(0, total - state.round_in.get(action["seat"], 0))


def action_delta(action: dict, state, parse_said) -> float:
    """Chips this action adds to the pot, from total, chips, words or deed (in that order)."""
    seat = action["seat"]
    paired = paired_amount(action, state)
    if "total" in action and paired is None:
        total = _amount(action["total"])
        return max(0, total - state.round_in.get(seat, 0)) if not math.isnan(total) else NAN
    if "chips" in action or paired is not None:
        if action.get("chips") == UNKNOWN or paired is not None and math.isnan(paired):
            return NAN
        put = sum(action["chips"]) if paired is None else paired
        term, amount = parse_said(action.get("said")) or ("none", None)
        if term == "call" and amount is None and 0 < state.to_call(seat) < put and action.get("first") != "chips":
            return state.to_call(seat)   # "call" declared: a call, the chips beyond it are his change
        return put
    term, amount = parse_said(action.get("said")) or ("none", None)
    did = action.get("did")
    if term == "call" or (term == "none" and did == "call"):
        return state.to_call(seat)
    if term == "all-in" or (term == "none" and did == "all-in"):
        return state.stacks.get(seat, 0)
    if term in ("bet", "amount-only") and amount is not None:
        return amount
    if term in ("bet", "raise") or did in ("bet", "raise") or action.get("_amount_unknown"):
        return NAN              # a bet or raise of an amount nobody recorded
    return 0


def classify(delta, before_bet, seat, state) -> str:
    term_total = state.round_in.get(seat, 0) + delta
    if delta == 0:
        return "check" if before_bet <= state.round_in.get(seat, 0) else "none"
    if math.isnan(delta):
        return "unknown"
    if term_total > before_bet:
        return "bet" if before_bet == 0 else "raise"
    if term_total < before_bet and state.stacks.get(seat, 0) > delta:
        return "short"
    return "call"


@dataclass
class Hand:
    """The replayed timeline of one incident (see the module docstring)."""

    data: dict                       # the incident as the fact functions read it (see view())
    states: list                     # BettingState before action i (0..n), streets as the log has them
    views: list                      # TableView before action i (0..n)
    final_street: str
    posted: dict                     # seat -> forced bets posted (blinds, straddle, bring-in)
    order_button: int | None         # the button, or the one the posted blinds imply
    complete_after: list             # after action i: nobody is left to act on its round
    history: list                    # (street, seat, kind, delta, in_turn) of every action
    steps: list                      # Step of every action
    memo: dict = field(default_factory=dict)        # what is worked out once per hand (once())
    # a hand replayed again after a club's correction resumes another's replay (replay_timeline
    # `bases`): `raw` is the bookkeeping copied before each action, `resumed` (base hand, actions
    # the two share) lets the order walk resume too (facts/turn_order.py), `walks` keeps that
    # walk's own resume points (street -> [(position, state)]); none of them is a fact
    raw: list = field(default=None, repr=False, compare=False)
    resumed: tuple | None = field(default=None, repr=False, compare=False)
    walks: dict = field(default_factory=dict, repr=False, compare=False)

    # A hand is read at every point of the incident: what a point reads is cut from lists built
    # once per hand (slices, not a fresh pass over the log), so reading the hand at every point
    # costs little more than reading it once. The fact functions never change these lists.

    def once(self, key, build):
        """What `build()` gives, worked out the first time `key` is asked for and kept with the hand."""
        try:
            return self.memo[key]
        except KeyError:
            value = self.memo[key] = build()
            return value

    def replay(self, upto: int) -> BettingState:
        s = self.states[upto]
        start, end = s.history
        round_form = self.once("round form", lambda: [h[1:] for h in self.history])
        return BettingState(street=s.street, stacks=dict(s.stacks), round_in=dict(s.round_in),
                            current_bet=s.current_bet, bets_this_round=s.bets_this_round,
                            in_hand=list(s.in_hand), history=round_form[start:end],
                            largest_raise=s.largest_raise, all_history=self.history[:s.all_history],
                            fixed_bet=s.fixed_bet)

    def walk(self, upto: int | None = None) -> TableView:
        v = self.views[len(self.views) - 1 if upto is None else upto]
        return TableView(street=v.street, big_blind=v.big_blind, current_bet=v.current_bet,
                         last_full_bet=v.last_full_bet, fixed_bet=v.fixed_bet, round_in=dict(v.round_in), contributed=dict(v.contributed),
                         stacks=dict(v.stacks), in_hand=list(v.in_hand), pot_at_start=v.pot_at_start,
                         steps=self.steps[:v.steps], acted_at=dict(v.acted_at), dead_money=v.dead_money,
                         round=self.street_steps(v.street, v.steps), deducted=v.deducted)

    def street_steps(self, street: str, before: int | None = None) -> list:
        """The steps on `street`, in order; with `before`, only those among the first `before` steps."""
        steps, positions = self.once("by street", self._by_street).get(street, ([], []))
        return steps if before is None else steps[:bisect.bisect_left(positions, before)]

    def _by_street(self) -> dict:
        """street -> (its steps, their positions among all the steps), in order."""
        out: dict = {}
        for position, step in enumerate(self.steps):
            steps, positions = out.setdefault(step.street, ([], []))
            steps.append(step)
            positions.append(position)
        return out

    def steps_after(self, index: int) -> list:
        """The steps of the actions after action `index` of the log (steps are in log order)."""
        indices = self.once("step indices", lambda: [s.index for s in self.steps])
        return self.steps[bisect.bisect_right(indices, index):]

    def total_in(self) -> dict:
        """What each seat put into the pot over the whole hand (forced bets included)."""
        view = self.views[-1]
        return {s: whole(v) for s, v in view.contributed.items()}


def _start_street(timeline) -> str:
    for entry in timeline:
        if entry["entry"] == "action":
            return "preflop"
        if entry["entry"] == "street":
            return entry["street"]
    return "preflop"


def pot_deductions(data: dict) -> list:
    """(actions before it, amount) of each deduction the incident states was taken out of the pot
    (`pot_deduction: {taken: ...}`), at the moment it was taken: the pots after it are smaller by
    that much. A deduction whose amount is not a number takes nothing that can be counted."""
    out = []
    for event in data.get("events", []):
        taken = event.get("taken") if event.get("event") == "pot_deduction" else None
        if isinstance(taken, (int, float)) and not isinstance(taken, bool) and math.isfinite(taken) and taken > 0:
            out.append((event.get("_actions_before", len(data.get("actions", []))), taken))
    return out


class _Snapshots:
    """The BettingState and TableView before each action (and after the last) of one replay, each
    built from the bookkeeping the replay copied at that step the first time a fact reads it, then
    kept. A hand read again after a club's correction (rulings/rule_on.py) is read at a few steps
    of thousands: building every step's two records up front was most of the cost of a re-read.
    What a step's records hold is exactly what the replay would have built there."""

    def __init__(self, raw: list, big_blind, pot_at_start, deductions: list, fixed: dict | None = None):
        self.raw, self.big_blind, self.pot_at_start, self.deductions = raw, big_blind, pot_at_start, deductions
        self.fixed = fixed or {}        # street -> its fixed bet (fixed_bets)
        self.built: dict = {}

    def build(self, index: int) -> tuple:
        try:
            return self.built[index]
        except KeyError:
            pass
        (street, stacks, round_in, current_bet, bets_this_round, in_hand, street_start, history_len,
         largest_raise, last_full, contributed, steps, acted_at, dead) = self.raw[index]
        state = BettingState(street=street, stacks={s: whole(v) for s, v in stacks.items()},
                             round_in=round_in, current_bet=current_bet, bets_this_round=bets_this_round,
                             in_hand=in_hand, history=(street_start, history_len), largest_raise=largest_raise,
                             all_history=history_len, fixed_bet=self.fixed.get(street, 0))
        view = TableView(street=street, big_blind=self.big_blind, current_bet=current_bet, last_full_bet=last_full,
                         fixed_bet=self.fixed.get(street, 0),
                         round_in=dict(round_in), contributed=contributed,
                         stacks={s: whole(v) for s, v in stacks.items()}, in_hand=list(in_hand),
                         pot_at_start=self.pot_at_start, steps=steps, acted_at=acted_at, dead_money=dead,
                         deducted=sum(amount for before, amount in self.deductions if before <= index))
        built = self.built[index] = (state, view)
        return built


class _Steps:
    """states or views of a hand (a sequence: [i], [-1], len), built on reading (_Snapshots)."""

    def __init__(self, snapshots: _Snapshots, which: int):
        self.snapshots, self.which = snapshots, which

    def __len__(self) -> int:
        return len(self.snapshots.raw)

    def __getitem__(self, index: int):
        if not isinstance(index, int):
            raise TypeError("a hand's states and views are read one step at a time")
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.snapshots.build(index)[self.which]


RESUME_KEYS = ("players", "game", "_start_street", "_posts", "button", "_blinds_posted", "_dealt_out", "_no_hand")


def _resume_point(data: dict, base: Hand, shared: int, killed) -> int:
    """How many actions of `data` the replay can take from `base`'s (0: none): the actions before
    action `shared` are the same in both, and so must be everything the replay reads before its
    first action (the players, the game, the forced bets, the seats dealt out) and the hands a
    ruling killed up to there. It resumes at the action before the first that differs, whose
    recorded state is the same in both (the street change at that action included)."""
    if base is None or base.raw is None or shared <= 1:
        return 0
    old = base.data
    if any(data.get(key) != old.get(key) for key in RESUME_KEYS):
        return 0
    at = min(shared, len(data.get("actions", [])), len(old.get("actions", []))) - 1
    old_killed = old.get("_killed") or ()
    while at > 0 and [k for k in killed if k[0] <= at] != [k for k in old_killed if k[0] <= at]:
        at -= 1
    return at


def forced_posts(data: dict) -> list:
    """The forced bets of the hand: the `posts:` entries, and a straddle written as the event
    (`straddle:`) before any action, which is posted like the `posts: straddle` entry: his chips
    are in before the cards (issue 20)."""
    return list(data.get("_posts") or []) + [
        {"seat": e["seat"], "posts": "straddle", "amount": e.get("amount")}
        for e in data.get("events") or ()
        if e.get("event") == "straddle" and not e.get("_posted") and e.get("seat") is not None
        and not e.get("_actions_before") and e.get("before_cards", True) is not False]


# Chips that came to, or left, a player's stack before the hand's cards (issue 21, table stakes):
# only the chips on the table when the hand began play in it. Seat field, sign (+ in his stack).
STACK_BEFORE_DEAL = {"chips_removed": ("seat", -1), "chips_lent": ("seat", +1), "chips_given": ("to", +1)}


def _stack_was_on_table(data: dict, written: dict) -> set:
    """Seats whose chips taken off before the deal cannot have been in the stack written for them:
    the amounts the file states he put in this hand (`total:`, `chips:`) come to the whole of it,
    and chips in his pocket were never in the pot, so the stack written is what was on the table,
    already without them (casebook D306: "3,100 on the felt after the break", all in for 3,100).
    An action with no amount written (a call, an all-in) states nothing: the replay caps it."""
    removed = {e.get("seat") for e in data.get("events") or () if e.get("event") == "chips_removed"
               and e.get("_before_deal")}
    removed = {seat for seat in removed if isinstance(written.get(seat), (int, float))
               and math.isfinite(written[seat]) and written[seat] > 0}
    out = set()
    for seat in removed:
        by_street: dict = {}
        for action in data.get("actions") or ():
            if action.get("seat") != seat:
                continue
            street, total, chips = action.get("street"), action.get("total"), action.get("chips")
            if isinstance(total, (int, float)) and not isinstance(total, bool):
                by_street[street] = max(by_street.get(street, 0), total)
            elif isinstance(chips, list) and all(isinstance(c, (int, float)) for c in chips):
                by_street[street] = by_street.get(street, 0) + sum(chips)
        if sum(by_street.values()) >= written[seat] - 1e-9:
            out.add(seat)
    return out


def table_stakes(stacks: dict, events, on_table=frozenset()) -> dict:
    """The stacks the hand is played with: the stacks written under `players:` (at the start of the
    timeline), less chips taken off the table before the deal (`chips_removed`: a pocket, the cash
    desk, another table), plus chips lent to him before the deal with chips put on the table
    (`chips_lent`, `table_chips`), out of the lender's stack when the lender is a seat here, and
    chips given to him before the deal (`chips_given`), out of the giver's. Chips moved once the
    hand is dealt do not play in it (they are not in these stacks; a gift made then is in front of
    the receiver only in the corrected hand: corrected/hand.py _taken). `on_table`: seats whose
    written stack is already without the chips they took off (_stack_was_on_table)."""
    out = dict(stacks)
    for e in events:
        field_sign = STACK_BEFORE_DEAL.get(e.get("event"))
        amount = e.get("amount")
        if field_sign is None or not e.get("_before_deal") or isinstance(amount, bool) \
                or not isinstance(amount, (int, float)) or not math.isfinite(amount) or amount <= 0:
            continue
        if e["event"] == "chips_lent" and e.get("table_chips") is False:
            continue                          # banknotes lent: not chips on the table until bought
        if e["event"] == "chips_removed" and e.get("seat") in on_table:
            continue                          # the stack written is already without them
        seat = e.get(field_sign[0])
        if seat not in out or not math.isfinite(out[seat]):
            continue
        out[seat] = max(0, out[seat] + field_sign[1] * amount)
        lender = {"chips_lent": e.get("lender"), "chips_given": e.get("from")}.get(e["event"])
        if isinstance(lender, int) and not isinstance(lender, bool) and lender in out and math.isfinite(out[lender]):
            out[lender] = max(0, out[lender] - amount)
    return out


def replay_timeline(data: dict, parse_said, bases=()) -> Hand:
    """One pass over data["actions"] (each with its street) with the forced bets of the hand.

    `bases`: (hand, n) pairs of hands already replayed whose first n actions are those of `data`
    (a timeline read again after a club's correction: facts/timeline.py read_timeline): the replay
    takes the bookkeeping of the one that shares most from it, and replays only from there. What
    it builds is what a replay from the start would have built."""
    players = data["players"]
    seats = [p["seat"] for p in players]
    stacks0 = {p["seat"]: p["stack"] if "stack" in p and p["stack"] == p["stack"] else float("inf")
               for p in players}      # a stack not given (or unknown) is no limit
    stacks0 = table_stakes(stacks0, data.get("events") or (), _stack_was_on_table(data, stacks0))
    actions = data.get("actions", [])
    game = data["game"]
    blinds = game.get("blinds")
    big_blind = blinds[-1] if blinds else 0
    start_street = data.get("_start_street", "preflop")
    final_street = data["street"]
    fixed = fixed_bets(game)

    def full_by(street, bet_before):
        return full_bet_by(fixed.get(street, 0), bet_before, view_last_full, big_blind)

    stacks = dict(stacks0)
    state = BettingState(street=start_street if start_street in BETTING + STUD_BETTING else "preflop",
                         stacks=stacks, round_in={s: 0 for s in seats},
                         in_hand=[p["seat"] for p in players
                                  if not p.get("folded") and p["seat"] not in data.get("_dealt_out", ())])
    contributed = {s: 0 for s in seats}
    dead = 0
    posted: dict = {}
    order_button = data.get("button")

    def post(seat, amount, live=True):
        nonlocal dead
        amount = min(amount, stacks.get(seat, 0))
        stacks[seat] -= amount
        if live:
            state.round_in[seat] += amount
            contributed[seat] += amount
            state.current_bet = max(state.current_bet, state.round_in[seat])
        else:
            dead += amount
        posted[seat] = posted.get(seat, 0) + amount

    before_flop = start_street in ("deal", "preflop")
    forced = forced_posts(data) if before_flop else list(data.get("_posts") or [])
    blind_kinds = ("small-blind", "big-blind", "dead-blind")
    if forced and before_flop and blinds and len(seats) >= 2 and not any(p["posts"] in blind_kinds for p in forced) \
            and (data.get("button") is not None or data.get("_blinds_posted")):
        # a straddle (or ante) entry alone does not say the blinds were not posted: they go in
        # first, from the button (or the blinds_posted event), and the straddle on top (issue 20)
        sb, bb = data["_blinds_posted"] if data.get("_blinds_posted") else blind_seats(seats, data["button"])
        forced = [{"seat": sb, "posts": "small-blind"}, {"seat": bb, "posts": "big-blind"}] + forced
    if before_flop and game.get("ante") and not any(p["posts"] == "ante" for p in forced):
        for seat in seats:
            post(seat, game["ante"], live=False)
    elif start_street == STUD_BETTING[0] and game.get("ante") and "pot_at_start" not in data \
            and not any(p["posts"] == "ante" for p in forced):
        # a stud timeline that starts at third street starts after every player's ante went in:
        # they are in the pot, and the stacks (at the start of the timeline) are after them
        dead += game["ante"] * len(seats)
    if forced:
        for p in forced:
            kind = p["posts"]
            amount = p.get("amount")
            if amount is None:
                amount = {"small-blind": blinds[0] if blinds else 0, "big-blind": big_blind,
                          "straddle": 2 * big_blind, "ante": game.get("ante") or 0,
                          "bring-in": game.get("bring_in") or 0, "dead-blind": blinds[0] if blinds else 0}[kind]
            post(p["seat"], amount, live=kind not in ("ante", "dead-blind"))
            if kind == "straddle":
                state.largest_raise = max(state.largest_raise, amount)
        sb = next((p["seat"] for p in forced if p["posts"] == "small-blind"), None)
        if order_button is None and sb is not None and len(seats) >= 2:
            order_button = button_from_blinds(seats, sb)
        if state.current_bet:
            state.largest_raise = max(state.largest_raise, big_blind)
    elif blinds and before_flop and len(seats) >= 2 and not data.get("_no_hand") \
            and (data.get("button") is not None or data.get("_blinds_posted")):
        if data.get("_blinds_posted"):
            sb, bb = data["_blinds_posted"]
            if order_button is None:
                order_button = button_from_blinds(seats, sb)
        else:
            sb, bb = blind_seats(seats, data["button"])
        post(sb, blinds[0])
        post(bb, blinds[-1])
        state.current_bet = blinds[-1]
        state.largest_raise = blinds[-1]
    if start_street not in ("deal", "preflop"):
        state.largest_raise = big_blind

    view_last_full = big_blind if state.street == "preflop" and state.current_bet else 0
    straddle_top = max((posted.get(p["seat"], 0) for p in forced if p["posts"] == "straddle"), default=0)
    if straddle_top:
        view_last_full = max(view_last_full, straddle_top)
    steps, acted_at = [], {}
    brought_in = {p["seat"] for p in forced if p["posts"] == "bring-in"}
    raw, complete_after = [], []
    deductions = pot_deductions(data)
    killed = data.get("_killed") or ()      # (actions before which his hand is dead, seat): a club's ruling

    def kill(upto):
        for before, dead_seat in killed:
            if before <= upto and dead_seat in state.in_hand:
                state.in_hand.remove(dead_seat)

    def _complete():
        if len(state.in_hand) <= 1:
            return True
        # a stud bring-in opens the round as a bet does: called (not completed), he has no option
        return all((s in acted_at or s in brought_in and state.street == STUD_BETTING[0])
                   and state.round_in.get(s, 0) >= state.current_bet
                   for s in state.in_hand if stacks.get(s, 0) > 0)

    def new_street(street):
        nonlocal view_last_full, acted_at, street_start
        street_start = len(state.all_history)
        state.street = street
        state.round_in = {s: 0 for s in seats}
        state.current_bet = 0
        state.bets_this_round = 0
        state.largest_raise = big_blind
        state.history = []
        view_last_full = 0
        acted_at = {}

    street_start = 0                 # where the current street begins in state.all_history
    stated = list(data.get("_street_pots") or ())    # (actions before, street, pot, line): timeline.py
    short = []

    def stated_pots(upto):
        # a street's pot counted after recorded betting (issue 22): the street begins there, and what
        # the pot holds beyond the recorded chips is nobody's bet of it (betting the file leaves out)
        nonlocal dead
        while stated and stated[0][0] <= upto:
            _, street, amount, line = stated.pop(0)
            if street in BETTING + STUD_BETTING and street != state.street:
                new_street(street)
            recorded = (data.get("pot_at_start", 0) or 0) + dead + sum(
                v for v in contributed.values() if not math.isnan(v)) \
                - sum(taken for before, taken in deductions if before <= upto)
            if amount > recorded + 1e-9:
                dead += amount - recorded
            elif amount < recorded - 1e-9:
                short.append((line, street, amount, whole(recorded)))

    def snapshot():
        # the bookkeeping as it stands, copied raw: the BettingState and TableView of the step are
        # built from it only when a fact reads that step (_Snapshots); the histories are prefixes
        # of the shared lists, kept as lengths and cut on demand
        raw.append((state.street, dict(stacks), dict(state.round_in), state.current_bet, state.bets_this_round,
                    list(state.in_hand), street_start, len(state.all_history), state.largest_raise,
                    view_last_full, dict(contributed), len(steps), dict(acted_at), dead))

    kill(0)
    killed = list(killed)
    resume, base = 0, None
    for hand, shared in bases:
        at = _resume_point(data, hand, shared, killed)
        if at > resume:
            resume, base = at, hand
    if resume:
        # the state before action `resume`, as the base's replay copied it (its street change made)
        (state.street, saved_stacks, saved_round_in, state.current_bet, state.bets_this_round, saved_in_hand,
         street_start, history_len, state.largest_raise, view_last_full, saved_contributed, _, saved_acted,
         dead) = base.raw[resume]
        stacks.clear()
        stacks.update(saved_stacks)
        state.round_in, state.in_hand = dict(saved_round_in), list(saved_in_hand)
        contributed, acted_at = dict(saved_contributed), dict(saved_acted)
        state.all_history = base.history[:history_len]
        state.history = [h[1:] for h in state.all_history[street_start:]]
        steps, raw, complete_after = base.steps[:resume], base.raw[:resume], base.complete_after[:resume]
    for index in range(resume, len(actions)):
        action = actions[index]
        street = action["street"]
        stated_pots(index)
        if street != state.street:
            new_street(street)
        snapshot()
        seat = action["seat"]
        in_turn = action.get("in_turn", True)
        term = action_term(action, parse_said)
        bet_before = state.current_bet
        min_raise_by = full_by(street, bet_before)
        if term == "fold":
            if seat in state.in_hand:
                state.in_hand.remove(seat)
            state.history.append((seat, "fold", 0, in_turn))
            state.all_history.append((street, seat, "fold", 0, in_turn))
            steps.append(Step(index, seat, street, "fold", 0, whole(state.round_in.get(seat, 0)),
                              whole(bet_before), 0, whole(min_raise_by), False, False, in_turn))
            acted_at[seat] = (max(bet_before, state.round_in.get(seat, 0)), fixed.get(street) or max(view_last_full, big_blind))
            kill(index + 1)
            complete_after.append(_complete())
            continue
        delta = min(action_delta(action, state, parse_said), stacks.get(seat, 0))
        if isinstance(delta, float) and math.isnan(delta):
            delta = NAN
        kind = classify(delta, state.current_bet, seat, state)
        if kind in ("bet", "raise"):
            state.bets_this_round += 1
            state.largest_raise = max(state.largest_raise, state.round_in[seat] + delta - state.current_bet)
        state.round_in[seat] += delta
        stacks[seat] -= delta
        if term == "all-in" and not math.isnan(delta) and any(math.isnan(c) for c in contributed.values()):
            # an all-in stated (said or did, with its total or not) after an amount nobody recorded
            # (a raise said without its chips): what his stack reads behind cannot be known, and his
            # statement is that nothing is; with every amount known, chips left behind stay his (held back)
            stacks[seat] = 0
        contributed[seat] += delta
        state.current_bet = max(state.current_bet, state.round_in[seat]) if not math.isnan(delta) else state.current_bet
        state.history.append((seat, kind, delta, in_turn))
        state.all_history.append((street, seat, kind, delta, in_turn))
        total = state.round_in[seat]
        raise_by = max(0, total - bet_before) if not math.isnan(total) else 0
        all_in = delta > 0 and stacks[seat] == 0
        if raise_by > 0:
            step_kind = "bet" if bet_before == 0 else "raise"
        elif delta == 0:
            step_kind = "check"
        elif math.isnan(delta):
            step_kind = "unknown"
        else:
            step_kind = "call" if total >= bet_before else "call-short"
        full = raise_by > 0 and raise_by >= min_raise_by
        if full:
            view_last_full = raise_by
        steps.append(Step(index, seat, street, step_kind, whole(delta), whole(total), whole(bet_before),
                          whole(raise_by), whole(min_raise_by), full, all_in, in_turn))
        acted_at[seat] = (max(bet_before, total), fixed.get(street) or max(view_last_full, big_blind))
        kill(index + 1)
        complete_after.append(_complete())
    stated_pots(len(actions))
    if final_street != state.street and final_street in BETTING + STUD_BETTING:
        new_street(final_street)
    snapshot()
    if short:
        data["_street_pot_short"] = short[0]
    # no cycle (the steps name the snapshots, not the other way): a hand is freed as soon as it is let go
    snapshots = _Snapshots(raw, big_blind, data.get("pot_at_start", 0) or 0, deductions, fixed)
    return Hand(data=data, states=_Steps(snapshots, 0), views=_Steps(snapshots, 1), final_street=final_street, posted=posted,
                order_button=order_button, complete_after=complete_after, history=state.all_history,
                steps=steps, raw=raw, resumed=(base, resume) if resume else None)
