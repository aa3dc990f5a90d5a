"""Cards as a learner sees them in JupyterLab at a normal notebook width (an output area of about 700 and 900 px):
the red joker drawn red, a hand of 8 cards (and a Charlemagne exchange's 11) on one row, a raised first card whole,
and the play table naming the phase instead of a trick in progress."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

SETUP = """
import charlemagne_learn as cl
from charlemagne_learn.widgets import Hand, PlayTable, Table
rules = cl.Rules.preset("canadian")
k = cl.Contract(rules, "6", "N", "H")
hand = Hand("RJ BJ JH JD AH KH AS 10C", contract=k)
hand.select("RJ")
hand
"""
TABLE = """
table = PlayTable("canadian", "S", seed=0, grade_moves=False, pace="normal")
table
"""
EXCHANGE = """
state = cl.HandState.new(rules, dealer="E", seed=3)
state.apply(cl.Action.parse("bid charlemagne"))
while state.to_move != cl.Seat.S or state.phase is not cl.Phase.DISCARD:
    state.apply(state.legal_actions()[0] if state.phase is not cl.Phase.BIDDING else cl.Action.parse("pass"))
exchange = Table(state, seat="S")
exchange
"""

# Each card's box, its colour, and the output area it is drawn in (which clips what leaves it).
MEASURE = """(selector) => [...document.querySelectorAll(selector)].map((card) => {
  const r = card.getBoundingClientRect();
  const out = card.closest('.jp-OutputArea-output').getBoundingClientRect();
  return { id: card.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
           colour: getComputedStyle(card).color, outLeft: out.left, outRight: out.right, outWidth: out.width,
           outTop: out.top };
})"""


def _one_row(cards: list[dict[str, Any]], count: int) -> None:
    assert len(cards) == count
    tops = {round(c["top"]) for c in cards if c["id"] != "RJ"}  # the selected card is raised on purpose
    assert len(tops) == 1, f"the cards wrap onto {len(tops)} rows: {[(c['id'], c['top']) for c in cards]}"
    for c in cards:  # nothing leaves the output area, where it would be clipped
        assert c["outLeft"] <= c["left"] - 3 and c["right"] + 3 <= c["outRight"], c


@pytest.mark.parametrize("viewport", [1130, 1330])
def test_cards_read_whole_on_one_row_in_their_own_colours(notebook: Any, viewport: int) -> None:
    book = notebook(SETUP, TABLE, EXCHANGE, name=f"cards_on_screen_{viewport}")
    page = book.page
    page.set_viewport_size({"width": viewport, "height": 1400})
    page.locator(".cl-table-picture .cl-seat-bottom .cl-card").first.wait_for(timeout=30_000)
    page.locator(".cl-table .cl-seat-bottom .cl-card").first.wait_for(timeout=30_000)
    page.wait_for_timeout(300)

    hand = page.evaluate(MEASURE, ".cl-hand .cl-card")
    assert 650 <= hand[0]["outWidth"] <= 950, f"an output area of {hand[0]['outWidth']} px is no normal notebook width"
    _one_row(hand, 8)
    colours = {c["id"]: c["colour"] for c in hand}
    assert colours["RJ"] == "rgb(192, 0, 0)" and colours["JH"] == "rgb(192, 0, 0)", colours
    assert colours["BJ"] == "rgb(17, 17, 17)" and colours["AS"] == "rgb(17, 17, 17)", colours
    # the selected first card is raised with its ring, and the ring is inside the output area
    raised = next(c for c in hand if c["id"] == "RJ")
    assert raised["top"] < min(c["top"] for c in hand if c["id"] != "RJ")
    assert raised["left"] - 3 >= raised["outLeft"]

    # drawn faces: the rank and suit in the corner, the suit large in the middle; the jokers' star, the high one's
    # ringed (the spoken label is the button's, the face is hidden from screen readers)
    faces = page.evaluate("""() => [...document.querySelectorAll('.cl-hand .cl-card')].map((c) => ({
      id: c.dataset.card, rank: c.querySelector('.cl-corner .cl-rank').textContent,
      suit: c.querySelector('.cl-corner .cl-corner-suit').textContent, pip: c.querySelector('.cl-pip').textContent,
      high: c.classList.contains('cl-joker-high'), hidden: c.querySelector('.cl-pip').getAttribute('aria-hidden'),
      label: c.getAttribute('aria-label'), height: c.getBoundingClientRect().height,
      width: c.getBoundingClientRect().width }))""")
    by_id = {f["id"]: f for f in faces}
    assert (by_id["10C"]["rank"], by_id["10C"]["suit"], by_id["10C"]["pip"]) == ("10", "♣", "♣")
    assert (by_id["JD"]["rank"], by_id["JD"]["pip"]) == ("J", "♦") and "little jack" in by_id["JD"]["label"]
    assert by_id["RJ"]["pip"] == by_id["BJ"]["pip"] == "★" and by_id["RJ"]["rank"] == "JOKER"
    assert by_id["RJ"]["high"] and not by_id["BJ"]["high"]
    assert all(f["hidden"] == "true" for f in faces)
    assert all(1.3 <= f["height"] / f["width"] <= 1.5 for f in faces), faces  # a playing card's shape

    south = page.evaluate(MEASURE, ".cl-playtable .cl-seat-bottom .cl-card")
    _one_row(south, 8)
    assert page.locator(".cl-playtable .cl-middle .cl-caption").first.inner_text() == "Bidding"
    assert "Bidding" in page.locator(".cl-playtable .cl-status").inner_text()
    assert page.get_by_text("Trick in progress").count() == 0

    exchange = page.evaluate(MEASURE, ".cl-table .cl-seat-bottom .cl-card")
    _one_row(exchange, 11)
    book.screenshot(f"cards_on_screen_{viewport}")
    assert book.real_errors() == []


PRINTED = """
import charlemagne_learn as cl
from charlemagne_learn.analysis import hint
from charlemagne_learn.analysis.shown import hint_text
state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="N", seed=1)
print(hint_text(hint(state.view(state.to_move), 4)))
"""


def test_a_printed_table_breaks_no_word(notebook: Any) -> None:
    """JupyterLab wraps printed text anywhere (``word-break: break-all``): a printed table must fit, so that its
    lines are the ones the package broke, between words."""
    book = notebook(PRINTED, name="printed_table")
    page = book.page
    page.set_viewport_size({"width": 1130, "height": 1400})
    pre = page.locator(".jp-OutputArea-output pre").first
    pre.wait_for(timeout=30_000)
    page.wait_for_timeout(300)
    drawn = page.evaluate(
        """(pre) => {
      const s = getComputedStyle(pre);
      return { text: pre.textContent, height: pre.getBoundingClientRect().height,
               line: parseFloat(s.lineHeight), width: pre.getBoundingClientRect().width,
               pad: parseFloat(s.paddingTop) + parseFloat(s.paddingBottom) };
    }""",
        pre.element_handle(),
    )
    assert 650 <= drawn["width"] <= 950, drawn["width"]
    lines = drawn["text"].rstrip("\n").count("\n") + 1
    assert lines > 20  # the reasons are wrapped into lines of their own
    # as many lines on the screen as in the text: JupyterLab wrapped none of them (which would cut words)
    assert round((drawn["height"] - drawn["pad"]) / drawn["line"]) == lines, drawn
    book.screenshot("printed_table")
    assert book.real_errors() == []
