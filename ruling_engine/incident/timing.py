"""Time between timeline entries (issue 22, "Time"): `after:` and `at:` written on any entry.

`after: 15s` (or `4min`, `1min 30s`, `1h`, a number of seconds, `at once`) is how long after the
entry above this one came; `at: "21:04"` is the entry's clock time. The seconds between two
entries are known when every entry from the first to the second says how long after the one above
it came, or both (or an entry between and the last) carry a clock time.
"""
from __future__ import annotations

from ruling_engine.errors import FloorcallError
from ruling_engine.patterns import on_first_use

TIME_FIELDS = ("after", "at")
_UNIT = {"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "m": 60, "min": 60, "mins": 60,
         "minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hour": 3600, "hours": 3600}
_PART = on_first_use(r"\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*")
CLOCK_TIME = on_first_use(r"^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$")   # also checks `clock` fields (vocabulary)
AFTER_HINT = "e.g. after: 15s, after: 4min, after: 1min 30s, after: 20 (seconds) or after: at once"
DAY = 24 * 3600


def duration(value, file: str, line) -> float:
    """The seconds an `after:` says."""
    if isinstance(value, bool):
        raise FloorcallError(file, line, "after: how long after the entry above", repr(value), AFTER_HINT)
    if isinstance(value, (int, float)):
        if value < 0 or value != value or value > DAY:
            raise FloorcallError(file, line, "after: zero or more seconds, at most a day", repr(value), AFTER_HINT)
        return value
    text = str(value).strip().lower()
    if text in ("at once", "at-once", "immediately", "0"):
        return 0
    total, pos = 0.0, 0
    while pos < len(text):
        match = _PART.match(text, pos)
        if not match or match.group(2) not in _UNIT:
            raise FloorcallError(file, line, "after: how long after the entry above", repr(value), AFTER_HINT)
        total += float(match.group(1)) * _UNIT[match.group(2)]
        pos = match.end()
    if not text or total > DAY:
        raise FloorcallError(file, line, "after: how long after the entry above (at most a day)", repr(value),
                             AFTER_HINT)
    return int(total) if total == int(total) else total


def clock(value, file: str, line) -> int:
    """The seconds of the day an `at:` clock time says."""
    match = CLOCK_TIME.match(str(value).strip()) if isinstance(value, str) else None
    if not match:
        raise FloorcallError(file, line, 'at: a clock time HH:MM or HH:MM:SS in quotes, e.g. at: "21:04"',
                             repr(value), "YAML reads 21:04 without quotes as a number: write \"21:04\"")
    return int(match.group(1)) * 3600 + int(match.group(2)) * 60 + int(match.group(3) or 0)


def take_time(body: dict, file: str, line, line_of=None) -> dict:
    """Take `after:` and `at:` out of an entry's own mapping: {after: seconds, at: "HH:MM"}."""
    out = {}
    if not isinstance(body, dict):
        return out
    if "after" in body:
        out["after"] = duration(body["after"], file, line_of("after") if line_of else line)
    if "at" in body:
        clock(body["at"], file, line_of("at") if line_of else line)
        out["at"] = str(body["at"]).strip()
    return out


def entry_times(entries: list, file: str = "", check: bool = False) -> list:
    """Each entry's place in time: (span, seconds) — entries of one span have known seconds between
    them; a new span starts at an entry that says nothing of when it came. With check, an `after:`
    that disagrees with the clock times, or a clock that goes back, is an error."""
    out, span, now, day_start = [], None, 0.0, None
    for index, entry in enumerate(entries):
        after, at = entry.get("after"), entry.get("at")
        if at is not None:
            seconds = clock(at, file, entry.get("line"))
            if span == "clock":
                while seconds + (day_start or 0) < now:
                    if now - (seconds + (day_start or 0)) < 12 * 3600:
                        if check:
                            raise FloorcallError(file, entry.get("line"), f"a clock time not before the one above",
                                                 f'at: "{at}"', "entries are in the order they happened")
                        break
                    day_start = (day_start or 0) + DAY          # past midnight
                seconds += day_start or 0
                if check and after is not None and abs(seconds - now - after) > 0.5:
                    raise FloorcallError(file, entry.get("line"), f"after: {after:g}s to agree with the clock times "
                                         f"({seconds - now:g}s since the entry above)", f'at: "{at}"',
                                         "keep the one the floor noted")
            elif span is not None and after is not None:
                # the span above had no clock: carry it over to the clock from here
                pass
            span, now = "clock", float(seconds)
        elif after is not None and span is not None:
            now += after
        else:
            span, now = index, 0.0
        out.append((span, now))
    return out


def seconds_between(entries: list, first: int, last: int):
    """The seconds from entry `first` to entry `last` (first <= last), or None when not known."""
    if first is None or last is None or first > last:
        return None
    times = entries and _times(entries)
    (span_a, at_a), (span_b, at_b) = times[first], times[last]
    if span_a != span_b:
        return None
    gap = at_b - at_a
    return int(gap) if gap == int(gap) else gap


def _times(entries: list) -> list:
    key = id(entries)
    cached = _CACHE.get(key)
    if cached is None or cached[0] is not entries or cached[1] != len(entries):
        cached = (entries, len(entries), entry_times(entries))
        _CACHE.clear()
        _CACHE[key] = cached
    return cached[2]


_CACHE: dict = {}


def seconds_at_least(entries: list, first: int, last: int):
    """The seconds from entry `first` to entry `last` where known, else at least the sum of the
    `after:` the entries between them write (an entry that says nothing of when it came is at
    least 0 seconds after the one above); None when no entry between them says anything of time."""
    known = seconds_between(entries, first, last)
    if known is not None:
        return known
    if first is None or last is None or first >= last:
        return None
    gaps = [entries[i]["after"] for i in range(first + 1, last + 1) if entries[i].get("after") is not None]
    if not gaps:
        return None
    total = sum(gaps)
    return int(total) if total == int(total) else total
