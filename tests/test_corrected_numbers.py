"""Every number read from the corrected hand (issue 20, e19/numbers): a corrected bet's size feeds
the next minimum raise and the pot-limit maximum; the pot before an action counts what was in the
middle when the timeline starts; a club's own cap on its cash game (clubs/<club>.yaml
cash_max_bet) is read in its own cash game or one that names the cap's session, never a session
nobody stated; and nobody is told to act in a hand whose deal is not complete."""
import copy
import dataclasses

from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.declarations import declaration_facts
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

OVER_POT = """
title: a silent bet over the pot, called
house: {house}
game: {{format: cash, variant: PLO, blinds: [0.5, 1], smallest_chip: 0.5{extra}}}
button: 1
players:
  - {{seat: 1, stack: 110}}
  - {{seat: 4, stack: 47}}
  - {{seat: 6, stack: 88}}
  - {{seat: 8, stack: 64}}
pot_at_start: 12.5
timeline:
  - flop: [J♥, 9♥, 4♣]
  - {{seat: 4, did: check}}
  - {{seat: 6, chips: [5, 5, 5, 5], in_question: true}}
  - {{seat: 8, chips: [5, 5, 5, 5]}}
"""

STUD_FIRST_CARD_UP = """
title: the first card of a stud deal dealt face up
house: edp
game: {format: cash, variant: stud, limits: [1, 2], ante: 0.2, smallest_chip: 0.2}
players:
  - {seat: 2, stack: 30}
  - {seat: 5, stack: 40}
  - {seat: 8, stack: 25}
timeline:
  - deal:
  - card_exposed: {seat: 2, by: dealer, during: deal, deal_position: 1, count: 1, card: Q♣, was: hole, seen_by: table, in_question: true}
"""

BUSTED_ASKS_BEFORE_THE_DEAL = """
title: a player who busted asks to buy in as the next deal begins
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players:
  - {seat: 2, stack: 0}
  - {seat: 3, stack: 80}
  - {seat: 7, stack: 60}
timeline:
  - hand-over:
  - deal:
  - said: {by: 2, words: "can I buy in for another twenty?", in_question: true}
"""


def _rule(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False), incident


def _text(report):
    return " ".join(render_text(report).split())        # the lines as read, not as wrapped


def _over_pot(house="edp", extra=""):
    return OVER_POT.format(house=house, extra=extra)


def test_a_bet_corrected_to_the_pot_sets_the_next_minimum_raise_and_the_pot_limit_maximum(kb):
    report, _ = _rule(kb, _over_pot())
    nxt = report.answers["edp"].now["next"]
    # corrected to £12.50 for all: seat 1 faces £12.50; a raise adds at least the corrected bet
    # (to £25), at most the pot after his call (£37.50 + £12.50 = £50, to £62.50)
    assert (nxt["seat"], nxt["call"], nxt["min_raise_to"], nxt["max_raise_to"]) == (1, 12.5, 25, 62.5)
    assert "raise (to at least £25, at most £62.50, the pot limit)" in _text(report)


def test_the_pot_before_an_action_counts_the_pot_the_timeline_starts_with(kb):
    incident = parse_incident_text(_over_pot(), "<t>", kb.vocabulary, kb.clubs)
    data = read_timeline(incident.data, kb.vocabulary.together_kinds).data
    index = next(i for i, a in enumerate(data["actions"]) if a.get("in_question"))
    facts = declaration_facts(data, index)
    assert facts["pot_before_action"] == 12.5 and facts["pot_size_bet_to"] == 12.5


def test_ppl_reads_its_cash_cap_in_its_own_cash_game(kb):
    report, _ = _rule(kb, _over_pot(house="ppl"))
    ppl = report.answers["ppl"]
    ruling = next(r for r in ppl.rulings if r.issue == "pot-limit-bet")
    assert ruling.outcome == "capped-at-maximum" and [c.clause for c in ruling.citations] == ["ppl.nights-4-s3"]
    nxt = ppl.now["next"]
    # held to £5, seat 8's call follows down: £15 back to each, seat 1 faces £5 and may raise to £10 only
    assert (nxt["call"], nxt["min_raise_to"], nxt["max_raise_to"]) == (5, 10, 10)
    assert "Main pot: £22.50" in _text(report) and "raise (to £10, the maximum bet: no more, no less)" in _text(report)


def test_ppl_reads_its_cash_cap_where_the_incident_names_its_session(kb):
    report, _ = _rule(kb, _over_pot(extra=", session: 2"))
    assert next(r for r in report.answers["ppl"].rulings if r.issue == "pot-limit-bet").outcome == "capped-at-maximum"


def test_ppl_invents_no_session_for_another_clubs_cash_game(kb):
    report, _ = _rule(kb, _over_pot())            # EDP's cash game, no session stated
    assert next(r for r in report.answers["ppl"].rulings if r.issue == "pot-limit-bet").basis == "not covered"
    report, _ = _rule(kb, _over_pot(house="ppl", extra=", session: 1"))    # the points session: no cap
    assert next(r for r in report.answers["ppl"].rulings if r.issue == "pot-limit-bet").outcome != "capped-at-maximum"


def test_nobody_is_told_to_act_while_the_deal_is_not_complete(kb):
    report, _ = _rule(kb, STUD_FIRST_CARD_UP)
    for answer in report.answers.values():
        assert answer.now.get("void") or (not answer.now.get("next") and not answer.now.get("then"))
    edp = report.answers["edp"].now
    assert edp["not_dealt"] == "dealing"
    text = _text(report)
    assert "The deal is not complete: nobody is to act" in text and "acts next" not in text


def test_nobody_is_told_to_act_between_hands(kb):
    report, _ = _rule(kb, BUSTED_ASKS_BEFORE_THE_DEAL)
    text = _text(report)
    assert "acts next" not in text and "is next to act" not in text
    assert all(not a.now.get("next") for a in report.answers.values())


def test_the_invariants_catch_a_seat_told_to_act_in_a_hand_not_dealt(kb):
    report, incident = _rule(kb, STUD_FIRST_CARD_UP)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers["edp"])
    answer.now = {**answer.now, "next": {"seat": 5, "call": 0, "options": "check-or-bet", "total": 0}}
    broken = dataclasses.replace(report, answers={**report.answers, "edp": answer})
    assert "not-dealt" in {v.invariant for v in violations(broken, timeline)}
