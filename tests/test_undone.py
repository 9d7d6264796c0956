"""An action a club's ruling undoes keeps no consequences in the answer (issue 20, e22/undone): what
came after it is read from the corrected hand - the question asked after a refused straddle, the
calls that answered it - and where the club has no clause on the straddle, no order of action is
read from the straddle as if it stood."""
from ruling_engine.rulings.rule_on import rule_on

OUT_OF_POSITION = """
title: cutoff straddles before the deal, seat 3 asks what he calls
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
button: 8
players:
  - {seat: 7, stack: 150}
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
others: 4
timeline:
  - straddle: {seat: 7, amount: 4, before_cards: true}
  - deal:
  - said: {by: 3, words: "what am I calling, two or four?", kind: question, about: call, in_question: true}
"""

OVER_BLIND_CALLED = """
title: tournament over-blind out of position, called, then the big blind objects
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 25}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 3800}
  - {seat: 4, stack: 5000}
  - {seat: 5, stack: 5000}
  - {seat: 6, stack: 6200}
timeline:
  - {seat: 5, posts: straddle, said: straddle, chips: [100, 100, 100, 100], in_question: true}
  - deal:
  - preflop:
  - {seat: 4, did: fold}
  - {seat: 6, did: call, total: 400}
  - {seat: 1, did: fold}
  - {seat: 2, did: fold}
"""


def _report(kb, tmp_path, text):
    path = tmp_path / "incident.yaml"
    path.write_text(text)
    return rule_on(path, kb=kb)


def _question(answer):
    [question] = answer.now["questions"]
    return question


def test_gala_blind_bet_in_turn_refused_straddle_question_answered_from_the_corrected_hand(kb, tmp_path):
    """Gala Betting, Initial Bet ('can only blind in turn'): the cutoff's £4 goes back; seat 3's
    question, asked after it (a point beside the marks, numbered after the question), is answered
    from the hand the ruling corrected: he calls £2, not £4."""
    answer = _report(kb, tmp_path, OUT_OF_POSITION).answers["gala"]
    assert any(c.clause == "gala.betting-initial-bet-p2" for r in answer.rulings for c in r.citations)
    question = _question(answer)
    assert question["answer"] == "yes" and question["call"] == 2, question
    assert answer.now["next"]["seat"] == 3 and answer.now["next"]["call"] == 2


def test_fpc_rule_1_straddle_not_covered_no_order_read_from_the_straddle(kb, tmp_path):
    """FPC has no straddle clause (rule 1, the TD's discretion): whether seat 7's £4 stands is the
    TD's first decision, so neither the question nor the Now plays the straddle live (no 'call 4',
    no last action for seat 7)."""
    answer = _report(kb, tmp_path, OUT_OF_POSITION).answers["fpc"]
    first = answer.now["floor_first"]
    assert first["forced"] == 7 and "fpc.1" in first["clauses"]
    assert answer.now["next"] is None and answer.now["then"] == []
    question = _question(answer)
    assert question["answer"] == "floor decides" and "call" not in question, question
    assert "fpc.1" in question["clauses"]


def test_gala_tournament_n_over_blind_refused_its_call_is_a_call_of_the_big_blind(kb, tmp_path):
    """Gala Tournament n) ('No over-blinds') and Betting / Initial Bet ¶2 ('can only blind in turn'):
    seat 5's 400, posted out of turn (seat 4 is under the gun), goes back; seat 6's call of it
    answered a bet that is gone, so it is his call of the big blind's 200 and 200 goes back to him;
    the big blind then has nothing to call (not 200 facing a 400 nobody made). (An over-blind by the
    first player to act that the hand was played on stands as his open: tests/test_over_blind_played_on.py.)"""
    answer = _report(kb, tmp_path, OVER_BLIND_CALLED).answers["gala"]
    assert any(c.clause == "gala.tournament-n" for r in answer.rulings for c in r.citations)
    moves = {m["seat"]: m.get("back") for m in answer.now["moves"]}
    assert moves == {5: 400, 6: 200}, answer.now["moves"]
    assert answer.now["next"]["seat"] == 3 and answer.now["next"]["call"] == 0
    assert {t["seat"]: t["call"] for t in answer.now["then"]}.get(5) == 200
    assert [e["amount"] for e in answer.settlement if e["effect"] == "pot"] == [500]
