"""Issue 20 (S101, S301): who acts next once an out-of-turn action is voided or held, and a point in
a later hand of a timeline reading what the hand before left for it (the level went up while it was
played)."""
from ruling_engine.rulings.rule_on import rule_on

# Seat 2 is first to act on the turn; seat 5 bets out of turn, seat 2 then bets, and seat 5 speaks
# again ("raise, five") without putting out more chips. Order: 2, 5, 1.
OOT_THEN_WORDS = """
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1], smallest_chip: 0.50}
button: 1
players:
  - {seat: 1, stack: 35}
  - {seat: 2, stack: 27}
  - {seat: 5, stack: 44}
timeline:
  - turn: {cards: [5♥], pot: 10}
  - {seat: 5, said: "two pounds", chips: [1, 1], in_question: true}
  - {seat: 2, said: "Bet, two pounds", chips: [1, 1]}
  - {seat: 5, said: "Then I raise, five", in_question: true}
"""


def _rule(tmp_path, text, name="incident.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return rule_on(path)


def test_a_voided_out_of_turn_bet_leaves_the_action_on_him_when_his_turn_comes_after_the_skipped_player(tmp_path):
    report = _rule(tmp_path, OOT_THEN_WORDS)
    # EDP 8 ¶8: the bet comes back, he may call or fold; his words put nothing in: he still has to act
    edp = report.answers["edp"].now["next"]
    assert (edp["seat"], edp["call"], edp["options"]) == (5, 2, "call-or-fold")
    # FPC 4: his out-of-turn play is void and he acts freely; it is his turn (after seat 2), not seat 1's
    fpc = report.answers["fpc"].now["next"]
    assert (fpc["seat"], fpc["call"]) == (5, 2)
    assert [t["seat"] for t in report.answers["fpc"].now["then"]] == [1]


# Hand A ends on the river; the level went up while it was played, the next blinds already out.
# Hand B: the objection (its point) is about the level hand B is played at.
TWO_HANDS_LEVEL = """
house: fpc
game: {format: tournament, variant: NLHE, blinds: [300, 600], level: 7}
players:
  - {seat: 1, stack: 20000}
  - {seat: 4, stack: 20000}
  - {seat: 5, stack: 6300}
  - {seat: 6, stack: 9100}
  - {seat: 7, stack: 20000}
  - {seat: 8, stack: 20000}
timeline:
  - river:
  - {seat: 1, did: bet, total: 2000}
  - level_change: {blinds_in_before_beep: true, previous_hand_completed: COMPLETED, blinds: [400, 800]}
  - {seat: 8, did: call, total: 2000}
  - showdown:
  - money_moved: {did: pushed, seat: 1}
  - hand-over:
  - {seat: 5, posts: small-blind, chips: [100, 100, 100]}
  - {seat: 6, posts: big-blind, chips: [500, 100]}
  - deal: {button: 4}
  - said: {by: 7, words: "The level went up before these were dealt, it's 400/800.", in_question: true}
"""


def test_a_point_in_the_later_hand_rules_on_the_level_change_made_while_the_hand_before_was_played(tmp_path):
    during = _rule(tmp_path, TWO_HANDS_LEVEL.replace("COMPLETED", "false"))
    assert {club: answer.rulings[0].issue for club, answer in during.answers.items()
            if answer.rulings} == {club: "blind-level" for club in during.answers}
    # FPC 12: blinds out before the beep keep the old level "only if the previous hand is completed"
    assert next(r for r in during.answers["fpc"].rulings if r.issue == "blind-level").outcome == "new-level"
    after = _rule(tmp_path, TWO_HANDS_LEVEL.replace("COMPLETED", "true"), "after.yaml")
    assert next(r for r in after.answers["fpc"].rulings if r.issue == "blind-level").outcome == "old-level"
