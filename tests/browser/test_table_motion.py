"""Motion with meaning at the play table: a played card travels from the hand (a bot's from its seat) to the trick,
in the order played, the side that won a trick lights up, and nothing moves for a learner who asks for reduced
motion (the picture is the same, drawn at once)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.playtable import PlayTable
play = PlayTable("canadian", "S", seed=1, bots="rule", grade_moves=False, pace="normal")
play.play("bid gros_charlemagne")
while play.state.phase.value != "play":
    play.play(str(play.state.legal_actions()[0]))
play
"""

# Every card the page animates, by its data-card, in the order the animations start (Element.animate wrapped).
RECORD = """() => {
  window.__moved = [];
  if (!window.__animate) {
    window.__animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      if (this.dataset && this.dataset.card) window.__moved.push(this.dataset.card);
      return window.__animate.apply(this, args);
    };
  }
}"""
SOUTH_CARD = ".cl-playtable .cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown)"


def _play_first_card(page: Any) -> str:
    card = page.locator(SOUTH_CARD).first
    card.wait_for(timeout=30_000)
    chosen = card.get_attribute("data-card")
    handle = card.element_handle()
    card.click()
    page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=30_000)
    page.locator(f".cl-playtable .cl-played .cl-card[data-card='{chosen}']").first.wait_for(timeout=30_000)
    return str(chosen)


def _told(book: Any) -> None:
    """Wait until the bots' part of the hand has been told, a step at a time, up to the learner's turn."""
    book.wait_value("play.telling", False, timeout=30)
    book.page.locator(SOUTH_CARD).first.wait_for(timeout=30_000)


def test_a_played_card_travels_to_the_trick_and_the_winners_side_lights_up(notebook: Any) -> None:
    book = notebook(SETUP, name="table_motion")
    page = book.page
    page.evaluate(RECORD)
    chosen = _play_first_card(page)
    # the winner's side lights up when the trick is finished, told a step at a time
    page.locator(".cl-playtable .cl-seat.cl-won-trick").first.wait_for(timeout=10_000)
    _told(book)
    # the learner's card first, then the bots' cards of the same trick, in the order played
    # (the trick it finished, then any card the trick's winner led to the next)
    finished = page.evaluate("""() => [...document.querySelectorAll('.cl-playtable .cl-last-trick .cl-card')]
        .map((c) => c.dataset.card)""")
    begun = page.evaluate("""() => [...document.querySelectorAll('.cl-playtable .cl-trick-now .cl-card')]
        .map((c) => c.dataset.card)""")
    moved = page.evaluate("window.__moved")
    assert finished[0] == chosen and len(finished) == 3, finished  # Gros Charlemagne: three players
    assert moved == finished + begun, (moved, finished, begun)
    # the winner's side was lit for a moment (South alone, or East and West together), then out again
    page.wait_for_function("() => !document.querySelector('.cl-playtable .cl-won-trick')", timeout=10_000)
    assert book.real_errors() == []


def test_nothing_moves_for_a_learner_who_asks_for_reduced_motion(notebook: Any) -> None:
    book = notebook(SETUP, name="table_still")
    page = book.page
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(RECORD)
    chosen = _play_first_card(page)
    # the same pictures: the card is on the table, the trick's winner still marked; nothing moved
    assert page.locator(f".cl-playtable .cl-played .cl-card[data-card='{chosen}']").count() >= 1
    page.locator(".cl-playtable .cl-seat.cl-won-trick").first.wait_for(timeout=10_000)
    _told(book)
    assert page.evaluate("window.__moved") == []


OVER = """
from charlemagne_learn.widgets.playtable import PlayTable
over = PlayTable("canadian", "S", seed=4, bots="rule", grade_moves=False, pace="normal")
while over.state.phase.value != "over":
    over.play(str(over.state.legal_actions()[-1]))
over
"""


def test_at_the_end_of_the_hand_every_hand_and_the_kitty_are_face_up(notebook: Any) -> None:
    book = notebook(OVER, name="table_over")
    page = book.page
    page.locator(".cl-playtable .cl-review-panel").wait_for(timeout=30_000)
    for seat in "NESW":
        faces = page.locator(f".cl-playtable .cl-seat[data-seat='{seat}'] .cl-card")
        assert faces.count() == book.value(f"len(over.picture['seats']['NESW'.index('{seat}')]['cards'])") >= 7
    assert page.locator(".cl-playtable .cl-seat .cl-back").count() == 0  # no card face down
    assert page.locator(".cl-playtable .cl-kitty .cl-card").count() >= 2
    assert page.locator(".cl-playtable .cl-review-panel .cl-result").inner_text() == book.value(
        "over.picture['result']"
    )
