"""``Table``: a hand at the table — four seats, the trick, the kitty, the contract, scores and bidding — with a
slider that replays a recorded hand action by action or trick by trick.

Seen from one seat, the others' cards are card backs with a count: the synced traits are built from that
seat's :meth:`~charlemagne_learn.engine.hand.HandState.view` only, so no hidden card ever reaches the page.
``seat=None`` is the teacher's view, every hand face up.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import make_bot, play_hand
>>> state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
>>> table = Table(state, seat="S")
>>> table
Table(Canadian Charlemagne, 6 ♣ by South, over; step 39 of 39; South's view)
>>> table.step = 14
>>> table
Table(Canadian Charlemagne, 6 ♣ by South, play, East to move; step 14 of 39; South's view)
>>> table.marks[:4]     # where the trick buttons stop: the deal, the first card, the end of each trick, ...
[0, 7, 11, 15]
"""

from __future__ import annotations

from html import escape
from typing import Any

import traitlets as t

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.display import hand_state_html, seat_view_html
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.hand import HandState
from ..engine.i18n import Lang, say, seat_word, sentence, word
from ..engine.rules import Rules

# the picture is made in the teaching layer, for every table (the shared table's referee too); its names stay here
from ..teach.picture import (
    action_text,
    contract_text,
    in_words,
    phase_title,
    phase_word,
    picture_words,
    result_text,
    table_picture,
)
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload, Words

__all__ = [
    "Table",
    "action_text",
    "contract_text",
    "phase_title",
    "phase_word",
    "picture_words",
    "result_text",
    "table_picture",
    "trick_marks",
]


def trick_marks(state: HandState) -> list[int]:
    """The action counts where a replay stops when stepping trick by trick: the deal, the end of the bidding
    and exchange (the first card), each finished trick, and the end of the hand."""
    marks = [0]
    tricks_seen = 0
    replay = state.at(0)
    for number, (_, action) in enumerate(state.history, 1):
        if action.kind == "play" and not replay.tricks and not replay.trick:
            marks.append(number - 1)  # just before the first card: the contract is settled
        replay.apply(action)
        if len(replay.tricks) > tricks_seen:
            tricks_seen = len(replay.tricks)
            marks.append(number)
    marks.append(len(state.history))
    return sorted(set(marks))


def _last_action(action: Action, rules: Rules, lang: Lang) -> str:
    """The replay's last action: "pass" or the engine's words in English ("bid 6", "play Q♥"); in French as a
    player says it ("passe", "enchérit 6", "joue Q♥")."""
    if action.kind == "pass":
        return word("pass", lang)
    if action.kind == "bid":
        return in_words(action, say("table.action.bid", lang, bid=action_text(action, rules, lang)), lang)
    return action_text(action, rules, lang)


class Table(GameWidget):
    """A hand at the table, as ``seat`` sees it (``seat=None``: every hand face up), with a replay slider.

    ``step`` is how many of the hand's actions are shown (0: just dealt; ``steps``: all of them); the page moves
    it with a slider and buttons, Python by setting it. :meth:`update` shows a new state at its last step.
    """

    _module = "table"
    _page_writable = frozenset({"step"})
    #: The table as drawn (:class:`~.payloads.TablePicture`: seats, trick, kitty, contract, scores, bidding), from the
    #: viewer's seat only.
    picture = Payload(P.TablePicture).tag(sync=True)
    #: How many actions of the hand are shown; 0 to ``steps``.
    step = t.Int(0).tag(sync=True)
    #: How many actions the hand has.
    steps = t.Int(0).tag(sync=True)
    #: The action counts where a trick ends (and the deal, the first card, the end): the ◀ ▶ trick buttons stop there.
    marks = t.List(t.Int()).tag(sync=True)
    #: The viewer's seat (``"S"``), or ``""`` for the teacher's view.
    seat = t.Unicode("").tag(sync=True)
    #: Labels of the replay controls, in the widget's language.
    words = Words().tag(sync=True)

    def __init__(
        self,
        state: HandState,
        *,
        seat: Seat | str | None = None,
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        viewer = None if seat is None else Seat.find(seat)
        self._record = _check_state(state)
        self._viewer = viewer
        super().__init__(lang=lang, four_colour=four_colour, seat="" if viewer is None else viewer.name)
        self._load(state)
        self.observe(lambda _: self._redraw(), names=["step", "lang"])

    @classmethod
    def replay(
        cls, state: HandState, *, seat: Seat | str | None = None, lang: str | None = None, four_colour: bool = False
    ) -> Table:
        """A table at the start of ``state``'s hand, ready to be stepped through with the slider."""
        table = cls(state, seat=seat, lang=lang, four_colour=four_colour)
        table.step = 0
        return table

    def update(self, state: HandState) -> None:
        """Show ``state`` (a new hand, or the same one further on) at its last action."""
        self._record = _check_state(state)
        self._load(state)

    def _load(self, state: HandState) -> None:
        with self.hold_trait_notifications():
            self.steps = len(state.history)
            self.marks = trick_marks(state)
            self.step = self.steps
        self._redraw()

    @t.validate("step")
    def _check_step(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        if not 0 <= value <= len(self._record.history):
            raise IllegalActionError(sentence("table.bad_step", value=quote(value), last=len(self._record.history)))
        return int(value)

    @property
    def state(self) -> HandState:
        """The hand as shown: after its first ``step`` actions (a copy: changing it does not change the table)."""
        if self.step == len(self._record.history):
            return self._record.copy()
        return self._record.at(self.step)

    def _redraw(self) -> None:
        lang = self._lang
        shown = self.state
        self.picture = table_picture(shown, self._viewer, lang)
        last = ""
        if shown.history:
            who, act = shown.view(self._viewer).history[-1] if self._viewer is not None else shown.history[-1]
            last = say(
                "table.last_action", lang, seat=seat_word(who, lang), action=_last_action(act, shown.rules, lang)
            )
        self.words = {
            k: word(f"table.{k.replace(' ', '_')}", lang)
            for k in ("replay", "previous trick", "next trick", "previous action", "next action")
        } | {"step": self._where(lang), "last": last}

    def _where(self, lang: Lang) -> str:
        """Where the replay stands, as a player says it: "The deal", "The bidding", "Trick 3, second card"."""
        return self._record.when(self.step - 1, lang) if self.step else word("narrate.when_deal", lang)

    def __repr__(self) -> str:
        shown = self.state
        parts = [shown.rules.title]
        if shown.contract is not None:
            parts.append(str(shown.contract))
        parts.append(
            shown.phase.value if shown.to_move is None else f"{shown.phase.value}, {shown.to_move.word} to move"
        )
        seen = "" if self._viewer is None else f"; {self._viewer.word}'s view"
        return f"Table({', '.join(parts)}; step {self.step} of {self.steps}{seen})"

    def _static_html(self) -> str:
        shown, lang = self.state, self._lang
        body = (
            hand_state_html(shown, lang, four_colour=self.four_colour)
            if self._viewer is None
            else seat_view_html(shown.view(self._viewer), lang, four_colour=self.four_colour)
        )
        return f'<div class="cl-table">{body}<p>{escape(self.words.get("step", ""))}</p></div>'


def _check_state(state: object) -> HandState:
    """The caller's hand, copied: the caller may play on or undo theirs, and the table must still draw its own."""
    if not isinstance(state, HandState):
        raise RulesOptionError(sentence("table.not_a_state", kind=type(state).__name__))
    return state.copy()
