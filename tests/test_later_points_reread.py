"""Every correction a club's earlier ruling makes edits the timeline its later points are read
from (issue 20: "rule any later point on the hand as the earlier corrections left it";
ruling_engine/corrected/edits.py).

Each correction kind the vocabulary declares (`corrects:`) is shown on a two-point incident whose
second point is read, or ruled, differently because of the first point's correction: where a
club's own rules make the correction at an earlier point, end to end; where no club's rule makes
it at an earlier point today (a voided action, chips returned, a hand restored), on the facts the
later point is read with, with the club's engine run on them.
"""
import textwrap

from ruling_engine.corrected.edits import ClubEdits, edited_data
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import point_view, read_timeline
from ruling_engine.incident.load import load_incident
from ruling_engine.rulings.resolve import raised_issues, resolve_club
from ruling_engine.rulings.rule_on import engine_for, rule_on


def _report(kb, tmp_path, text):
    path = tmp_path / "incident.yaml"
    path.write_text(textwrap.dedent(text))
    return rule_on(path, kb=kb)


def _at(answer, point):
    return {r.issue: r for r in answer.rulings if r.point == point}


def _has(answer, point, effect, **params):
    return any(e.get("effect") == effect and all(e.get(k) == v for k, v in params.items())
               for r in answer.rulings if r.point == point and r.basis not in ("conflict", "depends")
               for e in r.effects)


# --- kills: a dead hand is out of the later betting ---------------------------------------------

ABSENT_THEN_ACTION = """\
    house: edp
    game: {format: tournament, variant: NLHE, blinds: [100, 200]}
    button: 2
    players:
      - {seat: 2, stack: 5000}
      - {seat: 3, stack: 5000}
      - {seat: 4, stack: 5000}
      - {seat: 5, stack: 5000}
      - {seat: 6, stack: 5000}
    timeline:
      - deal:
      - player_away: {seat: 5, at_first_card: true, at_last_card: true, in_room: false, in_question: true}
      - preflop:
      - {seat: 6, did: raise, total: 600, in_question: true}
    """


def test_a_hand_killed_at_an_earlier_point_is_out_of_the_later_betting(kb, tmp_path):
    """Seat 5 (first to act after the big blind) was away when the cards went out; seat 6 then
    raises. A club that kills seat 5's hand reads seat 6's raise as in turn (nobody was skipped);
    a club that keeps the hand live rules it out of turn."""
    report = _report(kb, tmp_path, ABSENT_THEN_ACTION)
    killing = [c for c, a in report.answers.items() if _has(a, 0, "hand-dead", seat=5)]
    live = [c for c, a in report.answers.items() if not _has(a, 0, "hand-dead", seat=5)]
    assert killing and live, "the incident no longer has a club that kills the hand and one that does not"
    for club in killing:
        later = _at(report.answers[club], 1)
        assert all(r.basis == "does not arise" for r in later.values()), (club, later)
        now = report.answers[club].now
        assert 5 not in [now["next"]["seat"]] + [t["seat"] for t in now["then"]], (club, now)   # no "to call" for him
        assert 5 in now["dead"], (club, now)
    for club in live:
        later = _at(report.answers[club], 1)
        assert "out-of-turn" in later and later["out-of-turn"].basis != "does not arise", (club, later)


# --- adds and raises-bettors-to: a raise made up, every bettor brought to it ----------------------

SHORT_RAISE_THEN_CALL = """\
    house: ppl
    game: {format: cash, variant: LHE, blinds: [0.25, 0.50], limits: [0.50, 1], smallest_chip: 0.25}
    button: 1
    players:
      - {seat: 1}
      - {seat: 3, stack: 12}
      - {seat: 4, stack: 8}
      - {seat: 6, stack: 10}
    pot_at_start: 3
    timeline:
      - turn:
      - {seat: 3, did: bet, chips: [1]}
      - {seat: 4, said: raise, chips: [1, 0.50], in_question: true}
      - {seat: 6, said: call, chips: [1, 0.50], in_question: true}
    """


def test_a_later_call_faces_the_raise_as_an_earlier_ruling_made_it_up(kb, tmp_path):
    """Seat 4's raise of 50p over a £1 bet is made up to £2 (raise-made-up, `corrects: adds`):
    seat 6's call of £1.50 is then short of the £2 he faces, and a club that brings only the
    raiser up rules on the short call; a club that brings every bettor of the round up to £2
    (bets-corrected, `corrects: raises-bettors-to`) has nothing more to ask of seat 6."""
    report = _report(kb, tmp_path, SHORT_RAISE_THEN_CALL)
    made_up = [c for c, a in report.answers.items() if _has(a, 0, "raise-made-up", seat=4, total=2)]
    assert made_up, "no club makes the raise up: the incident no longer exercises the correction"
    for club in made_up:
        answer = report.answers[club]
        later = _at(answer, 1)
        if _has(answer, 0, "bets-corrected", total=2):
            assert "short-call" not in later or later["short-call"].basis == "does not arise", (club, later)
        else:
            assert "short-call" in later and later["short-call"].basis != "does not arise", (club, later)
            assert any(e.get("seat") == 6 and e.get("add") == 0.5 for e in later["short-call"].effects), \
                (club, later["short-call"].effects)


# --- restricts: a later raise by a player held to call or fold is his call -------------------------

EXPOSED_THEN_RAISE = """\
    house: gala
    game: {format: cash, variant: NLHE, blinds: [1, 2]}
    button: 1
    players:
      - {seat: 2, stack: 200}
      - {seat: 5, stack: 200}
      - {seat: 8, stack: 200}
    pot_at_start: 30
    timeline:
      - flop: [7♠, 6♦, 2♣]
      - {seat: 2, did: bet, total: 10}
      - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, to_influence: true, owner_had_control: true, in_question: true}
      - {seat: 5, said: "raise, thirty", chips: [10, 10, 10], in_question: true}
      - {seat: 8, said: call, chips: [10], in_question: true}
    """


def test_a_raise_after_a_ruling_held_him_to_call_is_read_as_his_call_by_the_points_after_it(kb, tmp_path):
    """Seat 5 deliberately exposes his hand; a club that holds him to call or fold for the rest of
    the hand reads his raise as a call of £10, so seat 8's £10 call is complete (no "add £30"
    anywhere in its answer); a club that does not restrict him rules seat 8's call short."""
    report = _report(kb, tmp_path, EXPOSED_THEN_RAISE)
    holding = [c for c, a in report.answers.items() if _has(a, 0, "passive-options-only", seat=5)]
    free = [c for c, a in report.answers.items() if c not in holding]
    assert holding and free, "the incident no longer has a club that restricts seat 5 and one that does not"
    for club in holding:
        answer = report.answers[club]
        short = _at(answer, 2).get("short-call")
        assert short is None or short.basis == "does not arise", (club, short)
        assert not any(o["seat"] == 8 for o in answer.now["owes"]), (club, answer.now)
        assert [h["seat"] for h in answer.now["held"]] == [5] and answer.now["held"][0]["call_total"] == 10, \
            (club, answer.now)
    for club in free:
        short = _at(report.answers[club], 2).get("short-call")
        assert short is not None and short.basis != "does not arise", club


# --- voids-action, returns, restores, owes-call: read on the later point's facts ---------------

RAISE_OUT_OF_TURN_THEN_CHIPS = """\
    house: fpc
    game: {format: cash, variant: NLHE, blinds: [1, 2]}
    button: 1
    players:
      - {seat: 1, stack: 300}
      - {seat: 2, stack: 300}
      - {seat: 3, stack: 300}
      - {seat: 4, stack: 300}
      - {seat: 5, stack: 300}
      - {seat: 6, stack: 300}
    timeline:
      - {seat: 5, said: raise 10, chips: [10], in_question: true}
      - {seat: 4, said: raise 25, chips: [25]}
      - {seat: 5, chips: [10, 5], in_question: true}
    """

FOLD_THEN_BET = """\
    house: fpc
    game: {format: cash, variant: NLHE, blinds: [1, 2]}
    players:
      - {seat: 2, stack: 300}
      - {seat: 5, stack: 300}
      - {seat: 8, stack: 300}
    pot_at_start: 20
    timeline:
      - flop: [7♠, 6♦, 2♣]
      - {seat: 2, did: bet, total: 10}
      - {seat: 5, did: fold, in_question: true}
      - {seat: 8, did: call, total: 10}
      - {seat: 2, did: check, in_question: true}
    """


class _Ruling:
    basis = "express"

    def __init__(self, *effects):
        self.effects = list(effects)


def _later(kb, tmp_path, text, *earlier):
    """(facts, rulings by club) of the last point, on the timeline as `earlier` (lists of effects,
    one per earlier point, in order) leave it: the first point's rulings are the given ones."""
    path = tmp_path / "incident.yaml"
    path.write_text(textwrap.dedent(text))
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    timeline = read_timeline(incident.data, kb.vocabulary.together_kinds)
    edits = ClubEdits(timeline)
    for number, effects in enumerate(earlier):
        edits.add([_Ruling(*effects)], kb.vocabulary, timeline.points[number])
    fixed = read_timeline(edited_data(incident.data, edits.edits), kb.vocabulary.together_kinds)
    point = next(p for p in fixed.points if p.entries == timeline.points[-1].entries)
    facts = computed_facts(*point_view(fixed, point))
    raised = raised_issues(kb.vocabulary, facts, "action", last=True)
    engine = engine_for(kb)
    rulings = {}
    for club in kb.clubs:
        fired, derived = engine.run(club, facts, raised)
        rulings[club] = {r.issue: r for r in resolve_club(kb, club, raised, fired, {**facts, **derived}, "£")}
    return facts, rulings


def test_a_voided_action_did_not_happen_and_the_later_action_faces_what_stands(kb, tmp_path):
    """Seat 5's raise out of turn is void (may-act-freely, `corrects: voids-action`): his £15 when
    his turn comes is all he has in, short of the £25 he faces, and the clubs rule on the short
    call; as the hand happened it made his £25 a full call."""
    facts, rulings = _later(kb, tmp_path, RAISE_OUT_OF_TURN_THEN_CHIPS, [])
    assert facts["to_call"] == 15 and facts["action.short_of_call"] is False
    assert not any("short-call" in r for r in rulings.values())
    facts, rulings = _later(kb, tmp_path, RAISE_OUT_OF_TURN_THEN_CHIPS,
                            [{"effect": "may-act-freely", "seat": 5}])
    assert facts["to_call"] == 25 and facts["action.short_of_call"] is True and facts["call_shortfall"] == 10
    assert "oot_seat" not in facts                    # the out-of-turn raise is gone
    assert all("short-call" in r for r in rulings.values()), {c: list(r) for c, r in rulings.items()}


def test_chips_returned_are_out_of_the_later_betting(kb, tmp_path):
    """Every chip of the out-of-turn raise going back (return-chips, `corrects: returns`) leaves
    nothing of it: the later action is read as above; part of them going back leaves him that total."""
    facts, _ = _later(kb, tmp_path, RAISE_OUT_OF_TURN_THEN_CHIPS,
                      [{"effect": "return-chips", "seat": 5, "amount": 10}])
    assert facts["to_call"] == 25 and facts["action.short_of_call"] is True
    facts, _ = _later(kb, tmp_path, RAISE_OUT_OF_TURN_THEN_CHIPS,
                      [{"effect": "return-chips", "seat": 5, "amount": 4}])
    assert facts["to_call"] == 19 and facts["call_shortfall"] == 4


def test_a_hand_restored_takes_part_again_and_his_fold_did_not_happen(kb, tmp_path):
    """Seat 5's fold is ruled not to end his hand (hand-live, `corrects: restores`): seat 2's
    check after seat 8's call leaves seat 5 still to act, so the round is not over."""
    facts, _ = _later(kb, tmp_path, FOLD_THEN_BET, [])
    assert facts["players_in_hand"] == 2
    facts, _ = _later(kb, tmp_path, FOLD_THEN_BET, [{"effect": "hand-live", "seat": 5}])
    assert facts["players_in_hand"] == 3
    # killed, then restored at a later ruling: back in
    path = tmp_path / "incident.yaml"
    path.write_text(textwrap.dedent(FOLD_THEN_BET))
    timeline = read_timeline(load_incident(path, kb.vocabulary, kb.clubs).data, kb.vocabulary.together_kinds)
    edits = ClubEdits(timeline)
    edits.add([_Ruling({"effect": "hand-dead", "seat": 8})], kb.vocabulary, timeline.points[0])
    assert any(k[1] == "kills" for k in edits.edits)
    edits.add([_Ruling({"effect": "hand-live", "seat": 8})], kb.vocabulary, timeline.points[0])
    assert not any(k[1] == "kills" for k in edits.edits)


def test_a_player_owing_a_call_or_fold_has_his_later_raise_read_as_his_call(kb, tmp_path):
    """may-complete-or-fold (`corrects: owes-call`) holds him to call or fold like any restriction:
    a raise he makes at a later point of the round is his call at the points after it."""
    text = """\
        house: fpc
        game: {format: cash, variant: NLHE, blinds: [1, 2]}
        players:
          - {seat: 2, stack: 300}
          - {seat: 5, stack: 300}
          - {seat: 8, stack: 300}
        pot_at_start: 20
        timeline:
          - flop: [7♠, 6♦, 2♣]
          - {seat: 2, did: bet, total: 10}
          - {seat: 5, did: call, chips: [5], in_question: true}
          - {seat: 8, did: raise, total: 30}
          - {seat: 5, did: raise, total: 90, in_question: true}
          - {seat: 2, said: call, chips: [20], in_question: true}
        """
    facts, _ = _later(kb, tmp_path, text, [], [])
    assert facts["to_call"] == 80
    facts, _ = _later(kb, tmp_path, text, [{"effect": "may-complete-or-fold", "seat": 5, "add": 5, "forfeit": 5}], [])
    assert facts["to_call"] == 20 and facts["action.short_of_call"] is False


# --- points asked but not raised (issue 21) ---------------------------------------------------------

CALL_OUT_OF_TURN_THEN_WORDS = """\
    house: fpc
    game: {format: tournament, variant: NLHE, blinds: [100, 200]}
    button: 9
    players:
      - {seat: 1, stack: 4000}
      - {seat: 2, stack: 6100}
      - {seat: 3, stack: 5500}
      - {seat: 4, stack: 5000}
      - {seat: 5, stack: 7200}
      - {seat: 7, stack: 9400}
      - {seat: 9, stack: 3300}
    timeline:
      - preflop:
      - {seat: 3, said: "raise, six hundred", total: 600}
      - {seat: 4, did: fold}
      - {seat: 7, said: call, chips: [500, 100]}
      - {seat: 5, said: "raise, eighteen hundred", chips: [1000, 500, 100, 100, 100]}
      - said: {by: 7, words: "If I can't raise I'd rather fold and take my 600 back.", in_question: true}
    """


def test_the_order_of_the_round_is_read_at_a_players_words_so_an_out_of_turn_action_is_ruled(kb, tmp_path):
    """The floor is called about a player's words (a conditional statement, ruled as his action):
    the out-of-turn call before them (seat 7 skipped seat 5, who then raised) is the round's, and
    the clubs rule on it there; the order of the round was not read at words, so no club's
    out-of-turn rule could fire (casebook P103)."""
    report = _report(kb, tmp_path, CALL_OUT_OF_TURN_THEN_WORDS)
    assert "out-of-turn" in dict(report.issues)
    assert report.facts_by_point[-1]["oot_seat"] == 7 and report.facts_by_point[-1]["oot_action_changed"] is True
    fpc = _at(report.answers["fpc"], len(report.points) - 1)["out-of-turn"]
    assert fpc.outcome == "void-call-or-fold" and [c.clause for c in fpc.citations][:1] == ["fpc.4"]


CHIPS_THEN_OTHER_WORDS_THEN_ALL_IN = """\
    house: edp
    game: {format: tournament, variant: NLHE, blinds: [400, 800]}
    button: 6
    players:
      - {seat: 2, stack: 14700}
      - {seat: 4, stack: 4200}
      - {seat: 6, stack: 11300}
    pot_at_start: 2800
    timeline:
      - flop: [K♣, 7♦, 3♠]
      - {seat: 2, said: two thousand, chips: [5000], first: chips, in_question: true}
      - {seat: 4, said: all in, chips: [1000, 1000, 1000, 1000, 100, 100], in_question: true}
    """

KEPT_BACK_THEN_RAISE = """\
    house: gala
    game: {format: cash, variant: NLHE, blinds: [0.50, 1], smallest_chip: 0.50}
    button: 8
    players:
      - {seat: 2, stack: 40}
      - {seat: 5, stack: 6.50}
      - {seat: 8, stack: 25}
    timeline:
      - preflop:
      - {seat: 5, did: raise, chips: [1, 1, 1]}
      - {seat: 8, did: call, total: 3}
      - {seat: 2, did: call}
      - flop: [Q♥, 9♣, 4♦]
      - {seat: 2, did: bet, chips: [1]}
      - {seat: 5, said: all in, chips: [1, 0.50], in_question: true}
      - {seat: 8, said: call}
      - {seat: 2, said: raise, chips: [1, 1, 1], in_question: true}
    """


def test_an_issue_on_the_words_and_chips_of_a_marked_action_is_asked_at_its_own_point(kb, tmp_path):
    """An issue whose condition reads the action in question only through facts with no
    `action.` prefix (words_chips_differ, all_in_chips_behind) was taken for a question of the
    whole hand and asked only at the last point, where the action in question is another: the
    chips-first bet with other words (casebook N103) and the all-in that kept chips back (N101)
    were never ruled. They are asked at their own point."""
    report = _report(kb, tmp_path, CHIPS_THEN_OTHER_WORDS_THEN_ALL_IN)
    assert report.facts_by_point[0]["words_chips_differ"] is True
    assert "declared-action" in _at(report.answers["edp"], 0)
    report = _report(kb, tmp_path, KEPT_BACK_THEN_RAISE)
    assert report.facts_by_point[0]["all_in_chips_behind"] == 1
    for club, answer in report.answers.items():
        assert "all-in-amount" in _at(answer, 0), club
