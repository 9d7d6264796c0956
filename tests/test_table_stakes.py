"""Table stakes (issue 21's class; casebook I303, I403): only the chips on the table when the hand
began play in it, and money moved between hands is counted where it went.

- Chips taken off the table before the deal (`chips_removed`, a pocket, the cash desk) are not in
  the stack the hand is played with: EDP 2 ¶5 "Only chips on the table at the start of a hand are
  in play for that pot", Gala house rule a) "Only chips on the table at the start of a deal shall
  be in play for that pot". A call for more than is on the table is all in for what is there, never
  made up out of the pocketed chips; the club's rule on removing chips is ruled as well (EDP 2 ¶8).
- Chips lent to a player before the deal (`chips_lent`, table chips) are in his stack, out of the
  lender's when the lender is a seat here: a finished hand played with them stands (no refund of
  chips legitimately called); the loan is ruled under the club's credit clause (EDP 2 ¶9 "House
  credit is also not permitted").
- Chips moved once the hand is dealt do not change the stack it is played with."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

REMOVED = """
house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 4
players:
  - {{seat: 4, stack: 180}}
  - {{seat: 7, stack: 210}}
timeline:
  - hand-over:
{before}
  - deal:
  - {{seat: 4, posts: small-blind}}
  - {{seat: 7, posts: big-blind}}
  - {{seat: 4, did: call, total: 1}}
  - {{seat: 7, did: check}}
  - flop: [K♠, 7♦, 2♣]
{after}
  - {{seat: 7, did: all-in, total: 209}}
  - {{seat: 4, did: call}}
"""
POCKET = "  - chips_removed: {seat: 4, amount: 50, to: pocket, still_playing: true, in_question: true}"

LENT = """
house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 3
players:
  - {{seat: 3, stack: 100, cards: [2♥, 3♦]}}
  - {{seat: 4, stack: 0, cards: [Q♠, J♠]}}
  - {{seat: 7, stack: 60, cards: [8♥, 7♥]}}
timeline:
  - {loan}
  - deal:
  - {{seat: 4, posts: small-blind}}
  - {{seat: 7, posts: big-blind}}
  - {{seat: 3, did: fold}}
  - {{seat: 4, did: raise, total: 3}}
  - {{seat: 7, did: call, total: 3}}
  - flop: [Q♣, 8♦, 3♠]
  - {{seat: 4, did: bet, total: 5}}
  - {{seat: 7, did: call, total: 5}}
  - turn: [2♣]
  - {{seat: 4, did: check}}
  - {{seat: 7, did: check}}
  - river: [K♦]
  - {{seat: 4, did: check}}
  - {{seat: 7, did: check}}
  - showdown:
  - hand_shown: {{seat: 4, face_up: 2}}
  - hand_shown: {{seat: 7, face_up: 2}}
  - money_moved: {{did: pushed, seat: 4, amount: 16}}
  - hand-over:
"""


def _answer(kb, text, house):
    report = rule_incident(parse_incident_text(text, "stakes.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return report.answers[house]


def _money(answer, kind):
    return [e for e in answer.settlement if e.get("effect") == kind]


@pytest.mark.parametrize("house", ["edp", "gala", "fpc", "ppl"])
def test_chips_pocketed_between_hands_do_not_play_the_call_is_all_in_for_the_table_chips(kb, house):
    # EDP 2 ¶5 / Gala a): he began the hand with £130 on the table; £1 in pre-flop, so his call of
    # the £209 all-in is all in for £129 and seat 7 takes back the £80 nobody could call
    answer = _answer(kb, REMOVED.format(house=house, before=POCKET, after=""), house)
    assert [e["amount"] for e in _money(answer, "pot")] == [260]
    assert _money(answer, "return-chips") == [{"effect": "return-chips", "seat": 7, "amount": 80}]
    assert not answer.now.get("owes")          # nothing is asked of the pocketed chips


def test_the_rule_on_removing_the_chips_is_ruled_as_well(kb):
    # EDP 2 ¶8 "Players are not permitted to remove any chips from play on a table."
    answer = _answer(kb, REMOVED.format(house="edp", before=POCKET, after=""), "edp")
    ruling = next(r for r in answer.rulings if r.issue == "chips-off-table")
    assert ruling.outcome == "not-allowed" and [c.clause for c in ruling.citations] == ["edp.2-8"]


def test_chips_removed_once_the_hand_is_dealt_do_not_change_the_stack_it_is_played_with(kb):
    # the same chips taken off on the flop: the hand is played for the £180 he began it with
    after = POCKET.replace("in_question: true", "in_question: false")
    answer = _answer(kb, REMOVED.format(house="edp", before="", after=after), "edp")
    assert [e["amount"] for e in _money(answer, "pot")] == [360]
    assert _money(answer, "return-chips") == [{"effect": "return-chips", "seat": 7, "amount": 30}]


@pytest.mark.parametrize("house", ["edp", "gala", "fpc", "ppl"])
def test_a_house_loan_before_the_deal_is_in_the_stack_and_the_finished_hand_stands(kb, house):
    # £40 of the house's chips before the deal: seat 4's bets are within them, so the hand he won
    # stands as pushed: nobody takes chips back, nothing is handed back into the pot
    loan = "chips_lent: {seat: 4, from: house, amount: 40, table_chips: true, in_question: true}"
    answer = _answer(kb, LENT.format(house=house, loan=loan), house)
    assert [(e["seat"], e["amount"]) for e in _money(answer, "pot-awarded")] == [(4, 16)]
    assert not _money(answer, "return-chips") and not _money(answer, "chips-back")
    if house == "edp":        # EDP 2 ¶9 "House credit is also not permitted."
        ruling = next(r for r in answer.rulings if r.issue == "chip-loan")
        assert ruling.outcome == "not-allowed" and "edp.2-9" in [c.clause for c in ruling.citations]


LENDER = """
house: fpc
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 3
players:
  - {seat: 3, stack: 100, cards: [2♥, 3♦]}
  - {seat: 4, stack: 0}
  - {seat: 7, stack: 60, cards: [8♥, 7♥]}
timeline:
  - chips_lent: {seat: 4, from: player, lender: 3, amount: 40, table_chips: true, in_question: true}
  - deal:
  - {seat: 4, posts: small-blind}
  - {seat: 7, posts: big-blind}
  - {seat: 3, did: all-in}
  - {seat: 4, did: fold}
  - {seat: 7, did: call}
  - flop: [Q♣, 8♦, 3♠]
  - turn: [2♣]
  - river: [K♦]
  - showdown:
"""


def test_a_loan_from_a_player_at_the_table_comes_out_of_his_stack(kb):
    # seat 3 lends seat 4 £40 of his £100 before the deal: he plays this hand with £60, so his
    # all-in is £60, called in full by seat 7's £60: nothing is uncalled, and his two pair wins £120.50
    answer = _answer(kb, LENDER, "fpc")
    assert not _money(answer, "return-chips")
    assert [(e["seat"], e["amount"]) for e in _money(answer, "pot-awarded")] == [(3, 120.5)]


@pytest.mark.parametrize("house, outcome, basis, clause", [
    ("edp", "not-in-play", "express", "edp.2-5"),      # "Only chips on the table at the start of a hand are in play"
    ("gala", "not-in-play", "express", "gala.house-a"),  # "Only chips on the table at the start of a deal"
    ("ppl", "not-in-play", "reading", "ppl.league-9"),   # chips "must remain on the table at all times"
    ("fpc", "floor-decides", "not covered", "fpc.1"),    # FPC has no clause on it: the TD decides
])
def test_the_pocketed_chips_are_ruled_not_in_play_under_the_clubs_table_stakes_clause(kb, house, outcome, basis, clause):
    answer = _answer(kb, REMOVED.format(house=house, before=POCKET, after=""), house)
    ruling = next(r for r in answer.rulings if r.issue == "chips-in-play")
    assert (ruling.outcome, ruling.basis) == (outcome, basis)
    assert clause in [c.clause for c in ruling.citations]
    if outcome == "not-in-play":
        assert {"effect": "chips-not-in-play", "seat": 4, "amount": 50} in ruling.effects


def test_chips_removed_during_the_hand_raise_no_table_stakes_point(kb):
    after = POCKET.replace("in_question: true", "in_question: false")
    answer = _answer(kb, REMOVED.format(house="edp", before="", after=after), "edp")
    assert "chips-in-play" not in [r.issue for r in answer.rulings]


@pytest.mark.parametrize("house", ["edp", "fpc"])
def test_a_pushed_pot_stands_when_the_file_says_the_tabled_hand_it_went_to_wins(kb, house):
    # casebook I403: suits not written (Q? J? against 8? 7?), but the file says seat 4's tabled hand
    # wins (hand_shown would_win): the pot pushed to him stands; he is not told to give it back
    loan = "chips_lent: {seat: 4, from: house, amount: 40, table_chips: true, in_question: true}"
    text = LENT.format(house=house, loan=loan).replace("[Q♠, J♠]", "['Q?', 'J?']").replace(
        "[8♥, 7♥]", "['8?', '7?']").replace("hand_shown: {seat: 4, face_up: 2}",
                                            "hand_shown: {seat: 4, face_up: 2, would_win: true}") \
        .replace("turn: [2♣]", "turn:").replace("river: [K♦]", "river:")      # the turn and river not written
    answer = _answer(kb, text, house)
    assert [(e["seat"], e["amount"]) for e in _money(answer, "pot-awarded")] == [(4, 16)]
    assert not _money(answer, "chips-back") and not _money(answer, "chips-held")


GIVEN_BEFORE_DEAL = """
house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 5
players:
  - {seat: 3, stack: 4000}
  - {seat: 4, stack: 2000}
  - {seat: 5, stack: 6000}
timeline:
  - chips_given: {from: 3, to: 4, amount: 1500, leaving: false, in_question: true}
  - deal:
  - {seat: 3, posts: small-blind}
  - {seat: 4, posts: big-blind}
  - {seat: 5, did: call, total: 200}
  - {seat: 3, did: fold}
  - {seat: 4, did: check}
  - flop: [K♠, 7♦, 2♣]
  - {seat: 4, did: check}
  - {seat: 5, did: bet, total: 2500}
  - {seat: 4, did: call}
"""


def test_chips_given_before_the_deal_are_in_the_stack_the_hand_is_played_with(kb):
    # seat 3 gives seat 4 1,500 before the deal: seat 4 began the hand with 3,500, so his call of
    # 2,500 on the flop is a full call (3,300 behind), not all in for 1,800 with 700 back to seat 5;
    # and the 1,500 is counted once (in the replay's stacks), not again in the corrected hand
    answer = _answer(kb, GIVEN_BEFORE_DEAL, "fpc")
    assert not _money(answer, "return-chips")
    assert [e["amount"] for e in _money(answer, "pot")] == [5500]


TWO_HANDS = """
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 4
players:
  - {seat: 4, stack: 180}
  - {seat: 7, stack: 210}
timeline:
  - chips_removed: {seat: 4, amount: 50, to: pocket, still_playing: true}
  - deal:
  - {seat: 4, posts: small-blind}
  - {seat: 7, posts: big-blind}
  - {seat: 4, did: fold}
  - money_moved: {did: pushed, seat: 7, amount: 1.5}
  - hand-over:
  - chips_removed: {seat: 7, amount: 10, to: pocket, still_playing: true}
  - deal:
  - {seat: 7, posts: small-blind}
  - {seat: 4, posts: big-blind}
  - {seat: 7, did: raise, total: 3}
  - {seat: 4, did: all-in}
  - {seat: 7, did: call, in_question: true}
"""


def test_chips_taken_off_before_an_earlier_hand_stay_off_in_the_next_and_the_next_hands_own_count_too(kb):
    # hand 1: seat 4 pockets £50 before the deal and folds his small blind (£129.50 left); between
    # the hands seat 7 pockets £10 (£200.50 left): seat 4's all-in is £129.50, called: pot £259
    answer = _answer(kb, TWO_HANDS, "edp")
    assert [e["amount"] for e in _money(answer, "pot")] == [259]


def test_a_stack_the_file_shows_he_put_in_whole_is_the_stack_on_the_table(kb):
    # casebook D306's writing: the stack under players: is what was on the felt, already without the
    # pocketed chips, and the amounts written show him putting all of it in (1 + 179 = 180): chips in
    # his pocket were never in the pot, so the 180 is not cut to 130
    text = REMOVED.format(house="edp", before=POCKET, after="").replace(
        "{seat: 4, did: call}", "{seat: 4, did: call, total: 179}")
    answer = _answer(kb, text, "edp")
    assert [e["amount"] for e in _money(answer, "pot")] == [360]


def test_chips_taken_off_after_the_last_hand_with_no_hand_dealt_since_raise_no_table_stakes_point(kb):
    # no hand after it: nothing is played for, so there is no pot the chips are in or out of
    text = REMOVED.format(house="edp", before=POCKET, after="")
    text = text[:text.index("  - deal:")]
    answer = _answer(kb, text, "edp")
    assert "chips-in-play" not in [r.issue for r in answer.rulings]
    assert "chips-off-table" in [r.issue for r in answer.rulings]     # EDP 2 ¶8 still rules the removal
