"""Time between entries and presence (issue 22, the notions "Time" and "Presence")."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.timing import duration
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES

NOTIONS = CASES / "notions"
HEAD = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 8
players:
  - {seat: 2, stack: 5200}
  - {seat: 5, stack: 3900}
  - {seat: 8, stack: 4400}
timeline:
  - flop: [A♦, 7♣, 2♠]
  - {seat: 2, chips: [500, 100]}
"""


def _ppl(report, issue):
    return {r.issue: r for r in report.answers["ppl"].rulings}[issue]


@pytest.mark.parametrize("written, seconds", [("15s", 15), ("4min", 240), ("1min 30s", 90), (20, 20),
                                              ("at once", 0)])
def test_after_reads_seconds_and_minutes(written, seconds):
    assert duration(written, "f", 1) == seconds


def test_ppl_45_call_after_the_minute_and_countdown_written_as_time_is_dead(kb):
    on_time = rule_on(NOTIONS / "time-between-entries.yaml", kb=kb)
    late = rule_on(NOTIONS / "time-between-entries-changed.yaml", kb=kb)
    assert _ppl(on_time, "clock").outcome == "time-allowed"
    assert _ppl(late, "clock").outcome == "hand-dead"


def test_clock_seconds_before_come_from_the_times_written(kb, tmp_path):
    path = tmp_path / "i.yaml"
    path.write_text(HEAD + "  - clock_called: {seat: 5, in_question: true, after: 1min 30s}\n"
                    "  - {seat: 5, said: call, chips: [500, 100], after: 20s}\n", encoding="utf-8")
    report = rule_on(path, kb=kb)
    assert any("110 seconds" in line for r in report.answers["fpc"].rulings for line in r.do)


def test_after_that_disagrees_with_the_clock_is_an_error(kb, tmp_path):
    path = tmp_path / "i.yaml"
    path.write_text(HEAD.replace("chips: [500, 100]}", 'chips: [500, 100], at: "21:04"}') +
                    '  - clock_called: {seat: 5, at: "21:05", after: 20s}\n', encoding="utf-8")
    with pytest.raises(FloorcallError, match="agree with the clock"):
        rule_on(path, kb=kb)


def test_unreadable_after_is_an_error_with_a_suggestion(kb, tmp_path):
    path = tmp_path / "i.yaml"
    path.write_text(HEAD + "  - {seat: 5, said: call, chips: [500, 100], after: soon}\n", encoding="utf-8")
    with pytest.raises(FloorcallError, match="after"):
        rule_on(path, kb=kb)


def test_ppl_13_player_back_before_his_turn_is_not_mucked(kb):
    back = rule_on(NOTIONS / "presence-back.yaml", kb=kb)
    late = rule_on(NOTIONS / "presence-back-changed.yaml", kb=kb)
    assert _ppl(back, "absent-player").outcome == "hand-live"
    assert _ppl(late, "absent-player").outcome == "hand-dead"


def test_fpc_17_player_in_the_room_back_during_the_deal_is_live(kb, tmp_path):
    text = (NOTIONS / "presence-back.yaml").read_text(encoding="utf-8").split("\nexpected:")[0]
    path = tmp_path / "i.yaml"
    path.write_text(text.replace("at_last_card: true, back: before-his-turn", "back: during-deal, in_room: true"), encoding="utf-8")
    fpc = {r.issue: r for r in rule_on(path, kb=kb).answers["fpc"].rulings}["absent-player"]
    assert fpc.outcome == "hand-live"


def test_back_that_contradicts_at_turn_is_an_error(kb, tmp_path):
    text = (NOTIONS / "presence-back.yaml").read_text(encoding="utf-8").split("\nexpected:")[0]
    path = tmp_path / "i.yaml"
    path.write_text(text.replace("back: before-his-turn", "back: before-his-turn, at_turn: true"), encoding="utf-8")
    with pytest.raises(FloorcallError, match="at_turn"):
        rule_on(path, kb=kb)
