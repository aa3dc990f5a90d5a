"""The Table widget in a real JupyterLab: four seats, the replay slider driven from the page (keyboard and
buttons) and from Python, and no hidden card in the DOM of a seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.widgets._base import card_id
from charlemagne_learn.widgets.table import Table
state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)

def hidden(step):
    shown = state.at(step)
    kitty = shown.at(0).kitty if shown.view("S").kitty is None else []
    return sorted({card_id(c) for s in "NEW" for c in shown.hand(s)} | {card_id(c) for c in kitty})

south = Table(state, seat="S")
south
"""

TEACHER = """
teacher = Table.replay(state)
teacher
"""

DOM_CARDS = "(root) => [...root.querySelectorAll('[data-card]')].map((b) => b.dataset.card)"


def _dom_cards(page: Any, selector: str) -> set[str]:
    return set(page.locator(selector).first.evaluate(DOM_CARDS))


def test_table_seats_replay_slider_and_hidden_cards(notebook: Any) -> None:
    book = notebook(SETUP, TEACHER)
    page = book.page
    south = page.locator(".cl-table").nth(0)
    teacher = page.locator(".cl-table").nth(1)
    south.locator(".cl-seat").first.wait_for(timeout=30_000)
    expect(south.locator(".cl-seat")).to_have_count(4)
    assert [south.locator(f".cl-seat-{p}").get_attribute("data-seat") for p in ("top", "left", "right", "bottom")] == [
        "N",
        "W",
        "E",
        "S",
    ]
    # the end of the hand, seen from South: the other hands are empty; the kitty South took is shown
    expect(south.locator(".cl-contract")).to_contain_text("6 ♣ by South")
    expect(south.locator(".cl-scores")).to_contain_text("Points: NS")

    # Python reaches the page: the middle of the play
    book.value("setattr(south, 'step', 14)")
    south.locator(".cl-step", has_text="Trick 2, third card").wait_for(timeout=10_000)
    expect(south.locator(".cl-seat.cl-to-move")).to_have_attribute("data-seat", "E")
    expect(south.locator(".cl-seat[data-seat='N'] .cl-back")).to_have_count(6)
    expect(south.locator(".cl-seat[data-seat='N'] [data-card]")).to_have_count(0)
    assert not _dom_cards(page, ".cl-table") & set(book.value("hidden(14)"))
    book.screenshot("table")

    # the keyboard moves the slider: one action back, then to the start
    south.locator(".cl-slider").focus()
    page.keyboard.press("ArrowLeft")
    book.wait_value("south.step", 13)
    page.keyboard.press("Home")
    book.wait_value("south.step", 0)
    south.locator(".cl-step", has_text="The deal").wait_for(timeout=10_000)
    assert not _dom_cards(page, ".cl-table") & set(book.value("hidden(0)"))
    expect(south.locator(".cl-kitty .cl-back")).to_have_count(2)

    # the buttons: trick by trick, action by action (and Enter on a focused button)
    south.locator(".cl-next-trick").click()
    book.wait_value("south.step", 7)
    south.locator(".cl-next-trick").click()
    book.wait_value("south.step", 11)
    south.locator(".cl-next-action").focus()
    page.keyboard.press("Enter")
    book.wait_value("south.step", 12)
    south.locator(".cl-prev-trick").click()
    book.wait_value("south.step", 11)
    south.locator(".cl-step", has_text="Trick 1, fourth card").wait_for(timeout=10_000)
    assert not _dom_cards(page, ".cl-table") & set(book.value("hidden(11)"))
    expect(south.locator(".cl-last-trick .cl-card")).to_have_count(4)

    # the teacher's replay: every hand face up, stepped trick by trick
    expect(teacher.locator(".cl-step")).to_have_text("The deal")
    expect(teacher.locator(".cl-seat[data-seat='N'] [data-card]")).to_have_count(8)
    teacher.locator(".cl-next-trick").click()
    teacher.locator(".cl-next-trick").click()
    book.wait_value("teacher.step", 11)
    teacher.locator(".cl-step", has_text="Trick 1, fourth card").wait_for(timeout=10_000)
    teacher.locator(".cl-next-action").click()
    book.wait_value("teacher.step", 12)
    teacher.locator(".cl-trick-now .cl-card").first.wait_for(timeout=10_000)
    teacher.scroll_into_view_if_needed()
    book.screenshot("table_replay")
    assert book.real_errors() == []
