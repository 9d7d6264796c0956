"""A question asked between hands, after a `hand-over:` and before the next deal (docs/timeline.md,
"A question asked between hands", "More than one hand"; incident/hands.py asked_before_next_deal):
what came before the `hand-over:` is history, not a point of the hand not yet dealt, and that hand
has no dead hands and no pot. A player at another table is written with `table:` on his event, never
under players: (this table's seats and order of action)."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_on


def _rule(kb, tmp_path, text):
    path = tmp_path / "i.yaml"
    path.write_text(text, encoding="utf-8")
    return rule_on(path, kb=kb)


def _cited(report) -> set:
    return {c.clause for answer in report.answers.values() for r in answer.rulings for c in r.citations}


# Gala House rules l) ("If the player is not at there seat when the last card is dealt, the hand is
# immediately taken in by the dealer and declared void"): said of hands before the hand-over, now
# finished; the question is a £2 put out before the next deal, which makes no hand of his dead.
AWAY_BEFORE = """\
title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: GBP}
button: 9
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 6, stack: 87}
  - {seat: 9}
timeline:
  - player_away: {seat: 6, at_first_card: true, at_last_card: true, back: next-hand}
  - blind_missed: {seat: 6, intentional: unknown}
  - hand-over:
  - {seat: 6, posts: big-blind, chips: [1, 1], in_question: true}
  - said: {by: 2, words: "You can't post out of position.", kind: claim}
"""


def test_a_player_away_in_finished_hands_is_no_dead_hand_of_the_hand_not_yet_dealt(kb, tmp_path):
    report = _rule(kb, tmp_path, AWAY_BEFORE)
    text = render_text(report)
    assert "Dead hand" not in text
    assert "gala.house-l" not in _cited(report)          # the away-at-the-deal clause is not ruled
    assert "Main pot" not in text and "The pot" not in text     # a hand not yet dealt has no pot
    assert any("history" in w for w in report.warnings)


def test_the_same_player_away_marked_is_still_ruled(kb, tmp_path):
    # a mark on the earlier entry puts the question there: the history is ruled when the floor asks
    text = AWAY_BEFORE.replace("back: next-hand}", "back: next-hand, in_question: true}").replace(
        ", in_question: true}\n  - said", "}\n  - said")
    report = _rule(kb, tmp_path, text)
    assert "Dead hand" in render_text(report)


# FPC 33 ("players moved ... between the small blind and the button ... sit out") and Gala (v) are
# about where a moved player sits for the next deal: a move made after the hand-over is ruled on the
# hand not yet dealt, never on the finished hand ("Dead hand: seat 4" for a hand he never played).
MOVED_IN = """\
title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [400, 800]}
button: 3
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
  - {seat: 4, stack: 2300}
  - {seat: 5, stack: 3500}
  - {seat: 6, stack: 3400}
  - {seat: 8, stack: 6900}
timeline:
  - deal:
  - {seat: 4, posts: small-blind, total: 400}
  - {seat: 5, posts: big-blind, total: 800}
  - {seat: 6, did: fold}
  - {seat: 8, did: raise, total: 2000}
  - {seat: 1, did: fold}
  - {seat: 2, did: fold}
  - {seat: 3, did: fold}
  - {seat: 4, did: all-in, total: 2300}
  - {seat: 5, did: fold}
  - {seat: 8, did: call, total: 2300}
  - showdown:
  - money_moved: {did: pushed, seat: 8, amount: 5400}
  - player_busted: {seat: 4}
  - hand-over:
  - seat_emptied: {seat: 4, reason: eliminated}
  - player_moved: {seat: 4, took_all_chips: true, in_question: true}
"""


def test_a_move_made_between_hands_is_not_ruled_on_the_finished_hand(kb, tmp_path):
    report = _rule(kb, tmp_path, MOVED_IN)
    text = render_text(report)
    assert "Dead hand" not in text and "Main pot" not in text
    assert "fpc.33" not in _cited(report)             # seat 4 is the button's seat, not between SB and button
    assert "empty seat 4" not in text                 # a seat filled before the deal is not empty
    for answer in report.answers.values():
        assert answer.now["next"] is None             # nobody acts in a hand not yet dealt


def test_a_dispute_about_the_finished_hand_after_its_hand_over_rules_that_hand(kb, tmp_path):
    # words or a dispute after the hand-over are about the hand just played: it is still the one ruled
    text = MOVED_IN.replace("  - seat_emptied: {seat: 4, reason: eliminated}\n"
                            "  - player_moved: {seat: 4, took_all_chips: true, in_question: true}\n",
                            "  - chips_found: {amount: 100, in_question: true}\n")
    report = _rule(kb, tmp_path, text)
    assert not any("history" in w for w in report.warnings)
    assert "Main pot: 5,400" in render_text(report)


# A player knocked out at another table (player_busted's `table:`, help: "The number of the table he
# was knocked out at"): written with table:, not under players:, so he is never in this table's order
# of action (no out-of-turn fold ruled for a seat of this table acting "before" him).
OTHER_TABLE = """\
title: t
house: edp
game: {format: tournament, variant: NLHE, blinds: [800, 1600]}
button: 2
players:
  - {seat: 1, stack: 41200}
  - {seat: 2, stack: 6100}
  - {seat: 4, stack: 28700}
  - {seat: 6, stack: 19500}
  - {seat: 8, stack: 22400}
timeline:
  - table_count: {number: 1, players: 5, hand_here: true}
  - table_count: {number: 2, players: 4}
  - deal:
  - {seat: 4, posts: small-blind, total: 800}
  - {seat: 6, posts: big-blind, total: 1600}
  - {seat: 8, did: fold}
  - {seat: 1, did: fold}
  - {seat: 2, did: all-in, total: 6100}
  - {seat: 4, did: fold}
  - player_busted: {seat: 3, table: 2, in_question: true}
  - {seat: 6, did: call, total: 6100}
"""


def test_a_player_busted_at_another_table_needs_no_seat_at_this_one(kb, tmp_path):
    report = _rule(kb, tmp_path, OTHER_TABLE)
    assert "order-out-of-turn" not in {r.issue for a in report.answers.values() for r in a.rulings}
    assert "out of turn" not in render_text(report)


def test_the_hint_for_a_seat_not_listed_says_how_to_write_a_player_at_another_table(kb, tmp_path):
    with pytest.raises(FloorcallError) as error:
        _rule(kb, tmp_path, OTHER_TABLE.replace("table: 2, ", ""))
    hint = str(error.value)
    assert "table:" in hint and "do not list him under players:" in hint


def test_a_rebuy_asked_after_the_bust_reads_the_hand_just_played(kb, tmp_path):
    # a rebuy's clauses read the hand he busted on (rebuy_request's next_hand_dealt, NEXT_DEAL_SAYS):
    # that hand is not set apart as history
    text = MOVED_IN.replace("  - seat_emptied: {seat: 4, reason: eliminated}\n"
                            "  - player_moved: {seat: 4, took_all_chips: true, in_question: true}\n",
                            "  - rebuy_request: {seat: 4, chips: 0, starting_chips: 2000, in_question: true}\n")
    report = _rule(kb, tmp_path, text)
    assert not any("history" in w for w in report.warnings)
