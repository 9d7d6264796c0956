"""A point the floor marked is always answered (issue 21: "a point the floor marked silently
dropped", e16/marked):

- a marked point at which no issue of a club is raised (a question no listed issue covers) is ruled
  "not covered" by every club, citing its discretion clause, never "no irregularity";
- a marked muck raises the mucked-hand question even when it was a concession;
- each other club's brief leads with its ruling on the marked point, a side point it rules
  otherwise named after it as beside the mark."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import _answer_first, render_text
from ruling_engine.rulings.rule_on import rule_incident

# who deals when the player due to deal cannot: no listed issue asks it
CANNOT_DEAL = """\
title: The player due to deal has a broken wrist; another asks who deals
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 3
players:
  - {seat: 1, stack: 3000}
  - {seat: 3, stack: 3000}
  - {seat: 6, stack: 3000}
timeline:
  - said: {by: 1, words: "She can't deal with her wrist like that - who deals, and where does the button go?", kind: question, about: button, in_question: true}
"""

# a concession: seat 5 mucks after seat 2 tabled his hand; the floor is called about the muck
MUCK = """\
title: Seat 5 mucks after seat 2 tables his hand
house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 5
players:
  - {seat: 2, stack: 5000, cards: [A♠, A♦]}
  - {seat: 5, stack: 5000}
timeline:
  - flop: [J♠, 8♦, 4♣]
  - turn: 4♥
  - river: K♦
  - {seat: 2, did: bet, total: 1000}
  - {seat: 5, did: call}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - hand_mucked: {seat: 5, by: player, touched_muck: true, retrievable: false, in_question: true}
"""


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_a_marked_point_no_issue_raises_is_not_covered_with_the_discretion_clause(kb):
    report = _report(kb, CANNOT_DEAL)
    for club, answer in report.answers.items():
        assert [r.basis for r in answer.rulings] == ["not covered"], club
        ruling = answer.rulings[0]
        assert ruling.outcome == "floor-decides"
        assert ruling.citations, club
        assert {c.clause for c in ruling.citations} <= set(kb.clubs[club].discretion_for(None)), club
    text = render_text(report)
    assert "No irregularity" not in text
    assert "has no clause on this" in text.split("== The answer ==")[1].split("==")[0]


def test_an_unmarked_incident_gets_no_invented_question(kb):
    report = _report(kb, MUCK.replace(", in_question: true}", "}"))
    for club, answer in report.answers.items():
        assert not any(r.basis == "not covered" and r.issue.startswith("marked-") for r in answer.rulings), club


def test_a_marked_concession_muck_is_ruled_as_a_hand_in_the_muck(kb):
    report = _report(kb, MUCK)
    for club, answer in report.answers.items():
        assert answer.rulings and answer.rulings[0].issue == "mucked-hand", (club, [r.issue for r in answer.rulings])
    unmarked = _report(kb, MUCK.replace(", in_question: true}", "}"))
    assert not any(r.issue == "mucked-hand" for a in unmarked.answers.values() for r in a.rulings)


def _ruling(issue, point, decision, differs):
    return {"issue": issue, "point": point, "decision": decision, "differs_from_house": differs,
            "outcome": "x", "basis": "express", "do": [], "effects": [], "citations": []}


def test_another_clubs_brief_leads_with_its_ruling_on_the_marked_point():
    now = {"text": ""}
    data = {"incident": {"currency": ""},
            "points": [{"point": 0, "marked": True, "note": None}, {"point": 1, "marked": False, "note": None}],
            "issues": [{"id": "button-move", "title": "Where the button goes"},
                       {"id": "out-of-turn", "title": "Acting out of turn"}],
            "clubs": {
                "a": {"rulings": [_ruling("button-move", 0, "The button goes to the empty seat.", False),
                                  _ruling("out-of-turn", 1, "The fold stands.", False)],
                      "now": now, "settlement": [], "contradictions": [], "floor": "floor"},
                "b": {"rulings": [_ruling("button-move", 0, "The button goes to the empty seat.", False),
                                  _ruling("out-of-turn", 1, "A hand discarded out of turn is not returned.", True)],
                      "now": now, "settlement": [], "contradictions": [], "floor": "floor"}}}
    lines = "\n".join(_answer_first(data, "a"))
    brief = lines.split("Other clubs, in brief:")[1]
    assert brief.strip().startswith("b (same on this point, DIFFERS beside it): The button goes to the empty seat.")
    assert "Beside the marked point, on acting out of turn: A hand discarded out of turn is not returned." \
        in " ".join(brief.split())
