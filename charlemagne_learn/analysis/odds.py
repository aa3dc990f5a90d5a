"""Bid odds: how likely each bid is to succeed from one hand, found by dealing the unseen cards again and again.

Each sample deals the cards the bidder cannot see (the other hands and the kitty) from a seeded
generator, then plays every bid the way it is really played:

* numeric bids take the kitty (Canadian) and discard, or name trump from the hand as dealt; the trump
  and the discard are chosen from the bidder's own cards (:mod:`~charlemagne_learn.analysis.evaluate`)
  when they are chosen after new cards arrive, and otherwise once for the whole hand — the suit that
  makes the bid most often, since a bidder picks one suit before seeing anything more;
* Charlemagne-type bids get the partner's best card (given before or after trump is named, as the
  rules say), the kitty too where the bid has it, and discard down to a full hand;
* Gros Charlemagne takes the kitty or the partner's card, whichever succeeds more often from this hand;
* Mulot, Gros Mulot and Le Petit keep their joker rules, and the right player leads.

Then each deal is either solved double-dummy (everyone plays perfectly, seeing all cards) or played
out by the greedy bots (:mod:`~charlemagne_learn.analysis.greedy`), so learners can compare "perfect" and
"realistic" odds. Probabilities come with 95% Wilson score intervals. Sample ``i`` depends only on
``seed`` and ``i``, so the same seed gives the same numbers however many processes share the work.

Modelling choices the rulebook leaves open: the defenders of a lone Maine Charlemagne defend
together (no lone defender); the dealer only matters where the rules give the dealer a duty.

>>> import charlemagne_learn as cl
>>> odds = cl.bid_odds(cl.Rules.preset("canadian"), "RJ BJ JH JD AH KH AS AC", samples=40, seed=1, workers=1)
>>> odds["5"].probability, odds["mulot"].probability
(1.0, 0.0)
>>> odds["charlemagne"].interval[0] > 0.5
True
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ..engine.cards import Card, CardList, Seat, Suit, parse_cards
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import cards_of, check_deal, deck_mask, indices_of, mask_of, share_out
from ..engine.errors import ContractError, HandError, RulesOptionError, quote
from ..engine.i18n import bid_name, lang_or_current, say, sentence
from ..engine.ranking import card_order
from ..engine.rng import DealRandom, check_seed, derive_seed
from ..engine.rules import BidSpec, Rules
from ..engine.scoring import bid_made, net_points
from . import dds, work
from .evaluate import best_trump, discard, partner_card
from .greedy import greedy_play_out
from .shown import bid_odds_html, bid_odds_text
from .solver import dds_first, searcher

__all__ = [
    "BidChance",
    "BidOdds",
    "Method",
    "bid_odds",
    "checked_hand",
    "deal_outcomes",
    "numeric_play",
    "trump_tricks",
    "wilson_interval",
]

Method = Literal["double_dummy", "bots"]
Progress = Callable[[int, int], None]

_Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Unlike the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` it stays inside [0, 1] and is not empty when every
    sample succeeds or every one fails, which is common here (an unbeatable hand makes 5 every time).

    >>> low, high = wilson_interval(0, 500)
    >>> low, round(high, 4)
    (0.0, 0.0076)
    """
    if isinstance(trials, int) and not isinstance(trials, bool) and trials <= 0:
        raise RulesOptionError(sentence("odds.no_trial"))
    trials = whole_number("trials", trials, 1)
    successes = whole_number("successes", successes, 0, trials, advice=sentence("odds.successes_advice"))
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not math.isfinite(z) or z <= 0:
        raise RulesOptionError(sentence("odds.bad_z", value=quote(z)))
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # at p = 0 or 1 the bound is exactly 0 or 1 (the formula leaves rounding dust)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


# ---------------------------------------------------------------- plans: how a bid is played
Goal = Literal["exact", "all", "none"]
Way = Literal["none", "kitty", "partner", "kitty_and_partner"]


@dataclass(frozen=True)
class _Plan:
    """One way to play a bid. Bids played the same way (5 to 8; Mulot and Gros Mulot) share a plan,
    so each sample solves it once."""

    trump: Suit | None  # the trump, when named once for the whole hand
    choose_trump: bool  # named per deal, from the bidder's cards after the exchange
    exchange: Way
    alone: bool
    partner_first: bool  # the partner's card is chosen before trump is named
    goal: Goal  # exact trick count (partnerships), take all (alone), take none (avoid bids)
    spec: BidSpec = field(compare=False)

    def describe(self) -> str:
        parts = []
        if self.exchange == "kitty":
            parts.append("takes the kitty")
        elif self.exchange == "partner":
            parts.append("takes the partner's card")
        elif self.exchange == "kitty_and_partner":
            parts.append("takes the kitty and the partner's card")
        if self.choose_trump:
            parts.append("names the best trump for the cards")
        elif self.trump is not None:
            parts.append(f"trump {self.trump.symbol}")
        elif self.spec.has_trump:
            parts.append("no trump")
        if self.alone and self.spec.alone == "optional":
            parts.append("alone")
        return ", ".join(parts)


def _plans(rules: Rules, spec: BidSpec) -> list[_Plan]:
    """Every way the bidder may play ``spec``; a row of the odds keeps the one that succeeds most often."""
    always = spec.alone == "always"

    def plan(
        trump: Suit | None,
        exchange: Way = "none",
        *,
        choose: bool = False,
        lone: bool = always,
        first: bool = rules.partner_card_first,
    ) -> _Plan:
        goal: Goal = "none" if spec.avoid else "all" if lone else "exact"
        return _Plan(trump, choose, exchange, lone, first, goal, spec)

    suits = tuple(Suit)
    if spec.trump == "none":
        return [plan(None)]
    if spec.trump == "with_bid":
        return [plan(s) for s in suits]
    if spec.trump == "with_bid_or_none":
        return [plan(s) for s in (*suits, None)]
    if spec.exchange == "kitty":
        return [plan(None, "kitty", choose=True)]
    if spec.exchange == "kitty_or_partner":  # the choice comes first, then the card, then trump
        return [plan(None, "kitty", choose=True), plan(None, "partner", choose=True, first=True)]
    if spec.exchange == "partner" or spec.exchange == "kitty_and_partner":
        together = [plan(s, lone=False) for s in suits] if spec.alone == "optional" else []
        if rules.partner_card_first:
            return [*together, plan(None, spec.exchange, choose=True, lone=True)]
        return [*together, *(plan(s, spec.exchange, lone=True) for s in suits)]
    return [plan(s) for s in suits]


_KEEPS_LESS = ", discarding the partner's card or both kitty cards when that does better"


def _reaches(plan: _Plan, other: _Plan) -> bool:
    """Can a bidder playing ``plan`` end the exchange with exactly the cards, trump and task of ``other``, on
    every deal? A bidder who takes the kitty and the partner's card (Charlemagne) may put aside the partner's
    card, or the two kitty cards, with the other discards and play the hand that took only the kitty or only the
    card (Gros Charlemagne): so it makes its bid whenever that hand does."""
    return (
        plan.exchange == "kitty_and_partner"
        and other.exchange in ("kitty", "partner")
        and plan.goal == other.goal == "all"
        and plan.alone
        and other.alone
        and plan.choose_trump
        and other.choose_trump
        # the same partner's card: both chosen before trump is named
        and (other.exchange == "kitty" or plan.partner_first == other.partner_first)
        and plan.spec.tricks == other.spec.tricks
        and plan.spec.bidder_leads == other.spec.bidder_leads
    )


# ---------------------------------------------------------------- one sample
def _sample(rules: Rules, hand: int, seat: int, seed: int, i: int) -> tuple[list[int], int]:
    """Deal ``i``: the unseen cards shuffled to the other three seats (clockwise) and the kitty."""
    unseen = indices_of(deck_mask(rules) & ~hand)
    # SplitMix64 streams from consecutive seeds are independent: sample i needs no earlier sample.
    DealRandom(derive_seed(seed, i)).shuffle(unseen)
    hands, kitty = share_out(unseen, [(seat + k) % 4 for k in range(1, 4)], [rules.hand_size] * 3)
    hands[seat] = hand
    return hands, kitty


def _setup(rules: Rules, plan: _Plan, bidder: int, hands: list[int], kitty: int) -> tuple[Contract, list[int]]:
    """The contract and the hands in play once the bidder has exchanged and named trump."""
    hands = list(hands)
    partner = (bidder + 2) % 4
    discards = 0
    if plan.exchange in ("kitty", "kitty_and_partner"):
        hands[bidder] |= kitty
        discards += rules.kitty_size
    if plan.exchange in ("partner", "kitty_and_partner"):
        card = partner_card(rules, hands[partner], None if plan.partner_first else plan.trump)
        hands[partner] ^= 1 << card
        hands[bidder] |= 1 << card
        discards += 1
    if plan.choose_trump:
        trump, out = best_trump(rules, hands[bidder], discards)
    else:
        trump = plan.trump
        out = discard(card_order(rules, trump), hands[bidder], discards)
    hands[bidder] &= ~out
    if plan.alone:
        hands[partner] = 0
    alone = plan.alone if plan.spec.alone == "optional" else None
    return Contract.cached(rules, plan.spec, Seat(bidder), trump, alone=alone), hands


def _by_dds(plan: _Plan, contract: Contract, method: Method) -> bool:
    """Does DDS count this deal's tricks (an exact count, where the compiled search cannot run)?"""
    return method != "bots" and plan.goal == "exact" and dds_first(contract)


def _value(plan: _Plan, contract: Contract, hands: list[int], method: Method) -> int:
    """Tricks the bidder's side takes; for the take-all and take-none goals, the bound that settles the bid: every
    trick or one fewer, no trick or one."""
    leader = int(contract.first_leader)
    if method == "bots":
        return greedy_play_out(contract, hands, leader)
    if _by_dds(plan, contract, method):
        return dds.dds_bidder_tricks(contract, hands, Seat(leader))
    # an exact count is the same whatever table the search starts from, so it goes on from the last deal's; the
    # bounds of the other goals are read as numbers too (deal_outcomes), so they start afresh, as every deal did
    search = searcher(contract, hands, fresh=plan.goal != "exact")
    n = hands[leader].bit_count()
    # A search stopped by its window says only which side of it the count lies; how far beyond depends on the
    # order it tried the cards in, which differs between the compiled and the pure search: the bound is the
    # window's edge, the same answer on any machine.
    if plan.goal == "all":
        return n if search.boundary(leader, n - 1, n) >= n else n - 1
    if plan.goal == "none":
        return 0 if search.boundary(leader, 0, 1) < 1 else 1
    return search.boundary(leader, -1, n + 1)


@dataclass(frozen=True)
class _Job:
    rules: Rules
    hand: int
    seat: int
    seed: int
    method: Method
    plans: tuple[_Plan, ...]


def _run(job: _Job, start: int, stop: int, call: int = 0) -> list[list[int]]:
    """Values of every plan on samples ``start`` to ``stop``: ``[plan][sample]``; in a worker, fewer once call
    ``call`` has been stopped (nobody reads them then)."""
    out: list[list[int]] = [[] for _ in job.plans]
    # the exact counts DDS answers wait for one call at the end (DDS shares a batch among its threads); their
    # places hold -1 until then
    for_dds: list[tuple[Contract, Sequence[int], Seat]] = []
    places: list[tuple[int, int]] = []
    for i in range(start, stop):
        if work.stopped(call):
            break
        hands, kitty = _sample(job.rules, job.hand, job.seat, job.seed, i)
        for p, (values, plan) in enumerate(zip(out, job.plans, strict=True)):
            contract, in_play = _setup(job.rules, plan, job.seat, hands, kitty)
            if _by_dds(plan, contract, job.method):
                for_dds.append((contract, in_play, contract.first_leader))
                places.append((p, len(values)))
                values.append(-1)
            else:
                values.append(_value(plan, contract, in_play, job.method))
    for (p, at), tricks in zip(places, dds.dds_bidder_tricks_many(for_dds), strict=True):
        out[p][at] = tricks
    return out


def _run_chunk(args: tuple[_Job, int, int, int]) -> list[list[int]]:
    return _run(*args)


def deal_outcomes(
    rules: Rules, hands: Sequence[int], kitty: int, seat: Seat | str = "N", method: Method = "double_dummy"
) -> dict[str, list[tuple[str, int, bool]]]:
    """For one full deal (hands and kitty as bit sets, by seat), every bid ``seat`` could make, played every way
    the bidder may play it: ``{bid: [(how, tricks, made), ...]}``.

    ``tricks`` is what the bidder's side takes; for bids to take every trick or none it may be a bound
    (it always settles ``made``). A bid is makeable when any of its ways is made.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import deal_hands
    >>> rules = cl.Rules.preset("canadian")
    >>> hands, kitty = deal_hands(rules, cl.Seat.W, seed=3)
    >>> out = deal_outcomes(rules, hands, kitty, "N")
    >>> sorted(out) == sorted(b.name for b in rules.bids), len(out["gros_charlemagne"])
    (True, 2)
    """
    bidder = int(Seat.find(seat))
    if method not in get_args(Method):
        raise RulesOptionError(sentence("odds.bad_method", method=quote(method)))
    hand_list = list(hands)
    if len(hand_list) != 4:
        raise HandError(sentence("odds.four_hands"))
    check_deal(rules, hand_list, kitty)
    rows = [(spec, _plans(rules, spec)) for spec in rules.bids]
    solved: dict[_Plan, int] = {}
    for _, plans in rows:
        for plan in plans:
            if plan not in solved:
                contract, in_play = _setup(rules, plan, bidder, hand_list, kitty)
                solved[plan] = _value(plan, contract, in_play, method)
    out: dict[str, list[tuple[str, int, bool]]] = {}
    for spec, plans in rows:
        ways = []
        for plan in plans:
            within = [solved[q] for q in solved if _reaches(plan, q)]
            value = max([solved[plan], *within])
            how = plan.describe() + (_KEEPS_LESS if within else "")
            ways.append((how, value, bid_made(spec, value)))
        out[spec.name] = ways
    return out


def trump_tricks(
    rules: Rules, hands: Sequence[int], kitty: int, seat: Seat | str = "N", method: Method = "double_dummy"
) -> dict[Suit | None, int]:
    """For one full deal, the tricks ``seat``'s side takes in the lowest numeric bid with each trump it may name
    (no-trump too where the bids allow it), after the exchange that bid makes (Canadian: kitty, best discard).

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import deal_hands
    >>> rules = cl.Rules.preset("american")
    >>> hands, kitty = deal_hands(rules, cl.Seat.W, seed=3)
    >>> sorted(trump_tricks(rules, hands, kitty, "N").items(), key=str)
    [(<Suit.C: 0>, 3), (<Suit.D: 1>, 0), (<Suit.H: 2>, 2), (<Suit.S: 3>, 2)]
    """
    bidder = int(Seat.find(seat))
    hand_list = list(hands)
    check_deal(rules, hand_list, kitty)
    spec = rules.numbered_bids[0]
    trumps: tuple[Suit | None, ...] = (*Suit, None) if spec.trump == "with_bid_or_none" else tuple(Suit)
    exchange: Way = "kitty" if spec.exchange == "kitty" else "none"
    out: dict[Suit | None, int] = {}
    for trump in trumps:
        plan = _Plan(trump, False, exchange, False, rules.partner_card_first, "exact", spec)
        contract, in_play = _setup(rules, plan, bidder, hand_list, kitty)
        out[trump] = _value(plan, contract, in_play, method)
    return out


def numeric_play(
    rules: Rules, hands: Sequence[int], kitty: int, seat: Seat | str = "N", method: Method = "double_dummy"
) -> tuple[Suit | None, int]:
    """How ``seat`` plays the lowest numeric bid on one full deal, as :func:`deal_outcomes` plays it: the trump
    named (where trump is named after the exchange, the one the bidder's own cards point to; where it is named
    in the bid, the best one) and the tricks the bidder's side then takes.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import deal_hands
    >>> rules = cl.Rules.preset("american")
    >>> hands, kitty = deal_hands(rules, cl.Seat.W, seed=3)
    >>> numeric_play(rules, hands, kitty, "N")
    (<Suit.C: 0>, 3)
    """
    bidder = int(Seat.find(seat))
    hand_list = list(hands)
    check_deal(rules, hand_list, kitty)
    spec = rules.numbered_bids[0]
    best: tuple[Suit | None, int] | None = None
    for plan in _plans(rules, spec):
        contract, in_play = _setup(rules, plan, bidder, hand_list, kitty)
        tricks = _value(plan, contract, in_play, method)
        if best is None or tricks > best[1]:
            best = (contract.trump, tricks)
    assert best is not None  # every bid has a way to be played
    return best


# ---------------------------------------------------------------- results
@dataclass(frozen=True, kw_only=True)
class BidChance:
    """The odds of one bid: ``made`` successes in ``samples`` deals, and how the bid was played."""

    bid: str
    label: str
    made: int
    samples: int
    how: str
    #: Mean points of the bidder's team minus the opponents' per hand (None when the bid decides the game).
    expected_points: float | None
    #: Every way the bid could be played, how often each succeeded and its expected points, e.g.
    #: ``(("trump ♠", 312, 1.7), ...)``; the row reports the way that succeeds most often.
    ways: tuple[tuple[str, int, float | None], ...] = ()

    @property
    def probability(self) -> float:
        return self.made / self.samples

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`probability`."""
        return wilson_interval(self.made, self.samples)

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The bid, its chance and the 95% interval, in ``lang`` (the course's language by default).

        >>> print(BidChance(bid="6", label="6", made=45, samples=50, how="", expected_points=None).text("fr"))
        6 : 90 % (intervalle à 95 % : 79 % à 96 %)
        """
        language = lang_or_current(lang)
        low, high = self.interval
        return say(
            "odds.chance", language, label=bid_name(self.label, language), p=self.probability, low=low, high=high
        )


@dataclass(frozen=True, kw_only=True)
class BidOdds:
    """Every bid's :class:`BidChance` for one hand, low bid to high, with what produced them."""

    rules: Rules
    hand: CardList
    seat: Seat
    dealer: Seat
    samples: int
    seed: int
    method: Method
    chances: tuple[BidChance, ...]

    def __getitem__(self, bid: str) -> BidChance:
        name = self.rules.bid(bid).name
        for chance in self.chances:
            if chance.bid == name:
                return chance
        raise ContractError(
            sentence("odds.no_row", bid=quote(bid))
        )  # pragma: no cover - every bid of the ladder has a row

    def __iter__(self) -> Iterator[BidChance]:
        return iter(self.chances)

    def __len__(self) -> int:
        return len(self.chances)

    def __repr__(self) -> str:
        return (
            f"<BidOdds {self.rules.title}, {self.seat.word} holding {self.hand}: {len(self.chances)} bids, "
            f"{self.samples} samples, seed {self.seed}, {self.method}>"
        )

    def __str__(self) -> str:
        return bid_odds_text(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's plain-text form: the numbers, where no HTML is shown (a terminal, a saved notebook read as text)
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return bid_odds_html(self)


# ---------------------------------------------------------------- the public function
def checked_hand(rules: Rules, hand: Iterable[Card | str] | str) -> CardList:
    """``hand`` (cards, or their text) as a sorted :class:`CardList`, once it is a whole hand of ``rules``:
    ``rules.hand_size`` different cards, all of the deck. A :class:`HandError` says what is wrong otherwise."""
    cards = parse_cards(hand)
    mask = mask_of(cards)
    if len(cards) != rules.hand_size or mask.bit_count() != rules.hand_size:
        raise HandError(
            sentence(
                "odds.hand_size", n=rules.hand_size, title=rules.named(), got=len(cards), different=mask.bit_count()
            )
        )
    if mask & ~deck_mask(rules):
        language = lang_or_current(None)
        raise HandError(
            sentence(
                "odds.not_in_deck",
                language,
                cards=str(cards_of(mask & ~deck_mask(rules))),
                title=rules.named(language),
                size=rules.deck_size,
                low=rules.low_rank,
                jokers=say("odds.two_jokers", language) if rules.jokers else "",
            )
        )
    return CardList(sorted(cards))


#: The most samples one call may ask for: enough for intervals narrower than a tenth of a percent.
MAX_SAMPLES = 1_000_000


def bid_odds(
    rules: Rules | str,
    hand: Iterable[Card | str] | str,
    seat: Seat | str = "N",
    dealer: Seat | str = "W",
    samples: int = 500,
    seed: int = 0,
    method: Method = "double_dummy",
    *,
    progress: Progress | None = None,
    workers: int | None = None,
) -> BidOdds:
    """For every bid of ``rules``, the chance it succeeds when ``seat`` holds ``hand`` and bids it.

    ``method``: ``"double_dummy"`` (perfect play, all cards seen) or ``"bots"`` (the greedy players).
    ``progress(done, total)`` is called as samples finish. ``workers``: processes to use (default: one per CPU
    this process may use, at most 8, :mod:`~charlemagne_learn.analysis.work`; 1 runs everything here). Same
    ``seed``, same numbers, however many work. A call stopped part way (the Stop button, or ``progress``
    raising) takes back the work it had handed out before it ends. Every sample asked for is solved, whatever the
    machine's speed: the answer is a function of the hand, the rules, ``samples`` and ``seed`` only.
    """
    rules = Rules.find(rules)
    cards = checked_hand(rules, hand)
    bidder, dealer_seat = Seat.find(seat), Seat.find(dealer)
    samples = whole_number("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    if method not in get_args(Method):
        raise RulesOptionError(sentence("odds.bad_method", method=quote(method)))
    workers = work.check_workers(workers)
    if progress is not None and not callable(progress):
        raise RulesOptionError(sentence("odds.progress"))

    rows = [(spec, _plans(rules, spec)) for spec in rules.bids]
    plans: list[_Plan] = []
    for _, candidates in rows:
        plans += [p for p in candidates if p not in plans]
    job = _Job(rules, mask_of(cards), int(bidder), seed, method, tuple(plans))
    values = _solve_all(job, samples, workers, progress)

    chances = []
    for spec, candidates in rows:
        ways = []
        for plan in candidates:
            results = values[plans.index(plan)]
            how = plan.describe()
            within = [values[plans.index(q)] for q in plans if _reaches(plan, q)]
            if within:
                # the bidder holds every card the smaller exchange would hold: on each deal it keeps the better
                results = [max(own, *(other[i] for other in within)) for i, own in enumerate(results)]
                how += _KEEPS_LESS
            expected = None if spec.outright else _expected_points(rules, spec, bidder, plan, results)
            ways.append((how, sum(bid_made(spec, v) for v in results), expected))
        how, made, expected = max(ways, key=lambda way: way[1])  # the first of equals: max keeps it
        chances.append(
            BidChance(
                bid=spec.name,
                label=spec.label,
                made=made,
                samples=samples,
                how=how,
                expected_points=expected,
                ways=tuple(ways),
            )
        )
    return BidOdds(
        rules=rules,
        hand=cards,
        seat=bidder,
        dealer=dealer_seat,
        samples=samples,
        seed=seed,
        method=method,
        chances=tuple(chances),
    )


def _expected_points(rules: Rules, spec: BidSpec, bidder: Seat, plan: _Plan, values: Sequence[int]) -> float:
    """Mean of (bidder's team points - opponents' points) over the samples."""
    trump = plan.trump if plan.trump is not None or not spec.has_trump or spec.trump == "with_bid_or_none" else Suit.S
    alone = plan.alone if spec.alone == "optional" else None
    contract = Contract.cached(rules, spec, bidder, trump, alone=alone)
    return sum(net_points(contract, v) for v in values) / len(values)


def _solve_all(job: _Job, samples: int, workers: int, progress: Progress | None) -> list[list[int]]:
    """Every plan's value on every sample, in sample order, in chunks so ``progress`` hears about each."""
    chunk = max(5, min(50, samples // (4 * workers) or 1))
    bounds = [(start, min(start + chunk, samples)) for start in range(0, samples, chunk)]
    values: list[list[int]] = [[] for _ in job.plans]

    def collect(part: list[list[int]], done: int) -> None:
        for acc, new in zip(values, part, strict=True):
            acc += new
        if progress is not None:
            progress(done, samples)

    def here(first: int) -> list[list[int]]:
        """The samples from ``first`` on, in this process."""
        for start, stop in bounds:
            if stop <= first:
                continue
            collect(_run(job, max(start, first), stop), stop)
        return values

    if workers == 1 or len(bounds) == 1 or sys.platform == "emscripten":  # Pyodide (JupyterLite) has no processes
        return here(0)
    call = work.next_call()
    try:
        with work.POOL_LOCK:
            pool, stops = work.shared_pool(workers)
            futures = [pool.submit(_run_chunk, (job, a, b, call)) for a, b in bounds]
    except (OSError, BrokenProcessPool):  # no processes here (JupyterLite), or a worker died since the last call
        with work.POOL_LOCK:
            work.drop_shared_pool()
        return here(0)
    try:
        for (_, stop), future in zip(bounds, futures, strict=True):
            try:
                part = future.result()
            except BrokenProcessPool:  # a worker died (killed, out of memory): do the rest in this process
                with work.POOL_LOCK:
                    work.drop_shared_pool(pool)
                return here(len(values[0]))
            except CancelledError:  # a call from another thread asked for another size and replaced the pool
                return here(len(values[0]))
            collect(part, stop)
    except BaseException:
        # Stop pressed (KeyboardInterrupt), or progress raised: nothing of this call may stay queued or running,
        # or the next call would wait behind it and the interpreter's exit would too
        work.take_back(futures, stops, call, wait=True)
        raise
    return values
