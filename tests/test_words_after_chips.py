"""Order of words and chips (issue 13, class 7): "raise" said only after a single oversized chip
has landed does not make it a raise; each club holds it to a call."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

TURN = """house: {house}
game: {{format: tournament, variant: NLHE, blinds: [1000, 2000]}}
players:
  - {{seat: 2, stack: 40000}}
  - {{seat: 6, stack: 25000}}
  - {{seat: 9, stack: 21500}}
pot_at_start: 18000
timeline:
  - turn:
  - {{seat: 2, said: "eight thousand", chips: [5000, 1000, 1000, 1000], first: words}}
  - {{seat: 6, chips: [10000], said: raise, first: {first}, in_question: true}}
"""


def _ruling(kb, club, first):
    text = TURN.format(house=club, first=first)
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "chips-without-declaration")


@pytest.mark.parametrize("club", ["edp", "gala", "fpc", "ppl"])
def test_raise_said_after_the_chip_landed_is_a_call(kb, club):
    ruling = _ruling(kb, club, "chips")
    assert ruling.outcome == "call" and ruling.basis in ("express", "reading")
    assert {"effect": "ruled-call", "seat": 6, "total": 8000} in ruling.effects
    assert {"effect": "return-chips", "seat": 6, "amount": 2000} in ruling.effects
