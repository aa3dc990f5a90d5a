"""The DecisionQuiz in a real JupyterLab: a bid chosen by a click, the grade of every choice, Next decision,
then a card clicked on the table, in the same front-end as the play table."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
from charlemagne_learn.widgets import DecisionQuiz
quiz = DecisionQuiz("canadian", kinds=["bid", "lead"], seed=2, count=2, samples=24)
quiz
"""


def test_a_bid_then_a_lead_by_clicks(notebook: Any) -> None:
    book = notebook(SETUP)
    page = book.page
    root = page.locator(".cl-playtable")
    root.locator(".cl-seat").first.wait_for(timeout=30_000)
    expect(root.locator(".cl-prompt")).to_contain_text("What do you bid?")
    expect(root.locator(".cl-hint-button")).to_be_hidden()  # the answer comes after the choice, not before

    worst = book.value("str(quiz.decision.grade().choices[-1].action)")
    root.locator(f".cl-action[data-action='{worst}']").click()
    root.locator(".cl-hint-list li").first.wait_for(timeout=30_000)
    assert root.locator(".cl-hint-list li").count() == book.value("len(quiz.hint['choices'])") > 1
    # the reason said once: the learner's choice, then the better one's
    expect(root.locator(".cl-last-grade")).to_contain_text("Better:")
    assert book.value("quiz.results[0]['answer']") == worst
    book.screenshot("decision_quiz")

    root.locator(".cl-next-hand").click()
    book.wait_value("quiz.number", 2)
    expect(root.locator(".cl-prompt")).to_contain_text("You lead this trick")
    # the worst lead: graded, and the line that punishes it folded under the grade, opened by a click
    worst = book.value("str(quiz.decision.grade().choices[-1].action.card)")
    seat = book.value("quiz.decision.seat.name")
    root.locator(f".cl-seat[data-seat='{seat}'] .cl-card:not(.cl-illegal)").filter(has_text=worst).first.click()
    root.locator(".cl-last-grade .cl-grade").wait_for(timeout=30_000)
    assert book.value("len(quiz.results)") == 2 and book.value("quiz.results[1]['grade']") == "inaccuracy"
    why = root.locator(".cl-last-grade details.cl-why")
    expect(why.locator(".cl-why-line")).to_be_hidden()  # folded until the learner asks
    why.locator("summary").click()
    expect(why.locator(".cl-why-line")).to_contain_text(f"After {worst}")
    book.screenshot("decision_quiz_refutation")
    expect(root.locator(".cl-next-hand")).to_have_count(0)  # the last decision: no Next


EXCHANGE = """
import charlemagne_learn as cl
from charlemagne_learn.widgets import DecisionQuiz
state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=382)
for action in ["pass", "bid 6", "bid charlemagne", "pass", "give KD"]:
    state.apply(action)
quiz = DecisionQuiz.at(state, samples=6)
quiz
"""


def test_an_exchange_by_clicks_three_cards_then_trump(notebook: Any) -> None:
    book = notebook(EXCHANGE)
    page = book.page
    root = page.locator(".cl-playtable")
    root.locator(".cl-seat").first.wait_for(timeout=30_000)
    expect(root.locator(".cl-prompt")).to_contain_text("Click 3 cards to put aside")
    for n, card in enumerate(["8C", "KD", "AC"], 1):
        root.locator(f".cl-seat[data-seat='S'] .cl-card[data-card='{card}']").click()
        book.wait_value("len(quiz._working.history) - len(quiz.decision.state.history)", n, timeout=30)
    root.locator(".cl-action[data-action='trump ♥']").click()
    root.locator(".cl-hint-list li").first.wait_for(timeout=60_000)
    assert book.value("quiz.results[0]['answer']") == "discard 8♣ A♣ K♦, trump ♥"
    expect(root.locator(".cl-last-grade")).to_contain_text("You chose discard 8♣ A♣ K♦, trump ♥")


GIVE = """
from charlemagne_learn.widgets import DecisionQuiz
from charlemagne_learn.widgets._base import card_id
quiz = DecisionQuiz("canadian", kinds=["give"], seed=96, count=1, samples=8, coach=True)
worst = quiz.decision.grade().choices[-1].action
quiz
"""


def test_the_partners_card_by_a_click_with_the_rule_of_thumb_shown(notebook: Any) -> None:
    book = notebook(GIVE)
    page = book.page
    root = page.locator(".cl-playtable")
    root.locator(".cl-seat").first.wait_for(timeout=30_000)
    # the coached form: the rule of thumb is on the page before the choice
    expect(root.locator(".cl-prompt")).to_contain_text("click the card you give")
    expect(root.locator(".cl-prompt")).to_contain_text("Rule of thumb: Pass the lone bidder your strongest card")
    seat = book.value("quiz.decision.seat.name")
    card = book.value("card_id(worst.card)")
    root.locator(f".cl-seat[data-seat='{seat}'] .cl-card[data-card='{card}']").click()
    root.locator(".cl-hint-list li").first.wait_for(timeout=60_000)
    assert book.value("quiz.results[0]['answer']") == book.value("str(worst)")
    expect(root.locator(".cl-last-grade")).to_contain_text("You chose give")
