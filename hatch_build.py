"""The package's build hook: each widget's front end bundled from ``widgets/`` into ``charlemagne_learn/widgets/_static/``.

Hatchling runs it for a wheel, for a wheel built from the sdist (which carries ``widgets/`` and this file) and for
an editable install (``pip install -e .``, as ``python3 tasks.py`` does), with nothing but the standard library: the
bundler and the palette are read from their own files, not imported with the package (whose dependencies a build
does not install), and no Node runs. git keeps only the sources; the wheel carries the built files.
"""

from __future__ import annotations

import importlib.util
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


class FrontEndHook(BuildHookInterface):  # type: ignore[misc]
    """Builds the front end before hatchling gathers the wheel's files."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":  # the sdist carries the sources and this hook, and builds nothing
            return
        built = build_front_end(Path(self.root))
        if version == "editable":  # the package is read from the sources, where the files now are
            return
        # git ignores the built files, and so would hatchling's choice of files: named here, they go in
        for in_wheel, path in built.items():
            build_data["force_include"][str(path)] = in_wheel
