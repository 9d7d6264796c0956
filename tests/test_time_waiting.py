"""The time a player has faced a bet when the floor is called, with no clock called (issues 21 and
22, "Time"): read from the entries' after: / at:, and each club's time clauses read it."""
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES

NOTIONS = CASES / "notions"
HEAD = """title: t
house: fpc
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


def _clock(report, club):
    return {r.issue: r for r in report.answers[club].rulings}.get("clock")


def _write(tmp_path, tail, name="t.yaml"):
    path = tmp_path / name
    path.write_text(HEAD + tail, encoding="utf-8")
    return path


def test_fpc_43_twenty_seconds_facing_a_bet_read_from_the_times(kb):
    """FPC 43 ¶2 ("facing a bet - maximum 20 seconds"): 15 seconds leave him time, 40 do not, and
    43 ¶3's insisting on a final decision (fold if no instant reply) is cited past them."""
    inside = _clock(rule_on(NOTIONS / "time-facing-a-bet.yaml", kb=kb), "fpc")
    over = _clock(rule_on(NOTIONS / "time-facing-a-bet-changed.yaml", kb=kb), "fpc")
    assert (inside.outcome, over.outcome) == ("time-allowed", "decide-now")
    assert {"seat": 5, "seconds": 20, "effect": "time-allowed"} in [dict(e) for e in inside.effects]
    assert {"fpc.43-p2", "fpc.43-p3"} <= {c.clause for c in over.citations}
    assert not any(e.get("effect") == "hand-dead" for e in over.effects)     # dead only if he refuses


def test_seconds_facing_the_bet_count_the_afters_written_when_an_entry_between_has_none(kb, tmp_path):
    """An entry that says nothing of when it came is at least 0 seconds after the one above: the
    dealer's two prompts, then 40 seconds, are at least 40 seconds facing the bet."""
    path = _write(tmp_path, """  - said: {by: dealer, words: "Six hundred to you.", to: 5}
  - said: {by: dealer, words: "Six hundred to you.", to: 5}
  - said: {by: 2, words: "Floor!", to: dealer, after: 40s}
""")
    ruling = _clock(rule_on(path, kb=kb), "fpc")
    assert ruling.outcome == "decide-now" and "40 seconds" in " ".join(ruling.do)


def test_no_time_written_raises_no_clock_point(kb, tmp_path):
    path = _write(tmp_path, """  - said: {by: 2, words: "Floor!", to: dealer}\n""")
    assert _clock(rule_on(path, kb=kb), "fpc") is None


def test_a_club_with_no_time_limit_says_nothing_on_it_and_ppl_leaves_the_clock_to_be_called(kb):
    report = rule_on(NOTIONS / "time-facing-a-bet-changed.yaml", kb=kb)
    for club in ("edp", "gala"):
        ruling = _clock(report, club)
        assert ruling.basis == "does not arise" and not ruling.effects
    ppl = _clock(report, "ppl")
    assert ppl.outcome == "time-allowed" and not any(e.get("effect") == "hand-dead" for e in ppl.effects)


def test_fpc_43_facing_an_all_in_gives_thirty_plus_thirty_before_insisting(kb, tmp_path):
    """FPC 43 ¶3: "When facing ... an all in - 30 seconds after which ... another 30 seconds"."""
    tail = """  - {seat: 5, did: all-in, total: 3900}
  - said: {by: 8, words: "Floor!", to: dealer, after: %s}
"""
    inside = _clock(rule_on(_write(tmp_path, tail % "50s", "a.yaml"), kb=kb), "fpc")
    over = _clock(rule_on(_write(tmp_path, tail % "90s", "b.yaml"), kb=kb), "fpc")
    assert inside.outcome == "time-allowed" and {"effect": "time-allowed", "seat": 8, "seconds": 60} in \
        [dict(e) for e in inside.effects]
    assert over.outcome == "decide-now"
