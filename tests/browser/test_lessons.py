"""Every lesson opened in JupyterLab as a learner opens it: all cells run, no cell fails or writes to stderr,
every widget renders, and the page logs no JavaScript error; nothing the lesson shows (outputs and widgets, as
drawn) holds an English word. A lesson is taken without reading code: its code stays folded before and after the
run, no code editor is ever on the screen, and lesson 00's name box takes a name typed into it. A screenshot of
each lesson is kept.

The lessons walked are the French edition's, and the English start page: each French cell makes the same widgets
as its English one (``tests/test_french_lessons.py``), and every English lesson runs under nbval in the test
command, so walking the English edition too would prove nothing more of the page, and took a quarter of the
browser tests' time."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from _jupyter import Lab, Notebook
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = [NOTEBOOKS / "00_start_here.ipynb"] + sorted(
    p for p in (NOTEBOOKS / "fr").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)

try:
    from tests import _french
except ImportError:  # tests/ is not a package here
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import _french  # type: ignore[no-redef]

# Per code cell of the open notebook, whether JupyterLab folds its input; and the code editors laid out on screen.
_CODE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === 'code');
  return { code: cells.length, folded: cells.filter((cell) => cell.inputHidden).length,
    editors: [...panel.node.querySelectorAll('.jp-CodeCell .jp-InputArea-editor')]
      .filter((e) => e.getClientRects().length).length };
}"""


def _code_folded(book: Notebook) -> None:
    state = book.page.evaluate(_CODE)
    assert state["code"] > 0 and state["folded"] == state["code"] and state["editors"] == 0, state


def _edition(lesson: Path) -> str:
    return lesson.parent.relative_to(NOTEBOOKS).as_posix().replace(".", "")


@pytest.mark.parametrize("lesson", LESSONS, ids=[f"{_edition(p)}/{p.stem}".lstrip("/") for p in LESSONS])
def test_lesson_runs_in_jupyterlab(lesson: Path, lab: Lab, browser: Any) -> None:
    edition = _edition(lesson)
    folder = lab.root / edition
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(lesson, folder / lesson.name)
    # the edition's own settings ({"lang": "fr"}) over the root's, for a lesson in the edition or under it
    here = Path(edition)
    for rel in (here, *here.parents):
        if rel != Path(".") and (NOTEBOOKS / rel / "course.json").is_file():
            shutil.copy(NOTEBOOKS / rel / "course.json", lab.root / rel / "course.json")
    # the teacher's dashboard opens on its edition's class, and the boards that class played
    for example in (lesson.parent / "class_results_example", lesson.parent / "class_boards_example"):
        if example.is_dir() and not (folder / example.name).exists():
            shutil.copytree(example, folder / example.name)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        book = Notebook(context.new_page(), lab, f"{edition}/{lesson.name}".lstrip("/"))
        book.open()
        lesson_proper = lesson.name[:2].isdigit()
        if lesson_proper:
            _code_folded(book)
        book.run_all()
        if lesson_proper:
            _code_folded(book)
        outputs = book.outputs()
        errors = [o for o in outputs if o.get("output_type") == "error"]
        stderr = [o for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        assert errors == [] and stderr == [], errors or stderr
        widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
        if widgets:
            # ours, a test's result box and the teacher's dashboard's upload button (both ipywidgets)
            rendered = "document.querySelectorAll('.cl-widget, .cl-test-result-box, .widget-upload').length"
            book.page.wait_for_function(f"{rendered} >= {widgets}", timeout=30_000)
        if lesson.name == "00_start_here.ipynb":
            # a learner in a class gives a name with no code: typed in the box, Enter
            field = book.page.locator(".cl-namebox-input")
            field.fill("Ada")
            field.press("Enter")
            saved = "under Ada" if edition == "" else "sous le nom Ada"
            expect(book.page.locator(".cl-namebox .cl-caption")).to_contain_text(saved, timeout=30_000)
            assert (folder / "student.json").is_file()
            (folder / "student.json").unlink()  # the other lessons' quizzes record under no name, as shipped
        book.screenshot(f"lesson_{edition}_{lesson.stem}".replace("__", "_"))
        assert book.real_errors() == []
        if edition.split("/")[0] == "fr":
            shown = book.shown()
            english = _french.english_words_in(shown)
            assert not english, f"English words shown in {edition}/{lesson.name}: {sorted(english)}"
    finally:
        context.close()
