"""The kinds of bot a table, a lesson or a tournament names: ``make_bot("rule", seed)``.

The package's own kinds are listed here, each beside the class that plays it, so that every name is known whatever
else was imported (a bot's module registering itself as it was imported made ``"rule"`` unknown to a program that
had imported only the tables). :func:`register_bot` adds a kind of one's own.

>>> sorted(BOTS)[:4]
['pimc', 'pimc-bidding', 'pimc-blind', 'pimc-rulebids']
>>> make_bot("rule", 2)
RuleBot(seed=2)
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import sentence
from .bots import Bot, RandomBot
from .pimcbot import PimcBot
from .rulebot import RuleBot

__all__ = ["BOTS", "make_bot", "register_bot"]

#: Each kind's maker, from a seed; the package's own first.
BOTS: dict[str, Callable[[int], Bot]] = {
    RandomBot.name: RandomBot,
    RuleBot.name: RuleBot,
    PimcBot.name: PimcBot,
    "pimc-bidding": lambda seed: PimcBot(seed, bidding="pimc"),
    "pimc-rulebids": lambda seed: PimcBot(seed, bidding="rule"),
    "pimc-blind": lambda seed: PimcBot(seed, read_bids=False),
}
_OWN = frozenset(BOTS)


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make ``factory(seed)`` available as :func:`make_bot(name, seed) <make_bot>` (and in tournaments).

    A name of the package's own bots ("random", "rule", "pimc", …) cannot be taken: give yours another name."""
    if not isinstance(name, str) or not name.strip():
        raise RulesOptionError(sentence("bots.bad_name", value=quote(name)))
    if not callable(factory):
        raise RulesOptionError(sentence("bots.not_a_factory", value=quote(factory)))
    key = name.strip().lower()
    if key in _OWN:
        raise RulesOptionError(sentence("bots.built_in", name=quote(key)))
    BOTS[key] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the registered kind ``name`` with ``seed``.

    >>> make_bot("random", 2)
    RandomBot(seed=2)
    """
    key = str(name).strip().lower()
    if key not in BOTS:
        raise RulesOptionError(sentence("bots.no_such_bot", name=quote(name), bots=", ".join(sorted(BOTS))))
    return BOTS[key](seed)
