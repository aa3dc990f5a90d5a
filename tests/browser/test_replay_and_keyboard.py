"""After a hand at the play table: the replay steps through it (buttons, slider, arrow keys), every hand face up,
the learner's grades on their own moves; and a whole hand played with the keyboard alone, from the first bid to
the review."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

OVER = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=8)
while play.state.phase.value != "over":
    play.play(str(play.state.legal_actions()[-1]))
play
"""


def test_the_replay_steps_through_the_hand_with_the_learners_grades(notebook: Any) -> None:
    book = notebook(OVER, name="replay")
    page = book.page
    root = page.locator(".cl-playtable")
    bar = root.locator(".cl-replay")
    bar.wait_for(timeout=30_000)
    expect(bar.locator(".cl-replay-where")).to_have_text(
        "Trick 8, third card"
    )  # a trick, not a move number (a lone bidder: three cards a trick)
    bar.locator(".cl-replay-slider").fill("0")  # the deal
    book.wait_value("play.replay", 0)
    expect(bar.locator(".cl-replay-line")).to_have_text("The deal: every hand as dealt.")
    for seat in "NESW":
        expect(root.locator(f".cl-seat[data-seat='{seat}'] .cl-card")).to_have_count(8)
    expect(bar.locator(".cl-replay-back")).to_be_disabled()

    # forward by the button, then by the keyboard: the focus stays on the control that moved the replay
    bar.locator(".cl-replay-forward").click()
    expect(bar.locator(".cl-replay-where")).to_have_text("The bidding")
    bar.locator(".cl-replay-forward").focus()
    page.keyboard.press("Enter")
    expect(bar.locator(".cl-replay-where")).to_have_text("The bidding")
    # the second action is the learner's bid: its grade as the review gave it
    graded = book.value("{l['move']: l['grade_word'] for l in play.review['lines']}")
    expect(bar.locator(".cl-replay-line .cl-grade")).to_have_text(f"your choice: {graded[2]}")
    bar.locator(".cl-replay-slider").focus()
    page.keyboard.press("ArrowRight")
    book.wait_value("play.replay", 3)
    expect(bar.locator(".cl-replay-line")).to_contain_text("passes")
    assert book.real_errors() == []


FRESH = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=2, bots="rule", grade_samples=4, hint_samples=4, pace="fast")
play
"""


def test_a_whole_hand_with_the_keyboard_alone(notebook: Any) -> None:
    """Tab moves among the learner's choices (bid buttons, cards, the exchange's Confirm), Enter takes one."""
    book = notebook(FRESH, name="keyboard_hand")
    page = book.page
    root = page.locator(".cl-playtable")
    # a choice to make: a button (Confirm once the discards are chosen, a bid, a trump…), else a card not chosen yet
    offered = (
        ".cl-playtable .cl-action-confirm, "
        ".cl-playtable .cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown):not(.cl-selected), "
        ".cl-playtable .cl-action:not(.cl-action-undo)"
    )
    root.locator(".cl-action").first.wait_for(timeout=30_000)
    for _ in range(80):
        if root.locator(".cl-review-panel").count():
            break
        book.wait_value("play.telling", False, timeout=30)
        if book.value("play.state.phase.value") == "over":
            break
        page.locator(offered).first.wait_for(timeout=30_000)
        buttons = root.locator(".cl-action-confirm, .cl-action:not(.cl-action-undo)")
        (buttons.first if buttons.count() else page.locator(offered).first).focus()
        handle = page.locator(".cl-playtable .cl-table-picture").element_handle()
        page.keyboard.press("Enter")
        page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=30_000)
    root.locator(".cl-review-panel").wait_for(timeout=60_000)
    assert book.value("play.state.phase.value") == "over"
    assert book.real_errors() == []
