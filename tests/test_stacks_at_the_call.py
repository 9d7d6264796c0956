"""Amounts a ruling quotes are read from the hand as it stands at the floor's call (PPL penalties
step 2, the round of blinds time away costs; casebook Q801): a pot pushed before the conduct entry
is in the winner's stack, and what each put in is out of it."""
from pathlib import Path

from ruling_engine.facts.derive import _after_push, _conduct_facts
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import load_incident

CASE = Path(__file__).resolve().parent.parent / "cases" / "casebook" / "Q801.yaml"


def _conduct(kb, seat):
    incident = load_incident(CASE, kb.vocabulary, kb.clubs)
    data = read_timeline(incident.data).data
    event = next(e for e in data["events"] if e["event"] == "conduct" and e.get("seat") == seat)
    return data, event


def test_ppl_time_away_cost_reads_stack_after_the_pushed_pot(kb):
    # 6,100 - 1,000 in + the 2,600 pot pushed to her; 5,300 - 1,000 in
    data, karen = _conduct(kb, 7)
    assert _after_push(data, karen) == 7700
    assert _conduct_facts(karen, data)["conduct.stack"] == 7700
    data, dave = _conduct(kb, 6)
    assert _conduct_facts(dave, data)["conduct.stack"] == 4300
    assert _conduct_facts(dave, data)["conduct.round_stack_left"] == 3700
