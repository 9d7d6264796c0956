"""Nothing the user wrote is silently ignored (issue 22, session 10's new users O201, O203): a fact
given in the file is read where a rule or the replay turns on it, or refused with a clear error.

- A street's `pot:` written after recorded betting (O201, stud: the pot on fourth to sixth street)
  is the pot when that street began: what it holds beyond the recorded chips was put in by
  betting the file leaves out (facts/timeline.py _street_pots, facts/hand.py stated_pots); one
  smaller than the recorded chips contradicts them: an error with its line (rulings/refused.py).
- `flop: {count: 2}` (O203) is a flop short of a card: the flop_dealt event, issue short-flop;
  FPC reads rule 28 s3-4 ("If the error is more involved ...") for it, the clubs with no clause
  for it say so and cite their discretion clause.
- A fact given is not overridden by a club's default (O303: FPC's how-to-find-it rule beside the
  amount given), a field a clause turns on is read (O302: PPL's
  first session asked to be played for cash), and a warning never contradicts the file (O301: behind: is a stack)."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

STUD = """\
title: stud pot given on later streets
house: gala
game: {format: cash, variant: stud, ante: 0.25, bring_in: 0.5, limits: [1, 2], smallest_chip: 0.25, currency: GBP}
players:
  - {seat: 1}
  - {seat: 2}
  - {seat: 3}
  - {seat: 4}
timeline:
  - deal:
  - third-street: {count: 12}
  - {seat: 1, posts: bring-in}
  - {seat: 2, did: raise, total: 1}
  - {seat: 3, did: call, total: 1}
  - {seat: 4, did: fold}
  - {seat: 1, did: fold}
  - fourth-street: {count: 2, pot: 3.5}
  - fifth-street: {count: 2, pot: POT5}
  - said: {by: dealer, words: "Floor!", kind: question, in_question: true}
"""


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_a_later_streets_pot_is_read_not_dropped(kb):
    # recorded: 4 antes (1) + bring-in 0.5 + two £1 calls = 3.5 by fourth street; fifth street's
    # pot: 9.5 says £6 went in on fourth street, unrecorded: the pot is 9.5, not 3.5
    text = render_text(_report(kb, STUD.replace("POT5", "9.5")))
    assert "Main pot: GBP9.50" in text
    assert "GBP3.50" not in text


def test_a_later_streets_pot_smaller_than_the_recorded_betting_is_an_error(kb):
    with pytest.raises(FloorcallError) as error:
        _report(kb, STUD.replace("POT5", "2"))
    assert error.value.line == 18 and "at least 3.5" in error.value.expected


TWO_CARD_FLOP = """\
title: two-card flop
house: HOUSE
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 3
players:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000}
  - {seat: 3, stack: 5000}
timeline:
  - deal:
  - preflop:
  - {seat: 3, did: call, total: 200}
  - {seat: 1, did: call, total: 200}
  - {seat: 2, did: check}
  - flop: {count: COUNT, in_question: true}
  - {seat: 1, did: check}
"""


def _issues(report, club):
    return {r.issue: r for r in report.answers[club].rulings}


def test_a_two_card_flop_is_its_own_point_fpc_rule_28_more_involved(kb):
    report = _report(kb, TWO_CARD_FLOP.replace("HOUSE", "fpc").replace("COUNT", "2"))
    ruling = _issues(report, "fpc")["short-flop"]
    assert ruling.rules_fired == ["fpc.28-s3-4.short-flop-td-decides"] and ruling.basis == "reading"
    for club in ("edp", "gala", "ppl"):        # silent: not covered, the discretion clause cited
        silent = _issues(report, club)["short-flop"]
        assert silent.basis == "not covered" and silent.citations


def test_a_three_card_flop_raises_no_short_flop(kb):
    report = _report(kb, TWO_CARD_FLOP.replace("HOUSE", "fpc").replace("COUNT", "3"))
    assert all("short-flop" not in _issues(report, club) for club in report.answers)


# -- facts given are not overridden by a club's default, and warnings do not contradict the file --

ROYAL = """\
title: royal flush, fund given
house: HOUSE
game: {format: tournament, variant: NLHE}
players:
  - {seat: 2, cards: [A♥, K♥]}
  - {seat: 5, cards: [2♣, 2♠]}
timeline:
  - flop: [Q♥, J♥, 10♥]
  - turn: 7♣
  - river: 2♦
  - {seat: 2, did: all-in}
  - {seat: 5, did: call}
  - showdown:
  - hand_shown: {seat: 2, face_up: 2}
  - royal_flush_claimed: {seat: 2, member: true, witnessed_by_official: true, JACKPOTin_question: true}
"""


def test_fpc_flushpot_given_governs_the_how_to_find_it_rule(kb):
    # fpc 50 s4-6: with the Flushpot's total given, the ruling pays it and no longer also says
    # "the incident does not give the fund's total" (O303's self-contradiction)
    report = _report(kb, ROYAL.replace("HOUSE", "fpc").replace("JACKPOT", "jackpot: 24, "))
    ruling = _issues(report, "fpc")["jackpot"]
    assert "fpc.50-s4-6.flushpot-amount-paid" in ruling.rules_fired
    assert "fpc.50-s4-6.flushpot-amount" not in ruling.rules_fired
    assert "does not give the fund's total" not in render_text(report)


SESSION = """\
title: session played for
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.5, 1], max_bet: 5}
players:
  - {seat: 1, behind: 14}
  - {seat: 2, behind: 6}
timeline:
  - league_session: {session: SESSION, played_for: FOR, in_question: true}
"""


def test_first_session_asked_for_cash_is_answered_on_it(kb):
    # ppl Nights •4 s1-2 'The first session will be for points only': asked to play it for cash,
    # the ruling refuses that request; played_for: is read, never warned about as changing nothing
    report = _report(kb, SESSION.replace("SESSION", "1").replace("FOR", "cash"))
    ruling = _issues(report, "ppl")["league-session"]
    assert ruling.rules_fired == ["ppl.nights-4-s1-2.first-session-not-for-cash"]
    assert ruling.outcome == "points-only" and "cannot be played for cash" in ruling.decision
    assert not any("played_for" in w for w in report.warnings)
    report = _report(kb, SESSION.replace("SESSION", "1").replace("FOR", "points"))
    assert _issues(report, "ppl")["league-session"].rules_fired == ["ppl.nights-4-s1-2.first-session-points"]


def test_no_stack_warning_for_a_seat_whose_behind_is_written(kb):
    from ruling_engine.rulings.unsaid import _stack_warnings

    class _Answer:
        now = {"next": {"seat": 1}, "then": [{"seat": 2}]}

    incident = parse_incident_text(SESSION.replace("SESSION", "2").replace("FOR", "cash")
                                   .replace("{seat: 2, behind: 6}", "{seat: 2}"), "<t>", kb.vocabulary, kb.clubs)
    warnings = _stack_warnings(incident, {"ppl": _Answer()})
    assert len(warnings) == 1 and "seat 2 has no stack" in warnings[0]     # seat 1's behind: 14 is a stack
