"""One coherent answer per club (issue 13): the classes of fault a second reading found, each at
its mechanism. Class 1: no two parts of one club's answer contradict each other, on any case."""
import re
from pathlib import Path

import pytest

from ruling_engine.rulings.consistency import contradictions
from ruling_engine.rulings.rule_on import rule_on
from ruling_engine.model import ClubRuling

from conftest import CASES
from rulings_memo import ruled

EVERY_CASE = sorted(CASES.glob("*.yaml")) + sorted((CASES / "casebook").glob("*.yaml")) + \
    sorted((CASES / "tda").glob("*.yaml")) + sorted((CASES / "notions").glob("*.yaml"))


# Answers that show two of a club's rulings as a conflict for the floor to choose, found when the
# blind batches of 2026-12-06 joined the casebook (after it was graded; nothing was changed against
# it). They are shown as a WARNING beside the answer, never as if both held; each is a fault or a
# real conflict of the club's text to settle. The test fails when one stops, so the list shrinks.
KNOWN_CONFLICTS = {
    ("H406", "ppl"): "League •14 s3 (cards that touch the muck are dead) against •44 (a declared board play "
                     "keeps the claim): the key itself marks ppl's clauses as conflicting",
    # (V601 edp/gala/ppl, V602 edp/gala/ppl, V702 edp/ppl, found when batch V joined: the dealer taking
    # in an absent player's cards ruled both as his dead hand and as a live hand the dealer killed, is
    # gone: each club's absent-player clause, written for that hand, declares `overrides:` over its
    # clauses on a hand the dealer kills, and vocabulary answered_by maps it, e28/absent)
    # (Q803 edp, found when batch Q joined: a bettor whose river bet went uncalled slid his cards in
    # face down, and the mucked-hand ruling killed the hand right-to-see awarded the pot, is gone: a
    # hand thrown in after every other player folded (hand_mucked.pot_already_won) won the pot before
    # it went in, and raises no mucked-hand, e30/uncalled)
    # (P802 ppl, found when batch P joined: the disqualification for cash on the table against the
    # exposure ruling keeping seat 3's hand live, is gone: a sanction given at the call takes him out
    # of the hand and the exposure's "live" is moot, corrected/hand.py)
    # (O104 gala, found when batch O joined: house o's call-or-fold beside the declared raise's size, is
    # gone: house o declared the exception to the general declared-raise rules, e23/allins)
    # (I101 edp/fpc/gala, the chips rule ruling a raise by a player held to call or fold, is gone:
    # rulings/resolve.read_under_restriction; I203 fpc is gone: a player_away {left_mid_hand} after his
    # hand was tabled is refused, rulings/refused.py, and I203 corrected from its notes)
}


@pytest.mark.parametrize("path", EVERY_CASE, ids=lambda p: p.stem)
def test_class_1_no_club_answer_contradicts_itself(kb, path):
    report = ruled(path, kb)
    for club, answer in report.answers.items():
        if (path.stem, club) in KNOWN_CONFLICTS:
            assert answer.contradictions, f"{path.stem} {club} no longer shows a conflict: take it off KNOWN_CONFLICTS"
            continue
        assert answer.contradictions == [], f"{club}: {answer.contradictions}"


def _ruling(issue, *effects, basis="express"):
    return ClubRuling(club="edp", issue=issue, basis=basis, outcome="x", decision="", effects=list(effects))


def test_class_1_the_check_finds_a_dead_and_live_hand_and_a_raise_beside_only_call(kb):
    found = contradictions(kb.vocabulary, [_ruling("mucked-hand", {"effect": "hand-dead", "seat": 3}),
                                           _ruling("exposed-card-play", {"effect": "hand-live", "seat": 3})])
    assert len(found) == 1 and found[0].seat == 3
    found = contradictions(kb.vocabulary, [_ruling("may-raise", {"effect": "call-or-fold", "seat": 1, "call": 600}),
                                           _ruling("raise-size", {"effect": "ruled-raise", "seat": 1, "total": 2400})])
    assert len(found) == 1
    # different seats, or a ruling that is itself a conflict, are no contradiction
    assert contradictions(kb.vocabulary, [_ruling("a", {"effect": "hand-dead", "seat": 3}),
                                          _ruling("b", {"effect": "hand-live", "seat": 4})]) == []
    assert contradictions(kb.vocabulary, [_ruling("a", {"effect": "hand-dead", "seat": 3}),
                                          _ruling("b", {"effect": "hand-live", "seat": 3}, basis="conflict")]) == []


# -- the classes of fault, each at its mechanism ---------------------------------------------------

from ruling_engine.incident.load import parse_incident_text  # noqa: E402
from ruling_engine.rulings.rule_on import rule_incident  # noqa: E402

HEAD = """title: t
house: {house}
game: {{format: {format}, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 3, stack: 5000}}
  - {{seat: 5, stack: {stack5}}}
timeline:
"""


def _report(kb, entries, house="edp", fmt="tournament", stack5=5000):
    text = HEAD.format(house=house, format=fmt, stack5=stack5) + entries
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_class_2_a_penalty_or_who_acts_next_follows_the_ruling_called_for_apart(kb):
    from ruling_engine.render.output import to_dict
    report = _report(kb, "  - flop:\n  - {seat: 5, said: bet 400, chips: [400]}\n")    # seat 3 was first
    issues = to_dict(report)["issues"]
    assert issues[0]["id"] == "out-of-turn" and not issues[0]["secondary"]
    assert all(i["secondary"] for i in issues[1:]) and {i["id"] for i in issues[1:]} >= {"out-of-turn-penalty"}


def test_class_4_the_hand_after_the_last_fold_is_what_the_money_follows(kb):
    report = _report(kb, "  - flop:\n  - {seat: 3, said: bet 400, chips: [400]}\n  - {seat: 5, said: fold}\n"
                         "  - {seat: 1, said: fold}\n")
    assert report.facts_by_point[-1]["players_left"] == 1
    money = report.answers["edp"].settlement
    assert {"effect": "return-chips", "seat": 3, "amount": 400} in money
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 3 for e in money)


def test_class_5_side_pots_are_stated_and_awarded_from_the_cards(kb):
    report = rule_on(CASES / "casebook" / "D213.yaml", kb=kb)
    money = report.answers["edp"].settlement
    assert {"effect": "pot", "pot": "main", "amount": 51.5, "seats": [2, 6, 9]} in money
    assert {"effect": "pot", "pot": "side-1", "amount": 40, "seats": [6, 9]} in money
    assert {"effect": "pot-awarded", "seat": 6, "pot": "side-1", "amount": 40} in money
    assert not any(e["effect"] == "pot-awarded" and e["pot"] == "main" for e in money)   # split: the rules say how


def test_class_8_a_silent_push_of_the_last_chips_is_an_all_in(kb):
    report = _report(kb, "  - flop:\n  - {seat: 3, said: bet 400, chips: [400]}\n  - {seat: 5, chips: [300]}\n",
                     stack5=300)
    facts = report.facts_by_point[-1]
    assert facts["action.all_in"] is True and facts["action.short_of_call"] is False


@pytest.mark.parametrize("said, amount", [("raise 8,000", 8000), ("raise, two thousand", 2000),
                                          ("two grand", 2000), ("raise to 8k", 8000), ("eight thousand", 8000)])
def test_class_9_spoken_amounts_with_separators_and_words(said, amount):
    from ruling_engine.facts.replay import parse_said
    assert parse_said(said)[1] == amount


def test_class_11_a_betting_discretion_clause_is_not_cited_on_a_tournament_question(kb):
    report = rule_on(CASES / "tourney-two-knocked-out-same-hand.yaml", kb=kb)
    for ruling in report.answers["edp"].rulings:
        if ruling.basis == "not covered":
            assert {c.clause for c in ruling.citations} == {"edp.1-4"}


def test_class_15_the_same_outcome_with_the_money_elsewhere_differs(kb):
    from ruling_engine.model import ClubRuling
    from ruling_engine.render.output import differs
    house = ClubRuling("edp", "short-call", "express", "must-complete-call", "",
                       effects=[{"effect": "complete-call", "seat": 7, "add": 5, "total": 15}])
    same = ClubRuling("ppl", "short-call", "reading", "must-complete-call", "",
                      effects=[{"effect": "complete-call", "seat": 7, "add": 5, "total": 15}])
    moved = ClubRuling("fpc", "short-call", "express", "must-complete-call", "",
                       effects=[{"effect": "complete-call", "seat": 7, "add": 10, "total": 20}])
    assert not differs(same, house) and differs(moved, house)


def test_class_17_a_misdeal_returns_each_seat_what_it_put_in(kb):
    from ruling_engine.rulings.settlement import settle
    from ruling_engine.facts.timeline import read_timeline
    text = HEAD.format(house="edp", format="cash", stack5=5000) + "  - {seat: 5, said: call}\n  - {seat: 1, said: call}\n"
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data)
    money = settle(timeline.data, timeline.hand, [_ruling("deal-error", {"effect": "misdeal"})], kb.vocabulary)
    assert sorted((e["seat"], e["amount"]) for e in money) == [(1, 200), (3, 100), (5, 200)]


def test_class_3_a_clause_for_the_exact_situation_governs_the_general_one_without_a_conflict(kb):
    # facing 400, one 500 chip silently: 8 ¶21 (a single oversized chip is a call) is written for
    # exactly this; 8 ¶15 (less than a minimum raise is ruled a minimum raise) is set aside
    report = _report(kb, "  - flop:\n  - {seat: 3, did: bet, chips: [400]}\n  - {seat: 5, chips: [500]}\n")
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "chips-without-declaration")
    assert (ruling.outcome, ruling.basis) == ("call", "express")
    assert "edp.8-21" in {c.clause for c in ruling.citations}
    assert "edp.8-15.chips-between-call-and-minimum-raise" in ruling.set_aside


def test_class_6_the_last_aggressor_of_the_hand_is_worked_out_on_an_earlier_street(kb):
    report = _report(kb, "  - flop:\n  - {seat: 3, did: bet, chips: [400]}\n  - {seat: 5, did: call, chips: [400]}\n"
                         "  - {seat: 1, did: fold}\n  - turn:\n  - {seat: 3, did: check}\n  - {seat: 5, did: check}\n")
    facts = report.facts_by_point[-1]
    assert facts["hand_last_aggressor_seat"] == 3       # the flop's bettor: nobody bet the turn


def test_class_7_words_first_and_chips_first_are_ruled_apart(kb):
    def ruled(first):
        report = _report(kb, "  - flop:\n  - {seat: 3, did: bet, chips: [300]}\n"
                             f"  - {{seat: 5, said: call, chips: [500, 500], first: {first}, gap: 2}}\n")
        return {(r.issue, r.outcome) for r in report.answers["edp"].rulings}
    assert ("declared-action", "call") in ruled("words")
    assert ("chips-without-declaration", "raise") in ruled("chips")


def test_class_10_a_dead_hand_rests_on_a_quote_that_says_what_kills_it(kb):
    consequence = re.compile(r"dead|kill|muck|foul|forfeit|los[et]|void|fold|out|discard|redress|taken in|retrieve",
                             re.I)
    silent = [rule.id for rules in kb.rules.values() for rule in rules
              if rule.then and rule.basis == "express" and not consequence.search(rule.quote)
              and any(effect_name(e) == "hand-dead" for e in rule.then.effects)]
    assert silent == []


def effect_name(effect) -> str:
    return effect if isinstance(effect, str) else next(iter(effect)) if "effect" not in effect else effect["effect"]


def test_class_12_a_clause_about_the_last_bettor_skips_a_player_who_only_checked(kb):
    report = _report(kb, "  - flop:\n  - {seat: 3, did: check}\n  - {seat: 5, did: bet, chips: [400]}\n"
                         "  - {seat: 1, did: fold}\n  - {seat: 3, did: call, chips: [400]}\n")
    assert report.facts_by_point[-1]["last_aggressor_seat"] == 5


@pytest.mark.parametrize("touched, fires", [(True, True), (False, False)])
def test_class_13_a_rule_fires_only_as_its_clause_says(kb, touched, fires):
    # ppl League 14 s3: "if at any time a player's cards touch the muck pile" - not when they did not
    entry = f"  - hand_mucked: {{seat: 5, by: player, touched_muck: {str(touched).lower()}, retrievable: true}}\n"
    report = _report(kb, "  - flop:\n  - {seat: 3, did: bet, chips: [400]}\n" + entry, house="ppl")
    assert ("ppl.league-14-s3.touched-muck-dead" in report.answers["ppl"].fired) is fires


def test_class_14_a_second_offence_after_a_warning_gets_the_next_step(kb):
    from ruling_engine.incident.load import parse_incident_text as parse
    def steps(warnings):
        text = HEAD.format(house="ppl", format="tournament", stack5=5000).replace(
            "{seat: 1, stack: 5000}", f"{{seat: 1, stack: 5000, warnings: {warnings}}}") + \
            "  - conduct: {seat: 1, did: foul-language}\n"
        report = rule_incident(parse(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
        ruling = next(r for r in report.answers["ppl"].rulings if r.issue == "conduct-penalty")
        return [e for e in ruling.effects if e.get("seat") == 1]
    assert steps(0) != steps(1)


def test_class_16_every_player_a_reopened_betting_concerns_is_told(kb):
    report = rule_on(CASES / "casebook" / "D203.yaml", kb=kb)
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "chips-without-declaration")
    told = {e["seat"] for e in ruling.effects if e["effect"] == "may-raise"}
    assert told == {3, 6}           # both had acted before the all-in raise reopened the betting


def test_class_5_a_reconstructed_winning_hand_says_who_then_wins(kb):
    """Gala ¶2 s5 "unless the dealer has acted prematurely": the side of the conflict that has the
    swept winning hand reconstructed puts that hand back in, so it says who then wins the pot
    (casebook D219: seat 3's flush, 24,000)."""
    report = rule_on(Path(__file__).parent.parent / "cases" / "casebook" / "D219.yaml", kb=kb)
    ruling = next(r for r in report.answers["gala"].rulings if r.issue == "board-turned-down")
    rebuilt = next(a for a in ruling.alternatives if a["outcome"] == "board-reconstructed")
    assert {"effect": "hand-live", "seat": 3} in rebuilt["effects"]
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 3 and e["amount"] == 24000 for e in rebuilt["money"])


def test_class_3_an_exception_to_an_exception_sets_the_general_rule_aside_too():
    """A overrides B, B overrides C: when A and C fire (B does not), A governs C as well."""
    from types import SimpleNamespace
    from ruling_engine.rulings.resolve import _overridden
    a, b, c = (SimpleNamespace(id=i, overrides=o) for i, o in (("A", ["B"]), ("B", ["C"]), ("C", [])))
    kb = SimpleNamespace(rules={"x": [a, b, c]})
    assert _overridden(kb, "x", [a, c]) == {"B", "C"}
    assert _overridden(kb, "x", [c]) == set()


def test_class_2_unknowns_that_change_nothing_that_matters_give_one_ruling_not_depends(kb):
    """Whether the mucked cards could be retrieved, and whether they touched the muck, are not
    known; every way edp's answer is the same (a fold in turn facing a bet: dead, chips stay), so
    it is one ruling on the clause that holds every way, not a 'depends' to read through."""
    report = _report(kb, "  - flop:\n  - {seat: 3, did: bet, chips: [400]}\n"
                         "  - hand_mucked: {seat: 5, by: player, retrievable: unknown, touched_muck: unknown}\n",
                     fmt="cash")
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "mucked-hand")
    assert ruling.basis != "depends" and ruling.outcome == "hand-dead"
    assert {c.clause for c in ruling.citations} == {"edp.8-3"}


CASH = """title: t
house: fpc
game: {{format: cash, variant: NLHE, blinds: [0.25, 0.5], currency: "£"}}
players:
  - {{seat: 2, stack: 30}}
  - {{seat: 6, stack: 4}}
timeline:
  - wants_to_play: {{seat: 6, played_tournament_tonight: {played}, league_games: 1, in_question: true}}
  - buys_chips: {{seat: 6, amount: 4, had_chips: false}}
"""


def test_issue_20_a_seat_ruled_out_is_given_no_instruction_to_play(kb):
    """A seat one part of the answer rules out of play (fpc 48 s1-3: not eligible for the cash table)
    is not also told to buy in for the minimum (48 s4): the buy-in finding stands, the instruction to
    him is dropped and the answer says why; an eligible seat is still told the minimum."""
    def answer(played):
        text = CASH.format(played=played)
        report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                               with_precedents=False)
        return report.answers["fpc"]
    out = answer("false")
    assert any(e["effect"] == "may-not-play" and e["seat"] == 6 for r in out.rulings for e in r.effects)
    buy_in = next(r for r in out.rulings if r.issue == "buy-in")
    assert buy_in.outcome == "minimum-required" and [c.clause for c in buy_in.citations] == ["fpc.48-s4"]
    assert buy_in.effects == [] and buy_in.do == [] and "ruled out of play" in buy_in.decision
    assert out.contradictions == []
    kept = next(r for r in answer("true").rulings if r.issue == "buy-in")
    assert {"effect": "buy-in-at-least", "seat": 6, "amount": 10} in kept.effects and kept.do
