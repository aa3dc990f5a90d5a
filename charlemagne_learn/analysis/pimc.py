"""Perfect-information Monte Carlo: judge a seat's card play by solving many deals of the cards it cannot see.

From one seat's view the hidden cards are dealt again and again, each time consistent with
everything the seat has seen: its own hand, the cards played, any hand shown to all, the card it
passed to a lone bidder, and the suits each player has shown out of (a player who did not follow
the led suit holds none of it; in Mulot one who did not follow and did not play a joker holds no
joker). The bids count as evidence too: deals are kept in proportion to how likely their hands were
to bid as the players did. Each deal is solved double-dummy, and every legal card gets the mean
number of tricks the bidder's side goes on to take.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
>>> for a in ["bid 6", "pass", "pass", "pass"]:
...     state.apply(a)
>>> while state.phase is not cl.Phase.PLAY:
...     state.apply(state.legal_actions()[0])
>>> values = card_values(state.view(state.to_move), samples=4, seed=1)
>>> sorted(values) == sorted(state.hand(state.to_move))
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import TypeVar

from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.deal import deck_mask, indices_of, mask_of, share_out
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import sentence
from ..engine.ranking import JOKER_SUIT
from ..engine.rng import DealRandom
from ..engine.rules import BidSpec
from .evaluate import bid_chance
from .solver import solve_positions

_T = TypeVar("_T")

__all__ = ["card_values", "play_outcomes", "sample_hidden", "shown_out"]


def shown_out(view: SeatView) -> list[int]:
    """For each seat (by number), the effective suits (a bit set of 0-4) it has shown out of in play so far.

    A player who did not follow the led suit has none of it; in Mulot one who did not follow and did not
    play a joker holds no joker either (it would have had to play one): the jokers' suit counts as shown out.
    """
    assert view.contract is not None
    order = view.contract.order
    void = [0, 0, 0, 0]
    plays = [(t.seats, t.cards) for t in view.tricks]
    if view.trick:
        plays.append((tuple(s for s, _ in view.trick), tuple(c for _, c in view.trick)))
    for seats, cards in plays:
        led = order.suit_of[cards[0].index]
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if order.suit_of[card.index] != led:
                void[seat] |= 1 << led
                if order.void_must_play_joker and card.index < 32:
                    void[seat] |= 1 << JOKER_SUIT
    return void


def _shown_out(view: SeatView) -> dict[Seat, int]:
    """For each seat, the cards it cannot hold: those of the suits it has shown out of."""
    assert view.contract is not None
    masks = view.contract.order.suit_mask
    return {
        s: sum(masks[suit] for suit in range(5) if suits >> suit & 1)
        for s, suits in zip(Seat, shown_out(view), strict=True)
    }


def sample_hidden(view: SeatView, samples: int, seed: int, *, bids: bool = True) -> Iterator[dict[Seat, int]]:
    """Deals of the hidden cards consistent with ``view``: each active seat's cards as a bit set.

    The cards not dealt to a seat in play (the kitty, discards, a sitting-out partner's hand) are
    left out, as they take no part in the rest of the hand. With ``bids``, the deals also follow what
    the bidding said about the hands (see :func:`_bid_evidence`).
    """
    pool, open_seats, need, barred, known = _constraints(view)
    rng = DealRandom(seed)
    dealer = _Dealer(pool, open_seats, need, barred, known)
    if not bids:
        for _ in range(samples):
            yield dealer.deal(rng)
        return
    # Bids as evidence: deal several times as many candidates and keep each in proportion to how likely its
    # hands were to bid as the players did (RuleBot's judgement of a hand), so a player who bid Charlemagne
    # is dealt strong cards and one who passed is not dealt a sure 8.
    played = {s: 0 for s in Seat}
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat] |= 1 << card.index
    for seat, card in view.trick:
        played[seat] |= 1 << card.index
    weigh = _bid_evidence(view, [s for s in open_seats], played)
    yield from likely_deals(rng, lambda: dealer.deal(rng), weigh, samples, _CANDIDATES)


#: Deals are kept block by block, this many at a time: the deals of ``n`` samples are then the first ``n`` of any
#: larger number's (same seed), so more samples refine an answer instead of starting it again.
BLOCK = 8


def likely_deals(
    rng: DealRandom, draw: Callable[[], _T], weigh: Callable[[_T], float], samples: int, look: int
) -> Iterator[_T]:
    """``samples`` deals made by ``draw``, each kept in proportion to its weight: in each block, ``look`` times as
    many candidates as are kept (:func:`keep_likely`), blocks drawn one after the other as they are needed."""
    made = 0
    while made < samples:
        kept = keep_likely(rng, [draw() for _ in range(look * BLOCK)], weigh, BLOCK)
        yield from kept[: samples - made]
        made += len(kept)


def deals_before_exchange(view: SeatView, rng: DealRandom, samples: int, look: int) -> Iterator[HandState]:
    """The hand as it stands in ``view`` on ``samples`` deals of every card the seat does not hold (the other
    hands and the kitty), the bids so far read as evidence (``look`` candidates per deal kept): for the decisions
    made before any card changes hands, a bid or the bidder's choice. Drawn as they are asked for."""
    rules = view.rules
    me = view.seat
    hand = mask_of(view.hand)
    others = [s for s in Seat if s != me]
    unseen = indices_of(deck_mask(rules) & ~hand)
    sizes = [view.hand_sizes[s.name] for s in others]

    def draw() -> tuple[dict[Seat, int], int]:
        cards = list(unseen)
        rng.shuffle(cards)
        hands, kitty = share_out(cards, others, sizes)
        hands[me] = hand
        return dict(zip(Seat, hands, strict=True)), kitty

    weigh_hands = _bid_evidence(view, others, dict.fromkeys(Seat, 0))
    before = [a for _, a in view.history]
    for hands, kitty in likely_deals(rng, draw, lambda d: weigh_hands(d[0]), samples, look):
        start = HandState(rules, view.dealer, [hands[s] for s in Seat], kitty)
        for action in before:
            start.apply(action)
        yield start


def keep_likely(rng: DealRandom, candidates: list[_T], weigh: Callable[[_T], float], samples: int) -> list[_T]:
    """``samples`` of the ``candidates``, each kept in proportion to its weight, in their first order."""
    # Weighted sampling without replacement (Efraimidis-Spirakis: keep the largest u ** (1 / weight)): likely
    # deals are kept more often, and the deals kept stay distinct, so no sample is spent twice on one deal.
    keyed = [((rng.below(1 << 52) + 1) / (1 << 52)) ** (1 / weigh(deal)) for deal in candidates]
    chosen = sorted(range(len(candidates)), key=lambda i: -keyed[i])[:samples]
    return [candidates[i] for i in sorted(chosen)]


def _constraints(
    view: SeatView,
) -> tuple[int, list[Seat], dict[Seat, int], dict[Seat, int], dict[Seat, int]]:
    """What ``view`` tells of the hidden cards: the ``pool`` of cards to deal, the seats with cards to fill, how
    many each one ``need``, the cards each is ``barred`` from and the cards ``known`` to be in a hand."""
    if view.contract is None or view.phase is not Phase.PLAY:
        raise IllegalActionError(sentence("pimc.not_started"))
    contract = view.contract
    me = view.seat
    known: dict[Seat, int] = {me: mask_of(view.hand)}
    for name, cards in view.exposed.items():
        known[Seat.find(name)] = mask_of(cards)
    gone = mask_of(c for t in view.tricks for c in t.cards) | mask_of(c for _, c in view.trick) | mask_of(view.discards)
    barred = _shown_out(view)
    for seat, act in view.history:
        # The card this seat passed to its lone partner is not in the partner's hand for sure: the partner then
        # discarded face down, and may have discarded it. It is with the partner or out of play, nowhere else.
        if seat == me and act.kind == "give" and act.card is not None and not gone >> act.card.index & 1:
            for other in contract.active_seats:
                if other != seat.partner:
                    barred[other] |= 1 << act.card.index
    pool = deck_mask(contract.rules) & ~gone & ~sum(known.values())
    need = {s: view.hand_sizes[s.name] - known.get(s, 0).bit_count() for s in contract.active_seats}
    open_seats = sorted((s for s in need if need[s] > 0), key=lambda s: bin(pool & ~barred[s]).count("1"))
    return pool, open_seats, need, barred, known


#: Candidate deals per deal kept when weighing bids as evidence.
_CANDIDATES = 4
#: The least weight a bid gives a hand: players misjudge, and a bid never rules a hand out.
_FLOOR = 0.05


def _bid_evidence(view: SeatView, seats: list[Seat], played: dict[Seat, int]) -> Callable[[dict[Seat, int]], float]:
    """How likely a deal's hands were to bid as ``seats`` did, by RuleBot's judgement: each bid weighs its chance
    of being made. Passes are not read: players pass for many reasons, and weighing them made PimcBot play
    worse in the tournament (benchmarks/RESULTS.md)."""
    rules = view.rules
    top_numeric = rules.numbered_bids[-1]
    # each bid read once here, not once a candidate deal (a hint weighs over a thousand)
    relevant: list[tuple[Seat, BidSpec, Action]] = []
    for seat, act in view.bids:
        if seat not in seats or act.kind != "bid" or act.bid is None:
            continue
        spec = rules.bid(act.bid)
        if not spec.avoid and not spec.numbered:
            # Almost no hand is sure to take every trick, so the chance of a take-all bid says too little
            # about most deals; the chance of the top numeric bid grades them by strength instead.
            spec = top_numeric
            act = (
                Action.bid_(spec.name, act.suit, no_trump=act.no_trump)
                if spec.trump in ("with_bid", "with_bid_or_none")
                else Action.bid_(spec.name)
            )
        relevant.append((seat, spec, act))

    def weigh(deal: dict[Seat, int]) -> float:
        weight = 1.0
        for seat, spec, act in relevant:
            weight *= max(_FLOOR, bid_chance(rules, deal[seat] | played[seat], spec, act))
        return weight

    return weigh


class _Dealer:
    """Deals of the ``pool`` consistent with what the seat has seen; never fails when one exists.

    Each deal takes the hidden cards in random order, and each goes to a seat with room for it, chosen in
    proportion to that room (with no constraints this is a fair deal), or to the cards out of play (the kitty,
    discards, a sitting-out hand), which may hold anything. A choice after which the other cards could no longer
    all be placed is never taken. That is Hall's condition: every set ``T`` of seats must be offered at least as
    many of the cards left as it has room for. Its slack (cards offered less room) is kept for each of the at
    most seven sets; a card of group ``g`` (the seats that may hold it) placed in seat ``i`` takes one from the
    slack of every set meeting ``g`` and gives one back to every set holding ``i``, so the choice is safe unless
    some set with no slack meets ``g`` without holding ``i``. What does not change between deals is worked out
    once, here.
    """

    def __init__(
        self, pool: int, seats: list[Seat], need: dict[Seat, int], barred: dict[Seat, int], known: dict[Seat, int]
    ) -> None:
        n = len(seats)
        self.seats, self.known = seats, known
        self.cards = indices_of(pool)
        self.room = [need[s] for s in seats]
        self.out_of_play = len(self.cards) - sum(self.room)
        # Each card's group: the bit set of the seats (by position in ``seats``) allowed to hold it. (Seats index
        # lists, not dicts, here: hashing a Seat costs more than the rest of a deal.)
        bars = [barred[s] for s in seats]
        self.group = {c: sum(1 << i for i in range(n) if not bars[i] >> c & 1) for c in self.cards}
        self.sets = range(1, 1 << n)
        self.slack = [0] * (1 << n)
        for t in self.sets:
            offered = sum(1 for g in self.group.values() if g & t)
            self.slack[t] = offered - sum(self.room[i] for i in range(n) if t >> i & 1)
        if self.out_of_play < 0 or min((self.slack[t] for t in self.sets), default=0) < 0:
            raise IllegalActionError(sentence("pimc.inconsistent"))
        self.meets, self.without, self.change = _set_tables(n)
        # No seat barred from any card (no one has shown out yet, as at the opening lead): no set of seats can
        # run short, and a deal needs no slack kept (see _deal_free).
        self.free = all(g == (1 << n) - 1 for g in self.group.values())

    def deal(self, rng: DealRandom) -> dict[Seat, int]:
        if self.free:
            return self._hands(self._deal_free(rng))
        n = len(self.seats)
        cards = list(self.cards)
        rng.shuffle(cards)
        room = list(self.room)
        out_of_play = self.out_of_play
        slack = list(self.slack)
        tight = sum(1 << t for t in self.sets if slack[t] == 0)
        meets, without, change = self.meets, self.without, self.change
        dealt = [0] * n
        for card in cards:
            group = self.group[card]
            danger = meets[group] & tight
            options = [i for i in range(n) if group >> i & 1 and room[i] and not danger & without[i]]
            weights = [room[i] for i in options]
            if out_of_play and not danger:
                options.append(n)
                weights.append(out_of_play)
            place = options[_weighted(rng, weights)] if len(options) > 1 else options[0]
            if place == n:
                out_of_play -= 1
            else:
                room[place] -= 1
                dealt[place] |= 1 << card
            for t, d in change[group, place]:
                slack[t] += d
                tight = tight | 1 << t if slack[t] == 0 else tight & ~(1 << t)
        return self._hands(dealt)

    def _deal_free(self, rng: DealRandom) -> list[int]:
        """:meth:`deal` when no seat is barred from any card: the same choices from the same draws (each card to a
        seat with room or out of play, in proportion to the room), with none of the slack kept, as no choice can
        leave a set of seats short. About three times as fast: this is most of a hint's dealing."""
        n = len(self.seats)
        cards = list(self.cards)
        rng.shuffle(cards)
        room = list(self.room)
        out_of_play = self.out_of_play
        left = sum(room) + out_of_play
        places = sum(1 for r in room if r) + (1 if out_of_play else 0)
        dealt = [0] * n
        below = rng.below
        for card in cards:
            place = 0
            if places > 1:
                draw = below(left)
                while place < n and draw >= room[place]:
                    draw -= room[place]
                    place += 1
            else:
                while place < n and not room[place]:
                    place += 1
            left -= 1
            if place == n:
                out_of_play -= 1
                places -= not out_of_play
            else:
                room[place] -= 1
                dealt[place] |= 1 << card
                places -= not room[place]
        return dealt

    def _hands(self, dealt: list[int]) -> dict[Seat, int]:
        hands = dict(self.known)
        for i, cards_dealt in enumerate(dealt):
            if cards_dealt:
                hands[self.seats[i]] = hands.get(self.seats[i], 0) | cards_dealt
        return hands


@functools.cache
def _set_tables(n: int) -> tuple[list[int], list[int], dict[tuple[int, int], list[tuple[int, int]]]]:
    """For ``n`` seats to fill, as bit sets over the sets ``T`` of seats: those meeting each group ``g``, those not
    holding seat ``i`` (out of play, ``i == n``: every set), and for each (group, place) the change a card makes to
    each set's slack. They depend on ``n`` alone, so each is worked out once."""
    sets = range(1, 1 << n)
    meets = [sum(1 << t for t in sets if t & g) for g in range(1 << n)]
    without = [sum(1 << t for t in sets if not t >> i & 1) for i in range(n)]
    without.append(sum(1 << t for t in sets))
    change = {
        (g, place): [(t, d) for t in sets if (d := (1 if place < n and t >> place & 1 else 0) - (1 if t & g else 0))]
        for g in range(1 << n)
        for place in range(n + 1)
    }
    return meets, without, change


def _deal_one(
    rng: DealRandom,
    pool: int,
    seats: list[Seat],
    need: dict[Seat, int],
    barred: dict[Seat, int],
    known: dict[Seat, int],
) -> dict[Seat, int]:
    """One consistent deal (see :class:`_Dealer`)."""
    return _Dealer(pool, seats, need, barred, known).deal(rng)


def _weighted(rng: DealRandom, weights: list[int]) -> int:
    """A position of ``weights`` drawn with probability proportional to its weight."""
    draw = rng.below(sum(weights))
    for i, w in enumerate(weights):
        if draw < w:
            return i
        draw -= w
    raise AssertionError("unreachable: draw < sum(weights)")  # pragma: no cover


def play_outcomes(view: SeatView, samples: int = 30, seed: int = 0, *, bids: bool = True) -> dict[Card, list[int]]:
    """Each legal card of the seat to move: the tricks the bidder's side takes from here (this trick included)
    in each of ``samples`` consistent deals, every one solved double-dummy. Same seed, same deals."""
    if view.to_move != view.seat or view.phase is not Phase.PLAY:
        raise IllegalActionError(sentence("pimc.not_turn", seat=view.seat))
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesOptionError(sentence("pimc.samples", value=quote(samples)))
    assert view.contract is not None
    leader = view.trick[0][0] if view.trick else view.seat
    trick = [c.index for _, c in view.trick]
    deals = [[hands.get(s, 0) for s in Seat] for hands in sample_hidden(view, samples, seed, bids=bids)]
    out: dict[int, list[int]] = {}
    for solved in solve_positions(view.contract, deals, leader, trick):
        for card, tricks in solved.items():
            out.setdefault(card, []).append(tricks)
    return {Card.from_index(c): tricks for c, tricks in sorted(out.items())}


def card_values(view: SeatView, samples: int = 30, seed: int = 0) -> dict[Card, float]:
    """Each legal card of the seat to move: the mean of :func:`play_outcomes`."""
    return {card: sum(v) / len(v) for card, v in play_outcomes(view, samples, seed).items()}
