"""The order of action from the blinds posted, not guessed from seat numbers (issues 20/22): with no
`button:`, the button is the seat before the small blind, and heads-up the small blind himself."""
from pathlib import Path

import pytest

from ruling_engine.rulings.rule_on import rule_on

HERE = Path(__file__).parent / "incidents_order"      # plain incidents (no fires: list), kept out of tests/scenarios


def _issues(report, club):
    return {r.issue for r in report.answers[club].rulings}


def test_heads_up_with_no_button_the_small_blind_posted_is_the_button_and_acts_first_preflop(kb):
    """Heads-up, seat 3 posts the small blind and completes first: in turn (he is the button)."""
    report = rule_on(HERE / "heads-up-blinds-no-button.yaml", kb=kb)
    for club in report.answers:
        assert "out-of-turn" not in _issues(report, club), club


def test_the_button_implied_by_the_small_blind():
    from ruling_engine.facts.hand import button_from_blinds
    assert button_from_blinds([3, 7], 3) == 3            # heads-up: the small blind is the button
    assert button_from_blinds([1, 3, 5, 7], 3) == 1
    assert button_from_blinds([1, 3, 5, 7], 1) == 7      # the seat before, round the table


def test_a_blinds_posted_event_with_no_button_sets_the_order_of_action(kb):
    """blinds_posted: small 3, big 5 (no button): the button is seat 1's right, seat 7; seat 1's call
    before seat 7 acted is out of turn, and the Now backs up to seat 7."""
    report = rule_on(HERE / "blinds-posted-no-button.yaml", kb=kb)
    for club in report.answers:
        assert "out-of-turn" in _issues(report, club), club
        assert report.answers[club].now["next"]["seat"] == 7, (club, report.answers[club].now)


def test_a_player_dealer_off_the_button_raises_no_deal_point_nobody_asked(kb):
    """`dealer: 6` with the button on seat 3 and nothing disputing who dealt (in league play the
    dealer is not necessarily the button): no club rules on a deal out of turn."""
    report = rule_on(HERE / "dealer-not-on-button.yaml", kb=kb)
    for club in report.answers:
        assert "deal-error" not in _issues(report, club), club
        assert "out-of-turn" in _issues(report, club), club     # what was asked is still ruled


def test_a_player_dealer_off_the_button_is_a_deal_out_of_turn_when_the_deal_is_in_question(kb, tmp_path):
    """The same hand with `deal: {in_question: true}`: the deal is what is asked, and it was dealt
    out of turn."""
    text = (HERE / "dealer-not-on-button.yaml").read_text().replace("  - deal:\n", "  - deal: {in_question: true}\n")
    (tmp_path / "asked.yaml").write_text(text)
    report = rule_on(tmp_path / "asked.yaml", kb=kb)
    assert all("deal-error" in _issues(report, club) for club in report.answers)


def test_a_file_with_no_button_and_no_stacks_is_told_what_to_add(kb):
    """No `button:`, no blinds posted, no stacks: rule-on warns, naming the line to add, instead of
    guessing the order and the pot silently."""
    report = rule_on(HERE / "no-button-no-stacks.yaml", kb=kb)
    button = [w for w in report.warnings if "no button:" in w]
    assert len(button) == 1 and "button: 3" in button[0] and "posts: small-blind" in button[0]
    stacks = [w for w in report.warnings if "has no stack" in w]
    assert any(w.startswith(f"{HERE / 'no-button-no-stacks.yaml'}:7: seat 5 has no stack") for w in stacks), stacks


def test_a_file_that_says_the_button_and_the_stacks_gets_no_such_warning(kb):
    report = rule_on(HERE / "blinds-posted-no-button.yaml", kb=kb)
    assert not [w for w in report.warnings if "no button:" in w or "has no stack" in w]


def test_a_listed_seat_that_never_acts_is_refused_whichever_round_the_point_is_on(kb):
    """Seat 1 never acts, skipped pre-flop, and the flop comes without him; the point is seat 5's bet
    on the flop. Once a warning, now an error (issue 22, rulings/refused.py: the round closed without
    him, so the file leaves out his part), naming seat 3's pre-flop call (line 15) as it does when
    the point is there."""
    from ruling_engine.errors import FloorcallError
    with pytest.raises(FloorcallError) as caught:
        rule_on(HERE / "silent-seat-earlier-round.yaml", kb=kb)
    message = str(caught.value)
    assert ":5: expected seat 1's part in the hand" in message and "seat 3's action (line 15)" in message
    assert "the flop (line 17) comes without him" in message
