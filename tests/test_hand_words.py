"""A hand named in words at showdown is read, not ignored (issue 21/22): a player's `said:` of kind
hand at showdown is the declaration a hand_declared entry writes, its named hand read from ordinary
floor language, and judged wrong when it differs from the cards in kind OR in rank. EDP 3 ¶1 s1
("Verbal declarations as to the content of a player's hand are not binding"), PPL League •48
("Verbal affirmations ... are not binding") and Gala Showdown ¶1 s3 ("Cards Speak At All Times, and
wrongly called hands will be corrected either way") apply to it; words that name no hand that can be
read are named in a warning."""
import pytest

from ruling_engine.incident.named_hand import NamedHand, read_named_hand
from ruling_engine.rulings.rule_on import rule_on

HEADER = """title: a hand named at showdown
house: ppl
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 5
players:
  - {seat: 2, stack: 5000%s}
  - {seat: 5, stack: 5000, cards: [Q♥, Q♦]}
timeline:
  - flop: {cards: [3♠, 4♥, 5♦], pot: 2000}
  - turn: 6♣
  - river: Q♠
  - {seat: 2, did: check}
  - {seat: 5, did: check}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
%s
  - hand_shown: {seat: 5, face_up: 2}
"""
STRAIGHT = ", cards: [A♣, 2♦]"          # 2-3-4-5-6: a six-high straight
TWO_PAIR = ", cards: [Q♣, 6♦]"          # queens (Q♠ on the board) and sixes (6♣): two pair, queens and sixes


def _rule(kb, tmp_path, words, cards=STRAIGHT, extra="", kind="kind: hand, "):
    path = tmp_path / "incident.yaml"
    said = f'  - said: {{by: 2, words: "{words}", {kind}in_question: true}}' + extra
    path.write_text(HEADER % (cards, said), encoding="utf-8")
    return rule_on(path, kb=kb)


def _misdeclared(report, club):
    return [r for r in report.answers[club].rulings if r.issue == "misdeclared-hand"]


@pytest.mark.parametrize("words, named", [
    ("ace-high straight", NamedHand("straight", ("A",))),
    ("straight to the ace", NamedHand("straight", ("A",))),
    ("Nine-high straight.", NamedHand("straight", ("9",))),
    ("the wheel", NamedHand("straight", ("5",))),
    ("nut flush", NamedHand("flush")),
    ("king high flush", NamedHand("flush", ("K",))),
    ("kings and fours", NamedHand("two-pair", ("K", "4"))),
    ("two pair kings", NamedHand("two-pair", ("K",))),
    ("queens up", NamedHand("two-pair", ("Q",))),
    ("set of kings", NamedHand("three-of-a-kind", ("K",))),
    ("kings full of fours", NamedHand("full-house", ("K", "4"))),
    ("four nines", NamedHand("four-of-a-kind", ("9",))),
    ("pair of jacks", NamedHand("pair", ("J",))),
    ("ace high", NamedHand("high-card", ("A",))),
    ("Royal!", NamedHand("royal-flush", ("A",))),
])
def test_floor_language_names_a_kind_and_its_ranks(words, named):
    assert read_named_hand(words) == named


@pytest.mark.parametrize("words", ["jack kicker - mine", "ace of diamonds, queen of clubs", "good game"])
def test_words_that_name_no_hand_read_as_none(words):
    assert read_named_hand(words) is None


def test_wrong_rank_right_kind_is_a_misdeclaration_edp_3_1_s1_ppl_48_gala_showdown_p1(kb, tmp_path):
    """"ace-high straight" on a six-high straight: the kind is right, the rank is not; each club's
    clause on hands named wrongly applies, and the cards are read as they are."""
    report = _rule(kb, tmp_path, "ace-high straight")
    cites = {"edp": "edp.3-1-s1", "ppl": "ppl.league-48", "gala": "gala.betting-showdown-p1-s3"}
    for club, clause in cites.items():
        [ruling] = _misdeclared(report, club)
        assert ruling.outcome == "not-binding"
        assert clause in {c.clause for c in ruling.citations}
        assert {"effect": "declaration-not-binding", "seat": 2} in ruling.effects
        assert any("straight, ace high" in line and "straight, six high" in line for line in ruling.do)


def test_right_kind_and_rank_is_no_misdeclaration(kb, tmp_path):
    report = _rule(kb, tmp_path, "six-high straight")
    assert all(_misdeclared(report, club) == [] for club in report.answers)


def test_two_pair_named_with_the_wrong_pair_is_wrong(kb, tmp_path):
    """"two pair, kings" when the cards make queens and sixes: counted as a misdeclaration."""
    right = _rule(kb, tmp_path, "queens and sixes", cards=TWO_PAIR)
    assert _misdeclared(right, "ppl") == []
    wrong = _rule(kb, tmp_path, "two pair, kings", cards=TWO_PAIR)
    assert [r.outcome for r in _misdeclared(wrong, "ppl")] == ["not-binding"]


def test_wrong_kind_read_from_words_with_no_kind_given(kb, tmp_path):
    """Words read as a hand when kind is left out are a declaration too."""
    report = _rule(kb, tmp_path, "I've got the flush", kind="")
    assert [r.outcome for r in _misdeclared(report, "edp")] == ["not-binding"]


def test_unknown_cards_leave_the_declaration_unjudged(kb, tmp_path):
    """Cards not known: whether the hand was named rightly is not known, so no club rules it wrong."""
    report = _rule(kb, tmp_path, "ace-high straight", cards="")
    assert all(_misdeclared(report, club) == [] for club in ("edp", "ppl", "gala"))


def test_words_that_name_no_hand_are_named_in_a_warning(kb, tmp_path):
    report = _rule(kb, tmp_path, "jack kicker - mine")
    assert any("jack kicker - mine" in w and "was not read" in w and "hand_declared" in w for w in report.warnings)


def test_a_written_hand_declared_is_the_one_declaration(kb, tmp_path):
    """The words and a hand_declared entry for the same seat are one declaration: the entry's."""
    extra = "\n  - hand_declared: {hand_of: 2, said: straight}"
    report = _rule(kb, tmp_path, "ace-high straight", extra=extra)
    assert _misdeclared(report, "ppl") == []
    assert not any("was not read" in w for w in report.warnings)


def test_the_questionnaire_writes_a_hand_named_as_kind_hand():
    """'SEAT names: words' in `floorcall ask` is his own hand named at showdown (kind: hand)."""
    from ruling_engine.ask.answers import parse_said
    assert parse_said("2 names: ace-high straight", [2, 5]) == {
        "said": {"by": 2, "words": "ace-high straight", "kind": "hand"}}


def test_floorcall_events_said_says_a_hand_named_is_a_declaration(kb):
    from ruling_engine.knowledge.events import events_text
    text = " ".join(events_text(kb, "said").split())
    assert "is his declaration of his own hand" in text and "differ in kind or rank" in text


PUSHED = """
  - money_moved: {did: pushed, seat: 2, amount: 2000}
  - said: {by: 5, words: "Wait - that's not what you said you had", kind: claim, in_question: true}"""


def _disputes(report, club):
    return [r for r in report.answers[club].rulings if r.issue == "dispute"]


def test_objection_after_a_pot_pushed_on_a_misnamed_hand_is_a_dispute_edp_3_17_gala_showdown_p5(kb, tmp_path):
    """The pot pushed to the player who named his hand wrongly, and the other player objecting (a
    marked claim) before any new hand: EDP 3 ¶17 ("The right to dispute a finished hand ends when a new
    hand begins") and Gala Showdown ¶5 hear the dispute in time."""
    path = tmp_path / "incident.yaml"
    said = '  - said: {by: 2, words: "ace-high straight", kind: hand}'
    path.write_text((HEADER % (STRAIGHT, said)) + PUSHED.lstrip("\n") + "\n", encoding="utf-8")
    report = rule_on(path, kb=kb)
    [edp] = _disputes(report, "edp")
    assert edp.outcome == "in-time" and "edp.3-17" in {c.clause for c in edp.citations}
    [gala] = _disputes(report, "gala")
    assert gala.outcome == "in-time" and "gala.betting-showdown-p5" in {c.clause for c in gala.citations}


def test_objection_after_a_push_on_a_rightly_named_hand_raises_no_dispute(kb, tmp_path):
    path = tmp_path / "incident.yaml"
    said = '  - said: {by: 2, words: "six-high straight", kind: hand}'
    path.write_text((HEADER % (STRAIGHT, said)) + PUSHED.lstrip("\n") + "\n", encoding="utf-8")
    report = rule_on(path, kb=kb)
    assert all(_disputes(report, club) == [] for club in report.answers)
