"""Order against events (issue 13, class 7): what a player did after an event of the timeline
(a phone call, a card he exposed) is worked out from where the event stands in it, so a club can
rule that chips put in after a hand died go back, or that a raise made after a deliberate exposure
is cut to a call, while the same actions before the event stand."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 5, stack: 100}}
timeline:
  - flop:
  - {{seat: 3, did: bet, total: 4}}
"""


def _incident(kb, body, house="gala"):
    return parse_incident_text(HEAD.format(house=house) + body, "t.yaml", kb.vocabulary, kb.clubs)


def test_chips_after_a_phone_call_count_only_what_came_after(kb):
    after = _incident(kb, "  - conduct: {seat: 5, did: phone-call, live_hand: true}\n"
                          "  - {seat: 5, said: call, total: 4}\n")
    assert incident_facts(after, kb.vocabulary)["conduct.chips_after"] == 4
    before = _incident(kb, "  - {seat: 5, said: call, total: 4}\n"
                           "  - conduct: {seat: 5, did: phone-call, live_hand: true}\n")
    assert incident_facts(before, kb.vocabulary)["conduct.chips_after"] == 0


def test_a_raise_after_an_exposure_is_measured_against_the_call_it_faced(kb):
    facts = incident_facts(_incident(kb, (
        "  - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, owner_had_control: true}\n"
        "  - {seat: 5, said: raise, chips: [10]}\n")), kb.vocabulary)
    assert facts["card_exposed.raised_after"] is True
    assert facts["card_exposed.call_at_raise_after"] == 4
    assert facts["card_exposed.raise_after_call_total"] == 4
    assert facts["card_exposed.raise_after_excess"] == 6
    first = incident_facts(_incident(kb, (
        "  - {seat: 5, said: raise, chips: [10]}\n"
        "  - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, owner_had_control: true}\n")),
        kb.vocabulary)
    assert first["card_exposed.raised_after"] is False


def test_fpc_returns_a_call_made_after_the_phone_call_killed_the_hand(kb):
    report = rule_incident(_incident(kb, "  - conduct: {seat: 5, did: phone-call, live_hand: true, in_question: true}\n"
                                         "  - {seat: 5, said: call, total: 4}\n", house="fpc"), kb)
    got = next(r for r in report.answers["fpc"].rulings if r.issue == "conduct")
    assert got.outcome == "hand-dead"
    assert {"effect": "return-chips", "seat": 5, "amount": 4} in got.effects
    called_first = rule_incident(_incident(kb, "  - {seat: 5, said: call, total: 4}\n"
                                               "  - conduct: {seat: 5, did: phone-call, live_hand: true, in_question: true}\n",
                                           house="fpc"), kb)
    got = next(r for r in called_first.answers["fpc"].rulings if r.issue == "conduct")
    assert not any(e["effect"] == "return-chips" for e in got.effects)
