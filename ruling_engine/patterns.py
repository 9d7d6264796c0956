"""Regular expressions compiled when first used, not when their module is imported.

A module-level `re.compile` costs 0.05-0.3 ms at every start; a cold `rule-on` imports some
twenty-five of them, of which half never match anything in a given run (the patterns of spoken
words, of clock times, of Markdown escapes). `on_first_use(pattern, flags)` stands for
`re.compile(pattern, flags)`: the first attribute read (`.match`, `.sub`, ...) compiles it, and from
then on the compiled pattern's methods are the object's own attributes (no extra lookup).
Use it only for a pattern called through its methods, never one handed to `re.sub(...)` and the
like, which want a real `re.Pattern`.
"""
from __future__ import annotations

import re

_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
            "flags", "groups", "groupindex")


class on_first_use:  # noqa: N801 - read as re.compile's counterpart
    """re.compile(pattern, flags), compiled the first time any attribute of it is read."""

    def __init__(self, pattern: str, flags: int = 0):
        self._args = (pattern, flags)
        self.pattern = pattern              # its text, read without compiling it (to build another)

    def __getattr__(self, name):
        compiled = re.compile(*self._args)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"on_first_use({self._args[0]!r}, {self._args[1]!r})"
