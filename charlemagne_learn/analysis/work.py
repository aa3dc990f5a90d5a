"""The package's concurrency, in one place: the threads and processes it starts, the answers it keeps, what stops
as Python exits, and what a forked child starts afresh.

- **Deals searched in threads** (:func:`split`): a hint plays hundreds of deals out, each on its own, and the
  compiled search runs outside Python's global lock, so threads of this process share them.
- **Work ahead** (:func:`ahead`, :func:`settle`): the next decision at the play table or in a quiz is graded by
  one thread while the learner thinks.
- **Kept answers** (:class:`Kept`): a grade worked out once serves the live grade, the Hint button, the review and
  a quiz's answer key.
- **Worker processes** (:func:`shared_pool`, :func:`job_pool`): bid odds share one pool for the session; a
  dataset takes one for its job.
- **How many** (:func:`usable_cpus`, :func:`default_workers`): the CPUs this process may really use.
- **The exit** (:func:`stop_if_exiting`): work nobody will read stops as Python exits.
- **A forked child** starts with none of this process's threads, pools or locks held: this module's one fork
  hook resets them, and runs the resets the modules that own a lock or a cache hand it (:func:`in_forked_child`).

Of the package, this module imports only the engine: the modules whose searches it runs (``compiled``, ``dds``)
import it, and hand it as they are imported what their threads, workers and forked children need
(:func:`in_each_thread`, :func:`threads_help_when`, :func:`to_workers`, :func:`in_forked_child`).

>>> split(lambda part: [n * n for n in part], range(100)) == [n * n for n in range(100)]
True
>>> answers = []
>>> _ = ahead(lambda: answers.append(6 * 7))
>>> settle()
>>> answers
[42]
>>> kept = Kept(2)
>>> kept.get(("a", 1), lambda: "worked out")
'worked out'
>>> kept.get(("a", 1), lambda: "never asked")
'worked out'
>>> forget()
>>> kept.get(("a", 1), lambda: "again")
'again'
>>> 1 <= default_workers() <= MAX_DEFAULT_WORKERS
True
>>> stop_if_exiting()  # Python is not exiting: nothing happens
"""

from __future__ import annotations

import concurrent.futures.thread  # noqa: F401  registers its hook that waits for the pools' threads (see the exit)
import contextlib
import itertools
import math
import multiprocessing
import multiprocessing.pool
import os
import sys
import threading
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from dataclasses import fields, is_dataclass
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from ..engine.checks import whole_number

__all__ = [
    "MAX_DEFAULT_WORKERS",
    "MAX_THREADS",
    "MAX_WORKERS",
    "POOL_LOCK",
    "SLOTS",
    "Kept",
    "Stopped",
    "ahead",
    "check_workers",
    "context",
    "default_workers",
    "drop_shared_pool",
    "exiting",
    "forget",
    "in_each_thread",
    "in_forked_child",
    "job_pool",
    "key_of",
    "next_call",
    "search_threads",
    "searching_alone",
    "settle",
    "shared_pool",
    "split",
    "start_worker",
    "stop_if_exiting",
    "stopped",
    "take_back",
    "threads_help_when",
    "to_workers",
    "usable_cpus",
]

_S = TypeVar("_S")
_T = TypeVar("_T")
_R = TypeVar("_R")
_V = TypeVar("_V")

#: A thread's own marks: ``stops`` (its searches stop as Python exits), ``searching`` (one of the search threads).
_here = threading.local()
#: What the modules whose searches run here handed this one as they were imported (see the module's note).
_THREAD_STARTS: list[Callable[[], object]] = []
_THREADS_HELP: list[Callable[[], bool]] = []
_FINDINGS: list[tuple[Callable[[], Any], Callable[[Any], object]]] = []
_CHILD_RESETS: list[Callable[[], object]] = []


def in_each_thread(start: Callable[[], object]) -> None:
    """Run ``start()`` in each thread this module starts, as it starts (the compiled search gives each its own
    instance)."""
    _THREAD_STARTS.append(start)


def threads_help_when(helps: Callable[[], bool]) -> None:
    """Share deals among threads only when ``helps()`` says so for one of the searches handed in (the compiled
    search, when it loads: the pure-Python one would only take turns at the global lock)."""
    _THREADS_HELP.append(helps)


def to_workers(find: Callable[[], _T], take: Callable[[_T], object]) -> None:
    """Hand each worker process ``find()`` of this process, which the worker takes with ``take`` as it starts (a
    broken endplay, or a damaged compiled search, is found, and reported, once). ``take`` must be a module's own
    function: spawned workers import it by name."""
    _FINDINGS.append((find, take))


def in_forked_child(reset: Callable[[], object]) -> None:
    """Run ``reset()`` in a process forked from this one, before anything else runs there, after this module's own
    resets (its kept answers' locks are fresh by then): for a lock a thread the child does not have may hold, which
    would stay held for ever, or a cache of things locked that way."""
    _CHILD_RESETS.append(reset)


def _start_thread() -> None:
    for start in _THREAD_STARTS:
        start()


# ---- The exit: work nobody will read, stopped as Python exits -------------------------------------------------
#
# The answers worked out ahead are for a learner who may close the notebook meanwhile. Python waits for the
# thread that works them out before it exits, and must (the compiled module is closed only after it: a thread
# still inside the module as it was closed crashed the process); but it need not wait for the work to be
# finished. As Python starts its way out, before it waits for any thread, stop_if_exiting(), called between
# searches, raises Stopped in the threads marked as doing work ahead: the search under way ends, the ones after it
# are not begun, and the thread is done within one search. Any other thread (a learner's own) finishes its work.


class Stopped(Exception):
    """Raised by :func:`stop_if_exiting` in work ahead as Python exits: nobody will read its answer."""


#: Set once, as Python starts exiting.
_on_the_way_out = False


def exiting() -> bool:
    """Has Python started exiting?"""
    return _on_the_way_out


def stop_if_exiting() -> None:
    """Called between searches: raises :class:`Stopped` in a thread doing work ahead (or a part of it) once Python
    has started exiting."""
    if _on_the_way_out and getattr(_here, "stops", False):
        raise Stopped


def _stops_here(stops: bool = True) -> None:
    """Mark the calling thread as one whose searches stop as Python exits (or, with False, no longer)."""
    _here.stops = stops


def _marked() -> bool:
    return bool(getattr(_here, "stops", False))


@contextlib.contextmanager
def _stopping_as(stops: bool) -> Iterator[None]:
    """Within the block, the calling thread's searches stop at exit if ``stops`` (a search thread doing a part of
    another thread's work stops as that thread does)."""
    before = _marked()
    _stops_here(stops)
    try:
        yield
    finally:
        _stops_here(before)


def _start_exiting() -> None:
    global _on_the_way_out
    _on_the_way_out = True


# Called as Python starts exiting, before it waits for the threads that are not daemons: the threading module's
# own hooks, run last registered first, so this one runs before the one concurrent.futures registered when
# imported (above), which waits for the pools' threads. (A private function of CPython's threading, there since
# 3.9; without it the work ahead is finished before Python exits, as it was.)
_register = getattr(threading, "_register_atexit", None)
if _register is not None:
    with contextlib.suppress(RuntimeError):  # imported while Python is already on its way out: nothing to stop
        _register(_start_exiting)


# ---- How many: the CPUs this process may really use ------------------------------------------------------------
#
# os.cpu_count() counts the machine's CPUs. A process may use fewer: those of its affinity mask (taskset, a batch
# scheduler), and the share of CPU time its control group allows, which is how a container is limited (a
# JupyterHub pod given one CPU sees all of the host's 64). Thirty students each starting 64 workers on such a
# server would crowd out each other. The cap keeps a default call modest on a big machine too: bid odds of a few
# hundred deals gain little beyond a handful of processes. The number of processes or threads never changes an
# answer, only how soon it comes.

#: The most processes a call starts unless told otherwise (``workers=``).
MAX_DEFAULT_WORKERS = 8
#: The most processes a call may ask for.
MAX_WORKERS = 256

_CGROUP_ROOT = Path("/sys/fs/cgroup")
_SELF_CGROUP = Path("/proc/self/cgroup")


def usable_cpus(cgroup_root: Path = _CGROUP_ROOT, self_cgroup: Path = _SELF_CGROUP) -> int:
    """CPUs this process may use: those of its affinity mask, fewer when its control group's CPU quota (cgroup
    v2 ``cpu.max``, v1 ``cpu.cfs_quota_us`` over ``cpu.cfs_period_us``, in its own group or any above it) allows
    less time than that; a fraction of a CPU counts as one. At least 1.

    ``cgroup_root`` and ``self_cgroup`` are where the groups are mounted and where this process's group is named
    (``/proc/self/cgroup``): a test points them at files of its own."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no affinity on macOS and Windows
        cpus = os.cpu_count() or 1
    quota = _quota(cgroup_root, self_cgroup)
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def default_workers() -> int:
    """Processes a call starts unless told: one per usable CPU (:func:`usable_cpus`), at most
    :data:`MAX_DEFAULT_WORKERS`."""
    return min(usable_cpus(), MAX_DEFAULT_WORKERS)


def check_workers(workers: object) -> int:
    """``workers=`` checked (a whole number from 1 to :data:`MAX_WORKERS`), or :func:`default_workers` for None."""
    return whole_number("workers", default_workers() if workers is None else workers, 1, MAX_WORKERS)


def _quota(root: Path, self_cgroup: Path) -> float | None:
    """The smallest CPU quota (in CPUs) of this process's control group and the groups above it, or None."""
    try:
        lines = self_cgroup.read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:  # not Linux, or no /proc
        lines = []
    found: list[float] = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":  # cgroup v2: one hierarchy, mounted at the root
            found += [q for d in _up_from(root, path) if (q := _v2_quota(d)) is not None]
        elif "cpu" in controllers.split(","):  # cgroup v1: the cpu controller's own hierarchy
            for mount in dict.fromkeys((root / controllers, root / "cpu", root / "cpu,cpuacct")):
                found += [q for d in _up_from(mount, path) if (q := _v1_quota(d)) is not None]
    if not found and not lines:
        # no /proc/self/cgroup to say where we are: a container's own root still carries its limit
        found += [q for q in (_v2_quota(root), _v1_quota(root / "cpu")) if q is not None]
    return min(found, default=None)


def _up_from(mount: Path, path: str) -> list[Path]:
    """``mount/path`` and each group above it, up to ``mount`` itself. Inside a container the path named may be
    the host's, missing here; the mount's own root (the container's group) is then still read."""
    parts = [p for p in path.strip().split("/") if p and p not in (".", "..")]
    return [mount.joinpath(*parts[:n]) for n in range(len(parts), -1, -1)]


def _v2_quota(group: Path) -> float | None:
    fields = _read(group / "cpu.max").split()
    if len(fields) != 2 or fields[0] == "max":
        return None
    return _ratio(fields[0], fields[1])


def _v1_quota(group: Path) -> float | None:
    return _ratio(_read(group / "cpu.cfs_quota_us").strip(), _read(group / "cpu.cfs_period_us").strip())


def _ratio(quota: str, period: str) -> float | None:
    """``quota / period`` in CPUs; None for no limit (-1, max) or anything unreadable."""
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None


def _read(file: Path) -> str:
    try:
        with file.open(encoding="ascii", errors="replace") as f:
            return f.read(200)  # a few numbers; bounded, whatever sits there
    except OSError:
        return ""


# ---- Deals searched in threads ---------------------------------------------------------------------------------
#
# The compiled search runs outside Python's global lock (wasmtime is called through ctypes, which lets go of it),
# so threads share the deals: split() cuts them into parts, which the threads take in turn as each is free, and
# puts the answers back in the deals' order. Where each deal needs Python first (the rest of an auction, RuleBot's
# exchange), the calling thread does that part by part while the other threads search the parts already made; a
# part's searches are asked of the module in one call, so a searching thread needs the global lock once a part,
# not once a deal. Every search is exact and each part is searched the same way whichever thread takes it, so the
# number of threads never changes an answer, only how soon it comes (tests/test_threads.py). In JupyterLite (no
# threads), and where only the pure-Python search runs (the global lock would take turns), the calling thread
# does it all.

#: The most threads a search takes: past four, the Python part of each search (a fifth of it), which takes
#: turns, is most of what is left.
MAX_THREADS = 4
#: A thread gets at least this many deals: fewer are not worth handing over.
_LEAST_PART = 16
#: Parts a thread takes, about: the last ones even out how long the threads take.
_PARTS_PER_THREAD = 8

_search_pool: ThreadPoolExecutor | None = None
_search_pool_lock = threading.Lock()
#: Set in a worker process of the analyses: its pool has a process a CPU already.
_alone = False


def search_threads() -> int:
    """Threads a search of many deals takes here: one per CPU this process may use (:func:`usable_cpus`), at most
    :data:`MAX_THREADS`; one in JupyterLite, where the compiled search cannot run, where it does not load, and in
    the analyses' worker processes (:func:`searching_alone`)."""
    if _alone or sys.platform == "emscripten" or not any(helps() for helps in _THREADS_HELP):
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
    # work ahead stops as Python exits, in the threads that search parts of it too
    stops = _marked()

    def take(wait: bool) -> None:
        with _stopping_as(stops):
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

    others = [_search_threads().submit(take, True) for _ in range(count - 1)]
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


def _search_threads() -> ThreadPoolExecutor:
    """The search threads of this process, started when first needed, each with its own instance of the module."""
    global _search_pool
    with _search_pool_lock:
        if _search_pool is None:
            _search_pool = ThreadPoolExecutor(
                MAX_THREADS - 1, thread_name_prefix="charlemagne-search", initializer=_start_search_thread
            )
        return _search_pool


def _start_search_thread() -> None:
    _here.searching = True
    _start_thread()


# ---- Work ahead, while the learner thinks ----------------------------------------------------------------------
#
# At the play table and in a decision quiz, the next decision is known as soon as it is shown: the grade the
# learner's choice will get, and the Hint's ranking, are the ones worked out for that moment whatever is chosen.
# So the widget hands that work to one thread of the kernel as soon as the page shows the moment, and the answers
# are kept (Kept); the click that needs them reads them back, or waits for the work under way rather than start it
# again. The answers are the ones worked out on the click: only *when* they are worked out changes (an exchange's
# grade came about 0.3 s after the exchange was made, on a two-CPU machine; a learner takes longer than that to
# choose two cards and a trump). Only the newest moment waits its turn: one the learner has left is not begun.
#
# As Python exits (a kernel shut down, a script's end) the work under way is stopped, not finished: it ends within
# one search (the exit, above), and the work waiting is dropped. Nobody would read its answers. In JupyterLite,
# where no thread can run beside the kernel's, nothing is worked out ahead: each answer is worked out when clicked.

_ready = threading.Condition()
#: The work waiting for the thread (a newer one takes its place: the moment it was for has passed).
_waiting: Callable[[], object] | None = None
#: Is the thread at work (or about to be)?
_busy = False
#: One thread, started when first needed. A pool of one rather than a thread of our own: Python waits for a pool's
#: thread before the interpreter exits, and closes the compiled module only then (a daemon thread still inside
#: the module as it was closed crashed the process on its way out); the work itself stops first (the exit, above).
_ahead_pool: ThreadPoolExecutor | None = None
#: No thread can run here (JupyterLite), found out once.
_no_threads = sys.platform == "emscripten"


def ahead(work: Callable[[], object]) -> bool:
    """Run ``work()`` in the thread that works answers out ahead, after the work it is doing now, instead of any
    work still waiting. False, and nothing run, where no thread can start (JupyterLite, or a Python on its way
    out). ``work`` keeps its answer itself (through :class:`Kept`); an error it raises is dropped: asked for on a
    click, the answer is worked out again and the error said there."""
    global _waiting, _busy, _ahead_pool
    if _no_threads or exiting():
        return False
    with _ready:
        _waiting = work
        if _busy:  # the thread takes it when done with the work in hand
            return True
        try:
            if _ahead_pool is None:
                _ahead_pool = ThreadPoolExecutor(1, thread_name_prefix="charlemagne-ahead", initializer=_start_ahead)
            _ahead_pool.submit(_run_ahead)
        except RuntimeError:  # no thread can start here, or the interpreter is on its way out
            _waiting = None
            return False
        _busy = True
    return True


def settle() -> None:
    """Wait until the work handed to :func:`ahead` is done (for a check, or to time a click after it)."""
    with _ready:
        while _busy:
            _ready.wait()


def _start_ahead() -> None:
    _start_thread()
    _stops_here()


def _run_ahead() -> None:
    """Work out what waits, newest first, until nothing does, or Python exits."""
    global _waiting, _busy
    while True:
        with _ready:
            work, _waiting = _waiting, None
            if work is None or exiting():
                _busy = False
                _ready.notify_all()
                return
        # an error is said on the click, which works the answer out again; Stopped: Python is exiting
        with contextlib.suppress(Exception):
            work()


# ---- Kept answers, for positions met again ---------------------------------------------------------------------
#
# The play table grades each move as it is made, and the review at the end of the hand grades every one of them
# again, at the same moments, with the same deals: the same answers, so they are kept and read back (the review of
# a hand took about a second, and now takes a few milliseconds). A key holds everything the answer is worked out
# from — the whole of what the seat sees, the deal count, the seed, the language — so an answer read back is the
# one working it out again would give; only the last few are kept.

_ALL_KEPT: list[Kept[Any]] = []


class Kept(Generic[_V]):
    """The ``size`` answers asked for last, by key."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._answers: dict[Hashable, _V] = {}
        #: The keys being worked out now, each with the event set when its answer is kept (or its work failed).
        self._working: dict[Hashable, threading.Event] = {}
        #: Counts the clearings: an answer whose work began before the last one is given but not kept.
        self._clearings = 0
        self._lock = threading.Lock()  # threads may ask at once: the dict is reordered as it is read
        _ALL_KEPT.append(self)

    def get(self, key: Hashable, work: Callable[[], _V]) -> _V:
        """The answer kept for ``key``, else ``work()``, kept (an error is not: asked again, it is worked out
        again). Asked while another thread works the same key out (a grade worked out ahead, while the learner
        thinks), it waits for that answer rather than work it out a second time."""
        while True:
            with self._lock:
                if key in self._answers:
                    answer = self._answers.pop(key)
                    self._answers[key] = answer  # now the most recently used
                    return answer
                under_way = self._working.get(key)
                if under_way is None:
                    done = self._working[key] = threading.Event()
                    clearings = self._clearings
                    break
            under_way.wait()  # then kept, or failed (worked out here, so the error is raised here)
        try:
            answer = work()
            with self._lock:
                if clearings != self._clearings:
                    return answer
                self._answers[key] = answer
                while len(self._answers) > self._size:
                    del self._answers[next(iter(self._answers))]
        finally:
            with self._lock:
                del self._working[key]
            done.set()
        return answer

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()
            self._clearings += 1


def forget() -> None:
    """Forget every kept answer: the next ones are worked out afresh (for a check that two ways of working an
    answer out agree, and for timing one)."""
    for kept in _ALL_KEPT:
        kept.clear()


def key_of(value: Any) -> Hashable:
    """``value`` as a key: lists and tuples as tuples, dicts as their items in order, dataclasses that are not
    frozen (such as a seat's view) as their type and fields, each part in turn; anything else as it is (it must be
    hashable).

    >>> key_of({"b": [1, 2], "a": None})
    (('a', None), ('b', (1, 2)))
    """
    if isinstance(value, (list, tuple)):
        return tuple(key_of(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, key_of(v)) for k, v in value.items()))
    if is_dataclass(value) and not isinstance(value, type) and type(value).__hash__ is None:  # not frozen
        return (type(value).__name__, *(key_of(getattr(value, f.name)) for f in fields(value)))
    return value  # type: ignore[no-any-return]


# ---- Worker processes: the one place that starts them ----------------------------------------------------------
#
# Bid odds keep one pool for the whole session, shared_pool(): a learner exploring hand after hand pays the
# start-up once. A bidding dataset takes a pool for one job, job_pool(), closed when it is done. Both start their
# workers the same way (context(), start_worker()): with the parent's findings (to_workers()), deaf to Ctrl-C and
# JupyterLab's Stop (the parent's to handle), and ending themselves once their parent is gone.
#
# A call on the shared pool has a number (next_call()); stopped part way, it takes its work back (take_back()) and
# its chunks already running end at their next sample (stopped()), so the next call never waits behind work nobody
# reads.

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


def _findings() -> list[tuple[Callable[[Any], object], Any]]:
    """What each worker takes as it starts: each ``take`` with its ``find()`` of this process."""
    return [(take, find()) for find, take in _FINDINGS]


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
        max_workers=workers, mp_context=start, initializer=start_worker, initargs=(os.getpid(), stops, _findings())
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
    return context().Pool(processes, start_worker, (os.getpid(), None, _findings()))


def start_worker(parent: int, stops: Any, findings: Sequence[tuple[Callable[[Any], object], Any]] = ()) -> None:
    """Run in each worker as it starts.

    The worker takes its parent's findings (:func:`to_workers`: a broken endplay, or a damaged compiled search, is
    found, and reported, once) and the stop slots (None: a job's pool, whose work is never stopped in part), and
    searches in one thread. It ignores Ctrl-C and JupyterLab's Stop, which reach the whole process group: the
    parent hears them and takes its work back; a worker interrupted between tasks would die and break the pool.

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
    for take, found in findings:
        take(found)
    # the pool already has a process a CPU: searches in several threads in each would only crowd them
    searching_alone()
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


# ---- A forked child: the package's one fork hook ---------------------------------------------------------------


def _fresh_in_child() -> None:
    """A forked child has none of its parent's threads: no thread for the work ahead or the searches (it starts its
    own if it ever needs them), no shared pool (whose workers and threads are its parent's), and no lock held by a
    thread it does not have, which would stay held for ever, nor work under way there that nobody would ever say
    is done. Then the resets the other modules handed in (:func:`in_forked_child`)."""
    global _ready, _waiting, _busy, _ahead_pool, _search_pool, _search_pool_lock, _POOL, POOL_LOCK
    _ready, _waiting, _busy, _ahead_pool = threading.Condition(), None, False, None
    _search_pool, _search_pool_lock = None, threading.Lock()
    _POOL, POOL_LOCK = None, threading.Lock()
    for kept in _ALL_KEPT:
        kept._lock = threading.Lock()
        kept._working = {}
    for reset in _CHILD_RESETS:
        reset()


if hasattr(os, "register_at_fork"):  # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_fresh_in_child)
