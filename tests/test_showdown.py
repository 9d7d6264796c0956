"""Showdown read from the cards: hands evaluated (phevaluator), pots and odd chips divided, jackpots,
and the clubs' clauses on them applied to real cards."""
import subprocess
import sys

import pytest

from ruling_engine.facts import hands
from ruling_engine.facts.derive import computed_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import ROOT, run_cli


def _facts(kb, text):
    return computed_facts(parse_incident_text(text, "inline.yaml", kb.vocabulary, kb.clubs))


def _ruling(kb, text, club, issue):
    report = rule_incident(parse_incident_text(text, "inline.yaml", kb.vocabulary, kb.clubs), kb=kb)
    return next(r for r in report.answers[club].rulings if r.issue == issue)


# -- the evaluator --------------------------------------------------------------------------------------

@pytest.mark.parametrize("hole, board, category", [
    (["Ah", "Kh"], ["Qh", "Jh", "Th", "2c", "3d"], "royal-flush"),
    (["9h", "8h"], ["7h", "6h", "5h", "Ac", "Ad"], "straight-flush"),
    (["Ac", "2d"], ["3s", "4h", "5c", "Ks", "9d"], "straight"),
    (["Kh", "Kd"], ["Ks", "9c", "9d", "2h", "3c"], "full-house"),
    (["7c", "2d"], ["Ah", "Kd", "Qs", "9h", "4c"], "high-card"),
])
def test_hold_em_hand_categories(hole, board, category):
    assert hands.best_hand(1, hole, board, "NLHE").category == category


def test_omaha_uses_exactly_two_hole_cards():
    # one heart in hand and four on board is no flush in Omaha, but it is in hold'em reading
    hole, board = ["Ah", "Kc", "Qd", "7s"], ["Kh", "8h", "5h", "2h", "Jh"]
    assert hands.best_hand(3, hole, board, "PLO").category == "pair"
    assert hands.best_with_any_cards(hole, board).category == "flush"


def test_wheel_is_five_high_and_board_play_is_seen():
    assert hands.best_hand(1, ["Ac", "2d"], ["3s", "4h", "5c", "Ks", "9d"], "NLHE").text().startswith(
        "straight, five high")
    board_royal = hands.best_hand(3, ["9d", "8d"], ["As", "Ks", "Qs", "Js", "Ts"], "NLHE")
    assert board_royal.plays_board and board_royal.hole_used == 0


def test_kicker_is_told_from_a_different_pair():
    board = ["Ah", "9c", "6s", "4d", "2h"]
    jack, ten = hands.best_hand(2, ["As", "Jd"], board, "NLHE"), hands.best_hand(6, ["Ac", "Td"], board, "NLHE")
    nines = hands.best_hand(7, ["9s", "Qd"], board, "NLHE")
    assert hands.decided_by_kicker(jack, ten)
    assert not hands.decided_by_kicker(jack, nines)


# -- pots and odd chips ----------------------------------------------------------------------------------

def test_side_pots_are_layered_and_uncalled_chips_are_not_a_pot():
    contributions = {1: 40, 3: 120, 5: 200, 8: 10}          # seat 8 folded after 10; seat 5 overbet
    assert hands.pots(contributions, [1, 3, 5]) == [(130, [1, 3, 5]), (160, [3, 5])]


@pytest.mark.parametrize("amount, ways, unit, want", [
    (45, 2, 0.5, (22.5, 0)), (45, 2, 1, (22, 1)), (1300, 2, 100, (600, 100)), (100, 3, 1, (33, 1)),
])
def test_divide_in_the_smallest_chip(amount, ways, unit, want):
    assert hands.divide(amount, ways, unit) == want


SPLIT = (ROOT / "cases" / "showdown-split-pot-odd-chip.yaml").read_text(encoding="utf-8").split("\n# The ruling")[0]


def test_edp_3_15_odd_chip_broken_down_gala_p7_odd_chip_to_left_of_button(kb):
    edp = _ruling(kb, SPLIT, "edp", "split-pot")
    gala = _ruling(kb, SPLIT, "gala", "split-pot")
    assert edp.outcome == "broken-down-then-left-of-button"
    assert {"effect": "pot-split", "seats": "4 and 2", "share": 22.5} in edp.effects
    assert gala.outcome == "odd-chip-left-of-button"
    assert {"effect": "odd-chip", "seat": 4, "amount": 1} in gala.effects


def test_edp_3_15_unbreakable_chip_goes_left_of_button(kb):
    text = SPLIT.replace("smallest_chip: 0.5", "smallest_chip: 1")
    edp = _ruling(kb, text, "edp", "split-pot")
    assert {"effect": "odd-chip", "seat": 4, "amount": 1} in edp.effects


# -- the cards behind what was shown, mucked or claimed ----------------------------------------------------

ONE_CARD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
street: showdown
button: 6
players:
  - {seat: 3, stack: 150, cards: [Qh, 7c]}
  - {seat: 6, stack: 150, cards: [Ah, 5d]}
board: [Kh, 9h, 4h, 2c, Jd]
actions:
  - {seat: 3, street: river, said: bet 20}
  - {seat: 6, street: river, said: call}
events:
  - hand_shown: {seat: 6, face_up: 1, would_win: false}
"""


def test_would_win_is_read_from_the_cards_not_asked(kb):
    assert _facts(kb, ONE_CARD)["hand_shown.would_win"] is True
    losing = ONE_CARD.replace("cards: [Ah, 5d]", "cards: [3h, 5d]")
    assert _facts(kb, losing)["hand_shown.would_win"] is False


def test_without_cards_the_floors_answer_stands(kb):
    text = ONE_CARD.replace(", cards: [Qh, 7c]", "").replace(", cards: [Ah, 5d]", "")
    facts = _facts(kb, text)
    assert facts["hand_shown.would_win"] is False and "hands_compared" not in facts


def test_royal_flush_hole_cards_decide_edp_and_fpc_jackpots(kb):
    path = ROOT / "cases" / "showdown-royal-flush-one-hole-card.yaml"
    text = path.read_text(encoding="utf-8").split("\n# The ruling")[0]
    assert _facts(kb, text)["royal_flush_hole_cards"] == 1
    assert _ruling(kb, text, "edp", "jackpot").outcome == "not-eligible"
    assert _ruling(kb, text, "fpc", "jackpot").outcome == "jackpot-won"
    unwitnessed = text.replace("witnessed_by_official: true", "witnessed_by_official: false")
    assert _ruling(kb, unwitnessed, "fpc", "jackpot").outcome == "not-eligible"


UNCALLED_SHOW = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
street: river
button: 2
players:
  - {seat: 2, stack: 200, cards: [6c, 5c]}
  - {seat: 4, stack: 200}
actions:
  - {seat: 4, street: river, said: check}
  - {seat: 2, street: river, said: bet 30}
  - {seat: 4, street: river, said: fold}
events:
  - card_exposed: {seat: 2, by: player, during: play, count: 2, deliberate: true, seen_by: one-player}
"""


def test_gala_unethical_l_shown_after_uncalled_win_must_be_shown_on_request(kb):
    ruling = _ruling(kb, UNCALLED_SHOW, "gala", "shown-to-another")
    assert "gala.unethical-l-s3" in {c.clause for c in ruling.citations}
    called = UNCALLED_SHOW.replace("said: fold}", "said: call}")
    assert _facts(kb, called).get("pot_won_uncalled") is not True


# -- impossible cards, and the evaluator kept out of incidents without cards ------------------------------

@pytest.mark.parametrize("change, line, message", [
    (("cards: [Ah, 5d]", "cards: [Qh, 5d]"), ":8:", "each card once in the deck"),
    (("board: [Kh, 9h, 4h, 2c, Jd]", "board: [Kh, 9h, 4h, 2c, Ah]"), ":9:", "each card once in the deck"),
    (("cards: [Ah, 5d]", "cards: [Ah, 5d, 6d]"), ":8:", "2 hole cards in NLHE"),
])
def test_impossible_cards_are_a_clear_error(tmp_path, change, line, message):
    path = tmp_path / "incident.yaml"
    path.write_text(ONE_CARD.replace(*change), encoding="utf-8")
    result = run_cli("rule-on", str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert str(path) + line in result.stderr and message in result.stderr


def test_evaluator_is_imported_only_for_incidents_with_cards():
    code = ("import sys; from ruling_engine.rulings.rule_on import rule_on; rule_on('cases/undercall-heads-up-turn.yaml'); "
            "print('phevaluator' in sys.modules); rule_on('cases/showdown-kicker-decides.yaml'); "
            "print('phevaluator' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.split() == ["False", "True"], out.stderr


def test_edp_3_13_a_hand_that_plays_the_board_must_show_all_hole_cards(kb):
    board_straight = ONE_CARD.replace("board: [Kh, 9h, 4h, 2c, Jd]", "board: [Ad, Kc, Qs, Jh, Td]") \
        .replace("cards: [Ah, 5d]", "cards: [3c, 5d]").replace("cards: [Qh, 7c]", "cards: [2s, 7c]")
    assert _facts(kb, board_straight)["hand_shown.plays_board"] is True
    ruling = _ruling(kb, board_straight, "edp", "hand-not-fully-shown")
    assert ruling.outcome == "must-show-all" and "edp.3-13" in {c.clause for c in ruling.citations}
    assert "edp.3-13" not in {c.clause for c in _ruling(kb, ONE_CARD, "edp", "hand-not-fully-shown").citations}
