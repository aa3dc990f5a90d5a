"""Answers kept for positions met again: a grade worked out once serves the live grade, the Hint button, the
review after the hand and a quiz's answer key.

The play table grades each move as it is made, and the review at the end of the hand grades every one of them
again, at the same moments, with the same deals: the same answers, so they are kept and read back (the review of
a hand took about a second, and now takes a few milliseconds). A key holds everything the answer is worked out
from — the whole of what the seat sees, the deal count, the seed, the language — so an answer read back is the
one working it out again would give; only the last few are kept.

>>> kept = Kept(2)
>>> kept.get(("a", 1), lambda: "worked out")
'worked out'
>>> kept.get(("a", 1), lambda: "never asked")
'worked out'
>>> forget()
>>> kept.get(("a", 1), lambda: "again")
'again'
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Hashable
from dataclasses import fields, is_dataclass
from typing import Any, Generic, TypeVar

__all__ = ["Kept", "forget", "key_of"]

_V = TypeVar("_V")

_ALL: list[Kept[Any]] = []


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
        _ALL.append(self)

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


def _fresh_locks() -> None:
    # a forked child has none of its parent's threads: a lock one of them held would stay held for ever
    for kept in _ALL:
        kept._lock = threading.Lock()
        kept._working = {}  # and none of the work under way there: nobody would ever say it is done


if hasattr(os, "register_at_fork"):  # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_fresh_locks)


def forget() -> None:
    """Forget every kept answer: the next ones are worked out afresh (for a check that two ways of working an
    answer out agree, and for timing one)."""
    for kept in _ALL:
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
