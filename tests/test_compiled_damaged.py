"""A compiled search that cannot be used is said once, and the pure-Python search answers instead.

Issue 46 item 6: a damaged ``solver.wasm`` fell back to the pure-Python search in silence, and hints became 10 to
50 times slower with nothing to say why (a broken endplay warns: ``tests/test_dds_broken.py``). Now the module is
checked against the digest it was built with, so a flipped byte WebAssembly still accepts is caught too, and a
warning says, once a process, what happened, what it costs and how to fix it.
"""

from __future__ import annotations

import hashlib
import shutil
import textwrap
from pathlib import Path

import pytest
from _compiled import said
from _processes import analyses_elsewhere

from charlemagne_learn.analysis import compiled

#: The module's digest, beside it (named here, not read from the package, so that these tests fail where the
#: package has no digest rather than stop short).
DIGEST = compiled.WASM.with_name("solver.wasm.sha256")


def damaged_copy(folder: Path) -> Path:
    """A copy of the module and its digest in ``folder``, one bit of the module's last byte (its data) flipped."""
    data = bytearray(compiled.WASM.read_bytes())
    data[-1] ^= 1
    wasm = folder / compiled.WASM.name
    wasm.write_bytes(bytes(data))
    shutil.copy(DIGEST, folder / DIGEST.name)
    return wasm


def test_the_digest_shipped_is_the_modules() -> None:
    # in sha256sum's format, so `sha256sum -c solver.wasm.sha256` checks it too
    digest = hashlib.sha256(compiled.WASM.read_bytes()).hexdigest()
    assert DIGEST.read_text(encoding="ascii") == f"{digest}  solver.wasm\n"
    assert compiled.DIGEST == DIGEST


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The module not loaded yet in this process (as it was, afterwards), and no native build of it to load first."""
    for name, value in (("_tried", False), ("_loaded", None), ("_failure", None), ("_bytes", None)):
        monkeypatch.setattr(compiled, name, value, raising=False)
    for name, value in (("_native_bytes", None), ("_native_refused", None), ("LIBRARY_DIGEST", tmp_path / "none")):
        monkeypatch.setattr(compiled, name, value)


def test_a_flipped_byte_webassembly_accepts_is_caught_and_said_once(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wasm = damaged_copy(tmp_path)
    wasmtime = pytest.importorskip("wasmtime")
    wasmtime.Module(wasmtime.Engine(), wasm.read_bytes())  # valid WebAssembly still: only the digest tells
    monkeypatch.setattr(compiled, "WASM", wasm)
    monkeypatch.setattr(compiled, "DIGEST", tmp_path / DIGEST.name, raising=False)
    assert said(compiled.available) == [
        "RuntimeWarning: the compiled search cannot load (DamagedModuleError: solver.wasm is damaged: its SHA-256 "
        "digest is not the one it was built with); hints and the double-dummy analyses use the pure-Python search "
        "instead: the same answers, 10 to 50 times more slowly; reinstalling the package fixes it: pip install "
        "--force-reinstall charlemagne_learn"
    ]
    assert not compiled.available()
    # the error as it was said then, in the sentence of the language asked for now (as endplay's)
    assert compiled.why_unavailable("fr").startswith(
        "la recherche compilée ne peut pas se charger (DamagedModuleError: solver.wasm is damaged"
    )


def test_a_module_that_cannot_load_is_said_once_and_a_missing_wasmtime_is_not(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unloadable(slots: int = compiled.SLOTS) -> None:
        raise OSError("libwasmtime.so: wrong ELF class: ELFCLASS32")

    monkeypatch.setattr(compiled, "load", unloadable)
    (warning,) = said(compiled.available)
    assert warning.startswith("RuntimeWarning: the compiled search cannot load (OSError: libwasmtime.so: wrong ELF")
    assert warning.endswith(
        "10 to 50 times more slowly; reinstalling the package fixes it: pip install --force-reinstall charlemagne_learn"
    )
    # no wasmtime wheel for this system: the pure search is the package's own choice there, said only when asked
    for name, value in (("_tried", False), ("_failure", None)):
        monkeypatch.setattr(compiled, name, value, raising=False)

    def no_wasmtime(slots: int = compiled.SLOTS) -> None:
        raise ModuleNotFoundError("No module named 'wasmtime'", name="wasmtime")

    monkeypatch.setattr(compiled, "load", no_wasmtime)
    assert said(compiled.available) == []
    assert compiled.why_unavailable("en") == "the wasmtime package is not installed"


def test_a_damaged_module_gives_the_same_answers_with_one_warning(tmp_path: Path) -> None:
    """In a Python of its own, worker processes included: one warning, and the pure search's answers, which are
    the compiled search's."""
    wasm = damaged_copy(tmp_path)
    damage = textwrap.dedent(
        f"""
        from pathlib import Path
        from charlemagne_learn.analysis import compiled
        compiled.WASM, compiled.DIGEST = Path({str(wasm)!r}), Path({str(tmp_path / DIGEST.name)!r})
        compiled.LIBRARY_DIGEST = Path({str(tmp_path / "no native build")!r})
        """
    )
    run, answers, here = analyses_elsewhere(damage)
    assert answers == here
    said = [line for line in run.stderr.splitlines() if "cannot load" in line]
    assert len(said) == 1, run.stderr  # once, for the process and its workers together
    assert "RuntimeWarning: the compiled search cannot load (DamagedModuleError: solver.wasm is damaged" in said[0]


def test_a_worker_process_takes_its_parents_finding_and_says_nothing(fresh: None) -> None:
    """A worker started where the module could not load (spawned, not forked, on macOS and Windows) neither loads it
    nor warns again: its parent has said it."""
    compiled.take_finding("DamagedModuleError: solver.wasm is damaged")
    assert said(compiled.available) == []
    assert (
        compiled.why_unavailable("en") == "the compiled search cannot load (DamagedModuleError: solver.wasm is damaged)"
    )
