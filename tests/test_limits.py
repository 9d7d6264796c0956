"""Stakes limits and raise sizes where a club's text sets them (issue 21: a clause recognised but
not applied to the hand)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

SAID_FIRST = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 4
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 4, stack: 100}
timeline:
  - flop: {cards: [K♣, 9♦, 4♠], pot: 20}
  - {seat: 1, did: bet, total: 10}
  - {seat: 2, said: "raise, %s", chips: [5, 5, 5, 5, 5], first: %s, in_question: true}
"""


def _said_first(kb, amount, first="words"):
    incident = parse_incident_text(SAID_FIRST % (amount, first), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def test_a_declared_raise_total_said_before_the_chips_short_of_the_minimum_is_made_a_minimum_raise(kb):
    """EDP 8 ¶1 (words first define the bet), 8 ¶18 ("raise, twelve" is a total of 12) and 8 ¶17
    s2-3 (a raise less than the minimum with "raise" declared first must be made a minimum raise):
    facing 10, "raise, twelve" with 25 out is a raise to the minimum 20, and 5 goes back; the next
    player faces 20 and the pot counts the corrected raise. Before, the declared 12 stood (13 back)."""
    report = _said_first(kb, "twelve")
    edp = next(r for r in report.answers["edp"].rulings if r.issue == "declared-action")
    assert {"effect": "return-chips", "seat": 2, "amount": 5} in edp.effects
    now = report.answers["edp"].now
    assert (now["next"]["seat"], now["next"]["call"]) == (3, 20)
    # under half a raise, "raise" declared first: still a minimum raise, not a call (8 ¶17 s3)
    low = _said_first(kb, "eleven")
    assert (low.answers["edp"].now["next"]["seat"], low.answers["edp"].now["next"]["call"]) == (3, 20)


def test_chips_put_out_before_the_words_are_not_read_by_the_declared_total(kb):
    """With the chips first, the chips define the bet (EDP 8 ¶1): the 25 out is a full raise and
    stands; the declared total's minimum-raise reading does not apply."""
    report = _said_first(kb, "twelve", first="chips")
    assert not any(e.get("effect") == "return-chips" for r in report.answers["edp"].rulings for e in r.effects)
    assert report.answers["edp"].now["next"]["call"] == 25
