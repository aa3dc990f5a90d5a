"""Every link of every lesson and guide, in both editions, asked of the lessons server started as
``python3 tasks.py lessons`` starts it (rooted at ``notebooks/``): each file it opens is there (200). And on the
pages that link a printable (the start pages, the teacher's guides), the link as JupyterLab draws it fetches the PDF.
"""

from __future__ import annotations

import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest
from _jupyter import ARTIFACTS, Lab, Notebook

try:
    from tests._links import BOOKS, NOTEBOOKS, book_links, is_relative, target_of
except ImportError:  # tests/ is not a package here
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _links import BOOKS, NOTEBOOKS, book_links, is_relative, target_of  # type: ignore[no-redef]

pytestmark = pytest.mark.browser


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_the_lessons_server_serves_every_file_a_lesson_links_to(lessons_lab: Lab) -> None:
    lab = lessons_lab
    asked, missing = 0, []
    for book in BOOKS:
        for target in filter(is_relative, book_links(book)):
            opened = target_of(book, target)
            path = quote(opened.relative_to(NOTEBOOKS).as_posix()) if opened.is_relative_to(NOTEBOOKS) else target
            # a notebook opens through the contents API, any other file through /files/, as JupyterLab does
            api = "api/contents" if path.endswith(".ipynb") else "files"
            status = _status(f"{lab.base}/{api}/{path}?content=0&token={lab.token}")
            asked += 1
            if status != 200:
                missing.append(f"{book.relative_to(NOTEBOOKS)}: {target} → {status}")
    assert asked > 50 and not missing, "\n".join(missing)


PAGES = [
    "00_start_here.ipynb",
    "fr/00_start_here.ipynb",
    "teachers/teachers_guide.ipynb",
    "fr/teachers/teachers_guide.ipynb",
]


@pytest.mark.parametrize("page", PAGES)
def test_a_printable_opens_from_the_page_as_drawn(page: str, lessons_lab: Lab, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        book = Notebook(context.new_page(), lessons_lab, page)
        book.open()
        anchors = book.page.locator(".jp-RenderedMarkdown a[href*='printables/']")
        anchors.first.wait_for(timeout=30_000)
        hrefs = anchors.evaluate_all("links => links.map(a => a.href)")
        assert hrefs
        for href in hrefs:
            answer = book.page.evaluate(
                "async (url) => { const r = await fetch(url); return [r.status, r.headers.get('content-type')]; }", href
            )
            assert answer[0] == 200 and "pdf" in (answer[1] or ""), (href, answer)
            french = Path(unquote(urlsplit(href).path)).stem.endswith("_fr")
            assert french == page.startswith("fr/"), href
        anchors.first.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        book.page.screenshot(path=str(ARTIFACTS / f"links_{page.replace('/', '_').replace('.ipynb', '')}.png"))
        assert book.real_errors() == []
    finally:
        context.close()
