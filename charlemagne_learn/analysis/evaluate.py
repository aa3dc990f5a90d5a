"""How a sensible player judges cards it cannot see past: which trump to name, what to discard, which card to pass.

Bid odds and the simple bots use these where the real player decides from their own cards only.
They are rules of thumb that players teach each other, not searches:

* a hand is worth roughly its top trumps, its trump length, its side aces and its voids (a void lets
  it ruff);
* discard from the shortest side suits first, low cards before high ones, keeping trumps and side
  aces (short suits become voids);
* the partner, asked for one card, gives the strongest one: a joker, then a jack (a bower in two of
  the four possible trump suits), then an ace — or, once trump is known, its best trump.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.deal import mask_of
>>> rules = cl.Rules.preset("canadian")
>>> hand = mask_of(cl.parse_cards("RJ JH AH KH 10H 7S 8C AC 8D 9D"))
>>> trump, out = best_trump(rules, hand, discards=2)
>>> trump.name, str(cl.deal.cards_of(out))
('H', '8♣ 7♠')
>>> str(cl.Card.from_index(partner_card(rules, mask_of(cl.parse_cards("AS JC 7D")), None)))
'J♣'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Rank, Suit
from ..deal import indices_of
from ..ranking import CardOrder, card_order
from ..rules import Rules

__all__ = ["best_trump", "discard", "hand_strength", "partner_card"]

_ACE = int(Rank.ACE)
_KING = int(Rank.KING)
_JACK = int(Rank.JACK)
# What a trump is worth in tricks, by how many higher trumps the hand lacks: the top ones are sure winners,
# a trump with three or more above it can be over-trumped but still ruffs.
_TRUMP_VALUE = (1.0, 0.85, 0.7)
_LOW_TRUMP = 0.5


def _suit_lengths(order: CardOrder, hand: int) -> list[int]:
    return [(hand & order.suit_mask[s]).bit_count() for s in range(5)]


def hand_strength(order: CardOrder, hand: int) -> float:
    """A rough count of the tricks ``hand`` (a bit set) takes with this card order's trump.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.deal import mask_of
    >>> o = cl.card_order(cl.Rules.preset("canadian"), cl.Suit.S)
    >>> strong, weak = (mask_of(cl.parse_cards(h)) for h in ("RJ JS JC AS 9S AH 7D 8D", "7S 8S 9H 10H QD 8C 9C KC"))
    >>> hand_strength(o, strong) > hand_strength(o, weak)
    True
    """
    trump_suit = order.trump_suit
    lengths = _suit_lengths(order, hand)
    value = 0.0
    held = 0
    if trump_suit is not None:
        for pos, card in enumerate(order.trumps):
            if hand >> card & 1:
                missing = pos - held
                value += _TRUMP_VALUE[missing] if missing < len(_TRUMP_VALUE) else _LOW_TRUMP
                held += 1
        value += 0.3 * max(0, held - 3)  # long trumps win tricks once the others are drawn
    for card in indices_of(hand):
        suit = order.suit_of[card]
        if suit == trump_suit:
            continue
        rank = card % 8
        if rank == _ACE:
            value += 0.8 if lengths[suit] <= 4 else 0.5
        elif rank == _KING and lengths[suit] >= 2:
            value += 0.4 if hand >> (card + 1) & 1 else 0.25
    if held >= 2:
        for suit in range(4):
            if suit != trump_suit and lengths[suit] == 0:
                value += 0.5
    return value


def discard(order: CardOrder, hand: int, count: int) -> int:
    """The ``count`` cards (a bit set) a player discards from ``hand``: shortest side suits first, low before high,
    side aces and trumps last."""
    if count <= 0:
        return 0
    lengths = _suit_lengths(order, hand)
    trump_suit = order.trump_suit

    def keep(card: int) -> tuple[int, int, int]:
        suit = order.suit_of[card]
        if suit == trump_suit:
            return (2, 0, order.power[card])
        return (1 if card % 8 == _ACE else 0, lengths[suit], order.power[card])

    out = 0
    for card in sorted(indices_of(hand), key=keep)[:count]:
        out |= 1 << card
    return out


def best_trump(
    rules: Rules, hand: int, discards: int = 0, options: Sequence[Suit | None] | None = None
) -> tuple[Suit | None, int]:
    """The trump a player names from ``hand`` (a bit set) after discarding ``discards`` cards, and the discard.

    ``options`` are the trumps allowed (default: the four suits). Ties go to the first option.
    """
    best: tuple[float, Suit | None, int] | None = None
    for trump in options if options is not None else tuple(Suit):
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
            return (2, plain.power[card], 0)
        return (1 if card % 8 == _JACK else 0, card % 8, -card)

    return max(indices_of(hand), key=value)
