"""What Python sends the widgets' pages: the shapes of the synced payloads, as TypedDicts, written here once. The
page's side is written from them (``widgets/payloads.d.ts``, by :mod:`._payload_types`), and its files name those
declarations in JSDoc; ``tests/test_payloads.py`` keeps the declarations current and checks what the widgets really
send, key for key: a key renamed here is renamed there, and a payload of another shape fails in a test, not in a
learner's browser. The synced traits that hold them check their shape as they are set (:mod:`._traits`).

A trait that holds one payload holds ``{}`` while there is nothing of its kind to show (no review during a hand, no
download before an answer): the page tests a key before it draws one. The widgets' word tables (``words``: a label
key, as the word list spells it, to its text) stay ``dict[str, str]``.

The table picture's shapes (:class:`CardView`, :class:`TablePicture`, …) are written in
:mod:`charlemagne_learn.teach.picture`, beside the one builder of the picture that every table uses (the shared
table's referee, which may not import the widgets, too), and named here with the rest.
"""

from __future__ import annotations

from typing import TypedDict

# the table's picture is made below the widgets (the referee's pages draw it too): its shapes are written there
from ..teach.picture import CardView, KittyView, LastTrick, PlayedCard, SeatBid, TablePicture, TableSeat

__all__ = [
    "ActionButton",
    "AfreshLesson",
    "AfreshWords",
    "BidButton",
    "BidRow",
    "CardView",
    "Download",
    "GradeLine",
    "HandReview",
    "HintChoice",
    "HintPanel",
    "KittyView",
    "LadderCard",
    "LadderGap",
    "LadderStep",
    "LastTrick",
    "NameBoxWords",
    "OddsRow",
    "PassScreen",
    "PlainSuit",
    "PlayedCard",
    "QuizPlay",
    "QuizSeat",
    "RefutationLine",
    "ReplayInfo",
    "ReviewRow",
    "SeatBid",
    "StoryPace",
    "StoryStep",
    "SuitInks",
    "TablePicture",
    "TableSeat",
    "TrumpChoice",
    "TyperChoice",
    "TyperPanel",
    "TyperSeat",
    "VariantChoice",
]


class HintChoice(TypedDict):
    """One choice of a hint, best first (:func:`~charlemagne_learn.widgets.playtable.hint_panel`)."""

    id: str  #: the choice as the engine reads it ("play JH", "bid 6"; an exchange's English words)
    text: str  #: the choice in words
    grade: str  #: "best", "good", "inaccuracy", "mistake" or "blunder"
    grade_word: str  #: the grade in words
    points: str  #: its points on average, signed, in the language's forms
    details: str  #: the deals and the intervals behind the grade, shown when the learner points at it
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
    details: str  #: the deals and the intervals behind the grade, shown when the learner points at it
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


class SuitInks(TypedDict, total=False):
    """A suit's inks (:func:`~charlemagne_learn.widgets._base.suit_inks`), as a card view has its card's: only where
    there is a suit (none on a no-trump bid, the pass button or the no-trump button)."""

    ink: str  #: its colour (a palette variable)
    ink4: str  #: its colour in the four-colour deck


class _BidButton(TypedDict):
    id: str  #: the action as the engine reads it, what the page sends back: "bid 6", "pass"
    text: str  #: the button's face: "6", "5♠", "Pass"
    label: str  #: what a screen reader says, with "not allowed now" on a bid that may not be made
    legal: bool  #: may it be bid now (one that may not is still a button: a click asks Python why)
    suit: str  #: the suit named with the bid ("C", "D", "H", "S"), or ""


class BidButton(_BidButton, SuitInks):
    """A bid, or the pass, as a button of the bid box (:class:`~charlemagne_learn.widgets.bidbox.BidBox`)."""


# The meaning columns whose names are words with spaces, as :func:`~charlemagne_learn.engine.bid_meaning.bid_meaning`
# names them (and the page reads them): the game's own terms, not identifiers.
_BidMeaning = TypedDict("_BidMeaning", {"who plays": str, "first lead": str, "to make it": str})


class BidRow(_BidMeaning):
    """One rung of the bid box's ladder: what the bid means and scores, one text per column, and its buttons (one,
    or one per suit where the bid names its trump)."""

    bid: str  #: the bid's name in words: "6", "Gros Mulot"
    exchange: str
    trump: str
    made: str  #: what making it scores
    failed: str  #: what failing it costs
    name: str  #: the bid as the rules name it: "gros_mulot"
    actions: list[BidButton]


class VariantChoice(TypedDict):
    """A variant in the trump ladder's menu."""

    id: str  #: the preset's name: "canadian"
    title: str  #: its name in words


class _TrumpChoice(TypedDict):
    id: str  #: what the page sends back: the suit's letter, or "none" for no trump suit
    text: str  #: the button's face: "♥", or "no trump" in words
    suit: str  #: the suit's letter, or "" for no trump suit
    label: str  #: what a screen reader says: "hearts trump"


class TrumpChoice(_TrumpChoice, SuitInks):
    """A trump button of the trump ladder (:class:`~charlemagne_learn.widgets.ladder.TrumpLadder`)."""


class LadderCard(CardView):
    """A card of the trump ladder, its label naming its role."""

    role_text: str  #: its role as the ladder writes it ("big jack (le bar)"), or ""


class LadderStep(LadderCard):
    """A trump on the ladder, highest first."""

    place: int  #: 1 for the highest trump


class LadderGap(TypedDict):
    """Where a plain suit's jack stands when that jack is a trump (the little jack)."""

    gap: bool  #: always true: a gap, not a card
    text: str  #: "J♦ is a trump now"
    id: str  #: the jack's id: "JD"


class _PlainSuit(TypedDict):
    suit: str  #: "C", "D", "H", "S"
    title: str  #: "♠ spades"
    count: str  #: its cards counted, in words
    cards: list[LadderCard | LadderGap]  #: high to low


class PlainSuit(_PlainSuit, SuitInks):
    """A plain suit beside the trump ladder."""


class OddsRow(TypedDict):
    """One bid's odds in the explorer (:class:`~charlemagne_learn.widgets.odds.BidOddsExplorer`): a bar, its 95%
    interval as a whisker, and its points."""

    bid: str  #: the bid as the rules name it: "6", "mulot"
    label: str  #: the bid in words
    probability: float  #: the chance of making it, 0 to 1
    low: float  #: the interval's lower bound, 0 to 1
    high: float  #: the interval's upper bound, 0 to 1
    expected: str  #: points per hand on average, signed, or "decides the game"
    how: str  #: how it was played ("trump ♠"), in words
    text: str  #: the chance in words: "90%"
    interval: str  #: the interval in words


class QuizPlay(TypedDict):
    """A card of the trick a quiz question shows, with who played it."""

    seat: str  #: "N", "E", "S", "W"
    seat_label: str  #: the seat in words
    card: CardView


class QuizSeat(TypedDict):
    """A seat button of a "who wins the trick?" question."""

    id: str  #: the seat's letter, the answer the page sends back
    label: str  #: the seat in words


class Download(TypedDict):
    """What a quiz's Download buttons save (:func:`~charlemagne_learn.widgets._results.download`): ``{}`` until a
    question is answered."""

    csv: str  #: the results, safe to open in a spreadsheet (the page adds the byte-order mark)
    json: str
    file: str  #: the file's name, without its extension
    words: dict[str, str]  #: the buttons' words: csv, json


class AfreshLesson(TypedDict):
    """A lesson the learner changed, offered to be started afresh."""

    lesson: str  #: its path beside the start page, what the page sends back
    title: str  #: its title, as its first heading says


class AfreshWords(TypedDict):
    """Every word of the box that starts lessons afresh, in its language."""

    title: str  #: the box's heading
    button: str  #: each lesson's button
    status: str  #: what the box found or did, as a sentence


class NameBoxWords(TypedDict):
    """Every word of the name box, in its language."""

    label: str  #: the field's name
    save: str  #: the button's word
    status: str  #: what is saved, as a sentence ("" names no one yet)


class ActionButton(TypedDict):
    """A choice at the play table that is not a card: a bid or pass, a trump suit, a choice, or confirming or taking
    back the cards chosen to put aside."""

    id: str  #: what the page sends back: the action as the engine reads it ("bid 6"), or "confirm discards"
    text: str  #: the button's words
    kind: str  #: the action's kind ("bid", "pass", "trump", "choose"), or "confirm" / "undo"


class ReviewRow(TypedDict):
    """One graded decision of the review after a hand."""

    move: int  #: the decision's place in the hand's actions, from 1 (the replay's step; never shown)
    when: str  #: where in the hand, as a player says it: "The bidding", "Trick 3, second card"
    phase: str  #: with several people at the screen, whose decision it is; "" otherwise
    action: str  #: the choice made, in words
    grade: str  #: "best", "good", "inaccuracy", "mistake" or "blunder"
    grade_word: str  #: the grade in words
    best: str  #: the best choice in words, "" when the choice was the best
    reason: str


class _HandReview(TypedDict):
    title: str
    heads: dict[str, str]  #: the headings: when, chose, grade, better, why, and the colon
    lines: list[ReviewRow]
    empty: str  #: said where there is no decision to review
    result: str  #: how the hand ended, in words
    hand_points: str
    game_points: str
    winner: str  #: who won the game, or ""
    next: str  #: the Next button's words, or "" when there is nothing next


class HandReview(_HandReview, total=False):
    """The review after a hand at the play table, or after a decision quiz's choice (with no log there); ``{}``
    while a hand is played."""

    log_title: str
    log: list[str]  #: each hand of the game so far, in a line


class PassScreen(TypedDict):
    """Between two people's turns at one screen: the panel that hides every hand; ``{}`` otherwise."""

    title: str  #: "Pass to West"
    text: str
    ready: str  #: the Ready button's words
    to: str  #: the seat the screen passes to: "N", "E", "S", "W"


class ReplayInfo(TypedDict):
    """The replay after a hand (:attr:`~charlemagne_learn.widgets.playtable.PlayTable.replay_info`); ``{}`` while a
    hand is played."""

    steps: int  #: the hand's actions
    step: int  #: the action on show (0: the deal)
    where: str  #: where that action falls, as a player says it: "Trick 3, second card", "The bidding", "The deal"
    line: str  #: that action in words
    grade: str  #: the learner's grade on it, or ""
    grade_text: str
    words: dict[str, str]  #: title, back, forward


class TyperChoice(TypedDict):
    """One entry of a hand typer's menu: a board, a dealer."""

    id: str
    text: str


class TyperSeat(TypedDict):
    """One seat's cards while a hand typer deals them by clicks."""

    seat: str  #: "N", "E", "S", "W"
    name: str
    cards: list[CardView]  #: dealt to it so far (a click takes one back)
    count_text: str  #: "3 of 8"
    current: bool  #: the seat the next card clicked goes to


class TyperPanel(TypedDict, total=False):
    """A hand typer's own panel (:class:`~charlemagne_learn.widgets.typer.HandTyper`): the board or the deal, undo and
    the record; the table, its buttons and the review are the play table's own."""

    stage: str  #: "deal" (the cards being dealt into the seats), "play" (the bids and cards), "review"
    title: str
    board_label: str
    boards: list[TyperChoice]
    board: str  #: the board on the table ("" for a deal of one's own)
    deal_yourself: str  #: the button that deals the cards by clicks
    seats: list[TyperSeat]  #: while dealing
    deck: list[CardView]  #: while dealing: the cards not yet dealt (the kitty, once every hand is full)
    deal_prompt: str
    dealer_label: str
    dealers: list[TyperChoice]
    dealer: str
    finish: str  #: the button that ends the deal ("" until every hand is full)
    undo: str  #: the Undo button's words ("" when there is nothing to undo)
    record_title: str
    record: str  #: the record of the hand so far (:mod:`~charlemagne_learn.teach.played`)
