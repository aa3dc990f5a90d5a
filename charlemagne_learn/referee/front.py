"""What the referee's two front doors share: the Jupyter Server extension (:mod:`.server`) and the JupyterHub service
(:mod:`.hub`) carry the same frames the same way, and differ only in how they know who is asking.

- :class:`Tables`: the :class:`~.tables.Referee`, the pools its work runs in (a table's analysis never holds up the
  event loop that carries every other table's frames), and the open socket of each page;
- :class:`RefereeSettings`: the settings both doors take (``--RefereeApp.<name>`` or ``--RefereeService.<name>``,
  or a ``RefereeSettings`` section for both), and the referee they make;
- :class:`LobbyDoor` and :class:`TableDoor`: the lobby (GET and POST) and a table's websocket, for a door's tornado
  handlers to mix in. A door's handler authenticates the request its own way and says who the person is
  (:meth:`LobbyDoor.person`, :meth:`TableDoor.person`).

Only tornado and traitlets are imported here: a hub service runs without jupyter_server.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from logging import Logger
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tornado.websocket import WebSocketClosedError
from traitlets import Dict, Float, Int, List, Unicode, Union
from traitlets.config import Configurable

from ..analysis.hints import GRADE_SAMPLES
from ..analysis.work import usable_cpus
from ..engine.errors import CharlemagneError
from ..engine.i18n import LANGS, Lang
from .tables import MAX_FRAME, Link, Out, Referee, error_frame, table_frame

if TYPE_CHECKING:  # the doors are mixed into tornado's handlers, which they are typed as
    from tornado.web import RequestHandler
    from tornado.websocket import WebSocketHandler

    _Handler = RequestHandler
    _Socket = WebSocketHandler
else:
    _Handler = _Socket = object

__all__ = ["LOBBY", "MAX_MESSAGE", "SETTING", "TABLE", "TICK", "LobbyDoor", "RefereeSettings", "TableDoor", "Tables"]

#: Seconds between two looks at the people away from their seats.
TICK = 1.0
#: The most bytes tornado reads of one websocket message before it closes the socket (the referee reads fewer).
MAX_MESSAGE = 4 * MAX_FRAME
#: The lobby's path and a table's websocket's, below where a door puts the referee.
LOBBY = "tables"
TABLE = r"tables/(?P<name>[A-Za-z0-9][A-Za-z0-9_-]{0,39})/ws"
#: The tornado setting that holds a door's :class:`Tables`.
SETTING = "charlemagne_tables"

T = TypeVar("T")


class Tables:
    """The referee as a server runs it: the :class:`~.tables.Referee`, the pool its work runs in, and the open
    socket of each page."""

    def __init__(self, referee: Referee, workers: int = 16) -> None:
        self.referee = referee
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="charlemagne-referee")
        #: The grades, hints and reviews worked out off their tables (a grade once its move is told): as many at
        #: once as there are CPUs to run them, so the pool above still finds time to carry every table's moves.
        self.grading = ThreadPoolExecutor(max_workers=usable_cpus(), thread_name_prefix="charlemagne-grades")
        self.sockets: dict[Link, TableDoor] = {}
        self.pending: set[asyncio.Future[None]] = set()
        #: Whether the server has stopped the referee: the pages' sockets closing after it are not its work.
        self.closed = False

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
        """``work`` run on the event loop, kept until done (a task nobody holds may be collected half way); none once
        the referee has stopped (its pools take no more work)."""
        if self.closed:
            work.close()
            return
        task = asyncio.ensure_future(work)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def tick(self) -> None:
        self.send(await self.run(self.referee.tick))

    def shutdown(self) -> None:
        """The pools stopped: work not begun is dropped (a table's game is on disk as of its last move)."""
        self.closed = True
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.grading.shutdown(wait=False, cancel_futures=True)


class RefereeSettings(Configurable):
    """The referee's settings, the same for both doors."""

    folder = Unicode("", help="Where each table's game is kept (default: the door's, see its settings).").tag(
        config=True
    )
    replace_after = Float(60.0, help="Seconds a person may be away before a bot plays their seat.").tag(config=True)
    turn_limit = Float(
        300.0, allow_none=True, help="Seconds a person may take over one decision before a bot makes it (None: none)."
    ).tag(config=True)
    max_tables = Int(64, help="The most tables open at once.").tag(config=True)
    max_pages = Int(8, help="The most pages one person has open at one table.").tag(config=True)
    teachers = List(Unicode(), help="The people (user names) who may watch any table face up.").tag(config=True)
    grade_samples = Int(GRADE_SAMPLES, help="Deals behind each grade and review.").tag(config=True)
    hint_samples = Int(GRADE_SAMPLES, help="Deals behind each hint.").tag(config=True)
    bots = Union(
        [Unicode(), Dict(value_trait=Unicode())],
        default_value="rule",
        help="The bot in each seat nobody plays: a level, 'beginner' to 'expert', or a bot's name; or one for each seat, "
        "like {'E': 'beginner', 'W': 'strong'} (RuleBot in a seat not named).",
    ).tag(config=True)

    def make_tables(self, log: Logger, default_folder: Path) -> Tables:
        """The referee these settings describe, its tables read back from its folder (``default_folder`` unless
        set; each table it cannot replay logged and left there), in the :class:`Tables` a door serves."""
        folder = Path(self.folder) if self.folder else default_folder
        referee = Referee(
            folder,
            replace_after=self.replace_after,
            turn_limit=self.turn_limit,
            max_tables=self.max_tables,
            max_pages=self.max_pages,
            teachers=self.teachers,
            grade_samples=self.grade_samples,
            hint_samples=self.hint_samples,
            bots=self.bots,
        )
        log.info("charlemagne_learn: the referee keeps %d table(s) in %s", len(referee.tables), folder)
        for path, why in referee.unread:
            log.warning("charlemagne_learn: the table kept in %s cannot be replayed (%s)", path, why)
        return Tables(referee)


def _tables(handler: _Handler) -> Tables:
    tables: Tables = handler.settings[SETTING]
    return tables


def _lang(handler: _Handler) -> Lang:
    """The page's language (``?lang=``), English when it names none the course speaks."""
    lang = handler.get_argument("lang", "en")
    return lang if lang in LANGS else "en"


class LobbyDoor(_Handler):
    """The lobby, for a door's handler to mix in: the tables and their seats (:meth:`lobby`), a table opened by the
    person asking (:meth:`open_table`). The handler's ``get`` and ``post`` authenticate, then call these."""

    def person(self) -> tuple[str, str]:
        """Who is asking: their identity and the name shown at a table (the request is authenticated)."""
        raise NotImplementedError

    def lobby(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"tables": _tables(self).referee.lobby()}, ensure_ascii=False))

    async def open_table(self) -> None:
        tables = _tables(self)
        self.set_header("Content-Type", "application/json")
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
        host = self.person()[0]
        try:
            table = await tables.run(lambda: tables.referee.open(host=host, **body))
        except CharlemagneError as error:
            self.set_status(400)
            self.finish(json.dumps({"error": error.said(_lang(self))}, ensure_ascii=False))
            return
        self.set_status(201)
        self.finish(json.dumps(table_frame(table), ensure_ascii=False))


class TableDoor(_Socket):
    """A page at a table, for a door's websocket handler to mix in (before the handler's websocket classes, whose
    ``open`` it calls): its frames to the referee, the referee's to it. The handler's ``get`` authenticates and
    refuses a table that does not exist, then opens the socket."""

    link: Link | None = None

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE

    def person(self) -> tuple[str, str]:
        """Whose page this is: their identity and the name shown at the table (the socket is authenticated)."""
        raise NotImplementedError

    def has_table(self, name: str | None) -> bool:
        return name in _tables(self).referee.tables

    async def open(self, *args: str, **kwargs: str) -> None:
        super().open(*args, **kwargs)  # a door's websocket mixin may keep the socket alive through proxies
        name = kwargs.get("name", args[0] if args else "")
        tables = _tables(self)
        (who, shown), lang = self.person(), _lang(self)
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
        table = tables.referee.tables.get(link.table)
        if table is not None and (table.to_grade or table.to_hint or table.to_review):
            # the grade, once the table is told the move, or the hint or review asked, and not awaited here: the
            # page's next frame (tornado reads a socket's frames one after another) is not held up behind its work
            tables.later(self._settle(link))

    async def _settle(self, link: Link) -> None:
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
