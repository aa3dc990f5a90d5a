"""The committed compiled search is what its source builds to: rebuilt here with the same compiler and flags
(``scripts/build_solver.py``), byte for byte, with the digest the package checks it against. A developer's machine
without clang 19 skips; CI never does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _compiled import build_solver

from charlemagne_learn.analysis import compiled


def test_the_committed_module_is_built_from_its_source(tmp_path: Path) -> None:
    if build_solver.clang() is None:
        if os.environ.get("CI"):
            pytest.fail("clang-19 is missing, and CI must rebuild the compiled search (.ci/run installs it)")
        pytest.skip("clang-19 is not installed here (apt-get install clang-19 lld-19)")
    out = build_solver.build(tmp_path / "solver.wasm")
    assert out.read_bytes() == compiled.WASM.read_bytes(), "run python3 scripts/build_solver.py and commit the .wasm"
    # and the digest the package checks the module against, written beside it by the build, is the committed one
    written = build_solver.digest_file(out).read_text(encoding="ascii")
    assert written == compiled.DIGEST.read_text(encoding="ascii"), "commit the .wasm.sha256 the build wrote"


def test_the_module_imports_nothing_and_loads_here() -> None:
    # no imports: the same few lines instantiate it under wasmtime and in a browser
    wasmtime = pytest.importorskip("wasmtime")
    module = wasmtime.Module(wasmtime.Engine(), compiled.WASM.read_bytes())
    assert list(module.imports) == []
    assert {e.name for e in module.exports} >= {"memory", "set_config", "configure", "solve", "bound", "position"}
    assert compiled.available(), compiled.why_unavailable()
    # the fast calls (wasmtime's unchecked entry point) work with the wasmtime version installed
    assert compiled._wasmtime_module(compiled.shipped()).fast


def test_the_module_still_runs_where_the_fast_calls_are_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    # another wasmtime version without the unchecked entry point: the public calls, slower, same answers
    pytest.importorskip("wasmtime")

    def missing(store: object) -> None:
        raise AttributeError("no wasmtime_func_call_unchecked here")

    monkeypatch.setattr(compiled, "_unchecked", missing)
    module = compiled._wasmtime_module(compiled.WASM.read_bytes())
    assert not module.fast
    assert module.set_config(0, 7) == 0
    assert module.configure(99) == -1  # no such slot
    assert module.visited() == 0
