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


# -- built when first used (issue 20's cold start: a class's generated methods cost 0.5-2 ms) -------
FIRST_TOUCH = {
    "made": lambda cls: cls(1, "x", ()),
    "fields": lambda cls: [(f.name, f.default, f.compare) for f in dataclasses.fields(cls)],
    "is_dataclass": lambda cls: dataclasses.is_dataclass(cls),
    "doc": lambda cls: cls.__doc__,
    "match_args": lambda cls: cls.__match_args__,
    "params": lambda cls: repr(cls.__dataclass_params__),
    "signature": lambda cls: str(__import__("inspect").signature(cls)),
}


@pytest.mark.parametrize("touch", FIRST_TOUCH)
@pytest.mark.parametrize("frozen", [True, False])
def test_a_record_class_built_when_first_used_is_the_dataclass(touch, frozen):
    body = {"__annotations__": {"a": "int", "b": "str", "c": "tuple"}, "c": ()}
    reference, made = _pair(body, frozen=frozen)
    assert isinstance(made.__dict__["__init__"], records._Pending)         # nothing built yet
    assert FIRST_TOUCH[touch](made) == FIRST_TOUCH[touch](reference) or touch == "made"
    assert not any(isinstance(v, records._Pending) for v in made.__dict__.values())
    assert made.__doc__ == reference.__doc__ and made.__match_args__ == reference.__match_args__
    assert [f.name for f in dataclasses.fields(made)] == [f.name for f in dataclasses.fields(reference)]
    assert repr(made(1, "x")) == repr(reference(1, "x")) and made(1, "x") == made(1, "x")
    assert (made.__hash__ is None) == (reference.__hash__ is None)
    if frozen:
        assert hash(made(1, "x")) == hash(reference(1, "x"))
        with pytest.raises(dataclasses.FrozenInstanceError):
            made(1, "x").a = 2


def test_a_frozen_record_decoded_without_init_is_frozen_and_hashable():
    _, made = _pair({"__annotations__": {"a": "int"}, "__doc__": "A thing."}, frozen=True)
    obj = object.__new__(made)                   # as the knowledge cache makes it
    obj.__dict__["a"] = 1
    assert obj == made(1) and hash(obj) == hash(made(1)) and repr(obj) == "Made(a=1)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        obj.a = 2


def test_records_field_names_leave_the_class_unbuilt():
    body = {"__doc__": "A thing.", "__annotations__": {"a": "int", "b": "str"}, "b": ""}
    reference, made = _pair(body)
    assert records.field_names(made) == ("a", "b") and records.is_record(made)
    assert isinstance(made.__dict__["__init__"], records._Pending)
    assert records.field_names(made) == tuple(f.name for f in dataclasses.fields(reference))


def test_a_cold_rule_on_builds_no_record_class_it_never_instantiates(tmp_path):
    """Reading the knowledge base from its cache and ruling on an incident leaves the rule, clause,
    club and outcome classes unbuilt (their objects are decoded without __init__)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    script = (
        "from ruling_engine.knowledge.load import load_knowledge\n"
        "from ruling_engine.incident.load import load_incident\n"
        "from ruling_engine.rulings.rule_on import rule_incident\n"
        "from ruling_engine.render.output import render_text\n"
        "from ruling_engine import records, model\n"
        "kb = load_knowledge()\n"
        "render_text(rule_incident(load_incident('cases/undercall-heads-up-turn.yaml', kb.vocabulary, kb.clubs), kb), False)\n"
        "print(' '.join(c.__name__ for c in (model.Rule, model.Clause, model.Club, model.Outcome)\n"
        "               if not isinstance(c.__dict__.get('__init__'), records._Pending)))\n")
    env = {**os.environ, "FLOORCALL_CACHE": str(tmp_path)}
    subprocess.run([sys.executable, "-c", script], cwd=root, env=env, check=True, capture_output=True)  # writes the cache
    built = subprocess.run([sys.executable, "-c", script], cwd=root, env=env, check=True, capture_output=True,
                           text=True).stdout.split()
    assert built == []


# -- a plain record's __init__, __setattr__, __delattr__ (issue 20's cold start) -------------------
PLAIN = {
    "frozen-defaults": ({"__annotations__": {"a": "int", "b": "str", "c": "tuple"}, "b": "", "c": ()}, {"frozen": True}),
    "factory": ({"__annotations__": {"a": "int", "b": "list"}, "b": dataclasses.field(default_factory=list)}, {}),
    "frozen-factory": ({"__annotations__": {"a": "int", "b": "dict"}, "b": dataclasses.field(default_factory=dict)},
                       {"frozen": True}),
    "post-init": ({"__annotations__": {"a": "int"}, "__post_init__": lambda self: object.__setattr__(self, "seen", 1)},
                  {"frozen": True}),
    "no-field": ({}, {"frozen": True}),
}


def _made(body, **options):
    namespace = dict(body, __module__=__name__, __qualname__="Made")
    namespace["__annotations__"] = dict(body.get("__annotations__", {}))
    return records.dataclass(**options)(type("Made", (), namespace))


def _init_compilations(monkeypatch):
    made = []
    original = dataclasses._create_fn
    monkeypatch.setattr(dataclasses, "_create_fn", lambda name, *a, **k: made.append(name) or original(name, *a, **k))
    return made


@pytest.mark.parametrize("shape", PLAIN)
def test_a_plain_record_s_init_and_frozen_methods_are_dataclasses_own(shape, monkeypatch):
    """The same signature, annotations, defaults, factories (a new object each time), __post_init__
    call, frozen errors and qualified names as dataclasses writes; none of them compiled by
    dataclasses' _create_fn (the cold path's cost)."""
    import inspect
    body, options = PLAIN[shape]
    reference, _ = _pair(body, **options)
    compiled = _init_compilations(monkeypatch)
    made = _made(body, **options)
    assert made.__doc__ == reference.__doc__                     # builds it
    assert compiled == []
    assert str(inspect.signature(made)) == str(inspect.signature(reference))
    assert made.__init__.__annotations__ == reference.__init__.__annotations__
    assert made.__init__.__qualname__ == reference.__init__.__qualname__
    assert made.__init__.__globals__ is reference.__init__.__globals__
    names = [f.name for f in dataclasses.fields(reference)]
    args = (1,)[:len(names)]
    r, m = reference(*args), made(*args)
    assert repr(m) == repr(r) and vars(m) == vars(r)
    if shape.endswith("factory"):
        assert made(1).b is not made(1).b
    for name in names + ["other"]:
        for act in (lambda o: setattr(o, name, 9), lambda o: delattr(o, name)):
            outcomes = []
            for obj in (r, m):
                try:
                    act(obj)
                    outcomes.append(("ok", vars(obj).get(name)))
                except Exception as error:  # noqa: BLE001 - compared, kind and message
                    outcomes.append((type(error), str(error)))
            assert outcomes[0] == outcomes[1]
    if options.get("frozen"):
        assert made.__setattr__.__qualname__ == reference.__setattr__.__qualname__
    with pytest.raises(TypeError) as theirs:
        reference(*args, 5, 6, 7, 8)
    with pytest.raises(TypeError) as mine:
        made(*args, 5, 6, 7, 8)
    assert str(mine.value) == str(theirs.value)


def test_a_plain_record_with_a_non_default_after_a_default_is_refused_as_dataclasses_refuses():
    body = {"__annotations__": {"a": "int", "b": "int"}, "a": 0}
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        _made(body)(1)


def test_a_record_that_is_not_plain_is_still_built_by_dataclasses(monkeypatch):
    compiled = _init_compilations(monkeypatch)
    made = _made({"__annotations__": {"a": "int", "b": "int"},
                     "b": dataclasses.field(default=0, init=False)}, frozen=True)
    assert made(1).b == 0 and "__init__" in compiled
