"""DDS called from several threads at once gives the single-thread answers.

Issue 25 item 5: endplay asks DDS to solve in its thread slot 0 whatever thread calls, and ctypes lets other
threads run during the call, so two threads shared one slot's memory: 6-11% wrong counts with two threads, a
segmentation fault with four. The threads run in a child process, so a crash fails this test, not the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from charlemagne_learn.analysis import dds

pytestmark = pytest.mark.skipif(
    not dds.available() and "CI" not in os.environ, reason="endplay is not installed on this developer machine"
)

SCRIPT = textwrap.dedent(
    """
    import threading
    import charlemagne_learn as cl
    from charlemagne_learn.analysis import dds
    from charlemagne_learn.engine.deal import deal_hands, mask_of

    rules = cl.Rules.preset("canadian")
    deals = []
    for seed in range(60):
        hands, _ = deal_hands(rules, cl.Seat.W, seed=seed)
        deals.append((cl.Contract(rules, "6", "N", "HSDC"[seed % 4]), list(hands)))

    def answers():
        out = []
        for contract, hands in deals:
            out.append(dds.dds_bidder_tricks(contract, hands, cl.Seat.E))
            out.append(sorted(dds.dds_position(contract, hands, cl.Seat.E, []).items()))
        return out

    def odds():
        return cl.bid_odds("canadian", "RJ JH JD AH KH AS AC 9C", samples=30, seed=3, workers=1)

    alone = answers(), odds()
    found = {}

    def run(n):
        found[n] = answers(), odds()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(sum(found[n][0] != alone[0] for n in range(4)), sum(found[n][1] != alone[1] for n in range(4)))
    """
)


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_four_threads_get_the_single_thread_answers() -> None:
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, f"the threads crashed the process (status {run.returncode}): {run.stderr[-2000:]}"
    assert run.stdout.split() == ["0", "0"], "threads whose answers differ from one thread's: DDS, bid odds"


POOLS = textwrap.dedent(
    """
    import threading
    import charlemagne_learn as cl
    from charlemagne_learn.analysis import work

    HAND = "RJ JH JD AH KH AS AC 9C"
    alone = {w: cl.bid_odds("canadian", HAND, samples=100, seed=w, workers=1) for w in (2, 3)}
    found = {}
    has_pool, other_asked = threading.Event(), threading.Event()
    take_pool = work.shared_pool

    def pool_then_pause(workers):
        # the race made certain: the second thread asks for its pool between the first's taking the pool and
        # handing it its work (for 2 s at most: where calls take turns, it cannot ask before the first is done)
        got = take_pool(workers)
        if workers == 2:
            has_pool.set()
            other_asked.wait(timeout=2)
        else:
            other_asked.set()
        return got

    work.shared_pool = pool_then_pause

    def run(w):
        found[w] = cl.bid_odds("canadian", HAND, samples=100, seed=w, workers=w)

    first = threading.Thread(target=run, args=(2,))
    first.start()
    has_pool.wait()
    second = threading.Thread(target=run, args=(3,))
    second.start()
    first.join()
    second.join()
    print(sorted(w for w in found if found[w] == alone[w]))
    """
)


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_threads_asking_for_different_pool_sizes_get_their_answers() -> None:
    """The one process pool is replaced when a call asks for another size: a call from another thread that had
    taken the old pool still gets its whole answer (it raised "cannot schedule new futures after shutdown")."""
    run = subprocess.run([sys.executable, "-c", POOLS], capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split("\n")[0] == "[2, 3]", run.stderr[-2000:]
