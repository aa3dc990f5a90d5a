"""A hand played with real cards typed in on the page (HandTyper): the cards dealt by clicks into the seats, a
board's last cards clicked by mouse and by keyboard alone (only the legal ones can be), Undo, then the play table's
review and replay; and the whole of it readable in JupyterLab Light and Dark (axe-core, every rule, and each text's
contrast measured)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from _jupyter import ARTIFACTS, use_theme
from playwright.sync_api import expect
from test_theme_accessibility import _AXE_RUN, _CONTRAST, AXE, _findings

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.teach.played import PlayedHand
from charlemagne_learn.widgets import HandTyper
from charlemagne_learn.widgets._base import card_id
hand = play_hand(PlayedHand.from_board("canadian", 1, 1).state(), {s: make_bot("rule", int(s)) for s in Seat})
typer = HandTyper("canadian", seed=1, board=1, grade_samples=8, lang="en")
for _, action in hand.history[:-3]:  # all but the last trick's cards, which the page clicks
    typer.play(action)
typer
"""
DEALING = """
dealing = HandTyper("canadian", seed=1, board=None, lang="fr")
dealing
"""
TYPER = ".cl-playtable >> nth=0"


def _redrawn_after(page: Any, root: Any, act: Any) -> None:
    handle = root.locator(".cl-table-picture").element_handle()
    act()
    page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=30_000)


def test_a_board_typed_in_by_clicks_then_reviewed(notebook: Any) -> None:
    book = notebook(SETUP, DEALING, name="hand_typer")
    page = book.page
    root = page.locator(TYPER)
    mover = root.locator(".cl-seat.cl-to-move")
    mover.locator(".cl-card").first.wait_for(timeout=60_000)
    # the last trick: only the legal card of the seat to move can be clicked; the others are disabled
    last = [tuple(pair) for pair in book.value("[(s.name, card_id(a.card)) for s, a in hand.history[-3:]]")]
    total = book.value("len(hand.history)")
    seat, card = last[0]
    expect(mover).to_have_attribute("data-seat", seat)
    expect(mover.locator(f".cl-card[data-card='{card}']")).to_be_enabled()
    legal = book.value("[card_id(a.card) for a in typer.state.legal_actions()]")
    for other in mover.locator(".cl-card").all():
        assert other.is_enabled() == (other.get_attribute("data-card") in legal)
    _redrawn_after(page, root, lambda: mover.locator(f".cl-card[data-card='{card}']").click())
    book.wait_value("len(typer.record.actions)", total - 2)
    # Undo takes it back, by keyboard alone
    root.locator(".cl-typer-undo").focus()
    _redrawn_after(page, root, lambda: page.keyboard.press("Enter"))
    book.wait_value("len(typer.record.actions)", total - 3)
    for seat, card in last:
        button = root.locator(f".cl-seat[data-seat='{seat}'] .cl-card[data-card='{card}']")
        button.focus()
        _redrawn_after(page, root, lambda: page.keyboard.press("Enter"))
        if (seat, card) != last[-1]:  # the keyboard goes on to the next seat's cards
            expect(root.locator(".cl-seat.cl-to-move .cl-card:focus")).to_have_count(1)
    # the review: every seat's decisions graded, with the Why? line, and the replay card by card
    panel = root.locator(".cl-review-panel")
    expect(panel).to_be_visible(timeout=120_000)
    assert panel.locator(".cl-review-item").count() == book.value("len(typer.review['lines'])") > 8
    expect(root.locator(".cl-next-hand")).to_have_count(0)
    expect(root.locator(".cl-replay-slider")).to_be_visible()
    root.locator(".cl-replay-back").click()
    book.wait_value("typer.replay", total - 1)
    root.locator(".cl-typer-record summary").click()
    expect(root.locator(".cl-typer-record pre")).to_contain_text("trick 8: ")

    # the deal by clicks, in French: a card from the deck into North's seat, a click takes it back
    dealing = page.locator(".cl-playtable >> nth=1")
    expect(dealing.locator(".cl-typer h4")).to_have_text("Une main jouée avec de vraies cartes")
    expect(dealing.locator(".cl-table-picture")).to_be_hidden()
    first = dealing.locator(".cl-typer-deck .cl-card").first
    first_id = first.get_attribute("data-card")
    first.click()
    expect(dealing.locator(f".cl-typer-seat[data-seat='N'] .cl-card[data-card='{first_id}']")).to_have_count(1)
    # the keyboard stays in the deck, on the card now in the clicked one's place
    page.keyboard.press("Enter")
    expect(dealing.locator(".cl-typer-seat[data-seat='N'] .cl-card")).to_have_count(2)
    dealing.locator(f".cl-typer-seat[data-seat='N'] .cl-card[data-card='{first_id}']").click()
    expect(dealing.locator(".cl-typer-seat[data-seat='N'] .cl-card")).to_have_count(1)
    assert book.real_errors() == []

    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail("axe-core is missing: python3 tasks.py test installs it with npm ci")
        pytest.skip("axe-core is not installed (npm ci)")
    page.add_style_tag(content=".jp-Notebook .jp-Cell { content-visibility: visible !important; }")
    outer = "document.querySelector('.jp-Notebook .jp-WindowedPanel-outer')"
    page.set_viewport_size({"width": 1280, "height": page.evaluate(f"{outer}.scrollHeight") + 300})
    page.add_script_tag(path=str(AXE))
    report: dict[str, list[str]] = {}
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        use_theme(page, theme)
        name = theme.split()[-1].lower()
        page.evaluate(f"{outer}.scrollTop = 0")
        book.screenshot(f"hand_typer_{name}")
        result = page.evaluate(_AXE_RUN)
        contrast = page.evaluate(_CONTRAST)
        report[theme] = _findings(result) + contrast["failures"]
        (ARTIFACTS / f"hand_typer_a11y_{name}.json").write_text(json.dumps({"axe": result, "contrast": contrast}))
        assert contrast["measured"] >= 100, f"{theme}: only {contrast['measured']} texts measured"
    assert report == {"JupyterLab Light": [], "JupyterLab Dark": []}, json.dumps(report, indent=1)[:20000]
