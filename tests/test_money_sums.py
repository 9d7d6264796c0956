"""Issue 20, e16/money: a voided bet out of every sum; a straddle posted on top of the blinds; the
pot agrees with the showdown. Small incidents of our own; each read from the corrected hand."""
import copy
import dataclasses

from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import load_incident
from ruling_engine.rulings.rule_on import rule_on

HEAD = """house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 2, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 4, stack: 200}
  - {seat: 5, stack: 200}
timeline:
"""

STRADDLE_POSTED = "title: straddle posted alone\n" + HEAD + """  - {seat: 4, posts: straddle}
  - deal:
  - {seat: 5, said: call, chips: [4], in_question: true}
"""

STRADDLE_EVENT = "title: straddle as the event\n" + HEAD + """  - straddle: {seat: 4, amount: 4, before_cards: true}
  - deal:
  - {seat: 5, said: call, chips: [4], in_question: true}
"""

OUT_OF_TURN_RETURNED = """title: a bet out of turn returned
house: fpc
game: {format: cash, variant: NLHE, blinds: [100, 200]}
button: 9
players:
  - {seat: 2, stack: 20000}
  - {seat: 5, stack: 20000}
  - {seat: 9, stack: 20000}
pot_at_start: 3000
timeline:
  - turn:
  - {seat: 5, said: bet 1000, chips: [1000]}
  - {seat: 2, said: bet 3000, chips: [1000, 1000, 1000], in_question: true}
"""

RIVER_OUT_OF_TURN = """title: a river bet out of turn, then the showdown
house: fpc
game: {format: cash, variant: NLHE, blinds: [100, 200]}
button: 4
players:
  - {seat: 2, stack: 5000, cards: [Q♣, Q♦]}
  - {seat: 6, stack: 5000, cards: [7♥, 2♦]}
pot_at_start: 3000
timeline:
  - flop: [K♠, K♥, 7♣]
  - turn: K♦
  - river: 2♠
  - {seat: 2, said: bet 1000, total: 1000}
  - {seat: 6, said: call, total: 1000}
  - showdown:
  - said: {by: 6, words: "Three kings each, so it's a chop.", kind: claim, in_question: true}
"""

SHOWDOWN = """title: cards speak at the showdown
house: edp
game: {format: cash, variant: NLHE, blinds: [100, 200]}
button: 4
players:
  - {seat: 2, stack: 5000, cards: [Q♣, Q♦]}
  - {seat: 6, stack: 5000, cards: [7♥, 2♦]}
pot_at_start: 3000
timeline:
  - flop: [K♠, K♥, 7♣]
  - turn: K♦
  - river: 2♠
  - {seat: 6, did: check}
  - {seat: 2, said: bet 1000, total: 1000}
  - {seat: 6, said: call, total: 1000}
  - showdown:
  - said: {by: 6, words: "Three kings each, so it's a chop.", kind: claim, in_question: true}
"""


def _report(kb, tmp_path, text, name="i.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = rule_on(str(path), kb=kb)
    incident = load_incident(str(path), kb.vocabulary, kb.clubs)
    return report, read_timeline(incident.data, kb.vocabulary.together_kinds)


def _pots(answer):
    return [e for e in answer.settlement if e["effect"] == "pot"]


def test_a_straddle_posted_alone_is_posted_on_top_of_the_blinds(kb, tmp_path):
    """J104's class: `posts: straddle` with no blind entries does not say the blinds went
    unposted: the small and big blind go in from the button, the straddle on top."""
    for text in (STRADDLE_POSTED, STRADDLE_EVENT):
        report, timeline = _report(kb, tmp_path, text)
        assert violations(report, timeline) == []
        answer = report.answers["edp"]
        assert sum(p["amount"] for p in _pots(answer)) == 1 + 2 + 4 + 4
        now = answer.now
        calls = {t["seat"]: t["call"] for t in [now["next"]] + list(now.get("then", []))}
        assert calls[2] == 3 and calls[3] == 2          # the blinds posted 1 and 2 of the 4
        assert now["next"]["seat"] == 1                 # left of seat 5, who acted after the straddle
        # the straddle of 4 is the bet to raise over: the minimum raise is to 8
        assert now["next"]["min_raise_to"] == 8


def test_a_raise_made_up_to_the_minimum_sets_the_next_minimum_raise(kb, tmp_path):
    """J104's class: the raise corrected to the minimum (to 8 over a straddle of 4, from 6) is a
    raise of 4: the next player's minimum raise is to 12, not worked from the short raise."""
    text = "title: raise short over a straddle\n" + HEAD + """  - {seat: 4, posts: straddle}
  - deal:
  - {seat: 5, said: "raise, six", chips: [2, 2, 2], in_question: true}
"""
    report, timeline = _report(kb, tmp_path, text)
    assert violations(report, timeline) == []
    now = report.answers["edp"].now
    assert now["next"]["total"] == 8
    assert now["next"]["min_raise_to"] == 12


def test_a_voided_bet_counts_in_no_later_minimum_raise(kb, tmp_path):
    """J103's class: seat 5's 1,000 out of turn is returned (not binding); seat 2's 3,000 is then
    the bet, not a raise of 2,000 over it: the minimum raise is to 6,000."""
    report, timeline = _report(kb, tmp_path, OUT_OF_TURN_RETURNED)
    assert violations(report, timeline) == []
    now = report.answers["fpc"].now
    assert now["next"]["seat"] == 5 and now["next"]["call"] == 3000
    assert now["next"]["min_raise_to"] == 6000
    assert sum(p["amount"] for p in _pots(report.answers["fpc"])) == 3000 + 3000


def test_a_bet_voided_after_the_showdown_began_does_not_fold_the_player(kb, tmp_path):
    """J203's class: seat 2's river bet out of turn is returned; he is still in the hand, facing
    seat 6's 1,000, and no pot goes to seat 6 as if seat 2 had folded."""
    report, timeline = _report(kb, tmp_path, RIVER_OUT_OF_TURN)
    assert violations(report, timeline) == []
    answer = report.answers["fpc"]
    assert answer.now["next"]["seat"] == 2 and answer.now["next"]["call"] == 1000
    assert all(2 in p["seats"] for p in _pots(answer))
    # the reopened river is played before any pot is awarded
    assert not [e for e in answer.settlement if e["effect"] in ("pot-awarded", "pot-split")]


def test_the_invariants_catch_a_pot_awarded_against_the_clubs_showdown_ruling(kb, tmp_path):
    report, timeline = _report(kb, tmp_path, SHOWDOWN)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers["edp"])
    assert any(e.get("effect") == "pot-awarded" and e.get("seat") == 2 for r in answer.rulings for e in r.effects)
    for e in answer.settlement:
        if e["effect"] == "pot-awarded":
            e["seat"] = 6                       # the pot line names the other seat
    broken = dataclasses.replace(report, answers={**report.answers, "edp": answer})
    assert "pot-vs-showdown" in {v.invariant for v in violations(broken, timeline)}
