"""Analysis tools built on the rules engine: the double-dummy solver, simple bots and bid odds.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import double_dummy
>>> k = cl.Contract(cl.Rules.preset("american"), "no_trump", "N")
>>> double_dummy(k, {"N": "AS AH", "E": "KS KH", "S": "7C 8C", "W": "QS QH"}, "N")
2
"""

from .bots import Bot, RandomBot, make_bot, play_game, play_hand, register_bot
from .hints import Hint, Review, hint, review
from .odds import BidChance, BidOdds, bid_odds, wilson_interval
from .pimcbot import PimcBot
from .refute import Refutation, refutation
from .rulebot import Advice, RuleBot
from .solver import HandsArg, double_dummy, solve_position

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
