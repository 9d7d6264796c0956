"""A sanction's step and what its time away costs at the table (issues 20 and 21, e20/penalty).

Where a club leaves the size of the penalty to the floor, the ruling names the step next on its
scale after the player's earlier warnings (the lowest still open) as the floor's choice within the
range open. A player sent away on penalty is, under the club's own absent-player clause, still
dealt in and blinded: FPC rule 47 ("their chips shall remain in play and they will be blinded out
until they return"), PPL League •18 ("An absent player is always dealt a hand, and will be put up
for blinds"), EDP 9 ¶11 ("his blinds and antes are posted"). Where the incident gives the blinds,
the seats and his stack, the ruling states what one round (orbit) of blinds costs him and what it
leaves him. Gala, whose penalties send no one away for a time, says nothing about blinds.
"""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# A small incident: seat 5 swears at the dealer between hands, warned WARNINGS time(s)
# before; five players dealt in (three listed, two others), blinds 100/200.
SWORE = """title: t
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 5, STACKwarnings: WARNINGS}
  - {seat: 8, stack: 5000}
others: 2
timeline:
  - preflop:
  - conduct: {seat: 5, did: foul-language, hand_in_progress: false}
"""


def _penalty(kb, club, warnings, stack=2300):
    text = (SWORE.replace("HOUSE", club).replace("WARNINGS", str(warnings))
            .replace("STACK", f"stack: {stack}, " if stack is not None else ""))
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "conduct-penalty")


def _cited(ruling):
    return {c.clause for c in ruling.citations}


def _away(ruling):
    return [e for e in ruling.effects if e["effect"] == "away-on-penalty"]


@pytest.mark.parametrize("club, clause, words", [
    ("fpc", "fpc.47", "blinded until he returns (rule 47)"),
    ("ppl", "ppl.league-18", "put up for his blinds (•18)"),
])
def test_time_away_on_penalty_is_blinded_under_the_clubs_absent_player_clause(kb, club, clause, words):
    """FPC 47 / PPL •18: warned once, the player is past the warning and may be sent away; the
    ruling cites the club's absent-player clause and carries the round he is away: five hands,
    300 in blinds."""
    ruling = _penalty(kb, club, 1)
    assert clause in _cited(ruling)
    assert _away(ruling) == [{"effect": "away-on-penalty", "seat": 5, "hands_per_round": 5,
                              "blinds_per_round": 300}]
    assert any(words in line for line in ruling.do)


@pytest.mark.parametrize("club, line", [
    ("fpc", "Each orbit away costs seat 5 300 in blinds: one orbit takes his 2,300 to 2,000."),
    ("ppl", "Each round of blinds while he is away costs seat 5 300: one round takes his 2,300 to 2,000."),
    ("edp", "One missed round costs seat 5 300 in blinds: it takes his 2,300 to 2,000."),
])
def test_the_cost_of_a_round_away_and_the_stack_it_leaves_are_stated(kb, club, line):
    """Blinds 100/200, stack 2,300: one round away costs 300 and leaves 2,000 (FPC 47 per orbit,
    PPL •18 each round of blinds, EDP 9 ¶11 one missed round)."""
    assert line in _penalty(kb, club, 1).do


def test_a_round_away_leaves_no_less_than_nothing(kb):
    """A stack smaller than a round of blinds is blinded out: 0 left, never a negative stack."""
    assert "Each orbit away costs seat 5 300 in blinds: one orbit takes his 250 to 0." in _penalty(kb, "fpc", 1, stack=250).do


def test_without_his_stack_the_round_is_stated_but_no_stack_left_is_invented(kb):
    ruling = _penalty(kb, "fpc", 1, stack=None)
    assert _away(ruling) and "fpc.47" in _cited(ruling)
    assert not any("takes his" in line for line in ruling.do)


@pytest.mark.parametrize("club", ["fpc", "ppl"])
def test_a_first_offence_warned_is_not_time_away_so_no_blinds_are_costed(kb, club):
    """FPC 29 / PPL •54 read as a scale: a first offence gets the verbal warning; no time away,
    so the absent-player clause is not cited and no blinds are costed."""
    ruling = _penalty(kb, club, 0)
    assert not _away(ruling)
    assert not {"fpc.47", "ppl.league-18"} & _cited(ruling)
    assert not any("blinds" in line for line in ruling.do)


def test_gala_sends_no_one_away_for_a_time_and_says_nothing_about_blinds(kb):
    ruling = _penalty(kb, "gala", 1)
    assert not _away(ruling)
    assert not any("blind" in line.lower() for line in ruling.do + [ruling.decision])


@pytest.mark.parametrize("club, warnings, words", [
    ("fpc", 1, "Next on the scale is step 2, 5 minutes away from the table (the lowest step still "
               "open after his earlier warnings), the Tournament Director's to choose within that range."),
    ("ppl", 2, "Next on the scale is step 3, 20 minutes away from the table (the lowest step still "
               "open after his earlier warnings), the Venue Manager's to choose within that range."),
    ("edp", 2, "Next on the scale is step 3, one or more missed hands (the lowest step still "
               "open after his earlier warnings), the CRMS's to choose within that range."),
])
def test_the_step_next_on_the_scale_is_named_as_the_floors_choice_within_the_range(kb, club, warnings, words):
    """FPC 29 (minutes), PPL •54 (minutes), EDP 9 ¶9 (hands and rounds), each by its own list: the
    next step after his earlier warnings is named, and it stays the floor's choice: no step is
    decided (no penalty-step effect)."""
    ruling = _penalty(kb, club, warnings)
    assert any(words in line for line in ruling.do)
    assert not any(e["effect"] == "penalty-step" for e in ruling.effects)
