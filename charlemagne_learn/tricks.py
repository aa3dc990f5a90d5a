"""Following suit and winning tricks, with the reasons players give.

>>> from .rules import Rules
>>> from .cards import parse_cards
>>> k = Contract(Rules.preset("canadian"), bid="6", bidder="N", trump="H")
>>> [str(c) for c in legal_plays(k, parse_cards("JD AD 7S"), parse_cards("9H"))]
['J♦']
>>> print(explain_play(k, parse_cards("JD AD 7S"), parse_cards("9H"), "AD").reason)
A♦ cannot be played: a heart was led and you hold one (J♦, the little jack, counts as a heart), so you must follow suit.
>>> trick_winner(k, "E", parse_cards("AS JD 7S KS"))
<Seat.S: 2>
>>> print(explain_trick_winner(k, "E", parse_cards("AS JD 7S KS")).reason)
South wins with J♦: it is the little jack, a trump, and the only trump played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card, CardList, Seat
from .contract import Contract, check_contract
from .errors import TrickError
from .ranking import JOKER_SUIT, CardOrder
from .ruling import Ruling

__all__ = [
    "explain_legal_plays",
    "explain_play",
    "explain_trick_winner",
    "legal_mask",
    "legal_plays",
    "trick_winner",
    "winning_position",
]


# ---------------------------------------------------------------- hot paths (bit sets)
def legal_mask(order: CardOrder, hand: int, led: int) -> int:
    """Bit set of the cards of ``hand`` that may be played to a trick led by card index ``led`` (-1: leading)."""
    if led < 0:
        return hand
    # Follow suit if you can; else, under the Mulot rule, a joker if you hold one; else anything.
    return hand & order.follow[led] or hand & order.void_must_play or hand


def winning_position(order: CardOrder, trick: Sequence[int]) -> int:
    """Position (0 = leader) of the card that wins a complete trick of card indices."""
    strength = order.strength[order.suit_of[trick[0]]]
    best, top = 0, strength[trick[0]]
    for i in range(1, len(trick)):
        if strength[trick[i]] > top:
            best, top = i, strength[trick[i]]
    return best


# ---------------------------------------------------------------- words
def _suit_name(order: CardOrder, suit: int, plural: bool = False) -> str:
    if suit == JOKER_SUIT:
        return "jokers" if plural else "joker"
    from .cards import Suit

    word = Suit(suit).word
    return word if plural else word[:-1]


def _moved(contract: Contract, cards: Iterable[Card]) -> list[Card]:
    """Cards whose effective suit is not their printed suit (little jack, jokers)."""
    order = contract.order
    out = []
    for c in cards:
        printed = c.suit if c.suit is not None else JOKER_SUIT
        if order.suit_of[c.index] != printed or (c.is_joker and order.trump_suit != JOKER_SUIT):
            out.append(c)
    return out


def _check_cards(contract: Contract, cards: Sequence[Card], what: str) -> None:
    deck = contract.rules.deck_indices
    for c in cards:
        if c.index not in deck:
            raise TrickError(f"{c} is not in the {contract.rules.title} deck ({what})")


def _to_cards(cards: Iterable[Card | str] | str, what: str) -> list[Card]:
    from .cards import parse_cards

    return parse_cards(cards, distinct=what)


# ---------------------------------------------------------------- legal plays
def legal_plays(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str = ()
) -> CardList:
    """Cards of ``hand`` that may be played; ``trick`` holds the cards already played to it, in order."""
    return explain_legal_plays(contract, hand, trick).answer


def _hand_and_trick(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str
) -> tuple[list[Card], list[Card]]:
    check_contract(contract)
    h, t = _to_cards(hand, "the hand"), _to_cards(trick, "the trick")
    _check_cards(contract, h, "in the hand")
    _check_cards(contract, t, "in the trick")
    if len(t) >= len(contract.active_seats):
        raise TrickError(
            f"the trick already holds {len(t)} cards, which completes it with {len(contract.active_seats)} players; "
            "give only the cards played before this player"
        )
    if set(h) & set(t):
        raise TrickError("a card cannot be both in the hand and already played to the trick")
    return h, t


def explain_legal_plays(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str = ()
) -> Ruling[CardList]:
    """:func:`legal_plays` with the reason."""
    h, t = _hand_and_trick(contract, hand, trick)
    order = contract.order
    mask = 0
    for c in h:
        mask |= 1 << c.index
    legal = legal_mask(order, mask, t[0].index if t else -1)
    cards = CardList(c for c in h if legal >> c.index & 1)
    if not t:
        return Ruling(cards, "You are leading this trick, so you may play any card.")
    led = order.suit_of[t[0].index]
    led_name = _suit_name(order, led)
    led_intro = _led_intro(contract, t[0])
    if led == JOKER_SUIT:
        other = cards[0] if mask & order.suit_mask[led] else None
        if other is not None:
            return Ruling(
                cards,
                f"{led_intro}, and with only the jokers as trumps the holder of the other joker "
                f"must play it: you must play {other}.",
            )
        return Ruling(cards, f"{led_intro} and you do not hold the other joker, so you may play any card.")
    if mask & order.suit_mask[led]:
        notes = [_counts_as(contract, c, led_name) for c in _moved(contract, cards)]
        note = f" ({'; '.join(notes)})" if notes else ""
        held = "one" if len(cards) == 1 else "some"
        return Ruling(cards, f"{led_intro} and you hold {held}{note}, so you must follow suit.")
    if cards != h:
        return Ruling(
            cards,
            f"{led_intro} and you have none; in a contract with only the jokers as trumps, a player who cannot "
            "follow suit and holds a joker must play a joker.",
        )
    return Ruling(cards, f"{led_intro} and you have none, so you may play any card.")


def _counts_as(contract: Contract, card: Card, suit_name: str) -> str:
    role = contract.order.role[card.index]
    article = "an" if suit_name[0] in "aeiou" else "a"
    return f"{card}, the {role}, counts as {article} {suit_name}"


def _led_intro(contract: Contract, led_card: Card) -> str:
    order = contract.order
    led = order.suit_of[led_card.index]
    name = _suit_name(order, led)
    article = "an" if name[0] in "aeiou" else "a"
    role = order.role[led_card.index]
    if led == JOKER_SUIT:
        return f"A joker ({led_card}) was led"
    if role and (led_card.suit is None or led_card.suit != led):
        return f"{led_card}, the {role}, leads {contract.trump_text},"
    return f"{article[0].upper()}{article[1:]} {name} was led"


def explain_play(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str, card: Card | str
) -> Ruling[bool]:
    """May ``card`` be played from ``hand`` to ``trick``? The answer and why."""
    c = Card.parse(card)
    h, t = _hand_and_trick(contract, hand, trick)
    if c not in h:
        raise TrickError(f"{c} is not in the hand; the hand holds {' '.join(map(str, h))}")
    legal = explain_legal_plays(contract, h, t)
    if c in legal.answer:
        if not t:
            return Ruling(True, f"{c} may be played: you are leading, so any card is allowed.")
        led = contract.order.suit_of[t[0].index]
        if contract.order.suit_of[c.index] == led:
            extra = ""
            if c in _moved(contract, [c]):
                extra = f" ({_counts_as(contract, c, _suit_name(contract.order, led))})"
            return Ruling(True, f"{c} may be played: it follows the led suit{extra}.")
        if contract.order.void_must_play_joker and c.is_joker:
            return Ruling(
                True, f"{c} may be played: you cannot follow suit, and a player who cannot must play a joker."
            )
        return Ruling(True, f"{c} may be played: you cannot follow the led suit, so any card is allowed.")
    reason = legal.reason
    if reason.split()[0] in ("A", "An", "You"):  # a sentence start, not a card name like "J♦"
        reason = reason[0].lower() + reason[1:]
    return Ruling(False, f"{c} cannot be played: {reason}")


# ---------------------------------------------------------------- trick winner
def trick_winner(contract: Contract, leader: Seat | str, trick: Iterable[Card | str] | str) -> Seat:
    """The seat that wins a complete trick led by ``leader`` (cards in play order)."""
    return explain_trick_winner(contract, leader, trick).answer


def explain_trick_winner(contract: Contract, leader: Seat | str, trick: Iterable[Card | str] | str) -> Ruling[Seat]:
    """:func:`trick_winner` with the reason."""
    check_contract(contract)
    seat = Seat.find(leader)
    cards = _to_cards(trick, "the trick")
    _check_cards(contract, cards, "in the trick")
    n = len(contract.active_seats)
    if seat not in contract.active_seats:
        raise TrickError(
            f"{seat.word} sits out this hand and cannot lead; active seats are "
            f"{', '.join(s.word for s in contract.active_seats)}"
        )
    if len(cards) != n:
        raise TrickError(f"a complete trick has {n} cards in this contract, one from each player; got {len(cards)}")
    if len(set(cards)) != n:
        raise TrickError("a trick cannot hold the same card twice")
    order = contract.order
    pos = winning_position(order, [c.index for c in cards])
    winner = seat
    for _ in range(pos):
        winner = contract.next_active(winner)
    card = cards[pos]
    led = order.suit_of[cards[0].index]
    trumps = [c for c in cards if order.is_trump(c.index)]
    role = order.role[card.index]
    if order.is_trump(card.index):
        what = f"it is the {role}, a trump, and" if role else "it is"
        best = "the only trump played" if len(trumps) == 1 else "the highest trump played"
        text = f"{winner.word} wins with {card}: {what} {best}."
    else:
        name = _suit_name(order, led)
        text = f"{winner.word} wins with {card}: no trump was played, and it is the highest {name}, the suit led."
    return Ruling(winner, text)
