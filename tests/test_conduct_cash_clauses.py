"""k20/conduct (issue 21): conduct and cash clauses consulted, with the sentence the ruling rests on
quoted, instead of "not covered" or a first sentence alone. Each test is a small incident of its
own that states the facts the clause's words name."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: {house}
game: {{format: {format}, variant: NLHE, blinds: [{blinds}]}}
button: 1
players:
  - {{seat: 1, stack: 5000}}
  - {{seat: 3, stack: 4200, warnings: {warnings}}}
  - {{seat: 5, stack: 3000}}
timeline:
{timeline}
"""


def rule(kb, timeline, house, fmt="tournament", warnings=0, blinds="100, 200"):
    text = HEAD.format(house=house, format=fmt, warnings=warnings, blinds=blinds,
                       timeline="\n".join("  - " + line for line in timeline))
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club, issue):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def cites(r):
    return {c.clause for c in r.citations}


def effects(r):
    return [e["effect"] for e in r.effects]


def test_fpc_45_warned_deliberate_delay_sits_out_the_next_blind_level(kb):
    """FPC 45: deliberately delaying "may result in the player being penalised by sitting out the
    next blind level" - the penalty for a player already warned, not rule 29's time-away menu."""
    report = rule(kb, ["flop:", "conduct: {seat: 3, did: delayed-game, deliberate: true}"], "fpc", warnings=1)
    r = ruling(report, "fpc", "conduct-penalty")
    assert r.outcome == "penalty" and r.basis != "conflict"
    assert "fpc.45" in cites(r)
    assert {"effect": "sit-out-next-level", "seat": 3} in r.effects
    # sitting out, he leaves the table: rule 47 (chips in play, blinded) with rule 45's outcome, no conflict
    assert "fpc.47" in cites(r) and "away-on-penalty" in effects(r)


def test_fpc_30_repeated_delay_is_not_left_uncovered(kb):
    """FPC 30: "Penalties will be invoked in cases of ... disruptive behaviour": a player who holds
    up the game again and again (no finding that it was deliberate) is not "not covered". Warned
    before, the penalty is invoked (rule 30); never warned, he gets the first of rule 29's
    penalties, a verbal warning (e22/dropped), the time away open if he goes on."""
    clock = ["preflop:", "clock_called: {seat: 3, seconds_before: 50, repeated: true}"]
    r = ruling(rule(kb, clock, "fpc", warnings=1), "fpc", "conduct-penalty")
    assert r.basis != "not covered"
    assert r.outcome == "penalty"
    assert "fpc.30" in cites(r)
    first = ruling(rule(kb, clock, "fpc", warnings=0), "fpc", "conduct-penalty")
    assert (first.outcome, first.basis) == ("warning", "reading") and "fpc.29-s1" in cites(first)
    assert {"effect": "warning", "seat": 3, "kind": "verbal"} in first.effects


PRIZE = ["prize_paid: {collected: 300, prize_money: 300, shared_among: 3, winners_signed: false}",
         "publicity_objection: {seat: 3, objects_to: name-in-results, told_before_event: false}"]


def test_gala_cc_notice_board_list_has_no_opt_out(kb):
    """Gala Tournament cc) s2: "A list of all entrants showing all re-buys ... along with allocation
    of prize money will be displayed on the Card Room notice board": his name stays on it."""
    r = ruling(rule(kb, PRIZE, "gala"), "gala", "publicity")
    assert r.outcome == "publicity-stands" and r.basis != "not covered"
    assert "gala.tournament-cc" in cites(r)
    assert any("notice-board" in d for d in r.do)


def test_gala_cc_prize_held_until_the_receipt_is_signed(kb):
    """Gala Tournament cc) s1: "All winners must sign a receipt to confirm their acceptance of prize
    money": the floor is told the prize is handed over against the signature."""
    r = ruling(rule(kb, PRIZE, "gala"), "gala", "money-records")
    assert "gala.tournament-cc" in cites(r)
    assert any("held until he signs" in d for d in r.do)


def test_gala_house_s_all_chips_in_clear_view(kb):
    """Gala House s): "All chips must be in clear view to other players": chips heaped so they
    cannot be counted are not left to discretion."""
    report = rule(kb, ["flop:", "chips_hidden: {seat: 3, not_countable: true}"], "gala", fmt="cash", blinds="1, 2")
    r = ruling(report, "gala", "chips-visible")
    assert r.outcome == "must-rearrange" and r.basis != "not covered"
    assert "gala.house-s" in cites(r)


def test_gala_behaviour_j_no_rejoin_for_an_hour_after_stopping(kb):
    """Gala Player behaviour j): "Should you stop playing in a cash game you may not rejoin a game
    until one hour has passed unless with Management consent" - said when he stops and takes his chips."""
    report = rule(kb, ["hand-over:", "chips_removed: {seat: 3, amount: 4200, to: cash-desk, still_playing: false}"],
                  "gala", fmt="cash", blinds="1, 2")
    r = ruling(report, "gala", "chips-off-table")
    assert "gala.behaviour-j" in cites(r)
    assert {"effect": "may-not-rejoin", "seat": 3} in r.effects


def test_ppl_nights_4_s4_second_session_pot_divided_between_the_top_three(kb):
    """PPL Nights •4 s4: "The pot total will be divided by the venue manager between the top 3
    players in the second session": a player who stops mid-session is not cashed out now."""
    report = rule(kb, ["league_session: {session: 2, played_for: cash}", "hand-over:",
                       "chips_removed: {seat: 3, amount: 4200, to: cash-desk, still_playing: false}"],
                  "ppl", fmt="cash", blinds="1, 2")
    r = ruling(report, "ppl", "chips-off-table")
    assert r.outcome == "not-allowed"
    assert "ppl.nights-4-s4" in cites(r)
    assert any("top 3" in d for d in r.do)
