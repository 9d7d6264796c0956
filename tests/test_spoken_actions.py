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


SPOKEN_FOLD = """house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 7
players:
  - {seat: 4, stack: 8600}
  - {seat: 7, stack: 5800}
pot_at_start: 2200
timeline:
  - flop: [Qd, 10s, 4c]
  - {seat: 4, did: check}
  - {seat: 7, did: check}
  - turn: 6h
  - {seat: 4, chips: [1000, 100, 100, 100]}
  - {seat: 7, FOLD, in_question: true}
"""


def test_fold_said_in_turn_facing_a_bet_binds_fpc_3_edp_8_3_gala_house_w_ppl_52(kb):
    # "fold" said in turn facing a bet: the words are the fold; no branch on how his cards went
    report = _report(kb, SPOKEN_FOLD.replace("FOLD", "said: fold"))
    for club, rule in (("fpc", "fpc.3-s1-2.spoken-fold-in-turn-binding"),
                       ("edp", "edp.8-3.spoken-fold-in-turn-binding"),
                       ("gala", "gala.house-w.spoken-fold-facing-bet-dead"),
                       ("ppl", "ppl.league-52.spoken-fold-in-turn-obligatory")):
        answer = report.answers[club]
        issues = {r.issue: r for r in answer.rulings}
        assert "fold-manner" not in issues, (club, issues["fold-manner"].outcome)
        ruling = issues["declared-action"]
        assert ruling.outcome == "action-stands" and rule in ruling.rules_fired, (club, ruling.outcome, ruling.rules_fired)
        assert answer.contradictions == [], (club, answer.contradictions)
        # the corrected hand: seat 4 alone, his uncalled 1,300 back, the 2,200 his
        assert {"effect": "return-chips", "seat": 4, "amount": 1300} in answer.settlement, answer.settlement


def test_fold_by_deed_still_asks_how_the_cards_went(kb):
    # `did: fold` without fold_manner: how he got rid of his cards is the floor's question
    report = _report(kb, SPOKEN_FOLD.replace("FOLD", "did: fold"))
    issues = {r.issue for r in report.answers["edp"].rulings}
    assert "fold-manner" in issues and "declared-action" not in issues, issues
