"""Remedies for a hand the table has moved past (issue 20; issue 21 classes 3 and 6): once the pot
is pushed or the hand is over, the hand's own questions about its action (whose turn, an action
out of turn: `live_hand_issues:` in the vocabulary) do not arise at a later point; with one hand
left nobody is named to act, and with none left the answer says no hand can win the pot."""
from conftest import CASES
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_incident, rule_on

R201 = CASES / "casebook" / "R201.yaml"      # blind skipped on hand A; pot pushed, hand over, then the dispute
Q403 = CASES / "casebook" / "Q403.yaml"      # everyone folds to an absent big blind


def test_after_the_pot_is_pushed_the_hands_order_of_action_is_not_ruled_on(kb):
    report = rule_on(R201, kb=kb)
    issues = {r.issue for a in report.answers.values() for r in a.rulings}
    assert {"dispute", "blind-dodging"} <= issues
    assert not issues & {"out-of-turn", "out-of-turn-penalty", "turn-to-act"}


def test_while_the_hand_is_still_on_the_same_order_of_action_is_ruled_on(kb):
    text = R201.read_text(encoding="utf-8")
    text = text.replace("  - money_moved: {did: pushed, seat: 7, amount: 1600}\n", "").replace("  - hand-over:\n", "")
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    issues = {r.issue for a in report.answers.values() for r in a.rulings}
    assert "out-of-turn" in issues


def test_with_every_other_hand_folded_nobody_is_named_to_act(kb):
    ppl = rule_on(Q403, kb=kb).answers["ppl"]
    assert ppl.now["next"] is None and ppl.now["live"] == [5]
    assert "Seat 5 is the only hand left in." in now_lines(ppl.now, "")
    assert any(e["effect"] == "pot-awarded" and e["seat"] == 5 for e in ppl.settlement)


def test_with_no_live_hand_left_the_answer_says_no_hand_can_win_the_pot(kb):
    from ruling_engine.render.output import _money_text
    fpc = rule_on(Q403, kb=kb).answers["fpc"]
    assert fpc.now["live"] == [] and fpc.now["next"] is None
    assert any(line.startswith("No live hand is left in") for line in now_lines(fpc.now, ""))
    pot = next(e for e in fpc.settlement if e["effect"] == "pot")
    assert _money_text(pot) == "Main pot: 600 (no live hand contends for it)"


def test_a_live_hand_issue_the_vocabulary_does_not_know_is_a_clear_error(tmp_path):
    import pytest
    from conftest import ROOT
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.yaml_source import load_file
    from ruling_engine.knowledge.vocabulary import parse_vocabulary
    text = (ROOT / "knowledge" / "vocabulary.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "vocabulary.yaml"
    bad.write_text(text.replace("live_hand_issues: [out-of-turn,", "live_hand_issues: [out-of-tern,", 1),
                   encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        parse_vocabulary(load_file(bad, what="the vocabulary"), str(bad))
    assert "out-of-tern" in str(error.value) and "out-of-turn" in str(error.value)
