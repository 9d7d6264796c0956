"""A fold said in words, read as the player meant it (e25/words, L302/L304): "Fold then", "I fold",
"I'm folding", "I'm out (now)" said in turn facing a bet are a fold, and each club's clause on
declarations in turn binds it:

- PPL League •52: "Verbal declarations in turn are obligatory"
- EDP 8 ¶3: "Action in turn (by declaration or pushing out chips) is binding"
- FPC rule 3: "Above all, verbal declarations in turn are binding."
- Gala House rule w (a fold facing a bet: the hand is dead)

The folded player is not offered the action again. Words that are not a fold (a question, a claim,
"I'm out of chips", "out" alone) stay what they were: unofficial words the floor reads.
"""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.said import read_said
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """house: ppl
game: {format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5, currency: "£"}
players:
  - {seat: 2, stack: 38}
  - {seat: 7, stack: 58}
pot_at_start: 14.5
timeline:
  - flop: [Q♥, 8♥, 4♣]
  - turn: J♠
  - river: 2♥
  - {seat: 2, did: check}
  - {seat: 7, did: bet, chips: [5]}
"""

CLAUSES = {"ppl": "ppl.league-52", "edp": "edp.8-3", "fpc": "fpc.3-s1-2", "gala": "gala.house-w"}


@pytest.mark.parametrize("words", ["Fold then", "fold now", "I fold", "I'm folding", "I'm out", "I'm out now",
                                   "I am out", "Fold it, please", "I\u2019m out"])
def test_plain_fold_words_are_a_fold(words):
    said = read_said(words)
    assert (said.term, said.unofficial, said.amount) == ("fold", False, None), said


@pytest.mark.parametrize("words", ["I'm out of chips", "out", "I'd never fold here", "Two pair. Beat that?",
                                   "fold if he shoves", "I'm in"])
def test_words_that_are_no_fold_stay_as_they_are(words):
    said = read_said(words)
    assert said.term != "fold" or said.unofficial, (words, said)


@pytest.mark.parametrize("words", ["Fold then", "I'm out now"])
def test_fold_said_in_turn_facing_a_bet_binds_each_club(kb, words):
    report = rule_incident(parse_incident_text(HEAD + f'  - {{seat: 2, said: "{words}", in_question: true}}\n',
                                               "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    for club, clause in CLAUSES.items():
        answer = report.answers[club]
        ruling = [r for r in answer.rulings if r.issue == "declared-action"][-1]
        assert any(rule.startswith(clause) for rule in ruling.rules_fired), (club, ruling.rules_fired)
        assert {"effect": "action-binding", "seat": 2} in ruling.effects, (club, ruling.effects)
        # the fold stands: seat 2 is not offered the £5 call again; seat 7 is the only hand left
        assert answer.now["next"] is None and answer.now["live"] == [7], (club, answer.now)


@pytest.mark.parametrize("words, fold", [("I called two. I'm out now - give me my three back.", True),
                                         ("I called two. I'm out now \u2013 give me my three back.", True),
                                         ("Fold \u2013 no wait, call", False), ("Call - I mean raise", False),
                                         ("If you bet \u2013 I'm out", False)])
def test_a_fold_among_words_that_declare_nothing(words, fold):
    said = read_said(words)
    assert ((said.term, said.unofficial) == ("fold", False)) is fold, (words, said)


def test_fold_said_in_a_said_entry_is_named_in_a_warning(kb):
    # L302's shape: the fold is in a said: entry (words, not an action), so nothing is ruled on it;
    # the warning names the action to write, and the answer keeps him in as the file has it
    text = HEAD + '  - said: {by: 2, words: "I\'m out now - give me my money back.", in_question: true}\n'
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    warned = [w for w in report.warnings if "seat 2's words" in w]
    assert warned and "- {seat: 2, said: " in warned[0] and "t.yaml:13" in warned[0], report.warnings
    # the same words as his action: PPL •52 binds the fold, and seat 7 is the only hand left
    text = HEAD + '  - {seat: 2, said: "I\'m out now - give me my money back.", in_question: true}\n'
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    assert not [w for w in report.warnings if "seat 2's words" in w], report.warnings
    assert report.answers["ppl"].now["live"] == [7], report.answers["ppl"].now


# P602: "fold" said in turn as the speaker's own act binds the whole hand, whatever words qualify
# it; there is no folding one pot only (FPC rule 3 "Above all, verbal declarations in turn are
# binding"; EDP 8 ¶3; PPL •52; Gala House w). Denied acts ("I'm not calling that") and another
# player's ("the pot he's all in for") declare nothing of the speaker's.
@pytest.mark.parametrize("words", ["I fold the side pot",
                                   "I'm not calling that. I fold the side pot - I'm still in for the pot he's all in for"])
def test_fold_with_words_the_rules_do_not_allow_is_a_qualified_fold(words):
    said = read_said(words)
    assert (said.term, said.unofficial, said.qualified) == ("fold", False, True), said


@pytest.mark.parametrize("words", ["fold if he shoves", "I fold the main pot but call the side pot",
                                   "If you bet \u2013 I'm out", "Fold \u2013 no wait, call"])
def test_fold_with_an_action_condition_or_number_beside_it_is_not_read_as_a_fold(words):
    said = read_said(words)
    assert said.term != "fold" or said.unofficial, (words, said)


def test_fold_of_one_pot_only_said_in_turn_folds_the_hand_for_each_club(kb):
    words = "I'm not calling that. I fold the side pot - I'm still in for the pot he's all in for"
    report = rule_incident(parse_incident_text(HEAD + f'  - {{seat: 2, said: "{words}", total: 0, in_question: true}}\n',
                                               "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    for club, clause in CLAUSES.items():
        answer = report.answers[club]
        ruling = [r for r in answer.rulings if r.issue == "declared-action"][-1]
        assert any(rule.startswith(clause) for rule in ruling.rules_fired), (club, ruling.rules_fired)
        assert {"effect": "action-binding", "seat": 2} in ruling.effects, (club, ruling.effects)
        assert answer.now["next"] is None and answer.now["live"] == [7], (club, answer.now)
        # a fold binds the whole hand: his hand is dead and he has no claim to any pot
        assert {"effect": "hand-dead", "seat": 2} in ruling.effects, (club, ruling.effects)
        assert {"effect": "no-claim-to-pot", "seat": 2} in ruling.effects, (club, ruling.effects)
