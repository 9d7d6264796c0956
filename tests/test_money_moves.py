"""What was done with the money (issue 22, "What the dealer and the floor did with the money";
issue 20's pot): a deduction the incident states (a rake, a league-fund drop) leaves the pot at the
moment it was taken, the pot section says so, and a club's ruling that it must go back puts it back;
the invariant check counts deductions in the chips it conserves."""
import copy
import dataclasses

from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES

DROP = CASES / "notions" / "pot-deduction.yaml"

RAKE = """
title: A rake taken from a cash pot
house: edp
game: {format: cash, variant: PLO, blinds: [1, 2]}
players:
  - {seat: 2, stack: 100}
  - {seat: 5, stack: 100}
pot_at_start: 20
timeline:
  - flop:
  - pot_deduction: {pot: 20, taken: 2, reached_flop: true, purpose: rake}
  - {seat: 2, did: bet, total: 10}
  - {seat: 5, did: fold}
"""


def _rule(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    return rule_incident(incident, kb=kb), timeline


def _money(answer, kind):
    return [e for e in answer.settlement if e["effect"] == kind]


def test_a_drop_taken_on_the_flop_leaves_the_pot_and_the_pot_section_says_so(kb):
    from ruling_engine.rulings.rule_on import rule_on
    report = rule_on(DROP, kb=kb)
    for club, answer in report.answers.items():
        # a club with no clause allowing the drop leaves it to the floor, said in its pot (e19/cards)
        left = {"floor_decides": True} if club != "edp" else {}
        assert _money(answer, "pot-deducted") == [{"effect": "pot-deducted", "amount": 0.5, "purpose": "prize-fund",
                                                   **left}]
        assert [p["amount"] for p in _money(answer, "pot")] == [33.5]        # £34 put in, 50p taken
        assert _money(answer, "pot-awarded")[0]["amount"] == 33.5
    from ruling_engine.render.output import render_text
    assert "£0.50 was taken out of the pot (for the prize fund)" in render_text(report)


def test_the_pot_after_a_deduction_is_smaller_from_the_moment_it_was_taken(kb):
    _, timeline = _rule(kb, RAKE)
    hand = timeline.hand
    assert hand.walk(0).pot == 18          # the bet on the flop faced the pot less the rake
    assert hand.walk(0).pot_limit_max_to(2) == 18
    assert hand.walk().deducted == 2


def test_a_ruling_that_the_deduction_goes_back_puts_it_back_into_the_pot(kb):
    report, _ = _rule(kb, RAKE)
    # EDP 2 ¶3 "No rake will be taken for pots": refund-to-pot; the others leave it to the floor
    edp, gala = report.answers["edp"], report.answers["gala"]
    assert any(e["effect"] == "refund-to-pot" for r in edp.rulings for e in r.effects)
    assert _money(edp, "pot-deducted") == [] and _money(edp, "pot-awarded")[0]["amount"] == 20
    assert _money(gala, "pot-deducted")[0]["amount"] == 2 and _money(gala, "pot-awarded")[0]["amount"] == 18


def _broken(kb, text, club, breaker):
    report, timeline = _rule(kb, text)
    assert violations(report, timeline) == []
    answer = copy.deepcopy(report.answers[club])
    breaker(answer)
    report = dataclasses.replace(report, answers={**report.answers, club: answer})
    return {v.invariant for v in violations(report, timeline)}


def test_the_invariant_counts_deductions_and_catches_one_dropped_or_overstated(kb):
    def deduction_forgotten(answer):
        answer.settlement = [e for e in answer.settlement if e["effect"] != "pot-deducted"]
    assert "conservation" in _broken(kb, RAKE, "gala", deduction_forgotten)

    def more_taken_than_the_incident_says(answer):
        for e in answer.settlement:
            if e["effect"] == "pot-deducted":
                e["amount"] += 3
            if e["effect"] == "pot":
                e["amount"] -= 3
    assert "conservation" in _broken(kb, RAKE, "gala", more_taken_than_the_incident_says)


AWAY_THEN_CALLS = """
title: The small blind is away when the action reaches him; back, he says call
house: gala
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 6
players:
  - {seat: 2, stack: 7300}
  - {seat: 6, stack: 5000}
  - {seat: 7, stack: 8400}
  - {seat: 8, stack: 5600}
  - {seat: 9, stack: 11000}
timeline:
  - preflop:
  - {seat: 7, posts: small-blind, chips: [200]}
  - {seat: 8, posts: big-blind, chips: [400]}
  - player_away: {seat: 7, at_first_card: false, at_last_card: false, left_mid_hand: true, at_turn: true, in_question: true}
  - {seat: 9, did: raise, total: 1000}
  - {seat: 2, did: call, total: 1000}
  - {seat: 6, did: fold}
  - {seat: 7, said: call, total: 1000}
"""


def test_chips_a_dead_hand_put_in_after_it_died_go_back_and_what_it_put_in_before_stays(kb):
    """Gala (house i) and PPL (league 13) kill the hand of a player away when his turn came; his
    'call' on coming back (his 1,000 total in) was no bet on a live hand: the 800 goes back, his
    200 blind stays."""
    report, _ = _rule(kb, AWAY_THEN_CALLS)
    for club in ("gala", "ppl"):
        answer = report.answers[club]
        assert 7 in answer.now["dead"]
        assert _money(answer, "return-chips") == [{"effect": "return-chips", "seat": 7, "amount": 800}]
        assert [p["amount"] for p in _money(answer, "pot")] == [2600]


def test_a_dead_hands_call_in_words_with_no_chips_shown_is_not_given_back(kb):
    """The same call said with no chips or total (e24/stud, O501): chips are never invented, so
    nothing is given back; the 800 the replay read in is named as not put in, the pot the same."""
    report, _ = _rule(kb, AWAY_THEN_CALLS.replace("{seat: 7, said: call, total: 1000}", "{seat: 7, said: call}"))
    for club in ("gala", "ppl"):
        answer = report.answers[club]
        assert 7 in answer.now["dead"]
        assert _money(answer, "return-chips") == []
        assert _money(answer, "not-put-in") == [{"effect": "not-put-in", "seat": 7, "amount": 800}]
        assert [p["amount"] for p in _money(answer, "pot")] == [2600]


PUSHED = CASES / "notions" / "pot-pushed.yaml"


def test_a_pot_pushed_to_the_wrong_player_comes_back_from_him_to_the_winner(kb):
    from ruling_engine.rulings.rule_on import rule_on
    report = rule_on(PUSHED, kb=kb)
    for club in ("edp", "gala", "ppl", "fpc"):       # the cards: seat 2's two pair wins the pot
        assert _money(report.answers[club], "chips-back") == [
            {"effect": "chips-back", "seat": 5, "amount": 34, "to": [2]}]
    from ruling_engine.render.output import render_text
    assert "Seat 5 gives back the £34 he was handed: it goes to seat 2" in render_text(report)


def test_chips_handed_to_the_player_the_ruling_gives_them_to_need_not_move(kb, tmp_path):
    text = PUSHED.read_text(encoding="utf-8").replace("money_moved: {did: pushed, seat: 5}",
                                                      "money_moved: {did: pushed, seat: 2}")
    report, _ = _rule(kb, text)
    assert all(_money(a, "chips-back") == [] for club, a in report.answers.items() if club != "fpc")


def test_a_part_set_aside_is_counted_where_it_is(kb):
    text = PUSHED.read_text(encoding="utf-8").replace(
        "money_moved: {did: pushed, seat: 5}",
        "money_moved: {did: set-aside, seat: 5, amount: 10, by: floor}")
    report, _ = _rule(kb, text)
    assert _money(report.answers["edp"], "chips-back") == [{"effect": "chips-back", "seat": 5, "amount": 10, "to": [2]}]


def test_chips_handed_out_stay_where_the_club_leaves_the_unawarded_pot_to_the_floor(kb):
    """Seat 5's hand not known (only his 4♥, which with the unknown card could make a set of fours
    and beat two pair): EDP's only ruling on the marked showdown is 'not covered' (the floor
    decides), so no pot is awarded and no clause orders the £34 back into the pot: it stays with
    seat 5 as the position the floor decides from (e17/discretion; it was ordered back before).
    (With only his A♦ known the cards would decide: nothing with an A♦ beats kings and nines.)"""
    text = PUSHED.read_text(encoding="utf-8").replace("cards: [A♦, 4♥]", "cards: [4♥]")   # seat 5's hand not known
    report, _ = _rule(kb, text)
    assert _money(report.answers["edp"], "pot-awarded") == []
    assert _money(report.answers["edp"], "chips-back") == []
    assert _money(report.answers["edp"], "chips-held") == [{"effect": "chips-held", "seat": 5, "amount": 34}]


def test_a_rule_can_read_that_the_pot_was_already_pushed():
    from ruling_engine.facts.money import money_facts
    facts = money_facts({"game": {}, "events": [{"event": "money_moved", "did": "pushed", "seat": 5, "by": "dealer"}]})
    assert facts["pot_pushed"] is True and facts["pot_pushed_to"] == 5
    assert "pot_pushed" not in money_facts({"game": {}, "events": [
        {"event": "money_moved", "did": "counted", "amount": 30, "by": "dealer"}]})


def test_the_questionnaire_asks_to_whom_the_pot_was_pushed_and_how_much(kb):
    """Where the money already is decides what must come back and to whom (chips_back), so the
    floor app asks it whenever the dealer or the floor moved chips (a count given moves nothing)."""
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry, street_entry
    session = Session(kb, house="edp")
    for name, value in (("game.format", "cash"), ("game.variant", "NLHE"), ("game.blinds", [1, 2]),
                        ("button", 2), ("players", [{"seat": 2, "stack": 100}, {"seat": 5, "stack": 100}])):
        session.answer(name, value)
    for entry in ({"seat": 2, "did": "raise", "total": 6}, {"seat": 5, "did": "call", "total": 6},
                  street_entry("showdown"), event_entry("money_moved", did="pushed"), DONE):
        session.answer("next", entry)
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        session.answer(question.name, 5 if question.name == "money_moved.seat" else None)
    assert "money_moved.seat" in asked and "money_moved.amount" in asked


# -- approximate and bounded amounts ------------------------------------------------------------------

BOUNDED = """
title: Approximate amounts
house: edp
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 2
players:
  - {seat: 2, stack: {about: 30000}}
  - {seat: 5, stack: 8000}
  - {seat: 7, stack: 9000}
pot_at_start: 3000
timeline:
  - flop: [K♠, 8♦, 4♣]
  - {seat: 5, did: bet, total: BET}
  - {seat: 7, did: call, in_question: true}
"""


def test_an_approximate_or_bounded_amount_is_read_and_written_back_as_such(kb):
    from ruling_engine.incident.load import incident_text
    from ruling_engine.numbers import Approx
    incident = parse_incident_text(BOUNDED.replace("BET", "{over: 4000}"), "<t>", kb.vocabulary, kb.clubs)
    stack = incident.data["players"][0]["stack"]
    assert isinstance(stack, Approx) and stack == 30000 and stack.kind == "about"
    assert [(what, kind, figure) for what, kind, figure, _ in incident.data["_approximate"]] == [
        ("player.stack", "about", 30000), ("action.total", "over", 4000)]
    text = incident_text(incident.data)
    assert "stack: {about: 30000}" in text and "total: {over: 4000}" in text


def test_a_malformed_bound_is_an_error_with_its_line_and_a_suggestion(kb):
    import pytest
    from ruling_engine.errors import FloorcallError
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(BOUNDED.replace("BET", "{aboot: 4000}"), "<t>", kb.vocabulary, kb.clubs)
    assert error.value.line == 13 and "about" in str(error.value)


def test_amounts_worked_out_from_an_approximate_bet_are_said_to_be_about_never_exact(kb):
    from ruling_engine.render.output import render_text
    report, _ = _rule(kb, BOUNDED.replace("BET", "{about: 4000}"))
    answer = report.answers["edp"]
    assert [(p["amount"], p["approx"]) for p in _money(answer, "pot")] == [(11000, "about")]
    assert answer.now["approx"] == "about"
    text = render_text(report)
    assert "Main pot: about 11,000" in text
    assert any("approximately or as a bound" in w and "line 13: total about 4,000" in w for w in report.warnings)


def test_a_lower_bound_makes_the_pot_at_least_and_an_approximate_stack_that_caps_nothing_leaves_it_exact(kb):
    report, _ = _rule(kb, BOUNDED.replace("BET", "{at_least: 4000}"))
    assert [p["approx"] for p in _money(report.answers["edp"], "pot")] == ["at least"]
    report, _ = _rule(kb, BOUNDED.replace("BET", "4000"))       # seat 2's stack is about 30,000: not all in
    assert [p.get("approx") for p in _money(report.answers["edp"], "pot")] == [None]


def test_floorcall_events_says_an_amount_may_be_approximate_or_bounded():
    from conftest import run_cli
    result = run_cli("floorcall", "events", "money_moved")
    assert "amount: amount (or {about: N}, {at_least: N}, {over: N})" in result.stdout


def test_the_questionnaire_takes_an_amount_said_roughly_or_as_a_bound():
    from ruling_engine.ask.answers import parse_value
    from ruling_engine.ask.questionnaire import Question
    amount = Question("players.stack", "How many chips?", "number", bounded=True)
    assert parse_value(amount, "about 30,000") == {"about": 30000}
    assert parse_value(amount, "at least £4") == {"at_least": 4}
    assert parse_value(amount, "over 3000") == {"over": 3000}
    assert parse_value(amount, "30000") == 30000
