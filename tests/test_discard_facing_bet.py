"""A hand discarded facing a bet, then "I call" in words (e24/stud, O501).

- Gala House rules w) "A player facing a bet who discards his hand either by verbal or visual
  action may not reclaim it, the hand is now dead.": the clause for the exact situation is cited
  and governs Dealer procedures n)'s general out-of-turn discard. Whether he faced a bet is read
  when he discarded, not after the entries that follow (his later "I call" does not unmake it)."""
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import point_view, read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

DISCARD = """\
title: Cards pushed forward facing a bet; then "I call" in words
house: gala
game: {format: cash, variant: NLHE, blinds: [0.50, 1], smallest_chip: 0.50}
button: 8
players:
  - {seat: 3, stack: 44}
  - {seat: 4, stack: 97}
  - {seat: 6, stack: 60}
  - {seat: 8, stack: 35}
pot_at_start: 12.50
timeline:
  - flop: [J♥, 8♣, 3♦]
  - {seat: 3, chips: [5, 1]}
  - hand_mucked: {seat: 6, by: player, touched_muck: false, in_question: true}
  - {seat: 6, said: "I haven't folded. I call.", in_question: true}
"""


def _incident(kb, text):
    return parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)


def _gala(kb, text):
    return rule_incident(_incident(kb, text), kb, with_precedents=False).answers["gala"]


def test_facing_bet_is_read_when_he_discarded_not_after_his_later_call(kb):
    timeline = read_timeline(_incident(kb, DISCARD).data)
    data, index = point_view(timeline, timeline.points[0])
    assert computed_facts(data, index)["hand_mucked.facing_bet"] is True


def test_gala_house_w_governs_a_discard_facing_a_bet(kb):
    gala = _gala(kb, DISCARD)
    muck = next(r for r in gala.rulings if r.issue == "mucked-hand")
    assert muck.outcome == "hand-dead"
    cited = [c.clause for c in muck.citations]
    assert "gala.house-w" in cited
    assert "gala.dealer-n" not in cited          # n)'s general out-of-turn discard gives way to w)


def test_gala_house_w_not_cited_when_no_bet_faced(kb):
    text = DISCARD.replace("  - {seat: 3, chips: [5, 1]}\n", "  - {seat: 3, did: check}\n")
    muck = next(r for r in _gala(kb, text).rulings if r.issue == "mucked-hand")
    assert "gala.house-w" not in [c.clause for c in muck.citations]
