"""A player's own words taken back at once (issue 22, what the floor was told): `said:` with
`kind: withdrawal` after his action ("raise to thirty - no, sorry, I call"). Before it a translator
could only write the correction as a second action by the same seat, read as a new action out of
turn (Y104), or as a claim, which takes nothing back. Each club's clause on declarations in turn
decides whether the words first said bind (declaration-withdrawn)."""
import pytest

from ruling_engine.ask.answers import parse_said
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

# a cash game: on the turn seat 2 bets £10; seat 4 says "raise to thirty", then at once corrects it
BASE = """title: t
house: fpc
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 6
players:
  - {{seat: 2, stack: 150}}
  - {{seat: 4, stack: 150}}
  - {{seat: 6, stack: 150}}
timeline:
  - turn: {{cards: [Js], pot: 30}}
  - {{seat: 2, did: bet, total: 10}}
  - {{seat: 4, said: "raise to thirty", in_question: true}}
{between}  - said: {{by: {by}, words: "No, sorry - I call", kind: {kind}}}
"""


def parse(kb, kind="withdrawal", by=4, between=""):
    return parse_incident_text(BASE.format(kind=kind, by=by, between=between), "t.yaml", kb.vocabulary, kb.clubs)


def rulings(kb, **kw):
    report = rule_incident(parse(kb, **kw), kb=kb, with_precedents=False)
    return {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}


def test_words_taken_back_at_once_are_ruled_by_each_clubs_clause_on_declarations_in_turn(kb):
    got = rulings(kb)
    fpc = got["fpc"]["declaration-withdrawn"]
    assert fpc.outcome == "declaration-stands" and fpc.basis == "express"
    assert {c.clause for c in fpc.citations} == {"fpc.3-s1-2"}
    assert got["edp"]["declaration-withdrawn"].outcome == "declaration-stands"
    assert got["ppl"]["declaration-withdrawn"].basis == "reading"
    gala = got["gala"]["declaration-withdrawn"]          # no Gala clause: the floor decides
    assert gala.basis == "not covered" and gala.outcome == "floor-decides"


def test_the_same_words_as_a_claim_take_nothing_back(kb):
    assert "declaration-withdrawn" in rulings(kb)["fpc"]
    for club, issues in rulings(kb, kind="claim").items():
        assert "declaration-withdrawn" not in issues, club


def test_a_withdrawal_is_not_a_second_action_out_of_turn(kb):
    got = rulings(kb)
    for club, issues in got.items():
        assert "out-of-turn" not in issues, club
    # the same correction written as a second action by seat 4 (in_turn: false, as the file must say
    # it: issue 22) is read as acting again, out of turn
    text = BASE.format(kind="claim", by=4, between="").replace(
        '  - said: {by: 4, words: "No, sorry - I call", kind: claim}\n', "  - {seat: 4, said: call, in_turn: false}\n")
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)
    issues = {r.issue for r in report.answers["fpc"].rulings}
    assert "out-of-turn" in issues and "declaration-withdrawn" not in issues


def test_other_words_may_come_between_the_action_and_its_withdrawal(kb):
    got = rulings(kb, between='  - said: {by: dealer, words: "Raise to thirty?", to: 4}\n')
    assert got["fpc"]["declaration-withdrawn"].outcome == "declaration-stands"


@pytest.mark.parametrize("by, between, expected, line", [
    ("dealer", "", "said by the player taking back his own words", 13),
    (2, "", "straight after seat 2's own action", 13),
    (4, "  - {seat: 6, did: fold}\n", "the action before it is seat 6's (line 13)", 14),
    (4, "  - river: [8s]\n", "no action before it on this street", 14),
])
def test_a_withdrawal_not_straight_after_the_speakers_own_action_is_an_error_naming_it(kb, by, between,
                                                                                      expected, line):
    with pytest.raises(FloorcallError) as err:
        parse(kb, by=by, between=between)
    assert expected in str(err.value) and err.value.line == line


def test_the_questionnaire_takes_a_players_words_taken_back():
    assert parse_said("4 takes back: No, sorry - I call", [2, 4]) == {
        "said": {"by": 4, "words": "No, sorry - I call", "kind": "withdrawal"}}
    assert "kind" not in parse_said("4: No, sorry - I call", [2, 4])["said"]


def test_floorcall_events_lists_the_withdrawal(kb):
    assert "withdrawal = the player takes back" in events_text(kb, "withdrawal")
