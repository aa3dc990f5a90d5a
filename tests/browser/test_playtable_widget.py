"""The PlayTable widget in a real JupyterLab: a whole hand against the bots played by clicks only (bids,
exchange, trump, cards) until the review appears, the Hint button, the keyboard, and Python reaching the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=1, bots="rule", hint_samples=6, grade_samples=4, pace="normal")
play
"""

# What a learner may click: an action button, or (while a card is to be chosen) a card that may be played.
ACTION = ".cl-playtable .cl-action:not([disabled])"
# (the learner's cards are shown, not offered, while the bots' part of the hand is told)
CARD = ".cl-playtable .cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown)"
CARD_PHASES = ("play", "discard", "give")


def _click_and_wait(page: Any, target: Any) -> None:
    """Click, then wait until the kernel's answer has redrawn the widget (the clicked node is replaced)."""
    handle = target.element_handle()
    target.click()
    page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=30_000)


def test_a_whole_hand_by_clicks_then_the_review(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-playtable")
    root.locator(".cl-seat").first.wait_for(timeout=30_000)
    expect(root.locator(".cl-seat")).to_have_count(4)
    expect(root.locator(".cl-prompt")).to_have_text("Your turn to bid: choose a bid or pass.")

    # the Hint button ranks the bids, each with its grade
    root.locator(".cl-hint-button").click()
    root.locator(".cl-hint-list li").first.wait_for(timeout=30_000)
    assert root.locator(".cl-hint-list li").count() == book.value("len(play.hint['choices'])") > 1
    expect(root.locator(".cl-hint-list .cl-grade").first).to_have_text("best")

    # the keyboard: the top bid by Enter, so the exchange (choice, discards, trump) is the learner's too
    root.locator(".cl-action[data-action='bid gros_charlemagne']").focus()
    page.keyboard.press("Enter")
    book.wait_value("play.state.phase.value", "choose")
    root.locator(".cl-action[data-action='choose kitty']").wait_for(timeout=10_000)

    # a click that is not allowed: a card while choosing; the engine's reason shows, nothing changes
    root.locator(".cl-seat[data-seat='S'] .cl-card").first.click()
    root.locator(".cl-message").filter(has_text="not allowed now").wait_for(timeout=10_000)
    assert book.value("play.state.phase.value") == "choose"

    phases = set()
    shot = exchange_shot = False
    for _ in range(60):
        if root.locator(".cl-review-panel").count():
            break
        phase = book.value("play.state.phase.value")
        if phase == "over":  # the review follows the last card in a message of its own
            break
        phases.add(phase)
        if phase == "discard" and not exchange_shot:
            # the Hint button ranks whole exchanges: the cards to put aside and the trump together
            root.locator(".cl-hint-button").click()
            root.locator(".cl-hint-list li").first.wait_for(timeout=30_000)
            expect(root.locator(".cl-hint-panel")).to_contain_text("Your exchanges, best first")
            expect(root.locator(".cl-hint-list li").first).to_contain_text(", trump ")
            book.screenshot("play_table_exchange")
            exchange_shot = True
        if phase == "play" and not shot and book.value("len(play.state.tricks)") == 2:
            root.locator(".cl-hint-button").click()
            root.locator(".cl-hint-list li").first.wait_for(timeout=30_000)
            book.screenshot("play_table")
            shot = True
        if phase == "discard":
            # the cards to put aside are chosen one by one (each raised), then confirmed together
            _click_and_wait(page, page.locator(f"{CARD}:not(.cl-selected)").first)
            if root.locator(".cl-action-confirm").count():
                _click_and_wait(page, root.locator(".cl-action-confirm"))
            continue
        _click_and_wait(page, page.locator(CARD if phase in CARD_PHASES else ACTION).first)
        if phase in ("bidding", "play"):
            root.locator(".cl-last-grade .cl-grade").wait_for(timeout=10_000)
        if phase == "trump":  # the exchange is complete: graded as a whole
            root.locator(".cl-last-grade", has_text="You chose discard").wait_for(timeout=30_000)
    review = root.locator(".cl-review-panel")
    review.wait_for(timeout=30_000)
    assert {"choose", "discard", "trump", "play"} <= phases and shot and exchange_shot
    # a decision a block, under where it fell: the bidding, the exchange, the trick and the card's place in it
    items = review.locator(".cl-review-item")
    assert items.count() == book.value("len(play.review['lines'])") > 1
    expect(items.first.locator(".cl-review-when")).to_have_text("The bidding")
    expect(review).to_contain_text("This hand: NS")
    expect(review).to_contain_text("Game: NS")
    review.scroll_into_view_if_needed()
    book.screenshot("play_table_review")

    # Next hand: the review goes, the bots bid up to the learner's turn; Python reaches the page (French)
    review.locator(".cl-next-hand").click()
    book.wait_value("(len(play.game.finished), play.review)", (1, {}))
    book.value("setattr(play, 'lang', 'fr')")
    root.locator(".cl-status", has_text="Donne 2").wait_for(timeout=10_000)
    assert book.real_errors() == []


PEOPLE = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", people="NS", seed=3, bots="rule", grade_samples=4)
play
"""


def test_two_people_pass_the_screen_and_each_sees_only_their_cards(notebook: Any) -> None:
    book = notebook(PEOPLE)
    page = book.page
    root = page.locator(".cl-playtable")
    screen = root.locator(".cl-pass-screen")
    screen.wait_for(timeout=30_000)
    expect(screen).to_have_attribute("data-to", "S")
    expect(root.locator(".cl-seat .cl-card")).to_have_count(0)  # no hand on the table while it passes
    expect(root.locator(".cl-hint-button")).to_be_hidden()
    screen.locator(".cl-ready").click()  # South takes the laptop
    screen.wait_for(state="detached", timeout=30_000)
    south = root.locator(".cl-seat-bottom[data-seat='S'] .cl-card")
    expect(south).to_have_count(8)
    expect(root.locator(".cl-seat[data-seat='N'] .cl-card")).to_have_count(0)
    expect(root.locator(".cl-prompt")).to_contain_text("South")

    root.locator(".cl-action[data-action='pass']").click()
    screen.wait_for(timeout=30_000)
    expect(screen).to_have_attribute("data-to", "N")
    expect(screen.locator(".cl-grade")).to_have_count(0)  # North reads this screen: South's grade is not on it
    expect(screen).not_to_contain_text("You chose")
    expect(root.locator(".cl-seat .cl-card")).to_have_count(0)
    expect(screen.locator(".cl-ready")).to_be_focused()  # North takes the laptop and presses Enter
    page.keyboard.press("Enter")
    screen.wait_for(state="detached", timeout=30_000)
    expect(root.locator(".cl-seat-bottom[data-seat='N'] .cl-card")).to_have_count(8)
    expect(root.locator(".cl-seat[data-seat='S'] .cl-card")).to_have_count(0)
    expect(root.locator(".cl-last-grade")).to_be_hidden()  # South's grade is not left for North
    book.screenshot("playtable_people")
    assert book.value("play.seat.name") == "N" and book.real_errors() == []
