"""Corrections end where the hand moved past them (issue 20; issue 21 classes 3 and 6): a player a
ruling held to call or fold is free again once a later full raise reopens the betting to him, by
the replay's own reopening rule, unless the restriction lasts the round or the hand
(`restriction_lasts:` in knowledge/vocabulary.yaml); his options are read from the hand as the
floor found it."""
from conftest import CASES
from ruling_engine.corrected.hand import correct
from ruling_engine.corrected.now import now_of
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.model import Citation, ClubRuling
from ruling_engine.rulings.rule_on import rule_on, street_of_points

SHORT_CALL_THEN_RAISE = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
pot_at_start: 6
timeline:
  - flop:
  - {seat: 2, said: bet, total: 10}
  - {seat: 3, chips: [5], in_question: true}
  - {seat: 1, said: raise, total: 40}
"""


def _ruling(*effects, point=0):
    return ClubRuling(club="edp", issue="short-call", basis="express", outcome="x", decision="",
                      effects=list(effects), point=point,
                      citations=[Citation("edp", "x.1", "x.1", "q", "x.1.rule")])


def _corrected(kb, text, *effects):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    points = timeline.points
    return correct(timeline.data, timeline.hand, [_ruling(*effects)], kb.vocabulary,
                   street_of_points(timeline, points), True,
                   {n: p.entries[-1] for n, p in enumerate(points) if p.entries}), timeline


COMPLETED = {"effect": "complete-call", "seat": 3, "add": 5, "total": 10}


def test_a_no_raise_restriction_ends_when_a_later_full_raise_reopens_the_betting(kb):
    hand, timeline = _corrected(kb, SHORT_CALL_THEN_RAISE, COMPLETED, {"effect": "no-raise", "seat": 3})
    assert not hand.holds(3)
    assert hand.options(3) == "call-raise-fold"
    now = now_of(hand, timeline.hand.order_button)
    assert now["restricted"] == []
    seat3 = next(t for t in [now["next"]] + now["then"] if t["seat"] == 3)
    assert seat3["call"] == 30 and seat3["min_raise_to"] == 70


def test_a_raise_short_of_a_full_raise_does_not_reopen_the_betting_to_him(kb):
    text = SHORT_CALL_THEN_RAISE.replace("total: 40", "total: 15")     # 5 more than 10: not a full raise
    hand, _ = _corrected(kb, text, COMPLETED, {"effect": "no-raise", "seat": 3})
    assert hand.holds(3) and hand.options(3) == "call-or-fold"


def test_a_restriction_for_the_rest_of_the_hand_is_not_ended_by_a_reopening(kb):
    hand, _ = _corrected(kb, SHORT_CALL_THEN_RAISE, COMPLETED, {"effect": "passive-options-only", "seat": 3})
    assert hand.holds(3) and hand.options(3) == "call-or-fold"


def test_how_long_each_restriction_lasts_is_declared_in_the_vocabulary(kb):
    lasts = kb.vocabulary.restriction_lasts
    assert lasts["no-raise"] == "until-reopened" and lasts["passive-options-only"] == "hand"
    assert lasts["no-further-raise"] == "round"


def test_q102_the_undercaller_faces_the_full_raise_behind_him_with_every_option(kb):
    """Casebook Q102 (EDP 8 ¶5, FPC 2, PPL league 2): the 1,000 undercall is completed to 1,500
    and may not be a raise; seat 8's full raise to 4,000 then reopens the betting, so when the
    action returns seat 4 may fold, call 2,500 or re-raise to at least 6,500 - never "call or fold
    only" beside a raise he is entitled to."""
    from ruling_engine.corrected.now import now_effects
    report = rule_on(CASES / "casebook" / "Q102.yaml", kb=kb)
    for club in ("edp", "fpc", "ppl"):
        now = report.answers[club].now
        assert 4 not in now["restricted"]
        assert {"seat": 4, "call": 2500, "options": "call-raise-fold", "min_raise_to": 6500} in now["then"]
        assert {"effect": "may-raise", "seat": 4, "call": 2500, "min_raise_to": 6500} in now_effects(now)


def test_a_restriction_lasting_something_unknown_is_a_clear_error(tmp_path):
    import pytest
    from conftest import ROOT
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.yaml_source import load_file
    from ruling_engine.knowledge.vocabulary import parse_vocabulary
    text = (ROOT / "knowledge" / "vocabulary.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "vocabulary.yaml"
    bad.write_text(text.replace("  no-raise: until-reopened", "  no-raise: until-reopend"), encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        parse_vocabulary(load_file(bad, what="the vocabulary"), str(bad))
    assert "until-reopened" in str(error.value) and "until-reopend" in str(error.value)
    assert error.value.line is not None


def test_the_casebook_judge_reads_who_acts_next_and_who_may_raise_from_the_now(kb):
    """An answer is judged on what it tells the floor: besides its rulings' effects and its pots,
    the Now's next seat (acts-next) and each seat it leaves free to raise (may-raise)."""
    from ruling_engine.rulings.agreement import judge
    report = rule_on(CASES / "casebook" / "Q102.yaml", kb=kb)
    want = {"outcome": "must-complete-call", "basis": "express", "cites": ["edp.8-5-s2-6"],
            "effects": [{"effect": "acts-next", "seat": 1},
                        {"effect": "may-raise", "seat": 4, "call": 2500, "min_raise_to": 6500}]}
    (verdict,) = judge(report, {"edp": {"short-call": want}}, "Q102")
    assert verdict.agrees, verdict.problems
    wrong = {**want, "effects": [{"effect": "acts-next", "seat": 6}]}
    (verdict,) = judge(report, {"edp": {"short-call": wrong}}, "Q102")
    assert not verdict.agrees
