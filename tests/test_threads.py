"""A hint's deals shared among threads: the answers of one thread, whatever the number of threads.

The compiled search runs outside Python's global lock, so :func:`charlemagne_learn.analysis.work.split` cuts a
hint's deals into parts searched at once, each thread with its own instance of the module. Nothing of that
may show in an answer: the same exchange grades, the same tricks after every card, deal by deal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled, work
from charlemagne_learn.analysis.bots import play_hand
from charlemagne_learn.analysis.exchange import exchange_hint
from charlemagne_learn.analysis.pimc import play_outcomes
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.engine.hand import Phase

_A = TypeVar("_A")

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")


@pytest.fixture
def three_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three threads, whatever this machine has (a 2-CPU runner would otherwise take two)."""
    monkeypatch.setattr(work, "search_threads", lambda: 3)


def by_one_thread_and_three(monkeypatch: pytest.MonkeyPatch, search: Callable[[], _A]) -> tuple[_A, _A]:
    """``search()`` searched in one thread, then in three."""
    answers = []
    for count in (1, 3):
        forget()  # each searched afresh, not read back
        with monkeypatch.context() as patch:
            patch.setattr(work, "search_threads", lambda count=count: count)
            answers.append(search())
    return answers[0], answers[1]


def test_split_gives_every_answer_in_order_from_several_threads(three_threads: None) -> None:
    for size in (0, 1, 47, 48, 49, 100, 1001):
        assert work.split(lambda part: [n * n for n in part], range(size)) == [n * n for n in range(size)]


def first_parts_meet(together: threading.Barrier, seen: dict[int, int]) -> Callable[[Sequence[int]], list[int]]:
    """A part's work where each thread's first part waits for the other threads' first: parts searched one after
    another would never all arrive. ``seen`` counts the parts each thread took."""
    lock = threading.Lock()

    def meet(part: Sequence[int]) -> list[int]:
        with lock:
            first = threading.get_ident() not in seen
            seen[threading.get_ident()] = seen.get(threading.get_ident(), 0) + 1
        if first:
            together.wait()
        return list(part)

    return meet


def test_the_parts_are_searched_at_once(three_threads: None) -> None:
    for _ in range(3):
        seen: dict[int, int] = {}
        together = threading.Barrier(3, timeout=20)
        assert work.split(first_parts_meet(together, seen), range(100)) == list(range(100))
        assert len(seen) == 3 and threading.get_ident() in seen
        # more parts than threads, taken as each thread is free: a slow part does not hold the others back
        assert sum(seen.values()) > 3


def test_made_items_are_searched_while_the_next_are_made(three_threads: None) -> None:
    started = threading.Event()
    made_in: set[int] = set()
    order: list[int] = []

    def make(n: int) -> int:
        made_in.add(threading.get_ident())
        order.append(n)
        if n == 99:  # the calling thread searches only once all are made: another thread must have begun
            assert started.wait(20), "no part was searched while the items were being made"
        return n * n

    def search(part: Sequence[int]) -> list[int]:
        started.set()
        return [n + 1 for n in part]

    assert work.split(search, range(100), make) == [n * n + 1 for n in range(100)]
    assert made_in == {threading.get_ident()} and order == list(range(100))


def test_made_items_in_one_thread_are_made_and_searched_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    for size in (0, 1, 31, 100):
        alone, shared = by_one_thread_and_three(
            monkeypatch, lambda size=size: work.split(lambda part: [n + "1" for n in part], range(size), str)
        )
        assert alone == shared == [f"{n}1" for n in range(size)]


def test_an_error_while_making_reaches_the_caller_and_frees_the_threads(three_threads: None) -> None:
    def make(n: int) -> int:
        if n == 70:
            raise ValueError("refused 70")
        return n

    with pytest.raises(ValueError, match="refused 70"):
        work.split(lambda part: list(part), range(100), make)
    # the pool's threads waiting for parts were let go: another split gets all of them
    seen: dict[int, int] = {}
    assert work.split(first_parts_meet(threading.Barrier(3, timeout=20), seen), range(100)) == list(range(100))
    assert len(seen) == 3


def test_an_error_in_a_search_thread_stops_the_making(three_threads: None) -> None:
    made: list[int] = []
    failed = threading.Event()

    def make(n: int) -> int:
        if n == 60:
            assert failed.wait(20)
        made.append(n)
        return n

    def search(part: Sequence[int]) -> list[int]:
        if threading.current_thread() is not threading.main_thread():
            failed.set()
            raise ValueError("refused")
        return list(part)

    with pytest.raises(ValueError, match="refused"):
        work.split(search, range(200), make)
    assert len(made) < 200  # the parts after the failure were not made


def test_few_deals_stay_in_the_calling_thread(three_threads: None) -> None:
    seen: set[int] = set()

    def who(part: Sequence[int]) -> list[int]:
        seen.add(threading.get_ident())
        return list(part)

    work.split(who, range(31))  # fewer than two parts' worth
    assert seen == {threading.get_ident()}


def test_each_thread_searches_with_its_own_instance(three_threads: None) -> None:
    modules: dict[int, int] = {}
    seen: dict[int, int] = {}
    meet = first_parts_meet(threading.Barrier(3, timeout=20), seen)

    def which(part: Sequence[int]) -> list[int]:
        modules[threading.get_ident()] = id(compiled._module())
        return meet(part)

    work.split(which, range(300))
    assert len(set(modules.values())) == 3
    assert modules[threading.get_ident()] == id(compiled._module())  # the caller keeps the shared one


def test_an_error_in_another_thread_reaches_the_caller(three_threads: None) -> None:
    def fails_late(part: Sequence[int]) -> list[int]:
        if part[0] > 0:
            raise ValueError(f"refused {part[0]}")
        return list(part)

    with pytest.raises(ValueError, match="refused"):
        work.split(fails_late, range(100))


def test_one_thread_a_usable_cpu_and_at_most_four(monkeypatch: pytest.MonkeyPatch) -> None:
    # a JupyterHub pod limited to one CPU searches in one thread; a big machine takes four
    for cpus, expected in ((1, 1), (2, 2), (3, 3), (64, work.MAX_THREADS)):
        monkeypatch.setattr(work, "usable_cpus", lambda cpus=cpus: cpus)
        assert work.search_threads() == expected


def test_one_thread_where_the_compiled_search_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "_loaded", None)
    assert work.search_threads() == 1
    monkeypatch.undo()
    monkeypatch.setattr("sys.platform", "emscripten")  # JupyterLite: no threads
    assert work.search_threads() == 1


def bidder_about_to_discard(variant: str, seed: int) -> cl.HandState:
    """The first moment of a RuleBot hand where the bidder puts cards aside."""
    for n in range(seed, seed + 40):
        played = play_hand(cl.Rules.preset(variant), [cl.RuleBot(i) for i in range(4)], seed=n)
        for moment in range(len(played.history)):
            state = played.at(moment)
            if state.phase is Phase.DISCARD and state.to_move == state.bidder:
                return state
    raise AssertionError(f"no exchange in 40 {variant} hands")


@pytest.mark.parametrize("seed", [11, 40, 90])
def test_the_exchange_is_graded_alike_by_one_thread_and_three(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tables where RuleBot's bidders exchange cards: Canadian's kitty
    state = bidder_about_to_discard("canadian", seed)
    alone, shared = by_one_thread_and_three(monkeypatch, lambda: exchange_hint(state, samples=60, seed=5))
    assert shared == alone


def card_moments(variant: str, seed: int) -> list[cl.HandState]:
    """Moments of a RuleBot hand where a card is to be played, some mid-trick, the opening lead left out."""
    played = play_hand(cl.Rules.preset(variant), [cl.RuleBot(i) for i in range(4)], seed=seed)
    moments = [played.at(m) for m in range(len(played.history)) if played.at(m).phase is Phase.PLAY]
    return moments[1:12:3]


@pytest.mark.parametrize(("variant", "seed"), [("canadian", 3), ("maine", 8), ("bid_euchre", 2)])
def test_every_card_takes_the_same_tricks_on_every_deal_with_three_threads(
    variant: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in card_moments(variant, seed):
        view = state.view(state.to_move)
        alone, shared = by_one_thread_and_three(monkeypatch, lambda view=view: play_outcomes(view, samples=50, seed=9))
        assert shared == alone


def test_the_partners_card_and_the_bidders_first_choice_are_graded_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn.analysis import hint
    from charlemagne_learn.analysis.hints import before_exchange
    from charlemagne_learn.teach.decisions import decisions

    give = next(decisions("canadian", ["give"], seed=5)).state
    played = play_hand(cl.Rules.preset("american"), [cl.RuleBot(i) for i in range(4)], seed=0)
    choose = next(
        s
        for s in map(played.at, range(len(played.history)))
        if s.to_move is not None and before_exchange(s.view(s.to_move))
    )
    for state in (give, choose):
        view = state.view(state.to_move)  # type: ignore[arg-type]
        alone, shared = by_one_thread_and_three(monkeypatch, lambda view=view: hint(view, 60, 4, workers=1))
        assert shared == alone


def test_the_analyses_worker_processes_search_in_one_thread() -> None:
    # a pool has a process a CPU already: threads in each would crowd them
    assert work.search_threads() == min(work.usable_cpus(), work.MAX_THREADS)
    with work.job_pool(1) as pool:
        assert pool.apply(work.search_threads) == 1


def test_a_part_asking_for_threads_again_searches_in_its_own(three_threads: None) -> None:
    # every pool thread waiting on parts only the pool could search would wait for ever
    caller = threading.get_ident()
    shared_by: set[int] = set()  # the threads whose parts were shared again

    def nested(part: Sequence[int]) -> list[int]:
        outer = threading.get_ident()

        def inner(numbers: Sequence[int]) -> list[int]:
            if threading.get_ident() != outer:
                shared_by.add(outer)
            return [n + 1 for n in numbers]

        return work.split(inner, part)

    assert work.split(nested, range(600)) == list(range(1, 601))
    # only the calling thread's own parts may share their deals again; the pool's threads keep theirs
    assert shared_by <= {caller}


def test_a_split_inside_the_making_of_another_never_waits_for_its_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # four threads: the pool's three all wait for the parts the outer split is making, and the inner split's own
    # requests for threads are queued behind them
    monkeypatch.setattr(work, "search_threads", lambda: 4)

    def make(n: int) -> int:
        return sum(work.split(lambda part: [m * 2 for m in part], range(n, n + 64)))

    out: list[int] = []
    # in a thread of its own, so that a split waiting for ever fails this test instead of hanging the run
    caller = threading.Thread(
        target=lambda: out.extend(work.split(lambda part: list(part), range(80), make)), daemon=True
    )
    caller.start()
    caller.join(60)
    assert not caller.is_alive(), "the inner split waited for threads that were waiting for it"
    assert out == [sum(m * 2 for m in range(n, n + 64)) for n in range(80)]


def test_a_bid_after_the_partners_bid_is_graded_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    # graded by what follows it: each deal's auction and play, the deals shared among the threads
    from charlemagne_learn.analysis import hint
    from charlemagne_learn.teach.decisions import decisions

    state = next(decisions("canadian", ["reply"], seed=5)).state
    view = state.view(state.to_move)  # type: ignore[arg-type]
    alone, shared = by_one_thread_and_three(monkeypatch, lambda: hint(view, 60, 4, workers=1))
    assert shared == alone
