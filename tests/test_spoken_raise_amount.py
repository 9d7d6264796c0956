"""A raise declared in words with its amount, nothing put out yet (`total: 0`, casebook P504):
"raise to five thousand" is a raise the words declare, and each club's declaration clause says
what it commits him to; the corrected hand carries the declared total, never "a raise to 0".

- EDP 8 ¶18: "Without other clarifying information, declaring raise and an amount is the total bet."
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

INCIDENT = """house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}
button: 9
players:
  - {seat: 1, stack: 6000}
  - {seat: 3, stack: 7200}
  - {seat: 7, stack: 9800}
  - {seat: 9, stack: 4400}
pot_at_start: 3000
timeline:
  - flop: [J♥, 6♠, 3♥]
  - {seat: 1, did: check}
  - {seat: 3, did: bet, total: 1200}
  - {seat: 7, did: call, total: 1200}
  - {seat: 9, did: fold}
  - {seat: 1, said: "Raise to five thousand", total: 0, in_question: true}
"""


def test_edp_raise_to_an_amount_in_words_is_the_total_bet_in_the_corrected_hand(kb):
    report = rule_incident(parse_incident_text(INCIDENT, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    answer = report.answers["edp"]
    ruling = [r for r in answer.rulings if r.issue == "declared-action"][-1]
    assert ruling.outcome == "raise" and any(r.startswith("edp.8-18") for r in ruling.rules_fired), ruling
    assert {"effect": "ruled-raise", "seat": 1, "total": 5000, "add": 5000} in ruling.effects, ruling.effects
    text = " ".join(" ".join(r.do) for r in answer.rulings)
    assert "raise to 0" not in text, text
    # the hand as corrected: seat 3 faces the 5,000 (3,800 more), then seat 7
    assert answer.now["next"]["seat"] == 3 and answer.now["next"]["call"] == 3800, answer.now


# PPL League •2: "If a player does not state his/her intention to raise, any chips placed in front of
# them will be assumed as a call. Any extra chips will be returned to their stack" (casebook P503):
# words heard by all that name no raise ("same again") said before chips over the call are no
# stated raise; words that name one ("raise, all in") are not read so.
SAME_AGAIN = """house: ppl
game: {format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}
button: 5
players:
  - {seat: 3, stack: 11400}
  - {seat: 5, stack: 7300}
pot_at_start: 2600
timeline:
  - flop: [K♣, 9♦, 4♠]
  - {seat: 3, did: bet, total: 1000}
  - {seat: 5, did: raise, total: 2500}
  - {seat: 3, said: "%s", chips: [1000, 1000, 1000], first: words, in_question: true}
"""


def test_ppl_words_naming_no_raise_with_chips_over_the_call_are_a_call_extra_returned(kb):
    report = rule_incident(parse_incident_text(SAME_AGAIN % "Same again.", "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    ruling = [r for r in report.answers["ppl"].rulings if r.issue == "declared-action"][-1]
    assert ruling.outcome == "call" and "ppl.league-2.unofficial-words-chips-are-call" in ruling.rules_fired, ruling
    assert {"effect": "return-chips", "seat": 3, "amount": 1500} in ruling.effects, ruling.effects
    assert report.answers["ppl"].now["next"] is None, report.answers["ppl"].now


def test_ppl_words_that_name_a_raise_are_not_read_as_no_raise_stated(kb):
    report = rule_incident(parse_incident_text(SAME_AGAIN % "Raise it up, same again", "t.yaml", kb.vocabulary,
                                               kb.clubs), kb, with_precedents=False)
    fired = [f for r in report.answers["ppl"].rulings for f in r.rules_fired]
    assert "ppl.league-2.unofficial-words-chips-are-call" not in fired, fired
