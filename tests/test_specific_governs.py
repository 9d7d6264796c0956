"""A specific clause governs a general one, across the points of one club's answer (e17/specific,
issue 20: no two parts of one answer contradict each other; issue 21: a clause applied only to
whom its words name). FPC rule 46, written for a player who pays his entry though he "cannot
attend the game in person" ("Their chips shall not be placed in play"), governs FPC rule 47's
general absent-player clause ("their chips shall remain in play and they will be blinded out")
for his seat, and only for his seat."""
from ruling_engine.rulings.rule_on import rule_on

INCIDENT = """\
title: An absent entry, and a seat being blinded
house: fpc
game: {{format: tournament, variant: NLHE, blinds: [100, 200], level: 2}}
players:
  - {{seat: 1, stack: 6000}}
  - {{seat: 3, stack: 5400}}
  - {{seat: 7, stack: 6000}}
others: unknown
timeline:
  - league_record: {{seat: {payer}, attending: false, absent_entries_used: 0}}
  - player_away: {{seat: 3, since_start: true, levels_missed: 1, back: not-yet}}
  - said: {{by: 7, words: "Should seat 3's chips be in play at all?", to: floor, in_question: true}}
"""


def _fpc(kb, tmp_path, payer):
    path = tmp_path / f"absent-{payer}.yaml"
    path.write_text(INCIDENT.format(payer=payer), encoding="utf-8")
    answer = rule_on(path, kb=kb).answers["fpc"]
    return answer, {r.issue: r for r in answer.rulings}


def test_fpc_46_chips_not_in_play_governs_fpc_47_chips_remain_in_play_for_his_seat(kb, tmp_path):
    answer, by_issue = _fpc(kb, tmp_path, payer=3)
    chips = by_issue["absent-chips"]
    assert chips.outcome == "chips-removed"
    assert [c.clause for c in chips.citations] == ["fpc.46"]
    assert "fpc.47.not-yet-arrived-blinded" in chips.set_aside
    # never both orders: nothing in the answer keeps seat 3's chips in play or posts his blinds
    assert not any(e.get("effect") == "blinds-posted" for r in answer.rulings for e in r.effects)
    assert not any("chips in play and post" in line for r in answer.rulings for line in r.do)
    assert {"effect": "chips-removed", "seat": 3} in by_issue["league-qualification"].effects
    assert answer.contradictions == []


def test_fpc_46_governs_only_the_seat_of_the_player_who_paid_without_attending(kb, tmp_path):
    answer, by_issue = _fpc(kb, tmp_path, payer=1)
    chips = by_issue["absent-chips"]
    assert chips.outcome == "blinds-taken"          # seat 3 is not the absent payer: rule 47 stands for him
    assert [c.clause for c in chips.citations] == ["fpc.47"]
    assert {"effect": "blinds-posted", "seat": 3} in [
        {k: v for k, v in e.items() if k in ("effect", "seat")} for e in chips.effects]
    assert {"effect": "chips-removed", "seat": 1} in by_issue["league-qualification"].effects
    assert answer.contradictions == []

