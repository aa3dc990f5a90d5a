"""The kinds of bot a table, a lesson or a tournament names: ``make_bot("rule", seed)``, and the ladder of levels.

:data:`LEVELS` names the bots by how well they play, weakest first, as a table offers them to a learner: a beginner
(:class:`~.learner.LearnerBot` with a newcomer's mistakes), a casual player (the mistakes of a learner some weeks
into practice), a club player (:class:`~.rulebot.RuleBot`, the rules of thumb), a strong player (:class:`~.pimcbot.
PimcBot`) and an expert (PimcBot on four times the deals for each card, its bids valuing each contract by what
the tables were seen to make of it rather than by perfect play: :data:`EXPERT_BID_BIAS`). Each level's strength against
RuleBot, in points a hand on duplicate deals, is measured by ``benchmarks/ladder.py`` and kept in
``benchmarks/RESULTS.md``. A level is a kind of bot like any other: ``make_bot("beginner", 3)``.

The package's own kinds are listed here, each beside the class that plays it, so that every name is known whatever
else was imported (a bot's module registering itself as it was imported made ``"rule"`` unknown to a program that
had imported only the tables). :func:`register_bot` adds a kind of one's own.

>>> sorted(BOTS)[:4]
['beginner', 'casual', 'club', 'expert']
>>> LEVELS
('beginner', 'casual', 'club', 'strong', 'expert')
>>> make_bot("rule", 2)
RuleBot(seed=2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..engine.cards import Seat
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import sentence
from .bots import Bot, RandomBot
from .learner import LearnerBot
from .pimcbot import PimcBot
from .rulebot import RuleBot

__all__ = ["BOTS", "LEVELS", "SeatKinds", "make_bot", "register_bot", "seat_kinds"]

#: The levels, weakest first, each a kind of :data:`BOTS` (its maker below).
LEVELS: tuple[str, ...] = ("beginner", "casual", "club", "strong", "expert")

#: What the expert's side and RuleBot's made of each kind of contract less its double-dummy value with the same hands
#: after the exchange, in the bidder's team's points, by the bid and whether the expert's side bid it: measured on
#: 190 Canadian deals of a development seed (5550002, each played both ways round; the kinds with at least 10
#: hands). The tables play better than the auction's double dummy assumes, the expert's Gros Mulot most of all.
#: Canadian only: the other variants' contracts were not measured, and score otherwise.
EXPERT_BID_BIAS: dict[str, dict[tuple[str, bool], float]] = {
    "canadian": {
        ("5", True): 10 / 30,
        ("5", False): 10 / 14,
        ("6", True): 120 / 185,
        ("6", False): 24 / 65,
        ("7", False): -14 / 18,
        ("gros_mulot", True): 225 / 30,
        ("mulot", False): 0 / 15,
    }
}

#: Each kind's maker, from a seed; the package's own first.
BOTS: dict[str, Callable[[int], Bot]] = {
    RandomBot.name: RandomBot,
    RuleBot.name: RuleBot,
    PimcBot.name: PimcBot,
    "pimc-bidding": lambda seed: PimcBot(seed, bidding="pimc"),
    "pimc-rulebids": lambda seed: PimcBot(seed, bidding="rule"),
    "pimc-blind": lambda seed: PimcBot(seed, read_bids=False),
    LearnerBot.name: LearnerBot,
    # the ladder: its makers' options are what its strengths in RESULTS.md were measured with
    "beginner": lambda seed: LearnerBot(seed, rates="newcomer"),
    "casual": lambda seed: LearnerBot(seed, rates="practised"),
    "club": RuleBot,
    "strong": PimcBot,
    # four times the deals behind each card, where the lone bidder's cards (a Mulot lost on one card) gained most;
    # the bids keep their 40 deals (on 160 they gained no clear margin for four times the wait), each contract's
    # double-dummy value corrected by what the expert and RuleBot were seen to make of it (RESULTS.md)
    "expert": lambda seed: PimcBot(seed, samples=160, bid_bias=EXPERT_BID_BIAS),
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
        raise _no_such_bot(name)
    return BOTS[key](seed)


def _no_such_bot(name: object) -> RulesOptionError:
    others = ", ".join(sorted(set(BOTS) - set(LEVELS)))
    return RulesOptionError(sentence("bots.no_such_bot", name=quote(name), bots=others, levels=", ".join(LEVELS)))


#: A kind of bot for every seat a bot fills (``"rule"``), or one for each seat named (``{"E": "beginner"}``).
SeatKinds = str | Mapping[Seat, str] | Mapping[str, str]


def seat_kinds(bots: SeatKinds, default: str = "rule") -> dict[Seat, str]:
    """The kind of bot in each seat, from one kind for all or a kind for each seat named (the others ``default``),
    every name checked: an unknown kind or seat is refused, saying the levels and the other bots.

    >>> seat_kinds({"E": "beginner", "W": "Strong"})[Seat.W]
    'strong'
    """
    given = bots if isinstance(bots, Mapping) else dict.fromkeys(Seat, bots)
    kinds = dict.fromkeys(Seat, default)
    for seat, kind in given.items():
        key = kind.strip().lower() if isinstance(kind, str) else None
        if key is None or key not in BOTS:
            raise _no_such_bot(kind)
        kinds[Seat.find(seat)] = key
    return kinds
