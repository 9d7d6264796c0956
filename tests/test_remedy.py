"""A remedy the floor can carry out at the stage of the hand the floor was called at, resting on
the clause that decides it (blind calls L602, L603).

- FPC 18 s1: discards that touch a live hand leave it live and "the mucked cards should be moved to
  the muck pile" -- only possible if they can be told apart. Mixed beyond telling apart, the hand
  is mixed with folded cards, which the same sentence rules dead; the ruling names only the ground
  that holds (outside the lines, or under a card guard).
- PPL •13 / •18: a player away at the deal who was back when his turn came and acted: •18 dealt
  him in and •13, the clause that would muck his hand, does not, so his action stands; the
  instruction is not "deal him in" once the action has happened.
- Gala (l): the hand of a player away at the last card is void "before any action can commence";
  called after the action has begun, the dealer takes it in now, not "before anyone acts".
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

DISCARDS = """\
title: A fold lands on a live hand
house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 3}
button: 8
players:
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 5000}
  - {seat: 4, stack: 4100}
  - {seat: 5, stack: 5000}
  - {seat: 6, stack: 5000}
  - {seat: 8, stack: 5000}
timeline:
  - preflop:
  - {seat: 4, did: raise, total: 500}
  - {seat: 5, did: call, total: 500}
  - {seat: 6, did: fold}
  - discards_touch_hand: {seat: 4, FIELDS, in_question: true}
"""

AWAY = """\
title: Away when the cards were dealt
house: CLUB
game: {format: cash, variant: NLHE, blinds: [0.5, 1], currency: "£"}
button: 6
players:
  - {seat: 1, stack: 20}
  - {seat: 6, stack: 18}
  - {seat: 7, stack: 20}
  - {seat: 8, stack: 20}
timeline:
  - deal:
  - {seat: 7, posts: small-blind, chips: [0.5]}
  - {seat: 8, posts: big-blind, chips: [1]}
  - player_away: {seat: 6, at_first_card: true, at_last_card: true, in_room: false, BACK in_question: true}
LATER"""
LATER = """\
  - {seat: 1, did: call, chips: [1]}
  - {seat: 6, said: "raise, three", chips: [1, 1, 1]}
"""


def _rule(kb, text, club, issue):
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    answer = report.answers[club]
    return answer, next(r for r in answer.rulings if r.issue == issue)


def _discards(kb, fields):
    return _rule(kb, DISCARDS.replace("FIELDS", fields), "fpc", "discards-touched-hand")


def _away(kb, club, back_and_acted):
    text = AWAY.replace("CLUB", club)
    text = text.replace("BACK ", "back: before-his-turn, " if back_and_acted else "")
    text = text.replace("LATER", LATER if back_and_acted else "")
    return _rule(kb, text, club, "absent-player")


def _dead(answer, seat):
    return any(e["effect"] == "hand-dead" and e.get("seat") == seat
               for r in answer.rulings for e in r.effects)


def test_fpc_18_s1_hand_mixed_with_discards_beyond_telling_apart_is_dead_not_sorted(kb):
    answer, ruling = _discards(kb, "outside_lines: true, protected: true, identifiable: false")
    assert ruling.outcome == "hand-dead" and ruling.basis == "reading"
    assert any(c.clause == "fpc.18-s1" and "it will be ruled dead" in c.quote for c in ruling.citations)
    assert "fpc.18-s1.discards-touch-hand-outside-lines-live" in ruling.set_aside
    # no instruction to sort out cards the incident says nobody can tell apart
    assert not any("move the mucked cards" in line for line in ruling.do)
    assert all(4 not in e["seats"] for e in answer.settlement if e["effect"] == "pot")


def test_fpc_18_s1_identifiable_hand_outside_the_lines_stays_live_and_the_discards_are_moved(kb):
    answer, ruling = _discards(kb, "outside_lines: true, protected: false, identifiable: true")
    assert ruling.outcome == "hand-live" and ruling.basis == "express"
    assert any("move the mucked cards" in line for line in ruling.do)
    assert not _dead(answer, 4)


def test_fpc_18_s1_live_ruling_names_only_the_ground_that_holds(kb):
    _, outside = _discards(kb, "outside_lines: true, protected: false, identifiable: true")
    _, guarded = _discards(kb, "outside_lines: false, protected: true, identifiable: true")
    assert outside.outcome == guarded.outcome == "hand-live"
    assert "card guard" not in outside.decision and "outside the marked lines" in outside.decision
    assert "card guard" in guarded.decision and "outside the marked lines" not in guarded.decision


def test_ppl_13_away_at_the_deal_back_at_his_turn_cites_13_and_his_raise_stands(kb):
    answer, ruling = _away(kb, "ppl", back_and_acted=True)
    assert ruling.outcome == "hand-live"
    clauses = {c.clause for c in ruling.citations}
    assert {"ppl.league-13", "ppl.league-18"} <= clauses
    assert any(e["effect"] == "action-binding" and e["seat"] == 6 for e in ruling.effects)
    # the action has happened: no instruction to deal him in or to fold him later
    assert not any(line.startswith("Deal") or "fold it if" in line for line in ruling.do)
    assert not _dead(answer, 6)


def test_ppl_18_away_before_his_turn_has_come_is_told_what_13_will_do(kb):
    _, ruling = _away(kb, "ppl", back_and_acted=False)
    assert ruling.outcome == "hand-live"
    assert any(c.clause == "ppl.league-18" for c in ruling.citations)
    assert any("when it becomes his turn to act (•13)" in line for line in ruling.do)


def test_gala_l_called_after_the_action_began_the_hand_is_taken_in_now(kb):
    answer, ruling = _away(kb, "gala", back_and_acted=True)
    assert ruling.outcome == "hand-dead" and any(c.clause == "gala.house-l" for c in ruling.citations)
    assert not any("before anyone acts" in line for line in ruling.do)
    assert any("now (they should have been taken in before any action)" in line for line in ruling.do)


def test_gala_l_called_before_any_action_the_hand_is_taken_in_before_anyone_acts(kb):
    _, ruling = _away(kb, "gala", back_and_acted=False)
    assert ruling.outcome == "hand-dead"
    assert any("before anyone acts" in line for line in ruling.do)
