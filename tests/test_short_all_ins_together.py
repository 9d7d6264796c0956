"""Several all-ins for less after one bet count together (e23/allins, blind call O104).

FPC 41 ¶3/¶4 measure "the amount of the all-in" against "an unraised ante or an initial bet":
after a bet of 1,000 and all-ins to 1,600 and 2,100, the bettor faces 1,100 over his 1,000 bet,
more than 50% of it, so under 41 ¶4 he "may re-raise as normal" (before, only the last all-in,
500 over 1,600, was measured and he was held to a call under 41 ¶3). One short all-in of no more
than 50% of the bet still locks him (41 ¶3's own 2,800-over-2,000 example)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

TWO_SHORT = """\
title: Bet 1,000, all in 1,600, all in 2,100, a call; the bettor raises
house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 9
players:
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 10000}
  - {seat: 5, stack: 1600}
  - {seat: 7, stack: 2100}
  - {seat: 9, stack: 8000}
pot_at_start: 2200
timeline:
  - flop: [J♠, 8♠, 2♦]
  - {seat: 2, did: check}
  - {seat: 3, did: bet, total: 1000}
  - {seat: 5, did: all-in, total: 1600}
  - {seat: 7, did: all-in, total: 2100}
  - {seat: 9, did: call, total: 2100}
  - {seat: 2, did: fold}
  - {seat: 3, did: raise, total: 6000, in_question: true}
"""

# one short all-in: 2,000 bet, all in to 2,800 (40%): 41 ¶3's worked example, still locked
ONE_SHORT = """\
title: Bet 2,000, all in 2,800, a call; the bettor raises
house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 9
players:
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 10000}
  - {seat: 5, stack: 2800}
  - {seat: 9, stack: 8000}
pot_at_start: 1800
timeline:
  - flop: [J♠, 8♠, 2♦]
  - {seat: 2, did: check}
  - {seat: 3, did: bet, total: 2000}
  - {seat: 5, did: all-in, total: 2800}
  - {seat: 9, did: call, total: 2800}
  - {seat: 2, did: fold}
  - {seat: 3, did: raise, total: 8000, in_question: true}
"""

def _may_raise(kb, text, club="fpc"):
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    rulings = [r for r in report.answers[club].rulings if r.issue == "may-raise"]
    assert rulings, [r.issue for r in report.answers[club].rulings]
    return rulings[0]


def test_fpc_41_p4_two_short_all_ins_together_over_half_the_bet_reopen(kb):
    ruling = _may_raise(kb, TWO_SHORT)
    assert ruling.outcome == "may-raise"
    assert "fpc.41-p4" in {c.clause for c in ruling.citations}
    assert "1,100 over the bet of 1,000" in " ".join(ruling.do)


def test_fpc_41_p3_one_short_all_in_not_over_half_still_locks(kb):
    ruling = _may_raise(kb, ONE_SHORT)
    assert ruling.outcome == "call-or-fold-only"
    assert "fpc.41-p3" in {c.clause for c in ruling.citations}

