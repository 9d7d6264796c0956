"""The facts that name the other players a ruling touches (ruling_engine/facts/consequences.py):
issue 13 class 16 ("only the player in question is ruled on") and class 6 (clause referents
computed: "the first undercaller")."""
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import point_view, read_timeline
from ruling_engine.incident.load import parse_incident_text


def point_facts(kb, text: str) -> list:
    """The computed facts of every point of an incident written as YAML text."""
    incident = parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    return [computed_facts(*point_view(timeline, point)) for point in timeline.points]


TWO_SHORT_CALLS = """
title: Two short calls behind a raise
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 8
players:
  - {seat: 2, stack: 38}
  - {seat: 3, stack: 52}
  - {seat: 6, stack: 41}
  - {seat: 8, stack: 60}
pot_at_start: 4
timeline:
  - flop:
  - {seat: 2, chips: [1, 1]}
  - {seat: 3, said: raise, chips: [1, 1, 1, 1, 1], first: words}
  - {seat: 6, chips: [1, 1], in_question: true}
  - {seat: 8, chips: [1, 1], in_question: true}
"""


def test_the_first_undercaller_of_a_sequence_is_named_with_what_he_lacks(kb):
    first, second = point_facts(kb, TWO_SHORT_CALLS)
    assert first["undercalls_in_sequence"] == 1 and "first_undercaller_seat" not in first
    assert second["undercalls_in_sequence"] == 2
    assert (second["first_undercaller_seat"], second["first_undercaller_chips"],
            second["first_undercaller_shortfall"]) == (6, 2, 3)


def test_the_next_player_and_what_he_faces_after_the_last_action(kb):
    text = """
title: All-in over a short all-in
house: ppl
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 7
players:
  - {seat: 1, stack: 6200}
  - {seat: 4, stack: 1600}
  - {seat: 7, stack: 5000}
pot_at_start: 2000
timeline:
  - flop:
  - {seat: 1, did: bet, total: 1000}
  - {seat: 4, said: all in, chips: [500, 500, 500, 100], first: chips}
  - {seat: 7, did: call, total: 1600}
  - {seat: 1, said: all in, total: 6200, in_question: true}
"""
    (facts,) = point_facts(kb, text)
    # seat 7 faces 4,600 more with 3,400 left: he can only call all-in (3,400) or fold
    assert (facts["next_to_act_seat"], facts["next_to_act_call"], facts["next_to_act_all_in_to_call"]) == (7, 3400, True)


def test_an_out_of_turn_bet_becomes_a_raise_once_the_skipped_player_bets_less(kb):
    text = """
title: Out-of-turn bet of four, then the player in turn bets two
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 8
players: [{seat: 1}, {seat: 3}, {seat: 6}, {seat: 8}]
pot_at_start: 16
timeline:
  - flop:
  - {seat: 1, did: check}
  - {seat: 6, said: four, chips: [1, 1, 1, 1], first: words, in_question: true}
  - {seat: 3, did: bet, chips: [1, 1]}
"""
    (facts,) = point_facts(kb, text)
    assert facts["oot_kind"] == "bet" and facts["oot_kind_now"] == "raise"


def test_the_exposed_cards_owner_is_a_fact(kb):
    text = """
title: Both cards flashed
house: fpc
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
button: 7
players: [{seat: 3, stack: 30000}, {seat: 5, stack: 26000}, {seat: 7, stack: 41000}]
timeline:
  - turn:
  - {seat: 3, did: bet, total: 4000}
  - card_exposed: {seat: 5, by: player, during: play, count: 2, in_question: true}
"""
    (facts,) = point_facts(kb, text)
    assert facts["card_exposed.seat"] == 5


def test_cards_the_player_exposed_count_only_if_the_exposure_came_before_his_action(kb):
    """Class 7 (order): the same exposure before or after the raise."""
    head = """
title: Both cards flashed and a raise
house: fpc
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
button: 7
players: [{seat: 3, stack: 30000}, {seat: 5, stack: 26000}, {seat: 7, stack: 41000}]
timeline:
  - turn:
  - {seat: 3, did: bet, total: 4000}
"""
    exposed = "  - card_exposed: {seat: 5, by: player, during: play, count: 2, deliberate: false}\n"
    raise_ = '  - {seat: 5, said: "raise, eight thousand", in_question: true}\n'
    before, _ = point_facts(kb, head + exposed + raise_)        # the marked raise first, then the exposure
    after, beside = point_facts(kb, head + raise_ + exposed)     # the marked raise first; the exposure
    assert beside["card_exposed.count"] == 2                     # after it is ruled beside it (issue 21)
    assert before["action.own_cards_exposed_before"] == 2 and not before["action.own_exposure_deliberate"]
    assert after["action.own_cards_exposed_before"] == 0


def test_a_raise_declared_with_an_amount_is_measured_both_ways_against_the_minimum(kb):
    text = """
title: Raise, two thousand
house: gala
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 1
players: [{seat: 1}, {seat: 2}, {seat: 3}, {seat: 4, stack: 11000}, {seat: 5, stack: 20500}]
timeline:
  - preflop:
  - {seat: 4, did: raise, chips: [1000, 100, 100, 100, 100]}
  - {seat: 5, said: "raise, two thousand", in_question: true}
"""
    (facts,) = point_facts(kb, text)
    # as the total, 2,000 is short of 2,200 (1,400 + the 800 raise); as the amount on top it is a full raise
    assert facts["declared_total_below_minimum"] is True and facts["declared_total_min_raise_add"] == 2200
    assert facts["declared_increment_meets_minimum"] is True


def test_a_player_back_from_the_bar_in_time_has_his_later_action_as_a_fact(kb):
    text = """
title: Bets, walks to the bar, comes back as the raise reaches him
house: ppl
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 9
players: [{seat: 2, stack: 7500}, {seat: 5, stack: 4100}, {seat: 9, stack: 9000}]
pot_at_start: 2400
timeline:
  - flop:
  - {seat: 2, did: bet, total: 1200}
  - player_away: {seat: 2, at_first_card: false, at_last_card: false, left_mid_hand: true, in_question: true}
  - {seat: 5, did: fold}
  - {seat: 9, said: "raise, three thousand", total: 3000, first: words}
  - {seat: 2, said: call}
"""
    (facts,) = point_facts(kb, text)
    # his bet before he left is not his later action: the call after he came back is
    assert (facts["player_away.later_action"], facts["player_away.later_total"]) == ("call", 3000)


def test_an_action_over_the_games_largest_bet_is_measured_against_it(kb):
    text = """
title: All in in the five-pound game
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.50, 1], session: 2, max_bet: 5}
button: 8
players: [{seat: 9}, {seat: 1}, {seat: 3, stack: 22}, {seat: 6, stack: 37}, {seat: 8, stack: 60}]
timeline:
  - preflop:
  - {seat: 3, did: raise, total: 3}
  - {seat: 6, said: "all in", total: 37, first: words, in_question: true}
"""
    (facts,) = point_facts(kb, text)
    # the cap is the most one bet or raise adds: facing the raise to 3, he may go to 8 (PPL Nights
    # •4 "Players can bet a maximum of £5", read per bet or raise; before, a £5 total: 5 in, 32 back)
    assert facts["action.over_max_bet"] is True
    assert (facts["max_bet"], facts["action.max_bet_to"], facts["action.max_bet_add"],
            facts["action.max_bet_excess"]) == (5, 8, 8, 29)


def test_a_call_said_with_no_chips_and_whether_it_would_have_closed_the_round(kb):
    head = """
title: Call said, nothing put in
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 9
players: [{seat: 2}, {seat: 5}, {seat: 9}]
pot_at_start: 15
timeline:
  - flop:
  - {seat: 2, did: bet, chips: [5]}
"""
    (last,) = point_facts(kb, head + "  - {seat: 5, did: call, total: 5}\n  - {seat: 9, said: call, total: 0, in_question: true}\n")
    assert last["action.chips"] == 0 and last["action.spoken_call_closes_round"] is True
    (middle,) = point_facts(kb, head + "  - {seat: 5, said: call, total: 0, in_question: true}\n  - {seat: 9, did: call, total: 5}\n")
    assert middle["action.spoken_call_closes_round"] is False       # seat 9 was still to act
