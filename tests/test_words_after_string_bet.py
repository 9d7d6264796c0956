"""Words said only after the chips were in (first: chips) cannot declare the action the chips
already were (issue 21): unofficial words after a string bet raise no "what do his words commit
him to" question, so the clubs' string-bet clauses (Gala House u), EDP 8 string raise, FPC 2,
PPL league 2/3) lead the answer. The same words said first still go to the declaration clauses
(Gala House v) s1's unclear-words reading)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

STRING = """
house: gala
game: {{format: tournament, variant: NLHE, blinds: [300, 600]}}
button: 8
players:
  - {{seat: 3, stack: 9400}}
  - {{seat: 6, stack: 11000}}
  - {{seat: 8, stack: 7200}}
pot_at_start: 2100
timeline:
  - flop: [Q♣, 9♦, 4♠]
  - {{seat: 3, did: bet, total: 1200}}
  - {{seat: 6, chips: [1000, 100, 100, 1000, 500, 100, 100, 100], motions: [1200, 1800], said: "that's my raise", first: {first}, in_question: true}}
"""


def _report(kb, first):
    incident = parse_incident_text(STRING.format(first=first), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def _issues(report, club):
    return {r.issue for r in report.answers[club].rulings}


def test_words_after_a_string_bet_are_no_declaration_and_the_string_ruling_leads(kb):
    report = _report(kb, "chips")
    for club in ("gala", "edp", "fpc", "ppl"):
        assert "declared-action" not in _issues(report, club), club
        assert "string-bet" in _issues(report, club), club
    gala = report.answers["gala"]
    assert gala.rulings[0].issue == "string-bet"
    assert {c.clause for c in gala.rulings[0].citations} >= {"gala.house-u"}
    assert "decides first" not in str(gala.now)


def test_the_same_words_said_first_still_go_to_gala_house_v_s1_unclear_words(kb):
    report = _report(kb, "words")
    declared = [r for r in report.answers["gala"].rulings if r.issue == "declared-action"]
    assert declared and "gala.house-v-s1.unclear-words" in declared[0].rules_fired
