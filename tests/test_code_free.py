"""A learner who never reads Python can take the course: every lesson's code is folded away, each lesson says how to
start it without opening any, and an invitation to change code is an optional note, never a step of the lesson."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))
START = {"en": "*Run → Run All Cells*", "fr": '<span lang="en">*Run → Run All Cells*</span>'}
OPTIONAL = {"en": "*Under the hood", "fr": "*Sous le capot"}
#: What a sentence says when it asks the reader to edit code: change, replace or type something in code.
EDITING = {
    "en": re.compile(r"\b(change|replace|type|edit)\b[^.]*`", re.IGNORECASE),
    "fr": re.compile(r"\b(changez|remplacez|tapez|modifiez)\b[^.]*`", re.IGNORECASE),
}
#: What gives a line away as code rather than words: a call's brackets, a list's, an assignment, a snake_case name, an
#: import ("N'importe" is French, not code).
CODE_LIKE = re.compile(r"[()=\[\]_]|\bimport\b")
WORD = re.compile(r"[^\W\d_]+")


def _lang(path: Path) -> str:
    return "fr" if path.parent.name == "fr" else "en"


def _id(path: Path) -> str:
    return f"{_lang(path)}/{path.stem}"


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_every_code_cell_is_folded_away(path: Path) -> None:
    cells = nbformat.read(path, as_version=4).cells
    shown = [
        i
        for i, c in enumerate(cells)
        if c.cell_type == "code" and not c.metadata.get("jupyter", {}).get("source_hidden")
    ]
    assert shown == [], f"{path.name}: code cells {shown} show their code"


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_each_lesson_says_how_to_start_without_code(path: Path) -> None:
    first = nbformat.read(path, as_version=4).cells[0].source
    assert START[_lang(path)] in first


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_changing_code_is_only_ever_an_optional_note(path: Path) -> None:
    lang = _lang(path)
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for paragraph in cell.source.split("\n\n"):
            # a reference table of what the engine offers names code on purpose (the lesson on house rules)
            if paragraph.lstrip().startswith("|"):
                continue
            asks = EDITING[lang].search(paragraph)
            # typing a hand into a widget's own box is no code
            if asks and re.search(r"\b(box|case)\b", asks.group(0)):
                continue
            assert not asks or paragraph.lstrip().startswith(OPTIONAL[lang]), (
                f"{path.name}: asks the reader to edit code outside an optional note: {paragraph[:160]!r}"
            )


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_each_folded_cell_is_captioned_in_words(path: Path) -> None:
    """A folded cell still shows its first line, in grey, before its ⋯: that line is a caption in plain words (in the
    lesson's language) saying what the cell shows, never a line of code."""
    french = _lang(path) == "fr"
    wrong: dict[str, object] = {}
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type != "code":
            continue
        first = cell.source.split("\n", 1)[0]
        caption = first.removeprefix("# ")
        english = _french.english_words_in(caption) if french else set()
        if (
            not first.startswith("# ")
            or len(WORD.findall(caption)) < 2
            or CODE_LIKE.search(caption)
            or not caption[:1].isupper()
            or caption.endswith(".")
            or english
        ):
            wrong[f"cell {i}"] = (first, sorted(english)) if english else first
    assert wrong == {}, f"{path.name}: folded cells not captioned in words: {wrong}"
