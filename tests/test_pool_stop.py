"""A bid-odds call stopped part way takes its work back from the shared process pool.

Issue 25 item 6: Stop (KeyboardInterrupt) or a ``progress=`` callback that raised left the call's chunks queued in
the pool; the next small call waited behind them (92 s instead of 3 s) and so did the interpreter's exit (~33 s).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import odds as odds_module
from charlemagne_learn.analysis import work

HAND = "RJ BJ JH JD AH KH AS AC"
#: Enough samples for dozens of chunks on two workers: most of them are still queued when the first answers.
MANY = 4000


def backlog() -> list[tuple[int, int, bool]]:
    """The pool's work not yet answered: (seed, first sample, cancelled) of each chunk. (``_pending_work_items`` is
    CPython's table of a ProcessPoolExecutor's queued and running work.)"""
    assert work._POOL is not None
    items = list(work._POOL[1]._pending_work_items.values())  # type: ignore[attr-defined]
    return [(item.args[0][0].seed, item.args[0][1], item.future.cancelled()) for item in items]


class Stop(Exception):
    pass


@pytest.mark.parametrize("stop", [Stop, KeyboardInterrupt], ids=["progress raises", "Stop button"])
def test_a_stopped_call_leaves_nothing_in_the_pool_and_the_next_call_is_answered(stop: type[BaseException]) -> None:
    def stop_at_first(done: int, total: int) -> None:
        raise stop()

    with pytest.raises(stop):
        cl.bid_odds("canadian", HAND, samples=MANY, seed=11, workers=2, progress=stop_at_first)
    # nothing of the stopped call queued or running (a chunk cancelled, not yet swept out of the table, is no work)
    assert [chunk for chunk in backlog() if not chunk[2]] == []

    seen: list[list[tuple[int, int, bool]]] = []

    def watch(done: int, total: int) -> None:
        seen.append(backlog())

    after = cl.bid_odds("canadian", HAND, samples=120, seed=12, workers=2, progress=watch)
    assert after == cl.bid_odds("canadian", HAND, samples=120, seed=12, workers=1)
    # while the next call ran, every chunk in the pool was its own
    assert seen and {seed for chunks in seen for seed, _, _ in chunks} <= {12}


def test_a_stopped_chunk_ends_at_its_next_sample() -> None:
    """A chunk already running when its call stops ends there instead of running on unread."""
    rules = cl.Rules.preset("canadian")
    job = odds_module._Job(
        rules,
        cl.engine.deal.mask_of(cl.parse_cards(HAND)),
        0,
        5,
        "double_dummy",
        tuple(odds_module._plans(rules, rules.bids[0])),
    )
    stops = [0] * work.SLOTS
    call = 7
    old = work._stops
    work._stops = stops  # as in a worker
    try:
        assert len(odds_module._run(job, 0, 3, call)[0]) == 3
        stops[call % work.SLOTS] = call
        assert odds_module._run(job, 0, 3, call) == [[] for _ in job.plans]
        assert len(odds_module._run(job, 0, 3, call + work.SLOTS)[0]) == 3  # another call: not stopped
    finally:
        work._stops = old


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="JupyterLab's Stop signals the process group (POSIX)")
def test_the_stop_button_reaching_every_process_leaves_the_pool_usable() -> None:
    """JupyterLab's Stop sends SIGINT to the kernel's whole process group, the workers included."""
    script = textwrap.dedent(
        f"""
        import signal
        import sys
        import charlemagne_learn as cl

        # Stop raises KeyboardInterrupt, as in a kernel, whatever the process that started this one ignored
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from charlemagne_learn.analysis import work

        def started(done, total):
            if done == 50:
                print("started", flush=True)
                sys.stdin.readline()  # the test presses Stop now

        try:
            cl.bid_odds("canadian", {HAND!r}, samples={MANY}, seed=11, workers=2, progress=started)
        except KeyboardInterrupt:
            print("stopped", flush=True)
        left = [i for i in work._POOL[1]._pending_work_items.values() if not i.future.cancelled()]
        after = cl.bid_odds("canadian", {HAND!r}, samples=120, seed=12, workers=2)
        print(len(left), after == cl.bid_odds("canadian", {HAND!r}, samples=120, seed=12, workers=1), flush=True)
        """
    )
    # Once in a full test run the stop was not seen and the call ran to its end ("0 True" where "stopped" was
    # awaited): a signal race of the machine, not of the pool. One more try then; a stop that never works fails.
    for last in (False, True):
        if _stopped_and_usable(script, last):
            return


def _stopped_and_usable(script: str, last: bool) -> bool:
    """Run the caller, press Stop once it has started, and check the pool is usable after; with ``last``, assert."""
    caller = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a kernel has
    )
    try:
        out = caller.stdout
        assert out is not None and caller.stdin is not None
        assert out.readline().strip() == "started"
        os.killpg(caller.pid, signal.SIGINT)
        caller.stdin.write("\n")
        caller.stdin.flush()
        said = out.readline().strip()
        if said != "stopped" and not last:
            return False
        assert said == "stopped"
        assert out.readline().split() == ["0", "True"]
        assert caller.wait(timeout=120) == 0
        return True
    finally:
        if caller.poll() is None:
            os.killpg(caller.pid, signal.SIGKILL)
            caller.wait()
