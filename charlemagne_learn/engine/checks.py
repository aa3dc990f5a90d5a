"""Reading numbers and flags a caller gives: one rule each, one message each.

>>> whole_number("samples", 20, 1, 1_000_000)
20
>>> whole_number("samples", 2.5, 1)
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.RulesOptionError: samples=2.5 is not allowed; use a whole number >= 1
>>> whole_number_text("seed", "٣")  # an Arabic-Indic three: int() would read it, quietly
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.RulesOptionError: seed='٣' is not a whole number: write it with the digits 0 to 9, at most 30 of them
"""

from __future__ import annotations

import numbers

from .errors import RulesOptionError, quote
from .i18n import current_lang, sentence

__all__ = ["MOST_DIGITS", "flag", "whole_number", "whole_number_text"]

#: The most digits a whole number written as text may have: more than any seed (2**64 has 20 digits) or count
#: needs, and far fewer than Python reads (``int()`` refuses a text of more than 4,300 digits, with a plain error).
MOST_DIGITS = 30


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
        lang = current_lang()
        limits = (
            sentence("checks.from_to", lang, low=low, high=high)
            if high is not None
            else sentence("checks.at_least", lang, n=low)
        )
        raise RulesOptionError(
            sentence("checks.whole", lang, name=name, value=quote(value), limits=limits, advice=advice)
        )
    return value


def whole_number_text(name: str, text: object, *, most: int = MOST_DIGITS) -> int:
    """The whole number ``text`` writes (a command line's argument, a record's field): the digits 0 to 9, at most
    ``most`` of them, after a minus sign or none; a refusal in one line saying so for anything else. ``int()`` and
    ``str.isdigit()`` alone accept what a reader would not take for a number (Arabic-Indic digits, ``"²"``, ``"①"``,
    ``" 1_0 "``), and ``int()`` raises a plain ValueError on thousands of digits. Its range is the caller's to check,
    where the refusal says what the number means (a seed's, a count's)."""
    if isinstance(text, str):
        digits = text[1:] if text.startswith("-") else text
        if 0 < len(digits) <= most and digits.isascii() and digits.isdigit():  # ASCII digits are 0 to 9 alone
            return int(text)
    raise RulesOptionError(sentence("checks.digits", current_lang(), name=name, value=quote(text), most=most))


def flag(name: str, value: object) -> bool:
    """``value`` if it is True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise RulesOptionError(sentence("checks.flag", current_lang(), name=name, value=quote(value)))
    return value
