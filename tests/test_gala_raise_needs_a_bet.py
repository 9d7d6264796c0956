"""Gala Betting/Call and Raise ¶1 s1 ("Should a player wish to raise the betting ... stating 'Raise',
adding to this the amount") and House v) s1 ("All call, raise or re-raise bets must be clearly
announced") are written for a raise of a bet. "Raise" said with nothing to call is not their case:
Gala has no clause on it, and the Card Room Manager decides (fresh batch Y, Y104 gala: graded as a
rule Gala does not have when these clauses were ruled express there)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HAND = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 1
players:
  - {seat: 4, stack: 33}
  - {seat: 5, stack: 18}
  - {seat: 7, stack: 46}
pot_at_start: 3
timeline:
  - flop: [Qd, 7c, 2s]
%s"""


def _declared(kb, actions):
    incident = parse_incident_text(HAND % actions, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return next(r for r in report.answers["gala"].rulings if r.issue == "declared-action")


def test_raise_said_with_no_bet_is_not_ruled_on_the_raise_procedure(kb):
    ruling = _declared(kb, "  - {seat: 4, said: raise, in_question: true}\n")
    assert ruling.outcome == "floor-decides" and ruling.basis == "not covered"
    assert not {"gala.betting-call-and-raise-p1-s1", "gala.house-v-s1"} & {c.clause for c in ruling.citations}


def test_raise_said_facing_a_bet_still_must_state_the_amount(kb):
    ruling = _declared(kb, "  - {seat: 4, did: bet, total: 2}\n  - {seat: 5, said: raise, in_question: true}\n")
    assert ruling.outcome == "amount-must-be-stated"
    assert "gala.betting-call-and-raise-p1-s1" in {c.clause for c in ruling.citations}
