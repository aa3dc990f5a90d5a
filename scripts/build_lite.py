"""Build the course as a JupyterLite site: the lessons running entirely in the browser, no server.

The site holds the lessons' folder (every notebook, and the files they link to) and the package as a wheel that
the lessons install with piplite; the pure-Python paths of the package (its own double-dummy search instead of DDS,
no worker processes) work there. anywidget's front-end is bundled because it is installed where the site is built.

The build runs in a virtual environment of its own, ``.venv-lite/`` (made on first use from the ``lite``
extra's packages): the Pyodide kernel's JupyterLab extension must not sit beside the JupyterLab that runs
the lessons, where it breaks every page.

    python3 scripts/build_lite.py                  # builds into _lite/ (first run: about a minute)
    python3 scripts/build_lite.py --out site/

The output folder is replaced only when it is a site this build made (it holds :data:`SITE_MARKER`), is empty or is
not there yet; any other folder (the clone, the lessons, a home folder) or a file is refused, untouched. The site is
built beside it and put in its place only once whole: a build that fails leaves the last site as it was.

The site runs with no network at all: it serves Pyodide's core (from ``node_modules/pyodide``: run ``npm ci`` first;
the build checks for it before it installs anything)
with a lock file of its own: micropip, the kernel's wheels, the widgets' pure-Python dependencies (the pins of
``tests/pyodide/requirements.txt``) and the course's wheel are in the site and loaded as the kernel starts, so a
lesson runs at once, without an install cell, with the very versions the tests ran. Pyodide's compiled packages
(numpy, matplotlib) stay on its CDN, out of reach offline: so the lessons' plots are drawn as the site is built (their
code run in CPython, in the build environment) and kept in the course's wheel, where the plot functions find them
when matplotlib is missing (``charlemagne_learn/teach/drawn.py``). A lesson that draws runs whole offline.

    python3 scripts/build_lite.py --cdn            # a site that takes Pyodide from its CDN and the packages from PyPI

To publish, copy the output folder to any static host as it is (every link in it is relative) — for example push
it to a ``gh-pages`` branch and turn on GitHub Pages; the site's address opens lesson 00. The links to give a class:

    python3 scripts/build_lite.py --address https://ada.github.io/charlemagne_learn/               # build, then links
    python3 scripts/build_lite.py --address https://ada.github.io/charlemagne_learn/ --links-only  # the built site's
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
import zipfile
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
LITE_ENV = ROOT / ".venv-lite"


#: The build environment's pins: the versions the site's browser test ran.
LITE_CONSTRAINTS = ROOT / "scripts" / "lite-constraints.txt"
#: The widgets' front-ends the site serves, each of which must be the version the kernel loads on the Python side.
FRONT_ENDS = ("anywidget", "ipywidgets", "jupyterlab_widgets", "widgetsnbextension")


def lite_python() -> Path:
    """The Python of the build environment, made (or brought up to date) from the ``lite`` extra, at the versions of
    :data:`LITE_CONSTRAINTS`."""
    python = LITE_ENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(LITE_ENV)
    # the package with its lite extra: pip reads the extra's list from pyproject.toml
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-c", str(LITE_CONSTRAINTS),
         f"{ROOT}[lite]"],
        check=True,
    )  # fmt: skip
    return python


def pins(requirements: Path) -> dict[str, str]:
    """The exact pins (``name==version``) of a requirements file, by normalised name."""
    found = {}
    for line in requirements.read_text(encoding="utf-8").splitlines():
        name, sep, version = line.split("#")[0].strip().partition("==")
        if sep:
            found[_canonical(name)] = version.strip()
    return found


def check_front_ends(python: Path) -> dict[str, str]:
    """The widgets' front-end versions the site will serve (as installed in the build environment); a
    :class:`BuildError` unless each is the version the kernel loads (:data:`PURE_REQUIREMENTS`) — a front-end
    that drifted from its Python side draws no widget, or the wrong one."""
    said = subprocess.run(
        [str(python), "-c", "import json, sys; from importlib.metadata import version; "
         "print(json.dumps({n: version(n) for n in sys.argv[1:]}))", *FRONT_ENDS],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    served = {_canonical(name): v for name, v in json.loads(said).items()}
    kernel = pins(PURE_REQUIREMENTS)
    drifted = {name: (v, kernel.get(name)) for name, v in served.items() if kernel.get(name) != v}
    if drifted:
        told = ", ".join(f"{name} {v} in the page but {k} in the kernel" for name, (v, k) in sorted(drifted.items()))
        raise BuildError(f"the widgets' front-ends differ from their Python side: {told}")
    return served


#: The first code cell of every lesson in the site built with ``--cdn``: the browser's Python starts empty, and piplite
#: installs the course from the site itself (the wheel built here) and its dependencies from Pyodide's repository.
#: Not matplotlib: the lessons' plots are drawn as the site is built, and show without it.
INSTALL_CELL = (
    "# In the browser: install the course into this tab's Python (a few seconds, once per session).\n"
    "%pip install -q charlemagne_learn anywidget ipywidgets"
)
#: The same cell in the French edition.
INSTALL_CELL_FR = (
    "# Dans le navigateur : installer le cours dans le Python de cet onglet (quelques secondes, une fois par séance).\n"
    "%pip install -q charlemagne_learn anywidget ipywidgets"
)


def with_install_cell(notebook_json: str, source: str = INSTALL_CELL) -> str:
    """The notebook with :data:`INSTALL_CELL` added under its title (the first cell, a heading, which a learner reads
    first), above every code cell."""
    notebook = json.loads(notebook_json)
    titles = [
        i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "markdown" and "".join(c["source"])[:2] == "# "
    ]
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "install-in-jupyterlite",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    notebook["cells"].insert(titles[0] + 1 if titles else 0, cell)
    return json.dumps(notebook, ensure_ascii=False, indent=1)


#: JupyterLite's in-page session manager (``LiteSessionClient.startNew``, jupyterlite-core 0.8.6) gives a notebook the
#: running session of any notebook of the same *name*: the French edition's lessons share their English twins' file
#: names, so the second one opened (or restored when the site is opened again) waits for ever on the other's kernel.
#: Jupyter Server keeps one session per *path*, as JupyterLab expects; the site's bundle is made to do the same.
_SESSION_BY_NAME = re.compile(r"let\{path:(\w+),name:(\w+)\}=(\w+),(\w+)=this\._sessions\.find\((\w+)=>\5\.name===\2\)")


def one_session_per_path(site: Path) -> Path:
    """Patch the site's bundle so a notebook finds only its own path's session (see :data:`_SESSION_BY_NAME`); a
    :class:`BuildError` when the bundle does not hold the code patched exactly once (another JupyterLite: check
    that its sessions are still found by name before pinning it)."""
    found = [(path, text) for path in sorted((site / "build").glob("*.js"))
             if _SESSION_BY_NAME.search(text := path.read_text(encoding="utf-8"))]  # fmt: skip
    if len(found) != 1 or len(_SESSION_BY_NAME.findall(found[0][1])) != 1:
        raise BuildError(
            f"JupyterLite's session lookup by name was found {len(found)} times, not once: is jupyterlite-core still "
            f"the version of {LITE_CONSTRAINTS.name}?"
        )
    path, text = found[0]

    def by_path(match: re.Match[str]) -> str:
        path_var, name_var, _, _, item = match.groups()
        return match.group(0).replace(f"{item}.name==={name_var})", f"{item}.path==={path_var})")

    path.write_text(_SESSION_BY_NAME.sub(by_path, text), encoding="utf-8")
    return path


#: The lesson the site's address opens.
START_LESSON = "00_start_here.ipynb"


def _cell(kind: str, source: str, cell_id: str) -> dict[str, object]:
    """A notebook cell; a code cell folded, as every code cell of the lessons is."""
    if kind == "markdown":
        return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {"jupyter": {"source_hidden": True}},
        "outputs": [],
        "source": source,
    }


#: The top of every notebook in the site: the browser keeps a learner's changes, and where to undo them.
#: ``{start}``: the start page, relative to the notebook.
KEPT_NOTE = (
    "*In this browser-only edition, a lesson you save is kept in this browser and shown on your next visits, even"
    " after the course is updated. To get a lesson back as the course ships it, see **Start a lesson afresh** at the"
    " end of the [start page]({start}).*"
)
KEPT_NOTE_FR = (
    "*Dans cette édition qui s'ouvre dans le seul navigateur, une leçon que vous enregistrez est gardée dans ce"
    " navigateur et montrée à vos visites suivantes, même après une mise à jour du cours. Pour retrouver une leçon"
    " telle que le cours la fournit, voyez **Recommencer une leçon à neuf** à la fin de la [page d'accueil]({start}).*"
)
#: The end of the start page in the site: the lessons the learner changed, each with a button to start it afresh.
AFRESH_CELLS = (
    "## Start a lesson afresh\n\nThe next cell lists the lessons that are no longer as the course ships"
    " them (your own changes, or a copy kept from an earlier visit), each with a button that brings it back."
    " Your progress, practice and quiz answers are other files: they stay.",
    "# The lessons you changed, each with a button that brings it back as shipped\n"
    "from charlemagne_learn.widgets import Afresh\n\nAfresh()",
)
AFRESH_CELLS_FR = (
    "## Recommencer une leçon à neuf\n\nLa cellule suivante donne les leçons qui ne sont plus"
    " telles que le cours les fournit (vos propres modifications, ou une copie gardée d'une visite précédente),"
    " chacune avec un bouton qui la remet à neuf. Vos progrès, vos exercices et vos réponses aux quiz sont d'autres"
    " fichiers : ils restent.",
    "# Les leçons que vous avez modifiées, chacune avec un bouton qui la remet telle que le cours la fournit\n"
    "from charlemagne_learn.widgets import Afresh\n\nAfresh()",
)


def with_site_cells(notebook_json: str, start: str, french: bool, is_start: bool) -> str:
    """The notebook as the site ships it: :data:`KEPT_NOTE` at the top (``start``: the start page's path from the
    notebook), and at the end of the start page (``is_start``), :data:`AFRESH_CELLS` (in the edition's language)."""
    notebook = json.loads(notebook_json)
    note = (KEPT_NOTE_FR if french else KEPT_NOTE).format(start=start)
    notebook["cells"].insert(0, _cell("markdown", note, "kept-in-this-browser"))
    if is_start:
        heading, code = AFRESH_CELLS_FR if french else AFRESH_CELLS
        notebook["cells"] += [_cell("markdown", heading, "start-afresh"), _cell("code", code, "start-afresh-box")]
    return json.dumps(notebook, ensure_ascii=False, indent=1)


#: The kernel every notebook of the site runs on, as JupyterLab writes it into a notebook's metadata the moment the
#: kernel starts: ``kernelspec`` from the kernel's spec, ``language_info`` from its answer to ``kernel_info``
#: (jupyterlite-pyodide-kernel 0.8.6; :func:`check_kernel_metadata` holds the build to them). A lesson shipped with
#: other values (the desktop kernel's) is changed by its mere opening: marked modified, it is autosaved into the
#: browser, and that copy, never looked at, hides every later update of the course.
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
PYODIDE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}


def for_the_pyodide_kernel(notebook_json: str) -> str:
    """The notebook with the metadata JupyterLab gives it once the site's kernel starts (:data:`PYODIDE_KERNELSPEC`,
    :data:`PYODIDE_LANGUAGE_INFO`), so that opening it changes nothing."""
    notebook = json.loads(notebook_json)
    notebook["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    notebook["metadata"]["language_info"] = json.loads(json.dumps(PYODIDE_LANGUAGE_INFO))
    return json.dumps(notebook, ensure_ascii=False, indent=1)


def _js_object(value: object) -> str:
    """``value`` as a minified bundle writes an object literal: bare keys, JSON values."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_js_object(item)}" for key, item in value.items()) + "}"
    return json.dumps(value)


def check_kernel_metadata(site: Path) -> None:
    """A :class:`BuildError` unless the site's Pyodide kernel still names itself :data:`PYODIDE_KERNELSPEC` and
    answers :data:`PYODIDE_LANGUAGE_INFO`: with any other values, every lesson would open modified again."""
    extension = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    bundle = "".join(path.read_text(encoding="utf-8") for path in sorted(extension.glob("*.js")))
    spec = _js_object(PYODIDE_KERNELSPEC)[:-1] + ","
    told = _js_object({"language_info": PYODIDE_LANGUAGE_INFO})[1:-1]
    if bundle.count(f"spec:{spec}") != 1 or bundle.count(told) != 1:
        raise BuildError(
            f"the Pyodide kernel no longer reports the kernelspec and language_info the lessons are shipped with: is "
            f"jupyterlite-pyodide-kernel still the version of {LITE_CONSTRAINTS.name}?"
        )


#: An image a markdown cell shows: ``![alt](target "title")`` (group 1: up to the target, 2: the target) or an HTML
#: ``<img … src="target">`` (group 3: up to the target, 4: the target).
_IMAGE = re.compile(r"""(!\[[^\]]*\]\(\s*<?)([^)\s>]+)|(<img\b[^>]*?\bsrc\s*=\s*["'])([^"']+)""", re.IGNORECASE)
#: The image types JupyterLab draws from a cell's attachments (its image renderer's; not SVG).
ATTACHED_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
                  ".webp": "image/webp", ".bmp": "image/bmp"}  # fmt: skip


def with_images_inside(notebook_json: str, folder: Path) -> str:
    """The notebook with each image file its markdown cells show (``folder``: the notebook's own, which the image's
    address is relative to) put inside the cell, as an attachment (``attachment:name``), as JupyterLab keeps an image
    pasted into a cell.

    JupyterLab writes a cell's HTML with the image's address as the lesson has it and only then puts in the file its
    contents hold; the browser asks for that first address at once, relative to the page, not to the notebook. The
    site's page is ``lab/index.html``: ``images/…`` is asked at ``lab/images/…``, a 404 and a broken image until the
    file comes. An attachment is drawn from the notebook itself, with no request at all. A :class:`BuildError` when
    an image is not there or of a type JupyterLab does not draw from an attachment. The lessons themselves keep the
    files' addresses, which JupyterLab (rooted at the lessons' folder) resolves."""
    notebook = json.loads(notebook_json)
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        attachments: dict[str, dict[str, str]] = dict(cell.get("attachments") or {})
        source = _IMAGE.sub(
            functools.partial(_attached, folder=folder, attachments=attachments), "".join(cell["source"])
        )
        if attachments:
            cell["source"], cell["attachments"] = source, attachments
    return json.dumps(notebook, ensure_ascii=False, indent=1)


def _attached(match: re.Match[str], folder: Path, attachments: dict[str, dict[str, str]]) -> str:
    """The image ``match`` found (see :data:`_IMAGE`), its file put into ``attachments``, as ``attachment:name``; a
    web address, a ``data:`` or an ``attachment:`` one as it was."""
    before, target = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path:
        return match.group(0)
    image = (folder / unquote(parts.path)).resolve()
    kind = ATTACHED_TYPES.get(image.suffix.lower())
    if not image.is_file() or kind is None:
        said = "no such file" if not image.is_file() else f"only {', '.join(sorted(ATTACHED_TYPES))} are drawn"
        raise BuildError(f"a lesson in {folder} shows the image {target}: {said}")
    data = {kind: base64.b64encode(image.read_bytes()).decode("ascii")}
    plain = re.sub(r"[^\w.-]", "-", image.name)  # as it stands in the cell's markdown, unquoted
    name, number = plain, 1
    while attachments.get(name, data) != data:  # two images of one name in the cell
        number += 1
        name = f"{number}-{plain}"
    attachments[name] = data
    return f"{before}attachment:{name}"


#: What the lessons' folder may hold that is no part of the course: a learner's or teacher's own files (the
#: student's name, a class's handed-in results), caches and hidden files.
_NOT_COURSE = shutil.ignore_patterns(".*", "__pycache__", "student.json", "class_results")


def write_contents(
    contents: Path,
    lessons: Path = ROOT / "notebooks",
    offline: bool = False,
    python: Path | None = None,
    drawn: Path | None = None,
) -> Path:
    """Copy the lessons' folder into ``contents`` (the site's files): every file, so that whatever a lesson links to
    or reads beside itself (the printables, each edition's example class, ``course.json``) is where the lesson
    looks, as under ``python3 tasks.py lessons``. Each notebook gets :func:`with_site_cells` (where the browser keeps
    a learner's changes, and how to start a lesson afresh) and :data:`INSTALL_CELL` (in its edition's language) at
    the top; each edition gets its list of lessons as shipped (``shipped.json``), written by ``python`` (one with
    the course's dependencies and matplotlib; by default this one). Each notebook's metadata names the site's kernel
    as JupyterLab will (:func:`for_the_pyodide_kernel`): a lesson only looked at stays as shipped. The images its
    markdown shows are inside it (:func:`with_images_inside`).

    ``offline``: the kernel loads the course as it starts, so the lessons get no install cell and run as they are.
    ``drawn``: where to write the lessons' plots, drawn by their own code as the lessons are copied, before the
    site's cells are added (:func:`draw_lessons`)."""
    shutil.copytree(lessons, contents, ignore=_NOT_COURSE)
    if drawn is not None:
        draw_lessons(contents, drawn, python)
    for notebook in sorted(contents.rglob("*.ipynb")):
        french = notebook.parent.relative_to(contents).parts[:1] == ("fr",)
        edition = contents / "fr" if french else contents
        start = Path(os.path.relpath(edition / START_LESSON, notebook.parent)).as_posix()
        text = with_site_cells(notebook.read_text(encoding="utf-8"), start, french, notebook == edition / START_LESSON)
        text = for_the_pyodide_kernel(text)
        text = with_images_inside(text, lessons / notebook.parent.relative_to(contents))
        if not offline:
            text = with_install_cell(text, INSTALL_CELL_FR if french else INSTALL_CELL)
        notebook.write_text(text, encoding="utf-8")
    # what each edition's lessons are as shipped, for the start page's Afresh box (run by the course's own code)
    for edition in (contents, contents / "fr"):
        subprocess.run(
            [str(python or sys.executable), "-c", "import sys; from pathlib import Path; "
             "from charlemagne_learn.teach.shipped import write_shipped; write_shipped(Path(sys.argv[1]))", str(edition)],
            check=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    return contents


def draw_lessons(lessons: Path, out: Path, python: Path | None = None) -> Path:
    """Every plot the lessons in ``lessons`` draw, drawn by their own code (each lesson run from its folder in
    ``python``, down to its last cell that draws) and written to ``out``: what the course's wheel holds for the
    browser, where matplotlib is missing (``charlemagne_learn.teach.drawn``). A :class:`BuildError` when a lesson's
    code fails or a cell draws what the course's plots cannot keep."""
    ran = subprocess.run(
        [str(python or sys.executable), "-c", "import sys; from pathlib import Path; "
         "from charlemagne_learn.teach.drawn import DrawingError, write_drawn\n"
         "try: write_drawn(Path(sys.argv[1]), Path(sys.argv[2]))\nexcept DrawingError as error: sys.exit(str(error))",
         str(lessons), str(out)],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if ran.returncode != 0:
        said = ran.stderr.strip().splitlines()
        raise BuildError(f"the lessons' plots could not be drawn: {said[-1] if said else ran.returncode}")
    return out


#: Where the course's wheel holds the lessons' plots (``charlemagne_learn.teach.drawn.DRAWN_FILE``).
DRAWN_IN_WHEEL = "charlemagne_learn/data/drawn_figures.json"


def _write_wheel(files: dict[str, bytes], record: str, target: Path) -> Path:
    """A wheel of ``files`` and its ``record`` (the RECORD file's name) listing them with their hashes, written in a
    fixed order with a fixed date: the same files make the same wheel, and the same hash in the lock file."""
    files = {name: data for name, data in files.items() if name != record}
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    for name in sorted(files):
        writer.writerow([name, _record_hash(files[name]), len(files[name])])
    writer.writerow([record, "", ""])
    files[record] = rows.getvalue().encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name in sorted(files):
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0)), files[name], zipfile.ZIP_DEFLATED)
    return target


def wheel_with_drawn(wheel: Path, drawn: Path, out: Path) -> Path:
    """The course's wheel with the lessons' plots (:func:`draw_lessons`) added as :data:`DRAWN_IN_WHEEL`, written into
    the folder ``out`` under the same name."""
    with zipfile.ZipFile(wheel) as z:
        record = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        files = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    files[DRAWN_IN_WHEEL] = drawn.read_bytes()
    out.mkdir(parents=True, exist_ok=True)
    return _write_wheel(files, record, out / wheel.name)


#: Pyodide's core as npm ships it (``npm ci``; the Pyodide test runs the same one): the interpreter, its standard
#: library and its lock file, without any package.
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
#: The files of the core the browser loads; the rest of the npm package (maps, types, consoles) is not needed.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: micropip as built from its release's source (MPL-2.0; see ``scripts/lite_wheels/README.md``). The kernel's
#: package manager, piplite, needs micropip's 0.11 API; the package index we install from has only 0.7, and
#: Pyodide's own copy is on its CDN alone.
MICROPIP_WHEEL = ROOT / "scripts" / "lite_wheels" / "micropip-0.11.1-py3-none-any.whl"
#: The widgets' pure-Python dependencies, pinned for the Pyodide test, and packaging (vendored into micropip,
#: and needed by matplotlib).
PURE_REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
EXTRA_PINS = ("packaging==26.1",)
#: Where the build keeps those wheels between runs, beside its environment.
WHEEL_CACHE = LITE_ENV / "pyodide-wheels"
#: The kernel's settings in ``jupyter-lite.json``.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What the kernel loads as it starts, from the site: micropip and piplite and the five packages the kernel would
#: otherwise install from PyPI one by one (it skips each one named here, by exactly these names), then the course.
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "charlemagne-learn",
    "anywidget",
    "ipywidgets",
)
#: The environment markers of Pyodide's Python, to read which of a wheel's requirements apply in the browser.
PYODIDE_MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "extra": "",
}


class BuildError(Exception):
    """What the offline build lacks, said in words: ``main`` prints it, a test's fixture fails with it."""


class OutRefused(BuildError, ValueError):
    """An output folder the build may not replace (see :func:`check_out`)."""


def _canonical(name: str) -> str:
    """A distribution's name as the lock file keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pure_wheels(python: Path) -> list[Path]:
    """The wheels of :data:`PURE_REQUIREMENTS` and :data:`EXTRA_PINS`, downloaded into :data:`WHEEL_CACHE` when the
    pins changed (pure Python: for any platform)."""
    pins = PURE_REQUIREMENTS.read_text(encoding="utf-8") + "\n".join(EXTRA_PINS)
    stamp = WHEEL_CACHE / ".pins"
    if not (stamp.exists() and stamp.read_text(encoding="utf-8") == pins):
        shutil.rmtree(WHEEL_CACHE, ignore_errors=True)
        WHEEL_CACHE.mkdir(parents=True)
        subprocess.run(
            [str(python), "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
             "--python-version", "3.14", "-r", str(PURE_REQUIREMENTS), *EXTRA_PINS, "-d", str(WHEEL_CACHE)],
            check=True,
        )  # fmt: skip
        stamp.write_text(pins, encoding="utf-8")
    return sorted(WHEEL_CACHE.glob("*.whl"))


def kernel_wheels() -> list[Path]:
    """The wheels the Pyodide kernel's extension ships (the kernel itself, piplite, its ipykernel and
    widgetsnbextension stand-ins), from the build environment."""
    pypi = next(LITE_ENV.glob("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"))
    return sorted(pypi.glob("*.whl"))


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def micropip_with_packaging(micropip: Path, packaging: Path, out: Path) -> Path:
    """micropip's wheel with packaging inside it, written into the folder ``out``.

    micropip imports its own copy of packaging (``micropip._vendored.packaging.src.packaging``), a git submodule
    upstream that a build from the release's source leaves out of the wheel; packaging's wheel (BSD or Apache 2.0,
    its licence files go along) fills the gap. The files are written in a fixed order with a fixed date, so the
    wheel, and its hash in the lock file, are the same every build."""
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(micropip) as wheel:
        record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        files.update({n: wheel.read(n) for n in wheel.namelist() if n != record and not n.endswith("/")})
    with zipfile.ZipFile(packaging) as wheel:
        for name in wheel.namelist():
            if name.startswith("packaging/"):
                files[f"micropip/_vendored/packaging/src/{name}"] = wheel.read(name)
            elif "/licenses/" in name:
                files[f"micropip/_vendored/packaging/{name.rsplit('/', 1)[1]}"] = wheel.read(name)
    return _write_wheel(files, record, out / micropip.name)


def lock_entry(wheel: Path) -> dict[str, object]:
    """The lock file's entry of a pure-Python wheel: its name, version and hash, what it lets Python import, and
    the distributions it requires in Pyodide (markers read for the browser's platform)."""
    from email.parser import Parser

    try:
        from packaging.requirements import Requirement
    except ImportError:  # a Python without packaging still has pip's copy
        from pip._vendor.packaging.requirements import Requirement  # type: ignore[assignment]

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(z.read(f"{info}/METADATA").decode())
        top_level = f"{info}/top_level.txt"
        if top_level in names:
            imports = sorted({line.strip() for line in z.read(top_level).decode().splitlines() if line.strip()})
        else:
            tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
            imports = sorted(t.removesuffix(".py") for t in tops if t.endswith(".py") or "." not in t)
    depends = []
    for line in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
            depends.append(_canonical(requirement.name))
    return {
        "name": _canonical(metadata["Name"]),
        "version": metadata["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
    }


def write_pyodide(dest: Path, wheels: Iterable[Path]) -> Path:
    """Pyodide's core, the wheels given and a lock file naming them, in ``dest`` (where the site serves Pyodide
    from). Each package of Pyodide's own lock that is not among the wheels keeps its entry, with the address of
    Pyodide's CDN: online, a lesson still gets numpy or matplotlib. Of two wheels of one distribution the later
    wins (the kernel's widgetsnbextension stand-in over the real one, whose front-end the site already has)."""
    dest.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(PYODIDE_NPM / name, dest / name)
    version = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))["version"]
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    for entry in packages.values():
        entry["file_name"] = cdn + entry["file_name"]
    ours: dict[str, Path] = {}
    for wheel in wheels:
        entry = lock_entry(wheel)
        stale = ours.get(str(entry["name"]))
        if stale is not None:
            (dest / stale.name).unlink()
        shutil.copy2(wheel, dest / wheel.name)
        packages[str(entry["name"])] = entry
        ours[str(entry["name"])] = wheel
    # every package the kernel loads as it starts, and all it requires, must be in the site: offline, one missing
    # package (an address on the CDN) would stop the kernel before its first cell
    needed, seen = list(PRELOAD), set()
    while needed:
        name = needed.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in ours:
            raise BuildError(f"the offline site has no wheel of {name}, which the kernel loads as it starts")
        needed.extend(packages[name]["depends"])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return dest


def write_offline_runtime(lite: Path, python: Path, course_wheel: Path, work: Path) -> None:
    """Pyodide and every package the kernel starts with into the lite dir's ``static/pyodide`` (``jupyter lite
    build`` copies it into the site and points the kernel at it), and the kernel's settings into its
    ``jupyter-lite.json``: load :data:`PRELOAD` as Pyodide starts, from the site."""
    pure = pure_wheels(python)
    packaging = next(w for w in pure if w.name.startswith("packaging-"))
    (work / "micropip").mkdir()
    micropip = micropip_with_packaging(MICROPIP_WHEEL, packaging, work / "micropip")
    write_pyodide(lite / "static" / "pyodide", [micropip, *pure, *kernel_wheels(), course_wheel])
    settings = {"loadPyodideOptions": {"packages": list(PRELOAD)}}
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}},
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


#: The file the build writes into every site it makes; the next build replaces a folder only if it holds this file
#: (or is empty, or absent). The site's files are the build's own: whatever else is put there goes with the next build.
SITE_MARKER = ".charlemagne_learn-lite-site"


def check_out(out: Path) -> Path:
    """``out`` made absolute, when the build may put the site there: a folder that is absent, empty or a site the
    build made (it holds :data:`SITE_MARKER`); an :class:`OutRefused` otherwise (a file, any other folder: the
    clone, the lessons, a home folder), nothing touched. Nor may the site go into the lessons' folder, whose files
    the next build would ship as the course's."""
    out = Path(os.path.abspath(out.expanduser()))
    try:
        real = out.resolve()
        there = next(path for path in (real, *real.parents) if path.exists())
        if not there.is_dir():
            which = f"--out {out} is" if there == real else f"--out {out}: {there} is"
            raise OutRefused(f"{which} a file, not a folder: give a new folder, or one a build made")
        lessons = (ROOT / "notebooks").resolve()
        if real == lessons or lessons in real.parents:
            raise OutRefused(
                f"--out {out} is in the lessons' folder, which the site is built from: give another folder"
            )
        if there == real and any(real.iterdir()) and not (real / SITE_MARKER).is_file():
            # a site built before the build marked its sites: only its maker knows it is one
            older = "; a site an older build made? delete it first" if (real / "jupyter-lite.json").is_file() else ""
            raise OutRefused(
                f"--out {out} is a folder the build did not make (it holds no {SITE_MARKER}{older}), which it would"
                " replace: give a new or empty folder, or one a build made"
            )
    except OSError as error:
        raise OutRefused(f"--out {out} cannot be checked: {error.strerror or error}") from None
    return out


def check_prerequisites(offline: bool) -> None:
    """A :class:`BuildError` naming the command to run for what the build needs and cannot install itself, before it
    installs anything: Pyodide's npm package (the offline site serves its core) and a Python that can make the
    build's environment."""
    if offline:
        needed = (*PYODIDE_CORE, "package.json", "pyodide-lock.json")
        missing = [name for name in needed if not (PYODIDE_NPM / name).is_file()]
        if missing:
            raise BuildError(
                f"Pyodide's npm package is missing ({PYODIDE_NPM / missing[0]}): run `npm ci` in {ROOT} first (or build"
                " with --cdn, a site that fetches Pyodide from the internet)"
            )
    if not LITE_ENV.exists() and importlib.util.find_spec("ensurepip") is None:
        raise BuildError(
            f"this Python ({sys.executable}) cannot make the build's environment {LITE_ENV.name}/: it has no ensurepip"
            " (on Debian or Ubuntu: apt install python3-venv)"
        )


def without_source_maps(site: Path) -> int:
    """Delete the site's source maps (nearly half its size, and a learner's browser never asks for them), the files
    and those written into a script or style sheet, and the comment at a script's end that names one, so the
    browser's developer tools look for none; the bytes deleted."""
    freed = 0
    for path in sorted(site.rglob("*.map")):
        freed += path.stat().st_size
        path.unlink()
    for path in sorted(site.rglob("*")):
        if path.suffix in (".js", ".mjs", ".css") and path.is_file():
            text = path.read_text(encoding="utf-8")
            kept = _SOURCE_MAP_COMMENT.sub("", text)
            if kept != text:
                freed += len(text.encode()) - len(kept.encode())
                path.write_text(kept, encoding="utf-8")
    return freed


#: The comment at the end of a script or style sheet that names its source map, or holds it (``data:``, 280 kB of
#: anywidget's).
_SOURCE_MAP_COMMENT = re.compile(r"\n?(?://# sourceMappingURL=\S+|/\*# sourceMappingURL=\S+ \*/)\s*$")


def build(out: Path, offline: bool = True) -> Path:
    """Build the site into ``out`` and return it; ``offline`` (the default): see the module's help; False for a site
    that fetches Pyodide and the packages at run time. ``out`` is replaced only if :func:`check_out` allows it,
    once the new site is whole: a build that fails leaves it as it was."""
    out = check_out(out)
    check_prerequisites(offline)
    python = lite_python()
    check_front_ends(python)
    out.parent.mkdir(parents=True, exist_ok=True)
    # the new site is made beside the old one, and swapped in once whole
    site = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        _build_into(site, python, offline)
        (site / SITE_MARKER).write_text(
            json.dumps({"built_by": "scripts/build_lite.py", "offline": offline}, indent=1), encoding="utf-8"
        )
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        if out.exists():
            out.rename(old / out.name)
        try:
            site.rename(out)
        except OSError:
            if (old / out.name).exists():
                (old / out.name).rename(out)
            raise
        finally:
            shutil.rmtree(old)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    return out


def _build_into(site: Path, python: Path, offline: bool) -> None:
    """The site, built into the empty folder ``site``."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # a pure-Python wheel, which Pyodide installs: no native build of the search (the browser runs the .wasm)
        subprocess.run(
            [str(python), "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "wheels"), str(ROOT)],
            check=True,
            env={**os.environ, "CHARLEMAGNE_LEARN_NATIVE": "0"},
        )
        contents = work / "contents"
        write_contents(contents, offline=offline, python=python, drawn=work / "drawn.json")
        # the lessons' plots, drawn above, go into the wheel the kernel loads: offline, matplotlib cannot
        built = next((work / "wheels").glob("charlemagne_learn-*.whl"))
        wheel = wheel_with_drawn(built, work / "drawn.json", work / "course")
        # the lessons' JupyterLab settings (no news question over the start page): jupyter lite build merges a
        # lite dir's overrides.json into the site's settingsOverrides
        (work / "lite").mkdir()
        shutil.copy(ROOT / "lab-settings" / "overrides.json", work / "lite" / "overrides.json")
        if offline:
            write_offline_runtime(work / "lite", python, wheel, work)
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
                str(site),
            ],
            check=True,
            cwd=work,
        )
    one_session_per_path(site)
    check_kernel_metadata(site)
    write_start_page(site)
    without_source_maps(site)
    # GitHub Pages served from a branch runs Jekyll, which drops the files and folders whose name starts with "_"
    (site / ".nojekyll").write_text("", encoding="utf-8")


#: The lab page's script when its address asks for a lesson (``lab/index.html?path=…``: the class links, through the
#: site's own page, and any lesson's own address): forget the tabs of the learner's earlier visit (the main area of
#: JupyterLab's saved workspace, the ``default`` entry of the site's ``statedb`` store; the side panels stay) but the
#: lesson asked. Otherwise every lesson left open last time comes back too, and each starts its own Python, one after
#: the other (about 20 s each), before the lesson asked answers. The lessons, the learner's changes and records are
#: files of another store: they stay. JupyterLab's own ``?reset`` would do the same but drops the lesson asked for.
#: JupyterLab starts only once it is done (:data:`_APP_LOADER`).
_ONE_LESSON = """window.courseOneLesson = (async () => {
  const lesson = new URLSearchParams(window.location.search).get("path");
  if (!lesson) return;
  try {
    const site = new URL("..", window.location.href).pathname;
    for (const { name } of await indexedDB.databases()) {
      if (name !== "JupyterLite Storage - " + site && name !== "JupyterLite Storage - " + site.replace(/\\/$/, "")) continue;
      await new Promise((done) => {
        const opened = indexedDB.open(name);
        opened.onerror = done;
        opened.onsuccess = () => {
          const db = opened.result;
          if (!db.objectStoreNames.contains("statedb")) { db.close(); done(); return; }
          const tx = db.transaction("statedb", "readwrite");
          const store = tx.objectStore("statedb");
          const read = store.get("default");
          read.onsuccess = () => {
            const workspace = read.result;
            const layout = workspace && workspace.data && workspace.data["layout-restorer:data"];
            if (!layout) return;
            // the tabs the main area held ("notebook:03_….ipynb"), each also an entry its restorer reads
            const tabs = (area) => !area ? [] : area.widgets || (area.children || []).flatMap(tabs);
            for (const tab of tabs(layout.main && layout.main.dock)) delete workspace.data[tab];
            // the lesson asked is the one tab: restored as JupyterLab restores any (with no tab at all, the restore
            // and the opening of the lesson asked raced, and sometimes only a Launcher came)
            const widget = "notebook:" + lesson;
            layout.main = { dock: { type: "tab-area", currentIndex: 0, widgets: [widget] }, current: widget };
            workspace.data[widget] = { data: { path: lesson, factory: "Notebook" } };
            store.put(workspace, "default");
          };
          tx.oncomplete = tx.onerror = tx.onabort = () => { db.close(); done(); };
        };
      });
    }
  } catch (error) {}
})();"""
#: Where JupyterLite's lab page starts JupyterLab (jupyterlite-core 0.8.6): made to wait for :data:`_ONE_LESSON`.
_APP_LOADER = re.compile(r"(\n[ ]*)await import\(\s*'\.\./config-utils\.js")


def write_lesson_page(site: Path) -> Path:
    """The lab page opens the lesson its address asks for alone, with none of the tabs of an earlier visit
    (:data:`_ONE_LESSON`, run before JupyterLab starts); a :class:`BuildError` when the page does not start
    JupyterLab as patched, exactly once (another JupyterLite: check its page before pinning it)."""
    page = site / "lab" / "index.html"
    text = page.read_text(encoding="utf-8")
    if len(_APP_LOADER.findall(text)) != 1:
        raise BuildError(
            f"JupyterLite's lab page does not start JupyterLab as expected: is jupyterlite-core still the version of "
            f"{LITE_CONSTRAINTS.name}?"
        )
    text = _APP_LOADER.sub(lambda match: f"{match.group(1)}await window.courseOneLesson;{match.group(0)}", text)
    text = text.replace("<head>", f"<head>\n    <script>{_ONE_LESSON}</script>", 1)
    page.write_text(text, encoding="utf-8")
    return page


def write_start_page(site: Path) -> Path:
    """The site's own address opens lesson 00 in JupyterLab (JupyterLite's root page would open an empty one), alone
    (:func:`write_lesson_page`).

    The root page stays JupyterLite's: every app of the site reads its settings from the ``index.html`` files above
    it, so only a line is added at the top of its head, which goes to lesson 00 when the page itself is opened (a
    page read for its settings runs no script; without scripts, a refresh does the same). Lesson 00 links to the
    French edition."""
    write_lesson_page(site)
    target = f"./lab/index.html?path={START_LESSON}"
    # ?lang=fr: the French edition's lesson 00 (the class link of that edition)
    french = json.dumps(f"./lab/index.html?path=fr/{START_LESSON}")
    chosen = f'new URLSearchParams(window.location.search).get("lang") === "fr" ? {french} : {json.dumps(target)}'
    page = site / "index.html"
    text = page.read_text(encoding="utf-8")
    go = (
        f"<script>window.location.replace({chosen});</script>"
        f'<noscript><meta http-equiv="refresh" content="0; url={target}"></noscript>'
    )
    text = text.replace("<head>", f"<head>\n    {go}", 1)
    page.write_text(text, encoding="utf-8")
    return page


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--out",
        type=Path,
        default=ROOT / "_lite",
        help=f"output folder (default: _lite/); replaced only if a build made it (it holds {SITE_MARKER}) or it is"
        " empty: any other folder, or a file, is refused",
    )
    ap.add_argument(
        "--cdn", action="store_true", help="take Pyodide from its CDN and the packages from PyPI at run time"
    )
    ap.add_argument(
        "--address",
        help="where the site will be served (https://owner.github.io/repository/): prints the links to give a class",
    )
    ap.add_argument(
        "--links-only",
        action="store_true",
        help="with --address: print the class links of the site already built in --out, without building it again",
    )
    args = ap.parse_args(argv)
    try:
        if args.links_only and args.address is None:
            raise BuildError("--links-only prints the links to give a class: it needs --address and the site's address")
        links = class_links(args.address) if args.address is not None else {}
        if args.links_only:
            site = check_out(args.out)
            if not (site / SITE_MARKER).is_file():
                raise BuildError(
                    f"--links-only: no site has been built in {site}: build it first (without --links-only)"
                )
            print(f"The JupyterLite site in {site}, once copied to {links['English']}, is opened by these links:")
        else:
            site = build(args.out, offline=not args.cdn)
            print(f"JupyterLite site built in {site}; copy the folder as it is to the static host")
    except BuildError as error:
        print(f"build_lite: {error}", file=sys.stderr)
        sys.exit(2)
    for edition, link in links.items():
        print(f"  {edition}: {link}")


def class_links(address: str) -> dict[str, str]:
    """The links a teacher gives a class for the site served at ``address``: the start page of each edition,
    through the site's own page, so a learner coming back starts from lesson 00 alone.

    >>> class_links("https://ada.github.io/charlemagne_learn")["English"]
    'https://ada.github.io/charlemagne_learn/'
    """
    parts = urlsplit(address.strip())
    if (
        parts.scheme not in ("https", "http")
        or not parts.netloc
        or parts.query
        or parts.fragment
        or "." in (parts.path.rsplit("/", 1)[-1])
    ):
        raise BuildError(
            f"--address must be the site's whole address, https://... (a folder, no page): not {address!r}"
        )
    base = address.strip().rstrip("/") + "/"
    return {"English": base, "French": f"{base}?lang=fr"}


if __name__ == "__main__":
    main()
