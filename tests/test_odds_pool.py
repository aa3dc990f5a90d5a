"""The bid-odds worker processes: one pool per Python process, and workers that end with their caller.

Issue 11: the workers survived a killed caller (SIGKILL, as when a kernel is killed for memory or crashes),
re-parented and idle 20 s later, and each distinct ``workers=`` value kept a pool of its own (28 idle
processes after a few calls).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

HAND = "RJ BJ JH JD AH KH AS AC"


def alive(pid: int) -> bool:
    """Is ``pid`` a live process? A zombie (dead, not yet reaped) counts as gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return fields[0] != "Z"


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if parent == pid and alive(int(entry.name)):
                found.append(int(entry.name))
    return found


def test_workers_end_when_their_caller_is_killed() -> None:
    script = textwrap.dedent(
        f"""
        import sys
        import charlemagne_learn as cl
        cl.bid_odds("canadian", {HAND!r}, samples=40, workers=2)
        print("ready", flush=True)
        sys.stdin.read()
        """
    )
    caller = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert caller.stdout is not None
    assert caller.stdout.readline().strip() == "ready"
    workers = children(caller.pid)
    assert len(workers) == 2
    caller.send_signal(signal.SIGKILL)  # no clean-up runs: as when a kernel is killed
    caller.wait()
    deadline = time.monotonic() + 15
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(p) for p in workers), "a worker outlived its killed caller"


def test_one_pool_whatever_workers_each_call_asks_for() -> None:
    script = textwrap.dedent(
        f"""
        import os
        import charlemagne_learn as cl
        for workers in (2, 3, 2, 1, 3, 2):
            cl.bid_odds("canadian", {HAND!r}, samples=60, workers=workers)
        print(os.getpid(), flush=True)
        input()
        """
    )
    caller = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert caller.stdout is not None
        pid = int(caller.stdout.readline())
        deadline = time.monotonic() + 10  # a replaced pool's workers are shutting down: give them a moment
        while len(children(pid)) > 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert 1 <= len(children(pid)) <= 2  # the last call's pool (2 workers) and nothing else
    finally:
        caller.kill()
        caller.wait()
