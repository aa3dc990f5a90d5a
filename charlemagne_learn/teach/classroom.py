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
questions and again after ten, give each answer once.
"""

from __future__ import annotations

import csv
import io
import json
import textwrap
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..display import text_table
from ..errors import CharlemagneError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["ClassResults", "ResultTable", "ResultsFileError", "read_results"]

#: Grades of a decision that count as right: within 0.15 of a point of the engine's best.
RIGHT_GRADES = ("best", "good")
_SUFFIXES = (".csv", ".json")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


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
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.heads)
        writer.writerows(self.rows)
        return out.getvalue()


def _by_name(name: str) -> tuple[str, str]:
    """Alphabetical as a class list is: Émile beside Emma, not after Zoé."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.casefold(), name


def _percent(right: int, total: int) -> str:
    return f"{round(100 * right / total)}%" if total else "–"


@dataclass(frozen=True)
class ClassResults:
    """Every answer handed in, once each, and the files that could not be read (with why)."""

    answers: tuple[Answer, ...]
    files: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]], source: str = "rows") -> ClassResults:
        """Results from rows as a quiz's ``results`` gives them (or a results file holds them)."""
        return cls._merge([_answer(row, source, n) for n, row in enumerate(rows, 1)], (source,), ())

    @classmethod
    def _merge(cls, answers: Iterable[Answer], files: tuple[str, ...], problems: tuple[str, ...]) -> ClassResults:
        seen: dict[tuple[object, ...], Answer] = {}
        for a in answers:
            seen.setdefault((a.student, a.quiz, a.question, a.asked, a.answer), a)
        return cls(tuple(seen.values()), files, problems)

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
        """One student's answers."""
        return ClassResults(tuple(a for a in self.answers if a.student == student), self.files)

    # ------------------------------------------------------------ tables
    def by_student(self) -> ResultTable:
        """Per student: answers, how many right, and the skills with the most misses."""
        rows = []
        for student in self.students:
            mine = [a for a in self.answers if a.student == student]
            right = sum(a.right for a in mine)
            missed = Counter(a.skill for a in mine if not a.right)
            weakest = "; ".join(s for s, _ in missed.most_common(2))
            rows.append((student, str(len(mine)), str(right), _percent(right, len(mine)), weakest))
        heads = ("student", "answers", "right", "score", "missed most")
        return ResultTable("Per student", heads, tuple(rows), (False, True, True, True, False))

    def by_skill(self) -> ResultTable:
        """Per skill, the hardest first: answers, share right, and who missed it."""
        rows = []
        for skill in self.skills:
            ours = [a for a in self.answers if a.skill == skill]
            right = sum(a.right for a in ours)
            missed = sorted({a.student for a in ours if not a.right}, key=_by_name)
            rows.append((right / len(ours), skill, str(len(ours)), _percent(right, len(ours)), ", ".join(missed)))
        rows.sort(key=lambda r: (r[0], r[1]))
        heads = ("skill", "answers", "right", "students who missed")
        return ResultTable("Per skill, hardest first", heads, tuple(r[1:] for r in rows), (False, True, True, False))

    def grid(self) -> ResultTable:
        """Students down, skills across: "2/3" is two right of three answered; blank, not asked."""
        skills = self.skills
        rows = []
        for student in self.students:
            cells = []
            for skill in skills:
                ours = [a for a in self.answers if a.student == student and a.skill == skill]
                cells.append(f"{sum(a.right for a in ours)}/{len(ours)}" if ours else "")
            rows.append((student, *cells))
        heads = ("student", *skills)
        return ResultTable(
            "Right of answered, per student and skill", heads, tuple(rows), (False,) + (True,) * len(skills)
        )

    def missed(self, count: int = 5) -> ResultTable:
        """The questions most often answered wrong, with the wrong answer given most and the right one."""
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
            rows.append((asked, f"{len(wrong)} of {len(ours)}", common, correct))
        heads = ("question", "missed", "most common wrong answer", "right answer")
        return ResultTable("Questions missed most", heads, tuple(rows), (False, True, False, False))

    # ------------------------------------------------------------ a picture
    def plot(self) -> Figure:
        """Share right per skill (hardest at the top) beside share right per student, each bar labelled with
        how many answers it stands on."""
        from matplotlib.figure import Figure  # here: reading results needs no matplotlib (JupyterLite, a server)
        from matplotlib.ticker import PercentFormatter

        by_skill = [(s, [a for a in self.answers if a.skill == s]) for s in self.skills]
        by_skill.sort(key=lambda g: (-sum(a.right for a in g[1]) / len(g[1]), g[0]))
        by_student = [(s, [a for a in self.answers if a.student == s]) for s in reversed(self.students)]
        tall = max(len(by_skill), len(by_student), 3)
        fig = Figure(figsize=(11, 1.4 + 0.5 * tall), layout="constrained")
        panels = fig.subplots(1, 2, width_ratios=(3, 2))
        for ax, groups, title, colour in (
            (panels[0], by_skill, "Per skill (hardest at the top)", "#0072B2"),
            (panels[1], by_student, "Per student", "#E69F00"),
        ):
            names = [name for name, _ in groups]
            shares = [100 * sum(a.right for a in g) / len(g) for _, g in groups]
            ax.barh(range(len(names)), shares, color=colour, edgecolor="#333333")
            for y, (share, (_, g)) in enumerate(zip(shares, groups, strict=True)):
                ax.text(min(share, 100) + 1, y, f"{sum(a.right for a in g)}/{len(g)}", va="center", fontsize=8.5)
            # wrapped, so a long skill's label does not squeeze its bar
            ax.set_yticks(range(len(names)), [textwrap.fill(n, 34) for n in names], fontsize=9)
            ax.set_xlim(0, 112)
            ax.xaxis.set_major_formatter(PercentFormatter())
            ax.set_xlabel("answered right")
            ax.set_title(title, fontsize=11, loc="left")
            ax.grid(axis="x", alpha=0.3)
        fig.suptitle(self._summary(), fontsize=10)
        return fig

    def _summary(self) -> str:
        files = f" in {len(self.files)} file{'s' if len(self.files) != 1 else ''}" if self.files else ""
        people = len(self.students)
        return f"{len(self.answers)} answers from {people} student{'s' if people != 1 else ''}{files}"

    def __repr__(self) -> str:
        return f"<ClassResults: {self._summary()}>"

    def __str__(self) -> str:
        parts = [self._summary(), "", str(self.by_student()), "", str(self.by_skill())]
        parts += ["", "Not read:", *self.problems] if self.problems else []
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        problems = "".join(f"<li>{escape(p)}</li>" for p in self.problems)
        unread = f"<p><strong>Not read</strong></p><ul>{problems}</ul>" if problems else ""
        return (
            f'<div class="cl-results" style="font-family:sans-serif"><p>{escape(self._summary())}</p></div>'
            + self.by_student()._repr_html_()
            + self.by_skill()._repr_html_()
            + unread
        )


# ---------------------------------------------------------------- reading files
def _uninert(value: str) -> str:
    """A cell as the quiz wrote it: the CSV guards a cell a spreadsheet would run with an apostrophe."""
    if value[:1] == "'" and value[1:2] in _FORMULA_STARTS and value[1:2] != "":
        return value[1:]
    return value


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in ("true", "1", "yes") else False if text in ("false", "0", "no") else None


def _number(value: Any) -> float | None:
    if value in (None, ""):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _answer(row: Mapping[str, Any], source: str, number: int) -> Answer:
    if not isinstance(row, Mapping):
        raise ResultsFileError(f"{source}: row {number} is not a results row (a table row or a JSON object)")
    cells = {str(k): _uninert(str(v)) if isinstance(v, str) else v for k, v in row.items()}
    grade = cells.get("grade")
    if grade not in (None, ""):
        right: bool | None = str(grade) in RIGHT_GRADES
        correct = str(cells.get("best", ""))
    else:
        right, correct = _flag(cells.get("correct")), str(cells.get("correct_answer", ""))
    if right is None:
        raise ResultsFileError(
            f"{source}: row {number} says neither whether the answer was right (a 'correct' column of True/False) "
            "nor its grade (a 'grade' column): is this a quiz's Download results file?"
        )
    student = str(cells.get("student") or "").strip() or f"no name ({Path(source).stem})"
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
        raise ResultsFileError(f"{name}: not text in UTF-8 (a results file is CSV or JSON)") from None
    if name.lower().endswith(".json") or text.lstrip()[:1] in ("[", "{"):
        try:
            rows = json.loads(text)
        except (ValueError, RecursionError):
            raise ResultsFileError(f"{name}: not readable as JSON") from None
        if not isinstance(rows, list):
            raise ResultsFileError(f"{name}: the JSON is not a list of answers")
        return rows
    table = list(csv.DictReader(io.StringIO(text)))
    if not table or "student" not in table[0]:
        raise ResultsFileError(f"{name}: no 'student' column in its first line (a results CSV starts with one)")
    return table


def _files(source: object) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file: from a folder, a path, paths, or what ipywidgets.FileUpload holds."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in _SUFFIXES and p.is_file())
            if not found:
                raise ResultsFileError(f"no .csv or .json file in the folder {path}")
            return [(p.name, p.read_bytes()) for p in found]
        if not path.is_file():
            raise ResultsFileError(f"{path} is neither a file nor a folder")
        return [(path.name, path.read_bytes())]
    if isinstance(source, Mapping):  # ipywidgets 7's FileUpload.value: {name: {"content": bytes, ...}}
        return [(str(name), bytes(item["content"])) for name, item in source.items()]
    if isinstance(source, Iterable):
        out: list[tuple[str, bytes]] = []
        for item in source:
            if isinstance(item, Mapping) and "content" in item:  # ipywidgets 8: ({"name", "content", ...}, ...)
                out.append((str(item.get("name", "upload")), bytes(item["content"])))
            elif isinstance(item, (str, Path)):
                out += _files(item)
            else:
                raise ResultsFileError(f"{item!r} is not a file: give paths, a folder or a FileUpload's value")
        return out
    raise ResultsFileError(f"{source!r} is not a file: give a folder, a path, paths, or a FileUpload's value")


def read_results(source: object) -> ClassResults:
    """Every results file in ``source`` (a folder, a file, a list of files, or ``FileUpload(...).value``) merged.

    A file that is not a quiz's results is left out and named in :attr:`ClassResults.problems`, so one
    stray file does not stop a class's report; if no file can be read at all, :class:`ResultsFileError`."""
    files = _files(source)
    if not files:
        raise ResultsFileError("no file given: upload the students' results files or name their folder")
    answers: list[Answer] = []
    read, problems = [], []
    for name, data in files:
        try:
            # a file is used whole or not at all: every row is read before any is kept
            answers += [_answer(row, name, n) for n, row in enumerate(_rows(name, data), 1)]
        except ResultsFileError as exc:
            problems.append(str(exc))
            continue
        read.append(name)
    if not read:
        raise ResultsFileError("none of the files is a quiz's results:\n" + "\n".join(problems))
    return ClassResults._merge(answers, tuple(read), tuple(problems))
