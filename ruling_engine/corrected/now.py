"""What the floor does now, read from the corrected hand: the chips each correction moves, who
must add chips or fold, whose hands are live, who acts next with what to call and what he may do,
and whether the betting round is complete (never while a live player's chips on it are an amount
nobody saw and no ruling has settled: the round goes on once they are in).

Plain numbers and seats (rendered by render/output.py); nothing here is a club's rule.
"""
from __future__ import annotations

import math

from ruling_engine.facts.hand import BETTING, STUD_BETTING
from ruling_engine.numbers import tidy as whole
from ruling_engine.corrected.one_line import dead_in


def now_of(corrected, button=None) -> dict:
    """The structured 'Now' of one club's answer."""
    base = {"void": corrected.void, "moves": [], "owes": [], "next": None, "then": [], "round_complete": False,
            "street": corrected.street, "live": [], "dead": sorted(corrected.dead), "restricted": []}
    if corrected.void:
        if not corrected.redealt:        # void and not dealt again now (redeals: false of its effect)
            base["redealt"] = False
        if corrected.kept_forced:        # an exact re-play: the blinds posted stay in (keeps-forced-bets)
            base["kept_forced"] = dict(corrected.kept_forced)
        return base
    seat = corrected.next_to_act(button)
    nxt = None
    if seat is not None:
        options = corrected.options(seat)
        if options == "call-fold-unless-reopened":
            options = "call-or-fold"       # the action is on him: nobody can reopen the betting before he acts
        street, total = corrected.street, corrected.current_bet
        if seat in corrected.behind_on():
            street = corrected.behind_on()[seat][0]
            total = max(v for s, v in corrected.by_street[street].items() if s in corrected.live)
        elif seat in corrected.owes and corrected.owes_on.get(seat, street) != street:
            # what he owes is owed on an earlier round (a short call found after the next card)
            street = corrected.owes_on[seat]
            total = corrected.by_street.get(street, {}).get(seat, 0) + corrected.owes[seat]
        nxt = {"seat": seat, "call": whole(corrected.to_call(seat)), "options": options,
               "total": whole(total), "street": street}
        _called_short(corrected, nxt)
        if options in ("call-raise-fold", "check-or-bet"):
            nxt["min_raise_to"] = whole(corrected.min_raise_to if street == corrected.street
                                        else total + max(corrected.big_blind, nxt["call"]))
            most = corrected.round_in.get(seat, 0) + corrected.stacks.get(seat, 0)
            if street == corrected.street and math.isfinite(most) and most < nxt["min_raise_to"]:
                nxt["all_in_to"] = whole(most)     # all he has is short of a full raise: all in is his raise
                del nxt["min_raise_to"]
            cap = corrected.max_raise_to(seat) if street == corrected.street else None
            if cap is not None and "min_raise_to" in nxt:
                # pot-limit or a stakes cap: the most he may raise to, read from the hand as corrected
                # (issue 20), never less than the minimum, nor more than all he has
                cap = min(cap, most) if math.isfinite(most) else cap
                nxt["max_raise_to"] = whole(max(cap, nxt["min_raise_to"]))
                nxt["max_by"] = "pot limit" if cap == corrected.pot_limit_max_to(seat) else "maximum bet"
    unsettled = sorted(s for s in corrected.live if not math.isfinite(corrected.round_in.get(s, 0)))
    complete = nxt is None and corrected.cards_out and len(corrected.live) > 1 and not unsettled and \
        corrected.street in BETTING + STUD_BETTING
    restored = {"restored": [_restored(corrected, *t) for t in corrected.transfers]} if corrected.transfers else {}
    dead = sorted(s for s in corrected.dead if s not in corrected.live and s in corrected.had_hand)
    return {**base, **restored,
            "moves": [_moved(corrected, s, amount) for s, amount in sorted(corrected.changed.items()) if amount],
            "owes": [{"seat": s, "add": whole(corrected.to_call(s)), "options": corrected.options(s)}
                     for s in sorted(corrected.owes) if s in corrected.live],
            "next": nxt,
            "then": [_then(corrected, s) for s in corrected.to_act(button)[1:]],
            "round_complete": bool(complete),
            "unsettled": unsettled,
            "held": [{"seat": h.seat, "call_total": whole(h.call_total), "text": h.text()} for h in corrected.held],
            "moot": [{"seat": seat, "text": f"the ruling on {later[0]} ({later[1]}; {', '.join(later[2])}) does not "
                      f"apply: seat {seat}'s hand is dead under the ruling on {kill[0]} ({', '.join(kill[2])})"}
                     for seat, kill, later in corrected.moot],
            "live": sorted(corrected.live),
            "open": list(getattr(corrected, "open_life", []) or []),
            "dead": dead,
            # what each dead hand still has in the middle: the chips that stay in the pot (one_line.py)
            "dead_in": dead_in(corrected, dead),
            "restricted": sorted(s for s in corrected.restricted if s in corrected.live and corrected.holds(s))}


def _restored(corrected, seat, to, amount, option) -> dict:
    """Chips taken from a stack given back (f14/chips): from whom, to whom, how much, and each one's
    stack after it (option: the floor's to choose, not decided, and the stacks are what they
    would be)."""
    after = dict(corrected.stacks)
    if option:
        after[to] = after.get(to, 0) + amount
        if seat in after:
            after[seat] = after[seat] - amount
    out = {"seat": seat, "to": to, "amount": whole(amount), "option": option,
           "to_has": whole(after.get(to, 0))}
    if seat in after and math.isfinite(after[seat]):
        out["seat_has"] = whole(after[seat])
    return out


def _then(corrected, seat) -> dict:
    """A seat the action reaches after the next one: what he will face, what he may do, and (when he
    may raise, on the current round, with enough behind for a full raise) the least he raises to."""
    out = {"seat": seat, "call": whole(corrected.to_call(seat)), "options": corrected.options(seat)}
    _called_short(corrected, out)
    if out["options"] in ("call-raise-fold", "check-or-bet") and seat not in corrected.behind_on():
        most = corrected.round_in.get(seat, 0) + corrected.stacks.get(seat, 0)
        if math.isfinite(corrected.min_raise_to) and math.isfinite(most) and most >= corrected.min_raise_to:
            out["min_raise_to"] = whole(corrected.min_raise_to)
    return out


OPEN_BASES = ("not covered", "conflict", "depends")      # a ruling that leaves the question to the floor
OPEN_OUTCOMES = ("floor-decides", "depends")


def floor_first(now: dict, rulings: list, points: list, entries: list, steps: dict, floor: str,
                holds: frozenset = frozenset()) -> dict | None:
    """The question the floor decides before the Now (issue 20, e13/now): the club's ruling on the
    last marked action that put chips in leaves it to the floor (not covered, floor-decides,
    depends, a conflict, or a rule of its own that keeps the floor's discretion: e14/floorfirst), so the Now below, read from his chips as he put them in, holds only if
    the floor lets them stand. `steps`: {timeline index: replayed step}; `floor`: the club's floor
    person as its knowledge names him (clubs/<club>.yaml); `holds`: the issues whose open decision
    can change the board or who is in the hand (`open_holds_play:` in the vocabulary), which hold
    the Now wherever they are in the hand. A point of a hand the answer has killed is moot (V701):
    never the floor's first. None: nothing open."""
    if not now or now.get("void") or not now.get("next"):
        return None
    moot = _moot_points(points, entries, now)
    marked = [n for n, p in enumerate(points) if p.kind == "action" and not getattr(p, "beside", False)
              and n not in moot]
    if not marked:
        return _left_to_floor(rulings, points, floor, entries, holds, moot)
    number = marked[-1]
    point = points[number]
    index = next((i for i in reversed(point.entries) if i < len(entries) and entries[i].get("entry") == "action"
                  and "posts" not in entries[i]), None)
    step = steps.get(index) if index is not None else None
    open_ = [r for r in rulings if r.point == number and (r.basis in OPEN_BASES or r.outcome in OPEN_OUTCOMES
                                                          or _discretion(r))]
    readings = entries[index].get("could_mean") if index is not None else None
    if open_ and readings and not (step is not None and math.isfinite(step.delta) and step.delta > 0):
        # words that could mean more than one amount, no chips put in, and the club leaves it to the
        # floor (e17/declare): he decides which amount they bet before anyone acts; no Now that
        # treats the words as no bet at all
        ruling = open_[0]
        return {"seat": entries[index].get("seat"), "issue": ruling.issue, "line": point.line,
                "who": f"The {floor}", "amounts": sorted(whole(a) for a in readings),
                "clauses": [c.clause for c in ruling.citations]}
    if step is None or not (math.isfinite(step.delta) and step.delta > 0) or not open_:
        return _left_to_floor(rulings, points, floor, entries, holds, moot)
    ruling = open_[0]
    first = {"seat": entries[index].get("seat"), "issue": ruling.issue, "line": point.line, "who": f"The {floor}",
             "put_in": whole(step.delta), "clauses": [c.clause for c in ruling.citations]}
    if _discretion(ruling) and ruling.basis not in OPEN_BASES and ruling.outcome not in OPEN_OUTCOMES:
        # a rule of the club's own that leaves the decision to the floor with a direction (issue 20,
        # e14/floorfirst): the Now below is the hand as the direction corrects it; `otherwise` (filled by
        # the caller) is the hand if the floor lets his chips stand as he put them in
        first["direction"] = ruling.decision
        first["ruling"] = rulings.index(ruling)
    return first


def hand_table(data: dict):
    """The table where the hand described is played: the table_count marked hand_here: true
    (f18/tables), None when no table is marked."""
    for entry in data.get("events", data.get("timeline", [])):
        if entry.get("event") == "table_count" and entry.get("hand_here") is True:
            return entry["number"]
    return None


def play_stops(now: dict, rulings: list, vocabulary, here=None) -> list:
    """The tables where a settled ruling of this club stops play (an effect with `stops: table`,
    knowledge/vocabulary.yaml; e17/discretion): each with the clauses it rests on. They lead the Now:
    nobody acts in a hand at a table where play cannot continue. Nothing where the hand is void.
    With the hand's own table known (`here`, f18/tables) each stop says whether it is this hand's
    table (`hand_here`: true, this hand stops; false, it is played on)."""
    if not now or now.get("void"):
        return []
    out = []
    for ruling in rulings:
        if ruling.basis in ("conflict", "depends"):
            continue
        for effect in ruling.effects:
            if vocabulary.effects.get(effect.get("effect"), {}).get("stops") == "table":
                stop = {"table": effect.get("table"), "issue": ruling.issue,
                        "clauses": [c.clause for c in ruling.citations]}
                if here is not None:
                    stop["hand_here"] = str(effect.get("table")) == str(here)
                if stop not in out:
                    out.append(stop)
    return out


HAND_PARTS = ("next", "then", "owes", "moves", "unsettled", "round_complete")   # what tells a seat to act


def stop_the_hand(now: dict, stops: list) -> dict:
    """The Now where a stop falls on the hand's own table (f18/tables): the hand is not played on,
    so nobody is told to act in it (no next seat, no one after him, nothing owed or put in)."""
    if not any(stop.get("hand_here") for stop in stops):
        return {**now, "stops": stops}
    return {**{k: v for k, v in now.items() if k not in HAND_PARTS}, "stops": stops, "stopped": True}


HAND_LEFT = "hand-left-to-floor"    # a clause on a breach that says nothing of the hand (rulings/resolve.py)


def _moot_points(points: list, entries, now: dict) -> set:
    """The points whose every entry is an action or words of a seat whose hand this club's answer has
    killed (`now["dead"]`, V701): what he said or put in after that binds nothing in this hand, so it
    is no question the floor decides before play goes on."""
    dead = set(now.get("dead") or ())
    out = set()
    for number, point in enumerate(points):
        seats = [_seat_of(entries[i]) for i in point.entries or () if i < len(entries)]
        if seats and all(seat in dead for seat in seats):
            out.add(number)
    return out


def _seat_of(entry: dict):
    """The seat an action (`seat:`) or words (`by:`) belong to; None for any other entry."""
    if entry.get("entry") == "action" and "posts" not in entry:
        return entry.get("seat")
    if entry.get("entry") == "said":
        return entry.get("by")
    return None


def _left_to_floor(rulings: list, points: list, floor: str, entries=(), holds=frozenset(),
                   moot=frozenset()) -> dict | None:
    """A marked point every ruling of this club leaves to the floor (no clause on it: not covered,
    the floor decides; e17/discretion), or whose breach the club's clause rules without saying what
    it does to the hand (`hand_left`, e24/conduct): the hand below is the position the timeline left, which the
    floor decides from, not an order to play it on as if the point were settled. None: every
    marked point has a ruling of a clause.

    A forced bet left to the floor (a straddle the club has no clause on), marked or beside the
    marks, comes first (issue 20, e22/undone): whether it stands decides the bet to call, the
    least raise and who acts last on the round, so no order of action is read from it before he
    rules (`forced`: the seat who posted it; the caller drops the next and later seats).

    A point anywhere in the hand, marked or not, whose issue is one of `holds` (an open decision on
    it can change the board or who is in the hand: a turn card from the discards) and which the
    club leaves to the floor holds the Now the same way (issue 20, L403)."""
    found = None
    for number, point in enumerate(points):
        if number in moot:
            continue
        forced = forced_bet_seat(entries, point.entries)
        here = [r for r in rulings if r.point == number]
        holding = any(r.issue in holds for r in here)
        if forced is None and not holding and \
                (not getattr(point, "marked", False) or getattr(point, "beside", False)):
            continue
        left = [r for r in here if any(e.get("effect") == HAND_LEFT for e in r.effects)]
        if here and (left or all(r.basis == "not covered" and r.outcome == "floor-decides" for r in here)):
            out = {"issue": (left or here)[0].issue, "line": point.line, "who": f"The {floor}", "position": True,
                   "clauses": list(dict.fromkeys(c.clause for r in (left or here) for c in r.citations))}
            if left:
                out["hand_left"] = True
            if forced is not None:
                return {**out, "forced": forced}
            found = found or out
    return found


FORCED_EVENTS = ("straddle",)     # timeline events that post a forced bet (a posts: entry is one too)


def forced_bet_seat(entries, indices) -> int | None:
    """The seat whose forced bet (a posts: entry, a straddle event) these timeline entries are, else None."""
    for i in indices or ():
        entry = entries[i] if i < len(entries) else {}
        if entry.get("entry") == "action" and entry.get("posts") in FORCED_EVENTS:
            return entry.get("seat")
        if entry.get("entry") == "event" and entry.get("event") in FORCED_EVENTS:
            return entry.get("seat")
    return None


def _discretion(ruling) -> bool:
    """A ruling of the club's own rule that keeps the floor's discretion (then: discretion: true), read
    from a clause (reading) or given where the rulebook is silent (not covered)."""
    return bool(ruling.discretion) and ruling.basis in ("reading", "not covered")


def _called_short(corrected, out: dict) -> None:
    """A seat who had called a bet that a ruling then made up to the minimum, naming the bettor
    only: the ruling does not say that he adds the difference, nor that he must call it or fold
    (forfeiting the chips he called with): the floor decides (`called_short`)."""
    short = corrected.called_short.get(out["seat"])
    if short is not None and corrected.round_in.get(out["seat"]) == short[1] and out["call"]:
        out["called_short"] = {"bettor": short[0], "called": whole(short[1]), "made_up_to": whole(short[2])}


HELD_WORDS = ("call-or-fold", "may-call-or-fold")   # the vocabulary's words for "he may call or fold, not raise"


def now_effects(now: dict) -> list:
    """What the Now tells the floor about the action, as effects (knowledge/vocabulary.yaml): a round
    the corrected hand leaves nobody to act on (betting-completed), the seat
    the action is on (acts-next), each seat the betting reaches with the right to raise (may-raise,
    with his call and the least he raises to) and each seat it reaches without it (may call or fold,
    not raise: call-or-fold and may-call-or-fold with his call, no-raise; check or fold: no-raise).
    They are the corrected hand read at the floor call, so an answer is judged on them as on its
    rulings' effects and its pots. A seat who may raise only if a later full raise reopens the
    betting to him is neither: what he may do is not settled yet."""
    if not now or now.get("void"):
        return []
    nxt = now.get("next")
    if not nxt:
        # the corrected hand leaves nobody to act on the round: the Now says it is complete
        return [{"effect": "betting-completed"}] if now.get("round_complete") else []
    out = [{"effect": "acts-next", "seat": nxt["seat"]}]
    for seat in [nxt] + list(now.get("then", [])):
        if seat["options"] == "call-raise-fold":
            may = {"effect": "may-raise", "seat": seat["seat"], "call": seat["call"]}
            if "min_raise_to" in seat:
                may["min_raise_to"] = seat["min_raise_to"]
            out.append(may)
        elif "called_short" in seat:
            continue                  # the floor decides what he does about the difference: nothing settled
        elif seat["options"] in ("call-or-fold", "check-or-fold"):
            if seat["call"]:
                out += [{"effect": word, "seat": seat["seat"], "call": seat["call"]} for word in HELD_WORDS]
            out.append({"effect": "no-raise", "seat": seat["seat"]})
    return out


def _moved(corrected, seat, amount) -> dict:
    """One seat's chips moved by the corrections, with the round they were moved on and his total there."""
    street = corrected.moved_on.get(seat, corrected.street)
    if amount < 0:
        return {"seat": seat, "back": whole(-amount), "street": street}
    return {"seat": seat, "add": whole(amount), "street": street,
            "total": whole(corrected.by_street.get(street, {}).get(seat, 0))}


# -- a question put to the floor, answered from the corrected hand ------------------------------------

SAYS_NO_RAISE = ("restricts", "owes-call")        # corrections that hold a player to call or fold


HAND_ANSWERS = ("raise", "all-in", "call", "check")     # questions the corrected hand itself answers


def question_answer(corrected, question: dict, rulings: list, vocabulary) -> dict:
    """The answer to a question a player put to the floor (facts/timeline.py question_of), from the
    club's hand as corrected up to the question: for his own options (raise, all-in, call, check)
    what he may do, with the amounts; for a card, a show, the button or a fee, the club's ruling at
    the question. `rulings`: the club's rulings at the question's point; their clauses are what the
    answer rests on. A club whose rules are silent says so, with its discretion clause."""
    seat, about = question["seat"], question.get("about")
    out = {"seat": seat, "asker": question.get("asker", seat), "if": question.get("if"),
           "about": about, "words": question.get("words", ""), "line": question.get("line"),
           "clauses": list(dict.fromkeys(c.clause for r in rulings for c in r.citations))}
    open_ = [r for r in rulings if r.basis in ("not covered", "conflict", "depends")
             or r.outcome in ("floor-decides", "depends")]
    if about is None:
        return {**out, "answer": "not read",
                "text": "The question could not be read (what it is about is not in its words): say it with "
                        "about: raise, all-in, call, check, card, show, button or fee."}
    if about not in HAND_ANSWERS:
        if not rulings:
            return {**out, "answer": "no rule",
                    "text": "Nothing in the hand at that moment raises an issue this club's rules know about it."}
        first = open_[0] if open_ else rulings[0]
        answer = "floor decides" if first in open_ else first.outcome
        return {**out, "answer": answer, "text": silent_text(first) if first.basis == "not covered" else first.decision}
    if corrected.void:
        return {**out, "answer": "no", "text": "No: the hand is void."}
    if seat not in corrected.live:
        return {**out, "answer": "no", "text": f"No: seat {seat}'s hand is not live."}
    if out["asker"] != seat and seat not in corrected.owing():
        # another player's options (`of:`): he has nothing to act on in the hand as it stood
        return {**out, "answer": "no", "text": f"No: seat {seat} has nothing to act on; the betting comes back to "
                                               "him only if someone bets or raises."}
    to_call = corrected.to_call(seat)
    stack = corrected.stacks.get(seat, 0)
    all_in_to = corrected.round_in.get(seat, 0) + stack
    options = corrected.options(seat)
    held = corrected.holds(seat) or seat in corrected.owes
    freed = any(vocabulary.effects.get(e.get("effect"), {}).get("corrects") == "frees" and e.get("seat") == seat
                for r in rulings if r.basis not in ("conflict", "depends") for e in r.effects)
    may_raise = options in ("call-raise-fold", "check-or-bet") or (options == "call-fold-unless-reopened" and freed)
    if held:
        may_raise = False
    opened = [r for r in open_ if any(e.get("seat") == seat for e in r.effects) or not r.effects]
    numbers = {"call": whole(to_call)}
    if math.isfinite(all_in_to):          # a stack nobody gave: all in is not an amount
        numbers["all_in_to"] = whole(all_in_to)
    if math.isfinite(corrected.min_raise_to) and all_in_to > corrected.min_raise_to:
        numbers["min_raise_to"] = whole(corrected.min_raise_to)
    out.update(numbers)
    call_words = f"call {whole(to_call):,}" if to_call else "check"
    if opened and about in ("raise", "all-in") and options != "call-or-fold" and not held:
        return {**out, "answer": "floor decides", "text": silent_text(opened[0]) + f" Meanwhile he may {call_words} or fold."}
    raise_words = (f"raise to at least {numbers['min_raise_to']:,}" if "min_raise_to" in numbers
                   else f"raise only all in, to {whole(all_in_to):,}")
    if to_call == 0 and "min_raise_to" in numbers:
        raise_words = raise_words.replace("raise", "bet", 1)
    if about == "raise":
        if may_raise:
            return {**out, "answer": "yes", "text": f"Yes: seat {seat} may {call_words}, {raise_words}, or fold."}
        return {**out, "answer": "no", "text": f"No: seat {seat} may {call_words} or fold; he may not raise."}
    if about == "all-in":
        if stack <= to_call:
            return {**out, "answer": "yes", "text": f"Yes: all in is a call for less, {whole(stack):,} (his whole stack)."}
        if may_raise:
            amount = f", to {whole(all_in_to):,} ({whole(stack):,} more)" if "all_in_to" in numbers else ""
            return {**out, "answer": "yes", "text": f"Yes: seat {seat} may go all in{amount}; or {call_words}, or fold."}
        return {**out, "answer": "no", "text": f"No: all in would be a raise; seat {seat} may {call_words} or fold."}
    if about == "call":
        if to_call == 0:
            return {**out, "answer": "no", "text": f"Nothing to call: seat {seat} may check."}
        return {**out, "answer": "yes", "text": f"Yes: seat {seat} may call {whole(to_call):,}"
                                                 + (" (all he has)." if to_call >= stack else ".")}
    if to_call == 0:
        return {**out, "answer": "yes", "text": f"Yes: seat {seat} may check (nothing to call)."}
    return {**out, "answer": "no", "text": f"No: seat {seat} faces {whole(to_call):,} to call; he may call or fold."}


def silent_text(ruling) -> str:
    """What a club whose rules do not settle a question says of it, with its discretion clause:
    "This club's rules do not say; the floor decides (<clauses>)." for a ruling not covered, else
    "The floor decides: <its decision>". Used wherever an answer is left to the floor (a question
    answered here, one left open by a forced bet the floor rules on, rulings/rule_on.py)."""
    clauses = ", ".join(c.clause for c in ruling.citations)
    if ruling.basis == "not covered":
        return f"This club's rules do not say; the floor decides ({clauses})." if clauses else \
            "This club's rules do not say; the floor decides."
    return f"The floor decides: {ruling.decision}"
