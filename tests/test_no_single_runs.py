"""The course teaches one way to run a page, *Run → Run All Cells*: nothing a learner reads asks them to run one cell,
or to run one again, and an exercise's answer is never printed in plain sight under it, since Run All has already
run the cell that works it out: the answer stays folded until asked."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAGES = sorted(
    [*NOTEBOOKS.glob("*.ipynb"), *(NOTEBOOKS / "fr").glob("*.ipynb"), *(NOTEBOOKS / "teachers").glob("*.ipynb")]
)
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))
CATALOGS = sorted((ROOT / "charlemagne_learn" / "locale").glob("*/LC_MESSAGES/*.po"))
#: The menu item the course teaches: "cells" in it is the whole page, not one cell.
RUN_ALL = re.compile(r"Run All Cells", re.IGNORECASE)
#: A sentence asking to run a cell (or cells) on its own: "run the next cell", "run this cell again", "before
#: running the cell", "run it again"; in French "exécutez la cellule suivante", "relancez cette cellule",
#: "exécutez-la de nouveau".
SINGLE_RUN = re.compile(
    r"\b(?:run|running|re-?run)\b[^.;:!?]*?\bcells?\b|\brun it again\b"
    r"|\b(?:exécut|relanc)\w*\b[^.;:!?]*?\bcellules?\b|\b(?:exécutez|relancez)-la de nouveau\b",
    re.IGNORECASE,
)
#: An exercise the learner works out before the engine's answer under it: "Your turn", "Think first" ("À vous :" heads
#: a "Try it" section, a widget to play with, not a question).
EXERCISE = re.compile(r"\byour turn\b|\bthink first\b|\bà vous\b(?!\s*:)|\bréfléchissez d'abord\b", re.IGNORECASE)


def _id(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS).with_suffix(""))


def single_runs(text: str) -> list[str]:
    """Every phrase of ``text`` that asks to run one cell.

    >>> single_runs("Run the next cell, then click. Open Run → Run All Cells first.")
    ['Run the next cell']
    >>> single_runs("Revenez et relancez la cellule ci-dessous ; puis exécutez-la de nouveau.")
    ['relancez la cellule', 'exécutez-la de nouveau']
    """
    return [m.group(0) for m in SINGLE_RUN.finditer(RUN_ALL.sub("", text))]


@pytest.mark.parametrize("path", PAGES, ids=_id)
def test_no_page_asks_to_run_a_single_cell(path: Path) -> None:
    asked = [
        (i, phrase)
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells)
        if cell.cell_type == "markdown"
        for phrase in single_runs(cell.source)
    ]
    assert asked == [], f"{path.name} asks for single-cell runs, which the course never teaches: {asked}"


@pytest.mark.parametrize("po", CATALOGS, ids=lambda po: po.parent.parent.name)
def test_no_sentence_the_package_prints_asks_to_run_a_single_cell(po: Path) -> None:
    with po.open("rb") as f:
        catalog = read_po(f)
    asked = [(m.id, phrase) for m in catalog if m.id and isinstance(m.string, str) for phrase in single_runs(m.string)]
    assert asked == [], f"{po.parent.parent.name}: sentences asking for single-cell runs: {asked}"


def _shown_plainly(output: dict[str, Any]) -> bool:
    """Whether Run All leaves this output readable without a click: printed text, or a result that is not a widget
    nor folded in a ``<details>`` block."""
    if output["output_type"] == "stream":
        return True
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return False  # a widget: it asks, and answers only when clicked
    html = data.get("text/html")
    return html is None or not str(html).lstrip().startswith("<details>")


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_an_exercise_answered_by_the_next_cell_keeps_its_answer_folded(path: Path) -> None:
    cells = nbformat.read(path, as_version=4).cells
    exercises = [
        i
        for i, cell in enumerate(cells[:-1])
        if cell.cell_type == "markdown"
        and (
            # answered by the cell under it
            (EXERCISE.search(cell.source) and "<details>" not in cell.source)
            # answered in a fold, then checked by the engine in the cell under it
            or cell.source.rstrip().endswith("</details>")
        )
    ]
    spoiled = [
        i + 1
        for i in exercises
        if cells[i + 1].cell_type == "code" and any(_shown_plainly(o) for o in cells[i + 1].get("outputs", []))
    ]
    assert spoiled == [], f"{path.name}: cells {spoiled} print an exercise's answer right under it, unasked"


def test_the_cells_the_site_adds_ask_for_no_single_run() -> None:
    """The browser-only site ends its start page with cells of its own, in each edition's language."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from build_lite import AFRESH_CELLS, AFRESH_CELLS_FR, KEPT_NOTE, KEPT_NOTE_FR

    asked = [
        phrase
        for text in (AFRESH_CELLS[0], AFRESH_CELLS_FR[0], KEPT_NOTE, KEPT_NOTE_FR)
        for phrase in single_runs(text)
    ]
    assert asked == [], f"the site's own cells ask for single-cell runs: {asked}"


#: The caption of a cell where the engine checks a question's answer: "# Question 2 checked: …", "# Question 2 vérifiée".
CHECK_CAPTION = re.compile(r"# Question \d+ (?:checked|vérifiée)\b")


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_the_engine_checking_a_question_keeps_its_answer_folded(path: Path) -> None:
    """Run All prints the engine's check of a question before the learner has even read it: it opens when asked."""
    cells = nbformat.read(path, as_version=4).cells
    spoiled = [
        i
        for i, cell in enumerate(cells)
        if cell.cell_type == "code"
        and CHECK_CAPTION.match(cell.source)
        and any(_shown_plainly(o) for o in cell.get("outputs", []))
    ]
    assert spoiled == [], f"{path.name}: cells {spoiled} print a question's checked answer, unasked"
