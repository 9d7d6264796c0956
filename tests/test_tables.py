"""Balancing tournament tables and the hand's own table (issue 22 and 21, f18/tables; casebook E302).

Gala Tournament s) 'A table with two less players than any other will receive a player from another
table. The player who is about to post the big blind will be moved into the worst position': players
move one at a time while a table has two fewer than another, so the answer says how many and where
the tables end. PPL League •37 'If a table is reduced to 3 players, play can no longer continue on
that table unless at the final table': where the other tables have no room to break it, play there
stops until players are moved to it (•36 'consolidated as evenly as possible'). A table_count marked
`hand_here: true` is the table where the hand described is played: a stop there stops this hand
(nobody is told to act in it); a stop elsewhere lets it go on."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.facts.tournament import table_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_incident

SEVEN_AND_THREE = """title: t
house: ppl
game: {{format: tournament, variant: NLHE, blinds: [200, 400]}}
button: 5
players:
  - {{seat: 2, stack: 6100}}
  - {{seat: 5, stack: 8900}}
  - {{seat: 7, stack: 3400}}
timeline:
  - table_count: {{number: 1, players: 7{one}}}
  - table_count: {{number: 2, players: 3{two}}}
  - {{seat: 7, posts: small-blind, chips: [200]}}
  - {{seat: 2, posts: big-blind, chips: [400]}}
  - deal:
  - said: {{by: 5, words: "Do we play this one?", kind: claim, in_question: true}}
"""
HERE = ", hand_here: true"


def report(kb, one="", two=""):
    text = SEVEN_AND_THREE.format(one=one, two=two)
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)


def ruling(answer, issue="table-balance"):
    return next(r for r in answer.rulings if r.issue == issue)


def test_balancing_moves_players_until_no_table_has_two_fewer():
    """Counted one move at a time from the fullest table to the shortest: 7/3 is two moves (5 and 5),
    9/7 one (8 and 8), 6/5 none; three tables move from whichever is fullest at each step."""
    def tables(*counts):
        return [{"number": n, "players": p, "seats": 9} for n, p in enumerate(counts, 1)]
    assert table_facts(tables(7, 3))["table_count.players_to_move"] == 2
    assert table_facts(tables(7, 3))["table_count.balanced_counts"] == "table 1: 5, table 2: 5"
    assert table_facts(tables(9, 7))["table_count.players_to_move"] == 1
    assert table_facts(tables(6, 5))["table_count.players_to_move"] == 0
    assert table_facts(tables(9, 9, 4))["table_count.balanced_counts"] == "table 1: 7, table 2: 8, table 3: 7"


def test_gala_s_says_how_many_move_and_where_the_tables_end(kb):
    """Gala s): two players move from table 1 to table 2, each the one about to post the big blind."""
    gala = ruling(report(kb).answers["gala"])
    assert gala.outcome == "move-player"
    assert {"effect": "move-player", "from": 1, "to": 2, "players": 2} in gala.effects
    assert "Move 2 player(s)" in gala.do[0] and "big blind" in gala.do[0] and "table 1: 5, table 2: 5" in gala.do[0]


def test_ppl_37_stops_a_table_of_three_that_cannot_be_broken(kb):
    """PPL •37 with no room at table 1 for table 2's three: play stops at table 2 and two players move
    to it (not 'move its players to other tables', which would put ten at a nine-seat table)."""
    ppl = ruling(report(kb).answers["ppl"])
    assert [c.clause for c in ppl.citations] == ["ppl.league-37"]
    assert {"effect": "play-stops", "table": 2} in ppl.effects
    assert {"effect": "move-player", "from": 1, "to": 2, "players": 2} in ppl.effects
    assert not any(e.get("effect") == "break-table" for e in ppl.effects)


def test_a_stop_at_the_hands_own_table_stops_the_hand(kb):
    """hand_here on table 2, where PPL •37 stops play: nobody is told to act in this hand."""
    now = report(kb, two=HERE).answers["ppl"].now
    assert now["stopped"] and now["stops"][0]["hand_here"] is True
    assert not now.get("next") and not now.get("then")
    lines = now_lines(now, "")
    assert lines[0].startswith("Play stops at table 2 (ppl.league-37), the table of this hand")
    assert not any("acts next" in line or "next to act" in line for line in lines)


def test_a_stop_at_another_table_lets_the_hand_go_on(kb):
    """hand_here on table 1: the stop at table 2 is said, and this hand is played on."""
    now = report(kb, one=HERE).answers["ppl"].now
    assert not now.get("stopped") and now["stops"][0]["hand_here"] is False
    assert now["next"]["seat"] == 5
    assert "This hand is at another table and goes on" in now_lines(now, "")[0]


def test_a_club_that_stops_no_table_plays_the_hand_on(kb):
    """Gala has no stop at a short table: its hand at table 2 goes on whatever hand_here says."""
    now = report(kb, two=HERE).answers["gala"].now
    assert not now.get("stops") and now["next"]["seat"] == 5


def test_hand_here_on_two_tables_is_refused(kb):
    text = SEVEN_AND_THREE.format(one=HERE, two=HERE)
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "hand_here: true on one table only" in str(err.value) and "t.yaml" in str(err.value)


def test_the_invariants_catch_a_seat_told_to_act_at_a_stopped_table(kb):
    """A stop at the hand's own table with a seat still told to act is a stopped-hand-acts violation."""
    from test_corrected_hand import UNDER_RAISE, _broken

    def stopped_but_acting(answer):
        answer.now["stops"] = [{"table": 1, "issue": "table-balance", "clauses": [], "hand_here": True}]
    assert "stopped-hand-acts" in _broken(kb, UNDER_RAISE, "edp", stopped_but_acting)
