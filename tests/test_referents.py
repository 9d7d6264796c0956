"""Persons a clause names by what they did (facts/referents.py; issue 13, class 6): the final
aggressive action of the hand and the last player to call when the final round was checked."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text

CHECKED_RIVER = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 9
players:
  - {seat: 1, stack: 20000}
  - {seat: 2, stack: 20000}
  - {seat: 5, stack: 20000}
  - {seat: 8, stack: 20000}
  - {seat: 9, stack: 20000}
timeline:
  - preflop:
  - {seat: 5, did: raise, total: 1200}
  - {seat: 8, did: call, total: 1200}
  - {seat: 9, did: fold}
  - {seat: 1, did: fold}
  - {seat: 2, did: call, total: 1200}
  - turn:
  - {seat: 2, did: check}
  - {seat: 5, did: check}
  - {seat: 8, did: bet, total: 2500}
  - {seat: 2, did: call, total: 2500}
  - {seat: 5, did: call, total: 2500}
  - river:
  - {seat: 2, did: check}
  - {seat: 5, did: check}
  - {seat: 8, did: check}
  - showdown:
  - no_one_shows: {}
  - hand_shown: {seat: 8, face_up: 2, refused_rest: true}
"""


def _facts(kb, text):
    return incident_facts(parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs), kb.vocabulary)


def test_last_bet_and_last_call_of_the_hand_on_an_earlier_street(kb):
    facts = _facts(kb, CHECKED_RIVER)
    assert facts["final_round_bet"] is False and "left_of_last_caller_seat" not in facts
    assert facts["hand_last_aggressor_seat"] == 8          # the turn bet
    assert facts["hand_last_caller_seat"] == 5             # the last call, on the turn
    assert facts["left_of_hand_last_caller_seat"] == 8     # next live seat after 5 (2, 5, 8 live)


def test_whether_the_player_at_showdown_is_the_one_an_order_of_show_names_first(kb):
    facts = _facts(kb, CHECKED_RIVER)
    assert facts["first_to_act_seat"] == 2 and facts["hand_shown.is_first_to_act"] is False
    assert "hand_shown.is_final_round_aggressor" not in facts    # no bet on the final round


def test_a_folded_aggressor_is_not_the_last_aggressor_of_those_still_in(kb):
    text = CHECKED_RIVER.replace("  - {seat: 5, did: call, total: 2500}\n",
                                 "  - {seat: 5, did: raise, total: 6000}\n  - {seat: 8, did: fold}\n"
                                 "  - {seat: 2, did: call, total: 6000}\n").replace(
        "  - {seat: 8, did: check}\n", "").replace("  - hand_shown: {seat: 8, face_up: 2, refused_rest: true}\n", "")
    facts = _facts(kb, text)
    assert facts["hand_last_aggressor_seat"] == 5 and facts["hand_last_caller_seat"] == 2
