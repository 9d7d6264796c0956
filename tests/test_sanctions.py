"""Sanctions reach the hand in progress (issue 20: "a sanction stops short of the hand in progress:
a player disqualified, his hand and chips still in play")."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

DISQUALIFIED = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 3, stack: 5000}
  - {seat: 5, stack: 5000}
  - {seat: 8, stack: 5000}
timeline:
  - preflop:
  - {seat: 3, posts: small-blind, chips: [100]}
  - {seat: 5, posts: big-blind, chips: [200]}
  - {seat: 8, did: call, total: 200}
  - {seat: 1, did: raise, total: 600}
  - {seat: 3, did: call, total: 600}
  - {seat: 5, did: call, total: 600}
  - {seat: 8, did: call, total: 600}
  - cash_on_table: {seat: 8, amount: 10, playing_it: false, floor_exchanging: false, in_question: true}
  - flop: [Kc, 7d, 2h]
"""


def _answers(kb, text):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False).answers


def test_a_disqualified_player_takes_no_further_part_in_the_hand_in_progress(kb):
    """PPL Nights •3 disqualifies a player who puts cash on the table: in PPL's corrected hand his
    hand is dead, his 600 stays in the pot, he is never named to act and the pot is the others';
    a club that does not disqualify him leaves him in the hand."""
    answers = _answers(kb, DISQUALIFIED)
    ppl = answers["ppl"]
    assert any(e["effect"] == "disqualified" and e["seat"] == 8 for r in ppl.rulings for e in r.effects)
    now = ppl.now
    assert now["dead"] == [8] and 8 not in now["live"]
    assert 8 not in [now["next"]["seat"]] + [t["seat"] for t in now["then"]]
    assert {"effect": "pot", "pot": "main", "amount": 2400, "seats": [1, 3, 5]} in ppl.settlement
    edp = answers["edp"].now
    assert 8 in edp["live"] and 8 in [t["seat"] for t in edp["then"]]


def test_a_disqualified_player_left_with_one_other_hand_gives_him_the_pot(kb):
    """The only other live hand takes the pot (Z301's class, here preflop): his chips in it stay."""
    text = DISQUALIFIED.replace("  - {seat: 3, did: call, total: 600}\n  - {seat: 5, did: call, total: 600}\n",
                                "  - {seat: 3, did: fold}\n  - {seat: 5, did: fold}\n")
    ppl = _answers(kb, text)["ppl"]
    assert ppl.now["next"] is None and ppl.now["live"] == [1]
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 1 and e.get("amount") == 1500 for e in ppl.settlement)


def test_a_disqualification_takes_effect_at_the_floors_call_not_at_the_offence(kb):
    """The cash went on the table before his call: the sanction is given when the floor is called
    (at_the_call:), so the 600 he called with before it stays in the pot and is not handed back."""
    text = DISQUALIFIED.replace(
        "  - {seat: 8, did: call, total: 600}\n  - cash_on_table: {seat: 8, amount: 10, playing_it: false, "
        "floor_exchanging: false, in_question: true}\n",
        "  - cash_on_table: {seat: 8, amount: 10, playing_it: false, floor_exchanging: false, in_question: true}\n"
        "  - {seat: 8, did: call, total: 600}\n")
    assert text != DISQUALIFIED
    ppl = _answers(kb, text)["ppl"]
    assert ppl.now["dead"] == [8]
    assert {"effect": "pot", "pot": "main", "amount": 2400, "seats": [1, 3, 5]} in ppl.settlement
    assert not any(e.get("seat") == 8 and e["effect"] in ("return-chips", "chips-back") for e in ppl.settlement)


def test_a_misspelt_sanction_or_ruled_out_effect_in_the_vocabulary_is_an_error(tmp_path):
    """seat_ruled_out: names declared effects, and at_the_call: goes only with corrects: kills."""
    import pytest
    from conftest import ROOT
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.yaml_source import load_file
    from ruling_engine.knowledge.vocabulary import parse_vocabulary
    text = (ROOT / "knowledge" / "vocabulary.yaml").read_text(encoding="utf-8")
    for old, new, said in [("  drops: [buy-in-at-least, sit-down-with]", "  drops: [buy-in-at-leest, sit-down-with]",
                            "buy-in-at-leest"),
                           ("corrects: kills, at_the_call: true}", "at_the_call: true}", "at_the_call")]:
        assert old in text
        bad = tmp_path / "vocabulary.yaml"
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(FloorcallError) as error:
            parse_vocabulary(load_file(bad, what="the vocabulary"), str(bad))
        assert said in str(error.value)


def test_a_disqualified_players_chips_behind_are_removed_where_the_clubs_text_removes_them(kb):
    """Issue 20 (Z301's class): PPL Nights •3 disqualifies a player who puts cash on the table, and
    League •54 s3 says "A player who is disqualified shall have his/her chips removed from play"
    (its words are not limited to conduct offences): PPL's ruling removes his chips behind when the
    floor rules (5,000 less the 600 he put in the pot: 4,400), citing •54 s3. A club that does not
    disqualify him removes nothing."""
    answers = _answers(kb, DISQUALIFIED)
    ppl = answers["ppl"]
    removed = [e for r in ppl.rulings for e in r.effects if e["effect"] == "chips-removed"]
    assert [(e["seat"], e["amount"]) for e in removed] == [(8, 4400)]
    assert any("ppl.league-54-s3.cash-on-table-disqualified-chips-removed" in r.rules_fired
               for r in ppl.rulings if r.issue == "cash-on-table")
    for club in ("edp", "fpc", "gala"):
        assert not any(e["effect"] == "chips-removed" for r in answers[club].rulings for e in r.effects)


# Issue 20 (L301's class): a cash game disqualification on the round the hand is on, his call of it
# still in front of him (no card dealt after it, no "Pot is Good").
IN_FRONT = """title: t
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
button: 8
players:
  - {seat: 3, stack: 50}
  - {seat: 4, stack: 8}
  - {seat: 7, stack: 64}
  - {seat: 8, stack: 50}
timeline:
  - {seat: 7, did: raise, total: 5}
  - {seat: 8, did: fold}
  - {seat: 3, did: fold}
  - {seat: 4, did: call, total: 5}
  - flop: [Kd, 9c, 4s]
  - {seat: 4, did: check}
  - {seat: 7, did: check}
  - turn: 2h
  - {seat: 4, did: check}
  - {seat: 7, did: bet, total: 5}
  - {seat: 4, did: call, total: 3}
  - cash_on_table: {seat: 4, amount: 20, playing_it: true, floor_exchanging: false, in_question: true}
"""


def test_ppl_league_4_a_disqualified_players_bets_still_in_front_of_him_leave_play(kb):
    """PPL League •4 "Players making bets must put their chips in front of them and not directly into
    the pot. Chips are pushed into centre of the table after the dealer has stated that the 'Pot is
    Good'": seat 4's 3 called on the turn are still in front of him when Nights •3 disqualifies him,
    so they are his chips removed from play (•54 s3), not the pot's: the pot is the 11 of the earlier
    round, seat 7's 5 is uncalled and goes back. What he put in before the turn stays in the pot."""
    ppl = _answers(kb, IN_FRONT)["ppl"]
    assert any("ppl.league-4.disqualified-bets-in-front-leave-play" in r.rules_fired for r in ppl.rulings)
    pots = [e for e in ppl.settlement if e["effect"] == "pot"]
    assert pots == [{"effect": "pot", "pot": "main", "amount": 11, "seats": [7]}]
    assert {"effect": "return-chips", "seat": 7, "amount": 5} in ppl.settlement
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 7 and e.get("amount") == 11 for e in ppl.settlement)


def test_bets_already_pushed_into_the_centre_stay_when_the_next_card_is_out(kb):
    """League •4: once the round is over and the next card dealt, his turn call is in the centre:
    disqualified on the river, the pot keeps it (17), and only seat 7's 2 over his all-in goes back."""
    ppl = _answers(kb, IN_FRONT.replace("  - cash_on_table:", "  - river: 5c\n  - cash_on_table:"))["ppl"]
    pots = [e for e in ppl.settlement if e["effect"] == "pot"]
    assert pots == [{"effect": "pot", "pot": "main", "amount": 17, "seats": [7]}]


def test_a_folded_players_chips_are_the_pots_not_bets_in_front_of_him(kb):
    """A player who folded forfeited what he put out: League •4's bets in front are a live hand's.
    Seat 4 bets 2 on the flop, folds to a raise, then puts cash on the table: his 2 stay in the pot."""
    text = IN_FRONT.split("  - {seat: 4, did: check}\n")[0] + (
        "  - {seat: 4, did: bet, total: 2}\n  - {seat: 7, did: raise, total: 6}\n  - {seat: 4, did: fold}\n"
        "  - cash_on_table: {seat: 4, amount: 20, playing_it: false, floor_exchanging: false, in_question: true}\n")
    ppl = _answers(kb, text)["ppl"]
    assert not any("ppl.league-4.disqualified-bets-in-front-leave-play" in r.rules_fired for r in ppl.rulings)
    assert not any(e["effect"] == "return-chips" and e.get("seat") == 4 for e in ppl.settlement)
