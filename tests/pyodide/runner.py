"""Run ``in_pyodide.py`` in Pyodide under Node with the package's wheel built fresh (used by the test and by
``benchmarks/pyodide_speed.py``). Needs ``python3 tasks.py test``'s setup: node_modules/pyodide and the wheels of
``requirements.txt`` in ``.dev/pyodide-wheels``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402  (the repository's tasks.py sets both up, and says where)

PYODIDE = tasks.NODE_MODULES / "pyodide"
WHEELS = tasks.PYODIDE_WHEELS


def missing() -> str | None:
    """What is not set up for a run, or None."""
    if shutil.which("node") is None:
        return "Node.js"
    if not PYODIDE.is_dir():
        return "node_modules/pyodide"
    if not WHEELS.is_dir():
        return ".dev/pyodide-wheels"
    return None


def run_in_pyodide(work: Path, *arguments: str) -> dict[str, Any]:
    """Build the package's wheel into ``work`` beside its dependencies' and run ``in_pyodide.py`` there (with
    ``arguments``)."""
    wheels = work / "wheels"
    shutil.copytree(WHEELS, wheels)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)], check=True)
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run(
        [node, str(HERE / "run.mjs"), str(wheels), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    return _last_json(done)


def run_here(pure: bool, *arguments: str) -> dict[str, Any]:
    """``in_pyodide.py`` in this Python (``pure``: without DDS; with ``arguments``), in a process of its own."""
    command = [sys.executable, str(HERE / "in_pyodide.py"), *(["--pure"] if pure else []), *arguments]
    return _last_json(subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False))


def _last_json(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the run failed ({done.returncode}): {done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result
