"""Words during a chip motion (issue 22, "Finer order"): `first: during-motion` says the chips were
already moving when the player spoke and he let go of them only after the words. A club whose text
makes the bet the release or the placement of the chips reads those words as said before the bet
(its rules read action.first in words or during-motion); a string raise so declared is a declared raise."""
import pytest

from ruling_engine.ask.answers import AnswerError, parse_action
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# heads-up on the turn: a £4 bet; seat 7 says "raise" with four £1 chips, then a £5 chip in a second motion
STRING = """house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 7
players:
  - {{seat: 2, stack: 34}}
  - {{seat: 7, stack: 41}}
timeline:
  - turn: {{cards: [9c], pot: 15}}
  - {{seat: 2, chips: [1, 1, 1, 1]}}
  - {{seat: 7, said: "{said}", chips: [1, 1, 1, 1, 5], motions: [4, 5], first: {first}, in_question: true}}
"""


def _report(kb, club, first, said="raise"):
    text = STRING.format(house=club, first=first, said=said)
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _string_bet(kb, club, first, said="raise"):
    ruling = next(r for r in _report(kb, club, first, said).answers[club].rulings if r.issue == "string-bet")
    return ruling.outcome, set(ruling.rules_fired)


def test_edp_raise_declared_before_the_call_chips_were_placed_stands(kb):
    """EDP 8 ¶14 •3: "raise" "prior to the placement of the amount to call", then one more motion;
    8 ¶30: "Unless he verbally declared the raise"."""
    outcome, fired = _string_bet(kb, "edp", "during-motion")
    assert outcome == "raise-stands"
    assert {"edp.8-14-b3.raise-declared-then-one-more-motion", "edp.8-30.declared-raise-stands"} <= fired
    assert _string_bet(kb, "edp", "chips")[0] == "call-only"          # said after he let go: a string raise


def test_edp_full_amount_declared_during_the_motion_is_declared_before_placement(kb):
    """EDP 8 ¶14 •2: "Verbally declaring the full amount prior to the initial placement of chips"."""
    outcome, fired = _string_bet(kb, "edp", "during-motion", said="raise to nine")
    assert outcome == "raise-stands" and "edp.8-14-b2.full-amount-declared-first" in fired


def test_gala_raise_announced_before_the_chips_were_put_in_may_go_in_in_two_actions(kb):
    """Gala House u): "Providing a bet or raise has been clearly announced chips may be put into the
    pot in more than one action"."""
    outcome, fired = _string_bet(kb, "gala", "during-motion")
    assert outcome == "raise-stands" and "gala.house-u.announced-without-size-in-several-actions" in fired
    outcome, fired = _string_bet(kb, "gala", "during-motion", said="raise five")
    # a raise announced with its amount: Call and raise ¶1's "adding to this the amount they intend to
    # raise", read with House u) (the fifth knowledge pass, casebook M105)
    assert outcome == "raise-stands" and "gala.house-u.announced-raise-amount-in-several-actions" in fired
    assert _string_bet(kb, "gala", "chips")[0] != "raise-stands"


def test_fpc_raise_declared_before_release_binds(kb):
    """FPC 2: betting "is physically defined as the release of chips"; 3: "verbal declarations in
    turn are binding" — words before the release are a declaration before the bet (and rule 2's
    first forward movement still speaks: the engine reports the conflict)."""
    _, fired = _string_bet(kb, "fpc", "during-motion")
    assert "fpc.3-s1-2.declared-raise-binds" in fired
    assert "fpc.3-s1-2.declared-raise-binds" not in _string_bet(kb, "fpc", "chips")[1]


def test_the_questionnaire_reads_during_motion_after_the_chips():
    entry = parse_action("7 raise = 1 1 1 1 5 during motion in question", [2, 7])
    assert entry == {"seat": 7, "in_question": True, "said": "raise", "first": "during-motion",
                     "chips": [1, 1, 1, 1, 5]}
    assert parse_action("7 raise = 5 words first", [2, 7])["first"] == "words"
    assert "first" not in parse_action("7 raise = 1 1", [2, 7])
    with pytest.raises(AnswerError, match="words and chips together"):
        parse_action("7 = 1 1 during motion", [2, 7])


def test_the_floor_app_offers_during_motion_in_the_actions_details(kb):
    from ruling_engine.ask.questionnaire import Session
    from ruling_engine.serve.app import _extra_fields
    fields = {name: choices for name, _, _, choices in _extra_fields(Session(kb, house="edp"), "action")}
    assert ("during-motion", "during motion") in fields["first"]
