"""Cards exposed in the deal counted by who exposed them (Q702): one hole card the dealer exposed
and another a player showed himself are not "more than one" exposed by a dealing error. PPL League
•23 ("If any other hole/pocket card is exposed due to a dealer error, the deal continues ... If more
than one hole/pocket card is exposed, this is a misdeal") and EDP 7 ¶1 •1 / 7 ¶6 (misdeals under
"Dealing & Errors"; "In the event that one card is exposed the deal will continue") are read so, as
readings; two cards the dealer exposed are still a misdeal."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

DEAL = """title: t
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 8
players:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 5000}
  - {seat: 5, stack: 5000}
  - {seat: 7, stack: 5000}
  - {seat: 8, stack: 5000}
timeline:
  - {seat: 1, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - deal:
  - card_exposed: {seat: 5, by: dealer, during: deal, deal_position: 4, count: 1, was: hole, in_question: true}
  - card_exposed: {seat: 7, by: SECOND, during: deal, deal_position: 11, count: 1, was: hole, owner_had_control: true, deliberate: false, in_question: true}
"""


def _ruling(kb, house, second):
    text = DEAL.replace("HOUSE", house).replace("SECOND", second)
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers[house].rulings if r.issue == "exposed-card-deal")


@pytest.mark.parametrize("house,rule", [("ppl", "ppl.league-23.one-dealer-error-and-a-players-own-card"),
                                        ("edp", "edp.7-6.one-dealer-exposed-and-a-players-own-card")])
def test_a_players_own_card_is_not_a_second_dealing_error(kb, house, rule):
    ruling = _ruling(kb, house, "player")
    assert ruling.outcome == "deal-continues-card-burned" and ruling.basis == "reading"
    assert rule in ruling.rules_fired
    assert not any(e["effect"] == "misdeal" for e in ruling.effects)


@pytest.mark.parametrize("house", ["ppl", "edp"])
def test_two_cards_the_dealer_exposed_are_still_a_misdeal(kb, house):
    ruling = _ruling(kb, house, "dealer")
    assert ruling.outcome == "misdeal"
