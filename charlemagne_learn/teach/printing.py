"""Pages to print: a page of HTML written as ``.html``, or printed to ``.pdf`` by Chromium (through Playwright).

The cheat sheet, answer keys and hand records are each one HTML page with print styles; this is the one
place that turns such a page into a file.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path

from ..course import write_whole
from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import sentence

__all__ = ["PrintError", "check_target", "write_page"]

_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


class PrintError(CharlemagneError):
    """A page cannot be written where or how it was asked."""


def system_chromium() -> str | None:
    """The system's Chromium (the course's machines install it with apt), or None for Playwright's own."""
    return next((found for name in _CHROMIUM_NAMES if (found := shutil.which(name))), None)


def check_target(path: str | Path, what: str = "page") -> Path:
    """``path`` as a :class:`Path` if a page can be written there (a name ending in ``.html`` or ``.pdf``, in a
    folder that exists and takes new files, not a folder or a device); a :class:`PrintError` saying why not.
    Asked before the page is made, so that minutes of work are not lost to a typing mistake."""
    if not isinstance(path, (str, Path)) or not str(path).strip():
        raise PrintError(sentence("print.suffix", what=what, name=quote(path)))
    target = Path(path)
    if target.suffix.lower() not in (".html", ".pdf"):
        raise PrintError(sentence("print.suffix", what=what, name=quote(target.name)))
    shown = quote(str(target), 120)
    try:
        _check_writable(target, what, shown)
    except PrintError:
        raise
    except OSError as exc:  # a name too long, a file where a folder should be, a permission refused, a lost disk
        raise PrintError(sentence("print.cannot", what=what, target=shown, why=exc.strerror or exc)) from None
    except ValueError as exc:  # a NUL character, which no file's name may hold
        raise PrintError(sentence("print.cannot", what=what, target=shown, why=exc)) from None
    return target


def _check_writable(target: Path, what: str, shown: str) -> None:
    """The tests of :func:`check_target` that ask the system, which may refuse any of them with an OSError of its
    own (Path.is_dir and Path.exists pass over some errors, not all: a name too long is raised, a NUL is hidden)."""
    if not target.parent.is_dir():
        raise PrintError(sentence("print.folder", what=what, target=shown, folder=quote(str(target.parent), 120)))
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):  # a folder, or a pipe or device that would block
        raise PrintError(sentence("print.not_a_file", what=what, target=shown))
    # a file made and removed: the one test of "may I write here" that holds for root and read-only disks too
    handle, probe = tempfile.mkstemp(prefix=".charlemagne-", suffix=".tmp", dir=target.parent)
    os.close(handle)
    os.unlink(probe)
    if status is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def write_page(path: str | Path, page: str, what: str = "page") -> Path:
    """Write ``page`` (a whole HTML document) to ``path``: ``.html`` as it is, ``.pdf`` printed by Chromium at
    the page's own CSS page size, backgrounds included. ``what`` names the page in messages."""
    target = check_target(path, what)
    if target.suffix.lower() == ".html":
        try:
            write_whole(target, page)
        except OSError as exc:  # a disk that filled up, a file taken away meanwhile
            shown = quote(str(target), 120)
            raise PrintError(sentence("print.cannot", what=what, target=shown, why=exc.strerror or exc)) from None
        return target
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise PrintError(sentence("print.playwright", what=what)) from None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"])
            try:
                sheet = browser.new_page()
                sheet.set_content(page)
                sheet.pdf(path=str(target), prefer_css_page_size=True, print_background=True)
            finally:
                browser.close()
    except PlaywrightError as exc:
        raise PrintError(sentence("print.chromium", why=str(exc).splitlines()[0])) from None
    return target
