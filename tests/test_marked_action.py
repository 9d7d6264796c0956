"""A marked action is a question put to the floor about that action (issue 21: "a point the floor
marked silently dropped", e22/marked):

- a marked action at which no club's rules raise an issue is ruled "not covered" by every club on
  its discretion clause, never "No irregularity recognised";
- a bare amount said facing a bet with no chips out ("five" over £3) is what the club's declaration
  clause makes it: EDP 8 ¶1 s4-6 ("declaring a specific amount only is the same as silently pushing
  out an equal amount") with 8 ¶17 s2-3's 50% rule; FPC rule 3 s1-2 ("verbal declarations in turn
  are binding") with rule 2 s3-4's 50% rule; PPL League •2 (no intention to raise stated: a call);
  Gala, silent, not covered;
- chips pushed without a word, exactly the call, at the marked point: PPL League •2 ("any chips
  placed in front of them will be assumed as a call"), Gala house (v) s1, EDP 8 ¶3; FPC not
  covered. Unmarked, such a call raises nothing.
The answer's pot follows the ruling (the corrected hand)."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """\
title: {title}
house: edp
game: {{format: cash, variant: NLHE, blinds: [0.50, 1], currency: GBP}}
players:
  - {{seat: 1}}
  - {{seat: 2, stack: 47}}
  - {{seat: 4, stack: 32}}
  - {{seat: 7, stack: 23}}
timeline:
  - preflop:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - {{seat: 4, did: call, total: 1}}
  - {{seat: 7, did: call, total: 1}}
  - {{seat: 1, did: fold}}
  - {{seat: 2, did: check}}
  - flop: [K♦, 8♠, 3♣]
  - {{seat: 2, did: check}}
  - {{seat: 4, did: check}}
  - {{seat: 7, did: check}}
  - turn: 5♥
  - {{seat: 2, did: bet, chips: [1, 1, 1]}}
"""


def _incident(last: str, title: str = "t") -> str:
    return HEAD.format(title=title) + last + "\n"


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _on(answer, issue):
    found = [r for r in answer.rulings if r.issue == issue]
    assert len(found) == 1, [(r.issue, r.outcome) for r in answer.rulings]
    return found[0]


def _pot(answer):
    return [e["amount"] for e in answer.settlement if e["effect"] == "pot"]


# -- a marked action no rule raises an issue on ---------------------------------------------------

def test_a_marked_action_no_rule_raises_is_answered_not_covered_on_the_discretion_clause(kb):
    # "call" with exactly the call: nothing irregular, but the floor was called about it
    report = _report(kb, _incident('  - {seat: 4, said: call, chips: [1, 1, 1], in_question: true}'))
    for club, answer in report.answers.items():
        assert answer.rulings, club
        ruling = answer.rulings[0]
        assert (ruling.basis, ruling.outcome) == ("not covered", "floor-decides"), club
        assert ruling.citations and {c.clause for c in ruling.citations} <= set(kb.clubs[club].discretion_for(None)), club
    assert "No irregularity recognised" not in render_text(report)


def test_the_same_action_unmarked_is_no_question(kb):
    report = _report(kb, _incident('  - {seat: 4, said: call, chips: [1, 1, 1]}'))
    assert all(not a.rulings for a in report.answers.values())


# -- a bare amount said facing a bet, no chips out ------------------------------------------------

def test_five_over_three_edp_8_1_s4_6_with_8_17_s2_3_half_or_more_is_a_minimum_raise(kb):
    report = _report(kb, _incident('  - {seat: 4, said: "five", total: 0, in_question: true}'))
    edp = _on(report.answers["edp"], "declared-action")
    assert edp.outcome == "raise-at-least-minimum"
    assert {c.clause for c in edp.citations} == {"edp.8-1-s4-6", "edp.8-17-s2-3"}
    assert {"effect": "ruled-raise", "seat": 4, "total": 6, "add": 6} in edp.effects
    assert _pot(report.answers["edp"]) == [12.5]


def test_five_over_three_fpc_rule_3_binding_with_rule_2_over_half_is_a_minimum_raise(kb):
    report = _report(kb, _incident('  - {seat: 4, said: "five", total: 0, in_question: true}'))
    fpc = _on(report.answers["fpc"], "declared-action")
    assert (fpc.outcome, fpc.basis) == ("raise-at-least-minimum", "reading")
    assert {c.clause for c in fpc.citations} == {"fpc.3-s1-2", "fpc.2-s3-4"}
    assert _pot(report.answers["fpc"]) == [12.5]


def test_five_over_three_ppl_league_2_no_raise_stated_is_a_call(kb):
    report = _report(kb, _incident('  - {seat: 4, said: "five", total: 0, in_question: true}'))
    ppl = _on(report.answers["ppl"], "declared-action")
    assert ppl.outcome == "call"
    assert [c.clause for c in ppl.citations] == ["ppl.league-2"]
    assert {"effect": "ruled-call", "seat": 4, "total": 3} in ppl.effects
    assert _pot(report.answers["ppl"]) == [9.5]


def test_five_over_three_gala_has_no_clause_not_covered(kb):
    report = _report(kb, _incident('  - {seat: 4, said: "five", total: 0, in_question: true}'))
    gala = _on(report.answers["gala"], "declared-action")
    assert (gala.basis, gala.outcome) == ("not covered", "floor-decides")
    assert _pot(report.answers["gala"]) == [6.5]


@pytest.mark.parametrize("said,edp_outcome,total", [
    ("four", "call", 3),          # £1 over a £3 bet: under half a full raise (8 ¶17 s2-3: a call)
    ("eight", "raise", 8),        # at least a minimum raise: a raise to £8 (8 ¶1 s4-6)
    ("three", "call", 3),         # exactly the bet: a call
])
def test_bare_amount_measured_as_chips_edp_8_1_s4_6(kb, said, edp_outcome, total):
    report = _report(kb, _incident(f'  - {{seat: 4, said: "{said}", total: 0, in_question: true}}'))
    edp = _on(report.answers["edp"], "declared-action")
    assert edp.outcome == edp_outcome
    assert "edp.8-1-s4-6" in {c.clause for c in edp.citations}
    assert any(e.get("effect") in ("ruled-call", "ruled-raise") and e.get("total") == total for e in edp.effects)


# -- chips pushed silently, exactly the call --------------------------------------------------------

SILENT = '  - {seat: 4, chips: [1, 1, 1], in_question: true}'


def test_silent_chips_exactly_the_call_ppl_league_2_assumed_a_call(kb):
    report = _report(kb, _incident(SILENT))
    ppl = _on(report.answers["ppl"], "chips-without-declaration")
    assert ppl.outcome == "call"
    assert [c.clause for c in ppl.citations] == ["ppl.league-2"]
    assert {"effect": "ruled-call", "seat": 4, "total": 3} in ppl.effects
    assert _pot(report.answers["ppl"]) == [9.5]


def test_silent_chips_exactly_the_call_gala_house_v_s1_held_to_a_call(kb):
    report = _report(kb, _incident(SILENT))
    gala = _on(report.answers["gala"], "chips-without-declaration")
    assert (gala.outcome, gala.basis) == ("call", "reading")
    assert "gala.house-v-s1" in {c.clause for c in gala.citations}


def test_silent_chips_exactly_the_call_edp_8_3_binding_fpc_not_covered(kb):
    report = _report(kb, _incident(SILENT))
    edp = _on(report.answers["edp"], "chips-without-declaration")
    assert edp.outcome == "call" and "edp.8-3" in {c.clause for c in edp.citations}
    fpc = _on(report.answers["fpc"], "chips-without-declaration")
    assert (fpc.basis, fpc.outcome) == ("not covered", "floor-decides")


def test_silent_chips_exactly_the_call_unmarked_raise_nothing(kb):
    report = _report(kb, _incident('  - {seat: 4, chips: [1, 1, 1]}'))
    assert all(not any(r.issue == "chips-without-declaration" for r in a.rulings) for a in report.answers.values())
