"""A second offence is never given a first warning (issue 21): where a club's clause only says the
behaviour is not acceptable, and its penalty scale takes a player past the warning he has had, the
ruling on the behaviour does not warn him again beside the penalty step."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

ABUSE = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 2
players:
  - {seat: 2, stack: 6000}
  - {seat: 4, stack: 6000, warnings: WARNINGS}
  - {seat: 7, stack: 6000}
timeline:
  - preflop:
  - conduct: {seat: 4, did: threatened, hand_in_progress: false}
"""


def _ppl(kb, warnings):
    text = ABUSE.replace("WARNINGS", str(warnings))
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False).answers["ppl"].rulings


def test_a_second_threat_is_not_given_a_first_warning_beside_the_penalty_step(kb):
    """PPL Nights •8 ("Inappropriate or threatening behaviour is not acceptable"): a first offence
    is warned; after an earlier warning the behaviour must stop, no warning is given again, and the
    penalty is among •54's steps past the warning, at the Venue Manager's discretion."""
    first = _ppl(kb, 0)
    assert any(e["effect"] == "warning" and e["seat"] == 4 for r in first for e in r.effects)
    again = _ppl(kb, 1)
    assert not any(e["effect"] == "warning" and e["seat"] == 4 for r in again for e in r.effects)
    assert not any(line.startswith("Warn seat 4") for r in again for line in r.do)
    conduct = [r for r in again if r.issue == "conduct"]
    assert conduct and any(e["effect"] == "must-stop" and e["seat"] == 4 for e in conduct[0].effects)
    # •54's penalties "may be used with discretion": the Venue Manager chooses among the steps past
    # the warning (issue 21), none is stated as decided
    assert not any(e["effect"] == "penalty-step" and e["seat"] == 4 for r in again for e in r.effects)
    options = [e["step"] for r in again for e in r.effects if e["effect"] == "penalty-option" and e["seat"] == 4]
    assert options and min(options) >= 2
