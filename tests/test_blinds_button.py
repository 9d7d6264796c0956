"""Blinds, buttons and the level in the answer (issues 20/21): what the floor needs for the next
deal is read from the seats, the button and the level, not left for him to work out."""
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES


def _effects(kb, case: str, club: str, issue: str) -> list:
    report = rule_on(CASES / case, kb=kb)
    ruling = next(r for r in report.answers[club].rulings if r.issue == issue)
    return [e for e in ruling.effects if e.get("effect") in ("post-blind", "button-to")]


def test_a_ruling_that_moves_the_small_blind_places_the_button_heads_up_on_the_small_blind(kb):
    """FPC 11 (heads-up the button posts the small blind): blinds put right place the button on the
    new small blind's seat."""
    effects = _effects(kb, "order-heads-up-blinds-wrong-way.yaml", "fpc", "blind-positions")
    assert {"effect": "button-to", "seat": 3} in effects
    assert {"effect": "post-blind", "seat": 3, "blind": "small", "amount": 200} in effects


def test_a_ruling_that_moves_the_small_blind_places_the_button_just_right_of_it(kb):
    """PPL howto-4: the small blind is left of the dealer, so seat 4's small blind has the button on
    seat 2 (the seat right of it), not seat 4's poster's old seat."""
    effects = _effects(kb, "notions/blinds-posted-by-seat-changed.yaml", "ppl", "blind-positions")
    assert {"effect": "button-to", "seat": 2} in effects


def test_a_ruling_that_keeps_the_blinds_as_posted_moves_no_button(kb):
    """PPL howto-3 (blinds-correct): the blinds as posted stand; no button move is read into it."""
    effects = _effects(kb, "notions/dead-button.yaml", "ppl", "blind-positions")
    assert not [e for e in effects if e["effect"] == "button-to"]


def _level_effects(kb, case: str, club: str) -> list:
    report = rule_on(CASES / case, kb=kb)
    ruling = next(r for r in report.answers[club].rulings if r.issue == "blind-level")
    return [e for e in ruling.effects if e.get("effect") == "blinds-level"]


def test_the_level_of_the_next_hand_carries_its_number_from_the_level_the_incident_states(kb):
    """FPC 12 (the hand is played at the new level when the blinds were not in before the beep): on
    level 6 (game.level), the new level is level 7 and the answer says so."""
    assert _level_effects(kb, "casebook/R401.yaml", "fpc") == [{"effect": "blinds-level", "level": "new", "number": 7}]


def test_a_level_written_as_its_number_agrees_with_the_level_named_and_numbered():
    from ruling_engine.rulings.agreement import _effect_present
    have = [{"effect": "blinds-level", "level": "new", "number": 7}]
    assert _effect_present({"effect": "blinds-level", "level": 7}, have)
    assert _effect_present({"effect": "blinds-level", "level": "new"}, have)
    assert not _effect_present({"effect": "blinds-level", "level": 6}, have)
    assert not _effect_present({"effect": "blinds-level", "level": "old"}, have)
