"""Lessons 10 and 11, where a learner watches and plays whole hands, in both editions: a summary in words (code only in
an optional *Under the hood* note), where a decision fell said as a player says it (the bidding, the exchange, the
trick and the card's place in it, never a move number), and the French edition's pictures of the French table."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = [
    NOTEBOOKS / edition / name
    for edition in ("", "fr")
    for name in ("10_a_hand_told_from_a_seat.ipynb", "11_play_a_hand.ipynb")
]
#: Code as a learner would have to read it: a call, or a name joined by an underscore or a dot.
_CODE = re.compile(r"`[^`]*(\(|\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z])[^`]*`")


def _cells(path: Path) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_the_summary_is_in_words_with_code_only_under_the_hood(path: Path) -> None:
    summary = next(c.source for c in _cells(path) if re.match(r"## (Summary|En résumé)", c.source))
    words = re.split(r"\*(Under the hood|Sous le capot)", summary)[0]
    assert not _CODE.search(words), _CODE.search(words)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_no_move_number_reaches_the_learner(path: Path) -> None:
    shown = []
    for cell in _cells(path):
        shown.append(cell.source if cell.cell_type == "markdown" else "")
        for output in cell.get("outputs", []):
            shown.append(str(output.get("text", "")) + "".join(map(str, output.get("data", {}).values())))
    text = "\n".join(shown)
    assert not re.search(r"\b(Move|Coup) \d+", text), re.search(r".{40}\b(Move|Coup) \d+.{40}", text)
    trick = r"Trick \d, (first|second|third|fourth) card" if path.parent == NOTEBOOKS else r"Levée \d, \w+ carte"
    # lesson 10: the hand told decision by decision; lesson 11: the review; each decision under where it fell
    assert len(re.findall(trick, text)) >= 8
    if path.name.startswith("11_"):  # the review's rows start with it, where a move number stood
        assert re.search(r"^(The bidding|Les enchères) +(best|meilleur) ", text, re.M)


def test_the_french_lesson_shows_the_french_table() -> None:
    def pictures(path: Path) -> list[str]:
        return [p for c in _cells(path) for p in re.findall(r"!\[[^]]*\]\(([^)]+\.png)\)", c.source)]

    english, french = pictures(NOTEBOOKS / LESSONS[1].name), pictures(LESSONS[3])
    assert len(english) == len(french) >= 3
    for mine, theirs in zip(english, french, strict=True):
        assert theirs == f"../{mine.removesuffix('.png')}_fr.png"
        picture = (LESSONS[3].parent / theirs).resolve()
        assert picture.read_bytes() != (NOTEBOOKS / mine).read_bytes()  # a picture of its own, of the French table
