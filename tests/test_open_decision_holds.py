"""An open floor decision that can change the board or who is in the hand holds the Now wherever it
is in the hand (issue 20, L403's class; vocabulary `open_holds_play:`): a club with no clause on the
muck turned over as the turn came (EDP, discretion 1 ¶4) has its floor decide first, whether the
point is marked or beside the marks."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

TURN_FROM_DISCARDS = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
button: 5
players:
  - {seat: 4, stack: 100}
  - {seat: 5, stack: 100}
  - {seat: 7, stack: 100}
timeline:
  - {seat: 4, did: raise, total: 6}
  - {seat: 5, did: fold}
  - {seat: 7, did: call, total: 6}
  - flop: [Js, 7h, 2d]
  - {seat: 7, did: check}
  - {seat: 4, did: check}
  - turn: {cards: [7c], in_question: true}
  - muck_handled: {by: dealer, turned_over: true, hand_live: true}
"""


def _edp(kb, text):
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return report.answers["edp"]


def test_edp_1_4_the_muck_turned_over_beside_the_mark_holds_the_action(kb):
    """EDP has no clause on the muck handled (not covered; 1 ¶4 "The best interest of the game and
    fairness are top priorities in decision-making"): the CRMS decides what the turn is before seat 7
    acts on it, though the mark is on the turn card, not on the muck."""
    edp = _edp(kb, TURN_FROM_DISCARDS)
    muck = [r for r in edp.rulings if r.issue == "muck-handling"]
    assert muck and muck[0].basis == "not covered"
    first = edp.now.get("floor_first")
    assert first and first["issue"] == "muck-handling" and "edp.1-4" in first["clauses"]


def test_without_open_holds_play_a_point_beside_the_marks_holds_nothing(kb):
    """The hold comes from the vocabulary, not from the point: the same hand with muck-handling not
    marked open_holds_play leaves the Now to the marked turn alone (no muck-handling hold)."""
    spec = kb.vocabulary.issues["muck-handling"]
    assert spec.get("open_holds_play") is True and "muck-handling" in kb.vocabulary.holding_issues
    held = kb.vocabulary.holding_issues      # read once from open_holds_play when the vocabulary loads
    try:
        kb.vocabulary.holding_issues = held - {"muck-handling"}
        first = _edp(kb, TURN_FROM_DISCARDS).now.get("floor_first")
    finally:
        kb.vocabulary.holding_issues = held
    assert not first or first["issue"] != "muck-handling"
