"""A hand discarded facing a bet, then "I call" in words (e24/stud, O501).

- Gala House rules w) "A player facing a bet who discards his hand either by verbal or visual
  action may not reclaim it, the hand is now dead.": the clause for the exact situation is cited
  and governs Dealer procedures n)'s general out-of-turn discard. Whether he faced a bet is read
  when he discarded, not after the entries that follow (his later "I call" does not unmake it).
- Chips are never invented: a dead seat's later call in words, its chips not stated, gives him
  nothing "back"; chips the file shows him putting in after his hand died do go back."""
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


def test_a_dead_seats_call_in_words_with_no_chips_stated_gives_nothing_back(kb):
    gala = _gala(kb, DISCARD)
    assert not [e for e in gala.settlement if e["effect"] == "return-chips" and e.get("seat") == 6]
    assert not [m for m in gala.now["moves"] if m.get("seat") == 6]
    pot = next(e for e in gala.settlement if e["effect"] == "pot")
    assert pot["amount"] == 18.5 and 6 not in pot["seats"]


def test_chips_the_file_shows_after_his_hand_died_do_go_back(kb):
    text = DISCARD.replace('said: "I haven\'t folded. I call."', 'said: "I haven\'t folded. I call.", chips: [5, 1]')
    gala = _gala(kb, text)
    back = {e["seat"]: e["amount"] for e in gala.settlement if e["effect"] == "return-chips"}
    assert back.get(6) == 6
