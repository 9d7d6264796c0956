"""A hand whose betting is over is at its showdown, though board cards are still to come (V502).

Gala's Betting / Showdown section: "Once the player’s cards have been collected by the dealer they
are considered dead." and "Player’s allowing the dealer to take their cards prematurely will not be
permitted to retrieve them". An all-in called on the flop leaves nothing to bet, so a hand the
dealer takes after the turn is ruled by those sentences, not reported "not covered"; while a
player still has a bet to face, the hand is not at its showdown and they do not apply.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _mucked(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    rulings = rule_incident(incident, kb, with_precedents=False).answers["gala"].rulings
    return next(r for r in rulings if r.issue == "mucked-hand")


ALL_IN_ON_THE_FLOP = """\
title: All-in called on the flop; after the turn the dealer takes seat 4's face-up hand
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 8
players:
  - {seat: 4, stack: 2900, cards: [A♠, K♦]}
  - {seat: 7, stack: STACK7, cards: [9♣, 9♥]}
  - {seat: 8, stack: 5000}
timeline:
  - preflop:
  - {seat: 4, said: "raise, six hundred", total: 600}
  - {seat: 7, did: call, total: 600}
  - {seat: 8, did: fold}
  - flop: [K♠, 9♦, 4♣]
  - {seat: 4, said: all in, total: 2300}
  - {seat: 7, did: call, total: 2300}
  - hand_shown: {seat: 4, face_up: 2}
  - hand_shown: {seat: 7, face_up: 2}
  - turn: [2♥]
  - hand_mucked: {seat: 4, by: dealer, tabled: true, touched_muck: true, in_question: true}
"""


def test_gala_showdown_collected_cards_dead_after_an_all_in_is_called_before_the_river(kb):
    ruling = _mucked(kb, ALL_IN_ON_THE_FLOP.replace("STACK7", "5400"))
    assert ruling.basis != "not covered" and ruling.outcome == "hand-dead"
    quotes = {c.clause: c.quote for c in ruling.citations}
    assert "collected by the dealer they are considered dead" in quotes["gala.betting-showdown-p2-s4"]
    assert "will not be permitted to retrieve them" in quotes["gala.betting-showdown-p4"]
    assert {"effect": "hand-dead", "seat": 4} in ruling.effects


def test_gala_showdown_sentences_do_not_apply_while_betting_is_still_open(kb):
    # Seat 7 checks the turn with chips behind both players: more betting can come, no showdown yet.
    text = (ALL_IN_ON_THE_FLOP.replace("STACK7", "5400")
            .replace("{seat: 4, said: all in, total: 2300}", "{seat: 4, did: check}")
            .replace("{seat: 7, did: call, total: 2300}", "{seat: 7, did: check}"))
    ruling = _mucked(kb, text)
    assert not any(c.clause in ("gala.betting-showdown-p2-s4", "gala.betting-showdown-p4")
                   for c in ruling.citations)
