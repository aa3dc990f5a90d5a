"""A reader who never opens a code cell takes lessons 00 to 11 in JupyterLab, as the lessons are served: each lesson
opens with its code folded away, runs whole from *Run → Run All Cells*, shows its cards, widgets and quizzes, and
raises no error; no code editor is ever on the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _jupyter import REPO, Lab, Notebook
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))[:12]

# What the page holds once a lesson has run: per code cell, whether JupyterLab folds its input, its outputs' kinds;
# and how many code editors are laid out on the screen.
_STATE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === 'code');
  return {
    code: cells.length,
    folded: cells.filter((cell) => cell.inputHidden).length,
    errors: cells.flatMap((cell) => cell.model.outputs.toJSON().filter((o) => o.output_type === 'error')
      .map((o) => `${o.ename}: ${o.evalue}`)),
    outputs: cells.reduce((n, cell) => n + cell.model.outputs.length, 0),
    widgets: cells.filter((cell) => cell.model.outputs.toJSON()
      .some((o) => (o.data || {})['application/vnd.jupyter.widget-view+json'])).length,
    editors: [...panel.node.querySelectorAll('.jp-CodeCell .jp-InputArea-editor')]
      .filter((e) => e.getClientRects().length).length,
  };
}"""


@pytest.mark.timeout(900)
def test_lessons_00_to_11_without_opening_code(lessons_lab: Lab, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    seen: dict[str, dict[str, Any]] = {}
    try:
        for path in LESSONS:
            book = Notebook(page, lessons_lab, path.name)
            book.open()
            before = page.evaluate(_STATE)
            assert before["code"] > 0 and before["folded"] == before["code"], (path.name, before)
            assert before["editors"] == 0, path.name
            book.run_all()
            after = page.evaluate(_STATE)
            seen[path.name] = after
            assert after["errors"] == [], (path.name, after["errors"])
            assert after["folded"] == after["code"] and after["editors"] == 0, (path.name, after)
            assert after["outputs"] >= after["code"] // 2, (path.name, after)
            assert book.real_errors() == [], (path.name, book.real_errors())
            if path.name.startswith("00"):
                # a learner in a class gives a name with no code: typed in the box, Enter
                field = page.locator(".cl-namebox-input")
                field.fill("Ada")
                field.press("Enter")
                expect(page.locator(".cl-namebox .cl-caption")).to_contain_text("under Ada", timeout=30_000)
                assert (lessons_lab.root / "student.json").is_file()
            if path.name.startswith("05"):
                page.evaluate("""async () => { const cells = window.jupyterapp.shell.currentWidget.content;
                    cells.activeCellIndex = 2; await cells.scrollToItem(2, 'start'); }""")
                page.wait_for_timeout(500)
                page.screenshot(path=str(_artifact("code_free_lesson_05")))
        # every lesson from 01 on gives the learner something to click
        assert all(state["widgets"] > 0 for name, state in seen.items() if not name.startswith("00")), seen
    finally:
        context.close()


def _artifact(name: str) -> Path:
    from _jupyter import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"
