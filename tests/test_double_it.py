"""Words about a raise that are not a number (casebook Z403): "double it" names no amount but asks
for twice the bet. said.py reads it neutrally (double); each club's own clause reads what it commits
the player to: EDP 8 ¶32 s3 the lesser of its meanings (twice the bet in all, not twice on top), FPC
rule 3 ("Above all, verbal declarations in turn are binding"), PPL •52 ("obligatory"), Gala's Call
and raise ¶1 s1 (a raise stated with its amount). Said before the chips, the words are the
declaration, so the silent-chips question (chips-without-declaration) is not raised; said after
them, it is."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.said import read_said
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: ppl
game: {{format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}}
button: 9
players:
  - {{seat: 4, stack: 6300}}
  - {{seat: 7, stack: 9000}}
  - {{seat: 9, stack: 9000}}
timeline:
  - flop: [J♠, 7♦, 2♣]
  - {{seat: 4, said: "bet, twelve hundred", chips: [1000, 100, 100]}}
  - {{seat: 7, said: "{words}", chips: [1000, 1000, 1000], first: {first}, in_question: true}}
"""


def answers(kb, words="double it", first="words"):
    incident = parse_incident_text(BASE.format(words=words, first=first), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False).answers


def ruling(answer, issue):
    return next((r for r in answer.rulings if r.issue == issue), None)


@pytest.mark.parametrize("words", ["double it", "Double it.", "make it double", "double the bet"])
def test_double_it_is_read_as_double_with_no_number(words):
    said = read_said(words)
    assert said.double and said.unofficial and said.amount is None and said.term == "none"


def test_other_unofficial_words_are_not_double():
    assert not read_said("I'm in").double and not read_said("double trouble").double


@pytest.mark.parametrize("club,outcome,clause", [
    ("edp", "lesser-amount", "edp.8-32"),
    ("fpc", "raise", "fpc.3-s1-2"),
    ("ppl", "raise", "ppl.league-52"),
    ("gala", "raise", "gala.betting-call-and-raise-p1-s1")])
def test_double_it_said_first_is_a_raise_to_twice_the_bet_with_change(kb, club, outcome, clause):
    answer = answers(kb)[club]
    declared = ruling(answer, "declared-action")
    assert declared.outcome == outcome and clause in [c.clause for c in declared.citations]
    assert {"effect": "ruled-raise", "seat": 7, "total": 2400, "add": 2400} in declared.effects
    assert answer.now["next"]["seat"] == 9 and answer.now["next"]["call"] == 2400   # the raise, not 3,000
    # words first: the chips are not silent chips (PPL •2's call, FPC rule 2's release, Gala v) s3)
    assert ruling(answer, "chips-without-declaration") is None


def test_double_it_said_after_the_chips_leaves_them_to_the_chip_rules(kb):
    answer = answers(kb, first="chips")["ppl"]
    assert ruling(answer, "chips-without-declaration").outcome == "call"     # PPL •2: no raise stated
    assert ruling(answer, "declared-action") is None
