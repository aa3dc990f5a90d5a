"""Every link in every lesson and guide, in both editions, opens where the lessons are served.

``python3 tasks.py lessons`` serves ``notebooks/`` as its root, Binder the repository (the lessons open in
``notebooks/``), and the JupyterLite site a copy of ``notebooks/``: so a relative link must stay inside
``notebooks/`` — a link to ``../docs/…`` is a 404 in the first and the last. The files the lessons link to for
printing live in ``notebooks/printables/``, written by ``scripts/printables.py``, and must be what the engine writes
now. The README's own links resolve in the repository. (``tests/browser/test_lesson_links.py`` asks the running lessons
server for each linked file.)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from ._links import BOOKS, NOTEBOOKS, ROOT, book_links, github_anchor, is_relative, links_in, target_of
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    from _links import (  # type: ignore[no-redef]
        BOOKS,
        NOTEBOOKS,
        ROOT,
        book_links,
        github_anchor,
        is_relative,
        links_in,
        target_of,
    )

sys.path.insert(0, str(ROOT / "scripts"))


def test_the_lessons_have_links_to_check() -> None:
    # the start page links every lesson and the cheat sheet; the guide, the hand records
    start = [t for t in book_links(NOTEBOOKS / "00_start_here.ipynb") if is_relative(t)]
    assert "01_cards_and_deck.ipynb" in start and any(t.endswith(".pdf") for t in start)
    assert any(t.endswith(".pdf") for t in book_links(NOTEBOOKS / "fr" / "teachers" / "teachers_guide.ipynb"))


@pytest.mark.parametrize("book", BOOKS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_every_link_opens_a_file_served_with_the_lessons(book: Path) -> None:
    broken = []
    for target in filter(is_relative, book_links(book)):
        opened = target_of(book, target)
        if not opened.is_relative_to(NOTEBOOKS):
            broken.append(f"{target}: outside notebooks/, so not served where the lessons are")
        elif not opened.is_file():
            broken.append(f"{target}: no such file")
    assert not broken, f"{book.relative_to(ROOT)}:\n" + "\n".join(broken)


@pytest.mark.parametrize("book", BOOKS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_each_edition_links_its_own_printables(book: Path) -> None:
    french = book.relative_to(NOTEBOOKS).parts[0] == "fr"
    printables = [t for t in filter(is_relative, book_links(book)) if "printables/" in t]
    wrong = [t for t in printables if Path(urlsplit(t).path).stem.endswith("_fr") != french]
    assert not wrong, f"{book.relative_to(ROOT)} links the other edition's page: {wrong}"


def test_the_printables_are_what_the_engine_writes_now() -> None:
    from printables import FOLDER, pages

    assert FOLDER == NOTEBOOKS / "printables"
    for stem, page in pages().items():
        shipped = (FOLDER / f"{stem}.html").read_text(encoding="utf-8")
        assert shipped == page, f"{stem}.html is not what the engine writes now: run scripts/printables.py"
        assert (FOLDER / f"{stem}.pdf").read_bytes().startswith(b"%PDF"), f"{stem}.pdf: run scripts/printables.py"


def test_the_lite_site_holds_every_file_the_lessons_link_to(tmp_path: Path) -> None:
    from build_lite import write_contents

    contents = write_contents(tmp_path / "contents")
    for book in BOOKS:
        copy = contents / book.relative_to(NOTEBOOKS)
        assert copy.is_file()
        for target in filter(is_relative, book_links(book)):
            assert target_of(copy, target).is_file(), f"{book.name}: {target} is missing from the JupyterLite site"
    # and every file of the lessons' folder, the French example class included
    shipped = {p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*") if p.is_file()}
    copied = {p.relative_to(contents) for p in contents.rglob("*") if p.is_file()}
    assert {p for p in shipped if p.name != "student.json" and p.parts[0] != "class_results"} <= copied


def test_every_link_in_the_readme_resolves() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [t for t in links_in(readme) if is_relative(t)]
    assert any("printables/" in t for t in targets)
    broken = []
    for target in targets:
        opened = target_of(ROOT / "README.md", target)
        anchor = urlsplit(target).fragment
        if not opened.is_relative_to(ROOT) or not opened.is_file():
            broken.append(f"{target}: no such file")
        elif anchor and opened.suffix == ".md":
            headings = re.findall(r"^#+\s+(.*)$", opened.read_text(encoding="utf-8"), re.MULTILINE)
            if anchor not in {github_anchor(h) for h in headings}:
                broken.append(f"{target}: no heading #{anchor}")
    assert not broken, "README.md:\n" + "\n".join(broken)
