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



# the raise only said, no chips put out (O104): a club that leaves him only a call
SAID_RAISE = TWO_SHORT.replace('{seat: 3, did: raise, total: 6000, in_question: true}',
                               '{seat: 3, said: "raise, six thousand", in_question: true}')


def _effects(report, club):
    return [e for r in report.answers[club].rulings for e in r.effects]


def test_gala_house_o_a_raise_only_said_gives_back_no_chips_and_no_raise_stands_beside_the_lock(kb):
    """Gala house rule (o): "may only call the under raise". The raise was only said: nothing goes
    back (no "give him back" chips never put out), and the declared raise's size (Gala's "Raise"
    plus amount rule) is governed by the lock, never "raise to 8,100" beside "may only call"."""
    report = rule_incident(parse_incident_text(SAID_RAISE, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    effects = _effects(report, "gala")
    kinds = {e["effect"] for e in effects}
    assert "return-chips" not in kinds
    assert "ruled-raise" not in kinds
    assert "call-or-fold" in kinds
    assert not any(r.alternatives for r in report.answers["gala"].rulings)
    declared = [r for r in report.answers["gala"].rulings if r.issue == "declared-action"]
    assert declared and declared[0].outcome == "call-or-fold"
    assert {c.clause for c in declared[0].citations} == {"gala.house-o"}


def test_gala_house_o_chips_put_out_beyond_the_call_go_back(kb):
    """The same lock with chips put out (a raise to 6,000, 5,000 in): the 3,900 beyond the call of
    1,100 goes back (gala.house-o, read with Call and raise ¶2)."""
    report = rule_incident(parse_incident_text(TWO_SHORT.replace("house: fpc", "house: gala"), "<t>",
                                               kb.vocabulary, kb.clubs), kb, with_precedents=False)
    back = [e for e in _effects(report, "gala") if e["effect"] == "return-chips"]
    assert back and back[0]["amount"] == 3900 and back[0]["seat"] == 3
