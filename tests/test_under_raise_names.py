"""A restriction applies only to whom its words name (issue 21, e17/specific). FPC rule 41 ¶3
locks "any player who has already acted" on the bet a short all-in raised; ¶1: "Any player that
has not yet acted is not affected by the under raise and may raise in the normal way". A player who
only checked before that bet was made has not acted on it: he may raise; the bettor may not."""
from ruling_engine.rulings.rule_on import rule_on

INCIDENT = """\
title: A check, a bet, a short all-in raise
house: fpc
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 3
players:
  - {{seat: 1, stack: 10000}}
  - {{seat: 2, stack: 10000}}
  - {{seat: 3, stack: 1600}}
timeline:
  - preflop:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - {{seat: 3, did: call, total: 200}}
  - {{seat: 1, did: call, total: 200}}
  - {{seat: 2, did: check}}
  - flop: [Q♠, J♠, 5♥]
  - {{seat: 1, did: check}}
  - {{seat: 2, did: bet, total: 1000}}
  - {{seat: 3, did: raise, total: 1400}}
  - {asker}
"""


def _ruled(kb, tmp_path, asker: str, club: str = "fpc", issue: str = "may-raise"):
    path = tmp_path / "under-raise.yaml"
    path.write_text(INCIDENT.format(asker=asker), encoding="utf-8")
    answer = rule_on(path, kb=kb).answers[club]
    return [r for r in answer.rulings if r.issue == issue][-1]


def _may_raise(kb, tmp_path, asker: str):
    return _ruled(kb, tmp_path, asker)


def test_fpc_41_p1_a_player_who_only_checked_before_the_bet_may_raise_the_under_raise(kb, tmp_path):
    ruling = _may_raise(kb, tmp_path, '{seat: 1, did: raise, total: 3000, in_question: true}')
    assert ruling.outcome == "may-raise"
    assert [c.clause for c in ruling.citations] == ["fpc.41-p1"]
    assert not any(e.get("effect") in ("no-raise", "call-or-fold") for e in ruling.effects)


def test_fpc_41_p3_the_player_who_made_the_bet_is_locked_by_the_under_raise(kb, tmp_path):
    ruling = _may_raise(kb, tmp_path, '{seat: 2, did: raise, total: 3000, in_question: true}')
    assert ruling.outcome == "call-or-fold-only"
    assert "fpc.41-p3" in [c.clause for c in ruling.citations]


def test_ppl_league_7_lock_naming_checked_governs_the_general_check_raise_clause(kb, tmp_path):
    """PPL League •7 locks "any player who has already acted in the round (checked, called, or
    raised)": written for this situation, it governs How the game works •13 ("Once a bet has been
    made, each player can raise") for the player it locks. One answer: his check-raise does not
    stand, never "may not raise" beside "his raise stands"."""
    asker = '{seat: 1, did: raise, total: 3000, in_question: true}'
    locked = _ruled(kb, tmp_path, asker, club="ppl")
    assert locked.outcome == "call-or-fold-only"
    check_raise = _ruled(kb, tmp_path, asker, club="ppl", issue="check-raise")
    assert check_raise.outcome == "not-allowed"
    assert {c.clause for c in check_raise.citations} == {"ppl.league-7-p1"}
    assert "ppl.howto-13.check-then-raise" in check_raise.set_aside
    assert not any("raise stands" in line for line in check_raise.do)
