"""A replay's per-step records are built only for the steps a fact reads (facts/hand.py _Snapshots):
the scale reproducers re-read their timeline once per correction set (benchmarks/README.md)."""
from __future__ import annotations

from ruling_engine.facts.replay import parse_said
from ruling_engine.facts.hand import BettingState, TableView, replay_timeline


def _raise_war(raises: int) -> dict:
    actions = [{"seat": 2 if i % 2 == 0 else 7, "did": "bet" if i == 0 else "raise", "total": i + 1,
                "street": "flop"} for i in range(raises)]
    return {"players": [{"seat": 2, "stack": 1000}, {"seat": 7, "stack": 1000}], "button": 7,
            "game": {"format": "cash", "variant": "NLHE", "blinds": [1, 2]}, "actions": actions,
            "street": "flop", "_start_street": "flop", "events": []}


def test_a_replay_builds_no_step_records_until_a_fact_reads_one():
    hand = replay_timeline(_raise_war(1000), parse_said)
    assert len(hand.states) == len(hand.views) == 1001
    assert hand.states.snapshots.built == {}          # nothing built by the replay itself
    view = hand.walk(500)
    assert set(hand.states.snapshots.built) == {500}  # only the step read
    assert isinstance(view, TableView) and isinstance(hand.replay(500), BettingState)


def test_the_lazily_built_records_are_those_of_the_step():
    hand = replay_timeline(_raise_war(10), parse_said)
    view, state = hand.walk(4), hand.replay(4)
    # before the fifth action (seat 2 raising to 5): 1+3 from seat 2, 2+4 from seat 7 in on the flop
    assert (view.current_bet, view.round_in, view.contributed, len(view.steps)) == (4, {2: 3, 7: 4}, {2: 3, 7: 4}, 4)
    assert (state.current_bet, state.bets_this_round, state.stacks) == (4, 4, {2: 997, 7: 996})
    assert hand.views[-1] is hand.views[10] and hand.views[-1].current_bet == 10
    assert hand.walk().pot == 19 and hand.total_in() == {2: 9, 7: 10}
