"""Declarations and chips: what was said and pushed out, read into numbers; each club's reading."""
import pytest

from ruling_engine.facts.derive import incident_facts as computed_facts
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.facts.replay import parse_said
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.incident.said import read_said

HEADS_UP_FLOP = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 4, stack: 200}
timeline:
  - flop:
"""


def _incident(kb, actions: str, head: str = HEADS_UP_FLOP):
    return parse_incident_text(head + actions, "test.yaml", kb.vocabulary, kb.clubs)


def _rulings(kb, actions: str, issue: str, head: str = HEADS_UP_FLOP):
    report = rule_incident(_incident(kb, actions, head), kb, with_precedents=False)
    return {club: next(r for r in answer.rulings if r.issue == issue) for club, answer in report.answers.items()}


@pytest.mark.parametrize("said, term, amount, unit, wording", [
    ("I bet fifty", "bet", 50, "none", "none"),
    ("fifty", "amount-only", 50, "none", "none"),
    ("raise to 40", "raise", 40, "none", "to"),
    ("raise by 20", "raise", 20, "none", "by"),
    ("50p", "amount-only", 50, "pence", "none"),
    ("£50", "amount-only", 50, "pounds", "none"),
    ("a hundred and fifty", "amount-only", 150, "none", "none"),
    ("raise, £10", "raise", 10, "pounds", "none"),
    ("bet twenty-five", "bet", 25, "none", "none"),
    ("I bet the pot", "pot", None, "none", "none"),
])
def test_read_said_keeps_the_number_neutral(said, term, amount, unit, wording):
    words = read_said(said)
    assert (words.term, words.amount, words.unit, words.wording) == (term, amount, unit, wording)


def test_conditional_and_unofficial_words_are_recognised():
    assert read_said("If you bet, then I will raise").conditional
    assert read_said("I'm in").unofficial
    assert not read_said("raise 20").unofficial


def test_parse_said_reads_longer_wordings_and_pence_in_pounds():
    assert parse_said("raise 20") == ("raise", 20)          # the short form, unchanged
    assert parse_said("I bet fifty") == ("bet", 50)
    assert parse_said("50p") == ("amount-only", 0.5)
    assert parse_said("let's gamble") is None


def test_multi_chip_facts_in_numbers(kb):
    """EDP 8 ¶23's example: two £10 chips against £12 — one chip fewer would not cover the call."""
    head = HEADS_UP_FLOP.replace("  - flop:\n", "").replace("blinds: [1, 2]", "blinds: [2, 4]")
    facts = computed_facts(_incident(kb, "  - {seat: 4, said: raise, total: 12}\n  - {seat: 1, chips: [10, 10]}\n", head))
    assert facts["to_call"] == 10            # seat 1 is the heads-up button and small blind (2 in)
    assert facts["action.largest_chip"] == 10
    assert facts["one_chip_fewer_covers_call"] is True
    assert facts["action.total"] == 22 and facts["minimum_raise_total"] == 20


def test_two_tens_against_a_twelve_bet_on_the_flop(kb):
    """Against a £12 opening bet a minimum raise is to £24: EDP's multi-chip rule (8 ¶22), written
    for same-denomination chips, makes them a call and sets aside the general minimum-raise rule
    (8 ¶15); Gala holds it to a raise (House v s3), which must be at least the last bet (Call and
    raise ¶1 s2): made up to £24."""
    actions = "  - {seat: 4, said: bet 12, chips: [10, 2], first: together}\n  - {seat: 1, chips: [10, 10]}\n"
    rulings = _rulings(kb, actions, "chips-without-declaration")
    assert (rulings["edp"].outcome, rulings["edp"].basis) == ("call", "express")
    assert "edp.8-15.chips-between-call-and-minimum-raise" in rulings["edp"].set_aside
    assert {"effect": "ruled-call", "seat": 1, "total": 12} in rulings["edp"].effects
    assert {"effect": "return-chips", "seat": 1, "amount": 8} in rulings["edp"].effects
    assert rulings["gala"].outcome == "raise"
    assert {"effect": "raise-made-up", "seat": 1, "add": 4, "total": 24} in rulings["gala"].effects


def test_raise_amount_total_at_edp_increment_at_gala(kb):
    rulings = _rulings(kb, "  - {seat: 4, said: bet 12, chips: [10, 2], first: together}\n  - {seat: 1, said: raise 30}\n",
                       "declared-action")
    assert {"effect": "ruled-raise", "seat": 1, "total": 30, "add": 30} in rulings["edp"].effects
    assert {"effect": "ruled-raise", "seat": 1, "total": 42, "add": 42} in rulings["gala"].effects
    # fpc rule 3 s1-2 ("verbal declarations in turn are binding"): a raise, its size for the TD
    # (FPC does not say total or increment; no chips out to settle it).
    assert (rulings["fpc"].outcome, rulings["fpc"].basis) == ("raise", "reading")
    assert rulings["fpc"].discretion


def test_raise_by_is_read_as_the_increment_at_edp(kb):
    rulings = _rulings(kb, "  - {seat: 4, said: bet 12, chips: [10, 2], first: together}\n  - {seat: 1, said: raise by 30}\n",
                       "declared-action")
    assert {"effect": "ruled-raise", "seat": 1, "total": 42, "add": 42} in rulings["edp"].effects


def test_edp_oversized_chip_short_of_minimum_raise_is_a_call(kb):
    """8 ¶21, written for a single oversized chip, makes it a call; the general 8 ¶15 (a minimum
    raise) is set aside, not a conflict."""
    actions = "  - {seat: 4, said: bet 60, chips: [50, 10], first: together}\n  - {seat: 1, chips: [100]}\n"
    rulings = _rulings(kb, actions, "chips-without-declaration")
    assert (rulings["edp"].outcome, rulings["edp"].basis) == ("call", "express")
    assert "edp.8-15.chips-between-call-and-minimum-raise" in rulings["edp"].set_aside
    assert {"effect": "return-chips", "seat": 1, "amount": 40} in rulings["edp"].effects
    assert rulings["gala"].outcome == "call"


def test_fpc_string_bet_stands_at_first_motion(kb):
    actions = ("  - {seat: 4, said: bet 10, chips: [10], first: together}\n"
               "  - {seat: 1, chips: [10, 10, 10], motions: [10, 20]}\n")
    rulings = _rulings(kb, actions, "string-bet")
    assert rulings["fpc"].outcome == "first-motion-stands"
    assert {"effect": "return-chips", "seat": 1, "amount": 20} in rulings["fpc"].effects
    assert rulings["edp"].outcome == "call-only"


def test_motions_must_add_up_to_the_chips(kb):
    with pytest.raises(FloorcallError) as error:
        _incident(kb, "  - {seat: 4, chips: [10, 10, 10], motions: [10, 10]}\n")
    assert "motions adding up to the chips (30)" in str(error.value)
    assert "test.yaml" in str(error.value)


def test_a_plain_call_raises_no_declaration_issue(kb):
    report = rule_incident(_incident(kb, "  - {seat: 4, said: bet 10, chips: [10], first: together}\n"
                                         "  - {seat: 1, said: call, chips: [10], first: together}\n"),
                           kb, with_precedents=False)
    assert not {i for i, _ in report.issues} & {"declared-action", "chips-without-declaration", "string-bet"}


BET = "  - {seat: 4, said: bet 20, chips: [20], first: together}\n"
# (what the floor saw, the actions after seat 4's £20 bet — or the whole action list — club, issue,
#  a rule that must have fired, the outcome)
SCENARIOS = [
    ("mixed chips under half a raise", BET + "  - {seat: 1, chips: [20, 1]}\n", "edp",
     "chips-without-declaration", "edp.8-23.mixed-chips-under-half-raise", "call"),
    ("'raise by' is the increment", BET + "  - {seat: 1, said: raise by 30}\n", "edp",
     "declared-action", "edp.8-18.raise-by-amount", "raise"),
    ("'raise to' at Gala is the total", BET + "  - {seat: 1, said: raise to 60}\n", "gala",
     "declared-action", "gala.betting-call-and-raise-p1-s1.raise-to-total", "raise"),
    ("'pot' facing a bet in no-limit", BET + "  - {seat: 1, said: pot}\n", "edp",
     "declared-action", "edp.8-27.pot-raise-in-no-limit", "raise"),
    ("'call' said after three £10 chips went out", BET.replace("bet 20, chips: [20]", "bet 12, chips: [10, 2]")
     + "  - {seat: 1, said: call, chips: [10, 10, 10], first: chips}\n", "edp",
     "chips-without-declaration", "edp.8-1-s1-3.chips-first-raise", "raise"),
    ("'call' said after a £25 chip went out", BET + "  - {seat: 1, said: call, chips: [25], first: chips}\n", "edp",
     "chips-without-declaration", "edp.8-1-s1-3.chips-first-call", "call"),
    ("full amount declared, then two motions", BET + "  - {seat: 1, said: raise 60, chips: [20, 20, 20], motions: [20, 40], first: words}\n",
     "edp", "string-bet", "edp.8-14-b2.full-amount-declared-first", "raise-stands"),
    ("a bare amount said with a smaller chip", "  - {seat: 4, said: twenty, chips: [10], first: words}\n", "edp",
     "declared-action", "edp.8-1-s4-6.amount-only-as-chips", "bet"),
]


@pytest.mark.parametrize("what, actions, club, issue, rule, outcome", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_each_declaration_rule_is_reached_by_what_the_floor_saw(kb, what, actions, club, issue, rule, outcome):
    ruling = _rulings(kb, actions, issue)[club]
    assert rule in ruling.rules_fired, (what, ruling.rules_fired)
    assert ruling.outcome == outcome, (what, ruling.decision)


def test_an_amount_that_may_be_pence_sets_aside_the_amount_only_rule(kb):
    """EDP 8 ¶32 is the exception to 8 ¶1 s4-6 for a number that may mean 50p or £50."""
    head = HEADS_UP_FLOP.replace("blinds: [1, 2]", "blinds: [0.5, 1]")
    ruling = _rulings(kb, "  - {seat: 4, said: fifty}\n", "declared-action", head)["edp"]
    assert ruling.outcome == "lesser-amount"
    assert "edp.8-1-s4-6.amount-only-as-chips" in ruling.set_aside
    assert {"effect": "ruled-bet", "seat": 4, "total": 0.5} in ruling.effects


def test_raise_with_an_amount_and_chips_raises_the_declaration_question_clubs_read_it_apart(kb):
    """Issue 13 class 9: 'raise, two thousand' over a 700 bet with 2,700 pushed out is 2,000 total at
    EDP (8 ¶18, 700 back) and 2,000 on top at Gala (2,700, the chips stand)."""
    import yaml
    from pathlib import Path
    from ruling_engine.incident.load import incident_text, parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    path = Path(__file__).resolve().parent / "scenarios" / "edp" / "edp-declare-raise-amount-words-first-more-chips.yaml"
    data = yaml.safe_load(path.read_text())["incident"]
    report = rule_incident(parse_incident_text(incident_text(data), "t.yaml", kb.vocabulary, kb.clubs), kb)
    edp = next(r for r in report.answers["edp"].rulings if r.issue == "declared-action")
    assert {"effect": "ruled-raise", "seat": 4, "total": 2000, "add": 2000} in edp.effects
    assert {"effect": "return-chips", "seat": 4, "amount": 700} in edp.effects
    gala = next(r for r in report.answers["gala"].rulings if r.issue == "declared-action")
    assert {"effect": "ruled-raise", "seat": 4, "total": 2700, "add": 2700} in gala.effects
def test_words_said_only_after_the_chips_leave_the_chips_to_answer_for_themselves(kb):
    """Issue 13 class 7 (order): "call" said after mixed chips went out facing a bet is the question
    of what the chips are (chips-without-declaration), not of what the word commits him to."""
    report = rule_incident(_incident(kb, "  - {seat: 4, said: bet 20, chips: [20], first: together}\n"
                                         "  - {seat: 1, said: call, chips: [20, 5], first: chips}\n"),
                           kb, with_precedents=False)
    issues = {i for i, _ in report.issues}
    assert "chips-without-declaration" in issues and not issues & {"declared-action", "raise-size"}
    edp = {r.issue: r for r in report.answers["edp"].rulings}["chips-without-declaration"]
    assert edp.outcome == "call" and "edp.8-23.mixed-chips-under-half-raise" in edp.rules_fired
    said_first = rule_incident(_incident(kb, "  - {seat: 4, said: bet 20, chips: [20], first: together}\n"
                                             "  - {seat: 1, said: call, chips: [20, 5], first: words}\n"),
                               kb, with_precedents=False)
    assert "declared-action" in {i for i, _ in said_first.issues}


TOURNAMENT_FLOP = """
house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400], smallest_chip: 100}
button: 4
players:
  - {seat: 1, stack: 40000}
  - {seat: 4, stack: 40000}
pot_at_start: 3000
timeline:
  - flop:
"""


def test_issue_13_class_9_five_below_the_smallest_chip_means_hundreds_or_thousands(kb):
    """Issue 13 class 9 (TDA 57): 'five' at 200-400, 100 the smallest chip, cannot be 5 chips; it is
    500 or 5,000, and edp 8 ¶32 rules the lesser value, 500 — not a 5 bet made up to the minimum."""
    facts = computed_facts(_incident(kb, "  - {seat: 1, said: five, in_question: true}\n", TOURNAMENT_FLOP))
    assert facts["scaled_reading_possible"] is True
    assert (facts["declared_amount_as_hundreds"], facts["declared_amount_as_thousands"]) == (500, 5000)
    report = rule_incident(_incident(kb, "  - {seat: 1, said: five, in_question: true}\n", TOURNAMENT_FLOP),
                           kb, with_precedents=False)
    edp = {r.issue: r for r in report.answers["edp"].rulings}
    assert "raise-size" not in edp
    assert edp["declared-action"].outcome == "lesser-amount"
    assert {"effect": "ruled-bet", "seat": 1, "total": 500} in edp["declared-action"].effects
    # a number at least the smallest chip is what it says
    facts = computed_facts(_incident(kb, "  - {seat: 1, said: '500', in_question: true}\n", TOURNAMENT_FLOP))
    assert facts["scaled_reading_possible"] is False


def test_words_not_heard_by_all_that_the_chips_contradict_are_for_the_crms(kb):
    """TDA 40-A Ex 1 (issue 13): "forty-two thousand" said first but not heard by everyone, a 5,000
    chip pushed: edp 8 ¶2 ("In unclear situations or where verbal and chips are contradictory, the
    CRMS will determine the bet") governs, not 8 ¶1's "whichever is first"; heard by all, the words
    said first define the bet."""
    action = "  - {{seat: 1, said: forty-two thousand, chips: [5000], first: words{heard}, in_question: true}}\n"
    head = TOURNAMENT_FLOP.replace("pot_at_start: 3000", "pot_at_start: 60000")
    facts = computed_facts(_incident(kb, action.format(heard=", heard: some"), head))
    assert facts["action.words_heard"] == "some" and facts["words_chips_differ"] is True
    unclear = _rulings(kb, action.format(heard=", heard: some"), "declared-action", head)["edp"]
    assert (unclear.outcome, {c.clause for c in unclear.citations}) == ("floor-decides", {"edp.8-2"})
    clear = _rulings(kb, action.format(heard=""), "declared-action", head)["edp"]
    assert clear.outcome == "bet" and {"effect": "ruled-bet", "seat": 1, "total": 42000} in clear.effects


# -- spoken words as a floor person hears them ----------------------------------------------------

@pytest.mark.parametrize("said, term", [
    ("Fine. I bet the pot.", "pot"),              # filler, then the declaration (casebook G102)
    ("I bet the pot. Fine.", "pot"),              # the one sentence that declares something
    ("OK. Call.", "call"),
    ("Call. Nice hand.", "call"),
    ("Check. Raise 20.", "raise"),                # the last sentence, when it declares
])
def test_a_declaration_after_filler_words_is_still_the_declaration(said, term):
    assert read_said(said).term == term and not read_said(said).unofficial


@pytest.mark.parametrize("said", [
    "I'd never raise here",                       # a remark that merely holds an action word
    "Raise? I'd never raise here.",               # a question declares nothing
    "Call! Raise! Sorry.",                        # two declarations, neither last: the floor decides
    "Two five",                                   # number words that are no number
])
def test_a_remark_holding_an_action_word_is_not_a_declaration(said):
    words = read_said(said)
    assert words.term == "none" and words.unofficial


def test_filler_before_i_bet_the_pot_is_edps_pot_declaration_in_no_limit(kb):
    """EDP 8 ¶27, casebook G102: "Fine. I bet the pot." in no-limit is 'I bet the pot' (the pot
    is counted and he bets it), not unofficial language."""
    facts = computed_facts(_incident(kb, "  - {seat: 4, said: 'Fine. I bet the pot.', in_question: true}\n"))
    assert facts["action.declared"] == "pot" and facts["action.said_unofficial"] is False
    edp = _rulings(kb, "  - {seat: 4, said: 'Fine. I bet the pot.', in_question: true}\n", "declared-action")["edp"]
    assert "edp.8-27.pot-in-no-limit" in edp.rules_fired
    remark = computed_facts(_incident(kb, "  - {seat: 4, said: \"I'd never raise here\", in_question: true}\n"))
    assert remark["action.declared"] == "none" and remark["action.said_unofficial"] is True


@pytest.mark.parametrize("said, amount", [
    ("two-fifty", 250), ("two fifty", 250), ("bet two fifty", 250), ("twelve fifty", 1250),
    ("one fifty five", 155), ("twenty-five", 25), ("two hundred and fifty", 250),
])
def test_hundreds_said_with_a_dash_or_a_space_are_hundreds_not_a_sum(said, amount):
    """'two-fifty' is two hundred and fifty (or £2.50), never 52: the number as said, no unit."""
    words = read_said(said)
    assert (words.amount, words.unit) == (amount, "none")


def test_two_fifty_in_a_cash_game_has_two_meanings_and_edp_rules_the_lesser(kb):
    """'I bet two-fifty' at 50p/£1 with no chips out: 250 or £2.50, an amount with two meanings
    (the facts' pence reading); EDP 8 ¶32 rules the lesser value, £2.50."""
    head = HEADS_UP_FLOP.replace("blinds: [1, 2]", "blinds: [0.5, 1]")
    incident = "  - {seat: 4, said: 'I bet two-fifty', in_question: true}\n"
    facts = computed_facts(_incident(kb, incident, head))
    assert facts["action.declared_amount"] == 250 and facts["declared_amount_as_pence"] == 2.5
    assert facts["pence_reading_possible"] is True
    edp = _rulings(kb, incident, "declared-action", head)["edp"]
    assert edp.outcome == "lesser-amount"
    assert {"effect": "ruled-bet", "seat": 4, "total": 2.5} in edp.effects


def test_two_fifty_in_a_tournament_is_250_chips(kb):
    facts = computed_facts(_incident(kb, "  - {seat: 1, said: 'bet two fifty', chips: [100, 100, 50], "
                                         "in_question: true}\n", TOURNAMENT_FLOP.replace("smallest_chip: 100",
                                                                                         "smallest_chip: 25")))
    assert facts["action.declared_amount"] == 250 and "declared_amount_as_pence" not in facts
    assert facts["words_chips_differ"] is False


@pytest.mark.parametrize("said", ["Raise \u2014 4,000", "Raise \u2013 4,000", "raise - 4000", "Raise\u20144,000"])
def test_a_dash_between_raise_and_the_amount_is_a_raise_of_the_amount(said):
    words = read_said(said)
    assert (words.term, words.amount, words.unofficial) == ("raise", 4000, False)
    assert parse_said(said) == ("raise", 4000)


@pytest.mark.parametrize("said, conditional", [
    ("If you bet, then I will raise", True),
    ("If you bet, I'm raising.", True),           # casebook G103
    ("If you bet I raise", True),
    ("I'll call if he shoves", True),
    ("He said he'd raise if I bet. Hold him to it.", False),   # someone else's words reported
    ("If he can, so can I. I'm making it four,", False),      # a condition on no action of his
    ("If you've got queens, just pass.", False),
    ("I'd never raise here", False),
])
def test_a_conditional_statement_is_an_if_clause_on_the_speakers_own_action(said, conditional):
    """The clauses' conditional statement is about the speaker's future action (edp 8 ¶35-36)."""
    assert read_said(said).conditional is conditional


RIVER_THREE = """
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 2
players:
  - {seat: 2, stack: 100}
  - {seat: 5, stack: 100}
  - {seat: 7, stack: 100}
timeline:
  - river:
"""


def test_a_players_conditional_statement_in_a_said_entry_is_the_conditional_statement_edp_speaks_of(kb):
    """EDP 8 ¶35-36, casebook G103: "If you bet, I'm raising" said by a player with a live hand as
    a `said:` entry (not inside an action) is ruled as a conditional statement of that player, as
    the same words said with an action are; the warning that no rule reads it is gone."""
    timeline = ("  - {seat: 5, said: check}\n"
                "  - said: {by: 5, words: \"If you bet, I'm raising.\", in_question: true}\n"
                "  - {seat: 7, chips: [2]}\n")
    report = rule_incident(_incident(kb, timeline, RIVER_THREE), kb, with_precedents=False)
    edp = {r.issue: r for r in report.answers["edp"].rulings}["declared-action"]
    assert "edp.8-35.conditional-statement" in edp.rules_fired
    assert {"effect": "penalty-possible", "seat": 5} in edp.effects
    assert report.facts_by_point[0]["action.seat"] == 5 and report.facts_by_point[0]["action.conditional"] is True
    assert not [w for w in report.warnings if "If you bet" in w]
    # with nothing marked, the statement is a point too, as an event would be
    unmarked = rule_incident(_incident(kb, timeline.replace(", in_question: true", ""), RIVER_THREE), kb,
                             with_precedents=False)
    assert "declared-action" in {i for i, _ in unmarked.issues}


@pytest.mark.parametrize("entry", [
    "  - said: {by: 2, words: \"If you bet, I'm raising.\", in_question: true}\n",      # seat 2 has folded
    "  - said: {by: dealer, words: \"If you bet, I'm raising.\", in_question: true}\n",  # not a player
    "  - said: {by: 5, words: \"He said he'd raise if I bet.\", in_question: true}\n",   # words reported
])
def test_words_that_are_no_live_players_own_conditional_statement_raise_no_declaration(kb, entry):
    timeline = "  - {seat: 2, did: fold}\n  - {seat: 5, said: check}\n" + entry + "  - {seat: 7, chips: [2]}\n"
    report = rule_incident(_incident(kb, timeline, RIVER_THREE), kb, with_precedents=False)
    assert "declared-action" not in {i for i, _ in report.issues}
