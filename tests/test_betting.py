"""The betting arithmetic floor people quote: full raises, short all-ins, side pots, uncalled
bets, pot-limit maxima (ruling_engine/facts/betting.py), and the facts derive.py hands the rules."""
import pytest

from ruling_engine.facts.betting import action_betting_facts, pot_facts, walk
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text


def hand(actions, players, street="preflop", blinds=(500, 1000), button=None, variant="NLHE", **extra):
    """The hand as the facts read it: the actions (each on `street:`, or the hand's street) made into
    a timeline (street entries where the street changes), validated and replayed."""
    from ruling_engine.facts.timeline import read_timeline
    from ruling_engine.incident.load import validate_incident
    from ruling_engine.incident.upgrade import upgrade
    from ruling_engine.incident.yaml_source import load_text
    from ruling_engine.knowledge.load import load_knowledge
    import yaml
    data = {"house": "edp", "game": {"format": "tournament", "variant": variant, "blinds": list(blinds)},
            "street": street, "players": [{"seat": s, "stack": v} for s, v in players.items()],
            "actions": actions, **extra}
    if button is not None:
        data["button"] = button
    kb = load_knowledge()
    node = load_text(yaml.safe_dump(upgrade(data)), "hand.yaml")
    return read_timeline(validate_incident(node, "hand.yaml", kb.vocabulary, kb.clubs).data).data


def test_fpc_41_example_all_in_2800_over_2000_is_800_of_a_1000_full_raise():
    data = hand([{"seat": 3, "total": 2000}, {"seat": 4, "said": "all-in"}, {"seat": 3, "said": "raise", "total": 8000}],
                {1: 30000, 2: 30000, 3: 30000, 4: 2800}, button=4)
    view = walk(data, 2)
    assert (view.current_bet, view.min_raise_to, view.to_call(3)) == (2800, 3800, 800)
    assert view.facing_since_action() == {3: (800, False)}
    facts = action_betting_facts(data, 2)
    assert facts["short_all_in_faced"] and facts["acted_this_round"]
    assert facts["short_all_in_raise_by"] == 800 and facts["short_all_in_full_raise"] == 1000
    assert facts["short_all_in_fraction_of_raise"] == 0.8      # ppl: half or more of the expected raise
    assert facts["short_all_in_fraction_of_bet"] == 0.4        # fpc: not more than 50% over the bet
    assert facts["full_raise_faced_since_action"] is False


def test_two_all_ins_for_less_add_up_to_a_full_raise_for_the_first_bettor():
    data = hand([{"seat": 1, "said": "bet", "total": 100}, {"seat": 2, "said": "all-in"},
                 {"seat": 4, "said": "all-in"}, {"seat": 7, "said": "call"}, {"seat": 1, "said": "raise", "total": 600}],
                {1: 1000, 2: 150, 4: 210, 7: 1000}, street="flop", blinds=(1, 2))
    facts = action_betting_facts(data, 4)
    assert facts["raise_faced_since_action"] == 110 and facts["full_raise_faced_since_action"] is True
    assert facts["min_raise_to"] == 310          # neither all-in was a full raise: still 100 on top


def test_short_raise_by_a_player_with_chips_is_below_minimum_with_its_fraction():
    data = hand([{"seat": 2, "said": "bet", "total": 20}, {"seat": 5, "chips": [25, 5, 2]}],
                {2: 300, 5: 250}, street="flop", blinds=(1, 2))
    facts = action_betting_facts(data, 1)
    assert facts["action.below_minimum"] and not facts["action.short_all_in_raise"]
    assert (facts["action.raise_by"], facts["action.raise_fraction"], facts["min_raise_shortfall"]) == (12, 0.6, 8)


def test_all_in_short_raise_is_not_a_below_minimum_raise():
    data = hand([{"seat": 2, "said": "bet", "total": 20}, {"seat": 5, "said": "all-in"}],
                {2: 300, 5: 32}, street="flop", blinds=(1, 2))
    facts = action_betting_facts(data, 1)
    assert facts["action.short_all_in_raise"] and not facts["action.below_minimum"]


def test_three_all_ins_make_a_main_pot_and_two_side_pots_with_their_seats():
    data = hand([{"seat": 3, "said": "all-in"}, {"seat": 4, "said": "all-in"}, {"seat": 1, "said": "call"},
                 {"seat": 2, "said": "all-in"}], {1: 5000, 2: 1500, 3: 800, 4: 3000},
                blinds=(100, 200), button=4)
    facts = pot_facts(data)
    assert facts["side_pot_count"] == 2
    assert (facts["main_pot"], facts["main_pot_seats"]) == (3200, "1, 2, 3, 4")
    assert (facts["first_side_pot"], facts["first_side_pot_seats"]) == (2100, "1, 2, 4")
    assert (facts["second_side_pot"], facts["second_side_pot_seats"]) == (3000, "1, 4")
    assert facts["uncalled_amount"] == 0


def test_folded_chips_are_dead_money_in_the_pots_they_reached():
    data = hand([{"seat": 1, "said": "bet", "total": 300}, {"seat": 2, "said": "all-in"},
                 {"seat": 3, "said": "call"}, {"seat": 1, "said": "fold"}],
                {1: 1000, 2: 100, 3: 1000}, street="turn", blinds=(10, 20))
    facts = pot_facts(data)
    # seat 1 folded his 300: 100 is dead money in the main pot, 200 in the side pot only seat 3 can win
    assert (facts["main_pot"], facts["main_pot_seats"]) == (300, "2, 3")
    assert facts["side_pot_count"] == 1 and facts["first_side_pot"] == 400
    assert facts["first_side_pot_seats"] == "3"


def test_an_all_in_call_for_less_heads_up_returns_the_uncalled_part():
    data = hand([{"seat": 3, "said": "bet", "total": 400}, {"seat": 8, "said": "call"}],
                {3: 1000, 8: 250}, street="river", blinds=(1, 2), pot_at_start=120)
    facts = pot_facts(data, "£")
    assert (facts["uncalled_seat"], facts["uncalled_amount"]) == (3, 150)
    assert facts["pots_text"] == "main pot £620 (seats 3, 8)"


def test_no_side_pots_are_counted_while_players_still_have_to_act():
    data = hand([{"seat": 3, "total": 2000}, {"seat": 4, "said": "all-in"}],
                {1: 30000, 2: 30000, 3: 30000, 4: 2800}, button=4)
    facts = pot_facts(data)
    assert facts["all_in_players"] == 1 and "side_pot_count" not in facts and "uncalled_amount" not in facts


def test_pot_limit_maximum_is_call_plus_the_pot_after_the_call():
    data = hand([{"seat": 2, "said": "bet", "total": 10}, {"seat": 5, "said": "raise", "total": 90}],
                {2: 400, 5: 400}, street="flop", blinds=(1, 2), variant="PLO", pot_at_start=30)
    facts = action_betting_facts(data, 1)
    assert facts["pot_limit_max_to"] == 60           # 10 to call, then the pot of 50
    assert facts["action.over_pot_limit"] and facts["pot_limit_excess"] == 30


def test_unrecorded_earlier_streets_are_not_counted_into_an_uncalled_bet():
    data = hand([{"seat": 9, "street": "river", "said": "all-in", "chips": [50, 25, 5]},
                 {"seat": 4, "street": "river", "said": "call"}],
                {4: 300, 9: 80}, street="showdown", blinds=(1, 2), button=4)
    facts = pot_facts(data)
    assert facts.get("uncalled_amount") == 0 and facts["side_pot_count"] == 0


def test_a_negative_pot_at_start_is_refused_with_file_and_line(kb):
    text = ("house: edp\ngame: {format: cash, blinds: [1, 2]}\npot_at_start: -5\n"
            "players:\n  - {seat: 1}\n  - {seat: 2}\ntimeline:\n  - flop:\n")
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(text, "bad.yaml", kb.vocabulary, kb.clubs)
    assert "bad.yaml:3" in str(error.value) and "pot_at_start" in str(error.value)


def test_an_all_in_of_unknown_size_states_no_amounts_instead_of_infinite_ones(kb):
    """No stacks given: an all-in's size is unknown; rule-on must still answer (durable-rules
    cannot take an infinite number), stating no amount worked out from it."""
    from ruling_engine.facts.derive import incident_facts as computed_facts
    from ruling_engine.rulings.rule_on import rule_incident
    text = ("house: gala\ngame: {format: cash, blinds: [1, 2]}\n"
            "players:\n  - {seat: 1}\n  - {seat: 4}\n  - {seat: 6}\n"
            "timeline:\n  - flop:\n  - {seat: 1, said: bet, total: 50}\n  - {seat: 4, said: all-in}\n"
            "  - {seat: 6, said: all-in, chips: [100]}\n")
    incident = parse_incident_text(text, "nostack.yaml", kb.vocabulary, kb.clubs)
    facts = computed_facts(incident)
    assert "to_call" not in facts and "all_in_chips_behind" not in facts
    assert all(v == v and v not in (float("inf"), float("-inf")) for v in facts.values() if isinstance(v, float))
    rule_incident(incident, kb)


def test_silent_chips_facing_a_bet_are_not_treated_as_a_short_raise(kb):
    """Chips pushed out in silence against a £20 bet are the chips-without-declaration question
    (oversized, several or mixed chips); the same £25 recorded as a total, or with "raise" said,
    is a short raise."""
    from ruling_engine.facts.derive import incident_facts as computed_facts
    from ruling_engine.rulings.resolve import raised_issues
    base = ("house: edp\ngame: {format: cash, blinds: [1, 2]}\n"
            "players:\n  - {seat: 2, stack: 300}\n  - {seat: 5, stack: 300}\n"
            "timeline:\n  - flop:\n  - {seat: 2, said: bet, total: 20}\n  - {seat: 5, ACTION}\n")
    for action, raised in (("chips: [25]", False), ("chips: [20, 5]", False), ("total: 25", True),
                           ("said: raise, chips: [20, 5]", True)):
        incident = parse_incident_text(base.replace("ACTION", action), "x.yaml", kb.vocabulary, kb.clubs)
        assert ("raise-size" in raised_issues(kb.vocabulary, computed_facts(incident), "action")) is raised, action


def test_every_betting_amounts_rule_is_reached_by_an_amounts_case(kb):
    """Each rule of the betting-amount files (all four clubs) fires on at least one amounts-* case,
    so every clause it encodes is reached by an incident describing its situation."""
    from conftest import CASES
    from rulings_memo import ruled
    mine = {r.id for club in kb.rules for r in kb.rules[club]
            if r.file.endswith(("betting-amounts.yaml", "edp/raise-sizing.yaml"))}
    fired = set()
    for path in sorted(CASES.glob("amounts-*.yaml")):
        for answer in ruled(path, kb).answers.values():
            fired |= set(answer.fired)
    assert len(mine) >= 60 and mine - fired == set()


def test_raise_said_without_an_amount_keeps_what_the_table_stood_at():
    """TDA 47 Ex 1 (issue 13): "raise" said with no amount and nothing put out has no total yet, but
    the minimum raise and what the player faces since he acted are the table's, not the amount's."""
    data = hand([{"seat": 1, "total": 100}, {"seat": 2, "said": "all-in"}, {"seat": 3, "did": "call"},
                 {"seat": 4, "said": "all-in"}, {"seat": 5, "did": "call"}, {"seat": 1, "said": "raise"}],
                {1: 10000, 2: 125, 3: 10000, 4: 200, 5: 10000}, street="flop", blinds=(50, 100), button=5)
    facts = action_betting_facts(data, 5)
    assert facts["action.raises"] is True
    assert (facts["min_raise_by"], facts["min_raise_to"]) == (100, 300)
    assert facts["acted_this_round"] and facts["short_all_in_faced"]
    assert facts["full_raise_faced_since_action"] is True and facts["raise_faced_since_action"] == 100
    assert "action.round_total" not in facts and "action.raise_by" not in facts
