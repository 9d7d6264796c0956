"""The incident as a timeline (issue 12): any number of entries of a kind, each marked entry ruled,
nothing silently dropped, contradictory entries refused, and the notions the calls needed."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.rulings.unread import RECORD_ONLY, given_fields, read_fields

from conftest import docs_timeline_example

HEAD = """title: t
house: edp
game: {format: tournament, variant: NLHE, blinds: [100, 200]}
button: 1
players:
  - {seat: 1, stack: 5000}
  - {seat: 3, stack: 5000, warnings: 1}
  - {seat: 5, stack: 5000}
timeline:
"""


def _rule(kb, entries: str, head: str = HEAD):
    return rule_incident(parse_incident_text(head + entries, "t.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _value(spec):
    return {"enum": (spec.values[-1] if spec.values else None), "bool": not spec.default if isinstance(spec.default, bool)
            else True, "seat": 3, "int": 2, "amount": 50, "number": 2, "string": "x", "card": "As",
            "cards": ["As"], "amounts": [50]}.get(spec.type)


@pytest.mark.parametrize("kind", ["card_exposed", "conduct", "hand_shown", "arrival", "player_away", "dispute",
                                  "clock_called", "chips_removed", "dealing_procedure", "rabbit_hunt"])
def test_two_events_of_one_kind_are_both_ruled_on_or_ruled_on_together(kb, kind):
    """Before the timeline a second event of a kind was accepted and ignored (only the last counted)."""
    spec = kb.vocabulary.records[kb.vocabulary.records["event"][kind].record]
    def body(seat):
        fields = {n: _value(s) for n, s in spec.items() if s.required}
        if "seat" in spec:
            fields["seat"] = seat
        return "{" + ", ".join(f"{k}: {v}" if not isinstance(v, list) else f"{k}: [{', '.join(map(str, v))}]"
                               for k, v in fields.items()) + "}"
    report = _rule(kb, f"  - flop:\n  - {kind}: {body(1)}\n  - {kind}: {body(3)}\n")
    together = kind in kb.vocabulary.together_kinds
    points = [p for p in report.points if p.kind == kind]
    assert len(points) == (1 if together else 2)
    assert all(len(p.entries) == (2 if together else 1) for p in points)


def test_each_marked_entry_is_ruled_on_its_own_point(kb):
    entries = ("  - flop:\n  - {seat: 3, said: bet 200, chips: [100, 100]}\n"
               "  - conduct: {seat: 3, did: foul-language, in_question: true}\n"
               "  - {seat: 5, chips: [100], in_question: true}\n"
               "  - conduct: {seat: 5, did: foul-language, in_question: true}\n")
    report = _rule(kb, entries)
    assert [p.kind for p in report.points] == ["conduct", "action", "conduct"]
    edp = report.answers["edp"].rulings
    assert {(r.point, r.issue) for r in edp} >= {(1, "short-call")}
    conduct = [r for r in edp if r.issue == "conduct-penalty"]
    assert conduct and conduct[0].point == 0          # the second offence may repeat the first ruling


def test_every_field_is_read_or_warned_about(kb):
    """Each field of the format, given alone beside a plain hand: a rule reads it, a warning names
    it, or it is kept for the record (unread.RECORD_ONLY: words said, the game's level, ...)."""
    records = kb.vocabulary.records
    base = HEAD + "  - flop:\n"
    cases = [("said", "  - said: {by: dealer, words: \"four to call\"}\n")]
    cases += [(f"game.{n}", None) for n in ("ante", "bring_in", "limits", "smallest_chip", "level", "session",
                                           "max_bet", "max_pot")]
    for kind, spec in records["event"].items():
        fields = records[spec.record]
        body = {n: _value(s) for n, s in fields.items() if s.required}
        cases.append((kind, f"  - {kind}: " + _flow(body) + "\n"))
    for field, entry in cases:
        if field.startswith("game."):
            name = field.split(".")[1]
            value = "[1, 2]" if name == "limits" else "2"
            text = base.replace("blinds: [100, 200]}", f"blinds: [100, 200], {name}: {value}}}")
        else:
            text = base + entry
        try:
            incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
            report = rule_incident(incident, kb, with_precedents=False)
        except FloorcallError:
            continue                                   # refused with a clear error: not dropped either
        read = read_fields(kb, report.facts_by_point)
        for name, line, words in given_fields(kb, incident.data):
            if name == field:
                assert name in read or name in RECORD_ONLY or any(words in w for w in report.warnings), \
                    (field, report.warnings)


def _flow(body: dict) -> str:
    def value(v):
        return "[" + ", ".join(map(str, v)) + "]" if isinstance(v, list) else str(v)
    return "{" + ", ".join(f"{k}: {value(v)}" for k, v in body.items()) + "}"


def test_words_no_rule_reads_are_kept_for_the_record_not_warned_about(kb):
    """Issue 24: a warning on nearly every spoken line buried the ones that matter."""
    report = _rule(kb, "  - flop:\n  - {seat: 3, said: check}\n  - said: {by: 5, words: \"I'm still in\"}\n")
    assert not any("I'm still in" in w for w in report.warnings)


@pytest.mark.parametrize("entries, message", [
    ("  - {seat: 3, said: fold}\n  - {seat: 3, said: call}\n", "after his fold"),
    ("  - turn:\n  - flop:\n", "a street after the turn"),
    ("  - flop: [As, Kd, 7c]\n  - turn: As\n", "each card once"),
    ("  - {seat: 9, said: call}\n", "seat 9"),
])
def test_contradictory_entries_are_an_error_with_the_line(kb, entries, message):
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(HEAD + entries, "t.yaml", kb.vocabulary, kb.clubs)
    assert message in str(error.value) and "t.yaml:" in str(error.value)


STRADDLES = """title: a straddle and a re-straddle
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1]}
button: 2
players:
  - {seat: 2, stack: 74}
  - {seat: 5, stack: 41}
  - {seat: 8, stack: 58}
timeline:
  - straddle: {seat: 2, amount: 2, before_cards: true, in_question: true}
  - straddle: {seat: 8, amount: 4, before_cards: true, in_question: true}
"""


def test_two_marked_straddles_are_two_points_each_ruled_at_its_own_moment(kb):
    """cb2 G105: the two straddles were one point (`together:`) and only the last was ruled. Each
    is its own point now; the first is ruled as the only straddle (three-handed the button may
    straddle, edp 3 ¶19, ¶21), the re-straddle as the second ('a maximum of one player')."""
    report = rule_incident(parse_incident_text(STRADDLES, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    assert [(p.kind, p.entries) for p in report.points] == [("straddle", (0,)), ("straddle", (1,))]
    assert [f["straddle.count"] for f in report.facts_by_point] == [1, 2]
    edp = {r.point: r for r in report.answers["edp"].rulings if r.issue == "straddle"}
    assert edp[0].outcome == "straddle-stands" and {"effect": "straddle-stands", "seat": 2, "amount": 2} in edp[0].effects
    assert edp[1].outcome == "straddle-refused" and edp[1].effects[0]["seat"] == 8
    assert "straddle" not in kb.vocabulary.together_kinds


BURN = """title: the turn came without a burn
house: ppl
game: {format: tournament, variant: NLHE, blinds: [500, 1000]}
button: 1
players:
  - {seat: 1}
  - {seat: 4}
  - {seat: 5}
timeline:
  - flop: [9♣, 6♦, 2♥]
  - {seat: 4, did: check}
  - {seat: 5, did: check}
  - {seat: 1, did: check}
  - turn: {cards: [Q♠], in_question: true}
  - said: {by: 5, words: "You didn't burn."}
  - dealing_procedure: {unburned: turn}
  - {seat: 4, did: check}
"""


def test_a_marked_street_is_the_card_at_that_moment_ruled_with_the_events_entered_at_it(kb):
    """docs/timeline.md's example (cb2 G303): `turn: {cards: [Q♠], in_question: true}` was accepted
    and ignored (with it the only mark, the incident counted as unmarked). It is a point now, and
    the dealing_procedure entered at it is ruled as the turn's question."""
    report = rule_incident(parse_incident_text(BURN, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    assert [(p.kind, p.label, p.marked) for p in report.points] == [
        ("street", "the turn (Qs)", True), ("dealing_procedure", "dealing procedure", False)]
    assert [r.issue for r in report.answers["ppl"].rulings] == ["deal-procedure"]
    assert not report.points[0].quiet           # its moment raised the issue: nothing to say "none" about


SHOWDOWN = HEAD.replace("  - {seat: 1, stack: 5000}", "  - {seat: 1, stack: 5000, cards: [A♠, K♠]}").replace(
    "  - {seat: 5, stack: 5000}", "  - {seat: 5, stack: 5000, cards: [Q♣, Q♦]}") + """\
  - flop: [2♥, 7♣, 9♦]
  - {seat: 3, did: fold}
  - {seat: 5, did: check}
  - {seat: 1, did: check}
  - turn: J♠
  - {seat: 5, did: check}
  - {seat: 1, did: check}
  - river: 4♥
  - {seat: 5, did: check}
  - {seat: 1, did: check}
  - showdown: {in_question: true}
  - conduct: {seat: 5, did: foul-language, in_question: true}
"""


def test_a_marked_showdown_asks_the_showdowns_questions_at_the_showdown(kb):
    """`showdown: {in_question: true}` (cb2 G309, G310) was ignored: the showdown's questions (who wins,
    read from the cards) came only at the last point. Now the showdown is a point that asks them."""
    report = rule_incident(parse_incident_text(SHOWDOWN, "t.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    assert [p.kind for p in report.points] == ["street", "conduct"]
    assert report.points[0].label == "the showdown"
    assert ("best-hand", 0) in {(r.issue, r.point) for r in report.answers["edp"].rulings}


@pytest.mark.parametrize("entry,hint", [
    ("  - turn: Q♠\n    in_question: true\n", "write - turn: {cards: [Q♠], in_question: true}"),
    ("  - showdown:\n    in_question: true\n", "write - showdown: {in_question: true}"),
    ("  - hand_mucked: {seat: 3, by: player}\n    in_question: true\n",
     "write - hand_mucked: {..., in_question: true}"),
])
def test_a_mark_written_beside_an_entry_is_an_error_that_shows_where_it_goes(kb, entry, hint):
    """A mark beside a street's short form (`- turn: Q♠` and `in_question: true` under it) belongs
    to no entry: an error at its line saying how to write it, not a mark silently lost."""
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(HEAD + "  - flop: [2♥, 7♣, 9♦]\n" + entry, "t.yaml", kb.vocabulary, kb.clubs)
    assert error.value.line == len((HEAD + "  - flop: [2♥, 7♣, 9♦]\n" + entry).splitlines())
    assert "in_question inside the" in str(error.value) and hint in str(error.value)


QUIET = """  - flop: [2♥, 7♣, 9♦]
  - {seat: 3, did: check, in_question: true}
  - said: {by: 5, words: "Nice flop.", in_question: true}
  - conduct: {seat: 5, did: foul-language, in_question: true}
"""


def test_a_marked_entry_that_raises_no_issue_is_answered_under_its_point(kb):
    """cb2 G112, G114, G212: a marked entry at which no club's rules raise an issue vanished from the
    ruling (a marked `said` was not even a point). Each is a point, and each club answers it under
    that point as not covered, its discretion clause cited (issue 21: "a point the floor marked
    silently dropped"; e22/marked: a marked action too, never "No irregularity recognised")."""
    from ruling_engine.render.output import render_markdown, render_text, to_dict
    report = _rule(kb, QUIET)
    assert [(p.kind, p.marked, p.quiet) for p in report.points] == [
        ("action", True, False), ("said", True, False), ("conduct", True, False)]
    data = to_dict(report)
    assert [p["note"] for p in data["points"]] == [None, None, None]
    assert {i["point"] for i in data["issues"]} == {0, 1, 2}
    for club, answer in data["clubs"].items():
        on_action = [r for r in answer["rulings"] if r["point"] == 0]
        assert [(r["issue"], r["basis"]) for r in on_action] == [("marked-point-not-listed", "not covered")], club
        assert set(kb.clubs[club].discretion) <= {c["clause"] for c in on_action[0]["citations"]}, club
    text = render_text(report)
    first, second = (text.index(f"#### Point {n} (line {n + 10})") for n in (1, 2))
    assert first < text.index("EDP's rulebook has no clause on this", first) < second
    assert "No irregularity recognised" not in text
    assert "### Point 1 (line 11): seat 3" in render_markdown(report)
    from ruling_engine.serve.views import ruling_view
    assert ruling_view(kb, data)["quiet"] == []                  # the floor app has nothing left unanswered


def test_the_start_of_a_hand_in_the_docs_rules_as_written(kb):
    """docs/timeline.md shows the start of a hand once, in full (issue 24): forced bets, `deal:`,
    `preflop:`. Ruled as written: the antes and the straddle are in the pot, and under the gun
    (left of the straddle) acts in turn, so his short call is made up, not ruled out of turn."""
    from ruling_engine.render.output import render_text
    _, example, report = docs_timeline_example(kb, "## The start of a hand", "title: t\nhouse: edp\n")
    assert example.index("posts: straddle") < example.index("- deal:") < example.index("- preflop:")
    text = render_text(report)
    assert "Seat 5 puts in £2 more (£4 in on this round)." in text
    assert "Seat 1 acts next: £4 to call" in text
    assert "Main pot: £13.50 (seats 1, 2, 3, 4, 5)" in text          # 5 antes of 0.50, 1 + 2 + 4 + 4
    assert "out of turn" not in text.lower()


def test_a_marked_point_whose_questions_were_ruled_above_says_so(kb):
    """A mark is never passed over in silence: a point the floor marked whose questions every club
    already answered the same way at an earlier point (a player's claim after the marked showdown)
    says where they were ruled, instead of having no ruling and no note."""
    from ruling_engine.render.output import render_text, to_dict
    from ruling_engine.rulings.rule_on import rule_on as rule
    from conftest import CASES
    report = rule(CASES / "casebook" / "M308.yaml", kb=kb)
    data = to_dict(report)
    ruled = {i["point"] for i in data["issues"]}
    for number, point in enumerate(data["points"]):
        if point["marked"]:
            assert number in ruled or point["note"], point        # every marked point answered
    said = next(p for p in data["points"] if p["kind"] == "said" and p["marked"])
    assert said["note"].startswith("What this point asks was ruled above, the same under every club: ")
    assert "(point 2, line 44)" in said["note"]
    assert said["note"] in " ".join(render_text(report).split()) or \
        " ".join(said["note"].split()) in " ".join(render_text(report).split())
