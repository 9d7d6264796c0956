"""What a file leaves out that changes who must act, who is in the hand, or the amounts: refused
as an error (issue 22, docs/fidelity i-t1..i-t4 "Using floorcall as a new user"), never a warning
beside a ruling. New users' files accepted with a warning were ruled wrongly because of its cause:

- seats left out of `players:` (others: N) between the button and the blinds the engine places:
  the blinds and the order of action fall on the listed seats (I101: the under-the-gun opener
  ruled out of turn);
- a listed seat that never acts nor folds, whose turn it was when another acted, where the file
  does not say that action was out of turn (nothing marks it, no in_turn:, no "not your turn"),
  or the round closed without him: a player who took no part left unfolded (I301, a finished
  hand read as live) or a check the write-up leaves implied (I401, a bet read as out of turn);
- a player written as leaving a live hand (player_away with left_mid_hand) after his hand was
  tabled at the showdown (I203): his hand read as dead;
- a street's `pot:` smaller than the chips the recorded betting before it already put in (O201:
  a street's pot after recorded betting is read, never dropped; one that contradicts it is an error).

Each error names the file, the line, what was expected and what to write. The warnings that
say how a file was read without changing the ruling stay warnings (rulings/tripups.py)."""
from __future__ import annotations

from ruling_engine.errors import FloorcallError

BLIND_KINDS = ("small-blind", "big-blind", "dead-blind")


def refuse_unsaid(incident, timeline) -> None:
    """Raise the first FloorcallError of this module for the incident, its timeline read."""
    for check in (_unlisted_blinds, _silent_seat, _away_after_showdown, _street_pot_short):
        error = check(incident, timeline)
        if error is not None:
            raise error


def _lines(incident) -> dict:
    return incident.header_lines or {}


def _unlisted_blinds(incident, timeline):
    """The blinds placed from `button:` on listed seats while seats numbered between the button and
    them are left out and others: says unlisted players were dealt in."""
    data, hand_data = incident.data, timeline.data
    game = data.get("game") or {}
    button, others = data.get("button"), data.get("others")
    if button is None or not game.get("blinds") or game.get("variant") == "stud":
        return None
    if not (isinstance(others, int) and not isinstance(others, bool) and others > 0):
        return None
    if hand_data.get("_blinds_posted") or any(p.get("posts") in BLIND_KINDS for p in hand_data.get("_posts") or ()):
        return None
    raw = data.get("timeline") or []
    if any(e.get("posts") in BLIND_KINDS for e in raw):
        return None
    first = next((e for e in raw if e.get("entry") in ("street", "action")), None)
    if first is None or first.get("street") not in (None, "deal", "preflop") or \
            not any(e.get("entry") == "action" and "posts" not in e and e.get("street") in (None, "deal", "preflop")
                    for e in raw):
        return None
    seats = sorted(p["seat"] for p in data["players"] if isinstance(p.get("seat"), int))
    if len(seats) < 2:
        return None
    from ruling_engine.facts.hand import blind_seats
    sb, bb = blind_seats(seats, button)
    top = max(seats + [button, game.get("seats") or 0])
    between, seat = [], button
    for _ in range(top):
        seat = seat % top + 1
        if seat == bb:
            break
        if seat not in seats:
            between.append(seat)
    if not between:
        return None
    from ruling_engine.rulings.tripups import _rounds_order
    facts_list, lines = _rounds_order(timeline)
    oot = next(((f, line) for f, line in zip(facts_list, lines)
                if f.get("oot_seat") is not None and _street_at(raw, line) in ("preflop", "deal")), None)
    if oot is None:
        return None             # the order of action the timeline shows fits the blinds where they fall
    missing = ", ".join(str(s) for s in between)
    line = _lines(incident).get("players") or _lines(incident).get("button")
    return FloorcallError(
        incident.file, line,
        f"the players in the seats after the button (button: {button}) listed, or the blinds posted: "
        f"others: {others} says unlisted players were dealt in, and seat{'s' if len(between) > 1 else ''} "
        f"{missing} between the button and the blinds {'are' if len(between) > 1 else 'is'} not listed",
        f"the blinds would fall on listed seats {sb} and {bb}, and seat {oot[0]['oot_seat']}'s action (line "
        f"{oot[1]}) would be read as out of turn",
        f"list seat{'s' if len(between) > 1 else ''} {missing} under players: (e.g. - {{seat: {between[0]}}}, "
        f"with no stack if nobody knows it) and lower others: by as many; the blinds then fall where they "
        f"were, or write them as the timeline's first entries, e.g. - {{seat: {between[0]}, posts: small-blind}}")


def _street_at(raw: list, line) -> str:
    """The street the entry at `line` is on: the last street entry above it (preflop before any)."""
    street = "preflop"
    for e in raw:
        if line is not None and (e.get("line") or 0) > line:
            break
        if e.get("entry") == "street":
            street = e.get("street")
    return street


def _said_out_of_turn(raw: list, entry: dict) -> bool:
    """Whether the file itself says the action is out of turn, or lets it be asked: it is marked
    (the floor was called about it) or nothing is (every entry is a point, the order among them),
    it has in_turn: false, or someone said it was not his turn."""
    if entry.get("in_question") or entry.get("in_turn") is False or not any(e.get("in_question") for e in raw):
        return True
    return any(e.get("entry") == "said" and e.get("kind") == "not-your-turn" for e in raw)


def _silent_seat(incident, timeline):
    """A listed seat, never acting nor folding, whose turn it was when another seat acted, where the
    file does not say that action was out of turn, or the round closed without him."""
    from ruling_engine.rulings.tripups import _acting, _rounds_order
    data = incident.data
    raw = data.get("timeline") or []
    acted = {e["seat"] for e in raw if _acting(e)}
    folded = {p["seat"] for p in data["players"] if p.get("folded") is True}
    away = {e.get("seat") for e in raw if e.get("event") == "player_away"}     # his hand ruled on as his absence
    facts_list, lines = _rounds_order(timeline)
    by_line = {e.get("line"): e for e in raw if e.get("line") is not None}
    for facts, line in zip(facts_list, lines):
        rightful, seat = facts.get("oot_rightful_seat"), facts.get("oot_seat")
        if rightful is None or rightful in acted or rightful in folded or rightful in away:
            continue
        entry = by_line.get(line, {})
        after = [e for e in raw if (e.get("line") or 0) > (line or 0)]
        closed = next((e for e in after if e.get("entry") == "street" and e.get("street") != entry.get("street")), None)
        if _said_out_of_turn(raw, entry) and closed is None:
            continue
        where = _lines(incident).get(f"players.{rightful}")
        why = (f"the {closed['street']} (line {closed['line']}) comes without him" if closed is not None
               else "nothing in the file says it was")
        return FloorcallError(
            incident.file, where or line,
            f"seat {rightful}'s part in the hand: he is listed, never acts and never folds, so seat {seat}'s "
            f"action (line {line}) is read as out of turn, skipping him",
            f"an out-of-turn action the file does not say ({why})",
            f"if seat {rightful} took no part in the hand, write folded: true on his player; if he folded "
            f"or checked, add it where it came, e.g. - {{seat: {rightful}, did: check}} before line {line}; "
            f"if seat {seat} really acted out of turn, write in_turn: false on his action")
    return None


def _away_after_showdown(incident, timeline):
    """player_away with left_mid_hand for a seat after his hand was tabled at the showdown."""
    raw = incident.data.get("timeline") or []
    showdown, shown = None, {}
    for e in raw:
        if e.get("entry") == "street" and e.get("street") == "showdown":
            showdown = e
        if e.get("entry") == "event" and e.get("event") == "hand_shown":
            shown.setdefault(_field(e, "seat"), e)
        if e.get("entry") == "event" and e.get("event") == "player_away" and _field(e, "left_mid_hand") is True:
            seat = _field(e, "seat")
            tabled = shown.get(seat)
            if tabled is None and showdown is None:
                continue
            when = (f"his hand was tabled (line {tabled['line']})" if tabled is not None
                    else f"the showdown (line {showdown['line']})")
            return FloorcallError(
                incident.file, e.get("line"),
                f"player_away with left_mid_hand for a player who left while his hand was live",
                f"seat {seat} leaving after {when}: left_mid_hand rules a live hand abandoned (dead)",
                "a player who walks away once his hand is tabled is not away from a live hand: leave the "
                "player_away entry out and say it in notes: (the tabled hand is ruled by the showdown's rules)")
    return None


def _field(entry: dict, name: str):
    return entry.get(name)


def _street_pot_short(incident, timeline):
    """A street's `pot:` written after recorded betting holds less than that betting put in (the
    replay reads a larger one as betting the file leaves out, facts/hand.py)."""
    short = timeline.data.get("_street_pot_short")
    if not short:
        return None
    line, street, amount, recorded = short
    return FloorcallError(
        incident.file, line, f"the {street}'s pot: at least {recorded:g} (the antes, blinds and bets recorded before it)",
        f"pot: {amount:g}",
        f"write the pot as the floor counted it when the {street} began; if the recorded betting is wrong, "
        "correct the actions before it (a street's pot: counts every chip in the middle, earlier streets' included)")
