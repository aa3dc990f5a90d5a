"""Binder, as closely as this machine allows: a fresh virtual environment made from ``binder/`` alone
(the pinned requirements, then postBuild, as repo2docker runs them) must run every lesson under nbval.

mybinder.org cannot be reached from here; this is the check that the lessons need nothing that
``binder/`` does not install.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

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
        "notebooks",
    )
