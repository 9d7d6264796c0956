"""No orders where a club is silent (issue 20, e17/discretion; casebook E301, E402): where a club's
answer on the marked point is "not covered" (its discretion clause: the floor decides), nothing of
its answer moves money or plays the hand on as if the point were settled. Money a player was handed
stays with him, said as the position the floor decides from (chips-held), never an order to give it
back into the pot; the Now opens with the floor deciding first, and the hand below it is the
position as the timeline left it ("is next to act"), not an order ("acts next")."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import now_lines, _money_text
from ruling_engine.rulings.rule_on import rule_incident

PUSHED = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 3, stack: 100}
  - {seat: 6, stack: 100, cards: [Q♥, J♥]}
timeline:
  - flop: [Q♣, 7♦, 2♠]
  - {seat: 3, did: bet, total: 10}
  - {seat: 6, did: call, total: 10}
  - turn: 4c
  - {seat: 3, did: check}
  - {seat: 6, did: check}
  - river: 9h
  - {seat: 3, did: check}
  - {seat: 6, did: check}
  - showdown:
  - hand_shown: {seat: 6, face_up: 2}
  - hand_shown: {seat: 3, face_up: 2}
  - money_moved: {did: pushed, seat: 6, amount: 20}
  - said: {by: 3, words: "He was never entitled to a seat at this table - give me my money back.", kind: claim, in_question: true}
"""

BEFORE_ACTION = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 6, stack: 100}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 6, posts: big-blind}
  - deal:
  - preflop:
  - said: {by: 1, words: "There are too many of us at this table.", kind: claim, in_question: true}
"""


def report(kb, text):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)


def marked(answer):
    return [r for r in answer.rulings if r.point == 0]


def test_money_handed_out_stays_where_a_club_is_silent_on_the_marked_point(kb):
    """Every club is silent on whether the winner was entitled to play: the £20 pushed to seat 6
    is not ordered back into the pot (no clause of any club says so); it is stated as held."""
    for club, answer in report(kb, PUSHED).answers.items():
        assert all(r.basis == "not covered" and r.outcome == "floor-decides" for r in marked(answer)), club
        assert [e for e in answer.settlement if e["effect"] == "chips-back"] == [], club
        assert {"effect": "chips-held", "seat": 6, "amount": 20} in answer.settlement, club
        text = _money_text({"effect": "chips-held", "seat": 6, "amount": "£20"}, "£")
        assert "gives back" not in text and "the floor decides" in text


def test_the_now_is_the_position_the_floor_decides_from_where_a_club_is_silent(kb):
    """Every club is silent on the marked claim before anyone acts: the Now opens with the floor
    deciding first, and nobody is told to act."""
    for club, answer in report(kb, BEFORE_ACTION).answers.items():
        first = answer.now.get("floor_first")
        assert first and first.get("position") and first["line"], club
        lines = now_lines(answer.now, "£")
        assert "decides first" in lines[0] and "Nobody acts before he rules" in lines[0], club
        assert not any("acts next" in line for line in lines), club
        assert any(line.startswith("Seat 1 is next to act") for line in lines), club


# -- a ruling that stops play leads the Now (E302) ----------------------------------------------------

TABLE_DOWN_TO_THREE = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 3}
button: 5
players:
  - {seat: 2, stack: 5000}
  - {seat: 5, stack: 5000}
  - {seat: 7, stack: 5000}
timeline:
  - table_count: {number: 1, players: 8}
  - table_count: {number: 2, players: 3}
  - {seat: 7, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - deal:
  - said: {by: 5, words: "Can we just play this one?", kind: claim, in_question: true}
"""


def test_a_ruling_that_stops_play_leads_the_now(kb):
    """PPL League 37 'If a table is reduced to 3 players, play can no longer continue on that table
    unless at the final table': the stop at table 2 is the Now's first line, with its clause, before
    any seat is named to act; a club with no such clause (EDP) has no stop in its Now."""
    answers = report(kb, TABLE_DOWN_TO_THREE).answers
    stops = answers["ppl"].now.get("stops")
    assert stops == [{"table": 2, "issue": "table-balance", "clauses": ["ppl.league-37"]}]
    lines = now_lines(answers["ppl"].now, "")
    assert lines[0].startswith("Play stops at table 2 (ppl.league-37)") and "nobody acts in it" in lines[0]
    assert not answers["edp"].now.get("stops")
    assert not any(line.startswith("Play stops") for line in now_lines(answers["edp"].now, ""))


def test_the_invariants_catch_a_seat_told_to_act_in_a_void_hand(kb):
    """A hand a ruling stopped (void: a misdeal, the hand cancelled) tells nobody to act."""
    from test_corrected_hand import UNDER_RAISE, _broken

    def void_but_acting(answer):
        answer.now["void"] = True
    assert "stopped-hand-acts" in _broken(kb, UNDER_RAISE, "edp", void_but_acting)
