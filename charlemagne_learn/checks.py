"""Reading numbers and flags a caller gives: one rule each, one message each.

>>> whole_number("samples", 20, 1, 1_000_000)
20
>>> whole_number("samples", 2.5, 1)
Traceback (most recent call last):
...
charlemagne_learn.errors.RulesOptionError: samples=2.5 is not allowed; use a whole number >= 1
"""

from __future__ import annotations

from .errors import RulesOptionError

__all__ = ["flag", "whole_number"]


def is_whole(value: object) -> bool:
    """Is ``value`` a whole number (an ``int``, and not ``True`` or ``False``)?"""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(name: str, value: object, low: int, high: int | None = None, *, advice: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no upper bound when None); ``True`` is no number.
    ``advice`` is added to the refusal (what the values mean, what a menu offers)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        limits = f"from {low} to {high}" if high is not None else f">= {low}"
        raise RulesOptionError(f"{name}={value!r} is not allowed; use a whole number {limits}{advice}")
    return value


def flag(name: str, value: object) -> bool:
    """``value`` if it is True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise RulesOptionError(f"{name}={value!r} is not allowed; use True or False")
    return value
