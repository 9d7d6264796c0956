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
