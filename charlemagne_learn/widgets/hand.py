"""``Hand``: one player's cards as buttons, sorted by suit with trumps first, legal cards marked.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.widgets import Hand
>>> k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
>>> h = Hand("AS JD 7H RJ 9C", contract=k, trick="KH")
>>> h
Hand(RJ J♦ 7♥ A♠ 9♣; legal: RJ J♦ 7♥)
>>> h.select("AS")     # a heart was led and this hand holds trumps: the engine says why not
False
>>> h.message
'A♠ cannot be played: a heart was led and you hold some (the red joker, the high joker, counts as a heart; J♦, the little jack, counts as a heart), so you must follow suit.'
>>> h.select("JD"), h.selected
(True, 'JD')

Asking which card may be played, the hand must not show it: ``show_legal=False`` draws every card alike, and a
click says the engine's reason either way.

>>> q = Hand("AS JD 7H RJ 9C", contract=k, trick="KH", show_legal=False)
>>> q
Hand(RJ J♦ 7♥ A♠ 9♣; legal: not shown)
>>> q.select("7H"), q.message
(True, '7♥ may be played: it follows the led suit.')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import traitlets as t

from ..engine.cards import Card, CardList, parse_cards
from ..engine.contract import Contract
from ..engine.display import cards_html
from ..engine.errors import HandError, TrickError
from ..engine.i18n import sentence, word
from ..engine.ranking import sort_hand
from ..engine.rules import VARIANTS, Rules
from ..engine.tricks import explain_play, legal_plays
from . import payloads as P
from ._base import GameWidget, card_id, card_view
from ._traits import Payloads

__all__ = ["Hand", "sort_hand"]


#: The most cards a hand may hold without a contract: the largest deck of any variant.
_MOST_CARDS = max(len(Rules.preset(name).deck_indices) for name in VARIANTS)


class Hand(GameWidget):
    """A hand of cards. Clicking a legal card selects it (and calls :meth:`on_select` callbacks); clicking an
    illegal one shows the engine's reason and changes nothing.

    ``show_legal=False``: the cards that may not be played are not marked (for a question "which card may you
    play?", where marking them gives the answer away); a click on a card that may be played then says why too.
    """

    _module = "hand"
    #: The cards as drawn (:class:`~.payloads.CardView`, with ``legal`` and ``illegal_word``).
    cards = Payloads(P.CardView).tag(sync=True)
    #: The selected card (``"JD"``), or ``""``.
    selected = t.Unicode("").tag(sync=True)
    caption = t.Unicode("").tag(sync=True)

    def __init__(
        self,
        cards: Iterable[Card | str] | str,
        contract: Contract | None = None,
        trick: Iterable[Card | str] | str = (),
        *,
        lang: str | None = None,
        four_colour: bool = False,
        caption: str = "",
        show_legal: bool = True,
    ) -> None:
        if isinstance(cards, str) and len(cards) > 8 * _MOST_CARDS:  # no hand is written that long: not even read
            raise HandError(sentence("hand.too_many", most=_MOST_CARDS, n=f"{len(cards.split())}+"))
        hand = parse_cards(cards)
        if len(hand) > _MOST_CARDS:
            raise HandError(sentence("hand.too_many", most=_MOST_CARDS, n=len(hand)))
        repeated = sorted({c for c in hand if hand.count(c) > 1}, key=lambda c: c.index)
        if repeated:
            raise HandError(sentence("hand.repeated", cards=repeated, n=len(repeated)))
        played = parse_cards(trick)
        if played and contract is None:
            raise TrickError(sentence("hand.needs_contract", lang))
        if contract is not None:
            legal_plays(contract, hand, played)  # the engine's own checks of the hand and the trick
        self._hand = sort_hand(hand, contract)
        self._contract = contract
        self._trick = played
        self._show_legal = bool(show_legal)
        self._callbacks: list[Callable[[Card], Any]] = []
        super().__init__(lang=lang, four_colour=four_colour, caption=caption)
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    # ------------------------------------------------------------ state
    @property
    def hand(self) -> CardList:
        return CardList(self._hand)

    @property
    def legal(self) -> CardList:
        """The cards that may be played now (all of them without a contract or when leading)."""
        if self._contract is None:
            return CardList(self._hand)
        return legal_plays(self._contract, self._hand, self._trick)

    def _redraw(self) -> None:
        # not shown: every card drawn as one that may be played, until a click asks the engine
        legal = set(self.legal if self._show_legal else self._hand)
        lang = self._lang
        self.cards = [
            card_view(c, lang, self._contract, legal=c in legal, illegal_word=word("illegal", lang)) for c in self._hand
        ]

    # ------------------------------------------------------------ clicks
    def select(self, card: Card | str) -> bool:
        """What a click on ``card`` does: select it if it may be played, else show why not. True if selected."""
        c = Card.parse(card)
        if c not in self._hand:
            raise TrickError(sentence("hand.card_not_held", self._lang, card=c, cards=self._hand))
        if self._contract is not None:
            ruling = explain_play(self._contract, self._hand, self._trick, c, lang=self._lang)
            if not ruling.answer:
                self.message = ruling.reason
                return False
            if not self._show_legal:  # the question's answer, once the learner has found it
                self.message = ruling.reason
                self.selected = card_id(c)
                for callback in self._callbacks:
                    callback(c)
                return True
        self.message = ""
        self.selected = card_id(c)
        for callback in self._callbacks:
            callback(c)
        return True

    def on_select(self, callback: Callable[[Card], Any]) -> None:
        """Call ``callback(card)`` whenever a card is selected by a click (or :meth:`select`)."""
        self._callbacks.append(callback)

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "click":
            self.select(str(content.get("card", "")))

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        legal = "" if self._contract is None else f"; legal: {self.legal if self._show_legal else 'not shown'}"
        return f"Hand({self._hand}{legal})"

    def _static_html(self) -> str:
        caption = f"<p>{escape(self.caption)}</p>" if self.caption else ""
        cards = cards_html(self._hand, self._contract, lang=self._lang, four_colour=self.four_colour)
        return f'<div class="cl-hand">{caption}{cards}</div>'
