"""A set of boards a whole class plays against the same bots, with no server: duplicate play on laptops.

A teacher names the boards as a short code (``R1K4-7XW2``), as homework is named (:mod:`.homework`): the table, the
seed the boards are dealt from, how many boards and the bots' kind. Each student types the code into the play table
(``PlayTable(boards="R1K4-7XW2")``) and plays every board from South, each dealt exactly as the printed hand record
of that table and seed deals it (:func:`~.hand_records.hand_records`: a class may mix real tables and laptops), its
bots seeded from the board, so every student meets the same bot moves for the same moves of their own. Each board's
result is a row of the student's results file (:data:`BOARD_FIELDS`); the teacher's dashboard ranks the class on the
same deals (:meth:`~.classroom.ClassResults.boards`).

>>> boards = BoardSet("american", seed=7, count=4)
>>> boards.code, BoardSet.from_code(boards.code.lower()) == boards
('TG60-00E4', True)
>>> [board.dealer.word for board in boards.boards()]
['North', 'East', 'South', 'West']
>>> Homework.from_code(boards.code)
Traceback (most recent call last):
...
charlemagne_learn.teach.homework.HomeworkError: 'TG60-00E4' is a board set's code, not a homework code: it opens a set of boards at the play table, not problems in the practice
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..analysis.hints import GRADE_SAMPLES
from ..course import lessons_folder
from ..engine.cards import CardList, Seat
from ..engine.checks import is_whole, whole_number
from ..engine.deal import cards_of
from ..engine.errors import CharlemagneError, IllegalActionError, quote
from ..engine.i18n import Lang, sentence
from ..engine.rules import Rules
from .classroom import BOARD_FIELDS, BOARD_KIND, RESULTS_FORMAT, handicap
from .hand_records import MAX_BOARDS, HandRecords, Par, board_par, dealt_board, hand_records
from .homework import _TABLES, BOARDS_MARK, Homework, read_code, spell
from .session import TableSession

__all__ = [
    "BOARD_FIELDS",
    "BOTS",
    "MAX_SEED",
    "SEAT",
    "BoardPlay",
    "BoardSet",
    "BoardSetError",
    "SetBoard",
    "handicap",
    "practice_rating",
]

#: The bots a code names, in a fixed order (a code keeps the index): never reorder, only append (one value is free).
BOTS = ("rule", "pimc", "random")
#: The highest seed a code holds (twenty bits: a million sets to deal from).
MAX_SEED = (1 << 20) - 1
#: The seat every student plays, on every board of every set.
SEAT = Seat.S
#: The board set's own version, after the two bits that say a code is a board set's.
_VERSION = 1
#: The largest practice record read for its rating (the practice keeps its own under this size).
_MOST_PRACTICE_BYTES = 4_000_000


class BoardSetError(CharlemagneError, ValueError):
    """A board set's code that cannot be read, or a set that cannot be written as one."""


@dataclass(frozen=True)
class SetBoard:
    """One board of a set, dealt as the hand record deals it: its number, dealer, the seed it is dealt from (its bots'
    seeds derive from it), the hands by seat and the kitty."""

    number: int
    dealer: Seat
    seed: int
    hands: tuple[CardList, ...]
    kitty: CardList
    _masks: tuple[tuple[int, ...], int] = field(repr=False, compare=False)

    def par(self, rules: Rules) -> Par:
        """The board's par double dummy (:func:`~.hand_records.board_par`)."""
        hands, kitty = self._masks
        return board_par(rules, hands, kitty)


@dataclass(frozen=True)
class BoardSet:
    """``count`` boards at ``table`` dealt from ``seed``, played from South against ``bots`` (one of :data:`BOTS`)."""

    table: str = "canadian"
    seed: int = 1
    count: int = 8
    bots: str = "rule"

    def __post_init__(self) -> None:
        if not isinstance(self.table, str) or self.table not in _TABLES:
            raise BoardSetError(sentence("boards.bad_table", value=quote(self.table), allowed=", ".join(_TABLES)))
        if not isinstance(self.bots, str) or self.bots not in BOTS:
            raise BoardSetError(sentence("boards.bad_bots", value=quote(self.bots), allowed=", ".join(BOTS)))
        if not is_whole(self.seed) or not 0 <= int(self.seed) <= MAX_SEED:
            raise BoardSetError(sentence("boards.bad_seed", value=quote(self.seed), most=MAX_SEED))
        object.__setattr__(self, "seed", int(self.seed))
        object.__setattr__(self, "count", whole_number("count", self.count, 1, MAX_BOARDS))

    @property
    def rules(self) -> Rules:
        """The table's rules as printed (no house rules: every student and every printed record plays the same)."""
        return Rules.preset(self.table)

    # ------------------------------------------------------------ the code
    @property
    def code(self) -> str:
        """The set as a code: letters and digits in groups of four, the last one a check; its first letter (T or V)
        tells it from a homework's (8 to Q)."""
        return spell((
            (BOARDS_MARK, 2), (_VERSION, 2), (_TABLES.index(self.table), 2), (BOTS.index(self.bots), 2),
            (self.count - 1, 6), (self.seed, 20),
        ))  # fmt: skip

    @classmethod
    def from_code(cls, code: object) -> BoardSet:
        """The set a code names; a :class:`BoardSetError` saying what is wrong for anything else: a letter mistyped
        (caught by the check), a homework's code, no code at all."""
        text, reader = read_code(code, "boards", BoardSetError)
        mark = reader.take(2)
        if mark != BOARDS_MARK:
            key = "boards.homework_code" if _is_homework(code) else "boards.not_a_code"
            raise BoardSetError(sentence(key, value=quote(code)))
        try:
            if reader.take(2) != _VERSION:
                raise BoardSetError(sentence("boards.newer", value=quote(code)))
            table, bots = _TABLES[reader.take(2)], BOTS[reader.take(2)]
            found = cls(table, count=reader.take(6) + 1, seed=reader.take(20), bots=bots)
        except BoardSetError:
            raise
        except (IndexError, ValueError):
            raise BoardSetError(sentence("boards.not_a_code", value=quote(code))) from None
        if reader.left >= 5 or found.code.replace("-", "") != text:  # the one spelling of its set
            raise BoardSetError(sentence("boards.not_a_code", value=quote(code)))
        return found

    # ------------------------------------------------------------ the boards
    def board(self, number: int) -> SetBoard:
        """Board ``number`` (from 1), dealt as the hand record of this table and seed deals it."""
        number = whole_number("board", number, 1, self.count)
        dealer, seed, hands, kitty = dealt_board(self.rules, self.seed, number)
        dealt = tuple(cards_of(h) for h in hands)
        return SetBoard(number, dealer, seed, dealt, cards_of(kitty), (tuple(hands), kitty))

    def boards(self) -> list[SetBoard]:
        return [self.board(n) for n in range(1, self.count + 1)]

    def records(self, *, tables: int = 5, odds_samples: int = 200) -> HandRecords:
        """The same boards as a printed hand record, for a class that also plays at real tables."""
        return hand_records(self.count, self.seed, self.rules, tables=tables, odds_samples=odds_samples)

    def __str__(self) -> str:
        return self.code


def _is_homework(code: object) -> bool:
    try:
        Homework.from_code(code)
    except CharlemagneError:
        return False
    return True


def practice_rating(folder: Path | None = None) -> int | None:
    """The learner's practice rating (overall) from the practice record in ``folder`` (the lessons' by default), or
    None when they have not practised or the record cannot be read: a board result carries it for the handicap.
    The record is only read (a damaged one is left for the practice to put aside and say so, where it is opened)."""
    from .practice import PRACTICE_FILE, Practice  # the practice's record only when a board set is opened

    folder = folder or lessons_folder()
    if folder is None:
        return None
    with suppress(CharlemagneError, OSError, ValueError, RecursionError):
        path = folder / PRACTICE_FILE
        if path.is_file() and path.stat().st_size <= _MOST_PRACTICE_BYTES:
            practice = Practice.from_json(json.loads(path.read_text(encoding="utf-8")))
            if practice.answers:
                return practice.ratings.overall.shown
    return None


class BoardPlay:
    """A board set played from South, board after board: each board a :class:`~.session.TableSession` of one hand,
    dealt as the record deals it, its bots seeded from the board. :attr:`session` is the board on the table;
    :meth:`record` keeps its result once its hand is over (as a row of the results file, :data:`BOARD_FIELDS`);
    :meth:`next_board` deals the next one. ``rating``: the student's practice rating (None: not known, no handicap);
    the other options are the table's."""

    def __init__(
        self,
        boards: BoardSet | str,
        *,
        student: str = "",
        rating: int | None = None,
        lang: Lang = "en",
        hints: bool = True,
        grade_moves: bool = True,
        hint_samples: int = GRADE_SAMPLES,
        grade_samples: int = GRADE_SAMPLES,
        pace: str = "step",
    ) -> None:
        self.set = boards if isinstance(boards, BoardSet) else BoardSet.from_code(boards)
        if rating is not None:
            rating = whole_number("rating", rating, -10_000, 10_000)
        self.student, self.rating = student, rating
        self._options: dict[str, Any] = {
            "hints": hints, "grade_moves": grade_moves, "hint_samples": hint_samples, "grade_samples": grade_samples,
            "pace": pace, "lang": lang,
        }  # fmt: skip
        #: The board on the table (from 1) and its hand.
        self.number = 1
        self.session = self._seated(1)
        #: Each board's result once its hand is over, in the order played.
        self.results: list[dict[str, Any]] = []

    @cached_property
    def code(self) -> str:
        return self.set.code

    def _seated(self, number: int) -> TableSession:
        board = self.set.board(number)
        options = {**self._options, "lang": self.session.lang} if number > 1 else self._options
        return TableSession(
            self.set.rules, SEAT, seed=board.seed, bots=self.set.bots, first_dealer=board.dealer, deal=board.seed,
            **options,
        )  # fmt: skip

    @property
    def board_over(self) -> bool:
        """The board's hand is over (thrown in when all passed)."""
        return bool(self.session.game.finished)

    @property
    def last(self) -> bool:
        return self.number >= self.set.count

    def record(self) -> dict[str, Any] | None:
        """The board's result, kept once its hand is over (None before): asked again, the same row."""
        if not self.board_over:
            return None
        if self.results and self.results[-1]["board"] == self.number:
            return self.results[-1]
        hand = self.session.game.finished[0]
        result = hand.result
        assert result is not None
        rules = self.set.rules
        board = self.set.board(self.number)
        par = board.par(rules)
        team = SEAT.team
        contract = None if result.passed_out else result.contract
        row: dict[str, Any] = {
            "student": self.student, "quiz": f"boards {self.code}", "question": self.number, "kind": BOARD_KIND,
            "skill": BOARD_KIND, "format": RESULTS_FORMAT, "code": self.code, "board": self.number,
            "dealer": board.dealer.name,
            "contract": "" if contract is None else _contract_text(contract.spec.label, contract.trump),
            "declarer": "" if contract is None else contract.bidder.name,
            "side": "" if contract is None else contract.team,
            "tricks": "" if contract is None else result.bidder_tricks,
            "score": result.margin(team), "par": par.score(team),
            "par_contract": "" if par.bid is None else rules.bid(par.bid).label,
            "par_declarer": "" if par.declarer is None else par.declarer.name,
            "rating": "" if self.rating is None else self.rating,
        }  # fmt: skip
        self.results.append(row)
        return row

    def next_board(self) -> None:
        """Keep this board's result and deal the next; refused before this board's hand is over, or after the last."""
        lang = self.session.lang
        if not self.board_over:
            raise IllegalActionError(sentence("play.finish_first", lang))
        self.record()
        if self.last:
            raise IllegalActionError(sentence("boards.all_played", lang, n=self.set.count))
        self.number += 1
        self.session = self._seated(self.number)

    def __repr__(self) -> str:
        return f"BoardPlay({self.code}: board {self.number} of {self.set.count}; {len(self.results)} played)"


def _contract_text(label: str, trump: object) -> str:
    """A contract as a results file keeps it: the bid's label (as stored, in English) and its trump's symbol."""
    symbol = getattr(trump, "symbol", "")
    return f"{label} {symbol}" if symbol else label
