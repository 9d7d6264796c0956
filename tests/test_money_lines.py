"""Each chip movement said once, where the floor acts on it (e26/money-lines, issue 20 "The answer
is the corrected hand"): the Now and the pot section never both describe the same chips, and a dead
hand's line says what the club's corrections did with his chips."""
from ruling_engine.corrected.invariants import violations
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

# reduced from a floor call (L301): cash played in a call on a league night
CASH_CALL = """
title: A call made with three chips and a note
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2], smallest_chip: 1, currency: "£"}
button: 8
players:
  - {seat: 3}
  - {seat: 4, stack: 8}
  - {seat: 7, stack: 64}
  - {seat: 8}
timeline:
  - deal:
  - {seat: 7, did: raise, total: 5}
  - {seat: 8, did: fold}
  - {seat: 3, did: fold}
  - {seat: 4, did: call, total: 5}
  - flop: [K♦, 9♣, 4♠]
  - {seat: 4, did: check}
  - {seat: 7, did: check}
  - turn: 2♥
  - {seat: 4, did: check}
  - {seat: 7, did: bet, chips: [5]}
  - {seat: 4, said: call, chips: [1, 1, 1], in_question: true}
  - cash_on_table: {seat: 4, amount: 20, playing_it: true, floor_exchanging: false, in_question: true}
"""

# reduced from a floor call (L402): the whole pot pushed to an all-in caller for less
PUSHED_ALL = """
title: River all in called all in for less; the whole pot pushed to the caller
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: "£", smallest_chip: 1}
players:
  - {seat: 3, stack: 95, cards: [J♠, J♦]}
  - {seat: 8, stack: 58}
timeline:
  - river: {pot: 64}
  - {seat: 3, said: "all in", chips: [25, 25, 25, 5, 5, 5, 5]}
  - {seat: 8, said: call, total: 58}
  - showdown:
  - hand_shown: {seat: 3, face_up: 2}
  - hand_shown: {seat: 8, face_up: 2}
  - hand_mucked: {seat: 3, by: player, tabled: true, touched_muck: true}
  - money_moved: {did: pushed, seat: 8, amount: 217, in_question: true}
"""


def _rule(kb, text):
    incident = parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb), read_timeline(incident.data, kb.vocabulary.together_kinds)


def _answer_block(text: str) -> str:
    return text.split("== The answer ==", 1)[1].split("Other clubs, in brief:", 1)[0]


def test_a_disqualified_players_bets_in_front_go_and_what_was_in_the_pot_stays(kb):
    """PPL League •54 s3 ("A player who is disqualified shall have his/her chips removed from
    play") with Nights •3 (cash on the table disqualifies): his £3 on the turn, still in front of
    him, goes; his £5 of the first round is the pot's. The Now says both, on one line, and never
    that all his chips stay in the pot."""
    report, timeline = _rule(kb, CASH_CALL)
    now = report.answers["ppl"].now
    assert now["dead"] == [4]
    assert now["dead_in"] == [{"seat": 4, "in": 5}]
    block = _answer_block(render_text(report))
    assert "chips already in stay in the pot" not in block
    assert "Dead hand: seat 4: he takes back £3; the £5 he has in the pot stays there." in block
    assert block.count("£3") == 1                       # the £3 said once
    assert violations(report, timeline) == []


def test_a_dead_hand_nothing_goes_back_to_keeps_the_short_line(kb):
    """The same hand at EDP (no clause removes his bets): seat 4 is not dead, and no dead-hand line
    names chips going back; the check holds the other way too."""
    report, _ = _rule(kb, CASH_CALL)
    for club in ("edp", "fpc", "gala"):
        assert 4 not in report.answers[club].now["dead"]
        assert report.answers[club].now["dead_in"] == []


def test_chips_handed_to_the_wrong_seat_are_given_back_on_one_line(kb):
    """Gala "Betting / All In" ¶3: the difference over the all-in call (£37) is in a pot the
    undercaller has no interest in, so it goes back to the bettor; it was pushed to seat 8, so
    seat 8 gives it back: one line in the Now, none in the pot section."""
    report, timeline = _rule(kb, PUSHED_ALL)
    answer = report.answers["gala"]
    assert {"effect": "chips-back", "seat": 8, "amount": 37, "to": [3]} in answer.settlement
    assert [m for m in answer.now["moves"] if "back" in m] == [
        {"seat": 3, "back": 37, "street": "river", "from": 8, "handed": 37}]
    block = _answer_block(render_text(report))
    assert "Seat 8 gives back £37 of what he was handed: it goes to seat 3." in block
    assert block.count("£37") == 1
    assert "takes back £37" not in block
    assert violations(report, timeline) == []


def test_chips_handed_back_into_an_unawarded_pot_are_not_the_returns_line(kb):
    """The same push with nobody's hand thrown away and seat 8's cards not known: no pot is
    awarded, so seat 8 gives all £217 back into the pot (not to seat 3). That is not the Gala ¶3
    return of £37, so the Now keeps seat 3's own line and the pot section its own movement."""
    report, _ = _rule(kb, PUSHED_ALL.replace("  - hand_mucked: {seat: 3, by: player, tabled: true, touched_muck: true}\n", ""))
    answer = report.answers["gala"]
    assert {"effect": "chips-back", "seat": 8, "amount": 217} in answer.settlement
    assert [m for m in answer.now["moves"] if "back" in m] == [{"seat": 3, "back": 37, "street": "river"}]
    block = _answer_block(render_text(report))
    assert "Seat 3 takes back £37." in block
    assert "Seat 8 gives back the £217 he was handed" in block


def test_the_records_pot_section_says_the_handed_back_chips_once(kb):
    """Gala "Betting / All In" ¶3 again, in the Markdown record's pot section (read without the
    Now): the £37 is one line, the one that says seat 8 holds it and gives it to seat 3."""
    from ruling_engine.render.output import render_markdown
    report, _ = _rule(kb, PUSHED_ALL)
    pot = render_markdown(report).split("## The pot", 1)[1]
    assert "Seat 8 gives back the £37 he was handed: it goes to seat 3" in pot
    assert "Seat 3 takes back £37" not in pot


def test_the_invariant_catches_a_dead_hands_chips_said_to_stay_and_go_back(kb):
    """The PPL hand above with its Now doctored to keep all £8 of seat 4's in the pot while he
    takes back £3: the one-answer check names it (dead-hand-chips); the true answer passes."""
    import dataclasses
    report, timeline = _rule(kb, CASH_CALL)
    answer = report.answers["ppl"]
    doctored = dataclasses.replace(answer, now={**answer.now, "dead_in": [{"seat": 4, "in": 8}]})
    report.answers["ppl"] = doctored
    assert [(v.club, v.invariant) for v in violations(report, timeline)] == [("ppl", "dead-hand-chips")]
