"""Errors written for people: where, what was expected, what was found, what to try."""
from __future__ import annotations

import re

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


# Word pairs of opposite meaning: a name that differs from what was written only by swapping one
# of them is the opposite of what the user meant, never a misspelling of it (`face-down` is not a
# typo of `face-up`).
OPPOSITES = frozenset(frozenset(p) for p in (("up", "down"), ("high", "low"), ("in", "out"), ("on", "off"),
                                             ("over", "under"), ("true", "false"), ("yes", "no"),
                                             ("open", "closed"), ("before", "after"), ("many", "few"),
                                             ("first", "last"), ("all", "none"), ("some", "none")))


def _opposite(written: str, name: str) -> bool:
    """Whether `name` is `written` with one word swapped for its opposite."""
    a, b = re.split(r"[-_ ]", written.lower()), re.split(r"[-_ ]", name.lower())
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    return len(differ) == 1 and frozenset(differ[0]) in OPPOSITES


def did_you_mean(name: str, candidates) -> str:
    """A 'did you mean' hint naming the closest candidates, or the list of valid ones. A
    candidate that says the opposite of what was written is never suggested."""
    import difflib          # only for an error: not on every run's path
    names = sorted(str(c) for c in candidates)
    close = difflib.get_close_matches(str(name)[:100], names, n=3, cutoff=0.6)
    close = [c for c in close if not _opposite(str(name)[:100], c)]
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    if len(names) <= 12:
        return "valid names: " + ", ".join(names)
    return f"see the {len(names)} valid names in knowledge/vocabulary.yaml"
