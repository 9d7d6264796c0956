"""Rendering a Report: a stable JSON structure, plain text for the floor, and Markdown."""
from __future__ import annotations

import math

import dataclasses
import json
import textwrap
from pathlib import Path

from ruling_engine.incident.said import SUPPOSED_WORDS
from ruling_engine.corrected.one_line import handed_once, said_in_now
from ruling_engine.model import pot_name
from ruling_engine.render.safe import code_span, json_safe, markdown_text, plain, plain_data

TEMPLATES = Path(__file__).resolve().parent / "templates"
BASIS_WORDS = {
    "express": "a clause says so",
    "reading": "a clause applied by interpretation",
    "conflict": "the club's own clauses disagree",
    "not covered": "the rulebook is silent; the floor's discretion clause applies",
    "depends": "the ruling turns on facts the floor could not establish (each case shown)",
    "does not arise": "on the hand as the club's earlier ruling corrected it, the question is not asked",
}


def _jsonable(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _money_of(effects) -> list:
    """What a ruling does with chips and pots, seat by seat (for comparing clubs)."""
    keep = ("seat", "amount", "add", "total", "call", "seats", "share", "forfeit")
    return sorted((e.get("effect"), tuple((k, str(e[k])) for k in keep if k in e)) for e in effects
                  if any(k in e for k in keep[1:]))


def same_result(answer, house) -> bool:
    """Whether a club's whole answer leaves the hand as the house's does (issue 20, e20/now): the
    same Now (who adds what, who acts with what he may do; a seat's standing restriction is in his
    options where it bears, so it is not compared apart), the same pots and no contradiction. Two
    clubs whose rulings put the same corrections on different points (one rules the completed
    call under the declaration, the other under the short call) give the floor the same result."""
    if answer is None or house is None:
        return False
    return _shown_now(answer.now) == _shown_now(house.now) and answer.settlement == house.settlement \
        and not answer.contradictions and not house.contradictions


def _shown_now(now) -> dict:
    """The Now as the floor is told it (a standing restriction shows in the options where it bears;
    what the floor decides first is compared without the club's own words for its floor and the
    clauses it rests on, which each club names its own way)."""
    shown = {k: v for k, v in (now or {}).items() if k != "restricted"}
    if isinstance(shown.get("floor_first"), dict):
        shown["floor_first"] = {k: v for k, v in shown["floor_first"].items() if k not in ("who", "clauses", "title")}
    if shown.get("questions"):      # a question's answer, not the clause each club names for it (s11 L401)
        shown["questions"] = [{k: v for k, v in q.items() if k != "clauses"} for q in shown["questions"]]
    return shown


def differs(ruling, house, alike: bool = False) -> bool:
    """Whether a club's ruling tells the floor something else than the house's: another outcome,
    the same outcome with the money going elsewhere, or a ruling that depends on an unknown where
    some branch differs (class 15: 'same outcome' must mean the same at the table). `alike`: the
    club's whole answer has the house's result (same_result), so the same outcome is the same
    ruling wherever each club's rulings carry the chips (results compared, not wording)."""
    if house is None:
        return True
    if ruling.depends or house.depends:
        mine = {b.ruling.outcome if b.ruling else None for b in ruling.depends} or {ruling.outcome}
        theirs = {b.ruling.outcome if b.ruling else None for b in house.depends} or {house.outcome}
        return mine != theirs
    if ruling.answered_by or house.answered_by:     # marked words answered by rulings beside them: those differ
        return [a[1:] for a in ruling.answered_by] != [a[1:] for a in house.answered_by]
    if ruling.outcome != house.outcome:
        return True
    if _next_penalty(ruling.effects) != _next_penalty(house.effects):
        return True       # the same "options at discretion", another penalty next (e23/headline, O404)
    return not alike and _money_of(ruling.effects) != _money_of(house.effects)


def _next_penalty(effects) -> tuple | None:
    """The penalty a ruling puts next for each seat: its penalty-step, else the lowest step of its
    penalty-options (e23/headline, blind O404: one club's "formal last warning" next and another's "10
    minutes away from the table" are not the same ruling, though both leave the options at discretion)."""
    dicts = [e for e in effects if isinstance(e, dict)]
    options = sorted((e for e in dicts if e.get("effect") == "penalty-option" and isinstance(e.get("step"), int)),
                     key=lambda e: e["step"])
    steps = {}
    for e in options:                       # the lowest step open for each seat
        steps.setdefault(e.get("seat"), e.get("penalty"))
    for e in dicts:                         # a step the club's scale decided
        if e.get("effect") == "penalty-step":
            steps[e.get("seat")] = e.get("penalty")
    return tuple(sorted((str(k), str(v)) for k, v in steps.items())) or None


def _ruling_dict(r, house_ruling, alike: bool = False) -> dict:
    return {
        "issue": r.issue,
        "point": r.point,
        "outcome": r.outcome,
        "basis": r.basis,
        "decision": r.decision,
        "do": list(r.do),
        "effects": _jsonable(r.effects),
        "numbers": _jsonable(r.numbers),
        "discretion": r.discretion,
        "citations": [dataclasses.asdict(c) for c in r.citations],
        "readings": list(r.readings),
        "alternatives": [{"outcome": a["outcome"], "decision": a["decision"], "do": list(a["do"]),
                          "effects": _jsonable(a["effects"]), "money": _jsonable(a.get("money", [])),
                          "clauses": [c.clause for c in a["citations"]]} for a in r.alternatives],
        "set_aside": list(r.set_aside),
        "answered_by": [{"point": point, "issue": issue, "outcome": outcome} for point, issue, outcome in r.answered_by],
        "precedents": [{"file": f, "title": t} for f, t in r.precedents],
        "logged_precedents": [dict(p) for p in r.logged],
        "differs_from_house": differs(r, house_ruling, alike),
        "depends": [{"when": [dict(combination) for combination in branch.when],
                     "ruling": _ruling_dict(branch.ruling, house_ruling, alike) if branch.ruling else None}
                    for branch in r.depends],
    }


def sections(report) -> list:
    """(point, issue) of every ruling, as the house club gives them: each point's own questions
    first, then what follows apart from them (a penalty, who acts next)."""
    house = report.answers[report.house].rulings
    secondary = {i for i, _ in report.issues if (report.secondary or {}).get(i)}
    keys = [(r.point, r.issue) for r in house]
    return sorted(keys, key=lambda k: (k[0], k[1] in secondary, keys.index(k)))


def to_dict(report) -> dict:
    """The documented JSON structure of a ruling (see README, 'JSON output')."""
    order = sections(report)
    house = {(r.point, r.issue): r for r in report.answers[report.house].rulings}
    clubs = {}
    for club, answer in report.answers.items():
        by_key = {(r.point, r.issue): r for r in answer.rulings}
        alike = same_result(answer, report.answers[report.house])
        clubs[club] = {
            "name": answer.club_name,
            "floor": answer.floor,
            "house": club == report.house,
            "rulings": [_ruling_dict(by_key[k], house[k], alike) for k in order if k in by_key],
            "settlement": _jsonable(answer.settlement),
            "contradictions": list(answer.contradictions),
            "now": _jsonable(answer.now),
            "trace": {"given": _jsonable(report.given), "derived": _jsonable(answer.derived),
                      "fired": list(answer.fired)},
        }
    titles = dict(report.issues)
    ruled_points = {point for point, _ in order}
    return {
        "floorcall": 2,
        "incident": {"file": report.incident_file, "title": report.title, "house": report.house,
                     "currency": report.currency},
        "points": [{"point": n, "kind": p.kind, "line": p.line, "label": p.label, "marked": p.marked,
                    "beside": p.beside,
                    "note": no_irregularity(p) if p.quiet else
                    ruled_above(p, titles, report.points) if p.marked and n not in ruled_points else None}
                   for n, p in enumerate(report.points)],
        "issues": [{"id": issue, "title": titles[issue], "point": point,
                    "secondary": bool((report.secondary or {}).get(issue))} for point, issue in order],
        "warnings": list(report.warnings),
        "clubs": clubs,
    }


def no_irregularity(point) -> str:
    """What is said under a point the floor marked at which no club's rules raise any issue."""
    where = f" (line {point.line})" if point.line else ""
    if point.kind == "question":
        return (f"No irregularity at this point: {point.label}{where} raises none of the issues the clubs' "
                "rules know, so it is answered from the hand as it stands.")
    return (f"No irregularity recognised at this point: {point.label}{where} raises none of the issues "
            "the clubs' rules know, so no club rules on it.")


def ruled_above(point, titles: dict, points: list) -> str | None:
    """What is said under a point the floor marked whose questions every club answered at an
    earlier point, the same way (so nothing is ruled twice, and the mark is not passed over)."""
    if not point.ruled_at:
        return None
    parts, below = [], []
    for issue, earlier in point.ruled_at:
        where = points[earlier]
        line = f", line {where.line}" if where.line else ""
        (below if where.entries and point.entries and where.entries[0] > point.entries[-1] else parts).append(
            f"{titles.get(issue, issue)} (point {earlier + 1}{line})")
    out = []
    if parts:
        out.append("What this point asks was ruled above, the same under every club: " + "; ".join(parts) + ".")
    if below:
        # an out-of-turn action whose question is asked at a later marked point (his own later
        # action on the round, or a point after the round)
        out.append("What this point asks is ruled with the later point it bears on: " + "; ".join(below) + ".")
    return " ".join(out)



def when_text(when: list) -> str:
    """'by = dealer and deliberate = no, or ...' for the combinations a branch holds under."""
    def value(v):
        return {True: "yes", False: "no"}.get(v, str(v)) if isinstance(v, bool) else str(v)
    return ", or ".join(" and ".join(f"{k} = {value(v)}" for k, v in combo.items()) or "always"
                        for combo in when)


def render_json(report) -> str:
    return json_safe(json.dumps(to_dict(report), indent=2, ensure_ascii=False))


def _wrap(text: str, indent: str, hanging: str | None = None) -> str:
    return textwrap.fill(text, width=96, initial_indent=indent,
                         subsequent_indent=hanging if hanging is not None else " " * len(indent))


def _branch_line(branch: dict, word: str, key: str, absent: str, indent: str, when_words=None) -> str:
    """One way a 'depends' ruling goes: 'if <answers>: <decision or outcome> [clauses]'."""
    then = branch["ruling"]
    said = f"{then[key]} [{', '.join(c['clause'] for c in then['citations'])}]" if then else absent
    when = plain(when_words(branch["when"])) if when_words else when_text(branch["when"])
    return _wrap(f"{word} {when}: {said}", indent, " " * (len(indent) - 2))


OPTION_WORDS = {
    "call-or-fold": "he may call or fold, not raise",
    "check-or-fold": "he may check or fold, not bet",
    "check-or-bet": "he may check or bet",
    "check": "he may only check (nobody left can bet)",
    "call-raise-fold": "he may call, raise or fold",
    "call-fold-unless-reopened": "he may call or fold, not raise, unless a full raise before his turn "
                                 "reopens the betting to him (he has acted and faces less than a full raise since)",
}


def now_lines(now: dict, currency: str) -> list:
    """What the floor does now, from the corrected hand (corrected/now.py), one line each."""
    from ruling_engine.rulings.resolve import format_value

    def money(value):
        return ("about " if now.get("approx") else "") + format_value(value, "amount", currency)

    def facing_words(seat: dict) -> str:
        return f"{money(seat['call'])} to call" if seat["call"] else "nothing to call"

    if not now:
        return []
    lines = [question_line(q) for q in now.get("questions", [])]     # the question asked opens the answer
    if now.get("void"):
        again = "" if now.get("redealt") is False else ", and it is dealt again"
        if now.get("kept_forced"):
            return lines + ["The hand is void and it is dealt again as an exact re-play: the blinds posted "
                            "stay in the pot for the re-deal; every player takes back what he put in beyond them."]
        return lines + [f"The hand is void: every player takes back what he put in{again}."]
    for stop in now.get("stops", []):
        # a ruling that stops play leads the Now (e17/discretion): nobody acts in a hand it stopped
        cites = f" ({', '.join(stop['clauses'])})" if stop.get("clauses") else ""
        if stop.get("hand_here"):      # the hand's own table (f18/tables): this hand stops
            lines.append(f"Play stops at table {stop['table']}{cites}, the table of this hand: play there cannot "
                         "continue. This hand is not played on: nobody acts in it, and its chips stay in the "
                         "middle as they are (nothing goes back unless a clause of this club says so).")
        elif stop.get("hand_here") is False:
            lines.append(f"Play stops at table {stop['table']}{cites}: play there cannot continue, and a hand "
                         f"there is not played on. This hand is at another table and goes on"
                         + (":" if now.get("next") else "."))
        else:
            lines.append(f"Play stops at table {stop['table']}{cites}: play there cannot continue. A hand at table "
                         f"{stop['table']} is not played on: nobody acts in it, and its chips stay in the middle as "
                         "they are (nothing goes back unless a clause of this club says so)."
                         + (" Only at another table does the hand below go on:" if now.get("next") else ""))
    if now.get("not_dealt") == "dealing" and now.get("next"):   # e19/numbers: the deal first, then the betting
        lines.append("The deal is not complete: nobody acts until every player has his cards; then the first "
                     "betting round opens:")
    elif now.get("not_dealt") == "dealing":    # nobody acts in a hand whose deal is not complete
        lines.append("The deal is not complete: nobody is to act until every player has his cards; the first "
                     "betting round then opens as usual.")
    elif now.get("not_dealt") == "between":
        lines.append("No hand is being played (between hands): nobody is to act; what the ruling says is done "
                     "before the next deal.")
    for moot in now.get("moot", []):
        lines.append(moot["text"][0].upper() + moot["text"][1:] + ".")
    for held in now.get("held", []):
        lines.append(f"Seat {held['seat']} may only call or fold: his raise stands as a call "
                     f"({money(held['call_total'])} in on that round) — {held['text']}.")
    for move in now.get("moves", []):
        round_name = "this round" if move.get("street", now.get("street")) == now.get("street") \
            else f"the {move['street'].replace('-', ' ')}"
        if "add" in move:
            lines.append(f"Seat {move['seat']} puts in {money(move['add'])} more ({money(move['total'])} in on "
                         f"{round_name}).")
        elif move["seat"] in now.get("dead", []):
            continue              # the dead-hand line says what goes back and what stays (_dead_lines)
        elif "from" in move:      # another seat was handed his chips: that seat gives them back (one_line.py)
            lines.append(f"Seat {move['from']} gives back {money(move['back'])} of what he was handed: it goes to "
                         f"seat {move['seat']}.")
        else:
            lines.append(f"Seat {move['seat']} takes back {money(move['back'])}.")
    for back in now.get("restored", []):    # chips taken from a stack, given back (f14/chips)
        taker = (f" out of seat {back['seat']}'s stack (he has {money(back['seat_has'])})"
                 if _known(back.get("seat_has")) else "")
        has = f"; seat {back['to']} would have {money(back['to_has'])}" if _known(back.get("to_has")) else ""
        if back["option"]:
            lines.append(f"If the floor makes the taken chips good (its option, not decided): "
                         f"{money(back['amount'])} back to seat {back['to']}{taker.replace('he has', 'he would have')}"
                         f"{has}.")
        else:       # a stack the incident does not give is not stated (never "inf")
            lines.append(f"Seat {back['to']} is given back {money(back['amount'])}{taker}"
                         + (f": seat {back['to']} has {money(back['to_has'])}." if has else "."))
    for owe in now.get("owes", []):
        if now.get("next") and now["next"]["seat"] == owe["seat"]:
            continue                  # the next-to-act line says it
        lines.append(f"Seat {owe['seat']} must add {money(owe['add'])} to stay in, or fold; he may not raise.")
    lines += _dead_lines(now, money)
    nxt = now.get("next")
    first = now.get("floor_first")
    if first and "amounts" in first:
        amounts = " or ".join(money(a) for a in first["amounts"])
        lines.append(f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}): which "
                     f"amount seat {first['seat']}'s words (line {first['line']}) bet, {amounts}; the next player "
                     "then acts facing that bet.")
    elif first and "forced" in first:
        # a forced bet the club has no clause on (e22/undone): whether it stands sets the bet to
        # call and who acts last, so no order of action is given before the floor rules
        lines.append(f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}, line "
                     f"{first['line']}): this club has no clause on it. Nobody acts before he rules whether seat "
                     f"{first['forced']}'s forced bet stands; the bet to call and the order of action follow "
                     "his ruling.")
    elif nxt and first and "direction" in first:
        # a discretion ruling with a direction (e14/floorfirst): what the floor decides opens the Now,
        # then the hand if he follows the direction, then the hand if he lets the chips stand
        lines.insert(len(now.get("questions", [])),
                     f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}), at his "
                     f"discretion: {first['direction']} "
                     "If he so rules:")
    elif nxt and first and first.get("hand_left"):
        # the club's clause rules the breach but not the hand (e24/conduct): the floor decides it first
        lines.append(f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}): what "
                     "the breach does to the hand and the pot, which the club's clause does not say. Nobody acts "
                     "before he rules; the hand as the timeline left it, the position he decides from:")
    elif nxt and first and first.get("position"):
        # the club has no clause on the marked point (e17/discretion): the hand as the timeline left
        # it is the position the floor decides from, not an order to play on
        lines.append(f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}): this "
                     "club has no clause on it. Nobody acts before he rules; the hand as the timeline left it, "
                     "the position he decides from:")
    elif nxt and first:
        lines.append(f"{first['who']} decides first ({first['title'][0].lower() + first['title'][1:]}): whether seat {first['seat']}'s "
                     f"{money(first['put_in'])} (line {first['line']}) stands as he put it in; then, if it "
                     "stands:")
    if nxt:
        options = OPTION_WORDS.get(nxt["options"], nxt["options"])
        if nxt["options"] in ("call-raise-fold", "check-or-bet") and "min_raise_to" in nxt:
            verb = "raise" if nxt["options"] == "call-raise-fold" else "bet"
            most = f", at most {money(nxt['max_raise_to'])}, the {nxt.get('max_by', 'pot limit')}" if "max_raise_to" in nxt else ""
            least = f"to at least {money(nxt['min_raise_to'])}{most}"
            if nxt.get("max_raise_to") == nxt["min_raise_to"]:
                least = f"to {money(nxt['min_raise_to'])}, the {nxt.get('max_by', 'pot limit')}: no more, no less"
            options = options.replace(verb, f"{verb} ({least})", 1)
        elif nxt["options"] in ("call-raise-fold", "check-or-bet") and "all_in_to" in nxt:
            verb = "raise" if nxt["options"] == "call-raise-fold" else "bet"
            options = options.replace(verb, f"{verb} only all in, to {money(nxt['all_in_to'])} (less than a full "
                                            f"{verb}: all he has)", 1)
        facing = facing_words(nxt)
        if nxt.get("street", now.get("street")) != now.get("street"):
            facing += f" on the {nxt['street'].replace('-', ' ')}, which the correction reopened"
        if "called_short" in nxt:
            lines.append("The action is on s" + _called_short_words(nxt, money)[len("Then s"):])
        elif first and first.get("position"):
            lines.append(f"Seat {nxt['seat']} is next to act: {facing}; {options}.")
        else:
            lines.append(f"Seat {nxt['seat']} acts next: {facing}; {options}.")
        for later in now.get("then", []):
            if "called_short" in later:
                lines.append(_called_short_words(later, money))
                continue
            lines.append(f"Then seat {later['seat']}: {facing_words(later)}; "
                         f"{OPTION_WORDS.get(later['options'], later['options'])}.")
    for seat in now.get("unsettled", []):
        lines.append(f"Seat {seat}'s chips on this round are not yet known (nothing put in, and no ruling "
                     "settles the amount): the betting goes on once they are in.")
    if now.get("round_complete"):
        lines.append(f"Nobody is left to act on the {now['street'].replace('-', ' ')}: the betting round is complete.")
    for seat in now.get("open", []):
        lines.append(f"Seat {seat}'s hand went into the muck and the ruling leaves it to the floor: the floor "
                     f"decides whether it is live; no pot is awarded before he has.")
    if nxt and first and first.get("otherwise"):
        lines.append(f"If instead he lets seat {first['seat']}'s {money(first['put_in'])} (line {first['line']}) "
                     "stand as he put it in:")
        lines += ["  " + line for line in now_lines(first["otherwise"], currency)]
    if not nxt and len(now.get("live", [])) == 1 and not now.get("open"):
        lines.append(f"Seat {now['live'][0]} is the only hand left in.")
    elif not nxt and not now.get("live") and now.get("dead"):
        lines.append("No live hand is left in: no hand can win the pot as the hand stands; the floor decides "
                     "who takes it.")
    return lines


def _called_short_words(seat: dict, money) -> str:
    """A player who had called a bet the ruling made up, naming the bettor only: the floor decides."""
    short = seat["called_short"]
    return (f"Then seat {seat['seat']}, who had called seat {short['bettor']}'s {money(short['called'])} before it "
            f"was made up to {money(short['made_up_to'])}: the ruling names the bettor only, so the floor decides "
            f"whether he adds the {money(seat['call'])} as part of the correction or acts on it afresh "
            f"(calling or folding, his {money(short['called'])} staying in).")


def question_line(question: dict) -> str:
    """A question put to the floor and this club's answer: 'Seat 3 asked "Can I raise?": No: ...
    [edp.8-19]'."""
    where = f" (line {question['line']})" if question.get("line") else ""
    rests = f" [{', '.join(question['clauses'])}]" if question.get("clauses") else ""
    asker = question.get("asker", question["seat"])
    of = f" about seat {question['seat']}" if asker != question["seat"] else ""
    supposed = f", if seat {asker} {SUPPOSED_WORDS[question['if']]}" if question.get("if") else ""
    return f"Seat {asker} asked “{question['words']}”{where}{of}{supposed}: {question['text']}{rests}"


def _first_sentence(text: str) -> str:
    """The first sentence of a decision (the rest is in the club's block below)."""
    for end in (". ", "; "):
        if end in text:
            return text[:text.index(end) + 1].rstrip(";") + ("" if end == ". " else ".")
    return text


def _dead_lines(now: dict, money) -> list:
    """The dead hands, and what of theirs stays in the pot as the corrections left it: a seat the
    Now gives chips back is never said to leave all his chips in (one_line.py `dead_in`)."""
    backs = {m["seat"]: m for m in now.get("moves", []) if "back" in m}
    kept = {d["seat"]: d["in"] for d in now.get("dead_in", [])}
    plain = [s for s in now["dead"] if s not in backs] if now.get("dead") else []
    lines = ["Dead hand" + ("s" if len(plain) > 1 else "") + ": seat " + ", ".join(map(str, plain))
             + " (chips already in stay in the pot)."] if plain else []
    for seat in [s for s in now.get("dead", []) if s in backs]:
        if seat not in kept:
            stays = "the rest of his chips already in stay in the pot"
        elif kept[seat] > 0:
            stays = f"the {money(kept[seat])} he has in the pot stays there"
        else:
            stays = "none of his chips stay in the pot"
        back = backs[seat]
        given = (f"seat {back['from']} gives back {money(back['back'])} of what he was handed to him" if "from" in back
                 else f"he takes back {money(back['back'])}")
        lines.append(f"Dead hand: seat {seat}: {given}; {stays}.")
    return lines


def _not_in_now(settlement: list, now: dict) -> list:
    """The pot section without the chips given back that the Now already says go back: a seat's
    own chips back, and the chips a seat was handed that the Now says he gives back."""
    said = {(m["seat"], m["back"]) for m in (now or {}).get("moves", []) if "back" in m}
    return [e for e in settlement if not (e["effect"] == "return-chips" and (e["seat"], e.get("amount")) in said)
            and not said_in_now(e, now)]


def _brief(answer: dict, house: dict, currency: str) -> list:
    """Another club's answer in brief: its first decision, and its Now and pot where they differ."""
    lines = []
    if _shown_now(answer["now"]) != _shown_now(house["now"]):
        lines += [f"now: {line}" for line in now_lines(answer["now"], currency)]
    if answer["settlement"] != house["settlement"]:
        lines += [f"pot: {_money_text(e, currency)}" for e in _not_in_now(answer["settlement"], answer["now"])]
    return lines


def render_text(report, explain: bool = False, when_words=None) -> str:
    """House ruling first, then one short block per other club, marking where it differs.

    Every field is made `plain` (safe.py): no escape code or control character reaches the
    terminal, and no field breaks its line. `when_words` (the questionnaire's) says what a ruling
    depends on as questions and answers instead of field names.
    """
    data = plain_data(to_dict(report))
    if when_words:
        for answer in data["clubs"].values():
            for r in answer["rulings"]:
                if r["basis"] == "depends":
                    r["decision"] = "It depends on what the floor could not establish:"
    house = data["clubs"][report.house]
    out = [data["incident"]["title"], f"  incident: {data['incident']['file']}",
           f"  house: {house['name']} — floor: {house['floor']}", ""]
    asked = (house.get("now") or {}).get("questions") or []
    if not data["issues"] and asked:
        # a question put to the floor that no club's rules speak to: the hand as it stands answers it
        out.append("== The answer ==")
        out.extend(_wrap(question_line(q), "  - ", "    ") for q in asked)
        out.append("")
    elif not data["issues"]:
        out.append("No irregularity recognised: the incident raises none of the issues the rules know.")
        out.append("Check the incident describes what went wrong (see README, 'Incident format').")
    else:
        out.extend(_answer_first(data, report.house, when_words))
    points = data["points"]
    quiet = [p["point"] for p in points if p["note"]]
    several = len({i["point"] for i in data["issues"]} | set(quiet)) > 1

    def heading(number):
        point = points[number]
        where = f" (line {point['line']})" if point["line"] else ""
        out.append(f"#### Point {number + 1}{where}: {point['label']}")
        out.append("")

    def quiet_points(upto):
        while quiet and quiet[0] < upto:
            number = quiet.pop(0)
            if several:
                heading(number)
            out.append(_wrap(points[number]["note"], "  "))
            out.append("")

    shown_point = None
    for index, issue in enumerate(data["issues"]):
        ruling = house["rulings"][index]
        quiet_points(issue["point"])
        if several and issue["point"] != shown_point:
            shown_point = issue["point"]
            heading(shown_point)
        out.append(("== Also: " if issue["secondary"] else "== ") + f"{issue['title']} ==")
        out.append(_wrap(f"RULING ({report.house}): {ruling['decision']}", "  "))
        for branch in ruling["depends"]:
            out.append(_branch_line(branch, "If", "decision", "this issue does not arise.", "    - ", when_words))
            if branch["ruling"]:
                out.extend(_wrap(line, "        do: ") for line in branch["ruling"]["do"])
        if ruling["do"]:
            out.append("  Do now:")
            out.extend(_wrap(line, "    - ") for line in ruling["do"])
        out.append(f"  Basis: {ruling['basis']} — {BASIS_WORDS[ruling['basis']]}"
                   + ("; part of it rests on a reading (below)" if ruling["basis"] == "express" and ruling["readings"] else "")
                   + ("; the floor keeps discretion." if ruling["discretion"] and ruling["basis"] != "not covered" else "."))
        for reading in ruling["readings"]:
            out.append(_wrap(f"Reading ({reading['rule']}): {reading['reading']}", "    "))
        for alt in ruling["alternatives"]:
            out.append(_wrap(f"Option — {alt['outcome']}: {alt['decision']} [{', '.join(alt['clauses'])}]", "    "))
            out.extend(_wrap(line, "      then: ") for line in alt["do"])
            out.extend(_wrap(_money_text(e, data["incident"]["currency"]), "      then: ") for e in alt["money"])
        if ruling["citations"]:
            out.append("  Cites:")
        for c in ruling["citations"]:
            out.append(_wrap(f"{c['locator']} [{c['clause']}]: \u201c{c['quote']}\u201d", "    "))
        if ruling["precedents"]:
            out.append("  Precedents: " + "; ".join(f"{p['file']} ({p['title']})" for p in ruling["precedents"][:5]))
        if ruling.get("logged_precedents"):
            out.append("  Earlier rulings in the log: " + "; ".join(
                f"#{p['id']} {p['time'][:10]} {p['outcome']} "
                + ("(followed)" if p["followed"] else "(overruled)" if p["followed"] is False else "(not marked)")
                for p in ruling["logged_precedents"][:5]))
        out.append("")
        out.append("  Other clubs:")
        for club, answer in data["clubs"].items():
            if club == report.house:
                continue
            other = answer["rulings"][index]      # every club rules on the same (point, issue), in this order
            mark = "DIFFERS" if other["differs_from_house"] else "same outcome"
            out.append(_wrap(f"{club} ({mark}; {other['basis']}): {other['decision']}", "    "))
            for branch in other["depends"]:
                out.append(_branch_line(branch, "if", "outcome", "does not arise", "      - ", when_words))
            if other["do"] and other["basis"] not in ("not covered",):
                out.extend(_wrap(line, "      do: ") for line in other["do"][:2])
            if other["citations"]:
                out.append("      cites: " + ", ".join(c["clause"] for c in other["citations"]))
        out.append("")
    quiet_points(len(points))
    if house["contradictions"]:
        out.append(f"== WARNING: parts of {report.house}'s answer contradict each other ==")
        out.extend(_wrap(line, "  - ") for line in house["contradictions"])
        out.append(f"  The {house['floor']} must choose between them.")
        out.append("")
    money = _money_lines(house["settlement"], data["clubs"], report.house, data["incident"]["currency"])
    if money:
        out.append("== The pot ==")
        out.extend(money)
        out.append("")
    if explain:
        out.append("== Trace ==")
        out.append("  Facts given and computed from the incident:")
        for name, value in data["clubs"][report.house]["trace"]["given"].items():
            out.append(f"    {name} = {value}")
        for club, answer in data["clubs"].items():
            out.append(f"  {club}: derived {answer['trace']['derived'] or '{}'}")
            out.append(_wrap("rules fired: " + (", ".join(answer["trace"]["fired"]) or "none"), "    "))
    return plain("\n".join(out).rstrip(), keep_newlines=True) + "\n"


def _headline(rulings: list, points: list) -> dict:
    """The ruling a club's answer opens with: its first on a point the floor marked (issue 20: a
    side point ruled before it, for the hand as it stands, e.g. the level change ahead of the marked
    raise, does not headline); with no ruling on a marked point, its first. A question that does
    not arise for the club (an issue it has nothing to rule on) headlines only when the club rules
    nothing else. Of the rulings on marked points, one on the club's clauses (express, reading,
    conflict) leads over "no clause, the floor decides" on another marked point (e23/headline,
    blind O304: the seated player "no clause" above the marked objection's "late entry has
    closed"); the answer still opens on a marked point."""
    ruled = [r for r in rulings if r["basis"] != "does not arise"] or rulings
    marked = {p["point"] for p in points if p["marked"]}
    on_marked = [r for r in ruled if r["point"] in marked]
    on_clause = [r for r in on_marked if r["basis"] in ("express", "reading", "conflict")]
    return (on_clause or on_marked or ruled)[0]


def _quiet_mark(first: dict, points: list) -> str | None:
    """The note of a marked point that raised nothing, when the answer's first ruling is on a point
    beside the marks (issue 20: a level change or a cut does not silently stand in for the question
    the floor was called about)."""
    marked = [p for p in points if p["marked"]]
    if not marked or any(p["point"] == first["point"] for p in marked):
        return None
    note = next((p["note"] for p in marked if p["note"]), None)
    return note.replace(" at this point:", " at the marked point:", 1) if note else None


def _issue_title(data: dict, ruling: dict) -> str:
    title = next((i["title"] for i in data["issues"] if i["id"] == ruling["issue"]), ruling["issue"])
    return title[:1].lower() + title[1:]


def _depends_lines(ruling: dict, indent: str, when_words=None) -> list:
    """What a 'depends' ruling turns on, one line a way it goes, so its "It depends on …:" is never
    printed with nothing after it (V503); nothing for a ruling that does not depend."""
    if ruling["basis"] != "depends":
        return []
    return [_branch_line(branch, "if", "decision", "this issue does not arise.", indent, when_words)
            for branch in ruling["depends"]]


def _answer_first(data: dict, house_club: str, when_words=None) -> list:
    """The house club's answer in one block, read from its corrected hand: the decision on the
    point the floor was called about, what each player does now with the amounts, and the pot;
    then each other club in brief."""
    currency = data["incident"]["currency"]
    house = data["clubs"][house_club]
    first = _headline(house["rulings"], data["points"])
    quiet = _quiet_mark(first, data["points"])
    out = ["== The answer =="]
    if quiet:          # the marked point raised nothing: said first, the ruling beside it named as such
        out += [_wrap(f"{house_club}: {quiet}", "  "),
                _wrap(f"Beside the marked point, on {_issue_title(data, first)}: {first['decision']}", "  ")]
    else:
        out.append(_wrap(f"{house_club}: {first['decision']}", "  "))
    out.extend(_depends_lines(first, "    - ", when_words))
    lines = now_lines(house["now"], currency)
    if lines:
        out.append("  Now:")
        out.extend(_wrap(line, "    - ") for line in lines)
    money = _not_in_now(house["settlement"], house["now"])
    if money:
        out.append("  The pot:")
        out.extend(_wrap(_money_text(e, currency), "    - ") for e in money)
    if house["contradictions"]:
        out.append(_wrap(f"Two parts of this answer cannot both be done; the {house['floor']} chooses "
                         "(WARNING below).", "  "))
    others = []
    for club, answer in data["clubs"].items():
        if club == house_club or not answer["rulings"]:
            continue
        others.extend(_other_in_brief(club, answer, house, first, data, currency, when_words))
    if others:
        out.append("  Other clubs, in brief:")
        out.extend(others)
    out.append("")
    return out


def _called_about(house: dict, first: dict, points: list) -> list:
    """The indexes of the rulings on the point the floor was called about: every ruling on a marked
    point where the house's answer opens on one, else the ruling it opens with (every club rules on
    the same (point, issue), in the same order)."""
    marked = {p["point"] for p in points if p["marked"]}
    at = house["rulings"].index(first)
    if first["point"] not in marked:
        return [at]
    return [at] + [i for i, r in enumerate(house["rulings"]) if r["point"] in marked and i != at]


def _other_in_brief(club: str, answer: dict, house: dict, first: dict, data: dict, currency: str,
                    when_words=None) -> list:
    """Another club in brief, labelled by its outcome on the point the floor was called about (s11
    L401/L402/L403): DIFFERS where it rules that point otherwise, "same" where its whole answer is
    the house's, and "same on this point" with what differs beside it (another ruling, the Now, the
    pot) where only that differs. Its brief opens on that point, never on a side ruling."""
    rulings = answer["rulings"]
    called = [i for i in _called_about(house, first, data["points"]) if i < len(rulings)]
    on_point = [rulings[i] for i in called if rulings[i]["differs_from_house"]]
    beside = [r for i, r in enumerate(rulings) if r["differs_from_house"] and i not in called]
    now_or_pot = _shown_now(answer["now"]) != _shown_now(house["now"]) or answer["settlement"] != house["settlement"]
    if on_point:
        mark, brief = "DIFFERS", _first_sentence(on_point[0]["decision"])
    elif beside or now_or_pot or answer["contradictions"]:
        mark = "same on this point, DIFFERS beside it"
        brief = _first_sentence(rulings[called[0]]["decision"]) if called else ""
    else:
        return [_wrap(f"{club} (same): rules the same.", "    ")]
    if beside and not on_point:
        where = "the marked point" if any(p["marked"] and p["point"] == first["point"] for p in data["points"]) \
            else "that point"
        brief += (f" Beside {where}, on {_issue_title(data, beside[0])}: "
                  f"{_first_sentence(beside[0]['decision'])}")
    lines = [_wrap(f"{club} ({mark}): {brief.strip()}", "    ")]
    shown = on_point[0] if on_point else rulings[called[0]] if called else None
    if shown:
        lines.extend(_depends_lines(shown, "      - ", when_words))
    lines.extend(_wrap(line, "      ") for line in _brief(answer, house, currency))
    if answer["contradictions"]:
        lines.append(_wrap(f"conflict: {answer['contradictions'][0]}", "      "))
    return lines


def _money_text(effect: dict, currency: str = "") -> str:
    from ruling_engine.rulings.resolve import format_value
    words = f"{effect['approx']} " if effect.get("approx") else ""     # worked out from an approximate figure
    raw = effect
    effect = {k: words + format_value(v, "amount", currency) if k == "amount" else v for k, v in effect.items()}
    kind = effect["effect"]
    if kind == "pot":
        name = "Main pot" if effect["pot"] == "main" else "Side pot " + effect["pot"].split("-")[-1]
        seats = ", ".join(str(s) for s in effect["seats"])
        if not seats:
            return f"{name}: {effect['amount']} (no live hand contends for it)"
        if effect.get("open"):
            mucked = ", ".join(str(s) for s in effect["open"])
            return (f"{name}: {effect['amount']} (seats {seats}; whether seat {mucked}'s mucked hand is live is the "
                    f"floor's decision: not awarded before it)")
        if effect.get("won_before_dead"):
            return f"{name}: {effect['amount']} (seat {seats}'s alone: the others in it folded before his hand died)"
        return f"{name}: {effect['amount']} ({'seats' if len(effect['seats']) > 1 else 'seat'} {seats})"
    if kind == "pot-awarded":
        name = pot_name(effect.get("pot"))
        amount = f" ({effect['amount']})" if "amount" in effect else " (its size not known)"
        before = ", won before his hand died" if effect.get("won_before_dead") else ""
        return f"Seat {effect['seat']} wins {name}{amount}{before}"
    if kind == "pot-held":
        name = pot_name(effect.get("pot"))
        amount = f" ({effect['amount']})" if "amount" in effect else " (its size not known)"
        return (f"Seat {effect['seat']} takes {name}{amount} when he shows his hand as the ruling "
                f"says; it is not pushed to him unseen")
    if kind == "stays-for-redeal":
        seats = ", ".join(map(str, effect["seats"]))
        return (f"{effect['amount']} of blinds posted ({'seats' if len(effect['seats']) > 1 else 'seat'} {seats}) "
                f"stays in the pot for the re-deal")
    if kind == "not-put-in":
        return (f"Seat {effect['seat']}'s call after his hand died ({effect['amount']}) was said, with no chips "
                f"shown going in: nothing goes back to him, and the pots do not count it")
    if kind == "return-chips" and effect.get("unattributed"):
        return (f"{effect['amount']} was in the pot before the timeline, from players the incident does not "
                f"name: it goes back to those who put it in")
    if kind == "return-chips":
        return f"Seat {effect['seat']} takes back {effect.get('amount', 'his uncalled bet (its size not known)')}"
    if kind == "pot-split":
        name = pot_name(effect.get("pot"))
        odd = f", odd {format_value(effect['odd'], 'amount', currency)}" if effect.get("odd") else ""
        return (f"Seats {', '.join(map(str, effect['seats']))} split {name}: "
                f"{words}{format_value(effect['share'], 'amount', currency)} each{odd}")
    if kind == "odd-chip":
        name = pot_name(effect.get("pot"))
        return f"The odd {effect['amount']} of {name} goes to seat {effect['seat']}"
    if kind == "pot-deducted":
        why = {"rake": " (the rake)", "prize-fund": " (for the prize fund)"}.get(effect.get("purpose"), "")
        if "taken" in effect:         # a ruling kept only part of what was taken: the rest went back
            back = words + format_value(round(raw["taken"] - raw["amount"], 9), "amount", currency)
            taken = words + format_value(raw["taken"], "amount", currency)
            return (f"{taken} was taken out of the pot{why}; {effect['amount']} stays out of it and "
                    f"{back} goes back into it: the pots are what is left")
        if effect.get("floor_decides"):  # the club's own rules do not allow it: never kept silently (e19/cards)
            return (f"{effect['amount']} was taken out of the pot{why}, on no clause of this club: the floor "
                    f"decides whether it goes back into the pot; the pots are what is left until he rules")
        return f"{effect['amount']} was taken out of the pot{why}: the pots are what is left"
    if kind == "chips-back":
        to = effect.get("to")
        where = f"it goes to seat {' and seat '.join(map(str, to))}" if to else "it goes back into the pot until the pot is awarded"
        if effect.get("paid_in"):      # money paid for a re-entry the ruling voids (rulings/unwound.py)
            return f"The {effect['amount']} paid for the void re-buy goes back to seat {' and seat '.join(map(str, to))}"
        return f"Seat {effect['seat']} gives back the {effect['amount']} he was handed: {where}"
    if kind == "chips-held":
        return (f"Seat {effect['seat']} holds the {effect['amount']} he was handed, as the timeline left it: "
                f"the floor decides from there (no clause of this club moves it)")
    if kind == "player-out":
        return f"Seat {effect['seat']} is out of the tournament"
    if kind == "chips-removed":    # the chips a void re-entry bought (rulings/unwound.py)
        return f"Seat {effect['seat']}'s {effect['amount']} in chips come off the table: the re-entry that bought them is void"
    return str(effect)


def _money_lines(settlement: list, clubs: dict, house: str, currency: str) -> list:
    """The house club's settlement, and any club whose rulings leave the money differently."""
    lines = [f"  - {_money_text(e, currency)}" for e in handed_once(settlement)]
    for club, answer in clubs.items():
        if club != house and answer["settlement"] != settlement and answer["settlement"]:
            lines.append(f"    {club} (DIFFERS): " + "; ".join(_money_text(e, currency)
                                                            for e in handed_once(answer["settlement"])))
    return lines


class _Escaped(str):
    """Markdown already made safe (by the md or code filter): printed as it is."""


def _finalize(value):
    """Every {{ }} of a Markdown template is escaped unless a filter already did it."""
    if isinstance(value, _Escaped):
        return value
    return "" if value is None else markdown_text(value)


def _environment():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, finalize=_finalize)
    env.filters["md"] = lambda s: _Escaped(markdown_text(s))
    env.filters["code"] = lambda s: _Escaped(code_span(s))
    return env


def render_markdown(report, explain: bool = False) -> str:
    template = _environment().get_template("ruling.md.j2")
    return template.render(report=to_dict(report), basis_words=BASIS_WORDS, explain=explain,
                           when_text=when_text, money_lines=_money_lines, money_text=_money_text,
                           now_lines=now_lines, pot_lines=_not_in_now)


def _known(value) -> bool:
    """A number the floor can be told: a stack the incident does not give is no limit (inf) inside the
    engine, and never printed."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
