"""One writer at a time for the records kept beside the lessons (``practice.json``, ``progress.json``).

Two notebooks open together (the English and the French practice, two tabs of one lesson) are two kernels writing
the same file. Each change is therefore read, merged and written whole while :func:`held` holds the lessons'
folder: on Linux and macOS a lock the operating system keeps on the folder itself (``flock``: nothing is left in
the folder, and a kernel that dies lets go of it), on Windows one on a hidden file beside the records. JupyterLite
(Pyodide) has no lock across its tabs: there the read-merge-write on every answer keeps the answers, and an answer
written over by another tab in the same instant is written again with the next one (see
:func:`~charlemagne_learn.teach.practice.keep`).

A lock that cannot be had (a file system without locks, or one held for longer than :data:`PATIENCE` by a
kernel that hangs) is gone without: the write still happens, whole, as it would with one kernel.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder, held(Path(folder)):
...     sorted(Path(folder).iterdir())
[]
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

__all__ = ["PATIENCE", "held"]

#: The longest a kernel waits for another to finish writing (a write takes milliseconds; a kernel stopped in the
#: middle of one must not stop every other).
PATIENCE = 10.0
#: The hidden file locked on Windows, which cannot lock a folder.
_WINDOWS_LOCK = ".charlemagne_learn.lock"


@contextmanager
def held(folder: Path) -> Iterator[None]:
    """The lessons' ``folder`` held by this kernel (and this thread) alone while the block runs; not held where
    no lock can be had (see the module's notes)."""
    if sys.platform == "emscripten":  # Pyodide: one kernel a tab, and no lock between tabs
        yield
        return
    try:
        fd = _open(folder)
    except OSError:
        yield
        return
    try:
        locked = _lock(fd)
        try:
            yield
        finally:
            if locked:
                with suppress(OSError):
                    _unlock(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt

    def _open(folder: Path) -> int:
        return os.open(folder / _WINDOWS_LOCK, os.O_RDWR | os.O_CREAT, 0o600)

    def _lock(fd: int) -> bool:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.01)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:

    def _open(folder: Path) -> int:
        return os.open(folder, os.O_RDONLY)

    def _lock(fd: int) -> bool:
        import fcntl  # here: Pyodide, which never locks, need not have it

        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.005)
            except OSError:  # a file system that keeps no locks (some network shares)
                return False

    def _unlock(fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
