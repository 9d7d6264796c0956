"""The answer opens with what the floor was called about (issue 20): at the marked point, the
point's own issues are ruled first, in the order marked, and the hand's own questions asked there
(its side pots, the uncalled bet, who is out) after them, so the headline ("The answer", its first
ruling and do-lines) and each other club's summary line speak to the marked point."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

# a called river bet leaves an uncalled part to give back (the hand's own question), and the
# busted caller's re-buy request is what the floor was called about
REBUY_AFTER_UNDERCALL = """\
title: A short stack busted and asks to re-buy
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
players:
  - {seat: 2, stack: 9000}
  - {seat: 5, stack: 900}
pot_at_start: 300
timeline:
  - river:
  - {seat: 2, said: bet, total: 2000}
  - {seat: 5, said: call}
  - showdown:
  - rebuy_request: {seat: 5, chips: 0, starting_chips: 3000, period_over: false, in_question: true}
"""


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_the_marked_points_ruling_comes_before_the_hands_own_questions(kb):
    report = _report(kb, REBUY_AFTER_UNDERCALL)
    for club, answer in report.answers.items():
        issues = [r.issue for r in answer.rulings]
        assert issues[0] == "rebuy", (club, issues)
        assert "side-pots" in issues, (club, issues)      # still ruled, after the marked point's own


def test_the_answer_headline_is_the_ruling_on_the_marked_rebuy(kb):
    report = _report(kb, REBUY_AFTER_UNDERCALL)
    text = render_text(report)
    head = text.split("== The answer ==", 1)[1].split("Other clubs, in brief:", 1)[0]
    assert "re-buy" in head
    assert "undercall" not in head
    first = text.index("== A re-buy or top-up asked for ==")
    assert first < text.index("== Dividing the pot when a player is all-in")


# the floor marked a plain call (nothing irregular); the level went up before the hand, unmarked
LEVEL_CHANGE_BESIDE_A_QUIET_MARK = """\
title: A plain call marked, the level went up before the hand
house: edp
game: {format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 100}
button: 1
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
  - {seat: 4, stack: 9000}
  - {seat: 5, stack: 9000}
timeline:
  - level_change: {blinds: [200, 400]}
  - preflop:
  - {seat: 4, did: raise, total: 1000}
  - {seat: 5, did: call, total: 1000, in_question: true}
"""


def test_a_marked_point_that_raised_nothing_says_so_first_not_promoting_the_unmarked_level_change(kb):
    """Issue 20/21: the answer opens with what the floor was called about; a ruling on a point beside
    the marks follows, named as beside it, never as if it were the marked question's answer."""
    report = _report(kb, LEVEL_CHANGE_BESIDE_A_QUIET_MARK)
    assert [r.issue for r in report.answers["edp"].rulings] == ["blind-level"]
    text = render_text(report)
    answer = text.split("== The answer ==", 1)[1].split("Now:", 1)[0]
    lines = " ".join(answer.split())
    assert lines.startswith("edp: No irregularity recognised at the marked point: seat 5's action"), lines
    assert "Beside the marked point, on which blind level the next hand is played at:" in lines, lines
