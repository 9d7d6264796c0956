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
