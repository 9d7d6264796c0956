"""The incident as a timeline (issue 12): any number of entries of a kind, each marked entry ruled,
nothing silently dropped, contradictory entries refused, and the notions the calls needed."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.rulings.unread import RECORD_ONLY, given_fields, read_fields

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
