"""``BidBox``: a variant's bid ladder as buttons, each with what the bid means and scores.

Without a hand it is a reference card (every bid enabled). Given a :class:`HandState` in the bidding phase,
only the bids the engine allows the seat to move are enabled; a click on another one shows the engine's
reason and changes nothing. A click never applies the bid itself: :meth:`BidBox.on_bid` callbacks (a table,
a lesson) decide what to do with it.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.widgets.bidbox import BidBox
>>> BidBox("american")
BidBox(American Charlemagne: 7 bids, reference card)
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
>>> state.apply("bid 6")
>>> box = BidBox(state=state)
>>> box
BidBox(Canadian Charlemagne: 8 bids, 6 legal for South, pass allowed)
>>> box.bid("bid 5")
False
>>> box.message
'bid 5 is not allowed: a bid must be higher than bid 6; allowed: pass, bid 7, bid 8, bid Mulot, bid Charlemagne, bid Gros Mulot, bid Gros Charlemagne'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import traitlets as t

from ..course import rules_for
from ..engine.actions import Action
from ..engine.bid_meaning import COLUMNS as _COLUMNS
from ..engine.bid_meaning import bid_meaning
from ..engine.bidding import bid_lists, bid_named
from ..engine.cards import Seat
from ..engine.errors import IllegalActionError, RulesOptionError
from ..engine.hand import HandState
from ..engine.i18n import Lang, say, seat_word, sentence, word
from ..engine.rules import BidSpec, Rules
from . import payloads as P
from ._base import GameWidget, bid_label, suit_inks
from ._traits import Payload, Payloads
from .ladder import variant_title
from .payloads import BidButton, BidRow
from .table import action_text

__all__ = ["BidBox", "bid_meaning"]


def _button_text(action: Action, spec: BidSpec, lang: Lang) -> str:
    label = bid_label(spec, lang)
    if action.suit is not None:
        return f"{label}{action.suit.symbol}"
    if action.no_trump:
        return say("bidbox.n_no_trump", lang, n=label)
    return label


class BidBox(GameWidget):
    """The bid ladder of a variant as buttons; with a hand state, only the legal bids are enabled.

    ``rules_or_variant`` is a :class:`Rules` value or a variant name (``None``: Canadian, or the state's
    rules). ``seat`` is whose box it is: by default the seat to move, following the hand as it goes.
    """

    _module = "bidbox"
    #: One row per rung of the ladder (:class:`~.payloads.BidRow`): the column texts and its buttons.
    rows = Payloads(P.BidRow).tag(sync=True)
    #: The pass button (:class:`~.payloads.BidButton`).
    pass_action = Payload(P.BidButton).tag(sync=True)
    #: Column headings, in the widget's language.
    columns = t.List(t.Unicode()).tag(sync=True)
    caption = t.Unicode("").tag(sync=True)
    #: How to read the box (empty on a reference card, where every bid is enabled).
    legend = t.Unicode("").tag(sync=True)
    #: The last bid clicked (its action text, ``"bid 6"``), or ``""``.
    chosen = t.Unicode("").tag(sync=True)

    def __init__(
        self,
        rules_or_variant: Rules | str | None = None,
        state: HandState | None = None,
        seat: Seat | str | None = None,
        *,
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        if state is not None and not isinstance(state, HandState):
            raise IllegalActionError(sentence("bidbox.not_a_state", kind=type(state).__name__))
        if isinstance(rules_or_variant, Rules):
            rules = rules_or_variant
        else:
            rules = state.rules if state is not None and rules_or_variant is None else rules_for(rules_or_variant)
        if state is not None and state.rules != rules:
            raise RulesOptionError(sentence("bidbox.other_rules", played=repr(state.rules), given=repr(rules)))
        self._rules = rules
        # a copy: the caller plays on (or undoes) their own hand and shows it with update()
        self._state = None if state is None else state.copy()
        self._seat = None if seat is None else Seat.find(seat)
        self._callbacks: list[Callable[[Action], Any]] = []
        super().__init__(lang=lang, four_colour=four_colour)
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    # ------------------------------------------------------------ state
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def state(self) -> HandState | None:
        return self._state

    @property
    def seat(self) -> Seat | None:
        """Whose box this is: the seat given, else the seat to move (``None`` for a reference card)."""
        if self._seat is not None or self._state is None:
            return self._seat
        return self._state.to_move

    @property
    def legal(self) -> list[Action]:
        """The bids (and pass) that may be clicked now: every one on a reference card."""
        if self._state is None:
            return list(bid_lists(self._rules)[0][0])
        if self.seat is None or self._state.to_move != self.seat:
            return []
        return [a for a in self._state.legal_actions() if a.kind in ("bid", "pass")]

    def update(self, state: HandState | None) -> None:
        """Redraw for a new hand state (``None``: the reference card), e.g. after a bid was applied."""
        if state is not None and not isinstance(state, HandState):
            raise IllegalActionError(sentence("bidbox.not_a_state", kind=type(state).__name__))
        self._state = None if state is None else state.copy()
        if state is not None:
            self._rules = state.rules
        self.message = ""
        self.chosen = ""
        self._redraw()

    def _redraw(self) -> None:
        lang = self._lang
        legal = set(self.legal)

        def button(action: Action, text: str) -> BidButton:
            ok = action in legal
            spoken = f"{word('pass', lang)}" if action.kind == "pass" else f"{word('bid', lang)} {text}"
            label = spoken if ok else f"{spoken} ({word('bidbox.not_allowed_now', lang)})"
            suit = action.suit.name if action.suit is not None else ""
            return {
                "id": str(action),
                "text": text,
                "label": label,
                "legal": ok,
                "suit": suit,
                **suit_inks(action.suit),
            }

        def row(spec: BidSpec, actions: list[Action]) -> BidRow:
            # key by key, not the meaning spread: a column bid_meaning renamed fails here, not on the page
            meaning = bid_meaning(self._rules, spec, lang)
            return {
                "bid": bid_label(spec, lang),
                "who plays": meaning["who plays"],
                "exchange": meaning["exchange"],
                "trump": meaning["trump"],
                "first lead": meaning["first lead"],
                "to make it": meaning["to make it"],
                "made": meaning["made"],
                "failed": meaning["failed"],
                "name": spec.name,
                "actions": [button(a, _button_text(a, spec, lang)) for a in actions],
            }

        by_rung: dict[str, list[Action]] = {}
        for action in bid_lists(self._rules)[1][0]:
            by_rung.setdefault(self._rules.bid(action.bid or "").name, []).append(action)
        self.rows = [row(spec, by_rung[spec.name]) for spec in self._rules.bids]
        self.pass_action = button(Action.pass_(), word("pass", lang))
        self.columns = [word(c.replace(" ", "_"), lang) for c in _COLUMNS]
        self.caption = self._caption(lang)
        self.legend = "" if self._state is None else word("legend", lang)

    def _caption(self, lang: Lang) -> str:
        state = self._state
        title = variant_title(self._rules, lang)
        if state is None:
            return say("bidbox.reference_caption", lang, title=title)
        parts = [title, say("bidbox.dealer", lang, seat=seat_word(state.dealer, lang))]
        bids = [(who, a) for who, a in state.history if a.kind == "bid"]
        if bids:
            who, act = bids[-1]
            parts.append(
                say(
                    "bidbox.highest",
                    lang,
                    bid=action_text(act, self._rules, lang),  # by its name: "Gros Mulot", never "gros_mulot"
                    seat=seat_word(who, lang),
                )
            )
        elif state.phase.value == "bidding":
            parts.append(word("bidbox.no_bid_yet", lang))
        if state.phase.value == "bidding" and state.to_move is not None:
            parts.append(say("bidbox.to_bid", lang, seat=seat_word(state.to_move, lang)))
        else:
            parts.append(word("bidbox.bidding_over", lang))
        if self._seat is not None:
            parts.append(say("bidbox.shown_for", lang, seat=self._seat))
        return word("semicolon", lang).join(parts) + "."

    # ------------------------------------------------------------ clicks
    def bid(self, action: Action | str) -> bool:
        """What a click on a bid (or pass) does: call the :meth:`on_bid` callbacks if the engine allows it now,
        else show its reason. The hand state is never changed here. True if the bid was allowed."""
        act = Action.parse(action)
        if act.kind not in ("bid", "pass"):
            raise IllegalActionError(
                sentence("bidbox.not_a_bid", self._lang, action=action_text(act, self._rules, self._lang))
            )
        if self._state is not None:
            try:
                # On a copy: the engine's own reason, and the caller's state stays as it was.
                self._state.copy().apply(act, self.seat)
            except IllegalActionError as exc:
                self.message = self._refusal(exc)
                return False
        # by its name in records, whichever name was typed ("Charles+"); an unknown bid is an error even on a
        # reference card
        act = bid_named(self._rules, act)
        self.message = ""
        self.chosen = str(act)
        for callback in self._callbacks:
            callback(act)
        return True

    def on_bid(self, callback: Callable[[Action], Any]) -> None:
        """Call ``callback(action)`` whenever an allowed bid or pass is clicked (or :meth:`bid` is called)."""
        self._callbacks.append(callback)

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "bid":
            self.bid(str(content.get("action", "")))

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        head = f"BidBox({self._rules.title}: {len(self._rules.bids)} bids"
        if self._state is None:
            return f"{head}, reference card)"
        seat = self.seat
        if seat is None or self._state.phase.value != "bidding":
            return f"{head}, the bidding is over)"
        legal = self.legal
        bids = sum(a.kind == "bid" for a in legal)
        passing = "" if not legal else (", pass allowed" if Action.pass_() in legal else ", must bid")
        return f"{head}, {bids} legal for {seat.word}{passing})"

    def _static_html(self) -> str:
        cell = "style='text-align:left;padding:0.1em 0.5em;vertical-align:top'"
        head = "".join(f"<th {cell}>{escape(c)}</th>" for c in self.columns)

        def buttons(actions: list[BidButton]) -> str:
            return " ".join(
                f"<strong>{escape(a['text'])}</strong>"
                if a["legal"]
                else f"<s title='{escape(a['label'])}'>{escape(a['text'])}</s>"
                for a in actions
            )

        rows = "".join(
            f"<tr><td {cell}>{buttons(row['actions'])}</td>"
            + "".join(f"<td {cell}>{escape(row[c])}</td>" for c in _COLUMNS[1:])  # type: ignore[literal-required]
            + "</tr>"
            for row in self.rows
        )
        return (
            f'<div class="cl-bidbox" style="font-family:sans-serif"><p>{escape(self.caption)}</p>'
            f"<p>{buttons([self.pass_action])}</p><table><tr>{head}</tr>{rows}</table></div>"
        )
