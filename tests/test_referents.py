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


ONE_CARD = """house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players:
  - {seat: 5, stack: 70, cards: [A♥]}
  - {seat: 8, stack: 55, cards: [Q♥, 10♥]}
pot_at_start: 38
timeline:
  - river: J♣
  - {seat: 5, said: bet 12, total: 12}
  - {seat: 8, did: call}
  - showdown:
  - hand_shown: {seat: 5, face_up: 1, would_win: true, in_question: true}
  - hand_mucked: {seat: 5, by: player, touched_muck: true, retrievable: false, believed_won: true, in_question: true}
"""


def _point(kb, text, kind):
    from ruling_engine.facts.derive import computed_facts
    from ruling_engine.facts.timeline import point_view, read_timeline
    incident = parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    return computed_facts(*point_view(timeline, next(p for p in timeline.points if p.kind == kind)))


def test_the_cards_not_turned_up_went_into_the_muck(kb):
    assert _point(kb, ONE_CARD, "hand_shown")["hand_shown.rest_mucked"] is True
    text = ONE_CARD.replace("retrievable: false", "retrievable: true")
    assert _point(kb, text, "hand_shown")["hand_shown.rest_mucked"] is False


def test_the_part_turned_up_before_the_muck_makes_the_winning_hand(kb):
    assert _point(kb, ONE_CARD, "hand_mucked")["hand_mucked.shown_part_wins"] is True
    text = ONE_CARD.replace("would_win: true, ", "")
    assert _point(kb, text, "hand_mucked")["hand_mucked.shown_part_wins"] is False


def test_whether_the_hand_asked_for_was_shown_and_to_whom(kb):
    text = """house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
players:
  - {seat: 4, stack: 180}
  - {seat: 7, stack: 95}
pot_at_start: 62
timeline:
  - river:
  - {seat: 4, said: bet 40, total: 40}
  - {seat: 7, did: fold}
  - card_exposed: {seat: 4, by: player, during: play, count: 2, seen_by: spectator, in_question: true}
  - asks_to_see: {seat: 7, target: 4, asker_kept_cards: false, in_question: true}
"""
    facts = _point(kb, text, "asks_to_see")
    assert facts["asks_to_see.target_showed_cards"] is True and facts["asks_to_see.target_shown_to"] == "spectator"
    facts = _point(kb, text.replace("target: 4", "target: 7"), "asks_to_see")
    assert facts["asks_to_see.target_showed_cards"] is False and "asks_to_see.target_shown_to" not in facts
