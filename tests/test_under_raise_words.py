"""A raise declared behind a remark, facing an all-in for less than a full raise (casebook V401's
class): "Well, that changes things - raise, three thousand" is read as the raise said last (a dash
sets the remark apart, as a full stop does), so each club's clause on the locked player answers it:
PPL League •7 ¶1 (the round is locked), FPC 41 ¶3 (not greater than 50%: may not re-raise), Gala
house o) (the under-raise is not deemed a raise), EDP 8 ¶19 (not reopened to a player who acted)."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.said import read_said
from ruling_engine.rulings.rule_on import rule_incident

# the flop: seat 2 bets 1,000, seat 4 calls, seat 7 is all in for 1,400 (400 more, under a full
# raise of 1,000); seat 2, who has acted, says he raises
LOCKED = """
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 2, stack: 5200}}
  - {{seat: 4, stack: 4500}}
  - {{seat: 7, stack: 1600}}
timeline:
  - deal:
  - {{seat: 7, did: call, total: 200}}
  - {{seat: 1, did: fold}}
  - {{seat: 2, did: call, total: 200}}
  - {{seat: 4, did: check}}
  - flop: [K♦, 9♣, 4♠]
  - {{seat: 2, did: bet, total: 1000}}
  - {{seat: 4, did: call, total: 1000}}
  - {{seat: 7, did: all-in, total: 1400}}
  - {{seat: 2, said: "Well, that changes things - raise, three thousand.", in_question: true}}
"""

CLAUSE = {"ppl": "ppl.league-7-p1", "fpc": "fpc.41-p3", "gala": "gala.house-o", "edp": "edp.8-19"}


def test_a_declaration_said_last_after_a_dash_is_the_declaration():
    said = read_said("Well, that changes things - raise, three thousand.")
    assert (said.term, said.amount, said.unofficial) == ("raise", 3000, False)
    assert read_said("Fold - no, call").unofficial          # two actions: the floor decides
    assert read_said("raise \u2014 4,000").amount == 4000    # one declaration, read whole


@pytest.mark.parametrize("club", sorted(CLAUSE))
def test_locked_player_who_says_raise_is_answered_by_the_clubs_under_raise_clause(kb, club):
    incident = parse_incident_text(LOCKED.format(house=club), "locked.yaml", kb.vocabulary, kb.clubs)
    answer = rule_incident(incident, kb, with_precedents=False).answers[club]
    ruling = next(r for r in answer.rulings if r.issue == "may-raise")
    assert ruling.outcome == "call-or-fold-only"
    assert CLAUSE[club] in {c.clause for c in ruling.citations}
