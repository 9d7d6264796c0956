"""A penalty the floor has already given for the conduct (P701): the ruling does not offer the
club's scale again from its first step.

PPL •54 s1-2 ("verbal warnings, 10,20,30, and 40 minutes away from the table") and FPC 29 s1
("verbal warnings, five, ten and fifteen minutes away from the table"): time away that is on the
list stands as given. EDP 9 ¶9 ("Penalty options include but are not limited to:"): what the CRMS
gave stands as his choice; and EDP 9 ¶4 ("The penalty will begin at the end of the hand"), read for
a penalty given while the player still holds a live hand: it begins when the hand is over.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# seat 4 abuses seat 6 during a hand he is still in; the floor gives him SIZE UNIT away at once
ABUSE = """title: t
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 4, stack: 5000}
  - {seat: 6, stack: 5000}
timeline:
  - {seat: 4, posts: small-blind}
  - {seat: 6, posts: big-blind}
  - deal:
  - {seat: 1, did: fold}
  - {seat: 4, did: call, total: 200}
  - {seat: 6, did: check}
  - flop: [Q♣, 7♣, 4♦]
  - conduct: {seat: 4, did: abused-player, live_hand: true, disruptive: true}
GIVEN"""


def _penalty(kb, club, given="  - penalty_given: {seat: 4, size: 10, unit: minutes}\n"):
    text = ABUSE.replace("HOUSE", club).replace("GIVEN", given)
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "conduct-penalty")


def _away(ruling):
    return [e for e in ruling.effects if e["effect"] == "away-on-penalty"]


def test_ppl_league_54_ten_minutes_given_stands_not_a_first_warning(kb):
    ruling = _penalty(kb, "ppl")
    assert ruling.outcome == "penalty" and ruling.basis == "express"
    assert "ppl.league-54-s1-2.penalty-given-stands" in ruling.rules_fired
    assert {"effect": "away-on-penalty", "seat": 4, "minutes": 10} in _away(ruling)
    assert not any("verbal warning" in line.lower() for line in ruling.do)
    assert not any(e["effect"] == "warning" for e in ruling.effects)


def test_fpc_29_ten_minutes_given_stands_not_a_first_warning(kb):
    ruling = _penalty(kb, "fpc")
    assert ruling.outcome == "penalty"
    assert "fpc.29-s1.penalty-given-stands" in ruling.rules_fired
    assert {"effect": "away-on-penalty", "seat": 4, "minutes": 10} in _away(ruling)
    assert not any(e["effect"] == "warning" for e in ruling.effects)


def test_ppl_minutes_off_the_list_are_not_read_as_given_on_it(kb):
    """Seven minutes is not one of •54's penalties: the rule that lets a listed one stand does not fire."""
    ruling = _penalty(kb, "ppl", "  - penalty_given: {seat: 4, size: 7, unit: minutes}\n")
    assert "ppl.league-54-s1-2.penalty-given-stands" not in ruling.rules_fired


def test_edp_9_9_penalty_given_stands_and_9_4_begins_at_end_of_hand(kb):
    ruling = _penalty(kb, "edp")
    assert ruling.outcome == "options-at-discretion"
    assert {"edp.9-9.penalty-given-stands", "edp.9-4-s1-2.penalty-begins-at-end-of-hand"} <= set(ruling.rules_fired)
    assert not any("Next on the scale is step 1" in line for line in ruling.do)
    assert any("begins at the end of the hand" in line for line in ruling.do)
    assert any(c.clause == "edp.9-4-s1-2" and "The penalty will begin at the end of the hand" in c.quote
               for c in ruling.citations)


def test_no_penalty_given_still_offers_the_scale_from_step_1(kb):
    """Without a penalty_given the first offence is still the first step (the ladder unchanged)."""
    ruling = _penalty(kb, "ppl", "")
    assert ruling.outcome == "warning"
    assert "ppl.league-54-s1-2.penalty-given-stands" not in ruling.rules_fired
    edp = _penalty(kb, "edp", "")
    assert "edp.9-4-s1-2.penalty-begins-at-end-of-hand" not in edp.rules_fired
