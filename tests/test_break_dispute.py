"""EDP 3 ¶17's second sentence (e22/dropped, blind call I203): "If a hand finishes going into a
break the right to dispute ends 1 minute after the pot is awarded." The first sentence (the right
ends when a new hand begins) was applied without it, so a claim 90 seconds after a pot pushed going
into the break was heard and the pot moved.

- the hand finishes, the pot is pushed, the break is taken, a claim comes more than a minute after
  the push: too late (edp.3-17), the pot stays with the seat it was pushed to;
- the same claim within the minute: in time, heard, the tabled winner gets the pot;
- no break: the first sentence governs (no new hand yet: in time), unchanged.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HAND = """\
title: A tabled flush the dealer killed; the pot pushed going into the break
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1], currency: "£"}
players:
  - {seat: 2, stack: 77, cards: [K♠, 10♦]}
  - {seat: 7, stack: 54, cards: [8♥, 6♥]}
pot_at_start: 20
timeline:
  - flop: [4♥, 9♥, J♣]
  - turn: Q♥
  - river: 2♠
  - {seat: 2, did: bet, total: 6}
  - {seat: 7, did: call, total: 6}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - hand_shown: {seat: 7, face_up: 2}
  - money_moved: {did: pushed, seat: 2}
  - hand_mucked: {seat: 7, by: dealer, tabled: true, touched_muck: true}
BREAK  - said: {by: 7, words: "My flush wins, I want the pot.", kind: claim, in_question: true, after: AFTER}
  - dispute: {}
"""


def _edp(kb, after, brk=True):
    text = HAND.replace("BREAK", "  - break_taken: {}\n" if brk else "").replace("AFTER", after)
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return report.answers["edp"]


def _dispute(answer):
    return next(r for r in answer.rulings if r.issue == "dispute")


def _awarded(answer):
    return [(e["seat"], e["amount"]) for e in answer.settlement if e["effect"] == "pot-awarded"]


def test_edp_3_17_a_claim_past_the_minute_after_a_pot_pushed_going_into_a_break_is_too_late(kb):
    answer = _edp(kb, "90s")
    ruling = _dispute(answer)
    assert ruling.outcome == "too-late" and ruling.basis == "express"
    assert any(c.clause == "edp.3-17" and "going into a break" in c.quote for c in ruling.citations)
    assert any("90 seconds" in line for line in ruling.do)
    # the killed tabled winner's claim is too late as well, and the pot stays where it was pushed
    assert next(r for r in answer.rulings if r.issue == "mucked-hand").outcome == "too-late"
    assert _awarded(answer) == [(2, 32)]
    assert not any(e["effect"] == "return-chips" and e.get("to") for e in answer.settlement)


def test_edp_3_17_a_claim_within_the_minute_going_into_a_break_is_heard(kb):
    answer = _edp(kb, "40s")
    ruling = _dispute(answer)
    assert ruling.outcome == "in-time"
    assert any(c.clause == "edp.3-17" and "going into a break" in c.quote for c in ruling.citations)
    assert _awarded(answer) == [(7, 32)]


def test_edp_3_17_without_a_break_the_first_sentence_governs_no_new_hand_yet(kb):
    answer = _edp(kb, "90s", brk=False)
    ruling = _dispute(answer)
    assert ruling.outcome == "in-time"
    assert not any("going into a break" in c.quote for c in ruling.citations)


def test_a_dispute_too_late_leaves_the_pot_with_the_seat_it_was_pushed_to_even_if_his_hand_is_live(kb):
    """edp.3-17 / 3 ¶18: a claim after the next shuffle began is too late (no-dispute); a ruling that
    keeps the claimant's hand live on another point (5 ¶3, a player away) does not hand him the pot
    the cards would have given him: the hand stands as it was settled."""
    # seat 7 steps away after calling the river, before the showdown (a player_away after his hand
    # was tabled is refused, issue 22): 5 ¶3 keeps his hand live
    text = HAND.replace("BREAK", "").replace("  - showdown:\n", "  - player_away: {seat: 7, at_first_card: false, "
                                             "at_last_card: false, left_mid_hand: true}\n  - showdown:\n") \
        .replace("AFTER", "90s").replace("  - dispute: {}", "  - dispute: {after_next_shuffle: true}")
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    answer = report.answers["edp"]
    assert any((r.issue, r.outcome) == ("absent-player", "hand-live") for r in answer.rulings)   # his hand live
    assert _dispute(answer).outcome == "too-late"
    assert _awarded(answer) == [(2, 32)]
