"""Tournament arithmetic (ruling_engine/facts/tournament.py) and the rulings that quote its numbers."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.facts.tournament import (card_rank, chip_race_facts, finishing_facts, league_facts,
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


def test_players_busted_at_two_tables_are_not_knocked_out_on_one_hand():
    """player_busted: table: (issue 22): two knocked out in one round at two tables played two hands,
    so the same-hand clauses (FPC 42, PPL League 43) do not rank them; a table left out is this
    hand's table, so one named elsewhere is another hand."""
    stacks = {2: 5100, 5: 2400}
    one = [{"seat": 2, "better_hand": False}, {"seat": 5, "better_hand": False}]
    assert finishing_facts(one, stacks)["player_busted.one_table"] is True
    assert finishing_facts([dict(e, table=1) for e in one], stacks)["player_busted.one_table"] is True
    two = [dict(one[0], table=1), dict(one[1], table=2)]
    assert finishing_facts(two, stacks)["player_busted.one_table"] is False
    assert finishing_facts([one[0], dict(one[1], table=2)], stacks)["player_busted.one_table"] is False


def test_tables_shortest_highest_and_room_to_break():
    tables = [{"number": 1, "players": 6, "seats": 9}, {"number": 2, "players": 5, "seats": 9},
              {"number": 3, "players": 7, "seats": 9}]
    facts = table_facts(tables)
    assert (facts["table_count.players_left_total"], facts["table_count.table_gap"], facts["table_count.shortest_table"], facts["table_count.highest_table"]) == (18, 2, 2, 3)
    assert facts["table_count.room_to_break_a_table"] and facts["table_count.room_to_break_highest_table"]
    tight = table_facts([{"number": 1, "players": 8, "seats": 9}, {"number": 2, "players": 8, "seats": 9},
                         {"number": 3, "players": 3, "seats": 9}])
    assert not tight["table_count.room_to_break_a_table"] and tight["table_count.shortest_table_players"] == 3


def test_chip_race_gives_one_chip_to_each_highest_card_and_says_a_tie_on_rank_at_the_last_chip():
    """Highest cards win on rank alone (Gala p: "the highest cards (not hand)"; no club ranks the
    suits): K♠ and K♥ for the last chip are a tie still to be decided, never K♠ on suit."""
    colour = {"chip": 25, "into": 100}
    entries = [{"seat": 1, "odd_chips": 3, "cards": ["Ks", "4d", "9c"]},
               {"seat": 4, "odd_chips": 3, "cards": ["Kh", "2s", "Ac"]},
               {"seat": 7, "odd_chips": 2, "cards": ["3h", "5d"]}]
    facts = chip_race_facts(colour, entries, {})
    assert facts["race_entry.value"] == 200 and facts["race_entry.chips_to_win"] == 2      # eight 25s = 200: two chips
    assert facts["race_entry.winners"] == \
        "seat 4 wins 1 × 100 (Ac); seat 1 (Ks), seat 4 (Kh) tie on rank for 1 × 100 still to be decided"
    assert facts["race_entry.tie_at_cut"] is True
    entries[1]["cards"] = ["Qh", "2s", "Ac"]                  # the queen below the king: no tie
    facts = chip_race_facts(colour, entries, {})
    assert facts["race_entry.winners"] == "seat 4 wins 1 × 100 (Ac); seat 1 wins 1 × 100 (Ks)"
    assert facts["race_entry.tie_at_cut"] is False
    assert card_rank("10h") == card_rank("Th") and card_rank("Ks") == card_rank("Kh") < card_rank("Ad")


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


def test_a_late_arrival_with_no_seat_yet_is_seated_by_the_ppl_manager_away_from_the_blinds(kb):
    """PPL League •1 "New players arriving at a table will be seated by the Venue Manager away from
    the blinds ... so that they can play the next hand": a walk-in with no seat yet raises where he
    sits (issue 13, casebook D307); one already at his seat does not."""
    walk_in = LATE.replace("arrival: {seat: 5, ", "arrival: {")
    ruling = _ruling(kb, walk_in, "ppl", "seating")
    assert ruling.outcome == "manager-seats" and {"effect": "dealt-in"} in ruling.effects
    incident = parse_incident_text(LATE, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    assert not any(r.issue == "seating" for r in report.answers["ppl"].rulings)


LEVEL = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
button: 3
players: [{seat: 3, stack: 9000}, {seat: 4, stack: 9000}, {seat: 5, stack: 6200, present: false}]
timeline:
"""
NEW_LEVEL = "  - level_change: {blinds: [1000, 2000]}\n"
AWAY = "  - player_away: {seat: 5, in_question: true}\n"


def _facts_and_warnings(kb, text):
    from ruling_engine.facts.derive import incident_facts
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    return incident_facts(incident), rule_incident(incident, kb, with_precedents=False).warnings


@pytest.mark.parametrize("timeline, due", [
    ("  - hand-over:\n" + AWAY + NEW_LEVEL, 2000),        # between hands: posted at the next deal, at the new level
    (NEW_LEVEL + "  - deal:\n" + AWAY, 2000),             # the level went up before this hand's blinds went in
    ("  - deal:\n" + NEW_LEVEL + AWAY, 1000),             # this hand's blinds were in before it went up
    ("  - hand-over:\n" + AWAY + "  - level_change: {blinds: [1000, 2000], blinds_in_before_beep: true}\n", 1000),
    ("  - hand-over:\n" + AWAY + "  - level_change: {}\n", 1000),   # the new level's blinds not given
])
def test_an_absent_players_blind_is_owed_at_the_level_in_force_when_it_is_posted(kb, timeline, due):
    """casebook G305: the level went up while the table waited for its smokers; the absent big blind
    owes the new level's 2,000, not the old 1,000."""
    facts, _ = _facts_and_warnings(kb, LEVEL + timeline)
    assert facts["player_away.blind_due"] == due
    ruling = _ruling(kb, LEVEL + timeline, "ppl", "absent-chips")
    assert {"effect": "blinds-posted", "seat": 5, "amount": due} in ruling.effects


def test_a_level_change_before_the_deal_sets_the_blinds_the_hand_is_played_at(kb):
    text = LEVEL.replace(", present: false", "") + NEW_LEVEL + (
        "  - deal:\n  - preflop:\n  - {seat: 3, said: call, in_question: true}\n")
    facts, warnings = _facts_and_warnings(kb, text)
    assert facts["to_call"] == 2000 and facts["action.chips"] == 2000
    assert not any("level_change" in w for w in warnings)      # read: they are this hand's blinds


def test_new_blinds_after_this_hands_deal_are_named_as_unread(kb):
    """New blinds given after this hand's deal change nothing in it: when the floor is called about
    the level change itself, the warning names them (issue 24: warned only on an entry in question)."""
    marked = "  - level_change: {blinds: [1000, 2000], in_question: true}\n"
    text = LEVEL.replace(", present: false", "") + "  - deal:\n" + marked + (
        "  - preflop:\n  - {seat: 3, said: call, in_question: true}\n")
    facts, warnings = _facts_and_warnings(kb, text)
    assert facts["to_call"] == 1000                              # this hand is at the old level
    assert any("t.yaml:8:" in w and "level_change" in w and "blinds" in w and "changes nothing" in w
               for w in warnings), warnings


def test_the_questionnaire_asks_at_which_table_each_knocked_out_player_went_out(kb):
    """issue 22: with two players knocked out, the table each went out at can change FPC's and
    PPL's finishing order, so `floorcall ask` (and the floor app, which asks the same questions)
    asks it; answered as two tables, the starting-stack clauses do not rank them."""
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry
    session = Session(kb, house="ppl")
    for name, value in (("game.format", "tournament"), ("game.variant", "NLHE"), ("game.blinds", [1000, 2000]),
                        ("players", [{"seat": 2, "stack": 5100}, {"seat": 5, "stack": 2400}])):
        session.answer(name, value)
    for entry in (event_entry("player_busted"), event_entry("player_busted"), DONE):
        session.answer("next", entry)
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        if question.name == "marked":
            session.answer("marked", [])
        elif question.name.endswith(".seat"):
            session.answer(question.name, 2 if "#2" not in question.name else 5)
        elif question.name.endswith(".table"):
            session.answer(question.name, 1 if "#2" not in question.name else 2)
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else 7)
    assert "player_busted.table" in asked or "player_busted#2.table" in asked, asked
    ppl = {r.issue: r.outcome for r in session.report(with_precedents=False).answers["ppl"].rulings}
    assert ppl["finishing-order"] == "floor-decides"


WARNED = """title: t
house: fpc
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 3000}}
  - {{seat: 4, stack: 3000}}
  - {{seat: 6, stack: 3000}}
timeline:
{timeline}"""
DEALT_AFTER = ("  - hand-over:\n  - break_due: {warning_sounded: true, in_question: true}\n"
               "  - {seat: 4, posts: small-blind, total: 100}\n  - {seat: 6, posts: big-blind, total: 200}\n  - deal:\n")
DEALT_BEFORE = ("  - {seat: 4, posts: small-blind, total: 100}\n  - {seat: 6, posts: big-blind, total: 200}\n  - deal:\n"
                "  - break_due: {warning_sounded: true, in_question: true}\n")


@pytest.mark.parametrize("timeline, dealt", [(DEALT_AFTER, True), (DEALT_BEFORE, False),
                                             ("  - deal:\n  - break_due: {warning_sounded: true}\n"
                                              "  - preflop:\n  - {seat: 1, did: call, total: 200}\n", False)])
def test_a_hand_dealt_after_the_break_warning_is_a_fact_of_the_timeline(kb, timeline, dealt):
    """break_due.hand_dealt_after: a new hand begun after the warning (its blinds, its deal), not the
    hand the warning sounded during."""
    from ruling_engine.facts.derive import incident_facts
    facts = incident_facts(parse_incident_text(WARNED.format(timeline=timeline), "t.yaml", kb.vocabulary, kb.clubs))
    assert facts["break_due.hand_dealt_after"] is dealt


def test_fpc_49_a_hand_dealt_after_the_warning_is_void_and_the_blinds_go_back(kb):
    """FPC rule 49, 'no more hands shall be dealt': the hand dealt anyway is not played (void, not
    dealt again now), seats 4 and 6 take back their blinds; a hand dealt before it is finished."""
    from ruling_engine.render.output import now_lines
    report = rule_incident(parse_incident_text(WARNED.format(timeline=DEALT_AFTER), "t.yaml", kb.vocabulary,
                                               kb.clubs), kb, with_precedents=False)
    answer = report.answers["fpc"]
    ruling = next(r for r in answer.rulings if r.issue == "play-until-break")
    assert ruling.outcome == "stop-dealing" and ruling.basis == "reading"
    assert {"effect": "hand-void"} in ruling.effects
    assert answer.now["void"] and answer.now.get("redealt") is False
    assert "dealt again" not in " ".join(now_lines(answer.now, ""))
    assert sorted((e["seat"], e["amount"]) for e in answer.settlement if e["effect"] == "return-chips") == \
        [(4, 100), (6, 200)]
    before = rule_incident(parse_incident_text(WARNED.format(timeline=DEALT_BEFORE), "t.yaml", kb.vocabulary,
                                               kb.clubs), kb, with_precedents=False).answers["fpc"]
    assert not before.now["void"]
    assert next(r for r in before.rulings if r.issue == "play-until-break").effects == [{"effect": "no-more-hands"}]


def test_questionnaire_reads_a_hand_dealt_after_the_break_warning_from_the_entries_order(kb):
    """`floorcall ask`: the entries given in order (hand over, the warning, the blinds, the deal)
    say the hand was dealt after the warning; FPC's ruling voids it (rule 49)."""
    from ruling_engine.ask.questionnaire import Session
    session = Session(kb, house="fpc")
    for name, value in (("game.format", "tournament"), ("game.variant", "NLHE"), ("game.blinds", [100, 200]),
                        ("button", 1), ("players", [{"seat": 1}, {"seat": 4}, {"seat": 6}])):
        session.answer(name, value)
    for entry in ({"hand-over": None}, {"break_due": {"warning_sounded": True, "in_question": True}},
                  {"seat": 4, "posts": "small-blind", "total": 100}, {"seat": 6, "posts": "big-blind", "total": 200},
                  {"deal": None}):
        session.answer("next", entry)
    answer = session.report(with_precedents=False).answers["fpc"]
    assert {"effect": "hand-void"} in next(r for r in answer.rulings if r.issue == "play-until-break").effects
