"""A seat change at the same table (issue 22, "what the floor was told"): between hands a player
moves to an empty seat and goes on playing. The move is what the floor saw (`seat_changed: {seat,
to}`); whether it takes him past a blind his old seat was due next hand is worked out from the
button; why he moved is the floor's finding (`intentional`, left out: ruled both ways). EDP 6 ¶2
("A player who intentionally dodges any blinds will incur a penalty") and 2 ¶10 ("Players may
choose any seat that is available to be seated in") read it."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 1
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 2, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 4, stack: 71.5}}
  - {{seat: 5, stack: 40}}
  - {{seat: 6, stack: 100}}
timeline:
  - hand-over:
  - seat_changed: {{{move}, in_question: true}}
"""


def rule(kb, move):
    incident = parse_incident_text(BASE.format(move=move), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club="edp"):
    return next(r for r in report.answers[club].rulings if r.issue == "blind-dodging")


def test_edp_seat_change_past_the_big_blind_on_purpose_is_a_blind_dodge(kb):
    """Button 1 → the next hand's button 2, small blind 3, big blind 4: seat 4 moving to seat 8 passes it."""
    r = ruling(rule(kb, "seat: 4, to: 8, intentional: true"))
    assert r.outcome == "penalty"
    assert {c.clause for c in r.citations} == {"edp.6-2"}


def test_edp_seat_change_intent_left_out_is_ruled_both_ways_and_named(kb):
    r = ruling(rule(kb, "seat: 4, to: 8"))
    assert r.outcome == "depends"
    assert "seat_changed.intentional" in r.decision


def test_edp_seat_change_from_a_seat_due_no_blind_is_allowed_whatever_the_intent(kb):
    for move in ("seat: 6, to: 8", "seat: 6, to: 8, intentional: true", "seat: 4, to: 8, intentional: false"):
        r = ruling(rule(kb, move))
        assert r.outcome == "seat-change-allowed", move
        assert {c.clause for c in r.citations} == {"edp.2-10"}


def test_seat_change_raises_blind_dodging_for_every_club(kb):
    report = rule(kb, "seat: 4, to: 8, intentional: true")
    for club in ("gala", "fpc", "ppl"):
        assert ruling(report, club).outcome == "floor-decides"


def test_seat_change_to_a_seat_a_player_sits_in_is_an_error_with_its_line(kb):
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(BASE.format(move="seat: 4, to: 3"), "t.yaml", kb.vocabulary, kb.clubs)
    assert err.value.line == 14 and "empty seat" in str(err.value)


def test_floorcall_events_lists_seat_changed_with_its_fields(kb):
    text = events_text(kb, "seat_changed")
    assert "seat_changed" in text and "to" in text and "intentional" in text


def test_the_questionnaire_asks_the_seat_change_and_why_he_moved_where_a_club_reads_it(kb):
    """`floorcall ask` and the floor app (one questionnaire): seat_changed is offered among the
    events; its seats are asked, and its intent may be left blank (not stated, ruled both ways)."""
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": s} for s in range(1, 7)])
    offered = {kind for _, kinds in session.plan.event_groups for kind, _ in kinds}
    assert "seat_changed" in offered                 # what the terminal and the floor app list
    session.answer("next", {"hand-over": None})
    session.answer("next", event_entry("seat_changed"))
    session.answer("next", DONE)
    asked = []
    answers = {"button": 1, "seat_changed.seat": 4, "seat_changed.to": 8}
    for _ in range(40):
        question = session.next_question()
        if question is None:
            break
        asked.append(question.name)
        if question.name in answers:
            session.answer(question.name, answers[question.name])
        elif question.name == "seat_changed.intentional":
            assert question.allow_blank
            session.answer(question.name, None)
        elif question.name == "marked":
            session.answer("marked", [])
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else 1)
    assert "seat_changed.intentional" in asked
    body = next(e["seat_changed"] for e in session.incident_data()["timeline"] if "seat_changed" in e)
    assert body["seat"] == 4 and body["to"] == 8 and "intentional" not in body
    assert ruling(session.report(with_precedents=False)).outcome == "depends"
