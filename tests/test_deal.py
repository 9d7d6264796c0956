"""Dealing-room incidents: the facts worked out from them (deal_facts.py) and the clubs' rulings
that turn on them (misdeal thresholds, absent players, disputes, the 3 ¶5 / 8 ¶3 fold)."""
import pytest

from ruling_engine.facts.derive import incident_facts as computed_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import run_cli

BASE = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 2
players:
  - {seat: 2, stack: 100}
  - {seat: 4, stack: 100}
  - {seat: 7, stack: 100}
timeline:
  - deal:
"""


def _incident(kb, text):
    return parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)


def _point_facts(kb, text):
    """The computed facts of each point, the marked ones first."""
    from ruling_engine.facts.derive import computed_facts as facts_of
    from ruling_engine.facts.timeline import point_view, read_timeline
    timeline = read_timeline(_incident(kb, text).data, kb.vocabulary.together_kinds)
    return [facts_of(*point_view(timeline, point)) for point in timeline.points]


def _ruling(kb, text, club, issue):
    report = rule_incident(_incident(kb, text), kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def test_exposed_and_boxed_cards_of_the_deal_are_counted_together(kb):
    text = BASE + (""
                   "  - card_exposed: {seat: 4, by: dealer, during: deal, count: 1}\n"
                   "  - card_boxed: {count: 1}\n"
                   "  - card_boxed: {count: 1, during: board}\n")
    facts = computed_facts(_incident(kb, text))
    assert facts["card_boxed.count"] == 2
    assert facts["card_boxed.deal_exposed_or_boxed"] == 2      # the board's boxed card is not part of the deal


def test_one_boxed_card_alone_is_not_edp_misdeal_but_two_are(kb):
    one = _ruling(kb, BASE + "  - card_boxed: {count: 1}\n", "edp", "boxed-card")
    two = _ruling(kb, BASE + "  - card_boxed: {count: 2}\n", "edp", "boxed-card")
    # 7 ¶6 (one card exposed: the deal continues, the card is the first burn) answers the single
    # boxed card, read as one card exposed in the deal (Q701); it is no misdeal
    assert (one.basis, one.outcome) == ("reading", "deal-continues-card-burned")
    assert [c.clause for c in one.citations] == ["edp.7-6"]
    assert two.outcome == "misdeal" and {"edp.7-1-b1", "edp.7-5"} <= {c.clause for c in two.citations}
    # before any substantial action: 7 ¶3-4, which define it, are cited beside (e21/now)
    assert {c.clause for c in two.citations} - {"edp.7-1-b1", "edp.7-5"} <= {"edp.7-3", "edp.7-4"}


def test_edp_exposed_plus_boxed_card_sets_aside_one_card_burn_rule(kb):
    text = BASE + ("  - card_exposed: {seat: 4, by: dealer, during: deal, count: 1}\n"
                   "  - card_boxed: {count: 1}\n")
    ruling = _ruling(kb, text, "edp", "exposed-card-deal")
    assert ruling.outcome == "misdeal"
    assert "edp.7-6.one-exposed-card-becomes-burn" in ruling.set_aside


def test_exposer_all_in_comes_from_the_action_log(kb):
    text = BASE.replace("  - deal:\n", "").replace("{seat: 4, stack: 100}", "{seat: 4, stack: 30}") + (
        "  - {seat: 2, said: call}\n  - {seat: 4, said: all-in}\n"
        "  - {seat: 7, said: call}\n  - {seat: 2, said: call}\n  - flop:\n"
        "  - card_exposed: {seat: SEAT, by: player, during: play, count: 2, deliberate: true}\n")
    assert computed_facts(_incident(kb, text.replace("SEAT", "4")))["card_exposed.owner_all_in"] is True
    assert computed_facts(_incident(kb, text.replace("SEAT", "7")))["card_exposed.owner_all_in"] is False


def test_only_the_procedure_fields_stated_become_facts(kb):
    facts = computed_facts(_incident(kb, BASE + "  - dealing_procedure: {cut_cards: 3}\n"))
    assert facts["dealing_procedure.cut_cards"] == 3 and facts["dealing_procedure.found"] == "after-deal"
    assert "dealing_procedure.shuffle_riffles" not in facts and "dealing_procedure.cut_card" not in facts


@pytest.mark.parametrize("found, outcome", [("before-deal", "put-right"), ("after-deal", "breach-floor-decides")])
def test_fpc_44_shallow_cut_is_recut_before_the_deal_and_for_the_td_after(kb, found, outcome):
    text = BASE.replace("house: edp", "house: fpc") + f"  - dealing_procedure: {{found: {found}, cut_cards: 4}}\n"
    assert _ruling(kb, text, "fpc", "deal-procedure").outcome == outcome
    assert _ruling(kb, text.replace("cut_cards: 4", "cut_cards: 5"), "fpc", "deal-procedure").basis == "not covered"


def test_one_exposed_hole_card_continues_in_edp_but_is_misdeal_in_fpc(kb):
    text = BASE + "  - card_exposed: {seat: 7, by: dealer, during: deal, deal_position: 2, count: 1}\n"
    assert _ruling(kb, text, "edp", "exposed-card-deal").outcome == "deal-continues-card-burned"
    assert _ruling(kb, text, "fpc", "exposed-card-deal").outcome == "misdeal"


def test_seated_after_first_card_dead_in_edp_live_in_fpc_if_in_the_room(kb):
    text = BASE + "  - player_away: {seat: 7, at_first_card: true, in_room: ROOM, at_last_card: false}\n"
    assert _ruling(kb, text.replace("ROOM", "true"), "edp", "absent-player").outcome == "hand-dead"
    assert _ruling(kb, text.replace("ROOM", "true"), "fpc", "absent-player").outcome == "hand-live"
    assert _ruling(kb, text.replace("ROOM", "false"), "fpc", "absent-player").outcome == "hand-dead"


@pytest.mark.parametrize("levels, outcome", [(1, "blinds-taken"), (2, "chips-removed")])
def test_fpc_47_chips_removed_after_two_full_blind_levels(kb, levels, outcome):
    text = BASE.replace("format: cash", "format: tournament") + (
        f"  - player_away: {{seat: 7, levels_missed: {levels}}}\n")
    ruling = _ruling(kb, text, "fpc", "absent-chips")
    assert ruling.outcome == outcome
    assert _ruling(kb, text, "gala", "absent-chips").outcome == "blinds-taken"


def test_absent_chips_issue_is_raised_only_in_tournaments(kb):
    text = BASE + "  - player_away: {seat: 7}\n"
    report = rule_incident(_incident(kb, text), kb, with_precedents=False)
    assert "absent-chips" not in {issue for issue, _ in report.issues}


FOLD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 3
players:
  - {seat: 1, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 5, stack: 100}
timeline:
  - {seat: 5, said: call}
  - {seat: 1, said: call}
  - {seat: 3, said: check}
  - flop:
  - {seat: 1, said: bet 5}
  - {seat: 3, said: LAST}
STREET
  - hand_mucked: {seat: 3, by: player, retrievable: true}
"""


def test_edp_fold_in_turn_facing_a_bet_is_binding_not_restored_by_3_5(kb):
    ruling = _ruling(kb, FOLD.replace("STREET\n", "").replace("LAST", "fold"), "edp", "mucked-hand")
    assert ruling.outcome == "hand-dead"
    assert "edp.3-5.discard-not-automatically-dead" in ruling.set_aside


def test_edp_face_down_discard_at_showdown_is_still_not_automatically_dead(kb):
    ruling = _ruling(kb, FOLD.replace("STREET", "  - showdown:").replace("LAST", "call"), "edp", "mucked-hand")
    assert ruling.outcome == "hand-restored"


@pytest.mark.parametrize("fields, outcome", [("{after_next_shuffle: true}", "too-late"),
                                             ("{ruling_challenged: true}", "decision-stands"),
                                             ("{dealer_ruled: true}", "floor-decides")])
def test_edp_dispute_deadline_and_final_decision(kb, fields, outcome):
    assert _ruling(kb, BASE + f"  - dispute: {fields}\n", "edp", "dispute").outcome == outcome


def test_bad_dealing_procedure_value_is_a_clear_error(tmp_path):
    path = tmp_path / "incident.yaml"
    path.write_text(BASE + "  - dealing_procedure: {cut_card: jokker}\n", encoding="utf-8")
    result = run_cli("rule-on", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{path}:11:" in result.stderr and "did you mean 'joker'" in result.stderr


@pytest.mark.parametrize("seat, due", [(4, 1), (7, 2), (2, 0)])
def test_absent_players_blind_is_worked_out_from_the_button(kb, seat, due):
    facts = computed_facts(_incident(kb, BASE + f"  - player_away: {{seat: {seat}}}\n"))
    assert facts["player_away.blind_due"] == due          # button 2: seat 4 small blind, seat 7 big blind


@pytest.mark.parametrize("seat, card, position", [(4, 1, 1), (7, 1, 2), (2, 1, 3), (4, 2, 4), (2, 2, 6)])
def test_which_card_of_the_deal_is_worked_out_from_seat_button_and_round(kb, seat, card, position):
    text = BASE + f"  - card_exposed: {{seat: {seat}, by: dealer, during: deal, players_card: {card}}}\n"
    assert computed_facts(_incident(kb, text))["card_exposed.deal_position"] == position


def test_ppl_button_card_heads_up_is_the_second_card_of_the_deal_so_a_misdeal(kb):
    text = BASE.replace("  - {seat: 7, stack: 100}\n", "") + (
        "  - card_exposed: {seat: 2, by: dealer, during: deal, players_card: 1}\n")
    assert computed_facts(_incident(kb, text))["card_exposed.deal_position"] == 2
    assert _ruling(kb, text, "ppl", "exposed-card-deal").outcome == "misdeal"


def test_four_card_flop_extra_card_known_is_fpc_burn_otherwise_the_td_decides(kb):
    """flop_dealt.extra_card: the dealer can tell which card is the extra one (FPC 28 s2 makes it the
    burn, over 28 s3-4's TD decision); without it the TD decides."""
    base = BASE.replace("  - deal:\n", "  - flop:\n")
    known = base + "  - flop_dealt: {cards: 4, extra_card: 2♥}\n"
    unknown = base + "  - flop_dealt: {cards: 4}\n"
    facts = computed_facts(_incident(kb, known))
    assert facts["flop_dealt.extra_card_known"] is True and facts["flop_dealt.extra_card"] == "2h"
    assert computed_facts(_incident(kb, unknown))["flop_dealt.extra_card_known"] is False
    burned = _ruling(kb, known, "fpc", "four-card-flop")
    assert burned.outcome == "extra-card-burned"
    assert {"effect": "card-becomes-burn", "which": "2h"} in burned.effects
    assert _ruling(kb, unknown, "fpc", "four-card-flop").outcome == "floor-decides"
    assert _ruling(kb, known, "ppl", "four-card-flop").outcome == "flop-redealt"   # PPL •25: re-dealt even if known


def test_ppl_player_dealer_who_sends_a_card_off_the_table_may_be_penalised(kb):
    """PPL League •46: 'A penalty may be called upon ... if a card(s) goes off the table'; players
    deal in turn, so the player-dealer is named. With a house dealer nobody is penalised."""
    house = BASE.replace("house: edp", "house: ppl") + "  - deal_error: {kind: card-off-table, seat: 4}\n"
    player_dealt = house.replace("button: 2\n", "button: 2\ndealer: 2\n")
    ruling = _ruling(kb, player_dealt, "ppl", "conduct-penalty")
    assert ruling.outcome == "options-at-discretion"
    assert {"effect": "penalty-possible", "seat": 2} in ruling.effects
    report = rule_incident(_incident(kb, house), kb, with_precedents=False)
    assert "conduct-penalty" not in {r.issue for r in report.answers["ppl"].rulings}


def test_two_exposures_recorded_one_by_one_are_two_exposed_cards_of_the_deal(kb):
    """TDA 35-A(7) (issue 13): two hole cards exposed in one deal, each its own entry, are two exposed
    cards (edp 7 ¶1 •1: a misdeal), not one each; an exposure ruled before the second happened is one."""
    second = ("  - card_exposed: {seat: 4, by: dealer, during: deal, count: 1}\n"
              "  - card_exposed: {seat: 7, by: dealer, during: deal, count: 1, in_question: true}\n")
    first = ("  - card_exposed: {seat: 4, by: dealer, during: deal, count: 1, in_question: true}\n"
             "  - card_exposed: {seat: 7, by: dealer, during: deal, count: 1}\n")
    assert computed_facts(_incident(kb, BASE + second))["card_exposed.deal_count"] == 2
    assert _ruling(kb, BASE + second, "edp", "exposed-card-deal").outcome == "misdeal"
    marked, beside = _point_facts(kb, BASE + first)          # the second exposure is ruled beside the mark
    assert marked["card_exposed.deal_count"] == 1 and beside["card_exposed.deal_count"] == 2


DEALT_OUT = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 8
players: [{seat: 1}, {seat: 2}, {seat: 3}, {seat: 4}, {seat: 5}, {seat: 6}, {seat: 7}, {seat: 8}]
timeline:
  - deal:
  - preflop:
  - {seat: 3, did: fold}
  - {seat: 4, did: fold}
  - {seat: 6, did: fold}
  - deal_error: {kind: seat-dealt-out, seat: 5, in_question: true}
"""


def test_a_seat_dealt_out_holds_no_hand_and_the_action_passes_him_by(kb):
    """casebook G108: the dealer skipped seat 5 on the deal, noticed after three folds. Seat 5 has
    no hand from the deal on: seat 6's fold was in turn, and seat 7 (not seat 5) acts next."""
    report = rule_incident(_incident(kb, DEALT_OUT), kb, with_precedents=False)
    assert [issue for issue, _title in report.issues if issue == "out-of-turn"] == []
    for club, answer in report.answers.items():
        assert answer.now["next"]["seat"] == 7 and answer.now["next"]["call"] == 1, club
        assert 5 not in answer.now["live"] and 6 not in answer.now.get("dead", []), club
        pots = [e for e in answer.settlement if e["effect"] == "pot"]
        assert pots and all(5 not in pot["seats"] for pot in pots), club


def test_a_dealt_out_big_blind_has_posted_but_is_not_waited_for(kb):
    """The blinds are posted before the deal: a big blind dealt no cards leaves his blind in the pot,
    and once the others have called it the round is over (nobody waits on his option)."""
    text = BASE.replace("  - deal:\n", "") + ("  - {seat: 2, said: call}\n  - {seat: 4, said: call}\n"
                                               "  - deal_error: {kind: seat-dealt-out, seat: 7}\n")
    report = rule_incident(_incident(kb, text), kb, with_precedents=False)
    edp = report.answers["edp"]
    assert edp.now["next"] is None
    assert [(e["amount"], e["seats"]) for e in edp.settlement if e["effect"] == "pot"] == [(6, [2, 4])]


def test_an_action_by_a_seat_dealt_out_is_an_error_with_its_line(kb):
    from ruling_engine.errors import FloorcallError
    text = DEALT_OUT + "  - {seat: 5, did: fold}\n"
    with pytest.raises(FloorcallError) as error:
        _incident(kb, text)
    message = str(error.value)
    assert "incident.yaml:13" in message and "dealt no cards (deal_error, line 12)" in message
    assert "wrong-number-of-cards" in message
