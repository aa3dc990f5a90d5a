"""One word per idea, each defined before it is used: the lessons read against the glossary."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from charlemagne_learn.teach.glossary import GLOSSARY

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def _prose(path: Path) -> list[str]:
    """A lesson's own sentences: its markdown, without code (`high_joker`), tables of contents and Next links,
    which name later lessons on purpose."""
    lines = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.lstrip().startswith("|") or "[Next:" in line:
                continue
            lines.append(re.sub(r"`[^`]*`", "", line))
    return lines


PROSE = {path.name[:2]: _prose(path) for path in LESSONS}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_term_before_the_lesson_that_defines_it(path: Path) -> None:
    number = path.name[:2]
    early = [
        f"{name!r} (defined in lesson {term.lesson}): {line.strip()}"
        for line in PROSE[number]
        for name, term in GLOSSARY.items()
        if term.lesson > number and term.found_in(line)
    ]
    assert not early, f"{path.name} uses terms before their lesson:\n" + "\n".join(early)


@pytest.mark.parametrize("name", list(GLOSSARY))
def test_each_term_is_used_in_the_lesson_said_to_define_it(name: str) -> None:
    term = GLOSSARY[name]
    assert term.lesson in PROSE, f"{name!r}: there is no lesson {term.lesson}"
    assert any(term.found_in(line) for line in PROSE[term.lesson]), f"lesson {term.lesson} never says {name!r}"


def test_the_start_page_shows_the_glossary() -> None:
    start = nbformat.read(NOTEBOOKS / "00_start_here.ipynb", as_version=4)
    assert any("glossary_html()" in c.source for c in start.cells if c.cell_type == "code")
