"""Binding verbal declarations in turn (issue 21, e14/words): words said IN TURN that a club's text
makes binding hold the player to what he said, made up to the club's minimum.

- "Raise" said with chips for only a call: FPC rule 3 ("verbal declarations in turn are binding";
  3 s3 "the verbal declaration takes precedence") and EDP 8 ¶1 ("If simultaneous, a clear and
  reasonable verbal declaration takes precedence") with 8 ¶5 s1: he has raised, at least to the
  minimum, and the next player faces that raise, not the call; PPL •52 ("Verbal declarations in
  turn are obligatory") likewise.
- "Raise" said facing no bet after the flop: FPC rule 3 with rule 5 s1 ("the minimum bet must be
  at least the amount of the big blind"), PPL •52 with How the game works •9 ("the minimum bet,
  which should also equal the big blind"): he must bet at least the big blind; he may not check.
  (Gala's silence on it stays the floor's: tests/test_gala_raise_needs_a_bet.py.)
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 2}
button: 1
players:
  - {seat: 2, stack: 9000}
  - {seat: 4, stack: 9000}
  - {seat: 8, stack: 9000}
pot_at_start: 600
timeline:
  - flop: [J♣, 8♥, 3♠]
  - turn: [2♦]
"""


def _report(kb, entries):
    return rule_incident(parse_incident_text(HEAD + entries, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _declared(report, club):
    return [r for r in report.answers[club].rulings if r.issue == "declared-action"][-1]


def test_raise_said_with_call_chips_binds_a_minimum_raise_fpc_rule_3_edp_8_1(kb):
    # seat 2 bets 500; seat 4 says "raise" as he puts out exactly 500
    report = _report(kb, "  - {seat: 2, said: bet 500, chips: [500]}\n"
                         "  - {seat: 4, said: raise, chips: [500], first: together, in_question: true}\n")
    for club, clause in (("fpc", "fpc.3-s1-2"), ("edp", "edp.8-1-s1-3"), ("ppl", "ppl.league-52")):
        answer = report.answers[club]
        ruling = _declared(report, club)
        assert ruling.outcome == "raise-at-least-minimum", (club, ruling.outcome, ruling.decision)
        assert clause in ruling.rules_fired[0], (club, ruling.rules_fired)
        assert {"effect": "raise-at-least", "seat": 4, "total": 1000} in ruling.effects, ruling.effects
        assert answer.contradictions == [], (club, answer.contradictions)
        # the corrected hand: he adds 500 (1,000 in), seat 8 faces 1,000, pot 600 + 500 + 1,000
        assert answer.now["next"]["seat"] == 8 and answer.now["next"]["call"] == 1000, answer.now["next"]
        assert "adding at least 500" in " ".join(ruling.do), ruling.do


def test_raise_said_after_the_chips_is_not_bound(kb):
    # the same chips released before the word: the chips define the bet (no binding raise)
    report = _report(kb, "  - {seat: 2, said: bet 500, chips: [500]}\n"
                         "  - {seat: 4, said: raise, chips: [500], first: chips, in_question: true}\n")
    for club in ("fpc", "edp", "ppl"):
        outcomes = [r.outcome for r in report.answers[club].rulings if r.issue == "declared-action"]
        assert "raise-at-least-minimum" not in outcomes, (club, outcomes)


def test_raise_said_facing_no_bet_binds_a_bet_of_the_big_blind_fpc_rule_3_and_5_ppl_52(kb):
    report = _report(kb, "  - {seat: 2, said: raise, in_question: true}\n")
    for club, clause in (("fpc", "fpc.3-s1-2"), ("ppl", "ppl.league-52")):
        answer = report.answers[club]
        ruling = _declared(report, club)
        assert ruling.outcome == "raise-at-least-minimum", (club, ruling.outcome, ruling.decision)
        assert clause in ruling.rules_fired[0], (club, ruling.rules_fired)
        assert {"effect": "raise-at-least", "seat": 2, "total": 200} in ruling.effects, ruling.effects
        assert "may not check" in ruling.decision
        assert answer.contradictions == [], (club, answer.contradictions)
        # the corrected hand: the next player faces his bet of at least the big blind, not a check
        assert answer.now["next"]["seat"] == 4 and answer.now["next"]["call"] == 200, answer.now["next"]

