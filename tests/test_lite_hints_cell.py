"""The cell ``benchmarks/lite_hints.py`` runs in the browser-only site's kernel is made of ``hint_latency.py``'s own
functions, pasted: what they need from their module must be pasted with them, or the page's timing stops at its
first hint. The same definitions run here, in CPython, as the Pyodide kernel runs them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import lite_hints


def test_the_pasted_hint_timing_finds_and_asks_every_kind_on_its_own() -> None:
    namespace: dict[str, object] = {}
    exec(lite_hints.HINTS_DEFINITIONS, namespace)  # the benchmark's own cell, as the kernel runs it
    found = namespace["positions"]("canadian", 1, lite_hints.SEED)  # type: ignore[operator]
    ask = namespace["ask"]
    seconds = {kind: ask(kind, found[kind][0]) for kind in lite_hints.KINDS}  # type: ignore[operator]
    assert set(seconds) == set(lite_hints.KINDS) and all(s > 0 for s in seconds.values())
    assert len(namespace["CPU"]) == len(lite_hints.KINDS)  # type: ignore[arg-type]


def test_the_pasted_node_timing_runs_every_part_on_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    """The second cell pastes ``tests/pyodide/in_pyodide.py``'s parts the same way: it times each part it names."""
    exec(lite_hints.NODE_CELL, {})  # the benchmark's own cell, as the kernel runs it
    seconds = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(seconds) == set(lite_hints.NODE_PARTS) and all(s > 0 for s in seconds.values())
