"""A timed penalty across a break (f21/time; issue 22, casebook B302's class):
`penalty_given: {seat, size, unit, given_at, return_asked}` and `break_taken: {starts, ends}`.

The facts are the clock's: when his minutes run out with the break counted, and counting play
time only. What a club does with them is its own rules': PPL •54 and FPC 29 give minutes away and
say nothing of a break (both times stated, the floor chooses); a size not on a club's list is set
by the floor from it (FPC's stops at fifteen minutes); EDP's missed hands and rounds are served as
deals (9 ¶11), so a break uses none of them; Gala has no clause on it."""
import re

import pytest

from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question, docs_timeline_example

INCIDENT = """
title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [300, 600]}}
players:
  - {{seat: 2, stack: 5000}}
  - {{seat: 6, stack: 2800}}
timeline:
  - {penalty}
{rest}
"""
PENALTY = 'penalty_given: {seat: 6, size: 20, unit: minutes, given_at: "21:12", return_asked: true, in_question: true}'
BREAK = '  - break_taken: {starts: "21:20", ends: "21:35"}'


def _report(kb, house="ppl", penalty=PENALTY, rest=BREAK):
    text = INCIDENT.format(house=house, penalty=penalty, rest=rest)
    return rule_incident(parse_incident_text(text, "penalty.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _ruling(answer):
    return next(r for r in answer.rulings if r.issue == "penalty-return")


def test_across_a_break_ppl_states_the_return_counting_play_time_and_counting_the_break(kb):
    ruling = _ruling(_report(kb).answers["ppl"])
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")
    assert "ppl.league-53" in [c.clause for c in ruling.citations]        # its discretion clause
    assert any("8 minutes before the break, 12 are left from 21:35" in line and "21:47" in line for line in ruling.do)
    assert any("run out at 21:32" in line for line in ruling.do)


def test_with_no_break_in_his_time_ppl_gives_the_clock_time_he_may_come_back(kb):
    ruling = _ruling(_report(kb, rest='  - said: {by: 6, words: "When can I come back?"}').answers["ppl"])
    assert (ruling.outcome, ruling.basis) == ("return-at", "reading")
    assert ruling.effects == [{"effect": "may-return", "seat": 6, "at": "21:32"}]


def test_a_break_after_his_minutes_ran_out_is_not_in_his_time(kb):
    ruling = _ruling(_report(kb, rest='  - break_taken: {starts: "21:40", ends: "21:55"}').answers["ppl"])
    assert ruling.effects == [{"effect": "may-return", "seat": 6, "at": "21:32"}]


def test_fpc_twenty_minutes_is_not_on_its_list_which_stops_at_fifteen(kb):
    ruling = _ruling(_report(kb, house="fpc").answers["fpc"])
    assert (ruling.outcome, [c.clause for c in ruling.citations]) == ("floor-decides", ["fpc.29-s1"])
    assert "fifteen" in ruling.decision


def test_fpc_fifteen_minutes_across_the_break_states_both_times(kb):
    penalty = PENALTY.replace("size: 20", "size: 15")
    ruling = _ruling(_report(kb, house="fpc", penalty=penalty).answers["fpc"])
    assert ruling.outcome == "floor-decides"
    assert any("7 are left from 21:35" in line and "21:42" in line for line in ruling.do)


def test_edp_hands_on_penalty_are_served_as_deals_so_a_break_uses_none(kb):
    penalty = 'penalty_given: {seat: 6, size: 2, unit: rounds, return_asked: true, in_question: true}'
    ruling = _ruling(_report(kb, house="edp", penalty=penalty).answers["edp"])
    assert (ruling.outcome, ruling.basis, [c.clause for c in ruling.citations]) == \
        ("return-after-hands", "reading", ["edp.9-11"])
    assert ruling.effects == [{"effect": "may-return", "seat": 6, "after": "2 rounds"}]


def test_gala_has_no_clause_on_it(kb):
    ruling = _ruling(_report(kb, house="gala").answers["gala"])
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")


def test_without_the_question_no_club_rules_on_his_return(kb):
    report = _report(kb, penalty=PENALTY.replace("return_asked: true", "return_asked: false"))
    assert not any(r.issue == "penalty-return" for a in report.answers.values() for r in a.rulings)


def test_without_a_clock_time_the_return_time_is_not_invented(kb):
    penalty = 'penalty_given: {seat: 6, size: 20, unit: minutes, return_asked: true}'
    ruling = _ruling(_report(kb, penalty=penalty).answers["ppl"])
    assert not re.search(r"\b21:\d\d\b", " ".join(ruling.do))
    assert not any(e.get("effect") == "may-return" for e in ruling.effects)


def test_the_entrys_at_gives_the_time_the_penalty_was_given(kb):
    penalty = 'penalty_given: {seat: 6, size: 20, unit: minutes, at: "21:12", return_asked: true}'
    ruling = _ruling(_report(kb, penalty=penalty).answers["ppl"])
    assert any("21:47" in line for line in ruling.do)


@pytest.mark.parametrize("penalty, rest, field", [
    ('penalty_given: {seat: 6, size: 20, given_at: "21:12"}', "", "unit"),
    ('penalty_given: {seat: 6, size: 20, unit: orbits}', "", "unit"),
    ('penalty_given: {seat: 6, unit: minutes}', "", "size"),
    ('penalty_given: {seat: 6, size: 20, unit: minutes, given_at: 21:12}', "", "given_at"),
    ('penalty_given: {seat: 6, size: 20, unit: minutes, given_at: "21:12", at: "21:14"}', "", "given_at"),
    (PENALTY, '  - break_taken: {starts: "21:20", ends: "9.35pm"}', "ends"),
])
def test_a_penalty_or_break_missing_or_mistyped_field_is_a_clear_error(kb, penalty, rest, field):
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(INCIDENT.format(house="ppl", penalty=penalty, rest=rest), "p.yaml", kb.vocabulary, kb.clubs)
    assert field in str(error.value)


@pytest.mark.parametrize("word, kind", [("penalty", "penalty_given"), ("break", "break_taken")])
def test_floorcall_events_lists_them(kb, word, kind):
    assert f"{kind} —" in events_text(kb, word)


def test_the_docs_example_rules_as_it_says(kb):
    section, _, report = docs_timeline_example(kb, "## A timed penalty across a break")
    said = re.search(r"Under PPL: `(.*?)`", section).group(1)
    assert said in _ruling(report.answers["ppl"]).do


def test_the_questionnaire_offers_the_events_and_asks_their_times(kb):
    session = Session(kb, house="ppl")
    offered = {kind for _, kinds in session.plan.event_groups for kind, _ in kinds}
    assert {"penalty_given", "break_taken"} <= offered
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 2}, {"seat": 6}])
    session.answer("next", event_entry("penalty_given", in_question=True))
    assert session.next_question().name == "penalty_given.seat"      # a required seat: asked at once
    session.answer("penalty_given.seat", 6)
    session.answer("next", event_entry("break_taken"))
    session.answer("next", DONE)
    asked = answer_every_question(session, 10)       # ten minutes: on PPL's list, so when they run out matters
    assert {"penalty_given.size", "penalty_given.unit", "penalty_given.given_at", "penalty_given.return_asked",
            "break_taken.starts", "break_taken.ends"} <= set(asked)
