"""The level an arrival states is a fact of the incident, and every club reads it (s11 L503: a
stated fact wins over a computed one): PPL, whose Nights •10 says "Blinds are raised every 10
minutes", does not recompute a stated level 2 from the minutes at its own 10-minute levels."""

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


def test_another_club_reads_the_level_the_incident_states_not_one_from_its_own_clock(kb, tmp_path):
    """50 minutes in, the incident's clock at level 2: PPL's late joining ("until the end of the 3rd
    blind level") is read at the stated level 2 - he joins with 500 fewer chips - never at level 6
    from PPL's 10-minute levels."""
    ruling = _entry(kb, tmp_path, "gala", "ppl")
    assert ruling.outcome == "reduced-stack"
    assert {"effect": "starting-chips", "seat": 6, "chips": 3500} in ruling.effects


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
