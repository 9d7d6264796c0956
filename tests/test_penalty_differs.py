"""'Same outcome' must mean the same penalty next (e23/headline, blind O404): a club whose conduct
ruling leaves the penalty to the floor's discretion on its scale (EDP 9 ¶9: "formal last warning"
next after a verbal warning) does not "rule the same" as the house whose scale puts another step
next (PPL League •54: "10 minutes away from the table"), though both outcomes read
options-at-discretion."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.model import ClubRuling
from ruling_engine.render.output import _answer_first, differs, to_dict
from ruling_engine.rulings.rule_on import rule_incident

REPEAT = """\
title: Remarks at a player again after a verbal warning
house: ppl
game: {format: tournament, variant: NLHE, blinds: [200, 400], session: 1, starting_stack: 4000}
button: 2
dealer: 2
players:
  - {seat: 2}
  - {seat: 3}
  - {seat: 4, stack: 5100, warnings: 1}
  - {seat: 7, stack: 3600}
timeline:
  - hand-over:
  - conduct: {seat: 4, did: abused-player, live_hand: false, hand_in_progress: false, to_player_in_hand: false, in_question: true}
"""


def _options(*penalties):
    return [{"effect": "penalty-option", "seat": 4, "step": n + 2, "penalty": p} for n, p in enumerate(penalties)]


def _ruling(effects):
    return ClubRuling(club="x", issue="conduct-penalty", basis="express", outcome="options-at-discretion",
                      decision="", effects=effects)


def test_another_penalty_next_differs_the_same_does_not():
    ten = _ruling(_options("10 minutes away from the table", "disqualification"))
    assert differs(_ruling(_options("formal last warning", "disqualification")), ten)
    assert not differs(_ruling(_options("10 minutes away from the table", "20 minutes away")), ten)
    decided = _ruling(_options("5 minutes", "10 minutes away from the table")
                      + [{"effect": "penalty-step", "seat": 4, "step": 3, "penalty": "10 minutes away from the table"}])
    assert not differs(decided, ten)


def test_edp_formal_last_warning_is_not_the_same_as_ppl_ten_minutes(kb):
    report = rule_incident(parse_incident_text(REPEAT, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    data = to_dict(report)
    edp = [r for r in data["clubs"]["edp"]["rulings"] if r["issue"] == "conduct-penalty"]
    ppl = [r for r in data["clubs"]["ppl"]["rulings"] if r["issue"] == "conduct-penalty"]
    assert edp and ppl and edp[0]["outcome"] == ppl[0]["outcome"]        # the same words of outcome
    assert edp[0]["differs_from_house"]
    assert any(line.strip().startswith("edp (DIFFERS)") for line in _answer_first(data, "ppl"))
