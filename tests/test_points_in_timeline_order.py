"""Points ruled in timeline order (issue 20, e14/order, class 1): a point beside the marks that
happened earlier corrects the hand before the marked point after it. A hand a club's clause kills
at an earlier point (a player away at the first card) is dead before the dealer sweeps it at a
later, marked point: what the later ruling gives back cannot make it live again (moot, not a
conflict); a hand kept live at an earlier point and killed at a later one is dead from then (the
later ruling supersedes). Only two rulings of one moment on one hand are a conflict.

Own incident: seat 4 away when the first card is dealt (his blind posted), three callers, then
the dealer exposes one of seat 4's cards (the mark): the exposure clauses keep a hand live, the
absent-player clause has killed it. (It was the dealer sweeping seat 4's cards until that sweep
was read as the absent player's dead hand taken in, e28/absent: no longer a live hand killed.)
"""
import textwrap

from ruling_engine.corrected.hand import correct
from ruling_engine.facts.timeline import read_timeline
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.model import Citation, ClubRuling
from ruling_engine.rulings.consistency import contradictions
from ruling_engine.rulings.rule_on import rule_on

INCIDENT = textwrap.dedent("""\
    title: a player away at the first card; the dealer later exposes one of his cards
    house: ppl
    game: {format: cash, variant: NLHE, blinds: [50, 100]}
    button: 1
    players:
      - {seat: 1, stack: 3000}
      - {seat: 3, stack: 2500}
      - {seat: 4, stack: 4000, present: false}
      - {seat: 8, stack: 5000}
    timeline:
      - preflop:
      - {seat: 3, posts: small-blind}
      - {seat: 4, posts: big-blind}
      - player_away: {seat: 4, at_first_card: true, at_last_card: true, at_turn: false, back: not-yet}
      - {seat: 8, did: call, total: 100}
      - {seat: 1, did: call, total: 100}
      - {seat: 3, did: call, total: 100}
      - card_exposed: {seat: 4, by: dealer, during: play, in_question: true}
    """)


def _effects(answer, seat=4):
    """{point: set of the dead/live effects of the club's settled rulings on the seat}."""
    out = {}
    for r in answer.rulings:
        for e in r.effects:
            if e.get("seat") == seat and e.get("effect") in ("hand-dead", "hand-live") and r.basis != "depends":
                out.setdefault(r.point, set()).add(e["effect"])
    return out


def test_a_hand_dead_at_an_earlier_point_is_not_made_live_by_a_later_one(kb, tmp_path):
    path = tmp_path / "incident.yaml"
    path.write_text(INCIDENT)
    report = rule_on(path, kb=kb)
    marked = next(n for n, p in enumerate(report.points) if not p.beside)
    beside = next(n for n, p in enumerate(report.points) if p.beside)
    assert report.points[marked].line > report.points[beside].line     # the beside point came first
    both_ways = []
    for club, answer in report.answers.items():
        found = _effects(answer)
        ways = set().union(*found.values()) if found else set()
        if ways == {"hand-dead", "hand-live"}:
            both_ways.append(club)
            # one ruling kills the hand at one point, another keeps it live at the other: read in
            # timeline order, it is one answer, and the hand is dead in the Now
            assert answer.contradictions == [], (club, answer.contradictions)
            assert 4 not in answer.now["live"], club
            if "hand-live" in found.get(marked, ()):      # the later point gives back a dead hand: moot
                assert any(m["seat"] == 4 and "exposed-card-play" in m["text"] for m in answer.now["moot"]), club
        else:
            assert answer.contradictions == [], (club, answer.contradictions)
    assert len(both_ways) >= 2, "the incident no longer has clubs ruling the hand dead at one point and live at the other"


def _ruling(issue, effect, point, clause):
    return ClubRuling(club="x", issue=issue, basis="express", outcome="x", decision="", point=point,
                      effects=[{"effect": effect, "seat": 4}], citations=[Citation(club="x", clause=clause, locator=clause, rule="x", quote="")])


def _hand(kb, rulings, entries):
    data = parse_incident_text(INCIDENT, "<t>", kb.vocabulary, kb.clubs).data
    timeline = read_timeline(data, kb.vocabulary.together_kinds)
    return correct(timeline.data, timeline.hand, rulings, kb.vocabulary, point_entry=entries)


def test_the_corrections_apply_in_the_order_the_points_happened_not_the_order_given(kb):
    # point 0 (the mark) happened after point 1 (beside it): the answer lists the mark first
    away, swept = 3, 7                                   # timeline entries of the two points
    kept_then_killed = [_ruling("mucked-hand", "hand-dead", 0, "x.muck"),
                        _ruling("absent-player", "hand-live", 1, "x.away")]
    hand = _hand(kb, kept_then_killed, {0: swept, 1: away})
    assert 4 not in hand.live and hand.conflicts == []   # the later kill supersedes
    killed_then_given_back = [_ruling("mucked-hand", "hand-live", 0, "x.muck"),
                              _ruling("absent-player", "hand-dead", 1, "x.away")]
    hand = _hand(kb, killed_then_given_back, {0: swept, 1: away})
    assert 4 not in hand.live and hand.conflicts == []
    assert [m[2][0] for m in hand.moot] == ["mucked-hand"]   # the later restore does not apply
    at_once = [_ruling("mucked-hand", "hand-live", 0, "x.muck"), _ruling("absent-player", "hand-dead", 0, "x.away")]
    assert len(_hand(kb, at_once, {0: swept}).conflicts) == 1   # one moment: still a conflict


def test_dead_and_live_at_two_moments_is_no_contradiction_at_one_moment_it_is(kb):
    two = [_ruling("mucked-hand", "hand-dead", 0, "x.muck"), _ruling("absent-player", "hand-live", 1, "x.away")]
    assert contradictions(kb.vocabulary, two, moments={0: 5, 1: 1}) == []
    # two points with no action between them (one showdown): still two answers at once
    assert len(contradictions(kb.vocabulary, two, moments={0: 5, 1: 5})) == 1
    one = [_ruling("mucked-hand", "hand-dead", 0, "x.muck"), _ruling("absent-player", "hand-live", 0, "x.away")]
    assert len(contradictions(kb.vocabulary, one, moments={0: 5})) == 1


def test_two_points_with_no_action_between_them_are_one_moment(kb):
    away, swept = 3, 7
    next_to_it = [_ruling("mucked-hand", "hand-live", 0, "x.muck"), _ruling("absent-player", "hand-dead", 1, "x.away")]
    # the call of seat 8 (entry 4) comes between entries 3 and 7, none between 7 and 8
    assert _hand(kb, next_to_it, {0: swept, 1: away}).conflicts == []
    assert len(_hand(kb, next_to_it, {0: swept + 1, 1: swept}).conflicts) == 1
