"""Issue 21 (k14/general): a club's clause on point consulted before "not covered" or a bare "the
floor decides". Each test names the clause that now decides; the incidents are written here in
general terms, not copied from the casebook."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _ruling(kb, text, issue, club):
    incident = parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)
    rulings = rule_incident(incident, kb, with_precedents=False).answers[club].rulings
    return next(r for r in rulings if r.issue == issue)


def _cites(ruling):
    return {c.clause for c in ruling.citations}


# A heads-up showdown on a flush board: the dealer splits the pot, both halves are pushed, and the
# loser of the split speaks up before anyone shuffles for the next hand (or after: {shuffled}).
SPLIT_DISPUTED = """title: t
house: {club}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 3
players:
  - {{seat: 1, stack: 100, cards: [A♠, 2♦]}}
  - {{seat: 2, stack: 100, cards: [J♦, 7♥]}}
  - {{seat: 3, stack: 100}}
timeline:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - preflop:
  - {{seat: 3, did: fold}}
  - {{seat: 1, did: call, total: 2}}
  - {{seat: 2, did: check}}
  - flop: [K♣, 9♣, 5♣]
  - {{seat: 1, did: check}}
  - {{seat: 2, did: check}}
  - turn: 3♣
  - {{seat: 1, did: check}}
  - {{seat: 2, did: check}}
  - river: 8♥
  - {{seat: 1, did: check}}
  - {{seat: 2, did: check}}
  - showdown:
  - hand_shown: {{seat: 1, face_up: 2}}
  - hand_shown: {{seat: 2, face_up: 2}}
  - money_moved: {{did: pushed, seat: 1, amount: 2}}
  - money_moved: {{did: pushed, seat: 2, amount: 2}}
  - said: {{by: 1, words: "My ace of spades is no club - but his jack isn't either. Hang on, I want that looked at.", kind: claim}}
  - dispute: {{after_next_shuffle: {shuffled}}}
"""


def test_edp_3_17_18_a_finished_hand_disputed_before_the_next_shuffle_is_in_time(kb):
    # EDP 3 ¶17 "The right to dispute a finished hand ends when a new hand begins" and 3 ¶18 "The
    # next hand begins with the first shuffle of the cards": no shuffle yet, so the right stands.
    ruling = _ruling(kb, SPLIT_DISPUTED.format(club="edp", shuffled="false"), "dispute", "edp")
    assert ruling.outcome == "in-time"
    assert ruling.basis == "express"
    assert {"edp.3-17", "edp.3-18"} <= _cites(ruling)


def test_edp_3_17_the_same_dispute_after_the_next_shuffle_is_too_late(kb):
    ruling = _ruling(kb, SPLIT_DISPUTED.format(club="edp", shuffled="true"), "dispute", "edp")
    assert ruling.outcome == "too-late"


# The river slid off the bottom of the stub after a correct burn; nobody has acted on it.
RIVER_OFF_THE_BOTTOM = """title: t
house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 2
players:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000}
timeline:
  - {seat: 1, posts: big-blind}
  - {seat: 2, posts: small-blind}
  - preflop:
  - {seat: 2, did: call, total: 200}
  - {seat: 1, did: check}
  - flop: [7♠, 7♦, 3♣]
  - {seat: 1, did: check}
  - {seat: 2, did: check}
  - turn: Q♣
  - {seat: 1, did: check}
  - {seat: 2, did: check}
  - river: {cards: [2♥], in_question: true}
  - dealing_procedure: {bottom_card_dealt: true}
"""


def test_fpc_28_s3_4_a_board_card_off_the_bottom_is_for_the_best_placed_td(kb):
    # FPC rule 28 s3-4 "If the error is more involved than the best placed TD will make a decision
    # how to proceed ... Whatever decision is made will be final": rule 28's own remedies (s1 the
    # next card exposed early, s2 burn cards exposed) do not fit, and rule 1's bare discretion is
    # not the answer when rule 28 names who decides.
    ruling = _ruling(kb, RIVER_OFF_THE_BOTTOM, "deal-procedure", "fpc")
    assert ruling.outcome == "breach-floor-decides"
    assert ruling.basis == "reading"
    assert _cites(ruling) == {"fpc.28-s3-4"}
    assert any("best placed TD" in line for line in ruling.do)


def test_gala_betting_showdown_p5_a_pushed_pot_disputed_with_the_board_up_is_entered_into(kb):
    # Gala Betting / Showdown ¶5 "Once a hand has been completed no disputes will be entered into",
    # completion being the flop turned face down (¶2 s5): not turned down, not completed (reading).
    ruling = _ruling(kb, SPLIT_DISPUTED.format(club="gala", shuffled="false"), "dispute", "gala")
    assert ruling.outcome == "in-time"
    assert ruling.basis == "reading"
    assert "gala.betting-showdown-p5" in _cites(ruling)


def test_gala_betting_showdown_p5_the_same_dispute_after_the_next_shuffle_is_too_late(kb):
    ruling = _ruling(kb, SPLIT_DISPUTED.format(club="gala", shuffled="true"), "dispute", "gala")
    assert ruling.outcome == "too-late"
