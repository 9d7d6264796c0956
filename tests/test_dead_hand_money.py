"""The money follows the ruling when a hand dies with chips declared and not yet put in (e23/money):

- an all-in said in turn facing a bet, then the hand in the muck before the chips went in:
  EDP 8 ¶3 "Action in turn (by declaration or pushing out chips) is binding and commits chips to
  the pot", Gala House m ("A declaration of ‘all-in’ means exactly that") and PPL league 52
  ("Verbal declarations in turn are obligatory") commit the call: it goes into the pot, the part
  nobody called stays with him;
- FPC 18 s2 ("will also forfeit any chips that have been declared as a bet prior to the hand being
  mucked, including an all in declaration") forfeits the whole declaration into the pot;
- without a declaration the muck is a fold: nothing more goes in.
The effect is data (declared-chips-go-in, corrects: forfeits-declared); the pot, the Now and the
ruling's text agree."""
from pathlib import Path

import yaml

from ruling_engine.incident.load import incident_text, parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

SCENARIO = Path(__file__).parent / "scenarios" / "edp" / "edp-8-declared-all-in-then-mucked.yaml"


def _report(kb, data):
    incident = parse_incident_text(incident_text(data), "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def _data():
    return yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))["incident"]


def _pots(answer):
    return {e["pot"]: e["amount"] for e in answer.settlement if e["effect"] == "pot"}


def test_a_declared_all_in_then_mucked_commits_the_call_under_edp_gala_ppl(kb):
    report = _report(kb, _data())
    # the pot before the flop bet: 2 + 2; seat 2 bets 20; seat 5's all-in commits the 20 call
    for club, clause in (("edp", "edp.8-3"), ("gala", "gala.house-m"), ("ppl", "ppl.league-52")):
        answer = report.answers[club]
        assert _pots(answer) == {"main": 44}, (club, answer.settlement)
        assert not any(e["effect"] == "return-chips" for e in answer.settlement), club
        assert any(c.clause == clause for r in answer.rulings for c in r.citations), club
        moves = {m["seat"]: m.get("add") for m in answer.now.get("moves", [])}
        assert moves.get(5) == 20, (club, answer.now)
    assert "commits the call to the pot" in render_text(report)


def test_fpc_18_forfeits_the_whole_declared_all_in(kb):
    answer = _report(kb, _data()).answers["fpc"]
    # seat 5 had 198 behind after the blinds and the preflop call: all of it goes in, forfeited
    assert _pots(answer) == {"main": 4 + 20 + 198}, answer.settlement
    assert not any(e["effect"] == "return-chips" for e in answer.settlement)


def test_a_muck_facing_a_bet_without_a_declaration_puts_nothing_more_in(kb):
    data = _data()
    data["timeline"] = [e for e in data["timeline"] if e.get("said") != "all in"]
    report = _report(kb, data)
    for club, answer in report.answers.items():
        assert not any(m.get("seat") == 5 and m.get("add") for m in answer.now.get("moves", [])), club
        pots = _pots(answer)
        back = sum(e["amount"] for e in answer.settlement if e["effect"] == "return-chips")
        assert sum(pots.values()) + back == 24, (club, answer.settlement)
