"""Facts of money, chips and club administration: buy-ins, cash and chips on or off the table,
loans, hidden chips, rejoining, stakes, admission, dress, publicity, fees, pot deductions, prizes
and pot handling. Each event kind is read by one small function; amounts are plain arithmetic
(shares, shortfalls, percentages), never a club's figure."""
from __future__ import annotations


def _share(part, whole):
    return round(part / whole, 4) if part is not None and whole else None


def _put(out: dict, name: str, value) -> None:
    """Set a fact only when the incident states it (an unstated field stays unknown)."""
    if value is not None:
        out[name] = value


def stakes_facts(game: dict) -> dict:
    """The blinds of the game, one fact each."""
    blinds = game.get("blinds") or []
    out = {}
    if len(blinds) >= 2:
        out["small_blind"], out["big_blind"] = blinds[0], blinds[1]
    return out


def _buys_chips(e: dict) -> dict:
    """A buy-in or top-up: how much, when the chips arrived, against the table minimum."""
    out = {"buy_seat": e["seat"], "buy_had_chips": e["had_chips"], "buy_all_in_last_hand": e["all_in_last_hand"],
           "buy_arrived": e["arrived"], "buy_table_told": e["table_told"]}
    _put(out, "buy_amount", e.get("amount"))
    _put(out, "table_minimum_buy_in", e.get("table_minimum"))
    _put(out, "buy_share_of_minimum", _share(e.get("amount"), e.get("table_minimum")))
    return out


def _cash_on_table(e: dict) -> dict:
    """Cash on the table: whether it is being played, whether the floor is changing it."""
    return {"cash_seat": e["seat"], "cash_played": e["playing_it"], "cash_being_exchanged": e["floor_exchanging"]}


def _chips_removed(e: dict) -> dict:
    """Chips taken off the table: where to, and whether the player plays on."""
    out = {"removed_seat": e["seat"], "removed_to": e["to"], "removed_still_playing": e["still_playing"],
           "removed_moved_by_organiser": e["moved_by_organiser"]}
    _put(out, "removed_amount", e.get("amount"))
    return out


def _chips_lent(e: dict) -> dict:
    """A loan of chips or money, or credit from the house."""
    out = {"loan_seat": e["seat"], "loan_from": e["from"], "loan_table_chips": e["table_chips"]}
    _put(out, "loan_lender", e.get("lender"))
    _put(out, "loan_amount", e.get("amount"))
    return out


def _chips_found(e: dict) -> dict:
    """Chips found that nobody claims."""
    out = {"found_chips": True}
    _put(out, "found_amount", e.get("amount"))
    return out


def _foreign_chips(e: dict) -> dict:
    """Chips that are not the room's own."""
    out = {"foreign_seat": e["seat"]}
    _put(out, "foreign_amount", e.get("amount"))
    return out


def _chips_hidden(e: dict) -> dict:
    """Chips out of view or not countable, and a chip found behind after an all-in call."""
    out = {"hidden_seat": e["seat"], "hidden_high_chips": e["high_hidden"],
           "hidden_not_countable": e["not_countable"], "hidden_after_all_in_call": e["found_after_all_in_call"]}
    _put(out, "hidden_amount", e.get("amount"))
    return out


def _rejoins_game(e: dict) -> dict:
    """A player rejoining: time away and how much less than he left with he brings back."""
    out = {"rejoin_seat": e["seat"], "rejoin_same_day": e["same_day"], "rejoin_floor_consent": e["floor_consent"]}
    for field in ("minutes_away", "left_with", "sits_with"):
        _put(out, f"rejoin_{field}", e.get(field))
    if e.get("left_with") is not None and e.get("sits_with") is not None:
        out["rejoin_shortfall"] = max(0, e["left_with"] - e["sits_with"])
    return out


def _stakes_questioned(e: dict) -> dict:
    """A bet, a pot or the blinds questioned against the stakes."""
    out = {"stakes_questioned": True, "stakes_floor_approved": e["floor_approved"]}
    _put(out, "questioned_bet", e.get("bet"))
    _put(out, "questioned_pot", e.get("pot"))
    return out


def _wants_to_play(e: dict) -> dict:
    """Whether someone may play: membership, age, refusal, eligibility for the cash table."""
    out = {"visitor_signed_in": e["signed_in"], "visitor_age_in_doubt": e["age_in_doubt"],
           "visitor_refused": e["refused_by_management"], "visitor_cash_only_nights": e["cash_only_nights"]}
    _put(out, "visitor_seat", e.get("seat"))
    _put(out, "visitor_member", e.get("member"))
    _put(out, "visitor_age", e.get("age"))
    _put(out, "visitor_played_tournament_tonight", e.get("played_tournament_tonight"))
    _put(out, "visitor_league_games", e.get("league_games"))
    return out


def _player_dress(e: dict) -> dict:
    """What a player is wearing."""
    return {"dress_seat": e["seat"], "dress_wearing": e["wearing"]}


def _publicity_objection(e: dict) -> dict:
    """An objection to the consent form, published results or filming."""
    return {"publicity_seat": e["seat"], "publicity_objects_to": e["objects_to"],
            "publicity_told_before": e["told_before_event"]}


def _money_paid_in(e: dict) -> dict:
    """A fee, entry or re-buy: the amount and its share of the entry stake."""
    out = {"paid_kind": e["kind"], "paid_told_before": e["told_before"], "paid_receipt_given": e["receipt_given"]}
    _put(out, "paid_amount", e.get("amount"))
    _put(out, "paid_entry_stake", e.get("entry_stake"))
    _put(out, "paid_share_of_entry", _share(e.get("amount"), e.get("entry_stake")))
    return out


def _pot_deduction(e: dict) -> dict:
    """Money taken out of a pot, and the percentage of the pot it was."""
    return {"deduction_pot": e["pot"], "deduction_taken": e["taken"],
            "deduction_percent": round(100 * e["taken"] / e["pot"], 2) if e["pot"] else 0,
            "deduction_reached_flop": e["reached_flop"], "deduction_purpose": e["purpose"]}


def _prize_paid(e: dict) -> dict:
    """Prize money: the total paid against the money collected, how many share it, the records."""
    out = {"prize_winners_signed": e["winners_signed"]}
    _put(out, "prize_collected", e.get("collected"))
    _put(out, "prize_total", e.get("prize_money"))
    _put(out, "prize_shared_among", e.get("shared_among"))
    _put(out, "prize_list_hours", e.get("list_hours"))
    if e.get("collected") is not None and e.get("prize_money") is not None:
        out["prize_shortfall"] = max(0, e["collected"] - e["prize_money"])
    return out


def _pot_handled(e: dict) -> dict:
    """How chips went into or out of the pot."""
    out = {"handled_did": e["did"], "handled_repeated": e["repeated"]}
    _put(out, "handled_seat", e.get("seat"))
    _put(out, "handled_chips", e.get("chips"))
    return out


def _money_wagered(e: dict) -> dict:
    """Money wagered, and whether the game was for points only."""
    return {"wager_seat": e["seat"], "wager_points_only": e["points_only"]}


READERS = {
    "buys_chips": _buys_chips, "cash_on_table": _cash_on_table, "chips_removed": _chips_removed,
    "chips_lent": _chips_lent, "chips_found": _chips_found, "foreign_chips": _foreign_chips,
    "chips_hidden": _chips_hidden, "rejoins_game": _rejoins_game, "stakes_questioned": _stakes_questioned,
    "wants_to_play": _wants_to_play, "player_dress": _player_dress,
    "publicity_objection": _publicity_objection, "money_paid_in": _money_paid_in,
    "pot_deduction": _pot_deduction, "prize_paid": _prize_paid, "pot_handled": _pot_handled,
    "money_wagered": _money_wagered,
}


def money_facts(data: dict) -> dict:
    """The money and administration facts of an incident (later events of a kind win)."""
    facts = stakes_facts(data["game"])
    for event in data.get("events", []):
        reader = READERS.get(event["event"])
        if reader:
            facts.update(reader(event))
    return facts
