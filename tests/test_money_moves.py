"""What was done with the money (issue 22, "What the dealer and the floor did with the money";
issue 20's pot): a deduction the incident states (a rake, a league-fund drop) leaves the pot at the
moment it was taken, the pot section says so, and a club's ruling that it must go back puts it back;
the invariant check counts deductions in the chips it conserves."""
import copy
import dataclasses

from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES

DROP = CASES / "notions" / "pot-deduction.yaml"

RAKE = """
title: A rake taken from a cash pot
house: edp
game: {format: cash, variant: PLO, blinds: [1, 2]}
players:
  - {seat: 2, stack: 100}
  - {seat: 5, stack: 100}
pot_at_start: 20
timeline:
  - flop:
  - pot_deduction: {pot: 20, taken: 2, reached_flop: true, purpose: rake}
  - {seat: 2, did: bet, total: 10}
  - {seat: 5, did: fold}
"""


def _rule(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    return rule_incident(incident, kb=kb), timeline


def _money(answer, kind):
    return [e for e in answer.settlement if e["effect"] == kind]


def test_a_drop_taken_on_the_flop_leaves_the_pot_and_the_pot_section_says_so(kb):
    from ruling_engine.rulings.rule_on import rule_on
    report = rule_on(DROP, kb=kb)
    for club, answer in report.answers.items():
        assert _money(answer, "pot-deducted") == [{"effect": "pot-deducted", "amount": 0.5, "purpose": "prize-fund"}]
        assert [p["amount"] for p in _money(answer, "pot")] == [33.5]        # £34 put in, 50p taken
        assert _money(answer, "pot-awarded")[0]["amount"] == 33.5
    from ruling_engine.render.output import render_text
    assert "£0.50 was taken out of the pot (for the prize fund)" in render_text(report)


def test_the_pot_after_a_deduction_is_smaller_from_the_moment_it_was_taken(kb):
    _, timeline = _rule(kb, RAKE)
    hand = timeline.hand
    assert hand.walk(0).pot == 18          # the bet on the flop faced the pot less the rake
    assert hand.walk(0).pot_limit_max_to(2) == 18
    assert hand.walk().deducted == 2


def test_a_ruling_that_the_deduction_goes_back_puts_it_back_into_the_pot(kb):
    report, _ = _rule(kb, RAKE)
    # EDP 2 ¶3 "No rake will be taken for pots": refund-to-pot; the others leave it to the floor
    edp, gala = report.answers["edp"], report.answers["gala"]
    assert any(e["effect"] == "refund-to-pot" for r in edp.rulings for e in r.effects)
    assert _money(edp, "pot-deducted") == [] and _money(edp, "pot-awarded")[0]["amount"] == 20
    assert _money(gala, "pot-deducted")[0]["amount"] == 2 and _money(gala, "pot-awarded")[0]["amount"] == 18


def _broken(kb, text, club, breaker):
    report, timeline = _rule(kb, text)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers[club])
    breaker(answer)
    report = dataclasses.replace(report, answers={**report.answers, club: answer})
    return {v.invariant for v in violations(report, timeline)}


def test_the_invariant_counts_deductions_and_catches_one_dropped_or_overstated(kb):
    def deduction_forgotten(answer):
        answer.settlement = [e for e in answer.settlement if e["effect"] != "pot-deducted"]
    assert "conservation" in _broken(kb, RAKE, "gala", deduction_forgotten)

    def more_taken_than_the_incident_says(answer):
        for e in answer.settlement:
            if e["effect"] == "pot-deducted":
                e["amount"] += 3
            if e["effect"] == "pot":
                e["amount"] -= 3
    assert "conservation" in _broken(kb, RAKE, "gala", more_taken_than_the_incident_says)


AWAY_THEN_CALLS = """
title: The small blind is away when the action reaches him; back, he says call
house: gala
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 6
players:
  - {seat: 2, stack: 7300}
  - {seat: 6, stack: 5000}
  - {seat: 7, stack: 8400}
  - {seat: 8, stack: 5600}
  - {seat: 9, stack: 11000}
timeline:
  - preflop:
  - {seat: 7, posts: small-blind, chips: [200]}
  - {seat: 8, posts: big-blind, chips: [400]}
  - player_away: {seat: 7, at_first_card: false, at_last_card: false, left_mid_hand: true, at_turn: true, in_question: true}
  - {seat: 9, did: raise, total: 1000}
  - {seat: 2, did: call, total: 1000}
  - {seat: 6, did: fold}
  - {seat: 7, said: call}
"""


def test_chips_a_dead_hand_put_in_after_it_died_go_back_and_what_it_put_in_before_stays(kb):
    """Gala (house i) and PPL (league 13) kill the hand of a player away when his turn came; his
    'call' on coming back was no bet on a live hand: the 800 goes back, his 200 blind stays."""
    report, _ = _rule(kb, AWAY_THEN_CALLS)
    for club in ("gala", "ppl"):
        answer = report.answers[club]
        assert 7 in answer.now["dead"]
        assert _money(answer, "return-chips") == [{"effect": "return-chips", "seat": 7, "amount": 800}]
        assert [p["amount"] for p in _money(answer, "pot")] == [2600]
