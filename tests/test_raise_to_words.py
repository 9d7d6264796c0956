"""A raise declared in words with "to", read as said (e25/words, L303): "raise to four thousand"
says the total. FPC rule 3 ("Above all, verbal declarations in turn are binding.") and PPL League •52
("Verbal declarations in turn are obligatory") bind the raise, and with no clause of theirs reading
the words otherwise, its size is the total said, not a TD's choice between the total and the amount
on top; the next player faces it, and his minimum re-raise is set. (EDP 8 ¶18 and Gala's Call and
raise ¶1 have their own rules on it: tests/test_declarations.py.)
A "raise to" short of a minimum raise is left to the minimum-raise rulings (not this rule).
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}
button: 6
players:
  - {seat: 6, stack: 9800}
  - {seat: 8, stack: 7300}
pot_at_start: 2200
timeline:
  - flop: [K♣, 7♦, 3♠]
  - turn: 9♥
  - {seat: 8, did: check}
  - {seat: 6, did: bet, chips: [1000, 500]}
"""


def _fpc(kb, words, club="fpc"):
    report = rule_incident(parse_incident_text(HEAD + f'  - {{seat: 8, said: "{words}", in_question: true}}\n',
                                               "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    answer = report.answers[club]
    return answer, [r for r in answer.rulings if r.issue == "declared-action"][-1]


def test_raise_to_is_the_total_said_fpc_rule_3_ppl_52(kb):
    for club, rule in (("fpc", "fpc.3-s1-2.declared-raise-to-total"), ("ppl", "ppl.league-52.raise-to-said-binds")):
        answer, ruling = _fpc(kb, "Raise to four thousand", club)
        assert rule in ruling.rules_fired, (club, ruling.rules_fired)
        assert {"effect": "ruled-raise", "seat": 8, "total": 4000, "add": 4000} in ruling.effects, ruling.effects
        assert "floor-decides" not in [e["effect"] for e in ruling.effects], ruling.effects
        # seat 6 faces 2,500 more (1,500 in), and may re-raise
        assert answer.now["next"]["seat"] == 6 and answer.now["next"]["call"] == 2500, (club, answer.now["next"])


def test_raise_to_short_of_a_minimum_is_not_this_rule(kb):
    # a raise to 2,000 over a 1,500 bet is short of a minimum raise (to 3,000): not read here
    for club in ("fpc", "ppl"):
        _, ruling = _fpc(kb, "Raise to two thousand", club)
        assert not any(rule.endswith(("raise-to-total", "raise-to-said-binds")) for rule in ruling.rules_fired), \
            (club, ruling.rules_fired)
