"""A card foreign to the pack found after substantial action (e19/cards, issue 21; A202: the joker
turned up as the big blind's second hole card after a call, a raise, a call and folds). EDP 7 ¶2
("Once substantial action occurs a misdeal cannot be declared and the hand must proceed") and
Gala's Mis-deal ¶2 ("prior to three players acting or a bet and an immediate call ... the deal
must stand") limit every misdeal; before this the foreign card fell to "the floor decides", which
left open a misdeal the text forbids. Before substantial action neither text names such a misdeal:
the floor still decides. FPC and PPL have no such limit and answer as before."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 2, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 4, stack: 200}}
  - {{seat: 5, stack: 200}}
timeline:
  - {{seat: 2, posts: small-blind}}
  - {{seat: 3, posts: big-blind}}
{actions}  - deck_problem: {{kind: {kind}, was: hole, in_question: true}}
"""
# a call, a raise, a call: three actions in turn, chips in each (EDP 7 ¶3, Gala Mis-deal ¶2)
SUBSTANTIAL = ("  - {seat: 4, did: call, total: 2}\n  - {seat: 5, did: raise, total: 8}\n"
               "  - {seat: 1, did: call, total: 8}\n")
ONE_CALL = "  - {seat: 4, did: call, total: 2}\n"


def rulings(kb, actions, kind="foreign-card"):
    text = BASE.format(actions=actions, kind=kind)
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb=kb, with_precedents=False)
    return {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}


@pytest.mark.parametrize("club, clause", [("edp", "edp.7-2"), ("gala", "gala.misdeal-p2")])
def test_no_misdeal_for_a_foreign_card_after_substantial_action(kb, club, clause):
    ruling = rulings(kb, SUBSTANTIAL)[club]["deck-problem"]
    assert ruling.outcome == "play-continues"
    assert {c.clause for c in ruling.citations} == {clause}
    assert "floor-decides" not in {e["effect"] for e in ruling.effects}
    assert {"deal-continues", "play-continues"} <= {e["effect"] for e in ruling.effects}


@pytest.mark.parametrize("club", ["edp", "gala"])
def test_before_substantial_action_the_floor_still_decides(kb, club):
    ruling = rulings(kb, ONE_CALL)[club]["deck-problem"]
    assert ruling.outcome == "floor-decides"


def test_clubs_without_a_misdeal_limit_answer_as_before(kb):
    got = rulings(kb, SUBSTANTIAL)
    assert got["fpc"]["deck-problem"].outcome == "floor-decides"
    assert got["ppl"]["deck-problem"].outcome == "floor-decides"
