"""What a lesson asks the learner to do matches what the page offers, and a question is not answered before the
learner has tried it: in both editions, the lessons and the guides.

- every button the prose names ("press **Compute**") is one the widgets draw, in the edition's language (or the
  lesson's own *Answer* fold);
- a hand that asks which card may be played does not mark the cards that may not;
- a quiz has a heading of its own, no other widget in its section;
- in a "Try it" section nothing is computed below the widget: its answer would be printed under the question;
- the start page's "half, rounded down" for a failed special bid is what the engine scores.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import charlemagne_learn as cl
import charlemagne_learn.widgets  # registers the widgets' words
from charlemagne_learn.engine.i18n import catalog_keys, word

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
BOOKS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
IDS = [p.relative_to(NOTEBOOKS).as_posix() for p in BOOKS]

# a bold name (capitalised, as a button's label is) after "press", "click", "button"… in its sentence, or before
# "button"
_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
_CUE_BEFORE = re.compile(r"\b(?:press|click|button|appuy|cliqu|bouton)", re.IGNORECASE)
_CUE_AFTER = re.compile(r"^\s+buttons?\b", re.IGNORECASE)
_SUMMARY = re.compile(r"<summary>(.*?)</summary>")
_WIDGET = re.compile(
    r"^(?!from |import ).*?\b(Hand|TrickQuiz|DecisionQuiz|BidBox|PlayTable|BidOddsExplorer|TrumpLadder|Table)"
    r"(?:\.\w+)?\(",
    re.MULTILINE,
)
_QUIZZES = {"TrickQuiz", "DecisionQuiz"}
_TRY_IT = re.compile(r"^(?:Try it|À vous)\b")


def _french(book: Path) -> bool:
    return book.relative_to(NOTEBOOKS).parts[0] == "fr"


def named_buttons(text: str) -> list[tuple[str, bool]]:
    """The controls a markdown text tells the learner to press or click, by their label, and whether the label names
    a row of buttons (it is then the start of each one's label: "the **Download results** buttons").

    >>> named_buttons("Deal a hand, then press **Compute**; use the **Hint** button. Bid **Mulot** alone.")
    [('Compute', False), ('Hint', False)]
    """
    names = []
    for found in _BOLD.finditer(text):
        label = found.group(1)
        sentence = re.split(r"[.!?:;]\s", text[max(0, found.start() - 70) : found.start()])[-1]
        after = text[found.end() : found.end() + 10]
        if label[:1].isupper() and (_CUE_BEFORE.search(sentence) or _CUE_AFTER.match(after)):
            names.append((label, bool(re.search(r"boutons\s*$", sentence) or re.match(r"\s+buttons", after))))
    return names


def _sections(book: Path) -> list[tuple[str, list[tuple[int, list[str]]]]]:
    """Each section of a notebook (its heading) with its code cells: index and the widgets the cell makes."""
    sections: list[tuple[str, list[tuple[int, list[str]]]]] = []
    for i, cell in enumerate(nbformat.read(book, as_version=4).cells):
        if cell.cell_type == "markdown":
            for heading in re.findall(r"^#{1,4} (.*)$", cell.source, re.MULTILINE):
                sections.append((heading.strip(), []))
        elif cell.cell_type == "code" and sections:
            sections[-1][1].append((i, _WIDGET.findall(cell.source)))
    return sections


@pytest.mark.parametrize("book", BOOKS, ids=IDS)
def test_every_button_the_prose_names_is_one_the_page_draws(book: Path) -> None:
    cells = [c for c in nbformat.read(book, as_version=4).cells if c.cell_type == "markdown"]
    language = "fr" if _french(book) else "en"
    labels = {word(key, language).lower() for key in catalog_keys()}
    folds = {s.lower() for c in cells for s in _SUMMARY.findall(c.source)}
    missing = [
        name
        for c in cells
        for name, row in named_buttons(c.source)
        if name.lower() not in folds | labels and not (row and any(label.startswith(name.lower()) for label in labels))
    ]
    assert not missing, f"{book.name} names buttons no widget draws: {missing}"


@pytest.mark.parametrize("book", BOOKS, ids=IDS)
def test_a_hand_that_asks_which_card_does_not_mark_it(book: Path) -> None:
    cells = [c.source for c in nbformat.read(book, as_version=4).cells if c.cell_type == "code"]
    asking = [s for s in cells if re.search(r"\bHand\(", s) and "trick=" in s]
    assert all("show_legal=False" in s for s in asking), f"{book.name}: a trick to follow with its answer marked"


@pytest.mark.parametrize("book", BOOKS, ids=IDS)
def test_every_quiz_has_a_heading_of_its_own(book: Path) -> None:
    for heading, cells in _sections(book):
        made = [w for _, widgets in cells for w in widgets]
        if _QUIZZES & set(made):
            assert set(made) <= _QUIZZES, f"{book.name}: the quiz under {heading!r} shares it with {made}"


@pytest.mark.parametrize("book", BOOKS, ids=IDS)
def test_a_try_it_is_not_answered_right_below(book: Path) -> None:
    for heading, cells in _sections(book):
        made = [i for i, widgets in cells if widgets]
        if _TRY_IT.match(heading) and made:
            below = [i for i, widgets in cells if i > made[-1] and not widgets]
            assert not below, f"{book.name}: under {heading!r}, cells {below} compute below the widget"


def test_a_failed_special_bid_gives_half_rounded_down_as_the_start_page_says() -> None:
    specials = [b for b in cl.Rules.preset("canadian").bids if not b.name.isdigit()]
    assert specials and all(b.failed == b.made // 2 for b in specials)  # Mulot: 15 made, 7 failed
    for book, said in (
        ("00_start_here.ipynb", "half of them for the special"),
        ("fr/00_start_here.ipynb", "la moitié"),
    ):
        score = next(c.source for c in nbformat.read(NOTEBOOKS / book, as_version=4).cells if said in c.source)
        assert re.search(r"rounded\s+down|arrondie\s+vers\s+le\s+bas", score), book
