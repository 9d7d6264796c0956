"""Who gets the money: the pots as the hand leaves them, the uncalled bet that goes back, and each
pot's winner once one club's rulings have said whose hands are still in (issue 13, class 5).

Arithmetic on one club's answer, not a clause: the rulings say which hands are dead or live; the
replay says what is in each pot and who is eligible for it; the cards (when every contender's are
known and the board is out, or a hand shown is one no hidden hand can beat or tie) say who wins a
contested pot. A pot is awarded only when that is
settled: one contender left for it, or the cards decide it; otherwise the pots are stated and the
floor awards them as the hand plays on. A tournament player all-in who wins no pot is out.
"""
from __future__ import annotations

import math

from ruling_engine.facts import hands
from ruling_engine.corrected.hand import correct
from ruling_engine.facts.betting import Pot
from ruling_engine.facts.tabled import shown_in_full
from ruling_engine.numbers import Approx, qualifier, smallest_blind, stated_smallest_chip, tidy, whole
from ruling_engine.facts.betting import pots as split_pots
from ruling_engine.model import UNSETTLED



def _seats(effects, name) -> set:
    return {e.get("seat") for e in effects if e.get("effect") == name and isinstance(e.get("seat"), int)}


def _contenders(rulings, live: list, mucked=()) -> list | None:
    """The seats still contending after this club's rulings (None: a ruling that settles nothing
    yet). A hand in the muck that no ruling restores contends for nothing."""
    if any(r.basis in UNSETTLED for r in rulings if {"hand-dead", "hand-live"} & {
            e.get("effect") for alt in r.alternatives for e in alt.get("effects", [])}):
        return None
    effects = [e for r in rulings if r.basis not in UNSETTLED for e in r.effects]
    dead = _seats(effects, "hand-dead") | _seats(effects, "no-claim-to-pot")
    restored = _seats(effects, "hand-live") - dead
    dead |= set(mucked) - restored
    return sorted((set(live) | restored) - dead)


def _winners(data: dict, seats: list, withheld=frozenset(), on_board=frozenset()) -> list | None:
    """The best hands among `seats` by their cards, or None when the cards do not settle it. A
    seat in `on_board` (he declared he plays the board and a ruling keeps his claim) holds the
    board's five cards."""
    variant, board = data["game"]["variant"], data.get("board") or []
    cards = {p["seat"]: p.get("cards") for p in data["players"]}
    if len(board) == 5 and variant != "stud":
        for seat in on_board:
            if not cards.get(seat):
                cards[seat] = ["__board__"]
    partial = [s for s in seats if cards.get(s) != ["__board__"]
               and not (cards.get(s) and hands.can_read(variant, cards[s], board))]
    if len(partial) == 1 and partial[0] not in withheld and _part_beats_all(variant, board, cards, partial[0], seats):
        return partial                # what he showed already beats every other hand, whatever the rest
    if not seats:
        return None
    if partial:
        return _nuts_shown(variant, board, cards, seats, partial)
    read = {s: hands.best_hand(s, [] if cards[s] == ["__board__"] else cards[s], board,
                               "NLHE" if cards[s] == ["__board__"] else variant) for s in seats}
    best = min(h.rank for h in read.values())
    return [s for s in seats if read[s].rank == best]


def _nuts_shown(variant, board, cards, seats, partial) -> list | None:
    """The hands read in full win when the best of them beats whatever the hands not read can hold
    (the cards given decide it: no cards still hidden can beat or tie it); None otherwise."""
    shown = [s for s in seats if s not in partial and cards.get(s) != ["__board__"]]
    if not shown or len(shown) + len(partial) != len(seats):
        return None
    read = {s: hands.best_hand(s, cards[s], board, variant) for s in shown}
    best = min(h.rank for h in read.values())
    top = [s for s in shown if read[s].rank == best]
    return top if hands.unbeatable(variant, board, cards, read[top[0]], partial) else None


def _part_beats_all(variant, board, cards, seat, seats) -> bool:
    """The one card known of a hand, with the board, beats every other contender's whole hand."""
    others = [s for s in seats if s != seat]
    if not all(cards.get(s) and hands.can_read(variant, cards[s], board) for s in others):
        return False
    return bool(hands.part_beats_all(variant, board, cards.get(seat) or [],
                                     [hands.best_hand(s, cards[s], board, variant) for s in others]))


def settle(data: dict, hand, rulings: list, vocabulary, corrected=None) -> list:
    """The money of one club's answer, read from the corrected hand (corrected/hand.py): the chips
    the rulings move, the pots, the uncalled bet, awards, players out. Amounts worked out from an
    approximate or bounded figure of the incident say so (`approx`: about, at least)."""
    return qualify(_settle(data, hand, rulings, vocabulary, corrected), approximate_kinds(data, hand))


def approximate_kinds(data: dict, hand) -> set:
    """The kinds (about, at_least, over) of the approximate or bounded figures the pots are worked
    out from: chips or a total put in, the chips in the middle at the start or taken out of it, and
    a stack only when it went all in (otherwise it caps nothing that was put in)."""
    kinds = set()
    if not data.get("_approximate"):      # the loader lists every bounded figure it read: none here
        return kinds
    view = hand.walk()

    def note(value):
        if isinstance(value, Approx):
            kinds.add(value.kind)
    note(data.get("pot_at_start"))
    for action in data.get("actions", []):
        note(action.get("total"))
        for chip in action.get("chips") or [] if isinstance(action.get("chips"), list) else []:
            note(chip)
    for post in data.get("_posts", []):
        note(post.get("amount"))
    for player in data["players"]:
        if isinstance(player.get("stack"), Approx) and view.stacks.get(player["seat"]) == 0 \
                and view.contributed.get(player["seat"], 0) > 0:
            note(player["stack"])
    for event in data.get("events", []):
        if event["event"] == "pot_deduction":
            note(event.get("taken"))
        if event["event"] == "money_moved" and event.get("did") != "counted":
            note(event.get("amount"))
    return kinds


def qualify(money: list, kinds: set) -> list:
    """Each amount of the money marked as approximate or bounded when it rests on such a figure: a
    pot, its award or a share 'at least' when every such figure is a lower bound, else 'about'; what
    goes back or moves between players 'about' (a difference of bounds bounds nothing)."""
    sums = qualifier(kinds)
    if sums is None:
        return money
    for entry in money:
        if any(k in entry for k in ("amount", "share")):
            entry["approx"] = sums if entry["effect"] in ("pot", "pot-awarded", "pot-split") else "about"
    return money


def _settle(data: dict, hand, rulings: list, vocabulary, corrected=None) -> list:
    view = hand.walk()
    if not any(v > 0 for v in view.contributed.values()) and not view.pot_at_start:
        return []
    taken = view.deducted             # what the incident's deductions took, before any ruling on them
    if not all(math.isfinite(v) for v in view.contributed.values()):
        return _unknown_amounts(data, hand, view, rulings)
    if corrected is None:
        corrected = correct(data, hand, rulings, vocabulary)
    if corrected.void:
        # a misdeal: the hand is void, every seat takes back what it put in (class 17)
        back = [{"effect": "return-chips", "seat": seat, "amount": whole(amount)}
                for seat, amount in sorted(corrected.returned.items()) if amount > 0]
        # what the middle held that no seat takes back: in the pot before the timeline, whose owners
        # the incident does not name (never silently dropped from a void hand)
        kept = sum(corrected.kept_forced.values())
        if kept > 0:
            # an exact re-play: the blinds posted stay in the middle for the re-deal (keeps-forced-bets)
            back.append({"effect": "stays-for-redeal", "amount": whole(kept),
                         "seats": sorted(corrected.kept_forced)})
        before = (view.pot_at_start + view.dead_money + sum(view.contributed.values())
                  - sum(a for a in corrected.returned.values() if a > 0) - view.deducted - kept)
        if before > 1e-9:
            back.append({"effect": "return-chips", "seat": None, "amount": whole(before), "unattributed": True})
        return back
    view.contributed, view.stacks = dict(corrected.contributed), dict(corrected.stacks)
    view.round_in, view.current_bet = dict(corrected.round_in), corrected.current_bet
    view.deducted = corrected.deducted
    # a hand in the muck whose life the club's ruling leaves to the floor is neither counted out nor
    # in: it stays in the pots it put into, and no pot is awarded before the floor has decided
    open_life = set(getattr(corrected, "open_life", []) or [])
    unsettled = _unsettled_life(rulings) or bool(open_life)
    contenders = None if unsettled else sorted(corrected.live)
    view.in_hand = sorted(set(corrected.live) | open_life)
    won_alone = _won_before_dying(data, corrected, view, contenders)
    view.in_hand = sorted(set(corrected.live) | won_alone | open_life)
    found, returned_seat, returned = split_pots(view)
    if won_alone:
        # he is still dead for every pot another hand contends for: only the pot he was left alone in is his
        found = [p if set(p.seats) <= won_alone else Pot(p.amount, tuple(s for s in p.seats if s not in won_alone))
                 for p in found]
        contenders = sorted(set(contenders) | won_alone)
    if contenders is not None:
        found = _forfeits_join(found, contenders)
    if corrected.owing() and not (contenders is not None and len(contenders) <= 1):
        # bets still open: a player with chips behind may yet put in enough for every pot
        able = {s for s in corrected.live if corrected.stacks.get(s, 0) > 0}
        found = [Pot(p.amount, tuple(sorted(set(p.seats) | able))) for p in found]
        if returned_seat is not None and returned:
            # the bet nobody has called yet is not yet uncalled: it stays in the middle, in a pot of
            # its own that the players still able to call it contest
            found.append(Pot(returned, tuple(sorted(able | {returned_seat}))))
        returned_seat = None
    out = [{"effect": "return-chips", "seat": seat, "amount": tidy(amount)}
           for seat, amount in sorted(corrected.returned.items()) if amount > 0]
    # a dead seat's later call in words, its chips never shown: counted in by the replay, not given back
    out += [{"effect": "not-put-in", "seat": seat, "amount": tidy(amount)}
            for seat, amount in sorted(corrected.unseen.items()) if amount > 0]
    out += _deductions(data, corrected.deducted, taken, _deduction_left_to_floor(rulings))
    if returned_seat is not None and returned:
        out.append({"effect": "return-chips", "seat": returned_seat, "amount": tidy(returned)})
    for number, pot in enumerate(found):
        out.append({"effect": "pot", "pot": "main" if number == 0 else f"side-{number}",
                    "amount": tidy(pot.amount), "seats": list(pot.seats)})
        if open_life & set(pot.seats):
            out[-1]["open"] = sorted(open_life & set(pot.seats))   # mucked, his life left to the floor
        if won_alone and set(pot.seats) <= won_alone:
            out[-1]["won_before_dead"] = True     # his alone before his hand died (_won_before_dying)
    # a ruling that enters no dispute about the finished hand leaves the money where the dealer
    # or the floor moved it: nothing is handed back
    settled_effects = [e for r in rulings if r.basis not in UNSETTLED for e in r.effects]
    stands = any(e.get("effect") == "no-dispute" for e in settled_effects)
    if contenders is None:
        return out + ([] if stands else chips_back(data, hand, out, settled=False))
    # a hand the rulings still want shown, or left to the floor, is not awarded from a part of it
    on_board = {e["seat"] for e in data.get("events", []) if e["event"] == "hand_shown"
                and e.get("board_play", "none") != "none"} & _seats(settled_effects, "hand-live")
    withheld = _seats(settled_effects, "must-show") | (
        set(contenders) if any(e.get("effect") == "floor-decides" for e in settled_effects) else set())
    # a round a correction reopened (a bet voided after the showdown began) is played before any
    # pot is awarded: the player who must call or fold there is still in it (issue 20)
    reopened = len(contenders) > 1 and bool(corrected.behind_on())
    over = (data["street"] in ("showdown", "hand-over") and not reopened) or len(contenders) <= 1 or \
        all(view.stacks.get(s, 0) == 0 for s in contenders[1:]) and not corrected.owing()
    won, decided = set(), []
    pushed = _pushed_to(data) if over else set()
    must_show = _seats(settled_effects, "must-show")
    # a hand a ruling says must be shown to win (must-show-all) is not paid unseen, even alone in
    # the pot: the pot waits for him to show (issues 20/21)
    show_to_win = _show_to_win(data, rulings)
    for number, pot in enumerate(found):
        eligible = [s for s in pot.seats if s in contenders]
        winners = eligible if len(eligible) == 1 else (_winners(data, eligible, withheld, on_board) if over else None)
        if stands and len(pushed & set(eligible)) == 1:
            # a ruling that enters no dispute about the finished hand (too late to dispute it) leaves
            # the pot with the hand it was pushed to, whatever the cards would have said
            winners = sorted(pushed & set(eligible))
        if winners and len(eligible) == 1 and eligible[0] in show_to_win:
            out.append({"effect": "pot-held", "seat": eligible[0], "pot": "main" if number == 0 else f"side-{number}",
                        "amount": tidy(pot.amount)})
            continue
        if not winners and len(pushed & set(eligible)) == 1 and not must_show & set(eligible) \
                and (not (_tabled(data) & set(eligible)) - pushed
                     or _stated_winners(data) & set(eligible) == pushed & set(eligible)):
            # the cards do not say who wins, but the dealer pushed the pot to a hand still in it,
            # no other hand in it was tabled against his (or the file says his tabled hand is the
            # one that wins: hand_shown would_win, issue 21), and no ruling takes it from him (one
            # left to the floor moves nothing until he rules): the pot stands as pushed
            winners = sorted(pushed & set(eligible))
        name = "main" if number == 0 else f"side-{number}"
        if winners and len(winners) == 1:
            out.append({"effect": "pot-awarded", "seat": winners[0], "pot": name, "amount": tidy(pot.amount)})
            if won_alone and set(pot.seats) <= won_alone:
                out[-1]["won_before_dead"] = True
        elif winners:
            share, odd = hands.divide(pot.amount, len(winners), _unit(data))
            out.append({"effect": "pot-split", "pot": name, "seats": sorted(winners), "share": share, "odd": odd})
        if winners:
            won |= set(winners)
            decided.append(pot)
    out += _odd_chips(data, settled_effects, out)
    if not stands:
        back = chips_back(data, hand, out, settled=len(decided) == len(found))
        if len(decided) < len(found) and any(e.get("effect") == "floor-decides" for e in settled_effects):
            # no pot is awarded because the club leaves the point to the floor (not covered, its
            # discretion clause): nothing of its answer moves money, so a player still in the hand keeps
            # what he was handed, stated as the position the floor decides from, never an order to
            # give it back (issue 20, e17/discretion). A seat whose hand a clause killed gives back.
            kept = [b for b in back if b["seat"] in contenders and "to" not in b]
            back = [b for b in back if b not in kept] + [{"effect": "chips-held", "seat": b["seat"],
                                                          "amount": b["amount"]} for b in kept]
        out += back
    if data["game"]["format"] == "tournament" and found and len(decided) == len(found):
        for seat in sorted(corrected.contributed):
            if corrected.stacks.get(seat, 1) == 0 and corrected.contributed[seat] > 0 and seat not in won:
                out.append({"effect": "player-out", "seat": seat})
    return out


def _odd_chips(data: dict, settled_effects: list, money: list) -> list:
    """Who gets the odd chip of each split pot, when the club's ruling on the split says where the
    odd chip goes (an `odd-chip` effect) and that is the first of the pot's sharers left of the
    button, counted in the chips the split is made in: the same for every pot, each split on its
    own. A ruling that sends it elsewhere, or counts it in other chips, is left as it says."""
    named = [e for e in settled_effects if e.get("effect") == "odd-chip" and isinstance(e.get("seat"), int)]
    splits = [e for e in money if e["effect"] == "pot-split" and e.get("odd")]
    if not named or not splits:
        return []
    button = data.get("button")

    def first_left(seats):
        return hands.clockwise_order(seats, button)[0]
    if not any(first_left(s["seats"]) == n["seat"] and _param_amount(n.get("amount"), s["odd"])
               for s in splits for n in named):
        return []
    return [{"effect": "odd-chip", "seat": first_left(s["seats"]), "pot": s["pot"], "amount": s["odd"]}
            for s in splits]


def _param_amount(said, worked_out) -> bool:
    return isinstance(said, (int, float)) and not isinstance(said, bool) and abs(said - worked_out) < 1e-9


def _pushed_to(data: dict) -> set:
    """The seats the dealer or the floor pushed the pot (or a part of it) to, as the incident
    records (money_moved: pushed)."""
    return {e["seat"] for e in data.get("events", []) if e["event"] == "money_moved"
            and e.get("did") == "pushed" and isinstance(e.get("seat"), int) and not isinstance(e.get("seat"), bool)}


def _tabled(data: dict) -> set:
    """The seats whose hands the incident shows turned face up (a card or more) at the showdown:
    hands that contest the pot with the one it was pushed to."""
    return {e["seat"] for e in data.get("events", []) if e["event"] == "hand_shown"
            and isinstance(e.get("seat"), int) and (e.get("face_up") or 0) > 0}


def _stated_winners(data: dict) -> set:
    """The seats whose tabled hand the incident says wins or shares the pot (hand_shown
    `would_win: true`), where the cards given do not show it (suits or cards not written)."""
    return {e["seat"] for e in data.get("events", []) if e["event"] == "hand_shown"
            and isinstance(e.get("seat"), int) and e.get("would_win") is True}


def _shown_in_full(data: dict) -> set:
    """The seats whose whole hand the table has seen (a later showing, or his own exposure of it in
    play, answers a ruling that he must show)."""
    return shown_in_full(data.get("events", []), data["game"]["variant"])


def _deduction_left_to_floor(rulings: list) -> bool:
    """Whether this club's own ruling on the money taken out of the pot leaves it to the floor (e19/
    cards, A203: a drop taken under the house club's rule is, for a club with no clause allowing it,
    money resting on no clause of its own: it is not silently kept out of that club's pots)."""
    return any(r.issue == "pot-deduction" and r.outcome == "floor-decides" for r in rulings)


def _deductions(data: dict, deducted: float, taken: float | None = None, floor_decides: bool = False) -> list:
    """What a deduction the incident states (a rake, a drop) took out of the middle and this club's
    rulings left out of it: said beside the pots, which are what is left. When a ruling keeps only
    part of what was taken (a capped drop), `taken` says how much was taken: the rest went back.
    `floor_decides`: the club's ruling on the deduction is the floor's (no clause of its own allows
    it): the entry says so, the pots being what is left until the floor rules."""
    if deducted <= 0:
        return []
    purposes = sorted({e.get("purpose") for e in data.get("events", [])
                       if e["event"] == "pot_deduction" and isinstance(e.get("purpose"), str)})
    out = {"effect": "pot-deducted", "amount": tidy(deducted)}
    if taken is not None and math.isfinite(taken) and taken > deducted + 1e-9:
        out["taken"] = tidy(taken)
    if len(purposes) == 1:
        out["purpose"] = purposes[0]
    if floor_decides:
        out["floor_decides"] = True
    return [out]


def where_the_chips_are(data: dict, hand) -> dict:
    """seat -> chips the dealer or the floor has already handed him out of the middle (money_moved:
    the pot or a part of it pushed to him, chips given back or set aside for him), as the incident
    says. A push with no amount is the whole pot as it stood then, less what was handed out before."""
    held: dict = {}
    for event in data.get("events", []):
        if event["event"] != "money_moved" or event.get("did") == "counted" or not isinstance(event.get("seat"), int):
            continue
        amount = event.get("amount")
        if not isinstance(amount, (int, float)) or isinstance(amount, bool):
            if event.get("did") != "pushed":
                continue
            amount = hand.walk(min(event.get("_actions_before", len(hand.views) - 1), len(hand.views) - 1)).pot \
                - sum(held.values())
        if amount > 0 and math.isfinite(amount):
            held[event["seat"]] = whole(held.get(event["seat"], 0) + amount)
    return held


def chips_back(data: dict, hand, money: list, settled: bool) -> list:
    """What must move back, and to whom, when what the dealer or the floor handed out (money_moved)
    is not what this club's answer gives each player: a seat holding more than the answer gives
    him gives the difference back (to the seats the answer gives more than they hold, when every
    pot is awarded; into the pot until it is, when not)."""
    held = where_the_chips_are(data, hand)
    if not held:
        return []
    due: dict = {}
    odd_to = {e["pot"]: e["seat"] for e in money if e["effect"] == "odd-chip" and "pot" in e}
    for e in money:
        if e["effect"] == "pot-awarded" and "amount" in e:
            due[e["seat"]] = due.get(e["seat"], 0) + e["amount"]
        elif e["effect"] == "pot-split":
            odd_seat = odd_to.get(e.get("pot"), e["seats"][0])     # where the club sends the odd chip
            for seat in e["seats"]:
                due[seat] = due.get(seat, 0) + e["share"] + ((e.get("odd") or 0) if seat == odd_seat else 0)
        elif e["effect"] == "return-chips" and "amount" in e:
            due[e["seat"]] = due.get(e["seat"], 0) + e["amount"]
    out = []
    short = {s: whole(due.get(s, 0) - held.get(s, 0)) for s in due if due.get(s, 0) - held.get(s, 0) > 1e-9}
    for seat in sorted(held):
        over = whole(held[seat] - (due.get(seat, 0) if settled else 0))
        if over > 1e-9:
            entry = {"effect": "chips-back", "seat": seat, "amount": tidy(over)}
            if settled and short:
                entry["to"] = sorted(short)
            out.append(entry)
    return out


def _unsettled_life(rulings) -> bool:
    """Whether whose hands are live is left open: a conflict or a 'depends' whose sides kill or
    restore a hand (the floor chooses; no pot is awarded before he has)."""
    return any(r.basis in UNSETTLED for r in rulings if {"hand-dead", "hand-live", "no-claim-to-pot"} & {
        e.get("effect") for alt in r.alternatives for e in alt.get("effects", [])})


def _won_before_dying(data: dict, corrected, view, contenders) -> set:
    """Seats whose hand died (a ruling killed it, or it went into the muck) after every other
    player who put in as much as he did had folded, while every hand still in was all in for
    less: the pot over the all-in hands was his alone, won when the last of the others folded, and
    his hand dying afterwards takes from him only the pots a live hand still contends for (the
    uncalled part of his last bet goes back as ever). With no hand left in at all, that is the
    player every other player had folded to before he threw his cards in: the pot was already his.
    Read for a hand that went into the muck (hand_mucked, whose place in the timeline is known); a
    ruling's kill alone wins nothing here."""
    if contenders is None:
        return set()
    if any(view.stacks.get(s, 0) > 0 for s in contenders):
        return set()                  # a hand still in can yet put in more: no pot over it is closed
    died_at = {seat: entry for seat, entry in ((e.get("seat"), e.get("_entry")) for e in data.get("events", [])
                                               if e["event"] == "hand_mucked") if isinstance(entry, int)}
    top = max((corrected.contributed.get(s, 0) for s in contenders), default=0)
    over = [s for s, v in corrected.contributed.items() if v > top + 1e-9]
    out = set()
    for seat in over:
        at = died_at.get(seat)
        if seat in contenders or at is None:
            continue
        others = [s for s in over if s != seat]
        if all(s in corrected.folded_at and corrected.folded_at[s] < at for s in others) and \
                not any(s in died_at for s in others):
            out.add(seat)
    return out if len(out) == 1 else set()


def _forfeits_join(found: list, contenders: list) -> list:
    """Chips a dead hand put in beyond what any hand still in matched make a pot nobody can win:
    they are forfeited into the last pot a live hand contends for (no ruling gave them back)."""
    out, extra = [], 0
    for pot in found:
        if any(s in contenders for s in pot.seats):
            out.append(pot)
        elif out:
            out[-1] = Pot(out[-1].amount + pot.amount, out[-1].seats)
        else:
            extra += pot.amount
    if out and extra:
        out[0] = Pot(out[0].amount + extra, out[0].seats)
    if not out and contenders and found:   # the hands still in put in nothing since the pot they share
        return [Pot(sum(p.amount for p in found), tuple(sorted(contenders)))]
    return out or found


def _unknown_amounts(data: dict, hand, view, rulings) -> list:
    """A bet nobody saw the size of: the pots cannot be counted, but who takes them can be said
    when the rulings leave one player, and a last bet or raise nobody called goes back (its amount
    not known: no `amount`)."""
    mucked = [e["seat"] for e in data.get("events", []) if e["event"] == "hand_mucked" and isinstance(e.get("seat"), int)]
    contenders = _contenders(rulings, view.in_hand, mucked)
    out = []
    aggressive = [s for s in hand.steps if s.kind in ("bet", "raise")]
    if aggressive:
        last = aggressive[-1]
        called = any(s.index > last.index and s.kind in ("call", "call-short") for s in hand.steps)
        if not called and not math.isfinite(last.delta):
            out.append({"effect": "return-chips", "seat": last.seat})
    if contenders is not None and len(contenders) == 1:
        # a hand the club's must-show clause says is shown to claim the pot waits for him to show,
        # its size unknown or not (issue 21): the same hold as a counted pot's
        held = contenders[0] in _show_to_win(data, rulings)
        out.append({"effect": "pot-held" if held else "pot-awarded", "seat": contenders[0], "pot": "main"})
    return out


def _show_to_win(data: dict, rulings: list) -> set:
    """The seats a ruling says must show to win (must-show-all) that the incident does not show
    turning their whole hand up: their pot is held, not paid unseen (issues 20/21)."""
    return {e.get("seat") for r in rulings if r.basis not in UNSETTLED and r.outcome == "must-show-all"
            for e in r.effects if e.get("effect") == "must-show"} - _shown_in_full(data)


def _unit(data: dict):
    """The smallest chip a split is made in: the game's smallest chip, else the small blind, else 1."""
    game = data["game"]
    return stated_smallest_chip(game) or smallest_blind(game) or 1


def branch_money(data: dict, hand, rulings: list, vocabulary) -> None:
    """Each side of a conflict with the money it leaves: an alternative that kills or restores a
    hand says who then wins (alt["money"]), so the floor choosing between them sees the pot too."""
    import dataclasses
    for position, ruling in enumerate(rulings):
        if ruling.basis != "conflict":
            continue
        for alt in ruling.alternatives:
            if not {"hand-dead", "hand-live", "no-claim-to-pot"} & {e.get("effect") for e in alt["effects"]}:
                continue
            chosen = dataclasses.replace(ruling, basis=alt["basis"], effects=list(alt["effects"]), alternatives=[])
            alt["money"] = [e for e in settle(data, hand, rulings[:position] + [chosen] + rulings[position + 1:],
                                                  vocabulary)
                            if e["effect"] in ("pot-awarded", "pot-split", "player-out")]

