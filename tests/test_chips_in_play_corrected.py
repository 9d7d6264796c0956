"""An all-in read from the corrected hand (e29/allin, casebook P704).

Chips in transit that a club's clause lets play in this pot (corrects: stakes-chips) are in the
player's stack from the start of the hand: his all-in is for them, in turn, and the pot and the
next player's call are read with them. A player the club eliminates before the deal (player-out,
corrects: kills) has no hand: what he does in it is void, so no question of his action arises and
the hand goes on without him.
"""
import textwrap

from ruling_engine.rulings.rule_on import rule_on

OUT_OF_TURN = ("out-of-turn", "out-of-turn-penalty", "turn-to-act")


def _incident(house: str, transit: int, raise_to: int) -> str:
    return textwrap.dedent(f"""\
        title: t
        house: {house}
        game: {{format: tournament, variant: NLHE, blinds: [100, 200], starting_stack: 2000}}
        button: 1
        players:
          - {{seat: 1, stack: 5000}}
          - {{seat: 2, stack: 5000}}
          - {{seat: 3, stack: 5000}}
          - {{seat: 5, stack: 4600}}
          - {{seat: 8, stack: 0}}
          - {{seat: 9, stack: 5000}}
        timeline:
          - rebuy_request: {{seat: 8, chips: 0, starting_chips: 2000, period_over: false}}
          - buys_chips: {{seat: 8, amount: {transit}, had_chips: false, all_in_last_hand: true, arrived: in-transit, table_told: true}}
          - {{seat: 2, posts: small-blind}}
          - {{seat: 3, posts: big-blind}}
          - deal:
          - {{seat: 5, did: raise, total: {raise_to}}}
          - {{seat: 8, said: all in, in_question: true}}
        """)


def _report(kb, tmp_path, house="gala", transit=2000, raise_to=600):
    path = tmp_path / "incident.yaml"
    path.write_text(_incident(house, transit, raise_to))
    return rule_on(path, kb=kb)


def _marked_issues(answer) -> set:
    return {r.issue for r in answer.rulings if r.point == 0 and r.basis != "does not arise"}


def _pot(answer) -> list:
    return [e["amount"] for e in answer.settlement if e["effect"] == "pot"]


def test_gala_house_a_chips_in_transit_announced_make_his_all_in_in_turn_for_them(kb, tmp_path):
    """Gala house rules a): "Chips that are in transit from the cashier and that the table has been
    informed of such an amount prior to the hand commencement" are in play: seat 8's "all in" is
    in turn for the 2,000, not an out-of-turn check for nothing."""
    answer = _report(kb, tmp_path).answers["gala"]
    assert not _marked_issues(answer) & set(OUT_OF_TURN)
    assert answer.now["next"]["seat"] == 9 and answer.now["next"]["call"] == 2000
    assert _pot(answer) == [2900]


def test_edp_2_5_chips_in_transit_play_the_same_way(kb, tmp_path):
    """EDP 2 ¶5: chips in transit whose value the table was told before the hand play in it."""
    answer = _report(kb, tmp_path).answers["edp"]
    assert not _marked_issues(answer) & set(OUT_OF_TURN)
    assert answer.now["next"]["seat"] == 9 and answer.now["next"]["call"] == 2000
    assert _pot(answer) == [2900]


def test_ppl_league_35_a_player_eliminated_before_the_deal_has_no_hand_and_his_all_in_is_void(kb, tmp_path):
    """PPL League •35: "When a Player loses all his/her chips, they are eliminated from play": his
    cards are dead, his "all in" is no action (no out-of-turn question), seat 9 faces seat 5's 600."""
    answer = _report(kb, tmp_path).answers["ppl"]
    assert not _marked_issues(answer) & set(OUT_OF_TURN)
    assert any(e.get("effect") == "player-out" and e.get("seat") == 8 for r in answer.rulings for e in r.effects)
    assert answer.now["next"]["seat"] == 9 and answer.now["next"]["call"] == 600
    assert _pot(answer) == [900]


def test_an_all_in_for_chips_in_transit_short_of_a_full_raise_does_not_reopen_the_betting(kb, tmp_path):
    """An all-in of 1,000 over seat 5's raise to 800 (a raise of 600) raises by 200 only: the next
    player faces 1,000 and the least he raises to is 1,600 (600 more), and seat 5, to whom it does
    not re-open the betting, may call the 200 or fold unless a later full raise does (gala house a)
    puts the 1,000 in play)."""
    answer = _report(kb, tmp_path, transit=1000, raise_to=800).answers["gala"]
    assert answer.now["next"]["seat"] == 9 and answer.now["next"]["call"] == 1000
    assert answer.now["next"]["min_raise_to"] == 1600
    assert _pot(answer) == [2100]
    seat5 = next(t for t in answer.now["then"] if t["seat"] == 5)
    # he may raise only if a later full raise re-opens the betting to him
    assert seat5["call"] == 200 and seat5["options"] == "call-fold-unless-reopened"
