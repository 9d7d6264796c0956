"""A raise declared in turn whose amount, read as the total, is no more than the bet faced
(casebook Z402: "raise, twelve hundred" with 1,200 out over a hidden 1,500 bet). It is never a
"raise to 1,200" below the bet, nor a short call: the declared raise binds and is made up to the
club's minimum raise. FPC rule 3 ("Above all, verbal declarations in turn are binding."), EDP 8 ¶5 s1
("General verbal declarations in turn (such as "Call" or "Raise") commit a player to the full
current action."), PPL League •52 ("Verbal declarations in turn are obligatory"); Gala reads the
amount on top (Call and raise ¶1 s1), 2,700, short of "The minimum raise is at least the amount of
the last bet", so it is made up too.
"""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}
button: 9
players:
  - {seat: 3, stack: 8400}
  - {seat: 5, stack: 6900}
  - {seat: 8, stack: 12300}
pot_at_start: 3600
timeline:
  - flop: [Q♣, 8♥, 3♦]
  - {seat: 3, chips: [1000, 500]}
"""

RULES = {"fpc": "fpc.3-s1-2.declared-raise-under-bet-made-up-to-minimum",
         "edp": "edp.8-5-s1.declared-raise-under-bet-made-up-to-minimum",
         "ppl": "ppl.league-52.declared-raise-under-bet-made-up-to-minimum",
         "gala": "gala.betting-call-and-raise-p1-s2.declared-raise-by-short-made-up"}


def _rule(kb, line):
    text = HEAD + f"  - {line}\n"
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _declared(answer):
    return [r for r in answer.rulings if r.issue == "declared-action"]


@pytest.mark.parametrize("club", sorted(RULES))
def test_raise_said_under_the_bet_is_made_up_to_the_minimum(kb, club):
    report = _rule(kb, '{seat: 5, said: "raise, twelve hundred", chips: [1000, 100, 100], in_question: true}')
    answer = report.answers[club]
    ruling = _declared(answer)[-1]
    assert RULES[club] in ruling.rules_fired, ruling.rules_fired
    assert {"effect": "ruled-raise", "seat": 5, "total": 3000, "add": 1800} in ruling.effects, ruling.effects
    # never a raise below the bet, and no short call beside the declared raise
    assert not any(e.get("effect") == "ruled-raise" and e.get("total", 0) <= 1500
                   for r in answer.rulings for e in r.effects), answer.rulings
    assert not [r for r in answer.rulings if r.issue == "short-call"]
    assert answer.now["next"]["seat"] == 8 and answer.now["next"]["call"] == 3000, answer.now["next"]


def test_raise_said_with_the_amount_of_a_full_raise_is_not_this_rule(kb):
    # "raise, three thousand" with 3,000 out is a raise to 3,000 (FPC rule 3 with rule 2's chips)
    report = _rule(kb, '{seat: 5, said: "raise, three thousand", chips: [1000, 1000, 1000], in_question: true}')
    for club in ("fpc", "edp", "ppl"):
        ruling = _declared(report.answers[club])[-1]
        assert RULES[club] not in ruling.rules_fired, (club, ruling.rules_fired)
        assert any(e.get("effect") == "ruled-raise" and e.get("total") == 3000 for e in ruling.effects), \
            (club, ruling.effects)


def test_gala_raise_by_a_full_raise_stands_by_the_amount(kb):
    # Gala ¶1 s1: "raise, two thousand" said, no chips: 2,000 on top of 1,500 meets the minimum
    report = _rule(kb, '{seat: 5, said: "raise, two thousand", in_question: true}')
    ruling = _declared(report.answers["gala"])[-1]
    assert RULES["gala"] not in ruling.rules_fired, ruling.rules_fired
    assert {"effect": "ruled-raise", "seat": 5, "total": 3500, "add": 3500} in ruling.effects, ruling.effects
