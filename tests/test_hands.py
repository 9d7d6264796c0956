"""More than one hand in one incident (issue 22, "More than one hand"; docs/timeline.md, "More than
one hand"): after a hand's `hand-over:` the next `deal:` begins the next hand, ruled on its own
with its button moved and its stacks carried; the earlier hands say what the clauses ask about
them (the next deal begun, an all-in on the hand before)."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES

NOTIONS = CASES / "notions"
HEAD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 6, stack: 200}
timeline:
  - deal:
  - {seat: 1, did: raise, total: 6}
  - {seat: 3, did: call, total: 6}
  - {seat: 6, did: call, total: 6}
  - flop: [K♠, 8♦, 4♣]
  - {seat: 3, did: check}
  - {seat: 6, did: check}
  - {seat: 1, did: check}
  - showdown:
  - money_moved: {did: pushed, seat: 1}
  - hand-over:
"""


def _rule(kb, tmp_path, text):
    path = tmp_path / "i.yaml"
    path.write_text(text, encoding="utf-8")
    return rule_on(path, kb=kb)


def _edp(report, issue):
    return {r.issue: r for r in report.answers["edp"].rulings}[issue]


def test_second_hand_moves_the_button_and_posts_its_blinds(kb, tmp_path):
    """The button goes from seat 1 to seat 3: seat 6 posts the small blind, seat 1 the big, and
    the point in the second hand is ruled on it (seat 3 first to act, £2 to call)."""
    report = _rule(kb, tmp_path, HEAD + "  - deal:\n  - {seat: 3, did: call, total: 2, in_question: true}\n")
    now = report.answers["edp"].now
    assert now["next"]["seat"] == 6 and now["next"]["call"] == 1       # the small blind completes
    assert now["live"] == [1, 3, 6]


def test_a_timeline_that_begins_at_the_last_hands_hand_over_posts_the_blinds_of_the_hand_it_deals(kb, tmp_path):
    """`hand-over:` (the hand before, not described) then `deal:`: the hand dealt posts its blinds
    from the button like any other (issue 20: the blinds vanished, and a raise that won the pot
    uncontested got back all of it and won 0). Button 1: seat 3 posts £1, seat 6 £2; seat 1 raises
    to £6 and both fold: £4 of it comes back, the pot is £1 + £2 + £2 = £5 and seat 1 wins it."""
    text = HEAD.split("timeline:")[0] + ("timeline:\n  - hand-over:\n  - deal:\n  - {seat: 1, did: raise, total: 6}\n"
                                         "  - {seat: 3, did: fold}\n  - {seat: 6, did: fold, in_question: true}\n")
    answer = _rule(kb, tmp_path, text).answers["edp"]
    assert [e["amount"] for e in answer.settlement if e["effect"] == "pot"] == [5]
    assert [(e["seat"], e["amount"]) for e in answer.settlement if e["effect"] == "return-chips"] == [(1, 4)]


def test_deal_button_says_where_the_button_is(kb, tmp_path):
    """`- deal: {button: 6}`: seat 1 posts the small blind, seat 3 the big; seat 6 acts first."""
    report = _rule(kb, tmp_path, HEAD + "  - deal: {button: 6}\n  - said: {by: 6, words: \"Can I raise?\", "
                   "kind: question, about: raise, in_question: true}\n")
    now = report.answers["edp"].now
    assert now["next"]["seat"] == 6 and now["next"]["call"] == 2


def test_stacks_carry_from_the_hand_before(kb, tmp_path):
    """Seat 1 won the £18 pot (212 at the start of the next hand), seats 3 and 6 put in 6 each
    (194): seat 1's all-in makes the pot 1 + 20 + 212, and seat 3 can call only his 174 left."""
    report = _rule(kb, tmp_path, HEAD + "  - deal:\n  - {seat: 3, did: raise, total: 20}\n"
                   "  - {seat: 6, did: fold}\n  - {seat: 1, said: all in, in_question: true}\n")
    answer = report.answers["edp"]
    assert [e["amount"] for e in answer.settlement if e["effect"] == "pot"] == [233]
    assert answer.now["next"]["seat"] == 3 and answer.now["next"]["call"] == 174


def test_an_earlier_hand_with_an_unknown_raiser_leaves_the_next_hands_stacks_not_known(kb, tmp_path):
    """Blind call O802 (an internal error, KeyError 'unknown'): `{seat: unknown, did: raise, total:
    unknown}` in the hand before the point is documented; what each player had at its end cannot
    be worked out, so the point's hand is ruled with the stacks not known, never a traceback."""
    text = HEAD.replace("  - {seat: 1, did: raise, total: 6}\n", "  - {seat: unknown, did: raise, total: unknown}\n")
    report = _rule(kb, tmp_path, text + "  - deal:\n  - {seat: 3, did: raise, total: 20}\n"
                   "  - {seat: 6, did: fold}\n  - {seat: 1, said: all in, in_question: true}\n")
    answer = report.answers["edp"]
    assert answer.rulings
    assert not [e for e in answer.settlement if e["effect"] == "pot" and e.get("amount") == 233]    # not 212 + ...


def test_point_on_the_earlier_hand_reads_its_settled_pot(kb, tmp_path):
    """A point marked on the first hand is ruled on it: its pot (£18), not the next hand's blinds."""
    text = HEAD.replace("  - money_moved: {did: pushed, seat: 1}", "  - money_moved: {did: pushed, seat: 1, in_question: true}")
    report = _rule(kb, tmp_path, text + "  - deal:\n  - {seat: 3, did: call, total: 2}\n")
    pots = [e for e in report.answers["edp"].settlement if e.get("effect") == "pot"]
    assert pots and pots[0]["amount"] == 18


def test_next_deal_begun_makes_the_dispute_too_late(kb):
    """EDP 3 ¶17-18: the dispute after the next hand's deal comes too late; before it, the claim is in time and the CRMS hears it."""
    assert _edp(rule_on(NOTIONS / "next-hand-dealt.yaml", kb=kb), "dispute").outcome == "too-late"
    assert _edp(rule_on(NOTIONS / "next-hand-dealt-changed.yaml", kb=kb), "dispute").outcome == "in-time"


def test_all_in_on_the_hand_before_is_read_from_it(kb):
    """EDP 2 ¶6: all in on the previous hand (in the file) → at least 50% of the minimum."""
    assert _edp(rule_on(NOTIONS / "previous-hand.yaml", kb=kb), "buy-in").outcome == "minimum-required"
    assert _edp(rule_on(NOTIONS / "previous-hand-changed.yaml", kb=kb), "buy-in").outcome == "allowed"


def test_written_field_that_disagrees_with_the_timeline_is_an_error(kb, tmp_path):
    with pytest.raises(FloorcallError, match="after_next_shuffle: true") as error:
        _rule(kb, tmp_path, HEAD + "  - deal:\n  - dispute: {after_next_shuffle: false, in_question: true}\n")
    assert error.value.line == HEAD.count("\n") + 2


def test_written_field_that_agrees_stands(kb, tmp_path):
    report = _rule(kb, tmp_path, HEAD + "  - deal:\n  - dispute: {after_next_shuffle: true, in_question: true}\n")
    assert _edp(report, "dispute").outcome == "too-late"


def test_points_in_two_hands_are_an_error(kb, tmp_path):
    text = HEAD.replace("  - money_moved: {did: pushed, seat: 1}", "  - money_moved: {did: pushed, seat: 1, in_question: true}")
    with pytest.raises(FloorcallError, match="points of one hand"):
        _rule(kb, tmp_path, text + "  - deal:\n  - {seat: 3, did: call, total: 2, in_question: true}\n")


def test_a_board_street_after_hand_over_asks_for_the_deal(kb, tmp_path):
    with pytest.raises(FloorcallError, match="deal:"):
        _rule(kb, tmp_path, HEAD + "  - flop: [2♠, 3♠, 4♠]\n")


def test_each_hand_has_its_own_deck_and_folds(kb, tmp_path):
    """The K♠ comes again, and seat 3 (who folded nothing) and everyone act again: no error."""
    report = _rule(kb, tmp_path, HEAD + "  - deal:\n  - {seat: 3, did: fold}\n  - {seat: 6, did: call, total: 2}\n"
                   "  - {seat: 1, did: check}\n  - flop: [K♠, 2♦, 3♣]\n  - {seat: 6, did: bet, total: 4, in_question: true}\n")
    assert report.answers["edp"].now["live"] == [1, 6]


def test_a_timeline_that_starts_between_hands_is_still_one_hand(kb, tmp_path):
    """`hand-over:` before any action, then `deal:`: the hand dealt is the incident's one hand, as
    before (the header's button is its button: seat 1 is first to act, not the next hand's)."""
    head = HEAD[:HEAD.index("timeline:")]
    report = _rule(kb, tmp_path, head + "timeline:\n  - hand-over:\n  - said: {by: 3, words: hello}\n  - deal:\n"
                   "  - {seat: 1, did: call, total: 2, in_question: true}\n")
    assert report.answers["edp"].now["next"]["seat"] == 3


def test_blinds_posted_after_a_leading_hand_over_are_the_hand_dealt(kb, tmp_path):
    """`hand-over:` before any action, then the blinds posted and `deal:`: the posts begin no second
    hand (issue 22, Y302's class): the pot is the hand's blinds (£1 + £2 = 3, nobody awarded it,
    all three seats in it) and the hand goes on, seat 1 first to act - never a pot of the small
    blind alone "won" by the seat that posted it."""
    head = HEAD[:HEAD.index("timeline:")]
    report = _rule(kb, tmp_path, head + "timeline:\n  - hand-over:\n"
                   "  - said: {by: 3, words: \"one more before we stop\", in_question: true}\n"
                   "  - {seat: 3, posts: small-blind, total: 1}\n  - {seat: 6, posts: big-blind, total: 2}\n"
                   "  - deal:\n")
    for club, answer in report.answers.items():
        pots = [e for e in answer.settlement if e.get("effect") == "pot"]
        assert [(p["amount"], p["seats"]) for p in pots] == [(3, [1, 3, 6])], club
        assert not [e for e in answer.settlement if e.get("effect") in ("pot-awarded", "pot-split")], club
        assert answer.now["next"]["seat"] == 1, club


def test_events_of_another_hand_are_named_in_a_warning(kb):
    """The money pushed on the first hand is read (the stacks), not ruled: a warning names it and
    says how to rule it, so nothing written is passed over in silence."""
    report = rule_on(NOTIONS / "next-hand-dealt.yaml", kb=kb)
    assert any("line 20: money_moved" in w and "in_question: true" in w for w in report.warnings)


def test_floorcall_events_says_a_timeline_may_hold_several_hands():
    from conftest import run_cli
    done = run_cli("floorcall", "events")
    text = " ".join(done.stdout.split())
    assert "A timeline may hold several hands" in text and "- deal: {button: 4}" in text
    assert "entry_time`).." not in text
    assert "button: seat" in run_cli("floorcall", "events", "street_entry").stdout


def test_questionnaire_knows_when_a_deal_begins_the_next_hand(kb):
    """`floorcall ask` asks the button of a later hand at its deal (not at the first hand's, nor at
    a deal after a hand-over that ended no played hand); the floor app offers it with the street."""
    from ruling_engine.ask.questionnaire import Session
    from ruling_engine.serve.app import _extra_fields
    session = Session(kb, house="edp")
    for name, value in (("game.format", "cash"), ("game.variant", "NLHE"), ("players", [{"seat": 1}, {"seat": 3}])):
        session.answer(name, value)
    assert not session.begins_next_hand("deal")
    session.answer("next", {"hand-over": None})
    assert not session.begins_next_hand("deal")           # the timeline starts between hands
    session.answer("next", {"deal": None})
    session.answer("next", {"seat": 1, "did": "fold"})
    session.answer("next", {"hand-over": None})
    assert session.begins_next_hand("deal") and not session.begins_next_hand("flop")
    assert "button" in [name for name, *_ in _extra_fields(session, "street")]


def _asked(kb, entries) -> list:
    """The field questions `floorcall ask` asks after these timeline entries (each answered with
    its first choice; a point asked for is the last entry)."""
    from ruling_engine.ask.questionnaire import Session
    session = Session(kb, house="edp")
    for name, value in (("game.format", "cash"), ("game.variant", "NLHE"), ("players", [{"seat": 1}, {"seat": 3}])):
        session.answer(name, value)
    for entry in entries:
        session.answer("next", entry)
    session.answer("next", "done")
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        if question.name == "marked":
            session.answer("marked", [len(entries) - 1])
        elif question.kind == "amounts":
            session.answer(question.name, [1, 2])
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else 1)
    return asked


def test_questionnaire_does_not_ask_what_the_timeline_says(kb):
    """A dispute after the next hand's deal: whether the shuffle had begun is not asked (an answer
    could only repeat or contradict the timeline); before the deal it is."""
    played = [{"deal": None}, {"seat": 1, "did": "fold"}, {"hand-over": None}]
    assert "dispute.after_next_shuffle" in _asked(kb, played + [{"dispute": {}}])
    assert "dispute.after_next_shuffle" not in _asked(kb, played + [{"deal": None}, {"dispute": {}}])


BUSTED = """title: t
house: edp
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 3{stack3}}}
  - {{seat: 5, stack: 5000}}
  - {{seat: 7, stack: 5000}}
timeline:
  - deal:
  - {{seat: 7, did: fold}}
  - {{seat: 1, did: fold}}
  - {{seat: 3, did: all-in, total: 1000}}
  - {{seat: 5, did: call, total: 1000}}
  - showdown:
{out}  - hand-over:
  - deal: {{button: 5}}
  - {{seat: 5, did: call, total: 200, in_question: true}}
"""


@pytest.mark.parametrize("stack3, out", [
    ("", "  - player_busted: {seat: 3}\n"),
    ("", "  - seat_emptied: {seat: 3, reason: eliminated}\n"),
    (", stack: 1000", "  - money_moved: {did: pushed, seat: 5}\n"),      # carried with no chips
])
def test_a_player_knocked_out_on_the_hand_before_is_not_in_the_next(kb, tmp_path, stack3, out):
    """Seat 3, knocked out on hand 1 (player_busted, seat_emptied: eliminated, or a carried stack
    of 0), is not at the table for hand 2: not dealt in, posts nothing, never named to act, in no
    pot; every club's corrected hand is seats 1, 5 and 7 (button 5: seat 7 the small blind)."""
    report = _rule(kb, tmp_path, BUSTED.format(stack3=stack3, out=out))
    for club, answer in report.answers.items():
        assert answer.now["live"] == [1, 5, 7], club
        assert 3 not in [answer.now["next"]["seat"]] + [s["seat"] for s in answer.now["then"]], club
        pots = [e for e in answer.settlement if e.get("effect") == "pot"]
        assert pots and all(3 not in (e.get("seats") or []) for e in pots), club


def test_a_knocked_out_player_the_next_hand_names_is_kept(kb, tmp_path):
    """What the user wrote of him is ruled: seat 3, busted on hand 1, posting in hand 2 stays."""
    text = BUSTED.format(stack3="", out="  - player_busted: {seat: 3}\n").replace(
        "  - {seat: 5, did: call, total: 200, in_question: true}\n",
        "  - {seat: 3, did: call, total: 200, in_question: true}\n")
    report = _rule(kb, tmp_path, text)
    assert 3 in report.answers["edp"].now["live"]


SECOND_HAND_TO_SHOWDOWN = HEAD + """  - deal:
  - {seat: 6, did: raise, total: 6}
  - {seat: 1, did: call, total: 6}
  - {seat: 3, did: fold}
  - flop: [Q♣, 7♦, 2♠]
  - {seat: 6, did: check}
  - {seat: 1, did: check}
  - showdown:
  - money_moved: {did: pushed, seat: 1}
"""


def test_a_dispute_after_the_second_hand_s_own_result_is_about_that_hand(kb, tmp_path):
    """The second hand played to its showdown and pushed: a dispute then is about that hand, not
    one coming after the next deal (EDP 3 ¶17-18's right to dispute still open: in time)."""
    report = _rule(kb, tmp_path, SECOND_HAND_TO_SHOWDOWN + "  - dispute: {in_question: true}\n")
    assert _edp(report, "dispute").outcome == "in-time"
    report = _rule(kb, tmp_path, SECOND_HAND_TO_SHOWDOWN + "  - dispute: {after_next_shuffle: false, in_question: true}\n")
    assert _edp(report, "dispute").outcome == "in-time"


def test_a_dispute_once_the_hand_after_it_is_dealt_is_too_late(kb, tmp_path):
    """The same, with a third hand dealt before the dispute: too late."""
    text = SECOND_HAND_TO_SHOWDOWN + "  - hand-over:\n  - deal:\n  - dispute: {in_question: true}\n"
    assert _edp(_rule(kb, tmp_path, text), "dispute").outcome == "too-late"


def test_a_hand_written_without_its_actions_is_a_hand_of_its_own(kb, tmp_path):
    """A finished hand written as `deal:`, `showdown:`, its pot (a deduction, the pot pushed) and
    `hand-over:`, with no action, is a hand all the same (P801: three hands read as one, the £27
    pot of hand A and the £18 of hand B given back into hand C's £40). The marked deduction in the
    last hand is ruled on that hand's pot only: EDP 2 ¶3 “No rake is taken for pots” puts its £1
    back, the main pot is £6 (the blinds and seat 3's call) and nobody gives back an earlier hand's
    pot."""
    text = HEAD.split("timeline:")[0] + (
        "timeline:\n  - deal:\n  - showdown:\n  - pot_deduction: {pot: 27, taken: 1, reached_flop: unknown, purpose: rake}\n"
        "  - money_moved: {did: pushed, seat: 3, amount: 26}\n  - hand-over:\n"
        "  - deal:\n  - {seat: 3, did: call, total: 2}\n  - {seat: 6, did: call, total: 2}\n  - {seat: 1, did: check}\n"
        "  - flop: [K♠, 8♦, 4♣]\n  - {seat: 6, did: check}\n  - {seat: 1, did: check}\n  - {seat: 3, did: check}\n"
        "  - showdown:\n  - pot_deduction: {pot: 6, taken: 1, reached_flop: true, purpose: rake, in_question: true}\n"
        "  - money_moved: {did: pushed, seat: 1, amount: 5}\n")
    report = _rule(kb, tmp_path, text)
    settlement = report.answers["edp"].settlement
    assert [e for e in settlement if e["effect"] == "pot"] == [{"effect": "pot", "pot": "main", "amount": 6, "seats": [1, 3, 6]}]
    assert not [e for e in settlement if e["effect"] not in ("pot", "pot-awarded")]    # nothing of hand A given back
    assert [e["amount"] for e in settlement if e["effect"] == "pot-awarded"] == [6]


def test_reading_a_timeline_with_an_action_of_unknown_seat_is_a_clear_refusal(kb, tmp_path):
    """`read_timeline` on a timeline of several hands whose earlier hand holds `{seat: unknown,
    did: unknown}`, read as it stands (not choice by choice), raised KeyError 'unknown' from the
    replay: it is refused with the line, what was found and what to do; rule-on still rules the
    file (it reads each seat the action could be, and the next hand's stacks as not known)."""
    from ruling_engine.facts.timeline import read_timeline
    from ruling_engine.incident.load import load_incident
    text = HEAD.replace("  - {seat: 3, did: call, total: 6}\n",
                        "  - {seat: unknown, did: unknown}\n  - {seat: 3, did: call, total: 6}\n")
    text += "  - deal:\n  - {seat: 3, did: call, total: 2, in_question: true}\n"
    path = tmp_path / "i.yaml"
    path.write_text(text, encoding="utf-8")
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    with pytest.raises(FloorcallError) as refused:
        read_timeline(incident.data)
    assert refused.value.line == 12 and refused.value.found == "seat: unknown"
    assert _rule(kb, tmp_path, text).answers["edp"].now["live"] == [1, 3, 6]
