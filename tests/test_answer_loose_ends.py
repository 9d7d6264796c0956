"""The answer's loose ends (issue 20): a do-line naming the next player only when somebody is to act."""
from ruling_engine.facts.derive import incident_facts as computed_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEADS_UP_TURN = """house: {club}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 4
players:
  - {{seat: 2, stack: 100}}
  - {{seat: 4, stack: 100}}
timeline:
  - turn:
{actions}
"""
FOLD_OUT_OF_TURN = "  - {seat: 4, did: fold}\n  - {seat: 2, did: check}"


def _incident(kb, text):
    return parse_incident_text(text, "test.yaml", kb.vocabulary, kb.clubs)


def test_a_fold_out_of_turn_leaves_nobody_to_act_once_the_skipped_player_has_acted(kb):
    facts = computed_facts(_incident(kb, HEADS_UP_TURN.format(club="edp", actions=FOLD_OUT_OF_TURN)))
    assert facts["oot_seat"] == 4 and facts["oot_kind"] == "fold"
    assert "next_to_act_seat" not in facts            # the folder is not due to act again


def test_a_bet_out_of_turn_still_leaves_the_action_on_the_out_of_turn_player(kb):
    facts = computed_facts(_incident(kb, HEADS_UP_TURN.format(
        club="edp", actions="  - {seat: 4, did: bet, total: 10}\n  - {seat: 2, did: check}")))
    assert facts["next_to_act_seat"] == 4


def test_no_club_names_a_next_player_when_nobody_is_to_act(kb):
    for club in ("edp", "gala", "fpc", "ppl"):
        report = rule_incident(_incident(kb, HEADS_UP_TURN.format(club=club, actions=FOLD_OUT_OF_TURN)), kb,
                               with_precedents=False)
        for answer in report.answers.values():
            for ruling in answer.rulings:
                lines = list(ruling.do) + [line for alt in (ruling.alternatives or []) for line in alt["do"]]
                assert not any("now on seat" in line or "not in the incident: whose turn" in line
                               for line in lines), (club, ruling.issue, lines)
                assert not any(e.get("effect") == "acts-next" for e in ruling.effects), (club, ruling.issue)


def test_a_do_line_naming_an_absent_nobody_fact_is_dropped(kb):
    from ruling_engine.rulings.resolve import Filler
    filler = Filler(kb.vocabulary, {}, "£")
    assert kb.vocabulary.facts["next_to_act_seat"].absent_nobody
    assert filler.names_nobody("the action is now on seat {next_to_act_seat}.")
    assert filler.names_nobody({"effect": "acts-next", "seat": "{next_to_act_seat}"})
    assert not Filler(kb.vocabulary, {"next_to_act_seat": 3}, "£").names_nobody("seat {next_to_act_seat}")


DROP = """house: {club}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5}}
button: 3
players:
  - {{seat: 3, stack: 80}}
  - {{seat: 5, stack: 80}}
pot_at_start: {pot}
timeline:
  - river: 2c
  - pot_deduction: {{pot: {pot}, taken: {taken}, reached_flop: true, purpose: prize-fund, in_question: true}}
"""


def _deduction(kb, club, pot, taken):
    report = rule_incident(_incident(kb, DROP.format(club=club, pot=pot, taken=taken)), kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "pot-deduction")


def test_a_rounded_percentage_drop_says_what_it_may_keep_and_what_goes_back_as_numbers(kb):
    ruling = _deduction(kb, "edp", 68.5, 5)          # 5% of £68.50 = £3.425, to the 50p chip £3.50
    line = next(d for d in ruling.do if "goes back" in d)
    assert "£3.425" in line and "£3.50" in line and "£1.50 goes back" in line, line
    assert not any("anything beyond" in d for d in ruling.do)
    assert ruling.outcome == "percentage-drop"


def test_a_drop_within_the_rounded_share_keeps_all_it_took(kb):
    line = next(d for d in _deduction(kb, "edp", 68.5, 3.5).do if "goes back" in d)
    assert "may keep £3.50 of the £3.50 taken; nothing goes back" in line, line


def test_a_capped_drop_says_the_cap_holds_it(kb):
    line = next(d for d in _deduction(kb, "edp", 200, 10).do if "goes back" in d)
    assert "held to the £5 cap" in line and "£5 goes back" in line, line


def test_the_rounding_unit_and_the_allowed_amount():
    from ruling_engine.numbers import allowed_deduction
    assert allowed_deduction(68.5, 5, None, 0.5) == (3.425, 3.5)
    assert allowed_deduction(61, 5, None, 0.5) == (3.05, 3)
    assert allowed_deduction(200, 5, 5, 0.5) == (10, 5)
    assert allowed_deduction(None, 5) == (None, None)


SHORT_DEALT = """house: gala
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 9
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 2, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 4, stack: 100}}
  - {{seat: 5, stack: 100}}
  - {{seat: 9, stack: 100}}
timeline:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
{actions}
  - deal_error: {{kind: wrong-number-of-cards, seat: 5, cards: too-few, acted: false, in_question: true}}
"""


def _deal_error(kb, actions):
    report = rule_incident(_incident(kb, SHORT_DEALT.format(actions=actions)), kb, with_precedents=False)
    return next(r for r in report.answers["gala"].rulings if r.issue == "deal-error")


def test_a_misdeal_allowed_because_the_limit_was_not_reached_cites_the_limit(kb):
    ruling = _deal_error(kb, "  - {seat: 3, did: raise, total: 5}\n  - {seat: 4, did: fold}")
    assert ruling.outcome == "misdeal"
    assert "gala.misdeal-p2" in [c.clause for c in ruling.citations]


def test_a_definition_an_exception_tests_alone_is_not_cited(kb):
    """EDP 8 ¶32's 'multiple meanings' is the only condition of its exception: a raise of no stated
    amount (no bet of ambiguous size) does not turn on it, so the fold's ruling does not cite it."""
    from pathlib import Path
    from ruling_engine.rulings.rule_on import rule_on
    report = rule_on(Path(__file__).parent.parent / "cases" / "declare-raise-unclear-next-folds.yaml", kb=kb)
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "declared-action")
    assert "edp.8-32" not in [c.clause for c in ruling.citations]
