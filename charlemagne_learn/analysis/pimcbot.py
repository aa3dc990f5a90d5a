"""PimcBot: perfect-information Monte Carlo play, the strongest bot.

For each card it must play it deals the cards it cannot see many times, consistently with
everything its seat has seen (:mod:`~charlemagne_learn.analysis.pimc`), solves every deal
double-dummy and plays the card worth the most points on average — the same ranking the hints
show a learner.

It bids by looking past the bid (``bidding="auction"``, the default; :mod:`~charlemagne_learn.analysis.auction`):
each legal bid and the pass is judged on ``bid_samples`` deals of the cards it cannot see (the earlier bids read
as evidence about them) by letting the later seats bid as RuleBot would with those cards, the winner of the
auction exchange as RuleBot would, and the contract be played double dummy. So it weighs what the other side
would do: a pass is worth what the opponents then make or lose, a bid what it makes less what an overcall would
cost. RuleBot's own bid stands unless another is worth at least a point more on those deals (``bid_margin``):
each value is an average over a few dozen deals, and the highest of many such averages flatters the bid it
picks. On more deals the averages are less noisy and the margin is smaller, as the square root of the deals: half
a point on 160 (the expert level's). Measured against RuleBot in duplicate (each deal played twice with the seats swapped): Canadian, 200
deals (seed 4242), +1.38 points a hand (95% CI +0.49 to +2.27) against +0.49 (+0.02 to +0.96) with RuleBot's
bidding; the margin was then chosen on 300 Canadian deals (seed 9001: +1.96, +1.34 to +2.57, against +1.76,
+1.09 to +2.44, without it) and 200 American ones (seed 9002: +0.74, +0.21 to +1.27, against +0.56 without it and
+0.55 with RuleBot's bidding — most American contracts are numeric bids that RuleBot already judges well).
Then, on 500 deals of seeds never used before (20261126): +1.59 points a hand (+1.11 to +2.07) in Canadian,
+1.30 (+0.97 to +1.63) in American; on 400 more Canadian deals (seed 31415), +2.15
(+1.53 to +2.76) (``benchmarks/RESULTS.md``). A bid took 0.3–0.4 s at the median and under
1.2 s at most (160 bids of 40 deals in each game, one core, DDS solving the partnership contracts); with each
deal's auctions and exchanges shared among the bids, 40 deals take 0.06 s of CPU at the median and 0.15 s at most,
160 deals 0.26 s and 0.51 s (120 Canadian bids, the first round of their auctions).
Double dummy plays every contract perfectly, which the tables do not: ``bid_bias`` adds to each contract's value
what the bot's side and RuleBot's were seen to make of its kind of contract beyond double dummy with the same hands,
for the rules of each variant it names (:data:`~charlemagne_learn.analysis.kinds.EXPERT_BID_BIAS`, the expert
level's, Canadian only: measured on 190 Canadian deals of a development seed, 5550002, where the expert's Gros Mulot
made 7.5 points more than double dummy gave it). On 300 other deals (seed 5550001) it gained +0.53 points a hand
over the expert without it (−0.15 to +1.21, paired), changing the result of 108; then, measured once on 500 fresh
Canadian deals (seed 20261132), the expert won +2.27 points a hand against RuleBot (+1.58 to +2.95), where it had
won +1.70 (+1.17 to +2.23) without it on those of seed 20261131 (``benchmarks/RESULTS.md``).
``bidding="rule"`` bids as RuleBot does; ``bidding="pimc"`` by each bid's own odds
(:func:`~charlemagne_learn.analysis.odds.bid_odds`), which ignores the other seats and, assuming perfect play by
everyone, flatters the bidder.

As the bidder of a contract whose trump is named after the exchange, it chooses the discards and the
trump together with ``exchange="pimc"``: for the two trumps its hand is strongest in
(RuleBot's rough count), every way to put aside the cards among the weakest few is played out
double-dummy on the same ``samples`` deals of the unseen cards, and the exchange worth the most
points is kept for the rest of the exchange — the grading of
:func:`~charlemagne_learn.analysis.exchange.exchange_hint`, on fewer candidates so that it takes a
fraction of a second. RuleBot's own exchange is one of the candidates. Other exchange decisions (the
partner's card, the Gros Charlemagne and Maine choices, a bid without trump to name) follow
:class:`RuleBot`, as does the whole exchange by default (``exchange="rule"``): against RuleBot the
Monte Carlo exchange measured no better (400 Canadian deals, seed 1, 20 deals per card and 40 per exchange:
+0.38 points a hand, 95% CI +0.11 to +0.65, against +0.51, +0.24 to +0.77, with RuleBot's exchange).

``lone_samples`` judges the cards of a contract played alone (the bidder's or the defence's) on more deals than
the others: 640 against the expert's 160 changed 4 of 300 deals and gained nothing (−0.04, −0.23 to +0.15).

Each card is judged on 40 deals by default, twice the 20 of earlier versions, which left the choice
between close cards to sampling noise. Against RuleBot on the same 400 Canadian deals, 40 deals
against 20 gave +0.76 points a hand (95% CI +0.43 to +1.10) against +0.51 (+0.24 to +0.77) on the
deals it was tried on (seed 1), and on fresh deals +0.38 (+0.08 to +0.68) against +0.10 (-0.20 to
+0.40) (seed 20261125) and +0.91 (+0.60 to +1.23) against +0.63 (+0.32 to +0.95) (seed 777), for about
twice the time per card (under 20 ms at the median).

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis.bots import play_hand
>>> bots = [PimcBot(0, samples=4), cl.RuleBot(1), PimcBot(2, samples=4), cl.RuleBot(3)]
>>> play_hand(cl.Rules.preset("american"), bots, seed=5).is_over
True
>>> PimcBot(7)
PimcBot(seed=7, samples=40, bidding='auction')
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from itertools import combinations
from typing import Literal

from ..engine.actions import Action
from ..engine.cards import Card, Seat, Suit
from ..engine.contract import Contract
from ..engine.deal import deck_mask, indices_of, mask_of, share_out
from ..engine.errors import RulesOptionError, quote
from ..engine.hand import Phase, SeatView
from ..engine.i18n import sentence
from ..engine.ranking import card_order
from ..engine.rng import DealRandom, derive_seed
from ..engine.rules import BidSpec, Rules
from .auction import Bias, action_values
from .bots import Bot
from .evaluate import discard, hand_strength
from .exchange import play_out
from .hints import hint
from .rulebot import advise

__all__ = ["PimcBot"]

#: Discards are chosen among this many more of the weakest cards than are put aside, for each trump.
_SPARE = 2


class PimcBot(Bot):
    """Plays cards by Monte Carlo over ``samples`` deals of the hidden cards; see the module text."""

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 40,
        bidding: Literal["rule", "pimc", "auction"] = "auction",
        read_bids: bool = True,
        exchange: Literal["rule", "pimc"] = "rule",
        bid_samples: int = 40,
        lone_samples: int | None = None,
        bid_bias: Mapping[str, Bias] | None = None,
    ) -> None:
        super().__init__(seed)
        lone = samples if lone_samples is None else lone_samples
        for name, value in (("samples", samples), ("bid_samples", bid_samples), ("lone_samples", lone)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise RulesOptionError(sentence("pimcbot.samples", name=name, value=quote(value)))
        if not isinstance(bidding, str) or bidding not in ("rule", "pimc", "auction"):  # str first: arrays compare
            raise RulesOptionError(
                sentence("pimcbot.option", name="bidding", value=quote(bidding), allowed="'rule', 'pimc', 'auction'")
            )
        if not isinstance(exchange, str) or exchange not in ("rule", "pimc"):
            raise RulesOptionError(
                sentence("pimcbot.option", name="exchange", value=quote(exchange), allowed="'rule', 'pimc'")
            )
        self.samples = samples
        #: Deals each card is judged on when the contract is played alone (by the bidder or against one): a card lost
        #: there costs a Mulot at once, and such hands are few enough to afford more deals.
        self.lone_samples = lone
        self.bidding = bidding
        self.exchange = exchange
        #: Deals of the unseen cards on which each exchange is played out.
        self.exchange_samples = samples
        #: Trumps considered in the exchange, the strongest first.
        self.exchange_trumps = 2
        # the exchange chosen at the first discard, kept for the next discards and the trump: (hand then, out, trump)
        self._plan: tuple[int, int, Suit] | None = None
        #: Deals of the unseen cards on which each bid is judged with ``bidding="auction"``.
        self.bid_samples = bid_samples
        #: Points a bid must gain over RuleBot's on those deals to be made instead of it: a point on 40 deals, less on
        #: more, as the noise of an average shrinks with the square root of its deals (half a point on 160).
        self.bid_margin = math.sqrt(40 / bid_samples)
        #: Points added to each contract's double-dummy value when bidding (:data:`~.auction.Bias`), for the rules of
        #: each variant named: a correction measured on one variant's scoring says nothing of another's.
        self.bid_bias: list[tuple[Rules, Bias]] = [(Rules.preset(v), dict(b)) for v, b in (bid_bias or {}).items()]
        #: Read the bidding as evidence about the hidden hands (see :func:`~charlemagne_learn.analysis.pimc.sample_hidden`).
        self.read_bids = read_bids

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase in (Phase.BIDDING, Phase.PLAY):
            self._plan = None  # an exchange plan lives for one hand's exchange only
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if self.exchange == "pimc" and view.phase in (Phase.DISCARD, Phase.TRUMP):
            planned = self._exchange(view, rng)
            # a plan the rules refuse (a card that may not be put aside) is left to RuleBot
            if planned is not None and planned in view.legal_actions:
                return planned
        if view.phase is Phase.BIDDING and self.bidding == "auction":
            bias = next((b for rules, b in self.bid_bias if rules == view.rules), None)
            values = action_values(view, self.bid_samples, rng.getrandbits(32), bias)
            rule = advise(view).action
            best = max(view.legal_actions, key=lambda a: (values[a], a == rule))
            # RuleBot's bid stands unless another is clearly worth more
            return best if values[best] - values[rule] >= self.bid_margin else rule
        graded = view.phase is Phase.PLAY or (view.phase is Phase.BIDDING and self.bidding == "pimc")
        if not graded:
            return advise(view).action
        # one seed per decision from the bot's own generator: a game replays exactly
        lone = view.phase is Phase.PLAY and view.contract is not None and view.contract.alone
        samples = self.lone_samples if lone else self.samples
        return hint(view, samples, rng.getrandbits(32), workers=1, bids=self.read_bids).best.action

    def _exchange(self, view: SeatView, rng: random.Random) -> Action | None:
        """The bidder's discards and trump together, the exchange worth the most points over sampled deals of the
        unseen cards (as :func:`~charlemagne_learn.analysis.exchange.exchange_hint` grades it); None to leave the
        choice to RuleBot (a bid without a trump to name, or trump named already)."""
        contract_spec = _pending_spec(view)
        if contract_spec is None:
            return None
        hand = mask_of(view.hand)
        put_aside = mask_of(view.discards)
        plan = self._plan
        # a plan made earlier in this hand holds while the cards are the same and only its discards went out
        if plan is not None and (plan[0] != hand | put_aside or put_aside & ~plan[1]):
            plan = None
        if plan is None and view.phase is Phase.DISCARD:
            plan = self._choose_exchange(view, contract_spec, hand, put_aside, rng.getrandbits(32))
            self._plan = plan
        if plan is None:
            return None
        _, out, trump = plan
        if view.phase is Phase.TRUMP:
            return Action.trump(trump)
        left = out & hand
        if not left:
            return None
        order = card_order(view.rules, trump)
        card = min(indices_of(left), key=lambda c: (order.power[c], c))
        return Action.discard(Card.from_index(card))

    def _choose_exchange(
        self, view: SeatView, spec: BidSpec, hand: int, put_aside: int, seed: int
    ) -> tuple[int, int, Suit]:
        """Every trump with every choice of the remaining discards among the weakest cards for it, each played out
        double dummy on the same deals of the unseen cards; the one with the most points on average (ties: the
        earlier candidate, RuleBot's own plan first)."""
        rules = view.rules
        count = len(view.hand) - rules.hand_size
        # the trumps the hand is strongest in (by RuleBot's rough count), each with the discards among its weakest
        # cards: a handful of candidates, so one exchange stays within a fraction of a second
        strength = {}
        for trump in Suit:
            order = card_order(rules, trump)
            strength[trump] = hand_strength(order, hand & ~discard(order, hand, count))
        trumps = sorted(Suit, key=lambda t: -strength[t])[: self.exchange_trumps]
        candidates: list[tuple[int, Suit]] = []
        for trump in trumps:
            weakest = discard(card_order(rules, trump), hand, min(count + _SPARE, hand.bit_count()))
            for combo in combinations(indices_of(weakest), count):
                candidates.append((sum(1 << c for c in combo), trump))
        unseen = indices_of(deck_mask(rules) & ~hand & ~put_aside)
        others = [s for s in Seat if s != view.seat]
        sizes = [view.hand_sizes[s.name] for s in others]
        totals = [0.0] * len(candidates)
        contracts = {t: Contract.cached(rules, spec, view.seat, t) for t in Suit}
        for i in range(self.exchange_samples):
            cards = list(unseen)
            DealRandom(derive_seed(seed, i)).shuffle(cards)
            hands, _ = share_out(cards, others, sizes)
            for k, (out, trump) in enumerate(candidates):
                hands[view.seat] = hand & ~out
                totals[k] += play_out(contracts[trump], hands)[0]
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        out, trump = candidates[best]
        return hand | put_aside, out | put_aside, trump

    def __repr__(self) -> str:
        blind = "" if self.read_bids else ", read_bids=False"
        exchange = "" if self.exchange == "rule" else f", exchange={self.exchange!r}"
        bid_samples = "" if self.bid_samples == 40 else f", bid_samples={self.bid_samples}"
        lone = "" if self.lone_samples == self.samples else f", lone_samples={self.lone_samples}"
        lone += "".join(f", bid_bias=<{rules.name}: {len(b)} contracts>" for rules, b in self.bid_bias)
        return (
            f"PimcBot(seed={self.seed}, samples={self.samples}, bidding={self.bidding!r}{bid_samples}{lone}{blind}"
            f"{exchange})"
        )


def _pending_spec(view: SeatView) -> BidSpec | None:
    """The bid whose exchange the seat is making, when it still has a trump to name after it."""
    if view.contract is not None or view.to_move != view.seat:
        return None
    if any(a.kind == "trump" for _, a in view.history):
        return None
    bidder_bid = next(((s, a) for s, a in reversed(view.bids) if a.kind == "bid"), None)
    if bidder_bid is None or bidder_bid[0] != view.seat:
        return None
    spec = view.rules.bid(bidder_bid[1].bid or "")
    # only the bids whose trump the bidder names after the exchange (a partner who may sit out is RuleBot's choice)
    if spec.trump != "after_exchange" or spec.avoid or spec.alone == "optional":
        return None
    return spec
