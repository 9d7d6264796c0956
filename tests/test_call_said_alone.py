"""A "call" said in turn with nothing put in yet (casebook V404, written in the docs' form
`{seat: 4, said: "Call.", total: 0}`): the corrected hand puts none in; what the word commits him to
is each club's declaration clause. A bare "Call." (no chips, no total) is the documented short form
of the call made: it is read so, and the answer warns which reading it took.

- EDP 8 ¶5 s1 ("General verbal declarations in turn (such as "Call" or "Raise") commit a player to
  the full current action"), FPC rule 3 ("verbal declarations in turn are binding"), PPL •52
  ("Verbal declarations in turn are obligatory"): he owes the call; the ruling says how much.
- Gala Call ¶1 s3 ("No player is considered to have called until their money is in the pot"): the
  word alone is not his call; the pot holds only the bet.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [100, 200], level: 2}
button: 1
players:
  - {seat: 2, stack: 9000}
  - {seat: 4, stack: 9000}
pot_at_start: 600
timeline:
  - flop: [J♣, 8♥, 3♠]
  - {seat: 2, said: bet 500, chips: [500]}
"""
WRITTEN = "  - {seat: 4, said: \"Call.\", total: 0, in_question: true}\n"    # said, nothing put in yet
OWED = (("edp", "edp.8-5-s1"), ("fpc", "fpc.3-s1-2"), ("ppl", "ppl.league-52"))


def _report(kb, entry):
    return rule_incident(parse_incident_text(HEAD + entry, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _declared(report, club):
    rulings = [r for r in report.answers[club].rulings if r.issue == "declared-action"]
    assert rulings, (club, [r.issue for r in report.answers[club].rulings])
    return rulings[-1]


def _pot(answer):
    return [e["amount"] for e in answer.settlement if e["effect"] == "pot"]


def test_call_said_alone_is_owed_not_assumed_paid_edp_8_5_fpc_3_ppl_52(kb):
    report = _report(kb, WRITTEN)
    for club, clause in OWED:
        ruling = _declared(report, club)
        assert any(clause in rule for rule in ruling.rules_fired), (club, ruling.rules_fired)
        # the ruling says what he now owes: the full 500, put in by the correction, not before it
        assert {"effect": "complete-call", "seat": 4, "add": 500, "total": 500} in ruling.effects, ruling.effects
        assert report.answers[club].contradictions == [], club
        assert _pot(report.answers[club]) == [1600], club       # 600 + 500 + his 500 once


def test_call_said_alone_puts_nothing_in_at_gala_call_p1_s3(kb):
    report = _report(kb, WRITTEN)
    ruling = _declared(report, "gala")
    assert ruling.outcome == "not-binding", ruling.outcome
    assert any("gala.betting-call-p1-s3" in rule for rule in ruling.rules_fired), ruling.rules_fired
    # his 500 is not in the pot (before this, the word was taken as the chips): he still faces it
    answer = report.answers["gala"]
    assert _pot(answer) == [1100], _pot(answer)
    assert answer.now["next"]["seat"] == 4 and answer.now["next"]["call"] == 500, answer.now["next"]


def test_a_bare_call_is_the_call_made_and_the_answer_says_so(kb):
    """No chips:, no total: the documented short form of the call made (his 500 in the pot, as in
    every other place the short form is written); the warning names the line and the form to write
    if nothing went in yet. An entry with its total written gets no such warning."""
    bare = _report(kb, "  - {seat: 4, said: \"Call.\", in_question: true}\n")
    for club in ("edp", "fpc", "gala", "ppl"):
        assert _pot(bare.answers[club]) == [1600], club
    assert any("t.yaml:11" in w and "read as the call made" in w and "total: 0" in w for w in bare.warnings), bare.warnings
    assert not any("read as the call made" in w for w in _report(kb, WRITTEN).warnings)
