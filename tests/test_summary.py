"""The answer's "Other clubs, in brief" is labelled by the point the floor was called about and
the outcome on it (s11, blind L401-L403):

- a club that rules that point as the house does, with the same Now and pot, is "same", even where
  the Now's unread question names each club's own discretion clause (FPC 1, EDP 1 ¶4, PPL league-53);
- a club that rules that point the same but differs beside it is "same on this point, DIFFERS
  beside it", its brief opening on that point, never on the side ruling (Gala dealer j beside the
  muck point);
- a club that rules that point otherwise is DIFFERS, with its own decision on it."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import _answer_first, render_text
from ruling_engine.rulings.rule_on import rule_incident

# FPC 20 "A dealer cannot kill a winning hand that was turned face up and was obviously the winning
# hand." (EDP 3 ¶14, PPL league-51 say the same); a question nobody can read rides in the Now.
KILLED_WINNER = """\
title: The dealer mucks a tabled straight flush and pushes the pot to the flush
house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
players:
  - {seat: 1}
  - {seat: 2, stack: 9000, cards: [5♥, 4♥]}
  - {seat: 6, stack: 12500, cards: [K♥, Q♥]}
timeline:
  - {seat: 1, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 6, did: raise, total: 1000}
  - {seat: 1, did: fold}
  - {seat: 2, did: call, total: 1000}
  - flop: [A♥, 2♥, 3♥]
  - {seat: 2, did: check}
  - {seat: 6, did: check}
  - turn: K♣
  - {seat: 2, did: check}
  - {seat: 6, did: check}
  - river: 9♦
  - {seat: 2, did: check}
  - {seat: 6, did: check}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - hand_shown: {seat: 6, face_up: 2}
  - hand_mucked: {seat: 2, by: dealer, tabled: true, touched_muck: true, in_question: true}
  - money_moved: {did: pushed, seat: 6}
  - said: {by: 2, words: "Does a straight flush win the Flushpot?", kind: question, in_question: true}
"""


def _brief(report) -> dict:
    text = render_text(report).split("Other clubs, in brief:", 1)[1].split("\n\n", 1)[0]
    lines = " ".join(text.split())
    return {club: lines.split(f"{club} (", 1)[1].split(")", 1)[0] for club in report.answers if f"{club} (" in lines}


def test_clubs_with_the_houses_outcome_on_the_tabled_winner_are_not_marked_differs(kb):
    """FPC 20 / EDP 3 ¶14 / PPL league-51: the tabled winner stands, the same pot; the unread
    question's Now differs only in the discretion clause each club names: "same"."""
    report = rule_incident(parse_incident_text(KILLED_WINNER, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    for club in ("edp", "ppl"):
        assert report.answers[club].settlement == report.answers["fpc"].settlement
    marks = _brief(report)
    assert marks["edp"] == "same" and marks["ppl"] == "same", marks
    assert marks["gala"] == "DIFFERS", marks       # Gala's hand-dead and cards-speak clauses disagree


def _ruling(issue, point, decision, differs):
    return {"issue": issue, "point": point, "decision": decision, "differs_from_house": differs,
            "outcome": "x", "basis": "reading" if differs else "not covered", "do": [], "effects": [],
            "citations": []}


def _data(point_marked: bool, gala_differs_on_point: bool):
    now = {"text": ""}
    house = [_ruling("muck-handling", 1, "No clause on the muck. The floor decides.", False),
             _ruling("exposed-card-play", 2, "No clause on the exposed card.", False)]
    gala = [_ruling("muck-handling", 1, "Gala rules the muck otherwise." if gala_differs_on_point
                    else "No clause on the muck. The floor decides.", gala_differs_on_point),
            _ruling("exposed-card-play", 2, "The dealer announces the exposed card(s) to the table.", True)]
    return {"incident": {"currency": ""},
            "points": [{"point": 0, "marked": True, "note": None},
                       {"point": 1, "marked": point_marked, "note": None},
                       {"point": 2, "marked": False, "note": None}],
            "issues": [{"id": "muck-handling", "title": "The muck handled"},
                       {"id": "exposed-card-play", "title": "Card exposed during play"}],
            "clubs": {"edp": {"rulings": house, "now": now, "settlement": [], "contradictions": [], "floor": "CRMS"},
                      "gala": {"rulings": gala, "now": now, "settlement": [], "contradictions": [], "floor": "CRM"}}}


def test_a_side_ruling_never_heads_a_club_that_rules_the_point_the_same():
    """L403: the marked turn raised nothing; the house opens on the muck point (not covered). Gala's
    dealer j ("announces the exposed card(s)") beside it is named as beside, after Gala's own
    answer on the muck point, and the label says the point is ruled the same."""
    brief = " ".join("\n".join(_answer_first(_data(False, False), "edp")).split("in brief:")[1].split())
    assert brief.startswith("gala (same on this point, DIFFERS beside it): No clause on the muck."), brief
    assert "Beside that point, on card exposed during play: The dealer announces" in brief


def test_a_club_ruling_the_point_otherwise_differs_with_its_own_decision_on_it():
    brief = " ".join("\n".join(_answer_first(_data(True, True), "edp")).split("in brief:")[1].split())
    assert brief.startswith("gala (DIFFERS): Gala rules the muck otherwise."), brief
    assert "announces" not in brief
