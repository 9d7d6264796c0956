"""Words that are actions (issues 20 and 21, e20/spoken): an action said in turn is that action for
every rule that reads the actions.

- A raise said with its amount unrecorded ("raise 5", no chips, no total) is still an action putting
  chips in the pot: EDP 7 ¶3 •1 ("Any two actions in turn, at least one of which must involve
  putting chips in the pot") counts it, so a spoken raise and a spoken fold are substantial action
  and EDP 7 ¶2 ("Once substantial action occurs a misdeal cannot be declared") holds.
- An all-in stated with its total (`did: all-in, total: 5`) leaves the player nothing behind even
  when an earlier amount nobody recorded made his stack read more: the showdown is an all-in one,
  so EDP 3 ¶8 ("A non all-in showdown is uncontested ...") does not speak.
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


SHORT_DEALT = """house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 6
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3, stack: 100}
  - {seat: 4}
  - {seat: 5}
  - {seat: 6}
timeline:
  - {seat: 1, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - {seat: 3, said: raise 6}
  - {seat: 4, said: fold}
  - deal_error: {kind: wrong-number-of-cards, seat: 5, cards: too-few, acted: false, in_question: true}
"""


def test_spoken_raise_without_chips_is_substantial_action_edp_7_3_b1(kb):
    report = _report(kb, SHORT_DEALT)
    answer = report.answers["edp"]
    ruling = [r for r in answer.rulings if r.issue == "deal-error"][-1]
    assert ruling.outcome != "misdeal", (ruling.outcome, ruling.decision)
    assert "substantial action" in ruling.decision.lower(), ruling.decision
    assert any("edp.7-" in r for r in ruling.rules_fired), ruling.rules_fired
    assert answer.contradictions == [], answer.contradictions


ALL_IN_SHOWDOWN = """house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
players:
  - {seat: 1}
  - {seat: 2, stack: 12}
  - {seat: 6, stack: 60}
button: 6
timeline:
  - {seat: 1, posts: small-blind}
  - {seat: 2, posts: big-blind}
  - {seat: 6, said: raise 3}
  - {seat: 1, said: fold}
  - {seat: 2, said: call}
  - flop: [Qh, 8h, 3c]
  - {seat: 2, said: check}
  - {seat: 6, said: bet 4}
  - {seat: 2, said: call}
  - turn: 5s
  - {seat: 2, did: all-in, total: 5}
  - {seat: 6, said: call}
  - river: Kh
  - hand_mucked: {seat: 2, by: player, tabled: false}
  - asks_to_see: {seat: 2, target: 6, asker_kept_cards: false, in_question: true}
"""


def test_all_in_stated_with_its_total_is_an_all_in_showdown_edp_3_8(kb):
    report = _report(kb, ALL_IN_SHOWDOWN)
    fired = [rule for r in report.answers["edp"].rulings for rule in r.rules_fired]
    assert "edp.3-8-s4-5.last-live-hand-need-not-show" not in fired, fired
    assert "edp.3-8-s4-5.uncontested-last-hand-need-not-show" not in fired, fired
    assert report.answers["edp"].contradictions == []
