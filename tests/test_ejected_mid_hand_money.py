"""A player the management removes mid-hand (e23/money): EDP 5 ¶4 "Players with live hands ...
must remain at the table until the showdown concludes." makes his hand dead (his called chips stay
in the pot), and 8 ¶42 "If the player initiated a bet or raise and hasn't been called, the uncalled
bet or raise will be returned to the player." gives his uncalled bet back: the pot, the Now (nobody
faces his bet any more) and the ruling's text agree."""
import re
from pathlib import Path

import yaml

from ruling_engine.incident.load import incident_text, parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

SCENARIO = Path(__file__).parent / "scenarios" / "edp" / "edp-5-ejected-mid-hand.yaml"


def _report(kb, data):
    incident = parse_incident_text(incident_text(data), "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def _data():
    return yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))["incident"]


def test_edp_5_4_and_8_42_the_ejected_players_hand_is_dead_and_his_uncalled_bet_returned(kb):
    report = _report(kb, _data())
    edp = report.answers["edp"]
    clauses = {c.clause for r in edp.rulings for c in r.citations}
    assert {"edp.5-4", "edp.8-42"} <= clauses
    money = edp.settlement
    assert {e["seat"]: e["amount"] for e in money if e["effect"] == "return-chips"} == {1: 10}
    pots = [e for e in money if e["effect"] == "pot"]
    assert [(p["amount"], p["seats"]) for p in pots] == [(6, [2, 3])]
    assert 1 in edp.now["dead"]
    assert not edp.now.get("next") or edp.now["next"]["seat"] != 1
    assert not any(o.get("seat") in (2, 3) and o.get("call") for o in [edp.now.get("next") or {}])
    assert re.search(r"Seat 1.s uncalled \D*10 is returned to him", render_text(report))


def test_a_refusal_between_hands_kills_no_hand(kb):
    data = _data()
    data["timeline"] = [e for e in data["timeline"] if "wants_to_play" not in e] + [
        {"showdown": None}, {"wants_to_play": {"seat": 1, "refused_by_management": True, "in_question": True}}]
    report = _report(kb, data)
    fired = report.answers["edp"].fired
    assert "edp.5-4.ejected-mid-hand-hand-dead" not in fired
    assert "edp.8-42.ejected-mid-hand-uncalled-bet-returned" not in fired
