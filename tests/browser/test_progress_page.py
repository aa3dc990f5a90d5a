"""A self-study learner's progress in the browser: an answer clicked in a lesson shows on the start page, lesson by
lesson, once its progress cell runs again."""

from __future__ import annotations

from typing import Any

import pytest
from _jupyter import Lab, Notebook
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_an_answer_in_a_lesson_shows_on_the_start_page(lessons_lab: Lab, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        lesson = Notebook(context.new_page(), lessons_lab, "14_at_a_real_table.ipynb")
        lesson.open()
        lesson.run_all()
        quiz = lesson.page.locator(".cl-quiz").first
        quiz.locator(".cl-quiz-seat").first.wait_for(timeout=30_000)
        # the right seat, as the lesson's first quiz asks its first question
        answer = lesson.value(
            "next(__import__('charlemagne_learn.teach.quiz', fromlist=['q']).questions(None, 1, ['table'], 140))"
            ".answer[0]"
        )
        quiz.locator(f".cl-quiz-seat[data-seat='{answer}']").click()
        quiz.locator(".cl-quiz-verdict").filter(has_text="Correct!").wait_for(timeout=10_000)

        start = Notebook(context.new_page(), lessons_lab, "00_start_here.ipynb")
        start.open()
        start.run_all()
        shown = start.page.locator(".jp-OutputArea-output").filter(has_text="Your progress, lesson by lesson")
        row = shown.locator("tr")
        expect(row.filter(has_text="Lesson 14 — At a real table")).to_contain_text("1 of 1 question right (13 asked)")
        expect(row.filter(has_text="Lesson 15 — The final test")).to_contain_text("not started (18 to answer)")
        shown.scroll_into_view_if_needed()
        start.screenshot("progress_on_the_start_page")
    finally:
        context.close()
