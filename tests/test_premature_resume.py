"""A premature card voided (issue 20/21): the flop dealt while the big blind still owed on seat 5's
preflop raise. The betting that follows is the preflop round taken up again: the player who owed
acts in turn there, his call or raise measured on that round, and the corrected hand's next player,
amount to call and minimum raise are the preflop round's, not the void flop's."""
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HAND = """
title: The flop dealt before the big blind acted on a raise
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 7
players:
  - {seat: 1, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 5, stack: 100}
  - {seat: 7, stack: 100}
timeline:
  - preflop:
  - {seat: 5, said: raise, chips: [1, 1, 1], first: words}
  - {seat: 7, did: call, chips: [1, 1, 1]}
  - {seat: 1, did: fold}
  - flop: [Q♠, 9♥, 4♦]
  - said: {by: 3, words: "Hang on, I haven't acted yet"}
"""
VOIDING = ("edp", "fpc", "ppl")          # the clubs whose rules send the premature flop back


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, "edp")


def test_premature_flop_the_player_who_owed_preflop_faces_the_preflop_raise(kb):
    """Before he acts: the big blind's £1 is in, so £2 to call the £3 raise, a raise to at least £5."""
    report = _report(kb, HAND.replace("  - flop: [Q♠, 9♥, 4♦]", "  - flop: {cards: [Q♠, 9♥, 4♦], in_question: true}"))
    for club in VOIDING:
        nxt = report.answers[club].now["next"]
        assert (nxt["seat"], nxt["call"], nxt["street"]) == (3, 2, "preflop"), club


def test_premature_flop_a_call_after_it_is_his_preflop_call_in_turn(kb):
    """His "call" with £2 after the early flop completes the preflop round: no irregularity (not a
    "call" facing no bet on the flop, not out of turn), nobody left to act before the flop is re-dealt."""
    report = _report(kb, HAND + "  - {seat: 3, said: call, chips: [1, 1], in_question: true}\n")
    timeline = read_timeline(parse_incident_text(HAND + "  - {seat: 3, said: call, chips: [1, 1]}\n", "<t>",
                                                 kb.vocabulary, kb.clubs).data, kb.vocabulary.together_kinds)
    assert timeline.data["actions"][-1]["street"] == "preflop"
    for club in VOIDING:
        answer = report.answers[club]
        assert answer.now["next"] is None, club
        assert [p for p in answer.settlement if p["effect"] == "pot"][0]["amount"] == 9.5, club
        assert [r.issue for r in answer.rulings if r is not None] == ["premature-board-card"], club


def test_premature_flop_a_raise_after_it_is_measured_on_the_preflop_round(kb):
    """"Raise to 9" after the early flop is a preflop raise to £9 over the £3: seat 5 then faces £6,
    and the minimum re-raise is to £15 (the £6 raise on top)."""
    report = _report(kb, HAND + '  - {seat: 3, said: "raise to 9", chips: [5, 1, 1, 1], in_question: true}\n')
    for club in VOIDING:
        nxt = report.answers[club].now["next"]
        assert (nxt["seat"], nxt["call"], nxt["street"]) == (5, 6, "preflop"), club


def test_premature_flop_a_player_who_owed_nothing_bets_the_new_street(kb):
    """Only the players who still owed on the open round are put back on it: when the round was
    complete before the card, the betting after it is the new street's, as written."""
    text = HAND.replace("  - flop:", "  - {seat: 3, did: call, chips: [1, 1]}\n  - flop:") + \
        "  - {seat: 3, said: bet, chips: [2], in_question: true}\n"
    timeline = read_timeline(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs).data,
                             kb.vocabulary.together_kinds)
    assert timeline.data["actions"][-1]["street"] == "flop"
