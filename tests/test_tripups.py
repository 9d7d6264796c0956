"""What new users tripped on (docs/fidelity/q-t*.translate.md, r-t*.translate.md, "Using floorcall as a
new user"): each is a clear error (exit 2, the line, what to write) or a warning with its line that
says how the file was read; never a silent change of meaning."""
import json

from conftest import run_cli

from ruling_engine.errors import did_you_mean

HAND = """house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 4, stack: 100}
  - {seat: 6, stack: 100}
timeline:
  - deal:
  - {seat: 4, did: call, total: 2}
  - {seat: 6, did: call, total: 2}
  - {seat: 1, did: call, total: 2}
  - {seat: 2, did: call, total: 2}
  - {seat: 3, did: check}
  - flop: [2c, 3d, 9h]
  - {seat: 2, did: check}
  - {seat: 3, did: bet, total: 4}
  - {seat: 6, did: raise, total: 12, in_question: true}
"""


def _rule(tmp_path, text, *options):
    path = tmp_path / "incident.yaml"
    path.write_text(text, encoding="utf-8")
    return path, run_cli("rule-on", str(path), *options)


def _error(tmp_path, text):
    path, result = _rule(tmp_path, text)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    return path, result.stderr


def _warnings(tmp_path, text):
    path, result = _rule(tmp_path, text, "--format", "json")
    assert result.returncode == 0, result.stderr
    return path, json.loads(result.stdout)["warnings"]


def test_burn_true_says_to_write_a_question_mark(tmp_path):
    path, message = _error(tmp_path, HAND.replace("flop: [2c, 3d, 9h]", "flop: {cards: [2c, 3d, 9h], burn: true}"))
    assert f"{path}:17:" in message and 'write burn: "?" for a burn card that came off unseen' in message


def test_a_third_hole_card_points_to_the_deal_error_it_is(tmp_path):
    path, message = _error(tmp_path, HAND.replace("{seat: 1, stack: 100}", "{seat: 1, stack: 100, cards: [Ad, Ks, 7c]}"))
    assert f"{path}:5:" in message and "at most 2 hole cards" in message
    assert "deal_error: {kind: wrong-number-of-cards, seat: 1, cards: too-many}" in message
    assert "list the 2 cards of his hand" in message


def test_more_cards_shown_than_a_hand_points_to_the_deal_error(tmp_path):
    path, message = _error(tmp_path, HAND + "  - hand_shown: {seat: 6, face_up: 3}\n")
    assert f"{path}:21:" in message and "cards: too-many}" in message


def test_a_speaker_whose_seat_is_not_known_is_told_what_to_write(tmp_path):
    path, message = _error(tmp_path, HAND + "  - said: {by: unknown, words: \"that was a raise\"}\n")
    assert f"{path}:21:" in message and "for a player whose seat is not known write by: player" in message


def test_a_hint_never_suggests_the_opposite_of_what_was_written(tmp_path):
    assert did_you_mean("face-down", ["pushed-low", "tossed-high", "face-up"]).startswith("valid names")
    assert did_you_mean("too-few", ["too-many"]).startswith("valid names")
    assert did_you_mean("face-upp", ["pushed-low", "tossed-high", "face-up"]) == "did you mean 'face-up'?"
    path, message = _error(tmp_path, HAND.replace("{seat: 2, did: check}", "{seat: 2, did: fold, fold_manner: face-down}"))
    assert f"{path}:18:" in message and "did you mean 'face-up'" not in message
    assert "pushed-low = pushed forward low to the table, face down" in message      # what a face-down fold is
