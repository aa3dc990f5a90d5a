"""The bidder's exchange, graded: which cards to put aside and which trump to name, as a whole.

After taking the kitty (and, in Charlemagne, the partner's card) the bidder discards and then names
trump. The two belong together: the best discard depends on the trump, and the best trump on what is
kept. Each candidate — a trump and a discard — is played out double-dummy on the same deals of the
cards the bidder cannot see, and ranked by how often it makes the contract, then by the points it brings on
average, like every other hint.

The candidates are, for every trump the contract allows, the discards built from the cards a player
would part with first (short side suits, low cards; never trumps or side aces before others) — every
choice of ``k`` among the ``k + 2`` weakest — plus any discard asked about. That keeps the search to a
few dozen plays of each deal; a discard outside that set is still graded when a learner makes it.
The hidden cards are dealt at random among the other seats, without reading the bidding.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
>>> for action in ["bid 6", "pass", "pass", "pass"]:
...     state.apply(action)
>>> ranked = exchange_hint(state, samples=6)
>>> ranked.best.grade, len(ranked.best.discards), ranked.best.trump is not None
('best', 2, True)
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from ..engine.cards import Card, CardList, Seat, Suit, parse_cards
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import deck_mask, indices_of, mask_of
from ..engine.display import column_head, heading_colon, text_table, wrap_text
from ..engine.errors import IllegalActionError, quote
from ..engine.hand import HandState, Phase
from ..engine.i18n import Lang, lang_or_current, number, say, sentence
from ..engine.messages import Capital, Joined, Listed, Message, message, said
from ..engine.ranking import card_order
from ..engine.rng import DealRandom, check_seed, derive_seed
from ..engine.rules import BidSpec, Rules
from ..engine.scoring import stake, trick_values
from . import work
from .evaluate import discard
from .grading import Grade, Graded, Sureness, grade_choices, sureness_of
from .solver import scored_tricks_many

__all__ = ["ExchangeChoice", "ExchangeHint", "exchange_hint", "exchange_made", "outcomes"]

_C = TypeVar("_C")
_D = TypeVar("_D")


#: What an exchange leaves the bidder: the trumps kept (None: no trump), the side suits emptied, the trumps and the
#: side aces put aside.
_Kept = tuple[int | None, tuple[Suit, ...], int, int]


@dataclass(frozen=True, kw_only=True)
class ExchangeChoice(Sureness):
    """One way to exchange: the cards put aside and the trump named, and what it is worth."""

    discards: CardList
    trump: Suit | None
    #: Mean points of the bidder's team minus the other team's, over the deals.
    points: float
    #: Mean tricks the bidder's side takes (None where the score needs only whether the contract is made).
    tricks: float | None
    #: Share of the deals on which the contract is made.
    made: float
    loss: float
    grade: Grade
    #: What the exchange leaves the bidder and what it brings: a message, said in the learner's language when shown.
    reason: Message
    #: Deals behind the grade, the 95% interval of :attr:`loss`, whether those deals cannot tell this exchange
    #: from the best, and the grade the interval's far end gives (None: the whole interval gives this grade).
    deals: int = 0
    low: float = 0.0
    high: float = 0.0
    tied: bool = False
    perhaps: Grade | None = None
    #: The share of the best exchange's chance of making the contract this one throws away, and its 95% interval.
    chance_loss: float | None = None
    chance_low: float = 0.0
    chance_high: float = 0.0
    #: What the exchange leaves the bidder, for its reason in any language (:func:`_kept`).
    kept: _Kept | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The exchange in the course's language: ``"discard 8♣ A♣, trump ♥"``, ``"écarter 8♣ A♣, atout ♥"``."""
        return self.said()

    def said(self, lang: str | None = None) -> str:
        """:attr:`text` in ``lang`` (the course's language by default)."""
        return _said(self.discards, self.trump).said(lang)

    def does(self, lang: str | None = None) -> str:
        """What the exchange leaves the bidder, in ``lang``: the trumps kept, the side suits emptied, a trump or a
        side ace put aside ("" where it says nothing of these)."""
        return said(None if self.kept is None else _does(self.kept), lang)

    def why(self, lang: str | None = None) -> str:
        """The exchange's reason in ``lang`` (what it leaves, what it brings) and, where it needs saying, how sure
        its grade is."""
        language = lang_or_current(lang)
        reason = self.reason.said(language)
        doubt = self.doubt(language)
        return say("display.unsure", language, reason=reason, doubt=doubt) if doubt else reason


@dataclass(frozen=True)
class ExchangeHint:
    """The bidder's candidate exchanges, best first."""

    seat: Seat
    choices: tuple[ExchangeChoice, ...]
    samples: int
    #: The language the exchanges are shown in (None: the course's at that moment); the ranking is the same in every
    #: one.
    lang: str | None = None

    @property
    def best(self) -> ExchangeChoice:
        return self.choices[0]

    def choice(self, discards: Iterable[Card | str] | str, trump: Suit | str | None) -> ExchangeChoice:
        """The entry of one exchange (ask :func:`exchange_hint` with ``also=`` to grade one outside the candidates)."""
        want = frozenset(c.index for c in parse_cards(discards))
        suit = None if trump is None else Suit.find(trump)
        for c in self.choices:
            if c.trump == suit and frozenset(card.index for card in c.discards) == want:
                return c
        raise IllegalActionError(sentence("exchange.not_graded", discards=quote(discards), trump=quote(trump)))

    def __repr__(self) -> str:
        return f"<ExchangeHint for {self.seat.word}: best {self.best.text} of {len(self.choices)}>"

    def __str__(self) -> str:
        return self.said(self.lang)

    def said(self, lang: str | None = None) -> str:
        """Every exchange graded, as a text table, in ``lang`` (the course's language by default)."""
        language = lang_or_current(lang)
        # tricks only where they were counted (a contract scored by the trick); elsewhere making it is what counts
        counted = all(c.tricks is not None for c in self.choices)
        rows = [
            [
                c.said(language),
                number(c.points, "+.2f", language),
                *([number(c.tricks, ".1f", language)] if c.tricks is not None and counted else []),
                number(c.made, ".0%", language),
                say(f"grade.{c.grade}", language),
                _joined(c.does(language), c.doubt(language), language),
            ]
            for c in self.choices
        ]
        columns = ("exchange.col.exchange", "tricks", "made") if counted else ("exchange.col.exchange", "made")
        heads = [say(h, language) for h in columns]
        heads.insert(1, say("points", language))
        heads.append(say("grade", language))
        heads.append(column_head("why", language))
        table = text_table(heads, rows, (False, True, True, True)[: len(heads) - 2])
        head = say("exchange.head", language, seat=self.seat, samples=self.samples)
        return f"{wrap_text(head + heading_colon(language))}\n{table}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def exchange_hint(
    state: HandState,
    samples: int = 16,
    seed: int = 0,
    *,
    also: tuple[Iterable[Card | str] | str, Suit | str | None] | None = None,
    lang: str | None = None,
) -> ExchangeHint:
    """Grade the exchanges of the bidder about to discard in ``state`` (the kitty, and any partner's card, taken):
    the cards still to put aside and the trump together. Trump named already (with the bid, or before the
    exchange) stays as it is; with every card put aside and trump still to name, the trumps are graded.

    ``also``: one more exchange to grade, ``(discards, trump)``, such as the one a learner chose. Every exchange is
    played out on the same ``samples`` deals (:attr:`ExchangeHint.samples`) and compared deal by deal. The exchanges
    are said in words when shown, in the language asked then; ``lang`` is the language of refusals (the course's by
    default)."""
    language = lang_or_current(lang)
    samples = whole_number("samples", samples, 1, 400)
    seed = check_seed(seed)
    if (
        not isinstance(state, HandState)
        or state.phase not in (Phase.DISCARD, Phase.TRUMP)
        or state.bidder != state.to_move
    ):
        raise IllegalActionError(sentence("exchange.not_discarding", language))
    rules = state.rules
    bidder = state.to_move
    spec = state.bid
    assert bidder is not None and spec is not None
    hand = state.masks()[bidder]
    count = _discards_to_make(state, bidder, language)
    trumps = _trumps(state, spec)
    candidates = _candidates(rules, hand, count, trumps)
    if also is not None:
        key, way = _also_candidate(also, hand, count, trumps, language)
        candidates[key] = way
    alone = state.alone if spec.alone == "optional" else None
    ways = [
        (out, trump, Contract.cached(rules, spec, bidder, trump, alone=alone)) for out, trump in candidates.values()
    ]
    # what decides each exchange's points deal by deal: the exchanges played out already on these deals are not
    # played again (the learner's own exchange graded after the candidates were ranked, the review after the live
    # grade, a quiz's answer key after the quiz)
    context = (rules, spec.name, bidder, alone, tuple(state.masks()), mask_of(state.discarded(bidder)), seed, samples)
    played = _PLAYED.get(context, _Played)
    keys = list(candidates)
    # one thread at a time plays out this position's exchanges: one asked while they are played out ahead (as the
    # learner thinks) waits for them rather than play them out twice
    with played.lock:
        missing = [at for at, key in enumerate(keys) if key not in played.ways]
        if missing:
            new_points, new_totals, new_made = _play_ways(
                [ways[at] for at in missing], _deals(state, bidder, seed, samples), bidder, hand
            )
            for at, net, total, making in zip(missing, new_points, new_totals, new_made, strict=True):
                played.ways[keys[at]] = (net, total, making)
        points = [played.ways[key][0] for key in keys]
        totals = [played.ways[key][1] for key in keys]
        made = [played.ways[key][2] for key in keys]
    # the contract made first, the points second (:mod:`.grading`)
    grades = grade_choices(points, stake(rules, spec), made)
    return ExchangeHint(bidder, _ranked(ways, points, totals, grades, samples, hand), samples, lang)


def exchange_made(state: HandState, start: HandState, seat: Seat) -> tuple[list[Card], Suit | None]:
    """The exchange ``seat`` made in ``state`` from the moment ``start`` (an earlier moment of the same hand): the
    cards it put aside, in order, and the trump it named then (else the trump already named at ``start``)."""
    done = state.history[len(start.history) :]
    discards = [a.card for s, a in done if s == seat and a.kind == "discard" and a.card is not None]
    named = [a.suit for s, a in done if s == seat and a.kind == "trump"]
    return discards, named[0] if named else start.trump


#: An exchange to grade: the cards put aside (a mask) and the trump named.
_Way = tuple[int, Suit | None]
#: The key of an exchange among the candidates: the cards put aside and the trump (-1: no trump).
_Key = tuple[frozenset[int], int]


class _Played:
    """The exchanges of one position played out so far: each one's points deal by deal, its tricks and contracts
    made summed, and whether it made the contract deal by deal, by exchange."""

    def __init__(self) -> None:
        self.ways: dict[_Key, tuple[list[float], list[float], list[float]]] = {}
        self.lock = threading.Lock()


#: The exchanges played out lately, by what decides their points (the position, the seed and the deal count):
#: each one's points deal by deal and its tricks and contracts made summed. Exact searches, read only for the side
#: of the bid's line (or exactly), so an exchange's points do not depend on the others played beside it.
_PLAYED: work.Kept[_Played] = work.Kept(8)
# a lock held by a thread a forked child does not have would stay held there for ever
work.in_forked_child(_PLAYED.clear)


def _discards_to_make(state: HandState, bidder: Seat, language: Lang) -> int:
    """How many cards the bidder still puts aside, the one under way included (0 when only trump is left to name);
    refused while the kitty or a partner's card is still to come."""
    to_come = state.steps_to_come()
    count = sum(1 for what, seat in to_come if what is Phase.DISCARD and seat == bidder)
    if state.phase is Phase.DISCARD:
        count += 1
    elif any(what is not Phase.TRUMP for what, _ in to_come):
        raise IllegalActionError(
            sentence("exchange.trump_first", language)
        )  # the kitty or a partner's card still to come
    return count


def _trumps(state: HandState, spec: BidSpec) -> list[Suit | None]:
    """The trumps the bidder may still name: every suit, or the one named already (with the bid, or before the
    exchange), or None alone for a contract without trump or a bid at no trump."""
    if state.trump is not None:
        return [state.trump]
    if spec.trump in ("with_bid", "with_bid_or_none"):  # a bid at no trump
        return [None]
    return list(Suit) if spec.has_trump else [None]


def _candidates(rules: Rules, hand: int, count: int, trumps: list[Suit | None]) -> dict[_Key, _Way]:
    """For each trump, every choice of ``count`` discards among the ``count + 2`` cards a player would part with
    first."""
    candidates: dict[_Key, _Way] = {}
    for trump in trumps:
        weakest = discard(card_order(rules, trump), hand, min(count + 2, hand.bit_count()))
        for combo in combinations(indices_of(weakest), count):
            out = sum(1 << c for c in combo)
            candidates[(frozenset(combo), -1 if trump is None else int(trump))] = (out, trump)
    return candidates


def _also_candidate(
    also: object, hand: int, count: int, trumps: list[Suit | None], language: Lang
) -> tuple[_Key, _Way]:
    """The exchange a learner asked about with ``also=``, checked: ``count`` cards of the bidder's ``hand`` and one
    of the ``trumps``."""
    allowed = ", ".join("None" if t is None else t.symbol for t in trumps)
    refusal = IllegalActionError(sentence("exchange.bad_also", language, count=count, trumps=allowed))
    if not isinstance(also, (tuple, list)) or len(also) != 2:
        raise refusal
    cards, trump_asked = also
    if trump_asked is not None and not isinstance(trump_asked, (str, Suit)):
        raise refusal
    out_cards = parse_cards(cards, distinct="the discards")
    suit = None if trump_asked is None else Suit.find(trump_asked)
    if len(out_cards) != count or any(not hand >> c.index & 1 for c in out_cards) or suit not in trumps:
        raise refusal
    key = (frozenset(c.index for c in out_cards), -1 if suit is None else int(suit))
    return key, (sum(1 << c.index for c in out_cards), suit)


def _play_ways(
    ways: list[tuple[int, Suit | None, Contract]], deals: list[list[int]], bidder: Seat, hand: int
) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
    """Every exchange played out on every deal (see :func:`outcomes`)."""

    def table(way: tuple[int, Suit | None, Contract], others: list[int]) -> tuple[Contract, list[int]]:
        hands = list(others)
        hands[bidder] = hand & ~way[0]
        return way[2], hands

    return outcomes(ways, deals, table)


def outcomes(
    choices: Sequence[_C], deals: Sequence[_D], table: Callable[[_C, _D], tuple[Contract, list[int]]]
) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
    """Every choice played out on every deal (as :func:`play_out` answers): for each choice, its points deal by
    deal, its tricks (NaN where not counted) and contracts made summed over the deals, and whether it made the
    contract deal by deal (1 or 0: what grades a choice first, from the same play-outs). ``table`` gives the
    contract a choice leads to on a deal and the hands it is played with. Every choice is played on the same
    deals, to be compared deal by deal.

    The tables are worked out here, in the calling thread — Python, which threads would only take turns at — part
    by part, and the searches of each part shared among the search threads (:func:`.work.split`) while the next parts
    are worked out, the answers put back in the deals' order."""

    def tables(deal: _D) -> list[tuple[Contract, list[int]]]:
        return [table(choice, deal) for choice in choices]

    def on_deals(part: Sequence[list[tuple[Contract, list[int]]]]) -> list[list[tuple[int, int | None, bool]]]:
        # one call for the whole part: what each contract needs is worked out once there, not once a deal
        played = iter(play_outs([t for row in part for t in row]))
        return [[next(played) for _ in row] for row in part]

    points: list[list[float]] = [[] for _ in choices]
    totals = [[0.0, 0.0] for _ in choices]
    made: list[list[float]] = [[] for _ in choices]
    for on_deal in work.split(on_deals, deals, tables):
        for (value, taken, won), net, total, making in zip(on_deal, points, totals, made, strict=True):
            net.append(value)
            total[0] += math.nan if taken is None else taken
            total[1] += won
            making.append(float(won))
    return points, totals, made


def _ranked(
    ways: list[tuple[int, Suit | None, Contract]],
    points: list[list[float]],
    totals: list[list[float]],
    grades: list[Graded],
    samples: int,
    hand: int,
) -> tuple[ExchangeChoice, ...]:
    """The exchanges as choices, best first: by the share of contracts made, then mean points, then tricks."""
    rows = [
        (out, trump, sum(net) / samples, mean_tricks(total[0], samples), total[1] / samples, g)
        for (out, trump, _), net, total, g in zip(ways, points, totals, grades, strict=True)
    ]
    rows.sort(key=lambda r: (-r[4], -r[2], -(r[3] if r[3] is not None else 0.0)))
    choices = []
    contracts = {(out, trump): contract for out, trump, contract in ways}
    for out, trump, mean, tricks, share, g in rows:
        discards = CardList(Card.from_index(i) for i in indices_of(out))
        kept = _kept(contracts[out, trump], hand & ~out, out)
        choice = ExchangeChoice(
            discards=discards,
            trump=trump,
            points=mean,
            tricks=tricks,
            made=share,
            reason=_reason(_said(discards, trump), _does(kept), share, mean),
            kept=kept,
            **(sureness_of(g) | {"deals": samples}),
        )
        choices.append(choice)
    return tuple(choices)


def _kept(contract: Contract, kept: int, out: int) -> _Kept:
    order = contract.order
    trump = order.trump_suit
    if trump is None:
        return None, (), 0, sum(1 for c in indices_of(out) if c < 32 and c % 8 == 7)
    trumps = sum(1 for c in indices_of(kept) if order.is_trump(c))
    # a side suit with nothing left is one to trump (the jacks that became trumps no longer count in theirs)
    empty = tuple(suit for suit in Suit if suit != trump and not kept & order.suit_mask[order.suit_of[suit * 8]])
    aside = indices_of(out)
    return (
        trumps,
        empty,
        sum(1 for c in aside if order.is_trump(c)),
        sum(1 for c in aside if not order.is_trump(c) and c < 32 and c % 8 == 7),
    )


def _said(discards: Sequence[Card], trump: Suit | None) -> Message:
    """An exchange as the bidder says it: "discard 8♣ A♣, trump ♥" (the trump alone when every card is aside)."""
    named = message("no_trump") if trump is None else message("exchange.text_trump", suit=trump)
    if not discards:  # every card put aside already: only the trump was chosen
        return named
    return message("exchange.text", cards=list(discards), trump=named)


def _does(kept: _Kept) -> Listed | None:
    """What an exchange leaves the bidder: the trumps kept, the side suits emptied, the trumps and side aces put
    aside (None where it says nothing of these)."""
    trumps, empty, trumps_out, aces_out = kept
    parts = []
    if trumps is not None:
        parts.append(message("exchange.does.trumps", n=trumps))
    if empty:
        parts.append(message("exchange.does.empty", suits=Joined(tuple(s.symbol for s in empty))))
    if trumps_out:
        parts.append(message("exchange.does.trumps_out", n=trumps_out))
    if aces_out:
        parts.append(message("exchange.does.aces_out", n=aces_out))
    return Listed(tuple(parts)) if parts else None


def _reason(said: Message, does: Listed | None, made: float, points: float) -> Message:
    """An exchange, what it leaves the bidder and what it brings: "Discard 8♣ 9♣, trump ♥ — 5 trumps kept, no ♣
    left; your side makes the contract in 61% of deals, +1.9 points on average"."""
    if does is None:
        return message("exchange.reason", said=Capital(said), p=made, points=points)
    return message("exchange.reason_does", said=Capital(said), does=does, p=made, points=points)


def _joined(does: str, doubt: str, lang: Lang) -> str:
    """What an exchange leaves, and how sure its grade is where that needs saying: a row of the table's why."""
    if not doubt:
        return does
    return say("display.unsure", lang, reason=does, doubt=doubt) if does else doubt


def _deals(state: HandState, bidder: Seat, seed: int, samples: int) -> list[list[int]]:
    """``samples`` deals of the cards the bidder cannot see, each dealt at random to the other seats in the sizes
    they hold (deal ``i`` from ``derive_seed(seed, i)``)."""
    masks = state.masks()
    unseen = indices_of(deck_mask(state.rules) & ~masks[bidder] & ~mask_of(state.discarded(bidder)))
    others = [(seat, masks[seat].bit_count()) for seat in Seat if seat != bidder]
    deals = []
    for i in range(samples):
        cards = list(unseen)
        DealRandom(derive_seed(seed, i)).shuffle(cards)
        hands = [0, 0, 0, 0]
        at = 0
        for seat, size in others:
            hands[seat] = sum(1 << c for c in cards[at : at + size])
            at += size
        deals.append(hands)
    return deals


def play_out(contract: Contract, hands: list[int]) -> tuple[int, int | None, bool]:
    """One deal of ``contract`` played out double dummy (the seats sitting out emptied): the bidder's team's
    points less the other team's, the tricks the bidder's side takes (None where the score needs only whether the
    contract is made, and only that was asked), and whether the contract is made."""
    return play_outs([(contract, hands)])[0]


def play_outs(tables: Sequence[tuple[Contract, list[int]]]) -> list[tuple[int, int | None, bool]]:
    """:func:`play_out` of each ``(contract, hands)``, in order."""
    lone = [
        (contract, [0 if Seat(seat) in contract.sitting_out else cards for seat, cards in enumerate(hands)])
        if contract.sitting_out  # a lone contract: the partner's hand takes no part
        else (contract, hands)
        for contract, hands in tables
    ]
    out = []
    for (contract, _), (taken, exact) in zip(lone, scored_tricks_many(lone), strict=True):
        values, made = trick_values(contract)
        out.append((values[taken], taken if exact else None, made[taken]))
    return out


def mean_tricks(total: float, deals: int) -> float | None:
    """The mean of tricks summed over ``deals`` by :func:`play_out`, None when some were not counted exactly
    (summed as NaN)."""
    return None if math.isnan(total) else total / deals
