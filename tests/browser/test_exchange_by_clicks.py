"""The bidder's exchange in the learner's hands at the play table: cards chosen to put aside stand raised, a click
takes one back, Take them all back undoes the choice, and nothing is put aside until Confirm; by mouse and by
keyboard alone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=1, bots="rule", grade_samples=8, hint_samples=8, pace="normal")
play.play("bid gros_charlemagne")
play.play("choose kitty")
play
"""
MINE = ".cl-playtable .cl-seat[data-seat='S'] .cl-card"


def _redrawn_after(page: Any, act: Any) -> None:
    handle = page.locator(".cl-playtable .cl-table-picture").element_handle()
    act()
    page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=30_000)


def test_choose_take_back_undo_and_confirm_the_discards(notebook: Any) -> None:
    book = notebook(SETUP, name="exchange_by_clicks")
    page = book.page
    root = page.locator(".cl-playtable")
    page.locator(MINE).first.wait_for(timeout=30_000)
    ids = [c.get_attribute("data-card") for c in page.locator(MINE).all()]
    assert len(ids) == 10

    def card(i: int) -> Any:
        return page.locator(f"{MINE}[data-card='{ids[i]}']")

    _redrawn_after(page, lambda: card(-1).click())
    expect(card(-1)).to_have_attribute("aria-pressed", "true")
    expect(root.locator(".cl-prompt")).to_contain_text("1 chosen")
    _redrawn_after(page, lambda: card(-1).click())  # a second click takes it back
    expect(card(-1)).to_have_attribute("aria-pressed", "false")

    _redrawn_after(page, lambda: card(-1).click())
    _redrawn_after(page, lambda: card(-2).click())
    expect(root.locator(".cl-action-confirm")).to_be_visible()
    assert book.value("(play.state.phase.value, len(play.state.hand('S')))") == ("discard", 10)  # not yet
    _redrawn_after(page, lambda: root.locator(".cl-action-undo").click())  # take them all back
    assert root.locator(f"{MINE}.cl-selected").count() == 0 and root.locator(".cl-action-confirm").count() == 0

    # by keyboard alone: Tab to a card, Enter; the same for the second; then to Confirm
    card(-3).focus()
    _redrawn_after(page, lambda: page.keyboard.press("Enter"))
    card(-4).focus()
    _redrawn_after(page, lambda: page.keyboard.press("Enter"))
    root.locator(".cl-action-confirm").focus()
    _redrawn_after(page, lambda: page.keyboard.press("Enter"))
    book.wait_value("play.state.phase.value", "trump")
    assert set(book.value("[str(c) for c in play.state.discarded(play.state.bidder)]")) == {
        book.value(f"str(__import__('charlemagne_learn').Card.parse('{ids[-3]}'))"),
        book.value(f"str(__import__('charlemagne_learn').Card.parse('{ids[-4]}'))"),
    }
    assert book.real_errors() == []
