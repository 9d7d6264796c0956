"""A re-entry the club voids is undone in money (casebook V704's class: voided acts unwound).

PPL League •35 ("When a Player loses all his/her chips, they are eliminated from play and must
leave the table") puts out a player who bought back in after losing all his chips: the chips the
re-buy bought, as the hand leaves them, come off the table and the money he paid goes back to him.
A club that leaves the re-buy to its floor (EDP 1 ¶4, not covered) moves no money."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

# seat 4 lost all her chips, paid 5 for a fresh 4,000 and won a 2,600 pot; she raised to 1,200
# (called by seat 2), then bet 1,000 on the flop uncalled: 3,400 - 2,200 + 1,000 back + 2,600 = 4,800
REENTRY = """
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [200, 400], currency: "£"}}
players:
  - {{seat: 2}}
  - {{seat: 3}}
  - {{seat: 4, stack: 3400}}
timeline:
  - player_busted: {{seat: 4}}
  - rebuy_request: {{seat: 4, chips: 0, starting_chips: 4000, in_question: true}}
  - money_paid_in: {{kind: re-buy, amount: 5}}
  - deal: {{button: 4}}
  - {{seat: 3, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - {{seat: 4, did: raise, total: 1200}}
  - {{seat: 3, did: fold}}
  - {{seat: 2, did: call, total: 1200}}
  - flop:
  - {{seat: 4, did: bet, total: 1000}}
  - {{seat: 2, did: fold}}
  - hand-over:
"""


def _answer(kb, club):
    incident = parse_incident_text(REENTRY.format(house=club), "reentry.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False).answers[club]


def test_ppl_league_35_void_reentry_takes_her_chips_off_and_gives_her_money_back(kb):
    answer = _answer(kb, "ppl")
    rebuy = next(r for r in answer.rulings if r.issue == "rebuy")
    assert rebuy.outcome == "eliminated" and "ppl.league-35" in {c.clause for c in rebuy.citations}
    assert {"effect": "chips-removed", "seat": 4, "amount": 4800} in answer.settlement
    assert {"effect": "chips-back", "seat": None, "amount": 5, "to": [4], "paid_in": True} in answer.settlement


def test_edp_1_4_rebuy_left_to_the_floor_moves_no_money(kb):
    answer = _answer(kb, "edp")
    assert not [e for e in answer.settlement if e["effect"] == "chips-removed" or e.get("paid_in")]
