"""A bet or raise by a player a club's ruling holds to call or fold is read under that restriction
(issue 20/21, e22/undone; I101): the club's clause that would make his pushed chips a raise is read
on the hand the restriction left - his action is a call of the bet he faced, the chips over it go
back, nobody has the betting reopened and the next raise is sized from the last real one. Never
"he may only call or fold" beside "his push is a raise that reopens the betting" (the vocabulary's
`held_to_call:`)."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.rulings.rule_on import rule_on

OOT_CALL_THEN_PUSH = """
title: out-of-turn call, the skipped player re-raises, the caller pushes all in
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 2, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 4, stack: 200}}
  - {{seat: 5, stack: 200}}
  - {{seat: 6, stack: 90}}
timeline:
  - preflop:
  - {{seat: 4, said: "raise, eight", chips: [4, 4]}}
  - {{seat: 6, said: call, chips: [4, 4]}}
  - said: {{by: dealer, words: "seat 5 hasn't acted", kind: not-your-turn}}
  - {{seat: 5, said: "raise, twenty-four", chips: [10, 10, 4]}}
  - {{seat: 6, did: all-in, total: 90, in_question: true}}
"""


def _answer(kb, tmp_path, club):
    path = tmp_path / "incident.yaml"
    path.write_text(OOT_CALL_THEN_PUSH.format(house=club))
    return rule_on(path, kb=kb).answers[club]


@pytest.mark.parametrize("club, restriction, chips_clause", [
    ("gala", "gala.house-t", "gala.house-v-s3"),     # house t: call or pass; house v s3: a silent push raises
    ("fpc", "fpc.4", "fpc.2-s1-2"),                  # rule 4: a passive OOT player may not raise
    ("edp", "edp.8-8", "edp.8-14-b1"),               # 8 ¶8: calling or folding but not betting or raising
])
def test_a_push_by_a_player_held_to_call_or_fold_is_his_call(kb, tmp_path, club, restriction, chips_clause):
    answer = _answer(kb, tmp_path, club)
    assert answer.contradictions == [], answer.contradictions
    [chips] = [r for r in answer.rulings if r.issue == "chips-without-declaration"]
    assert chips.outcome == "call" and chips.basis == "reading", chips
    cited = {c.clause for c in chips.citations}
    assert {restriction, chips_clause} <= cited, cited
    effects = {e["effect"] for e in chips.effects}
    assert "ruled-raise" not in effects and "may-raise" not in effects, chips.effects
    assert {"effect": "ruled-call", "seat": 6, "total": 24} in chips.effects
    # his chips over the 24 he faced go back; the next player's least raise is from seat 5's raise of 16
    assert {m["seat"]: m.get("back") for m in answer.now["moves"]}.get(6) == 66, answer.now["moves"]
    nxt = answer.now["next"]
    assert nxt["seat"] == 1 and nxt["call"] == 24 and nxt["min_raise_to"] == 40, nxt


def test_a_club_that_leaves_the_out_of_turn_action_to_the_floor_does_not_hold_the_push(kb, tmp_path):
    """PPL league 52 (out of turn "may be binding": the Venue Manager's call) restricts nobody, so its
    clause on a push of all his chips (How to 10) stands as it reads: an all-in raise."""
    answer = _answer(kb, tmp_path, "ppl")
    [chips] = [r for r in answer.rulings if r.issue == "chips-without-declaration"]
    assert chips.outcome == "raise"


def test_held_to_call_names_are_checked_with_file_and_suggestion(knowledge_copy):
    path = knowledge_copy / "vocabulary.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  chips-without-declaration: call\n" in text
    path.write_text(text.replace("  chips-without-declaration: call\n", "  chips-without-declaration: cal\n", 1),
                    encoding="utf-8")
    with pytest.raises(FloorcallError) as info:
        load_knowledge(knowledge_copy)
    message = str(info.value)
    assert "vocabulary.yaml" in message and "did you mean 'call'" in message, message
