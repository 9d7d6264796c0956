"""Where a player's cards went and who moved them (issue 22, "Observations, not conclusions"): a
hand_mucked entry says whether the cards went over the betting line (over_line) and whether the
dealer took them in (collected), as seen. Left out, each is not stated: no rule that turns on it is
read, and no default stands in for it."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 200}}
  - {{seat: 3, stack: 200}}
  - {{seat: 6, stack: 200}}
timeline:
  - {{seat: 3, did: raise, total: 6}}
  - {{seat: 6, did: call}}
  - {{seat: 1, did: call}}
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: check}}
  - turn: Kh
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: check}}
  - river: 4c
  - {{seat: 3, did: check}}
  - {{seat: 6, did: check}}
  - {{seat: 1, did: check}}
  - showdown:
  - hand_mucked: {{{muck}}}
"""
THROWN = "seat: 6, by: player, retrievable: true, misled_by: nobody, touched_muck: true, in_question: true"


def rule(kb, muck, house="edp"):
    incident = parse_incident_text(BASE.format(house=house, muck=muck), "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def ruling(report, club, issue="mucked-hand"):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


def rule_ids(r):
    return {c.rule for c in r.citations}


def test_edp_3_5_cards_pushed_into_the_muck_by_the_dealer_are_killed(kb):
    """EDP 3 ¶5: "Discarding non-tabled cards face down does not automatically kill them. Cards are
    killed by the dealer when pushed into the muck, ...". The dealer took seat 6's face-down cards in
    and pushed them into the muck (collected: true): dead, on the clause's words. Not taken in
    (collected: false): the discard alone does not kill them, and the CRMS may give them back."""
    pushed = ruling(rule(kb, THROWN + ", collected: true"), "edp")
    assert pushed.outcome == "hand-dead" and pushed.basis == "express"
    assert "edp.3-5.pushed-into-muck-by-dealer" in rule_ids(pushed)
    left = ruling(rule(kb, THROWN + ", collected: false"), "edp")
    assert left.outcome == "hand-restored"
    assert "edp.3-5.pushed-into-muck-by-dealer" not in rule_ids(left)


def test_collected_left_out_is_not_stated_and_rules_as_before(kb):
    """Left out, collected is not stated: the ruling is the one a file without the field always got
    (EDP: not automatically dead), never "collected" nor "not collected" by default."""
    unsaid = ruling(rule(kb, THROWN), "edp")
    assert unsaid.outcome == "hand-restored"
    assert "edp.3-5.pushed-into-muck-by-dealer" not in rule_ids(unsaid)


def test_gala_showdown_p2_s4_cards_seen_collected_are_dead_on_its_words(kb):
    """Gala "Betting / Showdown" ¶2 s4: "Once the player's cards have been collected by the dealer
    they are considered dead." Seen collected, the sentence applies as written (express); not said,
    the hand thrown in at showdown is dead on the reading of Dealer procedures m (the dealer takes
    any discarded hand at once)."""
    seen = ruling(rule(kb, THROWN.replace("touched_muck: true", "touched_muck: false") + ", collected: true", "gala"), "gala")
    assert seen.outcome == "hand-dead" and seen.basis == "express"
    assert "gala.betting-showdown-p2-s4.cards-seen-collected-dead" in rule_ids(seen)
    unsaid = ruling(rule(kb, THROWN.replace("touched_muck: true", "touched_muck: false"), "gala"), "gala")
    assert "gala.betting-showdown-p2-s4.cards-seen-collected-dead" not in rule_ids(unsaid)


def test_fpc_18_s1_a_live_hand_moved_over_the_marked_lines_is_ruled_dead(kb):
    """FPC 18 s1: "If a live hand touches the muck pile (all folded hands) or is moved over the
    marked lines on the table (or where the lines would be on an unmarked table), it will be ruled
    dead". Cards over the line that never reached the muck are dead by the line clause; on the
    player's side of it, or not said, the line clause is not read."""
    muck = THROWN.replace("touched_muck: true", "touched_muck: false")
    over = ruling(rule(kb, muck + ", over_line: true", "fpc"), "fpc")
    assert over.outcome == "hand-dead"
    assert "fpc.18-s1.live-hand-over-marked-lines" in rule_ids(over)
    for said in (", over_line: false", ""):
        short = ruling(rule(kb, muck + said, "fpc"), "fpc")
        assert "fpc.18-s1.live-hand-over-marked-lines" not in rule_ids(short), said


@pytest.mark.parametrize("field, bad", [("collected", "maybe"), ("over_line", "yes please")])
def test_a_bad_value_is_an_error_with_file_and_line(kb, field, bad):
    text = BASE.format(house="edp", muck=f"seat: 6, by: player, {field}: {bad}")
    with pytest.raises(FloorcallError) as err:
        parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    message = str(err.value)
    assert "t.yaml:" in message and field in message


def test_floorcall_events_lists_where_the_cards_went(kb):
    flat = " ".join(events_text(kb, "hand_mucked").split())
    assert "over_line: bool" in flat and "collected: bool" in flat
    assert "burn cards" in flat           # the burn pile is not the muck (touched_muck's help)
