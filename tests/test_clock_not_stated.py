"""A clock whose times nobody states (P702): the seconds since the clock call are not stated, never
read as 0, and PPL •45 ("If a player has not acted on his hand by the time the countdown is over
the hand will be dead") is given as its condition; a count of the all-in asked for on the clock is
not charged to the player (PPL How the game works •10: "At this point, either the player or the
dealer should calculate the amount of the player's all-in bet").
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

CLOCK = """title: t
house: ppl
game: {format: tournament, variant: NLHE, blinds: [1500, 3000]}
button: 1
players:
  - {seat: 1, stack: 14000}
  - {seat: 2, stack: 30000}
pot_at_start: 13500
timeline:
  - flop:
  - {seat: 2, did: check}
  - {seat: 1, said: all in, total: 14000}
  - clock_called: {seat: 2, seconds_before: 120, in_question: true SECONDS}
MIDDLE  - {seat: 2, said: call}
"""
TIME = '  - said: {by: dealer, words: "Time.", kind: time}\n'


def _clock(kb, seconds="", middle=TIME):
    text = CLOCK.replace(" SECONDS", seconds).replace("MIDDLE", middle)
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return next(r for r in report.answers["ppl"].rulings if r.issue == "clock")


def test_ppl_league_45_time_called_with_no_times_is_dead_and_the_seconds_not_stated_not_0(kb):
    """The dealer's call of time is what says the countdown is over (the notion pair time-called,
    whose blind readers rule the hand dead); the seconds are not stated, never '0 seconds'."""
    ruling = _clock(kb)
    assert ruling.outcome == "hand-dead"
    assert "ppl.league-45.time-called-hand-dead" in ruling.rules_fired
    assert "ppl.league-45.time-since-clock-not-stated" not in ruling.rules_fired
    assert not any("0 seconds" in line for line in ruling.do)
    assert any("not stated" in line for line in ruling.do)


def test_ppl_league_45_acting_before_anyone_called_time_is_in_time_with_no_times(kb):
    """The notion pair time-called (-changed: he calls, then time is called): nobody had called
    time when he acted, so the countdown was not over and his action stands."""
    ruling = _clock(kb, middle="")
    assert ruling.outcome == "time-allowed"
    assert "ppl.league-45.acted-within-time" in ruling.rules_fired
    assert {"effect": "hand-live", "seat": 2} in ruling.effects


def test_ppl_league_45_not_acted_and_no_times_gives_the_clauses_condition(kb):
    text = CLOCK.replace(" SECONDS", "").replace("MIDDLE  - {seat: 2, said: call}\n", "")
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    ruling = next(r for r in report.answers["ppl"].rulings if r.issue == "clock")
    assert "ppl.league-45.time-since-clock-not-stated" in ruling.rules_fired
    assert any("not stated" in line for line in ruling.do)
    assert not any("0 seconds" in line for line in ruling.do)
    assert not any(e["effect"] == "hand-dead" for e in ruling.effects)


def test_ppl_league_45_stated_seconds_past_the_countdown_still_dead(kb):
    ruling = _clock(kb, ", seconds_after: 75")
    assert ruling.outcome == "hand-dead"
    assert "ppl.league-45.time-since-clock-not-stated" not in ruling.rules_fired


def test_ppl_howto_10_count_of_the_all_in_on_the_clock_not_charged(kb):
    ruling = _clock(kb, middle="  - count_requested: {seat: 2, of: bet, target: 1}\n" + TIME)
    assert "ppl.howto-10.all-in-count-not-charged-to-clock" in ruling.rules_fired
    assert any(c.clause == "ppl.howto-10" for c in ruling.citations)
    # the time call came after a count that was not his time: not a countdown over (P702)
    assert "ppl.league-45.time-called-hand-dead" not in ruling.rules_fired
    assert not any(e["effect"] == "hand-dead" for e in ruling.effects)
