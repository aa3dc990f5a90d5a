"""A self-study learner's progress: every answer to a lesson's quizzes kept beside the lessons, read back lesson by
lesson on the start page; nothing written outside the lessons, and no file, however damaged, stops a quiz."""

from __future__ import annotations

import ast
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from _processes import all_at_once

from charlemagne_learn.teach.final import TESTS
from charlemagne_learn.teach.progress import PROGRESS_FILE, _lesson_quizzes, progress, quiz_key, read_answers
from charlemagne_learn.widgets import DecisionQuiz, TrickQuiz

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the lessons' folder (its course.json and two lessons with quizzes), the current folder."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("course.json", "14_at_a_real_table.ipynb", "15_final_test.ipynb"):
        shutil.copy(NOTEBOOKS / name, folder / name)
    monkeypatch.chdir(folder)
    yield folder


def _answer_right(quiz: TrickQuiz) -> None:
    quiz.answer(quiz._question.answer)
    quiz.next()


def _answer_wrong(quiz: TrickQuiz) -> None:
    q = quiz._question
    if q.kind == "order":
        given: tuple[str, ...] = tuple(reversed(q.answer))
    elif q.kind == "legal":
        given = q.choices if set(q.answer) != set(q.choices) else q.choices[:1]
    else:
        given = (next(c for c in q.choices if (c,) != q.answer),)
    assert quiz.answer(given) is False


def test_answers_are_kept_and_shown_lesson_by_lesson(lessons: Path) -> None:
    assert not progress().started and "No answers yet" in str(progress())
    quiz = TrickQuiz(level=2, seed=150, count=8)  # lesson 15's first quiz, as its cell makes it
    _answer_right(quiz)
    _answer_wrong(quiz)
    decisions = DecisionQuiz(kinds=["defend"], seed=143, count=3)  # lesson 14's defence
    # its first position's worst card gives up a little of the defence's chance: good, not best
    worse = next(c for c in decisions.decision.grade().choices if c.grade != "best")
    assert worse.grade == "good" and decisions.choose(str(worse.action.card))
    shown = {p.lesson: p for p in progress().lessons}
    final, table = shown["15_final_test.ipynb"], shown["14_at_a_real_table.ipynb"]
    assert (final.questions, final.right, final.decisions, final.asked) == (2, 1, 0, 18)
    assert (table.questions, table.decisions, table.well, table.asked) == (0, 1, 1, 13)
    assert "1 of 2 questions right (18 asked)" in str(progress())
    assert "1 sur 1 décision notée meilleur ou bon (13 en tout)" in str(progress(lang="fr"))
    # the same quiz taken again replaces its answers, question by question
    again = TrickQuiz(level=2, seed=150, count=8)
    _answer_right(again)
    _answer_right(again)
    final = {p.lesson: p for p in progress().lessons}["15_final_test.ipynb"]
    assert (final.questions, final.right) == (2, 2)


def test_nothing_is_kept_outside_the_lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no course.json here: a script, a test
    _answer_right(TrickQuiz(level=1, seed=3, count=2))
    assert not list(tmp_path.iterdir()) and read_answers() == {}


def test_the_teachers_examples_below_the_lessons_are_no_learners_progress(
    lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (lessons / "teachers").mkdir()
    monkeypatch.chdir(lessons / "teachers")
    _answer_right(TrickQuiz(kinds=("winner",), level=1, seed=3, count=2, student="Ada"))
    assert not (lessons / PROGRESS_FILE).exists() and not (lessons / "teachers" / PROGRESS_FILE).exists()


@pytest.mark.parametrize(
    "content",
    ["{not json", "[1, 2]", '{"answers": [1]}', '{"answers": {"q": 5}}', "[" * 100_000, " " * 3_000_000,
     '{"answers": {}, "spare": 1}'],
    ids=["broken", "a list", "answers a list", "a quiz not a dict", "deep", "huge", "a field unknown"],
)  # fmt: skip
def test_a_damaged_file_never_stops_a_quiz_and_is_put_aside(lessons: Path, content: str) -> None:
    """A new file is begun; the damaged one is kept beside it, whole (it used to be written over)."""
    (lessons / PROGRESS_FILE).write_text(content, encoding="utf-8")
    _answer_right(TrickQuiz(level=2, seed=150, count=8))
    kept = json.loads((lessons / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert kept == {"answers": {quiz_key("trick", None, 2, None, 150): {"1": True}}}
    assert (lessons / "progress.unreadable.json").read_text(encoding="utf-8") == content
    _answer_right(TrickQuiz(level=2, seed=151, count=8))
    assert len(read_answers(lessons)) == 2 and len(list(lessons.glob("progress.unreadable*"))) == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="a read-only folder binds no root user")
def test_a_folder_that_cannot_be_written_loses_the_record_not_the_answer(lessons: Path) -> None:
    lessons.chmod(0o555)
    try:
        quiz = TrickQuiz(level=2, seed=150, count=8)
        _answer_right(quiz)
        assert quiz.score == 1 and not (lessons / PROGRESS_FILE).exists()
    finally:
        lessons.chmod(0o755)


def test_a_file_written_half_is_never_read(lessons: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written whole beside it, then put in its place: a write that fails leaves the earlier file as it was."""
    _answer_right(TrickQuiz(level=2, seed=150, count=8))
    before = (lessons / PROGRESS_FILE).read_text(encoding="utf-8")

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    _answer_right(TrickQuiz(level=3, seed=151, count=4))
    assert (lessons / PROGRESS_FILE).read_text(encoding="utf-8") == before
    assert [p.name for p in lessons.iterdir() if p.name.startswith(".")] == []


def _quiz_calls(path: Path) -> int:
    """The quizzes a lesson's cells make: each quiz, and each part of a test (placement or final)."""
    count = 0
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            for n in ast.walk(ast.parse(cell.source)):
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                    count += 1 if n.func.id in ("TrickQuiz", "DecisionQuiz") else 0
                    count += len(TESTS[ast.literal_eval(n.args[0])]) if n.func.id == "LessonTest" else 0
    return count


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_start_page_finds_every_quiz_a_lesson_asks(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    assert len(_lesson_quizzes(path)[1]) == _quiz_calls(path)


@pytest.mark.parametrize("writers", [2, 4])
def test_kernels_answering_at_once_keep_every_answer(lessons: Path, writers: int) -> None:
    """Several notebooks open together: each kernel's answers are all kept, whoever writes last."""
    answers = 40
    all_at_once(
        "from charlemagne_learn.teach.progress import keep",
        f"for q in range({answers}):\n    keep(f'trick canadian 2 {{sys.argv[1]}} winner', q, q % 3 == 0)",
        lessons,
        writers,
    )
    kept = read_answers(lessons)
    assert {key: len(quiz) for key, quiz in kept.items()} == {
        f"trick canadian 2 {n} winner": answers for n in range(writers)
    }


@pytest.mark.parametrize("count", ['"3"', "2.5", '"٣"', "True", "0"])
def test_a_quiz_whose_count_no_quiz_takes_is_left_out(count: str, tmp_path: Path) -> None:
    # int() read "٣" (an Arabic-Indic three) and "3" as three questions, and 2.5 as two; a widget refuses them all
    cell = {"cell_type": "code", "source": [f"DecisionQuiz(seed=1, count={count})"], "metadata": {}, "outputs": []}
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps({"cells": [cell]}), encoding="utf-8")
    assert _lesson_quizzes(path)[1] == []
    cell["source"] = ["DecisionQuiz(seed=1, count=3)"]
    path.write_text(json.dumps({"cells": [cell]}), encoding="utf-8")
    assert [n for *_, n in _lesson_quizzes(path)[1]] == [3]
