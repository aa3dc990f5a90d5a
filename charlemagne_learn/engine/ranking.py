"""The one place where bowers and jokers are special-cased.

:func:`card_order` gives, for a rule system and a trump suit (or none), every card's
*effective suit* (the little jack and the jokers move into the trump suit) and its
*power* (higher wins). Legal plays, trick winners, the solver, bots and widgets all go
through it.

>>> from .rules import Rules
>>> from .cards import Card
>>> [str(c) for c in trump_order(Rules.preset("canadian"), "H")]
['RJ', 'BJ', 'J♥', 'J♦', 'A♥', 'K♥', 'Q♥', '10♥', '9♥', '8♥', '7♥']
>>> [str(c) for c in trump_order(Rules.preset("maine"), "S")]
['9♠', 'J♠', 'J♣', 'A♠', 'K♠', 'Q♠', '10♠', '8♠', '7♠']
>>> card_role(Rules.preset("canadian"), "H", Card.parse("JD"))
'little jack'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .cards import Card, CardList, Rank, Suit, parse_cards
from .errors import CardParseError, ContractError, RulesOptionError, quote
from .i18n import Words, sentence
from .rules import Rules

if TYPE_CHECKING:
    from .contract import Contract


__all__ = ["JOKER_SUIT", "NO_SUIT", "CardOrder", "card_order", "card_role", "jokers", "sort_hand", "trump_order"]

#: Effective suit of the jokers when a contract has no trump suit (Mulot): they form a
#: two-card trump suit of their own.
JOKER_SUIT = 4
#: Effective suit of a card not in the deck.
NO_SUIT = -1

_TRUMP_BASE = 100  # any trump's power exceeds every plain card's


@dataclass(frozen=True)
class CardOrder:
    """Effective suit and power of each card (by compact index) under one contract."""

    trump_suit: int | None  # 0-3, JOKER_SUIT when only the jokers are trumps, None when no trump at all
    suit_of: tuple[int, ...]  # 34 entries
    power: tuple[int, ...]  # 34 entries; trumps are >= _TRUMP_BASE
    suit_mask: tuple[int, ...]  # bit set of the deck's cards in each effective suit 0-4
    trumps: tuple[int, ...]  # indices of every trump, highest first
    #: ``by_power[suit]``: the deck's cards of each effective suit 0-4, highest first (``by_power[trump_suit]`` is
    #: ``trumps``).
    by_power: tuple[tuple[int, ...], ...]
    role: tuple[str, ...]  # "high joker", "big jack", ... or "" for an ordinary card
    joker_mask: int
    #: Mulot rule: a player who cannot follow suit and holds a joker must play one.
    void_must_play_joker: bool
    #: ``follow[led]``: the cards that follow a trick led by card index ``led`` (its effective suit), 0 off the deck.
    follow: tuple[int, ...]
    #: The cards a player void in the led suit must play if held: the jokers under the Mulot rule, else none.
    void_must_play: int

    def is_trump(self, index: int) -> bool:
        return self.trump_suit is not None and self.suit_of[index] == self.trump_suit

    #: ``strength[led][card]``: how strongly a card contends for a trick led in effective suit
    #: ``led`` — its power if it is a trump or of the led suit, -1 if it cannot win. The
    #: winner of a trick is the card of greatest strength, so a trick needs one lookup per card.
    strength: tuple[tuple[int, ...], ...]
    #: The big and little jack (right and left bower) by index, or None with no trump suit: what the cards are,
    #: for code to ask, where ``role`` holds the words shown to players.
    big_jack: int | None = None
    little_jack: int | None = None

    def beats(self, challenger: int, best: int, led_suit: int) -> bool:
        """Does card ``challenger`` beat the card ``best`` currently winning a trick led in ``led_suit``?"""
        table = self.strength[led_suit]
        return table[challenger] > table[best]


def _trump_rank_order(rules: Rules) -> list[Rank]:
    """Ordinary trumps (not bowers, not the nine when high), highest first."""
    ranks = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN]
    if rules.nine_high:
        ranks.remove(Rank.NINE)
    return [r for r in ranks if r + 7 >= rules.low_rank]


def card_order(rules: Rules | str, trump: Suit | str | None) -> CardOrder:
    """Effective suits and powers for ``rules`` with ``trump`` (``None``: no trump suit)."""
    if type(rules) is Rules and (trump is None or type(trump) is Suit):  # the engine's own calls: no reading
        # kept on the rules by trump's number (4: none): a cache keyed by the rules and the suit would run both
        # their hashes, Python methods, on each of the tens of thousands of calls a hint makes
        orders: list[CardOrder | None] | None = rules._cache.get("card_orders")
        if orders is None:
            orders = rules._cache["card_orders"] = [None] * 5
        at = 4 if trump is None else trump  # a suit is an int
        order = orders[at]
        if order is None:
            order = orders[at] = _card_order(rules, trump)
        return order
    return _card_order(Rules.find(rules), _suit_arg(trump))


@cache
def _card_order(rules: Rules, trump: Suit | None) -> CardOrder:
    deck = set(rules.deck_indices)
    suit_of = [NO_SUIT] * 34
    power = [0] * 34
    role = [""] * 34
    trumps: list[int] = []
    big: int | None = None
    little: int | None = None

    if rules.jokers:
        high, low = (joker.index for joker in jokers(rules))
        trumps += [high, low]
        role[high], role[low] = "high joker", "low joker"
    if trump is not None:
        if rules.nine_high:
            nine = trump * 8 + Rank.NINE
            trumps.append(nine)
            role[nine] = "top trump (the nine)"
        big, little = trump * 8 + Rank.JACK, trump.same_colour * 8 + Rank.JACK
        trumps += [big, little]
        role[big], role[little] = rules.bower_names
        trumps += [trump * 8 + r for r in _trump_rank_order(rules)]
    trump_suit: int | None = int(trump) if trump is not None else (JOKER_SUIT if rules.jokers else None)

    for i in deck:
        if i < 32:
            suit_of[i] = i // 8
            power[i] = i % 8
    for pos, i in enumerate(trumps):
        assert trump_suit is not None
        suit_of[i] = trump_suit
        power[i] = _TRUMP_BASE + len(trumps) - pos

    masks = [0] * 5
    for i in deck:
        masks[suit_of[i]] |= 1 << i
    return CardOrder(
        trump_suit=trump_suit,
        suit_of=tuple(suit_of),
        power=tuple(power),
        suit_mask=tuple(masks),
        trumps=tuple(trumps),
        by_power=tuple(tuple(sorted((i for i in deck if suit_of[i] == s), key=lambda i: -power[i])) for s in range(5)),
        role=tuple(role),
        joker_mask=(3 << 32) if rules.jokers else 0,
        void_must_play_joker=trump is None and rules.jokers,
        follow=tuple(masks[s] if s != NO_SUIT else 0 for s in suit_of),
        void_must_play=(3 << 32) if trump is None and rules.jokers else 0,
        big_jack=big,
        little_jack=little,
        strength=tuple(
            tuple(power[i] if suit_of[i] in (led, trump_suit) else -1 for i in range(34)) for led in range(5)
        ),
    )


def _suit_arg(trump: Suit | str | None) -> Suit | None:
    return None if trump is None else Suit.find(trump)


def trump_order(rules: Rules, trump: Suit | str | None) -> CardList:
    """Every trump of the contract, highest first (only the jokers when there is no trump suit)."""
    return CardList(Card.from_index(i) for i in card_order(rules, trump).trumps)


def card_role(rules: Rules, trump: Suit | str | None, card: Card | str) -> str:
    """The special name of ``card`` under this trump: ``"little jack"``, ``"high joker"``, … or ``""``; a card the
    variant's deck does not have is refused."""
    order, found = card_order(rules, trump), Card.parse(card)
    ruled = Rules.find(rules)
    if found.index not in ruled.deck_indices:
        raise CardParseError(sentence("ranking.not_in_deck", card=found, deck=f"title.{ruled.name}"))
    return Words(order.role[found.index])


def jokers(rules: Rules | str | None = None) -> tuple[Card, Card]:
    """The high joker and the low joker of a rule system (which is which is a house rule, ``high_joker``).

    Lessons name the jokers by what they do, so that they hold at a table that plays the black joker high:

    >>> [str(c) for c in jokers("canadian")], [str(c) for c in jokers(Rules.preset("canadian", high_joker="black"))]
    (['RJ', 'BJ'], ['BJ', 'RJ'])
    """
    rules = Rules.find(rules)
    if not rules.jokers:
        raise RulesOptionError(sentence("ranking.no_jokers", title=rules.named()))
    red, black = Card.from_index(32), Card.from_index(33)
    return (red, black) if rules.high_joker == "red" else (black, red)


#: The plain suits as a player holds them, colours alternating: spades, hearts, clubs, diamonds (then the jokers'
#: own suit when they are no trumps, which never happens in a preset).
_HELD_SUITS = (Suit.S, Suit.H, Suit.C, Suit.D, JOKER_SUIT)


def sort_hand(cards: str | Iterable[Card | str], by: Contract | Rules | None = None) -> CardList:
    """Cards as a player holds them, the one order of every picture and widget: the trumps first, highest first,
    then the plain suits in turn with their colours alternating (♠ ♥ ♣ ♦), each high to low.

    ``by`` is the contract (its trumps: the bowers and jokers among them) or, before there is one, the rules (the
    jokers first, the high one first as the house rule ``high_joker`` says); with neither, the jokers first, red then
    black.

    >>> cards = ["9C", "BJ", "JD", "AS", "7H", "RJ", "KH"]
    >>> str(sort_hand(cards)), str(sort_hand(cards, Rules.preset("canadian", high_joker="black")))
    ('RJ BJ A♠ K♥ 7♥ 9♣ J♦', 'BJ RJ A♠ K♥ 7♥ 9♣ J♦')
    """
    held = parse_cards(cards)  # text too ("JH AS"), as everywhere else
    order: CardOrder | None
    if by is None:
        order = None
    elif isinstance(by, Rules):
        order = card_order(by, None)
    else:
        # a contract is known by the order it keeps (this module sits below contract.py)
        order = getattr(by, "order", None)
        if not isinstance(order, CardOrder):
            raise ContractError(sentence("ranking.sort_by", value=quote(by)))

    def key(card: Card) -> tuple[int, int]:
        i = card.index
        suit = NO_SUIT if order is None else order.suit_of[i]
        if suit == NO_SUIT:  # no rules given, or a card their deck does not have: by its face
            suit = JOKER_SUIT if card.suit is None else int(card.suit)
            power = (2 if i == 32 else 1) if card.rank is None else int(card.rank)
        else:
            power = order.power[i]  # type: ignore[union-attr]
        trump = JOKER_SUIT if order is None else order.trump_suit
        return (-1 if suit == trump else _HELD_SUITS.index(suit), -power)

    return CardList(sorted(held, key=key))
