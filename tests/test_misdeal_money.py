"""The money of a misdeal follows the club's misdeal clause (e23/money):

- EDP 7 ¶5 "In a misdeal, the re-deal is an exact re-play: the button does not move, no new
  players are seated, and limits stay the same.": the blinds posted stay in the pot for the
  re-deal (the same seats post the same blinds); only what was put in beyond them goes back
  (effect blinds-stay-for-redeal, corrects: keeps-forced-bets);
- a club whose misdeal clause gives the money back (Gala "Mis-deal") still returns everything."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

# the first card to the wrong seat, then one raise: no substantial action (EDP 7 ¶3, ¶4)
FIRST_CARD = """\
title: The first card goes to the wrong seat; seat 3 raises before anyone notices
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
timeline:
  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - deal:
  - deal_error: {kind: first-card-wrong-seat, seat: 1, in_question: true}
  - preflop:
  - {seat: 1, did: raise, total: 6}
"""


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_edp_7_5_exact_replay_keeps_the_posted_blinds_in_and_returns_only_the_raise(kb):
    report = _report(kb, FIRST_CARD)
    edp = report.answers["edp"]
    assert edp.rulings[0].outcome == "misdeal"
    assert any(c.clause == "edp.7-5" for r in edp.rulings for c in r.citations)
    money = edp.settlement
    back = {e["seat"]: e["amount"] for e in money if e["effect"] == "return-chips"}
    assert back == {1: 6}                      # the raise goes back, the blinds do not
    stays = [e for e in money if e["effect"] == "stays-for-redeal"]
    assert len(stays) == 1 and stays[0]["amount"] == 3 and stays[0]["seats"] == [2, 3]
    text = render_text(report)
    assert "stays in the pot for the re-deal" in text
    assert "every player takes back what he put in beyond them" in text


def test_a_void_hand_without_an_exact_replay_clause_still_returns_every_chip(kb):
    report = _report(kb, FIRST_CARD)
    gala = report.answers["gala"]
    if gala.rulings[0].outcome != "misdeal":
        return
    back = {e["seat"]: e["amount"] for e in gala.settlement if e["effect"] == "return-chips"}
    assert back == {1: 6, 2: 1, 3: 2}
    assert not any(e["effect"] == "stays-for-redeal" for e in gala.settlement)
