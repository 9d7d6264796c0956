"""A card dealt before its betting round was complete: where a club's ruling says the round is
completed first (`betting-completed`, corrects: reopens-round), the answer's Now is that round as
the players left it — the player still to act faces the bet he had not answered — not the new
street the early card began."""
import textwrap

from ruling_engine.rulings.rule_on import rule_on

HAND = textwrap.dedent("""\
    house: edp
    game: {format: cash, variant: NLHE, blinds: [0.5, 1], smallest_chip: 0.5}
    button: 9
    players:
      - {seat: 2}
      - {seat: 5}
      - {seat: 9, behind: 48}
    timeline:
      - flop: [7♠, 6♦, 2♥]
      - {seat: 2, did: check}
      - {seat: 5, did: bet, total: 4}
      - {seat: 9, did: call, total: 4}
      - {seat: 2, did: call, total: 4}
      - turn: K♦
      - {seat: 2, did: bet, total: 5}
      - {seat: 5, did: call, total: 5}
      - river: {cards: [5♣], in_question: true}
    """)


def test_the_round_the_early_card_closed_goes_on_where_the_club_says_so(kb, tmp_path):
    path = tmp_path / "early-river.yaml"
    path.write_text(HAND)
    report = rule_on(path, kb=kb)
    reopening = [club for club, answer in report.answers.items()
                 if any(e.get("effect") == "betting-completed" for r in answer.rulings for e in r.effects)]
    assert reopening, "no club completes the betting first: the incident no longer exercises it"
    for club in reopening:
        now = report.answers[club].now
        assert now["street"] == "turn", (club, now)
        assert now["next"]["seat"] == 9 and now["next"]["call"] == 5, (club, now)
        assert now["next"]["min_raise_to"] == 10 and now["then"] == [], (club, now)


def test_a_club_that_leaves_the_early_card_to_the_floor_shows_the_open_round_as_the_position(kb, tmp_path):
    """No clause on the early card (the floor decides, e18/premature-named): nothing is corrected,
    but seat 9 has still not answered the turn bet; that open bet is the position the floor decides
    from, never "nothing to call" on the early card's street."""
    path = tmp_path / "early-river.yaml"
    path.write_text(HAND)
    report = rule_on(path, kb=kb)
    left = [club for club, answer in report.answers.items()
            if any(r.issue == "premature-board-card" and r.basis == "not covered" for r in answer.rulings)]
    assert left, "no club leaves the early card to the floor: the incident no longer exercises it"
    for club in left:
        now = report.answers[club].now
        assert now["street"] == "turn", (club, now)
        assert now["next"]["seat"] == 9 and now["next"]["call"] == 5, (club, now)
