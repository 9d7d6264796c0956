"""A pot no live hand contends for is ruled on, never left silent (V504, engine faults 1 and 3):
both players muck together at a marked showdown, every club's corrected hand leaves the £21 to no
live hand, and each club answers at the marked showdown itself. No club's rulebook has a clause for
two dead hands, so each is not covered and cites its discretion clause (Gala's fairness statement,
Mis-deal intro; EDP 1 ¶4; FPC rule 1; PPL league •53), the pot held until the floor rules."""
from pathlib import Path

from ruling_engine.incident.load import load_incident
from ruling_engine.rulings.rule_on import rule_incident

CASES = Path(__file__).parent.parent / "cases"
ISSUE = "pot-without-contender"
DISCRETION = {"gala": "gala.misdeal-intro", "edp": "edp.1-4", "fpc": "fpc.1", "ppl": "ppl.league-53"}


def _report(kb, path):
    return rule_incident(load_incident(path, kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_two_dead_hands_pot_goes_to_each_clubs_discretion_clause(kb):
    report = _report(kb, CASES / "casebook" / "V504.yaml")
    showdown = next(n for n, p in enumerate(report.points) if p.marked and p.kind == "street")
    for club, clause in DISCRETION.items():
        ruling = next(r for r in report.answers[club].rulings if r.issue == ISSUE)
        assert ruling.point == showdown, (club, ruling.point)        # the marked showdown is answered
        assert (ruling.basis, ruling.outcome) == ("not covered", "floor-decides"), club
        assert clause in [c.clause for c in ruling.citations], (club, ruling.citations)
        assert any("£21" in line and "Hold the main pot" in line for line in ruling.do), (club, ruling.do)


def test_the_marked_showdown_is_no_longer_silent(kb):
    """The showdown marked in_question is a ruled point of its own (its heading and ruling)."""
    report = _report(kb, CASES / "casebook" / "V504.yaml")
    showdown = next(n for n, p in enumerate(report.points) if p.marked and p.kind == "street")
    assert any(r.point == showdown for r in report.answers[report.house].rulings)


def test_a_pot_with_a_live_hand_raises_no_such_question(kb):
    """Heads-up, the caller mucks believing he has won: the bettor's hand is live and takes the pot
    (e.g. EDP 3 ¶8 s4-5, the last player with live cards wins), so no club rules on an orphan pot."""
    report = _report(kb, CASES / "heads-up-muck-believing-won.yaml")
    for club, answer in report.answers.items():
        assert ISSUE not in [r.issue for r in answer.rulings], club


def test_a_pot_won_uncalled_then_mucked_is_his_not_an_orphan(kb):
    """R403: seat 1's turn bet is not called, the last other player folds, the dealer returns the
    uncalled £12 and pushes him the £19, and only then does he throw his cards in. The pot was his
    when the last other player folded: a club that settles the pot gives seat 1 the £19 and takes
    nothing back, and no club rules on a pot without a contender.
    (FPC and PPL leave whether his mucked hand was retrievable open, and with it their pot section.)"""
    report = _report(kb, CASES / "casebook" / "R403.yaml")
    for club, answer in report.answers.items():
        assert ISSUE not in [r.issue for r in answer.rulings], club
        assert not any(e.get("effect") == "pot" and not e.get("seats") for e in answer.settlement), club
    for club in ("edp", "gala"):
        awarded = [(e.get("seat"), e.get("amount")) for e in report.answers[club].settlement
                   if e.get("effect") == "pot-awarded"]
        assert awarded == [(1, 19)], (club, report.answers[club].settlement)
