"""Errors raised by the rules engine.

Every error is a :class:`ValueError` subclass whose message says what was wrong and what
is allowed, so a learner (or a teacher) can act on it without reading the source.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "CharlemagneError",
    "ContractError",
    "HandError",
    "IllegalActionError",
    "RulesOptionError",
    "SeedError",
    "TrickError",
]


class CharlemagneError(ValueError):
    """Base class of every error the engine raises for bad input."""


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
