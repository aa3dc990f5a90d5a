"""The referee on a JupyterHub: a managed service of the hub (``python -m charlemagne_learn.referee.hub``), where
each student has their own server and the class's tables are the hub's.

The hub starts it (its ``services`` entry, named ``charlemagne``) with ``JUPYTERHUB_SERVICE_URL`` (where it listens),
``JUPYTERHUB_SERVICE_PREFIX`` (``/services/charlemagne/``, where the hub's proxy sends it requests),
``JUPYTERHUB_API_TOKEN`` and the OAuth client's variables, and stops it with the hub. Below the prefix it has the
same paths as the Jupyter Server extension (:mod:`.server`) has below ``{base_url}charlemagne/``, carried by the same
code (:mod:`.front`):

- ``GET {prefix}tables``: the lobby; ``POST {prefix}tables``: a table opened (the header ``X-XSRFToken`` the lobby's
  answer carries, with the cookie it goes with);
- ``{prefix}tables/<name>/ws?lang=fr``: the table's websocket;
- ``{prefix}oauth_callback``: where the hub sends a browser back after its login.

Every request is the hub's login (JupyterHub's HubOAuth: a cookie of the service's own, set once the hub has said
who the browser's person is; a person without one is sent to the hub's login, a websocket is refused); a person needs
the ``access:services!service=charlemagne`` scope. A person is their hub user name. The hub's admins (unless
``--RefereeService.admins_teach=False``) and the members of a hub group (``--RefereeService.teacher_group``,
``teachers`` by default) may watch any table face up, as may the names in ``teachers``. A POST with the cookie alone
needs the XSRF token (HubOAuth's check); a websocket opened from a page of another origin is refused (tornado's).

Settings: :class:`.RefereeSettings`' (``--RefereeService.folder=...`` and the others), on the service's command line;
the folder is by default ``charlemagne_tables`` in the service's working folder (the hub's own, unless its
``services`` entry gives a ``cwd``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from ipaddress import ip_address
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated  # type: ignore[import-untyped]
from jupyterhub.utils import url_path_join  # type: ignore[import-untyped]
from tornado import web
from tornado.ioloop import PeriodicCallback
from tornado.websocket import WebSocketHandler
from traitlets import Bool, Unicode, default
from traitlets.config import Application

from .front import LOBBY, SETTING, TABLE, TICK, LobbyDoor, RefereeSettings, TableDoor, Tables

__all__ = ["SERVICE", "RefereeService", "main"]

#: The service's name in the hub's configuration: the page finds the referee at ``services/charlemagne/``.
SERVICE = "charlemagne"
#: The tornado setting that holds the service (its teachers' rule).
_SERVICE_SETTING = "charlemagne_service"


class RefereeService(RefereeSettings, Application):
    """The referee served to a JupyterHub's users, as one of the hub's managed services."""

    name = "charlemagne-referee"
    description = "The shared tables' referee, as a JupyterHub service."
    admins_teach = Bool(True, help="Whether the hub's admins may watch any table face up.").tag(config=True)
    teacher_group = Unicode("teachers", help="The hub group whose members may watch any table face up ('': none).").tag(
        config=True
    )

    @default("log_level")
    def _log_level_default(self) -> int:
        return logging.INFO  # the hub's log shows where the referee listens and the tables it read back

    def teaches(self, model: dict[str, Any]) -> bool:
        """Whether the hub user ``model`` (as the hub describes them to the service) may watch any table."""
        return (
            model["name"] in self.teachers
            or (self.admins_teach and bool(model.get("admin")))
            or (bool(self.teacher_group) and self.teacher_group in model.get("groups", ()))
        )

    def make_app(self, prefix: str) -> web.Application:
        """The service's tornado application below ``prefix`` (the referee's tables read from its folder)."""
        tables = self.make_tables(self.log, Path.cwd() / "charlemagne_tables")
        # a new secret each start: the service restarted asks the hub again who each browser is, unseen by them
        settings: dict[str, Any] = {"cookie_secret": os.urandom(32), SETTING: tables, _SERVICE_SETTING: self}
        return web.Application(
            [
                (url_path_join(prefix, LOBBY), LobbyHandler),
                (url_path_join(prefix, TABLE), TableSocket),
                (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
            ],
            **settings,
        )

    async def serve(self) -> None:
        """Listen at ``$JUPYTERHUB_SERVICE_URL`` until the hub stops the service (SIGTERM) or it is interrupted."""
        url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
        where = urlparse(url)
        try:
            port = where.port
        except ValueError:  # a port that is no number
            port = None
        if port is None:
            self.exit_refusing(f"JUPYTERHUB_SERVICE_URL is {url!r}: the hub gives its service an address with a port")
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE}/")
        app = self.make_app(prefix)
        tables: Tables = app.settings[SETTING]
        server = app.listen(port, _address(where.hostname), max_body_size=64 * 1024)
        ticker = PeriodicCallback(tables.tick, TICK * 1000)
        ticker.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        self.log.info("charlemagne_learn: the referee listens at %s for the hub's %s", url, prefix)
        try:
            await stop.wait()
        finally:
            ticker.stop()
            server.stop()
            tables.shutdown()

    def exit_refusing(self, why: str) -> NoReturn:
        print(f"charlemagne_learn.referee.hub: {why}", file=sys.stderr)
        sys.exit(2)

    def start(self) -> None:
        asyncio.run(self.serve())


class HubDoor(HubOAuthenticated):  # type: ignore[misc]
    """A request known by the hub's login: the person is the hub user; the hub's teachers are the referee's."""

    async def prepare(self) -> None:
        # asked of the hub without holding up the event loop: get_current_user then reads the answer kept on the
        # request (HubAuth keeps it there)
        await self.hub_auth.get_user(self, sync=False)
        model = self.current_user
        if model is None:
            return
        service: RefereeService = self.settings[_SERVICE_SETTING]
        tables: Tables = self.settings[SETTING]
        name, referee = model["name"], tables.referee
        if service.teaches(model) != (name in referee.teachers):  # a teacher's rule as the hub says it now
            referee.teachers = referee.teachers ^ {name}

    def person(self) -> tuple[str, str]:
        model = self.current_user
        return model["name"], model["name"]


class LobbyHandler(HubDoor, LobbyDoor, web.RequestHandler):
    """The lobby (:class:`.LobbyDoor`) behind the hub's login."""

    @web.authenticated
    async def get(self) -> None:
        # a page of another path (the person's own server, /user/<name>/) cannot read the service's XSRF cookie:
        # it reads the token here, for its POST
        self.set_header("X-XSRFToken", self.xsrf_token)
        self.lobby()

    @web.authenticated
    async def post(self) -> None:
        await self.open_table()


class TableSocket(HubDoor, TableDoor, WebSocketHandler):
    """A page at a table (:class:`.TableDoor`) behind the hub's login: a socket without it is refused (403)."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        if self.current_user is None:
            raise web.HTTPError(403)
        if not self.has_table(kwargs.get("name")):
            raise web.HTTPError(404)
        await super().get(*args, **kwargs)


def _address(host: str | None) -> str:
    """Where to listen for the hub's proxy: the service URL's own address, or every interface when it names a host
    (Zero to JupyterHub's ``http://hub:<port>``, the hub pod's name for the proxy)."""
    if host is None:
        return "127.0.0.1"
    try:
        ip_address(host)
    except ValueError:
        return "127.0.0.1" if host == "localhost" else ""
    return host


def main(argv: list[str] | None = None) -> None:
    """``python -m charlemagne_learn.referee.hub [--RefereeService.<setting>=<value> ...]``, as the hub runs it."""
    RefereeService.launch_instance(argv)


if __name__ == "__main__":
    main()
