"""A chip moved by accident from a player's stack (f20/format; issue 22, casebook B402's class):
`chips_rolled: {from, into, to, amount}` — a chip that rolled, toppled or was knocked off a stack
into the pot or against another player's stack, not bet.

The stacks are written with the chip still in its owner's stack: it was never bet, so the pot and
the replay do not count it. FPC 2 (betting is "the release of chips after a single, forward
motion") and PPL League •4 (bets are put in front of the player, "not directly into the pot") read
so that the chip is no bet: it goes back to its owner, the pot as it was. EDP and Gala have no
clause on it: the floor decides."""
import re

import pytest

from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question, docs_timeline_example

# on the flop, before anyone acts, seat 3's 500 rolls against the 600 pot
ROLLED = """
title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 5
players:
  - {{seat: 3, stack: 6000}}
  - {{seat: 4, stack: 5000}}
  - {{seat: 5, stack: 7000}}
timeline:
  - {{seat: 3, posts: small-blind}}
  - {{seat: 4, posts: big-blind}}
  - {{seat: 5, did: call, total: 200}}
  - {{seat: 3, did: call, total: 200}}
  - {{seat: 4, did: check}}
  - flop: [Q♠, 8♦, 3♣]
  - {entry}
"""
ROLL = "chips_rolled: {from: 3, amount: 500, in_question: true}"


def _report(kb, house="fpc", entry=ROLL):
    text = ROLLED.format(house=house, entry=entry)
    return rule_incident(parse_incident_text(text, "rolled.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _ruling(answer):
    return next(r for r in answer.rulings if r.issue == "chip-rolled")


@pytest.mark.parametrize("club, clause", [("fpc", "fpc.2-s1-2"), ("ppl", "ppl.league-4"),
                                          ("edp", "edp.8-1-s1-3")])   # "Bets are by verbal declaration and/or pushing out chips" (e25/covered)
def test_a_club_that_defines_a_bet_by_the_players_act_gives_the_rolled_chip_back(kb, club, clause):
    answer = _report(kb, house=club).answers[club]
    ruling = _ruling(answer)
    assert (ruling.outcome, ruling.basis, [c.clause for c in ruling.citations]) == ("back-to-owner", "reading", [clause])
    assert ruling.effects == [{"effect": "chip-back-to-stack", "seat": 3, "amount": 500}]
    # no bet: the pot stays 600 and seat 3 is first to act, facing nothing, with his whole stack
    assert [p["amount"] for p in answer.settlement if p["effect"] == "pot"] == [600]
    assert answer.now["next"]["seat"] == 3 and answer.now["next"].get("call", 0) == 0


@pytest.mark.parametrize("club", ["gala"])
def test_a_club_with_no_clause_on_it_leaves_it_to_the_floor(kb, club):
    ruling = _ruling(_report(kb, house=club).answers[club])
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")


def test_a_rolled_chip_against_another_stack_goes_back_too(kb):
    answer = _report(kb, entry="chips_rolled: {from: 3, into: stack, to: 4, amount: 500}").answers["fpc"]
    assert _ruling(answer).effects == [{"effect": "chip-back-to-stack", "seat": 3, "amount": 500}]


def test_without_the_entry_no_club_rules_on_a_rolled_chip(kb):
    report = _report(kb, entry="said: {by: 3, words: \"That's mine.\"}")
    assert not any(r.issue == "chip-rolled" for a in report.answers.values() for r in a.rulings)


@pytest.mark.parametrize("entry, field", [("chips_rolled: {into: pot, amount: 500}", "from"),
                                          ("chips_rolled: {from: 3}", "amount"),
                                          ("chips_rolled: {from: 3, into: floor, amount: 500}", "into")])
def test_a_chips_rolled_missing_or_mistyped_field_is_a_clear_error(kb, entry, field):
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(ROLLED.format(house="fpc", entry=entry), "rolled.yaml", kb.vocabulary, kb.clubs)
    assert field in str(error.value)


@pytest.mark.parametrize("word", ["roll", "knocked", "toppled", "fell"])
def test_floorcall_events_finds_it_under_the_words_a_user_would_search(kb, word):
    assert "chips_rolled —" in events_text(kb, word)


def test_the_docs_example_rules_as_it_says(kb):
    section, _, report = docs_timeline_example(kb, "**A chip moved by accident**")
    said = re.search(r"Under PPL: `(.*?)`", section).group(1)
    assert said in _ruling(report.answers["ppl"]).do


def test_the_questionnaire_offers_the_event_asks_its_fields_and_rules_on_it(kb):
    session = Session(kb, house="fpc")
    assert any(kind == "chips_rolled" for _, kinds in session.plan.event_groups for kind, _ in kinds)
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 3}, {"seat": 4}, {"seat": 5}])
    session.answer("next", event_entry("chips_rolled", in_question=True))
    session.answer("next", {"preflop": None})
    session.answer("next", DONE)
    asked = answer_every_question(session, 3)
    assert {"chips_rolled.from", "chips_rolled.amount"} <= set(asked)
    assert _ruling(session.report(with_precedents=False).answers["fpc"]).outcome == "back-to-owner"
