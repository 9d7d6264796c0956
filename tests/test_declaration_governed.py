"""An out-of-turn restriction governs a later declaration (issue 21, e14/declared): a player whose
passive out-of-turn action was voided because the action changed, and whom his club's out-of-turn
clause limits to calling or folding (EDP 8 ¶8, FPC rule 4), then says "raise": the specific clause
governs the general ones on declarations (`overrides:` across issues, rulings/resolve.py _governed).
His declaration is held to the call, one answer with no contradiction, and he is told to call the
bet that faced him, never his own cancelled raise. A player the clause does not limit keeps his
declared raise."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: edp
game: {format: cash, variant: NLHE, blinds: [50, 100]}
button: 1
players:
  - {seat: 1, stack: 8000}
  - {seat: 3, stack: 8000}
  - {seat: 5, stack: 8000}
  - {seat: 7, stack: 8000}
pot_at_start: 400
timeline:
  - flop: [K♠, 9♦, 4♣]
"""


def _report(kb, entries):
    return rule_incident(parse_incident_text(HEAD + entries, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _ruling(report, club, issue):
    return [r for r in report.answers[club].rulings if r.issue == issue][-1]


def test_a_restricted_out_of_turn_checker_who_says_raise_is_held_to_the_call(kb):
    # seat 3 is first; seat 5 checks out of turn, seat 3 bets 600, seat 5 says raise with 2,000 in chips
    report = _report(kb, "  - {seat: 5, said: check}\n  - {seat: 3, said: bet 600, chips: [600]}\n"
                         "  - {seat: 5, said: \"raise, two thousand\", chips: [1000, 1000], in_question: true}\n")
    for club in ("edp", "fpc"):
        answer = report.answers[club]
        assert answer.contradictions == [], (club, answer.contradictions)
        declared = _ruling(report, club, "declared-action")
        assert declared.outcome == "call-or-fold", (club, declared.outcome, declared.decision)
        out_of_turn = _ruling(report, club, "out-of-turn")
        assert {"effect": "may-call-or-fold", "seat": 5, "call": 600} in out_of_turn.effects, out_of_turn.effects
        # the corrected hand: his raise is his call of 600, the other 1,400 goes back to him
        now = answer.now
        assert any(m.get("seat") == 5 and m.get("back") == 1400 for m in now["moves"]), now["moves"]
        assert now["next"]["call"] == 600, now["next"]


def test_a_player_the_out_of_turn_clause_does_not_limit_keeps_his_declared_raise(kb):
    # seat 5 checked out of turn; seat 7, who did not, says raise: nothing governs his declaration
    report = _report(kb, "  - {seat: 5, said: check}\n  - {seat: 3, said: bet 600, chips: [600]}\n"
                         "  - {seat: 7, said: \"raise, two thousand\", chips: [1000, 1000], in_question: true}\n")
    for club in ("edp", "fpc"):
        declared = _ruling(report, club, "declared-action")
        assert declared.outcome != "call-or-fold", (club, declared.outcome)
