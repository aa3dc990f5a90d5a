"""The bots' part of the hand told as it happens at the play table: a line for each bid, the kitty, a card put aside
face down, the trump and each card, a step at a time at a pace the learner sets (Continue, by mouse or keyboard;
Skip; a pace that moves on by itself), and never a card the learner cannot see."""

from __future__ import annotations

import re
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
    total = book.value("len(play.state.history) - play.session.story.first")
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


LESSON_TABLE = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable(seat="S", seed=1, bots="rule", grade_moves=False)  # lesson 11's table, its pace left as it comes
play
"""


def test_a_whole_hand_is_told_card_by_card_at_the_learners_pace(notebook: Any) -> None:
    book = notebook(LESSON_TABLE, name="hand_told_whole")
    page = book.page
    root = page.locator(".cl-playtable")
    story, told = root.locator(".cl-story"), root.locator(".cl-told li")
    root.locator(".cl-action[data-action='pass']").click()
    story.wait_for(timeout=30_000)
    # the controls stay up, at step 1, for as long as the learner takes: nothing moves on by itself
    page.wait_for_timeout(3000)
    expect(root.locator(".cl-story-step")).to_have_text(re.compile(r"^Step 1 of \d+$"))
    for control in (".cl-continue", ".cl-skip", ".cl-pace"):
        expect(root.locator(control)).to_be_visible()
    expect(root.locator(".cl-continue")).to_be_focused()  # the keyboard is on Continue from the first step
    expect(told).to_have_text(["South passes."])
    root.locator(".cl-skip").click()  # Skip: straight to the learner's first card, the bidding's lines kept
    expect(story).to_have_count(0)
    expect(root.locator(".cl-prompt")).to_contain_text("Your turn")
    assert told.count() > 1

    first, cards = book.value("len(play.state.history)"), 0
    while True:
        mine = root.locator(".cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown)")
        if book.value("play.state.phase.value") == "over" or mine.count() == 0:
            break
        before = book.value("len(play.state.history)")
        mine.first.focus()
        page.keyboard.press("Enter")  # a card played from the keyboard
        story.or_(root.locator(".cl-review-panel")).first.wait_for(timeout=30_000)
        step = 1
        while book.value("play.telling"):
            expect(root.locator(".cl-story-step")).to_have_text(re.compile(rf"^Step {step} of \d+$"))
            expect(told).to_have_count(step)
            expect(root.locator(".cl-continue")).to_be_focused()
            page.keyboard.press("Enter")  # Continue: one card more, and its line
            step += 1
            expect(told).to_have_count(step)
        # each card since the learner's own, told in turn in a line of its own, left on show
        lines = book.value(
            "[__import__('charlemagne_learn.teach.narration', fromlist=['narrate']).narrate(play.state, m, play.seat)"
            f" for m in range({before}, len(play.state.history))]"
        )
        expect(told).to_have_text(lines)
        cards += len(lines)
    # every action from the learner's first card to the end of the hand was told
    assert book.value("play.state.phase.value") == "over" and cards == book.value("len(play.state.history)") - first
    expect(root.locator(".cl-review-panel")).to_be_visible()
    # the review: each decision's reason at the panel's whole width (up to a line's comfortable length), in the
    # panel's own size of type, at a notebook's usual width and at a narrow one
    for width in (1280, 760):
        page.set_viewport_size({"width": width, "height": 900})
        sizes = root.locator(".cl-review-panel").evaluate(
            """(panel) => { const why = [...panel.querySelectorAll('.cl-review-why')];
                const font = (e) => parseFloat(getComputedStyle(e).fontSize);
                return { panel: panel.clientWidth, font: font(panel), n: why.length,
                         widths: why.map((e) => e.getBoundingClientRect().width), fonts: why.map(font) }; }"""
        )
        assert sizes["n"] == book.value("len(play.review['lines'])") > 0
        assert min(sizes["widths"]) >= min(0.85 * sizes["panel"], 30 * sizes["font"]), (width, sizes)
        assert min(sizes["fonts"]) >= sizes["font"], (width, sizes)
    assert book.real_errors() == []
