"""Values sent by pickle to other Python processes, as the bid odds' worker processes get them. Shared by
``test_rules.py`` and ``test_fast_paths.py``."""

from __future__ import annotations

import subprocess
import sys


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
