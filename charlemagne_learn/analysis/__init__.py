"""Analysis tools built on the rules engine: the double-dummy solver, simple bots and bid odds.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import double_dummy
>>> k = cl.Contract(cl.Rules.preset("american"), "no_trump", "N")
>>> double_dummy(k, {"N": "AS AH", "E": "KS KH", "S": "7C 8C", "W": "QS QH"}, "N")
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import given_when_asked

if TYPE_CHECKING:
    from .bots import Bot, RandomBot, play_game, play_hand
    from .hints import Hint, Review, hint, review
    from .kinds import make_bot, register_bot
    from .odds import BidChance, BidOdds, bid_odds, wilson_interval
    from .pimcbot import PimcBot
    from .refute import Refutation, refutation
    from .rulebot import Advice, RuleBot
    from .solver import HandsArg, double_dummy, solve_position

#: Where each name is defined, imported when first asked for: a lesson that asks for a hint loads neither the
#: bots' strategies nor the bid odds.
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Bot", "RandomBot", "play_game", "play_hand"), ".bots"),
    **dict.fromkeys(("make_bot", "register_bot"), ".kinds"),
    **dict.fromkeys(("Hint", "Review", "hint", "review"), ".hints"),
    **dict.fromkeys(("BidChance", "BidOdds", "bid_odds", "wilson_interval"), ".odds"),
    "PimcBot": ".pimcbot",
    **dict.fromkeys(("Refutation", "refutation"), ".refute"),
    **dict.fromkeys(("Advice", "RuleBot"), ".rulebot"),
    **dict.fromkeys(("HandsArg", "double_dummy", "solve_position"), ".solver"),
}

__all__ = [
    "Advice",
    "BidChance",
    "BidOdds",
    "Bot",
    "HandsArg",
    "Hint",
    "PimcBot",
    "RandomBot",
    "Refutation",
    "Review",
    "RuleBot",
    "bid_odds",
    "double_dummy",
    "hint",
    "make_bot",
    "play_game",
    "play_hand",
    "refutation",
    "register_bot",
    "review",
    "solve_position",
    "wilson_interval",
]

__getattr__, __dir__ = given_when_asked(__name__, _HOMES)
