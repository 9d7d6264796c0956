"""Marked words no listed question covers (a claim, an objection) are answered by what they object
to (issue 20: "the point they were called about first"; issue 21: "a point the floor marked silently
dropped"; e17/objection): each club's rulings on the irregular entries of the same hand, before or at
the words, lead its answer; a club that rules on nothing irregular there, or only as not covered,
says its rulebook has no clause on it, its discretion clause cited."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text, to_dict
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: GBP}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 5, stack: 200}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 5, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 1, did: call, total: 2}
  - {seat: 3, did: call, total: 2}
  - {seat: 5, did: check}
  - flop: [K♦, 8♣, 3♠]
  - {seat: 3, did: bet, total: 6}
"""
OBJECTION = '  - said: {by: 5, words: "I haven\'t acted yet!", kind: claim, in_question: true}\n'
MARKED = "marked-point-not-listed"


def _rule(kb, entries: str, house: str = "edp"):
    text = HEAD.replace("house: edp", f"house: {house}") + entries
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _by_issue(report, club):
    return {r.issue: r for r in report.answers[club].rulings}


def test_a_marked_objection_after_a_premature_turn_is_answered_by_each_clubs_premature_turn_ruling(kb):
    """Seat 5 objects after the turn came while he still had to act: every club whose rulebook rules
    the premature card (express, reading or conflict) answers his words with that ruling, which
    leads its answer (the headline); a club whose rulebook has no clause on it still says so."""
    report = _rule(kb, "  - turn: Q♥\n" + OBJECTION)
    answered = silent = 0
    for club in report.answers:
        rulings = _by_issue(report, club)
        card, words = rulings["premature-board-card"], rulings[MARKED]
        if card.basis in ("express", "reading", "conflict"):
            answered += 1
            assert words.outcome == "answered-by-ruling" and words.basis == card.basis
            assert words.answered_by == [(card.point, card.issue, card.outcome)]
            assert words.decision.startswith(card.decision) and "Seat 5's objection" in words.decision
            assert words.effects == []          # the corrections stay with the premature-card ruling
            assert {c.clause for c in card.citations} <= {c.clause for c in words.citations}
            headline = render_text(_rule(kb, "  - turn: Q♥\n" + OBJECTION, club)).split("== The answer ==\n")[1]
            assert headline.startswith(f"  {club}: {card.decision[:40]}")
            assert "has no clause on this" not in headline.split("Now:")[0]
        else:
            silent += 1
            assert (words.outcome, words.basis) == ("floor-decides", "not covered") and words.citations
    assert answered >= 1 and silent >= 1        # the knowledge has clubs of both kinds: both are tested
    marked = [r for a in to_dict(report)["clubs"].values() for r in a["rulings"] if r["issue"] == MARKED]
    assert any(r["answered_by"] for r in marked)     # the JSON names the rulings that answer the words


def test_a_marked_objection_in_a_hand_with_nothing_irregular_is_left_to_the_floors_discretion(kb):
    """The same words with the turn not yet dealt: nothing irregular before them, so every club
    says its rulebook has no clause on them and cites its discretion clause, as before."""
    report = _rule(kb, OBJECTION)
    for club in report.answers:
        words = _by_issue(report, club)[MARKED]
        assert (words.outcome, words.basis, words.answered_by) == ("floor-decides", "not covered", [])
        assert words.citations
    assert "edp: EDP's rulebook has no clause on this" in render_text(report)


def test_an_irregularity_after_the_marked_objection_does_not_answer_it(kb):
    """Words said before the premature card are not an objection to it: the card is ruled beside
    them, and the words stay with the floor's discretion."""
    report = _rule(kb, OBJECTION + "  - turn: Q♥\n")
    for club in report.answers:
        words = _by_issue(report, club)[MARKED]
        assert (words.outcome, words.basis) == ("floor-decides", "not covered")
