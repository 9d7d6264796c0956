"""A substitute for an absent entrant (f18/transfer; issue 22, casebook J402's class): someone
other than the entrant arrives to play his seat and chips, `arrival: {substitute: true}`. It raises
who may play the seat (substitute-player), not the entrant's late entry: Gala tournament g) (seats
by random draw only, no player discretion) refuses him; a club with no clause leaves it to the floor."""
from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question
ARRIVES = """
house: gala
game: {{format: tournament, variant: NLHE, blinds: [75, 150], level: 3}}
players:
  - {{seat: 5, stack: 5000}}
  - {{seat: 6, stack: 4775, present: false}}
timeline:
  - arrival: {{seat: 6, minutes_after_start: 45, level: 3{extra}, in_question: true}}
"""


def _arrives(kb, extra=""):
    incident = parse_incident_text(ARRIVES.format(extra=extra), "arrives.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def test_gala_tournament_g_refuses_a_substitute_the_seat_the_entrant_drew(kb):
    report = _arrives(kb, ", substitute: true")
    gala = report.answers["gala"]
    assert [r.issue for r in gala.rulings] == ["substitute-player"]        # not the entrant's late entry
    ruling = gala.rulings[0]
    assert (ruling.outcome, ruling.basis, [c.clause for c in ruling.citations]) == \
        ("refused", "reading", ["gala.tournament-g"])
    assert ruling.effects == [{"effect": "may-not-play", "seat": 6}]
    for club in ("edp", "fpc", "ppl"):                                      # no clause on substitutes
        assert [(r.issue, r.outcome, r.basis) for r in report.answers[club].rulings] == \
            [("substitute-player", "floor-decides", "not covered")], club


def test_the_entrant_himself_arriving_is_still_his_late_entry(kb):
    gala = _arrives(kb).answers["gala"]
    assert [(r.issue, r.outcome) for r in gala.rulings] == [("tournament-entry", "dead-blinds")]


def test_floorcall_events_finds_the_substitute(kb):
    assert "substitute" in events_text(kb, "substitute") and "arrival —" in events_text(kb, "proxy")


def test_the_questionnaire_asks_whether_the_arrival_is_a_substitute(kb):
    session = Session(kb, house="gala")
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 5}, {"seat": 6}])
    session.answer("next", event_entry("arrival", in_question=True, seat=6, minutes_after_start=45, level=3))
    session.answer("next", DONE)
    asked = answer_every_question(session, 3)
    assert "arrival.substitute" in asked
