"""The corrected hand (issue 20): each club's rulings applied in order to the replayed hand, and
everything the floor acts on read from it; the invariant check, shown catching a deliberately
broken answer of each kind it guards against."""
import copy
import dataclasses

import pytest

from conftest import CASES
from ruling_engine.corrected.hand import correct
from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import load_incident, parse_incident_text
from ruling_engine.model import Citation, ClubRuling
from ruling_engine.rulings.rule_on import InvariantViolation, rule_incident, rule_on
from ruling_engine.rulings.settlement import settle

UNDER_RAISE = CASES / "amounts-under-raise-noticed-after-calls.yaml"   # EDP 8 ¶7 •1's own example


def _report_and_timeline(kb, path):
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    return rule_on(path, kb=kb), read_timeline(incident.data, kb.vocabulary.together_kinds)


def _timeline(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return read_timeline(incident.data, kb.vocabulary.together_kinds)


def _ruling(issue, *effects, basis="express", point=0, clause="x.1"):
    return ClubRuling(club="edp", issue=issue, basis=basis, outcome="x", decision="", effects=list(effects),
                      point=point, citations=[Citation("edp", clause, clause, "q", clause + ".rule")])


FLOP_THREE_WAY = """
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
  - {seat: 3, said: call}
"""


# -- the corrected hand ------------------------------------------------------------------------------

def test_edp_8_7_b1_the_bet_corrected_for_every_bettor_puts_each_caller_in_too(kb):
    """EDP's own example: A opens £6, B raises to £10, C and D call; 'increase the bet to £12 total
    for all bettors' - B, C and D each put in £2 more, and A faces £6 to call."""
    now = rule_on(UNDER_RAISE, kb=kb).answers["edp"]
    assert [(m["seat"], m["add"]) for m in now.now["moves"]] == [(2, 2), (3, 2), (4, 2)]
    assert now.now["next"]["seat"] == 1 and now.now["next"]["call"] == 6
    assert [e["amount"] for e in now.settlement if e["effect"] == "pot"] == [52]


def test_a_raise_made_up_leaves_the_callers_behind_it_facing_the_difference(kb):
    """FPC rule 2 makes only the raiser add £2: the players who called £10 now face £2 more, and
    the answer says so after the first player to act."""
    fpc = rule_on(UNDER_RAISE, kb=kb).answers["fpc"].now
    assert fpc["moves"] == [{"seat": 2, "add": 2, "street": "flop", "total": 12}]
    assert fpc["next"]["seat"] == 1 and fpc["next"]["call"] == 6
    assert [(t["seat"], t["call"]) for t in fpc["then"]] == [(3, 2), (4, 2)]


def test_two_rulings_that_set_one_players_total_differently_are_a_conflict_with_both_clauses(kb):
    """"raise 60" read as a raise by 60 (to 70) by one clause and as the total (60) by another: one
    hand cannot hold both, so the corrected hand shows the two clauses for the floor to choose and
    makes neither. (Gala's own pair of rules no longer answers this differently since its string-bet
    rule reads an announced raise's amount as the raise-by clause does: the mechanism is shown here
    with two rulings of one club.)"""
    timeline = _timeline(kb, FLOP_THREE_WAY.replace("  - {seat: 3, said: call}\n", "")
                         + "  - {seat: 3, said: raise 60, chips: [20, 20, 20], first: words}\n")
    rulings = [_ruling("declared-action", {"effect": "ruled-raise", "seat": 3, "total": 70, "add": 10},
                       clause="x.raise-by"),
               _ruling("string-bet", {"effect": "ruled-raise", "seat": 3, "total": 60, "add": 0},
                       clause="x.string")]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert len(hand.conflicts) == 1
    text = hand.conflicts[0].text()
    assert "x.raise-by" in text and "x.string" in text and "seat 3" in text


def test_a_raise_made_up_to_the_minimum_is_not_set_back_by_the_ruling_on_what_he_declared(kb):
    """Issue 20/21 (casebook V103): at one point, "raise, eight hundred" is ruled a raise to 800
    (what he declared) and made up to the 1,200 minimum (the short raise). The make-up adds to the
    action the declaration says it is, whichever ruling is listed first: his total is 1,200 and the
    next player faces 1,200, not a bet of 1,200 with the raiser left at 800."""
    timeline = _timeline(kb, FLOP_THREE_WAY.replace("  - {seat: 3, said: call}\n", "")
                         + "  - {seat: 3, said: raise 16, chips: [10, 5, 1], first: words}\n")
    made_up = _ruling("raise-size", {"effect": "raise-made-up", "seat": 3, "add": 4, "total": 20},
                      {"effect": "bets-corrected", "total": 20}, clause="x.short")
    declared = _ruling("declared-action", {"effect": "ruled-raise", "seat": 3, "total": 16, "add": 16},
                       clause="x.declared")
    for rulings in ([made_up, declared], [declared, made_up]):
        hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
        assert hand.conflicts == []
        assert hand.round_in[3] == 20 and hand.current_bet == 20
        assert hand.to_call(2) == 10


def test_edp_v103_raise_eight_hundred_made_up_to_1200_puts_seat_3_and_the_caller_behind_in(kb):
    """Casebook V103 under EDP 8 ¶17 s2-3 and 8 ¶7 •1: seat 3 said "raise, eight hundred" facing
    600; raise was declared first, so he makes the minimum raise to 1,200 (adds 400) and seat 5's
    call of 800 is corrected to 1,200 (adds 400). Seat 6 faces 1,200; nobody is left short of the bet."""
    now = rule_on(CASES / "casebook" / "V103.yaml", kb=kb).answers["edp"].now
    assert sorted((m["seat"], m["add"], m["total"]) for m in now["moves"]) == [(3, 400, 1200), (5, 400, 1200)]
    assert now["next"]["seat"] == 6 and now["next"]["call"] == 1200
    assert 3 not in [t["seat"] for t in now["then"]]


def test_a_killed_hand_contends_for_no_pot_and_its_chips_stay_in(kb):
    timeline = _timeline(kb, FLOP_THREE_WAY + "  - {seat: 1, said: fold}\n")
    rulings = [_ruling("mucked-hand", {"effect": "hand-dead", "seat": 3})]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert hand.live == [2] and hand.contributed[3] == 10
    money = settle(timeline.data, timeline.hand, rulings, kb.vocabulary, hand)
    assert {"effect": "pot-awarded", "seat": 2, "pot": "main", "amount": 26} in money


def test_call_or_fold_and_a_raise_ruled_on_the_same_action_are_a_conflict(kb):
    timeline = _timeline(kb, FLOP_THREE_WAY)
    rulings = [_ruling("out-of-turn", {"effect": "call-or-fold", "seat": 3, "call": 10}, clause="edp.8-8"),
               _ruling("raise-size", {"effect": "ruled-raise", "seat": 3, "total": 30, "add": 20},
                       clause="edp.8-15")]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert len(hand.conflicts) == 1 and "edp.8-8" in hand.conflicts[0].text() and "edp.8-15" in hand.conflicts[0].text()
    assert hand.round_in[3] == 10                 # the raise is not made while the conflict stands


def test_a_misdeal_gives_every_player_back_what_he_put_in_antes_included(kb):
    text = """
house: ppl
game: {format: tournament, variant: NLHE, blinds: [50, 100], ante: 10}
button: 1
players: [{seat: 1, stack: 4000}, {seat: 2, stack: 4000}, {seat: 3, stack: 4000}]
timeline:
  - deal:
"""
    timeline = _timeline(kb, text)
    money = settle(timeline.data, timeline.hand, [_ruling("exposed-card-deal", {"effect": "misdeal"})], kb.vocabulary)
    assert money == [{"effect": "return-chips", "seat": 1, "amount": 10},
                     {"effect": "return-chips", "seat": 2, "amount": 60},
                     {"effect": "return-chips", "seat": 3, "amount": 110}]


def test_before_the_deal_nobody_is_named_to_act(kb):
    text = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 100}, {seat: 2, stack: 100}, {seat: 3, stack: 100}]
timeline:
  - straddle: {seat: 1, amount: 4, before_cards: true, in_question: true}
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    assert all(answer.now["next"] is None for answer in report.answers.values())


def test_the_answer_opens_with_the_decision_the_now_and_the_pot(kb):
    from ruling_engine.render.output import render_text
    text = render_text(rule_on(UNDER_RAISE, kb=kb))
    answer = text.split("== The answer ==")[1].split("\n\n")[0]
    assert answer.index("edp:") < answer.index("Now:") < answer.index("The pot:") < answer.index("Other clubs")
    assert "Seat 1 acts next: £6 to call" in answer and "Main pot: £52" in answer


# -- the invariant check, each invariant catching a broken answer -------------------------------------

def _broken(kb, path, club, breaker):
    report, timeline = _report_and_timeline(kb, path)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers[club])
    breaker(answer)
    report = dataclasses.replace(report, answers={**report.answers, club: answer})
    return {v.invariant for v in violations(report, timeline)}


def test_the_invariants_hold_on_a_real_answer_and_catch_chips_not_conserved(kb):
    def more_in_the_pot(answer):
        answer.settlement[0]["amount"] += 5
    assert "conservation" in _broken(kb, UNDER_RAISE, "edp", more_in_the_pot)


def test_the_invariants_catch_a_seat_live_and_dead(kb):
    def both(answer):
        answer.now["dead"] = [answer.now["live"][0]]
    assert "live-and-dead" in _broken(kb, UNDER_RAISE, "edp", both)


def test_the_invariants_catch_call_or_fold_beside_a_raise(kb):
    def told_both(answer):
        answer.rulings[0].effects = [{"effect": "call-or-fold", "seat": 1, "call": 6},
                                     {"effect": "may-raise", "seat": 1}]
    assert "call-or-fold-and-raise" in _broken(kb, UNDER_RAISE, "fpc", told_both)


def test_the_invariants_catch_a_wrong_amount_to_call_and_an_all_in_player_named_next(kb):
    def wrong_amount(answer):
        answer.now["next"]["call"] = 0
    assert "next-to-act" in _broken(kb, UNDER_RAISE, "fpc", wrong_amount)

    def dead_player_next(answer):
        answer.now["next"]["seat"] = 5                  # seat 5 folded
    assert "next-to-act" in _broken(kb, UNDER_RAISE, "fpc", dead_player_next)


def test_the_invariants_catch_a_pot_section_that_is_not_the_corrected_hands(kb):
    def folded_seat_in_the_pot(answer):
        answer.settlement[-1]["seats"] = answer.settlement[-1]["seats"] + [5]
    assert "pot-section" in _broken(kb, UNDER_RAISE, "fpc", folded_seat_in_the_pot)


def test_with_the_check_on_a_violation_is_an_error_not_a_ruling(kb, monkeypatch):
    """The suite sets FLOORCALL_CHECK_INVARIANTS (conftest.py): a broken answer fails loudly."""
    from ruling_engine.corrected.invariants import Violation
    from ruling_engine.corrected import invariants
    monkeypatch.setattr(invariants, "violations", lambda report, timeline: [Violation("edp", "pot-section", "x")])
    with pytest.raises(InvariantViolation):
        rule_on(UNDER_RAISE, kb=kb)


def test_a_correction_on_an_earlier_round_reopens_it_for_the_player_it_leaves_short(kb):
    """Gala reads 'raise 30' as a raise by 30 (to 42) after the flop was dealt: seat 3, who bet 10,
    now faces 30 on the pre-flop round (his big blind and bet, 12, in) before the flop plays, and may re-raise (a full raise)."""
    text = """
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 5
players: [{seat: 1, stack: 200}, {seat: 3, stack: 200}, {seat: 5, stack: 200}]
timeline:
  - {seat: 1, said: check}
  - {seat: 3, said: bet 10, chips: [10]}
  - {seat: 5, said: fold}
  - {seat: 1, said: raise 30, chips: [25, 5]}
  - flop:
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    now = report.answers["gala"].now
    # the blinds stay in the reopened round (seat 1's small blind £1, seat 3's big blind £2: issue
    # 20/21): seat 1 has £31 in and adds £11 to £42; seat 3 has £12 in and faces £30; the raise of
    # £30 makes the minimum re-raise £72
    assert now["moves"] == [{"seat": 1, "add": 11, "street": "preflop", "total": 42}]
    assert now["next"] == {"seat": 3, "call": 30, "options": "call-raise-fold", "total": 42, "street": "preflop",
                           "min_raise_to": 72}


def test_a_raise_by_a_player_an_earlier_ruling_held_to_call_or_fold_is_his_call(kb):
    """Casebook G101 under edp: tapping the table facing a bet is a check and leaves him to call or
    fold (edp 1 ¶16); his 'raise, five' that follows is read on the hand that ruling left: a call
    of £2, and £3 goes back - never 'call or fold' beside 'raise to £5'."""
    edp = rule_on(CASES / "casebook" / "G101.yaml", kb=kb).answers["edp"]
    assert edp.contradictions == []
    assert [h["seat"] for h in edp.now["held"]] == [3] and "edp.1-16" in edp.now["held"][0]["text"]
    assert {"seat": 3, "back": 3, "street": "flop"} in edp.now["moves"]
    assert edp.now["next"] is None and edp.now["round_complete"]


def test_call_declared_with_an_oversized_chip_is_a_call_and_the_rest_is_change(kb):
    """'Call' said, then a £5 chip against a £3 bet: the chip is not a raise the raise-size rules
    then rule on; he called £3 and the £2 is his change, and the pot counts £3 from him."""
    text = """
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.05, 0.10]}
button: 1
players: [{seat: 1, stack: 20}, {seat: 2, stack: 20}, {seat: 3, stack: 20}]
pot_at_start: 1
timeline:
  - flop:
  - {seat: 2, said: bet, chips: [1, 1, 1]}
  - {seat: 3, said: call, chips: [5], in_question: true}
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    for club, answer in report.answers.items():
        assert all(r.issue != "raise-size" for r in answer.rulings), club
        assert [e["amount"] for e in answer.settlement if e["effect"] == "pot"] == [7], club
        assert answer.now["next"]["seat"] == 1 and answer.now["next"]["call"] == 3 and not answer.now["then"], club


def test_before_anyone_acts_pre_flop_the_action_starts_left_of_the_big_blind(kb):
    """A card exposed in the deal, nobody has acted: the player under the gun acts first (left of
    the big blind), never the small blind (a new user's H204 and H401: 'seat 3 acts next')."""
    text = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players: [{seat: 1, stack: 100}, {seat: 2, stack: 100}, {seat: 3, stack: 100}, {seat: 4, stack: 100}, {seat: 5, stack: 100}]
timeline:
  - preflop:
  - card_exposed: {seat: 4, by: dealer, during: deal, deal_position: 9, count: 1, in_question: true}
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    now = report.answers["edp"].now
    assert now["next"]["seat"] == 4 and now["next"]["call"] == 2
    assert [t["seat"] for t in now["then"]] == [5, 1, 2, 3]


def test_a_limit_on_a_hand_a_ruling_killed_is_moot_not_a_conflict(kb):
    """Out-of-turn rules hold seat 3 to call or fold; a mucked-hand rule kills his hand: a dead hand
    takes no action, so the limit does not apply (said so), and the floor is not told to choose."""
    timeline = _timeline(kb, FLOP_THREE_WAY)
    rulings = [_ruling("mucked-hand", {"effect": "hand-dead", "seat": 3}, clause="edp.3-8"),
               _ruling("out-of-turn", {"effect": "call-or-fold", "seat": 3, "call": 10}, clause="edp.8-8")]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert hand.conflicts == [] and [m[0] for m in hand.moot] == [3] and 3 not in hand.restricted


@pytest.mark.parametrize("order", ["live-first", "sanction-first"])
def test_a_disqualified_players_hand_is_dead_though_another_ruling_keeps_his_cards_live(kb, order):
    """A disqualification (the vocabulary's `disqualified`: he takes no further part in the hand in
    progress) and a ruling that an exposure does not kill his hand (PPL League 56) at one moment: the
    sanction takes him out, which is no conflict; the exposure ruling's 'live' is moot (P802 ppl)."""
    timeline = _timeline(kb, FLOP_THREE_WAY)
    live = _ruling("exposed-card-play", {"effect": "hand-live", "seat": 3}, clause="ppl.league-56")
    sanction = _ruling("cash-on-table", {"effect": "disqualified", "seat": 3}, clause="ppl.nights-3")
    rulings = [live, sanction] if order == "live-first" else [sanction, live]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert hand.conflicts == [] and 3 in hand.dead and 3 not in hand.live
    assert hand.contributed[3] == 10             # what he put in before the call stays in the pot


def test_a_hand_kept_live_and_killed_at_one_moment_is_still_a_conflict_without_a_sanction(kb):
    timeline = _timeline(kb, FLOP_THREE_WAY)
    rulings = [_ruling("exposed-card-play", {"effect": "hand-live", "seat": 3}, clause="x.live"),
               _ruling("mucked-hand", {"effect": "hand-dead", "seat": 3}, clause="x.dead")]
    hand = correct(timeline.data, timeline.hand, rulings, kb.vocabulary)
    assert len(hand.conflicts) == 1


def test_a_total_set_lower_lowers_the_bet_the_others_face(kb):
    """Casebook D302 under edp: 'raise, two thousand' is a raise to 2,000, not 2,700: seat 3, who bet
    700, faces 1,300, and nobody is told to call the 2,700 the chips first made (the blind
    adjudicator's reason for preferring the key's answer)."""
    edp = rule_on(CASES / "casebook" / "D302.yaml", kb=kb).answers["edp"]
    assert edp.now["next"]["seat"] == 3 and edp.now["next"]["call"] == 1300 and edp.now["next"]["total"] == 2000
    assert edp.now["then"] == []


def test_the_markdown_ruling_opens_with_the_same_answer(kb):
    from ruling_engine.render.output import render_markdown
    text = render_markdown(rule_on(UNDER_RAISE, kb=kb))
    answer = text.split("## The answer")[1].split("\n## ")[0]
    assert "Seat 1 acts next: £6 to call" in answer and "Main pot: £52" in answer


def test_the_next_to_act_check_counts_a_move_on_the_round_the_replay_ends_on(kb):
    """Found by the generated run (benchmarks/invariants_run.py): at a showdown, a ruling gives seat
    2 back 2,000 on the river; the check must count that move on the river (the round the Now's
    next player acts on), not only moves on the Now's own street, or it reports a sound answer.
    (Seat 5's call is written: without it the file is refused, seat 5 never acting before the
    showdown, issue 22, rulings/refused.py.)"""
    text = """
house: fpc
game: {format: tournament, variant: NLHE, blinds: [300, 600]}
button: 5
players: [{seat: 2, stack: 7000}, {seat: 5, stack: 14500}]
timeline:
  - river:
  - {seat: 2, said: bet 2000, chips: [1000, 1000]}
  - {seat: 5, did: call, total: 2000}
  - {seat: 2, said: call, chips: [1000, 1000]}
  - showdown:
  - conduct: {seat: 5, did: slow-rolled, live_hand: true}
"""
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    backs = [m for a in report.answers.values() for m in a.now.get("moves", []) if m.get("back")]
    assert any(m["street"] == "river" for m in backs), "no club gives chips back on the river: the case no longer tests it"
    from ruling_engine.corrected.invariants import violations
    from ruling_engine.facts.timeline import read_timeline
    assert violations(report, read_timeline(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs).data,
                                            kb.vocabulary.together_kinds)) == []


def test_a_bet_nobody_can_yet_call_stays_in_the_middle_while_the_betting_is_open(kb, tmp_path):
    """The generated run of 2026-12-06 (third session): heads-up, the button with no chips 'posts'
    the big blind and seat 7 the small blind of 200. The 200 is not yet an uncalled bet (the
    betting is open), so it must stay in a pot, not vanish from every club's pot section."""
    path = tmp_path / "hu.yaml"
    path.write_text("""
title: Heads-up the button posted the big blind
house: fpc
game: {format: tournament, variant: NLHE, blinds: [200]}
button: 3
players:
- {seat: 3, stack: 0}
- {seat: 7, stack: 9000}
timeline:
- {deal: null}
- blinds_posted: {small_blind: 7, big_blind: 3}
""", encoding="utf-8")
    report, timeline = _report_and_timeline(kb, str(path))
    assert violations(report, timeline) == []
    for answer in report.answers.values():
        pots = [e for e in answer.settlement if e["effect"] == "pot"]
        returns = [e for e in answer.settlement if e["effect"] == "return-chips"]
        assert sum(p["amount"] for p in pots) + sum(r["amount"] for r in returns) == 200
