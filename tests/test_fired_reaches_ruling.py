"""A rule that fired reaches the ruling, and a ruling's printed reason is a fact of the incident
(e29/fired; blind grades P-t5..P-t8: P503 ppl, P501 fpc, P601 ppl, P702 gala).

The check runs every bundled case and every casebook call and looks at each club's rulings on each
point as they leave the resolver (rulings/resolve.py resolve_club), beside the rules the club's engine
fired there and the facts it ruled on:
- a ruling that says the club has no clause on the issue (not covered, no rule behind it) has no
  rule of the club on that issue among those that fired;
- nor a rule of the club that decides, from a conclusion one of its definitions drew there, an
  outcome of that issue (the conclusion would be lost between the engine and the ruling);
- every rule a ruling rests on holds on the facts it was ruled on (its printed reason is true of
  the incident).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ruling_engine.knowledge.conditions import facts_used, holds
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.rulings import resolve, rule_on as rule_on_module
from ruling_engine.rulings.rule_on import rule_on

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "cases").glob("*.yaml")) + sorted((ROOT / "cases" / "casebook").glob("*.yaml"))


@pytest.fixture(scope="module")
def kb():
    return load_knowledge()


def _lost_conclusions(kb, club, ruling, issues, fired, facts) -> list:
    """The club's rules that decide an outcome of the ruling's issue from a fact one of its fired
    definitions set, on an issue of the same topic the point did not raise, and hold here."""
    by_id = {rule.id: rule for rule in kb.rules.get(club, [])}
    defined = {by_id[rid].defines[0] for rid in fired if rid in by_id and by_id[rid].is_definition}
    spec = kb.vocabulary.issues[ruling.issue]
    out = []
    for rule in kb.rules.get(club, []):
        if rule.is_definition or rule.then is None or rule.when is None or rule.issue in issues:
            continue
        if rule.then.outcome not in (spec.get("outcomes") or {}):
            continue
        if kb.vocabulary.issues.get(rule.issue, {}).get("topic") != spec.get("topic"):
            continue
        if facts_used(rule.when) & defined and holds(rule.when, facts):
            out.append(rule.id)
    return out


def _problems(kb, club, issues, fired, facts, rulings) -> list:
    by_id = {rule.id: rule for rule in kb.rules.get(club, [])}
    problems = []
    for ruling in rulings:
        # the resolver's own "has no clause on this" (no rule behind it); a club's clause that itself
        # leaves the point to the floor (basis: silent) is a ruling of that clause, cited
        if ruling.basis == "not covered" and ruling.outcome == "floor-decides" and not ruling.rules_fired:
            on_issue = [rid for rid in fired if rid in by_id and not by_id[rid].is_definition
                        and by_id[rid].issue == ruling.issue]
            if on_issue:
                problems.append(f"{club} {ruling.issue}: not covered although {on_issue} fired")
            lost = _lost_conclusions(kb, club, ruling, issues, fired, facts)
            if lost:
                problems.append(f"{club} {ruling.issue}: not covered although {lost} decide it from what "
                                f"a definition that fired concluded")
        for rid in ruling.rules_fired or ():
            rule = by_id.get(rid)
            if rule is not None and rule.when is not None and not holds(rule.when, facts):
                problems.append(f"{club} {ruling.issue}: rests on {rid}, whose condition does not hold")
    return problems


@pytest.fixture(scope="module")
def found(kb):
    """file -> problems, over every bundled case and casebook call."""
    out = {}
    current = []
    real = rule_on_module.resolve_club

    def recording(kb_, club, issues, fired, facts, currency):
        rulings = real(kb_, club, issues, fired, facts, currency)
        current.extend(_problems(kb_, club, issues, fired, facts, rulings))
        return rulings

    rule_on_module.resolve_club = recording
    try:
        for path in FILES:
            current.clear()
            try:
                rule_on(path, kb=kb)
            except Exception:           # a case that does not rule is another test's business
                continue
            if current:
                out[str(path.relative_to(ROOT))] = sorted(set(current))
    finally:
        rule_on_module.resolve_club = real
    return out


def test_no_ruling_says_no_clause_where_a_rule_of_the_club_fired(found):
    bad = {f: [p for p in ps if "not covered although" in p] for f, ps in found.items()}
    bad = {f: ps for f, ps in bad.items() if ps}
    assert not bad, bad


def test_every_rule_a_ruling_rests_on_holds_on_the_facts(found):
    bad = {f: [p for p in ps if "does not hold" in p] for f, ps in found.items()}
    bad = {f: ps for f, ps in bad.items() if ps}
    assert not bad, bad


def test_ppl_league_2_chips_assumed_a_call_reach_the_declaration_point(kb):
    """P503: "same again" (no raise stated) then three 1,000 chips over a 2,500 bet. PPL League •2's
    definition fired ("any chips placed in front of them will be assumed as a call"); the ruling on
    what the declaration commits him to is that call, the extra 1,500 back, not "no clause"."""
    report = rule_on(ROOT / "cases" / "casebook" / "P503.yaml", house="ppl", kb=kb)
    ruling = next(r for r in report.answers["ppl"].rulings if r.issue == "declared-action")
    assert ruling.basis != "not covered"
    assert ruling.outcome == "call"
    assert "ppl.league-2" in {c.clause for c in ruling.citations}
    assert {"effect": "return-chips", "seat": 3, "amount": 1500} in ruling.effects


def test_conclusion_is_not_borrowed_across_topics(kb):
    """The carried conclusion is the club's own rule on the same topic: a definition that fired says
    nothing to an issue of another topic (the check's second condition, here its mechanism)."""
    report = rule_on(ROOT / "cases" / "casebook" / "P503.yaml", house="fpc", kb=kb)
    ruling = next(r for r in report.answers["fpc"].rulings if r.issue == "declared-action")
    # FPC derived nothing there: its ruling stays its own (not covered), no other club's rule borrowed
    assert all(c.club == "fpc" for c in ruling.citations)


def test_a_round_the_corrected_hand_completes_is_read_as_betting_completed():
    """The Now that says nobody is left to act on the round (round_complete, no next seat) tells the
    floor the betting round is complete: the judge reads it as that effect, as it reads acts-next."""
    from ruling_engine.corrected.now import now_effects
    assert now_effects({"next": None, "then": [], "round_complete": True}) == [{"effect": "betting-completed"}]
    assert now_effects({"next": None, "then": [], "round_complete": False}) == []


def test_ppl_muck_clause_does_not_reach_cards_that_never_touched_the_muck_is_not_no_clause(kb):
    """P601: seat 8's cards were taken face down without touching the muck pile. PPL League •14 s3
    kills cards that touch the muck; it does not reach these facts, and the ruling says so, never
    that PPL's rulebook has no clause on a hand in the muck."""
    report = rule_on(ROOT / "cases" / "casebook" / "P601.yaml", house="ppl", kb=kb)
    ruling = next(r for r in report.answers["ppl"].rulings if r.issue == "mucked-hand")
    assert ruling.basis == "not covered" and not ruling.rules_fired
    assert "has no clause" not in ruling.decision
    assert "do not reach these facts" in ruling.decision


def test_fpc_18_out_of_turn_fold_reason_does_not_say_the_cards_went_into_the_muck(kb):
    """P501: seat 5 threw his cards away out of turn, over the line but short of the muck
    (touched_muck: false). FPC rule 18 s2's mucked hand forfeits its chips; the printed reason is
    that he threw the hand away, not that it went into the muck, which the facts deny."""
    report = rule_on(ROOT / "cases" / "casebook" / "P501.yaml", house="fpc", kb=kb)
    ruling = next(r for r in report.answers["fpc"].rulings if r.issue == "out-of-turn")
    assert "fpc.18-s2.oot-fold-mucked-hand-dead" in (ruling.rules_fired or ())
    assert "into the muck" not in ruling.decision
