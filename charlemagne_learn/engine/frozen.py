"""Frozen values that key many caches, their hash worked out once.

A frozen dataclass's own ``__hash__`` hashes every compared field on every lookup: for the rules (the whole bid
ladder) and the contracts (the rules, the bid, the seats) that cost more than the lookups they served, tens of
thousands a hint. :class:`HashedOnce` keeps the hash with the value instead; a pickled copy works its own out
again, since a string's hash differs from one process to the next.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pair(HashedOnce):
...     a: int
...     b: str
...     def __hash__(self) -> int:
...         return self.hash_once()
>>> hash(Pair(1, "x")) == hash((1, "x")), Pair(1, "x") == Pair(1, "x")
(True, True)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["HashedOnce"]


class HashedOnce:
    """For a frozen dataclass whose ``__hash__`` returns :meth:`hash_once` (defined in the class itself: a
    dataclass replaces an inherited one): the hash of its compared fields, as the dataclass's own, kept."""

    def hash_once(self) -> int:
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            value = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))  # type: ignore[arg-type]
            object.__setattr__(self, "_hash", value)
            return value

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state
