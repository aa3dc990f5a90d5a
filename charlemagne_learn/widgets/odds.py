"""``BidOddsExplorer``: deal or type a hand and see the chance of making every bid, with its 95% interval,
computed by :func:`charlemagne_learn.analysis.bid_odds` while a progress bar fills.

>>> from charlemagne_learn.widgets.odds import BidOddsExplorer
>>> x = BidOddsExplorer(hand="RJ JH JD AH 10H AS KC 9D", samples=50)
>>> x
BidOddsExplorer(canadian, North holds RJ A♠ A♥ J♥ 10♥ K♣ J♦ 9♦: 8 bids, 50 samples)
>>> x.set_hand("RJ RJ"), x.message.startswith("bid odds need the 8 different cards")
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import traitlets as t

from ..analysis.odds import BidOdds, bid_odds, checked_hand
from ..analysis.shown import bid_odds_html, how_text
from ..course import rules_for
from ..engine.cards import Card, CardList, Seat
from ..engine.checks import flag, whole_number
from ..engine.deal import cards_of, deal_hands
from ..engine.errors import RulesOptionError
from ..engine.i18n import say, sentence, word
from ..engine.ranking import sort_hand
from ..engine.rng import check_seed, derive_seed
from ..engine.rules import Rules
from . import payloads as P
from ._base import GameWidget, bid_label, card_view, number_text, variant_title
from ._traits import Payloads, Words
from .payloads import OddsRow

__all__ = ["BidOddsExplorer"]

SAMPLE_CHOICES = (50, 200, 500, 1000)
METHODS = ("double_dummy", "bots")


class BidOddsExplorer(GameWidget):
    """A hand, the settings of the simulation and the odds of every bid as bars with whiskers."""

    _module = "odds"
    _page_writable = frozenset({"samples", "method"})
    hand_text = t.Unicode("").tag(sync=True)
    #: The hand as drawn (:class:`~.payloads.CardView`).
    hand_cards = Payloads(P.CardView).tag(sync=True)
    samples = t.Int(200).tag(sync=True)
    sample_choices = t.List(t.Int(), default_value=list(SAMPLE_CHOICES)).tag(sync=True)
    method = t.Unicode("double_dummy").tag(sync=True)
    #: 0..1 while computing (and 1 when done); the page shows it as a <progress> bar.
    progress = t.Float(0.0).tag(sync=True)
    computing = t.Bool(False).tag(sync=True)
    progress_text = t.Unicode("").tag(sync=True)
    #: The odds as the page draws them, one :class:`~.payloads.OddsRow` a bid; none until computed.
    rows = Payloads(P.OddsRow).tag(sync=True)
    caption = t.Unicode("").tag(sync=True)
    words = Words().tag(sync=True)

    def __init__(
        self,
        variant: str | Rules | None = None,
        hand: Iterable[Card | str] | str | None = None,
        *,
        seed: int = 0,
        samples: int = 200,
        method: str = "double_dummy",
        seat: str | Seat = "N",
        dealer: str | Seat = "W",
        lang: str | None = None,
        auto: bool = True,
        four_colour: bool = False,
    ) -> None:
        self._rules = rules_for(variant)
        self._seat, self._dealer = Seat.find(seat), Seat.find(dealer)
        self._seed = check_seed(seed)
        self._deals = 0
        self._auto = flag("auto", auto)
        self._odds: BidOdds | None = None
        self._hand = CardList()
        #: The deals done of those asked, as the progress line last said them (None: nothing computed yet).
        self._done_of: tuple[int, int] | None = None
        super().__init__(
            lang=lang, four_colour=four_colour, samples=_check_samples(samples), method=_check_method(method)
        )
        if hand is None:
            self.deal()
        else:
            self._take(checked_hand(self._rules, hand))  # a bad hand: the engine's HandError, at construction
        self.observe(lambda _: self._redraw(), names="lang")

    @t.validate("samples")
    def _valid_samples(self, proposal: dict[str, Any]) -> int:
        return _check_samples(proposal["value"])

    @t.validate("method")
    def _valid_method(self, proposal: dict[str, Any]) -> str:
        return _check_method(proposal["value"])

    # ------------------------------------------------------------ state
    @property
    def hand(self) -> CardList:
        return CardList(self._hand)

    @property
    def odds(self) -> BidOdds | None:
        """The last :class:`~charlemagne_learn.BidOdds` computed (None before the first)."""
        return self._odds

    def deal(self) -> CardList:
        """The next seeded hand for the seat: deal ``n`` of the explorer's ``seed`` is ``derive_seed(seed, n)``."""
        hands, _kitty = deal_hands(self._rules, self._dealer, derive_seed(self._seed, self._deals))
        self._deals += 1
        self._take(cards_of(hands[self._seat]))
        return self.hand

    def set_hand(self, hand: Iterable[Card | str] | str) -> bool:
        """Use a typed hand. A bad one shows the engine's reason in ``message`` and keeps the hand and results."""
        try:
            cards = checked_hand(self._rules, hand)
        except ValueError as exc:
            self.message = self._refusal(exc)
            return False
        self._take(cards)
        return True

    def _take(self, cards: Iterable[Card]) -> None:
        self._hand = sort_hand(cards, self._rules)
        self.message = ""
        self._odds = None
        self.rows = []
        self.progress, self.progress_text, self._done_of = 0.0, "", None
        self.hand_text = " ".join(str(c) for c in self._hand)
        self._redraw()
        if self._auto:
            self.compute()

    def compute(self) -> BidOdds:
        """Run the simulation with the chosen samples and method, moving ``progress`` as samples finish."""
        lang = self._lang
        self.computing, self.progress = True, 0.0
        self.progress_text = word("computing", lang)

        def report(done: int, total: int) -> None:
            self.progress = done / total
            self._done_of = (done, total)
            self.progress_text = say("odds.deals_done", self._lang, done=done, total=total)

        try:
            odds = bid_odds(  # numbers, in no language: the rows below say them in the widget's
                self._rules,
                self._hand,
                self._seat,
                self._dealer,
                self.samples,
                self._seed,
                self.method,  # type: ignore[arg-type]
                progress=report,
            )
        finally:
            self.computing = False
        self._odds = odds
        self.progress = 1.0
        self._redraw()
        return odds

    # ------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        lang = self._lang
        self.words = {
            k: word(k.replace(" ", "_"), lang)
            for k in (
                "deal",
                "type hand",
                "compute",
                "samples",
                "play",
                "perfect",
                "realistic",
                "makes it",
                "interval",
                "points per hand",
                "played as",
                "odds of",
            )
        }
        self.hand_cards = [card_view(c, lang) for c in self._hand]
        if self._done_of is not None and not self.computing:  # the progress line too, after a change of language
            done, total = self._done_of
            self.progress_text = say("odds.deals_done", lang, done=done, total=total)
        odds = self._odds
        hand = " ".join(card.face(lang) for card in self._hand)  # V♥, not J♥, under a French hand
        if odds is None:
            self.caption = say("odds.holds", lang, seat=self._seat, holds=word("holds", lang), held=hand)
            return
        how = word("perfect" if odds.method == "double_dummy" else "realistic", lang)
        self.caption = say(
            "odds.caption",
            lang,
            seat=self._seat,
            holds=word("holds", lang),
            held=hand,
            title=variant_title(odds.rules, lang),
            n=odds.samples,
            n_word=word("samples", lang),
            method=how,
        )
        rows: list[OddsRow] = []
        for chance in odds:
            low, high = chance.interval
            expected = chance.expected_points
            points = word("odds.decides_the_game", lang) if expected is None else number_text(expected, "+.1f", lang)
            rows.append(
                {
                    "bid": chance.bid,
                    "label": bid_label(odds.rules.bid(chance.bid), lang),
                    "probability": chance.probability,
                    "low": low,
                    "high": high,
                    "expected": points,
                    "how": how_text(chance.how, lang),
                    "text": say("display.pct", lang, p=chance.probability),
                    "interval": say("odds.interval", lang, lo=low, hi=high),
                }
            )
        self.rows = rows

    # ------------------------------------------------------------ clicks
    def _on_click(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        if kind == "deal":
            self.deal()
        elif kind == "hand":
            self.set_hand(str(content.get("text", "")))
        elif kind == "compute":
            text = content.get("text")
            if isinstance(text, str) and text.strip() and text.strip() != self.hand_text:
                saved, self._auto = self._auto, False
                try:
                    if not self.set_hand(text):
                        return
                finally:
                    self._auto = saved
            self.message = ""
            self.compute()

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        who = f"{self._seat.word} holds {self._hand}"
        done = f"{len(self._odds)} bids" if self._odds is not None else "not computed"
        return f"BidOddsExplorer({self._rules.name}, {who}: {done}, {self.samples} samples)"

    def _static_html(self) -> str:
        if self._odds is not None:
            return bid_odds_html(self._odds, lang=self._lang)
        return f'<div class="cl-odds"><p>{escape(self.caption)}</p></div>'


def _check_samples(samples: object) -> int:
    return whole_number(
        "samples",
        samples,
        1,
        100_000,
        advice=sentence("odds.samples_advice", choices=", ".join(map(str, SAMPLE_CHOICES))),
    )


def _check_method(method: object) -> str:
    if not isinstance(method, str) or method not in METHODS:  # str first: a NumPy array compares item by item
        raise RulesOptionError(sentence("odds.bad_method_choice", method=method))
    return str(method)
