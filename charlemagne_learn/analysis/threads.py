"""Many deals searched at once: the compiled search in several threads, each with an instance of its own.

A hint plays hundreds of deals out, each on its own. The compiled search runs outside Python's global lock
(wasmtime is called through ``ctypes``, which lets go of it), so threads share the deals: :func:`split` cuts
them into parts, which the threads take in turn as each is free, and puts the answers back in the deals' order.
Where each deal needs Python first (the rest of an auction, RuleBot's exchange), the calling thread does that
part by part while the other threads search the parts already made; a part's searches are asked of the module
in one call (:func:`.compiled.bounds`), so a searching thread needs the global lock once a part, not once a
deal. Every search is exact and each part is searched the same way whichever thread takes it, so the number of
threads never changes an answer, only how soon it comes (``tests/test_threads.py``). In JupyterLite (no
threads), and where only the pure-Python search runs (the global lock would take turns), the calling thread
does it all.

>>> split(lambda part: [n * n for n in part], range(100)) == [n * n for n in range(100)]
True
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar, cast

from . import compiled, exiting
from .cpus import usable_cpus

__all__ = ["MAX_THREADS", "search_threads", "searching_alone", "split"]

_S = TypeVar("_S")
_T = TypeVar("_T")
_R = TypeVar("_R")

#: The most threads a search takes: past four, the Python part of each search (a fifth of it), which takes
#: turns, is most of what is left.
MAX_THREADS = 4
#: A thread gets at least this many deals: fewer are not worth handing over.
_LEAST_PART = 16
#: Parts a thread takes, about: the last ones even out how long the threads take.
_PARTS_PER_THREAD = 8

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
#: Set in a worker process of the analyses (:mod:`.processes`): its pool has a process a CPU already.
_alone = False
#: ``searching`` is set in the pool's own threads.
_here = threading.local()


def _forget_pool() -> None:
    # a forked child has none of its parent's threads
    global _pool, _pool_lock
    _pool = None
    _pool_lock = threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_forget_pool)


def search_threads() -> int:
    """Threads a search of many deals takes here: one per CPU this process may use (:func:`.cpus.usable_cpus`), at
    most :data:`MAX_THREADS`; one in JupyterLite, where the compiled search cannot run, and in the analyses' worker
    processes (:func:`searching_alone`)."""
    if _alone or sys.platform == "emscripten" or not compiled.available():
        return 1
    return min(usable_cpus(), MAX_THREADS)


def searching_alone() -> None:
    """Search in the calling process's own thread from now on (a worker process among one a CPU)."""
    global _alone
    _alone = True


def split(
    work: Callable[[Sequence[_T]], list[_R]], items: Sequence[_S], make: Callable[[_S], _T] | None = None
) -> list[_R]:
    """``work(items)``, with ``items`` cut into consecutive parts that :func:`search_threads` threads work on at
    once (the calling thread among them), each taking the next part not yet begun when it is free: ``work``
    must give one answer an item, in order, the same for an item whatever part it is in.

    With ``make``, ``work`` gets ``make(item)`` of each item instead: the calling thread makes them (Python, which
    threads would only take turns at), handing each part on as soon as it is made, so the searches of the first
    parts overlap the making of the next; then it takes the parts still waiting."""
    items = list(items)

    def made(some: Sequence[_S]) -> Sequence[_T]:
        return cast("Sequence[_T]", some) if make is None else [make(item) for item in some]

    # a part asking for threads again takes none: the pool's threads waiting on the pool could wait for ever
    count = 1 if getattr(_here, "searching", False) else min(search_threads(), len(items) // _LEAST_PART)
    if count <= 1:
        return work(made(items))
    # Several parts a thread, not one: deals differ in how long they take to search, and with one part each, a
    # thread that finished first waited for the other (10-15% of an exchange on two threads).
    size = max(_LEAST_PART // 2, -(-len(items) // (count * _PARTS_PER_THREAD)))
    cuts = range(0, len(items), size)
    parts: list[Sequence[_T]] = []  # those made so far
    answers: list[list[_R]] = [[] for _ in cuts]
    taken = 0
    all_made = False
    ready = threading.Condition()
    stop = threading.Event()  # an error, or Ctrl-C (JupyterLab's Stop): the parts not begun are not searched
    # work ahead stops as Python exits (.exiting), in the threads that search parts of it too
    stops = exiting.marked()

    def take(wait: bool) -> None:
        with exiting.stopping_as(stops):
            taking(wait)

    def taking(wait: bool) -> None:
        nonlocal taken
        while True:
            with ready:
                while taken == len(parts) and not all_made and not stop.is_set() and wait:
                    ready.wait()
                if stop.is_set() or taken == len(parts):
                    return
                at = taken
                taken += 1
            try:
                answers[at] = work(parts[at])
            except BaseException:
                halt()
                raise

    def halt() -> None:
        stop.set()
        with ready:
            ready.notify_all()

    others = [_threads().submit(take, True) for _ in range(count - 1)]
    try:
        for at in cuts:
            part = made(items[at : at + size])
            with ready:
                parts.append(part)
                ready.notify()
            if stop.is_set():  # a search thread failed: its error is raised below
                break
        with ready:
            all_made = True
            ready.notify_all()
        take(False)
    except BaseException:
        halt()
        raise
    for future in others:
        # one not begun has nothing left to take: cancelled, it never waits for a pool thread (all of them may be
        # waiting for the parts an outer split of this thread is making)
        if not future.cancel():
            future.result()
    return [answer for part in answers for answer in part]


def _threads() -> ThreadPoolExecutor:
    """The threads of this process, started when first needed, each with its own instance of the module."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(MAX_THREADS - 1, thread_name_prefix="charlemagne-search", initializer=_start)
        return _pool


def _start() -> None:
    """Run in each of the pool's threads as it starts."""
    _here.searching = True
    compiled.own_module()
