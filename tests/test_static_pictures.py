"""What a widget publishes beside its live view: the static picture (``text/html``) goes to the page in the same
message as the widget and into the saved notebook, so it may show no more than the live view does — no hidden
card, and, for a quiz that records results for a teacher, no answer to a question not yet answered. A self-study
quiz keeps every answer folded away in its picture, for reading on GitHub or nbviewer."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

import charlemagne_learn as cl
from charlemagne_learn import course
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.widgets import (
    BidBox,
    BidOddsExplorer,
    DecisionQuiz,
    Hand,
    NameBox,
    PlayTable,
    Table,
    TrickQuiz,
    TrumpLadder,
)
from charlemagne_learn.widgets._base import GameWidget

_CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♥♦♣]|(?<![A-Za-z])[RB]J(?![A-Za-z])")


def _cards(text: str) -> set[str]:
    return set(_CARD.findall(html.unescape(text)))


def _published(widget: GameWidget) -> str:
    """Everything displaying ``widget`` sends the page: every representation of its bundle and its synced state."""
    data = widget._repr_mimebundle_()
    bundle = data[0] if isinstance(data, tuple) else data
    return json.dumps(bundle, ensure_ascii=False) + json.dumps(widget.get_state(), ensure_ascii=False)


def _shown(widget: GameWidget) -> str:
    """What the page was sent to draw: the widget's synced traits."""
    return json.dumps(widget.get_state(), ensure_ascii=False)


def _widgets() -> list[tuple[str, GameWidget]]:
    """Every widget of the course, in the states where a view hides most: a seat's view, a pass screen, quizzes."""
    rules = cl.Rules.preset("canadian")
    hand = play_hand(rules, [make_bot("rule", s) for s in range(4)], seed=3)
    made: list[tuple[str, GameWidget]] = []
    for step in (0, 9, 14, 20, len(hand.history)):
        for seat in ("S", "E"):
            table = Table(hand, seat=seat)
            table.step = step
            made.append((f"Table {seat} step {step}", table))
    made.append(("Hand", Hand("AS JD 7H RJ 9C", contract=cl.Contract(rules, "6", "N", "H"), trick="KH")))
    made.append(("BidBox", BidBox(rules, hand.at(2), "N")))
    made.append(("TrumpLadder", TrumpLadder("canadian", "S")))
    made.append(("NameBox", NameBox()))
    made.append(("BidOddsExplorer", BidOddsExplorer("canadian", "JH JD RJ AH KH 9S 8C 7D", samples=20)))
    made.append(("PlayTable", PlayTable("canadian", "S", seed=1, grade_moves=False)))
    made.append(("TrickQuiz for a student", TrickQuiz("canadian", level=2, count=4, seed=5, student="Ada")))
    made.append(
        ("DecisionQuiz for a student", DecisionQuiz("canadian", ["lead"], 3, count=2, samples=8, student="Ada"))
    )
    return made


def test_no_widget_s_static_picture_shows_a_card_its_page_was_not_sent() -> None:
    for name, widget in _widgets():
        extra = _cards(widget._static_html()) - _cards(_shown(widget))
        assert not extra, f"{name}: the static picture shows {sorted(extra)}, which the live view does not"


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_a_pass_screen_s_picture_shows_nobody_s_hand() -> None:
    """Two people at one screen: re-displayed while the screen passes, the table shows no hand, as the page does."""
    table = PlayTable("canadian", people="NS", seed=1, grade_moves=False, hints=False)
    passes = 0
    while table.state.result is None:
        if table.session.passing_to is not None:
            passes += 1
            picture = table._repr_mimebundle_()[0]["text/html"]
            held = {str(c) for seat in cl.Seat for c in table.state.hands[seat.name]}
            assert not _cards(picture) & held, f"the pass screen to {table.session.passing_to} shows a hand"
            assert "Pass the screen to" in picture
            table.ready()
        else:
            table.play(table.state.view(table.seat).legal_actions[0])
    assert passes >= 8


def _unanswered_answers(quiz: TrickQuiz) -> list[str]:
    """The answers of the quiz's questions not answered yet, as the quiz would write them."""
    return [q.explanation for q in quiz._questions[quiz.answered :]]


@pytest.fixture
def in_a_lesson_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    return tmp_path


@pytest.mark.parametrize("named", ["argument", "set_student", "student.json"])
@pytest.mark.parametrize("kind", ["winner", "legal", "order", "score"])
def test_a_quiz_for_a_named_student_publishes_no_answer_before_it_is_given(
    kind: str, named: str, in_a_lesson_folder: Path
) -> None:
    student: str | None = None
    if named == "argument":
        student = "Ada"
    elif named == "set_student":
        cl.set_student("Ada")
    else:  # an earlier lesson of the folder gave the name
        (in_a_lesson_folder / "student.json").write_text('{"student": "Ada"}', encoding="utf-8")
    quiz = TrickQuiz("canadian", level=2, kinds=[kind], count=3, seed=5, student=student)
    assert quiz.student == "Ada"
    for _ in range(3):
        published = _published(quiz)
        for answer in _unanswered_answers(quiz):
            assert answer not in published and html.escape(answer) not in published
        assert "recorded for Ada" in published
        question = quiz._question
        quiz.answer(question.answer)
        # answered: its answer may show, the next ones' still not
        again = _published(quiz)
        assert html.escape(question.explanation) in again
        assert not any(html.escape(a) in again for a in _unanswered_answers(quiz))
        quiz.next()


def test_a_self_study_quiz_keeps_every_answer_folded_in_its_picture() -> None:
    quiz = TrickQuiz("canadian", level=2, count=4, seed=5)
    picture = quiz._static_html()
    assert picture.count("<details>") == 4
    assert all(html.escape(q.explanation) in picture for q in quiz._questions)


def test_a_decision_quiz_for_a_named_student_publishes_its_best_choice_only_once_decided(
    in_a_lesson_folder: Path,
) -> None:
    cl.set_student("Ada")
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2, samples=8)
    best = quiz.decision.grade().best
    published = _published(quiz)
    assert str(best.reason) not in published and html.escape(str(best.reason)) not in published
    assert "Best:" not in published and "<details>" not in published
    quiz.choose(best.action)
    assert html.escape(str(best.reason)) in _published(quiz)
    # a self-study quiz keeps its answer folded in its picture
    own = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2, samples=8, student="")
    assert "<details>" in own._static_html() and html.escape(str(best.reason)) in own._static_html()


def _run(cells: list[str], folder: Path) -> dict[str, Any]:
    """The notebook of these cells run in a kernel in ``folder`` and saved with its widget state, as JSON."""
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])  # type: ignore[no-untyped-call]
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(book, timeout=300, resources={"metadata": {"path": str(folder)}}, store_widget_state=True).execute()
    path = folder / "saved.ipynb"
    nbformat.write(book, path)  # type: ignore[no-untyped-call]
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_the_saved_notebook_of_a_named_student_s_quizzes_holds_no_answer_not_given(in_a_lesson_folder: Path) -> None:
    saved = _run(
        [
            "import charlemagne_learn as cl\nfrom charlemagne_learn.widgets import DecisionQuiz, TrickQuiz\n"
            "cl.set_student('Ada')",
            "quiz = TrickQuiz('canadian', level=2, count=4, seed=5)\nquiz",
            "quiz.answer(quiz._question.answer)\nquiz",
            "decide = DecisionQuiz('canadian', kinds=['lead'], seed=3, count=2, samples=8)\ndecide",
        ],
        in_a_lesson_folder,
    )
    text = json.dumps(saved, ensure_ascii=False)
    quiz = TrickQuiz("canadian", level=2, count=4, seed=5, student="Ada")
    first = quiz._questions[0].explanation
    assert html.escape(first) in text  # answered in the notebook: its answer shows
    for q in quiz._questions[1:]:
        assert q.explanation not in text and html.escape(q.explanation) not in text
    best = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2, samples=8).decision.grade().best
    assert str(best.reason) not in text and html.escape(str(best.reason)) not in text
