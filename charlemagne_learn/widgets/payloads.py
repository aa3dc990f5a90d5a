"""What Python sends the widgets' pages: the shapes of the synced payloads, as TypedDicts. The page's side names
the same shapes in JSDoc (``@typedef`` in ``widgets/common.js`` and ``widgets/table_picture.js``), and
``tests/test_payloads.py`` keeps the two, and what the widgets really send, in agreement: a key renamed on one
side fails there, not in a learner's browser.
"""

from __future__ import annotations

from typing import TypedDict

__all__ = [
    "CardView",
    "GradeLine",
    "HintChoice",
    "HintPanel",
    "KittyView",
    "LastTrick",
    "PlayedCard",
    "RefutationLine",
    "SeatBid",
    "StoryPace",
    "StoryStep",
    "TablePicture",
    "TableSeat",
]


class _Card(TypedDict):
    id: str  #: as ``Card.parse`` reads it: "JD", "RJ"
    text: str  #: its face: "J♦"
    suit: str  #: "C", "D", "H", "S", or "J" for a joker
    rank: str  #: the face's corner: "10", "J"; "JOKER" for a joker
    pip: str  #: the suit's symbol, "★" for a joker
    high: bool  #: the high joker of the contract shown (the ``high_joker`` house rule decides which)
    label: str  #: what a screen reader says
    role: str  #: its role in the contract, in words ("little jack"), or ""
    ink: str  #: its colour (a palette variable)
    ink4: str  #: its colour in the four-colour deck


class CardView(_Card, total=False):
    """One card as a page draws it (:func:`~charlemagne_learn.widgets._base.card_view`); the keys below only where
    the page offers cards to play."""

    legal: bool  #: may it be played now
    illegal_word: str  #: the word for a card that may not be played
    selected: bool  #: chosen (to put aside), not yet confirmed


class PlayedCard(TypedDict):
    """A card on the table, with who played it."""

    seat: str  #: "N", "E", "S", "W"
    name: str  #: the seat in words
    card: CardView


class TableSeat(TypedDict):
    """One seat of a table picture."""

    seat: str
    name: str
    place: str  #: where the page draws it: "bottom", "left", "top", "right"
    cards: list[CardView]  #: the cards the viewer may see (none when face down)
    face_up: bool
    count: int
    count_text: str
    exposed: bool  #: shown to all (Gros Mulot)
    to_move: bool
    sits_out: bool
    dealer: bool
    you: bool
    tricks: int
    bids: list[str]
    player: str  #: who plays the seat, in words ("rule bot: plays by the rules of thumb"), or "" where not said


class LastTrick(TypedDict):
    title: str
    cards: list[PlayedCard]
    winner: str  #: the seat that won it: "N", "E", "S", "W"
    side: list[str]  #: the winner and its partner, where the partner plays


class KittyView(TypedDict):
    count: int
    count_text: str
    cards: list[CardView]  #: face up only once the viewer may see them
    taken: str  #: who took it, in words ("" before)
    discards: list[CardView]


class SeatBid(TypedDict):
    seat: str
    name: str
    text: str


class TablePicture(TypedDict):
    """The whole table as one seat sees it (:func:`~charlemagne_learn.widgets.table.table_picture`)."""

    title: str
    viewer: str
    phase: str
    contract: str
    seats: list[TableSeat]
    trick: list[PlayedCard]
    trick_title: str
    last_trick: LastTrick | None  #: None before the first trick is done
    kitty: KittyView | None  #: None at a table without a kitty
    bidding_title: str
    bidding: list[SeatBid]
    no_bids: str
    tricks_line: str
    points_line: str
    result: str
    words: dict[str, str]


class HintChoice(TypedDict):
    """One choice of a hint, best first (:func:`~charlemagne_learn.widgets.playtable.hint_panel`)."""

    id: str  #: the choice as the engine reads it ("play JH", "bid 6"; an exchange's English words)
    text: str  #: the choice in words
    grade: str  #: "best", "good", "inaccuracy", "mistake" or "blunder"
    grade_word: str  #: the grade in words
    points: str  #: its points on average, signed, in the language's forms
    reason: str


class HintPanel(TypedDict, total=False):
    """The hint panel: a note while there is nothing to rank (or while it is worked out), else the ranked choices;
    empty: no panel."""

    note: str
    title: str
    choices: list[HintChoice]


class RefutationLine(TypedDict):
    text: str
    trick: bool  #: a trick of a line played out (drawn indented)


class GradeLine(TypedDict, total=False):
    """The line under the table after a graded choice ("You chose 9♠: good", the reason), and after a worse card
    the punishing line in a "Why?" fold; empty: no line."""

    text: str
    grade: str
    reason: str
    why: str  #: the fold's title
    line: str  #: the punishing line as one text
    lines: list[RefutationLine]


class StoryPace(TypedDict):
    id: str  #: "step", "slow", "normal", "fast", "off"
    text: str  #: the pace in words


class StoryStep(TypedDict):
    """One step of the bots' part of the hand at the play table, told as it happens."""

    line: str  #: the action on show, in words
    step: str  #: "Step 2 of 6"
    pace: str  #: the pace it is told at
    words: dict[str, str]  #: continue, skip, pace
    paces: list[StoryPace]
