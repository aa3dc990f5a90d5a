"""The BidBox widget in a real JupyterLab: legal bids reach the callback, a refused bid says why, keyboard works."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
import charlemagne_learn as cl
from charlemagne_learn.widgets.bidbox import BidBox
state = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
state.apply("bid 6")
box = BidBox(state=state)
heard = []
box.on_bid(lambda action: heard.append(str(action)))
box
"""


def test_bidbox_clicks_reasons_keyboard_and_python_updates(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-bidbox")
    seven = root.locator("button[data-action='bid 7']")
    seven.wait_for(timeout=30_000)
    expect(root.locator("button.cl-bid")).to_have_count(9)
    expect(root.locator("button.cl-bid-off")).to_have_count(2)  # 5 and 6 are below East's 6
    book.screenshot("bid_box")

    # a disabled bid: the engine's reason, nothing reaches the callback
    # (aria-disabled, not disabled: it stays focusable and clickable, so Playwright is told not to wait)
    root.locator("button[data-action='bid 5']").click(force=True)
    root.locator(".cl-message").filter(has_text="a bid must be higher than bid 6").wait_for(timeout=10_000)
    book.wait_value("heard", [])

    # a legal bid by mouse reaches the callback in the kernel; the state is left to the caller
    seven.click()
    book.wait_value("heard", ["bid 7"])
    assert book.value("len(state.history)") == 1
    root.locator("button[data-action='bid 7'][aria-pressed='true']").wait_for(timeout=10_000)

    # the keyboard: Tab from one bid to the next, then Enter
    seven.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    book.wait_value("heard", ["bid 7", "bid 8"])

    # Python reaches the page: the caller applies a bid and updates the box
    book.value("state.apply('bid mulot') or box.update(state)")
    root.locator(".cl-caption").filter(has_text="highest so far: Mulot by South").wait_for(timeout=10_000)
    expect(root.locator("button.cl-bid:not(.cl-bid-off)")).to_have_count(4)  # pass and the three bids above Mulot
    assert book.real_errors() == []
