"""The order of action, blinds, the button, counts and the clock: worked out from what the floor saw."""
import pytest

from ruling_engine.facts.derive import incident_facts as computed_facts
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

FLOP = """house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 5, stack: 200, warnings: {warnings}}}
  - {{seat: 7, stack: 200}}
timeline:
  - flop:
{actions}
"""


def _incident(kb, text):
    return parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)


def _facts(kb, actions, warnings=0):
    return computed_facts(_incident(kb, FLOP.format(actions=actions, warnings=warnings)))


def _ruling(kb, text, club, issue):
    report = rule_incident(_incident(kb, text), kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def test_bet_before_the_first_player_left_of_the_button_is_out_of_turn(kb):
    facts = _facts(kb, "  - {seat: 5, said: bet 20, chips: [20]}")
    assert facts["oot_seat"] == 5 and facts["oot_rightful_seat"] == 3 and facts["oot_skipped_count"] == 1
    assert facts["oot_kind"] == "bet" and facts["oot_aggressive"] and facts["oot_amount"] == 20
    assert facts["action.in_turn"] is False
    assert "oot_action_changed" not in facts            # seat 3 has not acted yet
    assert facts["next_to_act_seat"] == 3


def test_actions_in_order_raise_no_out_of_turn_issue(kb):
    facts = _facts(kb, "  - {seat: 3, said: check}\n  - {seat: 5, said: bet 20, chips: [20]}\n"
                       "  - {seat: 7, said: fold}\n  - {seat: 1, said: call, chips: [20]}")
    assert "oot_seat" not in facts and facts["action.in_turn"] is True
    assert facts["next_to_act_seat"] == 3


def test_skipped_player_checking_leaves_the_action_unchanged(kb):
    facts = _facts(kb, "  - {seat: 5, said: bet 20, chips: [20]}\n  - {seat: 3, said: check}")
    assert facts["oot_action_changed"] is False and facts["oot_topped"] is False
    assert facts["next_to_act_seat"] == 5


def test_skipped_player_betting_more_changes_and_tops_the_out_of_turn_bet(kb):
    facts = _facts(kb, "  - {seat: 5, said: bet 20, chips: [20]}\n  - {seat: 3, said: bet 50, chips: [50]}")
    assert facts["oot_action_changed"] is True and facts["oot_topped"] is True
    assert facts["oot_bet_now"] == 50 and facts["oot_call_now"] == 50


def test_later_out_of_turn_actions_past_the_skipped_player_are_counted(kb):
    facts = _facts(kb, "  - {seat: 5, said: bet 20, chips: [20]}\n  - {seat: 7, said: call, chips: [20]}\n"
                       "  - {seat: 1, said: fold}")
    assert facts["oot_later_actions"] == 2 and facts["oot_later_actions_with_chips"] == 1
    assert facts["oot_skipped_all_acted"] is False


def test_heads_up_preflop_the_button_acts_first(kb):
    text = """house: fpc
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 4
players:
  - {seat: 4, stack: 100}
  - {seat: 8, stack: 100}
timeline:
  - {seat: 8, said: check}
"""
    facts = computed_facts(_incident(kb, text))
    assert facts["oot_seat"] == 8 and facts["oot_rightful_seat"] == 4 and facts["oot_heads_up"]
    ruling = _ruling(kb, text, "fpc", "turn-to-act")
    assert ruling.outcome == "rightful-player-acts" and {c.clause for c in ruling.citations} == {"fpc.11"}


def test_edp_8_8_oot_bet_returned_when_the_action_changes(kb):
    text = FLOP.format(warnings=0, actions="  - {seat: 5, said: bet 20, chips: [20]}\n"
                                           "  - {seat: 3, said: bet 30, chips: [30]}")
    ruling = _ruling(kb, text, "edp", "out-of-turn")
    assert ruling.outcome == "void-call-or-fold"
    assert {"effect": "return-chips", "seat": 5, "amount": 20} in ruling.effects
    assert {"effect": "may-call-or-fold", "seat": 5, "call": 30} in ruling.effects


def test_edp_8_9_a_warned_player_loses_aggressive_options(kb):
    text = FLOP.format(warnings=1, actions="  - {seat: 5, said: bet 20, chips: [20]}")
    assert _ruling(kb, text, "edp", "out-of-turn-penalty").outcome == "aggressive-options-lost"
    first = FLOP.format(warnings=0, actions="  - {seat: 5, said: bet 20, chips: [20]}")
    assert _ruling(kb, first, "edp", "out-of-turn-penalty").outcome == "warning"


def test_emptied_small_blind_seat_and_the_seats_of_the_next_blinds(kb):
    text = """house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 2
players:
  - {seat: 2}
  - {seat: 4}
  - {seat: 6}
  - {seat: 9}
timeline:
  - showdown:
  - seat_emptied: {seat: 4, reason: left}
"""
    facts = computed_facts(_incident(kb, text))
    assert facts["seat_emptied.role"] == "small-blind" and facts["seat_emptied.players_after"] == 3
    assert (facts["seat_emptied.last_sb_seat"], facts["seat_emptied.last_bb_seat"], facts["seat_emptied.next_after_bb_seat"]) == (4, 6, 9)
    ruling = _ruling(kb, text, "edp", "button-move")
    assert ruling.outcome == "dead-button" and {"effect": "button-to", "seat": 4} in ruling.effects


def test_three_handed_the_button_is_under_the_gun_for_a_straddle(kb):
    text = """house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 5
players:
  - {seat: 1}
  - {seat: 3}
  - {seat: 5}
timeline:
  - straddle: {seat: 5, amount: 4}
"""
    facts = computed_facts(_incident(kb, text))
    assert facts["straddle.under_the_gun"] and facts["straddle.on_button"] and facts["straddle.multiple"] == 2
    ruling = _ruling(kb, text, "edp", "straddle")
    assert ruling.outcome == "straddle-stands"
    assert {c.clause for c in ruling.citations} == {"edp.3-19", "edp.3-21"}


@pytest.mark.parametrize("before, after, outcome", [(5, 0, "time-allowed"), (15, 10, "decide-now")])
def test_fpc_43_ten_seconds_when_not_facing_a_bet(kb, before, after, outcome):
    text = f"""house: fpc
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1}}
  - {{seat: 3}}
timeline:
  - flop:
  - clock_called: {{seat: 3, seconds_before: {before}, seconds_after: {after}}}
"""
    assert computed_facts(_incident(kb, text))["clock_called.facing_bet"] is False
    assert _ruling(kb, text, "fpc", "clock").outcome == outcome


def test_an_event_naming_a_seat_not_at_the_table_is_an_error_with_its_line(kb):
    text = """house: edp
game: {format: cash}
button: 3
players:
  - {seat: 3}
  - {seat: 7}
timeline:
  - deal:
  - blinds_posted: {small_blind: 7, big_blind: 4}
"""
    with pytest.raises(FloorcallError) as err:
        _incident(kb, text)
    assert err.value.line == 9 and "big_blind: 4" in str(err.value)


STOOD_THEN_RAISED = """title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [200, 400]}}
button: 7
players:
  - {{seat: 2, stack: 9000}}
  - {{seat: 4, stack: 8000}}
  - {{seat: 7, stack: 10600}}
timeline:
  - flop:
  - {{seat: 7, total: 800}}
  - {{seat: 2, did: check}}
  - {{seat: 4, did: check}}
  - {{seat: 2, said: raise, total: 2500}}
  - {{seat: 4, did: fold}}
  - {{seat: 7, {last}, in_question: true}}
"""


def _stood_then_raised_facts(kb, house, last="said: all in"):
    """Seat 7 bets out of turn on the flop, his bet stands, seat 2 raises to 2,500 behind it and
    seat 7 then acts (`last`): the facts of that last action."""
    from ruling_engine.facts.derive import incident_facts
    from ruling_engine.incident.load import parse_incident_text
    text = STOOD_THEN_RAISED.format(house=house, last=last)
    return incident_facts(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb.vocabulary)


def test_a_raise_after_an_out_of_turn_bet_stood_does_not_top_it(kb):
    """Gala t) "where a preceding player bets more than the out of turn bet": the skipped players'
    actions before the bettor's turn came back, not a raise made after his bet had stood."""
    facts = _stood_then_raised_facts(kb, "gala")
    assert facts["oot_topped"] is False and facts["oot_stood"] is True
    assert facts["oot_raised_since"] is True
    assert facts["oot_bet_after_stood"] == 2500 and facts["oot_call_after_stood"] == 1700
    assert facts["oot_later_action_in_question"] is True


def test_the_clock_is_read_where_it_was_called_not_after_the_players_answer(kb):
    """Facing an all-in when the clock was called: his later call does not make him 'not facing a
    bet' (the facts read the hand at the clock_called entry)."""
    from ruling_engine.facts.derive import incident_facts
    from ruling_engine.incident.load import parse_incident_text
    text = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [1500, 3000]}
button: 1
players:
  - {seat: 1, stack: 14000}
  - {seat: 2, stack: 30000}
timeline:
  - flop:
  - {seat: 2, did: check}
  - {seat: 1, said: all in, total: 14000}
  - clock_called: {seat: 2, seconds_before: 120, seconds_after: 70, in_question: true}
  - {seat: 2, said: call}
"""
    facts = incident_facts(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb.vocabulary)
    assert facts["clock_called.facing_all_in"] is True and facts["clock_called.to_call"] == 14000
    assert facts["clock_called.acted_after"] is True and facts["clock_called.chips_after"] == 14000


def test_each_later_action_out_of_turn_past_the_skipped_player_is_named(kb):
    """Issue 13 class 16 (TDA 53-B): seat 5 is skipped by seat 7's bet, and seat 1 then folds out of
    turn too before seat 5 speaks: both out-of-turn players are named, with what each did, so a
    ruling that holds the out-of-turn action binding tells each of them."""
    facts = _facts(kb, "  - {seat: 3, did: check}\n  - {seat: 7, did: bet, total: 10, in_question: true}\n"
                       "  - {seat: 1, did: fold}")
    assert (facts["oot_seat"], facts["oot_rightful_seat"], facts["oot_later_actions"]) == (7, 5, 1)
    assert facts["oot_later_players"] == [{"seat": 1, "action": "fold", "amount": 0}]


def test_a_silent_fold_out_of_turn_has_its_fold_manner(kb):
    """TDA 53-A Ex 1 (issue 13): a fold done in silence (did: fold) is a fold as much as one said, so
    how it was done is read (here stated pushed low: left out, it is not stated, tests/test_observations.py)
    and the fold-manner question is raised."""
    facts = _facts(kb, "  - {seat: 3, did: check}\n  - {seat: 7, did: fold, in_question: true, fold_manner: pushed-low}")
    assert facts["fold_manner"] == "pushed-low" and facts["fold_comment"] is False
    assert facts["action.in_turn"] is False


def test_an_all_in_held_to_a_call_after_an_out_of_turn_bet_stood_leaves_the_rest_his(kb):
    """Issue 13 class 5: a warned re-offender's "all in" held to a call (edp 8 ¶9) puts in only the
    call: the chips his all-in would have added beyond it (oot_later_excess) stay his."""
    facts = _stood_then_raised_facts(kb, "edp")
    assert facts["oot_bet_after_stood"] == 2500
    assert facts["oot_later_excess"] == 10600 - 2500
    facts = _stood_then_raised_facts(kb, "edp", last="did: call")
    assert facts["oot_later_excess"] == 0
