"""The Hand widget in a real JupyterLab: it renders, a click reaches Python, Python reaches the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
import charlemagne_learn as cl
from charlemagne_learn.widgets import Hand
k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
hand = Hand("AS JD 7H RJ 9C", contract=k, trick="KH")
picked = []
hand.on_select(lambda card: picked.append(str(card)))
hand
"""


def test_hand_clicks_keyboard_and_python_updates(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    jd = page.locator(".cl-hand button[data-card='JD']")
    jd.wait_for(timeout=30_000)
    expect(page.locator(".cl-hand button.cl-card")).to_have_count(5)
    # the label says what the card is and what it is in this contract
    expect(jd).to_have_attribute("aria-label", "jack of diamonds — little jack")
    assert "cl-illegal" in (page.locator(".cl-hand button[data-card='AS']").get_attribute("class") or "")

    # an illegal card: the engine's reason appears, nothing is selected
    page.locator(".cl-hand button[data-card='AS']").click()
    page.locator(".cl-hand .cl-message").filter(has_text="a heart was led").wait_for(timeout=10_000)
    book.wait_value("hand.selected", "")

    # a legal card by mouse reaches the kernel, and the callback ran
    jd.click()
    book.wait_value("picked", ["J♦"])
    page.locator(".cl-hand button[data-card='JD'][aria-pressed='true']").wait_for(timeout=10_000)

    # the keyboard works: focus a card and press Enter
    page.locator(".cl-hand button[data-card='RJ']").focus()
    page.keyboard.press("Enter")
    book.wait_value("hand.selected", "RJ")

    # Python reaches the page: French labels
    book.value("setattr(hand, 'lang', 'fr')")
    page.locator(".cl-hand button[aria-label='valet de carreau — le petit bar']").wait_for(timeout=10_000)
    book.screenshot("hand")
    assert book.real_errors() == []
