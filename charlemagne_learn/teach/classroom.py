"""A class's quiz results, merged: what each student, and the class, gets right and wrong.

Under every quiz (``TrickQuiz``, ``DecisionQuiz``) a student presses *Download results* and hands the file
in. The teacher reads them all at once, from a folder, a list of files, or an upload widget's ``value``:

>>> rows = [
...     {"student": "Ada", "quiz": "q", "question": 1, "kind": "winner", "skill": "who wins: plain cards",
...      "prompt": "Who wins?", "answer": "E", "correct_answer": "E", "correct": True},
...     {"student": "Ben", "quiz": "q", "question": 1, "kind": "winner", "skill": "who wins: plain cards",
...      "prompt": "Who wins?", "answer": "N", "correct_answer": "E", "correct": False},
... ]
>>> results = ClassResults.from_rows(rows)
>>> print(results.by_skill())
skill                  answers  right  students who missed
who wins: plain cards        2    50%  Ben

A decision counts as right when the engine grades it *best* or *good* (within 0.15 of a point of the best).
Files are merged without counting twice: the CSV and the JSON of one quiz, or a file downloaded after three
questions and again after ten, give each answer once. Nothing handed in is left out without a word: a file that
cannot be read, the same file handed in twice, the same answers in files of different names, and a question a
student answered more than once (a second try, or someone else's file under their name) are each listed in
:attr:`ClassResults.problems`, with the files' names. The files carry no signature: a name in a file is only
what the file says, so the report shows where files disagree rather than deciding who is right.

A board set's results (:mod:`.boards`: every student plays the same boards against the same bots) are rows of the
same files, of format 2 (:data:`RESULTS_FORMAT`; a row with no ``format`` is format 1, a quiz's answer, so every
file written before reads as it did): :meth:`ClassResults.boards` ranks the class on them by matchpoints, gross and
net of a handicap from each student's practice rating, and :meth:`ClassResults.board_by_board` shows each board.

Every file is either read or listed, in time that grows with its size and no faster: cells are at most
:data:`MAX_CELL_CHARS` characters, the grid shows at most :data:`MAX_GRID_SKILLS` skills and the plot at most
:data:`MAX_PLOT_BARS` bars a side (the hardest ones, as its title says).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import textwrap
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.actions import Action
from ..engine.checks import whole_number
from ..engine.display import text_table
from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import Forms, Lang, bid_name, lang_or_current, number, say, seat_word, sentence, word
from ..engine.spreadsheet import csv_text, read_cell
from .drawn import drawn_ahead

if TYPE_CHECKING:
    from .figures import CourseFigure
    from .final import Item, ScoreSheet

__all__ = [
    "BOARD_FIELDS",
    "BOARD_KIND",
    "HANDICAP_MOST",
    "RESULTS_FORMAT",
    "BoardResult",
    "ClassResults",
    "ResultTable",
    "ResultsFileError",
    "handicap",
    "read_results",
]

#: Grades of a decision that count as right: within 0.15 of a point of the engine's best.
RIGHT_GRADES = ("best", "good")
_SUFFIXES = (".csv", ".json")
#: The largest results file read: a class's quiz results are kilobytes; a larger file is not one.
MAX_FILE_BYTES = 20_000_000
#: The longest cell read: a quiz's longest (a position told in words) is a few hundred characters.
MAX_CELL_CHARS = 5_000
#: The grid's most skill columns (the hardest, if there are more): the quizzes have a few dozen skills.
MAX_GRID_SKILLS = 100
#: The plot's most bars a side (the hardest skills, the students with the fewest right, if there are more).
MAX_PLOT_BARS = 60
#: The most question numbers a note lists (then "…").
_NOTE_QUESTIONS = 20
#: The newest results file format read: 1, a quiz's answers (a row with no ``format``); 2, a board set's results too.
RESULTS_FORMAT = 2
#: The ``kind`` (and ``skill``) of a board result's row.
BOARD_KIND = "board"
#: A board result's cells, the results file's columns: the quizzes' first columns, then the board's.
BOARD_FIELDS = ("student", "quiz", "question", "kind", "skill", "format", "code", "board", "dealer", "contract",
                "declarer", "side", "tricks", "score", "par", "par_contract", "par_declarer", "rating")  # fmt: skip
#: The handicap's centre (the rating a newcomer starts at), its scale (rating points for one point of percentage)
#: and its most either way (points of percentage).
_HANDICAP_CENTRE, _HANDICAP_SCALE, HANDICAP_MOST = 1500, 20, 20.0


class ResultsFileError(CharlemagneError):
    """A file handed in is not a quiz's results (or nothing readable was given)."""


@dataclass(frozen=True)
class Answer:
    """One answered question, whichever quiz it came from."""

    student: str
    quiz: str
    question: int
    kind: str
    skill: str
    #: What was asked: the prompt of a trick question, the position of a decision.
    asked: str
    answer: str
    correct_answer: str
    right: bool
    #: For a decision, the points the choice gives away against the engine's best (None for a trick question).
    points_lost: float | None
    seconds: float | None
    source: str = field(compare=False)


@dataclass(frozen=True)
class BoardResult:
    """One board of a board set as a student played it: the contract (its bid's label as the rules name it and its
    trump's symbol, "" when all passed), who declared it and the tricks their side took, the student's side's score
    (their points less the other side's), the board's par for that side (:class:`~.hand_records.Par`) with its
    contract and declarer, and the student's practice rating when known."""

    student: str
    code: str
    board: int
    dealer: str
    contract: str
    declarer: str
    side: str
    tricks: int | None
    score: int
    par: int
    par_contract: str
    par_declarer: str
    rating: int | None
    source: str = field(compare=False)


def handicap(rating: float | None) -> float:
    """The points of percentage a practice rating adds to a student's matchpoints in the "net" ranking:
    (1500 − rating) / 20, at most :data:`HANDICAP_MOST` (20) either way. A learner rated 1300 gets +10, one rated 1700
    −10, a newcomer (1500) none; with no rating known, no handicap.

    >>> handicap(1300), handicap(1700), handicap(900), handicap(None)
    (10.0, -10.0, 20.0, 0.0)
    """
    if rating is None:
        return 0.0
    return max(-HANDICAP_MOST, min(HANDICAP_MOST, (_HANDICAP_CENTRE - rating) / _HANDICAP_SCALE))


@dataclass(frozen=True)
class ResultTable:
    """A table of text cells: shows as HTML in a notebook and as aligned text in ``print``; ``to_csv`` for a
    spreadsheet."""

    title: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: Columns whose cells are numbers (aligned right).
    numeric: tuple[bool, ...] = ()

    def __str__(self) -> str:
        return text_table(self.heads, self.rows, self.numeric)

    def __repr__(self) -> str:
        return f"<ResultTable {self.title!r}: {len(self.rows)} rows>"

    def __len__(self) -> int:
        return len(self.rows)

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str, i: int) -> str:
            align = "right" if i < len(self.numeric) and self.numeric[i] else "left"
            return f"<{tag} style='text-align:{align};padding:0.15em 0.6em'>{escape(text)}</{tag}>"

        head = "".join(cell("th", h, i) for i, h in enumerate(self.heads))
        body = "".join("<tr>" + "".join(cell("td", c, i) for i, c in enumerate(r)) + "</tr>" for r in self.rows)
        return (
            f'<div class="cl-results" style="font-family:sans-serif"><p><strong>{escape(self.title)}</strong></p>'
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )

    def to_csv(self) -> str:
        """The table as CSV, every cell guarded: a name such as ``=HYPERLINK(…)`` opens as text."""
        return csv_text([self.heads, *self.rows])


def _by_name(name: str) -> tuple[str, str]:
    """Alphabetical as a class list is: Émile beside Emma, not after Zoé."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.casefold(), name


def _percent(right: int, total: int, lang: Lang = "en") -> str:
    return number(round(100 * right / total) / 100, ".0%", lang) if total else "–"


@dataclass(frozen=True)
class ClassResults:
    """Every answer handed in, once each, and what could not be read or needs a look (with why)."""

    answers: tuple[Answer, ...]
    files: tuple[str, ...] = ()
    #: Every file not read, then every note on how answers were merged (the same answers in two files, a
    #: question answered twice), each naming its files.
    problems: tuple[str, ...] = ()
    #: How many of :attr:`problems` (the first ones) are files not read; None: all of them.
    unread: int | None = field(default=None, compare=False)
    #: Every board of a board set played, once each (:mod:`.boards`).
    board_results: tuple[BoardResult, ...] = ()

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]], source: str = "rows") -> ClassResults:
        """Results from rows as a quiz's ``results`` gives them (or a results file holds them)."""
        if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
            raise ResultsFileError(sentence("class.not_rows", rows=quote(rows)))
        return cls._merge([_read_row(row, source, n) for n, row in enumerate(rows, 1)], (source,), ())

    @classmethod
    def _merge(
        cls,
        read: Iterable[Answer | BoardResult],
        files: tuple[str, ...],
        problems: tuple[str, ...],
        notes: tuple[str, ...] = (),
    ) -> ClassResults:
        """Each answer once: copies of one answer (the CSV and the JSON of a download, a file downloaded twice)
        count once; different answers to one question all count. Both are noted, with their files, unless the
        copies are only a download's CSV and JSON (files of the same name but for .csv/.json). A board counts
        once a student: a copy of its result once, and of two different results the first read (noted)."""
        answers: list[Answer] = []
        boards: dict[tuple[str, str, int], BoardResult] = {}
        replayed: dict[tuple[str, str], tuple[set[int], set[str]]] = {}
        for item in read:
            if isinstance(item, Answer):
                answers.append(item)
                continue
            key = (item.student, item.code, item.board)
            earlier = boards.setdefault(key, item)
            if earlier is not item and earlier != item:
                played, where = replayed.setdefault((item.student, f"boards {item.code}"), (set(), set()))
                played.add(item.board)
                where.update((earlier.source, item.source))
        versions: dict[tuple[object, ...], dict[tuple[object, ...], Answer]] = {}
        kept: list[Answer] = []
        # per (student, quiz): the questions and files of the copies, and of the questions answered again
        copies: dict[tuple[str, str], tuple[set[int], set[str]]] = {}
        again: dict[tuple[str, str], tuple[set[int], set[str]]] = {}
        for a in answers:
            ours = versions.setdefault((a.student, a.quiz, a.question, a.asked), {})
            value = (a.answer, a.correct_answer, a.right, a.points_lost, a.seconds, a.kind, a.skill)
            first = ours.get(value)
            if first is None:
                if ours:
                    questions, where = again.setdefault((a.student, a.quiz), (set(), set()))
                    questions.add(a.question)
                    where.update(b.source for b in ours.values())
                    where.add(a.source)
                ours[value] = a
                kept.append(a)
            elif first.source == a.source or _stem(first.source) != _stem(a.source):
                questions, where = copies.setdefault((a.student, a.quiz), (set(), set()))
                questions.add(a.question)
                where.update((first.source, a.source))
        merged = [_note("class.copies", key, found) for key, found in copies.items()]
        merged += [_note("class.again", key, found) for key, found in again.items()]
        merged += [_note("class.board_again", key, found) for key, found in replayed.items()]
        return cls(tuple(kept), files, (*problems, *notes, *merged), len(problems), tuple(boards.values()))

    # ------------------------------------------------------------ what is in it
    @property
    def students(self) -> list[str]:
        return sorted({a.student for a in self.answers}, key=_by_name)

    @property
    def skills(self) -> list[str]:
        return sorted({a.skill for a in self.answers})

    def __len__(self) -> int:
        return len(self.answers)

    def of(self, student: str) -> ClassResults:
        """One student's answers (and boards)."""
        boards = tuple(b for b in self.board_results if b.student == student)
        return ClassResults(tuple(a for a in self.answers if a.student == student), self.files, board_results=boards)

    def homework(self, code: object) -> ClassResults:
        """The answers to one homework set (its code as the teacher gave it, however typed): the same problems,
        in the same order, for every student."""
        from .homework import Homework  # the set's code checked as a student's box checks it

        quiz = f"homework {Homework.from_code(code).code}"
        return ClassResults(tuple(a for a in self.answers if a.quiz == quiz), self.files)

    def _by(self, what: str) -> dict[str, list[Answer]]:
        """The answers grouped by ``what`` ("student" or "skill"), in one pass (a class's tables are built from
        these groups, never by scanning every answer for every student and skill)."""
        groups: dict[str, list[Answer]] = defaultdict(list)
        for a in self.answers:
            groups[getattr(a, what)].append(a)
        return groups

    # ------------------------------------------------------------ tables
    def by_student(self, *, lang: str | None = None) -> ResultTable:
        """Per student: answers, how many right, and the skills with the most misses."""
        language = lang_or_current(lang)
        groups = self._by("student")
        rows = []
        for student in sorted(groups, key=_by_name):
            mine = groups[student]
            right = sum(a.right for a in mine)
            missed = Counter(a.skill for a in mine if not a.right)
            weakest = word("semicolon", language).join(s for s, _ in missed.most_common(2))
            rows.append((student, str(len(mine)), str(right), _percent(right, len(mine), language), weakest))
        heads = _heads(language, "student", "answers", "right", "score", "missed_most")
        return ResultTable(say("class.per_student", language), heads, tuple(rows), (False, True, True, True, False))

    def by_skill(self, *, lang: str | None = None) -> ResultTable:
        """Per skill, the hardest first: answers, share right, and who missed it."""
        language = lang_or_current(lang)
        rows = []
        for skill, ours in self._by("skill").items():
            right = sum(a.right for a in ours)
            missed = sorted({a.student for a in ours if not a.right}, key=_by_name)
            share = _percent(right, len(ours), language)
            rows.append((right / len(ours), skill, str(len(ours)), share, ", ".join(missed)))
        rows.sort(key=lambda r: (r[0], r[1]))
        heads = _heads(language, "skill", "answers", "right", "who_missed")
        title = say("class.per_skill", language)
        return ResultTable(title, heads, tuple(r[1:] for r in rows), (False, True, True, False))

    def grid(self, *, lang: str | None = None) -> ResultTable:
        """Students down, skills across: "2/3" is two right of three answered; blank, not asked. With more than
        :data:`MAX_GRID_SKILLS` skills, the hardest of them (the title says so)."""
        language = lang_or_current(lang)
        by_skill = self._by("skill")
        skills = sorted(by_skill)
        title = say("class.grid", language)
        if len(skills) > MAX_GRID_SKILLS:
            hardest = sorted(skills, key=lambda s: (_share(by_skill[s]), s))[:MAX_GRID_SKILLS]
            title = say("class.grid_some", language, title=title, shown=MAX_GRID_SKILLS, total=len(skills))
            skills = sorted(hardest)
        column = {skill: i for i, skill in enumerate(skills)}
        tally: dict[str, list[list[int]]] = {}
        for a in self.answers:
            i = column.get(a.skill)
            if i is not None:
                counts = tally.setdefault(a.student, [[0, 0] for _ in skills])[i]
                counts[0] += a.right
                counts[1] += 1
        empty = [[0, 0]] * len(skills)
        rows = [
            (student, *(f"{right}/{asked}" if asked else "" for right, asked in tally.get(student, empty)))
            for student in self.students
        ]
        heads = (*_heads(language, "student"), *skills)
        return ResultTable(title, heads, tuple(rows), (False,) + (True,) * len(skills))

    def by_problem(self, *, lang: str | None = None) -> ResultTable:
        """Per problem of a set (a homework's, where every student meets the same problems in the same order), in
        its order: the position, answers, share right (graded best or good), and who missed it."""
        language = lang_or_current(lang)
        groups: dict[tuple[str, int, str], list[Answer]] = defaultdict(list)
        for a in self.answers:
            groups[(a.quiz, a.question, a.asked)].append(a)
        rows = []
        for (_, question, asked), ours in sorted(groups.items(), key=lambda g: (g[0][0], g[0][1], g[0][2])):
            right = sum(a.right for a in ours)
            missed = sorted({a.student for a in ours if not a.right}, key=_by_name)
            rows.append((str(question), asked, str(len(ours)), _percent(right, len(ours), language),
                         ", ".join(missed)))  # fmt: skip
        heads = _heads(language, "problem", "position", "answers", "right", "who_missed")
        title = say("class.per_problem", language)
        return ResultTable(title, heads, tuple(rows), (True, False, True, True, False))

    def missed(self, count: int = 5, *, lang: str | None = None) -> ResultTable:
        """The questions most often answered wrong, with the wrong answer given most and the right one."""
        count = whole_number("count", count, 1, 10_000)
        language = lang_or_current(lang)
        groups: dict[tuple[str, str], list[Answer]] = defaultdict(list)
        for a in self.answers:
            groups[(a.asked, a.correct_answer)].append(a)
        ranked = sorted(groups.items(), key=lambda g: (-sum(not a.right for a in g[1]), g[0]))
        rows = []
        for (asked, correct), ours in ranked[:count]:
            wrong = [a for a in ours if not a.right]
            if not wrong:
                break
            common = Counter(a.answer for a in wrong).most_common(1)[0][0]
            missed = say("class.of", language, wrong=len(wrong), total=len(ours))
            rows.append((asked, missed, _said(common, language), _said(correct, language)))
        heads = _heads(language, "question", "missed", "common_wrong", "right_answer")
        return ResultTable(say("class.missed_title", language), heads, tuple(rows), (False, True, False, False))

    # ------------------------------------------------------------ a board set
    def _played(self, code: object) -> dict[tuple[str, int], list[BoardResult]]:
        """The boards played, by (set, board): of the set ``code`` (however typed) alone, or of every set when None."""
        wanted = None if code is None else _board_code(code)
        groups: dict[tuple[str, int], list[BoardResult]] = defaultdict(list)
        for b in self.board_results:
            if wanted is None or b.code.replace("-", "") == wanted:
                groups[(b.code, b.board)].append(b)
        return groups

    def boards(self, code: object = None, *, lang: str | None = None) -> ResultTable:
        """The class ranked on a board set's boards (``code``: one set, however typed; None: every set handed in):
        each board's matchpoints among the students who played it (:func:`~.hand_records.matchpoints`: 2 for each
        other student whose score there they beat, 1 for each tie), added up as a percentage of the most they could
        have had; then "net", that percentage plus a handicap from the student's practice rating, (1500 − rating)
        / 20 points, at most 20 either way (:func:`handicap`: a student with no rating gets none, and the table
        says so); and the score against par added up over the boards played. Best first; ties share a place."""
        from .hand_records import matchpoints  # the printed records' own scoring: one rule at tables and on screen

        language = lang_or_current(lang)
        points: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        played: dict[str, list[BoardResult]] = defaultdict(list)
        for ours in self._played(code).values():
            top = 2 * (len(ours) - 1)
            for b, mp in zip(ours, matchpoints([b.score for b in ours]), strict=True):
                played[b.student].append(b)
                if top:  # a board one student played ranks nobody
                    points[b.student][0] += mp or 0.0
                    points[b.student][1] += top
        standing = []
        for student, mine in played.items():
            got, most = points[student]
            share = 100 * got / most if most else None
            rating = next((b.rating for b in sorted(mine, key=lambda b: -b.board) if b.rating is not None), None)
            net = None if share is None else share + handicap(rating)
            standing.append((student, mine, share, rating, net))
        standing.sort(key=lambda s: (-(s[4] if s[4] is not None else -1e9), _by_name(s[0])))
        gross_places = _places([s[2] for s in standing])
        net_places = _places([s[4] for s in standing])
        rows = []
        for (student, mine, share, rating, net), gross_place, net_place in zip(
            standing, gross_places, net_places, strict=True
        ):
            percent = "–" if share is None else number(share / 100, ".1%", language)
            cap = (
                say("class.boards.no_rating", language)
                if rating is None
                else number(handicap(rating), "+.1f", language)
            )
            rows.append((
                net_place, student, str(len(mine)), percent, gross_place, "–" if rating is None else str(rating), cap,
                "–" if net is None else number(net / 100, ".1%", language),
                number(sum(b.score - b.par for b in mine), "+d", language),
            ))  # fmt: skip
        heads = (*_heads(language, "net_place", "student", "boards", "matchpoints", "place"),
                 say("practice.head_rating", language), *_heads(language, "handicap", "net", "against_par"))  # fmt: skip
        numeric = (True, False, True, True, True, True, True, True, True)
        return ResultTable(say("class.boards.title", language), heads, tuple(rows), numeric)

    def board_by_board(self, code: object = None, *, lang: str | None = None) -> ResultTable:
        """Every board of a board set (``code`` as for :meth:`boards`), in order, each student's result on it: the
        contract and who declared it, the tricks their side took, the student's score, the board's par and its
        contract, the score against par, and the board's matchpoints (out of the top, 2 × (players − 1))."""
        from .hand_records import matchpoints

        language = lang_or_current(lang)
        rows = []
        for (plain, board), ours in sorted(self._played(code).items()):
            set_code = "-".join(plain[i : i + 4] for i in range(0, len(plain), 4))  # as the teacher gave it
            top = 2 * (len(ours) - 1)
            marks = matchpoints([b.score for b in ours])
            for b, mp in sorted(
                zip(ours, marks, strict=True), key=lambda pair: (-(pair[1] or 0), _by_name(pair[0].student))
            ):
                rows.append((
                    set_code, str(board), b.student, _contract_said(b.contract, b.declarer, language),
                    "" if b.tricks is None else str(b.tricks), number(b.score, "+d", language),
                    number(b.par, "+d", language), _contract_said(b.par_contract, b.par_declarer, language),
                    number(b.score - b.par, "+d", language),
                    say("class.of", language, wrong=number(mp or 0, "g", language), total=top) if top else "–",
                ))  # fmt: skip
        heads = (*_heads(language, "set", "board", "student"), say("contract", language), say("tricks", language),
                 *_heads(language, "score", "par", "par_contract", "against_par", "matchpoints"))  # fmt: skip
        numeric = (False, True, False, False, True, True, True, False, True, True)
        return ResultTable(say("class.boards.by_board", language), heads, tuple(rows), numeric)

    # ------------------------------------------------------------ the placement and final tests
    def _tested(self) -> dict[str, tuple[str, dict[str, list[tuple[Item, bool]]]]]:
        """Each student's answers to the placement and final tests (:mod:`.final`): by student, the table the tests
        were taken at, and by test each item answered with whether it was right."""
        from .final import item_of  # the tests' items, made when first asked for

        out: dict[str, tuple[str, dict[str, list[tuple[Item, bool]]]]] = {}
        for a in self.answers:
            found = item_of(a.quiz, a.question, a.kind)
            if found is None:
                continue
            table, taken = out.setdefault(a.student, ("canadian", defaultdict(list)))
            if a.quiz.startswith("trick quiz: "):
                table = a.quiz.removeprefix("trick quiz: ").split(",")[0]
            out[a.student] = (table, taken)
            taken[found[0]].append((found[1], a.right))
        return out

    def tests(self, *, lang: str | None = None) -> ResultTable:
        """Per student: the placement test and the final test added up (questions right, decisions graded best or
        good), and the final test's verdict: ready for a real table, the lessons to revisit, or what is still to
        hand in."""
        from .final import TESTS, course_test, score

        language = lang_or_current(lang)
        rows = []
        for student, (table, taken) in sorted(self._tested().items(), key=lambda t: _by_name(t[0])):
            cells = [student]
            for name in TESTS:
                test = course_test(name, table)
                given: dict[int, dict[int, bool]] = defaultdict(dict)
                for item, right in taken.get(name, []):
                    given[item.part - 1][item.number] = right
                result = score(test, given, language)
                cells.append(
                    say("class.test.score", language, right=result.right, questions=test.asked("questions"),
                        well=result.well, decisions=test.asked("decisions"))
                    if result.started else "–"
                )  # fmt: skip
                if name == "final":
                    cells.append(_verdict(result, language))
            rows.append(tuple(cells))
        heads = _heads(language, "student", "placement", "final", "verdict")
        return ResultTable(say("class.tests", language), heads, tuple(rows), (False, True, True, False))

    def gain(self, *, lang: str | None = None) -> ResultTable:
        """Per skill, for the class and then each student who took both tests: the share right at the placement test
        and at the final test, the gain, and the gain's 95% interval (:func:`.final.gain_interval`). The class's rows
        count the answers of the students who took both."""
        from .final import SKILLS, gain_interval

        language = lang_or_current(lang)
        both = {s: taken for s, (_, taken) in self._tested().items() if taken.get("placement") and taken.get("final")}
        whole = {name: [pair for taken in both.values() for pair in taken[name]] for name in ("placement", "final")}
        rows = []
        # one student alone (a conversation with them) needs no class row repeating theirs
        everyone = [(say("class.the_class", language), whole)] if len(both) > 1 else []
        for who, taken in [*everyone, *sorted(both.items(), key=lambda t: _by_name(t[0]))]:
            for skill in SKILLS:
                before = [right for item, right in taken["placement"] if item.skill == skill]
                after = [right for item, right in taken["final"] if item.skill == skill]
                if not before or not after:
                    continue
                shares = (sum(before), len(before)), (sum(after), len(after))
                gain, low, high = gain_interval(*shares)
                rows.append((
                    who, say(_SKILL_KEYS.get(skill, f"final.skill.{skill}"), language),
                    *(f"{right}/{n} ({_percent(right, n, language)})" for right, n in shares),
                    number(gain, "+.0%", language),
                    say("band.low_to_high", language, low=number(low, "+.0%", language),
                        high=number(high, "+.0%", language)),
                ))  # fmt: skip
        heads = _heads(language, "who", "skill", "placement", "final", "gain", "interval")
        numeric = (False, False, True, True, True, True)
        return ResultTable(say("class.gain", language), heads, tuple(rows), numeric)

    # ------------------------------------------------------------ a picture
    def _drawn_content(self) -> object:
        """What :meth:`plot` draws from, for its key among the pictures drawn ahead (:mod:`.drawn`)."""
        return [len(self.files), sorted([a.student, a.skill, a.right] for a in self.answers)]

    @drawn_ahead
    def plot(self, *, lang: str | None = None) -> CourseFigure:
        """Share right per skill (hardest at the top) beside share right per student, each bar labelled with
        how many answers it stands on; at most :data:`MAX_PLOT_BARS` bars a side (the lowest ones)."""
        # here: reading results needs no matplotlib (JupyterLite, a server)
        from .figures import OKABE_ITO, CourseFigure, percent_formatter

        language = lang_or_current(lang)
        by_skill = sorted(self._by("skill").items(), key=lambda g: (-_share(g[1]), g[0]))
        students = self._by("student")
        by_student = [(s, students[s]) for s in sorted(students, key=_by_name, reverse=True)]
        sides = []
        for groups, title in (
            (by_skill, say("class.plot_skill", language)),
            (by_student, say("class.per_student", language)),
        ):
            if len(groups) > MAX_PLOT_BARS:
                # the lowest bars, still in the plot's order (the hardest skill at the top)
                lowest = set(sorted(range(len(groups)), key=lambda i: _share(groups[i][1]))[:MAX_PLOT_BARS])
                title = say("class.plot_some", language, title=title, shown=MAX_PLOT_BARS, total=len(groups))
                groups = [g for i, g in enumerate(groups) if i in lowest]
            sides.append((groups, title))
        tall = max(max(len(groups) for groups, _ in sides), 3)
        fig = CourseFigure(figsize=(11, 1.4 + 0.5 * tall), layout="constrained")
        panels = fig.subplots(1, 2, width_ratios=(3, 2))
        for ax, (groups, title), colour in zip(panels, sides, OKABE_ITO[:2], strict=True):
            names = [_label(name) for name, _ in groups]
            shares = [100 * _share(g) for _, g in groups]
            ax.barh(range(len(names)), shares, color=colour, edgecolor="#333333")
            for y, (share, (_, g)) in enumerate(zip(shares, groups, strict=True)):
                ax.text(min(share, 100) + 1, y, f"{sum(a.right for a in g)}/{len(g)}", va="center", fontsize=8.5)
            # a name is shown as written: a $ in it is no formula to matplotlib
            ax.set_yticks(range(len(names)), names, fontsize=9, parse_math=False)
            ax.set_xlim(0, 112)
            ax.xaxis.set_major_formatter(percent_formatter(language))
            ax.set_xlabel(say("class.answered_right", language))
            ax.set_title(title, fontsize=11, loc="left")
            ax.grid(axis="x", alpha=0.3)
        fig.suptitle(self._summary(language), fontsize=10)
        return fig

    def _summary(self, lang: Lang = "en") -> str:
        count = len(self.files)
        files = say("class.files" if count != 1 else "class.file", lang)
        where = say("class.in_files", lang, n=count, files=files) if self.files else ""
        people = len(self.students)
        students = say("class.students" if people != 1 else "class.col.student", lang)
        return say("class.summary", lang, answers=len(self.answers), people=people, students=students, files=where)

    def _problem_parts(self, lang: Lang) -> list[tuple[str, tuple[str, ...]]]:
        """The problems under their headings: the files not read, then the merges to check."""
        split = len(self.problems) if self.unread is None else self.unread
        parts = [("class.not_read", self.problems[:split]), ("class.to_check", self.problems[split:])]
        return [(say(key, lang), found) for key, found in parts if found]

    def __repr__(self) -> str:
        return f"<ClassResults: {self._summary()}>"

    def __str__(self) -> str:
        language = lang_or_current(None)
        parts = [self._summary(language), "", str(self.by_student(lang=language)), ""]
        parts.append(str(self.by_skill(lang=language)))
        if self.board_results:  # a board set handed in: the class ranked on it
            parts += ["", str(self.boards(lang=language))]
        for heading, found in self._problem_parts(language):
            parts += ["", say("class.heading", language, heading=heading), *found]
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        language = lang_or_current(None)
        listed = "".join(
            f"<p><strong>{escape(heading)}</strong></p><ul>{''.join(f'<li>{escape(p)}</li>' for p in found)}</ul>"
            for heading, found in self._problem_parts(language)
        )
        return (
            f'<div class="cl-results" style="font-family:sans-serif"><p>{escape(self._summary(language))}</p></div>'
            + self.by_student(lang=language)._repr_html_()
            + self.by_skill(lang=language)._repr_html_()
            + (self.boards(lang=language)._repr_html_() if self.board_results else "")
            + listed
        )


def _verdict(result: ScoreSheet, lang: Lang) -> str:
    """The final test's verdict in a cell: ready, the lessons to revisit, or how many answers are missing."""
    if not result.started:
        return "–"
    if not result.finished:
        return say("class.test.missing", lang, n=len(result.outcomes) - result.answered)
    if result.ready:
        return say("class.test.ready", lang)
    return say("class.test.revisit", lang, lessons=", ".join(result.missed()))


def _share(answers: Sequence[Answer]) -> float:
    return sum(a.right for a in answers) / len(answers)


def _label(name: str, most: int = 60) -> str:
    """A name as the plot writes it beside a bar: at most ``most`` characters, wrapped onto short lines."""
    short = name if len(name) <= most else name[: most - 1] + "…"
    # a control character has no glyph: matplotlib would warn of each one on every draw
    return textwrap.fill("".join(" " if unicodedata.category(c) == "Cc" else c for c in short), 34)


def _note(key: str, who: tuple[str, str], found: tuple[set[int], set[str]]) -> str:
    """A merge note naming the student (and quiz), the questions and the files."""
    (student, quiz), (questions, files) = who, found
    lang = lang_or_current(None)
    numbers = sorted(questions)
    listed = ", ".join(map(str, numbers[:_NOTE_QUESTIONS])) + (", …" if len(numbers) > _NOTE_QUESTIONS else "")
    said = say("class.question", lang, count=len(numbers), numbers=listed)
    person = say("class.who_quiz", lang, student=student, quiz=quiz) if quiz else student
    return say(key, lang, who=person, questions=said, files=", ".join(sorted(files)))


def _said(answer: str, lang: Lang) -> str:
    """An answer as the language says it: a decision is stored in the record's form ("play 8♥"), which an English
    page shows as stored and a French one as "jouer 8♥" (each catalog picks its form); a trick quiz's answer (a
    seat, cards) is already in its quiz's words."""
    try:
        words = Action.parse(answer).text(lang)
    except CharlemagneError:
        words = answer
    return say("class.answer", lang, answer=Forms(stored=answer, said=words))


def _heads(lang: Lang, *names: str) -> tuple[str, ...]:
    return tuple(say(_HEAD_KEYS.get(name, f"class.col.{name}"), lang) for name in names)


#: The heads said by the word other tables head the same column with.
_HEAD_KEYS = {"interval": "interval"}
#: The final test's skills that a quiz's topics name too, said by the topic's words.
_SKILL_KEYS = {"little_jack": "quiz.topic.little_jack_led", "mulot_jokers": "quiz.topic.mulot_jokers"}


def _contract_said(contract: str, declarer: str, lang: Lang) -> str:
    """A contract as a board's result keeps it (a bid's label, then its trump's symbol), said in ``lang`` with its
    declarer: "Sans-atout par Nord"; all passed where there is none."""
    if not contract:
        return say("display.all_passed", lang)
    label, _, trump = contract.rpartition(" ")
    if not (label and trump in ("♠", "♥", "♦", "♣")):
        label, trump = contract, ""
    bid = f"{bid_name(label, lang)} {trump}".strip()
    return say("class.boards.contract", lang, contract=bid, seat=seat_word(declarer, lang)) if declarer else bid


def _places(values: Sequence[float | None]) -> list[str]:
    """Each value's place among them, the highest first, ties sharing one ("2="); none for a missing value."""
    known = [v for v in values if v is not None]
    out = []
    for v in values:
        if v is None:
            out.append("–")
            continue
        place = 1 + sum(1 for other in known if other > v)
        out.append(f"{place}=" if known.count(v) > 1 else str(place))
    return out


def _board_code(code: object) -> str:
    """A board set's code as a results file keeps it, without its dashes: checked as a student's box checks it (a
    homework's code is refused, saying so, rather than matching no board)."""
    from .homework import BOARDS_MARK, Homework, read_code

    text, reader = read_code(code, "boards", ResultsFileError)
    if reader.take(2) != BOARDS_MARK:
        try:
            Homework.from_code(code)
        except CharlemagneError:
            raise ResultsFileError(sentence("boards.not_a_code", value=quote(code))) from None
        raise ResultsFileError(sentence("boards.homework_code", value=quote(code)))
    return text


# ---------------------------------------------------------------- reading files
#: The cells an answer is made of; a results row's other columns are not looked at.
_CELLS = ("student", "quiz", "question", "kind", "skill", "prompt", "situation", "answer", "correct_answer",
          "correct", "grade", "best", "points_lost", "seconds")  # fmt: skip


def _stem(name: str) -> str:
    """A file's name without .csv or .json: the CSV and the JSON of one download share it."""
    return name[: -len(suffix)] if (suffix := Path(name).suffix).lower() in _SUFFIXES else name


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in ("true", "1", "yes") else False if text in ("false", "0", "no") else None


def _number(value: Any) -> float | None:
    """A finite number from a cell, or None (blank, not a number, NaN, infinite, too large)."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        x = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return x if math.isfinite(x) else None


def _cells(row: Mapping[str, Any], source: str, number: int) -> dict[str, Any]:
    """The cells of a row an answer is made of, each a text, a number, a boolean or blank, each a bounded text
    that can be shown and written (no lone surrogate, which JSON's \\ud800 can give and no page can show)."""
    cells: dict[str, Any] = {}
    for name in _CELLS:
        value = row.get(name)
        if value is None or isinstance(value, (bool, int, float)):
            cells[name] = value
            continue
        if not isinstance(value, str):  # a list or an object: no quiz writes one
            raise ResultsFileError(sentence("class.bad_row", source=source, n=number))
        if len(value) > MAX_CELL_CHARS:
            raise ResultsFileError(
                sentence("class.cell_too_long", source=source, n=number, size=len(value), most=MAX_CELL_CHARS)
            )
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ResultsFileError(sentence("class.not_text", source=source, n=number)) from None
        cells[name] = value
    return cells


def _read_row(row: Mapping[str, Any], source: str, number: int) -> Answer | BoardResult:
    """A row of a results file: a quiz's answer (format 1, with no ``format`` cell) or a board's result (format 2);
    a file of a newer format is refused, saying so, rather than read wrong."""
    if not isinstance(row, Mapping):
        raise ResultsFileError(sentence("class.bad_row", source=source, n=number))
    given = row.get("format")
    form = 1 if given in (None, "") else _number(given)
    if form is None or form != int(form) or not 1 <= form <= RESULTS_FORMAT:
        if form is not None and form > RESULTS_FORMAT:
            raise ResultsFileError(sentence("class.newer_format", source=source, n=number, format=quote(given)))
        raise ResultsFileError(sentence("class.bad_row", source=source, n=number))
    if form == RESULTS_FORMAT and row.get("kind") == BOARD_KIND:
        return _board_result(row, source, number)
    return _answer(row, source, number)


def _board_result(row: Mapping[str, Any], source: str, number: int) -> BoardResult:
    cells = {name: row.get(name) for name in BOARD_FIELDS}
    for value in cells.values():
        if value is not None and not isinstance(value, (str, int, float, bool)):
            raise ResultsFileError(sentence("class.bad_row", source=source, n=number))
        if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
            raise ResultsFileError(
                sentence("class.cell_too_long", source=source, n=number, size=len(value), most=MAX_CELL_CHARS)
            )
        if isinstance(value, str):  # no lone surrogate (JSON can give one), which no page can show
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ResultsFileError(sentence("class.not_text", source=source, n=number)) from None

    def whole(name: str, blank: bool = False) -> int | None:
        value = _number(cells[name])
        if value is None and blank and cells[name] in (None, ""):
            return None
        if value is None or value != int(value) or abs(value) > 1_000_000:
            raise ResultsFileError(sentence("class.bad_board", source=source, n=number, cell=name))
        return int(value)

    def text(name: str) -> str:
        return "" if cells[name] is None else str(cells[name])

    code = text("code").replace("-", "").upper()
    board = whole("board")
    if not code or board is None or board < 1:
        raise ResultsFileError(sentence("class.bad_board", source=source, n=number, cell="board"))
    return BoardResult(
        student=text("student").strip() or say("class.no_name", stem=_stem(source)),
        code=code, board=board, dealer=text("dealer"), contract=text("contract"), declarer=text("declarer"),
        side=text("side"), tricks=whole("tricks", blank=True), score=whole("score") or 0, par=whole("par") or 0,
        par_contract=text("par_contract"), par_declarer=text("par_declarer"), rating=whole("rating", blank=True),
        source=source,
    )  # fmt: skip


def _answer(row: Mapping[str, Any], source: str, number: int) -> Answer:
    if not isinstance(row, Mapping):
        raise ResultsFileError(sentence("class.bad_row", source=source, n=number))
    cells = _cells(row, source, number)
    grade = cells.get("grade")
    if grade not in (None, ""):
        right: bool | None = str(grade) in RIGHT_GRADES
        correct = str(cells.get("best") or "")
    else:
        right, correct = _flag(cells.get("correct")), str(cells.get("correct_answer") or "")
    if right is None:
        raise ResultsFileError(sentence("class.no_right", source=source, n=number))
    student = str(cells.get("student") or "").strip() or say("class.no_name", stem=_stem(source))
    question = _number(cells.get("question"))
    return Answer(
        student=student,
        quiz=str(cells.get("quiz") or ""),
        question=int(question) if question is not None else number,
        kind=str(cells.get("kind") or ""),
        skill=str(cells.get("skill") or cells.get("kind") or "unnamed"),
        asked=str(cells.get("prompt") or cells.get("situation") or ""),
        answer=str(cells.get("answer") or ""),
        correct_answer=correct,
        right=right,
        points_lost=_number(cells.get("points_lost")),
        seconds=_number(cells.get("seconds")),
        source=source,
    )


def _rows(name: str, data: bytes) -> Sequence[Mapping[str, Any]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ResultsFileError(sentence("class.not_utf8", name=name)) from None
    if name.lower().endswith(".json") or text.lstrip()[:1] in ("[", "{"):
        try:
            rows = json.loads(text)
        except (ValueError, RecursionError):
            raise ResultsFileError(sentence("class.not_json", name=name)) from None
        if not isinstance(rows, list):
            raise ResultsFileError(sentence("class.json_not_list", name=name))
        return rows
    try:
        reader = csv.DictReader(io.StringIO(text))
        # the quizzes guard a cell a spreadsheet would run (spreadsheet.safe_cell): read back what was written
        heads = reader.fieldnames
        reader.fieldnames = [read_cell(h) for h in heads] if heads else heads
        table = [{k: read_cell(v) if isinstance(v, str) else v for k, v in row.items()} for row in reader]
    except csv.Error:
        raise ResultsFileError(sentence("class.not_csv", name=name)) from None
    if not table or "student" not in table[0]:
        raise ResultsFileError(sentence("class.no_student", name=name))
    return table


#: A file as read: its name, its bytes or why it could not be read (kept as one of the report's problems), and
#: its path when it was given one.
_File = tuple[str, "bytes | ResultsFileError", "Path | None"]


def _read_path(path: Path) -> _File:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return (
                path.name,
                ResultsFileError(sentence("class.too_big", name=path.name, size=size, most=MAX_FILE_BYTES)),
                path,
            )
        return path.name, path.read_bytes(), path
    except OSError:
        return path.name, ResultsFileError(sentence("class.unreadable", path=quote(str(path)))), path


def _uploaded(name: str, item: object) -> _File:
    """The bytes of one uploaded file (``item`` is FileUpload's ``{"content": bytes, ...}``, or the bytes)."""
    content = item.get("content") if isinstance(item, Mapping) else item
    if isinstance(content, memoryview):
        content = content.tobytes()
    if not isinstance(content, (bytes, bytearray)):
        return name, ResultsFileError(sentence("class.no_content", name=name, item=quote(item))), None
    if len(content) > MAX_FILE_BYTES:
        return (
            name,
            ResultsFileError(sentence("class.too_big", name=name, size=len(content), most=MAX_FILE_BYTES)),
            None,
        )
    return name, bytes(content), None


def _files(source: object) -> list[_File]:
    """(name, bytes, path) of each file: from a folder, a path, paths, or what ipywidgets.FileUpload holds."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        try:
            is_dir, is_file = path.is_dir(), path.is_file()
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in _SUFFIXES and p.is_file()) if is_dir else []
        except (OSError, ValueError):  # a name too long, a NUL in it, a folder not to be listed
            raise ResultsFileError(sentence("class.unreadable", path=quote(str(source)))) from None
        if is_dir:
            if not found:
                raise ResultsFileError(sentence("class.empty_folder", path=path))
            return [_read_path(p) for p in found]
        if not is_file:
            raise ResultsFileError(sentence("class.not_there", path=path))
        return [_read_path(path)]
    if isinstance(source, Mapping):  # ipywidgets 7's FileUpload.value: {name: {"content": bytes, ...}}
        return [_uploaded(str(name), item) for name, item in source.items()]
    if isinstance(source, Iterable) and not isinstance(source, (bytes, bytearray)):
        out: list[_File] = []
        for item in source:
            if isinstance(item, Mapping) and "content" in item:  # ipywidgets 8: ({"name", "content", ...}, ...)
                out.append(_uploaded(str(item.get("name", "upload")), item))
            elif isinstance(item, (str, Path)):
                out += _files(item)
            else:
                raise ResultsFileError(sentence("class.not_a_file", item=quote(item)))
        return out
    raise ResultsFileError(sentence("class.not_a_source", item=quote(source)))


def _named(files: list[_File]) -> tuple[list[tuple[str, bytes | ResultsFileError]], list[str], list[str]]:
    """Each file once, under a name of its own: the files to read, the ones left out (the same bytes as one
    before: a file handed in twice), and the files renamed here (two different files of one name).

    The name is a student's only name when the file gives none ("no name (quiz-canadian-seed-1002)"), so two
    files of one name must not become one student: files from different folders are named by their path from
    the folder they share (``a/quiz.csv``, ``b/quiz.csv``), other namesakes get a number (``quiz (2).csv``)."""
    taken = Counter(name for name, _, _ in files)
    given = [os.path.abspath(path) for _, _, path in files if path is not None]
    if len(set(given)) > 1 and any(taken[name] > 1 for name, _, path in files if path is not None):
        try:
            common = os.path.commonpath(given)
        except ValueError:  # on two Windows drives: no folder in common, the numbers below tell them apart
            common = ""
        if common:
            files = [
                (Path(os.path.relpath(os.path.abspath(p), common)).as_posix() if p else n, d, p) for n, d, p in files
            ]
    out: list[tuple[str, bytes | ResultsFileError]] = []
    left_out: list[str] = []
    renamed: list[str] = []
    first: dict[bytes, str] = {}
    used: set[str] = set()
    count: Counter[str] = Counter()
    for name, data, _ in files:
        if isinstance(data, bytes) and (earlier := first.get(data)) is not None:
            if earlier == name:
                left_out.append(say("class.given_twice", name=name))
            else:  # named as itself, or, when that name is taken by another file, as a namesake of it
                key = "class.same_namesake" if name in used else "class.same_file"
                left_out.append(say(key, name=name, first=earlier))
            continue
        unique = name
        while unique in used:
            count[name] += 1
            unique = f"{_stem(name)} ({count[name] + 1}){name[len(_stem(name)) :]}"
        if unique != name:
            renamed.append(say("class.same_name", name=name, new=unique))
        used.add(unique)
        if isinstance(data, bytes):
            first[data] = unique
        out.append((unique, data))
    return out, left_out, renamed


def read_results(source: object) -> ClassResults:
    """Every results file in ``source`` (a folder, a file, a list of files, or ``FileUpload(...).value``) merged.

    A file that is not a quiz's results is left out and named in :attr:`ClassResults.problems`, so one
    stray file does not stop a class's report; so is a file handed in twice, and every merge a teacher should
    know of (see the module's notes). If no file can be read at all, :class:`ResultsFileError`."""
    files, problems, renamed = _named(_files(source))
    if not files:
        raise ResultsFileError(sentence("class.no_file"))
    answers: list[Answer | BoardResult] = []
    read = []
    for name, data in files:
        try:
            if isinstance(data, ResultsFileError):
                raise data
            # a file is used whole or not at all: every row is read before any is kept
            answers += [_read_row(row, name, n) for n, row in enumerate(_rows(name, data), 1)]
        except ResultsFileError as exc:
            problems.append(str(exc))
            continue
        read.append(name)
    if not read:
        raise ResultsFileError(sentence("class.none_read") + "\n" + "\n".join(problems))
    return ClassResults._merge(answers, tuple(read), tuple(problems), tuple(renamed))
