"""Facts are not filled in from silence (V-t7 grades, engine failure class 1): what the incident
leaves out is not stated, never an event the rulings then act on.

- No blinds for a hand the incident says was not dealt yet (V703-a: a slip found before the deal,
  the cut refused, FPC 44): no pot and nobody to act; the same slip found after the deal is a hand
  in progress, its blinds in.
- Routine actions left out before a flop are not a premature flop (V702): the board card is an
  early card (EDP 7 ¶10 •2, "A premature turn card ...") only where the incident shows a player
  still to act on the round before it: an action of that round after it, or the card marked."""
from pathlib import Path

from conftest import ROOT
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

CASEBOOK = ROOT / "cases" / "casebook"


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _case(name: str) -> str:
    text = Path(CASEBOOK / name).read_text(encoding="utf-8")
    return text.split("\nexpected:")[0] + "\n"


def test_fpc_44_a_cut_refused_before_the_deal_posts_no_blinds_and_tells_nobody_to_act(kb):
    report = _report(kb, _case("V703-a.yaml"))
    assert "fpc.44" in {c.clause for r in report.answers["fpc"].rulings for c in r.citations}
    assert "Main pot" not in render_text(report)
    for answer in report.answers.values():
        assert answer.now.get("next") is None and not answer.now.get("owes")


def test_the_same_slip_found_after_the_deal_is_a_hand_with_its_blinds_in(kb):
    text = _case("V703-a.yaml").replace("found: before-deal", "found: after-deal")
    assert "Main pot: 600" in render_text(_report(kb, text))


def _issues(report) -> set:
    return {r.issue for answer in report.answers.values() for r in answer.rulings}


def test_routine_actions_left_out_before_the_flop_are_not_a_premature_flop(kb):
    # V702: seat 5 folds, then the flop; seats 7 and 9's actions are not written up
    assert "premature-board-card" not in _issues(_report(kb, _case("V702.yaml")))


def test_edp_7_10_a_player_acting_on_the_round_after_the_flop_shows_the_flop_premature(kb):
    text = _case("V702.yaml").replace("  - flop:\n", "  - flop:\n  - {seat: 7, did: call}\n", 1)
    report = _report(kb, text)
    assert "premature-board-card" in _issues(report)
    assert any(c.clause.startswith("edp.7-10") for r in report.answers["edp"].rulings
               if r.issue == "premature-board-card" for c in r.citations)


def test_a_flop_marked_as_the_point_is_read_as_dealt_with_the_round_open(kb):
    text = _case("V702.yaml").replace("  - flop:\n", "  - flop: {in_question: true}\n", 1)
    assert "premature-board-card" in _issues(_report(kb, text))


def test_a_call_by_a_hand_the_answer_killed_is_not_the_floors_first_question(kb):
    # V701 at Gala: seat 4 was away when the last card was dealt, so his hand is void (the absent-
    # player clause); his later "call" binds nothing in this hand and is no question the Card Room
    # Manager must decide before seat 5 acts
    report = _report(kb, _case("V701.yaml"))
    gala = report.answers["gala"]
    assert 4 in gala.now["dead"]
    assert {"absent-player", "declared-action"} <= {r.issue for r in gala.rulings}
    first = gala.now.get("floor_first") or {}
    assert first.get("issue") != "declared-action" and first.get("seat") != 4
    assert gala.now["next"]["seat"] == 5

