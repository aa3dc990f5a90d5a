"""The worker processes of the analyses: the one place that starts them.

Bid odds (:mod:`~charlemagne_learn.analysis.odds`) keep one pool for the whole session, :func:`shared_pool`: a
learner exploring hand after hand pays the start-up once. A bidding dataset
(:mod:`~charlemagne_learn.analysis.stats`) takes a pool for one job, :func:`job_pool`, closed when it is done.
Both start their workers the same way (:func:`context`, :func:`start_worker`): with the parent's findings on DDS
and the compiled search, deaf to Ctrl-C and JupyterLab's Stop (the parent's to handle), and ending themselves
once their parent is gone.

A call on the shared pool has a number (:func:`next_call`); stopped part way, it takes its work back
(:func:`take_back`) and its chunks already running end at their next sample (:func:`stopped`), so the next call
never waits behind work nobody reads.
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.pool
import os
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_for
from multiprocessing.context import BaseContext
from typing import Any

from . import compiled, dds, threads

__all__ = [
    "POOL_LOCK",
    "SLOTS",
    "context",
    "drop_shared_pool",
    "job_pool",
    "next_call",
    "shared_pool",
    "start_worker",
    "stopped",
    "take_back",
]

#: The one shared pool of this process, its size and its stop slots: a call asking for another size replaces it
#: (never a second pool beside the first).
_POOL: tuple[int, ProcessPoolExecutor, Any] | None = None
#: Held while a call takes the shared pool and hands it its chunks, so calls from several threads never make two
#: pools, nor hand work to a pool another call is replacing.
POOL_LOCK = threading.Lock()
#: How often a worker checks that the process that started it is still there.
_WATCH_SECONDS = 0.5
#: Stop slots shared with the workers: a call stopped part way writes its number in slot ``number % SLOTS``, and
#: its chunks already running, which look between samples, end there. (A slot per call, not one "stop" flag, so
#: stopping one call never stops another sharing the pool from another thread.)
SLOTS = 64
#: The longest a stopped call waits for its running chunks to end (each ends within one sample; this is only a
#: guard against a worker that hangs, whose pool is then replaced).
_STOP_SECONDS = 30.0
#: Call numbers, so a worker knows whose chunk it runs. 0 is no call: chunks run in this process never stop early.
_CALLS = itertools.count(1)
#: In a worker: the stop slots it was given (None in the process that asks).
_stops: Any = None


def context() -> BaseContext:
    """How workers are started. On Linux they are forked, which needs no ``if __name__ == "__main__"`` guard in a
    script and inherits the imported solver and DDS; elsewhere fork is unsafe (macOS) or missing (Windows), so
    they are spawned."""
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


def shared_pool(workers: int) -> tuple[ProcessPoolExecutor, Any]:
    """The shared process pool of this process, with ``workers`` processes, and its stop slots (take
    :data:`POOL_LOCK` first). Each worker ends itself when the process that started it is gone (see
    :func:`start_worker`)."""
    global _POOL
    if _POOL is not None and _POOL[0] == workers:
        return _POOL[1], _POOL[2]
    drop_shared_pool()
    start = context()
    stops = start.RawArray("q", SLOTS)
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=start,
        initializer=start_worker,
        initargs=(os.getpid(), dds.available(), stops, compiled.finding()),
    )
    _POOL = (workers, pool, stops)
    return pool, stops


def drop_shared_pool(only: ProcessPoolExecutor | None = None, *, stops: Any = None) -> None:
    """Shut the shared pool down without waiting, its queued work cancelled; the next call starts a new one. With
    ``only`` (or ``stops``), only if it is still that pool (or the pool of those stop slots): another thread may
    have replaced it already. Take :data:`POOL_LOCK` first."""
    global _POOL
    if _POOL is None or (only is not None and _POOL[1] is not only) or (stops is not None and _POOL[2] is not stops):
        return
    _POOL[1].shutdown(wait=False, cancel_futures=True)
    _POOL = None


def job_pool(processes: int) -> multiprocessing.pool.Pool:
    """A pool of ``processes`` workers for one job, started as the shared pool's are (``with job_pool(n) as
    pool:`` ends them)."""
    return context().Pool(processes, start_worker, (os.getpid(), dds.available(), None, compiled.finding()))


def start_worker(parent: int, dds_usable: bool, stops: Any, compiled_failure: str | None = None) -> None:
    """Run in each worker as it starts.

    The worker takes its parent's findings on DDS and on the compiled search (a broken endplay, or a damaged
    compiled search, is found, and reported, once) and the stop
    slots (None: a job's pool, whose work is never stopped in part), and searches in one thread. It ignores
    Ctrl-C and JupyterLab's Stop, which reach the whole process group: the parent hears them and takes its work
    back; a worker interrupted between tasks would die and break the pool.

    And it ends as soon as its parent is gone. A killed kernel (SIGKILL, out of memory, a crash) runs no clean-up,
    and its workers would live on, adopted by another process. A worker's parent changes only when the parent has
    died, so a thread that polls ``os.getppid()`` notices within half a second, on every platform. (Linux's
    ``PR_SET_PDEATHSIG`` fires when the starting *thread* ends, which a pool started from a widget's thread would
    trip.)
    """
    import signal
    import time

    global _stops
    _stops = stops
    dds.set_usable(dds_usable)
    compiled.take_finding(compiled_failure)
    # the pool already has a process a CPU: searches in several threads in each would only crowd them
    threads.searching_alone()
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="charlemagne-parent-watch", daemon=True).start()


def next_call() -> int:
    """A new call's number, for its chunks and its stop slot."""
    return next(_CALLS)


def stopped(call: int) -> bool:
    """Has call ``call`` been stopped (in a worker; never for a chunk run where it was asked)?"""
    return call != 0 and _stops is not None and _stops[call % SLOTS] == call


def take_back(futures: list[Future[Any]], stops: Any, call: int, *, wait: bool) -> None:
    """Take back what a call handed out and no longer reads: chunks not started are cancelled, running ones are
    told to stop (they end within one sample); with ``wait``, return once they have, so the pool holds nothing
    of this call."""
    running = [f for f in futures if not f.cancel() and not f.done()]
    if not running:
        return
    stops[call % SLOTS] = call
    if wait and wait_for(running, timeout=_STOP_SECONDS).not_done:  # pragma: no cover - a hung worker
        with POOL_LOCK:
            drop_shared_pool(stops=stops)
