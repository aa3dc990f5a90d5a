"""Shared tables: a class plays together, each person at their own screen, on the JupyterLab server it already
uses. :mod:`.tables` is the referee itself (plain Python: the seats, who sees what, the frames, the tables kept on
disk); :mod:`.server` carries its frames as a Jupyter Server extension (``charlemagne_learn.referee``), and
:mod:`.hub` as a JupyterHub managed service (``python -m charlemagne_learn.referee.hub``), both with the handlers of
:mod:`.front`. Beside the widgets, not above them: neither imports the other. The package's facade does not import
it."""

from __future__ import annotations

from typing import Any

from .tables import Link, Referee, RefereeError, Table

__all__ = ["Link", "Referee", "RefereeError", "Table"]


def _jupyter_server_extension_points() -> list[dict[str, Any]]:
    """This package as a Jupyter server extension (``--ServerApp.jpserver_extensions=charlemagne_learn.referee=True``):
    its app is :class:`.server.RefereeApp` (jupyter_server is imported only by a server that loads it)."""
    from .server import RefereeApp

    return [{"module": "charlemagne_learn.referee.server", "app": RefereeApp}]
