"""Grades worked out ahead, while the learner thinks, are the grades the click would work out.

A table or quiz a page shows hands the grade of the decision on show to a background thread; the click reads it
back, or waits for it, and never works it out twice. Only when the answer is worked out changes, never what it
says.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from charlemagne_learn.analysis import compiled, exchange, hints
from charlemagne_learn.analysis.work import Kept, ahead, forget, settle
from charlemagne_learn.engine.hand import Phase
from charlemagne_learn.teach import session
from charlemagne_learn.widgets import decide
from charlemagne_learn.widgets.decide import DecisionQuiz
from charlemagne_learn.widgets.playtable import PlayTable

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    """``call()`` started in a thread of its own; the list gets its answer or its error."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(call())
        except Exception as error:
            out.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def blocked_work(answer: Any) -> tuple[Callable[[], Any], threading.Event, threading.Event, list[int]]:
    """Work that says it began, then waits to be let go before answering (raising ``answer`` if an error)."""
    began, go, calls = threading.Event(), threading.Event(), []

    def work() -> Any:
        calls.append(1)
        began.set()
        assert go.wait(10)
        if isinstance(answer, Exception):
            raise answer
        return answer

    return work, began, go, calls


def test_an_answer_under_way_is_waited_for_not_worked_out_again() -> None:
    kept: Kept[list[str]] = Kept(4)
    work, began, go, calls = blocked_work(["graded"])
    first, first_out = in_thread(lambda: kept.get("moment", work))
    assert began.wait(10)
    second, second_out = in_thread(lambda: kept.get("moment", lambda: ["worked out twice"]))
    second.join(0.2)
    assert second.is_alive()  # waiting for the answer under way
    go.set()
    first.join(10)
    second.join(10)
    assert first_out == second_out == [["graded"]] and first_out[0] is second_out[0]
    assert calls == [1]
    assert kept.get("another moment", lambda: ["another"]) == ["another"]  # only the same key waits


def test_an_answer_whose_work_failed_is_worked_out_by_the_one_waiting_for_it() -> None:
    kept: Kept[str] = Kept(4)
    work, began, go, _ = blocked_work(RuntimeError("out of memory"))
    first, first_out = in_thread(lambda: kept.get("moment", work))
    assert began.wait(10)
    second, second_out = in_thread(lambda: kept.get("moment", lambda: "worked out here"))
    go.set()
    first.join(10)
    second.join(10)
    assert isinstance(first_out[0], RuntimeError) and second_out == ["worked out here"]
    assert kept.get("moment", lambda: "not asked") == "worked out here"


def test_an_answer_under_way_when_the_kept_answers_are_forgotten_is_not_kept() -> None:
    kept: Kept[str] = Kept(4)
    work, began, go, _ = blocked_work("worked out before")
    first, first_out = in_thread(lambda: kept.get("moment", work))
    assert began.wait(10)
    forget()
    go.set()
    first.join(10)
    assert first_out == ["worked out before"]
    assert kept.get("moment", lambda: "afresh") == "afresh"


def test_the_newest_work_waiting_is_done_and_an_error_stops_nothing() -> None:
    work, began, go, _ = blocked_work("busy")
    done: list[str] = []

    def failing() -> None:
        raise ValueError("a position that cannot be graded")

    assert ahead(work)
    assert began.wait(10)
    ahead(lambda: done.append("a moment the learner has left"))
    ahead(failing)
    ahead(lambda: done.append("the moment on show"))
    go.set()
    settle()
    assert done == ["the moment on show"]
    ahead(failing)
    ahead(lambda: done.append("the next one"))
    settle()
    ahead(failing)
    settle()
    ahead(lambda: done.append("after an error"))
    settle()
    assert done == ["the moment on show", "the next one", "after an error"]


def test_the_work_under_way_ends_before_python_closes_the_compiled_module_at_exit() -> None:
    """A kernel shut down while a grade is worked out ahead: the work ends first, then the module is closed (a
    thread still inside the module as it was closed crashed the process)."""
    script = """
import atexit, threading, time
done, began = [], threading.Event()
atexit.register(lambda: print("finished before the exit handlers:", bool(done)))  # the last handler to run
from charlemagne_learn.analysis import compiled
from charlemagne_learn.analysis.work import ahead
compiled.available()  # the module loaded: its closing is one of the exit handlers
ahead(lambda: (began.set(), time.sleep(0.5), done.append(1)))
began.wait()  # under way (work not yet begun is dropped at exit)
"""
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr
    assert "finished before the exit handlers: True" in ran.stdout


def exit_with(script: str) -> list[str]:
    """The lines ``script`` prints, run in a Python of its own that exits at its end (with no error)."""
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=240, check=False)
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr
    return ran.stdout.splitlines()


def test_the_work_under_way_at_exit_is_stopped_and_the_work_waiting_dropped() -> None:
    """Issue 46 item 7: Python waited at exit for the work ahead to finish (14.5 s after a decision quiz was left).
    Now the search under way is the last: the thousands after it are not begun, nor the work waiting."""
    whole = 5000
    script = f"""
import atexit, threading
import charlemagne_learn as cl
from charlemagne_learn.analysis.work import ahead
rules = cl.Rules.preset("canadian")
state = cl.HandState.new(rules, dealer="W", seed=0)
hands = {{seat: list(state.hand(seat)) for seat in cl.Seat}}
contract = cl.Contract(rules, "6", "N", "S")
searched, began = [], threading.Event()

def work():
    for _ in range({whole}):
        cl.double_dummy(contract, hands, "E")
        searched.append(1)
        began.set()

ahead(work)
began.wait()
ahead(lambda: searched.append("the work waiting"))
atexit.register(lambda: print(len(searched), "the work waiting" in searched))
"""
    done, waiting_ran = exit_with(script)[-1].split()
    assert 1 <= int(done) < whole and waiting_ran == "False"


def test_a_decision_quiz_left_for_the_exit_stops_its_grade_worked_out_ahead() -> None:
    """The kernel shut down as the quiz's first grade is worked out ahead: that grade is not finished, nor the
    next decision found."""
    script = """
import atexit
from charlemagne_learn.widgets.decide import DecisionQuiz
quiz = DecisionQuiz("american", ["bid"], seed=2, count=5, samples=400)
quiz._on_front_end(quiz, {"type": "shown"}, [])
atexit.register(lambda: print("_graded" in vars(quiz.decision), quiz._upcoming is not None))
"""
    assert exit_with(script)[-1] == "False False"


def test_where_no_thread_can_run_nothing_is_worked_out_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLite: each answer is worked out on its click, as before."""
    monkeypatch.setattr("charlemagne_learn.analysis.work._no_threads", True)
    done: list[int] = []
    assert ahead(lambda: done.append(1)) is False
    settle()
    assert done == []


def test_a_thread_asking_for_the_search_while_another_loads_it_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grade worked out ahead may load the compiled search as the learner's click asks for it: the click waits
    for the module rather than find it missing and search in pure Python."""
    loaded = object()
    work, began, go, calls = blocked_work(loaded)
    monkeypatch.setattr(compiled, "load", work)
    monkeypatch.setattr(compiled, "_tried", False)
    monkeypatch.setattr(compiled, "_loaded", None)
    first, first_out = in_thread(compiled._module)
    assert began.wait(10)
    second, second_out = in_thread(compiled.available)
    second.join(0.2)
    assert second.is_alive()
    go.set()
    first.join(10)
    second.join(10)
    assert first_out == [loaded] and second_out == [True] and calls == [1]


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    """Each call of ``module.name`` noted with the name of the thread making it."""
    calls: list[str] = []
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def shown(widget: Any) -> None:
    """What a page sends once it has drawn the widget."""
    widget._on_front_end(widget, {"type": "shown"}, [])


def table_to_the_exchange(seed: int) -> PlayTable:
    """A table for South, who bids 6 and takes the kitty (a deal where the others pass)."""
    table = PlayTable("canadian", "S", seed=seed, pace="off", bots="rule")
    assert table.play("bid 6"), table.message
    assert table.state.phase is Phase.DISCARD and table.your_turn
    return table


def exchange_cards(table: PlayTable) -> Sequence[str]:
    return [str(a.card) for a in table.state.view(table.seat).legal_actions[:2]]


@needs_compiled
def test_a_table_shown_grades_the_exchange_ahead_and_the_click_reads_it_back(monkeypatch: pytest.MonkeyPatch) -> None:
    played = counting(monkeypatch, exchange, "_play_ways")
    forget()
    table = table_to_the_exchange(1)
    assert played == []  # no page yet: nothing worked out ahead
    shown(table)
    settle()
    assert played == ["charlemagne-ahead_0"]
    cards = exchange_cards(table)
    for card in cards:
        assert table.choose_discard(card)
    assert table.confirm_discards()
    if table.state.phase is Phase.TRUMP and table.your_turn:
        assert table.play("trump H")
    grade = dict(table.grade)
    assert grade.get("text") and played == ["charlemagne-ahead_0"]
    # the grade a table nobody shows works out on the click, afresh
    forget()
    afresh = table_to_the_exchange(1)
    for card in cards:
        afresh.choose_discard(card)
    afresh.confirm_discards()
    if afresh.state.phase is Phase.TRUMP and afresh.your_turn:
        afresh.play("trump H")
    assert dict(afresh.grade) == grade
    assert played[1:] == ["MainThread"]


@needs_compiled
def test_a_table_shown_grades_each_card_ahead_with_the_grade_given_on_the_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worked = counting(monkeypatch, hints, "_ranked")
    grades = []
    for seen in (True, False):
        forget()
        worked.clear()
        table = PlayTable("canadian", "S", seed=4, pace="off", bots="rule")
        if seen:
            shown(table)
        moves = []
        while table.your_turn and len(moves) < 4:
            settle()
            legal = table.state.view(table.seat).legal_actions
            passes = [a for a in legal if str(a) == "pass"]
            assert table.play(passes[0] if passes else legal[-1]), table.message
            moves.append(dict(table.grade))
        grades.append(moves)
        made_here = [name for name in worked if name == "MainThread"]
        assert (made_here == []) if seen else (len(made_here) == len(moves))
    assert len(grades[0]) >= 2 and grades[0] == grades[1]


def test_a_table_or_quiz_nobody_shows_works_nothing_out_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[Any] = []
    monkeypatch.setattr(session, "ahead", handed.append)
    monkeypatch.setattr(decide, "ahead", handed.append)
    table = PlayTable("canadian", "S", seed=4, pace="off", bots="rule")
    legal = table.state.view(table.seat).legal_actions
    table.play(legal[0])
    DecisionQuiz("canadian", ["lead"], seed=2, count=1)
    assert handed == []
    shown(table)
    assert len(handed) == 1


@needs_compiled
def test_a_decision_quiz_shown_grades_the_decision_and_finds_the_next_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = counting(monkeypatch, hints, "_ranked")
    answers = []
    for seen in (True, False):
        forget()
        quiz = DecisionQuiz("canadian", ["lead", "play"], seed=2, count=2)
        worked.clear()  # finding the first decision grades a few positions on a few deals: here, before any page
        if seen:
            shown(quiz)
            settle()
            assert worked and set(worked) == {"charlemagne-ahead_0"}
        for _ in range(2):
            ranked = quiz.decision.grade()
            assert isinstance(ranked, hints.Hint)
            assert quiz.choose(ranked.choices[-1].action), quiz.message
            answers.append((quiz.decision.state.history, dict(quiz.grade)))
            if quiz.number < 2:
                assert quiz.next()
                settle()
        made_here = [name for name in worked if name == "MainThread"]
        assert (made_here == []) if seen else (len(made_here) >= 2)
    assert answers[:2] == answers[2:]
