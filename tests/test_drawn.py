"""The lessons' plots drawn ahead, for the browser-only site, whose Python has no matplotlib offline: the build draws
every plot the lessons draw (by running their code), and where matplotlib is missing each plot call shows the
pictures drawn for it, as the figure itself would show, or says in words that it is not drawn; the lesson runs on.

Python without matplotlib is played here by a Python whose import of matplotlib, numpy and Pillow fails, as in the
site (Pyodide has them on its CDN only)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.stats import load_dataset
from charlemagne_learn.engine.i18n import say
from charlemagne_learn.teach import plot_bid_odds, plot_make_chance, plot_special_bids
from charlemagne_learn.teach.drawn import DRAWS, DrawingError, plot_key, write_drawn

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "notebooks"

#: The start of a Python that cannot import what drawing needs.
NO_DRAWING = """
import sys

class _NoDrawing:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("matplotlib", "numpy", "PIL"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, _NoDrawing())
"""

#: A lesson's code cells run in order without matplotlib, with the pictures of ``sys.argv[2]`` as the site's wheel
#: holds them; for each cell that draws, what it shows. The whole lesson, or (``sys.argv[3]``) down to its last
#: cell that draws.
REPLAY = (
    NO_DRAWING
    + """
import io, json, os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from IPython.core.interactiveshell import InteractiveShell

from charlemagne_learn.teach import drawn

drawn._built = {key: drawn.Pictures(**parts) for key, parts in json.loads(Path(sys.argv[2]).read_text()).items()}
notebook = Path(sys.argv[1]).resolve()
cells = drawn._code_cells(notebook)
if sys.argv[3] == "drawing":
    cells = cells[: max(i for i, source in enumerate(cells) if drawn.DRAWS.search(source)) + 1]
shell = InteractiveShell.instance()
os.chdir(notebook.parent)
shown = []
for number, source in enumerate(cells, 1):
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        result = shell.run_cell(source)
    error = result.error_before_exec or result.error_in_exec
    if error is not None:
        shown.append({"cell": number, "error": f"{type(error).__name__}: {error}"})
        break
    if drawn.DRAWS.search(source):
        value = result.result
        built = isinstance(value, drawn.DrawnFigure) and value.pictures is not None
        shown.append({
            "cell": number, "type": type(value).__name__, "built": built,
            "same": built and value._repr_mimebundle_() == drawn.figure_bundle(value.pictures),
        })
print(json.dumps(shown))
"""
)


def _without_drawing(script: str, *args: str) -> Any:
    """What ``script`` prints as JSON, run in a Python without matplotlib (this one's packages otherwise)."""
    ran = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    return json.loads(ran.stdout.strip().splitlines()[-1])


def _draws(notebook: Path) -> bool:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(c["cell_type"] == "code" and DRAWS.search("".join(c["source"])) for c in cells)


@pytest.fixture(scope="module")
def drawn_lessons(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The lessons' folder as the site copies it (no class's own results), and the pictures the build draws of it."""
    folder = tmp_path_factory.mktemp("drawn") / "lessons"
    shutil.copytree(LESSONS, folder, ignore=shutil.ignore_patterns(".*", "student.json", "class_results", "*.json~"))
    out = folder.parent / "drawn.json"
    write_drawn(folder, out)
    return folder, out


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_every_lesson_that_draws_runs_without_matplotlib_and_shows_each_plot_as_drawn_ahead(
    drawn_lessons: tuple[Path, Path],
) -> None:
    folder, drawn = drawn_lessons
    lessons = [p for p in sorted(folder.rglob("*.ipynb")) if _draws(p)]
    names = {p.relative_to(folder).as_posix() for p in lessons}
    # the lessons of the issue: each edition's 07, 08, 09, 12, practice and the teacher's dashboard
    assert len(lessons) == 12 and {"09_judging_a_hand.ipynb", "fr/teachers/teachers_dashboard.ipynb"} <= names
    for lesson in lessons:
        # the English lessons whole (nothing else in them needs matplotlib or numpy), the French ones, whose code is
        # the same, down to their plots
        whole = lesson.parent.relative_to(folder).parts[:1] != ("fr",)
        shown = _without_drawing(REPLAY, str(lesson), str(drawn), "whole" if whole else "drawing")
        plots = [s for s in shown if "error" not in s]
        assert plots and plots == [s for s in shown], (lesson.name, shown)  # no cell stopped the lesson
        for cell in plots:
            assert cell["type"] == "DrawnFigure" and cell["built"] and cell["same"], (lesson.name, cell)
    kept = json.loads(drawn.read_text(encoding="utf-8"))
    assert 'plot_count_rule{"data": "canadian", "lang": "fr"}' in kept
    for pictures in kept.values():  # both themes and the words a screen reader says
        assert pictures["light"] and pictures["dark"] and pictures["light"] != pictures["dark"] and pictures["alt"]


def test_a_plot_not_drawn_ahead_says_so_in_words_and_bad_arguments_are_still_refused() -> None:
    said = _without_drawing(
        NO_DRAWING
        + """
import json
import charlemagne_learn
from charlemagne_learn.teach import plot_make_chance
from charlemagne_learn.teach.plots import plot_count_rule

shown = [plot_make_chance("american", by="jacks")._repr_mimebundle_(), plot_count_rule(lang="fr")._repr_mimebundle_()]
try:
    plot_make_chance(by="suits")
except ValueError as error:
    shown.append(str(error))
print(json.dumps(shown))
"""
    )
    english, french, refused = said
    assert english["text/plain"] == say("plots.not_drawn", "en") and "matplotlib" in english["text/plain"]
    assert "cl-figure-missing" in english["text/html"] and "<img" not in english["text/html"]
    assert french["text/plain"] == say("plots.not_drawn", "fr") and "hors ligne" in french["text/plain"]
    assert "by='suits'" in refused


def test_a_plot_call_has_one_key_however_it_is_written() -> None:
    def key(plot: Any, *args: Any, **kwargs: Any) -> str:
        return plot_key(plot.__wrapped__, args, kwargs)[0]

    assert key(plot_special_bids) == key(plot_special_bids, "Canadian", "strength", lang="en")
    assert key(plot_special_bids) == 'plot_special_bids{"by": "strength", "data": "canadian", "lang": "en"}'
    assert key(plot_special_bids, lang="fr") != key(plot_special_bids)
    assert key(plot_make_chance, "american") != key(plot_make_chance, "american", bids=["7", "8"])
    # a shipped dataset by its name; another (a bigger one made by the script) by what it holds
    shipped = load_dataset("maine")
    assert key(plot_special_bids, shipped) == key(plot_special_bids, "maine")
    other = type(shipped)(shipped.rules, shipped.seed, shipped.records[:100])
    assert '"data": "sha256:' in key(plot_special_bids, other)
    # one hand's odds by what they say: the same odds, the same key; another hand, another
    odds = [
        cl.bid_odds(cl.Rules.preset("bid_euchre"), hand, samples=4, workers=1) for hand in ("JH JD AH KH AS 9C",) * 2
    ]
    assert key(plot_bid_odds, odds[0]) == key(plot_bid_odds, odds[1])
    third = cl.bid_odds(cl.Rules.preset("bid_euchre"), "JS JC AS KS AH 9D", samples=4, workers=1)
    assert key(plot_bid_odds, third) != key(plot_bid_odds, odds[0])


def _lesson(folder: Path, *cells: str) -> Path:
    folder.mkdir()
    notebook = {
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": "# A lesson"}]
        + [{"cell_type": "code", "metadata": {}, "outputs": [], "source": s, "execution_count": None} for s in cells],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / "lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return folder


def test_the_build_draws_a_plot_a_lesson_gains_and_refuses_one_it_could_not_show(tmp_path: Path) -> None:
    gained = _lesson(
        tmp_path / "gained",
        "from charlemagne_learn.teach import plot_perfect_vs_bots",
        "plot_perfect_vs_bots('american')",
    )
    drawn = write_drawn(gained, tmp_path / "gained.json")
    assert list(drawn) == ['plot_perfect_vs_bots{"data": "american", "lang": "en"}']
    # matplotlib called by a lesson itself: no key the browser could find its picture by
    own = _lesson(tmp_path / "own", "from matplotlib.figure import Figure\nFigure().subplots().plot([1, 2])")
    with pytest.raises(DrawingError, match=r"lesson\.ipynb, code cell 1 draws, but no plot of charlemagne_learn"):
        write_drawn(own, tmp_path / "own.json")
    failing = _lesson(tmp_path / "failing", "plot_special_bids()")  # not imported: the lesson itself is broken
    with pytest.raises(DrawingError, match=r"code cell 1: NameError"):
        write_drawn(failing, tmp_path / "failing.json")
