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


def test_burn_true_is_a_burn_card_nobody_saw_and_burn_false_says_what_to_write(tmp_path, kb):
    """A new user writes `burn: true` for "a burn card came off" (fresh batch Z: Z104's second retry):
    it is read as `burn: "?"`; `burn: false` (no burn card) is an error naming the event that says it."""
    from ruling_engine.incident.load import parse_incident_text
    seen = parse_incident_text(HAND.replace("flop: [2c, 3d, 9h]", "flop: {cards: [2c, 3d, 9h], burn: true}"),
                               "t.yaml", kb.vocabulary, kb.clubs)
    unseen = parse_incident_text(HAND.replace("flop: [2c, 3d, 9h]", 'flop: {cards: [2c, 3d, 9h], burn: "?"}'),
                                 "t.yaml", kb.vocabulary, kb.clubs)
    assert [e.get("burn") for e in seen.data["timeline"]] == [e.get("burn") for e in unseen.data["timeline"]]
    assert "?" in [e.get("burn") for e in seen.data["timeline"]]
    path, message = _error(tmp_path, HAND.replace("flop: [2c, 3d, 9h]", "flop: {cards: [2c, 3d, 9h], burn: false}"))
    assert f"{path}:17:" in message and "dealing_procedure: {unburned: <street>}" in message


def test_motions_one_is_one_motion_and_a_count_above_one_asks_for_each_motions_chips(tmp_path, kb):
    """`motions: 1` (Z103, Z104's first retry) says one forward motion, as leaving it out does;
    `motions: 2` asks for the chips of each motion."""
    from ruling_engine.incident.load import parse_incident_text
    action = "{seat: 4, did: call, total: 2}"
    chips = HAND.replace(action, "{seat: 4, did: call, chips: [2]}")
    one = parse_incident_text(HAND.replace(action, "{seat: 4, did: call, chips: [2], motions: 1}"),
                              "t.yaml", kb.vocabulary, kb.clubs)
    plain = parse_incident_text(chips, "t.yaml", kb.vocabulary, kb.clubs)
    strip = lambda inc: [{k: v for k, v in e.items() if k != "line"} for e in inc.data["timeline"]]
    assert strip(one) == strip(plain)
    path, message = _error(tmp_path, HAND.replace(action, "{seat: 4, did: call, chips: [1, 1], motions: 2}"))
    assert "write the value each of the 2 motions held" in message


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


def test_a_listed_seat_that_never_acts_warns_where_an_action_is_out_of_turn_for_it(tmp_path):
    text = HAND.replace("  - {seat: 4, did: call, total: 2}\n", "")
    # the flop comes without him: his part left out changes who is in the hand, an error (issue 22,
    # tests/test_refused.py) naming seat 6's pre-flop call (line 12), not only the point (line 19)
    path, message = _error(tmp_path, text)
    assert f"{path}:8: expected seat 4's part in the hand" in message
    assert "seat 6's action (line 12) is read as out of turn" in message and "folded: true" in message
    # the round still open, the out-of-turn call the point: a skip the floor was called about, a warning
    open_round = text.split("  - flop:")[0].replace("{seat: 6, did: call, total: 2}",
                                                      "{seat: 6, did: call, total: 2, in_question: true}")
    path, warnings = _warnings(tmp_path, open_round)
    silent = [w for w in warnings if "never acts" in w]
    assert len(silent) == 1 and silent[0].startswith(f"{path}:8: seat 4 is listed but never acts")
    assert "seat 6's action (line 12) is read as out of turn" in silent[0] and "folded: true" in silent[0]
    _, warnings = _warnings(tmp_path, text.replace("{seat: 4, stack: 100}", "{seat: 4, stack: 100, folded: true}"))
    assert not [w for w in warnings if "never acts" in w]
    _, warnings = _warnings(tmp_path, HAND)                      # seat 4 acted: a real out-of-turn raise
    assert not [w for w in warnings if "never acts" in w]


SHOWN = """house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
players:
  - {seat: 3, stack: 100}
  - {seat: 7, stack: 100}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 7, posts: big-blind}
  - deal:
  - {seat: 3, said: all in, total: 100}
  - {seat: 7, did: call, total: 100}
  - flop: [2c, 3d, 9h]
  - turn: 2h
  - hand_shown: {seat: 7, face_up: 2}
  - hand_shown: {seat: 3, face_up: 0, refused_rest: true, in_question: true}
"""


def test_hand_shown_before_the_showdown_warns_with_its_line(tmp_path):
    path, warnings = _warnings(tmp_path, SHOWN)
    early = [w for w in warnings if "before the showdown" in w]
    assert len(early) == 1 and early[0].startswith(f"{path}:14: hand_shown comes before the showdown")
    assert "turn (line 13)" in early[0] and "line 15" in early[0]
    _, warnings = _warnings(tmp_path, SHOWN.replace("  - turn: 2h\n", "  - turn: 2h\n  - river: 5s\n"))
    assert not [w for w in warnings if "before the showdown" in w]


STUD = """house: gala
game: {format: cash, variant: stud, ante: 0.5, bring_in: 1}
players:
  - {seat: 1, stack: 50}
  - {seat: 2, stack: 50}
  - {seat: 3, stack: 50}
timeline:
  - third-street:
  - {seat: 1, posts: bring-in}
  - {seat: 2, said: raise, chips: [1, 1, 1], in_question: true}
"""


def test_stud_antes_at_third_street_say_where_they_go(tmp_path):
    path, warnings = _warnings(tmp_path, STUD)
    antes = [w for w in warnings if "antes" in w]
    assert len(antes) == 1 and antes[0].startswith(f"{path}:2: the antes (game: ante 0.5) of the 3 players "
                                                   "listed are counted in the pot (1.5)")
    assert "Write deal: above it" in antes[0] and "pot_at_start" in antes[0]
    # what the warning promises: with deal: above third street every player posts the ante
    _, result = _rule(tmp_path, STUD.replace("  - third-street:\n", "  - deal:\n  - third-street:\n"), "--format", "json")
    assert result.returncode == 0 and not [w for w in json.loads(result.stdout)["warnings"] if "antes" in w]
    _, warnings = _warnings(tmp_path, STUD.replace("players:", "pot_at_start: 1.5\nplayers:"))
    assert not [w for w in warnings if "antes" in w]
