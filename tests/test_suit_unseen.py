"""A card of known rank whose suit nobody saw (issue 22, cards and the muck, part two): `Q?` (and
`?♠`, a spade of unseen rank) is accepted wherever a card is named. It is ruled as a card of that
rank whose suit is unknown: like a field written `unknown`, the incident is ruled with each suit
the card can have (those named nowhere else), and a ruling that turns on the suit says so."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.facts.tournament import chip_race_facts
from conftest import CASES
from ruling_engine.incident.cards import normal_card
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

SHOWDOWN = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 3
players:
  - {{seat: 3, stack: 400, cards: [{three}]}}
  - {{seat: 8, stack: 400, cards: [{eight}]}}
timeline:
  - flop: [Kh, 8h, 5h]
  - turn: 2h
  - river: 3d
  - {{seat: 8, said: bet 40}}
  - {{seat: 3, said: call}}
  - showdown:
  - hand_shown: {{seat: 3, face_up: 2}}
"""


def rule(kb, three, eight):
    text = SHOWDOWN.format(three=three, eight=eight)
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)


def pot_winners(kb, three, eight):
    return [repr(s) for s in rule(kb, three, eight).answers["edp"].settlement if "award" in repr(s).lower()]


def best_hand(report):
    return next(r for r in report.answers["edp"].rulings if r.issue == "best-hand")


def test_a_card_of_known_rank_and_unseen_suit_is_accepted_as_written():
    assert normal_card("Q?") == "Q?"
    assert normal_card("10?") == "T?"
    assert normal_card("?♠") == "?s"
    assert normal_card("?") == "?"
    assert normal_card("Q") is None


def test_a_rank_alone_is_refused_with_a_hint_naming_the_unseen_suit(kb):
    text = SHOWDOWN.format(three="Q, 9c", eight="Ks, Kd")
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "Q?" in str(error.value)


def test_a_suitless_card_is_not_a_duplicate_of_a_card_of_its_rank(kb):
    text = SHOWDOWN.format(three="K?, 9c", eight="Ks, Kd")
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert incident is not None


def test_the_pot_goes_by_the_cards_when_every_suit_gives_the_same_winner(kb):
    """Seat 3's ace of any suit beats seat 8's queen high (a heart makes a flush, still seat 3)."""
    assert pot_winners(kb, "A?, 9c", "Qs, Jd") == pot_winners(kb, "Ac, 9c", "Qs, Jd") != []


def test_the_ruling_is_given_every_way_when_the_suit_changes_who_wins(kb):
    """Four hearts on the board: the ace of hearts is a flush over seat 8's three kings, any other
    ace loses. With the suit unseen the ruling is given for each suit the ace can have (not the
    hearts on the board) and names what it turns on; no pot is given from the cards."""
    assert pot_winners(kb, "Ac, 9c", "Ks, Kd") != pot_winners(kb, "Ah, 9c", "Ks, Kd")
    report = rule(kb, "A?, 9c", "Ks, Kd")
    ruling = best_hand(report)
    assert ruling.outcome == "depends"
    assert "suit of seat 3's A?" in ruling.decision
    given = sorted(v for branch in ruling.depends for combo in branch.when for _, v in
                   (combo.items() if isinstance(combo, dict) else combo))
    assert given == ["Ac", "Ad", "Ah", "As"]
    assert pot_winners(kb, "A?, 9c", "Ks, Kd") == []


def test_a_chip_race_between_two_cards_of_one_rank_does_not_turn_on_the_unseen_suit(kb):
    """Gala's chip race: seat 1's king of unseen suit against seat 4's Kh for one chip. The race is
    on rank ("the highest cards"), so every suit rules the same: one ruling naming the card as
    seen (K?), a tie the Card Room Manager decides, and no question about the suit."""
    text = (CASES / "tourney-colour-up-chip-race.yaml").read_text().replace("[Ks, 4d, 9c]", "[K?, 4d, 9c]")
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb, with_precedents=False)
    race = next(r for r in report.answers["gala"].rulings if r.issue == "odd-chips")
    assert race.outcome == "chip-race" and not race.depends
    assert any("seat 1 (K?), seat 4 (Kh) tie on rank" in line for line in race.do)


def test_a_chip_race_card_of_unseen_rank_is_said_not_known():
    entries = [{"seat": 1, "odd_chips": 1, "cards": ["?s"]}, {"seat": 4, "odd_chips": 1, "cards": ["Kh"]}]
    out = chip_race_facts({"chip": 25, "into": 50}, entries, {1: 1000, 4: 1000})
    assert "not known" in out["race_entry.winners"]


def test_floorcall_events_and_the_questionnaire_take_a_card_of_unseen_suit(kb):
    from ruling_engine.ask.answers import parse_cards
    from ruling_engine.knowledge.events import events_text
    assert parse_cards("A? 9c") == ["A?", "9c"]
    assert "Q? a queen of unseen suit" in events_text(kb, "card_exposed")


def test_a_card_of_unseen_suit_with_every_suit_of_its_rank_named_is_a_clear_error(kb):
    """Four aces named elsewhere leave no suit for A?: an error naming it, not a crash."""
    text = SHOWDOWN.format(three="A?, 9c", eight="As, Ad").replace("[Kh, 8h, 5h]", "[Ah, 8h, 5h]") \
        .replace("river: 3d", "river: Ac")
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    assert "a suit left for A?" in str(error.value)
