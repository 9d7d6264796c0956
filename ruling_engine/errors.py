"""Errors written for people: where, what was expected, what was found, what to try."""
from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass
class FloorcallError(Exception):
    """A problem in a file the user (or a knowledge author) wrote."""

    file: str
    line: int | None
    expected: str
    found: str = ""
    suggestion: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        parts = [f"{where}: expected {self.expected}"]
        if self.found:
            parts.append(f"found {self.found}")
        text = "; ".join(parts)
        if self.suggestion:
            text += f"\n  hint: {self.suggestion}"
        return text


def did_you_mean(name: str, candidates) -> str:
    """A 'did you mean' hint naming the closest candidates, or the list of valid ones."""
    names = sorted(str(c) for c in candidates)
    close = difflib.get_close_matches(str(name), names, n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    if len(names) <= 12:
        return "valid names: " + ", ".join(names)
    return f"see the {len(names)} valid names in knowledge/vocabulary.yaml"
