"""Tournament arithmetic (ruling_engine/facts/tournament.py) and the rulings that quote its numbers."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.facts.tournament import (card_strength, chip_race_facts, finishing_facts, league_facts,
                                      moved_facts, table_facts)

from conftest import run_cli


def _ruling(kb, text, club, issue):
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def test_two_knocked_out_finish_by_stack_at_start_of_hand_not_by_hand():
    busted = [{"seat": 3, "players_left": 10, "better_hand": False},
              {"seat": 6, "players_left": 10, "better_hand": True}]
    facts = finishing_facts(busted, {3: 2600, 6: 4100, 1: 9000})
    assert facts["player_busted.higher_finisher_seat"] == 6 and facts["player_busted.higher_finish_place"] == 9
    assert facts["player_busted.finishing_order"].startswith("seat 6 9th") and "seat 3 10th" in facts["player_busted.finishing_order"]
    assert facts["player_busted.better_losing_hand_seat"] == 6 and facts["player_busted.stacks_tied"] is False
    assert facts["player_busted.seats"] == "seats 3 and 6"


def test_equal_stacks_knocked_out_together_are_flagged_as_tied():
    busted = [{"seat": 2, "better_hand": False}, {"seat": 5, "better_hand": False}]
    assert finishing_facts(busted, {2: 1500, 5: 1500})["player_busted.stacks_tied"] is True


def test_tables_shortest_highest_and_room_to_break():
    tables = [{"number": 1, "players": 6, "seats": 9}, {"number": 2, "players": 5, "seats": 9},
              {"number": 3, "players": 7, "seats": 9}]
    facts = table_facts(tables)
    assert (facts["table_count.players_left_total"], facts["table_count.table_gap"], facts["table_count.shortest_table"], facts["table_count.highest_table"]) == (18, 2, 2, 3)
    assert facts["table_count.room_to_break_a_table"] and facts["table_count.room_to_break_highest_table"]
    tight = table_facts([{"number": 1, "players": 8, "seats": 9}, {"number": 2, "players": 8, "seats": 9},
                         {"number": 3, "players": 3, "seats": 9}])
    assert not tight["table_count.room_to_break_a_table"] and tight["table_count.shortest_table_players"] == 3


def test_chip_race_gives_one_chip_to_each_highest_card_suits_break_ties():
    colour = {"chip": 25, "into": 100}
    entries = [{"seat": 1, "odd_chips": 3, "cards": ["Ks", "4d", "9c"]},
               {"seat": 4, "odd_chips": 3, "cards": ["Kh", "2s", "Ac"]},
               {"seat": 7, "odd_chips": 2, "cards": ["3h", "5d"]}]
    facts = chip_race_facts(colour, entries, {})
    assert facts["race_entry.value"] == 200 and facts["race_entry.chips_to_win"] == 2      # eight 25s = 200: two chips
    assert facts["race_entry.winners"] == "seat 4 wins 1 × 100 (Ac); seat 1 wins 1 × 100 (Ks)"
    assert card_strength("10h") == card_strength("Th") and card_strength("Ks") > card_strength("Kh")


def test_player_whose_whole_stack_is_odd_chips_is_rounded_up_not_raced():
    colour = {"chip": 25, "into": 100}
    entries = [{"seat": 1, "odd_chips": 2, "cards": ["2c", "3c"]}, {"seat": 2, "odd_chips": 2}]
    facts = chip_race_facts(colour, entries, {1: 1050, 2: 50})
    assert facts["race_entry.whole_stack_seat"] == 2 and facts["race_entry.value"] == 50
    assert facts["race_entry.winners"].startswith("nobody")


@pytest.mark.parametrize("minutes, rounded, points", [(95, 90, 3), (100, 105, 3.5), (37, 30, 1), (7, 0, 0), (8, 15, 0.5)])
def test_league_minutes_round_to_nearest_15_and_score_a_point_per_30(minutes, rounded, points):
    facts = league_facts({"minutes_played": minutes, "points_before": 10, "attending": True, "absent_entries_used": 0})
    assert (facts["league_record.minutes_rounded"], facts["league_record.points_earned"]) == (rounded, points)
    assert facts["league_record.points_total"] == 10 + points


@pytest.mark.parametrize("seat, position", [(4, "between-button-and-small-blind"), (7, "big-blind"), (9, "other")])
def test_moved_player_position_against_button_and_blinds(seat, position):
    data = {"button": 3, "players": [{"seat": s} for s in (1, 3, 6, 8, seat)]}
    assert moved_facts({"seat": seat, "took_all_chips": True}, data)["player_moved.position"] == position


LATE = """title: late arrival
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
players:
  - {seat: 1, stack: 4000}
  - {seat: 5}
timeline:
  - deal:
  - arrival: {seat: 5, minutes_after_start: 24, level: 3}
"""


def test_ppl_late_arrival_in_third_level_starts_with_1000_fewer_chips(kb):
    ruling = _ruling(kb, LATE, "ppl", "tournament-entry")
    assert ruling.outcome == "reduced-stack"
    assert {"effect": "starting-chips", "seat": 5, "chips": 3000} in ruling.effects


def test_gala_late_entry_closes_at_end_of_level_three_even_within_two_hours(kb):
    late = LATE.replace("minutes_after_start: 24, level: 3", "minutes_after_start: 70, level: 4")
    assert _ruling(kb, late, "gala", "tournament-entry").outcome == "entry-cancelled"
    assert _ruling(kb, LATE, "gala", "tournament-entry").outcome == "dead-blinds"


def test_fpc_breaks_highest_table_where_gala_breaks_shortest(kb):
    text = LATE.replace("  - arrival: {seat: 5, minutes_after_start: 24, level: 3}\n",
                        "  - table_count: {number: 1, players: 6}\n  - table_count: {number: 2, players: 4}\n"
                        "  - table_count: {number: 3, players: 5}\n")
    assert {"effect": "break-table", "table": 3} in _ruling(kb, text, "fpc", "table-balance").effects
    assert {"effect": "break-table", "table": 2} in _ruling(kb, text, "gala", "table-balance").effects


def test_race_cards_not_matching_odd_chips_is_a_clear_error(tmp_path):
    bad = tmp_path / "race.yaml"
    bad.write_text(LATE.replace("  - arrival: {seat: 5, minutes_after_start: 24, level: 3}\n",
                                "  - colour_up: {chip: 25, into: 100}\n"
                                "  - race_entry: {seat: 5, odd_chips: 3, cards: [As, Kd]}\n"))
    result = run_cli("floorcall", "rule-on", str(bad))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "race.yaml:10" in result.stderr and "one card per odd chip" in result.stderr


def test_a_seat_dealt_in_from_the_start_is_an_absent_player_not_a_late_entry(kb):
    """Casebook D307/D318: a player whose stack was put in play at the start and blinded takes
    over what his seat has left (PPL •18 over Nights •11's reduction, Gala e) over f)'s dead
    blinds), and what the seat paid is the starting stack less what is left."""
    import yaml
    from pathlib import Path
    from ruling_engine.facts.derive import incident_facts
    from ruling_engine.incident.load import incident_text, parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    root = Path(__file__).resolve().parent / "scenarios"
    for club in ("ppl", "gala", "edp"):
        data = yaml.safe_load((root / club / f"{club}-tourney-seat-dealt-in-since-start-arrives.yaml").read_text())["incident"]
        incident = parse_incident_text(incident_text(data), "t.yaml", kb.vocabulary, kb.clubs)
        facts = incident_facts(incident, kb.vocabulary)
        assert facts["arrival.dealt_in_since_start"] is True and facts["arrival.stack"] == 3500
        assert facts["player_away.blinds_so_far"] == 500
        report = rule_incident(incident, kb)
        entry = next(r for r in report.answers[club].rulings if r.issue == "tournament-entry")
        assert entry.outcome == "plays-remaining-chips", club
        assert {"effect": "starting-chips", "seat": 4, "chips": 3500} in entry.effects
