"""What the incident says about a hand in the muck (issue 22, "Observations, not conclusions"):
whether the cards touched the muck pile is what the floor saw, and left out it is not stated
(never "did not touch"); whether they can be picked out with certainty is a conclusion the floor
may not be able to give, so it may be left out too. Either, left out, is ruled every way it can
be, and the ruling says what it turns on."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: fpc
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 6, stack: 200}}
timeline:
  - {{seat: 3, did: raise, total: 6}}
  - {{seat: 6, did: call}}
  - {{seat: 1, did: fold}}
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: check}}
  - hand_mucked: {{{muck}}}
"""


def rule(kb, muck):
    incident = parse_incident_text(BASE.format(muck=muck), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club, issue="mucked-hand"):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def test_fpc_a_tabled_winner_the_dealer_sweeps_into_the_muck_stands(kb):
    """FPC 20 "A dealer cannot kill a winning hand that was turned face up" is written for the
    hand the dealer has put in the muck, so it governs 18 s1 (touching the muck pile) there."""
    report = rule(kb, "seat: 6, by: dealer, tabled: true, winning: true, retrievable: true, "
                      "misled_by: nobody, touched_muck: true, protected: false")
    assert ruling(report, "fpc").outcome == "hand-stands-as-winner"
