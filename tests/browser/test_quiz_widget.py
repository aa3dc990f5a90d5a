"""TrickQuiz in a real JupyterLab: a round played by clicks and keys, feedback, score and results in the kernel."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets.quiz import TrickQuiz
quiz = TrickQuiz("canadian", level=1, seed=2, count=5, student="Ada")
quiz
"""


def _answer(book: Any) -> list[str]:
    return list(book.value("list(quiz._question.answer)"))


def test_a_quiz_round_by_clicking_and_keyboard(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-quiz")
    root.locator(".cl-quiz-seat").first.wait_for(timeout=30_000)
    expect(root.locator(".cl-quiz-title")).to_have_text("Who wins this trick?")
    expect(root.locator(".cl-quiz-play .cl-card")).to_have_count(4)
    book.screenshot("trick_quiz")

    # 1. who wins: click the seat
    seat = _answer(book)[0]
    root.locator(f".cl-quiz-seat[data-seat='{seat}']").click()
    root.locator(".cl-quiz-feedback .cl-quiz-verdict").filter(has_text="Correct!").wait_for(timeout=10_000)
    expect(root.locator(".cl-quiz-explanation")).to_contain_text("wins with")
    expect(root.locator(".cl-quiz-score")).to_have_text("Score: 1 of 1")
    book.screenshot("trick_quiz_feedback")
    root.locator(".cl-quiz-next").click()

    # 2. which cards: click each legal card, then Check
    root.locator(".cl-quiz-check").wait_for(timeout=10_000)
    ids = book.value("[c['id'] for c in quiz.cards if c['text'] in quiz._question.answer]")
    for cid in ids:
        root.locator(f".cl-cards button[data-card='{cid}']").click()
        root.locator(f".cl-cards button[data-card='{cid}'][aria-pressed='true']").wait_for(timeout=10_000)
    root.locator(".cl-quiz-check").click()
    root.locator(".cl-quiz-verdict").filter(has_text="Correct!").wait_for(timeout=10_000)
    expect(root.locator(".cl-quiz-explanation")).to_contain_text("follow suit")
    root.locator(".cl-quiz-next").click()

    # 3. trump order: click the trumps highest first, but one pair the wrong way round
    root.locator(".cl-quiz-check").wait_for(timeout=10_000)
    order = book.value("[next(c['id'] for c in quiz.cards if c['text'] == a) for a in quiz._question.answer]")
    order[0], order[1] = order[1], order[0]
    for cid in order:
        root.locator(f".cl-cards button[data-card='{cid}']").click()
        root.locator(f".cl-cards button[data-card='{cid}'][aria-pressed='true']").wait_for(timeout=10_000)
    root.locator(".cl-quiz-check").click()
    root.locator(".cl-quiz-verdict").filter(has_text="Not quite.").wait_for(timeout=10_000)
    expect(root.locator(".cl-quiz-explanation")).to_contain_text("from highest to lowest")
    expect(root.locator(".cl-quiz-score")).to_have_text("Score: 2 of 3")
    root.locator(".cl-quiz-next").click()

    # 4. score: click the offered total (read once the page shows it: the kernel may not have moved on before)
    root.locator(".cl-quiz-choice").first.wait_for(timeout=10_000)
    choice = _answer(book)[0]
    root.locator(".cl-quiz-choice", has_text=choice).click()
    root.locator(".cl-quiz-verdict").filter(has_text="Correct!").wait_for(timeout=10_000)
    root.locator(".cl-quiz-next").click()

    # 5. the keyboard: Tab from one seat button to the next and press Enter
    root.locator(".cl-quiz-seat[data-seat='N']").wait_for(timeout=10_000)
    root.locator(".cl-quiz-seat[data-seat='N']").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.seat") == "E"
    page.keyboard.press("Enter")
    book.wait_value("quiz.answered", 5)
    assert book.value("[r['kind'] for r in quiz.results]") == ["winner", "legal", "order", "score", "winner"]
    assert book.value("[r['correct'] for r in quiz.results][:4]") == [True, True, False, True]
    assert book.value("quiz.results[4]['answer']") == "East"

    # Python reaches the page: French
    book.value("setattr(quiz, 'lang', 'fr')")
    root.locator(".cl-quiz-next", has_text="Question suivante").wait_for(timeout=10_000)
    root.locator(".cl-quiz-next").click()
    root.locator(".cl-quiz-title", has_text="Quiz terminé").wait_for(timeout=10_000)
    assert book.real_errors() == []


DOWNLOAD = """
from charlemagne_learn.widgets.quiz import TrickQuiz
quiz = TrickQuiz("canadian", level=1, seed=4, count=3, student="=Ada")
quiz
"""


def test_results_download_from_the_page_as_csv_with_a_bom_and_as_json(notebook: Any) -> None:
    """No server of ours: the page saves the results itself (as on Binder or in JupyterLite)."""
    book = notebook(DOWNLOAD)
    page = book.page
    root = page.locator(".cl-quiz")
    root.locator(".cl-quiz-seat").first.wait_for(timeout=30_000)
    expect(root.locator(".cl-download")).to_be_hidden()  # nothing to save before an answer
    seat = _answer(book)[0]
    root.locator(f".cl-quiz-seat[data-seat='{seat}']").click()
    root.locator(".cl-download-csv").wait_for(timeout=10_000)
    with page.expect_download() as saving:
        root.locator(".cl-download-csv").click()
    csv_file = saving.value
    assert csv_file.suggested_filename == "Ada-canadian-seed-4.csv"
    raw = Path(csv_file.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel needs for ♣ and –
    assert raw[3:].decode("utf-8") == book.value("quiz.to_csv()")
    assert "'=Ada" in raw.decode("utf-8")  # a name that looks like a formula stays text
    with page.expect_download() as saving:
        root.locator(".cl-download-json").click()
    data = json.loads(Path(saving.value.path()).read_text(encoding="utf-8"))
    assert data == book.value("quiz.results") and data[0]["correct"] is True
