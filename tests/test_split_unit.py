"""The chip a split pot's odd chips are broken into (split_unit), and EDP 3 ¶16 keeping the pots
apart in a split with a side pot (issue 13, class 17: side pots in showdown rulings)."""
from pathlib import Path

from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import load_incident
from ruling_engine.rulings.rule_on import rule_on

D213 = Path(__file__).resolve().parent.parent / "cases" / "casebook" / "D213.yaml"


def test_split_unit_is_the_smallest_chip_in_play(kb):
    facts = incident_facts(load_incident(D213, kb.vocabulary, kb.clubs), kb.vocabulary)
    assert facts["split_pot"] is True and facts["split_unit"] == 0.5


def test_edp_keeps_the_main_and_side_pot_apart_in_a_split(kb):
    report = rule_on(D213, kb=kb)
    side = next(r for r in report.answers["edp"].rulings if r.issue == "side-pots")
    assert side.outcome == "pots-divided" and [c.clause for c in side.citations] == ["edp.3-16"]
    split = next(r for r in report.answers["edp"].rulings if r.issue == "split-pot")
    assert {"effect": "chips-broken-down", "unit": 0.5} in split.effects
