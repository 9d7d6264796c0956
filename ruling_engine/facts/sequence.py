"""Facts of order: what came after the point the floor was called about, what was said around it,
where the hand is now, and who dealt. Read off the timeline as written (facts/timeline.py keeps
it with each point's view); no club's reading here.
"""
from __future__ import annotations

import re

from ruling_engine.facts.replay import parse_said
from ruling_engine.numbers import whole
from ruling_engine.patterns import on_first_use

NUMBER = on_first_use(r"\d+(?:\.\d+)?")


def _is_action(entry) -> bool:
    return entry.get("entry") == "action" and "posts" not in entry


SEAT_NAMED = on_first_use(r"\bseats?\s*(?:number\s*)?\d+\b", re.I)
FILLER = on_first_use(r"\b(?:it'?s|it is|that'?s|that is|to call|to go|to you|more|please|sir)\b", re.I)


def _spoken_amount(words: str):
    """The amount in words: 'eight to call, seat 6' is 8 (a seat named is no amount)."""
    words = SEAT_NAMED.sub(" ", str(words))
    words = FILLER.sub(" ", words)            # "it's eight to call" -> "eight"
    term, amount = parse_said(words) or ("none", None)
    if amount is not None:
        return amount
    found = NUMBER.findall(str(words).replace(",", ""))
    return whole(float(found[0])) if len(found) == 1 else None


def after_facts(entries: list, point_entries: tuple) -> dict:
    """What happened after the point: actions in turn since (with chips), a new street, and whether
    the floor was called at once (nothing done since)."""
    last = max(point_entries)
    later = entries[last + 1:]
    actions = [e for e in later if _is_action(e)]
    with_chips = [e for e in actions if e.get("chips") or isinstance(e.get("total"), (int, float))
                  or e.get("did") in ("call", "bet", "raise", "all-in")
                  or (parse_said(e.get("said")) or ("none",))[0] in ("call", "bet", "raise", "all-in")]
    return {"after.actions": len(actions), "after.actions_with_chips": len(with_chips),
            "after.new_street": any(e.get("entry") == "street" for e in later),
            "after.noticed_at_once": not actions and not any(e.get("entry") == "street" for e in later)}


def words_facts(entries: list, point_entries: tuple, action_index_entry: int | None,
                chips_entry: int | None = None) -> dict:
    """What was said around the action in question: an amount the dealer announced to him, 'time'
    called on him before he acted, and what he himself said after acting (a claim, a hand).
    `chips_entry`: the entry of his chips when the action is his declaration and the chips after
    it (facts/timeline.py declaration_pairs): what he said with those chips, and between, he said
    after his declaration."""
    if action_index_entry is None:
        return {}
    action = entries[action_index_entry]
    if chips_entry is not None:
        action = {**action, **{k: entries[chips_entry][k] for k in ("chips",) if k in entries[chips_entry]}}
    before = []
    for entry in reversed(entries[:action_index_entry]):
        if _is_action(entry):
            break
        before.append(entry)
    out = {}
    for entry in reversed(before):              # in the order they were said
        if entry.get("entry") != "said":
            continue
        kind = entry.get("kind") or _kind_of(entry["words"])
        if entry["by"] == "dealer" and kind == "amount":
            amount = _spoken_amount(entry["words"])
            if amount is not None:
                out["action.dealer_announced"] = amount
                chips = action.get("chips")
                out["action.paid_as_announced"] = isinstance(chips, list) and abs(sum(chips) - amount) < 1e-9
        if entry["by"] in ("dealer", "floor") and kind == "time":
            out["action.after_time_called"] = True
        if entry["by"] == "dealer" and kind == "not-your-turn":
            out["action.told_not_your_turn"] = True
    for index in range(action_index_entry + 1, len(entries)):
        entry = entries[index]
        if index == chips_entry:
            if isinstance(entry.get("said"), str):
                out["action.said_after"] = _kind_of(entry["said"])     # the words he said with his chips
            continue
        if _is_action(entry):
            break
        if entry.get("entry") == "said" and entry["by"] == action["seat"]:
            out["action.said_after"] = entry.get("kind") or _kind_of(entry["words"])
    if "gap" in action and "first" in action:
        out["action.gap_seconds"] = action["gap"]
    return out


def said_kind(entry: dict) -> str:
    """What a `said:` entry is: its `kind:`, or worked out from the words."""
    return entry.get("kind") or _kind_of(entry["words"])


def _kind_of(words: str) -> str:
    """What words are, when the entry does not say: 'time', 'not your turn', a number (an amount),
    a hand named, or other (a claim or remark)."""
    text = str(words).lower()
    if re.search(r"\btime\b", text):
        return "time"
    if "not your turn" in text or "not your action" in text:
        return "not-your-turn"
    if re.search(r"\b(flush|straight|pair|two pair|trips|set|full house|quads|nuts|ace high|king high)\b", text):
        return "hand"
    if _spoken_amount(text) is not None:
        return "amount"
    return "other"


def table_facts(data: dict, final_view) -> dict:
    """Where the hand is now and who dealt: players left and the pot after the last entry, a
    player-dealer's seat, the game's session and stakes caps, players dealt beyond those listed."""
    out = {"players_left": len(final_view.in_hand), "pot_now": whole(final_view.pot),
           "dealt_by_player": "dealer" in data}
    if "dealer" in data:
        out["dealer_seat"] = data["dealer"]
    game = data["game"]
    for name, fact in (("session", "game_session"), ("max_bet", "game_max_bet"), ("max_pot", "game_max_pot"),
                       ("level", "game_level")):
        if isinstance(game.get(name), (int, float)):
            out[fact] = game[name]
    if isinstance(data.get("others"), int):
        out["players_dealt"] = len(data["players"]) + data["others"]
    out.update(_seats_facts(data))
    return out


def _seats_facts(data: dict) -> dict:
    """Seats at a table (issue 22): the table's seats and how many more players were dealt in than
    it has; nothing when the incident does not give the seats or the number of others."""
    seats, others = data["game"].get("seats"), data.get("others", 0)
    if not isinstance(seats, int) or isinstance(seats, bool) or not isinstance(others, int) or isinstance(others, bool):
        return {}
    return {"table_seats": seats, "players_over_seats": max(0, len(data["players"]) + others - seats)}
