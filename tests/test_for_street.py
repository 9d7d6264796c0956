"""An action made for the next street before its card (issue 22, what the floor was told):
`for_street:` on an action. The translator of Z104 ("I bet twelve hundred blind" before the turn
burn) could only write the bet on the flop, after the flop round had closed, so the turn looked
premature to every club. With `for_street:` the action is the next street's; without it, the
action is on the street it is written under, as before. Also a first spelling of a choice that can mean one value only (`gesture: tap`)."""
import pytest

from ruling_engine.ask.answers import parse_action
from ruling_engine.corrected.now import now_effects
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

# a cash game: the turn checked round, then seat 2 bets £15 in the dark for the river
BASE = """title: t
house: fpc
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 6
players:
  - {{seat: 2, stack: 150}}
  - {{seat: 4, stack: 150}}
  - {{seat: 6, stack: 150}}
timeline:
  - turn: {{cards: [Js], pot: 30}}
  - {{seat: 2, did: check}}
  - {{seat: 4, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 2, said: "bet 15", chips: [10, 5], first: together, {meant}in_question: true}}
{after}  - river: [8s]
"""


def parse(kb, meant="for_street: river, ", after=""):
    return parse_incident_text(BASE.format(meant=meant, after=after), "t.yaml", kb.vocabulary, kb.clubs)


def rule(kb, **kw):
    return rule_incident(parse(kb, **kw), kb=kb, with_precedents=False)


def test_a_bet_for_the_next_street_is_that_streets_bet_and_its_card_is_not_premature(kb):
    report = rule(kb)
    for club, answer in report.answers.items():
        assert not [r for r in answer.rulings if r.issue == "premature-board-card"], club
        now = now_effects(answer.now)
        assert {"effect": "acts-next", "seat": 4} in now, (club, now)
        assert {"effect": "may-raise", "seat": 4, "call": 15, "min_raise_to": 30} in now, (club, now)


def test_the_same_bet_with_no_for_street_is_on_the_street_written_and_the_card_came_too_soon(kb):
    report = rule(kb, meant="")
    fpc = next(r for r in report.answers["fpc"].rulings if r.issue == "premature-board-card")
    assert fpc.outcome == "card-reshuffled-play-continues"


@pytest.mark.parametrize("meant, after, expected, line", [
    ("for_street: flop, ", "", "for_street: river (the street after the turn", 14),
    ("for_street: river, ", "  - {seat: 4, did: call, total: 15}\n", "for_street: river on this action too", 15),
])
def test_for_street_not_the_next_street_or_left_off_a_later_action_is_an_error_naming_it(kb, meant, after,
                                                                                         expected, line):
    with pytest.raises(FloorcallError) as err:
        parse(kb, meant=meant, after=after)
    assert expected in str(err.value) and err.value.line == line
    parse(kb, meant=meant.replace("flop", "turn"), after=after.replace("seat: 4", "seat: 4, for_street: river"))


def test_for_street_followed_by_another_street_card_is_an_error(kb):
    text = BASE.format(meant="for_street: river, ", after="").replace("  - river: [8s]\n", "  - showdown:\n")
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "the river card next" in str(err.value)


def test_the_questionnaire_and_floor_app_action_line_takes_the_street_it_was_meant_for():
    action = parse_action("3 bet 1200 = 500 500 100 100 together for the turn in question", [3, 5, 8])
    assert action["for_street"] == "turn" and action["said"] == "bet 1200" and action["chips"] == [500, 500, 100, 100]
    assert parse_action("3 bet for fifth street", [3, 5])["for_street"] == "fifth-street"
    assert "for_street" not in parse_action("3 bet 20", [3, 5])


def test_floorcall_events_lists_for_street(kb):
    flat = " ".join(events_text(kb, "action").split())
    assert "for_street:" in flat and "before that street's card" in flat


@pytest.mark.parametrize("spelling", ["tap", "tapped", "knock", "knocked", "Tap"])
def test_a_gesture_spelled_tap_or_knock_is_read_as_tapped_table(kb, spelling):
    """Z102's first try, `gesture: tap`, can mean only tapped-table (issue 22: first spellings)."""
    text = BASE.format(meant="", after="").replace("{seat: 2, did: check}", f"{{seat: 2, did: check, gesture: {spelling}}}")
    entry = next(e for e in parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs).data["timeline"]
                 if e.get("seat") == 2)
    assert entry["gesture"] == "tapped-table"


def test_a_gesture_that_is_no_tap_is_still_an_error_naming_the_values(kb):
    text = BASE.format(meant="", after="").replace("{seat: 2, did: check}", "{seat: 2, did: check, gesture: wave}")
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "tapped-table" in str(err.value) and err.value.line == 11
