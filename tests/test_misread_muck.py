"""Issue 22 (casebook V204): a tabled, winning hand that goes into the muck on the dealer's misread.
The dealer reads the hands wrongly (says another hand won, or pushes the pot to it) and the player
throws his face-up winner onto the muck. Every club's "dealers cannot kill a winning hand that was
tabled" clause (FPC 20, EDP 3 ¶14, PPL •51) or cards-speak correction of a wrongly called hand
(Gala House q) keeps the hand and gives it the pot, over the clause that the muck kills it.
The incident says it with `misled_by: dealer`, or by the timeline: the dealer's push of the pot
to another player before the muck (hand_mucked.dealer_awarded_elsewhere)."""
from pathlib import Path

from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES

BASE = """title: t
house: fpc
game: {{format: tournament, variant: NLHE, blinds: [400, 800]}}
button: 4
players:
  - {{seat: 4, stack: 18500, cards: [Qc, Qd]}}
  - {{seat: 9, stack: 11000, cards: [7c, 8d]}}
timeline:
  - {{seat: 4, posts: small-blind}}
  - {{seat: 9, posts: big-blind}}
  - deal:
  - preflop:
  - {{seat: 4, did: raise, total: 2000}}
  - {{seat: 9, did: call, total: 2000}}
  - flop: [Kh, 9s, 6c]
  - {{seat: 9, did: check}}
  - {{seat: 4, did: check}}
  - turn: 5h
  - {{seat: 9, did: check}}
  - {{seat: 4, did: check}}
  - river: 2d
  - {{seat: 9, did: check}}
  - {{seat: 4, did: check}}
  - showdown:
  - hand_shown: {{seat: 4, face_up: 2}}
  - hand_shown: {{seat: 9, face_up: 2}}
{between}  - hand_mucked: {{seat: 9, by: player, tabled: true, touched_muck: true, retrievable: true, {misled}in_question: true}}
"""
PUSH_TO_4 = "  - money_moved: {did: pushed, seat: 4}\n"


def _incident(kb, between="", misled=""):
    return parse_incident_text(BASE.format(between=between, misled=misled), "t.yaml", kb.vocabulary, kb.clubs)


def _outcomes(kb, incident):
    report = rule_incident(incident, kb=kb, with_precedents=False)
    return {club: [r.outcome for r in answer.rulings if r.issue == "mucked-hand"]
            for club, answer in report.answers.items()}


def test_misled_by_dealer_keeps_the_tabled_winner_for_every_club(kb):
    """misled_by: dealer (new value): every club rules hand-stands-as-winner; misled_by: nobody,
    the muck kills it (FPC 18 s1, EDP 3 ¶5, PPL •14 s3)."""
    misled = _outcomes(kb, _incident(kb, misled="misled_by: dealer, "))
    assert misled == {c: ["hand-stands-as-winner"] for c in ("fpc", "edp", "gala", "ppl")}
    nobody = _outcomes(kb, _incident(kb, misled="misled_by: nobody, "))
    assert nobody["fpc"] == nobody["edp"] == nobody["ppl"] == ["hand-dead"]


def test_dealer_awarded_elsewhere_read_from_the_timeline(kb):
    """The dealer's push of the pot to another player before the muck is his misread, on record in
    the timeline: hand_mucked.dealer_awarded_elsewhere, and the tabled winner stands for every club
    even with misled_by stated as nobody. A push to the mucking player himself is no misread."""
    pushed = _incident(kb, between=PUSH_TO_4, misled="misled_by: nobody, ")
    assert incident_facts(pushed, kb.vocabulary)["hand_mucked.dealer_awarded_elsewhere"] is True
    assert _outcomes(kb, pushed) == {c: ["hand-stands-as-winner"] for c in ("fpc", "edp", "gala", "ppl")}
    to_self = _incident(kb, between=PUSH_TO_4.replace("seat: 4", "seat: 9"), misled="misled_by: nobody, ")
    assert incident_facts(to_self, kb.vocabulary)["hand_mucked.dealer_awarded_elsewhere"] is False
    assert incident_facts(_incident(kb, misled="misled_by: nobody, "), kb.vocabulary)[
        "hand_mucked.dealer_awarded_elsewhere"] is False


def test_v204_straight_mucked_after_the_push_wins_and_seat_4_gives_the_pot_back(kb):
    """Casebook V204 as the user wrote it (misled_by left out): every club keeps seat 9's straight
    and the corrected hand gives him the 14,400 seat 4 was handed."""
    path = CASES / "casebook" / "V204.yaml"
    incident = parse_incident_text(Path(path).read_text(encoding="utf-8"), str(path), kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb=kb, with_precedents=False)
    for club, answer in report.answers.items():
        assert [r.outcome for r in answer.rulings if r.issue == "mucked-hand"] == ["hand-stands-as-winner"], club
        assert {"effect": "pot-awarded", "seat": 9, "pot": "main", "amount": 14400} in answer.settlement, club
