"""``TrumpLadder``: every trump of a contract from the highest down, and the plain suits beside it.

The little jack's home suit is drawn one card short, with a gap where its jack went. Choosing another trump
suit or variant (buttons in the widget, or the traits from Python) redraws it; the engine's ``card_order``
decides every position and name.

>>> from charlemagne_learn.widgets.ladder import TrumpLadder
>>> TrumpLadder("canadian", "H")
TrumpLadder(canadian, trump ♥: RJ BJ J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥)
>>> TrumpLadder("american", "spades")
TrumpLadder(american, trump ♠: 9♠ J♠ J♣ A♠ K♠ Q♠ 10♠ 8♠ 7♠)
>>> TrumpLadder("canadian", None, high_joker="black")
TrumpLadder(canadian, high_joker='black', no trump: BJ RJ)
"""

from __future__ import annotations

from html import escape
from typing import Any

import traitlets as t

from ..course import course_variant
from ..engine.cards import Card, Rank, Suit
from ..engine.display import card_html
from ..engine.errors import RulesOptionError
from ..engine.i18n import Lang, card_label, named, say, sentence, word
from ..engine.ranking import card_order
from ..engine.rules import VARIANTS, Rules
from . import payloads as P
from ._base import GameWidget, bid_label, card_id, card_view, suit_inks
from ._base import variant_title as _title
from ._traits import Payloads, Words
from .payloads import LadderCard, LadderGap, LadderStep, PlainSuit, TrumpChoice, VariantChoice

__all__ = ["TrumpLadder", "role_text", "suit_name", "variant_title"]


#: Roles shown with the game's French name beside the English one: the terms a learner hears at the table.
_GLOSSED = ("big jack", "little jack")


def suit_name(suit: Suit, lang: Lang = "en") -> str:
    """The suit's name in the widget's language: ``"hearts"``, ``"cœur"``."""
    return word(f"suits.{suit.word}", lang)


def variant_title(rules: Rules, lang: Lang = "en") -> str:
    """The variant's name in the widget's language: ``"Canadian Charlemagne"``, ``"Charlemagne canadien"``."""
    return _title(rules, lang)


def role_text(role: str, lang: Lang = "en") -> str:
    """A card's role as the ladder writes it: ``"big jack (le bar)"`` in English, ``"le bar"`` in French."""
    if not role:
        return ""
    if role in _GLOSSED:  # the English names these with the French players' word beside it
        return word(f"ladder.glossed.{role.replace(' ', '_')}", lang)
    return named(role, lang, "role.")


def _no_trump_bids(rules: Rules, lang: Lang = "en") -> list[str]:
    """The labels of the bids that are played without a trump suit (Mulot, No Trump, a bid of N no-trump)."""
    labels = [bid_label(spec, lang) for spec in rules.bids if not spec.has_trump]
    if any(spec.trump == "with_bid_or_none" for spec in rules.bids):
        labels.append(word("ladder.no_trump_bid", lang))
    return labels


class TrumpLadder(GameWidget):
    """The ranking of a trump suit for a variant, with the three plain suits beside it.

    ``trump`` is ``"C"``, ``"D"``, ``"H"``, ``"S"`` (any spelling :meth:`Suit.find` reads), or ``None`` for a
    contract without a trump suit, allowed where the variant has such a bid. With no ``variant`` the ladder is
    the course's (:mod:`~charlemagne_learn.course`: its variant and house rules). ``rules_options`` are passed to
    :meth:`Rules.preset` (``high_joker="black"``) and kept when the variant changes.
    """

    _module = "ladder"
    #: The variant's preset name (``"canadian"``, ``"american"``, ``"maine"``, ``"bid_euchre"``).
    variant = t.Unicode("canadian").tag(sync=True)
    #: The trump suit's letter, or ``None`` for no trump suit.
    trump = t.Unicode("H", allow_none=True).tag(sync=True)
    #: The ladder, highest first (:class:`~.payloads.LadderStep`: a card with its ``place``, 1 the highest).
    trumps = Payloads(P.LadderStep).tag(sync=True)
    #: The plain suits (:class:`~.payloads.PlainSuit`), a gap (:class:`~.payloads.LadderGap`) where a jack is a trump.
    plain = Payloads(P.PlainSuit).tag(sync=True)
    #: The choices offered: variants (:class:`~.payloads.VariantChoice`) and trump buttons
    #: (:class:`~.payloads.TrumpChoice`).
    variants = Payloads(P.VariantChoice).tag(sync=True)
    suits = Payloads(P.TrumpChoice).tag(sync=True)
    caption = t.Unicode("").tag(sync=True)
    #: Headings in the widget's language.
    words = Words().tag(sync=True)

    def __init__(
        self,
        variant: str | Rules | None = None,
        trump: Suit | str | None = "H",
        *,
        lang: str | None = None,
        four_colour: bool = False,
        **rules_options: Any,
    ) -> None:
        from .playtable import rules_of

        self._rules = rules_of(variant, rules_options)  # the engine's own check of variant and options
        # kept when the variant changes: the options given, or those of the Rules given
        self._options = (
            self._rules.options() if isinstance(variant, Rules) else course_variant(variant, rules_options)[1]
        )
        super().__init__(
            variant=self._rules.name,
            trump=trump.name if isinstance(trump, Suit) else trump,
            lang=lang,
            four_colour=four_colour,
        )
        self._redraw()
        self.observe(self._on_variant, names="variant")
        self.observe(lambda _: self._redraw(), names=["trump", "lang"])

    # ------------------------------------------------------------ validation
    @t.validate("variant")
    def _check_variant(self, proposal: dict[str, Any]) -> str:
        return Rules.preset(proposal["value"], **self._options).name

    @t.validate("trump")
    def _check_trump(self, proposal: dict[str, Any]) -> str | None:
        value = proposal["value"]
        if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "nt", "no trump")):
            if not _no_trump_bids(self._rules):
                raise RulesOptionError(
                    sentence("ladder.no_no_trump", self._lang, title=_title(self._rules, self._lang))
                )
            return None
        return Suit.find(value).name

    def _on_variant(self, change: dict[str, Any]) -> None:
        self._rules = Rules.preset(change["new"], **self._options)
        if self.trump is None and not _no_trump_bids(self._rules):
            self.trump = "H"  # redraws
        else:
            self._redraw()

    # ------------------------------------------------------------ state
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def suit(self) -> Suit | None:
        return None if self.trump is None else Suit[self.trump]

    @property
    def ladder(self) -> list[Card]:
        """Every trump, highest first (only the jokers, or nothing, without a trump suit)."""
        return [Card.from_index(i) for i in card_order(self._rules, self.suit).trumps]

    def plain_suits(self) -> dict[Suit, list[Card | None]]:
        """Each plain suit high to low, with ``None`` where its jack would stand when that jack is a trump."""
        order = card_order(self._rules, self.suit)
        deck = self._rules.deck_indices
        out: dict[Suit, list[Card | None]] = {}
        for suit in Suit:
            if suit == self.suit:
                continue
            cards: list[Card | None] = [
                Card.from_index(i)
                for i in sorted((i for i in deck if order.suit_of[i] == suit), key=lambda i: -order.power[i])
            ]
            jack = suit * 8 + Rank.JACK
            if order.suit_of[jack] != suit:
                # Plain cards keep their natural rank as power, so the jack's place is after the higher ranks.
                cards.insert(sum(c is not None and c.rank is not None and c.rank > Rank.JACK for c in cards), None)
            out[suit] = cards
        return out

    def _redraw(self) -> None:
        lang = self._lang
        rules, suit = self._rules, self.suit
        order = card_order(rules, suit)
        self.trumps = [self._step(c, order.role[c.index], n) for n, c in enumerate(self.ladder, 1)]
        plain: list[PlainSuit] = []
        for s, cards in self.plain_suits().items():
            jack = Card.of(Rank.JACK, s)
            drawn: list[LadderCard | LadderGap] = [
                {"gap": True, "text": say("ladder.jack_is_trump", lang, jack=jack), "id": card_id(jack)}
                if c is None
                else self._card(c, "")
                for c in cards
            ]
            count = sum(c is not None for c in cards)
            plain.append(
                {
                    "suit": s.name,
                    **suit_inks(s),
                    "title": f"{s.symbol} {suit_name(s, lang)}",
                    "count": say("table.cards", lang, n=count),
                    "cards": drawn,
                }
            )
        self.plain = plain
        variants: list[VariantChoice] = [{"id": name, "title": word(f"title.{name}", lang)} for name in VARIANTS]
        self.variants = variants
        buttons: list[TrumpChoice] = [
            {
                "id": s.name,
                "text": s.symbol,
                "suit": s.name,
                **suit_inks(s),
                "label": say("choose.trump", lang, suit=suit_name(s, lang)),
            }
            for s in Suit
        ]
        if _no_trump_bids(rules):
            buttons.append(
                {"id": "none", "text": word("no_trump", lang), "suit": "", "label": word("ladder.no_trump_suit", lang)}
            )
        self.suits = buttons
        self.caption = self._caption(lang)
        self.words = {
            key: word(key.replace(" ", "_"), lang)
            for key in ("variant", "trump suit", "trumps high to low", "plain high to low")
        }

    def _card(self, card: Card, role: str) -> LadderCard:
        # The spoken label names the role too, as a Hand's cards do under a contract.
        return {
            **card_view(card, self._lang, None),
            "role_text": role_text(role, self._lang),
            "label": card_label(card, self._lang, role),
        }

    def _step(self, card: Card, role: str, place: int) -> LadderStep:
        return {**self._card(card, role), "place": place}

    def _caption(self, lang: Lang) -> str:
        title = variant_title(self._rules, lang)
        if self.suit is not None:
            return say("ladder.caption", lang, title=title, suit=suit_name(self.suit, lang), n=len(self.trumps))
        key = "ladder.caption_jokers" if self._rules.jokers else "ladder.caption_none"
        return say(key, lang, title=title, bids=", ".join(_no_trump_bids(self._rules, lang)))

    # ------------------------------------------------------------ clicks
    def choose_trump(self, suit: Suit | str | None) -> bool:
        """What a trump button does: redraw for that suit (``None``: no trump). False, with the reason shown,
        when the variant does not allow it."""
        try:
            self.trump = suit.name if isinstance(suit, Suit) else suit
        except ValueError as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        return True

    def choose_variant(self, variant: str) -> bool:
        """What the variant selector does: redraw for that variant. False, with the reason shown, if unknown."""
        try:
            self.variant = variant
        except ValueError as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        return True

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "trump":
            suit = str(content.get("suit", ""))
            self.choose_trump(None if suit == "none" else suit)
        elif content.get("type") == "variant":
            self.choose_variant(str(content.get("variant", "")))

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self._rules.options().items())
        which = "no trump" if self.suit is None else f"trump {self.suit.symbol}"
        ladder = " ".join(map(str, self.ladder)) or "no trumps"
        return f"TrumpLadder({self._rules.name}{options}, {which}: {ladder})"

    def _static_html(self) -> str:
        lang = self._lang
        order = card_order(self._rules, self.suit)
        cell = "style='text-align:left;padding:0.1em 0.6em'"
        rows = "".join(
            f"<tr><td {cell}>{n}</td><td {cell}>{card_html(c, order.role[c.index], lang)}</td>"
            f"<td {cell}>{escape(role_text(order.role[c.index], lang))}</td></tr>"
            for n, c in enumerate(self.ladder, 1)
        )
        if not rows:
            rows = f"<tr><td colspan='3' {cell}><em>{escape(word('ladder.no_trumps_at_all', lang))}</em></td></tr>"
        plain = []
        for s, cards in self.plain_suits().items():
            drawn = " ".join(
                f"<em>[{escape(say('ladder.jack_is_trump', lang, jack=Card.of(Rank.JACK, s)))}]</em>"
                if c is None
                else card_html(c, lang=lang)
                for c in cards
            )
            plain.append(f"<tr><th {cell}>{s.symbol} {escape(suit_name(s, lang))}</th><td {cell}>{drawn}</td></tr>")
        return (
            f'<div class="cl-ladder" style="font-family:sans-serif"><p>{escape(self.caption)}</p>'
            f"<table><tr><th {cell}>#</th><th {cell} colspan='2'>{escape(word('trumps_high_to_low', lang))}</th>"
            f"</tr>{rows}</table><p>{escape(word('plain_high_to_low', lang))}</p>"
            f"<table>{''.join(plain)}</table></div>"
        )
