"""What a lesson saved in JupyterLab keeps of its widgets: their static pictures, not their dead views.

A widget's output holds its live view (``application/vnd.jupyter.widget-view+json``: the id of a model that lives
in the running kernel) beside its static picture (``text/html``) and its ``text/plain``. JupyterLab draws the view
in a trusted notebook, and a notebook it saved is trusted; reopened once its kernel is gone, the model is gone too,
and every widget reads "Error displaying widget: model not found" instead of its picture. A lesson as it ships is
not yet trusted, so JupyterLab draws the pictures and it reads well.

This Jupyter server extension registers a pre-save hook that leaves out of the file each widget view whose model the
notebook does not save itself (ipywidgets' "Save Widget State Automatically" setting), where another representation
stands in for it. The page keeps its live widgets (only the file changes); the reopened lesson shows the pictures,
as the pristine one does, and running a cell brings its widget back. JupyterLab restores the widgets of a kernel
still running when a page is reloaded: a reloaded lesson shows its pictures instead, until its cells run again,
which is how it read before it was first saved.

It is enabled where the lessons are served: by ``python3 tasks.py lessons`` (its server options) and on Binder
(``binder/postBuild`` installs ``lab-settings/jupyter_server_config.json``). JupyterLite has no server: there a
lesson is saved in the browser's storage by the page itself, and no hook of ours runs.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

__all__ = ["WIDGET_STATE", "WIDGET_VIEW", "keep_static_pictures"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def keep_static_pictures(model: MutableMapping[str, Any], **_: Any) -> None:
    """A contents manager's pre-save hook: in a notebook ``model`` about to be written, drop each widget view that
    cannot be drawn once the notebook is reopened (its model is not in the notebook's saved widget state) from every
    output that has another representation. Anything not shaped like a notebook is left as it is: a save never
    fails here."""
    if model.get("type") != "notebook":
        return
    content = model.get("content")
    if not isinstance(content, MutableMapping):
        return
    saved = _saved_models(content)
    cells = content.get("cells")
    for cell in cells if isinstance(cells, list) else ():
        outputs = cell.get("outputs") if isinstance(cell, MutableMapping) else None
        for output in outputs if isinstance(outputs, list) else ():
            data = output.get("data") if isinstance(output, MutableMapping) else None
            if not isinstance(data, MutableMapping) or WIDGET_VIEW not in data or len(data) < 2:
                continue
            view = data[WIDGET_VIEW]
            if isinstance(view, MutableMapping) and view.get("model_id") in saved:
                continue  # the notebook saves the widget's model: JupyterLab can draw it again
            del data[WIDGET_VIEW]


def _saved_models(content: MutableMapping[str, Any]) -> set[str]:
    """The ids of the widget models the notebook saves in its metadata (none unless the learner asked for it)."""
    metadata = content.get("metadata")
    widgets = metadata.get("widgets") if isinstance(metadata, MutableMapping) else None
    state = widgets.get(WIDGET_STATE) if isinstance(widgets, MutableMapping) else None
    models = state.get("state") if isinstance(state, MutableMapping) else None
    return {str(key) for key in models} if isinstance(models, MutableMapping) else set()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module as a Jupyter server extension (``--ServerApp.jpserver_extensions=charlemagne_learn.saving=True``)."""
    return [{"module": "charlemagne_learn.saving"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Register :func:`keep_static_pictures` with the server's contents manager, beside any other pre-save hook, and
    with any contents manager another extension makes afterwards from the server's class (jupytext's, loaded after
    this one, replaces the server's manager with one of a subclass of its own: the hook went with the old one)."""
    serverapp.contents_manager.register_pre_save_hook(keep_static_pictures)
    serverapp.contents_manager_class = keeping_static_pictures(serverapp.contents_manager_class)
    serverapp.log.info("charlemagne_learn: saved notebooks keep their widgets' static pictures")


def keeping_static_pictures(manager_class: type) -> type:
    """``manager_class``, whose managers register :func:`keep_static_pictures` as they are made (the class itself
    where it does so already)."""
    if getattr(manager_class, "_keeps_static_pictures", False):
        return manager_class

    class Keeping(manager_class):  # type: ignore[misc]  # a class known only when the server runs
        _keeps_static_pictures = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.register_pre_save_hook(keep_static_pictures)

    Keeping.__name__ = Keeping.__qualname__ = manager_class.__name__
    return Keeping
