"""The money in the corrected hand (issue 20): pots, awards and odd chips read from one club's
rulings applied to the hand, the same arithmetic for every club."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# a side pot over an all-in player, won when the last other player in it folded to a river bet;
# the winner of that side pot then throws his cards into the muck with the all-in hand still to show
SIDE_POT_THEN_MUCK = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 3
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 10, cards: [7d, 7c]}
  - {seat: 3, stack: 100}
timeline:
  - preflop:
  - {seat: 3, did: raise, total: 6}
  - {seat: 1, did: call, total: 6}
  - {seat: 2, said: all in, total: 10}
  - {seat: 3, did: call, total: 10}
  - {seat: 1, did: call, total: 10}
  - flop: [As, Kd, 9c]
  - {seat: 1, did: bet, total: 5}
  - {seat: 3, did: call, total: 5}
  - turn: 4h
  - {seat: 1, did: check}
  - {seat: 3, did: check}
  - river: 2s
  - {seat: 1, did: bet, total: 5}
  - {seat: 3, did: fold}
  - hand_mucked: {seat: 1, by: player, believed_won: true, retrievable: false, in_question: true, misled_by: nobody}
  - hand_shown: {seat: 2, face_up: 2}
"""


def _answer(kb, text, club="edp"):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb).answers[club]


def _money(kb, text, club="edp"):
    return _answer(kb, text, club).settlement


def test_side_pot_won_before_the_winner_mucked_stays_his_the_all_in_pot_goes_to_the_live_hand(kb):
    """A hand that died in the muck after every other player in the side pot had folded keeps that
    side pot (won when the last of them folded); only the pot the all-in hand contends for is lost,
    and his uncalled river bet goes back (casebook F104's shape, every club)."""
    for club in ("edp", "fpc", "gala", "ppl"):
        money = _money(kb, SIDE_POT_THEN_MUCK, club)
        awarded = {(e["seat"], e["amount"]) for e in money if e["effect"] == "pot-awarded"}
        assert awarded == {(2, 30), (1, 10)}, (club, money)
        assert {"effect": "return-chips", "seat": 1, "amount": 5} in money, (club, money)
        # one answer: the dead hand's side pot, won before it died, is no claim of a dead hand
        assert not _answer(kb, SIDE_POT_THEN_MUCK, club).contradictions


def test_a_hand_mucked_before_the_others_folded_wins_no_side_pot(kb):
    """The same hand mucked before the side pot was settled (seat 3 still in it, folding after)
    wins nothing: the pots go to the hands still in."""
    muck = "  - hand_mucked: {seat: 1, by: player, believed_won: true, retrievable: false, in_question: true, misled_by: nobody}\n"
    text = SIDE_POT_THEN_MUCK.replace(muck, "").replace("  - {seat: 3, did: fold}\n", muck + "  - {seat: 3, did: fold}\n")
    assert text != SIDE_POT_THEN_MUCK
    money = _money(kb, text)
    assert not any(e["effect"] == "pot-awarded" and e["seat"] == 1 for e in money), money
    assert not any(e.get("won_before_dead") for e in money), money


# two pots, each split with an odd chip; the button on seat 2, so seat 3 is the first sharer left of it
TWO_SPLIT_POTS = """
house: edp
game: {format: tournament, variant: NLHE, blinds: [100, 200], smallest_chip: 100}
button: 2
pot_at_start: 100
players:
  - {seat: 1, stack: 1000, cards: [As, 4c]}
  - {seat: 2, stack: 5000, cards: [Ad, 9s]}
  - {seat: 3, stack: 5000, cards: [Ah, 7h]}
timeline:
  - preflop:
  - {seat: 1, did: all-in, total: 1000}
  - {seat: 2, did: call, total: 1000}
  - {seat: 3, did: call, total: 1000}
  - flop: [Ts, Jd, Qc]
  - {seat: 3, did: bet, total: 350}
  - {seat: 2, did: call, total: 350}
  - turn: Kh
  - {seat: 3, did: check}
  - {seat: 2, did: check}
  - river: 3d
  - {seat: 3, did: check}
  - {seat: 2, did: check}
  - showdown: {in_question: true}
  - hand_shown: {seat: 1, face_up: 2}
  - hand_shown: {seat: 2, face_up: 2}
  - hand_shown: {seat: 3, face_up: 2}
"""


def test_each_split_pot_odd_chip_goes_where_the_clubs_odd_chip_rule_sends_it(kb):
    """EDP 3.15-16 (odd chips to the player left of the button, each pot divided on its own): the
    odd chip of the side pot goes to the first of its sharers left of the button, as the main pot's
    does, not only the pot the ruling's facts describe."""
    for club in ("edp", "ppl", "gala"):
        money = _money(kb, TWO_SPLIT_POTS, club)
        splits = [(e["pot"], e["seats"], e["share"], e["odd"]) for e in money if e["effect"] == "pot-split"]
        assert splits == [("main", [1, 2, 3], 1000, 100), ("side-1", [2, 3], 300, 100)], (club, money)
        odd = [(e["pot"], e["seat"], e["amount"]) for e in money if e["effect"] == "odd-chip"]
        assert odd == [("main", 3, 100), ("side-1", 3, 100)], (club, money)


def test_odd_chips_pushed_to_the_wrong_player_come_back_from_him(kb):
    """Casebook Q303: the main pot's two odd 500s pushed to seat 1 (the short stack) when the
    club's rule sends odd chips to the first sharer left of the button (seat 6): seat 1 gives the
    1,000 back. What each player is due counts the odd chip where the club sends it."""
    from conftest import CASES
    from ruling_engine.rulings.rule_on import rule_on
    answer = rule_on(CASES / "casebook" / "Q303.yaml", kb=kb).answers["edp"]
    back = [(e["seat"], e["amount"]) for e in answer.settlement if e["effect"] == "chips-back"]
    assert back == [(1, 1000)], answer.settlement
