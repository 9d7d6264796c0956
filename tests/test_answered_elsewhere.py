"""A clause that fired is never reported as "no clause" (issues 20/21): where a club has no rule of
its own on a question but its ruling on another issue at the same point settles it (the
vocabulary's answered_by), that ruling is the answer, with its clauses, not the discretion clause."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.rulings.rule_on import rule_incident

# "call" said with chips short of the bet: the short-call clause answers what the word commits him to
CALL_WITH_SHORT_CHIPS = """\
title: '"Call" with chips short of the bet'
house: edp
game: {format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 100}
button: 1
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
  - {seat: 4, stack: 9000}
  - {seat: 5, stack: 9000}
timeline:
  - preflop:
  - {seat: 4, did: raise, total: 1000}
  - {seat: 5, said: call, chips: [500, 100, 100], in_question: true}
"""


def _rulings(kb, text, club):
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return {r.issue: r for r in report.answers[club].rulings}


def test_edp_declared_call_short_of_the_bet_is_answered_by_its_short_call_clause_not_no_clause(kb):
    rulings = _rulings(kb, CALL_WITH_SHORT_CHIPS, "edp")
    short, declared = rulings["short-call"], rulings["declared-action"]
    assert short.outcome == "must-complete-call" and short.basis in ("express", "reading")
    assert declared.basis == short.basis, declared
    assert declared.outcome == "call"
    assert "no clause" not in declared.decision
    assert {c.clause for c in declared.citations} == {c.clause for c in short.citations}
    assert declared.rules_fired == short.rules_fired
    assert not any(e.get("effect") == "floor-decides" for e in declared.effects)
    assert any("Answered by the ruling on chips short of a call" in line for line in declared.do)


def test_an_outcome_answered_by_does_not_list_leaves_the_question_to_the_floor(kb):
    """Gala's short-call ruling lets the player complete or fold: that does not say what his
    'call' commits him to, so the declaration stays the floor's (no answer is made up)."""
    rulings = _rulings(kb, CALL_WITH_SHORT_CHIPS, "gala")
    assert rulings["short-call"].outcome == "complete-or-fold"
    assert rulings["declared-action"].basis == "not covered"


@pytest.mark.parametrize("bad, expected", [
    ("declared-actio", "did you mean 'declared-action'"),
    ("short-cal", "did you mean 'short-call'"),
    ("must-complete-cal", "did you mean 'must-complete-call'"),
])
def test_answered_by_names_are_checked_with_file_and_suggestion(knowledge_copy, bad, expected):
    path = knowledge_copy / "vocabulary.yaml"
    text = path.read_text(encoding="utf-8")
    good = {"declared-actio": "  declared-action:              #",
            "short-cal": "    short-call: {must-complete-call: call}",
            "must-complete-cal": "    short-call: {must-complete-call: call}"}[bad]
    assert good in text
    broken = {"declared-actio": "  declared-actio:              #",
              "short-cal": "    short-cal: {must-complete-call: call}",
              "must-complete-cal": "    short-call: {must-complete-cal: call}"}[bad]
    path.write_text(text.replace(good, broken, 1), encoding="utf-8")
    with pytest.raises(FloorcallError) as info:
        load_knowledge(knowledge_copy)
    message = str(info.value)
    assert "vocabulary.yaml" in message and expected in message, message
