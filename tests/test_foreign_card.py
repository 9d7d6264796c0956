"""A card foreign to the pack (issue 22, X201: the joker dealt as the turn; a card with a different
back): `deck_problem: {kind: foreign-card}`. Before it `turn: [joker]` was refused with only the
card syntax as a hint and the translator wrote an unnamed turn, which raised nothing. No club's
rule on a pack with cards missing or duplicated is read as covering it."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

# a cash game: on the river a card with a red back comes off as the river card (a blue-backed deck)
BASE = """title: t
house: gala
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 6
players:
  - {{seat: 2, stack: 150}}
  - {{seat: 4, stack: 150}}
timeline:
  - flop: {{cards: [Js, 9h, 3c], pot: 30}}
  - turn: [2d]
  - {{seat: 2, did: check}}
  - {{seat: 4, did: check}}
  - river: {river}
{event}"""
FOREIGN = "  - deck_problem: {kind: foreign-card, was: board, in_question: true}\n"


def rulings(kb, event=FOREIGN, river="{count: 1}"):
    incident = parse_incident_text(BASE.format(event=event, river=river), "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb=kb, with_precedents=False)
    return {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}


def test_a_card_foreign_to_the_pack_is_a_deck_problem_each_club_answers_with_its_discretion(kb):
    got = rulings(kb)
    for club, issues in got.items():
        ruling = issues["deck-problem"]
        assert ruling.outcome == "floor-decides" and ruling.basis == "not covered", club
    assert "ppl.howto-6" in {c.clause for c in got["ppl"]["deck-problem"].citations}


def test_a_duplicate_is_not_a_foreign_card(kb):
    foreign = rulings(kb)["gala"]["deck-problem"]
    duplicate = rulings(kb, event=FOREIGN.replace("foreign-card", "duplicate-card"))["gala"]["deck-problem"]
    assert (foreign.outcome, duplicate.outcome) == ("floor-decides", "hand-void-redealt")


def test_a_joker_written_as_a_card_is_an_error_pointing_to_foreign_card(kb):
    with pytest.raises(FloorcallError) as err:
        rulings(kb, event="", river="[joker]")
    assert "kind: foreign-card" in str(err.value) and err.value.line == 13


def test_floorcall_events_lists_foreign_card(kb):
    assert "foreign-card = a card that is no playing card of this pack" in events_text(kb, "joker")
