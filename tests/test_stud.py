"""Stud: the bring-in's turn and a street pitched early to several players (e24/stud, O602).

- A bring-in who is only called does not act again on third street (he has no option, as a big
  blind has); completed, he acts again. The order and the round's end follow it, so the silent-seat
  check does not refuse a file whose third street is written out, and fourth street is not read as
  dealt early.
- EDP 7 ¶10 •4 "Additional cards are dealt and placed to the side along with the premature card(s)
  to represent an entire round of cards for the remaining live players": a fifth street pitched to
  two players (`fifth-street: {count: 2}`) is two cards, and the round is made up with the rest."""
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.facts.turn_order import order_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

THIRD = """\
title: Stud, third street written out; fifth street pitched to two players during fourth-street betting
house: edp
game: {format: cash, variant: stud, bring_in: 0.5, limits: [0.5, 1], smallest_chip: 0.5}
players:
  - {seat: 1, stack: 50}
  - {seat: 3, stack: 50}
  - {seat: 4, stack: 50}
  - {seat: 6, stack: 50}
  - {seat: 7, stack: 50}
timeline:
  - third-street:
  - {seat: 6, posts: bring-in, chips: [0.5]}
  - {seat: 7, did: call, chips: [0.5]}
  - {seat: 1, did: call, chips: [0.5]}
  - {seat: 3, did: call, chips: [0.5]}
  - {seat: 4, did: call, chips: [0.5]}
  - fourth-street:
  - {seat: 1, did: bet, chips: [0.5]}
  - {seat: 3, did: call, chips: [0.5]}
  - fifth-street: {count: 2, in_question: true}
  - said: {by: 4, words: "Hold on, I haven't acted.", kind: claim}
"""


def _incident(kb, text):
    return parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)


def test_bring_in_only_called_has_no_option_on_third_street(kb):
    timeline = read_timeline(_incident(kb, THIRD).data)
    last_call = 3                                          # seat 4's call, the last of third street
    assert timeline.data["actions"][last_call]["street"] == "third-street"
    assert "next_to_act_seat" not in order_facts(timeline.data, last_call)
    assert timeline.hand.complete_after[last_call] is True


def test_bring_in_completed_acts_again(kb):
    text = THIRD.replace("  - {seat: 7, did: call, chips: [0.5]}\n  - {seat: 1, did: call, chips: [0.5]}\n"
                         "  - {seat: 3, did: call, chips: [0.5]}\n  - {seat: 4, did: call, chips: [0.5]}\n",
                         "  - {seat: 7, did: raise, total: 0.5}\n  - {seat: 1, did: call, chips: [0.5]}\n")
    text = text.replace("{seat: 7, did: raise, total: 0.5}", "{seat: 7, did: raise, chips: [0.5]}")
    timeline = read_timeline(_incident(kb, text).data)
    facts = order_facts(timeline.data, 1)                  # after seat 1's call of the completion
    assert facts.get("next_to_act_seat") == 3
    assert timeline.hand.complete_after[1] is False


def test_third_street_written_out_is_accepted_and_only_fifth_street_is_early(kb):
    timeline = read_timeline(_incident(kb, THIRD).data)
    early = [e for e in timeline.data["events"] if e["event"] == "card_dealt_early"]
    assert [e["street"] for e in early] == ["fifth-street"]
    report = rule_incident(_incident(kb, THIRD), kb, with_precedents=False)
    edp = report.answers["edp"]
    assert edp.rulings[0].issue == "premature-board-card"
    assert edp.now["next"]["seat"] == 4
    assert [e for e in edp.settlement if e["effect"] == "pot"] == [
        {"effect": "pot", "pot": "main", "amount": 3.5, "seats": [1, 3, 4, 6, 7]}]


def test_edp_7_10_b4_two_early_stud_cards_are_two_and_the_round_is_made_up_with_three(kb):
    report = rule_incident(_incident(kb, THIRD), kb, with_precedents=False)
    edp = report.answers["edp"]
    ruling = edp.rulings[0]
    assert ruling.outcome == "stud-round-set-aside"
    assert [c.clause for c in ruling.citations] == ["edp.7-10-b4"]
    # five live players, two cards out: three more make the round
    assert "Set aside the 2 premature card(s)" in ruling.do[0] and "deal 3 more" in ruling.do[0]


def test_edp_7_10_b4_one_early_stud_card_makes_up_the_round_with_the_others(kb):
    text = THIRD.replace("fifth-street: {count: 2, in_question: true}", "fifth-street: {in_question: true}")
    edp = rule_incident(_incident(kb, text), kb, with_precedents=False).answers["edp"]
    assert "Set aside the 1 premature card(s)" in edp.rulings[0].do[0]
    assert "deal 4 more" in edp.rulings[0].do[0]
