"""A small seeded generator (SplitMix64) shared by every random deal and random player.

It is written out rather than taken from :mod:`random` so that the native fast path can
produce exactly the same deals and choices from the same seed.

>>> r = DealRandom(7)
>>> [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""

from __future__ import annotations

__all__ = ["DealRandom"]

_MASK = (1 << 64) - 1


class DealRandom:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            from .errors import RulesOptionError

            raise RulesOptionError(f"seed={seed!r} is not allowed; use a whole number")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (modulo bias is below 1e-17 for the sizes used here)."""
        return self.next64() % n

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates, from the last position down.

        The swap positions are the digits of one 192-bit draw read in mixed radix
        (34! < 2**128, so the bias is below 2**-64): three draws per deal instead of one
        per card, because dealing is a hot path of every random playout.
        """
        draw = self.next64() << 128 | self.next64() << 64 | self.next64()
        for i in range(len(items) - 1, 0, -1):
            draw, j = divmod(draw, i + 1)
            items[i], items[j] = items[j], items[i]
