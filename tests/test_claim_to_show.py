"""Who must show to claim the pot (issue 21, e21/show): when the betting ends in a call and the hand
left claims the pot unshown, each club's own must-show clause says what he shows to be awarded it -
EDP 3 ¶6 s2 in an all-in ("players need to show all of his/her hole cards to claim any pot"), FPC
rule 7 (hands are revealed in turn "until the last player who called has revealed their cards"; a
refusal counts as mucked), Gala dealer f), PPL •41 (for the caller, whom •41 does not name, the
venue manager's reading). A request to see that claimant's hand is answered by the same clause
(EDP, FPC, Gala); a request to see a hand already in the muck is not a claimant's must-show (PPL •41)."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

# seat 2 all in on the turn, seat 6 calls; seat 2 throws his hand in, seat 6 claims the pot unshown
ALL_IN = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 6
players:
  - {{seat: 2, stack: 50}}
  - {{seat: 6, stack: 200}}
timeline:
  - flop: {{cards: [Qh, 8h, 3c], pot: 20}}
  - {{seat: 2, did: check}}
  - {{seat: 6, did: bet, total: 10}}
  - {{seat: 2, did: call, total: 10}}
  - turn: 5s
  - {{seat: 2, did: all-in, total: 40}}
  - {{seat: 6, did: call, total: 40}}
  - river: Kh
  - hand_mucked: {{seat: 2, by: player, tabled: false, touched_muck: true, retrievable: false{mark}}}
{tail}"""
ASKS = "  - asks_to_see: {seat: 2, target: 6, asker_kept_cards: false, in_question: true}\n"


def parse(kb, text):
    return parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)


def report(kb, text):
    return rule_incident(parse(kb, text), kb=kb, with_precedents=False)


def all_in(mark=True, tail=""):
    return ALL_IN.format(mark=", in_question: true" if mark else "", tail=tail)


def ruling(answer, issue):
    return next((r for r in answer.rulings if r.issue == issue), None)


def money(answer, kind):
    return [e for e in answer.settlement if e["effect"] == kind]


def test_edp_3_6_s2_all_in_claimant_shows_all_hole_cards(kb):
    """3 ¶8's 'need not show' is for a non-all-in showdown: in an all-in 3 ¶6 s2 holds the pot
    until the claimant shows all his hole cards."""
    answer = report(kb, all_in()).answers["edp"]
    shown = ruling(answer, "hand-not-fully-shown")
    assert shown.outcome == "must-show-all" and {c.clause for c in shown.citations} == {"edp.3-6-s2"}
    assert {"effect": "must-show", "seat": 6} in shown.effects
    assert money(answer, "pot-awarded") == []
    assert money(answer, "pot-held") == [{"effect": "pot-held", "seat": 6, "pot": "main", "amount": 120}]


def test_fpc_7_last_hand_revealed_in_turn_or_considered_mucked(kb):
    answer = report(kb, all_in()).answers["fpc"]
    shown = ruling(answer, "hand-not-fully-shown")
    assert shown.outcome == "must-show-all" and shown.basis == "reading"
    assert {c.clause for c in shown.citations} == {"fpc.7-s1-2"}
    assert any("considered mucked" in line for line in shown.do)
    assert money(answer, "pot-held")[0]["seat"] == 6


def test_ppl_41_caller_left_claiming_is_the_venue_managers_reading(kb):
    """•41 names the called player; seat 6 called: a reading, at the venue manager's discretion,
    that he shows both hole cards (not 'not covered', and not an express duty)."""
    shown = ruling(report(kb, all_in()).answers["ppl"], "hand-not-fully-shown")
    assert shown.outcome == "must-show-all" and shown.basis == "reading" and shown.discretion
    assert {c.clause for c in shown.citations} == {"ppl.league-41"}
    assert "both hole cards" in shown.decision


def test_request_to_see_the_claimants_hand_is_answered_by_the_must_show_clause(kb):
    """The all-in player who mucked asks to see the caller's hand: EDP 3 ¶9's 'the caller need not
    show' is the river's heads-up betting, not an all-in; EDP 3 ¶6 s2, FPC 7 and Gala f) make the
    claimant show. PPL keeps the request to the asker: out of the hand, he has no right of his own
    (•41's showing is the claim's, answered on hand-not-fully-shown)."""
    text = all_in(mark=False, tail=ASKS)
    assert incident_facts(parse(kb, text), kb.vocabulary)["asks_to_see.target_claims_unshown"] is True
    answers = report(kb, text).answers
    for club, clause in (("edp", "edp.3-6-s2"), ("fpc", "fpc.7-s1-2"), ("gala", "gala.dealer-f")):
        asked = ruling(answers[club], "right-to-see")
        assert asked.outcome == "must-show", club
        assert {c.clause for c in asked.citations} == {clause}, club
        assert {"effect": "must-show", "seat": 6} in asked.effects, club
        assert money(answers[club], "pot-awarded") == [], club
    assert ruling(answers["ppl"], "right-to-see").outcome == "no-right"
    assert ruling(answers["ppl"], "hand-not-fully-shown").outcome == "must-show-all"


def test_request_to_see_a_hand_already_mucked_is_not_a_must_show_to_claim(kb):
    """PPL •41 is the claimant's condition: a river caller asking to see the bettor's hand that is
    already in the muck is not told 'the called player must show both hole cards to claim the pot'."""
    text = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
players:
  - {seat: 3, stack: 8000}
  - {seat: 5, stack: 8000}
  - {seat: 8, stack: 8000}
timeline:
  - flop: {cards: [Kh, 9h, 4c], pot: 4200}
  - {seat: 3, did: check}
  - {seat: 5, did: check}
  - {seat: 8, did: check}
  - turn: 2d
  - {seat: 3, did: check}
  - {seat: 5, did: check}
  - {seat: 8, did: check}
  - river: 7s
  - {seat: 3, did: bet, total: 2000}
  - {seat: 5, did: call, total: 2000}
  - {seat: 8, did: call, total: 2000}
  - showdown:
  - hand_shown: {seat: 8, face_up: 2}
  - hand_mucked: {seat: 3, by: player, tabled: false, touched_muck: true}
  - asks_to_see: {seat: 5, target: 3, asker_kept_cards: true, in_question: true}
"""
    asked = ruling(report(kb, text).answers["ppl"], "right-to-see")
    assert asked.outcome != "must-show"
    assert "ppl.league-41.called-winner-must-show" not in asked.rules_fired


def test_a_pot_of_unknown_size_is_held_too(kb):
    """A bet nobody saw the size of leaves the pot uncounted: the claimant's must-show still holds it
    (pot-held, its size not known), not pushed to him unseen."""
    text = all_in().replace("{seat: 6, did: bet, total: 10}", "{seat: 6, did: bet}").replace(
        "{seat: 2, did: call, total: 10}", "{seat: 2, did: call}")
    answer = report(kb, text).answers["gala"]
    assert money(answer, "pot-awarded") == []
    assert money(answer, "pot-held") == [{"effect": "pot-held", "seat": 6, "pot": "main"}]
    assert "takes the main pot (its size not known) when he shows" in render_text(report(kb, text))


def test_fpc_19_s3_heads_up_muck_believing_won_lets_the_other_take_the_pot(kb):
    """Rule 19 s3's exception: heads-up, the player who mucked believing he had won has his cards
    dead 'and the other player shall take the pot': rule 7's reveal does not hold that pot."""
    text = all_in().replace("retrievable: false", "retrievable: false, believed_won: true")
    answer = report(kb, text).answers["fpc"]
    assert ruling(answer, "hand-not-fully-shown") is None or ruling(answer, "hand-not-fully-shown").outcome != "must-show-all"
    assert money(answer, "pot-held") == []
