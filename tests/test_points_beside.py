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
