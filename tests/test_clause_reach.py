"""Clauses whose own words decide a point but whose rules were narrower than the words (the blind
grades of Q501, Q503, Q701 and Q802): each test names the clause it pins. The incidents are written
here in general terms, not copied from the calls."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident


def _rulings(kb, text, club):
    incident = parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False).answers[club].rulings


def _ruling(kb, text, issue, club):
    return next(r for r in _rulings(kb, text, club) if r.issue == issue)


def _effects(ruling):
    return [e if isinstance(e, dict) else e.__dict__ for e in ruling.effects]


CASH_FLOP = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 4, stack: 100}
pot_at_start: 12
timeline:
  - flop: [Q♠, 7♥, 3♦]
  - {seat: 2, said: bet, chips: [5, 5]}
"""


def test_fpc_2_s3_4_exactly_half_a_raise_over_the_call_is_made_up_to_the_minimum(kb):
    # Rule 2 s3-4: "if it is over 50% of the amount required to raise then the player must add
    # enough chips up to the minimum requirement for a raise"; only "less than 50%" is a call.
    # Silent £15 facing £10: the £5 beyond the call is exactly half a £10 raise, and the £15 is over
    # 50% of the £20 a raise requires; it is not "less than 50%", so the raise is made up to £20.
    text = CASH_FLOP + "  - {seat: 3, chips: [10, 5], in_question: true}\n"
    ruling = _ruling(kb, text, "chips-without-declaration", "fpc")
    assert ruling.basis != "not covered"
    assert ruling.outcome == "raise"
    assert [c.clause for c in ruling.citations] == ["fpc.2-s3-4"]
    assert {"effect": "ruled-raise", "seat": 3, "total": 20, "add": 5}.items() <= _effects(ruling)[0].items()


def test_fpc_2_s3_4_under_half_a_raise_over_the_call_is_still_a_call(kb):
    # The other side of the same clause: "less than 50% ... the bet is considered to be a call".
    text = CASH_FLOP + "  - {seat: 3, chips: [10, 1, 1], in_question: true}\n"
    ruling = _ruling(kb, text, "chips-without-declaration", "fpc")
    assert ruling.outcome == "call"


CASH_RETURN = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [0.1, 0.2], currency: GBP}
players:
  - {seat: 3}
  - {seat: 5}
timeline:
  - chips_removed: {seat: 5, amount: 7, to: pocket, still_playing: false}
  - rejoins_game: {seat: 5, minutes_away: 30, left_with: 7, sits_with: %s, same_day: true, in_question: true}
"""


def test_fpc_48_s4_sitting_down_again_in_a_cash_game_needs_the_minimum_buy_in(kb):
    # Rule 48 s4: "The minimum buy in for cash games is £10." FPC has no return rule; a player who
    # stopped playing and sits down again is buying in, so he is dealt in with at least £10.
    ruling = _ruling(kb, CASH_RETURN % 7, "rejoin-game", "fpc")
    assert ruling.basis == "reading"
    assert ruling.outcome == "minimum-buy-in-required"
    assert [c.clause for c in ruling.citations] == ["fpc.48-s4"]
    assert any(e.get("effect") == "buy-in-at-least" and e.get("amount") == 10 for e in _effects(ruling))
    # with the minimum in front of him 48 s4 decides nothing more: the TDs' discretion (rule 1)
    assert _ruling(kb, CASH_RETURN % 12, "rejoin-game", "fpc").basis == "not covered"


def test_fpc_14_s2_3_forfeit_is_for_tournament_chips_not_a_cash_players_own(kb):
    # Rule 14 s2-3: "Players may not have tournament chips in their pockets ... will forfeit the
    # chips and the forfeited chips will be taken out of play from the tournament."
    ruling = _ruling(kb, CASH_RETURN % 7, "chips-off-table", "fpc")
    assert ruling.basis == "reading"
    assert ruling.outcome == "allowed"
    assert [c.clause for c in ruling.citations] == ["fpc.14-s2-3"]
    tournament = CASH_RETURN.replace("format: cash", "format: tournament") % 7
    assert _ruling(kb, tournament, "chips-off-table", "fpc").outcome == "forfeited"


DEAL = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 4
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 4, stack: 100}
timeline:
  - deal:
  - card_boxed: {count: %d, during: deal, in_question: true}
"""


def test_edp_7_6_one_boxed_card_in_the_deal_continues_and_becomes_the_burn(kb):
    # 7 ¶1 •1: "Two or more exposed or boxed cards" are a misdeal; 7 ¶6: "In the event that one card
    # is exposed the deal will continue and the exposed card becomes the first burn card".
    ruling = _ruling(kb, DEAL % 1, "boxed-card", "edp")
    assert ruling.basis == "reading"
    assert ruling.outcome == "deal-continues-card-burned"
    assert [c.clause for c in ruling.citations] == ["edp.7-6"]
    assert "deal-continues" in str(ruling.effects) and "misdeal" not in str(ruling.effects)
    assert _ruling(kb, DEAL % 2, "boxed-card", "edp").outcome == "misdeal"


STRADDLE = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [0.5, 1]}
button: 1
players:
  - {seat: 1, stack: 50}
  - {seat: 2, stack: 50}
  - {seat: 3, stack: 50}
  - {seat: 4, stack: 50}
  - {seat: 5, stack: 50}
timeline:
  - {seat: 2, posts: small-blind}
  - {seat: 3, posts: big-blind}
  - deal:
  - straddle: {seat: 4, amount: 2, before_cards: %s, in_question: true}
"""


def test_edp_3_20_straddle_during_the_deal_before_his_own_first_card_is_in_time(kb):
    # 3 ¶20: "A straddle most be posted before the player receives their first card": the deal had
    # begun, but the straddler had received no card, so the timing clause is met and cited.
    ruling = _ruling(kb, STRADDLE % "true", "straddle", "edp")
    assert ruling.outcome == "straddle-stands"
    assert "edp.3-20" in [c.clause for c in ruling.citations]
    late = _ruling(kb, STRADDLE % "false", "straddle", "edp")
    assert late.outcome != "straddle-stands"
