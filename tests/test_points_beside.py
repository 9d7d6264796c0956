"""A point beside the marked one is raised (issue 21/20): a mark says what the floor was called
about, not that nothing else went wrong. Every event the timeline records after the last mark is a
point too (`beside`), ruled for every club on its own facts."""
from conftest import CASES
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import to_dict
from ruling_engine.rulings.rule_on import rule_incident, rule_on

T104 = CASES / "casebook" / "T104.yaml"      # the marked call and fold; the dealer then mucks seat 9's hand
P301 = CASES / "casebook" / "P301.yaml"      # two requests to see a mucked hand: a river caller's, a folder's
MUCK = "  - hand_mucked: {seat: 9, by: dealer, retrievable: unknown, touched_muck: true}\n"


def _issues(report) -> set:
    return {r.issue for a in report.answers.values() for r in a.rulings}


def test_an_unmarked_event_beside_the_marked_action_is_ruled_for_every_club(kb):
    report = rule_on(T104, kb=kb)
    beside = [n for n, p in enumerate(report.points) if p.beside]
    assert [report.points[n].kind for n in beside] == ["hand_mucked"]
    assert not report.points[beside[0]].marked
    for club, answer in report.answers.items():
        assert any(r.issue == "mucked-hand" and r.point == beside[0] for r in answer.rulings), club


def test_a_point_beside_the_marks_raises_only_what_the_timeline_records(kb):
    text = T104.read_text(encoding="utf-8")
    assert MUCK in text
    report = rule_incident(parse_incident_text(text.replace(MUCK, ""), "<t>", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    assert not any(p.beside for p in report.points)
    assert "mucked-hand" not in _issues(report)


def test_json_says_which_point_is_beside_the_marks(kb):
    data = to_dict(rule_on(T104, kb=kb))
    assert [p["kind"] for p in data["points"] if p["beside"]] == ["hand_mucked"]
    assert all(not p["beside"] for p in data["points"] if p["marked"])


def test_a_request_to_see_is_read_on_its_own_point_not_once_per_hand(kb):
    """Whether the asker called the river is the asker's of the point's own request: seat 9 called
    it, seat 2 folded; a fact worked out once per hand gave both the first point's answer."""
    report = rule_on(P301, kb=kb)
    by_asker = {f["asks_to_see.asker_seat"]: f["asks_to_see.asker_called_river"]
                for p, f in zip(report.points, report.facts_by_point) if p.kind == "asks_to_see"}
    assert by_asker == {9: True, 2: False}


D209 = CASES / "casebook" / "D209.yaml"      # seat 5 mucks at showdown after seat 2 tabled A♣ J♦
D101 = CASES / "casebook" / "D101.yaml"      # a conduct event before the two marked short calls
CONCEDE = "  - hand_mucked: {seat: 5, by: player, retrievable: unknown}"


def test_a_muck_conceding_to_a_tabled_hand_is_no_irregularity(kb):
    """Issue 20/21 (vocabulary mucked-hand raised_when, hand_mucked.conceded): a player who gives
    his hand up at showdown after another hand was tabled face up concedes; no club rules on his
    muck, and nothing in the answer depends on it."""
    report = rule_on(D209, kb=kb)
    mucks = [n for n, p in enumerate(report.points) if p.kind == "hand_mucked"]
    assert mucks and all(report.points[n].beside for n in mucks)
    assert "mucked-hand" not in _issues(report)
    assert report.facts_by_point[mucks[0]]["hand_mucked.conceded"] is True


def test_the_same_muck_before_any_hand_is_tabled_is_ruled(kb):
    text = D209.read_text(encoding="utf-8")
    shown = "  - hand_shown: {seat: 2, face_up: 2}"
    assert CONCEDE in text and shown in text
    # seat 5 mucks first, before seat 2 tables: nothing to concede to, the muck is ruled
    text = text.replace(CONCEDE, "#").replace(shown, CONCEDE[:-1] + ", misled_by: nobody}\n" + shown)
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    assert "mucked-hand" in _issues(report)


def test_the_marked_points_come_first_then_those_beside(kb):
    """The answer leads with what the floor was called for: D101's conduct (before the marks) is
    ruled after the two marked short calls."""
    report = rule_on(D101, kb=kb)
    assert [(p.kind, p.marked, p.beside) for p in report.points] == \
        [("action", True, False), ("action", True, False), ("conduct", False, True)]
    assert {r.issue for r in report.answers["fpc"].rulings if r.point == 0} == {"short-call"}


# Issue 20 (L402's class): both hands tabled at the showdown, then the beaten one thrown away.
TABLED_BEATEN = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
players:
  - {seat: 3, stack: 95}
  - {seat: 8, stack: 58}
timeline:
  - river: {pot: 64}
  - {seat: 3, did: bet, total: 95}
  - {seat: 8, did: call, total: 58}
  - showdown:
  - hand_shown: {seat: 3, face_up: 2}
  - hand_shown: {seat: 8, face_up: 2}
  - hand_mucked: {seat: 3, by: player, tabled: true, touched_muck: true}
  - money_moved: {did: pushed, seat: 8, amount: 217, in_question: true}
"""


def _tabled_beaten(kb, text=TABLED_BEATEN):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_a_beaten_hand_thrown_away_after_both_were_tabled_is_not_a_live_hands_muck(kb):
    """FPC rule 18 ("The player who mucked forfeits all his chips in the pot and any chips already
    declared as a bet") is for a live hand: seat 3's two pair was tabled and read against seat 8's
    tabled hand before he threw it away, so the showdown had decided the pot and no club rules on
    the muck. FPC's own uncalled-bet reading (rule 8) then stands in the settlement: 37 back to
    seat 3, the 180 called to seat 8."""
    report = _tabled_beaten(kb)
    mucks = [n for n, p in enumerate(report.points) if p.kind == "hand_mucked"]
    assert mucks and report.facts_by_point[mucks[0]]["hand_mucked.conceded"] is True
    assert "mucked-hand" not in _issues(report)
    fpc = report.answers["fpc"].settlement
    assert {"effect": "pot", "pot": "main", "amount": 180, "seats": [8]} in fpc
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 8 and e.get("amount") == 180 for e in fpc)


def test_a_tabled_hand_thrown_away_before_the_other_is_shown_is_still_ruled(kb):
    """Nothing was decided when he threw it: seat 8's hand is tabled only after it, so the muck is
    ruled (rule 18 may kill it)."""
    text = TABLED_BEATEN.replace("  - hand_shown: {seat: 8, face_up: 2}\n", "")
    text = text.replace("  - money_moved:", "  - hand_shown: {seat: 8, face_up: 2}\n  - money_moved:")
    assert text != TABLED_BEATEN
    assert "mucked-hand" in _issues(_tabled_beaten(kb, text))
