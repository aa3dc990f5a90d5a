"""Build the compiled double-dummy search: ``charlemagne_learn/analysis/native/solver.cpp`` to ``solver.wasm``.

The .wasm is committed, so learners install the package with no compiler; ``tests/test_solver_build.py``
rebuilds it and checks the bytes are the committed ones. Beside it the build writes ``solver.wasm.sha256``, the
module's SHA-256 digest (in ``sha256sum``'s format), which the package checks before loading the module: a
damaged copy is then said, not used. The build is reproducible: fixed flags, no debug information, no names or
producer notes in the output, source paths mapped away. It needs clang 19 with the WebAssembly target and its
linker (Debian/Ubuntu: ``apt-get install clang-19 lld-19``); no C library is linked.

The same source also builds natively, for CPython on the machine building it (``--native``): a shared library
``solver.so`` beside the .wasm, several times faster than the .wasm under wasmtime, which the package loads in its
place where it is there (``charlemagne_learn.analysis.compiled.engine()``). It is not committed: the package's build
(``hatch_build.py``) makes it where clang 19 and its linker are installed, for an editable install and for a wheel,
which then carries it and is tagged for its platform. Its digest file names two files in ``sha256sum``'s format: the
library, and the .wasm it was built beside, so that a library left from an older source is not loaded.

Run from the repository root::

    python3 scripts/build_solver.py            # rewrites charlemagne_learn/analysis/native/solver.wasm (and .sha256)
    python3 scripts/build_solver.py out.wasm   # somewhere else (and out.wasm.sha256)
    python3 scripts/build_solver.py --native   # charlemagne_learn/analysis/native/solver.so (and .sha256)
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NATIVE = ROOT / "charlemagne_learn" / "analysis" / "native"
SOURCE = NATIVE / "solver.cpp"
TARGET = NATIVE / "solver.wasm"
#: The native build's library (what ``charlemagne_learn.analysis.compiled.LIBRARY`` loads).
LIBRARY = NATIVE / "solver.so"
CLANG = "clang-19"
#: The linker the native build needs (the WebAssembly build finds its own, wasm-ld, in the same package).
LINKER = "ld.lld-19"

FLAGS = [
    "--target=wasm32-wasi",
    "-O3",
    "-std=c++17",
    # no C or C++ library, no exceptions, no run-time type information: the module imports nothing
    "-nostdlib",
    "-fno-exceptions",
    "-fno-rtti",
    # memory.fill and memory.copy for struct copies, instead of calls to a memset the module does not have
    "-mbulk-memory",
    "-Wall",
    "-Wextra",
    "-Werror",
    f"-ffile-prefix-map={ROOT}=.",
    "-Wl,--no-entry",
    "-Wl,-z,stack-size=262144",
    # no names, no producers section (the compiler's version string): the same bytes from the same source
    "-Wl,--strip-all",
]


#: The native build: the same search and checks, position-independent code for a shared library whose only visible
#: symbols are the entry points. Still no C library linked: the one function the compiler may call, memcpy (for a
#: struct copy), is the Python process's own. The instruction set is the platform's baseline (a wheel built here runs
#: on any machine of the platform); ``-mpopcnt`` gained about 7% (measured for benchmarks/RESULTS.md), not worth that.
NATIVE_FLAGS = [
    "-O3",
    "-std=c++17",
    "-nostdlib",
    "-fno-exceptions",
    "-fno-rtti",
    "-fPIC",
    "-shared",
    "-fvisibility=hidden",
    "-fuse-ld=lld",
    "-Wall",
    "-Wextra",
    "-Werror",
    f"-ffile-prefix-map={ROOT}=.",
    "-Wl,--build-id=none",
    "-Wl,--strip-all",
]


def clang() -> str | None:
    """The compiler's path, or None when it is not installed."""
    return shutil.which(CLANG)


def digest_file(wasm: Path) -> Path:
    """Where the digest of the module ``wasm`` is written: beside it, ``.sha256`` added to its name."""
    return wasm.with_name(wasm.name + ".sha256")


def native_tools() -> bool:
    """Can the native library be built here (clang 19 and its linker, ld.lld 19, installed)?"""
    return clang() is not None and shutil.which(LINKER) is not None


def build(out: Path = TARGET) -> Path:
    """Compile :data:`SOURCE` into ``out``, and write its digest beside it (:func:`digest_file`)."""
    compiler = clang()
    if compiler is None:
        raise SystemExit(f"{CLANG} is not installed (apt-get install clang-19 lld-19)")
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([compiler, *FLAGS, "-o", str(out), str(SOURCE.relative_to(ROOT))], cwd=ROOT, check=True)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    digest_file(out).write_text(f"{digest}  {out.name}\n", encoding="ascii")
    return out


def build_native(out: Path = LIBRARY, wasm: Path = TARGET) -> Path:
    """Compile :data:`SOURCE` into the shared library ``out``, and write beside it (:func:`digest_file`) its digest
    and that of ``wasm``, the WebAssembly build of the same source."""
    compiler = clang()
    if compiler is None or not native_tools():
        raise SystemExit(f"{CLANG} and {LINKER} are not both installed (apt-get install clang-19 lld-19)")
    out.parent.mkdir(parents=True, exist_ok=True)
    # written under another name first, then renamed: a process that has the old library loaded keeps it intact
    part = out.with_name(out.name + ".part")
    cmd = [compiler, *NATIVE_FLAGS, "-o", str(part), str(SOURCE.relative_to(ROOT))]
    subprocess.run(cmd, cwd=ROOT, check=True)
    part.replace(out)
    lines = [f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n" for path in (out, wasm)]
    digest_file(out).write_text("".join(lines), encoding="ascii")
    return out


def main(argv: list[str]) -> None:
    native = "--native" in argv
    paths = [arg for arg in argv if arg != "--native"]
    out = Path(paths[0]).resolve() if paths else LIBRARY if native else TARGET
    out = build_native(out) if native else build(out)
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
