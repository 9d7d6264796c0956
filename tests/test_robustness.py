"""Bad or unusual input gets a ruling or a FloorcallError (file, line, what was expected), never a
traceback: every event kind with only its required fields and with all of them, and every case
with the button, blinds or stacks left out, at each street, in each format and game."""
import copy

import pytest
import yaml

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import incident_text, parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES

SEATS = [2, 4, 7]


def _value(spec):
    """A plain valid value of a field's type (the first choice of an enum)."""
    return {"enum": spec.values[0] if spec.values else None, "bool": True, "seat": SEATS[0], "int": 1,
            "amount": 1, "number": 1, "string": "x", "cards": ["As", "Kd"], "card": "As",
            "amounts": [1, 2], "club": "edp"}.get(spec.type)


def _rule(kb, data, name):
    """Rule on an incident; True if it was ruled on, False if it was refused with a FloorcallError."""
    try:
        incident = parse_incident_text(incident_text(data), name, kb.vocabulary, kb.clubs)
        rule_incident(incident, kb, with_precedents=False)
        return True
    except FloorcallError as error:
        assert error.file == name and str(error).startswith(name)
        return False


def test_every_event_kind_with_few_or_all_fields_is_ruled_on_without_a_traceback(kb):
    ruled = 0
    for kind, kind_spec in kb.vocabulary.records["event"].items():
        fields = kb.vocabulary.records[kind_spec.record]
        for everything in (False, True):
            body = {n: _value(s) for n, s in fields.items() if (s.required or everything) and _value(s) is not None}
            for street in ("deal", "flop", "showdown"):
                data = {"title": "t", "house": "edp", "button": 2,
                        "game": {"format": "tournament", "variant": "NLHE", "blinds": [50, 100]},
                        "players": [{"seat": s, "stack": 1000} for s in SEATS],
                        "timeline": [{street: None}, {kind: body}]}
                ruled += _rule(kb, data, f"<{kind}>")
    assert ruled > 0.9 * 6 * len(kb.vocabulary.records["event"])     # nearly all are valid incidents


STREETS = ("deal", "preflop", "flop", "turn", "river", "showdown", "hand-over")


def _is_street(entry):
    return len(entry) == 1 and next(iter(entry)) in STREETS


def _reverse_actions(data):
    """The players' actions in reverse order, every other entry where it was."""
    actions = [e for e in data["timeline"] if "seat" in e and len(e) > 1 or list(e) == ["seat"]]
    backwards = iter(reversed(actions))
    data["timeline"] = [next(backwards) if e in actions else e for e in data["timeline"]]


def _variants(data):
    for label, change in (("no button", lambda d: d.pop("button", None)),
                          ("no blinds", lambda d: d["game"].pop("blinds", None)),
                          ("no stacks", lambda d: [p.pop("stack", None) for p in d["players"]]),
                          ("other format", lambda d: d["game"].update(
                              format="cash" if d["game"]["format"] == "tournament" else "tournament")),
                          ("first entry only", lambda d: d.update(timeline=d["timeline"][:1])),
                          ("actions reversed", _reverse_actions)):
        changed = copy.deepcopy(data)
        change(changed)
        yield label, changed
    for street in ("deal", "preflop", "flop", "river", "showdown"):
        changed = copy.deepcopy(data)
        changed["timeline"] = [{street: None}] + [e for e in changed["timeline"] if not _is_street(e)]
        yield f"street {street}", changed
    for variant in ("PLO", "LHE"):
        changed = copy.deepcopy(data)
        changed["game"]["variant"] = variant
        for player in changed["players"]:
            player.pop("cards", None)
        yield f"variant {variant}", changed


@pytest.mark.parametrize("path", sorted(CASES.glob("*.yaml"))[::3], ids=lambda p: p.stem)
def test_case_variants_are_ruled_on_or_refused_never_a_traceback(kb, path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expected", None)
    for label, changed in _variants(data):
        _rule(kb, changed, str(path))
