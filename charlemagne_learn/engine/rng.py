"""A small seeded generator (SplitMix64) shared by every random deal and random player.

It is written out rather than taken from :mod:`random` so that the native fast path can
produce exactly the same deals and choices from the same seed.

>>> r = DealRandom(7)
>>> [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]

**What a seed is**, everywhere in the package: a whole number from 0 to 2**64 - 1
(:data:`SEED_LIMIT` - 1). Each is its own generator state, so different seeds never share
a stream; anything else is refused by :func:`check_seed`. Seeds made from a seed (one per
sample, per bot, per deal) come from :func:`derive_seed`, so that seed 5's second sample is
not seed 6's first.

>>> derive_seed(5, 1) != derive_seed(6, 0), derive_seed(5, 0) != derive_seed(5 + 2**32, 0)
(True, True)
"""

from __future__ import annotations

import numbers

from .errors import quote
from .i18n import sentence

__all__ = ["SEED_LIMIT", "DealRandom", "check_seed", "derive_seed"]


_MASK = (1 << 64) - 1
#: Seeds are whole numbers below this: the generator's state has 64 bits, and a larger seed would share one.
SEED_LIMIT = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is a seed (a whole number from 0 to 2**64 - 1); a clear error otherwise."""
    if type(seed) is not int and isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        seed = int(seed)  # NumPy's int64 and the like: the number it holds
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        from .errors import SeedError

        raise SeedError(sentence("rng.bad_seed", name=name, value=quote(seed)))
    return seed


def _mix(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit numbers that scatters every input bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *parts: int) -> int:
    """A seed for part ``parts`` of the work seeded by ``seed`` (a sample, a bot, a deal).

    For fixed ``parts`` different seeds give different derived seeds (each step is a bijection); across
    parts the derived seeds look independent, unlike ``seed + i``, where seed 5's second part is seed 6's first.
    """
    z = _mix((check_seed(seed) + _GAMMA) & _MASK)
    for part in parts:
        z = _mix(((z ^ check_seed(part, "part")) + _GAMMA) & _MASK)
    return z


class DealRandom:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed)

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def back(self) -> None:
        """Step back over the last draw (of :meth:`next64` or :meth:`below`): the next one gives it again.

        >>> r = DealRandom(7)
        >>> first = r.next64()
        >>> r.back()
        >>> r.next64() == first
        True
        """
        self.state = (self.state - _GAMMA) & _MASK

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (modulo bias is below 1e-17 for the sizes used here)."""
        # next64() written out: the dealers call this once a card, and a call saved is a third of its cost
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

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
