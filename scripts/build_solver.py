"""Build the compiled double-dummy search: ``charlemagne_learn/analysis/native/solver.cpp`` to ``solver.wasm``.

The .wasm is committed, so learners install the package with no compiler; ``tests/test_solver_build.py``
rebuilds it and checks the bytes are the committed ones. Beside it the build writes ``solver.wasm.sha256``, the
module's SHA-256 digest (in ``sha256sum``'s format), which the package checks before loading the module: a
damaged copy is then said, not used. The build is reproducible: fixed flags, no debug information, no names or
producer notes in the output, source paths mapped away. It needs clang 19 with the WebAssembly target and its
linker (Debian/Ubuntu: ``apt-get install clang-19 lld-19``); no C library is linked.

Run from the repository root::

    python3 scripts/build_solver.py            # rewrites charlemagne_learn/analysis/native/solver.wasm (and .sha256)
    python3 scripts/build_solver.py out.wasm   # somewhere else (and out.wasm.sha256)
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
CLANG = "clang-19"

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


def clang() -> str | None:
    """The compiler's path, or None when it is not installed."""
    return shutil.which(CLANG)


def digest_file(wasm: Path) -> Path:
    """Where the digest of the module ``wasm`` is written: beside it, ``.sha256`` added to its name."""
    return wasm.with_name(wasm.name + ".sha256")


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


def main(argv: list[str]) -> None:
    out = build(Path(argv[0]).resolve() if argv else TARGET)
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
