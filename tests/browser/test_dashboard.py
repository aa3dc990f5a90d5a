"""Results reach the teacher in the browser: two students' quizzes download their files, and the teacher's
dashboard notebook reads them through its upload button and shows both students."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from _jupyter import REPO, Notebook
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CLASS = """
from charlemagne_learn.widgets.quiz import TrickQuiz
ada = TrickQuiz("canadian", level=1, kinds=("winner",), seed=1003, count=3, student="Ada")
ben = TrickQuiz("canadian", level=1, kinds=("winner",), seed=1003, count=3, student="Chloé")
display(ada, ben)
"""


def _answer_and_save(book: Any, name: str, index: int, right: bool, kind: str, folder: Path) -> Path:
    """Click a seat in quiz ``index`` (the right one or a wrong one), then save its results as ``kind``."""
    root = book.page.locator(".cl-quiz").nth(index)
    root.locator(".cl-quiz-seat").first.wait_for(timeout=30_000)
    answer = book.value(f"list({name}._question.answer)")[0]
    choices = book.value(f"list({name}._question.choices)")
    seat = answer if right else next(c for c in choices if c != answer)
    root.locator(f".cl-quiz-seat[data-seat='{seat}']").click()
    root.locator(f".cl-download-{kind}").wait_for(timeout=10_000)
    with book.page.expect_download() as saving:
        root.locator(f".cl-download-{kind}").click()
    path = folder / saving.value.suggested_filename
    saving.value.save_as(path)
    return path


def test_the_dashboard_reads_files_downloaded_from_quizzes(notebook: Any, lab: Any, tmp_path: Path) -> None:
    book = notebook(CLASS)
    files = [
        _answer_and_save(book, "ada", 0, True, "csv", tmp_path),
        _answer_and_save(book, "ben", 1, False, "json", tmp_path),
    ]
    assert [f.name for f in files] == ["Ada-canadian-seed-1003.csv", "Chloé-canadian-seed-1003.json"]

    # The teacher's notebook, as shipped, with its example class (and the boards it played) beside it
    shutil.copy(REPO / "notebooks" / "teachers" / "teachers_dashboard.ipynb", lab.root)
    for example in ("class_results_example", "class_boards_example"):
        shutil.copytree(REPO / "notebooks" / "teachers" / example, lab.root / example, dirs_exist_ok=True)
    dashboard = Notebook(book.page, lab, "teachers_dashboard.ipynb")
    dashboard.open()
    dashboard.run_all()
    page = dashboard.page
    # the example class: the guide's quizzes, the homework, and the placement and final tests
    page.get_by_text("answers from 6 students in 44 files").first.wait_for(timeout=60_000)
    # and the board set it played, ranked on the same deals
    ranked = page.locator(".cl-results", has_text="The class on the same boards").first
    ranked.wait_for(timeout=60_000)
    expect(ranked).to_contain_text("none: no rating")
    with page.expect_file_chooser() as choosing:  # the button opens the browser's file dialog
        page.locator("button.widget-upload").click()
    choosing.value.set_files([str(f) for f in files])
    dashboard.wait_value("len(upload.value)", 2, timeout=20)

    # Run the reading cell again, as the page tells the teacher to
    page.evaluate(
        """async () => { const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = panel.content.widgets.findIndex(c => c.model.sharedModel.getSource()
            .includes("read_results(source)"));
        await window.jupyterapp.commands.execute('notebook:run-cell'); }"""
    )
    summary = page.get_by_text("2 answers from 2 students in 2 files")
    summary.wait_for(timeout=30_000)
    table = page.locator(".cl-results table").first
    expect(table).to_contain_text("Ada")
    expect(table).to_contain_text("Chloé")
    assert dashboard.value("[(r[0], r[3]) for r in results.by_student().rows]") == [("Ada", "100%"), ("Chloé", "0%")]
    assert dashboard.real_errors() == []
