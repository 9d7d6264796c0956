"""A bettor nobody called throws his cards in face down (e30/uncalled, casebook Q803): the pot was his
when the last opponent folded, before the muck. Giving his cards up afterwards concedes nothing and
is no irregularity, so no club rules it as a hand in the muck (a fold, a dead hand, a pot withheld):
EDP 3 ¶8 s4-5 ("The last player with live cards wins and is not required to show his cards"), Gala
Dealer procedures k) and o) ("Where a pot is won by means of no other player calling the bet or
raise"), FPC 25 and PPL League •41 (the duty to show falls on a player who has been called). Before
this, EDP's 8 ¶34 ("binding fold") killed the hand its right-to-see ruling awarded the pot, and
PPL's answer withheld the pot for the floor to decide whether the hand was live."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2], currency: "£", smallest_chip: 1}}
button: 1
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 6, stack: 100}}
timeline:
  - {{seat: 3, did: raise, total: 6}}
  - {{seat: 6, did: call, total: 6}}
  - {{seat: 1, did: call, total: 6}}
  - flop: [Jh, 9c, 4s]
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: check}}
  - turn: 2d
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: check}}
  - river: Qd
  - {{seat: 3, did: bet, total: 20}}
  - {{seat: 6, did: fold}}
  - {{seat: 1, did: fold}}
  - hand_mucked: {{seat: 3, by: player, touched_muck: false, collected: true, retrievable: true, tabled: false}}
{after}"""

ASKS = "  - asks_to_see: {seat: 1, target: 3, asker_kept_cards: false, in_question: true}\n"


def _incident(kb, house="edp", after=ASKS, timeline_edit=None):
    text = BASE.format(house=house, after=after)
    if timeline_edit:
        text = text.replace(*timeline_edit)
    return parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)


def test_a_hand_thrown_in_after_every_other_player_folded_had_already_won_the_pot(kb):
    facts = incident_facts(_incident(kb), kb.vocabulary)
    assert facts["hand_mucked.pot_already_won"] is True
    assert facts["pot_won_uncalled"] is True


def test_a_hand_thrown_in_while_another_is_still_in_had_not_won(kb):
    """Seat 1 still to act on the river bet when seat 3 throws his cards in: nothing is won yet."""
    incident = _incident(kb, after="", timeline_edit=("  - {seat: 1, did: fold}\n", ""))
    assert incident_facts(incident, kb.vocabulary)["hand_mucked.pot_already_won"] is False


def test_uncalled_bettor_mucking_face_down_is_no_hand_in_the_muck_and_keeps_the_pot(kb):
    """No club rules the uncalled bettor's face-down cards as a fold or a dead hand: the pot (£18)
    and his own uncalled £20 are his, and no part of any club's answer contradicts another."""
    report = rule_incident(_incident(kb), kb=kb, with_precedents=False)
    for club, answer in report.answers.items():
        assert "mucked-hand" not in {r.issue for r in answer.rulings}, club
        assert answer.contradictions == [], (club, answer.contradictions)
        effects = answer.settlement
        assert {"effect": "return-chips", "seat": 3, "amount": 20} in [
            {k: e.get(k) for k in ("effect", "seat", "amount")} for e in effects], (club, effects)
        awarded = [e for e in effects if e["effect"] == "pot-awarded"]
        assert awarded and all(e["seat"] == 3 for e in awarded), (club, effects)
        assert not any(e["effect"] in ("hand-dead", "no-claim-to-pot") and e.get("seat") == 3
                       for r in answer.rulings for e in r.effects), club


def test_edp_3_9_mucked_aggressor_is_not_the_folder_of_an_uncalled_bet(kb):
    """EDP 3 ¶9 is the aggressor who mucks "after being called", asking to see the caller's cards.
    Seat 1 folded to seat 3's river bet; nobody called it. 3 ¶9 does not reach the request, and its
    "he has relinquished all rights to the pot by mucking" is never said of the bettor who won."""
    report = rule_incident(_incident(kb), kb=kb, with_precedents=False)
    assert not any(f.startswith("edp.3-9.") for f in report.answers["edp"].fired)
    seen = next(r for r in report.answers["edp"].rulings if r.issue == "right-to-see")
    assert seen.outcome == "no-right"
    assert {c.clause for c in seen.citations} >= {"edp.3-11"}


def test_gala_uncalled_winner_must_show_is_a_conflict_of_dealer_f_against_k(kb):
    """Gala's own text: Dealer procedures f) "Under No Circumstances may the pot be awarded to a
    player until the table has seen their hand" against k) "players are not obliged to show their
    hand if they do not wish" (with Unethical conduct l) s3, which obliges an uncalled winner to show
    the others only a hand he has shown someone, and o) on a pot won with no call). Neither is
    written as the other's exception: the ruling shows both for the Card Room Manager, never picks
    one silently, and never says a winner nobody called gives up his claim by keeping his cards."""
    report = rule_incident(_incident(kb, house="gala"), kb=kb, with_precedents=False)
    seen = next(r for r in report.answers["gala"].rulings if r.issue == "right-to-see")
    assert seen.basis == "conflict"
    options = {alt["outcome"]: alt for alt in seen.alternatives}
    assert set(options) == {"no-right", "must-show"}
    assert {c.clause for c in seen.citations} >= {"gala.dealer-f", "gala.dealer-k"}
    assert "giving up his claim" not in seen.decision
    assert "gala.dealer-h" not in {c.clause for c in seen.citations}     # "Losing players": set aside
