"""Every lesson opened in JupyterLab as a learner opens it: all cells run, no cell fails or writes to stderr,
every widget renders, and the page logs no JavaScript error. A screenshot of each lesson is kept."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from _jupyter import Lab, Notebook

pytestmark = pytest.mark.browser

LESSONS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))

# Every output of every cell, as the notebook model holds it after Run All.
_OUTPUTS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== "code") continue;
    for (const o of cell.toJSON().outputs || []) out.push(o);
  }
  return out;
}"""


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_in_jupyterlab(lesson: Path, lab: Lab, browser: Any) -> None:
    shutil.copy(lesson, lab.root / lesson.name)
    example = lesson.parent / "class_results_example"  # the teacher's dashboard opens on it
    if not (lab.root / example.name).exists():
        shutil.copytree(example, lab.root / example.name)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        book = Notebook(context.new_page(), lab, lesson.name)
        book.open()
        book.run_all()
        outputs = book.page.evaluate(_OUTPUTS)
        errors = [o for o in outputs if o.get("output_type") == "error"]
        stderr = [o for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        assert errors == [] and stderr == [], errors or stderr
        widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
        if widgets:
            # ours, and the teacher's dashboard's upload button (ipywidgets)
            rendered = "document.querySelectorAll('.cl-widget, .widget-upload').length"
            book.page.wait_for_function(f"{rendered} >= {widgets}", timeout=30_000)
        book.screenshot(f"lesson_{lesson.stem}")
        assert book.real_errors() == []
    finally:
        context.close()
