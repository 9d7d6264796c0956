"""Amounts as they are written."""
from __future__ import annotations


def whole(value):
    """A whole-number float as an int (12.0 -> 12), anything else as it is (12.5, 7)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def tidy(value):
    """An amount after arithmetic, without binary-fraction noise (0.6000000000000001 -> 0.6)."""
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        value = round(value, 9)
    return whole(value)
