"""Facts of money, chips and club administration: buy-ins, cash and chips on or off the table,
loans, hidden chips, rejoining, stakes, admission, dress, publicity, fees, pot deductions, prizes
and pot handling. Each event kind is read by one small function; amounts are plain arithmetic
(shares, shortfalls, percentages), never a club's figure."""
from __future__ import annotations

from ruling_engine.facts.registry import reads
from ruling_engine.facts.replay import STREETS
from ruling_engine.numbers import Approx, smallest_blind, stated_smallest_chip, whole


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


def _buys_chips(e: dict, game: dict | None = None) -> dict:
    """A buy-in or top-up: how much, when the chips arrived, against the table minimum (the event's
    own, or the game's `table_minimum:` when the event leaves it out: f19/format, issue 22)."""
    if e.get("table_minimum") is None and (game or {}).get("table_minimum") is not None:
        e = dict(e, table_minimum=game["table_minimum"])
    out = {"buys_chips.seat": e["seat"], "buys_chips.had_chips": e["had_chips"], "buys_chips.all_in_last_hand": e["all_in_last_hand"],
           "buys_chips.arrived": e["arrived"], "buys_chips.table_told": e["table_told"]}
    _put(out, "buys_chips.amount", e.get("amount"))
    _put(out, "buys_chips.table_minimum", e.get("table_minimum"))
    _put(out, "buys_chips.share_of_minimum", _share(e.get("amount"), e.get("table_minimum")))
    return out


def _cash_on_table(e: dict) -> dict:
    """Cash on the table: whether it is being played, whether the floor is changing it."""
    out = {"cash_on_table.seat": e["seat"], "cash_on_table.played": e["playing_it"], "cash_on_table.being_exchanged": e["floor_exchanging"]}
    if isinstance(e.get("amount"), (int, float)):
        out["cash_on_table.amount"] = e["amount"]
    if e.get("placed_by") is not None:
        out["cash_on_table.placed_by"] = e["placed_by"]
    return out


def _chips_removed(e: dict) -> dict:
    """Chips taken off the table: where to, and whether the player plays on."""
    out = {"chips_removed.seat": e["seat"], "chips_removed.to": e["to"], "chips_removed.still_playing": e["still_playing"],
           "chips_removed.moved_by_organiser": e["moved_by_organiser"]}
    _put(out, "chips_removed.amount", e.get("amount"))
    # taken off before this hand's cards (issue 21, table stakes: facts/timeline.py _before_deal)
    out["chips_removed.before_deal"] = bool(e.get("_before_deal"))
    return out


def _chips_taken(e: dict) -> dict:
    """Chips gone from a player's stack without his say: whose, who took them (when known), how
    much is still missing."""
    out = {"chips_taken.from": e["from"]}
    _put(out, "chips_taken.by", e.get("by"))
    _put(out, "chips_taken.amount", e.get("amount"))
    return out


def _chips_lent(e: dict) -> dict:
    """A loan of chips or money, or credit from the house."""
    out = {"chips_lent.seat": e["seat"], "chips_lent.from": e["from"], "chips_lent.table_chips": e["table_chips"]}
    _put(out, "chips_lent.lender", e.get("lender"))
    _put(out, "chips_lent.amount", e.get("amount"))
    return out


def _chips_found(e: dict) -> dict:
    """Chips found that nobody claims."""
    out = {"chips_found.found": True}
    _put(out, "chips_found.amount", e.get("amount"))
    return out


def _chips_given(e: dict) -> dict:
    """Chips a player gave to another outside play, with his say (f18/transfer): the giver, the
    receiver, how much, and whether the giver was leaving (unknown when not stated)."""
    out = {"chips_given.from": e["from"], "chips_given.to": e["to"]}
    _put(out, "chips_given.amount", e.get("amount"))
    _put(out, "chips_given.leaving", e.get("leaving"))
    return out


def _chips_rolled(e: dict) -> dict:
    """A chip moved by accident from a player's stack, not bet (f20/format): whose it was, where it
    stopped (the pot, or another player's stack) and how much."""
    out = {"chips_rolled.from": e["from"]}
    _put(out, "chips_rolled.into", e.get("into"))
    _put(out, "chips_rolled.to", e.get("to"))
    _put(out, "chips_rolled.amount", e.get("amount"))
    return out


def _foreign_chips(e: dict) -> dict:
    """Chips that are not the room's own."""
    out = {"foreign_chips.seat": e["seat"]}
    _put(out, "foreign_chips.amount", e.get("amount"))
    return out


def _chips_hidden(e: dict) -> dict:
    """Chips out of view or not countable, and a chip found behind after an all-in call."""
    out = {"chips_hidden.seat": e["seat"], "chips_hidden.high_chips": e["high_hidden"],
           "chips_hidden.not_countable": e["not_countable"], "chips_hidden.after_all_in_call": e["found_after_all_in_call"]}
    _put(out, "chips_hidden.amount", e.get("amount"))
    return out


def _rejoins_game(e: dict) -> dict:
    """A player rejoining: time away and how much less than he left with he brings back."""
    out = {"rejoins_game.seat": e["seat"], "rejoins_game.same_day": e["same_day"], "rejoins_game.floor_consent": e["floor_consent"]}
    for field in ("minutes_away", "left_with", "sits_with"):
        _put(out, f"rejoins_game.{field}", e.get(field))
    if e.get("left_with") is not None and e.get("sits_with") is not None:
        out["rejoins_game.shortfall"] = max(0, e["left_with"] - e["sits_with"])
    return out


def _stakes_questioned(e: dict) -> dict:
    """A bet, a pot or the blinds questioned against the stakes."""
    out = {"stakes_questioned.questioned": True, "stakes_questioned.floor_approved": e["floor_approved"]}
    _put(out, "stakes_questioned.bet", e.get("bet"))
    _put(out, "stakes_questioned.pot", e.get("pot"))
    return out


def _wants_to_play(e: dict) -> dict:
    """Whether someone may play: membership, age, refusal, eligibility for the cash table."""
    out = {"wants_to_play.signed_in": e["signed_in"], "wants_to_play.age_in_doubt": e["age_in_doubt"],
           "wants_to_play.refused": e["refused_by_management"], "wants_to_play.cash_only_nights": e["cash_only_nights"]}
    _put(out, "wants_to_play.seat", e.get("seat"))
    _put(out, "wants_to_play.member", e.get("member"))
    _put(out, "wants_to_play.age", e.get("age"))
    _put(out, "wants_to_play.played_tournament_tonight", e.get("played_tournament_tonight"))
    _put(out, "wants_to_play.league_games", e.get("league_games"))
    return out


def _player_dress(e: dict) -> dict:
    """What a player is wearing."""
    return {"player_dress.seat": e["seat"], "player_dress.wearing": e["wearing"]}


def _publicity_objection(e: dict) -> dict:
    """An objection to the consent form, published results or filming."""
    return {"publicity_objection.seat": e["seat"], "publicity_objection.objects_to": e["objects_to"],
            "publicity_objection.told_before": e["told_before_event"]}


def _money_paid_in(e: dict) -> dict:
    """A fee, entry or re-buy: the amount and its share of the entry stake."""
    out = {"money_paid_in.kind": e["kind"], "money_paid_in.told_before": e["told_before"], "money_paid_in.receipt_given": e["receipt_given"]}
    _put(out, "money_paid_in.amount", e.get("amount"))
    _put(out, "money_paid_in.entry_stake", e.get("entry_stake"))
    _put(out, "money_paid_in.share_of_entry", _share(e.get("amount"), e.get("entry_stake")))
    return out


def _pot_deduction(e: dict) -> dict:
    """Money taken out of a pot, and the percentage of the pot it was."""
    percent = round(100 * e["taken"] / e["pot"], 2) if e["pot"] else 0
    if isinstance(e["pot"], Approx) or isinstance(e["taken"], Approx):
        percent = Approx(percent, "about")       # a share of an approximate figure is approximate
    return {"pot_deduction.pot": e["pot"], "pot_deduction.taken": e["taken"],
            "pot_deduction.percent": percent,
            "pot_deduction.reached_flop": e["reached_flop"], "pot_deduction.purpose": e["purpose"]}


def _prize_paid(e: dict) -> dict:
    """Prize money: the total paid against the money collected, how many share it, the records."""
    out = {"prize_paid.winners_signed": e["winners_signed"]}
    _put(out, "prize_paid.collected", e.get("collected"))
    _put(out, "prize_paid.total", e.get("prize_money"))
    _put(out, "prize_paid.shared_among", e.get("shared_among"))
    _put(out, "prize_paid.list_hours", e.get("list_hours"))
    if e.get("collected") is not None and e.get("prize_money") is not None:
        out["prize_paid.shortfall"] = max(0, e["collected"] - e["prize_money"])
    return out


def _pot_handled(e: dict) -> dict:
    """How chips went into or out of the pot."""
    out = {"pot_handled.did": e["did"], "pot_handled.repeated": e["repeated"]}
    _put(out, "pot_handled.seat", e.get("seat"))
    _put(out, "pot_handled.chips", e.get("chips"))
    return out


def _money_moved(e: dict) -> dict:
    """What the dealer or the floor did with the money (issue 22): the pot (or a part) pushed to a
    player, chips given back or set aside, a count given; and whether the pot was already pushed."""
    out = {"money_moved.did": e["did"], "money_moved.by": e["by"]}
    _put(out, "money_moved.seat", e.get("seat"))
    _put(out, "money_moved.amount", e.get("amount"))
    if e["did"] == "pushed":
        out["pot_pushed"] = True
        _put(out, "pot_pushed_to", e.get("seat"))
    return out


def _money_wagered(e: dict) -> dict:
    """Money wagered, and whether the game was for points only."""
    return {"money_wagered.seat": e["seat"], "money_wagered.points_only": e["points_only"]}


_WITH_THE_HAND = ("cash_on_table",)       # read with the hand at the floor's call (ctx), not alone

_READERS = {
    "buys_chips": _buys_chips, "cash_on_table": _cash_on_table, "chips_removed": _chips_removed, "chips_taken": _chips_taken,
    "chips_lent": _chips_lent, "chips_found": _chips_found, "foreign_chips": _foreign_chips,
    "chips_given": _chips_given, "chips_rolled": _chips_rolled,
    "chips_hidden": _chips_hidden, "rejoins_game": _rejoins_game, "stakes_questioned": _stakes_questioned,
    "player_dress": _player_dress,
    "publicity_objection": _publicity_objection, "money_paid_in": _money_paid_in,
    "pot_deduction": _pot_deduction, "prize_paid": _prize_paid, "pot_handled": _pot_handled,
    "money_wagered": _money_wagered, "money_moved": _money_moved,
}
for _kind, _read in _READERS.items():          # each reads its event alone
    if _kind not in _WITH_THE_HAND and _kind not in ("buys_chips", "pot_deduction"):
        reads(_kind)(lambda event, ctx, _read=_read: _read(event))


@reads("buys_chips")
def _buys_chips_in_the_game(event: dict, ctx) -> dict:
    """A buy-in, with the game's table minimum when the event does not give its own."""
    return _buys_chips(event, ctx.data.get("game"))


@reads("wants_to_play")
def _wants_to_play_in_the_hand(event: dict, ctx) -> dict:
    """Whether someone may play, and (e23/money) whether the seat refused still holds a live hand in
    a betting round, with the part of his bet on the round nobody has called."""
    out = _wants_to_play(event)
    seat, state = event.get("seat"), ctx.final_state
    live = seat is not None and state is not None and seat in getattr(state, "in_hand", []) \
        and ctx.data.get("street") in ("preflop", "flop", "turn", "river")
    out["wants_to_play.live_hand"] = bool(live)
    if live:
        own = state.round_in.get(seat, 0)
        others = [v for s, v in state.round_in.items() if s != seat and s in state.in_hand] or [0]
        out["wants_to_play.uncalled"] = max(0, own - max(others))
    return out


@reads("pot_deduction")
def _pot_deduction_in_the_game(event: dict, ctx) -> dict:
    """Money taken out of a pot, with the smallest chip in play (stated, else the smallest blind):
    what a share of the pot "rounded" is rounded to (issue 20). Left out when neither is known."""
    out = _pot_deduction(event)
    game = ctx.data.get("game") or {}
    _put(out, "pot_deduction.chip", stated_smallest_chip(game) or smallest_blind(game))
    return out


@reads(*_WITH_THE_HAND)
def _cash_on_table_with_the_hand(event: dict, ctx) -> dict:
    """Cash on the table, with the player's chips behind when the floor rules (the hand after the
    timeline's last entry): what a club that disqualifies him and removes a disqualified player's
    chips from play removes (issue 20). Unknown when his stack is not given."""
    out = _cash_on_table(event)
    behind = (getattr(ctx.final_state, "stacks", None) or {}).get(event["seat"])
    if isinstance(behind, (int, float)) and not isinstance(behind, bool) and behind == behind \
            and behind not in (float("inf"), float("-inf")):
        out["cash_on_table.stack"] = whole(behind)
    # his chips put out on the betting round the hand is on when the floor rules (no later card, no
    # showdown since): still in front of him where a club's bets go in only after the round (L301)
    # (a player who folded forfeited his: only a hand still in has bets of its own in front of it)
    in_front = (getattr(ctx.final_state, "round_in", None) or {}).get(event["seat"], 0)
    out["cash_on_table.bets_in_front"] = ctx.data.get("street") in STREETS and \
        event["seat"] in (getattr(ctx.final_state, "in_hand", None) or ()) and \
        isinstance(in_front, (int, float)) and not isinstance(in_front, bool) and in_front > 0
    return out


def money_facts(data: dict) -> dict:
    """The money and administration facts of an incident's events and game, in one mapping (for
    tools and tests that look at them alone)."""
    facts = stakes_facts(data["game"])
    for event in data.get("events", []):
        reader = _READERS.get(event["event"])
        if reader:
            facts.update(reader(event))
    return facts
