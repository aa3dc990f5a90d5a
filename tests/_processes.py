"""Other Python processes for tests: values sent by pickle, as the bid odds' worker processes get them (shared by
``test_rules.py`` and ``test_fast_paths.py``), kernels writing the lessons' records at once
(``test_progress.py``, ``test_practice.py``), and the analyses a learner runs, in a Python whose search is broken
(``test_compiled_damaged.py``, ``test_dds_broken.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path


def in_other_processes(script: str, sent: bytes) -> list[list[str]]:
    """What ``script`` prints, run with ``sent`` on its standard input, in two processes whose text hashes differ
    from each other's (and, but by chance, from this one's): the words printed, one list a process."""
    return [
        subprocess.run(
            [sys.executable, "-c", script],
            input=sent,
            capture_output=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        )
        .stdout.decode()
        .split()
        for hash_seed in ("1", "2")
    ]


def all_at_once(imports: str, script: str, folder: Path, writers: int) -> None:
    """``script`` run by ``writers`` processes at once in ``folder`` (the lessons' folder), each told its number
    (``sys.argv[1]``), as several notebooks' kernels answering side by side do: each runs ``imports`` first, then
    all start together. The processes import this copy of the package, whichever is installed."""
    root = str(Path(__file__).resolve().parents[1])
    ready = f"import os, sys, time\nsys.path.insert(0, {root!r})\n{imports}\n"
    ready += "open(f'ready-{sys.argv[1]}', 'w').close()\nwhile not os.path.exists('go'):\n    time.sleep(0.001)\n"
    running = [
        subprocess.Popen([sys.executable, "-c", ready + script, str(n)], cwd=folder, stderr=subprocess.PIPE)
        for n in range(writers)
    ]
    deadline = time.monotonic() + 120
    while not all((folder / f"ready-{n}").exists() for n in range(writers)) and time.monotonic() < deadline:
        time.sleep(0.01)
    (folder / "go").touch()
    for process in running:
        _, err = process.communicate(timeout=240)
        assert process.returncode == 0, err.decode()
    for name in ("go", *(f"ready-{n}" for n in range(writers))):
        (folder / name).unlink()


#: The analyses a learner runs, printed as JSON by :func:`analyses_elsewhere`; the same code runs in the test's own
#: Python, its search as it is, to give the answers to compare with.
ANALYSES = textwrap.dedent(
    """
    import json
    import charlemagne_learn as cl
    from charlemagne_learn.analysis.odds import deal_outcomes
    from charlemagne_learn.engine.deal import deal_hands

    def analyses():
        rules = cl.Rules.preset("canadian")
        out = []
        for seed in range(3):
            state = cl.HandState.new(rules, dealer="W", seed=seed)
            hands = {seat: list(state.hand(seat)) for seat in cl.Seat}
            contract = cl.Contract(rules, "6", "N", "HSDC"[seed])
            out.append(cl.double_dummy(contract, hands, "E"))
            out.append(sorted((str(c), n) for c, n in cl.solve_position(contract, hands, "E").items()))
            dealt, kitty = deal_hands(rules, cl.Seat.W, seed=seed)
            out.append(deal_outcomes(rules, dealt, kitty, "N"))
        for workers in (1, 2):
            odds = cl.bid_odds("canadian", "RJ JH JD AH KH AS AC 9C", samples=24, seed=5, workers=workers)
            out.append([(c.bid, c.made, c.expected_points) for c in odds])
        return json.loads(json.dumps(out))
    """
)


def analyses_elsewhere(before: str, after: str = "") -> tuple[subprocess.CompletedProcess[str], object, object]:
    """The analyses run in a Python of their own (worker processes included) after ``before`` has broken its search,
    then ``after``: the finished process, the answers it printed first, and the answers of this Python."""
    run = subprocess.run(
        [sys.executable, "-c", before + ANALYSES + "print(json.dumps(analyses()))\n" + after],
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    namespace: dict[str, object] = {}
    exec(ANALYSES, namespace)
    here = namespace["analyses"]()  # type: ignore[operator]
    return run, json.loads(run.stdout.splitlines()[0]), here
