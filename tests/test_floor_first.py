"""A club's discretion ruling and its Now agree (issue 20, e14/floorfirst).

(1) A rule of a club's own that leaves the decision to the floor with a direction (then:
discretion: true, basis reading or not covered) opens the Now with what the floor decides: the
hand as the direction corrects it if he so rules, and the hand if he lets the chips stand as they
were put in. Before, `floor_first` appeared only for "no clause", so a discretion ruling pointing to
a raise sat beside "Seat N acts next" facing the unraised bet.
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
