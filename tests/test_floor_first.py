"""A club's discretion ruling and its Now agree (issue 20, e14/floorfirst).

(1) A rule of a club's own that leaves the decision to the floor with a direction (then:
discretion: true, basis reading or not covered) opens the Now with what the floor decides: the
hand as the direction corrects it if he so rules, and the hand if he lets the chips stand as they
were put in. Before, `floor_first` appeared only for "no clause", so a discretion ruling pointing to
a raise sat beside "Seat N acts next" facing the unraised bet.
(2) "Raise" declared with no bet to face, where the club's clause says it must be at least a minimum
bet (EDP 8 ¶29): the corrected hand has his bet, so the next player faces it; facing a bet the
declared raise still waits for its amount.
"""
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_on

# Cash £2/£5, a £20 turn bet; seat 7 says "raise" as he puts in exactly £20 (the call), then asks to
# call. Differs from the casebook's (a tournament flop, 800 at 200/400).
RAISE_WITH_CALL_CHIPS = """
title: '"Raise" said as £20 goes into a £20 turn bet; then "I meant call"'
house: gala
game: {format: cash, variant: NLHE, blinds: [2, 5], smallest_chip: 1}
button: 2
players:
  - {seat: 2, stack: 300}
  - {seat: 4, stack: 250}
  - {seat: 7, stack: 400}
pot_at_start: 40
timeline:
  - turn: [K♠]
  - {seat: 4, chips: [20]}
  - {seat: 7, said: raise, chips: [5, 5, 5, 5], first: together, in_question: true}
  - said: {by: 7, words: "I meant call"}
"""

# Cash £1/£2; the first player to act on the river says "raise" with no bet before him and puts out
# nothing. Differs from the casebook's (the flop, 50p/£1).
RAISE_FACING_NO_BET = """
title: 'First to act on the river says "raise"; nobody has bet'
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}
button: 8
players:
  - {seat: 1, stack: 120}
  - {seat: 3, stack: 90}
  - {seat: 8, stack: 200}
pot_at_start: 30
timeline:
  - river: [9♣]
  - {seat: 1, said: raise, in_question: true}
"""

# The same words facing a £10 bet: the declared raise waits for its amount, as before.
RAISE_FACING_A_BET = RAISE_FACING_NO_BET.replace(
    "  - {seat: 1, said: raise, in_question: true}\n",
    "  - {seat: 1, chips: [5, 5]}\n  - {seat: 3, said: raise, in_question: true}\n")


def _report(kb, tmp_path, text):
    path = tmp_path / "incident.yaml"
    path.write_text(text, encoding="utf-8")
    return rule_on(path, kb=kb)


def test_a_discretion_ruling_with_a_direction_opens_the_now_with_what_the_floor_decides(kb, tmp_path):
    """Gala's fairness statement, directing the announced raise to at least the minimum: the Now
    says the Card Room Manager decides first; if he so rules, seat 7 is raised to £40 and seat 2
    faces £40; if he lets the £20 stand, seat 2 faces £20. Never '£20 to call' alone beside it."""
    gala = _report(kb, tmp_path, RAISE_WITH_CALL_CHIPS).answers["gala"]
    ruling = next(r for r in gala.rulings if r.issue == "declared-action")
    assert ruling.discretion and ruling.basis == "reading" and ruling.outcome == "raise-at-least-minimum"
    assert "gala.misdeal-intro" in [c.clause for c in ruling.citations]
    now = gala.now
    first = now["floor_first"]
    assert (first["seat"], first["put_in"], first["who"]) == (7, 20, "The Card Room Manager")
    assert first["direction"] == ruling.decision
    assert (now["next"]["seat"], now["next"]["call"]) == (2, 40)          # the hand as the direction corrects it
    assert (first["otherwise"]["next"]["seat"], first["otherwise"]["next"]["call"]) == (2, 20)   # his £20 as put in
    lines = now_lines(now, "£")
    assert "decides first" in lines[0] and "If he so rules" in lines[0]
    at = next(n for n, line in enumerate(lines) if line.startswith("If instead he lets seat 7's £20"))
    assert any("Seat 2 acts next: £40 to call" in line for line in lines[:at])
    assert any("Seat 2 acts next: £20 to call" in line for line in lines[at:])


def test_every_club_whose_ruling_keeps_discretion_on_the_marked_action_says_the_floor_decides_first(kb, tmp_path):
    """Club-agnostic: any club ruling the marked action with discretion (reading or not covered)
    has floor_first in its Now; a club whose rule settles it without discretion has none."""
    report = _report(kb, tmp_path, RAISE_WITH_CALL_CHIPS)
    last = len(report.points) - 1
    seen = set()
    for club, answer in report.answers.items():
        marked = [r for r in answer.rulings if r.point == last and r.issue == "declared-action"]
        if any(r.discretion and r.basis in ("reading", "not covered") for r in marked):
            seen.add(club)
            assert "floor_first" in answer.now, club
        elif marked and all(r.basis in ("express", "reading") and not r.discretion
                            and r.outcome not in ("floor-decides", "depends") for r in marked):
            assert "floor_first" not in answer.now, club
    assert "gala" in seen


def test_raise_declared_facing_no_bet_is_a_minimum_bet_in_the_corrected_hand(kb, tmp_path):
    """EDP 8 ¶29: "If a player declares "raise", the player must make at least a minimum bet."
    With nothing to raise, the next player faces his bet of the big blind (£2), not nothing."""
    edp = _report(kb, tmp_path, RAISE_FACING_NO_BET).answers["edp"]
    ruling = next(r for r in edp.rulings if r.issue == "declared-action")
    assert ruling.outcome == "raise-at-least-minimum" and [c.clause for c in ruling.citations][0] == "edp.8-29"
    assert {"effect": "ruled-bet", "seat": 1, "total": 2} in ruling.effects
    nxt = edp.now["next"]
    assert (nxt["seat"], nxt["call"], nxt["options"]) == (3, 2, "call-raise-fold")
    assert not edp.now.get("unsettled")


def test_raise_declared_facing_a_bet_still_waits_for_its_amount(kb, tmp_path):
    """Only where he faces no bet: facing £10, EDP's declared raise is at least the minimum raise
    and the amount is his to state; no bet is made for him."""
    edp = _report(kb, tmp_path, RAISE_FACING_A_BET).answers["edp"]
    ruling = next(r for r in edp.rulings if r.issue == "declared-action")
    assert ruling.outcome == "raise-at-least-minimum"
    assert not any(e["effect"] == "ruled-bet" for e in ruling.effects)
    assert {"effect": "raise-at-least", "seat": 3, "total": 20} in ruling.effects
