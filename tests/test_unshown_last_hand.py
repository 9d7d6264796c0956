"""The last live hand at a showdown, never shown (issues 20/21; casebook V304, U204, U201): the
betting ended with a call, every other hand was thrown into the muck, and the hand left has no
hand_shown entry. hand-not-fully-shown is raised for it (last_hand_* facts); a club whose text says
a called or winning hand must be shown to be paid (PPL •41, Gala dealer f) holds the pot until he
shows rather than pushing it; EDP 3 ¶8 s4-5 lets him win unshown (not in an all-in: 3 ¶6 s2); FPC rule 7
has him reveal in turn (issue 21, tests/test_claim_to_show.py). A player whose opponents all folded before any showdown
(nobody called) is not this: no fact is set and he wins unshown everywhere."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 6, stack: 200}}
timeline:
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: fold}}
  - turn: Kh
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - river: 4c
  - {{seat: 3, did: check}}
  - {{seat: 6, did: bet, total: 20}}
{river}
"""

CALLED_CALLER_MUCKS = """  - {seat: 3, did: call, total: 20}
  - showdown:
  - hand_mucked: {seat: 3, by: player, touched_muck: true, tabled: false, retrievable: false, in_question: true}
"""
SHOWN_AFTER = CALLED_CALLER_MUCKS + "  - hand_shown: {seat: 6, face_up: 2}\n"
FOLDED_TO_BET = "  - {seat: 3, did: fold, in_question: true}\n"


def report(kb, river, house="edp"):
    text = BASE.format(river=river).replace("house: edp", f"house: {house}")
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)


def facts(kb, river):
    return incident_facts(parse_incident_text(BASE.format(river=river), "t.yaml", kb.vocabulary, kb.clubs), kb.vocabulary)


def shown_ruling(answer):
    return next((r for r in answer.rulings if r.issue == "hand-not-fully-shown"), None)


def money(answer, kind):
    return [e for e in answer.settlement if e["effect"] == kind]


def test_last_hand_never_shown_is_a_fact_of_the_hand(kb):
    found = facts(kb, CALLED_CALLER_MUCKS)
    assert found["last_hand_unshown"] == 6 and found["last_hand_shown"] is False
    assert found["last_hand_was_called"] is True and found["last_hand_others_untabled"] is True
    assert found["last_hand_all_in"] is False


def test_ppl_41_and_gala_f_hold_the_pot_for_a_called_hand_never_shown(kb):
    """PPL •41 'a player that has been called ... must show both hole cards' and Gala dealer f)
    'Under No Circumstances may the pot be awarded ... until the table has seen their hand': the
    pot is held (pot-held), not pushed, and the ruling says he shows to take it."""
    answers = report(kb, CALLED_CALLER_MUCKS).answers
    for club, clause in (("ppl", "ppl.league-41"), ("gala", "gala.dealer-f")):
        ruling = shown_ruling(answers[club])
        assert ruling.outcome == "must-show-all" and ruling.basis == "express"
        assert {c.clause for c in ruling.citations} == {clause}
        assert {"effect": "must-show", "seat": 6} in ruling.effects
        assert money(answers[club], "pot-awarded") == []
        assert money(answers[club], "pot-held") == [{"effect": "pot-held", "seat": 6, "pot": "main", "amount": 40}]


def test_edp_3_8_uncontested_showdown_last_hand_wins_unshown(kb):
    answers = report(kb, CALLED_CALLER_MUCKS).answers
    ruling = shown_ruling(answers["edp"])
    assert ruling.outcome == "keeps-claim" and {c.clause for c in ruling.citations} == {"edp.3-8-s4-5"}
    assert [(e["seat"], e["amount"]) for e in money(answers["edp"], "pot-awarded")] == [(6, 40)]


def test_fpc_7_unshown_last_hand_is_revealed_in_turn(kb):
    """Formerly 'not covered'; issue 21 (e21/show): rule 7's showdown runs 'until the last player
    who called has revealed their cards', and cards refused when required are considered mucked."""
    ruling = shown_ruling(report(kb, CALLED_CALLER_MUCKS).answers["fpc"])
    assert ruling.basis == "reading" and ruling.outcome == "must-show-all"
    assert {c.clause for c in ruling.citations} == {"fpc.7-s1-2"}


def test_a_hand_shown_in_full_is_paid(kb):
    """Once he has shown both cards the pot is his in every club: the last-hand facts are not set."""
    assert "last_hand_unshown" not in facts(kb, SHOWN_AFTER)
    answers = report(kb, SHOWN_AFTER).answers
    for club in ("ppl", "gala", "edp"):
        assert [e["seat"] for e in money(answers[club], "pot-awarded")] == [6], club
        assert money(answers[club], "pot-held") == []


def test_everyone_folding_before_a_showdown_wins_unshown_in_every_club(kb):
    """No call, no showdown: not stretched to the uncalled winner."""
    assert "last_hand_unshown" not in facts(kb, FOLDED_TO_BET)
    answers = report(kb, FOLDED_TO_BET).answers
    for club, answer in answers.items():
        assert shown_ruling(answer) is None, club
        assert money(answer, "pot-held") == [], club


def test_ppl_41_reaches_the_caller_left_alone_only_by_reading(kb):
    """•41 binds 'a player that has been called'; when the bettor mucks and the caller is left,
    PPL's text does not name him: a reading at the venue manager's discretion (issue 21, e21/show),
    not an express duty. Gala f) holds the pot all the same."""
    river = """  - {seat: 3, did: call, total: 20}
  - showdown:
  - hand_mucked: {seat: 6, by: player, touched_muck: true, tabled: false, retrievable: false, in_question: true}
"""
    found = facts(kb, river)
    assert found["last_hand_unshown"] == 3 and found["last_hand_was_called"] is False
    answers = report(kb, river).answers
    ppl = shown_ruling(answers["ppl"])
    assert ppl.basis == "reading" and ppl.discretion and ppl.outcome == "must-show-all"
    assert shown_ruling(answers["gala"]).outcome == "must-show-all"
    assert money(answers["gala"], "pot-held")[0]["seat"] == 3


def test_a_hand_shown_in_part_is_ruled_on_its_own_not_beside_the_last_hand(kb):
    """The other hand turned up in part and then mucked raises hand-not-fully-shown for that
    hand: the last-hand facts stay unset, so the club's answer is one ruling, not a conflict of a
    ruling on each hand."""
    river = """  - {seat: 3, did: call, total: 20}
  - showdown:
  - hand_shown: {seat: 3, face_up: 1, in_question: true}
  - hand_mucked: {seat: 3, by: player, touched_muck: true, tabled: false, retrievable: false}
"""
    assert "last_hand_unshown" not in facts(kb, river)
    assert shown_ruling(report(kb, river).answers["gala"]).basis != "conflict"


# Issue 20 (L304 class): the bettor turned his whole hand up to the table in play, before the other
# hand was thrown away: the table has seen it, so it is not "the last hand, never shown".
EXPOSED_THEN_CALLER_MUCKS = """  - card_exposed: {seat: 6, by: player, during: play, count: 2, seen_by: table, owner_had_control: true}
  - {seat: 3, did: call, total: 20}
  - showdown:
  - hand_mucked: {seat: 3, by: player, touched_muck: true, tabled: false, retrievable: false, in_question: true}
"""
EXPOSED_ONE_CARD = EXPOSED_THEN_CALLER_MUCKS.replace("count: 2", "count: 1")
EXPOSED_TO_ONE_PLAYER = EXPOSED_THEN_CALLER_MUCKS.replace("seen_by: table", "seen_by: one-player")


def test_hand_turned_up_to_the_table_in_play_is_not_the_unshown_last_hand(kb):
    assert "last_hand_unshown" not in facts(kb, EXPOSED_THEN_CALLER_MUCKS)
    assert facts(kb, EXPOSED_ONE_CARD)["last_hand_unshown"] == 6          # one card is not his hand
    assert facts(kb, EXPOSED_TO_ONE_PLAYER)["last_hand_unshown"] == 6     # the table has not seen it


def test_gala_f_pays_a_hand_the_table_has_already_seen(kb):
    """Gala dealer f) 'Under No Circumstances may the pot be awarded to a player until the table has
    seen their hand': the table saw both his cards when he turned them up in play, so the pot is
    awarded, not held for a showing that already happened."""
    answer = report(kb, EXPOSED_THEN_CALLER_MUCKS, house="gala").answers["gala"]
    assert shown_ruling(answer) is None
    assert money(answer, "pot-held") == []
    assert money(answer, "pot-awarded") == [{"effect": "pot-awarded", "seat": 6, "pot": "main", "amount": 40}]
    held = report(kb, EXPOSED_ONE_CARD, house="gala").answers["gala"]
    assert money(held, "pot-held") == [{"effect": "pot-held", "seat": 6, "pot": "main", "amount": 40}]
