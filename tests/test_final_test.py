"""The placement test (lesson 00) and the final test (lesson 15): every part the final test announces is asked, its
result box adds the parts up and says ready for a real table or what to revisit lesson by lesson, the result reaches
the progress page and the teacher's results, and the dashboard measures the gain from one test to the other."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from charlemagne_learn.analysis.odds import wilson_interval
from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import Card
from charlemagne_learn.engine.rules import Rules
from charlemagne_learn.teach import read_results
from charlemagne_learn.teach.classroom import ClassResults
from charlemagne_learn.teach.final import PASS, SKILLS, TESTS, course_test, gain_interval
from charlemagne_learn.teach.progress import _lesson_quizzes, progress
from charlemagne_learn.teach.quiz import Question
from charlemagne_learn.widgets import DecisionQuiz, LessonTest, TrickQuiz

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
EXAMPLE = NOTEBOOKS / "teachers" / "class_results_example"
TABLES = ("canadian", "american", "maine", "bid_euchre")


def _wrong(q: Question) -> object:
    if q.kind in ("winner", "score"):
        return next(c for c in q.choices if (c,) != q.answer)
    if q.kind == "legal":
        return list(q.choices) if len(q.answer) < len(q.choices) else list(q.answer[:-1])
    return list(reversed(q.answer))


def _take(paper: LessonTest, missed: set[tuple[int, int]] = frozenset()) -> None:  # type: ignore[assignment]
    """Answer every part through the widgets' Python side, as clicks do: right, but wrong at the items ``missed``
    (part, number) — a decision missed takes the choice graded worst."""
    for index, quiz in enumerate(paper.parts, 1):
        if isinstance(quiz, TrickQuiz):
            for number in range(1, quiz.count + 1):
                q = quiz._question
                assert quiz.answer(_wrong(q) if (index, number) in missed else list(q.answer)) is (
                    (index, number) not in missed
                )
                quiz.next()
            continue
        assert isinstance(quiz, DecisionQuiz)
        for number in range(1, quiz._count + 1):
            graded = quiz.decision.grade()
            pick = graded.choices[-1] if (index, number) in missed else graded.best
            if (index, number) in missed:
                assert pick.grade not in ("best", "good")
            if quiz.decision.kind == "exchange":
                for card in pick.discards:  # type: ignore[union-attr]
                    assert quiz.choose(card), quiz.message
                if quiz._chosen is None:
                    assert quiz.choose(Action.trump(pick.trump)), quiz.message  # type: ignore[union-attr, arg-type]
            else:
                assert quiz.choose(pick.action), quiz.message  # type: ignore[union-attr]
            if number < quiz._count:
                quiz.next()


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the lessons' folder (course.json, the first page, the final test and two lessons it names)."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("course.json", "00_start_here.ipynb", "02_trump_order_and_the_jacks.ipynb",
                 "07_mulot_and_gros_mulot.ipynb", "15_final_test.ipynb"):  # fmt: skip
        shutil.copy(NOTEBOOKS / name, folder / name)
    monkeypatch.chdir(folder)
    yield folder


# ---------------------------------------------------------------- what is asked
def test_the_final_test_asks_the_little_jack_led_the_mulot_jokers_a_charlemagne_and_a_defence() -> None:
    test = course_test("final", "canadian")
    tricky = test.questions(1)
    little = [q for q in tricky if q.trick and q.contract.order.little_jack is not None
              and q.trick[0] == Card.from_index(q.contract.order.little_jack)]  # fmt: skip
    mulot = [q for q in tricky if q.contract.spec.avoid and any(c.is_joker for c in (*q.trick, *q.cards))]
    assert little and mulot, [q.skill for q in tricky]
    assert {i.skill for i in test.items() if i.part == 2} >= {"little_jack", "mulot_jokers"}
    # the decisions as the lesson's part 3 asks them: a partner's card to a Charlemagne, a defence against one
    paper = LessonTest("final", "canadian", lang="en")
    decisions = paper.parts[2]
    assert isinstance(decisions, DecisionQuiz)
    asked = [decisions.decision]
    while decisions.number < decisions._count:
        decisions._chosen = Action.pass_()  # only to walk on: nothing is graded or kept
        decisions.next()
        asked.append(decisions.decision)
    kinds = {d.kind: d for d in asked}
    assert set(kinds) == {"bid", "give", "exchange", "lead", "play", "defend"}
    assert kinds["give"].state.bid is not None and kinds["give"].state.bid.name == "charlemagne"
    defended = kinds["defend"].state.contract
    assert defended is not None and defended.spec.tricks == 8 and defended.alone
    assert kinds["defend"].seat != kinds["defend"].state.bidder


def test_the_placement_test_asks_every_skill_of_the_final_test_from_other_seeds() -> None:
    placement, final = course_test("placement", "canadian"), course_test("final", "canadian")
    assert {i.skill for i in placement.items()} == {i.skill for i in final.items()} == set(SKILLS)
    labels = {final.label(i) for i in range(3)}
    assert not labels & {placement.label(i) for i in range(3)}
    # no two parts' results files share a name: a quiz's file is named by its table and seed
    seeds = [(p.kind, p.seed) for test in TESTS.values() for p in test]
    assert len(set(seeds)) == len(seeds)


@pytest.mark.parametrize("table", TABLES)
def test_at_every_table_the_tests_ask_what_its_rules_have_and_say_what_they_leave_out(table: str) -> None:
    for name in TESTS:
        test = course_test(name, table)
        plan = str(test.plan("en"))
        assert f"{test.needed('questions')} of {test.asked('questions')} questions right" in plan
        if test.left_out:  # said, with the table's name
            assert f"{Rules.preset(table).named()} has no bid for these decisions" in plan
        assert test.asked("decisions") >= 1
        paper = LessonTest(name, table, lang="en")
        assert [q.count if isinstance(q, TrickQuiz) else q._count for q in paper.parts] == [p.count for p in test.parts]
    assert ("Your table plays" in str(course_test("final", table).plan("en"))) == (table != "canadian")
    expected = {"canadian": (), "american": ("exchange",), "maine": ("give", "exchange", "defend"),
                "bid_euchre": ("give", "exchange", "defend")}[table]  # fmt: skip
    assert course_test("final", table).left_out == expected


def test_the_pass_marks_are_stated_once_in_code_and_shown_from_there() -> None:
    test = course_test("final", "canadian")
    assert (test.needed("questions"), test.needed("decisions")) == (10, 4)
    assert PASS["questions"] * 12 == 10 and PASS["decisions"] * 6 == 4
    for path in (NOTEBOOKS / "15_final_test.ipynb", NOTEBOOKS / "fr" / "15_final_test.ipynb"):
        nb = nbformat.read(path, as_version=4)
        prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        assert not re.search(r"\b\d+ (of|sur) \d+\b", prose), path  # no pass mark of its own
        shown = "".join(str(o.get("data", {}).get("text/html", "")) for c in nb.cells for o in c.get("outputs", []))
        assert ("10 of 12" if "/fr/" not in str(path) else "10 questions justes sur 12") in shown


def test_the_same_seeds_give_the_same_test() -> None:
    one, two = LessonTest("final", "canadian", lang="en"), LessonTest("final", "canadian", lang="fr")
    for a, b in zip(one.parts[:2], two.parts[:2], strict=True):
        assert [q.answer for q in a._questions if q.kind != "score"] == [
            q.answer for q in b._questions if q.kind != "score"
        ]
        assert [str(q.trick) for q in a._questions] == [str(q.trick) for q in b._questions]
    assert one.parts[2].decision.deal_seed == two.parts[2].decision.deal_seed  # type: ignore[union-attr]


# ---------------------------------------------------------------- the sum and the verdict
def test_all_right_is_ready_for_a_real_table() -> None:
    paper = LessonTest("final", "canadian", lang="en")
    assert "18 answers still to give" in paper.result.value
    _take(paper)
    result = paper.score()
    assert (result.right, result.well, result.ready) == (12, 6, True)
    assert "12 of 12 questions right (10 pass); 6 of 6 decisions graded best or good (4 pass)" in paper.result.value
    assert "Ready for a real table!" in paper.result.value and "Ready for a real table!" in repr(paper.result)


def test_at_the_pass_marks_ready_and_one_below_what_to_revisit_lesson_by_lesson() -> None:
    at_marks = LessonTest("final", "canadian", lang="en")
    _take(at_marks, {(2, 1), (2, 2), (3, 6), (3, 5)})  # 10 of 12, 4 of 6
    assert at_marks.score().ready and "Ready for a real table" in at_marks.result.value
    below = LessonTest("final", "canadian", lang="en")
    _take(below, {(2, 1), (2, 2), (1, 3), (3, 6)})  # 9 of 12: not ready
    result = below.score()
    assert (result.right, result.well, result.ready) == (9, 5, False)
    assert list(result.missed()) == ["02", "07", "14"]
    shown = below.result.value
    assert "Not ready yet: go back to these lessons" in shown
    assert "lesson 2. Missed: trump order: jacks and jokers among the trumps; who wins: the little jack led." in shown
    assert "lesson 7. Missed: which cards may be played: the jokers in Mulot." in shown
    assert "lesson 14. Missed: defending against a bid to take every trick." in shown


def test_the_verdict_names_the_lessons_by_their_titles_in_the_learners_language(lessons: Path) -> None:
    (lessons / "course.json").write_text('{"lang": "fr"}', encoding="utf-8")
    paper = LessonTest("final", "canadian")
    _take(paper, {(2, 1), (2, 2), (1, 1)})
    assert (
        "Lesson 7 — Mulot and Gros Mulot. Manqué : quelles cartes on peut jouer : les jokers au Mulot."
        in paper.result.value
    )
    assert "Pas encore prêt" in paper.result.value


# ---------------------------------------------------------------- where the result goes
def test_the_result_is_kept_for_the_progress_page(lessons: Path) -> None:
    assert not progress().started
    placement = LessonTest("placement")
    _take(placement, {(1, 1), (1, 2), (2, 1)})
    assert "Your final test: not taken yet." in str(progress())
    final = LessonTest("final")
    _take(final, {(2, 2)})
    shown = str(progress())
    assert "Your placement test: 3 of 6 questions right (5 pass); 2 of 2 decisions" in shown
    assert "Your final test: 11 of 12 questions right (10 pass); 6 of 6 decisions" in shown
    assert "Ready for a real table!" in shown and "Ready for a real table!" in progress()._repr_html_()
    rows = {p.lesson: p for p in progress().lessons}
    assert (rows["15_final_test.ipynb"].asked, rows["15_final_test.ipynb"].right) == (18, 11)
    assert (rows["00_start_here.ipynb"].asked, rows["00_start_here.ipynb"].decisions) == (8, 2)
    # the lesson's own cell is what the progress page reads
    assert [count for _, _, count in _lesson_quizzes(lessons / "15_final_test.ipynb")[1]] == [8, 4, 6]


def test_the_teachers_results_hold_each_students_verdict_and_gain() -> None:
    rows = []
    for student, place_missed, final_missed in (("Ada", {(2, 1), (2, 2), (3, 1)}, set()),
                                                ("Ben", {(1, 1)}, {(2, 1), (1, 3), (1, 4)})):  # fmt: skip
        for name, missed in (("placement", place_missed), ("final", final_missed)):
            paper = LessonTest(name, "canadian", lang="en", student=student)
            _take(paper, missed)
            rows += [r for quiz in paper.parts for r in quiz.results]
    results = ClassResults.from_rows(rows)
    tests = {row[0]: row[1:] for row in results.tests().rows}
    assert tests["Ada"] == ("4/6; 1/2", "12/12; 6/6", "ready for a real table")
    assert tests["Ben"] == ("5/6; 2/2", "9/12; 6/6", "to revisit: lessons 02, 08")
    gain = {(row[0], row[1]): row[2:] for row in results.gain().rows}
    assert gain[("Ada", "the little jack led")][:3] == ("0/1 (0%)", "1/1 (100%)", "+100%")
    low, high = gain_interval((0, 1), (1, 1))[1:]
    assert gain[("Ada", "the little jack led")][3] == f"{low:+.0%} to {high:+.0%}"
    assert gain[("the class", "the little jack led")][:3] == ("1/2 (50%)", "1/2 (50%)", "+0%")


def test_the_dashboard_shows_the_example_class_gain_per_skill_with_its_interval() -> None:
    results = read_results(EXAMPLE)
    tests = results.tests()
    assert len(tests.rows) == 5 and any(r[3] == "ready for a real table" for r in tests.rows)
    gain = results.gain()
    whole = [r for r in gain.rows if r[0] == "the class"]
    assert len(whole) == len(SKILLS)
    for row in whole:
        (r1, n1), (r2, n2) = (map(int, cell.split(" ")[0].split("/")) for cell in row[2:4])
        p1, p2 = r1 / n1, r2 / n2
        (l1, h1), (l2, h2) = wilson_interval(r1, n1), wilson_interval(r2, n2)
        low = p2 - p1 - ((p2 - l2) ** 2 + (h1 - p1) ** 2) ** 0.5
        high = p2 - p1 + ((h2 - p2) ** 2 + (p1 - l1) ** 2) ** 0.5
        assert row[4] == f"{p2 - p1:+.0%}" and row[5] == f"{low:+.0%} to {high:+.0%}"
    for path in (
        NOTEBOOKS / "teachers" / "teachers_dashboard.ipynb",
        NOTEBOOKS / "fr" / "teachers" / "teachers_dashboard.ipynb",
    ):
        nb = nbformat.read(path, as_version=4)
        sources = [c.source for c in nb.cells if c.cell_type == "code"]
        assert "results.gain()" in sources and "results.tests()" in sources


def test_a_test_or_a_part_that_is_not_there_is_refused_with_what_there_is() -> None:
    from charlemagne_learn.engine.errors import RulesOptionError

    with pytest.raises(RulesOptionError, match="there is no test 'midterm': the tests are placement, final"):
        course_test("midterm", "canadian")
    paper = LessonTest("placement", "canadian", lang="fr")
    for part in (0, 4, True, "1"):
        with pytest.raises(RulesOptionError, match="les parties vont de 1 à 3"):
            paper.part(part)  # type: ignore[arg-type]
    assert paper.score().answered == 0 and paper.part(1) is paper.parts[0]
