"""Chips given to another player outside play (f18/transfer; issue 22, casebook J404's class):
`chips_given: {from, to, amount, leaving}` — a gift, a transfer, chips passed to a friend.

The corrected hand starts from the stacks as the floor found them (the chips in front of the
receiver). A club whose words rule the gift out gives them back to the giver's seat out of the
receiver's stack, and what the receiver may do is read from what he has left: EDP 2 ¶9 and Gala
house rule e) (no loan "with chips from the table", read to cover a gift), FPC 47 and PPL League
•18 (a leaving or absent player's chips stay in play at his seat) for a giver who was leaving.
Otherwise the club has no clause on it and the floor decides, the stacks as he found them."""
import re

import pytest

from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question, docs_timeline_example

# between hands seat 3 gives seat 4 1,500 of his 4,000; seat 5 bets 2,500 on the flop and seat 4
# (1,800 behind after the big blind) is to act: with the gift he has 3,300 behind
GIVEN = """
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 5
players:
  - {{seat: 3, stack: 4000}}
  - {{seat: 4, stack: 2000}}
  - {{seat: 5, stack: 6000}}
timeline:
  - {entry}
  - {{seat: 3, posts: small-blind}}
  - {{seat: 4, posts: big-blind}}
  - {{seat: 5, did: call, total: 200}}
  - {{seat: 3, did: fold}}
  - {{seat: 4, did: check}}
  - flop: [K♠, 7♦, 2♣]
  - {{seat: 4, did: check}}
  - {{seat: 5, did: bet, total: 2500}}
"""
GIFT = "chips_given: {{from: 3, to: 4, amount: 1500, leaving: {leaving}, in_question: true}}"


def _report(kb, house="edp", leaving="false", entry=None):
    text = GIVEN.format(house=house, entry=entry or GIFT.format(leaving=leaving))
    return rule_incident(parse_incident_text(text, "given.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _ruling(answer, issue="chips-given"):
    return next(r for r in answer.rulings if r.issue == issue)


@pytest.mark.parametrize("club, clause", [("edp", "edp.2-9"), ("gala", "gala.house-e")])
def test_the_loan_clauses_give_the_chips_back_and_the_receiver_faces_the_bet_with_his_own(kb, club, clause):
    answer = _report(kb, house=club).answers[club]
    ruling = _ruling(answer)
    assert (ruling.outcome, ruling.basis) == ("restored", "reading")
    assert [c.clause for c in ruling.citations] == [clause]
    assert ruling.effects == [{"effect": "chips-restored", "seat": 4, "amount": 1500, "to": 3}]
    assert answer.now["restored"] == [{"seat": 4, "to": 3, "amount": 1500, "option": False,
                                       "to_has": 3900, "seat_has": 1800}]
    # his own 1,800 behind: the 2,500 bet is more than he has, so he may call all in or fold
    assert answer.now["next"]["seat"] == 4 and answer.now["next"]["call"] == 1800
    assert answer.now["next"]["options"] == "call-or-fold"
    assert "Seat 3 is given back 1,500 out of seat 4's stack (he has 1,800): seat 3 has 3,900." \
        in now_lines(answer.now, "")


@pytest.mark.parametrize("club, clause", [("fpc", "fpc.47"), ("ppl", "ppl.league-18")])
def test_the_leaving_players_chips_clauses_give_back_only_a_stack_given_by_a_player_leaving(kb, club, clause):
    leaving = _report(kb, house=club, leaving="true").answers[club]
    ruling = _ruling(leaving)
    assert (ruling.outcome, ruling.basis, [c.clause for c in ruling.citations]) == ("restored", "reading", [clause])
    assert leaving.now["next"]["call"] == 1800 and leaving.now["next"]["options"] == "call-or-fold"
    staying = _report(kb, house=club, leaving="false").answers[club]
    ruling = _ruling(staying)
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")
    # nothing decided: the stacks as the floor found them (3,300 with the gift: he may raise)
    assert "restored" not in staying.now and staying.now["next"]["call"] == 2500
    assert staying.now["next"]["options"] == "call-raise-fold"


def test_leaving_not_stated_is_ruled_both_ways_where_a_clause_turns_on_it(kb):
    report = _report(kb, house="fpc", entry="chips_given: {from: 3, to: 4, amount: 1500, in_question: true}")
    assert _ruling(report.answers["edp"]).outcome == "restored"          # EDP does not ask
    assert _ruling(report.answers["fpc"]).basis == "depends"            # FPC 47 turns on it: both ways
    assert not report.answers["fpc"].now                                  # no one Now for two answers


def test_a_chips_given_without_to_whom_is_a_clear_error(kb):
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(GIVEN.format(house="edp", entry="chips_given: {from: 3, amount: 1500}"), "given.yaml",
                            kb.vocabulary, kb.clubs)
    assert "to" in str(error.value)


@pytest.mark.parametrize("word", ["give", "gift", "transfer", "pass chips"])
def test_floorcall_events_finds_it_under_the_words_a_user_would_search(kb, word):
    assert "chips_given —" in events_text(kb, word)


def test_the_docs_example_rules_as_it_says(kb):
    section, _, report = docs_timeline_example(kb, "**Chips given to another player**")
    said = re.search(r"Under FPC: `(.*?)`", section).group(1)
    assert said in now_lines(report.answers["fpc"].now, "")


def test_the_questionnaire_offers_the_event_and_asks_whether_the_giver_was_leaving(kb):
    session = Session(kb, house="fpc")
    assert any(kind == "chips_given" for _, kinds in session.plan.event_groups for kind, _ in kinds)
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 3}, {"seat": 4}, {"seat": 5}])
    session.answer("next", event_entry("chips_given", in_question=True, **{"from": 3, "to": 4, "amount": 1500}))
    session.answer("next", {"preflop": None})
    session.answer("next", DONE)
    asked = answer_every_question(session, 3)
    assert "chips_given.leaving" in asked


def test_a_stack_the_incident_does_not_give_is_never_printed_as_inf(kb):
    """The giver's stack not stated (no limit inside the engine): the line giving his chips back
    names the amount and the receiver's stack, never "has inf" (blind translator, Z603)."""
    text = ("house: ppl\ngame: {format: tournament, variant: NLHE, blinds: [300, 600]}\nbutton: 3\nplayers:\n"
            "  - {seat: 3}\n  - {seat: 9, stack: 1900}\ntimeline:\n  - {seat: 9, did: all-in, total: 1900}\n"
            "  - {seat: 3, did: call}\n  - showdown:\n  - hand-over:\n"
            "  - chips_given: {from: 3, to: 9, amount: 7400, leaving: true, in_question: true}\n")
    report = rule_incident(parse_incident_text(text, "gift.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    lines = now_lines(report.answers["ppl"].now, "")
    given = [line for line in lines if "given back 7,400" in line]
    assert given and not any(re.search(r"\binf\b", line) for line in lines), lines
