"""How a sensible player judges cards it cannot see past: which trump to name, what to discard, which card to pass.

Bid odds and the simple bots use these where the real player decides from their own cards only.
They are rules of thumb that players teach each other, not searches:

* a hand is worth roughly its top trumps, its trump length, its side aces and its voids (a void lets
  it ruff);
* discard from the shortest side suits first, low cards before high ones, keeping trumps and side
  aces (short suits become voids);
* the partner, asked for one card before trump is named, gives a joker, then an ace (a trick whatever
  the trump), then a jack (a top trump only if the bidder names its colour) — or, once trump is known,
  its best trump. Graded by the engine (:mod:`~charlemagne_learn.analysis.give`), an ace beats a jack;
* the chance that a hand makes a bid (:func:`bid_chance`): numeric bids from the hand's strength with a
  trick model fitted on played-out deals, take-all bids from the losers it holds, Mulot from its risky
  cards. RuleBot bids by it, and PIMC reads other players' bids through it.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.engine.deal import mask_of
>>> rules = cl.Rules.preset("canadian")
>>> hand = mask_of(cl.parse_cards("RJ JH AH KH 10H 7S 8C AC 8D 9D"))
>>> trump, out = best_trump(rules, hand, discards=2)
>>> trump.name, str(cl.engine.deal.cards_of(out))
('H', '8♣ 7♠')
>>> str(cl.Card.from_index(partner_card(rules, mask_of(cl.parse_cards("AS JC 7D")), None)))
'A♠'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

from ..engine.actions import Action
from ..engine.cards import SUITS, Rank, Suit
from ..engine.deal import indices_of
from ..engine.ranking import CardOrder, card_order
from ..engine.rules import BidSpec, Rules

__all__ = ["best_trump", "bid_chance", "discard", "hand_strength", "losers", "partner_card"]

_T = TypeVar("_T")

_ACE = int(Rank.ACE)
_KING = int(Rank.KING)
_JACK = int(Rank.JACK)
# What a trump is worth in tricks, by how many higher trumps the hand lacks: the top ones are sure winners,
# a trump with three or more above it can be over-trumped but still ruffs.
_TRUMP_VALUE = (1.0, 0.85, 0.7)
_LOW_TRUMP = 0.5
#: The aces and kings of the four suits, as a bit set of compact indices.
_ACES_AND_KINGS = sum(1 << (suit * 8 + rank) for suit in range(4) for rank in (_ACE, _KING))


def _per_order(make: Callable[[CardOrder], _T]) -> Callable[[CardOrder], _T]:
    """``make(order)`` worked out once per card order, kept by the order's id with the order beside it (so that its
    id cannot become another's): hashing a whole order would cost more than most of what is kept."""
    kept: dict[int, tuple[CardOrder, _T]] = {}

    def of(order: CardOrder) -> _T:
        found = kept.get(id(order))
        if found is None:
            found = kept[id(order)] = (order, make(order))
        return found[1]

    return of


def hand_strength(order: CardOrder, hand: int) -> float:
    """A rough count of the tricks ``hand`` (a bit set) takes with this card order's trump.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import mask_of
    >>> o = cl.card_order(cl.Rules.preset("canadian"), cl.Suit.S)
    >>> strong, weak = (mask_of(cl.parse_cards(h)) for h in ("RJ JS JC AS 9S AH 7D 8D", "7S 8S 9H 10H QD 8C 9C KC"))
    >>> hand_strength(o, strong) > hand_strength(o, weak)
    True
    """
    tables = _tables(order)
    trumps = hand & tables.trump_mask
    worth = tables.trumps.get(trumps)
    value, held, _, _ = _trump_worth(order, trumps) if worth is None else worth
    # the side kings and aces, suit after suit, then a ruff for each void side suit: added one at a time, left to
    # right, as they always were (the same float to the last bit; a 0.0 for a card not held changes no bit)
    clubs, diamonds, hearts, spades = tables.aces_and_kings
    c, d, h, s = clubs[hand & 255], diamonds[hand >> 8 & 255], hearts[hand >> 16 & 255], spades[hand >> 24 & 255]
    value = value + c[0] + c[1] + d[0] + d[1] + h[0] + h[1] + s[0] + s[1]
    if held < 2:
        return value
    clubs_void, diamonds_void, hearts_void, spades_void = tables.voids
    return (
        value
        + clubs_void[hand & 255]
        + diamonds_void[hand >> 8 & 255]
        + hearts_void[hand >> 16 & 255]
        + spades_void[hand >> 24 & 255]
    )


#: A suit's eight bits in a hand (suit ``s``: bits ``8s`` to ``8s + 7``) read as a holding, 0 to 255.
_HOLDINGS = range(256)
#: The tables of a suit that is not a side suit: it adds nothing.
_NO_WORTH: list[tuple[float, float]] = [(0.0, 0.0)] * 256
_NO_VOID: list[float] = [0.0] * 256
_NO_TOPS: list[int] = [0] * 256
_NO_DISCARDS: list[list[int]] = [[]] * 256


class _Tables:
    """What :func:`hand_strength`, :func:`losers` and :func:`discard` read of one card order, by table: a hint
    judges tens of thousands of hands, and each side suit of a hand is one of 256 holdings of its eight bits.

    For each plain suit, by its holding (the little jack, a trump, left out), as a side suit (the trump suit's
    tables give nothing): ``aces_and_kings``, what its king and ace add to a hand's strength (in that order, 0.0 for
    none); ``voids``, the ruff a void adds (0.5 or 0.0); ``tops_drawn`` and ``tops_undrawn``, its sure tricks once
    the trumps are drawn and while they are not; ``discards``, its cards' keys in the order of discards, lowest
    first. ``trumps``: the trump holdings met so far and what they are worth (:func:`_trump_worth`).
    """

    __slots__ = (
        "aces_and_kings",
        "discards",
        "tops_drawn",
        "tops_undrawn",
        "trump_keys",
        "trump_mask",
        "trumps",
        "voids",
    )

    def __init__(self, order: CardOrder) -> None:
        trump_suit = order.trump_suit
        self.trump_mask = 0 if trump_suit is None else order.suit_mask[trump_suit]
        self.trump_keys = keys = _discard_keys(order)
        self.trumps: dict[int, tuple[float, int, int, bool]] = {}
        self.aces_and_kings: list[list[tuple[float, float]]] = []
        self.voids: list[list[float]] = []
        self.tops_drawn: list[list[int]] = []
        self.tops_undrawn: list[list[int]] = []
        self.discards: list[list[list[int]]] = []
        for suit in range(4):
            if suit == trump_suit:
                worth, voids, drawn, undrawn, discards = _NO_WORTH, _NO_VOID, _NO_TOPS, _NO_TOPS, _NO_DISCARDS
            else:
                worth, voids, drawn, undrawn, discards = [], [], [], [], []
                mask, cards = order.suit_mask[suit], order.by_power[suit]
                for holding in _HOLDINGS:
                    held = (holding << suit * 8) & mask
                    length = held.bit_count()
                    adds = [0.0, 0.0]
                    if held >> (suit * 8 + _KING) & 1 and length >= 2:
                        adds[0] = 0.4 if held >> (suit * 8 + _ACE) & 1 else 0.25
                    if held >> (suit * 8 + _ACE) & 1:
                        adds[1] = 0.8 if length <= 4 else 0.5
                    worth.append((adds[0], adds[1]))
                    voids.append(0.0 if held else 0.5)
                    run = _run(cards, held)
                    tops = length if run >= len(cards) - length else run
                    drawn.append(tops)
                    undrawn.append(min(tops, 1))
                    discards.append(sorted(keys[c] + (length << 32) for c in indices_of(held)))
            self.aces_and_kings.append(worth)
            self.voids.append(voids)
            self.tops_drawn.append(drawn)
            self.tops_undrawn.append(undrawn)
            self.discards.append(discards)


_tables = _per_order(_Tables)


def _trump_worth(order: CardOrder, trumps: int) -> tuple[float, int, int, bool]:
    """What the trumps ``trumps`` (a bit set) are worth in :func:`hand_strength` and how many they are; for
    :func:`losers`, how many are sure tricks and whether they draw the opponents' trumps. Kept in :class:`_Tables`."""
    known = _tables(order).trumps
    worth = known.get(trumps)
    if worth is None:
        value = 0.0
        held = winners = 0
        drawn = True
        if order.trump_suit is not None:
            for pos, card in enumerate(order.trumps):
                if trumps >> card & 1:
                    missing = pos - held
                    value += _TRUMP_VALUE[missing] if missing < len(_TRUMP_VALUE) else _LOW_TRUMP
                    held += 1
            value += 0.3 * max(0, held - 3)  # long trumps win tricks once the others are drawn
            if order.trumps:
                # the unbroken run from the top counts, or every trump once the run draws the trumps missing
                run = _run(order.trumps, trumps)
                missing = len(order.trumps) - held
                drawn = run >= missing
                winners = held if drawn else run
        worth = known[trumps] = (value, held, winners, drawn)
    return worth


def discard(order: CardOrder, hand: int, count: int) -> int:
    """The ``count`` cards (a bit set) a player discards from ``hand``: shortest side suits first, low before high,
    side aces and trumps last."""
    if count <= 0:
        return 0
    tables = _tables(order)
    # each card's place in the order of discards, as one integer: class (trump, side ace, other), its suit's length
    # (not for trumps), power, then index (the earlier card first among equals); a side suit's keys by its holding
    clubs, diamonds, hearts, spades = tables.discards
    keys = clubs[hand & 255] + diamonds[hand >> 8 & 255] + hearts[hand >> 16 & 255] + spades[hand >> 24 & 255]
    if len(keys) < count:  # every trump comes after every side card
        fixed = tables.trump_keys
        keys += [fixed[c] for c in indices_of(hand & tables.trump_mask)]
    keys.sort()
    out = 0
    for key in keys[:count]:
        out |= 1 << (key & 63)
    return out


def _discard_keys(order: CardOrder) -> list[int]:
    """For :func:`discard`: each card's class (trump, side ace, other), power and index in one integer."""
    keys = []
    for card, (suit, power) in enumerate(zip(order.suit_of, order.power, strict=True)):
        rank_class = 2 if suit == order.trump_suit else 1 if card % 8 == _ACE else 0
        keys.append(rank_class << 40 | power << 8 | card)
    return keys


def best_trump(
    rules: Rules, hand: int, discards: int = 0, options: Sequence[Suit | None] | None = None
) -> tuple[Suit | None, int]:
    """The trump a player names from ``hand`` (a bit set) after discarding ``discards`` cards, and the discard.

    ``options`` are the trumps allowed (default: the four suits). Ties go to the first option.
    """
    return _best_trump(rules, hand, discards, None if options is None else tuple(options))


# Bid odds ask this for every plan of every sampled deal, and the plans of one deal (the bids that name trump after
# the exchange) ask it of the same hand: kept, they cost one judgement a deal instead of one a plan.
# The four suits are asked for as None: a suit's hash is a Python method, and a key of four of them cost more than
# many a judgement it looked up.
@lru_cache(maxsize=4096)
def _best_trump(
    rules: Rules, hand: int, discards: int, options: tuple[Suit | None, ...] | None
) -> tuple[Suit | None, int]:
    best: tuple[float, Suit | None, int] | None = None
    for trump in SUITS if options is None else options:
        order = card_order(rules, trump)
        out = discard(order, hand, discards)
        value = hand_strength(order, hand & ~out)
        if best is None or value > best[0]:
            best = (value, trump, out)
    assert best is not None, "best_trump needs at least one option"
    return best[1], best[2]


def partner_card(rules: Rules, hand: int, trump: Suit | None) -> int:
    """The card (an index) a partner passes to a lone bidder: its strongest, judged without trump if none is named."""
    if trump is not None:
        order = card_order(rules, trump)
        return max(indices_of(hand), key=lambda c: (order.power[c], -c))
    plain = card_order(rules, None)

    def value(card: int) -> tuple[int, int, int]:
        if card >= 32:
            return (3, plain.power[card], 0)
        return (2 if card % 8 == _ACE else 1 if card % 8 == _JACK else 0, card % 8, -card)

    return max(indices_of(hand), key=value)


# ---------------------------------------------------------------- chances of making a bid
def losers(order: CardOrder, hand: int) -> int:
    """Cards of ``hand`` (a bit set) that are not sure tricks under this card order.

    Sure tricks: trumps held in an unbroken run from the top — every trump counts once that run is
    at least as long as the trumps missing, since those are drawn by it — and, in each side suit, the
    run from its top card (all of the suit once the run outnumbers the suit's missing cards; only its
    first card while the opponents may still trump).

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import mask_of
    >>> o = cl.card_order(cl.Rules.preset("canadian"), cl.Suit.H)
    >>> losers(o, mask_of(cl.parse_cards("RJ BJ JH JD AH KH QH AS"))), losers(o, mask_of(cl.parse_cards("RJ JH AH AS KS 7C 8C 9D")))
    (0, 6)
    """
    tables = _tables(order)
    trumps = hand & tables.trump_mask
    worth = tables.trumps.get(trumps)
    _, _, winners, drawn = _trump_worth(order, trumps) if worth is None else worth
    # each side suit's run from its top: all of it once the trumps are drawn, else only its first card
    clubs, diamonds, hearts, spades = tables.tops_drawn if drawn else tables.tops_undrawn
    winners += clubs[hand & 255] + diamonds[hand >> 8 & 255] + hearts[hand >> 16 & 255] + spades[hand >> 24 & 255]
    return hand.bit_count() - winners


def _run(cards: Sequence[int], hand: int) -> int:
    """How many of ``cards`` (highest first) ``hand`` holds unbroken from the first."""
    run = 0
    for c in cards:
        if not hand >> c & 1:
            break
        run += 1
    return run


def _avoid_danger(rules: Rules, hand: int) -> int:
    """Cards likely to be forced to win a trick in a bid to take none: in each suit, the ``i``-th lowest card held
    is risky when more than ``2i + 1`` cards of the suit rank below it (a low card with enough lower cards out can
    still be made to win)."""
    clubs, diamonds, hearts, spades = _dangers(rules)
    return clubs[hand & 255] + diamonds[hand >> 8 & 255] + hearts[hand >> 16 & 255] + spades[hand >> 24 & 255]


@lru_cache(maxsize=16)
def _dangers(rules: Rules) -> tuple[list[int], ...]:
    """For :func:`_avoid_danger`, each suit's risky cards by its holding (the eight bits of the suit in a hand, the
    jokers apart): every hand a bid to take no trick is judged for (RuleBot's bids, its evidence from bids) reads
    one number a suit."""
    plain = card_order(rules, None)
    tables = []
    for suit in range(4):
        low_first = sorted(indices_of(plain.suit_mask[suit] & ~plain.joker_mask), key=lambda c: plain.power[c])
        table = []
        for holding in range(256):
            cards = holding << suit * 8
            danger = held = 0
            for below, c in enumerate(low_first):
                if cards >> c & 1:
                    danger += below > 2 * held + 1
                    held += 1
            table.append(danger)
        tables.append(table)
    return tuple(tables)


#: Tricks the bidder's side takes in a numeric bid, as ``a + b * strength`` of the bidder's hand with its best
#: trump, and the spread around it; fitted on 3,000 random deals per variant played out by the greedy bots
#: (strength: :func:`~charlemagne_learn.analysis.evaluate.hand_strength`; Canadian: after the kitty).
_TRICK_MODEL = {"kitty": (2.92, 0.74, 1.42), "8": (2.07, 0.77, 1.36), "6": (1.21, 0.77, 1.21)}
#: Chance of taking every trick by losers counted in the hand, for each way a take-all bid is played:
#: alone with no help, with the partner playing too, with one card from the partner, with the kitty and a card.
_TAKE_ALL_CHANCE = {
    "alone": (0.9, 0.05, 0.0),
    "team": (0.92, 0.45, 0.1),
    "partner_card": (0.92, 0.4, 0.05),
    "kitty_or_partner": (0.93, 0.45, 0.1),
    "kitty_and_partner": (0.95, 0.55, 0.2),
}
#: Chance of taking no trick with no risky card, and what each risky card and the low joker multiply it by.
_AVOID_CLEAN, _AVOID_RISK, _AVOID_LOW_JOKER, _AVOID_EXPOSED = 0.9, 0.45, 0.55, 0.85


def _normal_at_least(mean: float, need: int, spread: float) -> float:
    """Chance that a normal count with this mean and spread reaches ``need`` (with a continuity correction)."""
    return 0.5 * (1 + math.erf((mean - need + 0.5) / (spread * math.sqrt(2))))


def _take_all_way(spec: BidSpec) -> str:
    if spec.alone == "never" or spec.alone == "optional":
        return "team"
    return {"none": "alone", "partner": "partner_card"}.get(spec.exchange, spec.exchange)


def bid_chance(rules: Rules, hand: int, spec: BidSpec, action: Action) -> float:
    """RuleBot's estimate of the chance that ``hand`` (a bit set) makes ``spec``, bid as ``action``."""
    return judge(rules, hand).chance(spec, action)


@lru_cache(maxsize=4096)
def judge(rules: Rules, hand: int) -> _Judge:
    """The judge of one hand's bids, kept for the next question about the same hand: sampling reads the bids of
    many dealt hands, and judging a bid by the rest of the auction asks about the same hands bid after bid."""
    return _Judge(rules, hand)


class _Judge:
    """Values of bids for one hand, computing each trump's evaluation once."""

    # a hint makes thousands, most of them asked one question (a candidate deal's bid weighed as evidence)
    __slots__ = ("_asked", "_bids", "_chances", "_losers", "_strength", "hand", "rules")

    def __init__(self, rules: Rules, hand: int) -> None:
        self.rules = rules
        self.hand = hand
        # by trump's number (4: none), not keyed by the suit: a suit's hash is a Python method
        self._strength: list[float | None] = [None] * 5
        self._losers: list[int | None] = [None] * 5
        self._chances: dict[tuple[str, Action], float] = {}
        # by the action's id, the action kept beside (its id cannot become another's): the legal bids are the same
        # objects bid after bid, and an action's hash is a Python method
        self._bids: dict[int, tuple[BidSpec, float, float]] | None = None
        self._asked: list[Action] = []

    def strength(self, trump: Suit | None) -> float:
        at = 4 if trump is None else trump
        known = self._strength[at]
        if known is None:
            known = self._strength[at] = hand_strength(card_order(self.rules, trump), self.hand)
        return known

    def losers(self, trump: Suit | None) -> int:
        at = 4 if trump is None else trump
        known = self._losers[at]
        if known is None:
            known = self._losers[at] = losers(card_order(self.rules, trump), self.hand)
        return known

    def _strongest(self) -> float:
        """The strength with the best of the four suits as trump."""
        return max(self._each_suit(self._strength, hand_strength))

    def _fewest(self) -> int:
        """The losers with the best of the four suits as trump."""
        return min(self._each_suit(self._losers, losers))

    def _each_suit(self, kept: list[_T | None], measure: Callable[[CardOrder, int], _T]) -> list[_T]:
        """``measure`` of the hand with each of the four suits as trump, each worked out (and kept in ``kept``) in one
        loop, where most hands weighed are asked this once."""
        rules, hand = self.rules, self.hand
        values = []
        for suit in SUITS:
            known = kept[suit]
            if known is None:
                known = kept[suit] = measure(card_order(rules, suit), hand)
            values.append(known)
        return values

    def chance(self, spec: BidSpec, action: Action) -> float:
        """Chance that ``spec`` (bid as ``action``) is made by this hand."""
        key = (spec.name, action)  # one rules per judge: a bid's name says which it is
        known = self._chances.get(key)
        if known is None:
            known = self._chances[key] = self._chance(spec, action)
        return known

    def _chance(self, spec: BidSpec, action: Action) -> float:
        rules = self.rules
        if spec.avoid:
            return self._avoid_chance(spec)
        trumps: tuple[Suit | None, ...]
        if action.suit is not None:
            trumps = (action.suit,)
        elif action.no_trump or not spec.has_trump:
            trumps = (None,)
        else:
            trumps = SUITS
        if spec.numbered:
            a, b, spread = _TRICK_MODEL["kitty" if spec.exchange == "kitty" else str(rules.hand_size)]
            mean = a + b * (self._strongest() if trumps is SUITS else max(self.strength(t) for t in trumps))
            return _normal_at_least(mean, spec.tricks, spread)
        table = _TAKE_ALL_CHANCE[_take_all_way(spec)]
        fewest = self._fewest() if trumps is SUITS else min(self.losers(t) for t in trumps)
        return table[fewest] if fewest < len(table) else 0.0

    def _avoid_chance(self, spec: BidSpec) -> float:
        rules = self.rules
        p = _AVOID_CLEAN * _AVOID_RISK ** _avoid_danger(rules, self.hand)
        if rules.jokers:
            high, low = (32, 33) if rules.high_joker == "red" else (33, 32)
            if self.hand >> high & 1:
                return 0.0  # the high joker wins whenever it is played, and it must be played some time
            if self.hand >> low & 1:
                p *= _AVOID_LOW_JOKER  # safe only when an opponent holds the high joker
        if spec.exposed_after_first_trick:
            p *= _AVOID_EXPOSED
        return p

    def bid_value(self, action: Action) -> tuple[BidSpec, float, float]:
        """The bid ``action`` names and its :meth:`value`, kept: an auction asks a hand about the bids above the
        highest so far, and the next auction on the deal asks about most of them again."""
        bids = self._bids
        if bids is None:
            bids = self._bids = {}
        known = bids.get(id(action))
        if known is None:
            spec = self.rules.bid(action.bid or "")
            known = bids[id(action)] = (spec, *self.value(spec, action))
            self._asked.append(action)
        return known

    def value(self, spec: BidSpec, action: Action) -> tuple[float, float]:
        """(points expected for the bidder's team less the opponents', chance of making it)."""
        p = self.chance(spec, action)
        made, failed = (self.rules.target, self.rules.target) if spec.outright else (spec.made, spec.failed)
        return p * made - (1 - p) * failed, p
