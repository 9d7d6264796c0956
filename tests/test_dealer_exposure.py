"""Who exposed the card decides which clause applies (casebook C202, I204): a hole card the dealer
exposes is ruled by each club's clause for the dealer's exposure (EDP 7 ¶6, PPL •23, Gala House
rules k), FPC rule 23 only "during the initial deal"), with the replacement and the burn as effects;
a card the player exposes himself keeps the player's-exposure procedure."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HOLDEM = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 8
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 2, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 4, stack: 140}}
  - {{seat: 8, stack: 100}}
timeline:
  - {{seat: 1, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - preflop:
{before}  - card_exposed: {{seat: 4, by: {by}, during: play, count: 1, seen_by: table, owner_had_control: true, deliberate: false, card: A♣, was: hole}}
"""

STUD = """title: t
house: {house}
game: {{format: cash, variant: stud, ante: 0.5, bring_in: 1, limits: [2, 4], smallest_chip: 0.5}}
players:
  - {{seat: 2, stack: 61}}
  - {{seat: 5, stack: 38}}
  - {{seat: 7, stack: 80}}
pot_at_start: 46
timeline:
  - {street}:
  - card_exposed: {{seat: 7, by: dealer, during: deal, card: 9♠, was: hole, seen_by: table}}
"""


def _rulings(kb, text):
    incident = parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    return {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}


def _holdem(kb, by="dealer", before="", house="gala"):
    return _rulings(kb, HOLDEM.format(by=by, before=before, house=house))


def _effects(ruling):
    return {e["effect"]: e for e in ruling.effects}


def _cited(ruling):
    return {c.clause for c in ruling.citations}


# -- the deal complete, nobody has acted: the dealer's exposure ----------------------------------------

def test_edp_7_6_a_card_the_dealer_exposes_before_any_action_becomes_the_first_burn(kb):
    """EDP 7 ¶6 ("the exposed card becomes the first burn card and replaced with what would have been
    the burn card") is read as reaching the dealer's exposure after the deal, before any action; it
    governs the a-fortiori reading of 9 ¶4 (a player's own exposure)."""
    rulings = _holdem(kb)["edp"]
    ruling = rulings["exposed-card-deal"]
    assert (ruling.outcome, ruling.basis) == ("deal-continues-card-burned", "reading")
    assert _cited(ruling) == {"edp.7-6"}
    effects = _effects(ruling)
    assert effects["card-replaced"]["seat"] == 4 and "card-becomes-burn" in effects
    # the card exposed during play: governed by the deal clause, never "hand live" beside it
    play = rulings["exposed-card-play"]
    assert play.outcome == "deal-continues-card-burned" and _cited(play) == {"edp.7-6"}
    assert "edp.9-4-s1-2.exposed-by-dealer-hand-live" in play.set_aside


def test_ppl_23_a_card_the_dealer_exposes_before_any_action_cannot_be_kept(kb):
    """PPL •23: "If any other hole/pocket card is exposed due to a dealer error ... The exposed card
    can not be kept" - replaced with the top card, the exposed card used for the burn (reading: the
    deal just completed). Before, PPL was "no clause" (the exposure ruled as a player's)."""
    rulings = _holdem(kb)["ppl"]
    ruling = rulings["exposed-card-deal"]
    assert (ruling.outcome, ruling.basis) == ("deal-continues-card-burned", "reading")
    assert _cited(ruling) == {"ppl.league-23"}
    effects = _effects(ruling)
    assert effects["card-replaced"]["seat"] == 4 and "card-becomes-burn" in effects
    # the same card as exposed during play: answered there, not "no clause"
    play = rulings["exposed-card-play"]
    assert play.basis == "reading" and play.outcome == "deal-continues-card-burned"


def test_gala_misdeal_e_against_house_k_is_shown_as_a_conflict(kb):
    """Gala: Mis-deal e) (the player had control of his cards: his hand continues) and House rules
    k) (a down card exposed by the dealer is taken in and replaced) answer differently and neither is
    the other's exception: a conflict showing both."""
    rulings = _holdem(kb)["gala"]
    ruling = rulings["exposed-card-play"]
    assert ruling.basis == "conflict"
    assert {alt["outcome"] for alt in ruling.alternatives} == {"hand-live", "deal-continues-card-burned"}
    assert {"gala.misdeal-e", "gala.house-k"} <= _cited(ruling)
    # Gala's deal clauses are not read as reaching it: nothing to rule on the deal, not "no clause"
    assert rulings["exposed-card-deal"].basis == "does not arise"


def test_fpc_23_does_not_reach_a_card_exposed_after_the_deal(kb):
    """FPC rule 23 is "During the initial deal": after it, FPC is silent (rule 1), and the deal
    issue does not arise for it."""
    rulings = _holdem(kb)["fpc"]
    assert rulings["exposed-card-play"].basis == "not covered"
    assert rulings["exposed-card-deal"].basis == "does not arise"


def test_a_players_own_exposure_keeps_the_players_procedure(kb):
    """by: player - the dealer's-exposure clauses do not apply: EDP 9 ¶4 (hand live, a penalty
    possible), Gala Mis-deal e) alone (no conflict), and PPL's dealer-error •23 is not cited."""
    rulings = _holdem(kb, by="player")
    edp = rulings["edp"]["exposed-card-play"]
    assert edp.outcome == "hand-live" and _cited(edp) == {"edp.9-4-s1-2"}
    gala = rulings["gala"]["exposed-card-play"]
    assert gala.basis != "conflict" and gala.outcome == "hand-live"
    assert "ppl.league-23" not in _cited(rulings["ppl"]["exposed-card-play"])


def test_after_an_action_the_dealers_exposure_leaves_the_hand_as_dealt(kb):
    """Once someone has acted the deal's clauses are not read as reaching the exposure: EDP is back to
    9 ¶4 read a fortiori (hand live), Gala to e) with no k) conflict."""
    rulings = _holdem(kb, before="  - {seat: 3, said: call}\n")
    edp = rulings["edp"]["exposed-card-play"]
    assert edp.outcome == "hand-live" and _cited(edp) == {"edp.9-4-s1-2"}
    assert rulings["gala"]["exposed-card-play"].basis != "conflict"
    assert "ppl.league-23" not in _cited(rulings["ppl"]["exposed-card-play"])


# -- a stud down card dealt face up on a later street ----------------------------------------------------

def test_gala_house_k_stud_seventh_street_card_replaced_from_the_stub(kb):
    """Gala House rules k) on seventh street: the stud sentence ("treat the exposed card as his first
    open card") does not fit, so the exposed card is taken in and the top card given (reading), not
    an answer that depends on whether he had control of his cards (Mis-deal e) is set aside)."""
    ruling = _rulings(kb, STUD.format(house="gala", street="seventh-street"))["gala"]["exposed-card-deal"]
    assert (ruling.outcome, ruling.basis) == ("deal-continues-card-burned", "reading")
    assert _cited(ruling) == {"gala.house-k"}
    assert _effects(ruling)["card-replaced"]["seat"] == 7


def test_gala_house_k_stud_first_open_card_on_third_street_still_applies(kb):
    """On third street the stud sentence of k) still decides (first open card, next card face down)."""
    text = STUD.format(house="gala", street="third-street").replace("seen_by: table}", "seen_by: table, owner_had_control: false}")
    ruling = _rulings(kb, text)["gala"]["exposed-card-deal"]
    assert ruling.rules_fired == ["gala.house-k.stud-exposed-card-first-open-card"]
    assert ruling.outcome == "deal-continues"


def test_ppl_23_stud_later_street_card_becomes_burn(kb):
    """PPL •23 read across to stud: a seventh-street down card is "any other hole/pocket card"."""
    ruling = _rulings(kb, STUD.format(house="ppl", street="seventh-street"))["ppl"]["exposed-card-deal"]
    assert (ruling.outcome, ruling.basis) == ("deal-continues-card-burned", "reading")
    assert _cited(ruling) == {"ppl.league-23"}
    assert {"card-replaced", "card-becomes-burn"} <= set(_effects(ruling))


def test_fpc_23_is_for_the_initial_deal_only(kb):
    """FPC rule 23: "During the initial deal, if any pocket card is exposed due to dealer error, it is
    a misdeal." A seventh-street card is not the initial deal: not covered (rule 1), not a misdeal;
    on third street it is still a misdeal."""
    later = _rulings(kb, STUD.format(house="fpc", street="seventh-street"))["fpc"]["exposed-card-deal"]
    assert later.basis == "not covered" and later.outcome != "misdeal"
    first = _rulings(kb, STUD.format(house="fpc", street="third-street"))["fpc"]["exposed-card-deal"]
    assert first.outcome == "misdeal" and _cited(first) == {"fpc.23"}
