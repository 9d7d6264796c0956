"""A marked claim or objection is answered only by a clause whose subject it is (e24/objection,
blind O701-O703): an irregularity of a hand that ended before the words (a `hand-over:` between)
and a colour-up done as the club allows (vocabulary `context_outcomes`) are ruled beside the words,
never as their answer; where nothing else answers, each club says its rulebook has no clause on it
and cites its discretion clause. A claim whose subject is written as its own event (chips taken off
the table, a loan of chips) is answered by that event's clause."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

MARKED = "marked-point-not-listed"
ANSWERING = ("express", "reading", "conflict")
# each club's discretion clause: what a not-covered answer cites
DISCRETION = {"edp": "edp.1-4", "gala": "gala.misdeal-intro", "fpc": "fpc.1", "ppl": "ppl.league-53"}

CASH = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5}
players:
  - {seat: 2}
  - {seat: 4, behind: 48}
  - {seat: 5, behind: 31}
  - {seat: 7}
others: 4
timeline:
  - deal:
  - {seat: 4, did: fold, fold_manner: tossed-high}
  - card_exposed: {seat: 4, by: player, during: play, count: 2, seen_by: table, deliberate: false}
"""
COMPLAINT = '  - said: {by: 2, words: "He\'s wrecking the game. Get him off the table.", to: floor, in_question: true}\n'


def _rule(kb, text: str):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _rulings(report, club, issue):
    return [r for r in report.answers[club].rulings if r.issue == issue]


def test_a_complaint_after_the_hand_ended_is_not_answered_by_its_exposed_card_clause(kb):
    """Blind O703: "get him off the table", said after `hand-over:`, was answered by the thrown
    fold's exposed-card clause (FPC 24 s2 "every player at the table has a right to know", Gala
    dealer (j) "announce any exposed cards"). Now each club rules the exposed cards beside the words
    and answers the complaint as not covered, citing its discretion clause."""
    report = _rule(kb, CASH + "  - hand-over:\n" + COMPLAINT)
    exposed = {"fpc": "fpc.24-s2", "gala": "gala.dealer-j"}
    for club in report.answers:
        words, = _rulings(report, club, MARKED)
        assert (words.outcome, words.basis, words.answered_by) == ("floor-decides", "not covered", [])
        assert DISCRETION[club] in {c.clause for c in words.citations}
        assert not {c.clause for c in words.citations} & set(exposed.values())
    for club, clause in exposed.items():       # the exposed cards are still ruled, on their clause, beside
        card, = _rulings(report, club, "exposed-card-play")
        assert card.basis in ANSWERING and clause in {c.clause for c in card.citations}
    assert "has no clause on this" in render_text(report)


def test_the_same_complaint_before_the_hand_ends_asks_that_hands_questions(kb):
    """The boundary: said in the same hand, straight after the thrown fold, the words ask the hand's
    questions as they stood (docs/timeline.md, "What is ruled"): EDP 9 ¶4 s3 ("not deliberately
    exposed or tossed high") rules the fold at the words. After `hand-over:` (above) it does not:
    the complaint is not a question on how the last fold of a finished hand was thrown."""
    def fold_at_words(text):
        report = _rule(kb, text)
        words = next(n for n, p in enumerate(report.points) if p.kind == "said")
        return [r for r in report.answers["edp"].rulings if r.point == words and r.issue == "fold-manner"]
    before = fold_at_words(CASH + COMPLAINT)
    assert before and "edp.9-4-s3" in {c.clause for c in before[0].citations}
    assert fold_at_words(CASH + "  - hand-over:\n" + COMPLAINT) == []


TOURNAMENT = """title: t
house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 4, starting_stack: 5000}
players:
  - {seat: 2, stack: 5000}
  - {seat: 6, stack: 3400}
pot_at_start: 2600
timeline:
  - river:
  - {seat: 2, did: bet, total: 1300}
  - {seat: 6, did: call, total: 1300}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - money_moved: {did: pushed, seat: 2, amount: 5200}
  - hand-over:
  - break_taken: {starts: "20:50"}
  - colour_up: {chip: 25, into: 100}
  - said: {by: 2, words: "Then he only called eleven hundred. He owes me two hundred.", kind: claim, in_question: true}
"""


@pytest.mark.parametrize("club, colour_clause", [("gala", "gala.tournament-o"), ("edp", "edp.4-1-s3")])
def test_a_claim_for_money_owed_is_not_answered_by_the_colour_up_clause(kb, club, colour_clause):
    """Blind O702: "he owes me 200" was answered by the break's colour-up (Gala Tournament (o),
    EDP 4 ¶1 s3 "may colour up at their discretion"), which says nothing of money owed. The colour-up
    is still ruled on its clause; the claim is not covered, the club's discretion clause cited."""
    report = _rule(kb, TOURNAMENT)
    colour, = _rulings(report, club, "colour-up")
    assert colour.basis in ANSWERING and colour_clause in {c.clause for c in colour.citations}
    words, = _rulings(report, club, MARKED)
    assert (words.outcome, words.basis, words.answered_by) == ("floor-decides", "not covered", [])
    assert DISCRETION[club] in {c.clause for c in words.citations}
    assert colour_clause not in {c.clause for c in words.citations}


def test_only_outcomes_that_confirm_the_colour_up_as_given_are_context(kb):
    """Only a colour-up confirmed as given is context (vocabulary context_outcomes): `not-yet`, which
    corrects it, is never listed, so an objection to a colour-up made too early is still answered."""
    listed = set(kb.vocabulary.context_outcomes["colour-up"])
    assert listed and "not-yet" not in listed          # a correcting outcome is never context
    assert listed <= set(kb.vocabulary.issues["colour-up"]["outcomes"])


@pytest.mark.parametrize("club, clause", [("edp", "edp.2-8"), ("gala", "gala.house-f")])
def test_a_request_to_take_part_of_the_chips_off_is_answered_by_the_chips_stay_clause(kb, club, clause):
    """Blind O703's "cash me out forty, leave eight on my seat", written as what it asks
    (`chips_removed`, existing syntax) and marked: its subject is chips off the table, so EDP 2 ¶8
    (a player finishing cashes out all his chips) and Gala House (f) (no chips off the table until he
    quits) answer it on their clause, not the thrown fold's exposed-card clause."""
    text = CASH + "  - hand-over:\n" + COMPLAINT + \
        "  - chips_removed: {seat: 4, amount: 40, to: cash-desk, still_playing: true, in_question: true}\n"
    report = _rule(kb, text)
    ruling, = _rulings(report, club, "chips-off-table")
    assert ruling.basis in ANSWERING and clause in {c.clause for c in ruling.citations}


@pytest.mark.parametrize("club, clause", [("edp", "edp.2-9"), ("gala", "gala.house-e")])
def test_an_offer_to_play_anothers_chips_is_answered_by_the_no_loan_clause(kb, club, clause):
    """Blind O703's "slide his chips to me and I'll play them", written as the loan of table chips
    it asks for (`chips_lent`, existing syntax) and marked: EDP 2 ¶9 and Gala House (e) (no loans of
    chips from the table) answer it on their clause."""
    text = CASH + "  - hand-over:\n" + COMPLAINT + \
        "  - chips_lent: {seat: 5, from: player, lender: 4, amount: 48, table_chips: true, in_question: true}\n"
    ruling, = _rulings(_rule(kb, text), club, "chip-loan")
    assert ruling.basis in ANSWERING and clause in {c.clause for c in ruling.citations}
