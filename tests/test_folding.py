"""An answer the learner is asked to think about first stays folded until asked, and the lessons fold it one way:
:func:`charlemagne_learn.teach.folded`."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from IPython.display import HTML

from charlemagne_learn.engine.errors import CharlemagneError
from charlemagne_learn.teach import folded
from charlemagne_learn.teach.judging import count_hand

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))


def test_words_are_drawn_as_written_never_read_as_html() -> None:
    page = folded("Show the count", "7 < 8 & <b>9</b>\nsecond line")._repr_html_()
    assert page.startswith("<details><summary>Show the count</summary>") and page.endswith("</details>")
    assert "7 &lt; 8 &amp; &lt;b&gt;9&lt;/b&gt;\nsecond line" in page and "<b>" not in page


def test_an_answer_with_a_picture_of_its_own_is_drawn_by_it() -> None:
    assert "<b>bold</b>" in folded("Show", HTML("<b>bold</b>"))._repr_html_()
    counted = count_hand("RJ JH JD AH 9H AS 7C 8C", "canadian")  # no picture: its words
    assert f"<pre>{counted}</pre>" in folded("Show the count", counted)._repr_html_()


def test_outside_a_notebook_only_the_line_to_click_is_written() -> None:
    fold = folded("Show the count", "Count 9")
    assert repr(fold) == "▸ Show the count" and "9" not in repr(fold)


def test_the_line_to_click_is_said_in_the_course_language_by_default() -> None:
    assert folded(answer="x", lang="en").summary == "Show the answer"
    assert folded(answer="x", lang="fr").summary == "Voir la réponse"


@pytest.mark.parametrize("summary", ["", "   ", 7])
def test_a_line_to_click_with_no_words_is_refused(summary: object) -> None:
    with pytest.raises(CharlemagneError, match="summary="):
        folded(summary, "x")  # type: ignore[arg-type]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS).with_suffix("")))
def test_every_lesson_folds_its_answers_with_the_one_helper(path: Path) -> None:
    by_hand = [
        i
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells)
        if cell.cell_type == "code" and re.search(r"<details\b", cell.source)
    ]
    assert by_hand == [], f"{path.name}: cells {by_hand} build a folded answer by hand, not with teach.folded"
