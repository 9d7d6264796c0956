"""Every rule is reached by an incident that describes what the floor saw (issue 5: "the incident
that engages it reaches it"): by a case in cases/ (its folders included: the casebook, the TDA
examples, the notions), or by a scenario in tests/scenarios/.

A scenario file holds `incident:` (an ordinary incident) and `fires:` (rule ids that incident must
fire); it carries no expected ruling, only the proof that the rule can be reached.
"""
from pathlib import Path

import pytest
import yaml

from ruling_engine.incident.load import incident_text, parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES, ROOT
from rulings_memo import ruled

SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))


def _fired(kb, data, name) -> set:
    incident = parse_incident_text(incident_text(data), name, kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return {rule for answer in report.answers.values() for rule in answer.fired}


def _scenario(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_fires_its_rules(kb, path):
    scenario = _scenario(path)
    fired = _fired(kb, scenario["incident"], str(path))
    missing = set(scenario["fires"]) - fired
    assert not missing, f"{path.name}: not fired: {sorted(missing)}"


def test_every_rule_is_reached_by_a_case_or_a_scenario(kb):
    fired = set()
    for path in sorted(CASES.rglob("*.yaml")):      # ruled once per test process (tests/rulings_memo.py)
        fired |= {rule for answer in ruled(path, kb).answers.values() for rule in answer.fired}
    for path in SCENARIOS:
        fired |= _fired(kb, _scenario(path)["incident"], str(path))
    never = sorted(rule.id for rules in kb.rules.values() for rule in rules if rule.id not in fired)
    assert never == [], f"{len(never)} rules no incident reaches"
