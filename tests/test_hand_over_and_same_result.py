"""Issue 20, e20/now: the answer the floor acts on.

- a Now names a player to act only while a betting round is open with two or more players able
  to act (or he faces chips he must call or fold to): after an all-in run-out nobody "acts next";
- another club is marked DIFFERS from the house only where its result differs (the Now, the pots),
  not where its rulings carry the same corrections under other issues;
- a rule that fired and decides the point reaches the answer with its quote: one that rules the
  same as the clause that holds every way, but only under some unknown answers.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text, to_dict
from ruling_engine.rulings.rule_on import rule_incident


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


RUN_OUT = """house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 40}
  - {seat: 3, stack: 200}
timeline:
  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - deal:
  - {seat: 1, did: fold}
  - {seat: 2, did: all-in, total: 40}
  - {seat: 3, did: call, total: 40}
  - flop:
  - turn:
  - river:
  - said: {by: 3, words: "Do I have to check?", kind: claim, in_question: true}
"""


def test_now_names_nobody_to_act_when_one_player_left_can_bet(kb):
    """Seat 2 is all in, seat 3 has chips and nothing to call: no betting round is open, so the
    Now never says 'seat 3 acts next ... may only check'."""
    report = _report(kb, RUN_OUT)
    for club, answer in report.answers.items():
        assert answer.now.get("next") is None, (club, answer.now.get("next"))
        assert answer.now.get("then") == [], club
    text = render_text(report)
    assert "acts next" not in text and "next to act" not in text


FACING_ALL_IN = RUN_OUT.replace("  - {seat: 3, did: call, total: 40}\n  - flop:\n  - turn:\n  - river:\n", "")


def test_a_player_facing_an_all_in_still_acts_when_nobody_else_can_bet(kb):
    """The other side of the rule: facing chips, the one player with chips still calls or folds."""
    report = _report(kb, FACING_ALL_IN)
    nxt = report.answers["edp"].now.get("next")
    assert nxt is not None and nxt["seat"] == 3 and nxt["call"] == 38, nxt


CALL_SHORT = """house: ppl
game: {format: tournament, variant: NLHE, blinds: [50, 100]}
button: 1
players:
  - {seat: 1, folded: true}
  - {seat: 2, stack: 5000}
  - {seat: 4, stack: 5000}
  - {seat: 6, stack: 5000}
pot_at_start: 400
timeline:
  - flop: [Ks, 8d, 3c]
  - {seat: 2, said: "bet three hundred", chips: [100, 100, 100]}
  - {seat: 4, said: "raise to nine hundred", chips: [500, 100, 100, 100, 100]}
  - {seat: 6, said: call, chips: [100, 100, 100], in_question: true}
  - said: {by: 6, words: "I only saw the three hundred."}
"""


def test_a_club_with_the_house_result_is_not_marked_differs(kb):
    """Two clubs holding the caller to his declared call put the same 600 more in, under different
    issues: same Now, same pot, so neither the brief nor the point's other clubs say DIFFERS."""
    report = _report(kb, CALL_SHORT)
    data = to_dict(report)
    house = data["clubs"]["ppl"]
    same = [club for club, answer in data["clubs"].items() if club != "ppl"
            and {k: v for k, v in answer["now"].items() if k != "restricted"} ==
            {k: v for k, v in house["now"].items() if k != "restricted"}
            and answer["settlement"] == house["settlement"] and not answer["contradictions"]]
    assert same, "no other club has the house's result: the incident does not test the mark"
    for club in same:
        for ruling in data["clubs"][club]["rulings"]:
            house_ruling = next(r for r in house["rulings"] if (r["point"], r["issue"]) == (ruling["point"], ruling["issue"]))
            if ruling["outcome"] == house_ruling["outcome"]:
                assert not ruling["differs_from_house"], (club, ruling["issue"])
    text = render_text(report)
    for club in same:
        assert f"{club} (same): rules the same." in text, club


DELAY = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [500, 1000], level: 7}
players:
  - {seat: 2, stack: 20000}
  - {seat: 3, stack: 2300}
  - {seat: 5, stack: 20000}
timeline:
  - preflop:
  - {seat: 5, did: raise, total: 3000}
  - {seat: 3, did: fold}
  - {seat: 2, did: fold}
  - hand-over:
  - conduct: {seat: 3, did: delayed-game, hand_in_progress: false, in_question: true}
"""


def test_a_clause_firing_under_some_unknown_answers_is_quoted_beside_the_one_that_holds_every_way(kb):
    """Whether the delay was deliberate is not said: FPC's disruption clause (30) rules every way,
    and rule 45 ("not permitted ... to deliberately slow the game up") rules the same only if it was
    deliberate; it reaches the answer, quoted, under that condition, never dropped."""
    report = _report(kb, DELAY)
    conduct = next(r for r in report.answers["fpc"].rulings if r.issue == "conduct")
    assert conduct.basis != "depends"
    quoted = [r for r in conduct.readings if r["rule"].startswith("fpc.45")]
    assert quoted, conduct.readings
    assert "deliberate" in quoted[0]["reading"] and "deliberately slow the game up" in quoted[0]["reading"]
    assert "fpc 45" in render_text(report)
