"""Warnings on what the answer needs and the file does not say (issues 20/22): the button, a stack.
Each names the line to add; none changes a ruling: it says that a part of the answer (who acts now,
what he may do, the pot) rests on something not written, rather than guessing silently."""
from __future__ import annotations


def unsaid_warnings(incident, timeline, answers: dict) -> list:
    return _button_warning(incident, timeline) + _stack_warnings(incident, answers)


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
