"""The corrected hand's amounts (issue 20, e27/amounts): a call made up is made up to the player's
total on the round, so chips he had in before it (a posted blind) count once, the same in the
ruling's words, the Now and the pot."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

# Z401, reduced: a 50p small blind completes silently to £1 under a £2 straddle
BLIND_UNDER_STRADDLE = """
title: small blind silently completes to a pound under a straddle
house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5}}
button: 1
players:
  - {{seat: 1, stack: 80}}
  - {{seat: 2, stack: 32}}
  - {{seat: 3, stack: 45}}
  - {{seat: 4, stack: 60}}
timeline:
  - {{seat: 4, said: straddle, posts: straddle, chips: [1, 1]}}
  - {{seat: 2, posts: small-blind, chips: [0.5]}}
  - {{seat: 3, posts: big-blind, chips: [1]}}
  - deal:
  - {{seat: 1, chips: [1, 1]}}
  - {{seat: 2, chips: [0.5], in_question: true}}
"""

# no chips in before the short call: the call total is the bet
FLOP_UNDERCALL = """
title: a silent undercall on the flop
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 2, stack: 100}}
pot_at_start: 6
timeline:
  - flop:
  - {{seat: 2, said: bet, total: 10}}
  - {{seat: 1, chips: [5], in_question: true}}
"""


def _report(kb, text, house):
    incident = parse_incident_text(text.format(house=house), "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def _pot(answer):
    return sum(e["amount"] for e in answer.settlement if e["effect"] == "pot")


def _moves(answer, seat):
    return [(m["add"], m["total"]) for m in answer.now["moves"] if m["seat"] == seat]


def test_fpc_2_s3_4_short_chips_are_a_call_counts_the_posted_blind_once(kb):
    """FPC rule 2 ("the bet is considered to be a call"): seat 2 has £1 in (blind and 50p) facing
    £2, so he adds £1 to £2 on the round; the pot holds his £2, not £1.50."""
    answer = _report(kb, BLIND_UNDER_STRADDLE, "fpc").answers["fpc"]
    rulings = [r for r in answer.rulings if any(c.clause == "fpc.2-s3-4" for c in r.citations)]
    assert rulings, "FPC rule 2 should rule on the short chips"
    assert _moves(answer, 2)[0] == (1, 2)
    assert _pot(answer) == 2 + 1 + 2 + 2      # seat 2 made up to £2, big blind, straddle, seat 1


def test_ppl_2_assumed_a_call_counts_the_posted_blind_once(kb):
    """PPL •2 ("assumed to be a call"): the same £1 more, £2 on the round, in the Now and the pot."""
    answer = _report(kb, BLIND_UNDER_STRADDLE, "ppl").answers["ppl"]
    assert _moves(answer, 2)[0] == (1, 2)
    assert _pot(answer) == 2 + 1 + 2 + 2


def test_edp_8_5_complete_or_fold_says_the_call_total_with_the_blind_in(kb):
    """EDP 8 ¶5 ("make up the rest of the call or fold"): the line says £1 more and £2 on the round,
    never a call of £1.50 (the call less the blind)."""
    report = _report(kb, BLIND_UNDER_STRADDLE, "edp")
    edp = report.answers["edp"]
    lines = [line for r in edp.rulings if r.issue == "short-call" for line in r.do]
    assert any("adds £1" in line and "£2 in on this round" in line for line in lines), lines
    assert not any("£1.50" in line for line in lines), lines
    assert edp.now["next"]["seat"] == 2 and edp.now["next"]["call"] == 1
    assert "call £1.50" not in render_text(report)


def test_a_short_call_with_nothing_in_before_it_is_made_up_to_the_bet(kb):
    """FPC rule 2 on the flop: 5 against a bet of 10, nothing in before: he adds 5, 10 on the round."""
    answer = _report(kb, FLOP_UNDERCALL, "fpc").answers["fpc"]
    assert _moves(answer, 1)[0] == (5, 10)
    assert _pot(answer) == 6 + 10 + 10


# Z702, reduced: he raises 5,000 of his 5,300, folds the last 300 to an all-in; chip dumping
DUMP_AFTER_RAISE = """
title: a raise of nearly all his chips, then a fold to an all-in
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [300, 600]}}
button: 4
players:
  - {{seat: 1, stack: 4000}}
  - {{seat: 2, stack: 5300}}
  - {{seat: 4, stack: 4000}}
  - {{seat: 6, stack: 6100}}
timeline:
  - deal:
  - {{seat: 1, did: fold}}
  - {{seat: 2, did: raise, total: 5000}}
  - {{seat: 4, did: fold}}
  - {{seat: 6, did: all-in, total: 6100}}
  - {{seat: 2, did: fold}}
  - conduct: {{seat: 2, did: chip-dumping, live_hand: false, in_question: true}}
"""


def _removed(answer, seat):
    return [e["amount"] for r in answer.rulings for e in r.effects
            if e.get("effect") == "chips-removed" and e.get("seat") == seat]


def test_edp_9_7_chips_removed_on_disqualification_are_what_he_has_left(kb):
    """EDP 9 ¶7/9 ¶12 (disqualified, 'his/her chips removed from play'): seat 2 put 5,000 of his
    5,300 in the pot, so the chips removed are his 300, never the 5,300 he started with."""
    report = _report(kb, DUMP_AFTER_RAISE, "edp")
    removed = _removed(report.answers["edp"], 2)
    assert removed and set(removed) == {300}, removed
    assert "5,300 in chips" not in render_text(report)


def test_ppl_54_chips_removed_if_disqualified_are_what_he_has_left(kb):
    """PPL 54 s3 (a disqualified player's chips removed from play): 300, not 5,300."""
    removed = _removed(_report(kb, DUMP_AFTER_RAISE, "ppl").answers["ppl"], 2)
    assert removed and set(removed) == {300}, removed


def test_chips_removed_before_any_betting_are_his_stack(kb):
    """The same conduct before he has bet: nothing has left his stack, so all 5,300 are removed."""
    text = DUMP_AFTER_RAISE.split("  - {{seat: 1, did: fold}}")[0] + \
        "  - conduct: {{seat: 2, did: chip-dumping, live_hand: false, in_question: true}}\n"
    removed = _removed(_report(kb, text, "edp").answers["edp"], 2)
    assert removed and set(removed) == {5300}, removed
