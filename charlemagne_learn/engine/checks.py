"""Reading numbers and flags a caller gives: one rule each, one message each.

>>> whole_number("samples", 20, 1, 1_000_000)
20
>>> whole_number("samples", 2.5, 1)
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.RulesOptionError: samples=2.5 is not allowed; use a whole number >= 1
"""

from __future__ import annotations

import numbers

from .errors import RulesOptionError, quote
from .i18n import refusal_lang, sentence

__all__ = ["flag", "whole_number"]


def is_whole(value: object) -> bool:
    """Is ``value`` a whole number (an ``int`` or another integral type such as NumPy's, and not ``True`` or
    ``False``)?"""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def whole_number(name: str, value: object, low: int, high: int | None = None, *, advice: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no upper bound when None); ``True`` is no number.
    ``advice`` is added to the refusal (what the values mean, what a menu offers)."""
    if type(value) is not int and is_whole(value):
        value = int(value)  # type: ignore[call-overload]  # NumPy's int64 and the like: the number it holds
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        lang = refusal_lang()
        limits = (
            sentence("checks.from_to", lang, low=low, high=high)
            if high is not None
            else sentence("checks.at_least", lang, n=low)
        )
        raise RulesOptionError(
            sentence("checks.whole", lang, name=name, value=quote(value), limits=limits, advice=advice)
        )
    return value


def flag(name: str, value: object) -> bool:
    """``value`` if it is True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise RulesOptionError(sentence("checks.flag", refusal_lang(), name=name, value=quote(value)))
    return value
