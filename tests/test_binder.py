"""Binder, as closely as this machine allows: a fresh virtual environment made from ``binder/`` alone
(the pinned requirements, then postBuild, as repo2docker runs them) must import every module of the package
and every module any lesson imports, and run lessons that use every kind of dependency under nbval.

mybinder.org cannot be reached from here; this is the check that the lessons need nothing that
``binder/`` does not install. Every lesson runs under nbval in the suite's own run; running all of them
again here took seven minutes of a CI run to learn only which modules they import, which the import check
below learns from the lessons' code itself.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Lessons run here under nbval: between them they use the widgets, the plots, the DDS solver and French.
LESSONS = ["00_start_here.ipynb", "12_bid_odds_and_statistics.ipynb", "fr/08_charlemagne_and_gros_charlemagne.ipynb"]


def lesson_imports() -> set[str]:
    """The top-level modules every lesson's code imports (IPython's magic lines left out)."""
    modules: set[str] = set()
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(code)):
                if isinstance(node, ast.Import):
                    modules.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules.add(node.module.split(".")[0])
    return modules


def test_the_lessons_import_the_package_and_what_binder_installs() -> None:
    """The import check below is only as good as its list: the lessons import the package and its plots."""
    modules = lesson_imports()
    assert {"charlemagne_learn", "ipywidgets"} <= modules, modules


# Installs packages into a fresh environment: far longer than the suite's per-test limit on a cold cache.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def test_lessons_run_in_an_environment_made_from_binder_alone(tmp_path: Path) -> None:
    env_dir = tmp_path / "binder-env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    repo = tmp_path / "repo"  # repo2docker builds from a copy of the repository, postBuild run in its root
    shutil.copytree(
        ROOT,
        repo,
        ignore=shutil.ignore_patterns(
            ".venv*", ".git", "__pycache__", "*.egg-info", "test-artifacts", "_lite", ".*cache*", "node_modules"
        ),
    )
    environ = {
        **os.environ,
        "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "VIRTUAL_ENV": str(env_dir),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }

    def run(*command: str | Path) -> None:
        done = subprocess.run([str(c) for c in command], cwd=repo, env=environ, capture_output=True, text=True)
        assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"

    run(python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt")
    run("bash", "binder/postBuild")
    # postBuild gave the environment the lessons' JupyterLab settings (no news question over the start page)
    overrides = json.loads((env_dir / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides == json.loads((ROOT / "lab-settings" / "overrides.json").read_text())
    # every module of the package and every module a lesson imports, in the environment Binder makes
    imports = sorted(lesson_imports())
    run(
        python,
        "-c",
        "import importlib, pkgutil, charlemagne_learn as cl\n"
        # the referee's JupyterHub service runs where a hub is (the hub extra); Binder has none
        "for m in pkgutil.walk_packages(cl.__path__, 'charlemagne_learn.'):\n"
        "    if m.name != 'charlemagne_learn.referee.hub': importlib.import_module(m.name)\n"
        f"for name in {imports!r}: importlib.import_module(name)\n",
    )
    # the test tools only, never something a lesson could lean on
    run(python, "-m", "pip", "install", "-q", "pytest", "nbval")
    run(
        python,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--nbval",
        "--nbval-current-env",
        "-o",
        "addopts=",
        "--rootdir",
        repo,
        *(f"notebooks/{lesson}" for lesson in LESSONS),
    )
