"""PimcBot: perfect-information Monte Carlo play, the strongest bot.

For each card it must play it deals the cards it cannot see many times, consistently with
everything its seat has seen (:mod:`~charlemagne_learn.analysis.pimc`), solves every deal
double-dummy and plays the card worth the most points on average — the same ranking the hints
show a learner. Bidding goes through the same lens when ``bidding="pimc"``: each bid's expected
points from :func:`~charlemagne_learn.analysis.odds.bid_odds`. Exchange decisions (discards, the
partner's card, trump, the Gros Charlemagne and Maine choices) follow :class:`RuleBot`.

Double-dummy odds assume perfect play by everyone, so they flatter a bidder; the default,
``bidding="rule"``, keeps RuleBot's calibrated bidding and plays the cards by Monte Carlo.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis.bots import play_hand
>>> bots = [PimcBot(0, samples=4), cl.RuleBot(1), PimcBot(2, samples=4), cl.RuleBot(3)]
>>> play_hand(cl.Rules.preset("american"), bots, seed=5).is_over
True
>>> PimcBot(7)
PimcBot(seed=7, samples=20, bidding='rule')
"""

from __future__ import annotations

import random
from typing import Literal

from ..actions import Action
from ..errors import RulesOptionError
from ..hand import Phase, SeatView
from .bots import Bot, register_bot
from .hints import hint
from .rulebot import advise

__all__ = ["PimcBot"]


class PimcBot(Bot):
    """Plays cards by Monte Carlo over ``samples`` deals of the hidden cards; see the module text."""

    name = "pimc"

    def __init__(
        self, seed: int = 0, samples: int = 20, bidding: Literal["rule", "pimc"] = "rule", read_bids: bool = True
    ) -> None:
        super().__init__(seed)
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise RulesOptionError(f"samples={samples!r} is not allowed; use a whole number >= 1")
        if bidding not in ("rule", "pimc"):
            raise RulesOptionError(f"bidding={bidding!r} is not allowed; use 'rule' or 'pimc'")
        self.samples = samples
        self.bidding = bidding
        #: Read the bidding as evidence about the hidden hands (see :func:`~charlemagne_learn.analysis.pimc.sample_hidden`).
        self.read_bids = read_bids

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        graded = view.phase is Phase.PLAY or (view.phase is Phase.BIDDING and self.bidding == "pimc")
        if not graded:
            return advise(view).action
        # one seed per decision from the bot's own generator: a game replays exactly
        return hint(view, self.samples, rng.getrandbits(32), workers=1, bids=self.read_bids).best.action

    def __repr__(self) -> str:
        blind = "" if self.read_bids else ", read_bids=False"
        return f"PimcBot(seed={self.seed}, samples={self.samples}, bidding={self.bidding!r}{blind})"


register_bot(PimcBot.name, PimcBot)
register_bot("pimc-bidding", lambda seed: PimcBot(seed, bidding="pimc"))
register_bot("pimc-blind", lambda seed: PimcBot(seed, read_bids=False))
