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
import inspect
import reprlib
import sys
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
    if _plain(cls, frozen):
        undocumented = not cls.__dict__.get("__doc__")
        if undocumented:
            cls.__doc__ = "-"                  # written below, once __init__ is there
        cls = dataclasses.dataclass(cls, init=False, frozen=False, eq=False, repr=False)
        fields = dataclasses.fields(cls)
        cls.__init__ = _init_of(cls, fields, frozen)
        if frozen:
            cls.__setattr__, cls.__delattr__ = _frozen_of(cls, tuple(f.name for f in fields))
        if undocumented:                       # as dataclasses writes it, from __init__'s signature
            try:
                text_sig = str(inspect.signature(cls)).replace(" -> None", "")
            except (TypeError, ValueError):
                text_sig = ""
            cls.__doc__ = cls.__name__ + text_sig
    else:
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


# -- __init__, __setattr__ and __delattr__ of a plain record -----------------------------------------
# dataclasses compiles, per class, an __init__ with its annotations written into the source and, for
# a frozen class, a __setattr__ and a __delattr__: three compilations, the most of a class's build.
# For a plain record (no record base, no ClassVar/InitVar/KW_ONLY, every field in __init__ and
# positional, no __setattr__/__delattr__ of its own when frozen) the __setattr__ and __delattr__
# below are dataclasses' own, written once as closures, and __init__ is compiled from shorter
# source: the same parameters, defaults, factories, assignments and __post_init__ call, its
# annotations set afterwards. Anything else is built by dataclasses itself.
_HAS_DEFAULT_FACTORY = dataclasses._HAS_DEFAULT_FACTORY


def _plain(cls, frozen: bool) -> bool:
    if any("__dataclass_fields__" in base.__dict__ for base in cls.__mro__[1:]):
        return False
    if frozen and ("__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__):
        return False
    own = cls.__dict__
    for name, kind in own.get("__annotations__", {}).items():
        if not isinstance(kind, str) or any(word in kind for word in ("ClassVar", "InitVar", "KW_ONLY")):
            return False
        value = own.get(name)
        if name == "self" or name.startswith("__records_"):
            return False
        if isinstance(value, dataclasses.Field) and (not value.init or value.kw_only is True):
            return False
    return True


def _init_of(cls, fields, frozen: bool):
    """dataclasses' __init__ for `cls`, from shorter source."""
    seen_default = False
    for f in fields:
        if not (f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING):
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    given = {"__records_O": object.__setattr__, "__records_F": _HAS_DEFAULT_FACTORY}
    params, body = [], []
    for i, f in enumerate(fields):
        value = f.name
        if f.default_factory is not dataclasses.MISSING:
            given[f"__records_{i}"] = f.default_factory
            params.append(f"{f.name}=__records_F")
            value = f"__records_{i}() if {f.name} is __records_F else {f.name}"
        elif f.default is not dataclasses.MISSING:
            given[f"__records_{i}"] = f.default
            params.append(f"{f.name}=__records_{i}")
        else:
            params.append(f.name)
        body.append(f"  __records_O(self,{f.name!r},{value})" if frozen else f"  self.{f.name}={value}")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    names = ",".join(given)
    source = (f"def __create_fn__({names}):\n def __init__(self,{','.join(params)}):\n"
              + ("\n".join(body) or "  pass") + "\n return __init__")
    module = sys.modules.get(cls.__module__)
    namespace = {}
    exec(source, module.__dict__ if module else {}, namespace)
    init = namespace["__create_fn__"](*given.values())
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _frozen_of(cls, names: tuple):
    """dataclasses' __setattr__ and __delattr__ of a frozen class."""
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    return __setattr__, __delattr__
