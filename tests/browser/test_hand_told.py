"""The bots' part of the hand told as it happens at the play table: a line for each bid, the kitty, a card put aside
face down, the trump and each card, a step at a time at a pace the learner sets (Continue, by mouse or keyboard;
Skip; a pace that moves on by itself), and never a card the learner cannot see."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=4, bots="rule", grade_moves=False, pace="step")
play
"""


def test_step_by_step_with_continue_skip_and_a_pace(notebook: Any) -> None:
    book = notebook(SETUP, name="hand_told")
    page = book.page
    root = page.locator(".cl-playtable")
    root.locator(".cl-action[data-action='pass']").click()
    story = root.locator(".cl-story")
    story.wait_for(timeout=30_000)
    total = book.value("len(play.state.history) - play._story[1]")
    expect(root.locator(".cl-story-step")).to_have_text(f"Step 1 of {total}")
    expect(root.locator(".cl-prompt")).to_have_text("South passes.")
    assert root.locator(".cl-action").count() == 0 and root.locator(".cl-hint-button").is_hidden()

    root.locator(".cl-continue").click()
    expect(root.locator(".cl-prompt")).to_have_text("West passes.")
    root.locator(".cl-continue").focus()
    page.keyboard.press("Enter")  # the keyboard alone; Continue keeps the focus from step to step
    expect(root.locator(".cl-prompt")).to_have_text("North passes. East wins the bidding with 5. East takes the kitty.")
    page.keyboard.press("Enter")
    expect(root.locator(".cl-prompt")).to_have_text("East puts a card aside, face down.")
    expect(root.locator(".cl-story-step")).to_have_text(f"Step 4 of {total}")

    root.locator(".cl-skip").click()  # straight to the learner's turn, the last line leading the prompt
    expect(root.locator(".cl-prompt")).to_contain_text("East names clubs trump. Your turn")
    assert story.count() == 0 or root.locator(".cl-story").count() == 0

    # a pace that moves on by itself: a card, then the bots' cards told up to the learner's turn, no click
    root.locator(".cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown)").first.click()
    root.locator(".cl-pace").wait_for(timeout=30_000)
    root.locator(".cl-pace").select_option("fast")
    book.wait_value("play.pace", "fast")
    book.wait_value("play.telling", False, timeout=30)
    expect(root.locator(".cl-prompt")).to_contain_text("Your turn")
    assert book.real_errors() == []
