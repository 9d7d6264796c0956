"""A correction carries to the calls after it (issue 20, class 1 of e14/propagate): a raise a
club's ruling cuts to a call lowers the bet, and a later player who called the raise called the bet
as it now stands: the chips over it go back to him, and the Now and the pot read it so."""
from ruling_engine.corrected.hand import correct
from ruling_engine.corrected.now import now_of
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.model import Citation, ClubRuling
from ruling_engine.rulings.settlement import settle

TURN = """
house: fpc
game: {format: cash, variant: NLHE, blinds: [50, 100]}
button: 9
players:
  - {seat: 2, stack: 8000}
  - {seat: 5, stack: 8000}
  - {seat: 7, stack: 8000}
  - {seat: 9, stack: 8000}
pot_at_start: 1200
timeline:
  - turn:
  - {seat: 2, did: bet, total: 300}
  - {seat: 5, chips: [500, 500], in_question: true}
  - {seat: 7, said: call, total: 1000}
"""


def _timeline(kb, text=TURN):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return read_timeline(incident.data, kb.vocabulary.together_kinds)


def _ruled_call(seat, total):
    return ClubRuling(club="fpc", issue="chips-without-declaration", basis="express", outcome="call", decision="",
                      effects=[{"effect": "ruled-call", "seat": seat, "total": total}], point=0,
                      citations=[Citation("fpc", "x.1", "x.1", "q", "x.1.rule")])


def test_a_later_call_of_a_raise_ruled_a_call_follows_the_corrected_bet(kb):
    timeline = _timeline(kb)
    rulings = [_ruled_call(5, 300)]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert hand.current_bet == 300
    assert hand.round_in[5] == 300 and hand.round_in[7] == 300       # seat 7 called the 300 that stands
    now = now_of(hand, timeline.hand.order_button)
    assert {"seat": 7, "back": 700, "street": "turn"} in now["moves"], now["moves"]
    assert {"seat": 5, "back": 700, "street": "turn"} in now["moves"], now["moves"]
    assert now["next"]["seat"] == 9 and now["next"]["call"] == 300, now     # the button faces the 300 bet
    money = settle(timeline.data, timeline.hand, rulings, kb.vocabulary, hand)
    assert {"effect": "return-chips", "seat": 7, "amount": 700} in money
    assert next(e["amount"] for e in money if e["effect"] == "pot") == 1200 + 3 * 300
    # a later player who raised over it is left as he made it
    timeline = _timeline(kb, TURN.replace("{seat: 7, said: call, total: 1000}", "{seat: 7, did: raise, total: 2500}"))
    hand = correct(timeline.data, timeline.hand, [_ruled_call(5, 300)], kb.vocabulary)
    assert hand.round_in[7] == 2500 and hand.current_bet == 2500
