"""Errors written for people: where, what was expected, what was found, what to try."""
from __future__ import annotations

from ruling_engine.records import dataclass


MAX_PART = 300      # characters of a file name, expectation, finding or hint shown in a message


def cut(text: str, limit: int = MAX_PART) -> str:
    """Text cut to `limit` characters, the cut marked (an error never prints a whole hostile value)."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 15] + f"... ({len(text):,} chars)"


@dataclass
class FloorcallError(Exception):
    """A problem in a file the user (or a knowledge author) wrote. Its message shows each part
    cut to MAX_PART characters."""

    file: str
    line: int | None
    expected: str
    found: str = ""
    suggestion: str = ""

    def __str__(self) -> str:
        file = cut(self.file)
        where = f"{file}:{self.line}" if self.line else file
        parts = [f"{where}: expected {cut(self.expected)}"]
        if self.found:
            parts.append(f"found {cut(self.found)}")
        text = "; ".join(parts)
        if self.suggestion:
            text += f"\n  hint: {cut(self.suggestion)}"
        return text


def did_you_mean(name: str, candidates) -> str:
    """A 'did you mean' hint naming the closest candidates, or the list of valid ones."""
    import difflib          # only for an error: not on every run's path
    names = sorted(str(c) for c in candidates)
    close = difflib.get_close_matches(str(name)[:100], names, n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    if len(names) <= 12:
        return "valid names: " + ", ".join(names)
    return f"see the {len(names)} valid names in knowledge/vocabulary.yaml"
