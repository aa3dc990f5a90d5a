"""A lesson run, saved and reopened the next day (a new kernel) reads as the pristine lesson does: every widget's
output shows its static picture, none reads "Error displaying widget: model not found".

JupyterLab is started as ``python3 tasks.py lessons`` starts it. It draws a widget's live view in preference to the
static picture beside it, in a trusted notebook, and a notebook it saved is trusted: the server's pre-save hook
(:mod:`charlemagne_learn.saving`) leaves the dead views out of the file. Screenshots of the reopened lesson, light
and dark, are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from _jupyter import Lab, Notebook, use_theme

from charlemagne_learn.saving import WIDGET_VIEW

pytestmark = pytest.mark.browser

LESSON = "07_mulot_and_gros_mulot.ipynb"
#: The static pictures' outer elements, one per kind of widget (its ``_static_html``).
PICTURES = ".cl-hand, .cl-table, .cl-quiz, .cl-decide, .cl-ladder, .cl-bidbox, .cl-odds, .cl-playtable"

# Every output as the page draws it, each cell brought on screen first (JupyterLab draws cells only near the view),
# once the widget manager has settled: no output still reads "Loading widget...".
_OUTPUTS = (
    """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const notebook = panel.content;
  for (let i = 0; i < notebook.widgets.length; i++) {
    await notebook.scrollToItem(i);
    await new Promise((done) => setTimeout(done, 30));
  }
  for (let tries = 0; tries < 100; tries++) {
    const texts = Array.from(panel.node.querySelectorAll('.jp-OutputArea-output')).map((e) => e.textContent);
    if (!texts.some((t) => t.includes('Loading widget'))) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  // the words a reader sees: a trusted output's stylesheet is no text (an untrusted one has it stripped)
  const words = (e) => { const c = e.cloneNode(true); c.querySelectorAll('style, script').forEach((s) => s.remove());
    return c.textContent.replace(/\\s+/g, ' ').trim(); };
  return Array.from(panel.node.querySelectorAll('.jp-OutputArea-output')).map((e) => ({
    text: words(e),
    picture: e.querySelector('"""
    + PICTURES
    + """') !== null,
  }));
}"""
)


def _widget_outputs(notebook: dict[str, Any]) -> int:
    return sum(
        "text/html" in o.get("data", {}) and WIDGET_VIEW in o.get("data", {})
        for cell in notebook["cells"]
        for o in cell.get("outputs", [])
    )


def test_a_lesson_run_saved_and_reopened_shows_its_static_pictures(lessons_lab: Lab, browser: Any) -> None:
    lab = lessons_lab
    stored = json.loads((lab.root / LESSON).read_text(encoding="utf-8"))
    widgets = _widget_outputs(stored)
    assert widgets >= 4  # a hand, a table, a quiz and a decision
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        book = Notebook(context.new_page(), lab, LESSON)
        book.open()
        pristine = book.page.evaluate(_OUTPUTS)
        assert sum(o["picture"] for o in pristine) >= widgets
        book.run_all()
        book.page.wait_for_function(f"document.querySelectorAll('.cl-widget').length >= {widgets}", timeout=60_000)
        book.page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
        # the page goes on with its live widgets: only the file leaves their views out
        assert book.page.evaluate("document.querySelectorAll('.cl-widget').length") >= widgets
        # the next day: the kernel is gone, the lesson is opened again
        book.page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
        book.open()
        reopened = book.page.evaluate(_OUTPUTS)
        shown = " ".join(o["text"] for o in reopened)
        assert "model not found" not in shown and "Error displaying widget" not in shown
        assert [o["text"] for o in reopened] == [o["text"] for o in pristine]
        assert sum(o["picture"] for o in reopened) == sum(o["picture"] for o in pristine)
        # the file keeps every widget's picture and text, without the view
        saved = json.loads((lab.root / LESSON).read_text(encoding="utf-8"))
        outputs = [o.get("data", {}) for cell in saved["cells"] for o in cell.get("outputs", [])]
        assert not any(WIDGET_VIEW in data for data in outputs)
        assert sum('class="cl-' in "".join(data.get("text/html", "")) for data in outputs) >= widgets
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            use_theme(book.page, theme)
            # the quiz's picture in view
            book.page.locator(".cl-quiz").first.scroll_into_view_if_needed()
            time.sleep(0.3)
            book.page.screenshot(path=str(_artifact(f"reopened_lesson_{theme.split()[-1].lower()}")))
        assert book.real_errors() == []
    finally:
        context.close()


def _artifact(name: str) -> Any:
    from _jupyter import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"
