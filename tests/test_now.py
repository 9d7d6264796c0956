"""The table when the floor rules (facts/now.py): whose turn it is at an event point, what he
faces, and the seats around the button for the next hand. Class 16 of issue 13: a ruling that
lets the hand go on names the players it leaves to act, with the numbers."""
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import point_view, read_timeline
from ruling_engine.incident.load import parse_incident_text

ABSENT = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 2
players:
  - {seat: 2, stack: 20000}
  - {seat: 3, stack: 20000}
  - {seat: 4, stack: 12400}
  - {seat: 5, stack: 20000}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 4, posts: big-blind}
  - deal:
  - player_away: {seat: 4, at_first_card: true, at_last_card: false, in_question: true}
  - preflop:
  - {seat: 5, said: raise, total: 1500}
  - {seat: 2, did: fold}
  - {seat: 3, did: fold}
  - {seat: 4, said: "all in", total: 12400}
"""


def _point_facts(kb, text, kind):
    incident = parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    point = next(p for p in timeline.points if p.kind == kind)
    return computed_facts(*point_view(timeline, point))


def test_event_before_the_actions_knows_whose_turn_it_is_now(kb):
    facts = _point_facts(kb, ABSENT, "player_away")
    assert facts["next_to_act_seat"] == 5
    assert facts["next_to_act_call"] == 10900          # 12,400 all-in less his 1,500 raise
    assert facts["next_to_act_others_can_bet"] is False   # the only other player left is all-in


def test_others_can_bet_while_another_player_has_chips(kb):
    text = ABSENT.replace('  - {seat: 4, said: "all in", total: 12400}\n', '  - {seat: 4, total: 4000}\n')
    facts = _point_facts(kb, text, "player_away")
    assert facts["next_to_act_seat"] == 5 and facts["next_to_act_call"] == 2500
    assert facts["next_to_act_others_can_bet"] is True


def test_no_next_to_act_when_the_round_is_over(kb):
    # `did: fold` (no words) takes the player out of the order of action too
    text = ABSENT.replace('  - {seat: 4, said: "all in", total: 12400}\n', '  - {seat: 4, did: fold}\n')
    facts = _point_facts(kb, text, "player_away")
    assert "next_to_act_seat" not in facts and "next_to_act_call" not in facts


def test_third_seat_left_of_the_button(kb):
    facts = _point_facts(kb, ABSENT, "player_away")
    assert (facts["left_of_button_seat"], facts["second_left_of_button_seat"],
            facts["third_left_of_button_seat"]) == (3, 4, 5)


def test_the_absent_player_has_since_acted(kb):
    assert _point_facts(kb, ABSENT, "player_away")["player_away.acted"] is True
    text = ABSENT.replace('  - {seat: 4, said: "all in", total: 12400}\n', '')
    assert _point_facts(kb, text, "player_away")["player_away.acted"] is False   # his posted blind does not count


def test_chips_the_absent_player_put_in_himself(kb):
    facts = _point_facts(kb, ABSENT, "player_away")
    assert facts["player_away.chips_since"] == 11800        # 12,400 all in, less the 600 posted for him


def test_a_silent_push_of_the_last_chips_is_an_all_in(kb):
    # issue 13, class 8: no words, no chips listed, only his total for the round - all he had
    text = ABSENT.replace('  - {seat: 4, said: "all in", total: 12400}\n', '  - {seat: 4, total: 12400, in_question: true}\n')
    incident = parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    point = next(p for p in timeline.points if p.kind == "action")
    facts = computed_facts(*point_view(timeline, point))
    assert facts["action.declared"] == "none" and facts["action.all_in"] is True


def test_whose_card_was_exposed(kb):
    text = ABSENT.replace("  - player_away: {seat: 4, at_first_card: true, at_last_card: false, in_question: true}\n",
                          "  - card_exposed: {seat: 2, by: dealer, during: deal, in_question: true}\n"
                          "  - card_exposed: {seat: 5, by: dealer, during: deal, in_question: true}\n")
    facts = _point_facts(kb, text, "card_exposed")
    assert facts["card_exposed.count"] == 2 and facts["card_exposed.seat"] == 5    # the last one named


def test_the_card_of_a_dealing_error_was_also_exposed(kb):
    text = ABSENT.replace("  - player_away: {seat: 4, at_first_card: true, at_last_card: false, in_question: true}\n",
                          "  - deal_error: {kind: card-off-table, seat: 5, in_question: true}\n"
                          "  - card_exposed: {seat: 5, by: dealer, during: deal}\n")
    assert _point_facts(kb, text, "deal_error")["deal_error.card_exposed"] is True
    text = text.replace("card_exposed: {seat: 5", "card_exposed: {seat: 2")
    assert _point_facts(kb, text, "deal_error")["deal_error.card_exposed"] is False


MOVED = """house: gala
game: {format: tournament, variant: NLHE, blinds: [400, 800]}
button: 8
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
  - {seat: 4}
  - {seat: 6}
  - {seat: 8}
  - {seat: 9, stack: 12350}
timeline:
  - blinds_posted: {small_blind: 1, big_blind: 2}
  - player_moved: {seat: 9, in_question: true}
  - deal:
  - preflop:
  - {seat: 3, did: fold}
  - {seat: 4, said: raise, total: 2000}
"""


def test_a_moved_player_dealt_into_the_hand_being_played(kb):
    facts = _point_facts(kb, MOVED, "player_moved")
    assert facts["player_moved.position"] == "between-button-and-small-blind"
    assert facts["player_moved.dealt_into_hand"] is True
    assert (facts["player_moved.next_button_seat"], facts["player_moved.next_small_blind_seat"],
            facts["player_moved.next_big_blind_seat"]) == (1, 2, 3)
    # the blinds as posted (1 and 2), not as the seats would put them with seat 9 counted: seat 6 acts
    assert facts["next_to_act_seat"] == 6 and facts["next_to_act_call"] == 2000


def test_a_moved_player_before_any_action_is_not_in_a_hand_being_played(kb):
    text = MOVED.split("  - preflop:\n")[0]
    assert _point_facts(kb, text, "player_moved")["player_moved.dealt_into_hand"] is False


def test_chips_the_absent_player_put_in_after_he_was_seen_away(kb):
    """Class 16: a hand dead from the moment he left (FPC 16) gives back what he put in after it,
    not what he had in before: player_away.chips_after counts only the later actions."""
    text = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 9
players:
  - {seat: 2, stack: 7500}
  - {seat: 5, stack: 4100}
  - {seat: 9, stack: 9000}
pot_at_start: 2400
timeline:
  - flop:
  - {seat: 2, did: bet, total: 1200}
  - player_away: {seat: 2, at_first_card: false, at_last_card: false, left_mid_hand: true, at_turn: false, in_question: true}
  - {seat: 5, did: fold}
  - {seat: 9, said: raise, total: 3000}
  - {seat: 2, said: call}
"""
    facts = _point_facts(kb, text, "player_away")
    assert facts["player_away.chips_after"] == 1800          # the call; the 1,200 bet came before
    assert facts["player_away.chips_since"] == 3000


def test_a_round_is_never_complete_while_a_live_players_chips_on_it_are_unknown(kb):
    """Casebook M302: 'Raise, six thousand' said, no chips yet. A club whose ruling sets the total
    puts his chips in and sends the action on; a club that leaves the size to the floor must not say
    'nobody is left to act': his chips are not yet known, and the betting goes on once they are in."""
    from conftest import CASES
    from ruling_engine.render.output import now_lines
    from ruling_engine.rulings.rule_on import rule_on
    report = rule_on(CASES / "casebook" / "M302.yaml", kb=kb)
    unsettled = {club: answer.now for club, answer in report.answers.items() if answer.now.get("unsettled")}
    assert unsettled, "every club now settles seat 2's raise: find another incident for this test"
    for club, now in unsettled.items():
        assert now["unsettled"] == [2] and not now["round_complete"] and now["next"] is None, (club, now)
        assert any("Seat 2's chips on this round are not yet known" in line for line in now_lines(now, "")), club
    for club, answer in report.answers.items():
        if club not in unsettled:
            assert answer.now["next"]["seat"] == 3, (club, answer.now)


def test_a_player_short_of_a_full_raise_is_offered_all_in_not_a_raise_he_cannot_make(kb):
    """A blind judge (N202): "raise to at least 23,000" to a player with 13,000 behind. Where all
    he has is less than a minimum raise, the Now offers what he can do: call, or all in (his whole
    stack, short of a full raise), or fold."""
    from ruling_engine.incident.load import parse_incident_text
    from ruling_engine.render.output import now_lines
    from ruling_engine.rulings.rule_on import rule_incident
    text = """
house: edp
game: {format: cash, variant: NLHE, blinds: [50, 100]}
button: 8
players: [{seat: 4, stack: 5000}, {seat: 8, stack: 1000}]
timeline:
  - flop: [7s, 6d, 2h]
  - {seat: 4, said: bet 600, chips: [500, 100], in_question: true}
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    for club, answer in report.answers.items():
        nxt = answer.now["next"]
        assert nxt["seat"] == 8 and nxt["call"] == 600, (club, nxt)
        assert nxt["all_in_to"] == 1000 and "min_raise_to" not in nxt, (club, nxt)
        line = next(l for l in now_lines(answer.now, "") if l.startswith("Seat 8 acts next"))
        assert "raise only all in, to 1,000" in line and "at least" not in line, line
