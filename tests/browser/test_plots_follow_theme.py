"""A course figure in JupyterLab follows the theme: drawn light in Light, light ink on the page in Dark (no white
box), switching as the learner switches; in a lesson not yet trusted (its stored outputs) the light picture alone
shows, as a plain figure would, never both."""

from __future__ import annotations

import io
from typing import Any

import pytest
from _jupyter import Lab, Notebook, use_theme
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIGURE = """
from charlemagne_learn.teach.plots import plot_count_rule
plot_count_rule("canadian")
"""


def paper_share(picture: bytes) -> float:
    """The share of a screenshot painted near white."""
    from PIL import Image

    image = Image.open(io.BytesIO(picture)).convert("L")
    return sum(isinstance(value, int) and value > 235 for value in image.get_flattened_data()) / (
        image.width * image.height
    )


def shown(page: Any) -> list[str]:
    """The classes of the figure pictures the page shows (laid out, with a size)."""
    classes: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('.jp-OutputArea-output img')]
            .filter((img) => img.getClientRects().length && img.naturalWidth > 0).map((img) => img.className)"""
    )
    return classes


@pytest.mark.timeout(300)
def test_a_figure_follows_the_theme(notebook: Any) -> None:
    book = notebook(FIGURE)
    page = book.page
    figure = page.locator(".cl-figure")
    expect(figure).to_have_count(1, timeout=60_000)
    use_theme(page, "JupyterLab Light")
    assert shown(page) == ["cl-figure-light"]
    assert paper_share(figure.screenshot()) > 0.6
    use_theme(page, "JupyterLab Dark")
    assert shown(page) == ["cl-figure-dark"]
    # the dark page shows through: no white box
    assert paper_share(figure.screenshot()) < 0.02
    book.screenshot("figure_dark")
    use_theme(page, "JupyterLab Light")
    assert shown(page) == ["cl-figure-light"]
    assert book.real_errors() == []


@pytest.mark.timeout(300)
def test_an_untrusted_figure_shows_one_picture(lab: Lab, browser: Any) -> None:
    import nbformat

    from charlemagne_learn.teach.plots import plot_count_rule

    bundle = plot_count_rule("canadian")._repr_mimebundle_()
    cell = nbformat.v4.new_code_cell(FIGURE)  # type: ignore[no-untyped-call]
    cell.outputs = [nbformat.v4.new_output("display_data", data=bundle)]  # type: ignore[no-untyped-call]
    nb = nbformat.v4.new_notebook(cells=[cell])  # type: ignore[no-untyped-call]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "stored_figure.ipynb")  # type: ignore[no-untyped-call]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        book = Notebook(context.new_page(), lab, "stored_figure.ipynb")
        book.open()
        expect(book.page.locator(".jp-OutputArea-output img").first).to_be_visible(timeout=30_000)
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            use_theme(book.page, theme)
            assert shown(book.page) == ["cl-figure-light"]
        assert book.real_errors() == []
    finally:
        context.close()
