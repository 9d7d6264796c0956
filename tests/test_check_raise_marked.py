"""Issue 21 (k17/marked): the marked objection "he checked, he can't raise now" is answered by each
club's clause on checking and raising, wherever the raise is marked - not only when it is the hand's
last point. Gala "Betting / Check" ¶1 (express), EDP 8 ¶29 (read: only a check declared when facing
a bet bars a raise), PPL How the game works •13 (read), FPC rule 5 (read: a raise's size "In all
rounds", no bar on a player who checked). The incidents are written here, not copied from the
casebook."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _rulings(kb, text, club):
    incident = parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False).answers[club].rulings


def _check_raise(kb, text, club):
    return next((r for r in _rulings(kb, text, club) if r.issue == "check-raise"), None)


# Seat 1 checks the turn, seat 3 bets, seat 5 calls, seat 1 raises (marked); then seat 3 asks a
# question, so the raise is not the hand's last point.
CHECK_THEN_RAISE = """title: t
house: {club}
game: {{format: cash, variant: NLHE, blinds: [5, 10]}}
button: 5
players:
  - {{seat: 1, stack: 2000}}
  - {{seat: 3, stack: 2000}}
  - {{seat: 5, stack: 2000}}
timeline:
  - turn:
  - {{seat: 1, did: check}}
  - {{seat: 3, did: bet, total: 100}}
  - {{seat: 5, did: call, total: 100}}
  - {{seat: 1, did: raise, total: {raise_to}, in_question: true}}
  - said: {{by: 3, words: "He checked - he can't raise now", kind: claim}}
  - said: {{by: 5, words: "How much do I need to call?", kind: question, about: call, in_question: true}}
"""

# The near miss: seat 1 did not check before the bet; he raises the bet made before him.
BET_THEN_RAISE = """title: t
house: {club}
game: {{format: cash, variant: NLHE, blinds: [5, 10]}}
button: 5
players:
  - {{seat: 1, stack: 2000}}
  - {{seat: 3, stack: 2000}}
  - {{seat: 5, stack: 2000}}
timeline:
  - turn:
  - {{seat: 1, did: bet, total: 50}}
  - {{seat: 3, did: raise, total: 100}}
  - {{seat: 5, did: call, total: 100}}
  - {{seat: 1, did: raise, total: {raise_to}, in_question: true}}
  - said: {{by: 5, words: "How much do I need to call?", kind: question, about: call, in_question: true}}
"""


@pytest.mark.parametrize("club, basis, clause", [
    ("gala", "express", "gala.betting-check-p1"),   # "all players having previously checked are permitted to raise"
    ("edp", "reading", "edp.8-29"),                  # "A player declaring "check" when facing a bet ... cannot raise"
    ("ppl", "reading", "ppl.howto-13"),              # "Once a bet has been made, each player can raise"
    ("fpc", "reading", "fpc.5-s2-3"),                # "In all rounds, the minimum raise amount must include ..."
])
def test_marked_check_raise_is_answered_by_the_clause_on_it(kb, club, basis, clause):
    ruling = _check_raise(kb, CHECK_THEN_RAISE.format(club=club, raise_to=400), club)
    assert ruling is not None, "the check-raise objection at a marked point that is not the last went unanswered"
    assert ruling.outcome == "allowed"
    assert ruling.basis == basis
    assert clause in [c.clause for c in ruling.citations]


@pytest.mark.parametrize("club", ["gala", "edp", "ppl", "fpc"])
def test_no_check_raise_ruling_when_the_raiser_never_checked(kb, club):
    assert _check_raise(kb, BET_THEN_RAISE.format(club=club, raise_to=400), club) is None


def test_fpc_rule_5_reading_is_only_for_a_raise_of_full_size(kb):
    # 100 over the 100 bet is a full raise; 150 (50 over) is short of it: rule 5's own question
    # (raise-size), and the check-raise reading of rule 5 does not answer it.
    full = _check_raise(kb, CHECK_THEN_RAISE.format(club="fpc", raise_to=200), "fpc")
    assert full is not None and full.outcome == "allowed"
    short = _check_raise(kb, CHECK_THEN_RAISE.format(club="fpc", raise_to=150), "fpc")
    assert short is None or "fpc.5-s2-3" not in [c.clause for c in short.citations]


def test_edp_reading_is_not_for_a_check_declared_facing_a_bet(kb):
    # A "check" said facing a bet is not recorded as a check of the round (8 ¶29's own case is the
    # declared-action ruling on it), so the check-raise reading does not allow the later raise.
    text = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [5, 10]}
button: 5
players:
  - {seat: 1, stack: 2000}
  - {seat: 3, stack: 2000}
  - {seat: 5, stack: 2000}
timeline:
  - turn:
  - {seat: 1, said: bet 100, chips: [100]}
  - {seat: 3, said: check}
  - {seat: 5, said: raise 300, chips: [100, 100, 100]}
  - {seat: 1, said: call, chips: [100, 100]}
  - {seat: 3, said: raise 900, chips: [100, 100, 100, 100, 100, 100, 100, 100, 100], in_question: true}
"""
    ruling = _check_raise(kb, text, "edp")
    assert ruling is None or ruling.outcome != "allowed"
