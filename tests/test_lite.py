"""The JupyterLite build: the course as a static site that runs offline, with every lesson and the package wheel."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))


# Installs packages into a fresh environment: far longer than the suite's per-test limit on a cold cache.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def test_a_site_that_fetches_pyodide_starts_each_lesson_by_installing_the_course_under_its_title(
    tmp_path: Path,
) -> None:
    """``--cdn``: the lessons as the site serves them (no build needed to see them) have an install cell, right
    under the title: the first thing a learner reads is the lesson's, and the course is installed before any code."""
    from build_lite import write_contents

    contents = write_contents(tmp_path / "contents", offline=False)
    for lesson in sorted(contents.rglob("*.ipynb")):
        cells = json.loads(lesson.read_text())["cells"]
        title = next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith("# "))
        install = "".join(cells[title + 1]["source"])
        assert "%pip install -q charlemagne_learn" in install, lesson  # the browser's Python installs the course first
        assert all(c["cell_type"] == "markdown" for c in cells[:title]), lesson  # no code above the title
        assert "matplotlib" not in install  # the lessons' plots are drawn as the site is built
    french = json.loads((contents / "fr" / "00_start_here.ipynb").read_text())["cells"]
    assert "Dans le navigateur" in "".join(french[2]["source"])


def test_the_wheel_holds_the_plots_drawn_ahead_where_the_course_looks_for_them() -> None:
    from build_lite import DRAWN_IN_WHEEL

    from charlemagne_learn.teach.drawn import DRAWN_FILE

    assert f"charlemagne_learn/data/{DRAWN_FILE}" == DRAWN_IN_WHEEL


def test_the_site_holds_every_lesson_and_serves_pyodide_and_every_package_the_kernel_starts_with(
    tmp_path: Path,
) -> None:
    """Every lesson and what it links to; what the kernel loads as it starts is in the site, under the hash the lock file gives; the rest of Pyodide's
    packages keep their CDN address; no lesson has an install cell, not even one that draws: its plots, drawn as the site was
    built, are in the course's wheel."""
    import hashlib
    import zipfile

    from build_lite import DRAWN_IN_WHEEL, PRELOAD, build

    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        if os.environ.get("CI"):
            pytest.fail("Pyodide's npm package is missing: python3 tasks.py test installs it (npm ci)")
        pytest.skip("Pyodide's npm package is not installed (npm ci)")
    site = build(tmp_path / "site")
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert lessons and sorted(p.name for p in (site / "files").glob("*.ipynb")) == lessons
    french = sorted(p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb"))
    assert sorted(p.name for p in (site / "files" / "fr").glob("*.ipynb")) == french
    assert json.loads((site / "files" / "fr" / "course.json").read_text()) == {"lang": "fr"}  # French there too
    # what the lessons link to and read beside themselves is served there too
    assert (site / "files" / "printables" / "cheatsheet.pdf").is_file()
    assert (site / "files" / "fr" / "teachers" / "class_results_example").is_dir()
    assert len(list((site / "pypi").glob("charlemagne_learn-*.whl"))) == 1
    assert (site / "extensions" / "anywidget").is_dir()  # widgets render in the browser there too
    assert (site / "lab" / "index.html").is_file()
    # the site's address opens lesson 00 (the page the Quickstart opens), of the French edition with ?lang=fr; the
    # browser test opens it (tests/browser/test_lite_site.py)
    start = (site / "index.html").read_text()
    assert '"./lab/index.html?path=fr/00_start_here.ipynb" : "./lab/index.html?path=00_start_here.ipynb"' in start
    assert "jupyter-config-data" in start  # still JupyterLite's page, which the apps read their settings from
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    # the same JupyterLab settings as every other environment of the lessons: no news question on opening
    for plugin, values in json.loads((ROOT / "lab-settings" / "overrides.json").read_text()).items():
        assert config["settingsOverrides"][plugin] == {**config["settingsOverrides"][plugin], **values}
    pyodide = site / "static" / "pyodide"
    settings = config["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["loadPyodideOptions"]["packages"] == list(PRELOAD)
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    needed, seen = list(PRELOAD), set()
    while needed:  # the packages the kernel starts with, and all they require: local files, hashes that match
        name = needed.pop()
        if name in seen:
            continue
        seen.add(name)
        entry = packages[name]
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
        needed.extend(entry["depends"])
    assert {"micropip", "charlemagne-learn", "anywidget", "ipywidgets"} <= seen
    assert (pyodide / packages["packaging"]["file_name"]).is_file()  # matplotlib's, served for an online learner
    assert packages["widgetsnbextension"]["version"].endswith(".999")  # the kernel's stand-in, not the real one
    assert packages["matplotlib"]["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/v")
    with zipfile.ZipFile(pyodide / packages["micropip"]["file_name"]) as wheel:  # micropip's vendored packaging
        assert "micropip/_vendored/packaging/src/packaging/requirements.py" in wheel.namelist()
    for lesson in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        served = json.loads((site / "files" / lesson.relative_to(ROOT / "notebooks")).read_text())
        assert not any("%pip" in "".join(c["source"]) for c in served["cells"]), lesson
    with zipfile.ZipFile(pyodide / packages["charlemagne-learn"]["file_name"]) as wheel:
        drawn = json.loads(wheel.read(DRAWN_IN_WHEEL))
    for lang in ("en", "fr"):  # lesson 09's and 12's plots, the teacher's dashboard's, in each edition's language
        assert f'plot_count_rule{{"data": "canadian", "lang": "{lang}"}}' in drawn
        assert f'plot_expected_points{{"data": "canadian", "lang": "{lang}"}}' in drawn
        assert any(key.startswith(f'ClassResults.plot{{"lang": "{lang}"') for key in drawn)


def test_the_build_is_pinned_to_the_tested_versions_and_its_widget_front_ends_match_the_kernels() -> None:
    """The build environment's pins name each widget front-end at the version the kernel loads; a build whose
    front-ends drifted from the kernel's is refused before anything is built."""
    from build_lite import FRONT_ENDS, LITE_CONSTRAINTS, PURE_REQUIREMENTS, _canonical, pins

    built, kernel = pins(LITE_CONSTRAINTS), pins(PURE_REQUIREMENTS)
    for name in map(_canonical, FRONT_ENDS):
        assert built[name] == kernel[name], name
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel"} <= set(built)


def test_a_drifted_front_end_is_refused(tmp_path: Path) -> None:
    import build_lite

    python = tmp_path / "python"  # a build environment whose anywidget is not the kernel's
    python.write_text(
        '#!/bin/sh\necho \'{"anywidget": "0.9.0", "ipywidgets": "8.1.9", "jupyterlab_widgets": "3.0.17",'
        ' "widgetsnbextension": "4.0.16"}\'\n'
    )
    python.chmod(0o755)
    with pytest.raises(build_lite.BuildError, match=r"anywidget 0\.9\.0 in the page but 0\.11\.0 in the kernel"):
        build_lite.check_front_ends(python)


def test_the_links_for_a_class_open_each_editions_start_page() -> None:
    from build_lite import BuildError, class_links

    links = class_links("https://ada.github.io/charlemagne_learn")
    assert links == {
        "English": "https://ada.github.io/charlemagne_learn/",
        "French": "https://ada.github.io/charlemagne_learn/?lang=fr",
    }
    for bad in ("ada.github.io", "https://ada.github.io/site/index.html", "ftp://host/", "https://host/?x=1", ""):
        with pytest.raises(BuildError, match="whole address"):
            class_links(bad)


def test_the_pages_workflow_builds_the_site_as_the_readme_says() -> None:
    workflow = (ROOT / ".github" / "workflows" / "lite-site.yml").read_text(encoding="utf-8")
    assert "python3 scripts/build_lite.py --out _site" in workflow and "path: _site" in workflow
    assert "npm ci" in workflow  # the Pyodide the tests ran, from package-lock.json
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/lite-site.yml" in readme and "--address" in readme
