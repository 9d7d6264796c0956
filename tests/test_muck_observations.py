"""What the incident says about a hand in the muck (issue 22, "Observations, not conclusions"):
whether the cards touched the muck pile is what the floor saw, and left out it is not stated
(never "did not touch"); whether they can be picked out with certainty is a conclusion the floor
may not be able to give, so it may be left out too. Either, left out, is ruled every way it can
be, and the ruling says what it turns on."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.upgrade import state_former_defaults
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: fpc
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 6, stack: 200}}
timeline:
  - {{seat: 3, did: raise, total: 6}}
  - {{seat: 6, did: call}}
  - {{seat: 1, did: fold}}
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: check}}
  - hand_mucked: {{{muck}}}
"""


def rule(kb, muck):
    incident = parse_incident_text(BASE.format(muck=muck), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club, issue="mucked-hand"):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def test_touched_muck_left_out_is_not_stated_and_ruled_both_ways_never_as_untouched(kb):
    """FPC 18 s1 and PPL League 14 s3 turn on whether a live hand touched the muck pile. Left out,
    the ruling is given both ways and names hand_mucked.touched; it once defaulted to false, which
    silently set those clauses aside."""
    unsaid = rule(kb, "seat: 6, by: dealer, protected: true, retrievable: true, misled_by: nobody")
    for club in ("fpc", "ppl"):
        assert ruling(unsaid, club).outcome == "depends"
        assert "hand_mucked.touched_muck" in ruling(unsaid, club).decision
    seen = rule(kb, "seat: 6, by: dealer, protected: true, retrievable: true, misled_by: nobody, touched_muck: true")
    assert ruling(seen, "fpc").outcome == "hand-dead"
    assert {c.clause for c in ruling(seen, "fpc").citations} == {"fpc.18-s1"}


def test_retrievable_may_be_left_out_and_is_then_ruled_both_ways(kb):
    """`retrievable` was required; a floor that cannot say whether the cards can be picked out
    leaves it out. FPC 18 s3 ("if it is possible to determine what it was") then rules both ways."""
    muck = "seat: 6, by: player, misled_by: hand-owner, touched_muck: true"
    unsaid = rule(kb, muck)
    assert ruling(unsaid, "fpc").outcome == "depends"
    assert "hand_mucked.retrievable" in ruling(unsaid, "fpc").decision
    assert ruling(rule(kb, muck + ", retrievable: true"), "fpc").outcome == "hand-restored"


def test_upgrade_writes_touched_muck_false_into_an_older_file_that_leaves_it_out(kb):
    """An older file meant "did not touch" by leaving touched_muck out; the upgrade says so. It
    never writes retrievable: older files always gave it."""
    text = BASE.format(muck="seat: 6, by: dealer, protected: true, retrievable: true, misled_by: nobody")
    new, written = state_former_defaults(text, "old.yaml", kb.vocabulary)
    assert written == 1
    assert "touched_muck: false" in new
    assert new.count("retrievable") == 1


def test_floorcall_events_says_the_muck_fields_left_out_are_not_stated(kb):
    text = events_text(kb, "hand_mucked")
    touched = next(line for line in text.split("\n    ") if line.startswith("touched_muck"))
    retrievable = next(line for line in text.split("\n    ") if line.startswith("retrievable"))
    assert "left out: not stated" in touched and "default" not in touched.split("—")[0].replace("older", "")
    assert "left out: not stated" in retrievable and "required" not in retrievable


def test_fpc_a_tabled_winner_the_dealer_sweeps_into_the_muck_stands(kb):
    """FPC 20 "A dealer cannot kill a winning hand that was turned face up" is written for the
    hand the dealer has put in the muck, so it governs 18 s1 (touching the muck pile) there."""
    report = rule(kb, "seat: 6, by: dealer, tabled: true, winning: true, retrievable: true, "
                      "misled_by: nobody, touched_muck: true, protected: false")
    assert ruling(report, "fpc").outcome == "hand-stands-as-winner"


def test_the_questionnaire_lets_the_floor_leave_touched_muck_and_retrievable_unsaid(kb):
    """`floorcall ask` and the floor app (one questionnaire): both muck questions may be answered
    blank ("not said"), and neither is then filled in as a value the floor did not give."""
    from ruling_engine.ask.questionnaire import Session
    session = Session(kb, house="fpc")
    for name in ("hand_mucked.touched_muck", "hand_mucked.retrievable"):
        assert session.question(name).allow_blank, name


def test_floorcall_events_says_cards_over_the_line_held_short_of_the_muck_are_touched_muck_false(kb):
    """Issue 22 (V102): a translator could not say "pushed over the betting line, held by the dealer
    short of the muck". touched_muck: false says it (with over_line: true, read by FPC 18 s1 alone);
    `floorcall events` and docs/timeline.md now say so plainly."""
    text = events_text(kb, "hand_mucked")
    flat = " ".join(text.split())
    touched = flat[flat.index("touched_muck: bool"):].split(" — ", 1)[1][:500]
    assert "pushed over the betting line and held by the dealer short of the pile are false" in touched
    from conftest import ROOT
    assert "**Cards over the line, held short of the muck.**" in (ROOT / "docs" / "timeline.md").read_text(encoding="utf-8")


def test_cards_said_not_to_touch_the_muck_are_not_ruled_dead_by_a_touch_clause(kb):
    """Issue 21 (1): FPC 18 s1 ("If a live hand touches the muck pile") and PPL League 14 s3 ("If at
    any time a player's cards touch the muck pile") turn on the cards reaching the muck. A player's
    throw the floor saw stop short of it (touched_muck: false) is not ruled dead by either clause;
    true is; left out is ruled both ways."""
    muck = "seat: 6, by: player, retrievable: true, misled_by: nobody"
    untouched = rule(kb, muck + ", touched_muck: false")
    assert "fpc.18-s1" not in {c.clause for c in ruling(untouched, "fpc").citations}
    ppl = ruling(untouched, "ppl")
    assert "ppl.league-14-s3" not in {c.clause for c in ppl.citations}
    assert ppl.outcome != "hand-dead"
    touched = rule(kb, muck + ", touched_muck: true")
    assert "fpc.18-s1" in {c.clause for c in ruling(touched, "fpc").citations}
    assert ruling(touched, "ppl").outcome == "hand-dead"
    assert {c.clause for c in ruling(touched, "ppl").citations} == {"ppl.league-14-s3"}
    unsaid = rule(kb, muck)
    assert ruling(unsaid, "ppl").outcome == "depends"
    assert "hand_mucked.touched_muck" in ruling(unsaid, "ppl").decision
