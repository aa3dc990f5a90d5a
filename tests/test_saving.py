"""A lesson saved by the Jupyter server keeps its widgets' static pictures and leaves out their views, which are dead
once the kernel is gone (reopened, they would read "Error displaying widget: model not found"); where the lessons
are served, the server runs this hook. The browser test ``tests/browser/test_reopened_lesson.py`` reopens one."""

from __future__ import annotations

import copy
import importlib.util
import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import nbformat
import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager

from charlemagne_learn.saving import (
    WIDGET_STATE,
    WIDGET_VIEW,
    _load_jupyter_server_extension,
    keep_static_pictures,
)

ROOT = Path(__file__).resolve().parents[1]


def _tasks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _widget_output(model_id: str, *also: str) -> dict[str, Any]:
    """A widget's output: its view and the representations in ``also`` beside it."""
    data: dict[str, Any] = {WIDGET_VIEW: {"model_id": model_id, "version_major": 2, "version_minor": 1}}
    if "html" in also:
        data["text/html"] = '<div class="cl-hand">A♠</div>'
    if "plain" in also:
        data["text/plain"] = "Hand(A♠)"
    return {"output_type": "display_data", "data": data, "metadata": {}}


def _lesson() -> dict[str, Any]:
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cell = nbformat.v4.new_code_cell("Hand('AS')")  # type: ignore[no-untyped-call]
    cell.outputs = nbformat.from_dict(
        [
            _widget_output("dead", "html", "plain"),
            _widget_output("plain", "plain"),  # a widget with no picture (an upload button): its text stands in
            _widget_output("kept", "html", "plain"),  # its model is saved in the notebook: JupyterLab draws it again
            _widget_output("alone"),  # nothing beside the view: nothing to fall back on
            {"output_type": "stream", "name": "stdout", "text": "hello\n"},
        ]
    )
    notebook.cells = [cell, nbformat.v4.new_markdown_cell("# Lesson")]  # type: ignore[no-untyped-call]
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": {"kept": {"model_name": "AnyModel"}}, "version_major": 2}}
    return dict(json.loads(nbformat.writes(notebook)))  # type: ignore[no-untyped-call]


def _data(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [o.get("data", {}) for o in notebook["cells"][0]["outputs"]]


def test_a_saved_lesson_keeps_the_picture_and_leaves_out_a_dead_view() -> None:
    model = {"type": "notebook", "content": _lesson()}
    keep_static_pictures(model, path="lesson.ipynb")
    dead, plain, kept, alone, stream = _data(model["content"])
    assert WIDGET_VIEW not in dead and "".join(dead["text/html"]).startswith('<div class="cl-hand">')
    assert "text/plain" in dead and list(plain) == ["text/plain"]
    assert WIDGET_VIEW in kept and list(alone) == [WIDGET_VIEW]
    assert stream == {}


def test_anything_else_is_saved_as_it_is() -> None:
    for model in (
        {"type": "file", "content": "text"},
        {"type": "notebook", "content": None},
        {"type": "notebook", "content": {"cells": "junk", "metadata": []}},
        {"type": "notebook", "content": {"cells": [None, {"outputs": [None, {"data": []}]}], "metadata": None}},
    ):
        before = copy.deepcopy(model)
        keep_static_pictures(model)  # a save never fails here
        assert model == before


def test_the_server_runs_the_hook_when_it_saves_a_lesson(tmp_path: Path) -> None:
    contents = FileContentsManager(root_dir=str(tmp_path))
    app = SimpleNamespace(
        contents_manager=contents, contents_manager_class=FileContentsManager, log=logging.getLogger()
    )
    _load_jupyter_server_extension(app)
    contents.save({"type": "notebook", "format": "json", "content": _lesson()}, "lesson.ipynb")
    saved = json.loads((tmp_path / "lesson.ipynb").read_text(encoding="utf-8"))
    dead, _plain, kept, _alone, _stream = _data(saved)
    assert WIDGET_VIEW not in dead and "text/html" in dead and WIDGET_VIEW in kept
    assert contents.get("lesson.ipynb")["content"]["cells"][1]["source"] == "# Lesson"


def test_a_contents_manager_another_extension_makes_afterwards_runs_the_hook_too(tmp_path: Path) -> None:
    """jupytext's server extension, loaded after this one, replaces the server's contents manager with one of a class
    it builds on the server's: a lesson saved then kept its dead views (reopened: "model not found")."""
    jupytext = pytest.importorskip("jupytext")
    app = SimpleNamespace(
        contents_manager=FileContentsManager(root_dir=str(tmp_path)),
        contents_manager_class=FileContentsManager,
        log=logging.getLogger("test"),
    )
    _load_jupyter_server_extension(app)
    # as jupytext's extension does: its own class on the server's, a new manager in place of the old one
    app.contents_manager = jupytext.build_sync_jupytext_contents_manager_class(app.contents_manager_class)(
        root_dir=str(tmp_path)
    )
    app.contents_manager.save({"type": "notebook", "format": "json", "content": _lesson()}, "lesson.ipynb")
    dead, _plain, kept, _alone, _stream = _data(json.loads((tmp_path / "lesson.ipynb").read_text(encoding="utf-8")))
    assert WIDGET_VIEW not in dead and "text/html" in dead and WIDGET_VIEW in kept
    # loaded twice, or on a class that keeps them already: the hook is registered once
    again = SimpleNamespace(contents_manager=app.contents_manager, contents_manager_class=app.contents_manager_class,
                            log=app.log)  # fmt: skip
    _load_jupyter_server_extension(again)
    assert again.contents_manager_class is app.contents_manager_class


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_lessons_server_and_binder_s_enable_the_hook(tmp_path: Path) -> None:
    tasks = _tasks()
    assert "--ServerApp.jpserver_extensions=charlemagne_learn.saving=True" in tasks.lesson_options(tmp_path)
    tasks.install_lab_settings(tmp_path / "env")  # what binder/postBuild and tasks.py's setup run
    installed = tmp_path / "env" / "etc" / "jupyter" / "jupyter_server_config.d" / "charlemagne_learn.json"
    settings = json.loads(installed.read_text(encoding="utf-8"))
    assert settings == {
        "ServerApp": {"jpserver_extensions": {"charlemagne_learn.saving": True, "charlemagne_learn.referee": True}}
    }
    # the server reads such a file and finds the extension: here from a config folder of its own
    config = tmp_path / "config" / "jupyter_server_config.d"
    config.mkdir(parents=True)
    (config / "charlemagne_learn.json").write_text(installed.read_text(encoding="utf-8"), encoding="utf-8")
    listed = subprocess.run(
        [sys.executable, "-m", "jupyter", "server", "extension", "list"],
        env={**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    report = listed.stdout + listed.stderr
    assert "charlemagne_learn.saving" in report and "enabled" in report and "OK" in report, report
    # the shared tables' referee, enabled by the same settings, is found and validated too
    assert "charlemagne_learn.referee" in report and "X " not in report, report
