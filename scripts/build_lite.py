"""Build the course as a JupyterLite site: the lessons running entirely in the browser, no server.

The site holds the lessons' folder (every notebook, and the files they link to) and the package as a wheel that
the lessons install with piplite; the pure-Python paths of the package (its own double-dummy search instead of DDS,
no worker processes) work there. anywidget's front-end is bundled because it is installed where the site is built.

The build runs in a virtual environment of its own, ``.venv-lite/`` (made on first use from the ``lite``
extra's packages): the Pyodide kernel's JupyterLab extension must not sit beside the JupyterLab that runs
the lessons, where it breaks every page.

    python3 scripts/build_lite.py                  # builds into _lite/ (first run: about a minute)
    python3 scripts/build_lite.py --out site/

To publish, copy the output folder to any static host — for example push it to a ``gh-pages`` branch
and turn on GitHub Pages; learners then open ``<site>/lab/index.html``. The Pyodide kernel itself is
fetched from its CDN when a learner opens a notebook, so the site needs the internet at run time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE_ENV = ROOT / ".venv-lite"


def lite_python() -> Path:
    """The Python of the build environment, made (or brought up to date) from the ``lite`` extra."""
    python = LITE_ENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(LITE_ENV)
    # the package with its lite extra: pip reads the extra's list from pyproject.toml
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{ROOT}[lite]"], check=True
    )
    return python


#: The first cell of every lesson in the site: the browser's Python starts empty, and piplite installs the
#: course from the site itself (the wheel built here) and its dependencies from Pyodide's repository.
INSTALL_CELL = (
    "# In the browser: install the course into this tab's Python (a few seconds, once per session).\n"
    "%pip install -q charlemagne_learn anywidget ipywidgets matplotlib"
)
#: The same cell in the French edition.
INSTALL_CELL_FR = (
    "# Dans le navigateur : installer le cours dans le Python de cet onglet (quelques secondes, une fois par séance).\n"
    "%pip install -q charlemagne_learn anywidget ipywidgets matplotlib"
)


def with_install_cell(notebook_json: str, source: str = INSTALL_CELL) -> str:
    """The notebook with :data:`INSTALL_CELL` added at the top."""
    notebook = json.loads(notebook_json)
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "install-in-jupyterlite",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    notebook["cells"].insert(0, cell)
    return json.dumps(notebook, ensure_ascii=False, indent=1)


#: What the lessons' folder may hold that is no part of the course: a learner's or teacher's own files (the
#: student's name, a class's handed-in results), caches and hidden files.
_NOT_COURSE = shutil.ignore_patterns(".*", "__pycache__", "student.json", "class_results")


def write_contents(contents: Path, lessons: Path = ROOT / "notebooks") -> Path:
    """Copy the lessons' folder into ``contents`` (the site's files): every file, so that whatever a lesson links to
    or reads beside itself (the printables, each edition's example class, ``course.json``) is where the lesson
    looks, as under ``python3 tasks.py lessons``; each notebook gets :data:`INSTALL_CELL` (in its edition's
    language) at the top."""
    shutil.copytree(lessons, contents, ignore=_NOT_COURSE)
    for notebook in sorted(contents.rglob("*.ipynb")):
        french = notebook.parent.relative_to(contents).parts[:1] == ("fr",)
        text = with_install_cell(notebook.read_text(encoding="utf-8"), INSTALL_CELL_FR if french else INSTALL_CELL)
        notebook.write_text(text, encoding="utf-8")
    return contents


def build(out: Path) -> Path:
    """Build the site into ``out`` (replaced if it exists) and return it."""
    python = lite_python()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        subprocess.run(
            [str(python), "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "wheels"), str(ROOT)], check=True
        )
        wheel = next((work / "wheels").glob("charlemagne_learn-*.whl"))
        if out.exists():
            shutil.rmtree(out)
        # the lessons' JupyterLab settings (no news question over the start page): jupyter lite build merges a
        # lite dir's overrides.json into the site's settingsOverrides
        (work / "lite").mkdir()
        shutil.copy(ROOT / "lab-settings" / "overrides.json", work / "lite" / "overrides.json")
        contents = work / "contents"
        write_contents(contents)
        subprocess.run(
            [
                str(python),
                "-m",
                "jupyter",
                "lite",
                "build",
                "--lite-dir",
                str(work / "lite"),
                "--contents",
                str(contents),
                "--piplite-wheels",
                str(wheel),
                "--output-dir",
                str(out),
            ],
            check=True,
            cwd=work,
        )
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "_lite", help="output folder (default: _lite/)")
    args = ap.parse_args(argv)
    site = build(args.out.resolve())
    print(f"JupyterLite site built in {site}; open {site / 'lab' / 'index.html'} through a static web server")


if __name__ == "__main__":
    main()
