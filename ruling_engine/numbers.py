"""Amounts as they are written."""
from __future__ import annotations


def whole(value):
    """A whole-number float as an int (12.0 -> 12), anything else as it is (12.5, 7)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value
