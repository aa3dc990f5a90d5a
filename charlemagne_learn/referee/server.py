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
takes them).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from jupyter_core.paths import jupyter_data_dir
from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import authorized, ws_authenticated
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from jupyter_server.extension.application import ExtensionApp
from jupyter_server.extension.handler import ExtensionHandlerMixin
from tornado import web
from tornado.ioloop import PeriodicCallback
from tornado.websocket import WebSocketClosedError, WebSocketHandler
from traitlets import Float, Int, List, Unicode

from ..analysis.hints import GRADE_SAMPLES
from ..analysis.work import usable_cpus
from ..engine.errors import CharlemagneError
from ..engine.i18n import LANGS
from .tables import MAX_FRAME, Link, Out, Referee, error_frame, table_frame

__all__ = ["AUTH_RESOURCE", "RefereeApp", "Tables"]

#: The resource the server's authorizer is asked about.
AUTH_RESOURCE = "charlemagne"
#: Seconds between two looks at the people away from their seats.
TICK = 1.0
#: The most bytes tornado reads of one websocket message before it closes the socket (the referee reads fewer).
MAX_MESSAGE = 4 * MAX_FRAME

T = TypeVar("T")


class Tables:
    """The referee as the server runs it: the :class:`~.tables.Referee`, the pool its work runs in, and the open
    socket of each page."""

    def __init__(self, referee: Referee, workers: int = 16) -> None:
        self.referee = referee
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="charlemagne-referee")
        #: The grades worked out after their moves are told: as many at once as there are CPUs to run them, so the
        #: pool above still finds time to carry every table's moves while a class's grades are worked out.
        self.grading = ThreadPoolExecutor(max_workers=usable_cpus(), thread_name_prefix="charlemagne-grades")
        self.sockets: dict[Link, TableSocket] = {}
        self.pending: set[asyncio.Future[None]] = set()

    async def run(self, call: Callable[[], T], pool: ThreadPoolExecutor | None = None) -> T:
        """``call`` in the referee's pool (or ``pool``): the event loop carries other tables' frames while it runs."""
        return await asyncio.get_running_loop().run_in_executor(pool or self.pool, call)

    def send(self, out: Out) -> None:
        """Each frame to its page's socket (a page gone meanwhile is skipped)."""
        for link, frame in out:
            socket = self.sockets.get(link)
            if socket is None:
                continue
            try:
                socket.write_message(json.dumps(frame, ensure_ascii=False))
            except WebSocketClosedError:
                self.sockets.pop(link, None)

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """``work`` run on the event loop, kept until done (a task nobody holds may be collected half way)."""
        task = asyncio.ensure_future(work)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def tick(self) -> None:
        self.send(await self.run(self.referee.tick))


class RefereeApp(ExtensionApp):
    """The Jupyter Server extension that referees the class's shared tables."""

    name = "charlemagne_learn.referee"
    folder = Unicode("", help="Where each table's game is kept (default: charlemagne_learn/tables in the Jupyter "
                     "data folder).").tag(config=True)  # fmt: skip
    replace_after = Float(60.0, help="Seconds a person may be away before a bot plays their seat.").tag(config=True)
    turn_limit = Float(
        300.0, allow_none=True, help="Seconds a person may take over one decision before a bot makes it (None: none)."
    ).tag(config=True)
    max_tables = Int(64, help="The most tables open at once.").tag(config=True)
    max_pages = Int(8, help="The most pages one person has open at one table.").tag(config=True)
    teachers = List(Unicode(), help="The people (server user names) who may watch any table face up.").tag(config=True)
    grade_samples = Int(GRADE_SAMPLES, help="Deals behind each grade and review.").tag(config=True)
    hint_samples = Int(GRADE_SAMPLES, help="Deals behind each hint.").tag(config=True)

    def initialize_settings(self) -> None:
        folder = Path(self.folder) if self.folder else Path(jupyter_data_dir()) / "charlemagne_learn" / "tables"
        referee = Referee(
            folder,
            replace_after=self.replace_after,
            turn_limit=self.turn_limit,
            max_tables=self.max_tables,
            max_pages=self.max_pages,
            teachers=self.teachers,
            grade_samples=self.grade_samples,
            hint_samples=self.hint_samples,
        )
        self.tables = Tables(referee)
        self.settings["charlemagne_tables"] = self.tables
        self.log.info("charlemagne_learn: the referee keeps %d table(s) in %s", len(referee.tables), folder)
        for path, why in referee.unread:
            self.log.warning("charlemagne_learn: the table kept in %s cannot be replayed (%s)", path, why)

    def initialize_handlers(self) -> None:
        self.handlers.extend(
            [
                (r"/charlemagne/tables", LobbyHandler),
                (r"/charlemagne/tables/(?P<name>[A-Za-z0-9][A-Za-z0-9_-]{0,39})/ws", TableSocket),
            ]
        )

    async def _start_jupyter_server_extension(self, serverapp: Any) -> None:
        self._ticker = PeriodicCallback(self.tables.tick, TICK * 1000)
        self._ticker.start()

    async def stop_extension(self) -> None:
        ticker = getattr(self, "_ticker", None)
        if ticker is not None:
            ticker.stop()
        self.tables.pool.shutdown(wait=False, cancel_futures=True)
        self.tables.grading.shutdown(wait=False, cancel_futures=True)


def _tables(handler: JupyterHandler) -> Tables:
    tables: Tables = handler.settings["charlemagne_tables"]
    return tables


def _lang(handler: JupyterHandler) -> str:
    """The page's language (``?lang=``), English when it names none the course speaks."""
    lang = handler.get_argument("lang", "en")
    return lang if lang in LANGS else "en"


class LobbyHandler(ExtensionHandlerMixin, APIHandler):
    """The lobby: the tables and their seats (GET); a table opened (POST)."""

    auth_resource = AUTH_RESOURCE

    @web.authenticated
    @authorized
    async def get(self) -> None:
        self.finish(json.dumps({"tables": _tables(self).referee.lobby()}, ensure_ascii=False))

    @web.authenticated
    @authorized
    async def post(self) -> None:
        tables = _tables(self)
        try:
            body = json.loads(self.request.body or b"{}")
        except ValueError:
            body = None
        wanted = {"name": str, "variant": str, "seed": int, "grade": bool, "hints": bool}
        if (
            not isinstance(body, dict)
            or "name" not in body
            or any(key not in wanted or type(value) is not wanted[key] for key, value in body.items())
        ):
            self.set_status(400)
            self.finish(json.dumps({"error": "a JSON object: name (text), and variant, seed, grade, hints"}))
            return
        host = self.current_user.username
        try:
            table = await tables.run(lambda: tables.referee.open(host=host, **body))
        except CharlemagneError as error:
            self.set_status(400)
            self.finish(json.dumps({"error": error.said(_lang(self))}, ensure_ascii=False))
            return
        self.set_status(201)
        self.finish(json.dumps(table_frame(table), ensure_ascii=False))


class TableSocket(WebSocketMixin, WebSocketHandler, JupyterHandler):
    """A page at a table: its frames to the referee, the referee's to it."""

    auth_resource = AUTH_RESOURCE
    link: Link | None = None

    def set_default_headers(self) -> None:
        """None of JupyterHandler's page headers: this is a websocket (as the server's own websockets do)."""

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE

    async def pre_get(self) -> None:
        user = self.current_user
        allowed = await ensure_async(self.authorizer.is_authorized(self, user, "execute", AUTH_RESOURCE))
        if not allowed:
            raise web.HTTPError(403)

    @ws_authenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        await self.pre_get()
        if kwargs.get("name") not in _tables(self).referee.tables:
            raise web.HTTPError(404)
        await super().get(*args, **kwargs)

    async def open(self, name: str) -> None:
        super().open()  # the mixin's ping keeps the socket alive through proxies
        tables = _tables(self)
        user = self.current_user
        who, shown, lang = user.username, user.display_name or user.name or user.username, _lang(self)
        try:
            self.link = link = await tables.run(lambda: tables.referee.connect(name, who, shown, lang))
        except CharlemagneError as error:  # too many pages of this person here: said, then closed
            self.write_message(json.dumps(error_frame(error, lang), ensure_ascii=False))
            self.close(4429, "too many pages")
            return
        tables.sockets[link] = self
        tables.send(await tables.run(lambda: tables.referee.welcome(link)))

    async def on_message(self, message: str | bytes) -> None:
        link = self.link
        if link is None:
            return
        tables = _tables(self)
        text = message if isinstance(message, str) else None  # a binary frame is refused as not JSON
        tables.send(await tables.run(lambda: tables.referee.receive(link, text)))
        if link.table in tables.referee.tables and tables.referee.tables[link.table].to_grade:
            # the grade, once the table is told the move, and not awaited here: the page's next frame (tornado
            # reads a socket's frames one after another) is not held up behind the grade of its last one
            tables.later(self._grades(link))

    async def _grades(self, link: Link) -> None:
        tables = _tables(self)
        tables.send(await tables.run(lambda: tables.referee.settle(link), tables.grading))

    def on_close(self) -> None:
        link = self.link
        if link is None:
            return
        tables = _tables(self)
        tables.sockets.pop(link, None)
        self.link = None

        async def gone() -> None:
            tables.send(await tables.run(lambda: tables.referee.disconnect(link)))

        tables.later(gone())
