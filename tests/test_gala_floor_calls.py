"""Gala rules fixed from the independent floor calls of batch cb2 (G103, G202, G212, G306, G314):
each test names the Gala clause the ruling rests on."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def rule(kb, text):
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, issue, club="gala"):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def cites(r):
    return {c.clause for c in r.citations}


def has_effect(r, name, **params):
    return any(e.get("effect") == name and all(e.get(k) == v for k, v in params.items()) for e in r.effects)


FORGOT_BLIND = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 2, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 4, stack: 200}
timeline:
  - preflop:
  - {seat: 4, did: call, total: 2}
  - {seat: 1, did: fold}
  - {seat: 3, did: fold, in_turn: false}     # before the small blind (seat 2) acted
  - hand_mucked: {seat: 3, by: player, forgot_own_bet: true, retrievable: true, touched_muck: false, in_question: true}
"""


def test_gala_dealer_n2_out_of_turn_discard_of_forgetful_big_blind_is_void(kb):
    """n) keeps an out-of-turn discard "except under the following circumstances"; n)2 (the player
    already in for the big blind who forgets it) governs the out-of-turn fold too (G202)."""
    report = rule(kb, FORGOT_BLIND)
    oot = ruling(report, "out-of-turn")
    assert oot.outcome == "void-free"
    assert cites(oot) == {"gala.dealer-n-2"}
    assert has_effect(oot, "hand-live", seat=3) and has_effect(oot, "may-act-freely", seat=3)
    assert ruling(report, "mucked-hand").outcome == "hand-restored"


def test_gala_dealer_n_out_of_turn_fold_still_stands_without_an_exception(kb):
    """Without n)1 or n)2 the out-of-turn discard is not returned (n) itself)."""
    text = FORGOT_BLIND.replace("forgot_own_bet: true, ", "")
    oot = ruling(rule(kb, text), "out-of-turn")
    assert oot.outcome == "binding" and cites(oot) == {"gala.dealer-n"}


def test_gala_dealer_n1_out_of_turn_discard_believing_won_is_void_and_bet_stands(kb):
    text = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 5, stack: 200}
timeline:
  - river: 9♣
  - {seat: 3, did: bet, total: 20}
  - {seat: 3, did: fold, in_turn: false}     # before seats 5 and 1 answered his bet
  - hand_mucked: {seat: 3, by: player, believed_won: true, retrievable: true, in_question: true}
"""
    oot = ruling(rule(kb, text), "out-of-turn")
    assert oot.outcome == "void-free" and cites(oot) == {"gala.dealer-n-1"}
    assert has_effect(oot, "hand-live", seat=3)


CONDUCT = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
timeline:
  - river: 9♣
  - conduct: {seat: 3, did: cards-or-chips-hidden, live_hand: true}
"""


def test_gala_unethical_a_and_house_s_cards_or_chips_kept_in_view(kb):
    """Unethical conduct a) (cards in full view) and House rules s) (all chips in clear view):
    a forearm laid over the stack is not left to discretion (G103)."""
    report = rule(kb, CONDUCT)
    conduct = ruling(report, "conduct")
    assert conduct.outcome == "not-allowed" and conduct.basis == "reading"
    assert cites(conduct) == {"gala.unethical-a", "gala.house-s"}
    assert has_effect(conduct, "stacks-made-visible", seat=3)
    penalty = ruling(report, "conduct-penalty")
    assert penalty.outcome == "warning" and cites(penalty) == {"gala.unethical-after-l-p1"}


def test_gala_unethical_after_l_concealed_cards_warned_not_killed(kb):
    """After Unethical conduct l): "Any player who engages in any of the above actions will be
    warned" - the sanction for cards held in the lap (G212), not a dead hand."""
    text = CONDUCT.replace("conduct: {seat: 3, did: cards-or-chips-hidden, live_hand: true}",
                           "cards_handling: {seat: 3, concealed: true, off_table: true}")
    r = ruling(rule(kb, text), "card-handling")
    assert r.outcome == "unethical"
    assert cites(r) == {"gala.unethical-a", "gala.unethical-after-l-p1"}
    assert has_effect(r, "warning", seat=3) and not has_effect(r, "hand-dead")


def test_gala_tournament_i_players_may_not_stop_by_agreement(kb):
    """Tournament i): "All entrants must engage in continuous play until a formal break is
    announced by Management" (G306); in a cash game the clause is not used."""
    text = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [1000, 2000]}
players:
  - {seat: 1, behind: 29000}
  - {seat: 2, behind: 11000}
timeline:
  - hand-over:
  - deal_proposed: {kind: end-session}
"""
    r = ruling(rule(kb, text), "deal")
    assert r.outcome == "not-allowed" and cites(r) == {"gala.tournament-i"} and r.basis == "reading"
    cash = ruling(rule(kb, text.replace("format: tournament", "format: cash")), "deal")
    assert "gala.tournament-i" not in cites(cash)


def test_gala_dealer_l_splashed_chips_are_counted(kb):
    """Dealer procedures l): "The dealer is responsible for ensuring the amount of chips being put
    into the pot is correct in relation to the bet or raise" (G314)."""
    text = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
players:
  - {seat: 3}
  - {seat: 6, stack: 21000}
pot_at_start: 7500
timeline:
  - flop: [8♣, 8♥, 3♦]
  - {seat: 3, did: bet, chips: [1000, 1000]}
  - {seat: 6, said: raise, first: words, total: 5000}
  - pot_handled: {seat: 6, did: splashed-pot, in_question: true}
"""
    r = ruling(rule(kb, text), "pot-handling")
    assert r.outcome == "put-right" and cites(r) == {"gala.dealer-l"} and r.basis == "reading"


ANNOUNCED_BET_SIZE = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 9
players: [{seat: 3, stack: 9000}, {seat: 6, stack: 8000}, {seat: 9, stack: 12000}]
pot_at_start: 4000
timeline:
  - turn:
  - {seat: 3, said: twelve hundred, chips: [1000, 1000], first: together, in_question: true}
"""


def test_gala_house_u_announced_bet_size_is_the_bet(kb):
    # L102: "It is in all players' interests to clearly announce the size of a bet or raise."
    r = ruling(rule(kb, ANNOUNCED_BET_SIZE), "declared-action")
    assert (r.outcome, r.basis) == ("bet", "reading")
    assert cites(r) == {"gala.house-u"}
    assert has_effect(r, "ruled-bet", seat=3, total=1200)


HAND_THROWN_IN_AT_SHOWDOWN = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 3
players: [{seat: 3, stack: 100}, {seat: 7, stack: 100}]
pot_at_start: 20
timeline:
  - river:
  - {seat: 3, did: check}
  - {seat: 7, did: check}
  - showdown:
  - hand_mucked: {seat: 3, by: player, retrievable: RETRIEVABLE, in_question: true}
"""


def test_gala_showdown_p2_s4_and_house_h_hand_thrown_onto_the_discards_at_showdown_is_dead(kb):
    # H105, H406, H407: dead whether or not the cards could be picked out of the muck.
    for retrievable in ("true", "false"):
        r = ruling(rule(kb, HAND_THROWN_IN_AT_SHOWDOWN.replace("RETRIEVABLE", retrievable)), "mucked-hand")
        assert r.outcome == "hand-dead"
        assert {"gala.betting-showdown-p2-s4", "gala.house-h"} <= cites(r)
        assert has_effect(r, "hand-dead", seat=3)


UNCUT_DECK_AFTER_BETTING = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 100}, {seat: 2, stack: 100}, {seat: 3, stack: 100}, {seat: 4, stack: 100}, {seat: 5, stack: 100}]
timeline:
  - deal:
  - preflop:
  - {seat: 4, did: raise, total: 7}
  - deal_error: {kind: deck-not-cut, in_question: true}
"""


def test_gala_misdeal_d_uncut_deck_after_betting_hand_continues_with_the_next_player(kb):
    # G201: "If discovered after betting has taken place, the hand will continue."
    r = ruling(rule(kb, UNCUT_DECK_AFTER_BETTING), "deal-error")
    assert r.outcome == "hand-stands"
    assert cites(r) == {"gala.misdeal-d"}
    assert has_effect(r, "acts-next", seat=5)


DECLARED_SHORT_RAISE = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players: [{seat: 2, stack: 100}, {seat: 4, stack: 100}, {seat: 6, stack: 100}]
timeline:
  - flop: [9♥, 7♣, 2♦]
  - {seat: 2, said: bet, chips: [1, 1]}
  - {seat: 4, said: raise, chips: [1, 1, 1], first: together, in_question: true}
"""


def test_gala_call_and_raise_p1_s2_stated_raise_short_of_minimum_is_made_up(kb):
    # L101: "The minimum raise is at least the amount of the last bet"; not all-in, no under-raise.
    r = ruling(rule(kb, DECLARED_SHORT_RAISE), "raise-size")
    assert (r.outcome, r.basis) == ("raised-to-minimum", "reading")
    assert cites(r) == {"gala.betting-call-and-raise-p1-s2"}
    assert has_effect(r, "raise-made-up", seat=4, add=1, total=4)


SATELLITE_SPLIT = """title: t
house: gala
game: {format: tournament, variant: NLHE}
players: [{seat: 1, stack: 11000}, {seat: 2, stack: 11000}]
timeline:
  - hand-over:
  - deal_proposed: {kind: split-prizes, in_question: true}
  - main_event_entry: {route: satellite, asks: cash-value}
"""


def test_gala_satellite_b_p2_no_cash_split_of_a_satellite(kb):
    # G210: "Under no circumstances will the player be offered a cash alternative".
    r = ruling(rule(kb, SATELLITE_SPLIT), "deal")
    assert (r.outcome, r.basis) == ("not-allowed", "reading")
    assert cites(r) == {"gala.satellite-b-p2"}
    assert has_effect(r, "deal-refused") and has_effect(r, "seat-prize-only")


# --- second pass (M calls, G305) ---------------------------------------------------------------

STUD_UPCARDS = """title: t
house: gala
game: {format: cash, variant: stud, bring_in: 0.50, limits: [0.50, 1]}
players:
  - {seat: 2, stack: 20}
  - {seat: 5, stack: 22}
timeline:
  - fifth-street:
  - {seat: 2, did: bet, total: 1}
  - upcards_picked_up: {seat: 5, in_question: true}
"""


def test_gala_unethical_a_stud_upcards_picked_up_hand_live_and_warned(kb):
    """Unethical conduct a) "All cards must be kept in full view": lifting the up cards is
    unethical conduct, not a discard (House w); after l) ¶1: warned (M102)."""
    r = ruling(rule(kb, STUD_UPCARDS), "upcards-picked-up")
    assert r.outcome == "hand-live" and r.basis == "reading"
    assert cites(r) == {"gala.unethical-a", "gala.unethical-after-l-p1"}
    assert has_effect(r, "hand-live", seat=5) and has_effect(r, "warning", seat=5)


BB_TWO_CHIPS = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 1
players:
  - {seat: 1, stack: 50}
  - {seat: 2, stack: 50}
  - {seat: 3, stack: 48}
  - {seat: 5, stack: 80}
timeline:
  - preflop:
  - {seat: 5, did: raise, total: 2}
  - {seat: 1, did: fold}
  - {seat: 2, did: fold}
  - {seat: 3, chips: [1, 1], in_question: true}
"""


def test_gala_house_v_s3_silent_chips_not_over_previous_bet_are_a_call(kb):
    """House v) s3 holds silent chips to a raise only when "greater than the previous bet": the
    big blind's two £1 chips facing a raise to £2 are a call, £1 back (M109)."""
    r = ruling(rule(kb, BB_TWO_CHIPS), "chips-without-declaration")
    assert r.outcome == "call" and cites(r) == {"gala.house-v-s3"}
    assert has_effect(r, "ruled-call", seat=3, total=2) and has_effect(r, "return-chips", seat=3, amount=1)


def test_gala_house_v_s3_silent_chips_over_previous_bet_still_a_raise(kb):
    r = ruling(rule(kb, BB_TWO_CHIPS.replace("chips: [1, 1]", "chips: [1, 1, 1, 1]")), "chips-without-declaration")
    assert r.outcome == "raise"


UNDER_CALL = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [400, 800]}
button: 9
players:
  - {seat: 1, stack: 10000}
  - {seat: 2, stack: 14000}
  - {seat: 3, stack: 11500}
  - {seat: 5, stack: 1700}
  - {seat: 9, stack: 10000}
timeline:
  - preflop:
  - {seat: 1, posts: small-blind, total: 400}
  - {seat: 2, posts: big-blind, total: 800}
  - {seat: 3, did: raise, total: 2000}
  - {seat: 5, did: all-in, total: 1700}
  - {seat: 9, did: fold}
  - {seat: 1, did: fold}
  - {seat: 2, did: raise, total: 8000, in_question: true}
"""


def test_gala_all_in_p3_under_call_leaves_betting_open(kb):
    """Betting / All In ¶1, ¶3: an all-in for less than the call is an under-call, the difference
    goes to a separate pot; it closes nothing, so the big blind may raise (M302)."""
    r = ruling(rule(kb, UNDER_CALL), "may-raise")
    assert r.outcome == "may-raise" and cites(r) == {"gala.betting-all-in-p3"}
    assert has_effect(r, "may-raise", seat=2, call=1200)


TABLE_PAUSE = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
players:
  - {seat: 1}
  - {seat: 3}
timeline:
  - hand-over:
  - break_due: {break_announced: false, in_question: true}
  - level_change: {previous_hand_completed: true, blinds: [1000, 2000], in_question: true}
"""


def test_gala_tournament_i_no_formal_break_next_hand_at_new_level(kb):
    """Tournament i) "continuous play until a formal break is announced by Management": a table
    that stops on its own is not on a break; the next hand is at the new level (G305)."""
    r = ruling(rule(kb, TABLE_PAUSE), "blind-level")
    assert r.outcome == "new-level" and cites(r) == {"gala.tournament-i"}
    assert has_effect(r, "blinds-level", level="new")


def test_gala_behaviour_l_never_agreed_to_rules_still_bound(kb):
    """Player behaviour l) "In any dispute you will abide by the decision given by the Management"
    (M307)."""
    text = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
players:
  - {seat: 3}
timeline:
  - rules_objection: {seat: 3, objection: did-not-agree, in_question: true}
"""
    r = ruling(rule(kb, text), "rules-framework")
    assert r.outcome == "rules-bind" and cites(r) == {"gala.behaviour-l"}


STUB_EXPOSED = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1}
  - {seat: 3, stack: 4200}
  - {seat: 4, stack: 5100}
  - {seat: 6, stack: 3400}
timeline:
  - deal:
  - preflop:
  - {seat: 4, did: raise, total: 600}
  - {seat: 6, did: call, total: 600}
  - {seat: 1, did: fold}
  - {seat: 3, did: call, total: 600}
  - flop: [10♣, 8♣, 2♦]
  - {seat: 3, did: check}
  - {seat: 4, did: bet, total: 800}
  - card_exposed: {by: dealer, during: play, count: 2, seen_by: table, in_question: true}
"""


def test_gala_misdeal_e_is_for_a_players_cards_not_cards_off_the_stub(kb):
    """Mis-deal e) "once a player has control of their cards ... their hand will continue" and the
    reading of Dealer j) built on it are about a player's own cards: cards that fall off the stub
    during play (no owner) are not that clause's case (N203)."""
    r = ruling(rule(kb, STUB_EXPOSED), "exposed-card-play")
    assert "gala.misdeal-e" not in cites(r) and "gala.dealer-j" not in cites(r)
    own = STUB_EXPOSED.replace("{by: dealer, during: play, count: 2", "{seat: 6, by: dealer, during: play, count: 1")
    r = ruling(rule(kb, own), "exposed-card-play")
    assert r.outcome == "hand-live" and "gala.misdeal-e" in cites(r)


OOT_CALL_TOPPED = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 9
players:
  - {seat: 1, stack: 4000}
  - {seat: 2, stack: 6100}
  - {seat: 3, stack: 5500}
  - {seat: 4, stack: 3000}
  - {seat: 5, stack: 7200}
  - {seat: 6, stack: 3800}
  - {seat: 7, stack: 9400}
  - {seat: 8, stack: 6000}
  - {seat: 9, stack: 3300}
timeline:
  - preflop:
  - {seat: 3, said: "raise, six hundred", total: 600}
  - {seat: 4, did: fold}
  - {seat: 7, said: call, chips: [500, 100], in_question: true}
  - {seat: 5, said: "raise, eighteen hundred", chips: [1000, 500, 100, 100, 100]}
  - {seat: 6, did: fold}
"""


def test_gala_house_t_out_of_turn_call_topped_may_call_or_pass(kb):
    """House t): "where a preceding player bets more than the out of turn bet ... its owner may
    choose to call or pass"; Gala calls a call a bet (House v) s1 "All call, raise or re-raise
    bets"), so an out-of-turn call topped by the skipped player is call-or-pass, no raise (P103)."""
    r = ruling(rule(kb, OOT_CALL_TOPPED), "out-of-turn")
    assert r.outcome == "void-call-or-fold" and cites(r) == {"gala.house-t"}
    assert has_effect(r, "may-call-or-fold", seat=7, call=1800) and has_effect(r, "no-raise", seat=7)


POCKET_IN_MOVE = """title: t
house: gala
game: {format: tournament, variant: NLHE, blinds: [400, 800]}
players:
  - {seat: 2, stack: 10000}
  - {seat: 6, stack: 19600}
  - {seat: 9, stack: 10000}
timeline:
  - chips_removed: {seat: 6, amount: 5000, to: pocket, still_playing: true, moved_by_organiser: true, in_question: true}
  - player_moved: {seat: 6, took_all_chips: false}
"""


def test_gala_behaviour_i_chip_pocketed_in_a_table_move_goes_on_new_stack_with_a_warning(kb):
    """Player behaviour i): "all chips you have on the table when transferring will be taken to the
    new table"; Unethical c) and after l) para 1: chips out of view, "will be warned" (P401)."""
    r = ruling(rule(kb, POCKET_IN_MOVE), "chips-off-table")
    assert r.outcome == "not-allowed"
    assert {"gala.behaviour-i", "gala.unethical-after-l-p1"} <= cites(r)
    assert "gala.house-f" not in cites(r)
    assert has_effect(r, "chips-back-on-table", seat=6, amount=5000) and has_effect(r, "warning", seat=6)
    staying = POCKET_IN_MOVE.replace("moved_by_organiser: true", "moved_by_organiser: false")
    assert cites(ruling(rule(kb, staying), "chips-off-table")) >= {"gala.house-f"}


def _casebook_incident(case_id):
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "cases" / "casebook" / f"{case_id}.yaml").read_text(encoding="utf-8")
    return text.split("\nexpected:")[0] + "\n"


def test_gala_house_m_declared_all_in_short_of_a_raise_puts_in_the_chips_kept_back(kb):
    """House m): "A declaration of 'all-in' means exactly that, a player must put all chips he has
    on the table into the pot"; the under-raise rule (Call and raise para 2 s2, "only if he is going
    All-In") is not for a player who declared all-in (N101)."""
    r = ruling(rule(kb, _casebook_incident("N101")), "raise-size")
    assert r.outcome == "all-chips-in" and cites(r) == {"gala.house-m"}
    assert has_effect(r, "all-chips-in", seat=5, add=1)


def test_gala_house_u_raise_said_with_the_first_chips_may_go_in_in_more_than_one_action(kb):
    """House u): "Providing a bet or raise has been clearly announced chips may be put into the pot
    in more than one action": "raise" said with the first chips comes before the later action (Q101)."""
    r = ruling(rule(kb, _casebook_incident("Q101")), "string-bet")
    assert r.outcome == "raise-stands" and "gala.house-u" in cites(r)
    assert has_effect(r, "ruled-raise", seat=7, total=9)


def test_gala_showdown_p2_too_many_cards_at_showdown_is_a_dead_hand(kb):
    """Mis-deal para 2: the deal stands after a bet and an immediate call; Showdown para 2: "No
    monetary consideration will be made to player's not conforming to the requirement of the
    particular variation in play": three hole cards in hold'em at showdown are dead (Q201)."""
    r = ruling(rule(kb, _casebook_incident("Q201")), "deal-error")
    assert r.outcome == "hand-dead" and "gala.betting-showdown-p2-s1-3" in cites(r)
    assert has_effect(r, "hand-dead", seat=7)


def test_gala_tournament_q_is_not_for_a_called_river_all_in_with_two_players_holding_chips(kb):
    """Tournament q) is for "no further betting (because of player/s being all in)"; three-way with
    two players still holding chips, Dealer h) decides: the final aggressor shows first (Q301)."""
    r = ruling(rule(kb, _casebook_incident("Q301")), "showdown-order")
    assert r.outcome == "last-aggressor-first" and "gala.tournament-q" not in cites(r)
    assert has_effect(r, "show-first", seat=2)


def test_gala_misdeal_e_is_not_for_a_burn_card_dealt_with_the_turn(kb):
    """Mis-deal e) "once a player has control of their cards": a card off the stub that names no
    player is not a player's card, whatever is asked about control (Q202)."""
    r = ruling(rule(kb, _casebook_incident("Q202")), "exposed-card-play")
    assert "gala.misdeal-e" not in cites(r) and r.outcome != "depends"


def test_gala_misdeal_p2_first_card_to_wrong_seat_is_a_misdeal_before_three_act(kb):
    """Dealer b) "the first card going to the player immediately to the left of the dealer button";
    Mis-deal para 2: a dealer-error mis-deal "can only be called prior to three players acting or a
    bet and an immediate call" - a raise and a fold are not that, so a mis-deal (H201). Mis-deal c)
    (a deal out of turn) is about the dealing position, not cited."""
    r = ruling(rule(kb, _casebook_incident("H201")), "deal-error")
    assert r.outcome == "misdeal" and "gala.misdeal-p2" in cites(r) and "gala.misdeal-c" not in cites(r)


def test_gala_house_u_silent_string_after_a_call_is_held_to_the_call(kb):
    """House u) "No 'string' bets are allowed": a call put in silently, then more chips, is a call;
    the later chips go back (M101)."""
    r = ruling(rule(kb, _casebook_incident("M101")), "string-bet")
    assert r.outcome == "call-only" and cites(r) == {"gala.house-u"}
    assert has_effect(r, "ruled-call", seat=5, total=4) and has_effect(r, "return-chips", seat=5, amount=6)


def test_gala_house_u_announced_raise_with_amount_in_several_actions_is_the_amount_on_top(kb):
    """House u) "Providing a bet or raise has been clearly announced chips may be put into the pot
    in more than one action"; Call and raise para 1 "stating Raise, adding to this the amount they
    intend to raise": "raise five" over £2 is £7 (M105, its words without the pause)."""
    text = _casebook_incident("M105").replace('said: "Raise ... five"', 'said: "raise five"')
    r = ruling(rule(kb, text), "string-bet")
    assert r.outcome == "raise-stands" and "gala.house-u" in cites(r)
    assert has_effect(r, "ruled-raise", seat=8, total=7)


def test_gala_unethical_after_l_p2_cards_or_chips_hidden_again_after_a_warning_is_repeated(kb):
    """After Unethical conduct l) ¶2: "However if deemed to be deliberate, or is repeated, the
    Management reserve the right to take whatever action they feel necessary ... This may include
    removal of the player from the game". A player already warned (players[].warnings: 1) who keeps
    his cards or higher chips out of view again is not given a first warning again."""
    text = CONDUCT.replace("  - {seat: 3, stack: 200}", "  - {seat: 3, stack: 200, warnings: 1}")
    penalty = ruling(rule(kb, text), "conduct-penalty")
    assert penalty.outcome == "removal-possible"
    assert cites(penalty) == {"gala.unethical-after-l-p2"}
    assert has_effect(penalty, "removal-possible", seat=3)
