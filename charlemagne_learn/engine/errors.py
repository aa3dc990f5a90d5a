"""Errors raised by the rules engine.

Every error is a :class:`ValueError` subclass whose message says what was wrong and what
is allowed, so a learner (or a teacher) can act on it without reading the source.
"""

from __future__ import annotations

import reprlib
from itertools import islice
from typing import Any

__all__ = [
    "CardParseError",
    "CharlemagneError",
    "ContractError",
    "HandError",
    "IllegalActionError",
    "RulesOptionError",
    "SeedError",
    "TrickError",
    "quote",
]

#: The most characters of a caller's value a message repeats: enough to recognise it, never a whole file.
QUOTE_CHARS = 60


# Bounds depth and breadth as it goes, so a list nested a thousand deep or a megabyte of text is never walked or
# copied whole (the builtin repr raises RecursionError on the first and repeats all of the second).
class _Quoter(reprlib.Repr):
    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        # as reprlib's, but in the dict's own order (reprlib sorts the keys: {'NS': 1, 'EW': 2} came out reversed)
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [f"{self.repr1(k, level - 1)}: {self.repr1(x[k], level - 1)}" for k in islice(x, self.maxdict)]
        return "{" + ", ".join(pieces + ["..."] * (len(x) > self.maxdict)) + "}"


_QUOTER = _Quoter()
_QUOTER.maxlevel = 3
_QUOTER.maxstring = QUOTE_CHARS
_QUOTER.maxother = QUOTE_CHARS
_QUOTER.maxlong = QUOTE_CHARS


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``value`` as a message quotes it: its repr, cut to about ``limit`` characters.

    >>> quote("JH"), quote([[[[["deep"]]]]]), len(quote("x" * 1_000_000)) <= QUOTE_CHARS
    ("'JH'", '[[[[...]]]]', True)
    """
    quoter = _QUOTER
    if limit != QUOTE_CHARS:
        quoter = _Quoter()
        quoter.maxlevel, quoter.maxstring, quoter.maxother, quoter.maxlong = 3, limit, limit, limit
    try:
        text = quoter.repr(value)
    except Exception:  # a repr that raises (an object's own, an int of more digits than Python will print)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class CharlemagneError(ValueError):
    """Base class of every error the engine raises for bad input.

    Made from a catalog sentence (:func:`~charlemagne_learn.engine.i18n.sentence`), an error keeps its key and
    fields: ``str(error)`` is the message in the language spoken when it was raised, :meth:`said` the same
    message in any language, for whoever shows it (a widget in French inside an English course).
    """

    @property
    def key(self) -> str | None:
        """The message's catalog key (None for a message written out in full)."""
        return getattr(self.args[0], "key", None) if self.args else None

    def said(self, lang: str | None = None) -> str:
        """The message in ``lang`` (the language spoken now when None); as raised where it has no key."""
        say_again = getattr(self.args[0], "said", None) if self.args else None
        return str(say_again(lang)) if callable(say_again) else str(self)


class CardParseError(CharlemagneError):
    """A card, seat or suit text could not be read."""


class RulesOptionError(CharlemagneError):
    """An unknown variant or an invalid value for a rules option."""


class SeedError(RulesOptionError):
    """A seed that is not a whole number from 0 to 2**64 - 1 (the one rule for every seed of the package)."""


class ContractError(CharlemagneError):
    """A contract the variant does not have, or a trump that does not fit the bid."""


class HandError(CharlemagneError):
    """A hand that cannot be a player's hand in this variant: wrong size, repeated cards, cards not in the deck."""


class TrickError(CharlemagneError):
    """A trick that is incomplete, too long, or holds cards the contract cannot have."""


class IllegalActionError(CharlemagneError):
    """An action that is not allowed now; the hand state is left unchanged."""
