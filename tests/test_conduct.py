"""Conduct at the table and its penalties: every conduct clause is reached by an incident that
describes what the floor saw, penalties follow each club's own scale and escalate with earlier
warnings, and the numbers (hands in a round, blinds, chips removed) are worked out."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: {house}
game: {{format: {format}, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 3, stack: 4200, warnings: {warnings}}}
  - {{seat: 5, stack: 3000}}
  - {{seat: 7, stack: 6100}}
timeline:
  - flop:
  - conduct: {{{conduct}}}
"""


def rule(kb, conduct, house="edp", fmt="tournament", warnings=0):
    text = BASE.format(house=house, format=fmt, warnings=warnings, conduct=conduct)
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club, issue):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def cited(report, club):
    return {c.clause for r in report.answers[club].rulings for c in r.citations}


# What the floor saw -> the clause of each club it must reach (the conduct clauses of issue 5).
REACHES = [
    ("seat: 3, did: hand-unprotected, live_hand: true", "tournament", 0, ["edp.1-9-b1"]),
    ("seat: 3, did: cards-or-chips-hidden", "tournament", 0, ["edp.1-9-b3"]),
    ("seat: 3, did: ignored-mistake", "tournament", 0, ["edp.1-9-b6", "gala.behaviour-k"]),
    ("seat: 3, did: asked-advice, live_hand: true", "tournament", 0, ["edp.1-9-b8", "edp.9-2", "ppl.league-12-s1", "fpc.22"]),
    ("seat: 3, did: delayed-game", "tournament", 0, ["edp.1-9-b9", "fpc.30", "ppl.league-46"]),
    ("seat: 3, did: phone-use, disruptive: true", "cash", 0, ["edp.1-17", "fpc.34-s2", "ppl.nights-7"]),
    ("seat: 3, did: phone-use, objection: true", "cash", 0, ["edp.1-18", "fpc.34-s2"]),
    ("seat: 3, did: betting-app, live_hand: true", "cash", 0, ["edp.1-19"]),
    ("seat: 3, by: spectator, did: sat-behind-player", "cash", 0, ["edp.1-20"]),
    ("seat: 3, did: other-language, live_hand: true", "cash", 0, ["edp.1-23", "gala.dealer-q", "gala.behaviour-f"]),
    ("seat: 3, did: agreed-check-down, third_player_all_in: true", "tournament", 0,
     ["edp.8-40", "gala.unethical-j", "fpc.25-s3", "ppl.league-46"]),
    ("seat: 3, did: disclosed-cards, about_hand: other-folded", "tournament", 0,
     ["edp.9-1", "edp.9-1-b1", "gala.unethical-l-s1-2", "ppl.league-55", "fpc.21-s1", "fpc.22"]),
    ("seat: 3, did: criticised-play", "tournament", 0, ["edp.9-1-b2", "gala.behaviour-b"]),
    ("seat: 3, did: speculated-on-hand, about_hand: other-live", "tournament", 0,
     ["edp.9-1-b3", "gala.unethical-i", "ppl.league-55"]),
    ("seat: 3, did: soft-play", "tournament", 0, ["edp.9-7", "gala.unethical-g", "ppl.league-46"]),
    ("seat: 3, did: touched-others-chips", "tournament", 0, ["edp.9-8", "edp.9-8-b2"]),
    ("seat: 3, did: abused-player", "tournament", 0, ["edp.9-8-b5", "gala.behaviour-g", "fpc.38", "ppl.nights-8"]),
    ("seat: 3, did: excessive-chatter", "tournament", 0, ["edp.9-8-b6"]),
    ("seat: 3, did: slow-rolled", "tournament", 0, ["fpc.7-s3-4", "gala.behaviour-a"]),
    ("seat: 3, did: phone-call, live_hand: true", "tournament", 0, ["fpc.34-s1", "fpc.29-s1"]),
    ("seat: 3, did: device-on-table", "tournament", 0, ["fpc.35"]),
    ("seat: 3, did: threatened", "tournament", 0, ["fpc.30"]),
    ("seat: 3, did: slow-rolled", "tournament", 2, ["fpc.29-s2"]),
    ("seat: 3, did: abused-dealer", "tournament", 0, ["gala.dealer-t-s3-4"]),
    ("seat: 3, did: ungracious", "tournament", 0, ["gala.behaviour-a"]),
    ("seat: 3, did: inattentive, live_hand: true", "tournament", 0, ["gala.behaviour-c"]),
    ("seat: 3, did: showed-cards, live_hand: true", "tournament", 0, ["gala.behaviour-d", "edp.9-2"]),
    ("seat: 3, by: spectator, did: sat-behind-player, final_table: true", "tournament", 0, ["gala.tournament-bb"]),
    ("seat: 3, did: asked-pot-out-of-turn, live_hand: true, deliberate: false", "cash", 0,
     ["gala.unethical-p2", "gala.unethical-e", "gala.unethical-after-l-p1"]),
    ("seat: 3, did: advised-play, to_player_in_hand: true", "tournament", 1,
     ["gala.unethical-h", "gala.unethical-after-l-p2", "ppl.league-57"]),
    ("seat: 3, did: chip-dumping", "tournament", 0, ["ppl.league-54-s1-2", "ppl.league-54-s3"]),
]


@pytest.mark.parametrize("conduct, fmt, warnings, clauses", REACHES, ids=[r[0] for r in REACHES])
def test_conduct_seen_at_the_table_reaches_each_clubs_clause(kb, conduct, fmt, warnings, clauses):
    for clause in clauses:
        club = clause.split(".")[0]
        report = rule(kb, conduct, house=club, fmt=fmt, warnings=warnings)
        assert clause in cited(report, club), f"{clause} not reached by {conduct}"


def test_every_conduct_clause_of_the_brief_is_reached_by_some_incident():
    reached = {c for *_rest, clauses in REACHES for c in clauses}
    penalties = {"edp.9-3", "edp.9-9", "edp.9-9-b1", "edp.9-9-b2", "edp.9-9-b3", "edp.9-9-b4",
                 "edp.9-9-b5", "edp.9-10", "edp.9-11", "edp.9-12"}      # tested by escalation below
    brief = {"edp.1-9-b1", "edp.1-9-b3", "edp.1-9-b6", "edp.1-9-b8", "edp.1-9-b9", "edp.1-17", "edp.1-18",
             "edp.1-19", "edp.1-20", "edp.1-23", "edp.8-40", "edp.9-1", "edp.9-1-b1", "edp.9-1-b2",
             "edp.9-1-b3", "edp.9-7", "edp.9-8", "edp.9-8-b2", "edp.9-8-b5", "edp.9-8-b6",
             "fpc.7-s3-4", "fpc.21-s1", "fpc.22", "fpc.25-s3", "fpc.29-s1", "fpc.29-s2", "fpc.30",
             "fpc.34-s1", "fpc.34-s2", "fpc.35", "fpc.38", "gala.dealer-q", "gala.dealer-t-s3-4",
             "gala.behaviour-a", "gala.behaviour-b", "gala.behaviour-c", "gala.behaviour-d",
             "gala.behaviour-f", "gala.behaviour-g", "gala.behaviour-k", "gala.tournament-bb",
             "gala.unethical-p2", "gala.unethical-e", "gala.unethical-g", "gala.unethical-h",
             "gala.unethical-i", "gala.unethical-j", "gala.unethical-l-s1-2", "gala.unethical-after-l-p1",
             "gala.unethical-after-l-p2", "ppl.nights-7", "ppl.nights-8", "ppl.league-12-s1",
             "ppl.league-46", "ppl.league-54-s1-2", "ppl.league-54-s3", "ppl.league-55", "ppl.league-57"}
    assert brief - penalties <= reached


def _steps(report, club):
    return [e["step"] for e in ruling(report, club, "conduct-penalty").effects if e["effect"] == "penalty-option"]


@pytest.mark.parametrize("warnings, first_step, cites_escalation", [(0, 1, False), (1, 2, True), (2, 3, True), (5, 4, True)])
def test_edp_penalty_options_escalate_with_earlier_warnings(kb, warnings, first_step, cites_escalation):
    report = rule(kb, "seat: 3, did: excessive-chatter", warnings=warnings)
    got = ruling(report, "edp", "conduct-penalty")
    assert got.outcome == "options-at-discretion" and got.discretion
    assert _steps(report, "edp") == list(range(first_step, 6))       # in EDP's own order, ending at DQ
    assert ("edp.9-10.escalating-penalties" in got.rules_fired) == cites_escalation
    assert "edp.9-10.crms-discretion" in got.rules_fired


@pytest.mark.parametrize("warnings, steps", [(0, [1, 2, 3, 4, 5, 6]), (2, [3, 4, 5, 6]), (4, [5, 6])])
def test_ppl_scale_runs_from_warning_through_minutes_to_disqualification(kb, warnings, steps):
    report = rule(kb, "seat: 3, did: abused-player", house="ppl", warnings=warnings)
    assert _steps(report, "ppl") == steps
    penalties = [e["penalty"] for e in ruling(report, "ppl", "conduct-penalty").effects if e["effect"] == "penalty-option"]
    assert penalties[-2:] == ["40 minutes away from the table", "disqualification"]


def test_edp_player_on_penalty_misses_a_round_of_this_many_hands_and_blinds(kb):
    report = rule(kb, "seat: 3, did: excessive-chatter", warnings=3)
    effects = ruling(report, "edp", "conduct-penalty").effects
    assert {"effect": "away-on-penalty", "seat": 3, "hands_per_round": 4, "blinds_per_round": 300} in effects
    assert {"effect": "chips-removed", "seat": 3, "amount": 4200} in effects


def test_fpc_repeated_slow_roll_sets_aside_the_minutes_scale(kb):
    report = rule(kb, "seat: 3, did: slow-rolled", house="fpc", warnings=1)
    got = ruling(report, "fpc", "conduct-penalty")
    assert got.outcome == "removal-possible"
    assert "fpc.29-s1.five-minutes" in got.set_aside
    first = rule(kb, "seat: 3, did: slow-rolled", house="fpc", warnings=0)
    assert ruling(first, "fpc", "conduct-penalty").outcome == "warning"      # the scale's first step
    assert _steps(first, "fpc") == [1, 2, 3, 4]                             # the rest at discretion


@pytest.mark.parametrize("house, steps", [("fpc", [1, 2, 3, 4]), ("ppl", [1, 2, 3, 4, 5, 6])])
def test_a_first_offence_gets_the_first_step_of_the_scale_the_rest_at_discretion(kb, house, steps):
    """Issue 13, class 14: FPC r.29 and PPL •54 list their penalties as a scale; a player with no
    earlier warning gets a verbal warning (the ruling), the later steps stay open; once warned,
    he is past the first step."""
    first = rule(kb, "seat: 3, did: foul-language", house=house, warnings=0)
    got = ruling(first, house, "conduct-penalty")
    assert got.outcome == "warning" and got.discretion
    assert {"effect": "warning", "seat": 3, "kind": "verbal"} in got.effects
    assert _steps(first, house) == steps
    again = rule(kb, "seat: 3, did: foul-language", house=house, warnings=1)
    got = ruling(again, house, "conduct-penalty")
    assert got.outcome == "options-at-discretion"
    assert _steps(again, house) == steps[1:]
    assert not any(e["effect"] == "warning" for e in got.effects)


def test_gala_deliberate_first_offence_is_warned_with_removal_open(kb):
    """'Any player who engages in any of the above actions will be warned'; deliberate, the
    Management also reserve the right to go further (removal)."""
    report = rule(kb, "seat: 3, did: advised-play, deliberate: true", house="gala")
    got = ruling(report, "gala", "conduct-penalty")
    assert got.outcome == "warning"
    assert {"effect": "removal-possible", "seat": 3} in got.effects


def test_gala_unintentional_first_offence_is_a_reminder_deliberate_may_mean_removal(kb):
    slip = rule(kb, "seat: 3, did: advised-play, deliberate: false", house="gala")
    assert ruling(slip, "gala", "conduct-penalty").outcome == "warning"
    repeated = rule(kb, "seat: 3, did: advised-play, deliberate: false", house="gala", warnings=1)
    assert ruling(repeated, "gala", "conduct-penalty").outcome == "removal-possible"


def test_fpc_phone_call_kills_a_live_hand_but_edp_permits_the_phone(kb):
    report = rule(kb, "seat: 3, did: phone-call, live_hand: true", house="fpc")
    assert ruling(report, "fpc", "conduct").outcome == "hand-dead"
    assert ruling(report, "edp", "conduct").outcome == "allowed"
    assert ruling(report, "edp", "conduct-penalty").outcome == "no-penalty"


def test_a_spectator_raises_no_penalty_issue_and_player_only_clauses_stay_silent(kb):
    report = rule(kb, "by: spectator, did: speculated-on-hand, about_hand: other-live", house="fpc")
    assert [issue for issue, _ in report.issues] == ["conduct"]
    assert ruling(report, "fpc", "conduct").outcome == "not-allowed"          # 21 s1: players and spectators
    assert ruling(report, "edp", "conduct").basis == "not covered"            # 9 ¶1: players


def test_english_only_at_gala_even_between_hands_but_edp_only_during_play(kb):
    report = rule(kb, "seat: 3, did: other-language, hand_in_progress: false", house="gala")
    assert ruling(report, "gala", "conduct").outcome == "not-allowed"
    # edp 1 ¶23 enforces English only "during the play of hands": between hands it is allowed, by
    # that reading of the clause's limit
    assert (ruling(report, "edp", "conduct").outcome, ruling(report, "edp", "conduct").basis) == ("allowed", "reading")


def test_unknown_conduct_is_a_clear_error_with_a_suggestion(kb):
    text = BASE.format(house="edp", format="cash", warnings=0, conduct="seat: 3, did: swore")
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "t.yaml" in str(err.value) and "did" in str(err.value)


DID = ["phone-call", "phone-use", "device-on-table", "betting-app", "other-language", "foul-language",
       "abused-dealer", "abused-player", "threatened", "disclosed-cards", "advised-play", "criticised-play",
       "asked-advice", "speculated-on-hand", "showed-cards", "agreed-check-down", "soft-play", "chip-dumping",
       "signalled-hand", "asked-pot-out-of-turn", "slow-rolled", "excessive-chatter", "touched-others-chips",
       "ungracious", "inattentive", "ignored-mistake", "unclear-action", "hand-unprotected",
       "cards-or-chips-hidden", "delayed-game"]
FORBIDDEN = {"not-allowed", "hand-dead", "removal-possible", "cards-may-be-exposed"}


@pytest.mark.parametrize("flags", ["live_hand: true, disruptive: true, third_player_all_in: true, about_hand: own-live, to_player_in_hand: true",
                                   "live_hand: false, about_hand: other-folded",
                                   "live_hand: false, hand_in_progress: false, objection: true"])
@pytest.mark.parametrize("did", DID)
def test_a_penalty_is_offered_exactly_where_the_clubs_own_clauses_forbid_the_conduct(kb, did, flags):
    report = rule(kb, f"seat: 3, did: {did}, {flags}")
    for club in ("edp", "gala", "fpc", "ppl"):
        conduct, penalty = ruling(report, club, "conduct"), ruling(report, club, "conduct-penalty")
        if conduct.basis == "not covered":
            assert penalty.basis == "not covered", (club, did)
        elif conduct.outcome == "allowed":
            assert penalty.outcome in ("no-penalty", "floor-decides"), (club, did)
        elif conduct.outcome in FORBIDDEN and club != "gala":
            assert penalty.basis != "not covered", (club, did)     # Gala's penalties cover its unethical list only


def test_a_call_cut_short_at_once_is_phone_use_kept_to_a_minimum_at_ppl(kb):
    """PPL Nights •7 "Mobile phone use is to be kept to a minimum at the table": a call answered
    and cut short at once (conduct.brief) is within the minimum, the hand plays on and nothing is
    penalised; a call he keeps at is more than the minimum, and a penalty may follow."""
    brief = rule(kb, "seat: 3, did: phone-call, live_hand: true, brief: true", house="ppl")
    assert ruling(brief, "ppl", "conduct").outcome == "allowed"
    assert {"effect": "hand-live", "seat": 3} in ruling(brief, "ppl", "conduct").effects
    assert ruling(brief, "ppl", "conduct-penalty").outcome == "no-penalty"
    kept_at = rule(kb, "seat: 3, did: phone-call, live_hand: true, brief: false", house="ppl")
    assert ruling(kept_at, "ppl", "conduct").outcome == "not-allowed"
    assert ruling(kept_at, "ppl", "conduct-penalty").outcome == "warning"
    # FPC 34 s1 kills the hand of a player who makes or receives a call, brief or not
    assert ruling(brief, "fpc", "conduct").outcome == "hand-dead"


def test_a_call_not_said_to_be_brief_is_ruled_both_ways_at_ppl_never_as_kept_at(kb):
    """Observations, not conclusions: `conduct.brief` left out is not stated (it once defaulted to
    false, which made every call one "kept at"). PPL •7 turns on it ("kept to a minimum"), so PPL
    rules both ways and says the ruling turns on conduct.brief; FPC 34 s1 kills the hand either
    way, so its ruling stands."""
    unstated = rule(kb, "seat: 3, did: phone-call, live_hand: true", house="ppl")
    ppl = ruling(unstated, "ppl", "conduct")
    assert ppl.outcome == "depends"
    assert "conduct.brief" in ppl.decision
    assert ruling(unstated, "fpc", "conduct").outcome == "hand-dead"


def test_edp_collusion_penalty_rests_on_9_7_and_the_english_only_speaker_keeps_his_hand(kb):
    """EDP 9 ¶7 "Chip dumping and other forms of collusion may result in disqualification" is a
    penalty clause: the penalty ruling cites it (removal possible); 1 ¶23 tells a speaker of another
    language to speak English and nothing kills his live hand (casebook D302)."""
    report = rule(kb, "seat: 3, did: signalled-hand, live_hand: true, to_player_in_hand: true")
    penalty = ruling(report, "edp", "conduct-penalty")
    assert "edp.9-7" in {c.clause for c in penalty.citations}
    assert {"effect": "removal-possible", "seat": 3} in penalty.effects
    polish = rule(kb, "seat: 3, did: other-language, live_hand: true")
    assert {"effect": "hand-live", "seat": 3} in ruling(polish, "edp", "conduct").effects


def test_passing_hand_information_to_a_player_in_the_pot_breaks_fpc_22_and_ppl_55(kb):
    """FPC 22 "it is not acceptable under any circumstances to give away information ... that would
    give information to players remaining in the hand"; PPL •55 "Players are obliged to protect the
    other players in the tournament at all times" (casebook D302)."""
    report = rule(kb, "seat: 3, did: signalled-hand, live_hand: true, to_player_in_hand: true", house="fpc")
    assert "fpc.22" in {c.clause for c in ruling(report, "fpc", "conduct").citations}
    assert "ppl.league-55" in {c.clause for c in ruling(report, "ppl", "conduct").citations}
