"""The teacher's side of quiz results: many students' files merged once each, per student and per skill, and
answer keys that match what the quizzes ask."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from charlemagne_learn.engine.errors import CharlemagneError
from charlemagne_learn.teach import ResultsFileError, answer_key, decision_key, read_results
from charlemagne_learn.teach.classroom import ClassResults
from charlemagne_learn.widgets import DecisionQuiz, TrickQuiz

EXAMPLE = Path(__file__).resolve().parent.parent / "notebooks" / "teachers" / "class_results_example"


def _taken(student: str, right: int, seed: int = 1002, count: int = 4) -> TrickQuiz:
    """A quiz answered right the first ``right`` times and wrong after."""
    quiz = TrickQuiz("canadian", level=2, kinds=("winner",), seed=seed, count=count, student=student)
    for number in range(count):
        q = quiz._question
        quiz.answer(q.answer if number < right else next(c for c in q.choices if c not in q.answer))
        quiz.next()
    return quiz


def test_a_class_of_files_is_read_per_student_and_per_skill(tmp_path: Path) -> None:
    _taken("Ada", 4).to_csv(tmp_path / "Ada.csv")
    _taken("=Ben", 1).to_csv(tmp_path / "Ben.csv")  # a name a spreadsheet would run: guarded in the file
    (tmp_path / "Chloé.json").write_text(_taken("Chloé", 2).to_json(), encoding="utf-8")
    results = read_results(tmp_path)
    assert results.students == ["=Ben", "Ada", "Chloé"] and len(results) == 12 and not results.problems
    rows = {r[0]: r for r in results.by_student().rows}
    assert rows["Ada"][1:4] == ("4", "4", "100%") and rows["=Ben"][1:4] == ("4", "1", "25%")
    assert rows["Chloé"][3] == "50%"
    skills = results.by_skill()
    assert sum(int(r[1]) for r in skills.rows) == 12
    assert all(r[0].startswith("who wins: ") for r in skills.rows)
    missed_by = {name for r in skills.rows for name in r[3].split(", ") if name}
    assert missed_by == {"=Ben", "Chloé"}


def test_the_same_answers_in_several_files_count_once(tmp_path: Path) -> None:
    early = TrickQuiz("canadian", level=1, seed=5, count=3, student="Ada")
    early.answer(early._question.answer)
    early.to_csv(tmp_path / "after-one.csv")  # downloaded after one question ...
    early.next()
    early.answer(early._question.answer)
    early.to_csv(tmp_path / "after-two.csv")  # ... and again after two
    (tmp_path / "after-two.json").write_text(early.to_json(), encoding="utf-8")  # and as JSON
    results = read_results(tmp_path)
    assert len(results) == 2 and len(results.files) == 3


def test_decisions_count_as_right_when_graded_best_or_good(tmp_path: Path) -> None:
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2, samples=8, student="Ada")
    ranked = quiz.decision.grade().choices
    quiz.choose(ranked[0].action)
    quiz.next()
    worst = quiz.decision.grade().choices[-1]
    quiz.choose(worst.action)
    quiz.to_csv(tmp_path / "Ada.csv")
    (answer_one, answer_two) = read_results(tmp_path / "Ada.csv").answers
    assert answer_one.right and answer_one.skill.startswith("leading")
    assert answer_two.right == (worst.grade in ("best", "good"))
    assert answer_two.points_lost == pytest.approx(worst.loss, abs=0.01)


def test_stray_files_are_listed_not_fatal_and_nothing_readable_is_an_error(tmp_path: Path) -> None:
    _taken("Ada", 3).to_csv(tmp_path / "Ada.csv")
    (tmp_path / "notes.csv").write_text("milk,eggs\n1,2\n", encoding="utf-8")
    (tmp_path / "broken.json").write_text("[{", encoding="utf-8")
    (tmp_path / "other.json").write_text(json.dumps([{"student": "Zoé", "answer": "N"}]), encoding="utf-8")
    (tmp_path / "picture.png").write_bytes(b"\x89PNG")  # not a results file by its name: not looked at
    results = read_results(tmp_path)
    assert results.students == ["Ada"] and len(results.problems) == 3
    assert any("notes.csv" in p and "student" in p for p in results.problems)
    assert any("other.json" in p and "correct" in p for p in results.problems)
    assert "Not read" in str(results) and "broken.json" in results._repr_html_()
    for source in (tmp_path / "notes.csv", [tmp_path / "broken.json"], tmp_path / "missing", 42, None, [3]):
        with pytest.raises(ResultsFileError) as caught:
            read_results(source)
        assert isinstance(caught.value, (CharlemagneError, ValueError))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ResultsFileError, match=r"no \.csv or \.json"):
        read_results(empty)


def test_an_upload_widgets_value_is_read_in_both_ipywidgets_shapes() -> None:
    csv_bytes = ("\ufeff" + _taken("Ada", 2).to_csv()).encode()  # as the browser's button saves it
    json_bytes = _taken("Ben", 1).to_json().encode()
    version_8 = (
        {"name": "Ada.csv", "type": "text/csv", "size": len(csv_bytes), "content": memoryview(csv_bytes)},
        {"name": "Ben.json", "type": "application/json", "size": len(json_bytes), "content": memoryview(json_bytes)},
    )
    version_7 = {"Ada.csv": {"content": csv_bytes}, "Ben.json": {"content": json_bytes}}
    for value in (version_8, version_7):
        results = read_results(value)
        assert results.students == ["Ada", "Ben"] and len(results) == 8


def test_tables_and_the_plot_agree_with_the_answers() -> None:
    results = read_results(EXAMPLE)
    assert "shopping list.csv" in " ".join(results.problems)  # the example shows a stray file too
    grid = results.grid()
    for row in grid.rows:
        student = row[0]
        for skill, cell in zip(grid.heads[1:], row[1:], strict=True):
            ours = [a for a in results.answers if a.student == student and a.skill == skill]
            assert cell == (f"{sum(a.right for a in ours)}/{len(ours)}" if ours else "")
    shares = [int(r[2].rstrip("%")) for r in results.by_skill().rows]
    assert shares == sorted(shares)  # hardest first
    fig = results.plot()
    skill_axis, student_axis = fig.axes
    assert len(skill_axis.patches) == len(results.skills) and len(student_axis.patches) == len(results.students)
    widths = sorted(round(p.get_width()) for p in student_axis.patches)
    by_student = sorted(int(r[3].rstrip("%")) for r in results.by_student().rows)
    assert widths == by_student
    missed = results.missed(3)
    assert len(missed) == 3 and all(" of " in r[1] for r in missed.rows)
    assert results.of("Ada").students == ["Ada"]


def test_students_sort_as_a_class_list() -> None:
    rows = [
        {"student": name, "question": 1, "prompt": "p", "answer": "a", "correct": "True"}
        for name in ("Zoé", "Émile", "emma", "Ada")
    ]
    assert ClassResults.from_rows(rows).students == ["Ada", "Émile", "emma", "Zoé"]


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_an_answer_key_is_the_quizs_own_answers(variant: str) -> None:
    seed = random.Random(variant).randrange(10_000)
    key = answer_key(variant, level=3, seed=seed, count=6)
    quiz = TrickQuiz(variant, level=3, seed=seed, count=6)
    for entry in key:
        q = quiz._question
        assert (entry.asked, entry.answer, entry.skill) == (q.prompt, q.answer_text, q.skill)
        assert quiz.answer(list(q.answer))
        quiz.next()
    page = key.to_html()
    assert page.count('class="key-entry"') == 6 and "@media print" in page and "break-inside: avoid" in page
    assert f"seed={seed}" in key.quiz and str(key).count("Answer: ") == 6


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_a_decision_key_gives_the_choice_the_quiz_grades_best(tmp_path: Path) -> None:
    key = decision_key("canadian", kinds=["bid", "lead"], seed=1006, count=2, samples=8)
    quiz = DecisionQuiz("canadian", kinds=["bid", "lead"], seed=1006, count=2, samples=8)
    for entry in key:
        best = quiz.decision.grade().best
        assert entry.answer == str(best.action) and entry.why == str(best.reason)
        assert quiz.decision.situation in entry.asked
        # the hand is on the key, so a teacher can put the position on the board
        assert sorted(entry.hand.split()) == sorted(str(c) for c in quiz.decision.view.hand)
        assert entry.hand in str(key)
        quiz.choose(best.action)
        assert quiz.results[-1]["grade"] == "best"
        quiz.next()
    assert key.to_html().count('class="key-hand"') == len(key)
    written = key.write(tmp_path / "key.html")
    assert written.read_text(encoding="utf-8") == key.to_html()
    with pytest.raises(CharlemagneError, match=r"\.html or \.pdf"):
        key.write(tmp_path / "key.docx")
