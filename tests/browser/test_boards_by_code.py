"""A board set in a real JupyterLab: the code typed in its box opens the play table, a board played to its end offers
its result for download from the page itself (no server of ours), and Next board deals the set's next board."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.teach.boards import BoardSet
from charlemagne_learn.widgets import BoardsBox
code = BoardSet("american", seed=6, count=2).code
box = BoardsBox(lang="en", grade_moves=False)
box.shown
"""

PLAY_BOARD = (
    "[box.table.play(str(box.table.state.view(box.table.seat).legal_actions[0])) for _ in range(80) "
    "if box.table.session.done is None] and None"
)


def test_a_board_set_opened_by_its_code_offers_each_boards_result(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    field = page.locator(".cl-namebox-input")
    field.wait_for(timeout=30_000)
    # a homework code typed here: the box says what it is, and nothing opens
    field.fill(book.value("__import__('charlemagne_learn').teach.homework.Homework().code"))
    page.locator(".cl-namebox-save").click()
    page.locator(".cl-message").filter(has_text="is a homework code").wait_for(timeout=30_000)
    assert book.value("box.table") is None
    field.fill(book.value("code").lower())
    page.locator(".cl-namebox-save").click()
    root = page.locator(".cl-playtable")
    root.locator(".cl-status", has_text="Board 1 of 2").wait_for(timeout=60_000)
    expect(root.locator(".cl-download")).to_be_hidden()  # nothing to save before a board is over
    book.value(PLAY_BOARD)
    review = root.locator(".cl-review-panel")
    review.wait_for(timeout=60_000)
    expect(review).to_contain_text("Board 1: your side scores")
    root.locator(".cl-download-csv").wait_for(timeout=10_000)
    with page.expect_download() as saving:
        root.locator(".cl-download-csv").click()
    saved = saving.value
    assert saved.suggested_filename.endswith(f"-{book.value('code')}.csv")
    rows = list(csv.DictReader(io.StringIO(Path(saved.path()).read_bytes()[3:].decode("utf-8"))))
    assert [r["board"] for r in rows] == ["1"] and rows[0]["format"] == "2"
    assert int(rows[0]["score"]) == book.value("box.table.boards.results[0]['score']")
    review.locator(".cl-next-hand").click()
    root.locator(".cl-status", has_text="Board 2 of 2").wait_for(timeout=60_000)
    assert book.real_errors() == []
