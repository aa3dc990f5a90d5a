"""Grades are a function of the position and the seed only: the same on a fast machine and on a slow or loaded one.

Each check works a grade out twice in one process, once on the real clock and once on a clock that races (every
reading jumps minutes ahead, as on a machine hundreds of times slower), and asks for the same words and numbers:
hints of every kind, the bidder's exchange, a decision quiz's grades and its answer key, bid odds, and a hand
played at the table whose grades given live must be those of the review after it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint, review
from charlemagne_learn.analysis.exchange import exchange_hint
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.teach.answer_key import decision_key
from charlemagne_learn.teach.decisions import decisions
from charlemagne_learn.widgets import DecisionQuiz, PlayTable

#: Each reading of the racing clock is this many seconds after the one before.
_JUMP = 120.0


def _twice(work: Callable[[], Any], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """``work()`` on the real clock, then on one where every clock the standard library offers runs minutes ahead
    at each reading."""
    normal = work()
    forget()  # worked out again, not read back
    with monkeypatch.context() as patch:
        ticks = itertools.count()
        start = time.time()

        def reading() -> float:
            return start + _JUMP * next(ticks)

        for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time"):
            patch.setattr(time, name, reading)
            patch.setattr(time, f"{name}_ns", lambda: int(reading() * 1e9))
        raced = work()
    return normal, raced


def _hint_words(h: Any) -> list[tuple[str, str, str, float, int, bool]]:
    return [(str(c.action), c.grade, c.reason, round(c.points, 9), c.deals, c.tied) for c in h.choices]


def _played_to(rules: str, seed: int, moves: int) -> cl.HandState:
    state = cl.HandState.new(cl.Rules.preset(rules), dealer="W", seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def test_hints_of_every_kind_are_the_same_on_a_racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    lead = next(decisions("canadian", ["lead"], seed=3, samples=24))
    play = next(decisions("canadian", ["play"], seed=4, samples=24))
    bid = next(decisions("canadian", ["bid"], seed=5, samples=24))
    reply = next(decisions("canadian", ["reply"], seed=6, samples=24))  # graded by the auction that follows it
    give = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose alone"]:
        give.apply(action)
    views = [lead.view, play.view, bid.view, reply.view, give.view("S")]
    for view in views:
        normal, raced = _twice(lambda v=view: hint(v, samples=24, workers=1, lang="en"), monkeypatch)
        assert _hint_words(normal) == _hint_words(raced)
        assert normal.samples == raced.samples == 24  # every deal asked for, however slow the clock says it is


def test_the_exchange_is_graded_the_same_on_a_racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    normal, raced = _twice(lambda: exchange_hint(state, samples=24, lang="en"), monkeypatch)
    assert [(c.said("en"), c.grade, c.reason, c.deals) for c in normal.choices] == [
        (c.said("en"), c.grade, c.reason, c.deals) for c in raced.choices
    ]
    assert normal.samples == raced.samples == 24


def test_bid_odds_are_the_same_on_a_racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = "RJ JH JD AH KH AS AC 9C"
    normal, raced = _twice(lambda: cl.bid_odds("canadian", hand, samples=60, seed=1, workers=1), monkeypatch)
    assert normal == raced and normal.samples == 60


def test_a_decision_quiz_and_its_answer_key_grade_alike_on_a_racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def quiz_grades() -> list[tuple[str, str, str, str]]:
        quiz = DecisionQuiz("canadian", kinds=["lead", "play"], seed=11, count=2, samples=24, lang="en")
        out = []
        for _ in range(2):
            assert quiz.choose(str(quiz.decision.view.legal_actions[0])), quiz.message
            result = quiz.results[-1]  # its seconds are the learner's time, not part of the grade
            out.append((result["answer"], result["grade"], result["best"], result["points_lost"]))
            quiz.next()
        return out

    normal, raced = _twice(quiz_grades, monkeypatch)
    assert normal == raced
    key_normal, key_raced = _twice(
        lambda: decision_key("canadian", ["lead", "play"], seed=11, count=2, samples=24, lang="en"), monkeypatch
    )
    assert key_normal == key_raced


def test_a_hand_at_the_table_is_graded_live_as_in_its_review(monkeypatch: pytest.MonkeyPatch) -> None:
    def hand_at_the_table() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        table = PlayTable("canadian", "S", seed=3, hint_samples=16, grade_samples=16, lang="en")
        live = []
        while not table.review:
            choice = (
                str(table.actions[0]["id"])
                if table.actions
                else next(
                    str(c["id"]) for s in table.picture["seats"] if s["you"] for c in s["cards"] if c.get("legal", True)
                )
            )
            assert table.play(choice), table.message
            if table.grade:
                live.append((table.grade["grade"], table.grade["reason"]))
        lines = [(line["grade"], line["reason"]) for line in table.review["lines"]]
        return live, lines

    (live, reviewed), (live_raced, reviewed_raced) = _twice(hand_at_the_table, monkeypatch)
    assert live == live_raced and reviewed == reviewed_raced
    assert live and live == reviewed  # the review says what the table said as each move was made


def test_a_review_is_the_hints_of_its_moments() -> None:
    state = _played_to("canadian", 12, 4)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    lines = review(state, "N", samples=12, lang="en").lines
    forget()  # each moment's hint worked out again, not read back from the review's
    for line in lines:
        again = hint(state.at(line.move).view("N"), samples=12, lang="en").choice(line.action)
        assert (line.grade, line.reason) == (again.grade, again.reason)
