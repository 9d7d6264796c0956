"""FPC rule 47, both halves (e27/clauses, blind call Z604): "their chips shall remain in play and
they will be blinded out until they return, up to a maximum of two blind levels after the current
blind level has finished" ... "or does not return to the table after the completion of two full
blind levels, their chips shall be removed". Only the first half was applied: no removal point.

- the game's level given, a level change after he left: he left in level 7, removal at the end of 9;
- a level change before he left: he left in level 8, removal at the end of 10;
- no game level: the removal is stated by what decides it (the level he left in).
"""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HAND = """\
title: Blinding off from the bar
house: fpc
game: {format: tournament, variant: NLHE, blinds: [800, 1600]LEVEL}
players:
  - {seat: 3, behind: 4000, present: false}
  - {seat: 8, behind: 2900}
timeline:
  - hand-over: {at: "21:32"}
  - player_away: {seat: 3, at_first_card: true, at_last_card: true, levels_missed: 0, said_not_returning: false}
CHANGE"""


def _chips(kb, level=True, change=True):
    text = HAND.replace("LEVEL", ", level: 7" if level else "")
    text = text.replace("CHANGE", "  - level_change: {blinds: [1000, 2000], at: '21:40'}\n" if change else "")
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return next(r for r in report.answers["fpc"].rulings if r.issue == "absent-chips")


def test_fpc_47_removal_level_stated_when_the_level_he_left_in_is_known(kb):
    ruling = _chips(kb)
    assert ruling.outcome == "blinds-taken"
    assert any(c.clause == "fpc.47" and "removed from the table" in c.quote for c in ruling.citations)
    assert any("He left in level 7" in line and "end of level 9" in line for line in ruling.do)


def test_fpc_47_a_level_change_before_he_left_moves_his_leaving_level(kb):
    text = HAND.replace("LEVEL", ", level: 7").replace("CHANGE", "")
    text = text.replace("  - hand-over: {at: \"21:32\"}\n", "  - level_change: {blinds: [1000, 2000]}\n  - hand-over:\n")
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    ruling = next(r for r in report.answers["fpc"].rulings if r.issue == "absent-chips")
    assert any("He left in level 8" in line and "end of level 10" in line for line in ruling.do)


def test_fpc_47_without_the_game_level_says_what_decides_the_removal(kb):
    ruling = _chips(kb, level=False)
    assert ruling.outcome == "blinds-taken"
    assert any("the level he left in decides when" in line for line in ruling.do)
