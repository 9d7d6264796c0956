"""Between hands: no hand invented (issue 20). A timeline with no deal, no action and no post
(only arrivals, payments, words, table counts, seat changes) has no hand in progress: the replay
posts no blinds, so the answer shows no pot and no Now about a hand nobody dealt."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

BETWEEN = """\
title: Two tables, nine against seven, asked between hands
house: gala
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 4
players:
  - {seat: 2, stack: 11800}
  - {seat: 4, stack: 9000}
  - {seat: 5, stack: 9000}
  - {seat: 6, stack: 6300}
timeline:
  - table_count: {number: 1, players: 9, in_question: true}
  - table_count: {number: 2, players: 7, in_question: true}
  - said: {by: 2, words: "I'll go."}
"""

DEALT = BETWEEN.replace('  - said: {by: 2, words: "I\'ll go."}\n',
                        '  - said: {by: 2, words: "I\'ll go."}\n  - {seat: 2, did: fold}\n')


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_a_question_asked_between_hands_posts_no_blinds_and_shows_no_pot(kb):
    report = _report(kb, BETWEEN)
    text = render_text(report)
    assert "Main pot" not in text and "The pot" not in text
    for answer in report.answers.values():
        assert answer.now["next"] is None and not answer.now["owes"]


def test_a_hand_dealt_and_played_still_posts_its_blinds(kb):
    text = render_text(_report(kb, DEALT))
    assert "Main pot: 600" in text


AWAY = """\
title: A registered player not yet here, before any hand is dealt
house: gala
game: {format: tournament, variant: NLHE, blinds: [25, 50]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000, present: false}
  - {seat: 4, stack: 5000}
timeline:
  - money_paid_in: {kind: entry, amount: 20}
  - player_away: {seat: 2, since_start: true, in_question: true}
"""


def test_no_dead_hand_is_ruled_for_a_hand_never_dealt(kb):
    report = _report(kb, AWAY)
    text = render_text(report)
    assert "Dead hand" not in text and "only hand left in" not in text
    for answer in report.answers.values():
        assert "absent-player" not in {r.issue for r in answer.rulings}
        assert "absent-chips" in {r.issue for r in answer.rulings}     # his chips' question still stands
    dealt = _report(kb, AWAY.replace("timeline:\n", "timeline:\n  - deal:\n"))
    assert "absent-player" in {r.issue for r in dealt.answers["gala"].rulings}


def test_another_club_agreeing_on_the_marked_point_is_briefed_on_it_not_on_an_unmarked_one(kb):
    """Issue 20: an unmarked entry (a fee, a receipts point) stays beside the answer; a club that rules
    the marked point as the house does opens its brief with that decision, the side point after it."""
    report = _report(kb, AWAY)
    text = render_text(report)
    brief = " ".join(text.split("Other clubs, in brief:")[1].split("\n\n")[0].split())
    marked = {i for i, p in enumerate(report.points) if p.marked}
    assert marked and len(report.points) > len(marked)          # an unmarked money point beside the mark
    for club in ("edp", "fpc", "ppl"):
        first = next(r for r in report.answers[club].rulings if r.point in marked)
        line = brief.split(f"{club} (")[1].split("): ", 1)[1]
        assert line.startswith(" ".join(first.decision.split())[:40])
        assert "Beside the marked point, on receipts" in line


def test_a_dealt_hand_issue_the_vocabulary_does_not_know_is_a_clear_error(tmp_path):
    import pytest
    from conftest import ROOT
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.yaml_source import load_file
    from ruling_engine.knowledge.vocabulary import parse_vocabulary
    text = (ROOT / "knowledge" / "vocabulary.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "vocabulary.yaml"
    bad.write_text(text.replace("dealt_hand_issues: [absent-player]", "dealt_hand_issues: [absent-players]", 1),
                   encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        parse_vocabulary(load_file(bad, what="the vocabulary"), str(bad))
    assert "absent-players" in str(error.value)
