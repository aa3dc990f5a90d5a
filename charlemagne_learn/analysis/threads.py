"""Many deals searched at once: the compiled search in several threads, each with an instance of its own.

A hint plays hundreds of deals out, each on its own. The compiled search runs outside Python's global lock
(wasmtime is called through ``ctypes``, which lets go of it), so threads share the deals: :func:`split` cuts
them into parts, one a thread, and puts the answers back in the deals' order. Every search is exact and each
part is searched the same way whichever thread takes it, so the number of threads never changes an answer,
only how soon it comes (``tests/test_threads.py``). In JupyterLite (no threads), and where only the pure-Python
search runs (the global lock would take turns), the calling thread does it all.

>>> split(lambda part: [n * n for n in part], range(100)) == [n * n for n in range(100)]
True
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import TypeVar

from . import compiled
from .cpus import usable_cpus

__all__ = ["MAX_THREADS", "search_threads", "searching_alone", "split"]

_T = TypeVar("_T")
_R = TypeVar("_R")

#: The most threads a search takes: past four, the Python part of each search (a fifth of it), which takes
#: turns, is most of what is left.
MAX_THREADS = 4
#: A thread gets at least this many deals: fewer are not worth handing over.
_LEAST_PART = 16

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


def split(work: Callable[[Sequence[_T]], list[_R]], items: Sequence[_T]) -> list[_R]:
    """``work(items)``, with ``items`` cut into consecutive parts that :func:`search_threads` threads work on at
    once (the calling thread takes the first): ``work`` must give one answer an item, in order, the same for an
    item whatever part it is in."""
    items = list(items)
    # a part asking for threads again takes none: the pool's threads waiting on the pool could wait for ever
    count = 1 if getattr(_here, "searching", False) else min(search_threads(), len(items) // _LEAST_PART)
    if count <= 1:
        return work(items)
    cuts = [len(items) * i // count for i in range(count + 1)]
    parts = [items[a:b] for a, b in pairwise(cuts)]
    pool = _threads()
    others = [pool.submit(work, part) for part in parts[1:]]
    try:
        out = work(parts[0])
    except BaseException:  # an error, or Ctrl-C (JupyterLab's Stop): the parts not begun are not searched
        for future in others:
            future.cancel()
        raise
    for future in others:
        out.extend(future.result())
    return out


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
