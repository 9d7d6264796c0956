"""Warnings on what the answer needs and the file does not say (issues 20/22): the button, a stack,
a fold said in a `said:` entry (words, not an action).
Each names the line to add; none changes a ruling: it says that a part of the answer (who acts now,
what he may do, the pot) rests on something not written, rather than guessing silently."""
from __future__ import annotations

from ruling_engine.incident.said import read_said


def one_choice_seats(incident, vocabulary, paths) -> list:
    """A seat written `unknown` that the listed players leave only one way to read (casebook Q503: a
    player known by name, the only listed seat the man objecting): it is ruled as that seat, which
    the user may not have meant. The warning says so and how to write a player not listed; it
    changes no ruling."""
    from ruling_engine.incident.unknowns import domain, path_line, spec_at
    out = []
    for path in paths:
        spec = spec_at(path, incident.data, vocabulary)
        if spec is None or spec.type != "seat":
            continue
        seats = domain(spec, incident.data)
        if len(seats) != 1:
            continue
        line = path_line(path, incident.data, incident.header_lines)
        where = f"{incident.file}:{line}" if line else str(incident.file)
        out.append(f"{where}: the seat written unknown can only be seat {seats[0]}, the one listed player, so it "
                   f"is ruled as seat {seats[0]}; if it is a player not listed (known by name, or by where he "
                   f"sits), add him under players: with a seat of his own, e.g. - {{seat: {seats[0] % 9 + 1}, "
                   f"name: ...}}, and write that seat here")
    return out


def unsaid_warnings(incident, timeline, answers: dict) -> list:
    return _button_warning(incident, timeline) + _stack_warnings(incident, answers) + \
        _fold_in_words(incident, timeline) + _call_words_alone(incident, timeline)


def _call_words_alone(incident, timeline) -> list:
    """The action the floor was called about is "call" said with no `chips:`, `total:` or `did:`
    (casebook V404): as documented, that is the call made, his chips in; a floor person who meant
    "he said call and nothing went in yet" (the declaration clauses' question) has the documented
    form to write instead. The warning says which reading was taken; it changes no ruling."""
    out = []
    for entry in timeline.entries:
        if entry.get("entry") != "action" or entry.get("in_question") is not True or "_chips_entry" in entry \
                or any(key in entry for key in ("chips", "total", "did", "posts")):
            continue
        words = read_said(entry.get("said")) if isinstance(entry.get("said"), str) else None
        if words is None or words.term != "call" or words.amount is not None or words.unofficial:
            continue
        line = entry.get("line")
        where = f"{incident.file}:{line}" if line else str(incident.file)
        out.append(f"{where}: seat {entry.get('seat')}'s {entry['said']!r} gives no chips: or total:, so it is read "
                   f"as the call made, his chips in the pot; if he said it and nothing went in yet, write "
                   f"- {{seat: {entry.get('seat')}, said: {entry['said']!r}, total: 0, in_question: true}}")
    return out


def _fold_in_words(incident, timeline) -> list:
    """A `said:` entry (no kind, or other) whose words are a plain fold ("I'm out now"), said by a
    player still in the hand and facing a bet: a `said:` entry is words, not his action, so no
    club's clause on a declaration in turn rules it and the answer still has him in. The warning
    names the action to write instead; it changes no ruling (guessing an action is not ours)."""
    from ruling_engine.facts.timeline import statement_state
    out = []
    for index, entry in enumerate(timeline.entries):
        seat = entry.get("by")
        if entry.get("entry") != "said" or not isinstance(seat, int) or isinstance(seat, bool) \
                or entry.get("kind") not in (None, "other") or read_said(entry.get("words")).term != "fold" \
                or read_said(entry.get("words")).unofficial:
            continue
        state = statement_state(timeline, index)
        if seat not in state.in_hand or not state.to_call(seat):
            continue
        line = entry.get("line")
        where = f"{incident.file}:{line}" if line else str(incident.file)
        mark = ", in_question: true" if entry.get("in_question") else ""
        out.append(f"{where}: seat {seat}'s words {entry['words']!r} are a fold, said in the hand facing a bet, "
                   f"but a said: entry is words, not his action, so no fold is ruled and he is still in; if he "
                   f"folded, write it as his action: - {{seat: {seat}, said: {entry['words']!r}{mark}}}")
    return out


def _button_warning(incident, timeline) -> list:
    """No `button:`, and no forced bet in the timeline says where it was (`posts:` entries or a
    `blinds_posted` event): who posted the blinds, whose turn it was and who acts now are not known."""
    data = incident.data
    if data.get("button") is not None or getattr(timeline.hand, "order_button", None) is not None:
        return []
    game = data.get("game") or {}
    if game.get("variant") == "stud" or not game.get("blinds"):
        return []                 # no button in stud: the cards say who acts first
    if not any(e.get("entry") == "action" for e in data.get("timeline") or ()):
        return []
    return [f"{incident.file}: no button: and no blinds posted, so the order of action (whose turn it was, "
            f"who acts now) and the blinds in the pot are not known from the file; add the button's seat to "
            f"the header, e.g. button: 3, or the blinds as the timeline's first entries, e.g. "
            f"- {{seat: 4, posts: small-blind}} and - {{seat: 5, posts: big-blind}}"]


def _stack_warnings(incident, answers: dict) -> list:
    """A seat the Now names (acting next or after) whose stack the file does not give (neither `stack:`
    nor `behind:`, O301: a warning that contradicts the file is worse than none): what he may
    do (a raise's limit, all in) is worked out as though he had chips enough."""
    players = {p.get("seat"): p for p in incident.data.get("players") or () if isinstance(p, dict)}
    lines = incident.header_lines or {}
    named = []
    for answer in answers.values():
        now = answer.now or {}
        for entry in ([now["next"]] if now.get("next") else []) + list(now.get("then") or ()):
            seat = entry.get("seat")
            if seat in players and not {"stack", "behind"} & set(players[seat]) and seat not in named:
                named.append(seat)
    out = []
    for seat in named:
        line = lines.get(f"players.{seat}")
        where = f"{incident.file}:{line}" if line else str(incident.file)
        out.append(f"{where}: seat {seat} has no stack, so what he may do now (how much he can raise, whether "
                   f"he is all in) assumes he has chips enough; add it to his player, e.g. "
                   f"- {{seat: {seat}, stack: 200}} (or stack: unknown if nobody knows)")
    return out
