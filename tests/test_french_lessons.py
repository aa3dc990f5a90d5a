"""The French edition of the course (``notebooks/fr``): a French lesson for every lesson, teaching the same
hands (the same seeds in the same order), and nothing English in what a learner reads — its prose and the
outputs it keeps. An English phrase quoted on purpose is marked ``<span lang="en">…</span>`` (screen readers
then say it in English) and is not counted."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from charlemagne_learn import widgets

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
FRENCH = NOTEBOOKS / "fr"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
#: Every French notebook (the teacher's in teachers/), named as its English edition is under notebooks/.
WRITTEN = sorted(
    p.relative_to(FRENCH).as_posix() for p in FRENCH.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)

_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_SEED = re.compile(r"\bseed\s*=\s*(\d+)")
# an output's stylesheet and the code it quotes are not prose
_STYLE = re.compile(r"<style>.*?</style>|<code>.*?</code>", re.S)
# A Python object's repr (``Contract(bid='6', …)``, ``<Seat.S: 2>``) is code, not prose: its words are the API's.
_CODE_REPR = re.compile(r"^\s*(<|[A-Za-z_][\w.]*\()")


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _text(source: str | list[str]) -> str:
    return "".join(source) if isinstance(source, list) else source


def _readable(text: str, prose: bool) -> str:
    """What a learner reads, link targets taken out; in the prose, "Bid Euchre" is the game's name as its players
    say it (outputs write it "Euchre à enchères")."""
    text = _STYLE.sub(" ", _LINK_TARGET.sub("](…)", text))
    return text.replace("Bid Euchre", " ") if prose else text


def test_the_french_folder_speaks_french_and_holds_lessons_of_the_course() -> None:
    assert json.loads((FRENCH / "course.json").read_text(encoding="utf-8")) == {"lang": "fr"}
    assert set(LESSONS) <= set(WRITTEN), f"lessons without a French edition: {sorted(set(LESSONS) - set(WRITTEN))}"


@pytest.mark.parametrize("name", WRITTEN)
def test_a_french_lesson_teaches_the_same_hands(name: str) -> None:
    english = NOTEBOOKS / name
    if not english.exists():
        pytest.skip("a French page with no English original")
    seeds = [_SEED.findall(_text(c["source"])) for c in _cells(english) if c["cell_type"] == "code"]
    french = [_SEED.findall(_text(c["source"])) for c in _cells(FRENCH / name) if c["cell_type"] == "code"]
    assert french == seeds


def _widgets_made(source: str) -> list[str]:
    """The course's widgets a cell's code makes, in order (``cl.widgets.TrickQuiz(…)``, ``PlayTable(…)``)."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    made = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in widgets.__all__:
                made.append(name)
    return made


@pytest.mark.parametrize("name", WRITTEN)
def test_a_french_lesson_shows_the_same_widgets(name: str) -> None:
    """The browser walks the French edition's lessons (tests/browser/test_lessons.py): what it proves of the page,
    widgets drawn with no script error, holds for the English edition because each cell makes the same widgets."""
    english = NOTEBOOKS / name
    if not english.exists():
        pytest.skip("a French page with no English original")
    shown = [_widgets_made(_text(c["source"])) for c in _cells(english) if c["cell_type"] == "code"]
    french = [_widgets_made(_text(c["source"])) for c in _cells(FRENCH / name) if c["cell_type"] == "code"]
    assert french == shown


@pytest.mark.parametrize("name", WRITTEN)
def test_a_french_lesson_reads_in_french(name: str) -> None:
    found: dict[str, set[str]] = {}
    for i, cell in enumerate(_cells(FRENCH / name)):
        texts = [_text(cell["source"])] if cell["cell_type"] == "markdown" else []
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                # a printed repr (``PimcBot(seed=2, samples=8)``) is code, as in a result's plain text
                texts += [line for line in _text(output["text"]).splitlines() if not _CODE_REPR.match(line)]
            data = output.get("data", {})
            for kind in ("text/markdown", "text/html"):
                if kind in data:
                    texts.append(_text(data[kind]))
                    break
            else:
                plain = _text(data.get("text/plain", ""))
                if plain and "application/vnd.jupyter.widget-view+json" not in data and not _CODE_REPR.match(plain):
                    texts.append(plain)
        prose = cell["cell_type"] == "markdown"
        words = set().union(*(_french.english_words_in(_readable(t, prose)) for t in texts)) if texts else set()
        if words:
            found[f"cell {i}"] = words
    assert found == {}, f"English in {name}: {found}"


# What the engine writes for itself and a French player would not: West's English letter, Python's True, False
# and None, a bid by its record name ("enchère gros_mulot"), a colon with no space before it, "de Est" for
# "d'Est"; what a learner
# would type is in backticks and may be written so
_ENGINE_FORMS = re.compile(
    r"\bW\b|\b(?:True|False|None)\b|enchère [a-z]+_[a-z_]+|[^\W\d_]+:(?=\s|$)|\b(?:de|que) (?:Est|Ouest)\b"
)


@pytest.mark.parametrize("name", WRITTEN)
def test_a_french_lesson_s_outputs_name_seats_and_bids_as_players_do(name: str) -> None:
    found = []
    for i, cell in enumerate(_cells(FRENCH / name)):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts = _text(output.get("text", "")).splitlines()
            texts += [_text(data[k]) for k in ("text/html", "text/plain") if k in data]
            for text in texts:
                if _CODE_REPR.match(text):
                    continue
                plain = re.sub(r"`[^`]*`", " ", re.sub(r"<[^>]*>", " ", text))
                found += [(i, hit) for hit in _ENGINE_FORMS.findall(plain)]
    assert found == [], f"engine forms in {name}: {found}"


@pytest.mark.parametrize("name", WRITTEN)
def test_a_french_lesson_s_links_lead_to_files_that_exist(name: str) -> None:
    links = [
        target.split("#")[0]
        for cell in _cells(FRENCH / name)
        if cell["cell_type"] == "markdown"
        for target in re.findall(r"\]\(([^)\s]+)\)", _text(cell["source"]))
        if not target.startswith(("http:", "https:", "#", "mailto:"))
    ]
    missing = [link for link in links if link and not ((FRENCH / name).parent / link).exists()]
    assert missing == []
