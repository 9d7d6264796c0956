"""records.dataclass builds the classes dataclasses.dataclass builds (issue 15, speed: the same
methods, written once instead of compiled per class): equality, hashing, repr, frozenness,
defaults, exceptions, methods a class writes itself, recursion, introspection."""
import dataclasses
import pickle

import pytest

from ruling_engine import records


def _pair(body: dict, bases=(), **options):
    """The class `body` describes, built by each decorator."""
    def build(decorator):
        namespace = dict(body)
        namespace["__annotations__"] = dict(body.get("__annotations__", {}))
        namespace["__module__"] = __name__
        namespace["__qualname__"] = "Made"
        return decorator(**options)(type("Made", bases, namespace))
    return build(dataclasses.dataclass), build(records.dataclass)


SHAPES = {
    "frozen": ({"__annotations__": {"a": "int", "b": "str", "c": "tuple"}, "c": ()}, (), {"frozen": True}),
    "one-field": ({"__annotations__": {"a": "object"}}, (), {"frozen": True}),
    "no-field": ({}, (), {"frozen": True}),
    "mutable": ({"__annotations__": {"a": "int", "b": "list"}, "b": dataclasses.field(default_factory=list)}, (), {}),
    "not-compared": ({"__annotations__": {"a": "int", "b": "int"}, "b": dataclasses.field(default=0, compare=False,
                                                                                          repr=False)}, (), {"frozen": True}),
    "eq-false": ({"__annotations__": {"a": "int"}}, (), {"eq": False}),
    "own-eq": ({"__annotations__": {"a": "int"}, "__eq__": lambda self, other: True}, (), {"frozen": True}),
    "own-hash": ({"__annotations__": {"a": "int"}, "__hash__": lambda self: 7}, (), {}),
    "own-repr": ({"__annotations__": {"a": "int"}, "__repr__": lambda self: "mine"}, (), {}),
    "exception": ({"__annotations__": {"file": "str", "line": "object"}, "line": None}, (Exception,), {}),
    "documented": ({"__doc__": "A thing.", "__annotations__": {"a": "int"}}, (), {"frozen": True}),
}


def _hashable(obj):
    try:
        return hash(obj)
    except TypeError:
        return "unhashable"


@pytest.mark.parametrize("shape", SHAPES)
def test_a_record_behaves_as_the_dataclass_would(shape):
    body, bases, options = SHAPES[shape]
    reference, made = _pair(body, bases, **options)
    names = [f.name for f in dataclasses.fields(reference)]
    assert [f.name for f in dataclasses.fields(made)] == names
    assert made.__doc__ == reference.__doc__ and made.__match_args__ == reference.__match_args__
    assert made.__dataclass_params__.__repr__() == reference.__dataclass_params__.__repr__()
    values = [(1, "x", (2,)), (1, "x", (3,)), ([1], "y", ())]
    for first in values:
        for second in values:
            r1, r2 = reference(*first[:len(names)]), reference(*second[:len(names)])
            m1, m2 = made(*first[:len(names)]), made(*second[:len(names)])
            assert (m1 == m2) == (r1 == r2) and (m1 != m2) == (r1 != r2)
            assert repr(m1) == repr(r1)
            if reference.__hash__ is object.__hash__:         # identity, as for any object
                assert made.__hash__ is object.__hash__
            else:
                assert _hashable(m1) == _hashable(r1) or isinstance(first[0], list)
            assert (m1 == object()) == (r1 == object())
        if options.get("frozen") and names:
            with pytest.raises(dataclasses.FrozenInstanceError):
                made(*first[:len(names)]).a = 5
    assert (made.__hash__ is None) == (reference.__hash__ is None)


def test_recursion_in_a_repr_is_shown_as_dots():
    reference, made = _pair(SHAPES["mutable"][0])
    r, m = reference(1), made(1)
    r.b.append(r)
    m.b.append(m)
    assert repr(m) == repr(r)


def test_records_survive_replace_and_pickle():
    from ruling_engine.model import Citation, Clause
    clause = Clause(id="edp.1", club="edp", locator="§1", kind="rule", topic="betting", text="The hand is dead.")
    assert dataclasses.replace(clause, text="x").text == "x" and pickle.loads(pickle.dumps(clause)) == clause
    assert hash(pickle.loads(pickle.dumps(clause))) == hash(clause)
    citation = Citation(club="edp", clause="edp.1", locator="§1", quote="q", rule="r")
    assert repr(citation) == "Citation(club='edp', clause='edp.1', locator='§1', quote='q', rule='r')"
