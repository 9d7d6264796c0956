"""Who heard a player's words (issue 22, what the floor was told): `heard_by: table | dealer |
player | nobody` on an action. Translators of U102 and V104 ("...in" half-heard; "I said raise
first") could only write `heard: some`; the floor is told who heard. `heard` (whether everyone at
the table heard, which EDP 8 ¶1-2 turn on) is worked out from it; written beside it and saying
otherwise, it is an error with the line."""
import pytest

from ruling_engine.ask.answers import parse_action
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 6, stack: 200}}
timeline:
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: bet, total: 10}}
  - {{seat: 6, said: "raise to 40", chips: [10, 10], first: words, {heard}in_question: true}}
"""


def parse(kb, heard):
    return parse_incident_text(BASE.format(heard=heard), "t.yaml", kb.vocabulary, kb.clubs)


def edp(kb, heard):
    report = rule_incident(parse(kb, heard), kb=kb, with_precedents=False)
    return next(r for r in report.answers["edp"].rulings if r.issue == "declared-action")


@pytest.mark.parametrize("heard_by, heard", [("table", "all"), ("dealer", "some"), ("player", "some"), ("nobody", "none")])
def test_heard_by_sets_whether_everyone_heard(kb, heard_by, heard):
    action = next(e for e in parse(kb, f"heard_by: {heard_by}, ").data["timeline"] if e.get("seat") == 6)
    assert action["heard"] == heard


def test_edp_words_the_table_heard_define_the_bet_words_only_a_player_heard_go_to_the_crms(kb):
    """EDP 8 ¶1 (whichever is first defines the bet) for a declaration the table heard; 8 ¶2 ("In
    unclear situations ... the CRMS will determine the bet") for words the dealer did not hear."""
    table = edp(kb, "heard_by: table, ")
    assert table.outcome == "raise" and {c.clause for c in table.citations} == {"edp.8-18"}
    player = edp(kb, "heard_by: player, ")
    assert player.outcome == "floor-decides" and {c.clause for c in player.citations} == {"edp.8-2"}


def test_heard_by_unknown_when_the_accounts_disagree_is_ruled_each_way(kb):
    assert edp(kb, "heard_by: unknown, ").outcome == "depends"


def test_heard_written_beside_heard_by_and_saying_otherwise_is_an_error_with_its_line(kb):
    with pytest.raises(FloorcallError) as err:
        parse(kb, "heard_by: dealer, heard: all, ")
    assert err.value.line == 12 and "heard: some" in str(err.value)
    parse(kb, "heard_by: dealer, heard: some, ")          # agreeing: fine


def test_the_questionnaire_and_floor_app_action_line_takes_who_heard(kb):
    action = parse_action("7 all in = 1000 1000 together heard by dealer in question", [3, 7])
    assert action["heard_by"] == "dealer" and action["said"] == "all in" and action["chips"] == [1000, 1000]
    assert parse_action("7 raise heard by a player", [3, 7])["heard_by"] == "player"


def test_floorcall_events_action_lists_heard_by(kb):
    flat = " ".join(events_text(kb, "action").split())
    assert "heard_by:" in flat and "nobody" in flat
