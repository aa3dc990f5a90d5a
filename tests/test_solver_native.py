"""The compiled search's native build (issue 50): the same source built for CPython as a shared library, loaded in
the .wasm's place where the package's build made it, with the same answers.

The library is built here with the build script's own flags (``scripts/build_solver.py --native``), so these tests
check the source as it is, whether or not this checkout's install built one. A developer's machine without clang 19
and ld.lld 19 skips; CI (which installs them) never does. The tests of a library that is not the one built beside this
.wasm (damaged, or left from an older source) need no compiler.
"""

from __future__ import annotations

import os
import random
import shutil
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from _compiled import build_solver, said
from test_solver_compiled import SHAPES, deal, draw, play_some

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled
from charlemagne_learn.analysis.compiled import CompiledSearch
from charlemagne_learn.analysis.solver import _Search
from charlemagne_learn.engine.deal import cards_of, mask_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The native library built from this checkout's source, with its digest file."""
    if not build_solver.native_tools():
        if os.environ.get("CI"):
            pytest.fail("clang-19 or ld.lld-19 is missing, and CI must check the native build (.ci/run installs them)")
        pytest.skip("clang-19 and ld.lld-19 are not both installed here (apt-get install clang-19 lld-19)")
    out = tmp_path_factory.mktemp("native") / "solver.so"
    return build_solver.build_native(out, compiled.WASM)


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No build of the search loaded or refused yet in this process (as it was, afterwards)."""
    for name, value in (
        ("_tried", False),
        ("_loaded", None),
        ("_failure", None),
        ("_native_bytes", None),
        ("_native_loaded", False),
        ("_native_refused", None),
    ):
        monkeypatch.setattr(compiled, name, value)
    yield


def use_library(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(compiled, "LIBRARY", path)
    monkeypatch.setattr(compiled, "LIBRARY_DIGEST", path.with_name(path.name + ".sha256"))


def test_the_native_build_answers_where_it_was_built(
    fresh: None, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_library(monkeypatch, library)
    assert said(compiled.engine) == []
    assert compiled.engine() == "native"
    k = cl.Contract(cl.Rules.preset("canadian"), bid="mulot", bidder="N")
    hands = [mask_of(cl.parse_cards(h)) for h in ("BJ 7S", "AC RJ", "", "KC QC")]
    assert CompiledSearch(k, hands).solve(int(cl.Seat.E)) == 1  # the joker rule makes North win one


def ask(module: compiled._Module, k: cl.Contract, masks: list[int], leader: cl.Seat, trick: list[cl.Card]) -> object:
    """What ``module`` answers about the position: the whole solve and the null window on each side of each count
    at the trick's start, every legal card's value (packed, as the module gives it) with ``trick`` played."""
    with module.lock:
        slot = module.slot(k)
        if not trick:
            halves = compiled._halves(masks)
            value = module.solve(slot, 1, *halves, int(leader))
            windows = [module.bound(slot, 0, *halves, int(leader), line - 1, line) for line in range(value + 2)]
            return value, windows
        mover = leader
        for _ in trick:
            mover = k.next_active(mover)
        legal = sum(1 << c.index for c in cl.legal_plays(k, list(cards_of(masks[mover])), trick))
        played = [*(c.index for c in trick), 0, 0][:3]
        return module.position(
            slot, 1, *compiled._halves(masks), int(leader), len(trick), *played, *compiled._halves([legal, 0, 0, 0])[:2]
        )


def test_native_and_webassembly_give_the_same_values_on_every_contract_shape(library: Path) -> None:
    # Whole solves, null windows on both sides of each count, and every card's value mid-trick, on positions of one
    # to eight cards a hand, each shape's contracts with random bidders: the two builds must agree on every one.
    native = compiled._native_module(library.read_bytes(), path=library)
    wasm = compiled._wasmtime_module(compiled.shipped())
    assert (native.engine, wasm.engine) == ("native", "wasm")
    rng = random.Random("native-against-wasm")
    positions = 0
    for kind in sorted(SHAPES):
        for _ in range(160):
            k = draw(rng.choice(SHAPES[kind]), rng)
            most = min(k.rules.hand_size, len(k.rules.deck_indices) // len(k.active_seats))
            masks, leader = deal(k, rng.randint(1, most), rng)
            assert ask(native, k, masks, leader, []) == ask(wasm, k, masks, leader, []), (str(k), masks, leader)
            trick = play_some(k, masks, leader, rng)
            if trick:
                mid = ask(native, k, masks, leader, trick)
                assert mid == ask(wasm, k, masks, leader, trick) != -1, (str(k), masks, leader, trick)
            positions += 1 + bool(trick)
    assert positions >= 3000


def test_instances_of_the_native_build_keep_apart(fresh: None, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The library's contracts and table are its global memory: a thread's own instance must be a copy of its own, or
    # two threads would search in one memory, each under its own lock, each contract in the other's layout.
    use_library(monkeypatch, library)
    first, second = compiled.load(), compiled.load()
    assert first.engine == second.engine == "native"
    rules = cl.Rules.preset("canadian")
    by_north, by_east = cl.Contract(rules, "6", "N", "H"), cl.Contract(rules, "6", "E", "S")
    state = cl.HandState.new(rules, dealer="W", seed=4)
    masks = [mask_of(state.hand(seat)) for seat in cl.Seat]
    with first.lock, second.lock:
        north, east = first.slot(by_north), second.slot(by_east)
        assert north == east == 0  # the same slot number, in two memories
        assert first.solve(north, 1, *compiled._halves(masks), 0) == _Search(by_north, list(masks)).solve(0)
        assert second.solve(east, 1, *compiled._halves(masks), 1) == _Search(by_east, list(masks)).solve(1)
        assert first.solve(north, 1, *compiled._halves(masks), 0) == _Search(by_north, list(masks)).solve(0)


def library_files(folder: Path, data: bytes, built_as: bytes, wasm_digest: str) -> Path:
    """A library ``data`` in ``folder``, its digest file saying it was built as ``built_as`` beside a .wasm of
    ``wasm_digest``."""
    path = folder / "solver.so"
    path.write_bytes(data)
    listed = f"{compiled.digest_of(built_as)}  solver.so\n{wasm_digest}  solver.wasm\n"
    path.with_name("solver.so.sha256").write_text(listed, encoding="ascii")
    return path


def test_a_damaged_native_build_is_said_once_and_the_webassembly_answers(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a flipped bit is caught by the digest before the library is loaded: nothing of it runs
    built = b"\x7fELF" + bytes(range(200))
    damaged = bytearray(built)
    damaged[-1] ^= 1
    use_library(monkeypatch, library_files(tmp_path, bytes(damaged), built, compiled.digest_of(compiled.shipped())))
    assert said(compiled.available) == [
        "RuntimeWarning: the native build of the compiled search cannot load (DamagedModuleError: solver.so is "
        "damaged: its SHA-256 digest is not the one it was built with); its WebAssembly build answers instead: the "
        "same answers, somewhat more slowly; reinstalling the package fixes it: pip install --force-reinstall "
        "charlemagne_learn"
    ]
    assert compiled.engine() == "wasm"
    assert compiled.native_finding() is not None  # handed to worker processes, which then say nothing
    k = cl.Contract(cl.Rules.preset("canadian"), bid="mulot", bidder="N")
    hands = [mask_of(cl.parse_cards(h)) for h in ("BJ 7S", "AC RJ", "", "KC QC")]
    assert CompiledSearch(k, hands).solve(int(cl.Seat.E)) == 1


def test_a_native_build_of_an_older_source_is_left_unsaid(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # built beside another .wasm: the source has changed since (a checkout pulled without installing again), so the
    # .wasm built from the source as it is answers, as where no library was built
    data = b"\x7fELF" + bytes(range(200))
    use_library(monkeypatch, library_files(tmp_path, data, data, compiled.digest_of(b"another module")))
    assert said(compiled.available) == []
    assert compiled.engine() == "wasm"
    assert compiled.native_finding() is None


@pytest.mark.parametrize("asked", ["", "0"])
def test_a_wheel_built_with_the_compiler_carries_the_library_and_is_tagged_for_its_platform(
    library: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, asked: str
) -> None:
    # (``library`` only for its skip: the build hook makes its own.) Asked not to (the JupyterLite site's wheel,
    # which Pyodide installs), the hook builds no library and the wheel stays pure Python.
    from test_widget_assembly import _copy_checkout, _hook

    clone = _copy_checkout(tmp_path)
    (clone / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "build_solver.py", clone / "scripts")
    for built in ("solver.so", "solver.so.sha256"):
        (clone / "charlemagne_learn" / "analysis" / "native" / built).unlink(missing_ok=True)
    monkeypatch.setenv("CHARLEMAGNE_LEARN_NATIVE", asked)
    hook = _hook(monkeypatch).FrontEndHook()
    hook.target_name, hook.root = "wheel", str(clone)
    builder = types.SimpleNamespace(get_best_matching_tag=lambda: "cp311-cp311-linux_x86_64")
    hook.build_config = types.SimpleNamespace(builder=builder)
    build_data: dict[str, object] = {"force_include": {}, "pure_python": True}
    hook.initialize("standard", build_data)
    native = clone / "charlemagne_learn" / "analysis" / "native"
    in_wheel = {name: path for path, name in build_data["force_include"].items() if "native" in name}  # type: ignore[attr-defined]
    if asked == "0":
        assert in_wheel == {} and build_data["pure_python"] is True and "tag" not in build_data
        assert not (native / "solver.so").exists()
        return
    assert in_wheel == {
        "charlemagne_learn/analysis/native/solver.so": str(native / "solver.so"),
        "charlemagne_learn/analysis/native/solver.so.sha256": str(native / "solver.so.sha256"),
    }
    assert build_data["pure_python"] is False
    assert build_data["tag"] == "py3-none-linux_x86_64"  # any Python 3: ctypes loads it, nothing links to Python
    # the library built is this source's, byte for byte as the build script makes it
    assert (native / "solver.so").read_bytes() == library.read_bytes()
