"""Each widget's front-end is one ES module with exactly one default export, however its files are formatted.

The modules are joined from plain files by :func:`charlemagne_learn.widgets._base.front_end`; Node imports
each one, which proves it parses as a module (a second export, or a function two files both define, is a
SyntaxError) and that its only export is ``default`` with a ``render`` function. Then every file is
reformatted by Prettier in a style unlike ours and the modules are joined again: assembly never reads inside
a file, so they must still import. Node and Prettier come from ``npm ci`` (``python3 tasks.py test`` runs it);
without them these tests skip on a developer's machine and fail in CI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from charlemagne_learn.widgets import Hand  # importing the package registers every widget class
from charlemagne_learn.widgets._base import DRAWN, GameWidget, bundle, front_end

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


def _parts(widget: type[GameWidget]) -> tuple[str, ...]:
    return ("common", *widget._parts, widget._module)


def test_each_widget_module_has_exactly_one_default_export(node: str, tmp_path: Path) -> None:
    modules = {w.__name__: str(w._esm) for w in WIDGETS}
    assert _exports(node, tmp_path, modules) == {name: ["default", "render"] for name in modules}


def test_the_page_gets_the_built_files_text() -> None:
    hand = Hand("RJ JH AS")
    assert hand.get_state()["_esm"] == (ROOT / "charlemagne_learn" / "widgets" / "_static" / "hand.js").read_text()


def test_the_built_front_ends_are_current() -> None:
    """anywidget loads each widget's built module and style sheet by path: they are what scripts/build_widgets.py
    makes of the sources now (run it after editing a file in widgets/)."""
    for widget in WIDGETS:
        for path, text in bundle(widget).items():
            assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run scripts/build_widgets.py"


def test_no_front_end_file_exports_anything_itself() -> None:
    # the one export is added by front_end; a file with its own would make a module with two
    for path in sorted((ROOT / "widgets").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert "\nexport " not in text and not text.startswith("export "), path.name


def test_reformatting_a_file_cannot_break_assembly(node: str, tmp_path: Path) -> None:
    prettier = ROOT / "node_modules" / "prettier" / "bin" / "prettier.cjs"
    if not prettier.is_file():
        _need("Prettier (npm ci)")
    formatted = tmp_path / "formatted"
    shutil.copytree(ROOT / "widgets", formatted, ignore=shutil.ignore_patterns("*.css"))
    # a style unlike ours: other spacing inside braces, line width, quotes, commas and arrow parentheses
    style = ["--no-bracket-spacing", "--print-width=50", "--single-quote", "--trailing-comma=none"]
    subprocess.run(
        [node, str(prettier), *style, "--arrow-parens=avoid", "--no-config", "--write", str(formatted)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    originals = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "widgets").glob("*.js")}
    changed = [p.name for p in formatted.glob("*.js") if p.read_text(encoding="utf-8") != originals[p.name]]
    assert sorted(changed) == sorted(originals), "Prettier must really reformat every file"

    def read(name: str) -> str:
        folder = formatted if name.endswith(".js") else ROOT / "widgets"
        return (folder / name).read_text(encoding="utf-8")

    modules = {w.__name__: front_end(_parts(w), read=read)[0] for w in WIDGETS}
    assert _exports(node, tmp_path, modules) == {name: ["default", "render"] for name in modules}


def test_a_widget_is_drawn_by_its_declared_files_and_the_palette() -> None:
    for widget in WIDGETS:
        esm, css = front_end(_parts(widget))
        assert str(widget._esm).endswith(esm) and str(widget._css).endswith(css)
        assert css.index("--cl-ink:") < css.index(".cl-card"), "the palette comes before every rule that uses it"
