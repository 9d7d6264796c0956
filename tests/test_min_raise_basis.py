"""The minimum raise as each club's own clause sizes it (clubs/<club>.yaml min_raise; casebook
O503). EDP 8 ¶17 s1 ("A raise must be at least the size of the largest previous bet or raise of the
current betting round"), FPC 5 s2-3 ("it is always the raise amount that is at least doubled") and
Gala "Call and raise" ¶1 s2 ("The minimum raise is at least the amount of the last bet") size a raise
by the bet or raise it raises, with no big-blind floor after the flop; PPL League •5 ("The minimum
raise must equal the Big Blind") keeps the big blind as the least a raise adds."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.knowledge.load import load_club
from ruling_engine.rulings.rule_on import rule_on

FLOP = """title: all in for 300 on the flop (big blind 400), then a raise to {to}
house: ppl
game: {{format: tournament, variant: NLHE, blinds: [200, 400]}}
button: 1
players:
  - {{seat: 1, stack: 4000}}
  - {{seat: 2, stack: 3500}}
  - {{seat: 3, stack: 700}}
  - {{seat: 5, stack: 5000}}
timeline:
  - preflop:
  - {{seat: 5, did: call, total: 400}}
  - {{seat: 1, did: fold}}
  - {{seat: 2, did: call, total: 400}}
  - {{seat: 3, did: check}}
  - flop: [Q♦, 7♣, 4♠]
  - {{seat: 2, did: check}}
  - {{seat: 3, did: all-in, total: 300}}
  - {{seat: 5, said: "raise to {to}", total: {to}, in_question: true}}
"""


def _raise_size(kb, tmp_path, club, to):
    path = tmp_path / "i.yaml"
    path.write_text(FLOP.format(to=to), encoding="utf-8")
    return {r.issue: r for r in rule_on(path, kb=kb).answers[club].rulings}.get("raise-size")


@pytest.mark.parametrize("club, clause", [("edp", "edp.8-17-s1"), ("fpc", "fpc.5-s2-3"),
                                          ("gala", "gala.betting-call-and-raise-p1-s2")])
def test_raise_by_the_300_all_in_bet_stands_by_the_clubs_clause(kb, tmp_path, club, clause):
    """600 over a 300 all-in bet adds 300, the largest bet of the round: it stands, on the clause
    that sizes a raise so, not made up to 700 by a big-blind floor the club does not have."""
    ruling = _raise_size(kb, tmp_path, club, 600)
    assert ruling.outcome == "meets-minimum"
    assert [c.clause for c in ruling.citations] == [clause]
    assert not any(e.get("effect") == "raise-made-up" for e in ruling.effects)


def test_ppl_league_5_the_minimum_raise_is_the_big_blind(kb, tmp_path):
    """PPL League •5: a raise adds at least the big blind (400): 600 adds 300, more than half of it,
    so •47 makes it precisely the minimum, 700."""
    ruling = _raise_size(kb, tmp_path, "ppl", 600)
    assert ruling.outcome == "raised-to-minimum"
    assert any(e.get("effect") == "raise-made-up" and e.get("total") == 700 for e in ruling.effects)


def test_edp_8_17_a_raise_short_of_the_largest_bet_is_still_made_up(kb, tmp_path):
    """Raising the 300 bet by 200 (to 500) is short of EDP's 300: 8 ¶17 s2 makes it a minimum
    raise to 600 (by its own size, not 700)."""
    ruling = _raise_size(kb, tmp_path, "edp", 500)
    assert ruling.outcome == "raised-to-minimum"
    assert any(e.get("effect") == "raise-made-up" and e.get("total") == 600 for e in ruling.effects)


def test_a_min_raise_basis_not_known_is_a_clear_error(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("short: x\ntitle: X\nname: X\ngoverns: [cash]\ngames: cash\nfloor: F\n"
                    "discretion: [x.1]\nsource: sources/x.txt\nmin_raise: {basis: double-it, clause: x.5}\n",
                    encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        load_club(path)
    assert "largest-bet-or-raise" in str(error.value) and "club.yaml" in str(error.value)


def _answer(kb, tmp_path, to):
    path = tmp_path / "i.yaml"
    path.write_text(FLOP.format(to=to), encoding="utf-8")
    return rule_on(path, kb=kb).answers


def test_edp_8_17_the_next_player_raises_by_the_largest_raise_not_the_big_blind(kb, tmp_path):
    """After the 600 stands (a raise of 300), the next player's least raise under EDP 8 ¶17 s1 is
    the largest bet or raise of the round, 300: to 900; PPL League •5-6 keeps the big blind: to
    1,100 after the 700 it makes."""
    answers = _answer(kb, tmp_path, 600)
    assert answers["edp"].now["next"]["min_raise_to"] == 900
    assert answers["ppl"].now["next"]["min_raise_to"] == 1100


PREFLOP_RAISE_SAID = """title: '"Raise, two thousand" with 2,000 in chips over an all-in for 1,500'
house: gala
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 9000}
  - {seat: 2, stack: 9000}
  - {seat: 3, stack: 9000}
  - {seat: 4, stack: 9000}
  - {seat: 6, stack: 1500}
  - {seat: 8, stack: 6400}
timeline:
  - preflop:
  - {seat: 4, did: raise, total: 1000}
  - {seat: 6, said: all in, total: 1500}
  - {seat: 8, said: "raise, two thousand", chips: [1000, 1000], in_question: true}
"""


def test_gala_call_and_raise_p1_the_raise_said_is_measured_as_the_words_read(kb, tmp_path):
    """Gala "Call and raise" ¶1 s1 reads the amount after "Raise" as the raise on top: 2,000 on
    the 1,500 makes 3,500, at least the minimum (¶1 s2). The raise-size answer measures the same
    raise (one answer): no short raise left to the Card Room Manager beside a raise by 2,000."""
    path = tmp_path / "i.yaml"
    path.write_text(PREFLOP_RAISE_SAID, encoding="utf-8")
    answer = rule_on(path, kb=kb).answers["gala"]
    by_issue = {r.issue: r for r in answer.rulings}
    size, said = by_issue["raise-size"], by_issue["declared-action"]
    assert size.outcome == "meets-minimum" and not size.discretion
    totals = {e.get("total") for r in (size, said) for e in r.effects if e.get("effect") == "ruled-raise"}
    assert totals == {3500}
    assert answer.contradictions == []
