"""The package's build hook: each widget's front end bundled from ``widgets/`` into ``charlemagne_learn/widgets/_static/``,
and, where clang 19 and its linker are installed, the compiled search built natively beside its .wasm.

Hatchling runs it for a wheel, for a wheel built from the sdist (which carries ``widgets/`` and this file) and for
an editable install (``pip install -e .``, as ``python3 tasks.py`` does), with nothing but the standard library: the
bundler and the palette are read from their own files, not imported with the package (whose dependencies a build
does not install), and no Node runs. git keeps only the sources; the wheel carries the built files.

The native library (``scripts/build_solver.py --native``) makes a wheel platform-specific, so a wheel that carries it
is tagged for the platform it was built on (``py3-none-<platform>``: it is loaded with ctypes, not linked against
Python); without the compiler, or with ``CHARLEMAGNE_LEARN_NATIVE=0`` in the environment (the JupyterLite site's
wheel, for the browser), the build goes on without it and the wheel stays pure Python, the .wasm answering.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Where the built files go, inside the package.
STATIC = "charlemagne_learn/widgets/_static"


def _load(path: Path, name: str) -> ModuleType:
    """The module in ``path``, run on its own (it imports the standard library only)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def build_front_end(root: Path) -> dict[str, Path]:
    """Bundle every widget's front end of the sources under ``root`` into :data:`STATIC`: each built file, by its
    path in the wheel."""
    bundler = _load(root / "charlemagne_learn" / "widgets" / "_bundle.py", "_charlemagne_learn_bundle")
    palette = _load(root / "charlemagne_learn" / "engine" / "palette.py", "_charlemagne_learn_palette")
    out = root / STATIC
    files = bundler.build_all(root / "widgets", palette.palette_css())
    bundler.write(out, files)
    return {f"{STATIC}/{name}": out / name for name in files}


#: Where the native build of the compiled search goes, inside the package (beside its .wasm).
LIBRARY = "charlemagne_learn/analysis/native/solver.so"


def build_native(root: Path) -> dict[str, Path]:
    """The compiled search built natively into :data:`LIBRARY`, with its digest file, by their paths in the wheel;
    nothing where the compiler is missing, the build is asked not to (``CHARLEMAGNE_LEARN_NATIVE=0``) or fails
    (said on stderr: the .wasm answers instead)."""
    source = root / "scripts" / "build_solver.py"
    if os.environ.get("CHARLEMAGNE_LEARN_NATIVE") == "0" or not source.exists():  # (the sdist carries the script)
        return {}
    script = _load(source, "_charlemagne_learn_build_solver")
    if not script.native_tools():
        return {}
    out = root / LIBRARY
    try:
        script.build_native(out)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"the native build of the compiled search failed, the .wasm will answer: {error}", file=sys.stderr)
        return {}
    digest = script.digest_file(out)
    return {LIBRARY: out, f"{LIBRARY}.sha256": digest}


class FrontEndHook(BuildHookInterface):  # type: ignore[misc]
    """Builds the front end (and the native search) before hatchling gathers the wheel's files."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":  # the sdist carries the sources and this hook, and builds nothing
            return
        built = build_front_end(Path(self.root))
        native = build_native(Path(self.root))
        if version == "editable":  # the package is read from the sources, where the files now are
            return
        if native:
            built.update(native)
            build_data["pure_python"] = False
            # any Python 3 of the platform: the library is loaded with ctypes, not linked against Python
            platform = self.build_config.builder.get_best_matching_tag().split("-", 2)[2]
            build_data["tag"] = f"py3-none-{platform}"
        # git ignores the built files, and so would hatchling's choice of files: named here, they go in
        for in_wheel, path in built.items():
            build_data["force_include"][str(path)] = in_wheel
