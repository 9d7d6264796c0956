"""Payouts and sanctions reach the corrected hand (issue 20: "the pot does not follow the club's
own ruling: a league levy ... ignored"; "a sanction stops short of the hand in progress").

A club's ruling on a deduction (a capped drop) is read by the settlement: the winner is paid the
pot less what the ruling lets the deduction keep, and what goes back is said."""
from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

CAPPED_DROP = """
title: A £6 drop out of a £124.50 pot; the winner says the fund takes no more than £5
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1], currency: "£"}
button: 5
players:
  - {seat: 2, stack: 100, cards: [K♠, 9♠]}
  - {seat: 5, stack: 100, cards: [A♦, 4♥]}
pot_at_start: 0
timeline:
  - {seat: 5, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 5, did: raise, total: 3}
  - {seat: 2, did: call, total: 3}
  - flop: [K♦, 9♣, 4♣]
  - {seat: 2, did: bet, total: 4}
  - {seat: 5, did: call, total: 4}
  - turn: 2♥
  - {seat: 2, did: check}
  - {seat: 5, did: check}
  - river: 7♦
  - {seat: 2, did: bet, total: 55.25}
  - {seat: 5, did: call, total: 55.25}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - hand_shown: {seat: 5, face_up: 2}
  - pot_deduction: {pot: 124.50, taken: 6, reached_flop: true, purpose: prize-fund}
"""


def _rule(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    return rule_incident(incident, kb=kb), timeline


def _money(answer, kind):
    return [e for e in answer.settlement if e["effect"] == kind]


def test_a_capped_drop_pays_the_winner_the_pot_less_the_cap_and_says_the_refund(kb):
    report, timeline = _rule(kb, CAPPED_DROP)
    edp = report.answers["edp"]
    assert any(r.outcome == "percentage-drop-capped" for r in edp.rulings)
    # EDP 10 ¶4 "5% (£5 CAP)": £5 of the £6 stays out, £1 goes back; the winner takes £119.50
    assert _money(edp, "pot-deducted") == [{"effect": "pot-deducted", "amount": 5, "taken": 6, "purpose": "prize-fund"}]
    assert _money(edp, "pot-awarded") == [{"effect": "pot-awarded", "seat": 2, "pot": "main", "amount": 119.5}]
    # a club with no clause on it leaves the £6 out, as the dealer took it
    gala = report.answers["gala"]
    assert _money(gala, "pot-deducted")[0]["amount"] == 6 and "taken" not in _money(gala, "pot-deducted")[0]
    assert violations(report, timeline) == []
    text = render_text(report)
    assert "£5 stays out of it and £1 goes back into it" in text
    assert "Seat 2 wins the main pot (£119.50)" in text


REFUSED_A_SEAT = """
title: A newcomer asks for a seat at the cash table with £5
house: fpc
game: {format: cash, variant: NLHE, blinds: [0.25, 0.50], currency: "£"}
players:
  - {seat: 2, stack: 40}
  - {seat: 5, stack: 30}
  - {seat: 7, stack: 0}
timeline:
  - hand-over:
  - wants_to_play: {seat: 7, played_tournament_tonight: false, league_games: 1}
  - buys_chips: {seat: 7, amount: 5, had_chips: false}
"""


def test_a_seat_ruled_out_is_not_told_to_buy_in(kb):
    report, _ = _rule(kb, REFUSED_A_SEAT)
    fpc = report.answers["fpc"]
    effects = {e["effect"] for r in fpc.rulings for e in r.effects if e.get("seat") == 7}
    # FPC 48 s1-3 rules him out of the cash game; 48 s4's £10 minimum is not told to a seat ruled out
    # (the vocabulary's seat_ruled_out), so the answer is one answer, with no clash to show
    assert "may-not-play" in effects and "buy-in-at-least" not in effects
    assert fpc.contradictions == []
    assert report.answers["gala"].contradictions == []
