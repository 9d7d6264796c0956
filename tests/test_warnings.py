"""Warnings worth reading (issue 24): a warning names what the user wrote that changes nothing
although he would expect it to, once per kind, with its line, after the ruling; what is kept for
the record (notes, words said, names, `others:`, the cards of a street, the game's smallest chip,
level and session) is never warned about."""
import sys
from pathlib import Path

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.rulings.unread import ACTION_FIELD_FACTS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

CASH = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1, session: 2}
button: 8
players:
  - {seat: 2, stack: 200, name: Dave}
  - {seat: 5, stack: 200}
  - {seat: 8, stack: 200}
others: 3
notes: the dealer called the floor at once
timeline:
  - flop: {cards: [Q♦, 7♠, 3♣], pot: 10}
  - {seat: 2, did: bet, chips: [5, 5], gap: 2, first: chips}
  - said: {by: 5, words: "I never saw the bet"}
  - said: {by: dealer, words: "ten to call"}
  - {seat: 5, said: call, chips: [50, 50], first: chips, gap: 2, in_question: true}
"""


def _rule(kb, text, name="t.yaml"):
    return rule_incident(parse_incident_text(text, name, kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_notes_words_names_others_board_cards_and_game_context_are_never_warned_about(kb):
    report = _rule(kb, CASH.replace("gap: 2, in_question", "in_question"))
    assert report.warnings == []
    tournament = _rule(kb, CASH.replace("format: cash", "format: tournament, level: 4")
                       .replace("gap: 2, in_question", "in_question"))
    assert tournament.warnings == []


def test_how_the_action_in_question_was_done_is_warned_when_no_rule_reads_it(kb):
    """`gap:` on the action the floor was called about: named with its line, in plain words;
    the same field on an earlier action describes the hand and is not warned about."""
    assert not {"action.gap_seconds"} & kb.facts_read, "pick a field no rule reads for this test"
    report = _rule(kb, CASH)
    assert report.warnings == ["t.yaml:16: `gap: 2` on seat 5's action changes nothing here: "
                               "no club's rule reads it for this incident"]


def test_an_event_field_no_rule_reads_is_warned_once_for_every_line_it_is_on(kb):
    assert "rabbit_hunt.dealt" not in kb.facts_read, "pick a field no rule reads for this test"
    text = CASH.replace("gap: 2, in_question: true}", "}") + \
        "  - rabbit_hunt: {asked_by: 2, dealt: true, in_question: true}\n" \
        "  - rabbit_hunt: {asked_by: 8, dealt: true, in_question: true}\n"
    warnings = [w for w in _rule(kb, text).warnings if "dealt" in w]
    assert warnings == ["t.yaml:17: `dealt: true` in the `rabbit_hunt` entry (and on line 18) changes nothing "
                        "here: no club's rule reads it for this incident"]


def test_an_action_the_floor_was_not_called_about_is_not_warned_about_an_event_beside_it_is(kb):
    """`gap:` on seat 2's earlier bet is the story; a rabbit hunt before the action in question is an
    event, ruled beside the mark (issue 21), so a field of it no rule reads is said."""
    text = CASH.replace("  - {seat: 5, said", "  - rabbit_hunt: {asked_by: 2, dealt: true}\n  - {seat: 5, said") \
        .replace("gap: 2, in_question", "in_question")
    assert _rule(kb, text).warnings == ["t.yaml:16: `dealt: true` in the `rabbit_hunt` entry changes nothing "
                                        "here: no club's rule reads it for this incident"]


def test_a_game_field_no_rule_reads_is_warned_with_its_line(kb):
    # a stud bring-in in a hold'em game: nothing posts it, no fact of this incident is worked out from it
    # (game.limits was this test's field until it sized fixed-limit bets; in NLHE it is now an error)
    text = CASH.replace("session: 2}", "session: 2,\n       bring_in: 1}").replace("gap: 2, in_question", "in_question")
    assert _rule(kb, text).warnings == ["t.yaml:4: `game.bring_in: 1` changes nothing here: "
                                        "no club's rule reads it for this incident"]


def test_a_forced_bet_posted_from_the_game_reads_its_amount(kb):
    """`game.bring_in` is what a `posts: bring-in` with no chips puts in: read, not warned about."""
    report = _rule(kb, (ROOT / "cases/notions/bring-in.yaml").read_text(encoding="utf-8"))
    assert not any("bring_in" in w for w in report.warnings)


def test_action_field_facts_are_facts_of_the_vocabulary_worked_out_from_actions(kb):
    for field, facts in ACTION_FIELD_FACTS.items():
        assert field in kb.vocabulary.records["action"], field
        for name in facts:
            spec = kb.vocabulary.facts.get(name)
            assert spec is not None and "actions" in spec.sources, (field, name)


def test_a_field_the_rules_read_is_not_warned_about(kb):
    """`first:` on the action in question is read (the rules on which came first): no warning."""
    assert "action.first" in kb.facts_read
    report = _rule(kb, CASH.replace("gap: 2, in_question", "in_question"))
    assert "action.first" in report.facts_by_point[-1]
    assert not any("first" in w for w in report.warnings)


def test_warnings_are_printed_after_the_ruling(kb):
    from ruling_engine.rule_on_cli import rule_on_files
    said = []
    rule_on_files([str(ROOT / "cases/notions/words-or-chips-first.yaml")], None, "text", False,
                  lambda message="", nl=True, err=False: said.append((err, message)))
    warned = [n for n, (err, message) in enumerate(said) if err and message.startswith("warning: ")]
    ruled = [n for n, (err, message) in enumerate(said) if not err and "edp" in message]
    assert warned and ruled and min(warned) > max(ruled)


def test_the_bundled_cases_average_under_one_warning_per_incident(kb):
    from warnings_per_incident import count
    from rulings_memo import ruled
    incidents, warned, _ = count(sorted(ROOT.glob("cases/*.yaml")) + sorted(ROOT.glob("cases/*/*.yaml")), kb, rule=ruled)
    assert incidents > 300 and warned / incidents < 1


def test_an_empty_timeline_is_ruled_with_no_warning(kb):
    """The hand point of an empty timeline names no entry (found by tests/test_properties.py)."""
    report = _rule(kb, "house: edp\nbutton: 1\ngame: {format: cash}\nplayers: [{seat: 1}]\ntimeline: []\n")
    assert report.warnings == []
