"""The betting arithmetic (ruling_engine/facts/betting.py) agrees with pokerkit on amounts.

Seeded random legal no-limit hold'em hands, 2-6 players with varied stacks (short stacks make
all-ins for less, side pots and uncalled bets common), are played in pokerkit and written as
floorcall action logs; after every action the amount to call, the legal minimum raise-to and the
pot must agree, and at the end the pots (amounts and who may win each). pokerkit is an oracle for
amounts only: who may re-raise after an all-in for less is each club's rule, not pokerkit's.
"""
import random

import pytest

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, NoLimitTexasHoldem  # noqa: E402

from ruling_engine.facts.betting import pots, walk  # noqa: E402

STREETS = ("preflop", "flop", "turn", "river")
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               )     # no showdown automation: the pots are compared before any hand is mucked
HANDS = 150


def _incident(stacks, actions, street):
    """pokerkit player i sits in seat i + 1; the button is the last seat (heads-up it posts the
    small blind, as in pokerkit)."""
    n = len(stacks)
    return {"house": "edp", "game": {"format": "cash", "variant": "NLHE", "blinds": [1, 2]},
            "street": street, "button": n,
            "players": [{"seat": i + 1, "stack": stack} for i, stack in enumerate(stacks)],
            "actions": actions}


def _play(seed):
    """Yield (incident so far, pokerkit state) after every action of one random hand."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = tuple(rng.choice([rng.randint(3, 40), rng.randint(20, 200), rng.randint(100, 400)])
                   for _ in range(n))
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, n)
    actions = []
    while state.actor_index is not None:
        seat = state.actor_index + 1
        street = STREETS[state.street_index]
        choice = rng.random()
        if state.checking_or_calling_amount and choice < 0.2:
            state.fold()
            actions.append({"seat": seat, "street": street, "said": "fold"})
        elif choice < 0.55 and state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            to = high if rng.random() < 0.3 else rng.randint(low, max(low, min(high, low * 3)))
            state.complete_bet_or_raise_to(to)
            actions.append({"seat": seat, "street": street, "total": to})
        else:
            state.check_or_call()
            actions.append({"seat": seat, "street": street, "said": "call"})
        next_street = STREETS[min(state.street_index, 3)] if state.street_index is not None else street
        yield _incident(stacks, list(actions), next_street), state


def _check_amounts(incident, state):
    view = walk(incident)
    bets = list(state.bets)
    pot = sum(state.pot_amounts) + sum(bets)
    assert view.pot == pot
    seat = state.actor_index + 1
    assert view.to_call(seat) == state.checking_or_calling_amount
    if state.can_complete_bet_or_raise_to():
        most = view.round_in[seat] + view.stacks[seat]
        assert min(view.min_raise_to, most) == state.min_completion_betting_or_raising_to_amount


@pytest.mark.parametrize("chunk", range(3))
def test_to_call_min_raise_and_pot_agree_with_pokerkit_after_every_action(chunk):
    checked = side_pots = 0
    for seed in range(chunk * HANDS // 3, (chunk + 1) * HANDS // 3):
        for incident, state in _play(seed):
            if state.actor_index is not None:
                _check_amounts(incident, state)
                checked += 1
            elif len(walk(incident).in_hand) > 1:      # a showdown (a hand won by folds is not compared)
                final = walk(incident)
                found, _seat, returned = pots(final)
                side_pots += len(found) > 1
                assert sum(p.amount for p in found) == sum(state.pot_amounts)
                if state.pots:       # pokerkit still holds the pots when no one has been paid yet
                    want = sorted((p.amount, tuple(sorted(i + 1 for i in p.player_indices)))
                                  for p in state.pots)
                    assert sorted((p.amount, p.seats) for p in found) == want
    assert checked > 300 and side_pots >= 10      # the seeds do exercise side pots

