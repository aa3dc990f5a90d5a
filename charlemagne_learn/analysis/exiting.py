"""Work nobody will read, stopped as Python exits.

The answers worked out ahead (:mod:`.ahead`) are for a learner who may close the notebook meanwhile. Python waits
for the thread that works them out before it exits, and must (the compiled module is closed only after it: a
thread still inside the module as it was closed crashed the process); but it need not wait for the work to be
finished. As Python starts its way out, before it waits for any thread, :func:`check`, called between searches,
raises :class:`Stopped` in the threads marked as doing work ahead (:func:`stops_here`): the search under way
ends, the ones after it are not begun, and the thread is done within one search. Any other thread (a learner's
own) finishes its work, as before.

>>> check()  # Python is not exiting: nothing happens
"""

from __future__ import annotations

import concurrent.futures.thread  # noqa: F401  registers its hook that waits for the pools' threads (below)
import contextlib
import threading
from collections.abc import Iterator

__all__ = ["Stopped", "check", "exiting", "marked", "stopping_as", "stops_here"]


class Stopped(Exception):
    """Raised by :func:`check` in work ahead as Python exits: nobody will read its answer."""


#: Set once, as Python starts exiting.
_exiting = False
#: ``stops`` is set in the threads whose work stops at exit.
_here = threading.local()


def stops_here(stops: bool = True) -> None:
    """Mark the calling thread as one whose searches stop as Python exits (or, with False, no longer)."""
    _here.stops = stops


def marked() -> bool:
    """Is the calling thread marked by :func:`stops_here`?"""
    return bool(getattr(_here, "stops", False))


@contextlib.contextmanager
def stopping_as(stops: bool) -> Iterator[None]:
    """Within the block, the calling thread's searches stop at exit if ``stops`` (a search thread doing a part of
    another thread's work stops as that thread does)."""
    before = marked()
    stops_here(stops)
    try:
        yield
    finally:
        stops_here(before)


def exiting() -> bool:
    """Has Python started exiting?"""
    return _exiting


def check() -> None:
    """Called between searches: raises :class:`Stopped` in a marked thread once Python has started exiting."""
    if _exiting and getattr(_here, "stops", False):
        raise Stopped


def _start_exiting() -> None:
    global _exiting
    _exiting = True


# Called as Python starts exiting, before it waits for the threads that are not daemons: the threading module's
# own hooks, run last registered first, so this one runs before the one concurrent.futures registered when
# imported (above), which waits for the pools' threads. (A private function of CPython's threading, there since
# 3.9; without it the work ahead is finished before Python exits, as it was.)
_register = getattr(threading, "_register_atexit", None)
if _register is not None:
    with contextlib.suppress(RuntimeError):  # imported while Python is already on its way out: nothing to stop
        _register(_start_exiting)
