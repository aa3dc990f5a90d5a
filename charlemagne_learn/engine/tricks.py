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

from .cards import Card, CardList, Seat, Suit
from .contract import Contract, check_contract
from .errors import TrickError
from .i18n import Lang, lang_or_current, say, sentence, suit_name, word
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


def _suit_name(order: CardOrder, suit: int, lang: Lang) -> str:
    """A suit as one card of it is called: "heart", "joker"; in French "cœur"."""
    if suit == JOKER_SUIT:
        return word("joker", lang)
    return suit_name(Suit(suit), lang)


def _moved(contract: Contract, cards: Iterable[Card]) -> list[Card]:
    """Cards whose effective suit is not their printed suit (little jack, jokers)."""
    order = contract.order
    out = []
    for c in cards:
        printed = c.suit if c.suit is not None else JOKER_SUIT
        if order.suit_of[c.index] != printed or (c.is_joker and order.trump_suit != JOKER_SUIT):
            out.append(c)
    return out


def _check_cards(contract: Contract, cards: Sequence[Card], where: str) -> None:
    deck = contract.rules.deck_indices
    for c in cards:
        if c.index not in deck:
            raise TrickError(
                sentence("tricks.not_in_deck", card=c, deck=f"title.{contract.rules.name}", where=sentence(where))
            )


def _to_cards(cards: Iterable[Card | str] | str, what: str) -> list[Card]:
    from .cards import parse_cards

    return parse_cards(cards, distinct=what)


# ---------------------------------------------------------------- legal plays
def legal_plays(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str = ()
) -> CardList:
    """Cards of ``hand`` that may be played; ``trick`` holds the cards already played to it, in order."""
    return _legal(contract, hand, trick)[2]


def _hand_and_trick(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str
) -> tuple[list[Card], list[Card]]:
    check_contract(contract)
    h, t = _to_cards(hand, "the hand"), _to_cards(trick, "the trick")
    _check_cards(contract, h, "tricks.in_hand")
    _check_cards(contract, t, "tricks.in_trick")
    if len(t) >= len(contract.active_seats):
        raise TrickError(sentence("tricks.trick_full", n=len(t), players=len(contract.active_seats)))
    if set(h) & set(t):
        raise TrickError(sentence("tricks.hand_and_trick"))
    return h, t


def _legal(
    contract: Contract, hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str
) -> tuple[list[Card], list[Card], CardList, int]:
    """The hand and trick as cards, the legal plays and the hand's bit set."""
    h, t = _hand_and_trick(contract, hand, trick)
    mask = 0
    for c in h:
        mask |= 1 << c.index
    legal = legal_mask(contract.order, mask, t[0].index if t else -1)
    return h, t, CardList(c for c in h if legal >> c.index & 1), mask


def explain_legal_plays(
    contract: Contract,
    hand: Iterable[Card | str] | str,
    trick: Iterable[Card | str] | str = (),
    *,
    lang: str | None = None,
) -> Ruling[CardList]:
    """:func:`legal_plays` with the reason, in ``lang`` (the course's language by default)."""
    h, t, cards, mask = _legal(contract, hand, trick)
    order = contract.order
    language = lang_or_current(lang)
    if not t:
        return Ruling(cards, say("tricks.leading", language))
    led = order.suit_of[t[0].index]
    led_intro = _led_intro(contract, t[0], language)
    if led == JOKER_SUIT:
        other = cards[0] if mask & order.suit_mask[led] else None
        if other is not None:
            return Ruling(cards, say("tricks.joker_led_must", language, led=led_intro, card=other))
        return Ruling(cards, say("tricks.joker_led_free", language, led=led_intro))
    if mask & order.suit_mask[led]:
        notes = [_counts_as(contract, c, _suit_name(order, led, language), language) for c in _moved(contract, cards)]
        note = f" ({'; '.join(notes)})" if notes else ""
        key = "tricks.follow_one" if len(cards) == 1 else "tricks.follow_some"
        return Ruling(cards, say(key, language, led=led_intro, note=note))
    if cards != h:
        return Ruling(cards, say("tricks.void_joker", language, led=led_intro))
    return Ruling(cards, say("tricks.void_free", language, led=led_intro))


def _counts_as(contract: Contract, card: Card, suit_name: str, lang: Lang) -> str:
    return say("tricks.counts_as", lang, card=card, role=contract.order.role[card.index], suit=suit_name)


def _led_intro(contract: Contract, led_card: Card, lang: Lang) -> str:
    order = contract.order
    led = order.suit_of[led_card.index]
    role = order.role[led_card.index]
    if led == JOKER_SUIT:
        return say("tricks.led_joker", lang, card=led_card)
    if role and (led_card.suit is None or led_card.suit != led):
        return say(
            "tricks.led_moved",
            lang,
            card=led_card,
            role=role,
            trump=contract.trump if contract.trump is not None else contract.trump_text,
        )
    return say("tricks.led_suit", lang, suit=_suit_name(order, led, lang))


def _lower_first(reason: str) -> str:
    """A sentence's first word in lower case, to go on after a colon; a card's face ("J♦") stays as it is."""
    if len(reason) > 1 and reason[0].isupper() and (reason[1].islower() or reason[1] in " '"):
        return reason[0].lower() + reason[1:]
    return reason


def explain_play(
    contract: Contract,
    hand: Iterable[Card | str] | str,
    trick: Iterable[Card | str] | str,
    card: Card | str,
    *,
    lang: str | None = None,
) -> Ruling[bool]:
    """May ``card`` be played from ``hand`` to ``trick``? The answer and why, in ``lang``."""
    c = Card.parse(card)
    language = lang_or_current(lang)
    h, t = _hand_and_trick(contract, hand, trick)
    if c not in h:
        raise TrickError(sentence("tricks.not_held", card=c, cards=h))
    legal = explain_legal_plays(contract, h, t, lang=language)
    if c in legal.answer:
        if not t:
            return Ruling(True, say("tricks.may_lead", language, card=c))
        led = contract.order.suit_of[t[0].index]
        if contract.order.suit_of[c.index] == led:
            note = ""
            if c in _moved(contract, [c]):
                note = f" ({_counts_as(contract, c, _suit_name(contract.order, led, language), language)})"
            return Ruling(True, say("tricks.may_follow", language, card=c, note=note))
        if contract.order.void_must_play_joker and c.is_joker:
            return Ruling(True, say("tricks.may_joker", language, card=c))
        return Ruling(True, say("tricks.may_any", language, card=c))
    return Ruling(False, say("tricks.may_not", language, card=c, reason=_lower_first(legal.reason)))


# ---------------------------------------------------------------- trick winner
def trick_winner(contract: Contract, leader: Seat | str, trick: Iterable[Card | str] | str) -> Seat:
    """The seat that wins a complete trick led by ``leader`` (cards in play order)."""
    return _winner(contract, leader, trick)[0]


def _winner(contract: Contract, leader: Seat | str, trick: Iterable[Card | str] | str) -> tuple[Seat, list[Card], int]:
    """The winning seat, the trick's cards and the winning card's position, after checking the trick."""
    check_contract(contract)
    seat = Seat.find(leader)
    cards = _to_cards(trick, "the trick")
    _check_cards(contract, cards, "tricks.in_trick")
    n = len(contract.active_seats)
    if seat not in contract.active_seats:
        raise TrickError(sentence("tricks.sits_out", seat=seat, seats=list(contract.active_seats)))
    if len(cards) != n:
        raise TrickError(sentence("tricks.trick_size", n=n, got=len(cards)))
    if len(set(cards)) != n:
        raise TrickError(sentence("tricks.twice"))
    pos = winning_position(contract.order, [c.index for c in cards])
    winner = seat
    for _ in range(pos):
        winner = contract.next_active(winner)
    return winner, cards, pos


def explain_trick_winner(
    contract: Contract, leader: Seat | str, trick: Iterable[Card | str] | str, *, lang: str | None = None
) -> Ruling[Seat]:
    """:func:`trick_winner` with the reason, in ``lang`` (the course's language by default)."""
    winner, cards, pos = _winner(contract, leader, trick)
    language = lang_or_current(lang)
    order = contract.order
    card = cards[pos]
    led = order.suit_of[cards[0].index]
    trumps = [c for c in cards if order.is_trump(c.index)]
    role = order.role[card.index]
    if order.is_trump(card.index):
        which = "only" if len(trumps) == 1 else "highest"
        key = f"tricks.win_trump_role_{which}" if role else f"tricks.win_trump_{which}"
        text = say(key, language, seat=winner, card=card, role=role)
    else:
        text = say("tricks.win_suit", language, seat=winner, card=card, suit=_suit_name(order, led, language))
    return Ruling(winner, text)
