"""Dealing: the seeded shuffle, the deal two cards at a time, and checks of a given deal.

Hands are bit sets of card indices (bit ``card.index``), the compact form every hot path uses.

>>> from .rules import Rules
>>> hands, kitty = deal_hands(Rules.preset("canadian"), Seat.N, seed=7)
>>> [len(cards_of(h)) for h in hands], len(cards_of(kitty))
([8, 8, 8, 8], 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache

from .cards import Card, CardList, Seat, parse_cards
from .errors import CardParseError, HandError, IllegalActionError, quote
from .i18n import sentence
from .rng import DealRandom
from .rules import Rules

__all__ = ["cards_of", "check_deal", "deal_hands", "deck_mask", "hands_by_seat", "indices_of", "mask_of", "share_out"]


def deal_hands(rules: Rules, dealer: Seat, seed: int) -> tuple[list[int], int]:
    """Shuffle with the seeded generator and deal two at a time from the dealer's left;
    the last cards form the kitty. Returns four hand bit sets (by seat) and the kitty."""
    deck = list(rules.deck_indices)
    DealRandom(seed).shuffle(deck)
    hands = [0, 0, 0, 0]
    for seat, card in zip(_dealt_to(rules.hand_size, int(dealer)), deck, strict=False):  # the kitty is the rest
        hands[seat] |= 1 << card
    kitty = 0
    for card in deck[rules.hand_size * 4 :]:
        kitty |= 1 << card
    return hands, kitty


@cache
def _dealt_to(hand_size: int, dealer: int) -> tuple[int, ...]:
    """The seat each card of the shuffled deck goes to: two at a time, from the dealer's left."""
    return tuple((dealer + 1 + pair % 4) % 4 for pair in range(hand_size * 2) for _ in range(2))


#: ``_BYTES[k][b]``: the indices of the bits of byte ``b`` when it is the ``k``-th byte of a bit set; a suit's eight
#: cards are one byte of a hand (the jokers the fifth), so a hand is read five lookups at a time.
_BYTES = tuple(tuple(tuple(k * 8 + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(5))


def indices_of(mask: int) -> list[int]:
    """The card indices of a bit set, lowest first.

    >>> indices_of(0b1000000101), indices_of(1 << 33)
    ([0, 2, 9], [33])
    """
    if 0 <= mask < 1 << 40:  # every card set: the analyses read thousands a hint
        b = _BYTES
        return [
            *b[0][mask & 255],
            *b[1][mask >> 8 & 255],
            *b[2][mask >> 16 & 255],
            *b[3][mask >> 24 & 255],
            *b[4][mask >> 32],
        ]
    if mask < 0:
        raise CardParseError(sentence("cards.bad_mask", value=quote(mask)))
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_ALL_CARDS = 1 << 34


def cards_of(mask: int) -> CardList:
    """The cards of a bit set, in index order."""
    if not 0 <= mask < _ALL_CARDS:
        raise CardParseError(sentence("cards.bad_mask", value=quote(mask)))
    # every view of a hand comes through here: the cards are looked up unchecked, the mask having been checked
    return CardList(map(Card._all.__getitem__, indices_of(mask)))


@lru_cache(maxsize=64)  # asked at every public double-dummy call and every bot's card: a few rule sets in use
def deck_mask(rules: Rules) -> int:
    """The bit set of every card of the rules' deck."""
    return sum(1 << i for i in rules.deck_indices)


def share_out(cards: Sequence[int], seats: Iterable[int], sizes: Iterable[int]) -> tuple[list[int], int]:
    """Cards (indices, in the order dealt) given to ``seats`` in turn, ``sizes`` cards each: the four hands as bit
    sets by seat number (0 for a seat dealt nothing) and the bit set of the cards left over.

    >>> share_out([3, 5, 8, 13, 21], seats=[2, 0], sizes=[2, 2])
    ([8448, 0, 40, 0], 2097152)
    """
    hands = [0, 0, 0, 0]
    at = 0
    for seat, size in zip(seats, sizes, strict=True):
        hands[seat] = sum(1 << c for c in cards[at : at + size])
        at += size
    return hands, sum(1 << c for c in cards[at:])


def mask_of(cards: Iterable[Card]) -> int:
    """The bit set of some cards: bit ``card.index`` for each."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def hands_by_seat(hands: object) -> list[int]:
    """Four hand bit sets (by seat) from a mapping of seat to cards, like ``{"N": "JH AS", "E": [...]}``.

    Each seat may be named once (not as both ``"N"`` and ``"north"``) and each card once in a hand;
    seats not named hold nothing. Cards in two hands are left to the caller, who knows what else to check.
    """
    if not isinstance(hands, Mapping):
        raise HandError(sentence("deal.not_a_mapping", value=quote(hands), example="{'N': 'JH AS', 'E': …}"))
    masks = [0, 0, 0, 0]
    named: dict[Seat, object] = {}
    for key, cards in hands.items():
        seat = Seat.find(key)
        if seat in named:
            raise HandError(sentence("deal.seat_twice", seat=seat, first=quote(named[seat]), second=quote(key)))
        named[seat] = key
        # cards already cards, each once (the analyses' callers pass them so): no parsing, no checking again
        if type(cards) is list or type(cards) is CardList:
            mask = 0
            for card in cards:
                if type(card) is not Card:
                    break
                mask |= 1 << card.index
            else:
                if mask.bit_count() == len(cards):
                    masks[seat] = mask
                    continue
        masks[seat] = mask_of(parse_cards(cards, distinct=f"{seat.word}'s hand"))
    return masks


def check_deal(rules: Rules, hands: list[int], kitty: int) -> None:
    """A clear error unless ``hands`` and ``kitty`` (bit sets) are exactly one deal of the rules' deck."""
    deck = deck_mask(rules)
    seen = 0
    for seat, m in enumerate(hands):
        if m & seen:
            raise IllegalActionError(sentence("deal.card_twice", seat=Seat(seat)))
        if m & ~deck:
            title = f"title.{rules.name}"
            raise IllegalActionError(
                sentence("deal.not_in_deck", seat=Seat(seat), title=title, cards=cards_of(m & ~deck))
            )
        if bin(m).count("1") != rules.hand_size:
            raise IllegalActionError(
                sentence("deal.hand_size", seat=Seat(seat), n=bin(m).count("1"), size=rules.hand_size)
            )
        seen |= m
    if kitty & seen or kitty & ~deck or bin(kitty).count("1") != rules.kitty_size:
        raise IllegalActionError(sentence("deal.kitty", k=rules.kitty_size))
