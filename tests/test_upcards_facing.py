"""A stud player who picks up his up cards: whether he was facing a bet is read at the moment he
picked them up (edp 8 ¶44: "if a player picks up the up cards while facing action, the hand is
dead"), not after his own later call, which leaves nothing to call."""
import textwrap

from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import load_incident

HAND = textwrap.dedent("""\
    house: edp
    game: {format: cash, variant: stud, bring_in: 0.50, limits: [0.50, 1], smallest_chip: 0.50}
    players:
      - {seat: 2}
      - {seat: 5, stack: 22}
      - {seat: 8}
    timeline:
      - fifth-street:
      - {seat: 8, did: bet, total: 1}
      - {seat: 2, did: call, total: 1}
      - upcards_picked_up: {seat: 5, in_question: true}
      - {seat: 5, said: call, chips: [1]}
    """)


def _facing(kb, tmp_path, text):
    path = tmp_path / "stud.yaml"
    path.write_text(text)
    return incident_facts(load_incident(path, kb.vocabulary, kb.clubs), kb.vocabulary)["upcards_picked_up.facing_bet"]


def test_facing_a_bet_when_he_picked_them_up_though_he_called_after(kb, tmp_path):
    assert _facing(kb, tmp_path, HAND) is True


def test_not_facing_a_bet_when_nobody_had_bet_yet(kb, tmp_path):
    text = HAND.replace("  - {seat: 8, did: bet, total: 1}\n  - {seat: 2, did: call, total: 1}\n", "")
    text = text.replace("{seat: 5, said: call, chips: [1]}", "{seat: 5, did: check}")
    assert _facing(kb, tmp_path, text) is False


def test_the_floor_s_own_answer_governs(kb, tmp_path):
    text = HAND.replace("upcards_picked_up: {seat: 5, in_question: true}",
                        "upcards_picked_up: {seat: 5, facing_bet: false, in_question: true}")
    assert _facing(kb, tmp_path, text) is False
