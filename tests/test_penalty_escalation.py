"""Penalties decided, repeat offences escalated, and conflicts a club's knowledge declares (issue 21,
classes 2 and 8).

A rule marked `escalation: true` is one step of a club's scale of penalties (EDP 9 ¶9-10, FPC 29,
PPL •54 s1-2). Of the steps still open after the player's earlier warnings, the lowest applies: the
ruling decides it (a `penalty-step` effect and a do-line) and, where the club's text leaves the step
to the floor, names the range it may go to. A rule naming another in `conflicts_with:` declares that
the two answer one point differently with no ground in the text to prefer either: both are shown.
"""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.knowledge.checks import check_knowledge
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.model import ClubRuling
from ruling_engine.rulings.agreement import judge_issue
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES


def _rulings(path, club, issue, kb):
    report = rule_on(CASES / path, kb=kb)
    return [r for r in report.answers[club].rulings if r.issue == issue]


def _steps(ruling):
    return [(e["seat"], e["step"], e["penalty"]) for e in ruling.effects if e["effect"] == "penalty-step"]


def test_ppl_54_second_offence_gets_the_second_step_not_a_first_warning(kb):
    """Q401: seat 4 was warned an hour before; •54's scale goes verbal warning, 10, 20, 30, 40
    minutes, disqualification: the step that applies is 10 minutes away, the rest is the Venue
    Manager's discretion."""
    ruling = _rulings("casebook/Q401.yaml", "ppl", "conduct-penalty", kb)[0]
    assert _steps(ruling) == [(4, 2, "10 minutes away from the table")]
    assert not any(e["effect"] == "warning" for e in ruling.effects)
    assert any(line.startswith("Seat 4: step 2 applies, 10 minutes away") for line in ruling.do)
    assert any("may go further at his discretion, up to step 6" in line for line in ruling.do)
    assert not any(line.startswith("Step ") for line in ruling.do)     # not the ladder listed step by step


def test_edp_9_10_third_offence_escalates_to_missed_hands(kb):
    """M103: two earlier warnings (verbal, formal last); EDP's repeat infractions escalate: step 3,
    missed hands, with missed rounds and disqualification left to the CRMS."""
    ruling = _rulings("casebook/M103.yaml", "edp", "conduct-penalty", kb)[0]
    assert _steps(ruling) == [(6, 3, "one or more missed hands")]
    assert {e["step"] for e in ruling.effects if e["effect"] == "penalty-option"} == {3, 4, 5}


def test_first_offence_gets_the_first_step_of_the_scale(kb):
    """No earlier warning: the first step, a verbal warning (EDP 9 ¶9 •1, PPL •54 s1-2)."""
    for club in ("edp", "ppl"):
        ruling = _rulings("conduct-betting-app-with-live-hand.yaml", club, "conduct-penalty", kb)[0]
        assert _steps(ruling) == [(7, 1, "verbal warning")], club


def test_escalation_on_a_rule_without_a_step_is_an_error(knowledge_copy):
    path = knowledge_copy / "rules" / "edp" / "penalties.yaml"
    text = path.read_text(encoding="utf-8")
    marked = text.replace("    issue: conduct-penalty\n    when:\n      conduct.what: {in: [chip-dumping",
                          "    issue: conduct-penalty\n    escalation: true\n    when:\n      conduct.what: {in: [chip-dumping", 1)
    assert marked != text
    path.write_text(marked, encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        load_knowledge(knowledge_copy)
    assert "penalty-option with its step" in str(error.value) and "penalties.yaml" in str(error.value)


def test_fpc_2_and_3_declared_conflict_shows_both(kb):
    """FPC rule 3 s1-2 (a declared raise binds) names rule 2 s1-2 (the first forward movement
    stands) in conflicts_with: a raise said before the chips of two motions gets both answers."""
    ruling = _rulings("notions/words-during-motion.yaml", "fpc", "string-bet", kb)[0]
    assert ruling.basis == "conflict"
    assert sorted(a["outcome"] for a in ruling.alternatives) == ["first-motion-stands", "raise-stands"]
    assert {c.clause for c in ruling.citations} >= {"fpc.2-s1-2", "fpc.3-s1-2"}


def test_declared_conflict_is_no_specificity_warning_and_its_target_is_checked(kb, knowledge_copy):
    from ruling_engine.report.specificity import specificity_warnings
    lines, _ = specificity_warnings(kb)
    assert not any("fpc.3-s1-2.declared-raise-binds" in line and "fpc.2-s1-2.first-forward-movement" in line
                   for line in lines if line.startswith("warning:"))
    path = knowledge_copy / "rules" / "fpc" / "declarations.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "conflicts_with: [fpc.2-s1-2.first-forward-movement]", "conflicts_with: [fpc.2-s1-2.no-such-rule]"),
        encoding="utf-8")
    problems = check_knowledge(load_knowledge(knowledge_copy))
    assert any("conflicts_with unknown rule fpc.2-s1-2.no-such-rule" in p for p in problems)


def test_a_conflict_agrees_with_a_key_that_names_the_conflict_and_leans_to_one_side():
    ruling = ClubRuling(club="fpc", issue="string-bet", basis="conflict", outcome="conflict", decision="",
                        alternatives=[{"outcome": "first-motion-stands", "effects": []},
                                      {"outcome": "raise-stands", "effects": []}])
    lean = {"outcome": "raise-stands", "basis": "conflict"}
    assert judge_issue("string-bet", lean, [ruling]) == []
    assert judge_issue("string-bet", {"outcome": "raise-stands", "basis": "reading"}, [ruling])
    assert judge_issue("string-bet", {"outcome": "call-only", "basis": "conflict"}, [ruling])
