"""One action written as two entries of one seat (facts/timeline.py declaration_pairs): his words
with nothing put in, then his chips, with only others' words or events between, on one betting
round. The clubs' rules on a declaration and chips that do not match it see one action: the
declaration first (`first: words`), the chips of the second entry, its words what he said after."""
import pytest

from ruling_engine.facts.derive import incident_facts
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.50, 1], smallest_chip: 0.50}}
players:
  - {{seat: 2, stack: 30}}
  - {{seat: 7, stack: 37}}
  - {{seat: 9, stack: 50}}
timeline:
  - river: {{cards: [3♦], pot: 18}}
"""

CALL_THEN_CHIPS = """  - {{seat: 2, chips: [5]}}
  - {{seat: 9, did: fold}}
  - {{seat: 7, said: call, total: 0{mark_first}}}
  - said: {{by: dealer, words: "call"}}
  - {{seat: 7, said: "{after}", chips: [20, 10, 5, 2]{mark_second}}}
"""


def _incident(kb, body: str, house: str = "edp"):
    return parse_incident_text(HEAD.format(house=house) + body, "pair.yaml", kb.vocabulary, kb.clubs)


def _pair(kb, mark_first=False, mark_second=True, after="and I'm all in", house="edp"):
    body = CALL_THEN_CHIPS.format(mark_first=", in_question: true" if mark_first else "",
                                  mark_second=", in_question: true" if mark_second else "", after=after)
    return _incident(kb, body, house)


def _declared(kb, incident, club):
    report = rule_incident(incident, kb, with_precedents=False)
    return report, next(r for r in report.answers[club].rulings if r.issue == "declared-action")


@pytest.mark.parametrize("club", ["edp", "fpc"])
def test_declared_call_then_more_chips_in_a_second_entry_is_a_call_with_the_excess_returned(kb, club):
    # edp 8 ¶1: "If a player does both, whichever is first defines the bet"; fpc 3: a verbal call binds
    report, ruling = _declared(kb, _pair(kb, house=club), club)
    assert ruling.outcome == "call" and ruling.basis == "express"
    assert {"effect": "ruled-call", "seat": 7, "total": 5} in ruling.effects
    assert {"effect": "return-chips", "seat": 7, "amount": 32} in ruling.effects
    # one action: not a raise after his own call, nor an action out of turn
    issues = {r.issue for r in report.answers[club].rulings}
    assert not issues & {"out-of-turn", "turn-to-act", "chips-without-declaration"}


def test_the_pair_is_one_action_of_the_log_with_the_first_entrys_words_made_first(kb):
    timeline = read_timeline(_pair(kb).data, kb.vocabulary.together_kinds)
    assert len(timeline.data["actions"]) == 3 and timeline.pairs == {3: 5}
    action = timeline.data["actions"][-1]
    assert (action["said"], action["chips"], action["first"]) == ("call", [20, 10, 5, 2], "words")
    # the entry indexes stay those of the timeline as written: the action begins at his words
    assert timeline.action_entry == [1, 2, 3]
    assert [(p.kind, p.entries) for p in timeline.points] == [("action", (3, 5))]


def test_a_declaration_written_as_a_total_then_chips_as_a_total_is_a_call_with_the_rest_back(kb):
    # the chips entry gives his total (the chips unseen): what he put out, read against "call"
    body = """  - {seat: 2, chips: [5]}
  - {seat: 9, did: fold}
  - {seat: 7, said: call, total: 0}
  - {seat: 7, said: "I haven't put anything in yet - all in", chips: unknown, total: 37, in_question: true}
"""
    _, ruling = _declared(kb, _incident(kb, body), "edp")
    assert ruling.outcome == "call"
    assert {"effect": "ruled-call", "seat": 7, "total": 5} in ruling.effects
    assert {"effect": "return-chips", "seat": 7, "amount": 32} in ruling.effects


@pytest.mark.parametrize("words, kind", [("I have a flush", "hand"), ("give me my chips back", "other")])
def test_the_chips_entrys_own_words_are_kept_as_what_he_said_after(kb, words, kind):
    facts = incident_facts(_pair(kb, after=words), kb.vocabulary)
    assert facts["action.declared"] == "call" and facts["action.first"] == "words"
    assert facts["action.said_after"] == kind


@pytest.mark.parametrize("mark_first, mark_second", [(True, False), (False, True), (True, True)])
def test_a_mark_on_either_entry_of_the_pair_is_ruled(kb, mark_first, mark_second):
    incident = _pair(kb, mark_first=mark_first, mark_second=mark_second)
    report, ruling = _declared(kb, incident, "edp")
    assert ruling.outcome == "call" and {"effect": "return-chips", "seat": 7, "amount": 32} in ruling.effects
    (point,) = report.points
    marked_line = incident.data["timeline"][3 if mark_first else 5]["line"]
    assert point.entries == (3, 5) and point.marked and point.line == marked_line


NOT_ONE_ACTION = {
    "another player acted between": """  - {seat: 2, chips: [5]}
  - {seat: 7, said: call, total: 0}
  - {seat: 9, did: fold}
  - {seat: 7, chips: [20, 10, 5, 2], in_question: true}
""",
    "the first put chips in": """  - {seat: 2, chips: [5]}
  - {seat: 9, did: fold}
  - {seat: 7, said: call, chips: [5]}
  - {seat: 7, chips: [20, 10, 2], in_question: true}
""",
    "different betting rounds": """  - {seat: 2, did: check}
  - {seat: 9, did: check}
  - {seat: 7, said: check, total: 0}
  - showdown:
  - {seat: 7, chips: [5], in_question: true}
""",
    "the second put nothing in": """  - {seat: 2, chips: [5]}
  - {seat: 9, did: fold}
  - {seat: 7, said: call, total: 0}
  - {seat: 7, said: "I meant raise", in_question: true}
""",
}


@pytest.mark.parametrize("case", NOT_ONE_ACTION)
def test_entries_that_are_not_one_action_stay_two_actions(kb, case):
    incident = _incident(kb, NOT_ONE_ACTION[case])
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    actions = [i for i, e in enumerate(incident.data["timeline"]) if e["entry"] == "action"]
    assert timeline.pairs == {} and timeline.action_entry == actions
    assert [a.get("_chips_entry") for a in timeline.data["actions"]] == [None] * len(actions)
