"""The Now and the pot follow the club's ruling (issue 20, e13/now): what a ruling makes of an
action (a check, chips given back) is applied to the corrected hand before the Now and the pot are
read from it; they are never read from the raw chips the ruling has undone."""
from ruling_engine.rulings.rule_on import rule_on

CALL_FACING_NO_BET = """
title: Turn checked to him; he says "call" and puts out three £1 chips
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 8
players:
  - {seat: 2, stack: 80}
  - {seat: 5, stack: 90}
  - {seat: 8, stack: 70}
pot_at_start: 18
timeline:
  - turn: [2♥]
  - {seat: 2, did: check}
  - {seat: 5, said: call, chips: [1, 1, 1], in_question: true}
"""


def _answer(kb, tmp_path, text, club, name="incident.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return rule_on(path, kb=kb).answers[club]


def _pots(answer):
    return [e["amount"] for e in answer.settlement if e["effect"] == "pot"]


def test_a_call_ruled_a_check_gives_his_chips_back_before_the_now_and_the_pot_are_read(kb, tmp_path):
    """EDP 8 ¶29: "call" facing no bet is a check; his £3 go back. The next player has nothing to
    call (he may check or bet, at least the big blind) and the pot is the £18 it was, not £21."""
    edp = _answer(kb, tmp_path, CALL_FACING_NO_BET, "edp")
    assert any(e["effect"] == "ruled-check" and e["seat"] == 5 for r in edp.rulings for e in r.effects)
    assert [(m["seat"], m.get("back")) for m in edp.now["moves"]] == [(5, 3)]
    nxt = edp.now["next"]
    assert (nxt["seat"], nxt["call"], nxt["options"], nxt["min_raise_to"]) == (8, 0, "check-or-bet", 2)
    assert _pots(edp) == [18]


def test_a_later_bet_after_a_call_ruled_a_check_is_read_as_a_bet_into_no_bet(kb, tmp_path):
    """The check stands for the points after it: the next player's £6 is the bet; the player ruled
    to have checked faces £6, not the £3 the raw chips would leave him."""
    text = CALL_FACING_NO_BET + "  - {seat: 8, said: bet, chips: [5, 1], in_question: true}\n"
    edp = _answer(kb, tmp_path, text, "edp")
    calls = {edp.now["next"]["seat"]: edp.now["next"]["call"], **{t["seat"]: t["call"] for t in edp.now["then"]}}
    assert calls == {2: 6, 5: 6}
    assert _pots(edp) == [24]


def test_where_the_floor_decides_the_marked_action_the_now_says_so_before_reading_on(kb, tmp_path):
    """A club with no clause on "call" facing no bet leaves his £3 to the floor: its Now does not
    quietly read '£3 to call' as settled; it says who decides what first, and that the rest holds
    if the chips stand. A club whose clause settles it (EDP 8 ¶29) says nothing of the kind."""
    from ruling_engine.render.output import now_lines
    report = rule_on(_write(tmp_path, CALL_FACING_NO_BET), kb=kb)
    open_clubs = [c for c, a in report.answers.items()
                  if any(r.basis == "not covered" and r.point == len(report.points) - 1 for r in a.rulings)]
    assert open_clubs, "a club whose rules are silent on the marked action"
    for club in open_clubs:
        now = report.answers[club].now
        assert now["floor_first"]["seat"] == 5 and now["floor_first"]["put_in"] == 3
        first = now_lines(now, "£")[0]
        assert "decides first" in first and "seat 5's £3" in first and "if it stands" in first
    assert "floor_first" not in report.answers["edp"].now


def _write(tmp_path, text, name="incident.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


SHORT_BET_CALLED = """
title: Flop bet of 300 at 200/400 is called; the next player objects
house: edp
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 1
players:
  - {seat: 2, stack: 20000}
  - {seat: 4, stack: 20000}
  - {seat: 6, stack: 20000}
pot_at_start: 1200
timeline:
  - flop:
  - {seat: 2, said: bet, total: 300, in_question: true}
  - {seat: 4, said: call, total: 300}
  - said: {by: 6, words: "That bet is short, the minimum is 400"}
"""


def test_a_caller_of_a_short_bet_made_up_is_in_the_correction_where_the_clause_says_so(kb, tmp_path):
    """EDP 8 ¶7 •1 ('for all bettors'): the caller adds his 100 now, as part of the correction; he
    is not left a call-or-fold later. A club whose clause makes up the bettor's bet only (its text
    silent on the caller) does not hold him to call or fold either: the floor decides, said so."""
    from ruling_engine.render.output import now_lines
    report = rule_on(_write(tmp_path, SHORT_BET_CALLED), kb=kb)
    edp = report.answers["edp"]
    assert [(m["seat"], m["add"]) for m in edp.now["moves"]] == [(2, 100), (4, 100)]
    assert 4 not in [t["seat"] for t in edp.now["then"]]
    bettor_only = [c for c, a in report.answers.items()
                   if [m["seat"] for m in a.now["moves"]] == [2]]
    assert bettor_only, "a club whose ruling makes up the bettor's bet only"
    for club in bettor_only:
        now = report.answers[club].now
        seat4 = next(t for t in now["then"] if t["seat"] == 4)
        assert seat4["called_short"] == {"bettor": 2, "called": 300, "made_up_to": 400}
        from ruling_engine.corrected.now import now_effects
        assert not [e for e in now_effects(now) if e.get("seat") == 4], "no call-or-fold, no no-raise for him"
        line = next(x for x in now_lines(now, "") if x.startswith("Then seat 4"))
        assert "the floor decides whether he adds the 100" in line


def test_the_invariants_catch_a_now_that_keeps_the_chips_of_a_ruled_check(kb, tmp_path):
    """The invariant 'the Now never offers a seat an amount the ruling on that seat's action
    removed': holds on the real answer, and catches one whose Now leaves the checked player's £3 in."""
    import dataclasses
    from ruling_engine.corrected.invariants import violations
    from ruling_engine.facts.timeline import read_timeline
    from ruling_engine.incident.load import parse_incident_text
    path = _write(tmp_path, CALL_FACING_NO_BET)
    report = rule_on(path, kb=kb)
    timeline = read_timeline(parse_incident_text(CALL_FACING_NO_BET, "<t>", kb.vocabulary, kb.clubs).data,
                             kb.vocabulary.together_kinds)
    assert violations(report, timeline) == []
    edp = report.answers["edp"]
    broken = dataclasses.replace(report, answers={"edp": dataclasses.replace(edp, now={**edp.now, "moves": []})})
    assert "ruled-check" in {v.invariant for v in violations(broken, timeline)}


SILENT_FIVE = """
title: A single £5 chip silently put out on a checked flop
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 8
players:
  - {seat: 2, stack: 80}
  - {seat: 5, stack: 90}
  - {seat: 8, stack: 70}
pot_at_start: 6
timeline:
  - flop: [K♠, 8♦, 4♣]
  - {seat: 2, did: check}
  - {seat: 5, chips: [5], in_question: true}
"""


def test_a_silent_chip_the_floor_decides_is_not_read_as_a_settled_bet(kb, tmp_path):
    """A club with no clause on a single chip put out silently leaves it to the floor: the Now says
    the floor decides whether the £5 stands before '£5 to call' is read from it."""
    from ruling_engine.render.output import now_lines
    report = rule_on(_write(tmp_path, SILENT_FIVE), kb=kb)
    silent = [c for c, a in report.answers.items() if any(r.basis == "not covered" for r in a.rulings)]
    assert silent
    for club in silent:
        lines = now_lines(report.answers[club].now, "£")
        assert "decides first" in lines[0] and "seat 5's £5" in lines[0]
