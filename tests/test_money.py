"""Money, chips and club administration: every clause of the topic is reached by an incident that
describes what the floor saw, and the money facts are worked out as the floor would count them."""
import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.facts.money import money_facts
from ruling_engine.rulings.rule_on import rule_incident

# (what the floor saw, format, the event, club, issue, outcome, clauses the ruling must cite)
SCENARIOS = [
    ("standard stakes questioned", "cash", "stakes_questioned: {bet: 20}", "edp", "stakes", "within-stakes", ["edp.1-12"]),
    ("approved higher stakes", "cash", "stakes_questioned: {floor_approved: true}", "edp", "stakes", "within-stakes", ["edp.1-12"]),
    ("bet within the £5 cap", "cash", "stakes_questioned: {bet: 5, pot: 60}", "ppl", "stakes", "within-stakes", ["ppl.nights-4-s3"]),
    ("pot over £100", "cash", "stakes_questioned: {bet: 5, pot: 105}", "ppl", "stakes", "outside-stakes", ["ppl.nights-4-s3"]),
    ("top-up between deals", "cash", "buys_chips: {seat: 1, amount: 40}", "edp", "buy-in", "allowed", ["edp.2-6"]),
    ("top-up during the hand", "cash", "buys_chips: {seat: 1, amount: 40, arrived: during-hand}", "edp", "buy-in", "not-allowed", ["edp.2-6"]),
    ("chips added mid-hand do not play", "cash", "buys_chips: {seat: 1, amount: 40, arrived: during-hand}", "edp", "chips-in-play", "not-in-play", ["edp.2-5"]),
    ("busted player names no amount", "cash", "buys_chips: {seat: 1, had_chips: false, table_minimum: 50}", "edp", "buy-in", "minimum-required", ["edp.2-7"]),
    ("busted player names no amount", "cash", "buys_chips: {seat: 1, had_chips: false, table_minimum: 50}", "gala", "buy-in", "minimum-required", ["gala.house-c"]),
    ("all-in last hand, full minimum", "cash", "buys_chips: {seat: 1, amount: 60, had_chips: false, all_in_last_hand: true, table_minimum: 50}", "gala", "buy-in", "allowed", ["gala.house-b"]),
    ("unannounced chips in transit", "cash", "buys_chips: {seat: 1, amount: 40, arrived: in-transit}", "gala", "chips-in-play", "not-in-play", ["gala.house-a"]),
    ("£5 buy-in at the cash table", "cash", "buys_chips: {seat: 1, amount: 5, had_chips: false}", "fpc", "buy-in", "minimum-required", ["fpc.48-s4"]),
    ("chips from another casino", "cash", "foreign_chips: {seat: 1, amount: 25}", "fpc", "chips-in-play", "not-in-play", ["fpc.15"]),
    ("chips from another casino", "cash", "foreign_chips: {seat: 1, amount: 25}", "edp", "chips-in-play", "not-in-play", ["edp.2-1"]),
    ("chips found under the table", "cash", "chips_found: {amount: 5}", "edp", "chips-in-play", "not-in-play", ["edp.8-43"]),
    ("playing behind while the CRMS changes a note", "cash", "cash_on_table: {seat: 1, playing_it: true, floor_exchanging: true}", "edp", "cash-on-table", "allowed", ["edp.2-1", "edp.2-2"]),
    ("playing a banknote", "cash", "cash_on_table: {seat: 1, playing_it: true}", "edp", "cash-on-table", "not-allowed", ["edp.2-1", "edp.2-2"]),
    ("cashing out part of a stack", "cash", "chips_removed: {seat: 1, amount: 100, to: cash-desk}", "gala", "chips-off-table", "not-allowed", ["gala.house-f", "gala.behaviour-h"]),
    ("leaving with some chips", "cash", "chips_removed: {seat: 1, amount: 100, to: pocket, still_playing: false}", "edp", "chips-off-table", "cash-out-all", ["edp.2-8"]),
    ("quitting the game", "cash", "chips_removed: {seat: 1, amount: 100, to: cash-desk, still_playing: false}", "gala", "chips-off-table", "allowed", ["gala.house-f", "gala.behaviour-h"]),
    ("a valet tip in chips", "cash", "chips_removed: {seat: 1, amount: 5, to: paid-for-item}", "gala", "chips-off-table", "allowed", ["gala.house-d"]),
    ("moved by the organisers", "tournament", "chips_removed: {seat: 1, to: another-table, moved_by_organiser: true}", "ppl", "chips-off-table", "allowed", ["ppl.league-9"]),
    ("house credit", "cash", "chips_lent: {seat: 1, from: house, amount: 50}", "edp", "chip-loan", "not-allowed", ["edp.2-9"]),
    ("mixed heap of chips", "tournament", "chips_hidden: {seat: 1, not_countable: true}", "fpc", "chips-visible", "must-rearrange", ["fpc.14-s1"]),
    ("back after the hour", "cash", "rejoins_game: {seat: 1, minutes_away: 75}", "gala", "rejoin-game", "allowed", ["gala.behaviour-j"]),
    ("back with more than he left with", "cash", "rejoins_game: {seat: 1, left_with: 100, sits_with: 150}", "edp", "rejoin-game", "allowed", ["edp.2-13"]),
    ("non-member signed in by a member", "cash", "wants_to_play: {member: false, signed_in: true}", "edp", "membership", "may-play", ["edp.1-7"]),
    ("a 17-year-old", "cash", "wants_to_play: {age: 17}", "edp", "age-check", "may-not-play", ["edp.1-21"]),
    ("looks under age", "cash", "wants_to_play: {age_in_doubt: true}", "edp", "age-check", "proof-of-age", ["edp.1-22"]),
    ("management bars a guest", "cash", "wants_to_play: {refused_by_management: true}", "edp", "refused-entry", "refusal-stands", ["edp.1-10", "edp.1-11"]),
    ("played tonight's tournament", "cash", "wants_to_play: {played_tournament_tonight: true}", "fpc", "cash-table-eligibility", "may-play", ["fpc.48-s1-3"]),
    ("regular, third cash-only night", "cash", "wants_to_play: {played_tournament_tonight: false, league_games: 12, cash_only_nights: 2}", "fpc", "cash-table-eligibility", "may-not-play", ["fpc.48-s1-3"]),
    ("regular, first cash-only night", "cash", "wants_to_play: {played_tournament_tonight: false, league_games: 5}", "fpc", "cash-table-eligibility", "may-play", ["fpc.48-s1-3"]),
    ("ripped jeans", "tournament", "player_dress: {seat: 1, wearing: ripped-jeans}", "fpc", "dress", "may-be-asked-to-leave", ["fpc.36"]),
    ("refuses the GDPR form", "tournament", "publicity_objection: {seat: 1, objects_to: data-form}", "edp", "publicity", "form-required", ["edp.10-1"]),
    ("asked for anonymity before the start", "tournament", "publicity_objection: {seat: 1, objects_to: name-in-results, told_before_event: true}", "edp", "publicity", "stays-anonymous", ["edp.10-3-s3"]),
    ("wants paying for being filmed", "tournament", "publicity_objection: {seat: 1, objects_to: unpaid-coverage}", "edp", "publicity", "publicity-stands", ["edp.10-3-s1-2"]),
    ("£5 session fee", "cash", "money_paid_in: {kind: session-fee, amount: 5}", "edp", "fee", "fee-too-high", ["edp.2-3"]),
    ("unannounced £2 session fee", "cash", "money_paid_in: {kind: session-fee, amount: 2, told_before: false}", "edp", "fee", "fee-not-allowed", ["edp.2-3"]),
    ("a house rake", "cash", "pot_deduction: {pot: 60, taken: 3, reached_flop: true, purpose: rake}", "edp", "pot-deduction", "no-deduction", ["edp.2-3"]),
    ("drop on a £60 flop pot", "cash", "pot_deduction: {pot: 60, taken: 3, reached_flop: true, purpose: prize-fund}", "edp", "pot-deduction", "percentage-drop", ["edp.2-4", "edp.10-4"]),
    ("short prize pool", "tournament", "prize_paid: {collected: 1000, prize_money: 900}", "gala", "prize-money", "must-pay-all", ["gala.tournament-x"]),
    ("winner paid without signing", "tournament", "prize_paid: {prize_money: 1000, collected: 1000, winners_signed: false}", "gala", "money-records", "records-required", ["gala.tournament-cc"]),
    ("pot split between two", "cash", "prize_paid: {prize_money: 100, shared_among: 2}", "ppl", "prize-money", "share-among-top-places", ["ppl.nights-4-s4"]),
    ("bet splashed into the pot", "tournament", "pot_handled: {seat: 1, did: splashed-pot}", "fpc", "pot-handling", "put-right", ["fpc.2-s5-6", "fpc.2-s7"]),
    ("bet straight into the pot", "tournament", "pot_handled: {seat: 1, did: bet-into-pot}", "ppl", "pot-handling", "put-right", ["ppl.league-4"]),
    ("an eight-chip stack not counted", "cash", "pot_handled: {did: stack-not-counted, chips: 8}", "gala", "pot-handling", "put-right", ["gala.dealer-l"]),
    ("winner pulls in the pot", "cash", "pot_handled: {seat: 1, did: took-pot}", "gala", "pot-handling", "put-right", ["gala.betting-showdown-p1-s1-2"]),
    ("betting out of reach again", "cash", "pot_handled: {seat: 1, did: bet-out-of-reach, repeated: true}", "edp", "pot-handling", "penalty-possible", ["edp.9-8-b4"]),
]


BLINDS = {"approved higher stakes": [1, 2]}      # the others play at [0.5, 1]


def _incident(kb, fmt, event, house="edp", street="flop", blinds=(0.5, 1)):
    text = (f"house: {house}\ngame: {{format: {fmt}, variant: NLHE, blinds: {list(blinds)}}}\n"
            f"players:\n  - {{seat: 1, stack: 100}}\n  - {{seat: 2, stack: 100}}\n"
            f"timeline:\n  - {street}:\n  - {event}\n")
    return parse_incident_text(text, "<test>", kb.vocabulary, kb.clubs)


def _ruling(kb, fmt, event, club, issue, **kw):
    report = rule_incident(_incident(kb, fmt, event, **kw), kb, with_precedents=False)
    return {r.issue: r for r in report.answers[club].rulings}[issue]


@pytest.mark.parametrize("what, fmt, event, club, issue, outcome, cites", SCENARIOS, ids=[s[0] + "-" + s[3] for s in SCENARIOS])
def test_money_scenario_reaches_its_clause(kb, what, fmt, event, club, issue, outcome, cites):
    ruling = _ruling(kb, fmt, event, club, issue, blinds=BLINDS.get(what, (0.5, 1)))
    assert ruling.outcome == outcome, ruling.decision
    assert set(cites) <= {c.clause for c in ruling.citations}


def test_every_money_clause_is_reached_by_a_scenario_or_a_case(kb):
    """Each clause of the topic is cited by a rule that some incident above, or a money case, reaches."""
    from pathlib import Path
    import yaml
    reached = {c for s in SCENARIOS for c in s[6]}
    for path in (Path(__file__).resolve().parent.parent / "cases").glob("money-*.yaml"):
        for issues in (yaml.safe_load(path.read_text(encoding="utf-8"))["expected"] or {}).values():
            for want in issues.values():
                reached |= set(want["cites"])
    money_topics = {"admission", "cash-on-table", "chips-in-play", "chips-off-table", "chip-stacks", "dress",
                    "fees-prize-fund", "loans-credit", "pot-handling", "publicity-gdpr", "rejoin-game", "stakes-buy-in"}
    topic_clauses = {cid for club in kb.clauses for cid, c in kb.clauses[club].items()
                     if c.normative and c.topic in money_topics}
    assert topic_clauses - reached == set()


def test_edp_prize_fund_drop_is_capped_only_above_a_hundred_pounds(kb):
    """2 ¶4 (5%, rounded) and 10 ¶4 (5%, £5 cap) agree up to £100; above it 10 ¶4's cap is read
    as completing 2 ¶4, which is set aside."""
    small = _ruling(kb, "cash", "pot_deduction: {pot: 100, taken: 5, reached_flop: true, purpose: prize-fund}", "edp", "pot-deduction")
    big = _ruling(kb, "cash", "pot_deduction: {pot: 101, taken: 5, reached_flop: true, purpose: prize-fund}", "edp", "pot-deduction")
    assert small.outcome == "percentage-drop"
    assert (big.outcome, big.basis) == ("percentage-drop-capped", "reading")
    assert "edp.2-4.five-percent-from-flop-hands" in big.set_aside


def test_gala_behaviour_j_one_hour_is_the_boundary_and_consent_lifts_it(kb):
    assert _ruling(kb, "cash", "rejoins_game: {seat: 1, minutes_away: 59}", "gala", "rejoin-game").outcome == "not-allowed"
    assert _ruling(kb, "cash", "rejoins_game: {seat: 1, minutes_away: 60}", "gala", "rejoin-game").outcome == "allowed"
    assert _ruling(kb, "cash", "rejoins_game: {seat: 1, minutes_away: 10, floor_consent: true}", "gala",
                   "rejoin-game").outcome == "allowed"


def test_edp_all_in_buy_back_needs_half_the_table_minimum(kb):
    event = "buys_chips: {{seat: 1, amount: {}, had_chips: false, all_in_last_hand: true, table_minimum: 50}}"
    assert _ruling(kb, "cash", event.format(24), "edp", "buy-in").outcome == "minimum-required"
    assert _ruling(kb, "cash", event.format(25), "edp", "buy-in").outcome == "allowed"


def test_ppl_chips_off_the_table_not_allowed_even_when_cashing_out_mid_game(kb):
    ruling = _ruling(kb, "tournament", "chips_removed: {seat: 1, to: another-table}", "ppl", "chips-off-table")
    assert ruling.outcome == "not-allowed"


def test_fpc_pocketed_chips_rule_is_for_tournament_chips_only(kb):
    ruling = _ruling(kb, "cash", "chips_removed: {seat: 1, amount: 20, to: pocket}", "fpc", "chips-off-table")
    assert ruling.basis == "not covered"


def test_money_facts_amounts():
    data = {"game": {"format": "cash", "blinds": [0.5, 1]}, "events": [
        {"event": "rejoins_game", "seat": 3, "same_day": True, "floor_consent": False, "left_with": 240, "sits_with": 100},
        {"event": "pot_deduction", "pot": 240, "taken": 12, "reached_flop": True, "purpose": "prize-fund"},
        {"event": "money_paid_in", "kind": "registration-fee", "amount": 15, "entry_stake": 100,
         "told_before": True, "receipt_given": True},
        {"event": "prize_paid", "collected": 1000, "prize_money": 1200, "winners_signed": True}]}
    facts = money_facts(data)
    assert (facts["small_blind"], facts["big_blind"]) == (0.5, 1)
    assert facts["rejoins_game.shortfall"] == 140
    assert facts["pot_deduction.percent"] == 5.0
    assert facts["money_paid_in.share_of_entry"] == 0.15
    assert facts["prize_paid.shortfall"] == 0


def test_money_facts_leave_unstated_amounts_unknown():
    data = {"game": {"format": "cash"}, "events": [
        {"event": "buys_chips", "seat": 2, "had_chips": False, "all_in_last_hand": False, "arrived": "before-hand",
         "table_told": False}]}
    facts = money_facts(data)
    assert "buys_chips.amount" not in facts and "buys_chips.share_of_minimum" not in facts and "big_blind" not in facts


def test_unknown_money_field_is_reported_with_line_and_suggestion(kb):
    from ruling_engine.errors import FloorcallError
    with pytest.raises(FloorcallError) as info:
        _incident(kb, "cash", "chips_removed: {seat: 1, too: pocket}")
    assert "did you mean 'to'" in str(info.value)


def test_chips_hidden_after_a_lost_all_in_cannot_save_their_owner(kb):
    """Issue 13 (casebook D306): chips found hidden after a called all-in that lost do not keep the
    player in: EDP 8 ¶39 lets the CRMS give them to the winning caller; Gala and PPL take chips
    kept off the table out of play instead of putting them back."""
    import yaml
    from pathlib import Path
    from ruling_engine.incident.load import incident_text, parse_incident_text
    from ruling_engine.facts.derive import incident_facts
    from ruling_engine.rulings.rule_on import rule_incident
    root = Path(__file__).resolve().parent / "scenarios"
    for club in ("edp", "gala", "ppl"):
        data = yaml.safe_load((root / club / f"{club}-money-pocketed-chips-after-lost-all-in.yaml").read_text())["incident"]
        incident = parse_incident_text(incident_text(data), "t.yaml", kb.vocabulary, kb.clubs)
        assert incident_facts(incident, kb.vocabulary)["chips_hidden.owner_lost"] is True
        report = rule_incident(incident, kb)
        if club == "edp":
            got = next(r for r in report.answers["edp"].rulings if r.issue == "hidden-chip-all-in")
            assert {"effect": "chips-to-winning-caller", "seat": 8, "from": 3, "amount": 2000} in got.effects
        else:
            got = next(r for r in report.answers[club].rulings if r.issue == "chips-off-table")
            assert got.outcome == "forfeited"
            assert not any(e["effect"] == "chips-back-on-table" for e in got.effects)
