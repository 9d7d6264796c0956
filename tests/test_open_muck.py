"""A hand only dead where a ruling killed it (issue 20, e14/order2): a hand that went into the
muck at a point the club's ruling leaves to the floor (not covered, the floor decides, a conflict)
is neither live nor dead. The corrected hand does not take it out as if dead: no pot is awarded
(not "the only hand left wins"), the pot names the mucked seat with its life left open, and the
Now says the floor decides.

Own incident: on the turn seat 4 bets, seat 7 folds, seat 4 pushes his cards to the dealer thinking
he has won (they never touch the muck), and seat 1 calls.
"""
import textwrap

from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_on

INCIDENT = textwrap.dedent("""\
    title: turn bet, a fold, the bettor pushes his cards to the dealer thinking he has won; the last player calls
    house: ppl
    game: {format: cash, variant: NLHE, blinds: [1, 2]}
    button: 1
    players:
      - {seat: 1, stack: 150}
      - {seat: 4, stack: 80}
      - {seat: 7, stack: 120}
    pot_at_start: 30
    timeline:
      - flop: [K♠, 8♦, 3♣]
      - turn: 5♥
      - {seat: 4, did: bet, chips: [10]}
      - {seat: 7, did: fold}
      - hand_mucked: {seat: 4, by: player, believed_won: true, touched_muck: false, retrievable: true, in_question: true}
      - {seat: 1, did: call, chips: [10]}
    """)

LIFE = ("hand-dead", "hand-live", "no-claim-to-pot")


def _open_clubs(report):
    """Clubs whose ruling on the muck leaves it to the floor, with no settled ruling on seat 4's life."""
    out = []
    for club, answer in report.answers.items():
        at_muck = [r for r in answer.rulings if report.points[r.point].kind == "hand_mucked"]
        leaves_open = any(r.basis in ("not covered", "conflict") or r.outcome == "floor-decides" for r in at_muck)
        settles = any(e.get("effect") in LIFE and e.get("seat") == 4 for r in answer.rulings
                      if r.basis not in ("not covered", "conflict", "depends") for e in r.effects)
        per_branch = any(r.basis == "depends" for r in at_muck)     # its money is read branch by branch
        if leaves_open and not settles and not per_branch:
            out.append(club)
    return out


def test_a_muck_the_ruling_leaves_to_the_floor_awards_no_pot_as_if_the_hand_were_dead(kb, tmp_path):
    path = tmp_path / "incident.yaml"
    path.write_text(INCIDENT, encoding="utf-8")
    report = rule_on(path, kb=kb)
    clubs = _open_clubs(report)
    assert clubs, "some club's ruling must leave the muck to the floor for this test to say anything"
    for club in clubs:
        answer = report.answers[club]
        assert not [e for e in answer.settlement if e["effect"] in ("pot-awarded", "pot-split")], (club, answer.settlement)
        pots = [e for e in answer.settlement if e["effect"] == "pot"]
        assert pots and 4 in pots[0]["seats"] and pots[0].get("open") == [4], (club, pots)
        assert answer.now.get("open") == [4], (club, answer.now)
        lines = now_lines(answer.now, "GBP")
        assert not any("only hand left" in line for line in lines), (club, lines)
        assert any("floor decides whether it is live" in line for line in lines), (club, lines)


def test_a_club_that_rules_on_the_muck_keeps_its_answer(kb, tmp_path):
    """A club whose ruling settles the mucked hand's life is read as before: no open seat."""
    path = tmp_path / "incident.yaml"
    path.write_text(INCIDENT, encoding="utf-8")
    report = rule_on(path, kb=kb)
    settled = [c for c, a in report.answers.items() if any(
        e.get("effect") in LIFE and e.get("seat") == 4 for r in a.rulings if r.basis not in ("not covered", "conflict", "depends")
        for e in r.effects)]
    assert settled
    for club in settled:
        assert not report.answers[club].now.get("open"), club
        assert not any(e.get("open") for e in report.answers[club].settlement), club
