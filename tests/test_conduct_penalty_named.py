"""The penalty for soft play is said with the clause that names it (e24/conduct), not as the lowest
step of the scale: EDP 9 ¶7 ("Soft play may result in penalties, which may include chip forfeiture
and/or disqualification") and PPL •46 (soft play named) with •54 ("may be develop up to and
including disqualification"). Other conduct keeps the scale's next step (the control)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: edp
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
  - {seat: 1, did: raise, total: 6}
  - {seat: 3, did: raise, total: 20}
  - {seat: 5, did: fold}
  - {seat: 1, did: fold}
"""
SOFT = "  - conduct: {seat: 1, did: soft-play, live_hand: false, hand_in_progress: false, deliberate: true}\n"
LANGUAGE = "  - conduct: {seat: 1, did: foul-language}\n"


def _penalty(kb, entry: str, club: str):
    report = rule_incident(parse_incident_text(HEAD + entry, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "conduct-penalty")


def test_edp_9_7_soft_play_penalty_is_the_range_up_to_disqualification(kb):
    ruling = _penalty(kb, SOFT, "edp")
    text = " ".join(ruling.do)
    assert "edp.9-7" in {c.clause for c in ruling.citations}
    assert "9 ¶7 names disqualification" in text and "up to step 5" in text
    assert "Next on the scale is step 1" not in text
    assert not any(e.get("effect") == "penalty-step" for e in ruling.effects)


def test_edp_other_conduct_keeps_the_next_step_on_the_scale(kb):
    text = " ".join(_penalty(kb, LANGUAGE, "edp").do)
    assert "Next on the scale is step 1" in text and "names disqualification" not in text


def test_ppl_46_soft_play_gets_54s_range_not_a_first_offence_warning(kb):
    ruling = _penalty(kb, SOFT, "ppl")
    clauses = {c.clause for c in ruling.citations}
    assert {"ppl.league-46", "ppl.league-54-s1-2"} <= clauses
    assert ruling.outcome == "options-at-discretion"
    assert not any(e.get("effect") in ("warning", "penalty-step") for e in ruling.effects)
    steps = {e["step"]: e["penalty"] for e in ruling.effects if e.get("effect") == "penalty-option"}
    assert steps[max(steps)] == "disqualification" and min(steps) == 1
    assert "names disqualification" in " ".join(ruling.do)


def test_ppl_other_conduct_keeps_the_first_offence_warning(kb):
    assert _penalty(kb, LANGUAGE, "ppl").outcome == "warning"
