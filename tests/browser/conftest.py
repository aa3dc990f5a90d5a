"""Fixtures of the widget and lesson tests: JupyterLab in a subprocess and headless Chromium driven by Playwright.

The launcher itself lives in ``_jupyter.py`` (the widget latency benchmark uses it too); how they run is
``tests/browser/README.md``. Without Chromium or Playwright the tests skip on a developer's machine and
fail when ``CI`` is set: CI must always run them.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from _jupyter import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    OFFLINE_ARGS,
    Lab,
    Notebook,
    chromium,
    running_browser,
    running_lab,
    write_notebook,
)

__all__ = ["ARTIFACTS", "CHROMIUM_ARGS", "Lab", "Notebook"]

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    # The test modules import Playwright at the top: without it they are left out of collection (a developer's
    # `pytest -m "not browser"` must not fail there), never under CI, where a missing Playwright is an error.
    collect_ignore_glob = ["test_*.py"]


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and browser tests must run in CI (.ci/run installs it)")
    pytest.skip(f"{what} is not available on this machine")


def _need_browser() -> None:
    if chromium() is None:
        _need("Chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        _need("Playwright")


@pytest.fixture(autouse=True)
def jp_asyncio_loop() -> Iterator[None]:
    """No event loop of pytest-jupyter's here: the server tests load its plugin for the whole run, and its loop,
    closed after each test, would be Playwright's own (still running) in a run that takes both kinds of test."""
    yield None


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    _need_browser()
    with running_lab(tmp_path_factory.mktemp("jupyter")) as running:
        yield running


@pytest.fixture
def lessons_lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab started as ``python3 tasks.py lessons`` starts it: its options, this environment's settings."""
    _need_browser()
    (tmp_path / "home").mkdir()
    with running_lab(tmp_path / "home", as_lessons=True) as running:
        yield running


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Any]:
    """The one Playwright of the test session, which every browser is launched from."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(lab: Lab, playwright_session: Any) -> Iterator[Any]:
    with running_browser(playwright=playwright_session) as b:
        yield b


@pytest.fixture(scope="session")
def offline_browser(playwright_session: Any) -> Iterator[Any]:
    """Chromium without JupyterLab beside it, and with no way to the internet (:data:`OFFLINE_ARGS`)."""
    with running_browser(OFFLINE_ARGS, playwright_session) as b:
        yield b


@pytest.fixture
def notebook(lab: Lab, browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``notebook(cells)`` writes a notebook of those code cells, opens it and runs every cell."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    opened: list[Notebook] = []

    def make(*cells: str, name: str | None = None) -> Notebook:
        stem = name or request.node.name.replace("[", "_").replace("]", "")
        path = write_notebook(lab.root, stem, cells)
        book = Notebook(page, lab, path.name)
        book.open()
        book.run_all()
        opened.append(book)
        return book

    try:
        yield make
    finally:
        failed = getattr(request.node, "rep_call", None)
        if opened and failed is not None and failed.failed:
            opened[-1].screenshot(f"FAILED-{request.node.name}")
        context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
