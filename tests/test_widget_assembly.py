"""Each widget's front-end is one ES module with exactly one default export, however its files are formatted, built
where the package is: by its build (a wheel, an install) and, in a checkout, by the package itself.

The modules are bundled from the ES modules of ``widgets/`` by :mod:`charlemagne_learn.widgets._bundle`; Node imports
each one, which proves it parses as a module with no import left and that its only export is ``default`` with a
``render`` function. Then every file is reformatted by Prettier in a style unlike ours and the modules are bundled
again: they must still import. Node and Prettier come from ``npm ci`` (``python3 tasks.py test`` runs it); without
them these tests skip on a developer's machine and fail in CI.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from charlemagne_learn.engine.palette import palette_css
from charlemagne_learn.widgets import (
    Hand,  # importing the package registers every widget class
    _base,
)
from charlemagne_learn.widgets._base import DRAWN, STATIC, FrontEndMissing, GameWidget, front_end_files
from charlemagne_learn.widgets._bundle import build_all, entries

ROOT = Path(__file__).resolve().parents[1]
WIDGETS: list[type[GameWidget]] = DRAWN


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing; CI must check the widgets' modules (python3 tasks.py test installs it)")
    pytest.skip(f"{what} is not available on this machine")


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        _need("Node")
    assert found is not None
    return found


def _exports(node: str, folder: Path, esm: dict[str, str]) -> dict[str, list[str]]:
    """Import each module in Node: its export names, and ``render`` when the default export has that function."""
    paths = {}
    for name, text in esm.items():
        paths[name] = folder / f"{name}.mjs"
        paths[name].write_text(text, encoding="utf-8")
    script = """
const out = {};
for (const [name, path] of Object.entries(JSON.parse(process.argv[1]))) {
  try {
    const m = await import(path);
    out[name] = Object.keys(m).concat(typeof m.default?.render === "function" ? ["render"] : []);
  } catch (error) { out[name] = [`${error.name}: ${error.message}`]; }
}
console.log(JSON.stringify(out));
"""
    urls = json.dumps({name: path.as_uri() for name, path in paths.items()})
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, urls], capture_output=True, text=True, check=True, timeout=60
    )
    result: dict[str, list[str]] = json.loads(done.stdout)
    return result


def test_each_widget_module_has_exactly_one_default_export(node: str, tmp_path: Path) -> None:
    modules = {w.__name__: str(w._esm) for w in WIDGETS}
    assert _exports(node, tmp_path, modules) == {name: ["default", "render"] for name in modules}
    assert not any("import {" in text for text in modules.values()), "the browser resolves no import"


def test_the_page_gets_the_built_files_text() -> None:
    hand = Hand("RJ JH AS")
    assert hand.get_state()["_esm"] == (STATIC / "hand.js").read_text(encoding="utf-8")


def test_every_widget_class_is_drawn_by_a_widget_file_the_build_finds() -> None:
    """The build bundles each ``.js`` with a default export: those are the widgets' own files, one per widget."""
    assert {f"{w._module}.js" for w in WIDGETS} == set(entries(ROOT / "widgets"))


def test_the_shared_parts_are_bundled_where_imported_and_only_there() -> None:
    """A widget's module holds what its own file imports, and nothing else: no list of parts kept by hand."""
    built = build_all(ROOT / "widgets", palette_css())
    with_picture = {
        name for name, text in built.items() if name.endswith(".js") and "// widgets/table_picture.js" in text
    }
    sources = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "widgets").glob("*.js")}

    def imports(name: str) -> set[str]:  # what a source file imports, and what those import in turn
        found = set(re.findall(r'from\s+"\./([\w-]+\.js)"', sources[name]))
        return found.union(*(imports(part) for part in found))

    widgets_js = {name for name in built if name.endswith(".js")}
    assert with_picture == {name for name in widgets_js if "table_picture.js" in imports(name)}
    assert {"table.js", "playtable.js", "shared.js"} <= with_picture and "hand.js" not in with_picture
    assert all("// widgets/common.js" in text for name, text in built.items() if name.endswith(".js"))
    assert ".cl-seat" in built["table.css"] and ".cl-seat" not in built["hand.css"]


def test_reformatting_a_file_cannot_break_the_bundle(node: str, tmp_path: Path) -> None:
    prettier = ROOT / "node_modules" / "prettier" / "bin" / "prettier.cjs"
    if not prettier.is_file():
        _need("Prettier (npm ci)")
    formatted = tmp_path / "formatted"
    shutil.copytree(ROOT / "widgets", formatted)
    # a style unlike ours: other spacing inside braces, line width, quotes, commas and arrow parentheses
    style = ["--no-bracket-spacing", "--print-width=50", "--single-quote", "--trailing-comma=none"]
    subprocess.run(
        [node, str(prettier), *style, "--arrow-parens=avoid", "--no-config", "--write", str(formatted / "*.js")],
        check=True,
        capture_output=True,
        timeout=120,
    )
    originals = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "widgets").glob("*.js")}
    changed = [p.name for p in formatted.glob("*.js") if p.read_text(encoding="utf-8") != originals[p.name]]
    assert sorted(changed) == sorted(originals), "Prettier must really reformat every file"
    assert any("import {\n" in (formatted / name).read_text(encoding="utf-8") for name in changed), "an import on lines"
    built = build_all(formatted, palette_css())
    modules = {name: text for name, text in built.items() if name.endswith(".js")}
    assert _exports(node, tmp_path, modules) == {name: ["default", "render"] for name in modules}


def test_a_widget_is_drawn_by_the_palette_first() -> None:
    for widget in WIDGETS:
        css = str(widget._css)  # anywidget's reading of the file
        assert css.index("--cl-ink:") < css.index(".cl-card"), "the palette comes before every rule that uses it"


# ---------------------------------------------------------------- where the built files come from
def _copy_checkout(to: Path) -> Path:
    """A fresh clone of the package, as git keeps it: the sources, no built front end."""
    shutil.copytree(
        ROOT / "charlemagne_learn", to / "charlemagne_learn", ignore=shutil.ignore_patterns("_static", "__pycache__")
    )
    shutil.copytree(ROOT / "widgets", to / "widgets")
    shutil.copy(ROOT / "pyproject.toml", to / "pyproject.toml")
    shutil.copy(ROOT / "hatch_build.py", to / "hatch_build.py")
    return to


def test_a_fresh_clone_run_from_its_folder_builds_the_front_end_on_first_use(tmp_path: Path) -> None:
    """``PYTHONPATH=. python`` in a clone never installed: the first widget class built every module, from the sources
    as they are, and a source edited since is built again the next time."""
    clone = _copy_checkout(tmp_path)
    show = "from charlemagne_learn.widgets import Hand; print(Hand._esm._path)"  # the file anywidget reads
    env = {**os.environ, "PYTHONPATH": str(clone)}
    run = subprocess.run([sys.executable, "-c", show], cwd=clone, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    built = clone / "charlemagne_learn" / "widgets" / "_static"
    assert run.stdout.strip() == str(built / "hand.js")
    assert {p.name for p in built.iterdir()} == {f"{w._module}.{ext}" for w in WIDGETS for ext in ("js", "css")}
    common = clone / "widgets" / "common.js"
    common.write_text(common.read_text(encoding="utf-8").replace("cl-clubs", "cl-trefle"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", show], cwd=clone, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "cl-trefle" in (built / "table.js").read_text(encoding="utf-8")


def test_an_install_without_the_built_files_says_what_is_wrong(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(_base, "STATIC", tmp_path / "_static")
    monkeypatch.setattr(_base, "SOURCE", tmp_path / "widgets")  # an installed package: no sources beside it
    _base._checkout_build.cache_clear()
    try:
        with pytest.raises(FrontEndMissing, match=r"not built \(.*hand\.js.* missing\).*install charlemagne_learn"):
            front_end_files("hand")
    finally:
        _base._checkout_build.cache_clear()


def _hook(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``hatch_build.py`` as hatchling loads it; hatchling itself only where the build runs, so a stand-in here."""
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = object  # type: ignore[attr-defined]
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks", "hatchling.builders.hooks.plugin"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("version", ["standard", "editable"])
def test_the_build_hook_bundles_the_front_end_into_the_wheel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, version: str
) -> None:
    """The hook builds the files beside the sources with the standard library alone (the package's dependencies are
    not in a build's environment), and names them for the wheel, where git's ignoring them would leave them out; an
    editable install reads them where they are."""
    clone = _copy_checkout(tmp_path)
    hook = _hook(monkeypatch).FrontEndHook()
    hook.target_name, hook.root = "wheel", str(clone)
    monkeypatch.setitem(sys.modules, "anywidget", None)  # not importable: the hook must not need it
    build_data: dict[str, Any] = {"force_include": {}}
    hook.initialize(version, build_data)
    built = clone / "charlemagne_learn" / "widgets" / "_static"
    expected = build_all(ROOT / "widgets", palette_css())
    assert {p.name: p.read_text(encoding="utf-8") for p in built.iterdir()} == expected
    if version == "editable":
        assert build_data["force_include"] == {}
    else:
        assert build_data["force_include"] == {
            str(built / name): f"charlemagne_learn/widgets/_static/{name}" for name in expected
        }
    sdist = {"force_include": {}}
    hook.target_name = "sdist"
    hook.initialize("standard", sdist)
    assert sdist == {"force_include": {}}
