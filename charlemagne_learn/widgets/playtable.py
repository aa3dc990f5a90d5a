"""``PlayTable``: play whole hands, and a whole game, from one seat against three bots — bidding, exchange,
trump and cards — with a hint button, a grade for each bid and card, and a review after each hand. Or seat
several people at one screen (``people="NS"``, or all four): each sees only their own cards, and between two
people's turns a "pass to West" screen hides the hands until West says they are ready.

The game is a :class:`~charlemagne_learn.teach.session.TableSession`, which any front end drives (a terminal too):
this widget draws it and passes the page's clicks to it. Everything goes through a
:class:`~charlemagne_learn.engine.game.Game`: the bots move from their own seats' views, the learner's clicks become
actions the engine checks, and a refused one shows the engine's reason and changes nothing. The same seed gives the
same deals and the same bot moves.

A teacher's board set (:mod:`~charlemagne_learn.teach.boards`) is played by its code, ``PlayTable(boards="TG60-00E4")``:
board after board from South, each dealt as the printed hand record deals it, against the set's bots; after each
board its result is kept, and the Download buttons save them for the teacher's dashboard.

>>> t = PlayTable("canadian", "S", seed=1, grade_moves=False)
>>> t
PlayTable(Canadian Charlemagne, you are South; hand 1, bidding, your turn; NS 0 – EW 0)
>>> t.play("bid 9")
False
>>> t.message
"Canadian Charlemagne has no bid '9'; its bids are 5, 6, 7, 8, Mulot, Charlemagne (Charles, Petit Charles), Gros Mulot (Mulot+), Gros Charlemagne (Charles+)"
>>> t.play("pass")
True

A class playing together on its own server, each at their own screen, sits at a shared table by its room's name: the
same constructor gives that table (:class:`~charlemagne_learn.widgets.shared.SharedTable`), drawn as this one is.

>>> PlayTable(room="class-3", seat="N")
SharedTable(class-3, seat N)
>>> PlayTable("canadian", room="class-3", seed=4)
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.RulesOptionError: a shared table plays the game its host opened: give room= with seat= and lang= only, without seed, variant
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

import traitlets as t

from ..analysis.exchange import ExchangeHint
from ..analysis.hints import GRADE_SAMPLES, Hint
from ..analysis.kinds import SeatKinds
from ..analysis.shown import review_why
from ..course import check_student
from ..course import student as course_student
from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.display import seat_view_html
from ..engine.errors import CardParseError, IllegalActionError, RulesOptionError, quote
from ..engine.game import Game
from ..engine.hand import HandState
from ..engine.i18n import card_face, number, say, seat_word, sentence, word
from ..engine.messages import said
from ..engine.rules import Rules
from ..teach.boards import BoardPlay, BoardSet, practice_rating
from ..teach.classroom import BOARD_FIELDS
from ..teach.narration import narrate
from ..teach.picture import TablePicture, card_id, phase_title, result_text, table_picture
from ..teach.session import CARD_KIND, CONFIRM, PACES, UNDO, Move, TableSession, check_pace, rules_of
from . import payloads as P
from ._base import GameWidget
from ._results import download
from ._traits import Payload, Payloads, Words
from ._words import (
    action_button,
    bot_word,
    choice_text,
    exchange_grade_line,
    exchange_panel,
    grade_line,
    hint_panel,
    move_grade,
    refuted,
)
from .payloads import (
    ActionButton,
    HandReview,
    PassScreen,
    ReplayInfo,
    ReviewRow,
    StoryPace,
    StoryStep,
)
from .shared import SharedTable

__all__ = [
    "PACES",
    "PlayTable",
    "TableFront",
    "action_button",
    "bot_word",
    "choice_text",
    "exchange_grade_line",
    "exchange_panel",
    "grade_line",
    "hint_panel",
    "refuted",
    "rules_of",
]


class TableFront(GameWidget):
    """The table seen from one seat with the seat's choices, a hint panel, a grade and a review panel: the
    front-end :class:`PlayTable` plays whole games on, and :class:`~charlemagne_learn.widgets.decide.DecisionQuiz`
    asks single decisions on. Python fills these traits; the page draws them and reports clicks."""

    _module = "playtable"
    #: The table from the learner's seat (the same :class:`~.payloads.TablePicture` a :class:`~.table.Table` draws).
    picture = Payload(P.TablePicture).tag(sync=True)
    #: The learner's choices that are not cards (:class:`~.payloads.ActionButton`): bids and pass, trump suits,
    #: choices.
    actions = Payloads(P.ActionButton).tag(sync=True)
    #: What the learner is asked to do now.
    prompt = t.Unicode("").tag(sync=True)
    #: The ranked choices after the Hint button, or a note (:class:`~.payloads.HintPanel`); empty before.
    hint = Payload(P.HintPanel).tag(sync=True)
    #: The grade of the learner's last bid or card (:class:`~.payloads.GradeLine`); empty when not graded.
    grade = Payload(P.GradeLine).tag(sync=True)
    #: After a hand: its review lines, result, points and the game score (:class:`~.payloads.HandReview`); empty while
    #: the hand is played.
    review = Payload(P.HandReview).tag(sync=True)
    #: Hand number, seat and scores, as a line.
    status = t.Unicode("").tag(sync=True)
    #: Whether the Hint button is offered.
    hints = t.Bool(True).tag(sync=True)
    #: Between two people's turns at one screen: the "pass to West" panel (:class:`~.payloads.PassScreen`), with no
    #: grade (the next person reads it); empty otherwise.
    screen = Payload(P.PassScreen).tag(sync=True)
    words = Words().tag(sync=True)

    def _on_shown(self) -> None:
        self._think_ahead()

    def _think_ahead(self) -> None:
        """Once a page shows the front (:attr:`_shown`): the grade of the decision on show handed to
        :func:`~charlemagne_learn.analysis.work.ahead`, to be worked out while the learner thinks."""


class PlayTable(TableFront):
    """A game against three bots from ``seat``. :meth:`play` is a click on a card or an action button;
    :meth:`show_hint` the Hint button; :meth:`next_hand` the Next hand button after a hand's review.

    Every hint, grade and review uses all the deals asked for, so the table says the same on every machine and the
    review repeats the grades given live; the page shows "thinking…" while they are worked out.

    ``people``: the seats played by people at this screen (default: ``seat`` alone), any mix up to all four;
    the bots play the others. With two or more people the table shows the hand of the person to move, and
    between two people's turns a pass screen hides every hand until the next person presses Ready
    (:meth:`ready`); hints, grades and the review are each person's own.

    ``scores``: the score the game starts from, to play the end of a game (``{"NS": 28, "EW": 30}``: what do
    you bid?); 0 to 0 by default.

    ``bots``: the kind of the three other players — a level of the ladder, weakest first ``"beginner"``,
    ``"casual"``, ``"club"``, ``"strong"``, ``"expert"`` (:data:`~charlemagne_learn.analysis.kinds.LEVELS`), or any
    name :func:`~charlemagne_learn.analysis.kinds.make_bot` knows (``"rule"``, ``"pimc"``, ``"random"``) — or a kind
    for each seat (``bots={"E": "beginner", "N": "club", "W": "strong"}``, RuleBot in a seat not named); ``partner`` / ``opponents``: another kind for the
    learner's partner / for the two opponents (each seat names its player on the table); ``hints``: offer the Hint
    button;
    ``grade_moves``: grade each bid and card as it is made; ``hint_samples`` / ``grade_samples``: deals of the
    hidden cards behind a hint / a grade and the review (fewer: quicker, rougher); ``rules_options``: any option
    of :meth:`Rules.preset <charlemagne_learn.engine.rules.Rules.preset>` (``target=32``, …). With no ``variant`` the
    table plays the course's rules (:mod:`~charlemagne_learn.course`), options given here added to them.

    ``boards``: a teacher's board set, by its code (or a :class:`~charlemagne_learn.teach.boards.BoardSet`), played
    from South board after board (:attr:`boards`): the set decides the table, the deals and the bots, so none of
    those is given with it; ``student``: the name its results are kept under (the course's by default).

    The game itself is a :class:`~charlemagne_learn.teach.session.TableSession` (:attr:`session`): this widget draws
    it and passes the page's clicks to it."""

    #: How the bots' part of the hand is told: a step a click ("step", the learner's pace, as a table starts), a step
    #: every so often ("slow", "normal", "fast"), or not at all ("off": straight to the learner's turn). The page's
    #: pace menu sets it.
    pace = t.Unicode("step").tag(sync=True)
    #: The step of the bots' part of the hand on show (:class:`~.payloads.StoryStep`); empty when none is.
    story = Payload(P.StoryStep).tag(sync=True)
    #: Every line of the bots' part of the hand told so far, from the learner's own last move: it stays on show while
    #: the story runs and at the learner's turn, so a step shown briefly at a quick pace is still there to read.
    told = t.List(t.Unicode()).tag(sync=True)
    #: After a hand, the replay's move on show (0: the deal; -1: the end, as the hand finished). The page's replay
    #: buttons and slider set it.
    replay = t.Int(-1).tag(sync=True)
    #: The replay's words and the move on show (:class:`~.payloads.ReplayInfo`); empty while a hand is played.
    replay_info = Payload(P.ReplayInfo).tag(sync=True)
    _page_writable = frozenset({"pace", "replay"})

    # Any: a room gives a SharedTable, which no type of PlayTable.__new__'s may say (Python then runs no __init__)
    def __new__(cls, *args: Any, room: str | None = None, **kwargs: Any) -> Any:
        """``room``: the shared table of that name on this server (:class:`~.shared.SharedTable`), from ``seat``
        (None: the page offers the free seats), speaking ``lang``; the game is the one its host opened, so no other
        option goes with it. Without a room, a play table."""
        if room is None:
            return super().__new__(cls, *args, **kwargs)
        given = dict(zip(("variant", "seat"), args[:2], strict=False)) | kwargs
        others = sorted(name for name, value in given.items() if name not in ("seat", "lang") and value is not None)
        others += [quote(value) for value in args[2:]]  # more than a play table takes: said as given
        if others:
            raise RulesOptionError(sentence("shared.room_with_options", given=", ".join(others)))
        return SharedTable(room, given.get("seat"), lang=given.get("lang"))

    def __init__(
        self,
        variant: str | Rules | None = None,
        seat: Seat | str | None = None,
        *,
        people: Iterable[Seat | str] | str | None = None,
        seed: int = 0,
        scores: Mapping[str, int] | None = None,
        bots: SeatKinds = "rule",
        partner: str | None = None,
        opponents: str | None = None,
        lang: str | None = None,
        hints: bool = True,
        grade_moves: bool = True,
        hint_samples: int = GRADE_SAMPLES,
        grade_samples: int = GRADE_SAMPLES,
        four_colour: bool = False,
        pace: str = "step",
        boards: BoardSet | str | None = None,
        student: str | None = None,
        room: None = None,
        **rules_options: Any,
    ) -> None:
        #: The board set being played (None: a game).
        self._boards: BoardPlay | None = None
        if boards is not None:
            given = {"variant": variant, "seat": seat, "people": people, "scores": scores, "partner": partner,
                     "opponents": opponents}  # fmt: skip
            named = sorted([name for name, value in given.items() if value is not None] + list(rules_options))
            if seed != 0 or bots != "rule" or named:
                named += (["seed"] if seed != 0 else []) + (["bots"] if bots != "rule" else [])
                raise RulesOptionError(sentence("boards.with_options", given=", ".join(named)))
            self._boards = BoardPlay(
                boards,
                student=course_student() if student is None else check_student(student),
                rating=practice_rating(),
                lang=lang if lang is not None else "en",
                hints=hints,
                grade_moves=grade_moves,
                hint_samples=hint_samples,
                grade_samples=grade_samples,
                pace=pace,
            )
            self._session = self._boards.session
        else:
            self._session = TableSession(
                variant,
                seat,
                people=people,
                seed=seed,
                scores=scores,
                bots=bots,
                partner=partner,
                opponents=opponents,
                hints=hints,
                grade_moves=grade_moves,
                hint_samples=hint_samples,
                grade_samples=grade_samples,
                pace=pace,
                **rules_options,
            )
        self._defer_review = False
        super().__init__(lang=lang, four_colour=four_colour, hints=self._session.hints, pace=pace)
        if self._boards is not None:
            # a board set's results so far, for the Download buttons (``{}`` until a board is over); a game has none,
            # so its table's state is a game's as it always was
            self.add_traits(_download=Payload(P.Download).tag(sync=True))
        self._session.lang = self._lang
        self._redraw()
        self._write_review()
        self.observe(self._speak_again, names="lang")
        self.observe(self._hints_toggled, names="hints")

    # ------------------------------------------------------------ state
    @property
    def session(self) -> TableSession:
        """The game this table draws, in plain Python."""
        return self._session

    @property
    def boards(self) -> BoardPlay | None:
        """The board set being played, board after board (None: a game)."""
        return self._boards

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def seat(self) -> Seat:
        """The seat whose cards the screen shows (with several people, the one whose turn it is)."""
        return self._session.seat

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats played by people at this screen."""
        return self._session.people

    @property
    def state(self) -> HandState:
        """The hand on the table: the one being played, or the finished one under review."""
        return self._session.state

    @property
    def your_turn(self) -> bool:
        """A person at this screen is to move and sees their cards (no pass screen up)."""
        return self._session.your_turn

    # ------------------------------------------------------------ the bots' part of the hand, told
    @t.validate("pace")
    def _check_pace(self, proposal: dict[str, Any]) -> str:
        return check_pace(proposal["value"])

    # ------------------------------------------------------------ the replay after a hand
    @t.validate("replay")
    def _check_replay(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        done = self._session.done
        last = len(done.history) if done is not None else 0
        if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value <= last:
            raise RulesOptionError(sentence("play.bad_replay", given=quote(value), last=last))
        return value

    @t.observe("replay")
    def _replay_changed(self, _: dict[str, Any]) -> None:
        if self._session.done is not None:
            self._redraw()

    def _replay_picture(self, hand: HandState) -> None:
        """The finished hand at the replay's move, every hand face up (nothing is secret once it is over), the move
        in a line and, for the learner's own moves, the grade the review gave."""
        at = self.replay
        self.picture = table_picture(self._session.replay_at(at), None, self._lang)
        graded: dict[int, ReviewRow] = {line["move"] - 1: line for line in self.review.get("lines", [])}
        self.replay_info = self._replay_words(hand, at, graded.get(at - 1) if at > 0 else None)

    @t.observe("pace")
    def _pace_changed(self, change: dict[str, Any]) -> None:
        if self._session.set_pace(change["new"]) or self.telling:
            self._redraw()  # the page's timer follows the new pace from this step on

    @property
    def telling(self) -> bool:
        """Is the bots' part of the hand being told (steps left to show before the learner's turn)?"""
        return self._session.telling

    def continue_story(self) -> bool:
        """The Continue button (or the pace's timer): show the next step of the bots' part of the hand."""
        if not self._session.continue_story():
            return False
        self._redraw()
        return True

    def skip_story(self) -> bool:
        """Skip to the learner's turn: the table as it is now."""
        if not self._session.skip_story():
            return False
        self._redraw()
        return True

    def _last_line(self) -> str:
        """The line of the last action told, leading the learner's prompt once the story is over ("" if none)."""
        story = self._session.told()
        if story is None:
            return ""
        return narrate(story.hand, len(story.hand.history) - 1, self.seat, self._lang)

    def _told_lines(self) -> list[str]:
        """The whole story just told, a line an action, kept on show at the learner's turn ([] if none)."""
        story = self._session.told()
        if story is None:
            return []
        hand = story.hand
        return [narrate(hand, move, self.seat, self._lang) for move in range(story.first, len(hand.history))]

    def ready(self) -> bool:
        """The pass screen's button: the person it passed to now sees their cards."""
        try:
            self._session.ready()
        except IllegalActionError as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        self._redraw()
        return True

    # ------------------------------------------------------------ the learner's moves
    def play(self, action: Action | Card | str) -> bool:
        """The learner's action: ``"bid 6"``, ``"pass"``, ``"trump H"``, ``"choose kitty"``, or a card (``"JH"``),
        which plays, discards or gives it as the phase asks. Refused: the engine's reason in :attr:`message`,
        nothing changed, False."""
        try:
            move = self._session.play(action)
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        self._moved(move)
        return True

    def _moved(self, move: Move) -> None:
        """The table after a move the session took: its grade under the table, the bots' moves, the review."""
        self.message = ""
        self.hint = {}
        self.grade = move_grade(move.grade, self.game.rules, self._lang)
        self._redraw()
        if not self._defer_review:
            self._write_review()

    def _think_ahead(self) -> None:
        """Once a page shows the table: the grade of the learner's decision now on show worked out in the background
        while they think (:meth:`~charlemagne_learn.teach.session.TableSession.think_ahead`)."""
        if self._shown:
            self._session.think_ahead()

    # ------------------------------------------------------------ the discard, chosen then confirmed
    def _discards_left(self) -> int:
        """How many cards the learner still puts aside (0 when not discarding now)."""
        return self._session.discards_left()

    def choose_discard(self, card: Card | str) -> bool:
        """A click on a card while discarding: choose it to put aside, or take it back if chosen already. Nothing is
        put aside until :meth:`confirm_discards`. Refused, with the reason in :attr:`message`: a card not in the
        hand, or one more than the discard takes."""
        try:
            self._session.choose_discard(card)
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        self._redraw()
        return True

    def confirm_discards(self) -> bool:
        """The Confirm button: put the chosen cards aside, in the order chosen (graded as one exchange)."""
        try:
            moves = self._session.confirm_discards()
        except IllegalActionError as exc:
            self.message = self._refusal(exc)
            return False
        for move in moves:
            self._moved(move)
        return True

    def undo_discards(self) -> bool:
        """Take back every card chosen to put aside."""
        if not self._session.undo_discards():
            return False
        self.message = ""
        self._redraw()
        return True

    def _write_review(self) -> None:
        done = self._session.done
        if self._session.review_due and done is not None:
            self._review_hand(done)

    def show_hint(self) -> Hint | ExchangeHint | None:
        """The Hint button: every legal card, bid or partner's card ranked with its grade, or the bidder's whole
        exchanges (other choices say hints are for those)."""
        lang = self._lang
        if not self.hints:
            self.message = word("play.hints_off", lang)
            return None
        self.message = ""  # an earlier refusal is over: the hint (or why there is none) takes its place
        ranked = self._session.hint()
        if isinstance(ranked, str):
            self.hint = {"note": word(ranked, lang)}
            return None
        if isinstance(ranked, ExchangeHint):
            self.hint = exchange_panel(ranked, lang)
        else:
            self.hint = hint_panel(ranked, self.game.rules, lang)
        return ranked

    def next_hand(self) -> bool:
        """The Next hand button: leave the review and play on (the bots move until it is the learner's turn); in a
        board set, the next board (refused after the last)."""
        try:
            if self._boards is not None:
                self._boards.next_board()
                self._session = self._boards.session
                # the next board's table as the learner has set this one: its language, hints and pace
                self._session.lang, self._session.hints, self._session.pace = self._lang, self.hints, self.pace
            else:
                self._session.next_hand()
        except IllegalActionError as exc:
            self.message = self._refusal(exc)
            return False
        self.replay = -1
        self.replay_info = {}
        self.message = ""
        self.review = {}
        self.grade = {}
        self.hint = {}
        self._redraw()
        self._write_review()  # a passed-out hand can end before the learner's turn
        return True

    def _on_click(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        # Every trait a click changes goes to the page in one message, so the page redraws once; the review of a
        # finished hand follows in a second message, so the last card shows at once.
        self._defer_review = True
        self._session.tell = True  # a click's bots' moves are told; a call from Python gets the table at once
        try:
            with self.hold_sync():
                if kind == "continue":
                    self.continue_story()
                elif kind == "skip":
                    self.skip_story()
                elif self.telling and kind in ("card", "action"):
                    self.message = word("play.story_first", self._lang)  # the page offers no choice meanwhile
                elif kind == "card" and self._discards_left():
                    self.choose_discard(str(content.get("card", "")))  # chosen first, put aside on confirm
                elif kind == "action" and content.get("action") == CONFIRM:
                    self.confirm_discards()
                elif kind == "action" and content.get("action") == UNDO:
                    self.undo_discards()
                elif kind in ("card", "action"):
                    self.play(str(content.get(kind, "")))
                elif kind == "hint":
                    self.show_hint()
                elif kind == "next":
                    self.next_hand()
                elif kind == "ready":
                    self.ready()
        finally:
            self._defer_review = False
            self._session.tell = False
        self._write_review()

    # ------------------------------------------------------------ drawing
    def _speak_again(self, _: dict[str, Any]) -> None:
        self._session.lang = self._lang
        self._relabel()

    def _hints_toggled(self, change: dict[str, Any]) -> None:
        self._session.hints = bool(change["new"])

    def _text(self, action: Action) -> str:
        return choice_text(action, self.game.rules, self._lang)

    def _review_hand(self, hand: HandState) -> None:
        lang = self._lang
        result = hand.result
        assert result is not None
        several = len(self.people) > 1
        lines = self._session.review()
        game = self.game
        number = len(game.finished)
        panel: HandReview = {
            "title": say("play.review", lang, n=number),
            "heads": {
                **{k: word(k, lang) for k in ("when", "grade", "better", "why")},
                "chose": word("play.chose", lang),
                "colon": word("colon", lang),
            },
            "lines": [
                {
                    "move": line.move + 1,
                    "when": said(line.when, lang),
                    # with several people, whose decision each line is (where it fell says the phase)
                    "phase": seat_word(seat, lang) if several else "",
                    "action": said(line.said, lang) or self._text(line.action),
                    "grade": line.grade,
                    "grade_word": word(f"grade.{line.grade}", lang),
                    "best": "" if line.grade == "best" else said(line.best_said, lang) or self._text(line.best),
                    "reason": review_why(line, lang),
                }
                for seat, line in lines
            ],
            "empty": word("play.no_decisions", lang),
            "result": result_text(result, lang),
            "hand_points": say("play.hand_points", lang, **result.points),
            "game_points": say("play.game_points", lang, **game.scores),
            "winner": (say("play.game_over", lang, team=seat_word(game.winner, lang)) if game.winner else ""),
            "next": "" if game.is_over else word("play.next", lang),
            "log_title": word("play.hands_so_far", lang),
            "log": [
                say("play.log_line", lang, n=n, result=result_text(h.result, lang), **h.result.points)
                for n, h in enumerate(game.finished, 1)
                if h.result is not None
            ],
        }
        if self._boards is not None:
            panel = self._board_review(panel, self._boards)
        self.review = panel
        self.replay_info = self._replay_words(hand)

    def _board_review(self, panel: HandReview, boards: BoardPlay) -> HandReview:
        """After a board of a set: its result kept (and offered for download), and the review's game lines said of
        the set: this board's score against par, the boards so far, the next board."""
        lang = self._lang
        boards.record()
        name = boards.student or "boards"
        self.set_trait("_download", download(boards.results, BOARD_FIELDS, f"{name}-{boards.code}", lang) or {})
        results = [say("boards.result", lang, n=row["board"], score=number(row["score"], "+d", lang),
                       par=number(row["par"], "+d", lang), against=number(row["score"] - row["par"], "+d", lang))
                   for row in boards.results]  # fmt: skip
        return {
            **panel,
            "title": say("play.review", lang, n=boards.number),
            "game_points": results[-1],
            "winner": say("boards.all_played", lang, n=boards.set.count) if boards.last else "",
            "next": "" if boards.last else word("boards.next", lang),
            "log_title": word("boards.so_far", lang),
            "log": results,
        }

    def _redraw(self) -> None:
        self._think_ahead()  # first: the background work starts while the page is drawn
        if self.telling:
            self._redraw_story()
            return
        session = self._session
        self.story = {}
        self.told = self._told_lines()
        if session.done is None:
            self.replay_info = {}
        lang = self._lang
        state = self.state
        game = self.game
        several = len(self.people) > 1
        passing = session.passing_to
        if several and session.done is not None:
            picture = table_picture(state, None, lang)  # the hand is over: everyone may see every card
        else:
            # while the screen passes, nobody's hand is on it
            picture = table_picture(state, self.seat, lang, own_cards=passing is None)
        self._name_players(picture)
        left = session.discards_left()
        chosen = session.chosen
        if chosen:  # the cards chosen to put aside stand raised in the hand
            ids = {card_id(c) for c in chosen}
            for seat in picture["seats"]:
                if seat["seat"] == self.seat.name:
                    seat["cards"] = [{**c, "selected": c["id"] in ids} for c in seat["cards"]]
        self.picture = picture
        if session.done is not None and self.review:
            if self.replay >= 0:
                self._replay_picture(session.done)
            else:
                self.replay_info = self._replay_words(session.done)
        self.screen = self._pass_screen() or {}
        if passing is not None:
            self.grade = {}  # the mover's grade is theirs: never left for the next person to read
        if self.your_turn:
            phase = state.phase
            self.prompt = word(f"play.turn.{phase.value}", lang)
            if left:
                shown = " " + " ".join(card_face(c, lang) for c in chosen) if chosen else ""
                self.prompt = say("play.discard_chosen", lang, n=left, chosen=len(chosen), cards=shown)
            if several:
                self.prompt = say("play.seat_prompt", lang, seat=self.seat, prompt=self.prompt)
            self.actions = (
                self._discard_buttons(left, chosen)
                if phase in CARD_KIND
                else [action_button(a, game.rules, lang) for a in state.view(self.seat).legal_actions]
            )
        elif passing is not None:
            self.prompt = say("play.pass_to", lang, seat=seat_word(passing, lang))
            self.actions = []
        else:
            self.prompt = (
                say("play.game_over", lang, team=seat_word(game.winner, lang))
                if game.winner
                else word("play.hand_over", lang)
            )
            self.actions = []
        last = self._last_line()
        if last and self.prompt:
            self.prompt = f"{last} {self.prompt}"
        self.status = self._status_line(state)
        self.words = {"hint": word("hint", lang)}

    def _replay_words(self, hand: HandState, at: int | None = None, mine: ReviewRow | None = None) -> ReplayInfo:
        """The replay's payload at move ``at`` (None: the end of the hand, before a move is chosen), with the review's
        line ``mine`` where that move was the learner's."""
        lang = self._lang
        total = len(hand.history)
        if at is None:
            line, at = "", total
        else:
            line = narrate(hand, at - 1, None, lang) if at > 0 else word("play.replay_deal", lang)
        return {
            "steps": total,
            "step": at,
            "line": line,
            "where": hand.when(at - 1, lang) if at > 0 else word("narrate.when_deal", lang),
            "grade": mine["grade"] if mine else "",
            "grade_text": say("play.replay_yours", lang, grade=mine["grade_word"]) if mine else "",
            "words": {
                k: word(f"play.replay{'' if k == 'title' else '_' + k}", lang) for k in ("title", "back", "forward")
            },
        }

    def _status_line(self, state: HandState) -> str:
        """Hand number, where the hand is, whose seat and the game's score, as a line."""
        lang, game, number = self._lang, self.game, self._session.number
        where = phase_title(state, lang)
        boards = self._boards
        if boards is not None:
            return say("boards.status", lang, n=boards.number, count=boards.set.count, code=boards.code, phase=where,
                       seat=seat_word(self._session.me, lang))  # fmt: skip
        if len(self.people) > 1:
            return say(
                "play.status_people",
                lang,
                n=number,
                phase=where,
                people=", ".join(seat_word(p, lang) for p in self.people),
                target=game.rules.target,
                **game.scores,
            )
        return say(
            "play.status",
            lang,
            n=number,
            phase=where,
            seat=seat_word(self._session.me, lang),
            target=game.rules.target,
            **game.scores,
        )

    def _redraw_story(self) -> None:
        """One step of the bots' part of the hand: the table as it was after that action, from the learner's seat
        (nothing hidden revealed), the action in a line, and no choice to make yet."""
        told = self._session.story
        assert told is not None
        hand, first, at = told.hand, told.first, told.at
        lang = self._lang
        step = hand.at(at + 1)
        picture = table_picture(step, self.seat, lang)
        for seat in picture["seats"]:
            seat["you"] = False  # the learner's cards wait for the learner's turn
        self._name_players(picture)
        self.picture = picture
        story = StoryStep(
            line=narrate(hand, at, self.seat, lang),
            step=say("narrate.step", lang, n=at - first + 1, total=len(hand.history) - first),
            pace=self.pace,
            words={k: word(f"play.{k}", lang) for k in ("continue", "skip", "pace")},
            paces=[StoryPace(id=p, text=word(f"play.pace.{p}", lang)) for p in PACES],
        )
        self.story = story
        self.told = [narrate(hand, move, self.seat, lang) for move in range(first, at + 1)]
        self.prompt = self.story["line"]
        self.actions = []
        self.screen = {}
        self.status = self._status_line(step)

    def _name_players(self, picture: TablePicture) -> None:
        """Each seat's player on the picture: which bot and how strong, or a person."""
        for seat in picture["seats"]:
            kind = self._session.player(Seat.find(seat["seat"]))
            alone = len(self.people) == 1  # the learner's own seat is "you"; with several people, "a person"
            person = word("play.you" if alone else "play.person", self._lang)
            seat["player"] = person if kind is None else bot_word(kind, self._lang)

    def _discard_buttons(self, left: int, chosen: list[Card]) -> list[ActionButton]:
        """While discarding: Confirm once as many cards are chosen as the discard takes, and Take back once any is."""
        buttons: list[ActionButton] = []
        if left and len(chosen) == left:
            # the cards are named in the prompt just above
            buttons.append({"id": CONFIRM, "text": word("play.confirm_discards", self._lang), "kind": "confirm"})
        if chosen:
            buttons.append({"id": UNDO, "text": word("play.undo_discards", self._lang), "kind": "undo"})
        return buttons

    def _pass_screen(self) -> PassScreen | None:
        """The pass screen's words (None: no screen is up). No grade: the next person reads this screen, and a grade
        (what the mover held, what was better) is the mover's own, kept for the review after the hand."""
        to = self._session.passing_to
        if to is None:
            return None
        lang = self._lang
        name = seat_word(to, lang)
        return {
            "title": say("play.pass_to", lang, seat=name),
            "text": say("play.pass_text", lang, seat=name),
            "ready": say("play.ready", lang, seat=name),
            "to": to.name,
        }

    def _relabel(self) -> None:
        if self._session.done is not None:
            self._review_hand(self._session.done)
        self.grade = {}
        self.hint = {}
        self._redraw()

    def __repr__(self) -> str:
        return f"PlayTable({self._session.summary()})"

    def _static_html(self) -> str:
        # What the screen shows, no more: while it passes to the next person the hands are hidden, so the picture
        # (published with the live table, and kept in the saved notebook) holds the pass screen's words, no cards.
        if self._session.passing_to is not None:
            screen = self.screen
            return (
                f'<div class="cl-playtable"><p>{escape(self.status)}</p><p><strong>{escape(screen["title"])}'
                f"</strong></p><p>{escape(screen['text'])}</p></div>"
            )
        return (
            f'<div class="cl-playtable"><p>{escape(self.status)}</p>'
            f"{seat_view_html(self.state.view(self.seat), self._lang, four_colour=self.four_colour)}"
            f"<p>{escape(self.prompt)}</p></div>"
        )
