"""Gala tournament (b), its timing checked (e27/clauses, blind call Z601): "There will also be one
top up allowed irrespective of chip count conclusion of re-buy period." The top-up was sold on the
chip-count half alone, with the re-buy period over and play resumed after the break that ended it.

- period over, break ended, hands dealt since, then "top-up please": refused (the conclusion has
  passed), his chip count not the reason;
- the same request during the break (no hand dealt since it): the one top-up is sold;
- no break written: the timing cannot be read from the timeline, the one top-up is sold as before.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HAND = """\
title: Top-up asked for after the re-buy period
house: gala
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
players:
  - {seat: 2, stack: 3900}
  - {seat: 6, stack: 5300}
timeline:
BREAK
DEALS  - rebuy_request: {seat: 6, kind: top-up, chips: 5300, starting_chips: 2000, period_over: true, top_ups_taken: 0, in_question: true}
"""

DEAL = "  - deal:\n  - player_away: {seat: 6, at_first_card: true, at_last_card: true}\n  - hand-over:\n"


def _rebuy(kb, deals, brk=True):
    text = HAND.replace("BREAK\n", "  - break_taken: {starts: '21:00', ends: '21:15'}\n" if brk else "")
    text = text.replace("DEALS", DEAL * deals)
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers["gala"].rulings if r.issue == "rebuy")


def test_gala_b_top_up_refused_once_play_resumed_after_the_break(kb):
    ruling = _rebuy(kb, deals=2)
    assert ruling.outcome == "refused" and ruling.basis == "reading"
    assert any(c.clause == "gala.tournament-b" and "conclusion of re-buy period" in c.quote for c in ruling.citations)
    assert any("2 hands have been dealt since the break" in line for line in ruling.do)
    assert not any("Sell seat 6" in line for line in ruling.do)


def test_gala_b_top_up_sold_during_the_break(kb):
    ruling = _rebuy(kb, deals=0)
    assert ruling.outcome == "allowed"
    assert any("Sell seat 6 his one top-up" in line for line in ruling.do)


def test_gala_b_top_up_sold_when_no_break_is_written(kb):
    ruling = _rebuy(kb, deals=1, brk=False)
    assert ruling.outcome == "allowed"
