"""A self-study learner's progress, lesson by lesson: every answer to a lesson's quizzes kept beside the lessons.

Each answer a :class:`~charlemagne_learn.widgets.TrickQuiz` or a
:class:`~charlemagne_learn.widgets.DecisionQuiz` of a lesson takes is written to ``progress.json`` in the lessons'
folder (the lesson's own folder, which holds the course's ``course.json``): on a laptop and on Binder a file beside
the lessons, in JupyterLite a file of the browser's storage. Nowhere else is anything written: a quiz run outside
the lessons (a test, a script, the teacher's guide's examples) keeps no progress. A quiz is known by its arguments
(:func:`quiz_key`), so the start page finds which lesson asked it by reading the lessons' own quiz cells, and a
learner who takes a quiz again replaces the earlier answers.

>>> import tempfile, os
>>> here = os.getcwd()
>>> with tempfile.TemporaryDirectory() as folder:
...     os.chdir(folder)
...     _ = Path("course.json").write_text("{}")
...     keep(quiz_key("trick", "canadian", 2, None, 5), 1, True)
...     keep(quiz_key("trick", "canadian", 2, None, 5), 2, False)
...     answers = read_answers()
...     os.chdir(here)
>>> answers
{'trick canadian 2 5 winner,legal,order,score': {'1': True, '2': False}}
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Literal

from ..course import lessons_folder, rules_for, write_whole
from ..engine.checks import whole_number
from ..engine.i18n import lang_or_current, say
from .decisions import decision_kinds
from .final import TESTS, ScoreSheet, course_test, score
from .lock import held
from .quiz import quiz_kinds
from .shipped import title_in

__all__ = ["PROGRESS_FILE", "LessonProgress", "Progress", "keep", "progress", "quiz_key", "read_answers"]

#: The file beside the lessons that keeps the learner's answers.
PROGRESS_FILE = "progress.json"
#: The largest progress file read, and the most quizzes kept: a damaged or hostile file never stops a lesson.
_MAX_BYTES = 2_000_000
_MAX_QUIZZES = 2_000
#: A decision counts as done well with these grades (as the decision quiz's own score counts it).
_WELL = ("best", "good")

QuizKind = Literal["trick", "decision"]


def quiz_key(kind: QuizKind, rules: object, level: int, kinds: Iterable[str] | None, seed: int) -> str:
    """The name a quiz's answers are kept under: what the quiz is made from (the table's rules, the level, the kinds
    asked in the order they take turns, the seed), so two quizzes asking the same questions share it."""
    variant = rules_for(rules).name  # type: ignore[arg-type]
    if kind == "trick":
        return f"trick {variant} {level} {seed} {','.join(quiz_kinds(kinds))}"
    return f"decision {variant} {seed} {','.join(decision_kinds(kinds, rules_for(rules)))}"  # type: ignore[arg-type]


def read_answers(folder: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every quiz's answers kept in ``folder`` (the lessons' folder by default): by quiz, by question number, True or
    False for a question (right or not), the grade for a decision. Empty when there is no file or it cannot be read."""
    folder = folder or lessons_folder()
    return {} if folder is None else _read(folder)[0]


def _read(folder: Path) -> tuple[dict[str, dict[str, Any]], bool]:
    """The quizzes' answers kept in ``folder``, and whether the file was read whole (False: there is something in
    it that cannot be read, which must not be written over)."""
    path = folder / PROGRESS_FILE
    try:
        if not path.exists():
            return {}, True
        if not path.is_file() or path.stat().st_size > _MAX_BYTES:
            return {}, False
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError, RecursionError):
        return {}, False
    answers = data.get("answers") if isinstance(data, dict) else None
    if not isinstance(answers, dict) or set(data) != {"answers"}:
        return {}, False
    readable = {k: v for k, v in answers.items() if isinstance(k, str) and isinstance(v, dict)}
    return readable, len(readable) == len(answers)


def keep(key: str, question: int, outcome: bool | str) -> None:
    """Keep one answer (True/False for a question, the grade for a decision) in the lessons' folder; nothing outside
    the lessons, and nothing but a lost record when the file cannot be written (a full disk, a read-only folder).
    The file is read again and written with the folder held (:func:`~.lock.held`), so the answers another
    notebook's kernel keeps meanwhile stay in it; a file that cannot all be read is first put aside, whole, in
    ``progress.unreadable.json`` (nothing a learner had is lost)."""
    folder = lessons_folder()
    if folder is None:
        return
    with held(folder):
        answers, whole = _read(folder)
        quiz = answers.pop(key, {})
        quiz[str(question)] = outcome
        answers[key] = quiz  # last answered last: the oldest quizzes go first when there are too many
        while len(answers) > _MAX_QUIZZES:
            answers.pop(next(iter(answers)))
        with suppress(OSError):
            if not whole:
                os.replace(folder / PROGRESS_FILE, folder / _aside_name(folder))
            write_whole(folder / PROGRESS_FILE, json.dumps({"answers": answers}, ensure_ascii=False))


def _aside_name(folder: Path) -> str:
    """The first name free for a file put aside: ``progress.unreadable.json``, then ``-2``, ``-3``…"""
    number = 1
    while (folder / (name := f"progress.unreadable{'' if number == 1 else f'-{number}'}.json")).exists():
        number += 1
    return name


@dataclass(frozen=True)
class LessonProgress:
    """One lesson's quizzes: questions answered and right, decisions made and graded best or good."""

    lesson: str
    title: str
    questions: int
    right: int
    decisions: int
    well: int
    #: Questions and decisions the lesson's quizzes ask in all.
    asked: int


@dataclass(frozen=True)
class Progress:
    """Every lesson with quizzes, in order, and what the learner has done in each; then the placement test and the
    final test added up (:mod:`.final`), with the final test's verdict: ready for a real table, or what to revisit."""

    lessons: tuple[LessonProgress, ...]
    lang: str
    tests: tuple[ScoreSheet, ...] = ()

    @property
    def started(self) -> bool:
        return any(p.questions or p.decisions for p in self.lessons)

    def _test_lines(self) -> list[str]:
        lang = self.lang
        out = []
        for result in self.tests:
            title = say(f"final.title.{result.test.name}", lang)
            if not result.started:
                out.append(say("final.progress.none", lang, title=title))
                continue
            out.append(say("final.progress", lang, title=title, totals=result.totals(), verdict=result.verdict()))
            out += [f"  {line}" for line in (result.revisit() if result.finished else [])]
        return out

    def __str__(self) -> str:
        return "\n".join(self._lines())

    def _lines(self) -> list[str]:
        lang = self.lang
        if not self.started:
            return [say("progress.none", lang)]
        out = [say("progress.head", lang)]
        for p in self.lessons:
            out.append(f"{p.title}: {self._done(p)}")
        return [*out, *self._test_lines()]

    def _done(self, p: LessonProgress) -> str:
        lang = self.lang
        if not p.questions and not p.decisions:
            return say("progress.not_yet", lang, n=p.asked)
        parts = []
        if p.questions:
            parts.append(say("progress.questions", lang, right=p.right, n=p.questions))
        if p.decisions:
            parts.append(say("progress.decisions", lang, well=p.well, n=p.decisions))
        return say("progress.of_asked", lang, done="; ".join(parts), asked=p.asked)

    def _repr_html_(self) -> str:
        lang = self.lang
        if not self.started:
            return f"<p>{escape(say('progress.none', lang))}</p>"
        rows = "".join(
            f"<tr><td style='text-align:left;padding-right:1em'>{escape(p.title)}</td>"
            f"<td style='text-align:left'>{escape(self._done(p))}</td></tr>"
            for p in self.lessons
        )
        tests = "".join(f"<li>{escape(line.strip())}</li>" for line in self._test_lines())
        return (
            f"<p>{escape(say('progress.head', lang))}</p><table>{rows}</table>"
            f"{f'<ul class=cl-progress-tests>{tests}</ul>' if tests else ''}"
        )


def progress(folder: str | Path | None = None, *, lang: str | None = None) -> Progress:
    """What the learner has done in each lesson of ``folder`` (the lessons' folder by default): the answers kept
    in ``progress.json``, matched to the quizzes each lesson asks."""
    language = lang_or_current(lang)
    where = Path(folder) if folder is not None else (lessons_folder() or Path.cwd())
    answers = read_answers(where)
    rows = []
    for path in sorted(where.glob("[0-9][0-9]_*.ipynb")):
        title, quizzes = _lesson_quizzes(path)
        if not quizzes:
            continue
        kept = [(kind, answers.get(key, {})) for kind, key, _ in quizzes]
        questions = [v for kind, given in kept if kind == "trick" for v in given.values()]
        decisions = [v for kind, given in kept if kind == "decision" for v in given.values()]
        rows.append(
            LessonProgress(
                lesson=path.name,
                title=title,
                questions=len(questions),
                right=sum(v is True for v in questions),
                decisions=len(decisions),
                well=sum(v in _WELL for v in decisions),
                asked=sum(count for _, _, count in quizzes),
            )
        )
    return Progress(tuple(rows), language, _tests(answers, language))


def _tests(answers: Mapping[str, Mapping[str, Any]], lang: str) -> tuple[ScoreSheet, ...]:
    """The placement test and the final test added up from the answers kept (the course's table's tests)."""
    out = []
    for name in TESTS:
        test = course_test(name)
        kept = {index: answers.get(test.progress_key(index), {}) for index in range(len(test.parts))}
        out.append(score(test, kept, lang))
    return tuple(out)


#: A quiz cell's widget and the order of its positional arguments.
_QUIZZES: Mapping[str, tuple[QuizKind, tuple[str, ...], int]] = {
    "TrickQuiz": ("trick", ("variant", "level", "kinds", "seed"), 10),
    "DecisionQuiz": ("decision", ("rules", "kinds", "seed"), 6),
}
#: A test's widget (its parts are the lesson's quizzes) and the order of its positional arguments.
_TEST = ("LessonTest", ("name", "rules"))


def _lesson_quizzes(path: Path) -> tuple[str, list[tuple[QuizKind, str, int]]]:
    """A lesson's title (its first heading) and its quizzes: kind, key and number of questions, from the arguments
    written in its cells (a quiz made from anything but plain values is left out)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (ValueError, OSError, RecursionError):
        return path.stem, []
    title, found = title_in(cells) or path.stem, []
    for cell in cells:
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _QUIZZES:
                quiz = _quiz_of(node, *_QUIZZES[node.func.id])
                if quiz is not None:
                    found.append(quiz)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == _TEST[0]:
                found += _test_of(node)
    return title, found


def _test_of(node: ast.Call) -> list[tuple[QuizKind, str, int]]:
    """A test's parts, as the quizzes they are (a test made from anything but plain values is left out)."""
    try:
        given = {**dict(zip(_TEST[1], (ast.literal_eval(a) for a in node.args), strict=False)),
                 **{k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}}  # fmt: skip
        test = course_test(given.get("name", "final"), given.get("rules"))
    except (ValueError, TypeError, SyntaxError):
        return []
    return [(part.kind, test.progress_key(i), part.count) for i, part in enumerate(test.parts)]


def _quiz_of(node: ast.Call, kind: QuizKind, names: tuple[str, ...], count: int) -> tuple[QuizKind, str, int] | None:
    try:
        given = {**dict(zip(names, (ast.literal_eval(a) for a in node.args), strict=False)),
                 **{k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}}  # fmt: skip
        rules = given.get("variant", given.get("rules"))
        key = quiz_key(kind, rules, given.get("level", 1), given.get("kinds"), given.get("seed", 0))
        asked = whole_number("count", given.get("count", count), 1)  # "3" or 2.5 is no quiz's count
    except (ValueError, TypeError, SyntaxError):  # not plain values, or values no quiz takes
        return None
    return kind, key, asked
