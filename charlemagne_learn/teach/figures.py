"""The course's figures: a matplotlib ``Figure`` that shows itself in the notebook's theme, light or dark.

A plain figure is a white picture, a bright box in JupyterLab's Dark theme. A :class:`CourseFigure` is drawn twice
when it is shown: once as made (dark ink on white) and once with its ink made light on a transparent background,
the series keeping their colours (the same colour-blind-safe palette). Its HTML holds both pictures and a rule
that shows the one matching JupyterLab's theme (``body[data-jp-theme-light]``), so a figure follows the theme even
when the learner switches it later. Where the page's rules cannot run (a notebook not yet trusted, where JupyterLab
strips them; GitHub; an exported page) the light picture alone shows, as a plain figure would. The PNG beside it
serves PDF exports and viewers that show no HTML. Both pictures are written with a palette of at most
:data:`COLOURS` colours, a quarter of the size of matplotlib's full-colour PNG at the same resolution.

>>> fig = CourseFigure(figsize=(3, 2))
>>> ax = fig.subplots()
>>> _ = ax.plot([0, 1], [0, 1], color=OKABE_ITO[0])
>>> bundle = fig._repr_mimebundle_()
>>> sorted(bundle)
['image/png', 'text/html', 'text/plain']
>>> bundle["text/html"].count("<img ")
2
>>> str(ax.lines[0].get_color())  # the figure is left as it was made
'#0072B2'
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.collections import Collection
from matplotlib.colors import to_hex, to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text
from matplotlib.ticker import Formatter, PercentFormatter

from ..engine.i18n import Lang, number, say
from .drawn import Pictures, figure_bundle
from .palette import OKABE_ITO

__all__ = ["COLOURS", "OKABE_ITO", "CourseFigure", "dark_ink", "percent_formatter"]

#: The most colours a figure's picture keeps: enough for the palette, the greys and their antialiased edges.
COLOURS = 96
#: A grey's lightness on the dark side: black ink becomes this light grey, white paper this dark one.
_DARK_INK, _DARK_PAPER = 0.9, 0.12


def percent_formatter(lang: Lang, decimals: int | None = None) -> Formatter:
    """Axis ticks in percent, as the language writes them ("50%", "50 %").

    >>> percent_formatter("fr")(25, 0)
    '25\\u202f%'
    """
    return _Percent(lang, decimals)


class _Percent(PercentFormatter):
    """Percent ticks in the form the language's catalog picks (``figures.percent``): matplotlib's, as many decimals
    as the axis's span needs (English), or whole percents with the language's marks (French)."""

    def __init__(self, lang: Lang, decimals: int | None) -> None:
        super().__init__(100, decimals=decimals)
        self.lang = lang

    def __call__(self, x: float, pos: int | None = None) -> str:
        return say("figures.percent", self.lang, tick=_Tick(self, x, pos))


class _Tick:
    """One tick's label in each form, each written only when its catalog asks for it (matplotlib's needs an axis)."""

    def __init__(self, formatter: _Percent, x: float, pos: int | None) -> None:
        self._formatter, self._x, self._pos = formatter, x, pos

    @property
    def spanned(self) -> str:
        return str(PercentFormatter.__call__(self._formatter, self._x, self._pos))

    @property
    def whole(self) -> str:
        formatter = self._formatter
        return number(self._x / 100, f".{formatter.decimals or 0}%", formatter.lang)


def dark_ink(colour: Any) -> Any:
    """A colour as drawn on a dark page: greys turn over (black ink light, white paper dark), colours stay as
    they are, so a series keeps the colour its legend and the lesson's text name.

    >>> dark_ink("black"), dark_ink("white"), dark_ink("#0072B2")
    ('#e6e6e6', '#1f1f1f', '#0072B2')
    """
    if isinstance(colour, str) and colour in ("none", "auto", "face", "edge"):
        return colour
    red, green, blue, alpha = to_rgba(colour)
    if max(red, green, blue) - min(red, green, blue) > 0.08:
        return colour
    lightness = (red + green + blue) / 3
    grey = _DARK_PAPER + (1 - lightness) * (_DARK_INK - _DARK_PAPER)
    return to_hex((grey, grey, grey, alpha), keep_alpha=alpha < 1)


def _colour_slots(artist: Artist) -> Iterator[tuple[Callable[[], Any], Callable[[Any], Any]]]:
    """Each colour an artist draws with, as a getter and a setter."""
    if isinstance(artist, Text):
        yield artist.get_color, artist.set_color
    elif isinstance(artist, Line2D):
        yield artist.get_color, artist.set_color
        yield artist.get_markerfacecolor, artist.set_markerfacecolor
        yield artist.get_markeredgecolor, artist.set_markeredgecolor
    elif isinstance(artist, Patch):
        yield artist.get_facecolor, artist.set_facecolor
        yield artist.get_edgecolor, artist.set_edgecolor
        yield artist.get_hatchcolor, artist.set_hatchcolor
    elif isinstance(artist, Collection):
        yield artist.get_facecolor, artist.set_facecolor
        yield artist.get_edgecolor, artist.set_edgecolor


def _darkened(colours: Any) -> Any:
    """What an artist's colour getter gave (a name, one RGBA, or a collection's array of them), in dark ink."""
    if isinstance(colours, str):
        return dark_ink(colours)
    rows = np.asarray(colours)
    return dark_ink(tuple(rows)) if rows.ndim == 1 else [dark_ink(tuple(row)) for row in rows]


@contextmanager
def _dark(fig: Figure) -> Iterator[None]:
    """The figure with light ink on no paper, put back as it was afterwards."""
    # ticks are made as they are drawn: every one must exist before it is recoloured and put back
    fig.draw_without_rendering()
    undo: list[tuple[Callable[[Any], Any], Any]] = []
    backgrounds = {id(fig.patch), *(id(ax.patch) for ax in fig.axes)}
    try:
        for artist in fig.findobj():
            if id(artist) in backgrounds:
                assert isinstance(artist, Patch)
                undo.append((artist.set_facecolor, artist.get_facecolor()))
                artist.set_facecolor("none")
                continue
            # read all of an artist's colours before setting any: a marker's face or a hatch may follow another
            slots = [(put, get()) for get, put in _colour_slots(artist)]
            for put, before in slots:
                undo.append((put, before))
                put(_darkened(before))
        yield
    finally:
        for put, before in reversed(undo):
            put(before)


def _picture(fig: Figure, *, transparent: bool = False) -> bytes:
    """The figure as a PNG with a palette: the same picture as matplotlib's, a quarter of its size."""
    from PIL import Image  # matplotlib's own dependency

    drawn = io.BytesIO()
    fig.savefig(drawn, format="png", bbox_inches="tight", transparent=transparent)
    image = Image.open(drawn)
    if transparent:  # its alpha kept: the one method Pillow quantizes a picture with transparency by
        kept = image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    else:
        kept = image.convert("RGB").quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    written = io.BytesIO()
    kept.save(written, format="png", optimize=True)
    return written.getvalue()


def _described(fig: Figure) -> str:
    """The words a screen reader says for the figure: its title, each plot's title and axes, its caption."""
    parts = [fig.get_suptitle()]
    for ax in fig.axes:
        parts += [ax.get_title(loc) for loc in ("left", "center", "right")]
        parts += [ax.get_ylabel(), ax.get_xlabel()]
    parts += [text.get_text() for text in fig.texts]
    return " ".join(" ".join(part.split()) for part in parts if part.strip())


class CourseFigure(Figure):
    """A figure that shows itself in the notebook's theme (see the module's notes); otherwise a plain matplotlib
    ``Figure``: ``savefig`` writes it as made."""

    def pictures(self) -> Pictures:
        """The figure as it shows itself: the light and the dark picture, its alt text, its text."""
        light = base64.b64encode(_picture(self)).decode("ascii")
        with _dark(self):
            dark = base64.b64encode(_picture(self, transparent=True)).decode("ascii")
        return Pictures(light=light, dark=dark, alt=_described(self), plain=repr(self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return figure_bundle(self.pictures())
