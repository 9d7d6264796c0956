"""Who wins the pot at showdown when not every hand is shown (e20/showdown; issue 20 "no winner
named when the hand is settled"): a hand shown in full that no hidden hand can beat or tie — the
nuts among the cards not yet seen — wins the pot, the same for every club; a hand that a hidden
one could beat or tie leaves the pot to the cards still to be shown."""
from ruling_engine.facts import hands
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

CLUBS = ("edp", "fpc", "gala", "ppl")

# heads-up river: seat 4 tables {shown}; seat 7 has not shown and keeps his cards
RIVER = """
house: gala
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 4
players:
  - {{seat: 4, stack: 200, cards: [{shown}]}}
  - {{seat: 7, stack: 200}}
timeline:
  - {{seat: 4, posts: small-blind}}
  - {{seat: 7, posts: big-blind}}
  - {{seat: 4, did: call, total: 2}}
  - {{seat: 7, did: check}}
  - flop: [{flop}]
  - {{seat: 7, did: check}}
  - {{seat: 4, did: check}}
  - turn: {turn}
  - {{seat: 7, did: check}}
  - {{seat: 4, did: check}}
  - river: {river}
  - {{seat: 7, did: bet, total: 10}}
  - {{seat: 4, did: call, total: 10}}
  - showdown:
  - hand_shown: {{seat: 4, face_up: 2}}
  - asks_to_see: {{seat: 4, target: 7, asker_kept_cards: true, in_question: true}}
"""
FLUSH_BOARD = dict(flop="Kh, 9h, 4c", turn="2d", river="7h")


def _money(kb, text, club):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb).answers[club].settlement


def _awarded(money):
    return [(e["seat"], e["amount"]) for e in money if e["effect"] == "pot-awarded"]


def test_the_nut_hand_shown_wins_the_pot_though_the_other_hand_is_not_shown(kb):
    """The ace-high flush with no pair on the board beats every two cards seat 7 can hold: the pot
    (24) is seat 4's under every club, whatever seat 7 shows or mucks."""
    text = RIVER.format(shown="Ah, 3h", **FLUSH_BOARD)
    for club in CLUBS:
        assert _awarded(_money(kb, text, club)) == [(4, 24)], club


def test_a_hand_shown_that_a_hidden_hand_could_beat_wins_nothing_yet(kb):
    """The queen-high flush loses to the ace or jack of hearts seat 7 may hold: the pot waits for
    his cards (stated, not awarded)."""
    text = RIVER.format(shown="Qh, 3h", **FLUSH_BOARD)
    for club in CLUBS:
        money = _money(kb, text, club)
        assert _awarded(money) == [], club
        assert any(e["effect"] == "pot" and e["amount"] == 24 for e in money), club


def test_a_hand_shown_that_a_hidden_hand_could_tie_wins_nothing_yet():
    """A broadway straight on a board no flush or full house can come from is tied by any other
    ace-ten: not the nuts alone, so it decides nothing."""
    board = ["Ks", "Qd", "Jc", "4h", "2s"]
    best = hands.best_hand(4, ["Ah", "Td"], board, "NLHE")
    assert hands.unbeatable("NLHE", board, {4: ["Ah", "Td"], 7: None}, best, [7]) is False
    # the same straight with every other ace-ten seen (the cards a tie needs are out) is the nuts
    board = ["Ks", "Qd", "Jc", "4h", "2h"]
    best = hands.best_hand(4, ["Ah", "Td"], board, "NLHE")
    assert hands.unbeatable("NLHE", board, {4: ["Ah", "Td"], 7: None}, best, [7]) is False   # a flush beats it
    board = ["Ks", "Qd", "Jc", "4h", "2c"]
    best = hands.best_hand(4, ["As", "Ts"], board, "NLHE")
    dead = {4: ["As", "Ts"], 1: ["Ad", "Td"], 2: ["Ac", "Tc"], 3: ["Ah", "Th"], 7: None}
    assert hands.unbeatable("NLHE", board, dead, best, [7]) is True


def test_a_known_card_of_the_hidden_hand_counts():
    """A hidden hand with one card known is read with that card: with the five of clubs seat 7 can
    make no flush, so the queen-high flush is the best hand; with the five of hearts he may yet
    hold the ace or jack of hearts, unless those are seen elsewhere."""
    board = ["Kh", "9h", "4c", "2d", "7h"]
    best = hands.best_hand(4, ["Qh", "3h"], board, "NLHE")
    assert hands.unbeatable("NLHE", board, {4: ["Qh", "3h"], 7: ["5c", "?"]}, best, [7]) is True
    assert hands.unbeatable("NLHE", board, {4: ["Qh", "3h"], 7: ["5h", "?"]}, best, [7]) is False
    seen = {4: ["Qh", "3h"], 1: ["Ah", "Jh"], 7: ["5h", "?"]}
    assert hands.unbeatable("NLHE", board, seen, best, [7]) is True


def test_not_told_for_other_games_or_before_the_river():
    """Omaha and stud, or a board not yet out: the cards given cannot be said to decide it (None)."""
    board = ["Kh", "9h", "4c", "2d", "7h"]
    best = hands.best_hand(4, ["Ah", "3h"], board, "NLHE")
    assert hands.unbeatable("PLO", board, {4: ["Ah", "3h"]}, best, [7]) is None
    assert hands.unbeatable("NLHE", board[:4], {4: ["Ah", "3h"]}, best, [7]) is None


# heads-up river: seat 7 bets, seat 4 calls and keeps his cards; seat 7 throws his hand face down
# into the muck and then seat 4 asks to see it
ASKED_AFTER_MUCK = RIVER.format(shown="Ah, 3h", **FLUSH_BOARD).replace(
    "  - hand_shown: {seat: 4, face_up: 2}\n",
    "  - hand_mucked: {seat: 7, by: player, tabled: false, touched_muck: true, retrievable: RETRIEVABLE}\n")


def _request(kb, text, club="edp"):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return next(r for r in rule_incident(incident, kb=kb).answers[club].rulings if r.issue == "right-to-see")


def test_edp_3_5_a_request_to_see_a_hand_killed_in_the_muck_meets_the_muck_clause(kb):
    """EDP 3 ¶12 gives a river caller the right to see the aggressor's hand, but the hand asked for
    had gone into the muck, and 3 ¶5 kills cards pushed into it: the two clauses meet and the CRMS
    chooses (conflict), not "seat 7 shows his hand" as though it were still in front of him."""
    ruling = _request(kb, ASKED_AFTER_MUCK.replace("RETRIEVABLE", "false"))
    assert ruling.basis == "conflict", ruling
    assert {"edp.3-12", "edp.3-5"} <= {c.clause for c in ruling.citations}, ruling.citations


def test_edp_3_12_alone_when_the_mucked_hand_can_be_retrieved_with_certainty(kb):
    """Cards known to be retrievable and identifiable are not killed by a face-down discard (3 ¶5
    s1): the caller's right to see them (3 ¶12) stands alone."""
    ruling = _request(kb, ASKED_AFTER_MUCK.replace("RETRIEVABLE", "true"))
    assert (ruling.outcome, ruling.basis) == ("must-show", "express"), ruling
