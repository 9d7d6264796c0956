"""Each club reads a rule with its own game structure (issue 22, Z303's class): the incident's
`level` is its house's clock; a club whose own text states the length of its blind levels
(clubs/<club>.yaml level_minutes: PPL Nights •10, "Blinds are raised every 10 minutes") reads an
arrival in another club's incident at the level its own clock would show, never at the house's."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.rulings.rule_on import rule_on

ARRIVAL = """title: a late arrival 50 minutes in, the house's clock at level 2
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [50, 100], level: 2}}
players:
  - {{seat: 1, stack: 3000}}
  - {{seat: 4, stack: 2500}}
  - {{seat: 6}}
timeline:
  - deal:
  - arrival: {{seat: 6, minutes_after_start: 50, level: 2, seat_available: true, in_question: true}}
"""


def _entry(kb, tmp_path, house, club):
    path = tmp_path / "i.yaml"
    path.write_text(ARRIVAL.format(house=house), encoding="utf-8")
    answer = rule_on(path, kb=kb).answers[club]
    return {r.issue: r for r in answer.rulings}["tournament-entry"]


def test_a_club_reads_an_arrival_at_its_own_levels_not_the_houses(kb, tmp_path):
    """50 minutes in, with Gala's clock at level 2: PPL's blinds go up every 10 minutes, so its 3rd
    blind session (the end of its late joining) was over at 30 minutes: he cannot join - not
    "3,500 chips (level 2)", PPL's start read with Gala's level."""
    ruling = _entry(kb, tmp_path, "gala", "ppl")
    assert ruling.outcome == "entry-cancelled"
    assert not any(e.get("effect") == "starting-chips" for e in ruling.effects)


def test_the_house_club_reads_the_level_the_incident_states(kb, tmp_path):
    """The same arrival at a PPL night: the incident's level (2) is PPL's own clock, and it stands
    (500 fewer chips), whatever the minutes would give at 10-minute levels."""
    ruling = _entry(kb, tmp_path, "ppl", "ppl")
    assert ruling.outcome == "reduced-stack"
    assert {"effect": "starting-chips", "seat": 6, "chips": 3500} in ruling.effects


def test_a_club_with_no_stated_level_length_reads_the_incidents_level(kb, tmp_path):
    """Gala's text states no level length: ruling a PPL incident it reads the stated level 2 (inside
    its 'end of level 3' late entry), never PPL's 10-minute levels."""
    ruling = _entry(kb, tmp_path, "ppl", "gala")
    assert ruling.outcome != "entry-cancelled"


def test_level_minutes_must_say_minutes_and_clause(tmp_path):
    from ruling_engine.knowledge.load import _level_minutes

    class Node(dict):
        def line_of(self, key):
            return 12
    with pytest.raises(FloorcallError) as err:
        _level_minutes(Node(level_minutes=10), "clubs/x.yaml")
    assert "level_minutes" in str(err.value) and "clause" in str(err.value)
