"""The course's figures show themselves in JupyterLab's theme: a light picture and a dark one in one output, the
light one alone where the page's rules cannot run, the figure itself left as it was made."""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

import charlemagne_learn as cl
from charlemagne_learn.teach.classroom import read_results
from charlemagne_learn.teach.figures import OKABE_ITO, CourseFigure, _picture, dark_ink
from charlemagne_learn.teach.plots import (
    plot_bid_odds,
    plot_count_rule,
    plot_expected_points,
    plot_game_chance,
    plot_make_chance,
    plot_perfect_vs_bots,
    plot_special_bids,
)

#: the class results the teacher's guide shows
EXAMPLE = Path(__file__).parent.parent / "notebooks" / "teachers" / "class_results_example"

FIGURES: list[tuple[str, Callable[[], CourseFigure]]] = [
    ("make_chance", lambda: plot_make_chance("canadian", by="jokers")),
    ("special_bids", lambda: plot_special_bids("american")),
    ("expected_points", lambda: plot_expected_points("maine")),
    ("perfect_vs_bots", lambda: plot_perfect_vs_bots("bid_euchre")),
    ("count_rule", lambda: plot_count_rule("canadian")),
    ("game_chance", lambda: plot_game_chance("canadian", mark=(28, 30))),
    (
        "bid_odds",
        lambda: plot_bid_odds(
            cl.bid_odds(cl.Rules.preset("canadian"), "RJ JH JD AH 9H AS 7C 8C", samples=6, workers=1)
        ),
    ),
]


def pictures(fig: CourseFigure) -> tuple[str, list[tuple[str, Image.Image]]]:
    """The figure's HTML and each picture in it, with the class naming its theme."""
    page = fig._repr_mimebundle_()["text/html"]
    found = re.findall(r'<img class="(cl-figure-\w+)"[^>]*src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    return page, [(theme, Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA")) for theme, data in found]


def share(image: Image.Image, test: Callable[[tuple[int, ...]], bool]) -> float:
    pixels = [tuple(p) for p in image.get_flattened_data() if isinstance(p, tuple)]
    return sum(map(test, pixels)) / (image.width * image.height)


def near(colour: str, image: Image.Image, within: int = 24) -> bool:
    """Whether a colour close to ``colour`` is drawn, fully opaque, somewhere in the picture."""
    want = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    drawn = [found for _, found in image.getcolors(1 << 16) or [] if isinstance(found, tuple)]
    return any(
        found[3] > 250 and max(abs(c - w) for c, w in zip(found[:3], want, strict=True)) <= within for found in drawn
    )


@pytest.mark.parametrize(("name", "make"), FIGURES, ids=[name for name, _ in FIGURES])
def test_each_figure_has_a_light_and_a_dark_picture(name: str, make: Callable[[], CourseFigure]) -> None:
    fig = make()
    assert isinstance(fig, CourseFigure)
    page, shown = pictures(fig)
    assert [theme for theme, _ in shown] == ["cl-figure-light", "cl-figure-dark"]
    (_, light), (_, dark) = shown
    assert light.size == dark.size
    # the light one is paper white with dark ink; the dark one has no paper and no dark ink left
    assert light.getpixel((0, 0)) == (255, 255, 255, 255)
    assert dark.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert share(light, lambda p: p[3] > 250 and max(p[:3]) < 80) > 0.002
    assert share(dark, lambda p: p[3] > 250 and max(p[:3]) < 80 and p[:3] != (17, 17, 17)) < 0.0005
    assert share(dark, lambda p: p[3] > 160 and min(p[:3]) > 180) > 0.002  # light ink
    # the series keep their colour-blind-safe colours on both
    assert near(OKABE_ITO[0], light) and near(OKABE_ITO[0], dark)
    # the dark picture waits for the theme's rule; without it (an untrusted page) the light one alone shows
    assert re.search(r'<img class="cl-figure-dark"[^>]* hidden="hidden"', page)
    assert not re.search(r'<img class="cl-figure-light"[^>]* hidden', page)
    assert "body[data-jp-theme-light='false']" in page


def test_a_figure_is_described_in_words() -> None:
    fig = plot_make_chance("canadian", by="trumps", lang="fr")
    page, _ = pictures(fig)
    alts = re.findall(r'alt="([^"]*)"', page)
    assert len(alts) == 2 and alts[0] == alts[1]
    assert fig.axes[0].get_ylabel() in alts[0].replace("&#x27;", "'")
    assert "5 000" in alts[0] or "5\u202f000" in alts[0]  # the caption, in French


def test_showing_a_figure_leaves_it_as_made() -> None:
    fig = plot_special_bids("canadian")

    def colours() -> list[tuple[str, ...]]:
        names = ("color", "facecolor", "edgecolor", "hatchcolor", "markerfacecolor", "markeredgecolor")
        return [
            tuple(str(getattr(artist, f"get_{name}")()) for name in names if hasattr(artist, f"get_{name}"))
            for artist in fig.findobj()
        ]

    # the constrained layout settles on a figure's first drawing: the picture compared is its second
    _picture(fig)
    before, made = _picture(fig), colours()
    fig._repr_mimebundle_()
    assert colours() == made
    assert _picture(fig) == before


def test_the_png_beside_is_the_light_picture() -> None:
    fig = plot_count_rule("canadian")
    bundle = fig._repr_mimebundle_()
    assert bundle["text/plain"] == repr(fig)
    assert f'base64,{bundle["image/png"]}"' in bundle["text/html"].split('class="cl-figure-dark"')[0]


def test_dark_ink_turns_greys_and_keeps_colours() -> None:
    assert dark_ink("none") == "none"
    assert dark_ink((0.0, 0.0, 0.0, 0.3)) == "#e6e6e64c"
    for colour in OKABE_ITO[:6]:
        assert dark_ink(colour) == colour
    assert dark_ink("#000000") != "#000000"  # the palette's black series is drawn light


def test_the_class_results_plot_follows_the_theme_too() -> None:
    fig = read_results(EXAMPLE).plot()
    assert isinstance(fig, CourseFigure)
    _, shown = pictures(fig)
    assert [theme for theme, _ in shown] == ["cl-figure-light", "cl-figure-dark"]
