"""Penalty steps that follow each club's text, and conflicts a club's knowledge declares (issue 21,
classes 2 and 8).

A rule marked `escalation: true` is one step of a club's scale of penalties (EDP 9 ¶9-10, FPC 29,
PPL •54 s1-2); the steps still open are those past the player's earlier warnings. Where the club's
rules decide the step (a first offence warned, by the reading of PPL •54 and FPC 29), it applies
(a `penalty-step` effect). Where the text leaves the step to the floor ("may be used with
discretion", "invoked by the CRMSs discretion": outcome options-at-discretion with discretion), the
ruling says the floor chooses, with the range open and the clause, and states no step as decided.
A ladder applied in order (options-at-discretion without discretion) decides the lowest step open.
A rule naming another in `conflicts_with:` declares that the two answer one point differently with
no ground in the text to prefer either: both are shown.
"""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.checks import check_knowledge
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.model import ClubRuling
from ruling_engine.rulings.agreement import judge_issue
from ruling_engine.rulings.rule_on import rule_on, rule_incident

from conftest import CASES

# A small incident of my own: seat 5 swears at the dealer between hands, with WARNINGS earlier
# warnings on record.
SWORE = """title: t
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 5, stack: 5000, warnings: WARNINGS}
  - {seat: 8, stack: 5000}
timeline:
  - preflop:
  - conduct: {seat: 5, did: foul-language, hand_in_progress: false}
"""


def _rulings(path, club, issue, kb):
    report = rule_on(CASES / path, kb=kb)
    return [r for r in report.answers[club].rulings if r.issue == issue]


def _penalty(kb, club, warnings):
    text = SWORE.replace("HOUSE", club).replace("WARNINGS", str(warnings))
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return [r for r in report.answers[club].rulings if r.issue == "conduct-penalty"][0]


def _steps(ruling):
    return [(e["seat"], e["step"], e["penalty"]) for e in ruling.effects if e["effect"] == "penalty-step"]


def _options(ruling, seat):
    return sorted(e["step"] for e in ruling.effects if e["effect"] == "penalty-option" and e["seat"] == seat)


def _chooses(ruling, seat):
    return [line for line in ruling.do if line.startswith(f"Seat {seat}: the ") and "chooses the penalty" in line]


def test_a_repeat_offence_at_ppl_is_the_venue_managers_choice_not_the_lowest_step_decided(kb):
    """PPL •54: "Penalties available for use by the Venue Manager are verbal warnings, 10,20,30, and
    40 minutes away from the table and may be used with discretion." Two earlier warnings: the
    Venue Manager chooses among the steps past them (20 minutes up to disqualification); no step
    is stated as decided beside his choice."""
    ruling = _penalty(kb, "ppl", 2)
    assert ruling.outcome == "options-at-discretion"
    assert _steps(ruling) == []
    assert _options(ruling, 5) == [3, 4, 5, 6]
    [line] = _chooses(ruling, 5)
    assert "Venue Manager chooses the penalty at his discretion" in line and "•54" in line
    assert "from step 3 up to step 6" in line and "20 minutes away" in line and "disqualification" in line
    assert not any("applies" in line for line in ruling.do)          # one answer: no step decided
    assert not any(e["effect"] == "warning" for e in ruling.effects)


def test_q401_second_offence_at_ppl_is_not_a_first_warning_and_not_a_decided_step(kb):
    """Q401 (regression): seat 4 warned an hour before; the Venue Manager chooses from 10 minutes
    away up to disqualification."""
    ruling = _rulings("casebook/Q401.yaml", "ppl", "conduct-penalty", kb)[0]
    assert _steps(ruling) == []
    assert not any(e["effect"] == "warning" for e in ruling.effects)
    assert _options(ruling, 4) == [2, 3, 4, 5, 6]
    assert any("from step 2 up to step 6" in line for line in _chooses(ruling, 4))
    assert not any(line.startswith("Step ") for line in ruling.do)     # not the ladder listed step by step


def test_fpc_29_repeat_offence_is_the_tds_choice_of_time_away(kb):
    """FPC 29: "verbal warnings, five, ten and fifteen minutes away from the table, these may be
    used with discretion"; a player warned once is past the warning: the TD chooses 5 to 15."""
    ruling = _penalty(kb, "fpc", 1)
    assert _steps(ruling) == []
    assert _options(ruling, 5) == [2, 3, 4]
    [line] = _chooses(ruling, 5)
    assert "from step 2 up to step 4" in line and "15 minutes away" in line


def test_edp_9_10_third_offence_is_the_crms_choice_from_missed_hands(kb):
    """M103: two earlier warnings (verbal, formal last); EDP 9 ¶10 "Penalties will be invoked by
    the CRMSs discretion": the CRMS chooses from missed hands up to disqualification."""
    ruling = _rulings("casebook/M103.yaml", "edp", "conduct-penalty", kb)[0]
    assert _steps(ruling) == []
    assert _options(ruling, 6) == [3, 4, 5]
    assert any("CRMS chooses the penalty" in line and "from step 3 up to step 5" in line
               for line in _chooses(ruling, 6))


def test_first_offence_is_warned_where_the_clubs_rules_say_so_and_the_crms_chooses_at_edp(kb):
    """PPL •54 and FPC 29 are read as a first offence getting their first step, a verbal warning:
    it is decided (and the rest left open). EDP's list says nothing of a first offence, and 9 ¶10
    leaves penalties to the CRMS's discretion: the CRMS chooses, from a verbal warning up."""
    for club in ("ppl", "fpc"):
        ruling = _penalty(kb, club, 0)
        assert _steps(ruling) == [(5, 1, "verbal warning")], club
        assert any(e["effect"] == "warning" and e["seat"] == 5 for e in ruling.effects), club
    edp = _penalty(kb, "edp", 0)
    assert _steps(edp) == []
    assert _options(edp, 5) == [1, 2, 3, 4, 5]
    assert any("from step 1 up to step 5" in line for line in _chooses(edp, 5))


def test_a_ladder_applied_in_order_decides_the_step_the_earlier_warnings_lead_to(knowledge_copy):
    """A club whose scale is applied in order, with no discretion (here EDP's steps with their
    `discretion: true` taken out): the step that applies is the one past the earlier warnings,
    decided, and the higher steps are dropped."""
    path = knowledge_copy / "rules" / "edp" / "penalties.yaml"
    text = path.read_text(encoding="utf-8")
    marked = text.replace("""        - penalty-option: {seat: "{conduct.seat}", step: 3, penalty: one or more missed hands}
      discretion: true""", """        - penalty-option: {seat: "{conduct.seat}", step: 3, penalty: one or more missed hands}""")
    for step in ("step: 4, penalty: one or more missed rounds", "step: 5, penalty: disqualification"):
        marked = marked.replace(f"{step}}}\n      discretion: true", f"{step}}}")
    for rule in ("edp.9-9.penalty-options", "edp.9-10.crms-discretion", "edp.9-10.escalating-penalties",
                 "edp.9-7.collusion-may-disqualify"):
        head = marked.index(f"  - id: {rule}\n")
        tail = marked.index("\n  - id: ", head + 1)
        marked = marked[:head] + marked[tail + 1:]
    assert marked.count("discretion: true") < text.count("discretion: true")
    path.write_text(marked, encoding="utf-8")
    kb = load_knowledge(knowledge_copy)
    ruling = _penalty(kb, "edp", 2)
    assert _steps(ruling) == [(5, 3, "one or more missed hands")]
    assert _options(ruling, 5) == [3]
    assert any(line.startswith("Seat 5: step 3 applies") for line in ruling.do)
    assert not _chooses(ruling, 5)


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
