#!/usr/bin/env python3
"""The two Quickstart commands, runnable on a fresh clone with only Python installed, and a quick check.

    python3 tasks.py lessons   # set up .venv and open the lessons in JupyterLab
    python3 tasks.py test      # set up .venv and run every check CI runs
    python3 tasks.py check     # the quick lane while working: lint, types, the tests not marked slow or browser

Both create ``.venv`` beside this file on first use and reinstall only when
``pyproject.toml`` changed, so the second run starts at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

NODE_MODULES = ROOT / "node_modules"
#: The widgets' pure-Python dependencies as wheels, for the test that runs the course in Pyodide (offline).
PYODIDE_WHEELS = ROOT / ".dev" / "pyodide-wheels"
PYODIDE_REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
#: JupyterLab settings every environment of the lessons gets (here, Binder, JupyterLite): no question about
#: Jupyter's news feed and no update check covers a learner's first screen. JupyterLab reads them from
#: ``<sys.prefix>/share/jupyter/lab/settings/overrides.json``; the ``--LabApp.news_url`` flag alone does not
#: stop the question.
LAB_SETTINGS = ROOT / "lab-settings" / "overrides.json"
#: The Jupyter server settings of the lessons: the extension that saves a lesson with its widgets' static pictures
#: and without their views, which are dead once the kernel is gone (:mod:`charlemagne_learn.saving`). Given to the
#: server on the command line by ``lessons``, and installed into an environment's ``etc/jupyter`` for a server started
#: some other way (Binder's).
SERVER_SETTINGS = ROOT / "lab-settings" / "jupyter_server_config.json"

#: The browser test that runs alone.
DASHBOARD_TEST = ROOT / "tests" / "browser" / "test_dashboard.py"
#: Checks run by ``test``, in order; the first failure stops the run.
PYTHON_SOURCES = ["charlemagne_learn", "tests", "benchmarks", "scripts", "tasks.py"]
CHECKS: list[list[str]] = [
    # The widgets' JavaScript (eslint.config.mjs): a mistake there shows only in a browser otherwise.
    ["node", str(NODE_MODULES / "eslint" / "bin" / "eslint.js"), "--max-warnings=0"],
    [str(PYTHON), "-m", "ruff", "check", *PYTHON_SOURCES],
    # One layout for everyone (line length 120, set in pyproject.toml): a diff shows changes, not restyling.
    [str(PYTHON), "-m", "ruff", "format", "--check", *PYTHON_SOURCES],
    [str(PYTHON), "-m", "mypy"],
    # loadfile: nbval runs a notebook's cells in order in one kernel, so a file must stay on one worker.
    [str(PYTHON), "-m", "pytest", "-n", "auto", "--dist", "loadfile", "-q", "-m", "not browser"],
    # The browser tests after the others, never beside the CPU-heavy tests (there, on a small machine, the shared
    # headless Chromium was twice found gone mid-run): the dashboard's upload alone (on two workers it once timed
    # out), then the rest on two workers, a file to a worker (the JupyterLite site's file keeps one browser profile).
    [str(PYTHON), "-m", "pytest", "-q", "-m", "browser", str(DASHBOARD_TEST)],
    [str(PYTHON), "-m", "pytest", "-q", "-m", "browser", "-n", "2", "--dist", "loadfile", f"--ignore={DASHBOARD_TEST}"],
]
#: The quick check (``python3 tasks.py check``), a few minutes while working: the same lint and types, then the
#: tests that are neither browser tests nor marked slow, without the lessons (nbval). ``test`` runs everything.
QUICK_CHECKS: list[list[str]] = [
    *CHECKS[:4],
    [str(PYTHON), "-m", "pytest", "-n", "auto", "-q", "-m", "not browser and not slow", "charlemagne_learn", "tests"],
]


def _run(cmd: list[str]) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def setup(extra: str) -> None:
    """Create the virtual environment and install the package with ``extra``, when needed."""
    if not PYTHON.exists():
        print(f"Creating {VENV} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
        _run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    stamp = VENV / f".installed-{extra}"
    # cheap, and a change to the settings must reach an environment installed before it
    install_lab_settings(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    _run([str(PYTHON), "-m", "pip", "install", "--quiet", "-e", f".[{extra}]"])
    stamp.write_text(digest)


def install_lab_settings(prefix: str | Path = sys.prefix) -> Path:
    """Merge :data:`LAB_SETTINGS` into the JupyterLab settings overrides of the environment at ``prefix``
    (ours win; any other plugin's overrides already there stay), and install :data:`SERVER_SETTINGS` as a file of
    its own among the environment's Jupyter server settings. Returns the overrides file written."""
    target = Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    merged = json.loads(target.read_text(encoding="utf-8")) if target.is_file() else {}
    for plugin, values in json.loads(LAB_SETTINGS.read_text(encoding="utf-8")).items():
        merged[plugin] = {**merged.get(plugin, {}), **values}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    server = Path(prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "charlemagne_learn.json"
    server.parent.mkdir(parents=True, exist_ok=True)
    server.write_text(SERVER_SETTINGS.read_text(encoding="utf-8"), encoding="utf-8")
    return target


def server_options() -> list[str]:
    """:data:`SERVER_SETTINGS` as the server's command-line options."""
    settings = json.loads(SERVER_SETTINGS.read_text(encoding="utf-8"))
    return [
        f"--ServerApp.jpserver_extensions={name}={enabled}"
        for name, enabled in settings["ServerApp"]["jpserver_extensions"].items()
    ]


def setup_node() -> None:
    """Install the front-end checks (ESLint, Prettier, axe-core) into node_modules/ from package-lock.json,
    when it changed. Only the tests need them; the lessons run without Node."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        sys.exit("python3 tasks.py test needs Node.js and npm (https://nodejs.org) for the widgets' checks")
    stamp = NODE_MODULES / ".installed"
    digest = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    _run([str(shutil.which("npm")), "ci", "--no-audit", "--no-fund", "--loglevel=error"])
    stamp.write_text(digest)


def setup_pyodide_wheels() -> None:
    """Download the wheels ``tests/pyodide/requirements.txt`` pins (pure Python, for any platform), when it changed:
    the Pyodide test unpacks them under Node with no network."""
    stamp = PYODIDE_WHEELS / ".installed"
    digest = hashlib.sha256(PYODIDE_REQUIREMENTS.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    shutil.rmtree(PYODIDE_WHEELS, ignore_errors=True)
    _run(
        [str(PYTHON), "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.14",
         "-r", str(PYODIDE_REQUIREMENTS), "-d", str(PYODIDE_WHEELS)]
    )  # fmt: skip
    stamp.write_text(digest)


def lesson_options(root: Path = ROOT / "notebooks") -> list[str]:
    """The options ``lessons`` starts JupyterLab with (the browser tests start it the same way)."""
    # Root the server at notebooks/ so a learner's file browser holds the lessons and nothing else.
    options = [
        f"--ServerApp.root_dir={root}",
        "--LabApp.default_url=/lab/tree/00_start_here.ipynb",
        # the server side of the news and updates; the page's side is LAB_SETTINGS, installed by setup
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # a lesson saved keeps its widgets' static pictures, not their views (dead once the kernel is gone)
        *server_options(),
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        options.append("--allow-root")  # containers and Binder-like boxes run as root
    return options


def lessons() -> None:
    setup("lessons")
    os.execv(str(PYTHON), [str(PYTHON), "-m", "jupyter", "lab", *lesson_options()])


def _checks(commands: list[list[str]]) -> None:
    for cmd in commands:
        try:
            _run(cmd)
        except subprocess.CalledProcessError as exc:
            sys.exit(exc.returncode)
    print("All checks passed.")


def test() -> None:
    setup("test")
    setup_node()
    setup_pyodide_wheels()
    _checks(CHECKS)


def check() -> None:
    setup("test")
    setup_node()
    _checks(QUICK_CHECKS)


COMMANDS = {"lessons": lessons, "test": test, "check": check}


def main(argv: list[str]) -> None:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(COMMANDS)}}}")
    os.chdir(ROOT)
    COMMANDS[argv[0]]()


if __name__ == "__main__":
    main(sys.argv[1:])
