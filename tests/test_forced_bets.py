"""Forced bets the format states, read by the clubs' rules (issues 21/22): a straddle written on the
player's own entry (`posts: straddle`, docs/timeline.md "The start of a hand") is the same notion
as the `straddle:` event: the same straddle.* facts, the same point, the same rulings; a straddle
a club refuses goes back to him in the corrected hand."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 2, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 4, stack: 200}
timeline:
"""
POSTED = """  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - {seat: %d, posts: straddle%s, in_question: true}
  - deal:
"""
EVENT = "  - straddle: {seat: %d, amount: 4, before_cards: true, in_question: true}\n"
FIELDS = ("straddle.seat", "straddle.amount", "straddle.multiple", "straddle.on_button",
          "straddle.under_the_gun", "straddle.before_cards", "straddle.count")


def _rule(kb, text, house=None):
    incident = parse_incident_text(HEAD + text, "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, house=house, with_precedents=False)


def _straddle_point(report):
    number = next(n for n, p in enumerate(report.points) if p.kind == "straddle")
    return report.points[number], report.facts_by_point[number]


def _rulings(report, club):
    return sorted((r.issue, r.outcome, repr(r.effects)) for r in report.answers[club].rulings)


def test_a_posted_straddle_is_the_straddle_event_for_the_facts_and_the_rulings(kb):
    for seat in (1, 4):               # the button four-handed (refused by EDP and Gala), under the gun (stands)
        posted, event = _rule(kb, POSTED % (seat, ", chips: [2, 2]")), _rule(kb, EVENT % seat)
        (point, facts), (_, event_facts) = _straddle_point(posted), _straddle_point(event)
        assert point.marked
        assert {f: facts.get(f) for f in FIELDS} == {f: event_facts.get(f) for f in FIELDS}
        assert facts["straddle.seat"] == seat and facts["straddle.amount"] == 4
        assert facts["straddle.before_cards"] is True and facts["straddle.count"] == 1
        for club in ("edp", "gala", "fpc", "ppl"):
            assert _rulings(posted, club) == _rulings(event, club)
        outcome = {r.issue: r.outcome for r in posted.answers["edp"].rulings}["straddle"]
        assert outcome == ("straddle-refused" if seat == 1 else "straddle-stands")


def test_a_straddle_posted_with_no_chips_is_twice_the_big_blind(kb):
    _, facts = _straddle_point(_rule(kb, POSTED % (4, "")))
    assert facts["straddle.amount"] == 4 and facts["straddle.multiple"] == 2


def test_a_second_straddle_posted_is_counted_as_the_second(kb):
    report = _rule(kb, """  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - {seat: 4, posts: straddle}
  - {seat: 1, posts: straddle, chips: [8], in_question: true}
  - deal:
""")
    counts = [f["straddle.count"] for p, f in zip(report.points, report.facts_by_point) if p.kind == "straddle"]
    assert sorted(counts) == [1, 2]
    refused = [r for r in report.answers["edp"].rulings if r.issue == "straddle" and r.outcome == "straddle-refused"]
    assert [e["seat"] for r in refused for e in r.effects if e.get("effect") == "straddle-refused"] == [1]


def test_a_refused_posted_straddle_goes_back_in_the_corrected_hand(kb):
    text = render_text(_rule(kb, POSTED % (1, ", chips: [2, 2]")))
    answer = text.split("== The answer ==", 1)[1].split("Other clubs", 1)[0]
    assert "Seat 1's straddle of £4 is not allowed" in text
    assert "Seat 1 takes back £4." in answer
    assert "Seat 4 acts next: £2 to call; he may call, raise (to at least £4) or fold." in answer
    assert "Main pot: £3 (seats 1, 2, 3, 4)" in answer


def test_a_posted_straddle_that_stands_stays_in(kb):
    text = render_text(_rule(kb, POSTED % (4, ", chips: [2, 2]")))
    answer = text.split("== The answer ==", 1)[1].split("Other clubs", 1)[0]
    assert "takes back" not in answer
    assert "Seat 1 acts next: £4 to call; he may call, raise (to at least £8) or fold." in answer
    assert "Main pot: £7 (seats 1, 2, 3, 4)" in answer


CAP = """title: t
house: ppl
game: {format: cash, variant: NLHE, blinds: [0.1, 0.2], session: 2, max_bet: 5}
button: 1
players:
  - {seat: 1, stack: 20}
  - {seat: 2, stack: 20}
  - {seat: 3, stack: 20}
  - {seat: 4, stack: 20}
timeline:
  - preflop:
  - {seat: 4, said: raise, chips: [2]}
  - {seat: 1, said: raise to %s, chips: %s, in_question: true}
"""


def _cap(kb, total, chips):
    incident = parse_incident_text(CAP % (total, chips), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def test_a_raise_over_the_league_cash_games_maximum_bet_is_held_to_it(kb):
    """PPL Nights •4: "Players can bet a maximum of £5", read per bet or raise (a raise adds at most
    £5 over the bet faced): facing a raise to 2, a raise to 8 (not all in) in the cash game whose
    header says max_bet: 5 is held to 7, the 1 over it back to him (read before as a £5 total, which
    held him to 5); a raise to 7, £5 over the 2, stands as made."""
    over = _cap(kb, 8, "[5, 2, 1]")
    ruling = next(r for r in over.answers["ppl"].rulings if r.issue == "declared-action")
    assert ruling.outcome == "capped-at-maximum"
    assert {"effect": "return-chips", "seat": 1, "amount": 1} in ruling.effects
    text = render_text(over).split("Other clubs", 1)[0]
    assert "Seat 1 takes back £1." in text and "Seat 2 acts next: £6.90 to call" in text
    assert "Main pot: £9.30 (seats 1, 2, 3, 4)" in text        # blinds 0.30, seat 4's 2, seat 1's 7
    within = _cap(kb, 7, "[5, 2]")
    assert all(r.outcome != "capped-at-maximum" for r in within.answers["ppl"].rulings)


SHORT_DECK = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 2, stack: 200}
  - {seat: 3, stack: 200}
timeline:
  - preflop:
  - {seat: 1, did: call}
  - {seat: 2, did: call}
  - {seat: 3, did: check}
%s  - deck_problem: {kind: missing-card, cards_to_come: %s, in_question: true}
"""
STREETS = """  - flop:
  - {seat: 2, did: check}
  - {seat: 3, did: check}
  - {seat: 1, did: check}
  - turn:
  - {seat: 2, did: check}
  - {seat: 3, did: check}
  - {seat: 1, did: check}
  - river:
"""


def test_a_short_deck_found_after_substantial_action_is_ruled_by_the_general_misdeal_limit(kb):
    """EDP 7 ¶2: "Once substantial action occurs a misdeal cannot be declared and the hand must
    proceed." A pack short of a card is not in 7 ¶1's list, but the limit is general: found on the
    river after substantial action, the hand proceeds (it was "not covered")."""
    incident = parse_incident_text(SHORT_DECK % (STREETS, "false"), "t.yaml", kb.vocabulary, kb.clubs)
    ruling = next(r for r in rule_incident(incident, kb, with_precedents=False).answers["edp"].rulings
                  if r.issue == "deck-problem")
    assert (ruling.outcome, ruling.basis) == ("play-continues", "reading")
    assert [c.clause for c in ruling.citations] == ["edp.7-2"]
