"""What the action the floor was called about says in words, chips and motions, against the
replayed betting state: the numbers each club's declaration rules classify (said.py reads the words)."""
from __future__ import annotations

from ruling_engine.facts.hand import paired_amount
from ruling_engine.numbers import smallest_blind, stated_smallest_chip, whole
from ruling_engine.facts.replay import clockwise_from, hand_of, parse_said, replay
from ruling_engine.incident.said import names_raise, read_said


def _words_facts(action: dict, state, game: dict) -> dict:
    """What the words of the action in question said: the unit and wording of the number, the
    number read as the total or as the increment (neutral: the clubs' rules pick), the number read
    in pence (its lesser value), a conditional statement, unofficial words, a gesture."""
    seat = action["seat"]
    words = read_said(action.get("said"))
    round_in = state.round_in.get(seat, 0)
    facts = {"action.declared_unit": words.unit, "action.raise_wording": words.wording,
             "action.conditional": words.conditional, "action.said_unofficial": words.unofficial,
             "action.gesture": action.get("gesture", "none"),
             "action.put_out": "chips" in action or "total" in action}
    if words.amount is not None and words.unit != "pence":
        amount = words.amount
        facts["declared_total_add"] = whole(max(0, amount - round_in))
        facts["declared_increment_total"] = whole(state.current_bet + amount)
        facts["declared_increment_add"] = whole(max(0, state.current_bet + amount - round_in))
        chips_total = sum(action.get("chips", []))
        facts["declared_amount_shortfall"] = whole(max(0, amount - round_in - chips_total))
        facts["declared_amount_excess"] = whole(max(0, chips_total - (amount - round_in)))
        if words.unit == "none" and game["format"] == "cash":
            facts["declared_amount_as_pence"] = whole(round(amount / 100, 2))
            smallest = min(game.get("blinds") or [0])
            facts["pence_reading_possible"] = amount / 100 >= smallest > 0
        facts.update(_scaled_readings(amount, words.unit, game))
    facts["action.said_double"] = words.double
    facts["action.said_names_raise"] = names_raise(action.get("said"))
    if words.double and state.current_bet > 0:
        facts.update(_double_facts(state.current_bet, round_in, sum(action.get("chips", []))))
    readings = action.get("could_mean")
    facts["action.two_readings"] = bool(readings)
    if readings:            # words the floor cannot read as one amount: each club's clause picks
        facts["action.lesser_reading"] = whole(min(readings))
        facts["action.higher_reading"] = whole(max(readings))
    if "said" in action and ("chips" in action or "_chips_entry" in action) and "first" in action:
        facts["action.first"] = action["first"]
    if "said" in action:
        facts["action.words_heard"] = action.get("heard", "all")
    return facts


def _double_facts(bet, round_in, chips_total) -> dict:
    """"Double it" facing a bet, read both ways (neutral: each club's rule picks): a total of twice
    the bet (1,200 -> 2,400), or the bet plus twice it on top (3,600); what he adds for the first,
    and the chips he put out beyond it (his change)."""
    return {"double_total": whole(2 * bet), "double_over_total": whole(3 * bet),
            "double_add": whole(max(0, 2 * bet - round_in)),
            "double_excess": whole(max(0, round_in + chips_total - 2 * bet))}


def _scaled_readings(amount, unit: str, game: dict) -> dict:
    """A bare number said (no unit) smaller than the smallest chip in play cannot be that many
    chips: where chips run in hundreds, "five" is five hundred or five thousand. The two readings,
    when the hundreds one is at least the smallest chip (the smallest chip is game.smallest_chip,
    else the small blind)."""
    smallest = stated_smallest_chip(game) or smallest_blind(game) or 0
    if unit != "none" or not smallest or not 0 < amount < smallest or amount * 100 < smallest:
        return {"scaled_reading_possible": False} if unit == "none" and smallest else {}
    return {"scaled_reading_possible": True,
            "declared_amount_as_hundreds": whole(amount * 100),
            "declared_amount_as_thousands": whole(amount * 1000)}


def _chip_facts(action: dict, state, chips_total) -> dict:
    """What the chips of the action in question were, in numbers: the largest chip, whether they
    are more than the call or the bet, whether one chip fewer would still cover the call, the
    player's total for the round with them, the minimum raise total, and whether the words and
    chips say different things."""
    seat = action["seat"]
    chips = action.get("chips", [])
    round_in = state.round_in.get(seat, 0)
    to_call = state.to_call(seat)
    facts = {"minimum_raise_total": whole(state.min_raise_total())}
    if not chips and chips_total is None:
        return facts
    total = round_in + chips_total
    if chips:
        facts["action.largest_chip"] = max(chips)
    facts.update({
        "chips_over_call": chips_total > to_call,
        "chips_over_bet": chips_total > state.current_bet,
        "chips_excess_over_call": whole(max(0, chips_total - to_call)),
        "action.total": whole(total),
        "chips_raise_by": whole(max(0, total - state.current_bet)),
        "chips_over_minimum": total > facts["minimum_raise_total"],
        "chips_reach_minimum": total >= facts["minimum_raise_total"],
        "minimum_raise_shortfall": whole(max(0, facts["minimum_raise_total"] - total)),
    })
    if state.largest_raise:
        facts["chips_raise_fraction"] = round(max(0, total - state.current_bet) / state.largest_raise, 4)
    if len(chips) >= 2:
        facts["one_chip_fewer_covers_call"] = chips_total - max(chips) >= to_call
    term, amount = parse_said(action.get("said")) or ("none", None)
    differ = ((term == "call" and chips_total != to_call)
              or (term == "check" and chips_total > 0)
              or (term in ("bet", "amount-only") and amount is not None and chips_total != amount)
              or (term == "raise" and amount is None and chips_total <= to_call)
              or _raise_amount_differs(term, amount, chips_total, round_in, state))
    if term != "none":
        facts["words_chips_differ"] = differ
    return facts


def _raise_amount_differs(term, amount, chips_total, round_in, state) -> bool:
    """'Raise' with an amount and chips: the chips match at most one of the two readings of the
    number (the total bet, or added on top of the bet), so what the words commit him to is a
    question for each club's reading. Facing no bet the two readings are the same."""
    if term != "raise" or amount is None or not state.current_bet:
        return False
    as_total = amount - round_in
    as_increment = state.current_bet + amount - round_in
    return not (chips_total == as_total == as_increment)


def _motion_facts(action: dict, state) -> dict:
    """How the chips went in: in how many forward motions, and what the first motion held."""
    motions = action.get("motions")
    if not motions:
        return {"action.motions": 1} if action.get("chips") else {}
    round_in = state.round_in.get(action["seat"], 0)
    return {"action.motions": len(motions), "first_motion_chips": motions[0],
            "later_motion_chips": whole(sum(motions[1:])),
            "first_motion_total": whole(round_in + motions[0]),
            "first_motion_covers_call": motions[0] >= state.to_call(action["seat"])}


def _seat_facts(data: dict, action: dict, actions: list, index: int, state) -> dict:
    """Who the player is pre-flop (the big blind?), the pot before the action and the total of a
    pot-sized bet, and whether the action before was a "raise" with no amount yet."""
    facts = {}
    seats = [p["seat"] for p in data["players"]]
    blinds, button = data["game"].get("blinds"), data.get("button")
    if blinds and button is not None and len(seats) >= 2:
        order = clockwise_from(seats, button)
        big_blind = order[0] if len(seats) == 2 else order[1]
        facts["action.by_big_blind"] = state.street == "preflop" and action["seat"] == big_blind
    # the pot as the table view has it before the action: what was in it when the timeline starts
    # (pot_at_start), the antes and dead blinds, the blinds posted and every earlier action's chips,
    # less a deduction (issue 20: a timeline that starts on the flop had its pot read as the blinds)
    pot = hand_of(data).walk(index).pot
    seat = action["seat"]
    to_call = state.to_call(seat)
    facts["pot_before_action"] = whole(pot)
    facts["pot_size_bet_to"] = whole(state.current_bet + pot + to_call) if to_call else whole(pot)
    if index > 0:
        before = actions[index - 1]
        term, amount = parse_said(before.get("said")) or ("none", None)
        facts["previous_raise_unclear"] = (term == "raise" and amount is None and "chips" not in before
                                           and "total" not in before)
    return facts


def _fold_facts(action: dict) -> dict:
    """A fold: how the cards went, and whether the player commented on the hand."""
    term, _ = parse_said(action.get("said")) or ("none", None)
    if term != "fold" and not (term == "none" and action.get("did") == "fold"):
        return {}               # a fold said, or done in silence (did: fold)
    return {"fold_manner": action.get("fold_manner", "pushed-low"),
            "fold_comment": action.get("fold_comment", False)}


def _known(amount):
    return None if amount is None or amount != amount else amount


def words_and_chips_names(data: dict, index: int | None) -> frozenset:
    """The names of the facts about the words and chips of the action in question (without the
    `action.` prefix some of them have): an issue raised on them is asked at that action's point,
    not only once at the hand's last point (rulings/resolve.py raised_issues)."""
    if index is None:
        return frozenset()
    action = data["actions"][index]
    state = replay(data, index)
    chips = action.get("chips", [])
    return frozenset(_words_facts(action, state, data["game"])) | frozenset(
        _chip_facts(action, state, sum(chips) if chips else _known(paired_amount(action, state))))


def declaration_facts(data: dict, index: int) -> dict:
    """The words, chips, motions and position facts of the action the floor was called about."""
    actions = data["actions"]
    action = actions[index]
    state = replay(data, index)
    chips = action.get("chips", [])
    chips_total = sum(chips)
    facts = {}
    facts.update(_words_facts(action, state, data["game"]))
    facts.update(_chip_facts(action, state, chips_total if chips else _known(paired_amount(action, state))))
    facts.update(_motion_facts(action, state))
    facts.update(_seat_facts(data, action, actions, index, state))
    facts.update(_fold_facts(action))
    return facts


def statement_facts(data: dict) -> dict:
    """A player's statement in a `said:` entry (facts/timeline.py statements): what his words
    declare, read as the words of an action are, with the bet he faced when he said them. He put
    nothing out, and whether he was in turn is no question of words alone (left unstated)."""
    statement = data["_statement"]
    seat = statement["seat"]
    words = read_said(statement["words"])
    state = replay(data, statement["actions_before"])
    to_call = state.to_call(seat)
    double = _double_facts(state.current_bet, state.round_in.get(seat, 0), 0) \
        if words.double and state.current_bet > 0 else {}
    return {**double, "action.seat": seat, "action.declared": words.term, "action.conditional": words.conditional,
            "action.said_unofficial": words.unofficial, "action.said_double": words.double, "action.put_out": False, "action.gesture": "none",
            "action.words_heard": "all", "facing_bet": to_call > 0, "to_call": whole(to_call),
            "current_bet": whole(state.current_bet), "players_in_hand": len(state.in_hand),
            "heads_up": len(state.in_hand) == 2}
