"""The front end's bundler (:mod:`charlemagne_learn.widgets._bundle`): it follows a widget's relative imports into one
module that runs as the ES modules would, and refuses, naming the file and the form it reads, what it cannot build."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from charlemagne_learn.widgets._bundle import FrontEndError, build_all, bundle, entries, write

PALETTE = "/* palette */\n"


def _folder(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "widgets"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


SHARED = {
    # run once whoever imports it: the count says how often
    "base.js": "globalThis.runs = (globalThis.runs || 0) + 1;\nexport const base = 100;\n",
    "base.css": ".base {}\n",
    # two files with a private name alike, each keeping its own
    "x.js": 'import { base } from "./base.js";\nconst SIZE = 1;\nexport function a() { return base + SIZE; }\n',
    "y.js": "import {\n  base as root,\n} from './base.js';\nconst SIZE = 10;\nexport const b = () => root + SIZE;\n",
    "y.css": ".y {}\n",
    "w.js": (
        'import { a } from "./x.js";\nimport { b } from "./y.js";\nimport { base } from "./base.js";\n'
        "function render() { return [a() + b() + base, globalThis.runs]; }\nexport default { render };\n"
    ),
    "w.css": ".w {}\n",
}


def test_each_imported_file_runs_once_before_its_importers_and_keeps_its_own_names(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not available on this machine")
    folder = _folder(tmp_path, SHARED)
    esm, css = bundle(folder, "w.js", PALETTE)
    assert esm.count("globalThis.runs = ") == 1 and "import " not in esm
    (tmp_path / "w.mjs").write_text(esm, encoding="utf-8")
    script = (
        "const m = await import(process.argv[1]); console.log(JSON.stringify([Object.keys(m), m.default.render()]))"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (tmp_path / "w.mjs").as_uri()],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == [["default"], [100 + 1 + 100 + 10 + 100, 1]]
    # each file's style sheet in the order its module runs, under the palette
    assert css.index(PALETTE) < css.index(".base") < css.index(".y") < css.index(".w")


def test_only_the_files_with_a_default_export_are_widgets(tmp_path: Path) -> None:
    folder = _folder(tmp_path, SHARED)
    assert entries(folder) == ["w.js"]
    assert sorted(build_all(folder, PALETTE)) == ["w.css", "w.js"]


@pytest.mark.parametrize(
    ("files", "refusal"),
    [
        (
            {"w.js": 'import { a } from "./x.js";\nexport default {};\n', "x.js": 'import { w } from "./w.js";\n'},
            "circle",
        ),
        (
            {"w.js": 'import { a } from "./x.js";\nexport default {};\n', "x.js": 'import { a } from "./w.js";\n'},
            "circle",
        ),
        ({"w.js": 'import { a } from "lodash";\nexport default {};\n'}, "only a relative import"),
        ({"w.js": 'import { a } from "../outside.js";\nexport default {};\n'}, "only a relative import"),
        ({"w.js": 'import a from "./x.js";\nexport default {};\n', "x.js": "export const a = 1;\n"}, "cannot read"),
        ({"w.js": 'import "./x.js";\nexport default {};\n', "x.js": "export const a = 1;\n"}, "cannot read"),
        ({"w.js": 'import { b } from "./x.js";\nexport default {};\n', "x.js": "export const a = 1;\n"}, "exports a"),
        ({"w.js": 'import { a } from "./missing.js";\nexport default {};\n'}, "missing.js is not in"),
        ({"w.js": "const a = 1;\nexport { a };\nexport default {};\n"}, "cannot read 'export { a };'"),
        (
            {"w.js": 'import { a } from "./x.js";\nexport default {};\n', "x.js": "export default {};\n"},
            "exports nothing",
        ),
    ],
)
def test_what_the_bundler_cannot_build_is_refused_with_what_it_reads(
    tmp_path: Path, files: dict[str, str], refusal: str
) -> None:
    folder = _folder(tmp_path, files)
    with pytest.raises(FrontEndError, match=refusal):
        bundle(folder, "w.js", PALETTE)


def test_a_widget_file_without_its_default_export_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"w.js": "function render() {}\n"})
    with pytest.raises(FrontEndError, match=r"w\.js has no export default"):
        bundle(folder, "w.js", PALETTE)


def test_writing_changes_only_what_changed_and_removes_what_is_gone(tmp_path: Path) -> None:
    out = tmp_path / "_static"
    assert write(out, {"a.js": "1", "a.css": "2", "old.js": "3"}) == [out / "a.js", out / "a.css", out / "old.js"]
    assert write(out, {"a.js": "1", "a.css": "changed"}) == [out / "a.css"]
    assert sorted(p.name for p in out.iterdir()) == ["a.css", "a.js"]  # no temporary file left either
    assert (out / "a.css").read_text(encoding="utf-8") == "changed"
