"""A breach that bears on the hand, ruled on a clause that says nothing of the hand or the pot, is
not left silently as the breach left it (e24/conduct): PPL •12 s1 ("Players may not ask advice as to
how to act during a hand") and EDP 9 ¶2 (one player to a hand) say the Venue Manager / CRMS decides
the hand first, their discretion clauses (PPL •53, EDP 1 ¶4) cited; a breach with no hand at
stake is left as its clause rules."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: GBP}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 5, stack: 200}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 5, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 1, did: call, total: 2}
  - {seat: 3, did: call, total: 2}
  - {seat: 5, did: check}
  - flop: [K♦, 8♣, 3♠]
  - {seat: 3, did: bet, total: 6}
  - {seat: 5, did: fold}
"""
ADVICE = "  - conduct: {seat: 1, did: asked-advice, live_hand: true, about_hand: own-live, in_question: true}\n"
ALL_IN = "  - {seat: 1, did: all-in, total: 200}\n"
LEFT = "hand-left-to-floor"


def _rule(kb, text: str, house: str = "ppl"):
    return rule_incident(parse_incident_text(text.replace("house: ppl", f"house: {house}"), "t.yaml",
                                             kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _conduct(report, club):
    return next(r for r in report.answers[club].rulings if r.issue == "conduct")


def test_ppl_12_s1_advice_sought_leaves_the_hand_to_the_venue_manager_53(kb):
    report = _rule(kb, HEAD + ADVICE + ALL_IN)
    ruling = _conduct(report, "ppl")
    assert "ppl.league-12-s1" in {c.clause for c in ruling.citations}
    assert "ppl.league-53" in {c.clause for c in ruling.citations}
    assert {"effect": LEFT, "seat": 1} in ruling.effects
    now = render_text(report).split("== The answer ==\n")[1].split("The pot:")[0]
    assert "decides first" in now and "what the breach does to the hand and the pot" in now


def test_edp_9_2_one_player_to_a_hand_leaves_the_hand_to_the_crms_1_4(kb):
    ruling = _conduct(_rule(kb, HEAD + ADVICE + ALL_IN, "edp"), "edp")
    assert {"edp.9-2", "edp.1-4"} <= {c.clause for c in ruling.citations}
    assert any(e.get("effect") == LEFT for e in ruling.effects)


def test_a_breach_with_no_hand_at_stake_is_not_left_to_the_floor(kb):
    """Foul language bears on no hand's result: no hand-left line (the control)."""
    report = _rule(kb, HEAD + "  - conduct: {seat: 1, did: foul-language, live_hand: true}\n")
    for club in report.answers:
        assert not any(e.get("effect") == LEFT for r in report.answers[club].rulings for e in r.effects)
