"""The learner's name: set only once it is saved (a refusal changes nothing), and read from ``student.json``
whatever that file holds, so no quiz ever fails because of it."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn import course
from charlemagne_learn.widgets import TrickQuiz


@pytest.fixture
def lesson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A lessons' folder with no name given yet in this session."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    return tmp_path


def _refused(name: str) -> str:
    with pytest.raises(cl.CharlemagneError) as refused:
        cl.set_student(name)
    return str(refused.value)


def test_a_name_that_cannot_be_saved_is_refused_and_changes_nothing(
    lesson: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cl.set_student("Ada")
    saved = (lesson / "student.json").read_bytes()
    (lesson / "student.json").unlink()
    (lesson / "student.json").mkdir()  # something in the way: the file cannot be written
    message = _refused("Ben")
    assert "could not be saved" in message and "student='Ada'" in message
    assert cl.student() == "Ada" and TrickQuiz("canadian", seed=1, count=1).student == "Ada"
    (lesson / "student.json").rmdir()

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", disk_full)
    assert "No space left on device" in _refused("Ben")
    assert cl.student() == "Ada" and sorted(p.name for p in lesson.iterdir()) == []  # no half-written file left
    monkeypatch.undo()
    monkeypatch.chdir(lesson)
    monkeypatch.setattr(course, "_student", None)
    cl.set_student("Ada")
    assert (lesson / "student.json").read_bytes() == saved


def test_a_name_no_file_can_hold_is_refused(lesson: Path) -> None:
    for bad in ("Ada\ud800", "\udc80", "x" * 1_000_000):
        assert "name=" in _refused(bad) and len(_refused(bad)) < 200
    assert cl.student() == "" and not list(lesson.iterdir())


def test_any_student_file_leaves_the_quizzes_working(lesson: Path) -> None:
    cl.set_student("Chloé")
    assert TrickQuiz("canadian", seed=1, count=1).student == "Chloé"
    for content in (
        "[" * 100_000 + "]" * 100_000,
        '{"student": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"student": "\\ud800"}',
        '{"student": 5}',
        '["Ada"]',
        '{"student": "' + "x" * 20_000 + '"}',
        "\x00\xff",
    ):
        course._student = None  # the next lesson: it reads the file
        (lesson / "student.json").write_text(content, encoding="utf-8", errors="surrogatepass")
        assert cl.student() == ""
        assert TrickQuiz("canadian", seed=1, count=1).student == ""
    (lesson / "student.json").write_text('\ufeff{"student": " Dev "}', encoding="utf-8")
    assert cl.student() == "Dev"


@pytest.mark.parametrize("name", ["\ud800", "x" * 81, 42, ["Ada"]])
def test_a_quiz_refuses_a_student_name_its_results_cannot_hold(lesson: Path, name: object) -> None:
    from charlemagne_learn.widgets import DecisionQuiz

    for make in (lambda: TrickQuiz(count=1, student=name), lambda: DecisionQuiz(count=1, student=name)):
        with pytest.raises(cl.CharlemagneError, match="student="):
            make()  # type: ignore[no-untyped-call]


def test_a_quiz_named_by_its_argument_writes_its_results(lesson: Path) -> None:
    quiz = TrickQuiz(count=1, student="  Chloé ")
    assert quiz.student == "Chloé"
    assert TrickQuiz(count=1, student="   ").student == ""
    quiz.to_csv(lesson / "results.csv")  # the name is text a file can hold: nothing to refuse when writing
    assert (lesson / "results.csv").read_text(encoding="utf-8-sig").startswith("student,quiz,")
