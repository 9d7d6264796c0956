"""The dealer taking in an absent player's cards is the procedure for his dead hand, not a live hand
killed by mistake (casebook V601, V602, V702): each club's clause written for the absent player's
hand governs its general clauses on a hand the dealer kills (`overrides:`, vocabulary answered_by),
so the answer is one dead hand, and the blind posted for him stays in the pot."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# seat 4 is away from the first card; the dealer posts his big blind (an all-in raise nobody has
# called yet, were it his own bet), takes his cards in, and the action goes on
TAKEN_IN = """title: t
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 3, stack: 5000}}
  - {{seat: 4, stack: 5000}}
  - {{seat: 5, stack: 5000}}
timeline:
  - {{seat: 3, posts: small-blind, total: 100}}
  - {{seat: 4, posts: big-blind, total: 200}}
  - deal:
  - player_away: {{seat: 4, at_first_card: true, at_last_card: true}}
  - hand_mucked: {{seat: 4, by: dealer, in_question: true}}
  - {{seat: 5, did: fold}}
"""

# the clause each club wrote for the absent player's hand, and the general dealer-kill clauses it sets aside
GOVERNS = {
    "edp": ({"edp.5-1"}, {"edp.8-41.dealer-killed-retrievable-restored", "edp.8-41.dealer-killed-not-retrievable"}),
    "gala": ({"gala.house-l"}, {"gala.house-h.dealer-takes-cards-in-error"}),
    "fpc": ({"fpc.17", "fpc.6b"}, {"fpc.19-s1-2.dealer-kills-unprotected-hand"}),
    "ppl": ({"ppl.league-13"}, {"ppl.league-50.dealer-killed-unprotected-no-redress"}),
}


def _answer(kb, club, text=TAKEN_IN):
    incident = parse_incident_text(text.format(house=club), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False).answers[club]


def _rulings(answer, issue):
    return [r for r in answer.rulings if r.issue == issue and r.basis in ("express", "reading")]


@pytest.mark.parametrize("club", sorted(GOVERNS))
def test_absent_players_hand_taken_in_is_dead_and_governs_the_dealer_kill_clause(kb, club):
    """edp 5 ¶1, gala House l), fpc 17 / 6b, ppl League •13: his hand is dead; the dealer's taking it
    in is no mistaken kill (edp 8 ¶41, gala House h), fpc 19, ppl •50 are set aside for it)."""
    clauses, general = GOVERNS[club]
    answer = _answer(kb, club)
    assert answer.contradictions == []
    muck = [r for r in answer.rulings if r.issue == "mucked-hand"]
    assert muck and all(r.outcome == "hand-dead" for r in muck), [(r.outcome, r.basis) for r in muck]
    cited = {c.clause for r in muck + _rulings(answer, "absent-player") for c in r.citations}
    assert clauses & cited, cited
    assert not any(e.get("effect") == "hand-live" and e.get("seat") == 4 for r in answer.rulings for e in r.effects)
    set_aside = {rule for r in answer.rulings for rule in r.set_aside}
    fired = set(answer.fired)
    assert (general & fired) <= set_aside, (general & fired) - set_aside


@pytest.mark.parametrize("club", ["fpc", "ppl"])
def test_blind_posted_for_the_absent_player_is_not_an_uncalled_raise_given_back(kb, club):
    """fpc 19 s1-2 and ppl League •50 give back an uncalled raise of a hand the dealer kills; the big
    blind the dealer posted for an absent player is no raise of his: it stays in the pot (fpc 17,
    ppl •13 govern; the V601 grade: "misapplies rule 19's uncalled-raise exception to a posted blind")."""
    answer = _answer(kb, club)
    assert not any(e.get("effect") == "return-chips" and e.get("seat") == 4 for e in answer.settlement)
    assert not any(e.get("effect") == "return-chips" and e.get("seat") == 4
                   for r in answer.rulings for e in r.effects)


def test_ppl_a_player_back_and_acting_before_the_muck_is_not_an_absent_hand_taken_in(kb):
    """ppl League •13 mucks the hand of a player not present at his turn; one who came back and acted
    before the dealer killed his hand is ruled by •50 (the dealer's kill), not as an absent hand."""
    text = TAKEN_IN.replace("  - hand_mucked: {{seat: 4, by: dealer, in_question: true}}\n  - {{seat: 5, did: fold}}\n",
                            "  - {{seat: 5, did: call}}\n  - {{seat: 1, did: call}}\n  - {{seat: 3, did: call}}\n"
                            "  - {{seat: 4, did: check}}\n  - hand_mucked: {{seat: 4, by: dealer, in_question: true}}\n")
    answer = _answer(kb, "ppl", text)
    assert "ppl.league-13.absent-hand-taken-in-mucked" not in answer.fired
    assert "ppl.league-50.dealer-killed-unprotected-no-redress" in answer.fired
