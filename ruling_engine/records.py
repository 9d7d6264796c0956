"""`dataclass`, cheaper to build at import: the same classes, built in a third of the time.

dataclasses.dataclass writes each method it adds as Python source and compiles it, several per
class; some thirty classes on the path of a cold `rule-on` cost a quarter of its own imports.
Here dataclasses builds `__init__` (and a frozen class's `__setattr__`/`__delattr__`) as usual,
and `__repr__`, `__eq__` and `__hash__` are the same methods written once, for every class:
equality compares the fields' tuples when the classes are the same, the hash of a frozen class
is the hash of that tuple, a mutable class with equality is unhashable, the repr lists the fields
(recursion shown as ...), a method the class writes itself is kept, and `__dataclass_params__`
says what dataclass would have said. tests/test_records.py compares both, class by class.
"""
from __future__ import annotations

import dataclasses
import reprlib
from operator import attrgetter
from threading import RLock


def dataclass(cls=None, /, *, frozen: bool = False, eq: bool = True, repr: bool = True):  # noqa: A002
    """dataclasses.dataclass(cls, frozen=..., eq=..., repr=...), its methods shared, and built when
    the class is first used (see `_lazy`)."""
    def wrap(cls):
        own = cls.__dict__
        explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
        options = (frozen, eq, repr, explicit_hash, "__eq__" in own, "__repr__" in own)
        return _lazy(cls, options)
    return wrap if cls is None else wrap(cls)


def _build(cls, frozen, eq, repr, explicit_hash, own_eq, own_repr):  # noqa: A002
    """The class as dataclasses builds it, with the shared methods."""
    cls = dataclasses.dataclass(cls, frozen=frozen, eq=False, repr=False)
    fields = dataclasses.fields(cls)
    if repr and not own_repr:
        cls.__repr__ = _repr_of(tuple(f.name for f in fields if f.repr))
    if eq:
        values = _values_of(tuple(f.name for f in fields if f.compare))
        if not own_eq:
            cls.__eq__ = _eq_of(values)
        if not explicit_hash:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            cls.__hash__ = _hash_of(_values_of(hashed)) if frozen else None
    cls.__dataclass_params__ = dataclasses._DataclassParams(
        init=True, repr=repr, eq=eq, order=False, unsafe_hash=False, frozen=frozen)
    return cls


# -- classes built when first used -----------------------------------------------------------------
# Building a class's __init__ (and a frozen class's __setattr__ and __delattr__) compiles generated
# source: 0.6-2 ms a class, some 30 classes on the path of a cold `rule-on`, of which a third are
# never instantiated there (a rule, a clause, a club decoded from the knowledge cache are made
# without __init__). So the decorator leaves in the class, in place of each attribute dataclasses
# (or this module) would add, a `_Pending` that builds the class the first time any of them is
# read: an instance made, compared, hashed, printed, changed, `dataclasses.fields()`,
# `is_dataclass()`, `replace()`, `__match_args__`. The built class is exactly what `_build` makes
# at once (tests/test_records.py checks both ways); a class without a docstring gets the one
# dataclasses writes when it is built.
_BUILD_LOCK = RLock()


class _Pending:
    """Stands for attribute `name` of a record class not built yet: reading it builds the class."""

    __slots__ = ("name", "build")

    def __init__(self, name: str, build):
        self.name, self.build = name, build

    def __get__(self, obj, owner=None):
        cls = self.build()
        return getattr(cls if obj is None else obj, self.name)


def _lazy(cls, options):
    frozen, eq, repr, explicit_hash, own_eq, own_repr = options  # noqa: A001
    names = ["__init__", "__dataclass_fields__", "__dataclass_params__", "__match_args__"]
    if not cls.__dict__.get("__doc__"):
        names.append("__doc__")                # dataclasses writes it from the signature
    if frozen:
        names += ["__setattr__", "__delattr__"]
    if repr and not own_repr:
        names.append("__repr__")
    if eq and not own_eq:
        names.append("__eq__")
    if eq and not explicit_hash:
        if frozen:
            names.append("__hash__")
        else:
            cls.__hash__ = None                # unhashable, as dataclasses makes it, before it is built
    built = []

    def build():
        with _BUILD_LOCK:
            if not built:
                for name in names:
                    if isinstance(cls.__dict__.get(name), _Pending):
                        if name == "__doc__":
                            cls.__doc__ = None
                        else:
                            delattr(cls, name)
                _build(cls, *options)
                built.append(True)
        return cls
    annotations = cls.__dict__.get("__annotations__", {})
    plain = not any("__dataclass_fields__" in base.__dict__ for base in cls.__mro__[1:]) and not any(
        not isinstance(kind, str) or any(word in kind for word in ("ClassVar", "InitVar", "KW_ONLY"))
        for kind in annotations.values())
    cls.__records_names__ = tuple(annotations) if plain else None
    for name in names:
        setattr(cls, name, _Pending(name, build))
    return cls


def field_names(cls) -> tuple:
    """The names of `dataclasses.fields(cls)`, in order, without building a class not built yet
    (the knowledge cache's decoder fills the fields of objects it makes without __init__)."""
    if isinstance(cls.__dict__.get("__dataclass_fields__"), _Pending) and cls.__dict__.get("__records_names__") is not None:
        return cls.__records_names__
    return tuple(f.name for f in dataclasses.fields(cls))


def is_record(cls) -> bool:
    """dataclasses.is_dataclass(cls) for a class, without building it."""
    return isinstance(cls, type) and any("__dataclass_fields__" in c.__dict__ for c in cls.__mro__)


def _values_of(names: tuple):
    """The function giving an object's values of `names`, as a tuple (as dataclasses compares)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _eq_of(values):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented
    return __eq__


def _hash_of(values):
    def __hash__(self):
        return hash(values(self))
    return __hash__


def _repr_of(names: tuple):
    @reprlib.recursive_repr()
    def __repr__(self):
        return (self.__class__.__qualname__ + "("
                + ", ".join(f"{name}={getattr(self, name)!r}" for name in names) + ")")
    return __repr__
