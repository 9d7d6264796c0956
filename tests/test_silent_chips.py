"""Chips without words and string bets (e19/silent-chips, issue 21, fresh batch A: A101, A104).

A101: the first bettor after the flop silently puts out several chips and another player says it
is a check. Whether chips alone make a bet is each club's declaration clause's question, however
many chips there are (the single opening chip raised it; several raised nothing).
A104: "bet" said with no amount, then the chips put in in two motions: EDP's string-bet paragraph
(8 ¶30) speaks to it — only a declared raise earns the later motion."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [100, 200], currency: GBP}
button: 1
players:
  - {seat: 1, stack: 20000}
  - {seat: 3, stack: 20000}
  - {seat: 5, stack: 20000}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 5, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 1, did: call, total: 200}
  - {seat: 3, did: call, total: 200}
  - {seat: 5, did: check}
  - flop: [K♦, 9♣, 4♠]
"""
ISSUE = "chips-without-declaration"


def _rule(kb, entries: str, house: str = "edp"):
    text = HEAD.replace("house: edp", f"house: {house}") + entries
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _ruling(report, club, issue):
    rulings = {r.issue: r for r in report.answers[club].rulings}
    assert issue in rulings, f"{club}: {issue} not ruled ({sorted(rulings)})"
    return rulings[issue]


def _effects(ruling):
    return [(e.get("effect"), e.get("seat"), e.get("total", e.get("amount"))) for e in ruling.effects]


SILENT_OPENERS = {
    "three same chips": "[200, 200, 200]",
    "mixed chips": "[500, 100]",
    "six chips": "[100, 100, 100, 100, 100, 100]",
}


@pytest.mark.parametrize("chips", SILENT_OPENERS.values(), ids=SILENT_OPENERS.keys())
def test_silent_opening_chips_raise_chips_without_declaration_whatever_the_chip_count(kb, chips):
    """Several chips put out in silence by the first bettor on the flop, a player calling it a
    check: every club rules whether the chips are a bet (EDP 8 ¶1 s1-3 and FPC 2 s1-2 read them as a
    bet of their total; Gala's house rule (v) s3 holds chips worth more than the big blind to a
    raise; PPL League •2 assumes unannounced chips a call, which with nothing to call is a check,
    the chips going back)."""
    report = _rule(kb, f"  - {{seat: 3, chips: {chips}, in_question: true}}\n"
                       '  - said: {by: 5, words: "He never said bet, so it\'s a check", kind: claim}\n')
    total = sum(int(c) for c in chips.strip("[]").split(","))
    edp, fpc = _ruling(report, "edp", ISSUE), _ruling(report, "fpc", ISSUE)
    gala, ppl = _ruling(report, "gala", ISSUE), _ruling(report, "ppl", ISSUE)
    assert (edp.outcome, edp.basis) == ("bet", "reading")
    assert "edp.8-1-s1-3" in {c.clause for c in edp.citations}
    assert _effects(edp) == [("ruled-bet", 3, total)]
    assert (fpc.outcome, fpc.basis) == ("bet", "reading")
    assert "fpc.2-s1-2" in {c.clause for c in fpc.citations}
    assert _effects(fpc) == [("ruled-bet", 3, total)]
    assert gala.outcome == "raise" and "gala.house-v-s3" in {c.clause for c in gala.citations}
    assert (ppl.outcome, ppl.basis) == ("check", "reading")
    assert "ppl.league-2" in {c.clause for c in ppl.citations}
    assert _effects(ppl) == [("ruled-check", 3, None), ("return-chips", 3, total)]


def test_ppl_silent_opening_chips_go_back_and_the_next_player_faces_nothing(kb):
    """PPL's corrected hand follows its check: the 600 goes back and seat 5 acts on no bet; EDP's
    shows seat 5 facing the 600 bet."""
    report = _rule(kb, "  - {seat: 3, chips: [200, 200, 200], in_question: true}\n")
    ppl, edp = report.answers["ppl"].now, report.answers["edp"].now
    assert [(m["seat"], m.get("back")) for m in ppl["moves"]] == [(3, 600)]
    assert (ppl["next"]["seat"], ppl["next"]["call"]) == (5, 0)
    assert (edp["next"]["seat"], edp["next"]["call"]) == (5, 600)


def test_edp_bet_said_then_chips_in_two_motions_stands_as_the_first_motion(kb):
    """A104's shape: "bet" with no amount on the turn, two 1,000s, a pause, two more. EDP 8 ¶30
    ("Unless he verbally declared the raise, he can be forced to withdraw it") decides: the bet is
    the first motion's 2,000 and the later 2,000 goes back, at the CRMS's discretion; the clause is
    cited, not "no clause"."""
    report = _rule(kb, "  - {seat: 3, did: check}\n  - {seat: 5, did: check}\n  - {seat: 1, did: check}\n"
                       "  - turn: 2♥\n"
                       "  - {seat: 3, said: bet, chips: [1000, 1000, 1000, 1000], motions: [2000, 2000],"
                       " in_question: true}\n")
    edp = _ruling(report, "edp", "string-bet")
    assert edp.outcome == "first-motion-stands" and edp.basis == "reading"
    assert "edp.8-30" in {c.clause for c in edp.citations}
    assert _effects(edp) == [("ruled-bet", 3, 2000), ("return-chips", 3, 2000)]
    now = report.answers["edp"].now
    assert [(m["seat"], m.get("back")) for m in now["moves"]] == [(3, 2000)]
    assert (now["next"]["seat"], now["next"]["call"]) == (5, 2000)
