"""Other Python processes for tests: values sent by pickle, as the bid odds' worker processes get them (shared by
``test_rules.py`` and ``test_fast_paths.py``), and kernels writing the lessons' records at once
(``test_progress.py``, ``test_practice.py``)."""

from __future__ import annotations

import subprocess
import sys
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
