"""The JupyterLite build: the course as a static site, with every lesson and the package wheel."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))


# Installs packages into a fresh environment: far longer than the suite's per-test limit on a cold cache.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def test_the_lite_site_holds_every_lesson_the_wheel_and_the_widget_front_end(tmp_path: Path) -> None:
    from build_lite import build

    site = build(tmp_path / "site")
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert lessons and sorted(p.name for p in (site / "files").glob("*.ipynb")) == lessons
    french = sorted(p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb"))
    assert sorted(p.name for p in (site / "files" / "fr").glob("*.ipynb")) == french
    if french:  # the French edition speaks French there too
        assert json.loads((site / "files" / "fr" / "course.json").read_text()) == {"lang": "fr"}
    # what the lessons link to and read beside themselves is served there too
    assert (site / "files" / "printables" / "cheatsheet.pdf").is_file()
    assert (site / "files" / "fr" / "teachers" / "class_results_example").is_dir()
    first = json.loads((site / "files" / lessons[0]).read_text())["cells"][0]
    assert "%pip install" in "".join(first["source"])  # the browser's Python installs the course first
    wheels = list((site / "pypi").glob("charlemagne_learn-*.whl"))
    assert len(wheels) == 1
    assert (site / "extensions" / "anywidget").is_dir()  # widgets render in the browser there too
    assert (site / "lab" / "index.html").is_file()
    # the same JupyterLab settings as every other environment of the lessons: no news question on opening
    ours = json.loads((ROOT / "lab-settings" / "overrides.json").read_text())
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    for plugin, values in ours.items():
        assert config["settingsOverrides"][plugin] == {**config["settingsOverrides"][plugin], **values}
