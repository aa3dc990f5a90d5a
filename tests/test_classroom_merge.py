"""Merging a class's files: every answer handed in is counted, or listed with its file; copies count once and
answers that disagree are all counted and reported, in words a teacher reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _class_files import csv_bytes, row, upload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from charlemagne_learn.teach import read_results
from charlemagne_learn.widgets import TrickQuiz


def test_unnamed_students_files_of_one_name_stay_apart(tmp_path: Path) -> None:
    """Nine students without a name hand in the same quiz; each file comes in its own folder (a learning
    platform's export), so all nine have the quiz's file name."""
    folders = []
    for n in range(9):
        folder = tmp_path / f"submission-{n}"
        folder.mkdir()
        # the same answers as others, at other times: three right, six wrong
        (folder / "quiz-canadian-seed-1002.csv").write_bytes(csv_bytes(row("", 1, "E" if n < 3 else "N", 3.0 + n)))
        folders.append(folder)
    results = read_results(folders)
    assert len(results.students) == 9 and len(results) == 9
    assert results.by_skill().rows[0][1:3] == ("9", "33%")
    assert "no name (submission-4/quiz-canadian-seed-1002)" in results.students
    # the same in an upload holding two different files of one name
    two = upload(**{"quiz.csv": csv_bytes(row("", 1)), "quiz.csv__2": csv_bytes(row("", 1, seconds=9.0))})
    results = read_results(two)
    assert results.students == ["no name (quiz (2))", "no name (quiz)"] and len(results) == 2
    assert results.problems == ("two different files are named quiz.csv: the second is called quiz (2).csv here",)


def test_the_same_file_handed_in_twice_counts_once_and_is_listed(tmp_path: Path) -> None:
    (tmp_path / "Ada.csv").write_bytes(csv_bytes(row("Ada", 1), row("Ada", 2, "N")))
    (tmp_path / "Ada-again.csv").write_bytes((tmp_path / "Ada.csv").read_bytes())
    results = read_results(tmp_path)
    assert len(results) == 2 and results.files == ("Ada-again.csv",)
    assert results.problems == ("Ada.csv is the same file as Ada-again.csv (the same bytes): read once",)
    assert results.unread == 1 and "Not read:" in str(results)
    results = read_results([tmp_path / "Ada.csv", tmp_path / "Ada.csv"])
    assert len(results) == 2 and results.problems == ("Ada.csv was given twice: read once",)
    # three uploads of one name, the last two the same: which one was left out is clear
    first, second = csv_bytes(row("", 1)), csv_bytes(row("", 1, seconds=7.0))
    results = read_results(upload(**{"quiz.csv": first, "quiz.csv__2": second, "quiz.csv__3": second}))
    assert len(results) == 2 and results.problems[:2] == (
        "another file named quiz.csv is the same file as quiz (2).csv (the same bytes): read once",
        "two different files are named quiz.csv: the second is called quiz (2).csv here",
    )


def test_a_file_under_another_students_name_is_reported_not_merged_away(tmp_path: Path) -> None:
    """Ben's file, named so it sorts first, says "Ada": today it silently took the place of Ada's own answers."""
    (tmp_path / "Ada.csv").write_bytes(csv_bytes(row("Ada", 1, seconds=5.0), row("Ada", 2, "N", seconds=8.0)))
    (tmp_path / "0-ben.csv").write_bytes(csv_bytes(row("Ada", 1, seconds=2.0), row("Ada", 2, "E", seconds=3.0)))
    results = read_results(tmp_path)
    assert len(results) == 4 and {a.source for a in results.answers} == {"Ada.csv", "0-ben.csv"}
    (note,) = results.problems
    assert note.startswith("Ada (q): questions 1, 2 answered more than once") and "0-ben.csv, Ada.csv" in note
    assert results.unread == 0 and "Counted, but check:" in str(results) and "Not read" not in str(results)
    # a copy of Ada's file under another name counts once, and says so
    (tmp_path / "0-ben.csv").write_bytes(csv_bytes(row("Ada", 1, seconds=5.0)))
    results = read_results(tmp_path)
    assert len(results) == 2
    assert results.problems == ("Ada (q): the same answers (question 1) are in 0-ben.csv, Ada.csv: counted once",)


def test_a_downloads_csv_and_json_merge_without_a_word(tmp_path: Path) -> None:
    quiz = TrickQuiz("canadian", level=1, seed=5, count=2, student="Ada")
    quiz.answer(quiz._question.answer)
    quiz.to_csv(tmp_path / "Ada-canadian-seed-5.csv")
    (tmp_path / "Ada-canadian-seed-5.json").write_text(quiz.to_json(), encoding="utf-8")
    results = read_results(tmp_path)
    assert len(results) == 1 and not results.problems and len(results.files) == 2


answers = st.lists(
    st.tuples(
        st.sampled_from(["", "Ada", "Ben"]), st.integers(1, 2), st.sampled_from("EN"), st.sampled_from([1.0, 2.0])
    ),
    min_size=1,
    max_size=3,
)
handed_in = st.lists(
    st.tuples(st.sampled_from(["a.csv", "a.json", "b.csv", "a (2).csv", "c.json"]), answers),
    min_size=1,
    max_size=5,
    unique_by=lambda f: f[0],
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(handed_in)
def test_every_answer_handed_in_is_counted_or_listed_with_its_file(files: list[tuple[str, list[Any]]]) -> None:
    handed: list[dict[str, Any]] = []
    for name, content in files:
        made = [row(who, q, answer, seconds) for who, q, answer, seconds in content]
        handed.append(
            {"name": name, "content": json.dumps(made).encode() if name.endswith(".json") else csv_bytes(*made)}
        )
    results = read_results(tuple(handed))
    said = "\n".join(results.problems)
    counted = {(a.source, a.question, a.answer, a.seconds) for a in results.answers}
    for name, content in files:
        assert name in results.files or name in said  # every file read, or named
        twins = [f for f in results.files if f.rsplit(".", 1)[0] == name.rsplit(".", 1)[0]]  # its CSV and JSON
        for _, q, answer, seconds in content:
            # every answer counted from its own file (or the other form of the same download), or its file named
            assert any((f, q, answer, seconds) in counted for f in twins) or name in said
