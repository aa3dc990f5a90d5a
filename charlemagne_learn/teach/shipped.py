"""The lessons as the course shipped them, and a lesson started afresh.

In the browser-only site (JupyterLite) a lesson the learner saved is kept in the browser's storage and shown
instead of the site's own copy on every later visit — also after the course was updated. The site's build writes
``shipped.json`` beside each edition's lessons (the folder holding ``course.json``): for each notebook there, the
digest of its cells as the site ships them. A lesson whose cells differ now was edited, or saved from an earlier
version of the site; deleting the browser's copy brings back the site's (:func:`start_afresh`). Outputs are not
compared: a lesson merely run and saved is not "changed".

>>> import json, tempfile
>>> lesson = json.dumps({"cells": [{"cell_type": "code", "source": ["x = 1"]}]})
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = (Path(folder) / "05_bidding.ipynb").write_text(lesson)
...     _ = write_shipped(Path(folder))
...     unchanged = changed_lessons(Path(folder))
...     _ = (Path(folder) / "05_bidding.ipynb").write_text(lesson.replace("x = 1", "x = 2"))
...     unchanged, changed_lessons(Path(folder))
([], ['05_bidding.ipynb'])
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from ..course import COURSE_FILE, lessons_folder, write_whole
from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import sentence

__all__ = [
    "SHIPPED_FILE",
    "AfreshError",
    "cells_digest",
    "changed_lessons",
    "in_browser",
    "shipped",
    "start_afresh",
    "write_shipped",
]

#: The file beside an edition's lessons naming each notebook as the site shipped it.
SHIPPED_FILE = "shipped.json"


class AfreshError(CharlemagneError, ValueError):
    """A lesson that cannot be started afresh: no such lesson in the list, or no list (not the browser-only site)."""


def in_browser() -> bool:
    """Whether this Python runs in the browser (Pyodide), where deleting a lesson only deletes the learner's copy."""
    return sys.platform == "emscripten"


def cells_digest(notebook_text: str) -> str:
    """A digest of a notebook's cells, their kind and text (not their outputs, ids or metadata); ``""`` for text
    that is no notebook (a file damaged counts as changed)."""
    try:
        cells = json.loads(notebook_text)["cells"]
        kept = [[cell["cell_type"], "".join(cell["source"])] for cell in cells]
    except (ValueError, KeyError, TypeError):
        return ""
    return hashlib.sha256(json.dumps(kept, ensure_ascii=False).encode("utf-8")).hexdigest()


def _notebooks(folder: Path) -> list[Path]:
    # an edition's own lessons, and the folders under them (the teacher's), not another edition's
    found = []
    for path in sorted(folder.rglob("*.ipynb")):
        parts = path.relative_to(folder).parts
        nested_edition = any((folder.joinpath(*parts[:i]) / COURSE_FILE).is_file() for i in range(1, len(parts)))
        if not nested_edition and not any(p.startswith(".") for p in parts):
            found.append(path)
    return found


def write_shipped(folder: Path) -> Path:
    """Write :data:`SHIPPED_FILE` in ``folder`` for the notebooks there (the site's build does, for each edition)."""
    digests = {
        p.relative_to(folder).as_posix(): cells_digest(p.read_text(encoding="utf-8")) for p in _notebooks(folder)
    }
    path = folder / SHIPPED_FILE
    write_whole(path, json.dumps(digests, indent=1, sort_keys=True))
    return path


def title_in(cells: object) -> str:
    """A lesson's title: the first line of its first cell that opens with a heading ("# Lesson 7 — Mulot"), or ""
    where none does (a notebook's cells as read from its file, whatever they hold).

    >>> title_in([{"cell_type": "markdown", "source": ["# Lesson 7 — Mulot\\n", "Text"]}])
    'Lesson 7 — Mulot'
    """
    for cell in cells if isinstance(cells, list) else []:
        source = "".join(cell.get("source", [])) if isinstance(cell, dict) else ""
        if isinstance(source, str) and source.startswith("# "):
            return source.splitlines()[0][2:].strip()
    return ""


def notebook_title(path: Path) -> str:
    """The title of the lesson saved at ``path`` (:func:`title_in`), "" where the file has none or cannot be read."""
    try:
        return title_in(json.loads(path.read_text(encoding="utf-8")).get("cells", []))
    except (OSError, ValueError, RecursionError, AttributeError, TypeError):
        return ""


def shipped(folder: Path | None = None) -> dict[str, str]:
    """Each lesson's digest as shipped, from ``folder`` (by default the lessons' folder); empty where there is no
    list (JupyterLab, where the lessons are the learner's own files)."""
    folder = folder if folder is not None else lessons_folder()
    if folder is None:
        return {}
    try:
        listed = json.loads((folder / SHIPPED_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(listed, dict):
        return {}
    # a lesson's place below the folder, never above it or elsewhere (what a damaged list names is not deleted)
    return {
        str(k): str(v)
        for k, v in listed.items()
        if str(k).endswith(".ipynb") and not Path(str(k)).is_absolute() and ".." not in Path(str(k)).parts
    }


def changed_lessons(folder: Path | None = None) -> list[str]:
    """The lessons whose cells are no longer as shipped, in the course's order (relative paths)."""
    folder = folder if folder is not None else lessons_folder()
    if folder is None:
        return []
    changed = []
    for lesson, digest in sorted(shipped(folder).items()):
        try:
            now = cells_digest((folder / lesson).read_text(encoding="utf-8"))
        except OSError:
            continue  # deleted by the learner: the site shows its own copy again
        if now != digest:
            changed.append(lesson)
    return changed


def start_afresh(lesson: str, folder: Path | None = None) -> str:
    """Delete the learner's copy of ``lesson`` (a name :func:`changed_lessons` gives), so that the site shows the
    lesson as it ships it; returns the lesson's name. Refused, with nothing deleted, for a name not in the site's
    list, and anywhere but the browser-only site: elsewhere the lesson is the only copy."""
    folder = folder if folder is not None else lessons_folder()
    listed = shipped(folder) if folder is not None else {}
    if not listed or not in_browser():
        raise AfreshError(sentence("afresh.not_site"))
    if not isinstance(lesson, str) or lesson not in listed:
        raise AfreshError(sentence("afresh.unknown", lesson=quote(lesson), lessons=", ".join(sorted(listed))))
    assert folder is not None
    try:
        os.remove(folder / lesson)
    except FileNotFoundError:
        pass  # already as shipped
    except OSError as exc:
        raise AfreshError(sentence("afresh.failed", lesson=lesson, why=exc.strerror or type(exc).__name__)) from None
    return lesson
