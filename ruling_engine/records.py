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


def dataclass(cls=None, /, *, frozen: bool = False, eq: bool = True, repr: bool = True):  # noqa: A002
    """dataclasses.dataclass(cls, frozen=..., eq=..., repr=...), its methods shared."""
    def wrap(cls):
        own = cls.__dict__
        explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
        cls = dataclasses.dataclass(cls, frozen=frozen, eq=False, repr=False)
        fields = dataclasses.fields(cls)
        if repr and "__repr__" not in own:
            cls.__repr__ = _repr_of(tuple(f.name for f in fields if f.repr))
        if eq:
            values = _values_of(tuple(f.name for f in fields if f.compare))
            if "__eq__" not in own:
                cls.__eq__ = _eq_of(values)
            if not explicit_hash:
                hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
                cls.__hash__ = _hash_of(_values_of(hashed)) if frozen else None
        cls.__dataclass_params__ = dataclasses._DataclassParams(
            init=True, repr=repr, eq=eq, order=False, unsafe_hash=False, frozen=frozen)
        return cls
    return wrap if cls is None else wrap(cls)


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
