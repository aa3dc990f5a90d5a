"""The package's concurrency lives in one module, :mod:`charlemagne_learn.analysis.work`, with the one fork hook.

Issue 48: the threads, the process pools, the work ahead and the kept answers were spread over six modules, each
with a fork hook of its own (and the shared process pool with none: a child forked from a process that had one
was handed its parent's pool, whose threads and workers it does not have, and the pool's lock as it was at the
fork, held for ever if another thread held it).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "charlemagne_learn"


def run(script: str) -> str:
    """What ``script`` prints, run in a Python of its own."""
    ran = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=240, check=False
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_the_package_installs_one_fork_hook_in_the_work_module() -> None:
    calls = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "register_at_fork"
    ]
    assert calls == ["analysis/work.py"]
    hooks = run(
        """
        import os, pkgutil, importlib
        hooks = []
        os.register_at_fork = lambda **hook: hooks.extend(
            f"{when}={run.__module__}.{run.__qualname__}" for when, run in hook.items()
        )
        import charlemagne_learn
        for part in ("analysis", "widgets"):
            package = importlib.import_module("charlemagne_learn." + part)
            for found in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
                importlib.import_module(found.name)
        print(*(hook for hook in hooks if hook.partition("=")[2].startswith("charlemagne_learn.")))
        """
    )
    assert hooks.split() == ["after_in_child=charlemagne_learn.analysis.work._fresh_in_child"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_forked_child_starts_with_fresh_pools_locks_and_kept_answers() -> None:
    """A process forked while this one had its pools running, and other threads held its locks and worked a kept
    answer out, starts pools of its own and finds every lock free and no answer under way."""
    found = run(
        """
        import json, os, threading, warnings
        warnings.simplefilter("ignore")  # forking a process with threads: the point here
        from charlemagne_learn.analysis import compiled, dds, exchange, work

        # this process at work: its shared pool of worker processes, its search threads, its thread ahead
        with work.POOL_LOCK:
            pool, _ = work.shared_pool(1)
        assert pool.submit(pow, 2, 5).result() == 32
        work.search_threads = lambda: 2
        work.split(lambda part: list(part), range(100))
        work.ahead(lambda: None)
        work.settle()

        # another thread holding every lock, and working a kept answer out, as the child is forked
        kept = work.Kept(4)
        exchange._PLAYED.get("a position", lambda: "its play-outs")
        holding, let_go = threading.Event(), threading.Event()

        def hold():
            with work.POOL_LOCK, dds._LOCK, compiled._LOAD_LOCK, exchange._PLAYED._lock:
                kept.get("the moment", lambda: (holding.set(), let_go.wait()))

        holder = threading.Thread(target=hold)
        holder.start()
        holding.wait()
        child = os.fork()
        if child == 0:
            free = lambda lock: lock.acquire(timeout=2)
            found = {
                "pool lock": free(work.POOL_LOCK),
                "DDS lock": free(dds._LOCK),
                "compiled search lock": free(compiled._LOAD_LOCK),
                "kept answers' lock": free(kept._lock),
            }
            kept._lock.release()
            own, _ = work.shared_pool(1)
            found["own pool"] = own is not pool
            # the parent's pool would never answer here: its threads are the parent's
            found["own pool works"] = own is not pool and own.submit(pow, 3, 3).result(timeout=60) == 27
            found["no answer under way"] = kept.get("the moment", lambda: "worked out here") == "worked out here"
            found["no exchange played out"] = len(exchange._PLAYED._answers) == 0
            done = []
            work.ahead(lambda: done.append("ahead"))
            work.settle()
            found["work ahead"] = done == ["ahead"]
            found["search threads"] = work.split(lambda part: [n + 1 for n in part], range(100)) == list(range(1, 101))
            print(json.dumps(found), flush=True)
            if found["own pool"]:
                own.shutdown()
            os._exit(0)
        _, status = os.waitpid(child, 0)
        let_go.set()
        holder.join()
        assert os.waitstatus_to_exitcode(status) == 0
        """
    )
    assert json.loads(found) == dict.fromkeys(
        [
            "own pool",
            "own pool works",
            "pool lock",
            "DDS lock",
            "compiled search lock",
            "kept answers' lock",
            "no answer under way",
            "no exchange played out",
            "work ahead",
            "search threads",
        ],
        True,
    )
