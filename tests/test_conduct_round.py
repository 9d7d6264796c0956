"""A round away on penalty is one hand per player dealt in: the players listed and the `others:`
dealt in who take no part in the timeline (edp 9 ¶9: a player away on penalty "must be dealt in"
and posts his blinds, so the hands and blinds of a round follow the table's size)."""
import textwrap

from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import load_incident

HAND = textwrap.dedent("""\
    house: edp
    game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
    button: 2
    players:
      - {seat: 2}
      - {seat: 4}
      - {seat: 6}
    OTHERS
    timeline:
      - preflop:
      - conduct: {seat: 6, did: excessive-chatter, in_question: true}
    """)


def _round(kb, tmp_path, others):
    path = tmp_path / "conduct.yaml"
    path.write_text(HAND.replace("OTHERS", f"others: {others}" if others is not None else ""))
    return incident_facts(load_incident(path, kb.vocabulary, kb.clubs), kb.vocabulary)["conduct.round_hands"]


def test_the_others_dealt_in_count_in_a_round(kb, tmp_path):
    assert _round(kb, tmp_path, 5) == 8


def test_without_others_the_listed_players_make_the_round(kb, tmp_path):
    assert _round(kb, tmp_path, None) == 3
    assert _round(kb, tmp_path, "unknown") == 3
