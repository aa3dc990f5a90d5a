"""Links in the lessons and guides: which a notebook shows, and which file a relative one opens. Shared by
``test_links.py`` and ``browser/test_lesson_links.py``."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

#: Every notebook a learner or teacher opens: the lessons, the guide and the dashboard, in both editions.
BOOKS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

# [text](target) and ![alt](target) in markdown (a title after the target is allowed); href= and src= in HTML.
_MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*[\"'])?\s*\)")
_HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def links_in(text: str) -> list[str]:
    """The link targets in a markdown or HTML text, in order."""
    return [html.unescape(m) for m in _MARKDOWN_LINK.findall(text) + _HTML_LINK.findall(text)]


# ![alt](target) in markdown, <img src=...> in HTML: the images a page shows, which the browser loads as it is drawn.
_MARKDOWN_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*[\"'])?\s*\)")
_HTML_IMAGE = re.compile(r"""<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def images_in(text: str) -> list[str]:
    """The addresses of the images a markdown or HTML text shows, in order."""
    return [html.unescape(m) for m in _MARKDOWN_IMAGE.findall(text) + _HTML_IMAGE.findall(text)]


def is_relative(target: str) -> bool:
    """A link to a file beside the page (not a web address, a data: URI or an anchor on the same page)."""
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc and bool(parts.path)


def book_links(path: Path) -> list[str]:
    """Every link a notebook shows: in its markdown cells and in the HTML and markdown of its saved outputs."""
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            found += links_in(cell.source)
        for output in cell.get("outputs", []):
            for kind in ("text/html", "text/markdown"):
                found += links_in(str(output.get("data", {}).get(kind, "")))
    return found


def target_of(page: Path, target: str) -> Path:
    """The file a relative link on ``page`` opens (its #anchor and ?query dropped)."""
    return (page.parent / unquote(urlsplit(target).path)).resolve()


def github_anchor(heading: str) -> str:
    """The #anchor GitHub gives a markdown heading: "## Cards and rank" is ``cards-and-rank``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
