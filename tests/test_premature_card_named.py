"""The card already out named in a premature-card ruling (issue 20, e18/premature-named).

When the dealer turned a board card before the betting round was complete and the timeline names
it (`turn: 5♣`), each club's do-lines say what its words do with THAT card (EDP 7 ¶10 •2 puts it
to the side and back in the stub after the turn betting; PPL •27-•28 take it out of play and
reshuffle it in; FPC 28 s1 re-shuffles it into the pack; FPC 28 s3-4 gives two early cards to
the best placed TD), instead of dropping it. Unnamed, the line says the incident does not name it."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BEFORE = """
title: A board card turned before the flop betting was complete
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 2, stack: 30}
  - {seat: 3, stack: 200}
timeline:
  - deal:
  - preflop:
  - {seat: 1, did: call, total: 2}
  - {seat: 2, did: call, total: 2}
  - {seat: 3, did: check}
  - flop: [K♦, 8♣, 3♠]
  - {seat: 2, did: all-in, total: 28}
"""


def _premature(kb, cards):
    report = rule_incident(parse_incident_text(BEFORE + cards, "<t>", kb.vocabulary, kb.clubs), kb, "edp")
    return {club: next(r for r in answer.rulings if r is not None and r.issue == "premature-board-card")
            for club, answer in report.answers.items()}


def test_premature_turn_named_each_club_says_what_becomes_of_it(kb):
    rulings = _premature(kb, "  - turn: 5♣\n")
    edp = rulings["edp"].do
    assert any("premature turn card (5c) to the side" in line for line in edp), edp
    assert any("set-aside card (5c) back in the stub" in line for line in edp), edp
    ppl = rulings["ppl"].do
    assert any("premature turn card (5c) aside, out of play" in line for line in ppl), ppl
    assert any("set-aside card (5c;" in line for line in ppl), ppl
    fpc = rulings["fpc"].do
    assert any("turn card (5c) back into the pack" in line for line in fpc), fpc


def test_premature_turn_unnamed_says_the_incident_does_not_name_it(kb):
    rulings = _premature(kb, "  - turn:\n")
    for club in ("edp", "fpc", "ppl"):
        line = rulings[club].do[0]
        assert "not in the incident: which card(s) came out" in line, (club, line)


def test_two_early_cards_named_the_td_is_told_which(kb):
    """A turn and then a river out before seat 3 acted: FPC 28 s3-4's best placed TD decides what
    becomes of both, and his line names both."""
    fpc = _premature(kb, "  - turn: Q♥\n  - river: 5♣\n")["fpc"].do
    assert any("Qh, 5c" in line and "best placed TD" in line for line in fpc), fpc


def _now(kb, betting, club="gala"):
    text = BEFORE.replace("  - {seat: 2, did: all-in, total: 28}\n", betting)
    report = rule_incident(parse_incident_text(text + "  - turn: 5♣\n", "<t>", kb.vocabulary, kb.clubs), kb, "edp")
    return report.answers[club]


def test_premature_card_left_to_the_floor_keeps_the_open_all_in(kb):
    """Gala has no clause on a premature card (not covered, the Card Room Manager decides): the
    position he decides from is the flop round with seat 2's £28 all-in still to be answered by
    seat 3, not 'nothing to call' on the turn."""
    answer = _now(kb, "  - {seat: 2, did: all-in, total: 28}\n")
    ruling = next(r for r in answer.rulings if r is not None and r.issue == "premature-board-card")
    assert (ruling.basis, ruling.outcome) == ("not covered", "floor-decides")
    nxt = answer.now["next"]
    assert (nxt["seat"], nxt["street"], nxt["call"]) == (3, "flop", 28), nxt


def test_premature_card_left_to_the_floor_keeps_the_open_bet(kb):
    """A £10 bet and a call on the flop, the turn before seat 1 acted: seat 1 still faces £10."""
    answer = _now(kb, "  - {seat: 2, did: bet, total: 10}\n  - {seat: 3, did: call, total: 10}\n")
    nxt = answer.now["next"]
    assert (nxt["seat"], nxt["street"], nxt["call"]) == (1, "flop", 10), nxt
