"""An over-blind (a straddle) a club does not allow in tournament play, put out by the first player
to act and played on without objection (another player put chips in against it), stands as his
opening raise with no option (e22/undone, C404's key): Gala Tournament n) and EDP 3 ¶19 forbid it
but give no remedy; handing the chips back would undo the callers' action too (Gala's Mis-deal
intro, EDP 1 ¶4: fairness over the technical rule). Noticed before anyone acted, it goes back as
before (cases/order-over-blind-tournament.yaml)."""
import pytest

from ruling_engine.rulings.rule_on import rule_on

PLAYED_ON = """
title: tournament over-blind under the gun, called, six fold, then the big blind objects
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 25}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 2, stack: 5000}}
  - {{seat: 3, stack: 3800}}
  - {{seat: 4, stack: 5000}}
  - {{seat: 5, stack: 6200}}
  - {{seat: 6, stack: 5000}}
timeline:
  - {{seat: 4, posts: straddle, said: straddle, chips: [100, 100, 100, 100], in_question: true}}
  - deal:
  - preflop:
{actions}
"""
CALLED = """  - {seat: 5, did: call, total: 400}
  - {seat: 6, did: fold}
  - {seat: 1, did: fold}
  - {seat: 2, did: fold}"""


def _answer(kb, tmp_path, club, actions):
    path = tmp_path / "incident.yaml"
    path.write_text(PLAYED_ON.format(house=club, actions=actions))
    return rule_on(path, kb=kb).answers[club]


@pytest.mark.parametrize("club, clause", [("gala", "gala.tournament-n"), ("edp", "edp.3-19")])
def test_an_over_blind_the_hand_was_played_on_stands_as_his_open(kb, tmp_path, club, clause):
    answer = _answer(kb, tmp_path, club, CALLED)
    [straddle] = [r for r in answer.rulings if r.issue == "straddle"]
    assert straddle.outcome == "chips-play-as-action" and straddle.basis == "reading", straddle
    assert clause in {c.clause for c in straddle.citations}
    assert answer.now["moves"] == [] or all(m["seat"] not in (4, 5) for m in answer.now["moves"]), answer.now
    nxt = answer.now["next"]
    assert nxt["seat"] == 3 and nxt["call"] == 200 and nxt["min_raise_to"] == 600, nxt
    assert [e["amount"] for e in answer.settlement if e["effect"] == "pot"] == [1100]


@pytest.mark.parametrize("club", ["gala", "edp"])
def test_an_over_blind_nobody_played_on_still_goes_back(kb, tmp_path, club):
    """Only folds after it (no chips against it): the clause's refusal stands, the 400 goes back."""
    answer = _answer(kb, tmp_path, club, "  - {seat: 5, did: fold}")
    [straddle] = [r for r in answer.rulings if r.issue == "straddle"]
    assert straddle.outcome == "straddle-refused", straddle
