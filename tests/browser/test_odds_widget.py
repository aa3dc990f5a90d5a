"""BidOddsExplorer in a real JupyterLab: typing a hand, computing with a progress bar, errors, Python to page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.odds import BidOddsExplorer
explorer = BidOddsExplorer(samples=50, auto=False)
seen = []
explorer.observe(lambda change: seen.append(change["new"]), names="progress")
explorer
"""


def test_type_a_hand_compute_and_see_the_bars(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-odds")
    box = root.locator("input.cl-odds-input")
    box.wait_for(timeout=30_000)
    expect(root.locator(".cl-odds-hand .cl-card")).to_have_count(8)

    box.fill("RJ JH JD AH 10H AS KC 9D")
    root.locator(".cl-odds-compute").click()
    root.locator(".cl-odds-row").nth(7).wait_for(timeout=30_000)
    assert root.locator("progress.cl-odds-progress").evaluate("p => p.value") == 1
    expect(root.locator(".cl-odds-progress-text")).to_have_text("50 of 50 deals")
    assert book.value("len(seen) >= 3 and seen[-1] == 1.0") is True
    assert book.value("str(explorer.hand[0])") == "RJ"
    first = root.locator(".cl-odds-row").first
    expect(first.locator(".cl-odds-bid")).to_have_text("5")
    expect(first.locator(".cl-odds-value")).to_contain_text("%")
    book.screenshot("bid_odds_explorer")

    # a bad hand: the engine's error, the bars stay
    box.fill("RJ JH")
    box.press("Enter")
    root.locator(".cl-message").filter(has_text="bid odds need the 8 different cards").wait_for(timeout=10_000)
    expect(root.locator(".cl-odds-row")).to_have_count(8)

    # Python reaches the page; the page reaches Python
    book.value("setattr(explorer, 'samples', 500)")
    samples = root.locator("select.cl-odds-samples")
    samples.locator("option[value='500']").wait_for(state="attached", timeout=10_000)
    page.wait_for_function("s => s.value === '500'", arg=samples.element_handle(), timeout=10_000)
    samples.select_option("200")
    book.wait_value("explorer.samples", 200)
    root.locator(".cl-odds-method[data-method='bots']").focus()
    page.keyboard.press("Enter")
    book.wait_value("explorer.method", "bots")
    assert book.real_errors() == []
