"""The lessons' plots drawn ahead, for the browser-only site, whose Python cannot load matplotlib offline.

Every plot a lesson draws comes from shipped statistics and seeds, so the site's build (``scripts/build_lite.py``)
runs the lessons' code in CPython (:func:`write_drawn`) and keeps each plot's pictures, light and dark with their
alt text, in the course's wheel. There a plot finding no matplotlib returns a :class:`DrawnFigure`: the pictures
built for the same call, shown exactly as a :class:`~.figures.CourseFigure` shows itself (:func:`figure_bundle`),
or, for a call the build did not make, a sentence saying so. Never an error: the rest of the lesson runs.

A call is known by its :func:`plot_key`: the plot's name and its arguments as it draws them (the language it speaks,
a shipped dataset's name, a digest of anything else it plots). Nothing here needs matplotlib.

>>> from charlemagne_learn.teach.plots import plot_special_bids
>>> plot_key(plot_special_bids, (), {"by": "jokers", "lang": "fr"})[0]
'plot_special_bids{"by": "jokers", "data": "canadian", "lang": "fr"}'
"""

from __future__ import annotations

import functools
import hashlib
import html
import inspect
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar

from ..engine.errors import CharlemagneError
from ..engine.i18n import Lang, lang_or_current, say

__all__ = [
    "DRAWN_FILE",
    "DrawingError",
    "DrawnFigure",
    "Pictures",
    "draw_lesson",
    "drawn_ahead",
    "figure_bundle",
    "plot_key",
    "write_drawn",
]

#: The pictures the site's build drew, in the package's data (only in the wheel the build makes).
DRAWN_FILE = "drawn_figures.json"
#: What drawing needs: a plot that cannot import one of these is shown as drawn ahead.
DRAWING_LIBRARIES = ("matplotlib", "numpy", "PIL")
#: What, in a lesson's code cell, draws: the plots of ``teach`` (``plot_…``), a report or a class's results plotted
#: (``.plot()``), matplotlib itself. The build draws every such cell's plots, or refuses.
DRAWS = re.compile(r"\bplot_\w+\s*\(|\.plot\(|matplotlib")

#: A figure's rule for JupyterLab's dark theme: the dark picture in place of the light one.
_RULES = (
    "body[data-jp-theme-light='false'] .cl-figure>img.cl-figure-light,"
    "body.vscode-dark .cl-figure>img.cl-figure-light{display:none}"
    "body[data-jp-theme-light='false'] .cl-figure>img.cl-figure-dark,"
    "body.vscode-dark .cl-figure>img.cl-figure-dark{display:inline}"
)


class DrawingError(CharlemagneError):
    """A lesson's code the build could not run, or a cell that draws a plot the build could not keep."""


@dataclass(frozen=True)
class Pictures:
    """A figure as shown: the light and the dark picture (PNG, base64), the words a screen reader says, its text."""

    light: str
    dark: str
    alt: str
    plain: str


def figure_bundle(pictures: Pictures) -> dict[str, str]:
    """What a notebook shows of a figure: both pictures in HTML, the one of JupyterLab's theme shown (see
    :mod:`.figures`), the light one as a PNG for viewers of no HTML."""
    alt = html.escape(pictures.alt, quote=True)
    shown = (
        f'<img class="cl-figure-light" alt="{alt}" style="max-width:100%" '
        f'src="data:image/png;base64,{pictures.light}">'
        f'<img class="cl-figure-dark" alt="{alt}" style="max-width:100%" hidden="hidden" '
        f'src="data:image/png;base64,{pictures.dark}">'
    )
    return {
        "text/plain": pictures.plain,
        "image/png": pictures.light,
        "text/html": f'<div class="cl-figure"><style>{_RULES}</style>{shown}</div>',
    }


# ---------------------------------------------------------------- a plot call's key
def _digest(content: object) -> str:
    said = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(said.encode("utf-8")).hexdigest()[:32]


def _content(value: object) -> object:
    """An argument as its key holds it: plain values as they are, a shipped dataset by its variant's name, anything
    else by a digest of what the plot reads of it."""
    from ..analysis.odds import BidOdds
    from ..analysis.stats import BiddingDataset, dataset_of

    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_content(v) for v in value]
    if isinstance(value, BiddingDataset):
        try:
            shipped = dataset_of(value.variant) is value
        except CharlemagneError:  # rules of its own: no shipped dataset has its name
            shipped = False
        return value.variant if shipped else _digest([repr(value.rules), value.seed, repr(value.records)])
    if isinstance(value, BidOdds):
        return _digest(
            [repr(value.rules), str(value.hand), value.seat.name, value.samples, value.seed, value.method]
            + [[asdict(chance), chance.interval, chance.probability] for chance in value]
        )
    drawn = getattr(value, "_drawn_content", None)
    if callable(drawn):
        return _digest(drawn())
    raise TypeError(f"a plot's key cannot hold a {type(value).__name__}")


def plot_key(plot: Callable[..., object], args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> tuple[str, Lang]:
    """The key of the call ``plot(*args, **kwargs)`` and the language it speaks: the same for the build that draws
    the plot and for the browser that shows it. Its arguments are named, defaults filled in, the language resolved
    (the course's by default) and a dataset read by name, so two calls that draw the same figure have one key."""
    bound = inspect.signature(plot).bind(*args, **kwargs)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    # a report plotted speaks its own language, a plot the one it is given (the course's by default)
    lang = lang_or_current(arguments.get("lang", getattr(arguments.get("self"), "lang", None)))
    if "lang" in arguments:
        arguments["lang"] = lang
    if isinstance(arguments.get("data"), str):
        from ..analysis.stats import dataset_of

        arguments["data"] = dataset_of(arguments["data"])  # "Canadian" and "canadian" draw the same
    shown = {name: _content(value) for name, value in arguments.items()}
    return f"{plot.__qualname__}{json.dumps(shown, sort_keys=True, ensure_ascii=False)}", lang


# ---------------------------------------------------------------- shown without matplotlib
_built: dict[str, Pictures] | None = None


def built() -> dict[str, Pictures]:
    """The pictures the site's build drew, by key: none outside the site's wheel."""
    global _built
    if _built is None:
        found = resources.files("charlemagne_learn") / "data" / DRAWN_FILE
        kept = json.loads(found.read_text(encoding="utf-8")) if found.is_file() else {}
        _built = {key: Pictures(**parts) for key, parts in kept.items()}
    return _built


@dataclass(frozen=True)
class DrawnFigure:
    """A plot where matplotlib is missing: the pictures the site's build drew for the same call, shown as the figure
    would show itself, or a sentence saying the plot is not drawn here."""

    key: str
    lang: Lang

    @property
    def pictures(self) -> Pictures | None:
        return built().get(self.key)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        pictures = self.pictures
        if pictures is not None:
            return figure_bundle(pictures)
        words = say("plots.not_drawn", self.lang)
        return {"text/plain": words, "text/html": f'<p class="cl-figure-missing"><em>{html.escape(words)}</em></p>'}

    def __repr__(self) -> str:
        pictures = self.pictures
        return say("plots.not_drawn", self.lang) if pictures is None else pictures.plain


class _Drawable(Protocol):
    def pictures(self) -> Pictures: ...


P = ParamSpec("P")
F = TypeVar("F", bound=_Drawable)
#: While the build draws a lesson: each key drawn, in order, and its pictures.
_recording: list[tuple[str, Pictures]] | None = None


def drawn_ahead(plot: Callable[P, F]) -> Callable[P, F | DrawnFigure]:
    """``plot`` as the lessons call it: its figure where matplotlib is; where it is not (the browser-only site), a
    :class:`DrawnFigure` of the pictures drawn ahead for the same call. Bad arguments are refused alike in both,
    before anything is drawn: only the import of a drawing library is answered with the pictures."""

    @functools.wraps(plot)
    def draw(*args: P.args, **kwargs: P.kwargs) -> F | DrawnFigure:
        try:
            figure = plot(*args, **kwargs)
        except ModuleNotFoundError as error:
            if (error.name or "").partition(".")[0] not in DRAWING_LIBRARIES:
                raise
            return DrawnFigure(*plot_key(plot, args, kwargs))
        if _recording is not None:
            _recording.append((plot_key(plot, args, kwargs)[0], figure.pictures()))
        return figure

    return draw


@contextmanager
def _recorded() -> Iterator[list[tuple[str, Pictures]]]:
    global _recording
    _recording = []
    try:
        yield _recording
    finally:
        _recording = None


# ---------------------------------------------------------------- drawn as the site is built
def _code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def draw_lesson(notebook: Path) -> dict[str, Pictures]:
    """Run the lesson's code cells in order, from its folder (where its ``course.json`` says the language), down to
    the last that draws (:data:`DRAWS`), and return every plot they drew. A :class:`DrawingError` when a cell fails
    or a cell that draws drew no plot of the course (matplotlib called directly: no key to show it by)."""
    from IPython.core.interactiveshell import InteractiveShell

    cells = _code_cells(notebook)
    drawing = [i for i, source in enumerate(cells) if DRAWS.search(source)]
    if not drawing:
        return {}
    shell = InteractiveShell.instance()
    os.chdir(notebook.parent)
    drawn: dict[str, Pictures] = {}
    with _recorded() as recorded:
        for number, source in enumerate(cells[: drawing[-1] + 1]):
            before = len(recorded)
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                # silent: no cell's value is shown, so no figure is drawn twice
                result = shell.run_cell(source, silent=True)  # type: ignore[no-untyped-call]
            error = result.error_before_exec or result.error_in_exec
            if error is not None:
                raise DrawingError(f"{notebook.name}, code cell {number + 1}: {type(error).__name__}: {error}")
            if number in drawing and len(recorded) == before:
                raise DrawingError(
                    f"{notebook.name}, code cell {number + 1} draws, but no plot of charlemagne_learn.teach: the site "
                    "could not show it"
                )
            drawn.update(recorded[before:])
    return drawn


def write_drawn(folder: Path, out: Path) -> dict[str, Pictures]:
    """Draw the plots of every lesson under ``folder`` (each lesson in a Python of its own, from its own folder, as
    it runs in the site) and write them to ``out`` as JSON, by key (what the site's wheel holds as
    :data:`DRAWN_FILE`)."""
    drawn: dict[str, Pictures] = {}
    for notebook in sorted(folder.rglob("*.ipynb")):
        if not any(DRAWS.search(source) for source in _code_cells(notebook)):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            kept = Path(tmp) / "drawn.json"
            ran = subprocess.run(
                [sys.executable, "-c", "import sys; from pathlib import Path; from charlemagne_learn.teach.drawn "
                 "import _draw_into; _draw_into(Path(sys.argv[1]), Path(sys.argv[2]))", str(notebook), str(kept)],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            if ran.returncode != 0:
                said = ran.stderr.strip().splitlines()
                raise DrawingError(said[-1] if said else f"{notebook}: the lesson's code stopped ({ran.returncode})")
            drawn.update({key: Pictures(**parts) for key, parts in json.loads(kept.read_text("utf-8")).items()})
    out.write_text(json.dumps({key: asdict(p) for key, p in sorted(drawn.items())}), encoding="utf-8")
    return drawn


def _draw_into(notebook: Path, out: Path) -> None:
    """:func:`draw_lesson` in a Python of its own: the pictures into ``out``; a refusal in one line on stderr."""
    try:
        drawn = draw_lesson(notebook.resolve())
    except DrawingError as error:
        sys.exit(f"{error}")
    out.write_text(json.dumps({key: asdict(p) for key, p in drawn.items()}), encoding="utf-8")
