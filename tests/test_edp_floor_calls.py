"""EDP rules corrected from independent floor calls (docs/reviews/edp.md, 2026-12-06): each test
names the clause the ruling rests on."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _ruling(kb, text, issue, club="edp"):
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == issue)


BALANCING_MOVE = """
title: A player moved to balance tournament tables asks for the seat of his choice
house: edp
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 6
players: [{seat: 1}, {seat: 3, stack: 14000}, {seat: 6}, {seat: 9}]
timeline:
  - seat_request: {reason: preference, players_at_table: 7, in_question: true}
  - player_moved: {seat: 3, took_all_chips: true}
"""

FINAL_TABLE = """
title: The final table is seated; a player wants to keep his seat
house: edp
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
players: [{seat: 1}, {seat: 2}]
timeline:
  - seat_request: {reason: preference, players_at_table: 5, final_table: true}
"""

ARRIVING = """
title: A player arriving at a seven-handed table asks to pick his seat
house: edp
game: {format: tournament, variant: NLHE}
players: [{seat: 1}]
timeline:
  - deal:
  - seat_request: {reason: preference, players_at_table: 7}
"""


def test_edp_2_10_seat_of_choice_is_not_a_balancing_move_or_a_final_table(kb):
    for text in (BALANCING_MOVE, FINAL_TABLE):
        ruling = _ruling(kb, text, "seating")
        assert ruling.outcome == "floor-decides", ruling.decision
        assert ruling.basis == "not covered"
    arriving = _ruling(kb, ARRIVING, "seating")
    assert arriving.outcome == "own-choice" and arriving.basis == "express"


RESEATED = """
title: Tables merged; where does the button go?
house: edp
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
button: 4
players: [{seat: 1}, {seat: 3}, {seat: 4}, {seat: 6}]
timeline:
  - hand-over:
  - button_to_place: {reason: table-reseated, new_players: 2, in_question: true}
"""

GAME_START = """
title: The first hand of the game
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players: [{seat: 1}, {seat: 3}]
timeline:
  - button_to_place: {reason: game-start}
"""


def test_edp_2_11_button_spin_or_card_only_at_the_start_of_the_game(kb):
    reseated = _ruling(kb, RESEATED, "button-placement")
    assert reseated.outcome == "floor-decides" and reseated.basis == "reading"
    assert "edp.2-11.button-at-reseated-table" in reseated.rules_fired
    start = _ruling(kb, GAME_START, "button-placement")
    assert start.outcome == "spin-or-card-draw"


CARDS_IN_LAP = """
title: Cards held in the lap
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 2
players: [{seat: 2, stack: 40}, {seat: 5, stack: 35}]
timeline:
  - flop:
  - cards_handling: {seat: 5, off_table: true}
"""


def test_edp_1_9_b3_keep_cards_visible_kills_no_hand(kb):
    ruling = _ruling(kb, CARDS_IN_LAP, "card-handling")
    assert ruling.outcome == "must-correct" and ruling.basis == "reading"
    assert "hand is not killed" in " ".join(ruling.do)


MUCK_TURNED = """
title: A folded player turns over cards in the muck
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 2
players: [{seat: 2, stack: 40}, {seat: 5, stack: 35}, {seat: 8, stack: 50}]
timeline:
  - river:
  - muck_handled: {by: player, seat: 8, turned_over: true}
"""


def test_edp_9_1_b1_turning_over_folded_cards_discloses_them(kb):
    ruling = _ruling(kb, MUCK_TURNED, "muck-handling")
    assert ruling.outcome == "not-permitted" and ruling.basis == "reading"


LATE_STRADDLE = """
title: Under the gun puts up twice the big blind as a straddle after looking at his cards
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 8
players: [{seat: 1}, {seat: 2}, {seat: 3, stack: 60}, {seat: 4}, {seat: 8}]
timeline:
  - deal:
  - straddle: {seat: 3, amount: 2, before_cards: false, in_question: true}
"""

EARLY_STRADDLE = LATE_STRADDLE.replace("before_cards: false", "before_cards: true")


def test_edp_8_3_late_straddle_in_turn_stays_as_a_raise_not_returned(kb):
    late = _ruling(kb, LATE_STRADDLE, "straddle")
    assert late.outcome == "chips-play-as-action" and late.basis == "reading"
    assert "edp.3-20.straddle-before-first-card" in late.set_aside
    assert late.effects == [{"effect": "ruled-raise", "seat": 3, "total": 2, "add": 2}]
    assert _ruling(kb, EARLY_STRADDLE, "straddle").outcome == "straddle-stands"


SKIPPED_THROUGH_SUBSTANTIAL_ACTION = """
title: A silent player is skipped by a bet and a call out of turn
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 200}, {seat: 2, stack: 200}, {seat: 3, stack: 200}, {seat: 4, stack: 200}]
timeline:
  - flop: [Q♠, 7♣, 2♦]
  - {seat: 2, did: check}
  - {seat: 4, did: bet, total: 10, in_question: true}
  - {seat: 1, did: call, total: 10}
"""


def test_edp_8_11_skipped_player_acts_as_the_td_limits(kb):
    # 8 ¶11: substantial action out of turn past a silent skipped player binds; "The TD will rule
    # on how to treat the skipped hand" - unless it is ruled dead, the action is his (F105, K103).
    ruling = _ruling(kb, SKIPPED_THROUGH_SUBSTANTIAL_ACTION, "turn-to-act")
    assert (ruling.outcome, ruling.basis, ruling.discretion) == ("rightful-player-acts", "reading", True)
    assert [c.clause for c in ruling.citations] == ["edp.8-11"]
    assert {"effect": "acts-next", "seat": 3} in [dict(e) for e in ruling.effects]


def test_edp_6_3_heads_up_begins_no_big_blind_twice_in_a_row(kb):
    # 6 ¶3: "When beginning heads-up play, the button may need to be adjusted to ensure no player
    # takes the big blind twice in a row" (casebook F201).
    text = """title: t
house: edp
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
button: 1
players: [{seat: 1, stack: 5000}, {seat: 2, stack: 20000}, {seat: 3, stack: 20000}]
timeline:
  - preflop:
  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - {seat: 1, did: all-in, total: 5000}
  - {seat: 2, did: call, total: 5000}
  - {seat: 3, did: fold}
  - showdown:
  - seat_emptied: {seat: 1, reason: eliminated}
  - hand-over:
  - blinds_posted: {small_blind: 2, big_blind: 3, in_question: true}
"""
    ruling = _ruling(kb, text, "blind-positions")
    assert (ruling.outcome, ruling.basis) == ("blinds-misplaced", "reading")
    assert [c.clause for c in ruling.citations] == ["edp.6-3"]
    effects = [dict(e) for e in ruling.effects]
    assert {"effect": "post-blind", "seat": 3, "blind": "small", "amount": 500} in effects
    assert {"effect": "post-blind", "seat": 2, "blind": "big", "amount": 1000} in effects


def test_edp_1_19_app_with_live_hand_stops_the_use_not_the_hand(kb):
    # 1 ¶19: "Poker training betting apps and charts should not be used by players with live
    # hands" - the use stops; no EDP clause kills the hand (casebook H102).
    text = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 100}, {seat: 2, stack: 100}, {seat: 3, stack: 100}, {seat: 4, stack: 100}]
timeline:
  - preflop:
  - {seat: 4, did: raise, total: 6}
  - conduct: {seat: 1, did: betting-app, live_hand: true, in_question: true}
"""
    ruling = _ruling(kb, text, "conduct")
    assert (ruling.outcome, [c.clause for c in ruling.citations]) == ("not-allowed", ["edp.1-19"])
    effects = [dict(e) for e in ruling.effects]
    assert {"effect": "hand-live", "seat": 1} in effects
    assert any(e["effect"] == "must-stop" and e["seat"] == 1 for e in effects)


SHORT_ALL_IN_NOT_YET_ACTED = """
title: A player who has not acted declares a raise with its amount after a short all-in
house: edp
game: {format: cash, variant: NLHE, blinds: [100, 200]}
button: 9
players: [{seat: 1, stack: 20000}, {seat: 2, stack: 20000}, {seat: 3, stack: 20000}, {seat: 4, stack: 1000}, {seat: 5, stack: 20000}]
timeline:
  - preflop:
  - {seat: 1, posts: small-blind, total: 100}
  - {seat: 2, posts: big-blind, total: 200}
  - {seat: 3, did: raise, total: 800}
  - {seat: 4, said: all in, total: 1000}
  - {seat: 5, said: "raise, three thousand", in_question: true}
"""

SHORT_ALL_IN_ACTED = """
title: A player who has acted declares a raise with its amount after a short all-in
house: edp
game: {format: cash, variant: NLHE, blinds: [100, 200]}
button: 9
players: [{seat: 1, stack: 20000}, {seat: 2, stack: 20000}, {seat: 3, stack: 20000}, {seat: 4, stack: 20000}, {seat: 5, stack: 1000}]
timeline:
  - preflop:
  - {seat: 1, posts: small-blind, total: 100}
  - {seat: 2, posts: big-blind, total: 200}
  - {seat: 3, did: raise, total: 800}
  - {seat: 4, did: call, total: 800}
  - {seat: 5, said: all in, total: 1000}
  - {seat: 1, did: fold}
  - {seat: 2, did: fold}
  - {seat: 3, said: "raise, three thousand", in_question: true}
"""


def test_edp_8_19_declared_raise_stands_for_a_player_who_has_not_acted(kb):
    # casebook L104, H309, M302: 8 ¶19 closes the betting only to "a player who has already acted"
    ruling = _ruling(kb, SHORT_ALL_IN_NOT_YET_ACTED, "declared-action")
    assert ruling.outcome == "raise", ruling.decision
    assert {c.clause for c in ruling.citations} >= {"edp.8-18", "edp.8-19"}
    assert {"effect": "ruled-raise", "seat": 5, "total": 3000, "add": 3000} in ruling.effects


def test_edp_8_19_declared_raise_with_amount_not_reopened_is_call_or_fold(kb):
    # 8 ¶19: the short all-in "does not reopen the betting to a player who has already acted"
    ruling = _ruling(kb, SHORT_ALL_IN_ACTED, "declared-action")
    assert ruling.outcome == "call-or-fold", ruling.decision
    assert [c.clause for c in ruling.citations] == ["edp.8-19"]
    assert {"effect": "no-raise", "seat": 3} in ruling.effects
    assert {"effect": "call-or-fold", "seat": 3, "call": 200} in ruling.effects


DEALER_TURNS_UP = """
title: The dealer's arm turns a live player's two cards face up on the turn
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 8
players: [{seat: 2, stack: 300}, {seat: 4, stack: 300}, {seat: 8, stack: 300}]
timeline:
  - preflop:
  - {seat: 2, did: call, total: 2}
  - {seat: 4, did: raise, total: 6}
  - {seat: 8, did: call, total: 6}
  - {seat: 2, did: call, total: 6}
  - flop: [K♣, 9♦, 4♠]
  - {seat: 2, did: check}
  - {seat: 4, did: check}
  - {seat: 8, did: bet, total: 10}
  - card_exposed: {seat: 4, by: dealer, during: play, count: 2, seen_by: table, in_question: true}
"""


def test_edp_9_4_cards_turned_up_by_the_dealer_leave_the_hand_live(kb):
    # 9 ¶4: a player who exposes his own cards "will not have a dead hand"; read a fortiori for
    # cards the dealer turned up (casebook N202).
    ruling = _ruling(kb, DEALER_TURNS_UP, "exposed-card-play")
    assert ruling.outcome == "hand-live" and ruling.basis == "reading", ruling.decision
    assert "edp.9-4-s1-2" in {c.clause for c in ruling.citations}


TIME_CALLED = """
title: Time is called on a player on the clock; he says call a second later
house: edp
game: {format: tournament, variant: NLHE, blinds: [1500, 3000]}
button: 3
players: [{seat: 1, stack: 30000}, {seat: 2, stack: 30000}, {seat: 3, stack: 20000}]
timeline:
  - preflop:
  - {seat: 3, did: raise, total: 6000}
  - {seat: 1, did: fold}
  - {seat: 2, did: call, total: 6000}
  - flop: [Q♣, 9♦, 4♦]
  - {seat: 2, did: check}
  - {seat: 3, said: all in, total: 14000}
  - clock_called: {seat: 2, seconds_before: 120, seconds_after: 70, in_question: true}
  - said: {by: floor, words: "time", kind: time}
  - {seat: 2, did: call, total: 14000}
"""


def test_edp_1_9_b7_time_called_is_the_crms_decision_not_a_new_clock(kb):
    # 1 ¶9 •7 ("Call for a clock when warranted") names no time limit and no consequence: once time
    # is called the CRMS decides whether the late action stands (casebook D311).
    ruling = _ruling(kb, TIME_CALLED, "clock")
    assert ruling.outcome == "floor-decides", ruling.decision
    assert "edp.1-9-b7" in {c.clause for c in ruling.citations}
    assert "time was called" in " ".join(ruling.do).lower()


SHORT_HAND_NOT_BUTTON = """
title: A player not on the button finds he has one card after a fold and a call
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: "£"}
button: 1
players: [{seat: 1}, {seat: 2, stack: 80}, {seat: 3, stack: 140}, {seat: 4}, {seat: 5, stack: 190}, {seat: 6, stack: 60}, {seat: 7}]
timeline:
  - deal:
  - preflop:
  - {seat: 4, did: fold}
  - {seat: 5, did: call, total: 2}
  - deal_error: {kind: wrong-number-of-cards, seat: 6, cards: too-few, acted: false, in_question: true}
"""


def test_edp_7_8_short_hand_off_the_button_after_substantial_action_is_dead(kb):
    # 7 ¶2: no misdeal after substantial action, the hand proceeds; 7 ¶8 lets missing cards be
    # replaced after substantial action for the button only (casebook N201).
    ruling = _ruling(kb, SHORT_HAND_NOT_BUTTON, "deal-error")
    assert ruling.outcome == "hand-dead", ruling.decision
    assert "edp.7-8" in {c.clause for c in ruling.citations}
    assert {"effect": "hand-dead", "seat": 6} in [dict(e) for e in ruling.effects]


CHIPS_CARRIED_ON_A_MOVE = """
title: Moved by the TD when his table broke, a player carried one chip in his pocket
house: edp
game: {format: tournament, variant: NLHE, blinds: [400, 800]}
players: [{seat: 2}, {seat: 6, stack: 19600}]
timeline:
  - chips_removed: {seat: 6, amount: 5000, to: pocket, still_playing: true, moved_by_organiser: true, in_question: true}
"""

CHIPS_TO_ANOTHER_TABLE = """
title: A player carries his chips to another table of the tournament
house: edp
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
players: [{seat: 1, stack: 6100}, {seat: 4}]
timeline:
  - chips_removed: {seat: 1, amount: 6100, to: another-table, still_playing: true, in_question: true}
"""

CHIPS_POCKETED = """
title: A cash player pockets a chip and plays on
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
players: [{seat: 1, stack: 40}, {seat: 4}]
timeline:
  - chips_removed: {seat: 1, amount: 5, to: pocket, still_playing: true, in_question: true}
"""


def test_edp_2_8_chips_that_stay_in_play_are_not_removed_from_play(kb):
    # 2 ¶8 "Players are not permitted to remove any chips from play on a table": chips carried with
    # their player to another table, or on the organisers' move, stay in play; EDP has no clause on
    # table moves (casebook G301, P401). A pocketed chip in a cash game is still 2 ¶8's.
    for text in (CHIPS_CARRIED_ON_A_MOVE, CHIPS_TO_ANOTHER_TABLE):
        ruling = _ruling(kb, text, "chips-off-table")
        assert ruling.outcome == "floor-decides", ruling.decision
        assert ruling.basis == "not covered"
    pocketed = _ruling(kb, CHIPS_POCKETED, "chips-off-table")
    assert pocketed.outcome == "not-allowed"
    assert "edp.2-8" in {c.clause for c in pocketed.citations}


BURN_CARD_FLIPPED = """
title: The turn burn card flips face up after the flop betting
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 5
players: [{seat: 1, stack: 40}, {seat: 3, stack: 80}, {seat: 5, stack: 50}]
timeline:
  - flop: [T♠, 7♥, 2♦]
  - {seat: 1, did: check}
  - {seat: 3, did: bet, total: 5}
  - {seat: 5, did: call, total: 5}
  - {seat: 1, did: call, total: 5}
  - card_exposed: {by: dealer, during: play, count: 1, seen_by: table, in_question: true}
"""


def test_edp_9_4_dealer_exposure_rule_needs_a_players_card(kb):
    # 9 ¶4 ("A player who exposes his cards ... will not have a dead hand") is read for a player's
    # own cards; a card of no player's (a burn card) is not his hand (casebook P202).
    report = rule_incident(parse_incident_text(BURN_CARD_FLIPPED, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    fired = {c.clause for r in report.answers["edp"].rulings for c in r.citations}
    assert "edp.9-4-s1-2" not in fired


CHANGE_FROM_THE_POT = """
title: A player calls with a large chip and takes his own change out of the pot
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 9
players: [{seat: 2, stack: 30}, {seat: 3, stack: 40}, {seat: 5, stack: 19}, {seat: 8, stack: 25}]
pot_at_start: 4
timeline:
  - flop: [9♠, 6♦, 2♣]
  - {seat: 2, said: check}
  - {seat: 3, said: "three pounds", chips: [1, 1, 1]}
  - {seat: 5, said: call, chips: [5]}
  - pot_handled: {seat: 5, did: bet-into-pot}
  - pot_handled: {seat: 5, did: took-change-from-pot, in_question: true}
"""


def test_edp_8_3_change_taken_from_the_pot_goes_back(kb):
    # 8 ¶3: action in turn "commits chips to the pot that must stay in the pot" (casebook H301, H405).
    ruling = _ruling(kb, CHANGE_FROM_THE_POT, "pot-handling")
    assert ruling.outcome == "put-right", ruling.decision
    assert ruling.basis == "reading"
    assert "edp.8-3" in {c.clause for c in ruling.citations}


SIMULTANEOUS_RAISE_TWO_MOTIONS = """
title: Raise said as the call chips go in, then the raise in a second motion
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5}
players: [{seat: 2, stack: 34}, {seat: 7, stack: 41}]
timeline:
  - turn: {cards: [9♣], pot: 15}
  - {seat: 2, chips: [1, 1, 1, 1]}
  - {seat: 7, said: raise, chips: [1, 1, 1, 1, 5], motions: [4, 5], first: together, in_question: true}
"""


def test_edp_8_30_raise_declared_with_the_chips_is_not_withdrawn(kb):
    # 8 ¶30: "Unless he verbally declared the raise, he can be forced to withdraw it and just call";
    # 8 ¶1: "If simultaneous, a clear and reasonable verbal declaration takes precedence" (casebook Q101).
    ruling = _ruling(kb, SIMULTANEOUS_RAISE_TWO_MOTIONS, "string-bet")
    assert ruling.outcome == "raise-stands", ruling.decision
    assert "edp.8-30" in {c.clause for c in ruling.citations}
    assert {"effect": "ruled-raise", "seat": 7, "total": 9, "add": 9} in ruling.effects or any(
        e.get("effect") == "ruled-raise" and e.get("total") == 9 for e in ruling.effects)


def _muck(touched, tabled, retrievable):
    return f"""
title: A player's cards go onto the muck at showdown
house: edp
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 9
players: [{{seat: 4, stack: 40, cards: [K♣, 8♣]}}, {{seat: 6, stack: 40, cards: [Q♥, 9♥]}}, {{seat: 9, stack: 40, cards: [A♦, J♣]}}]
timeline:
  - river: 2♠
  - {{seat: 4, did: bet, total: 5}}
  - {{seat: 6, did: call, total: 5}}
  - {{seat: 9, did: call, total: 5}}
  - showdown:
  - hand_mucked: {{seat: 6, by: player, retrievable: {retrievable}, touched_muck: {touched}, tabled: {tabled}, in_question: true}}
  - hand_shown: {{seat: 4, face_up: 2}}
  - hand_shown: {{seat: 9, face_up: 2}}
"""


def test_edp_3_5_touching_the_muck_kills_only_when_being_tabled(kb):
    # 3 ¶5: "Discarding non-tabled cards face down does not automatically kill them. Cards are
    # killed ... [when they] touch the muck when being tabled by the player, or otherwise rendered
    # irretrievable and unidentifiable" (casebook Q302).
    face_down = _ruling(kb, _muck("true", "false", "true"), "mucked-hand")
    assert face_down.outcome == "hand-restored", face_down.decision
    tabled = _ruling(kb, _muck("true", "true", "true"), "mucked-hand")
    assert tabled.outcome == "hand-dead", tabled.decision
    gone = _ruling(kb, _muck("true", "false", "false"), "mucked-hand")
    assert gone.outcome == "hand-dead", gone.decision


SHOWED_HAND_TO_FOLDED_PLAYER = """
title: Facing a bet, he shows his cards to the folded player beside him
house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 7
players: [{seat: 2, stack: 5200}, {seat: 3}, {seat: 4, stack: 3800}, {seat: 5}, {seat: 7}, {seat: 8}, {seat: 9}]
timeline:
  - preflop:
  - {seat: 2, said: raise, chips: [1000]}
  - {seat: 3, did: fold}
  - {seat: 4, said: call, chips: [1000]}
  - {seat: 5, did: fold}
  - {seat: 7, did: fold}
  - {seat: 8, did: fold}
  - {seat: 9, did: fold}
  - flop: [Q♠, 9♠, 4♦]
  - {seat: 2, said: "bet, fifteen hundred", chips: [1000, 500]}
  - conduct: {seat: 4, did: showed-cards, live_hand: true, about_hand: own-live, deliberate: true, in_question: true}
"""


def test_edp_4_4_hand_shown_to_a_player_is_shown_to_all_and_stays_live(kb):
    # 4 ¶4: "all other players at the table have the right to see the hand, and it is the dealers
    # obligation to show it"; 9 ¶4: "will not have a dead hand" (casebook Q401).
    ruling = _ruling(kb, SHOWED_HAND_TO_FOLDED_PLAYER, "conduct")
    assert ruling.outcome == "shown-to-all", ruling.decision
    assert {"edp.4-4", "edp.9-4-s1-2"} <= {c.clause for c in ruling.citations}
    kinds = {(e["effect"], e.get("seat")) for e in ruling.effects}
    assert ("cards-shown-to-all", 4) in kinds and ("hand-live", 4) in kinds


ABSENT_BLIND_FOLDED_TO = """
title: Everyone folds to the absent big blind
house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 3
players: [{seat: 1}, {seat: 3}, {seat: 4, stack: 3800}, {seat: 5, stack: 6300}]
timeline:
  - {seat: 4, posts: small-blind, chips: [100, 100]}
  - {seat: 5, posts: big-blind, chips: [100, 100, 100, 100]}
  - deal:
  - player_away: {seat: 5, at_first_card: true, at_last_card: true, in_room: false, in_question: true}
  - preflop:
  - {seat: 1, did: fold}
  - {seat: 3, did: fold}
  - {seat: 4, did: fold}
"""


def test_edp_5_1_and_5_3_conflict_when_all_fold_to_an_absent_blind(kb):
    # 5 ¶1: "if not in seated as the first card is dealt the players hand is dead" against 5 ¶3:
    # "considered to be in the action with any small or big blind posted" (casebook Q403).
    ruling = _ruling(kb, ABSENT_BLIND_FOLDED_TO, "absent-player")
    assert ruling.basis == "conflict", ruling.decision
    assert {"edp.5-1", "edp.5-3"} <= {c.clause for c in ruling.citations}


CHECK_WITH_A_CHIP = """
title: Check said as a chip slides out, facing no bet
house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 7
players: [{seat: 2, stack: 3000}, {seat: 3, stack: 2800}, {seat: 5, stack: 3900}, {seat: 7, stack: 4600}]
timeline:
  - preflop:
  - {seat: 2, posts: small-blind, chips: [100, 100]}
  - {seat: 3, posts: big-blind, chips: [100, 100, 100, 100]}
  - {seat: 5, did: call, total: 400}
  - {seat: 7, did: call, total: 400}
  - {seat: 2, did: fold}
  - {seat: 3, did: check}
  - flop: [Q♦, 9♣, 4♠]
  - {seat: 3, said: check}
  - {seat: 5, said: check, chips: [500], first: together, in_question: true}
"""


def test_edp_8_1_check_said_with_chips_is_a_check(kb):
    # 8 ¶1: "If simultaneous, a clear and reasonable verbal declaration takes precedence" (casebook R103).
    ruling = _ruling(kb, CHECK_WITH_A_CHIP, "declared-action")
    assert ruling.outcome == "check", ruling.decision
    assert "edp.8-1-s1-3" in {c.clause for c in ruling.citations}
    assert {"effect": "return-chips", "seat": 5, "amount": 500} in ruling.effects
