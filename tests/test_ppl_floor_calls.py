"""PPL rules fixed from the independent floor calls (cb2): each test names the clause it pins."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _rulings(kb, text, issue):
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return [r for r in report.answers["ppl"].rulings if r.issue == issue]


def _effects(ruling, name):
    return [e for e in ruling.effects if e.get("effect") == name]


RAISE_SAID_THEN_CHIPS = """
title: raise said, then chips
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 1
players: [{seat: 1}, {seat: 3, stack: 38}, {seat: 4, stack: 46}]
pot_at_start: 6.50
timeline:
  - flop: [J♥, 8♣, 4♦]
  - {seat: 3, did: check}
  - {seat: 4, chips: [1, 1]}
  - {seat: 1, did: fold}
  - {seat: 3, said: "raise, five", chips: CHIPS, first: words, in_question: true}
"""


def test_ppl_league_2_raise_stated_then_chips_making_the_amount_is_a_raise_to_it(kb):
    ruling, = _rulings(kb, RAISE_SAID_THEN_CHIPS.replace("CHIPS", "[5]"), "declared-action")
    assert (ruling.outcome, ruling.basis) == ("raise", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-2"]
    assert _effects(ruling, "ruled-raise") == [{"effect": "ruled-raise", "seat": 3, "total": 5, "add": 5}]


def test_ppl_league_2_raise_stated_with_chips_not_making_the_amount_is_not_read_as_a_raise_to_it(kb):
    # "raise, five" with £7 out: the chips make neither reading the total said; PPL does not decide it.
    ruling, = _rulings(kb, RAISE_SAID_THEN_CHIPS.replace("CHIPS", "[5, 1, 1]"), "declared-action")
    assert ruling.outcome != "raise" or ruling.citations[0].rule != "ppl.league-2.stated-raise-chips-make-the-amount"


POT_BET = """
title: pot bet in no-limit
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 200}, {seat: 2, stack: 200}, {seat: 3, stack: 200}]
pot_at_start: 18
timeline:
  - flop:
  - {seat: 2, said: I bet the pot, in_question: true}
"""


def test_ppl_league_52_pot_bet_declared_in_turn_binds_and_the_venue_manager_sizes_it(kb):
    ruling, = _rulings(kb, POT_BET, "declared-action")
    # a bet (k4, G102); its amount is the Venue Manager's (discretion)
    assert (ruling.outcome, ruling.basis, ruling.discretion) == ("bet", "reading", True)
    assert [c.clause for c in ruling.citations] == ["ppl.league-52"]
    assert "binds him" in ruling.do[0]


FINAL_TABLE = """
title: final table asked for
house: ppl
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
button: 1
players: [{seat: 1}, {seat: 2}]
timeline:
  - hand-over:
  - table_count: {number: 1, players: A, seats: 10}
  - table_count: {number: 2, players: B, seats: 10}
  - seat_request: {reason: preference, final_table: true, in_question: true}
"""


def test_ppl_league_39_no_final_table_before_eight_are_left(kb):
    ruling, = _rulings(kb, FINAL_TABLE.replace("A", "5").replace("B", "5"), "final-table")
    assert (ruling.outcome, ruling.basis) == ("not-yet", "express")
    assert "10 players are left" in ruling.do[0]


def test_ppl_league_39_final_table_at_eight_left(kb):
    ruling, = _rulings(kb, FINAL_TABLE.replace("A", "4").replace("B", "4"), "final-table")
    assert ruling.outcome == "formed-as-laid-down"


DEAL = """
title: a deal proposed
house: ppl
game: {format: tournament, variant: NLHE, blinds: [2000, 4000]}
button: 1
players: [{seat: 1}, {seat: 4}]
timeline:
  - hand-over:
  - deal_proposed: {kind: KIND, in_question: true}
"""


def test_ppl_league_40_points_session_is_not_ended_by_agreement(kb):
    ruling, = _rulings(kb, DEAL.replace("KIND", "end-session"), "deal")
    assert (ruling.outcome, [c.clause for c in ruling.citations]) == ("not-allowed", ["ppl.league-40"])


def test_ppl_league_40_says_nothing_of_a_prize_money_chop(kb):
    # Nights •4: the points session is "for points only"; a chop of prize money is not a points session's.
    ruling, = _rulings(kb, DEAL.replace("KIND", "split-prizes"), "deal")
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")


CARDS_IN_LAP = """
title: cards in the lap
house: ppl
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
button: 1
players: [{seat: 1}, {seat: 3}, {seat: 6}]
timeline:
  - preflop:
  - cards_handling: {seat: 6, OFF, in_question: true}
"""


def test_ppl_league_46_cards_off_the_table_may_be_penalised_hand_not_killed(kb):
    ruling, = _rulings(kb, CARDS_IN_LAP.replace("OFF", "off_table: true"), "card-handling")
    assert ruling.outcome == "must-correct"
    assert sorted(c.clause for c in ruling.citations) == ["ppl.league-10", "ppl.league-46"]
    assert _effects(ruling, "penalty-possible") and not _effects(ruling, "hand-dead")


def test_ppl_league_46_cards_hidden_on_the_table_are_not_off_it(kb):
    ruling, = _rulings(kb, CARDS_IN_LAP.replace("OFF", "concealed: true, off_table: false"), "card-handling")
    assert [c.clause for c in ruling.citations] == ["ppl.league-10"]


BUSTED_BUYS = """
title: busted player buys again
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players: [{seat: 1, stack: 80}, {seat: 4, stack: 0}]
timeline:
  - deal:
  - buys_chips: {seat: 4, amount: 20, had_chips: false, all_in_last_hand: LAST, in_question: true}
"""


def test_ppl_league_35_player_who_lost_all_his_chips_is_eliminated_and_may_not_buy_in(kb):
    ruling, = _rulings(kb, BUSTED_BUYS.replace("LAST", "true"), "buy-in")
    assert (ruling.outcome, ruling.basis) == ("not-allowed", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-35"]
    assert _effects(ruling, "may-not-play") == [{"effect": "may-not-play", "seat": 4}]


def test_ppl_league_35_does_not_speak_to_a_player_who_did_not_lose_his_chips(kb):
    ruling, = _rulings(kb, BUSTED_BUYS.replace("LAST", "false"), "buy-in")
    assert ruling.basis == "not covered"


SPOKEN_CALL_SHORT = """
title: call said with chips short of the bet
house: ppl
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 1
players: [{seat: 1}, {seat: 2, stack: 6000}, {seat: 3, stack: 8000}]
pot_at_start: 1200
timeline:
  - flop: [K♣, 8♦, 5♠]
  - {seat: 2, said: bet, chips: [1000, 1000, 500]}
  - {seat: 3, said: call, chips: [1000, 1000], in_question: true}
"""


def test_ppl_league_52_call_declared_in_turn_with_chips_short_is_a_call_of_the_whole_bet(kb):
    # K202: "Verbal declarations in turn are obligatory": the call is a call of 2,500, not 2,000.
    ruling, = _rulings(kb, SPOKEN_CALL_SHORT, "declared-action")
    assert (ruling.outcome, ruling.basis) == ("call", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-52"]
    assert _effects(ruling, "ruled-call") == [{"effect": "ruled-call", "seat": 3, "total": 2500}]


UNDER_RAISE_THEN_RAISE = """
title: a player not yet reached raises after an all-in under-raise
house: ppl
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
button: 9
players: [{seat: 3, stack: 18500}, {seat: 5, stack: 3200}, {seat: 7, stack: 21000}, {seat: 9, stack: 11000}]
timeline:
  - {seat: 3, said: raise, total: 2500}
  - {seat: 5, said: all in, total: 3200}
  - {seat: 7, said: "raise, eight thousand", chips: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000], in_question: true}
"""


def test_ppl_league_7_p1_player_yet_to_act_may_raise_so_his_declared_raise_stands(kb):
    # H309: "players who have yet to act (betting has not reached them yet) may raise".
    ruling, = _rulings(kb, UNDER_RAISE_THEN_RAISE, "declared-action")
    assert (ruling.outcome, ruling.basis) == ("raise", "reading")
    assert "ppl.league-7-p1" in [c.clause for c in ruling.citations]
    assert _effects(ruling, "ruled-raise") == [{"effect": "ruled-raise", "seat": 7, "total": 8000, "add": 8000}]


ASKS_TO_SEE_FROM_OUTSIDE = """
title: a player who folded asks to see the called hand
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 1
players: [{seat: 1, stack: 50}, {seat: 5, stack: 50}, {seat: 8, stack: 50}]
pot_at_start: 20
timeline:
  - river:
  - {seat: 1, did: check}
  - {seat: 5, did: bet, total: 5}
  - {seat: 8, did: call, total: 5}
  - {seat: 1, did: fold}
  - showdown:
  - asks_to_see: {seat: 1, target: 5, asker_kept_cards: false, in_question: true}
"""


def test_ppl_league_41_player_out_of_the_hand_has_no_right_to_see(kb):
    # H104: •41 has the hand shown "to all the players in the hand"; seat 1 folded.
    ruling, = _rulings(kb, ASKS_TO_SEE_FROM_OUTSIDE, "right-to-see")
    assert (ruling.outcome, ruling.basis) == ("no-right", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-41"]
    assert _effects(ruling, "no-right-to-see") == [{"effect": "no-right-to-see", "seat": 1}]


CHART_ON_PHONE = """
title: a range chart on a phone while facing a raise
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 3
players: [{seat: 1, stack: 100}, {seat: 3, stack: 75}, {seat: 7, stack: 90}]
timeline:
  - conduct: {seat: 7, did: betting-app, live_hand: true, in_question: true}
"""


def test_ppl_league_12_s1_chart_consulted_for_a_live_hand_is_advice_not_allowed(kb):
    # H102: "Players may not ask advice as to how to act during a hand"; the hand stays live.
    ruling, = _rulings(kb, CHART_ON_PHONE, "conduct")
    assert (ruling.outcome, ruling.basis) == ("not-allowed", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-12-s1"]
    assert _effects(ruling, "hand-live") == [{"effect": "hand-live", "seat": 7}]


NOT_COMING_BACK = """
title: an absent player says he is not coming back
house: ppl
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
players: [{seat: 2, behind: 2300}, {seat: 6, behind: 5200, present: false}, {seat: 7, behind: 9000}]
timeline:
  - hand-over:
  - player_away: {seat: 6, since_start: false, said_not_returning: true, in_question: true}
"""


def test_ppl_league_13_player_not_returning_has_his_hand_mucked_at_his_turn(kb):
    # K203: dealt in (•18), but "not present when it becomes their turn to act": mucked (•13).
    ruling, = _rulings(kb, NOT_COMING_BACK, "absent-player")
    assert (ruling.outcome, ruling.basis) == ("hand-dead", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-13"]
    assert _effects(ruling, "hand-dead") == [{"effect": "hand-dead", "seat": 6}]


STRING = """
title: chips in two motions facing a bet
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 4
players: [{seat: 1, stack: 200}, {seat: 4, stack: 200}]
timeline:
  - flop:
  - {seat: 1, said: bet 10, chips: [10], first: together}
  - ACTION
"""


def test_ppl_league_2_string_without_a_stated_raise_is_a_call_with_the_extra_returned(kb):
    # M101: •3 forbids the string but does not say what stands; •2: chips placed without a stated
    # raise "will be assumed as a call. Any extra chips will be returned to their stack".
    text = STRING.replace("ACTION", "{seat: 4, chips: [10, 10, 10], motions: [10, 20]}")
    ruling, = _rulings(kb, text, "string-bet")
    assert (ruling.outcome, ruling.basis) == ("call-only", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-2"]
    assert _effects(ruling, "ruled-call") == [{"effect": "ruled-call", "seat": 4, "total": 10}]
    assert _effects(ruling, "return-chips") == [{"effect": "return-chips", "seat": 4, "amount": 20}]


def test_ppl_league_2_raise_and_amount_stated_before_the_chips_stand_however_they_went_in(kb):
    # M105: "raise, thirty" said in turn before any chip moved, the chips making the amount.
    text = STRING.replace("ACTION", '{seat: 4, said: "raise, thirty", chips: [10, 10, 10], motions: [10, 20], first: words}')
    ruling, = _rulings(kb, text, "string-bet")
    assert (ruling.outcome, ruling.basis) == ("raise-stands", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-2"]
    assert _effects(ruling, "ruled-raise") == [{"effect": "ruled-raise", "seat": 4, "total": 30}]


def test_ppl_league_3_raise_stated_without_amount_then_a_string_is_still_for_the_venue_manager(kb):
    # H403's shape: "raise" with no amount, then two motions. Nothing in PPL sizes the raise
    # (the facts cannot tell what the first motion made), so •3 stands: the Venue Manager decides.
    text = STRING.replace("ACTION", '{seat: 4, said: raise, chips: [10, 10, 10], motions: [10, 20], first: words}')
    ruling, = _rulings(kb, text, "string-bet")
    assert (ruling.outcome, ruling.basis) == ("not-allowed", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-3"]


REBUY = """
title: re-buy asked for
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200], starting_stack: 2000}
players: [{seat: 2, stack: STACK}]
timeline:
  - rebuy_request: {seat: 2, kind: re-buy, chips: STACK, starting_chips: 2000, in_question: true}
"""


def test_ppl_league_35_player_with_no_chips_asking_to_rebuy_is_eliminated(kb):
    # M204-b: "When a Player loses all his/her chips, they are eliminated from play".
    ruling, = _rulings(kb, REBUY.replace("STACK", "0"), "rebuy")
    assert (ruling.outcome, ruling.basis) == ("eliminated", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-35"]
    assert _effects(ruling, "player-out") == [{"effect": "player-out", "seat": 2}]


def test_ppl_league_35_does_not_rule_on_a_player_who_still_has_chips(kb):
    ruling, = _rulings(kb, REBUY.replace("STACK", "1100"), "rebuy")
    assert ruling.outcome == "floor-decides"


UPCARDS = """
title: up cards lifted
house: ppl
game: {format: cash, variant: stud}
players: [{seat: 2, stack: 100}, {seat: 5, stack: 100}]
timeline:
  - fifth-street:
  - upcards_picked_up: {seat: 5, facing_bet: true, in_question: true}
"""


def test_ppl_league_10_up_cards_lifted_off_the_table_the_hand_stays_live(kb):
    # M102: "All cards must remain on the tabletop, as well as remain visible"; no dead-hand consequence.
    ruling, = _rulings(kb, UPCARDS, "upcards-picked-up")
    assert (ruling.outcome, ruling.basis) == ("hand-live", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-10"]
    assert _effects(ruling, "hand-live") == [{"effect": "hand-live", "seat": 5}]


ALTERED_PRIZE = """
title: prize altered to an entry; winner asks for cash
house: ppl
game: {format: tournament, variant: NLHE}
players: [{seat: 1}, {seat: 2}]
timeline:
  - rules_objection: {seat: 1, objection: event-changed, after_start: true}
  - main_event_entry: {route: satellite, asks: cash-value, advertised: ADV, in_question: true}
"""


def test_ppl_nights_5_prize_altered_by_the_representatives_stands(kb):
    # M206: "The Poker Project representatives retain the right to cancel or alter any event."
    ruling, = _rulings(kb, ALTERED_PRIZE.replace("ADV", "false"), "main-event-entry")
    assert (ruling.outcome, ruling.basis) == ("seat-only", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.nights-5"]


def test_ppl_nights_5_is_not_a_satellite_rule_for_an_advertised_qualifier(kb):
    ruling, = _rulings(kb, ALTERED_PRIZE.replace("ADV", "true"), "main-event-entry")
    assert ruling.outcome == "floor-decides"


# -- fourth pass (k4/ppl) ---------------------------------------------------------------------------

def test_ppl_league_2_raise_said_with_chips_order_not_stated_is_a_raise_to_the_amount(kb):
    # N202, L203: "raise, five" with the £5 chip, the order of words and chips not stated.
    text = RAISE_SAID_THEN_CHIPS.replace("CHIPS", "[5]").replace(", first: words", "")
    ruling, = _rulings(kb, text, "declared-action")
    assert (ruling.outcome, ruling.basis) == ("raise", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.league-2"]
    assert _effects(ruling, "ruled-raise") == [{"effect": "ruled-raise", "seat": 3, "total": 5, "add": 5}]


def test_ppl_league_2_raise_with_chips_shown_to_come_first_is_not_read_as_stated(kb):
    text = RAISE_SAID_THEN_CHIPS.replace("CHIPS", "[5]").replace("first: words", "first: chips")
    assert all(r.outcome != "raise" for r in _rulings(kb, text, "declared-action"))


FIFTH_RAISE = """
title: a raise after a bet and three raises
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 3
players: [{seat: 1, stack: 2000}, {seat: 2, stack: 2000}, {seat: 3, stack: 2000}]
timeline:
  - {seat: 3, said: raise, total: 6}
  - {seat: 1, said: raise, total: 18}
  - {seat: 2, said: raise, total: 54}
  - {seat: 3, said: raise, total: 150}
  - {seat: 1, said: raise, total: 400, in_question: true}
"""


def test_ppl_howto_9_no_cap_on_the_number_of_raises(kb):
    # M106: "Players can re-raise any amount equal or greater than the minimum bet"; no PPL cap.
    ruling, = _rulings(kb, FIFTH_RAISE, "may-raise")
    assert (ruling.outcome, ruling.basis) == ("may-raise", "reading")
    assert [c.clause for c in ruling.citations] == ["ppl.howto-9"]

