"""Seats at a table (issue 22, f17/seats): game.seats says how many players the table takes; more
players dealt in than that is a hand dealt to a seat not entitled to one (each club's misdeal clause,
until substantial action) and a seating question (EDP's nine a table)."""
import subprocess
import sys
from pathlib import Path

import yaml

from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES

BASE = CASES / "notions" / "table-seats.yaml"


def _write(tmp_path, seats, others=None, acted=False):
    data = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    data.pop("expected")
    data["game"]["seats"] = seats
    if others is not None:
        data["players"] = data["players"][2:3] + data["players"][-3:]   # seat 3 who speaks, the blinds, seat 10
        data["others"] = others
    if acted:       # three players act: substantial action under EDP and Gala alike
        at = next(n for n, e in enumerate(data["timeline"]) if isinstance(e, dict) and "said" in e)
        data["timeline"][at:at] = [{"seat": 10, "did": "call"}, {"seat": 1, "did": "call"},
                                   {"seat": 2, "did": "call"}]
    path = tmp_path / "seats.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _outcomes(report, club):
    return {r.issue: r.outcome for r in report.answers[club].rulings}


def test_a_player_over_the_tables_seats_is_a_misdeal_before_action(kb, tmp_path):
    report = rule_on(_write(tmp_path, 9), kb=kb)
    assert _outcomes(report, "edp") == {"deal-error": "misdeal", "seating": "table-full"}
    assert _outcomes(report, "gala")["deal-error"] == "misdeal"
    edp = next(r for r in report.answers["edp"].rulings if r.issue == "deal-error")
    assert {e["effect"] for e in map(dict, edp.effects)} >= {"misdeal", "redeal-exact"}


def test_the_seats_count_others_too(kb, tmp_path):
    """Four players listed and six others: ten at nine seats, as when all ten are listed."""
    report = rule_on(_write(tmp_path, 9, others=6), kb=kb)
    assert _outcomes(report, "gala")["deal-error"] == "misdeal"


def test_players_who_fit_the_seats_raise_nothing(kb, tmp_path):
    report = rule_on(_write(tmp_path, 10), kb=kb)
    assert not {r.issue for r in report.answers["edp"].rulings} & {"deal-error", "seating"}


def test_after_substantial_action_the_deal_stands(kb, tmp_path):
    report = rule_on(_write(tmp_path, 9, acted=True), kb=kb)
    assert _outcomes(report, "edp")["deal-error"] == "hand-stands"
    assert _outcomes(report, "gala")["deal-error"] == "hand-stands"


def test_seats_left_out_assume_nothing(kb, tmp_path):
    path = _write(tmp_path, 9)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    del data["game"]["seats"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    report = rule_on(path, kb=kb)
    assert "deal-error" not in _outcomes(report, "edp")


def test_seats_must_be_a_whole_number(tmp_path):
    path = _write(tmp_path, "nine")
    done = subprocess.run([str(Path(sys.executable).with_name("rule-on")), str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert "seats" in done.stderr


def test_the_questionnaire_asks_the_tables_seats_and_rules_on_them(kb):
    """`floorcall ask` (and the floor app, which runs the same session) asks game.seats, and nine
    seats for ten players dealt in gives EDP's misdeal and nine-a-table."""
    from ruling_engine.ask.questionnaire import DONE, Session
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": n} for n in range(1, 11)])
    session.answer("next", {"deal": None})
    session.answer("next", DONE)
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        session.answer(question.name, 9 if question.name == "game.seats"
                       else question.choices[0][0] if question.choices else None)
    assert "game.seats" in asked
    assert session.incident_data()["game"]["seats"] == 9
    rulings = {r.issue: r.outcome for r in session.report(with_precedents=False).answers["edp"].rulings}
    assert rulings == {"deal-error": "misdeal", "seating": "table-full"}


SEATED = CASES / "notions" / "seated-by.yaml"


def _seated(tmp_path, by):
    data = yaml.safe_load(SEATED.read_text(encoding="utf-8"))
    data.pop("expected")
    data["timeline"][0]["player_seated"]["seated_by"] = by
    path = tmp_path / "seated.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_a_player_not_seated_by_the_floor_is_seated_by_ppls_venue_manager(kb, tmp_path):
    for by in ("himself", "dealer"):
        report = rule_on(_seated(tmp_path, by), kb=kb)
        assert _outcomes(report, "ppl") == {"seating": "manager-seats"}, by
        ruling = report.answers["ppl"].rulings[0]
        assert [c.clause for c in ruling.citations] == ["ppl.league-1"]
        assert ruling.citations[0].quote.startswith("New players arriving at a table will be seated by the Venue Manager")
    report = rule_on(_seated(tmp_path, "floor"), kb=kb)
    assert "seating" not in _outcomes(report, "ppl")


def test_seated_by_must_be_one_of_its_values(tmp_path):
    done = subprocess.run([str(Path(sys.executable).with_name("rule-on")), str(_seated(tmp_path, "the-waiter"))],
                          capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert "seated_by" in done.stderr


def test_floorcall_events_lists_player_seated():
    done = subprocess.run([str(Path(sys.executable).with_name("floorcall")), "events", "seated"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "player_seated" in done.stdout and "seated_by" in done.stdout


def test_a_void_hand_names_the_chips_in_the_pot_before_the_timeline(kb, tmp_path):
    """A misdeal with chips already in the pot when the timeline starts (`pot_at_start:`, owners not
    named): each seat takes back what he put in, and the rest is named as going back to those who
    put it in — never dropped from the answer (invariant `conservation`, found by
    benchmarks/invariants_run.py)."""
    path = tmp_path / "void.yaml"
    path.write_text("house: edp\npot_at_start: 100\ngame: {format: cash, ante: 5, seats: 1}\n"
                    "players:\n- {seat: 6, folded: true}\n- {seat: 5, behind: unknown}\ntimeline: []\n",
                    encoding="utf-8")
    money = rule_on(path, kb=kb).answers["edp"].settlement
    assert {"effect": "return-chips", "seat": None, "amount": 100, "unattributed": True} in money
    # the antes stay in the pot for the re-deal (EDP 7 ¶5's exact re-play, e23/money); every chip is named
    assert {"effect": "stays-for-redeal", "amount": 10, "seats": [5, 6]} in money
    assert sum(e["amount"] for e in money if e["effect"] in ("return-chips", "stays-for-redeal")) == 110
