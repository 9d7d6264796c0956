"""The checks that one club's answer is one answer (issue 20): run on every ruling in the test
suite (FLOORCALL_CHECK_INVARIANTS=1) and in the generated run (benchmarks/invariants_run.py).

Each check reads what the floor is told (the answer's Now, its pot section, its rulings' effects)
against the hand the timeline replays, not against the corrected hand's own bookkeeping:
- chips are conserved: what was in the middle, plus what the Now says is put in, equals the pots
  plus what goes back plus what a deduction took out (a rake, a drop: never more than the incident's
  deductions took); a pot split adds up to the pot; nobody puts in more than he has, nor takes
  back on a betting round more than he put in on it;
- a dead hand's chips said to stay in the pot and those said to go back to him add up to no more
  than he put in (e26/money-lines: never "stay in the pot" for chips he takes back);
- no seat is both live and dead, and no pot goes to a dead hand (but for a pot the answer says
  was his alone before his hand died: `won_before_dead`, rulings/settlement.py);
- a hand a settled ruling kills at a point is not compared at that point: no other settled ruling
  of the point gives that seat a pot (issue 20, e14/propagate), unless the answer shows the two
  as a conflict;
- no seat is held to call-or-fold and told to raise, unless the answer shows the two as a conflict;
  no seat the Now names (next, or then) is offered a raise while the Now holds him to call or fold,
  and the seat the action is on is told what he may do, not "unless the betting is reopened";
- the player named to act next is live, not all-in, and told the amount the corrected bets leave
  him to call; nobody is named to act in a hand whose deal is not complete (between hands, or the
  timeline reaching only its deal: facts/timeline.py deal_state; e19/numbers);
- the pot section is the corrected hand's pots;
- the pot is awarded to the seat the club's cards-speak/showdown ruling names (its `pot-awarded`),
  while his hand is live (issue 20, e16/money);
- a seat whose action a settled ruling makes a check (ruled-check) has the chips that action put
  out given back before the Now is read (issue 20, e13/now);
- (on the merged answer, branch_violations) no "it depends" branch asks a question whose answer
  moves nothing in its ruling.
"""
from __future__ import annotations

import math

from ruling_engine.records import dataclass
from ruling_engine.facts.hand import BETTING, STUD_BETTING
from ruling_engine.model import UNSETTLED
from ruling_engine.facts.timeline import deal_state

RESTRICTING = ("call-or-fold", "may-call-or-fold", "no-raise", "passive-options-only", "no-further-raise",
               "may-complete-or-fold")
FREEING = ("may-raise", "ruled-raise", "raise-made-up", "raise-at-least", "may-act-freely", "ruled-bet")
KILLING = ("hand-dead", "no-claim-to-pot")
EPSILON = 1e-6
FIRST_ROUNDS = (BETTING[0], STUD_BETTING[0])
SHOWDOWN_ISSUES = ("best-hand",)                # the hand comparison: which hand the cards make best     # the round the forced bets are posted on


@dataclass(frozen=True)
class Violation:
    club: str
    invariant: str          # conservation | ruled-check | live-and-dead | compared-dead | call-or-fold-and-raise | next-to-act | pot-section | pot-vs-showdown | not-dealt | dead-hand-chips
    detail: str

    def text(self) -> str:
        return f"{self.club}: {self.invariant}: {self.detail}"


def violations(report, timeline, staked=None) -> list:
    """Every invariant a report's answers break (an empty list: none). `staked`: {club: timeline} of
    a club whose ruling lets chips play that were not on the table when the hand began (corrects:
    stakes-chips): its answer is checked against the hand replayed with them."""
    found = []
    views = {}
    dealt = deal_state(timeline.entries, timeline.data)    # nobody acts in a hand not yet dealt (e19/numbers)
    for club, answer in report.answers.items():
        if not answer.now:
            continue                  # the answer depends on unknown facts: each combination was checked
        own = (staked or {}).get(club, timeline)
        if id(own) not in views:
            views[id(own)] = own.hand.walk()
        view = views[id(own)]
        found += [Violation(club, name, detail) for name, detail in _club(answer, view, _taken(own.data))]
        if dealt != "complete" and (answer.now.get("next") or answer.now.get("then")) and \
                not (dealt == "dealing" and answer.now.get("not_dealt") == "dealing" and view.current_bet > 0):
            # named to act in a hand not dealt; mid-deal only as the first to act once it is done,
            # the forced bets in (blinds posted) and the Now saying the deal comes first
            seat = (answer.now.get("next") or answer.now["then"][0])["seat"]
            found.append(Violation(club, "not-dealt", f"seat {seat} is told to act in a hand whose deal is not "
                                                      f"complete ({dealt})"))
    return found


def _taken(data: dict) -> dict:
    """Seat -> chips its stack lost (negative: gained) to `chips_taken` (and `chips_given`) entries before the floor came
    (f14/chips): the replay's stacks do not know of them."""
    out: dict = {}
    for e in data.get("events", []):
        amount = e.get("amount") if e.get("event") == "chips_taken" or \
            e.get("event") == "chips_given" and not e.get("_before_deal") else None   # before the deal: in the replay
        if not isinstance(amount, (int, float)) or isinstance(amount, bool):
            continue
        out[e["from"]] = out.get(e["from"], 0) + amount
        taker = e.get("by") if e["event"] == "chips_taken" else e.get("to")   # chips given: f18/transfer
        if isinstance(taker, int):
            out[taker] = out.get(taker, 0) - amount
    return out


def _club(answer, view, taken=None):
    now, money = answer.now, answer.settlement
    taken = dict(taken or {})
    for back in now.get("restored", []):  # taken chips a ruling gave back (not the floor's option)
        if not back["option"]:
            taken[back["to"]] = taken.get(back["to"], 0) - back["amount"]
            if back.get("seat") is not None:
                taken[back["seat"]] = taken.get(back["seat"], 0) + back["amount"]
    forced = view.forced_bets()
    # a hand a ruling stopped (void: a misdeal, the hand cancelled) tells nobody to act (e17/discretion)
    if now.get("void"):
        told = ([now["next"]["seat"]] if now.get("next") else []) + [t["seat"] for t in now.get("then", [])] \
            + [o["seat"] for o in now.get("owes", [])]
        for seat in sorted(set(told)):
            yield "stopped-hand-acts", f"seat {seat} is told to act in a hand the ruling stopped"
    # a stop at the hand's own table (f18/tables) stops this hand: nobody is told to act in it
    if any(stop.get("hand_here") for stop in now.get("stops", [])):
        told = ([now["next"]["seat"]] if now.get("next") else []) + [t["seat"] for t in now.get("then", [])] \
            + [o["seat"] for o in now.get("owes", [])] + [m["seat"] for m in now.get("moves", []) if "add" in m]
        for seat in sorted(set(told)):
            yield "stopped-hand-acts", f"seat {seat} is told to act in a hand play stopped at its own table"
    if not all(math.isfinite(v) for v in view.contributed.values()):
        return
    adds = {m["seat"]: m["add"] for m in now.get("moves", []) if "add" in m}
    backs = {m["seat"]: m["back"] for m in now.get("moves", []) if "back" in m}
    pots = [e for e in money if e["effect"] == "pot"]
    returns = [e for e in money if e["effect"] == "return-chips" and "amount" in e]
    middle = view.pot_at_start + view.dead_money + sum(view.contributed.values())
    deducted = sum(e["amount"] for e in money if e["effect"] == "pot-deducted")
    # the blinds a void hand keeps in the middle for its exact re-play (keeps-forced-bets) are a pot
    kept = sum(e["amount"] for e in money if e["effect"] == "stays-for-redeal")
    # a call in words the replay counted in, its chips never shown, after the hand died: not in the middle
    kept += sum(e["amount"] for e in money if e["effect"] == "not-put-in")
    # conservation
    if money and (pots or returns):
        told = sum(p["amount"] for p in pots) + sum(r["amount"] for r in returns) + deducted + kept
        expected = middle + sum(adds.values())
        if abs(told - expected) > EPSILON:
            yield "conservation", (f"the middle held {middle} and the Now puts in {sum(adds.values())}, "
                                   f"but the pots, returns and deductions add up to {told}")
    if deducted > view.deducted + EPSILON:
        yield "conservation", (f"{deducted} is said to be taken out of the pot, but the incident's "
                               f"deductions took {view.deducted}")
    for seat, add in adds.items():
        if add > view.stacks.get(seat, 0) - taken.get(seat, 0) + EPSILON:
            yield "conservation", f"seat {seat} is told to put in {add} with {view.stacks.get(seat, 0) - taken.get(seat, 0)} behind"
    for seat, back in backs.items():
        if back > view.contributed.get(seat, 0) + EPSILON:
            yield "conservation", f"seat {seat} takes back {back} but put in {view.contributed.get(seat, 0)}"
    for move in now.get("moves", []):
        # chips given back on a betting round come off what he put in on it (else the Now reads
        # that round's bets wrong: a bet to call that nobody made)
        on = move.get("street", now.get("street"))
        if "back" in move and on in BETTING + STUD_BETTING:
            put = sum(st.delta for st in view.steps if st.street == on and st.seat == move["seat"])
            if on in FIRST_ROUNDS:    # the blinds, straddle or bring-in he posted count on the first round
                put += forced.get(move["seat"], 0)
            if math.isfinite(put) and move["back"] > put + EPSILON:
                yield "conservation", f"seat {move['seat']} takes back {move['back']} on the {on}, where he put in {put}"
    by_name = {p["pot"]: p for p in pots}
    for e in money:
        pot = by_name.get(e.get("pot", "main"))
        if e["effect"] == "pot-awarded" and pot and "amount" in e and abs(e["amount"] - pot["amount"]) > EPSILON:
            yield "conservation", f"{e['pot']} pot awarded as {e['amount']} but it holds {pot['amount']}"
        if e["effect"] == "pot-split" and pot and abs(e["share"] * len(e["seats"]) + (e.get("odd") or 0)
                                                      - pot["amount"]) > EPSILON:
            yield "conservation", f"{e['pot']} pot split {e['share']} x {len(e['seats'])} + {e.get('odd')} " \
                                  f"but it holds {pot['amount']}"
    # a ruled check (issue 20, e13/now): the Now never reads on from chips the ruling on that seat's
    # action removed: the chips his one action on the Now's round put out go back
    if not now.get("void"):
        checked = {e.get("seat") for r in answer.rulings if r.basis not in UNSETTLED for e in r.effects
                   if e.get("effect") == "ruled-check"}
        for seat in sorted(s for s in checked if isinstance(s, int)):
            steps = [st for st in view.steps if st.seat == seat and st.street == now.get("street")]
            if len(steps) == 1 and math.isfinite(steps[0].delta) and steps[0].delta > EPSILON \
                    and backs.get(seat, 0) < steps[0].delta - EPSILON:
                yield "ruled-check", (f"seat {seat}'s action is ruled a check, but the Now leaves "
                                      f"{steps[0].delta} of his chips on the {now.get('street')}")
    # a dead hand's chips are either said to stay in the pot or said to go back, never both
    # (e26/money-lines): what stays plus what goes back is no more than he put in
    for kept in now.get("dead_in", []):
        seat = kept["seat"]
        if kept["in"] + backs.get(seat, 0) > view.contributed.get(seat, 0) + adds.get(seat, 0) + EPSILON:
            yield "dead-hand-chips", (f"seat {seat}'s dead hand is said to leave {kept['in']} in the pot and take "
                                      f"back {backs.get(seat, 0)}, but he put in {view.contributed.get(seat, 0)}")
    # live and dead
    live, dead = set(now.get("live", [])), set(now.get("dead", []))
    for seat in sorted(live & dead):
        yield "live-and-dead", f"seat {seat} is both live and dead"
    for e in money:
        winners = [e["seat"]] if e["effect"] == "pot-awarded" else e.get("seats", []) \
            if e["effect"] == "pot-split" else []
        for seat in winners:
            if e.get("won_before_dead"):
                continue              # won when the others in it folded, before his hand died
            if seat in dead or (live and seat not in live):
                yield "live-and-dead", f"seat {seat}, whose hand is dead, is given {e.get('pot', 'the')} pot"
    if not now.get("void"):
        settled = [(r, e) for r in answer.rulings if r.basis not in UNSETTLED for e in r.effects]
        killed = {(e.get("seat"), r.point) for r, e in settled if e.get("effect") in KILLING}
        restored = {(e.get("seat"), r.point) for r, e in settled if e.get("effect") == "hand-live"}
        for seat in sorted({s for s, _ in killed & restored if isinstance(s, int)}):
            if not _shown(answer, seat):
                yield "live-and-dead", f"seat {seat}: one ruling kills his hand, another keeps it live"
        # at two points of the timeline the two are read in the order they happened (issue 20): a
        # hand a ruling kills at one of them is dead in the Now whichever came first
        for seat in sorted({s for s, _ in killed} & {s for s, _ in restored} - {s for s, _ in killed & restored}):
            if isinstance(seat, int) and seat in live and not _shown(answer, seat):
                yield "live-and-dead", f"seat {seat}: a ruling kills his hand at one point, yet the Now keeps it live"
        # a hand killed at a point is out of that point's hand comparison
        for ruling in answer.rulings:
            if ruling.basis in UNSETTLED:
                continue
            dead_here = {e.get("seat") for r in answer.rulings if r.point == ruling.point and r is not ruling
                         and r.basis not in UNSETTLED for e in r.effects if e.get("effect") in KILLING}
            for e in ruling.effects:
                if e.get("effect") in ("pot-awarded", "pot-split") and not e.get("won_before_dead"):
                    for seat in [e.get("seat")] if e["effect"] == "pot-awarded" else e.get("seats", []):
                        if seat in dead_here and isinstance(seat, int) and not _shown(answer, seat):
                            yield "compared-dead", (f"seat {seat}'s hand is killed at point {ruling.point + 1}, "
                                                    f"but the ruling on {ruling.issue} there gives him the pot")
        # a pot award never contradicts the club's own showdown ruling (issue 20): the pot goes to the
        # seat the cards-speak/showdown ruling (best-hand) names while his hand is live
        for seat, name, issue in sorted({(e.get("seat"), e.get("pot", "main"), r.issue) for r, e in settled
                                         if r.issue in SHOWDOWN_ISSUES and e.get("effect") == "pot-awarded"
                                         and isinstance(e.get("seat"), int)},
                                        key=repr):
            if seat not in live or seat in dead:
                continue
            # only a pot he contends for (the pot section's seats): a showdown ruling naming a seat whose
            # chips the pot does not count (an all-in written by seat: unknown) is a gap of its own,
            # not a contradiction of the pot's award
            contending = {s for e in money if e.get("effect") == "pot" and e.get("pot", "main") == name
                          for s in e.get("seats", [])}
            if seat not in contending:
                continue
            for e in money:
                if e.get("pot", "main") != name or e.get("won_before_dead"):
                    continue
                given = [e["seat"]] if e["effect"] == "pot-awarded" else e.get("seats", []) \
                    if e["effect"] == "pot-split" else None
                if given is not None and seat not in given and not _shown(answer, seat):
                    yield "pot-vs-showdown", (f"the ruling on {issue} gives seat {seat} the {name} pot, "
                                              f"but the pot section gives it to seat(s) {given}")
        # call-or-fold and raise
        held = {e.get("seat") for _, e in settled if e.get("effect") in RESTRICTING and e["effect"] != "no-further-raise"}
        freed = {e.get("seat") for _, e in settled if e.get("effect") in FREEING}
        # no more raising this round, and what he did stands: only a new licence to raise contradicts it
        held_now = {e.get("seat") for _, e in settled if e.get("effect") == "no-further-raise"}
        freed_now = {e.get("seat") for _, e in settled if e.get("effect") in ("may-raise", "may-act-freely")}
        for seat in sorted(s for s in (held & freed) | (held_now & freed_now) if isinstance(s, int)):
            if not _shown(answer, seat):
                yield "call-or-fold-and-raise", f"seat {seat} is held to call or fold and told he may raise"
    nxt = now.get("next")
    for told in ([nxt] if nxt else []) + list(now.get("then", [])):
        # every seat the Now names, not only the next: a held player is never offered a raise
        if told["seat"] in restricted_seats(now) and told["options"] not in ("call-or-fold", "check-or-fold"):
            yield "call-or-fold-and-raise", f"seat {told['seat']} is held to call or fold but may {told['options']}"
    if nxt and nxt["options"] == "call-fold-unless-reopened":
        yield "call-or-fold-and-raise", (f"seat {nxt['seat']} acts next, but is told he may raise only if the "
                                         "betting is reopened: nobody can reopen it before he acts")
    if nxt:
        seat = nxt["seat"]
        behind = view.stacks.get(seat, 0) - adds.get(seat, 0) - taken.get(seat, 0)
        if seat not in live or seat in dead:
            yield "next-to-act", f"seat {seat} acts next but his hand is not live"
        if behind <= EPSILON:
            yield "next-to-act", f"seat {seat} acts next but is all-in"
        street = nxt.get("street", now.get("street"))
        on_street = [m for m in now.get("moves", []) if m.get("street", now.get("street")) == street]
        if street == view.street:       # the round the replay ends on, with the Now's moves on it
            totals = {s: view.round_in.get(s, 0) + sum(m.get("add", 0) - m.get("back", 0)
                                                       for m in on_street if m["seat"] == s) for s in live}
        else:                         # a round a correction reopened: its totals from the replay's steps
            totals = {s: sum(st.delta for st in view.steps if st.street == street and st.seat == s)
                      + sum(m.get("add", 0) - m.get("back", 0) for m in now.get("moves", [])
                            if m["seat"] == s and m.get("street") == street) for s in live}
            if street in FIRST_ROUNDS:    # the forced bets (no steps) count on the first round
                totals = {s: v + forced.get(s, 0) for s, v in totals.items()}
        in_round = totals.get(seat, 0)
        owed = {o["seat"]: o["add"] for o in now.get("owes", [])}
        call = owed.get(seat, max(0, min(nxt["total"] - in_round, behind)))
        if abs(call - nxt["call"]) > EPSILON:
            yield "next-to-act", f"seat {seat} is told {nxt['call']} to call; the corrected bets leave {call}"
        if nxt["total"] + EPSILON < max(totals.values(), default=0):
            yield "next-to-act", f"seat {seat} is told the bet is {nxt['total']}, below a live player's total"
    # the pot section is the corrected hand's pots
    if pots and not now.get("void"):
        for pot in pots:
            if live and not set(pot["seats"]) <= live | set(pot.get("open", [])) and not pot.get("won_before_dead"):
                yield "pot-section", f"{pot['pot']} pot names seats {pot['seats']}, not all of them live"


def restricted_seats(now: dict) -> set:
    return set(now.get("restricted", [])) | {o["seat"] for o in now.get("owes", [])}


def _shown(answer, seat) -> bool:
    """Whether the answer shows the seat's two rulings as a conflict for the floor to choose, or
    has read the later one on the hand the earlier left (a held player's raise is his call)."""
    return any(f"seat {seat}" in text for text in answer.contradictions) or \
        any(held["seat"] == seat for held in answer.now.get("held", []))


def branch_violations(report) -> list:
    """Issue 20: no question in a ruling's "it depends" branches that moves nothing in it. Every
    field a branch asks is one whose answer alone (the others as that combination has them) moves
    the ruling to another branch: a question of another point, or of a field this ruling does not
    read, leaks into it otherwise. Read on the merged answer (each combination's own answer is
    checked by violations())."""
    found = []
    for club, answer in report.answers.items():
        for ruling in answer.rulings:
            whens = [(index, tuple(when)) for index, branch in enumerate(ruling.depends or []) for when in branch.when]
            names = {name for _, when in whens for name, _ in when}
            for name in sorted(names):
                seen: dict = {}
                for index, when in whens:
                    rest = tuple(pair for pair in when if pair[0] != name)
                    seen.setdefault(rest, set()).add(index)
                if not any(len(v) > 1 for v in seen.values()):
                    found.append(Violation(club, "branch-question",
                                           f"point {ruling.point} {ruling.issue}: the branches ask {name}, "
                                           f"whose answer moves nothing in this ruling"))
    return found
