"""The referee on the class's own JupyterLab server: a Jupyter Server extension (``charlemagne_learn.referee``).

It adds, under the server's ``base_url`` (same origin, same login as JupyterLab itself, no other port):

- ``GET  {base_url}charlemagne/tables``: the lobby, ``{"tables": [...]}`` (each a ``table`` frame of
  :mod:`.tables`: name, variant, started, free seats, players, scores);
- ``POST {base_url}charlemagne/tables`` with ``{"name": "class-3", "variant": "canadian", "seed": 7, "grade":
  true, "hints": true}`` (all but the name optional): a table opened by the person asking, who is its host; the
  answer is its ``table`` frame (201), or ``{"error": ...}`` (400) saying what was wrong;
- ``{base_url}charlemagne/tables/<name>/ws?lang=fr``: the table's websocket, carrying the frames :mod:`.tables`
  documents.

Every handler is authenticated and authorized by jupyter_server's own means (``web.authenticated`` and
``authorized`` for the lobby, ``ws_authenticated`` and the authorizer's ``execute`` on the websocket, as the
server's own websockets do; its XSRF and origin checks stay). A person is the server's identity of them,
``current_user.username`` (with token login, each browser has its own anonymous user, kept by cookie); their
shown name is its ``display_name``.

The referee's work that may take a while (a grade, a hint, a review, the bots' moves) runs in a pool of threads of
its own, one table at a time (each table's lock), so the server's event loop carries every other table's frames
meanwhile, and a table's move is not queued behind another table's analysis (the pool has a thread for each of many
tables); a move's grade is worked out after the table has been told the move; the wait before a bot takes an absent person's seat is checked every second on the
server's IOLoop. Settings (``--RefereeApp.<name>=...`` or a config file): ``folder`` (where the tables are kept;
by default ``charlemagne_learn/tables`` in the Jupyter data folder), ``replace_after``, ``turn_limit``,
``teachers``, ``max_tables``, ``max_pages``, ``grade_samples``, ``hint_samples`` (as :class:`~.tables.Referee`
takes them). The lobby and the websocket are :mod:`.front`'s, which the JupyterHub service (:mod:`.hub`) serves too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_data_dir
from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import authorized, ws_authenticated
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.extension.handler import ExtensionHandlerMixin
from tornado import web
from tornado.ioloop import PeriodicCallback
from tornado.websocket import WebSocketHandler

from .front import LOBBY, SETTING, TABLE, TICK, LobbyDoor, RefereeSettings, TableDoor, Tables

__all__ = ["AUTH_RESOURCE", "RefereeApp", "Tables"]

#: The resource the server's authorizer is asked about.
AUTH_RESOURCE = "charlemagne"
#: Where the referee is below the server's ``base_url`` (the hub service has the same paths below its prefix).
PLACE = "/charlemagne/"


class RefereeApp(RefereeSettings, ExtensionApp):
    """The Jupyter Server extension that referees the class's shared tables (its settings: :class:`.RefereeSettings`,
    its folder by default ``charlemagne_learn/tables`` in the Jupyter data folder)."""

    name = "charlemagne_learn.referee"

    def initialize_settings(self) -> None:
        self.tables = self.make_tables(self.log, Path(jupyter_data_dir()) / "charlemagne_learn" / "tables")
        self.settings[SETTING] = self.tables

    def initialize_handlers(self) -> None:
        self.handlers.extend([(PLACE + LOBBY, LobbyHandler), (PLACE + TABLE, TableSocket)])

    async def _start_jupyter_server_extension(self, serverapp: Any) -> None:
        self._ticker = PeriodicCallback(self.tables.tick, TICK * 1000)
        self._ticker.start()

    async def stop_extension(self) -> None:
        ticker = getattr(self, "_ticker", None)
        if ticker is not None:
            ticker.stop()
        self.tables.shutdown()


class LobbyHandler(LobbyDoor, ExtensionHandlerMixin, APIHandler):
    """The lobby (:class:`.LobbyDoor`) behind the server's own login and authorizer."""

    auth_resource = AUTH_RESOURCE

    def person(self) -> tuple[str, str]:
        user = self.current_user
        return user.username, user.display_name or user.name or user.username

    @web.authenticated
    @authorized
    async def get(self) -> None:
        self.lobby()

    @web.authenticated
    @authorized
    async def post(self) -> None:
        await self.open_table()


class TableSocket(TableDoor, WebSocketMixin, WebSocketHandler, JupyterHandler):
    """A page at a table (:class:`.TableDoor`), behind the server's own login and authorizer."""

    auth_resource = AUTH_RESOURCE

    def set_default_headers(self) -> None:
        """None of JupyterHandler's page headers: this is a websocket (as the server's own websockets do)."""

    def person(self) -> tuple[str, str]:
        user = self.current_user
        return user.username, user.display_name or user.name or user.username

    async def pre_get(self) -> None:
        user = self.current_user
        allowed = await ensure_async(self.authorizer.is_authorized(self, user, "execute", AUTH_RESOURCE))
        if not allowed:
            raise web.HTTPError(403)

    @ws_authenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        await self.pre_get()
        if not self.has_table(kwargs.get("name")):
            raise web.HTTPError(404)
        await super().get(*args, **kwargs)
