"""Issue 20: one club's answer agrees with itself across points; no question leaks between points.

A ruling that depends on facts the floor could not establish asks, in its branches, only the
fields its own ruling turns on: not a question of another point's event (U404: the conduct
event's "Was it over in a moment?" inside the exposed-card ruling), nor one that moves nothing in
it (U401: the phone-use "over in a moment" inside gala's soft-play penalty)."""
from ruling_engine.corrected.invariants import branch_violations
from ruling_engine.model import Branch, ClubAnswer, ClubRuling, Report
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES


def _asked(ruling) -> set:
    return {name for branch in ruling.depends for when in branch.when for name, _ in when}


def test_a_point_asks_no_question_of_another_points_event(kb):
    report = rule_on(CASES / "casebook" / "U404.yaml", kb=kb)
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "exposed-card-play")
    assert ruling.basis == "depends"
    assert not any(name.startswith("conduct") for name in _asked(ruling)), _asked(ruling)
    assert len(ruling.depends) == 2 and all(len(b.when) == 1 for b in ruling.depends)


def test_a_phone_question_is_not_asked_of_soft_play(kb):
    report = rule_on(CASES / "casebook" / "U401.yaml", kb=kb)
    ruling = next(r for r in report.answers["gala"].rulings if r.issue == "conduct-penalty")
    assert ruling.basis == "depends"
    assert not any(name.endswith("brief") for name in _asked(ruling)), _asked(ruling)


def _report(*branches):
    ruling = ClubRuling(club="edp", issue="conduct-penalty", basis="depends", outcome="depends", decision="",
                        depends=[Branch(when=w, ruling=None) for w in branches])
    answer = ClubAnswer(club="edp", club_name="EDP", floor="CRMS", rulings=[ruling], derived={}, fired=[])
    return Report(incident_file="x", title="", house="edp", issues=[], given={}, answers={"edp": answer})


def test_the_invariant_finds_a_question_that_moves_nothing():
    leaked = _report([[("deliberate", True), ("brief", True)], [("deliberate", True), ("brief", False)]],
                     [[("deliberate", False), ("brief", True)], [("deliberate", False), ("brief", False)]])
    assert [v.detail.split("ask ")[1].split(",")[0] for v in branch_violations(leaked)] == ["brief"]
    asked = _report([[("deliberate", True)]], [[("deliberate", False)]])
    assert branch_violations(asked) == []



def test_the_headline_is_the_marked_points_ruling_not_a_side_point_ruled_before_it(kb):
    from ruling_engine.render.output import render_text
    report = rule_on(CASES / "casebook" / "V103.yaml", kb=kb)
    side = next(r for r in report.answers["ppl"].rulings if r.issue == "blind-level")
    assert not report.points[side.point].marked       # a side point (the level), ruled for the raise's size
    head = render_text(report).split("== The answer ==", 1)[1].split("Now:", 1)[0]
    raise_size = next(r for r in report.answers["ppl"].rulings if r.issue == "raise-size")
    assert raise_size.decision.split(".")[0] in " ".join(head.split())
    assert side.decision.split(".")[0] not in " ".join(head.split())
