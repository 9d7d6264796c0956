"""A stand-in dealer (f18/transfer; issue 22, casebook J401's class): where the players deal in
rotation, the player the deal reaches cannot (or does not) deal and another deals in her place,
`stand_in_dealer: {seat, by, unable}`. EDP 2 ¶12 (special needs accommodated where possible) has
another deal for a player who cannot; a club with no clause leaves it to the floor."""
from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question

DEAL = """
house: edp
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 5
players:
  - {{seat: 4, stack: 2900}}
  - {{seat: 5, stack: 3650}}
  - {{seat: 6, stack: 4300}}
timeline:
  - stand_in_dealer: {{seat: 5, by: 4{extra}, in_question: true}}
"""


def _report(kb, extra):
    return rule_incident(parse_incident_text(DEAL.format(extra=extra), "deal.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _ruling(answer):
    return next(r for r in answer.rulings if r.issue == "stand-in-dealer")


def test_edp_2_12_accommodates_a_player_who_cannot_deal(kb):
    report = _report(kb, ", unable: true")
    ruling = _ruling(report.answers["edp"])
    assert (ruling.outcome, ruling.basis, [c.clause for c in ruling.citations][:1]) == \
        ("accommodated", "reading", ["edp.2-12"])
    for club in ("fpc", "gala", "ppl"):
        assert (_ruling(report.answers[club]).outcome, _ruling(report.answers[club]).basis) == \
            ("floor-decides", "not covered"), club


def test_a_player_who_could_deal_is_no_special_need(kb):
    assert _ruling(_report(kb, ", unable: false").answers["edp"]).outcome == "floor-decides"


def test_unable_not_stated_is_ruled_both_ways(kb):
    assert _ruling(_report(kb, "").answers["edp"]).basis == "depends"


def test_floorcall_events_finds_it(kb):
    for word in ("stand-in", "deal for her", "rotation"):
        assert "stand_in_dealer —" in events_text(kb, word), word


def test_the_questionnaire_asks_whether_she_is_unable(kb):
    session = Session(kb, house="edp")
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 4}, {"seat": 5}, {"seat": 6}])
    session.answer("next", event_entry("stand_in_dealer", in_question=True, seat=5))
    session.answer("next", DONE)
    asked = answer_every_question(session, 4)
    assert "stand_in_dealer.unable" in asked
