"""Who acts now and what he may do, read from the corrected hand: the Now never contradicts the
ruling (issue 20). A ruling that opens the betting to a player who acted is what the Now offers
him; the seat the action is on is told what he may do, never "unless the betting is reopened";
a seat the Now holds to call or fold is said so in the Now's effects; and the invariant check
catches a Now that offers a held seat a raise, whichever seat it names."""
import copy
import dataclasses

from conftest import CASES
from ruling_engine.corrected.hand import correct
from ruling_engine.corrected.invariants import violations
from ruling_engine.corrected.now import now_effects, now_of
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import load_incident
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_on, street_of_points

UNDER_RAISE = CASES / "amounts-under-raise-noticed-after-calls.yaml"   # EDP 8 ¶7 •1's own example
T102 = CASES / "casebook" / "T102.yaml"     # half a raise all in: PPL league 7 ¶2 reopens the betting
H206 = CASES / "casebook" / "H206.yaml"     # seat 8 faces an all-in he cannot raise past


def test_a_ruling_that_opens_the_betting_to_a_player_who_acted_is_what_the_now_offers_him(kb):
    """PPL league 7 ¶2: 'any player, who had already acted prior to the "all in" bet, also has the
    full range of options open to him' - the Now says he may raise, with the least raise, and does
    not hedge ('may raise only where the ruling above reopens ...') beside the ruling that decided."""
    now = rule_on(T102, kb=kb).answers["ppl"].now
    assert now["next"]["seat"] == 4 and now["next"]["options"] == "call-raise-fold"
    assert now["next"]["min_raise_to"] == 1900 and now["next"]["call"] == 300
    assert {"effect": "may-raise", "seat": 4, "call": 300, "min_raise_to": 1900} in now_effects(now)
    assert not any("reopen" in line for line in now_lines(now, ""))


def test_the_seat_the_action_is_on_may_only_call_or_fold_when_less_than_a_full_raise_faces_him(kb):
    """With no ruling (the hand as the floor found it), seat 4 acted and faces 300, less than a full
    raise: nobody acts before him who could reopen the betting, so he may call or fold."""
    incident = load_incident(T102, kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    hand = correct(timeline.data, timeline.hand, [], kb.vocabulary, street_of_points(timeline, timeline.points))
    assert hand.options(4) == "call-fold-unless-reopened"       # the hand's own word: not reopened
    now = now_of(hand, timeline.hand.order_button)
    assert now["next"]["seat"] == 4 and now["next"]["options"] == "call-or-fold"
    assert "min_raise_to" not in now["next"]


def test_the_now_states_a_seat_held_to_call_or_fold_as_its_effects(kb):
    """Gala: his word alone was no call; he decides again facing the 6,500 all-in he cannot raise
    past: the Now's effects say he may call 6,500 or fold, not raise, and never that he may raise."""
    effects = now_effects(rule_on(H206, kb=kb).answers["gala"].now)
    for word in ("call-or-fold", "may-call-or-fold"):
        assert {"effect": word, "seat": 8, "call": 6500} in effects
    assert {"effect": "no-raise", "seat": 8} in effects
    assert not any(e["effect"] == "may-raise" and e["seat"] == 8 for e in effects)


def test_a_seat_who_may_raise_only_if_reopened_later_is_neither_held_nor_free_in_the_now(kb):
    now = rule_on(UNDER_RAISE, kb=kb).answers["fpc"].now
    seat3 = next(e for e in now["then"] if e["seat"] == 3)
    assert (seat3["call"], seat3["options"]) == (2, "call-fold-unless-reopened")
    # he had called the £10 before it was made up to £12: FPC's ruling names the bettor only (e13/now)
    assert seat3["called_short"] == {"bettor": 2, "called": 10, "made_up_to": 12}
    assert not any(e.get("seat") == 3 for e in now_effects(now))


def _broken(kb, path, club, breaker):
    report = rule_on(path, kb=kb)
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers[club])
    breaker(answer)
    report = dataclasses.replace(report, answers={**report.answers, club: answer})
    return {v.invariant for v in violations(report, timeline)}


def test_the_invariants_catch_a_raise_offered_to_a_held_seat_the_now_names_after_the_next(kb):
    def held_then_offered_a_raise(answer):
        answer.now["restricted"] = [3]
        answer.now["then"][0]["options"] = "call-raise-fold"
    assert "call-or-fold-and-raise" in _broken(kb, UNDER_RAISE, "fpc", held_then_offered_a_raise)


def test_the_invariants_catch_the_seat_the_action_is_on_told_unless_reopened(kb):
    def hedged(answer):
        answer.now["next"]["options"] = "call-fold-unless-reopened"
        answer.now["next"].pop("min_raise_to", None)
    assert "call-or-fold-and-raise" in _broken(kb, UNDER_RAISE, "fpc", hedged)


M305 = CASES / "casebook" / "M305.yaml"     # words on the river about seat 4's bet on the turn


def test_chips_a_later_point_gives_back_come_off_the_round_he_put_them_in(kb):
    """EDP: the out-of-turn bet on the turn 'is not binding and is returned', ruled at the words on
    the river: the 1,500 comes off the turn, so the Now puts seat 4 to act on the turn the
    correction reopened (1,500 to call, call or fold), not on a river where nobody has bet."""
    now = rule_on(M305, kb=kb).answers["edp"].now
    assert {"seat": 4, "back": 1500, "street": "turn"} in now["moves"]
    assert now["next"]["street"] == "turn" and now["next"]["call"] == 1500 and now["next"]["total"] == 1500
    assert now["next"]["options"] == "call-or-fold"


def test_the_invariants_catch_chips_given_back_on_a_round_he_put_nothing_in(kb):
    def back_on_the_river(answer):
        answer.now["moves"] = [{**m, "street": "river"} if "back" in m else m for m in answer.now["moves"]]
    assert "conservation" in _broken(kb, M305, "edp", back_on_the_river)
