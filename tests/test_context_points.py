"""Entries written only as context (a level change, a fee paid) do not answer marked words nor head
the answer (e23/headline, blind O304):

- knowledge/vocabulary.yaml `context_outcomes:` lists outcomes that confirm such an entry as given
  (blind-level new-level: FPC rule 12's "blinds not in before the beep"; fee fee-allowed: Gala
  Tournament a) "The fee is up to 10% of the entry stake"); ruled on an unmarked point they stay
  under it, but a marked objection ("Late entry closed at half eight. He can't play.") is never
  "answered" by them;
- the answer opens with a ruling on a marked point resting on the club's clauses (Gala Tournament
  f), "provided a seat be available") ahead of "no clause" on another marked point."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import _answer_first, to_dict
from ruling_engine.rulings.rule_on import rule_incident

LATE = """\
title: Paid before the cut-off, seated after it
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 3, starting_stack: 5000}
button: 2
players:
  - {seat: 2}
  - {seat: 3}
  - {seat: 4}
  - {seat: 6}
timeline:
  - money_paid_in: {kind: entry, amount: 20, receipt_given: true, told_before: true}
  - money_paid_in: {kind: registration-fee, amount: 2, entry_stake: 20, receipt_given: true, told_before: true}
  - arrival: {minutes_after_start: 82, level: 3, seat_available: false}
  - level_change: {blinds: [150, 300], at: "20:30"}
  - player_seated: {seat: 6, seated_by: floor, in_question: true}
  - said: {by: 2, words: "Late entry closed at half eight. He can't play.", kind: claim, in_question: true}
"""


def _report(kb, text=LATE, house=None):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False,
                         **({"house": house} if house else {}))


def _marked_words(report, club):
    said = next(n for n, p in enumerate(report.points) if p.marked and p.kind == "said")
    return [r for r in report.answers[club].rulings if r.point == said]


def test_a_level_change_confirmed_as_given_does_not_answer_the_objection(kb):
    assert "new-level" in kb.vocabulary.context_outcomes["blind-level"]
    report = _report(kb)
    fpc = report.answers["fpc"]
    assert any(r.issue == "blind-level" and r.outcome == "new-level" for r in fpc.rulings)   # still ruled
    for ruling in _marked_words(report, "fpc"):
        assert "blind-level" not in {issue for _, issue, _ in ruling.answered_by}
        assert "beep" not in ruling.decision


def test_a_fee_allowed_does_not_answer_the_objection(kb):
    report = _report(kb)
    for ruling in _marked_words(report, "gala"):
        issues = {issue for _, issue, _ in ruling.answered_by}
        assert "fee" not in issues and "tournament-entry" in issues


def test_the_answer_opens_on_the_marked_ruling_resting_on_a_clause(kb):
    report = _report(kb)
    first = _answer_first(to_dict(report), "gala")[1]
    assert "Late entry has closed" in first and "no clause" not in first
