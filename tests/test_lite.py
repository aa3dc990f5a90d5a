"""The JupyterLite build: the course as a static site that runs offline, with every lesson and the package wheel."""

from __future__ import annotations

import base64
import json
import os
import re
import sys
from pathlib import Path

import pytest

try:
    from ._links import book_links, images_in, is_relative, target_of
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    from _links import book_links, images_in, is_relative, target_of  # type: ignore[no-redef]

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

    from build_lite import DRAWN_IN_WHEEL, PRELOAD, SITE_MARKER, build

    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        if os.environ.get("CI"):
            pytest.fail("Pyodide's npm package is missing: python3 tasks.py test installs it (npm ci)")
        pytest.skip("Pyodide's npm package is not installed (npm ci)")
    # a site an earlier build made is replaced as a whole
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / SITE_MARKER).write_text("{}")
    (tmp_path / "site" / "left-from-an-earlier-build.txt").write_text("stale")
    site = build(tmp_path / "site")
    assert (site / SITE_MARKER).is_file() and not (site / "left-from-an-earlier-build.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # the build's own folders beside it are gone
    # no source map, in a file or written into a script, nor a script naming one (nearly half the site's size)
    assert not list(site.rglob("*.map"))
    for script in (*site.rglob("*.js"), *site.rglob("*.mjs"), *site.rglob("*.css")):
        assert not re.search(r"# sourceMappingURL=\S+\s*(\*/\s*)?$", script.read_text(encoding="utf-8")), script
    # a lesson's own address opens it alone: the lab page forgets the earlier visit's tabs before JupyterLab starts
    lab = (site / "lab" / "index.html").read_text()
    assert (
        lab.index("window.courseOneLesson = ")
        < lab.index("await window.courseOneLesson;")
        < lab.index("'../config-utils.js")
    )
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


@pytest.fixture(scope="module")
def site_contents(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lessons' folder as the offline site ships it."""
    from build_lite import write_contents

    return write_contents(tmp_path_factory.mktemp("lite") / "contents", offline=True)


def test_the_afresh_box_ends_each_editions_start_page_and_no_other_notebook(site_contents: Path) -> None:
    boxed = {
        lesson.relative_to(site_contents).as_posix()
        for lesson in site_contents.rglob("*.ipynb")
        if any(cell.get("id") == "start-afresh-box" for cell in json.loads(lesson.read_text())["cells"])
    }
    assert boxed == {"00_start_here.ipynb", "fr/00_start_here.ipynb"}
    # every notebook still says where the start page is, from its own folder
    guide = json.loads((site_contents / "fr" / "teachers" / "teachers_guide.ipynb").read_text())["cells"][0]
    assert "(../00_start_here.ipynb)" in "".join(guide["source"])


def test_every_notebook_of_the_site_opens_unchanged_by_the_browsers_kernel(site_contents: Path) -> None:
    """JupyterLab writes the running kernel's spec and language into a notebook as the kernel starts: shipped with the
    Pyodide kernel's own, a lesson only looked at is not marked modified (nor autosaved into the browser, where the
    copy would hide the course's updates). The browser test opens one (tests/browser/test_lite_site.py)."""
    notebooks = sorted(site_contents.rglob("*.ipynb"))
    assert len(notebooks) > 30
    for notebook in notebooks:
        metadata = json.loads(notebook.read_text())["metadata"]
        assert metadata["kernelspec"] == {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        assert metadata["language_info"]["codemirror_mode"] == {"name": "python", "version": 3}, notebook
        assert metadata["language_info"]["version"] == "3.8", notebook  # what the kernel says, whatever it runs


def test_every_link_of_the_sites_notebooks_opens_a_file_of_the_site_and_every_image_is_inside_the_notebook(
    site_contents: Path,
) -> None:
    """Each relative link of every notebook of the site (the lessons, the guides, the start pages with the cells the
    site adds) opens a file of the site's own contents. Each image a notebook shows is in it, an attachment of its
    cell: JupyterLab draws a cell's HTML with the image's address as written, and the browser asks for it relative to
    the page (``lab/index.html``), not to the notebook — ``images/table_exchange.png`` of lesson 11 was a 404 at
    ``lab/images/…``, a broken image until JupyterLab put in the file (tests/browser/test_lite_site.py looks)."""
    links, shown = 0, []
    for notebook in sorted(site_contents.rglob("*.ipynb")):
        for target in filter(is_relative, book_links(notebook)):
            opened = target_of(notebook, target)
            assert opened.is_relative_to(site_contents.resolve()) and opened.is_file(), (notebook, target)
            links += 1
        lesson = ROOT / "notebooks" / notebook.relative_to(site_contents)
        shipped = {cell["id"]: "".join(cell["source"]) for cell in json.loads(lesson.read_text())["cells"]}
        for cell in json.loads(notebook.read_text())["cells"]:
            for image, source in zip(
                images_in("".join(cell["source"])), images_in(shipped.get(cell["id"], "")), strict=True
            ):
                assert image.startswith("attachment:"), f"{notebook.relative_to(site_contents)} shows {image}"
                ((kind, data),) = cell["attachments"][image.removeprefix("attachment:")].items()
                assert kind.startswith("image/")
                assert base64.b64decode(data) == target_of(lesson, source).read_bytes()  # the lesson's own image
                shown.append(f"{notebook.relative_to(site_contents).as_posix()}: {source}")
    assert links > 100
    assert {
        "11_play_a_hand.ipynb: images/table_replay.png",
        "fr/11_play_a_hand.ipynb: ../images/table_replay_fr.png",  # the French table, in French
    } < set(shown)


def test_an_image_the_site_cannot_carry_inside_a_lesson_is_refused(tmp_path: Path) -> None:
    from build_lite import BuildError, with_images_inside

    def lesson(markdown: str) -> str:
        return json.dumps({"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": markdown}]})

    (tmp_path / "table.png").write_bytes(b"\x89PNG")
    (tmp_path / "table.svg").write_text("<svg/>")
    carried = json.loads(
        with_images_inside(lesson('![a](table.png) <img src="table.png"> ![b](https://x.org/t.png)'), tmp_path)
    )
    assert (
        carried["cells"][0]["source"]
        == '![a](attachment:table.png) <img src="attachment:table.png"> ![b](https://x.org/t.png)'
    )
    assert carried["cells"][0]["attachments"] == {"table.png": {"image/png": base64.b64encode(b"\x89PNG").decode()}}
    with pytest.raises(BuildError, match=r"shows the image images/gone\.png: no such file"):
        with_images_inside(lesson("![a](images/gone.png)"), tmp_path)
    with pytest.raises(BuildError, match=r"shows the image table\.svg: only \.bmp, .*\.webp are drawn"):
        with_images_inside(lesson("![a](table.svg)"), tmp_path)


def test_a_kernel_that_reports_other_metadata_is_refused(tmp_path: Path) -> None:
    import build_lite

    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    spec = 'register({spec:{name:"python",display_name:"Python (Pyodide)",language:"python",argv:[]}});'
    told = (
        'kernelInfoRequest(){return{language_info:{codemirror_mode:{name:"python",version:3},file_extension:".py",'
        'mimetype:"text/x-python",name:"python",nbconvert_exporter:"python",pygments_lexer:"ipython3",version:"3.8"}}}'
    )
    (static / "716.js").write_text(spec)
    (static / "393.js").write_text(told)
    build_lite.check_kernel_metadata(tmp_path)  # the kernel of lite-constraints.txt
    (static / "393.js").write_text(told.replace('version:"3.8"', 'version:"3.14"'))
    with pytest.raises(build_lite.BuildError, match="no longer reports the kernelspec and language_info"):
        build_lite.check_kernel_metadata(tmp_path)


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``build_lite`` says as it refuses ``argv``: one line, exit status 2, no traceback."""
    import build_lite

    with pytest.raises(SystemExit) as exited:
        build_lite.main(list(argv))
    assert exited.value.code == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.startswith("build_lite: ") and said.err.count("\n") == 1, said
    return said.err


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_output_folder_the_build_did_not_make_is_refused_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out`` replaces only a folder a build made (it holds the build's marker), an empty one or none: the clone,
    the lessons, a home folder, any folder with files, or a file, are refused in one line before anything is done."""
    import build_lite

    def no_build() -> Path:
        raise AssertionError("the build went ahead")

    monkeypatch.setattr(build_lite, "lite_python", no_build)
    mine = tmp_path / "my_folder"
    (mine / "notes").mkdir(parents=True)
    (mine / "notes" / "hand.txt").write_text("AS KS")
    (mine / "a.ipynb").write_text("{}")
    kept = _contents(mine)
    assert "build did not make" in _refused(capsys, "--out", str(mine))
    assert _contents(mine) == kept
    lessons = _contents(ROOT / "notebooks")
    for theirs in (ROOT, ROOT / "notebooks", ROOT / "notebooks" / "site", ROOT / "scripts" / ".."):
        assert "--out" in _refused(capsys, "--out", str(theirs))
    assert _contents(ROOT / "notebooks") == lessons
    if any(Path.home().iterdir()):
        assert "build did not make" in _refused(capsys, "--out", str(Path.home()))
    assert "a file, not a folder" in _refused(capsys, "--out", str(mine / "a.ipynb"))
    assert "a file, not a folder" in _refused(capsys, "--out", str(mine / "a.ipynb" / "site"))
    assert _contents(mine) == kept
    # where a build may go: a new folder, an empty one, one a build made
    (tmp_path / "empty").mkdir()
    (tmp_path / "built").mkdir()
    (tmp_path / "built" / build_lite.SITE_MARKER).write_text("{}")
    (tmp_path / "built" / "index.html").write_text("")
    for fine in ("new", "empty", "built"):
        assert build_lite.check_out(tmp_path / fine) == tmp_path / fine


def test_a_build_that_fails_leaves_the_last_site_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import build_lite

    site = tmp_path / "site"
    site.mkdir()
    (site / build_lite.SITE_MARKER).write_text("{}")
    (site / "index.html").write_text("the last site")
    kept = _contents(site)

    def wheel_only(command: list[str], **_: object) -> None:
        """``pip wheel`` makes a wheel; nothing else is run."""
        assert command[1:4] == ["-m", "pip", "wheel"], command
        folder = Path(command[command.index("-w") + 1])
        folder.mkdir(parents=True)
        (folder / "charlemagne_learn-0.1.0-py3-none-any.whl").write_bytes(b"")

    def fails(*_: object, **__: object) -> None:
        raise build_lite.BuildError("the kernel's wheels are missing")

    monkeypatch.setattr(build_lite, "lite_python", lambda: Path(sys.executable))
    monkeypatch.setattr(build_lite, "check_front_ends", lambda python: {})
    monkeypatch.setattr(build_lite, "check_prerequisites", lambda offline: None, raising=False)
    monkeypatch.setattr(build_lite.subprocess, "run", wheel_only)
    # the lessons (and their plots) are written once the wheel is made: the build fails half-way there
    monkeypatch.setattr(build_lite, "write_contents", fails)
    with pytest.raises(build_lite.BuildError, match="wheels are missing"):
        build_lite.build(site)
    assert _contents(site) == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # nothing of the failed build is left beside it


def test_a_build_without_pyodides_npm_package_is_refused_before_it_installs_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import build_lite

    def installs() -> Path:
        raise AssertionError("the build environment was installed before the check")

    monkeypatch.setattr(build_lite, "lite_python", installs)
    monkeypatch.setattr(build_lite, "PYODIDE_NPM", tmp_path / "node_modules" / "pyodide")
    said = _refused(capsys, "--out", str(tmp_path / "site"))
    assert "`npm ci`" in said and "--offline" not in said  # the command that installs it, no option that is not there
    assert not (tmp_path / "site").exists()


def test_the_class_links_of_a_built_site_print_without_building_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import build_lite

    def no_build(*_: object, **__: object) -> Path:
        raise AssertionError("the site was built again")

    monkeypatch.setattr(build_lite, "build", no_build)
    site = tmp_path / "site"
    site.mkdir()
    address = "https://ada.github.io/charlemagne_learn/"
    said = _refused(capsys, "--out", str(site), "--address", address, "--links-only")
    assert "no site has been built" in said  # an empty folder is no site
    (site / build_lite.SITE_MARKER).write_text("{}")
    build_lite.main(["--out", str(site), "--address", address, "--links-only"])
    shown = capsys.readouterr().out
    assert f"English: {address}\n" in shown and f"French: {address}?lang=fr\n" in shown
    assert "--address" in _refused(capsys, "--out", str(site), "--links-only")


def test_the_pages_workflow_builds_the_site_as_the_readme_says() -> None:
    workflow = (ROOT / ".github" / "workflows" / "lite-site.yml").read_text(encoding="utf-8")
    assert "python3 scripts/build_lite.py --out _site" in workflow and "path: _site" in workflow
    assert "npm ci" in workflow  # the Pyodide the tests ran, from package-lock.json
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/lite-site.yml" in readme and "--address" in readme
