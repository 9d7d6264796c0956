"""Corrections charged where they belong and read at the floor call (issue 20; issue 21 classes
3 and 6): a short call found after the next card is made up on the round it was short on, in that
round's pot; a player who owes chips settles them before play goes on; and the card dealt while
the round was open on the action in question is ruled too, on the hand as each club's ruling on
that action left it."""
from conftest import CASES
from ruling_engine.rulings.rule_on import rule_on

R104 = CASES / "casebook" / "R104.yaml"     # £3 into a £5 turn bet; the river comes; "he's two short"
Q102 = CASES / "casebook" / "Q102.yaml"


def _by_issue(answer):
    return {r.issue: r for r in answer.rulings}


def test_a_short_call_found_on_a_later_street_is_made_up_on_its_own_round(kb):
    """EDP 8 ¶5: the undercall is a mandatory full call - £2 more on the turn, where the bet was
    £5, not £5 against the river's (empty) bet; the pot is £25.50."""
    edp = rule_on(R104, kb=kb).answers["edp"]
    assert edp.now["moves"] == [{"seat": 7, "add": 2, "street": "turn", "total": 5}]
    assert [e["amount"] for e in edp.settlement if e["effect"] == "pot"] == [25.5]
    assert edp.now["next"]["seat"] == 4 and edp.now["next"]["call"] == 0 and edp.now["next"]["street"] == "river"


def test_a_player_who_owes_chips_settles_them_before_play_goes_on(kb):
    """Gala: 'play stops until he completes the call or folds' - seat 7 is asked for his £2 on the
    turn before seat 4 acts on the river."""
    gala = rule_on(R104, kb=kb).answers["gala"]
    assert gala.now["next"]["seat"] == 7 and gala.now["next"]["call"] == 2
    assert gala.now["next"]["street"] == "turn" and gala.now["next"]["options"] == "call-or-fold"
    assert [t["seat"] for t in gala.now["then"]] == [4]


def test_after_an_owed_completion_play_resumes_where_it_stopped(kb):
    """Q102 under Gala: seat 4 adds his 500 (or folds) first; then the action goes on where it
    stopped, at seat 1, facing seat 8's raise - not clockwise from seat 4."""
    gala = rule_on(Q102, kb=kb).answers["gala"]
    assert gala.now["next"]["seat"] == 4 and gala.now["next"]["call"] == 500
    assert [t["seat"] for t in gala.now["then"]] == [1, 6]


def test_the_card_that_came_while_the_marked_action_left_the_round_open_is_ruled_too(kb):
    report = rule_on(R104, kb=kb)
    assert [p.kind for p in report.points if not p.beside] == ["action", "card_dealt_early"]
    for club in ("edp", "fpc", "ppl"):
        ruling = _by_issue(report.answers[club])["premature-board-card"]
        # the short call made a full call completed the turn's betting: the river is no premature card
        assert ruling.outcome == "not-premature" and ruling.basis == "reading"
        short = _by_issue(report.answers[club])["short-call"]
        assert {c.clause for c in short.citations} <= {c.clause for c in ruling.citations}
    # a club that leaves the call to be completed or folded has not corrected the round: the card
    # is ruled as it came
    assert _by_issue(report.answers["gala"])["premature-board-card"].outcome != "not-premature"


def test_an_irregularity_corrected_away_names_an_outcome_of_its_issue(tmp_path):
    import pytest
    from conftest import ROOT
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.yaml_source import load_file
    from ruling_engine.knowledge.vocabulary import parse_vocabulary
    text = (ROOT / "knowledge" / "vocabulary.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "vocabulary.yaml"
    bad.write_text(text.replace("  premature-board-card: not-premature\n", "  premature-board-card: not-prematur\n", 1),
                   encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        parse_vocabulary(load_file(bad, what="the vocabulary"), str(bad))
    assert "not-prematur" in str(error.value) and "premature-board-card" in str(error.value)
