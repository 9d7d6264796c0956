"""A timeline read again after a club's correction resumes the reading it shares most with
(facts/timeline.py read_timeline `bases`, facts/hand.py replay_timeline, facts/turn_order.py
_resume_walk): the scale reproducers re-read a 10,000-entry timeline once per correction set
(benchmarks/README.md, issue 23). What a resumed reading gives must be what a reading from the
first entry gives: every action, event, step, state, view, point and fact."""
from __future__ import annotations

import textwrap

import pytest

from ruling_engine.corrected.edits import edited_data
from ruling_engine.facts.derive import computed_facts
from ruling_engine.facts.timeline import point_view, read_timeline
from ruling_engine.incident.load import load_incident

RAISES = 700


def _raise_war(kb, tmp_path, marked=(), extra=""):
    lines = [f"  - {{seat: {2 if i % 2 == 0 else 7}, did: {'bet' if i == 0 else 'raise'}, total: {i + 1}"
             + (", in_question: true" if i in marked else "") + "}" for i in range(RAISES)]
    text = textwrap.dedent("""\
        title: raise war
        house: edp
        game: {format: cash, variant: NLHE, blinds: [1, 2]}
        button: 7
        players:
          - {seat: 2, stack: 1000000}
          - {seat: 7, stack: 1000000}
        timeline:
          - flop:
        """) + "\n".join(lines) + "\n" + extra
    path = tmp_path / "war.yaml"
    path.write_text(text)
    return load_incident(path, kb.vocabulary, kb.clubs)


def _same_reading(resumed, fresh):
    assert resumed.data["actions"] == fresh.data["actions"]
    assert {k: v for k, v in resumed.data.items() if k != "_hand"} == {k: v for k, v in fresh.data.items() if k != "_hand"}
    assert (resumed.action_entry, resumed.event_entry, resumed.points) == (fresh.action_entry, fresh.event_entry,
                                                                           fresh.points)
    a, b = resumed.hand, fresh.hand
    assert (a.steps, a.history, a.complete_after, a.posted, a.order_button) == \
        (b.steps, b.history, b.complete_after, b.posted, b.order_button)
    assert len(a.states) == len(b.states)
    for i in range(len(a.states)):
        assert a.states[i] == b.states[i] and a.views[i] == b.views[i], i
    for point in fresh.points:
        assert computed_facts(*point_view(resumed, point)) == computed_facts(*point_view(fresh, point)), point


@pytest.mark.parametrize("edit", ["total", "void", "kills", "held"])
def test_a_reading_resumed_after_a_correction_is_the_reading_from_the_start(kb, tmp_path, edit):
    """Each kind of edit a correction makes, near the end of a 700-raise round: the re-read takes the
    first reading's entries, replay and order walk up to it, and gives what a reading from the first
    entry gives."""
    incident = _raise_war(kb, tmp_path, marked=(RAISES - 3, RAISES - 2, RAISES - 1))
    original = read_timeline(incident.data, kb.vocabulary.together_kinds)
    for point in original.points:
        computed_facts(*point_view(original, point))      # the order walk of the round, with its resume points
    at = RAISES - 3 + 1                                    # timeline index of the first marked raise
    value = {"total": (RAISES + 5, True), "void": True, "kills": True, "held": True}[edit]
    key = (at, "kills", 7) if edit == "kills" else (at, edit)
    data = edited_data(incident.data, {key: value})
    fresh = read_timeline(data, kb.vocabulary.together_kinds)
    resumed = read_timeline(data, kb.vocabulary.together_kinds, [original])
    assert resumed.hand.resumed is not None and resumed.hand.resumed[1] >= RAISES - 64   # resumed, near the edit
    assert resumed.read_marks[1][-1][0] >= RAISES - 256                 # its entries taken up to a resume point
    _same_reading(resumed, fresh)
    assert fresh.hand.resumed is None


def test_an_edit_near_the_start_resumes_nothing_and_reads_the_same(kb, tmp_path):
    incident = _raise_war(kb, tmp_path, marked=(1, RAISES - 1))
    original = read_timeline(incident.data, kb.vocabulary.together_kinds)
    data = edited_data(incident.data, {(2, "total"): (9, True)})
    resumed = read_timeline(data, kb.vocabulary.together_kinds, [original])
    assert resumed.hand.resumed is None
    _same_reading(resumed, read_timeline(data, kb.vocabulary.together_kinds))


def test_a_reading_resumes_from_the_base_that_shares_most(kb, tmp_path):
    """Two corrections one after the other: the second re-read resumes from the first re-read, which
    shares the first correction with it, not from the hand as it happened."""
    incident = _raise_war(kb, tmp_path, marked=(300, RAISES - 1))
    original = read_timeline(incident.data, kb.vocabulary.together_kinds)
    once = edited_data(incident.data, {(301, "total"): (400, True)})
    first = read_timeline(once, kb.vocabulary.together_kinds, [original])
    twice = edited_data(incident.data, {(301, "total"): (400, True), (RAISES, "held"): True})
    second = read_timeline(twice, kb.vocabulary.together_kinds, [original, first])
    assert second.hand.resumed[0] is first.hand and second.hand.resumed[1] >= RAISES - 64
    _same_reading(second, read_timeline(twice, kb.vocabulary.together_kinds))


def test_a_changed_stack_or_game_resumes_nothing(kb, tmp_path):
    """What the replay reads before the first action (the players' stacks, the game) is the base's
    too, or the replay starts from the first action."""
    incident = _raise_war(kb, tmp_path, marked=(RAISES - 1,))
    original = read_timeline(incident.data, kb.vocabulary.together_kinds)
    data = {**incident.data, "players": [{**p, "stack": 999} if p["seat"] == 7 else p for p in incident.data["players"]]}
    resumed = read_timeline(data, kb.vocabulary.together_kinds, [original])
    assert resumed.hand.resumed is None
    _same_reading(resumed, read_timeline(data, kb.vocabulary.together_kinds))
