"""What the tests of the compiled search's builds share: the build script, loaded as the build runs it, and the
warnings a call says."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _build_script() -> Any:
    spec = importlib.util.spec_from_file_location("build_solver", ROOT / "scripts" / "build_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_solver"] = module
    spec.loader.exec_module(module)
    return module


#: ``scripts/build_solver.py`` (a script, not a module of the package).
build_solver = _build_script()


def said(call: object) -> list[str]:
    """The warnings ``call`` says when called three times: a finding is said once a process."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            assert callable(call)
            call()
    return [f"{w.category.__name__}: {w.message}" for w in caught]
