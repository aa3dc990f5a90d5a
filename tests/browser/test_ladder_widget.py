"""The TrumpLadder widget in a real JupyterLab: it renders, a trump button reaches Python, Python reaches the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.ladder import TrumpLadder
ladder = TrumpLadder("canadian", "H")
ladder
"""


def test_ladder_buttons_keyboard_and_python_updates(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-ladder")
    first = root.locator(".cl-ladder-trumps li").first
    first.wait_for(timeout=30_000)
    expect(root.locator(".cl-ladder-trumps button.cl-card")).to_have_count(11)
    expect(root.locator("[data-gap='JD']")).to_have_text("J♦ is a trump now")
    book.screenshot("trump_ladder")

    # a click on ♠ reaches Python, which redraws: jokers on top, J♣ is the little jack, clubs is one short
    root.locator("button[data-suit='S']").click()
    book.wait_value("ladder.trump", "S")
    root.locator(".cl-ladder-trumps button[data-card='JC']").wait_for(timeout=10_000)
    expect(first.locator("button")).to_have_attribute("data-card", "RJ")
    expect(root.locator(".cl-ladder-trumps button[data-card='JC']")).to_have_attribute(
        "aria-label", "jack of clubs — little jack"
    )
    expect(root.locator("section[data-suit='C'] button.cl-card")).to_have_count(7)
    expect(root.locator("button[data-suit='S'][aria-pressed='true']")).to_have_count(1)

    # the keyboard: focus ♦ and press Enter
    root.locator("button[data-suit='D']").focus()
    page.keyboard.press("Enter")
    book.wait_value("ladder.trump", "D")
    root.locator(".cl-ladder-trumps button[data-card='JH']").wait_for(timeout=10_000)

    # the variant selector reaches Python too
    root.locator("select.cl-ladder-variant").select_option("bid_euchre")
    book.wait_value("ladder.variant", "bid_euchre")
    root.locator(".cl-ladder-trumps li").first.filter(has_text="right bower").wait_for(timeout=10_000)

    # Python reaches the page: the American game, nine of spades on top, no jokers
    book.value("setattr(ladder, 'variant', 'american') or setattr(ladder, 'trump', 'S')")
    root.locator(".cl-ladder-trumps li").first.locator("button[data-card='9S']").wait_for(timeout=10_000)
    expect(root.locator("button[data-card='RJ']")).to_have_count(0)
    assert root.locator(".cl-ladder-variant").input_value() == "american"
    assert book.real_errors() == []
