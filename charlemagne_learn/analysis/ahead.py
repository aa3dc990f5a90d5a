"""Grades worked out ahead, while the learner thinks.

At the play table and in a decision quiz, the next decision is known as soon as it is shown: the grade the
learner's choice will get, and the Hint's ranking, are the ones worked out for that moment whatever is chosen. So
the widget hands that work to one thread of the kernel as soon as the page shows the moment, and the answers
are kept (:mod:`.kept`); the click that needs them reads them back, or waits for the work under way rather than
start it again. The answers are the ones worked out on the click: only *when* they are worked out changes (an
exchange's grade came about 0.3 s after the exchange was made, on a two-CPU machine; a learner takes longer than
that to choose two cards and a trump). Only the newest moment waits its turn: one the learner has left is not
begun.

As Python exits (a kernel shut down, a script's end) the work under way is stopped, not finished: it ends
within one search (:mod:`.exiting`), and the work waiting is dropped. Nobody would read its answers.

In JupyterLite, where no thread can run beside the kernel's, nothing is worked out ahead: each answer is worked
out when clicked, as before.

>>> answers = []
>>> _ = ahead(lambda: answers.append(6 * 7))
>>> settle()
>>> answers
[42]
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from . import compiled, exiting

__all__ = ["ahead", "settle"]

_ready = threading.Condition()
#: The work waiting for the thread (a newer one takes its place: the moment it was for has passed).
_waiting: Callable[[], object] | None = None
#: Is the thread at work (or about to be)?
_busy = False
#: One thread, started when first needed. A pool of one rather than a thread of our own: Python waits for a pool's
#: thread before the interpreter exits, and closes the compiled module only then (a daemon thread still inside
#: the module as it was closed crashed the process on its way out); the work itself stops first (:mod:`.exiting`).
_pool: ThreadPoolExecutor | None = None
#: No thread can run here (JupyterLite), found out once.
_no_threads = sys.platform == "emscripten"


def ahead(work: Callable[[], object]) -> bool:
    """Run ``work()`` in the thread that works answers out ahead, after the work it is doing now, instead of any
    work still waiting. False, and nothing run, where no thread can start (JupyterLite, or a Python on its way
    out). ``work`` keeps its answer itself (through :class:`.kept.Kept`); an error it raises is dropped: asked for
    on a click, the answer is worked out again and the error said there."""
    global _waiting, _busy, _pool
    if _no_threads or exiting.exiting():
        return False
    with _ready:
        _waiting = work
        if _busy:  # the thread takes it when done with the work in hand
            return True
        try:
            if _pool is None:
                _pool = ThreadPoolExecutor(1, thread_name_prefix="charlemagne-ahead", initializer=_start)
            _pool.submit(_run)
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


def _start() -> None:
    """Run in the thread as it starts."""
    compiled.own_module()
    exiting.stops_here()


def _run() -> None:
    """Work out what waits, newest first, until nothing does, or Python exits."""
    global _waiting, _busy
    while True:
        with _ready:
            work, _waiting = _waiting, None
            if work is None or exiting.exiting():
                _busy = False
                _ready.notify_all()
                return
        # an error is said on the click, which works the answer out again; Stopped: Python is exiting
        with contextlib.suppress(Exception):
            work()


def _forget_thread() -> None:
    # a forked child has none of its parent's threads: it starts its own if it ever needs one
    global _ready, _waiting, _busy, _pool
    _ready, _waiting, _busy, _pool = threading.Condition(), None, False, None


if hasattr(os, "register_at_fork"):  # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_forget_thread)
