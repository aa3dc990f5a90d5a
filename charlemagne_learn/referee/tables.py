"""The referee of shared tables: a class plays together, each person at their own screen, and each seat is sent
only what that seat may see.

A :class:`Referee` holds named tables (a room's name is a table). Each table runs a
:class:`~charlemagne_learn.teach.session.TableSession` with a screen for each person (``screen=False``): the
single-player table and the shared one run the same code, and what a seat is sent is the session's
:meth:`~charlemagne_learn.teach.session.TableSession.seen_by` that seat, nothing else. This module is plain Python
(no server, no event loop): a Jupyter server extension (:mod:`.server`) or any other front end carries its frames.

People and seats
    A seat taken is bound to the person who took it (the server's identity of them, ``who``); the same person
    coming back (a new tab, a reload) gets it back; anyone else is refused. A person whose every connection has
    closed is *away*: after :attr:`Referee.replace_after` seconds a bot plays the seat until they return. A person who
    leaves (the ``leave`` frame) frees the seat at once: a bot plays it and anyone may take it. Empty seats are filled
    with bots when the host starts the hand. The host (who opened the table) and the teachers named to the referee
    may watch a table face up, but not one they play at; who has watched a deal sits down only once it is over.

Frames (JSON objects, each with a ``"type"``)
    From a page to the referee (each at most :data:`MAX_FRAME` characters, no field but those listed):

    - ``{"type": "sit", "seat": "N"}``: take a seat (N, E, S or W), or take back one's own.
    - ``{"type": "leave"}``: give up one's seat (a bot plays it at once).
    - ``{"type": "start"}``: the host starts the game (bots fill the empty seats).
    - ``{"type": "act", "action": "play J♥", "move": 12}``: a move in the engine's notation (as the view's
      ``legal`` lists it), with the ``move`` number of the view it was chosen on: a move chosen on an older view is
      refused (a replayed or crossed frame).
    - ``{"type": "hint"}``: the seat's own choices ranked (only on its turn).
    - ``{"type": "review"}``: the seat's own decisions of the hand just finished, graded.
    - ``{"type": "next"}``: leave the review and deal the next hand.
    - ``{"type": "watch"}``: the host or a teacher not playing here sees every hand.

    From the referee to a page:

    - ``view``: the seat's view (:func:`view_frame`): its own cards, the public table, its legal actions only on its
      turn, the move number, the scores, the players at each seat, and the ``words`` a page draws them with in its
      language (each card the view shows, each action it names, the seats, the phase, the contract); its
      ``picture``, the table as the play table draws it
      (:func:`~charlemagne_learn.teach.picture.table_picture`, from this seat's view alone: the others' hands face
      down to the end of the hand, the kitty face up only to whoever took it), and its ``plays``, the action a
      click on each card of its hand makes now, by the card's id.
    - ``table``: the table as anyone may see it (:func:`table_frame`), sent to a page with no seat.
    - ``watch``: every seat's view (:func:`watch_frame`), its ``words`` and its ``picture`` (every hand face up), to
      the host or a teacher watching.
    - ``move``: an action just made, as the seat receiving it saw it (:func:`move_frame`: a card put aside or given
      to another is face down).
    - ``grade``: the grade of the person's own move (:func:`grade_frame`), worked out once the table has been told
      the move (:meth:`Referee.settle`): it may come after the next ``view``, and names its action; ``hint``
      (:func:`hint_frame`), ``note`` (:func:`note_frame`: why there is no hint), ``review`` (:func:`review_frame`):
      to the asker only.
    - ``error``: a refusal in the words of the page's language (:func:`error_frame`); the table is unchanged.

Safety
    Every frame is read before it reaches the table: its size, its type, each field's type, that the seat is the
    sender's, that the action is legal now and chosen on the current view; each connection has a token bucket
    (:attr:`Referee.burst` frames at once, :attr:`Referee.per_second` after), on the injected clock, and another as
    large for its asks (hints, reviews), so that asking never uses up a person's moves. A refusal never
    changes the table. Hints, grades and reviews go to the seat's person only; the game's score is the table's.

Persistence
    Each table's game is kept in ``folder/<name>.json`` (variant, options, seed, host, seats and their people, the
    actions in order, whether the hand is under review): a new :class:`Referee` on that folder replays them (the same
    seed gives the same deals).

>>> clock = FakeClock()
>>> ref = Referee(clock=clock)
>>> _ = ref.open("class-3", "teacher", seed=1, grade=False)
>>> ann = ref.connect("class-3", "ann", "Ann")
>>> out = ref.receive(ann, '{"type": "sit", "seat": "S"}')
>>> [frame["type"] for link, frame in out if link is ann]
['table']
>>> out = ref.receive(ann, '{"type": "start"}')
>>> [frame["type"] for link, frame in out]
['error']
>>> host = ref.connect("class-3", "teacher", "Ms Teacher")
>>> out = ref.receive(host, '{"type": "start"}')
>>> view = next(frame for link, frame in out if link is ann and frame["type"] == "view")
>>> view["seat"], len(view["hand"]), view["players"]["N"]
('S', 8, {'name': None, 'bot': 'rule', 'away': False})
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..analysis.choices import Hint, ReviewLine
from ..analysis.exchange import ExchangeHint, exchange_hint
from ..analysis.hints import GRADE_SAMPLES, graded
from ..analysis.kinds import SeatKinds, make_bot, seat_kinds
from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.errors import CharlemagneError, IllegalActionError, quote
from ..engine.hand import HandState, SeatView
from ..engine.i18n import Lang, check_lang, say, seat_word, sentence
from ..engine.messages import said
from ..engine.rng import derive_seed
from ..teach.picture import CardView, card_id, card_view, table_picture
from ..teach.session import (
    EXCHANGE,
    EXCHANGE_SAMPLES,
    CardGrade,
    ExchangeGrade,
    Move,
    Seen,
    TableSession,
    grade_exchange,
)

__all__ = [
    "CLIENT_FRAMES",
    "MAX_FRAME",
    "FakeClock",
    "Link",
    "Out",
    "Referee",
    "RefereeError",
    "Sitter",
    "Table",
    "error_frame",
    "grade_frame",
    "hint_frame",
    "move_frame",
    "note_frame",
    "review_frame",
    "table_frame",
    "view_frame",
    "watch_frame",
]

#: The most characters of a frame a page may send (the longest real one is well under 200).
MAX_FRAME = 1000
#: Each kind of frame a page may send, and its fields with their types (no other field is read).
CLIENT_FRAMES: dict[str, dict[str, type]] = {
    "sit": {"seat": str},
    "leave": {},
    "start": {},
    "act": {"action": str, "move": int},
    "hint": {},
    "review": {},
    "next": {},
    "watch": {},
}
#: The frames that ask for work for the asker alone, paid for from a bucket of their own (:class:`Link`).
_ASKS = frozenset({"hint", "review"})
#: A table's name: what a room is called in a link.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
#: The most characters of a person's name shown at a table.
_SHOWN = 40
#: The version of the file a table is kept in.
_FORMAT = 1

#: A frame for one connection.
Frame = dict[str, Any]
#: The frames a call makes, each for its connection.
Out = list[tuple["Link", Frame]]
#: A move told and not yet graded (:attr:`Table.to_grade`).
_ToGrade = tuple["Link", SeatView, Action, dict[str, int], tuple[HandState, HandState] | None]


class RefereeError(IllegalActionError):
    """A frame or a call the referee refuses: what was wrong and what is allowed. The table is unchanged."""


def _refuse(key: str, **fields: Any) -> RefereeError:
    return RefereeError(sentence(key, **fields))


class FakeClock:
    """A clock a test moves by hand (``clock.now += 61``): the referee never sleeps, it reads its clock."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Sitter:
    """The person a seat is bound to: their identity, the name shown at the table, and since when they have been
    away (None: here)."""

    who: str
    name: str
    away_since: float | None = None


@dataclass(eq=False)
class Link:
    """One page connected to a table: whose it is, the language it speaks, its token buckets, and how far it has
    been told the hand (the hand's number and its actions told).

    A page has two buckets: ``tokens`` pays for every frame but the asks (hints and reviews), ``ask_tokens`` for
    the asks, so that a person who asked for hints as fast as the page allows can still make their move."""

    table: str
    who: str
    name: str
    lang: Lang
    tokens: float
    last: float
    ask_tokens: float = 0.0
    told: tuple[int, int] = (0, 0)
    watching: bool = False


@dataclass(eq=False)
class Table:
    """A named table: who opened it, the game's settings, its seats, and the session once the host starts it."""

    name: str
    host: str
    variant: str | None
    options: dict[str, Any]
    seed: int
    grade: bool
    hints: bool
    seats: dict[Seat, Sitter] = field(default_factory=dict)
    session: TableSession | None = None
    links: list[Link] = field(default_factory=list)
    #: The hint given at the move it was asked at, by seat and language: asked again, it is not worked out again.
    hinted: dict[tuple[Seat, Lang], tuple[int, Frame]] = field(default_factory=dict)
    #: The hints asked and not yet given, by seat, language and the move they were asked at: the work (it reads a
    #: copy of the seat's view, :meth:`~charlemagne_learn.teach.session.TableSession.hint_work`) and the pages
    #: waiting for it (asked again meanwhile, a hint is still worked out once).
    asked: dict[tuple[Seat, Lang, int], tuple[Callable[[], Hint | ExchangeHint | str], list[Link]]] = field(
        default_factory=dict
    )
    #: The asks above not yet taken to be worked out (:meth:`Referee.settle`).
    to_hint: list[tuple[Seat, Lang, int]] = field(default_factory=list)
    #: The reviews asked and not yet worked out: the asker's page and the work (it reads the finished hand alone).
    to_review: list[tuple[Link, Callable[[], list[tuple[Seat, ReviewLine]]]]] = field(default_factory=list)
    #: Who has watched the table face up, and in which hand: they sit down to play only once that hand is over.
    watched: dict[str, int] = field(default_factory=dict)
    #: The moves told and not yet graded: the mover's page, their view as they moved, the move, the game's score
    #: before the hand, and for the bidder's exchange the hand as it began and as it ended.
    to_grade: list[_ToGrade] = field(default_factory=list)
    #: When the turn now on show began (the clock's time), for the turn's limit, and the move it began at.
    turn_since: float = 0.0
    told_moves: int = -1
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def moves(self) -> int:
        """The game's actions so far: the number a page's move must be chosen at."""
        return 0 if self.session is None else len(self.session.game.actions)


class Referee:
    """The tables of a class, each a :class:`Table` by name, kept in ``folder`` (None: kept nowhere).

    ``clock``: seconds, read for the waits and the rate limit (a :class:`FakeClock` in tests); ``replace_after``:
    seconds a person may be away before a bot plays their seat; ``turn_limit``: seconds a person may take over one
    decision before a bot makes it for them (None: no limit), so nobody stalls a table; ``teachers``: identities
    who may watch any table they do not play at; ``burst`` / ``per_second``: the token bucket of each connection;
    ``max_tables``: the most tables open at once; ``max_pages``: the most pages one person has open at one table;
    ``bots``: the kind of bot that fills a seat (a level of the ladder, ``"beginner"`` to ``"expert"``, or a bot's
    own name), or a kind for each seat (``{"E": "beginner", "W": "strong"}``, RuleBot in a seat not named), checked
    now; ``grade_samples`` / ``hint_samples``: deals behind a grade and a
    hint."""

    def __init__(
        self,
        folder: Path | str | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        replace_after: float = 60.0,
        turn_limit: float | None = 300.0,
        teachers: Iterable[str] = (),
        burst: int = 20,
        per_second: float = 5.0,
        max_tables: int = 64,
        max_pages: int = 8,
        bots: SeatKinds = "rule",
        grade_samples: int = GRADE_SAMPLES,
        hint_samples: int = GRADE_SAMPLES,
    ) -> None:
        self.folder = None if folder is None else Path(folder)
        self.clock = clock
        self.replace_after = float(replace_after)
        self.turn_limit = None if turn_limit is None else float(turn_limit)
        self.max_tables = max_tables
        self.max_pages = max_pages
        self.teachers = frozenset(teachers)
        self.burst = burst
        self.per_second = float(per_second)
        #: The kind of bot that plays each seat a person leaves empty (or hands over, or takes too long in).
        self.bots = seat_kinds(bots)
        self.grade_samples = grade_samples
        self.hint_samples = hint_samples
        self.tables: dict[str, Table] = {}
        #: The files of the folder that hold no table this referee can replay, each with why (the server logs them;
        #: they are left where they are, for a person to look at).
        self.unread: list[tuple[Path, str]] = []
        self._lock = threading.RLock()
        if self.folder is not None and self.folder.is_dir():
            for path in sorted(self.folder.glob("*.json")):
                try:
                    table = self._restore(json.loads(path.read_text(encoding="utf-8")))
                except (OSError, ValueError, KeyError, TypeError) as error:  # a file cut short or edited by hand
                    self.unread.append((path, f"{type(error).__name__}: {error}"))
                    continue
                self.tables[table.name] = table

    # ------------------------------------------------------------ tables
    def open(
        self,
        name: str,
        host: str,
        variant: str | None = None,
        *,
        seed: int | None = None,
        grade: bool = True,
        hints: bool = True,
        **options: Any,
    ) -> Table:
        """A new table ``name`` opened by ``host`` (who starts it and may watch it): the variant and its options as
        :class:`~charlemagne_learn.teach.session.TableSession` takes them, checked now. The seed is the name's
        unless given: the same room deals the same hands."""
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise _refuse("referee.bad_name", given=quote(name))
        with self._lock:
            if name in self.tables:
                raise _refuse("referee.table_exists", name=name)
            if len(self.tables) >= self.max_tables:
                raise _refuse("referee.too_many_tables", limit=self.max_tables)
            chosen = zlib.crc32(name.encode()) if seed is None else seed
            # made once to check the settings (a bad option is refused here, not when the hand starts)
            TableSession(variant, people="NESW", screen=False, seed=chosen, grade_moves=False, **options)
            table = Table(name, host, variant, dict(options), chosen, bool(grade), bool(hints))
            self.tables[name] = table
            self._save(table)
            return table

    def table(self, name: str) -> Table:
        found = self.tables.get(name) if isinstance(name, str) else None
        if found is None:
            raise _refuse("referee.no_table", name=quote(name), tables=", ".join(sorted(self.tables)) or "-")
        return found

    def lobby(self) -> list[Frame]:
        """Every table as anyone may see it (:func:`table_frame`), by name."""
        return [table_frame(self.tables[name]) for name in sorted(self.tables)]

    # ------------------------------------------------------------ connections
    def connect(self, name: str, who: str, display: str, lang: Lang = "en") -> Link:
        """A page of ``who`` (shown as ``display``) joins table ``name``, speaking ``lang``; a person coming back
        is here again (their seat is theirs, no bot is called)."""
        table = self.table(name)
        with table.lock:
            if sum(1 for other in table.links if other.who == who) >= self.max_pages:
                raise _refuse("referee.too_many_pages", limit=self.max_pages)
            shown = display[:_SHOWN] if isinstance(display, str) else who[:_SHOWN]
            link = Link(name, who, shown, check_lang(lang), float(self.burst), self.clock(), float(self.burst))
            table.links.append(link)
            for sitter in table.seats.values():
                if sitter.who == who:
                    sitter.away_since = None
                    self._person_back(table, sitter)
            return link

    def disconnect(self, link: Link) -> Out:
        """A page closed: its person is away once none of their pages is at the table."""
        table = self.table(link.table)
        with table.lock:
            if link in table.links:
                table.links.remove(link)
            if any(other.who == link.who for other in table.links):
                return []
            for sitter in table.seats.values():
                if sitter.who == link.who:
                    sitter.away_since = self.clock()
            return self._everyone(table)

    def welcome(self, link: Link) -> Out:
        """What a page is sent as it joins (its seat's view, or the table), and the others told the table again (a
        person back at it is no longer away)."""
        table = self.table(link.table)
        with table.lock:
            out = [(link, frame) for frame in self._frames_for(table, link, notices=False)]
            for other in table.links:
                if other is not link:
                    out += [(other, frame) for frame in self._frames_for(table, other, notices=True)]
            return out

    def tick(self) -> Out:
        """Call every few seconds: a bot takes the seat of each person away longer than :attr:`replace_after`, and
        makes the decision of a person who has taken longer than :attr:`turn_limit` over it."""
        out: Out = []
        now = self.clock()
        for table in list(self.tables.values()):
            if not table.lock.acquire(blocking=False):  # busy (another's frame): looked at on the next tick
                continue
            try:
                changed = self._past_the_limit(table, now)
                for seat, sitter in table.seats.items():
                    session = table.session
                    if sitter.away_since is None or now - sitter.away_since < self.replace_after or session is None:
                        continue
                    if seat in session.people and len(session.people) > 1:
                        session.bot_plays(seat, self.bots[seat])
                        changed = True
                if changed:
                    self._save(table)
                    out += self._everyone(table)
            finally:
                table.lock.release()
        return out

    def _past_the_limit(self, table: Table, now: float) -> bool:
        """The decision of the person to move made by a bot when they have taken longer than the limit over it (they
        keep their seat: the next decision is theirs again)."""
        session = table.session
        if session is None or self.turn_limit is None or now - table.turn_since < self.turn_limit:
            return False
        seat = session.game.hand.to_move
        if seat is None or seat not in session.people or not session.your_turn:
            return False
        bot = make_bot(self.bots[seat], derive_seed(table.seed, table.moves))
        session.grade_moves = False  # the bot's decision is nobody's to be graded on
        try:
            session.play(bot.act(session.game.hand.view(seat)), seat)
        finally:
            session.grade_moves = table.grade
        return True

    # ------------------------------------------------------------ frames from a page
    def receive(self, link: Link, text: object) -> Out:
        """A frame from ``link``'s page, checked and carried out: the frames it makes, each for its page. A frame
        refused gets an ``error`` frame back and changes nothing."""
        table = self.table(link.table)
        with table.lock:
            try:
                return self._carry_out(table, link, self._paid_for(link, text))
            except CharlemagneError as error:
                return [(link, error_frame(error, link.lang))]

    def _paid_for(self, link: Link, text: object) -> Frame:
        """The frame ``text`` read, a token taken for it from the link's bucket for its kind (each refilled at
        :attr:`per_second`, holding at most :attr:`burst`): asks from the asks' bucket, everything else — a frame
        that cannot be read too — from the other."""
        try:
            frame = read_frame(text)
        except CharlemagneError:
            self._spend(link, asking=False)
            raise
        self._spend(link, asking=frame["type"] in _ASKS)
        return frame

    def _spend(self, link: Link, *, asking: bool) -> None:
        now = self.clock()
        refill = max(0.0, now - link.last) * self.per_second
        link.last = now
        link.tokens = min(float(self.burst), link.tokens + refill)
        link.ask_tokens = min(float(self.burst), link.ask_tokens + refill)
        left = link.ask_tokens if asking else link.tokens
        if left < 1:
            raise _refuse("referee.too_fast")
        if asking:
            link.ask_tokens -= 1
        else:
            link.tokens -= 1

    def _carry_out(self, table: Table, link: Link, frame: Frame) -> Out:
        kind = frame["type"]
        mine = self._seat_of(table, link.who)
        if kind == "sit":
            return self._sit(table, link, frame["seat"])
        if kind == "watch":
            if mine is not None or (link.who != table.host and link.who not in self.teachers):
                raise _refuse("referee.no_watch")
            link.watching = True
            if table.session is not None:
                table.watched[link.who] = table.session.number
            return [(link, frame) for frame in self._frames_for(table, link, notices=False)]
        if kind == "start":  # the host starts the game, seated or not
            return self._start(table, link)
        if mine is None:
            raise _refuse("referee.not_seated", free=_free(table))
        if kind == "leave":
            return self._leave(table, mine)
        session = table.session
        if session is None:
            raise _refuse("referee.not_started")
        session.lang = link.lang  # the analysis writes its reasons in the asker's language
        if kind == "hint":
            if not session.hints:
                return [(link, note_frame("referee.hints_off", link.lang))]
            kept = table.hinted.get((mine, link.lang))
            if kept is not None and kept[0] == table.moves:  # asked again: the same hint, not worked out again
                return [(link, kept[1])]
            # worked out by :meth:`settle`, away from the table's lock: nobody's move waits for another's hint
            key = (mine, link.lang, table.moves)
            if key in table.asked:  # being worked out already: this page is told it too
                waiting = table.asked[key][1]
                if link not in waiting:
                    waiting.append(link)
                return []
            work = session.hint_work(mine)
            if isinstance(work, str):
                return [(link, note_frame(work, link.lang))]
            table.asked[key] = (work, [link])
            table.to_hint.append(key)
            return []
        if kind == "review":  # worked out by :meth:`settle`, away from the table's lock, as a hint is
            table.to_review.append((link, session.review_work(mine)))
            return []
        if kind == "next":
            session.next_hand()
            self._save(table)
            return self._everyone(table)
        # "act": on the view it was chosen at, by the seat to move, legal now
        if frame["move"] != table.moves:
            raise _refuse("referee.stale_move", now=table.moves, seen=frame["move"])
        state = session.game.hand
        view, phase = state.view(mine), state.phase  # the hand changes in place as the move is made
        # the grade is worked out once the table has been told the move (:meth:`settle`): nobody waits for it. A bid
        # or a card is graded at the mover's view; the bidder's exchange as a whole, once its last card is down
        session.grade_moves = False
        try:
            move = session.play(frame["action"], mine)
        finally:
            session.grade_moves = table.grade
        if table.grade and graded(view):
            table.to_grade.append((link, view, move.action, session.scores_before(state), None))
        elif table.grade and phase in EXCHANGE:
            after, start = session.game.hand, session.exchange_begun()
            done = not (after.phase in EXCHANGE and after.to_move == mine) or after is not state
            if start is not None and done:
                ended = state.copy() if after is state else after
                table.to_grade.append((link, view, move.action, session.scores_before(state), (start, ended)))
        self._save(table)
        return self._everyone(table)

    def settle(self, link: Link) -> Out:
        """The grades of the moves just told at ``link``'s table, each for its mover's page, and the hints and
        reviews asked there, each for the pages that asked it: worked out outside the table's lock (the analysis reads only the
        mover's or the asker's view as it was), so no one at the table waits for another's grade or hint. A hint
        whose position has moved on meanwhile is not given: its pages are told so (``note``)."""
        table = self.table(link.table)
        with table.lock:
            waiting, table.to_grade = table.to_grade, []
            asks, table.to_hint = table.to_hint, []
            works = [(key, table.asked[key][0]) for key in asks]
            reviews, table.to_review = table.to_review, []
        out = self._grades(table, waiting)
        for key, work in works:
            out += self._hint(table, key, work)
        for asker, rows in reviews:
            try:
                out.append((asker, review_frame(rows(), asker.lang)))
            except CharlemagneError as error:
                out.append((asker, error_frame(error, asker.lang)))
        return out

    def _hint(self, table: Table, key: tuple[Seat, Lang, int], work: Callable[[], Hint | ExchangeHint | str]) -> Out:
        """The hint asked at ``key`` worked out (off the table's lock), then given to the pages that asked it while
        the table is still at the move it was asked at."""
        seat, lang, moves = key
        found: Hint | ExchangeHint | str | CharlemagneError
        try:
            found = work()
        except CharlemagneError as error:
            found = error
        except BaseException:
            with table.lock:  # asked again, it is worked out again
                table.asked.pop(key, None)
            raise
        with table.lock:
            links = table.asked.pop(key)[1]
            if table.moves != moves:
                frame = note_frame("referee.hint_moved_on", lang)
            elif isinstance(found, CharlemagneError):
                frame = error_frame(found, lang)
            elif isinstance(found, str):
                frame = note_frame(found, lang)
            else:
                frame = hint_frame(found, lang)
                table.hinted[seat, lang] = (moves, frame)
        return [(asker, frame) for asker in links]

    def _grades(self, table: Table, waiting: list[_ToGrade]) -> Out:
        """Each move's grade, for its mover's page (to the game's score, as the table's hints are)."""
        out: Out = []
        for mover, view, action, scores, exchange in waiting:
            grade: CardGrade | ExchangeGrade | None
            if exchange is None:
                assert table.session is not None  # a move was made at it
                grade = CardGrade(
                    view, action, table.session.ranked_at(view, self.grade_samples, lang=mover.lang, scores=scores)
                )
            else:
                start, after = exchange
                try:
                    ranked = exchange_hint(start, min(self.grade_samples, EXCHANGE_SAMPLES), lang=mover.lang)
                except IllegalActionError:  # no exchange to rank (as the session finds)
                    continue
                grade = grade_exchange(start, after, view.seat, ranked, mover.lang)
            out.append((mover, grade_frame(Move(view.seat, action, grade), mover.lang)))
        return out

    def _sit(self, table: Table, link: Link, seat_name: str) -> Out:
        try:
            seat = Seat.find(seat_name)
        except CharlemagneError:
            raise _refuse("referee.bad_seat", given=quote(seat_name), free=_free(table)) from None
        mine = self._seat_of(table, link.who)
        if mine is not None and mine != seat:
            raise _refuse("referee.seated_already", seat=mine.name)
        sitter = table.seats.get(seat)
        if sitter is not None and sitter.who != link.who:
            raise _refuse("referee.seat_taken", seat=seat.name, free=_free(table))
        session = table.session
        if session is not None and session.done is None and table.watched.get(link.who) == session.number:
            raise _refuse("referee.watched")  # they have seen every hand of this deal
        if sitter is None:
            table.seats[seat] = Sitter(link.who, link.name)
        else:
            sitter.away_since = None
        link.watching = False
        self._person_back(table, table.seats[seat])
        self._save(table)
        return self._everyone(table)

    def _person_back(self, table: Table, sitter: Sitter) -> None:
        """The seat of ``sitter`` is played by them again (a bot played it while they were away)."""
        session = table.session
        seat = next(s for s, p in table.seats.items() if p is sitter)
        if session is not None and seat not in session.people:
            session.person_plays(seat)

    def _leave(self, table: Table, seat: Seat) -> Out:
        session = table.session
        if session is not None and seat in session.people:
            if len(session.people) == 1:  # the last person: the table waits for someone to sit, bots play no game
                raise _refuse("referee.last_person")
            session.bot_plays(seat, self.bots[seat])
        del table.seats[seat]
        self._save(table)
        return self._everyone(table)

    def _start(self, table: Table, link: Link) -> Out:
        if link.who != table.host:
            raise _refuse("referee.not_host")
        if table.session is not None:
            raise _refuse("referee.started")
        if not table.seats:
            raise _refuse("referee.nobody")
        table.session = self._session(table, [s for s in Seat if s in table.seats])
        self._save(table)
        return self._everyone(table)

    def _session(self, table: Table, people: list[Seat]) -> TableSession:
        return _Session(
            table.variant,
            people=people,
            screen=False,
            seed=table.seed,
            bots=self.bots,
            hints=table.hints,
            grade_moves=table.grade,
            grade_samples=self.grade_samples,
            hint_samples=self.hint_samples,
            **table.options,
        )

    @staticmethod
    def _seat_of(table: Table, who: str) -> Seat | None:
        return next((seat for seat, sitter in table.seats.items() if sitter.who == who), None)

    # ------------------------------------------------------------ frames to the pages
    def _everyone(self, table: Table) -> Out:
        """Each page at ``table`` told the table as its person may see it (and the turn's clock set going, when a
        turn begins)."""
        if table.moves != table.told_moves:
            table.told_moves, table.turn_since = table.moves, self.clock()
        return [(link, frame) for link in table.links for frame in self._frames_for(table, link, notices=True)]

    def _frames_for(self, table: Table, link: Link, notices: bool) -> list[Frame]:
        session = table.session
        seat = self._seat_of(table, link.who)
        if session is None or (seat is None and not link.watching):
            return [table_frame(table)]
        if seat is None:
            return [watch_frame(table, session, self.teachers, link.lang)]
        seen = session.seen_by(seat)
        frames: list[Frame] = []
        hand = seen.view
        number = session.number
        told_number, told = link.told
        start = told if told_number == number and notices else len(hand.history)
        frames += [move_frame(who, action) for who, action in hand.history[start:]]
        link.told = (number, len(hand.history))
        frames.append(view_frame(table, seen, session, link.lang))
        return frames

    # ------------------------------------------------------------ on disk
    def _save(self, table: Table) -> None:
        if self.folder is None:
            return
        session = table.session
        record = {
            "format": _FORMAT,
            "name": table.name,
            "host": table.host,
            "variant": table.variant,
            "options": table.options,
            "seed": table.seed,
            "grade": table.grade,
            "hints": table.hints,
            "seats": {seat.name: {"who": s.who, "name": s.name} for seat, s in table.seats.items()},
            "people": None if session is None else [seat.name for seat in session.people],
            "actions": [] if session is None else _actions(session),
            "reviewing": session is not None and session.done is not None,
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{table.name}.json"
        part = path.with_suffix(".json.part")
        part.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(part, path)  # a table on disk is always whole: a crash mid-write leaves the one before

    def _restore(self, record: dict[str, Any]) -> Table:
        """A table as kept on disk: its game replayed action by action (the same seed deals the same hands), its
        people away until they come back."""
        table = Table(
            record["name"],
            record["host"],
            record["variant"],
            dict(record["options"]),
            int(record["seed"]),
            bool(record["grade"]),
            bool(record["hints"]),
        )
        now = self.clock()
        table.seats = {Seat.find(s): Sitter(p["who"], p["name"], away_since=now) for s, p in record["seats"].items()}
        if record["people"] is not None:
            session = self._session(table, list(Seat))
            grade, session.grade_moves = session.grade_moves, False  # the past is replayed, not graded again
            for seat_name, action in record["actions"]:
                if session.done is not None:
                    session.next_hand()
                session.play(action, seat_name)
            if session.done is not None and not record["reviewing"]:
                session.next_hand()
            session.grade_moves = grade
            people = {Seat.find(s) for s in record["people"]}
            for seat in Seat:
                if seat not in people:
                    session.bot_plays(seat, self.bots[seat])
            table.session = session
        table.told_moves, table.turn_since = table.moves, now  # the turn on show begins again as the table does
        return table


class _Session(TableSession):
    """A shared table's session: each decision of its bots drawn from a seed of the table's own (its seed, the
    hand, the move in the hand, the seat), never from the decisions its bots made before in this process, so a
    table replayed from disk after a restart plays on as it would have without one."""

    def bot_decision(self, seat: Seat) -> Action:
        game = self.game
        self.bots[seat].rng.seed(derive_seed(self.seed, len(game.finished), len(game.hand.history), int(seat)))
        return super().bot_decision(seat)


def _actions(session: TableSession) -> list[list[str]]:
    """Every action of the game, hand after hand, with the seat that made it."""
    game = session.game
    hands = game.finished if game.is_over else [*game.finished, game.hand]  # as the game's own actions are listed
    return [[seat.name, str(action)] for hand in hands for seat, action in hand.history]


def _free(table: Table) -> str:
    return ", ".join(seat.name for seat in Seat if seat not in table.seats) or "-"


def read_frame(text: object) -> Frame:
    """A page's frame read and checked: at most :data:`MAX_FRAME` characters of JSON, an object of a known type
    whose fields are those of its type (:data:`CLIENT_FRAMES`), each of its type. Refused otherwise, saying what is
    allowed."""
    if not isinstance(text, str):
        raise _refuse("referee.not_json")
    if len(text) > MAX_FRAME:
        raise _refuse("referee.frame_too_long", size=len(text), limit=MAX_FRAME)
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        raise _refuse("referee.not_json") from None
    if not isinstance(frame, dict):
        raise _refuse("referee.not_json")
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_FRAMES:
        raise _refuse("referee.unknown_type", given=quote(kind), allowed=", ".join(CLIENT_FRAMES))
    wanted = CLIENT_FRAMES[kind]
    fields = {k: v for k, v in frame.items() if k != "type"}
    if set(fields) != set(wanted) or any(
        type(value) is not wanted[key]
        for key, value in fields.items()  # `type is`: True is no move number
    ):
        described = ", ".join(f"{k} ({t.__name__})" for k, t in wanted.items()) or "-"
        raise _refuse("referee.bad_fields", kind=kind, fields=described)
    return frame


# ------------------------------------------------------------ one function per frame kind
def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.name


def _players(table: Table, session: TableSession | None) -> dict[str, Frame]:
    """Who plays each seat, as the whole table may see it: a person's shown name, or the kind of bot."""
    out = {}
    for seat in Seat:
        sitter = table.seats.get(seat)
        bot = session.player(seat) if session is not None else None
        out[seat.name] = {
            "name": sitter.name if sitter is not None else None,
            "bot": bot,
            "away": sitter is not None and sitter.away_since is not None,
        }
    return out


def _view_fields(view: SeatView) -> Frame:
    """A seat's view of the hand, as JSON: its own cards and what the whole table sees, nothing hidden."""
    return {
        "seat": view.seat.name,
        "phase": view.phase.value,
        "dealer": view.dealer.name,
        "to_move": _seat(view.to_move),
        "hand": _cards(view.hand),
        "hand_sizes": dict(view.hand_sizes),
        "bids": [[seat.name, str(action)] for seat, action in view.bids],
        "contract": None if view.contract is None else str(view.contract),
        "trick": [[seat.name, str(card)] for seat, card in view.trick],
        "tricks": [
            {
                "leader": t.leader.name,
                "cards": _cards(t.cards),
                "seats": [s.name for s in t.seats],
                "winner": t.winner.name,
            }
            for t in view.tricks
        ],
        "exposed": {seat: _cards(cards) for seat, cards in view.exposed.items()},
        "kitty": None if view.kitty is None else _cards(view.kitty),
        "received": _cards(view.received),
        "discards": _cards(view.discards),
        "history": [[seat.name, str(action)] for seat, action in view.history],
        "result": None if view.result is None else dict(view.result.points),
    }


def view_frame(table: Table, seen: Seen, session: TableSession, lang: Lang = "en") -> Frame:
    """``view``: what ``seen``'s seat may see (:meth:`~charlemagne_learn.teach.session.TableSession.seen_by`), its
    legal actions only on its turn, the move number an ``act`` frame names, the scores and the players, and the
    ``words`` a page draws them with in its language (:func:`_words`)."""
    return {
        "type": "view",
        "table": table.name,
        **_view_fields(seen.view),
        "to_act": seen.to_act,
        "legal": [str(action) for action in seen.legal],
        "move": table.moves,
        "number": seen.number,
        "reviewing": seen.done is not None,
        "game_over": session.game.is_over,
        "scores": dict(seen.scores),
        "players": _players(table, session),
        "words": _words([seen.view], seen.legal, lang),
        # the play table's own picture, from this seat's view alone, and to the end of the hand: a person's screen
        # never shows another seat's cards (the play table, one screen for everyone, opens them all once it is over)
        "picture": table_picture(session.state, seen.seat, lang, open_when_over=False, legal=seen.legal),
        "plays": {
            card_id(action.card): str(action)
            for action in seen.legal
            if action.card is not None and action.card in seen.view.hand
        },
    }


def _words(views: Iterable[SeatView], legal: Iterable[Action], lang: Lang) -> Frame:
    """The words of a frame in the page's language, each made from the catalogs: every card the frame shows (by its
    engine notation), every action it names (its legal ones and the bids), each seat and the phase. Nothing here a
    seat may not see: only the cards of its own view."""
    cards: dict[str, CardView] = {}
    actions: dict[str, str] = {}
    phase = contract = ""
    for view in views:
        shown = [
            *view.hand,
            *(card for _, card in view.trick),
            *(card for trick in view.tricks for card in trick.cards),
            *(card for seen in view.exposed.values() for card in seen),
            *(view.kitty or ()),
            *view.received,
            *view.discards,
        ]
        cards |= {str(card): card_view(card, lang) for card in shown}
        actions |= {str(action): action.text(lang) for _, action in view.bids}
        phase = view.phase.text(lang)
        contract = "" if view.contract is None else view.contract.text(lang)
    actions |= {str(action): action.text(lang) for action in legal}
    seats = {seat.name: seat_word(seat, lang) for seat in Seat}
    return {"cards": cards, "actions": actions, "seats": seats, "phase": phase, "contract": contract}


def table_frame(table: Table) -> Frame:
    """``table``: the table as anyone may see it — its name, whether it has begun, the players, the scores."""
    session = table.session
    return {
        "type": "table",
        "table": table.name,
        "variant": table.variant,
        "started": session is not None,
        "free": [seat.name for seat in Seat if seat not in table.seats],
        "players": _players(table, session),
        "scores": None if session is None else dict(session.game.scores),
    }


def watch_frame(table: Table, session: TableSession, teachers: frozenset[str], lang: Lang = "en") -> Frame:
    """``watch``: every seat's view face up (to the host or a teacher who plays at no seat of the table)."""
    views = {seat: session.state.view(seat) for seat in Seat}
    return {
        "type": "watch",
        "table": table.name,
        "move": table.moves,
        "number": session.number,
        "views": {seat.name: _view_fields(view) for seat, view in views.items()},
        "scores": dict(session.game.scores),
        "players": _players(table, session),
        "words": _words(views.values(), (), lang),
        "picture": table_picture(session.state, None, lang),
    }


def move_frame(seat: Seat, action: Action) -> Frame:
    """``move``: an action as the receiving seat saw it (a card it may not see is face down)."""
    return {"type": "move", "seat": seat.name, "action": str(action)}


def error_frame(error: CharlemagneError, lang: Lang) -> Frame:
    """``error``: a refusal said in the page's language."""
    return {"type": "error", "text": error.said(lang)}


def note_frame(key: str, lang: Lang) -> Frame:
    """``note``: why there is no hint now, in the page's language."""
    return {"type": "note", "text": say(key, lang)}


def hint_frame(found: Hint | ExchangeHint, lang: Lang) -> Frame:
    """``hint``: the seat's choices, best first, each with its grade and its reason in the page's language (and a
    bid, a card or an exchange its words, ``said``)."""
    if isinstance(found, ExchangeHint):
        choices = [
            {
                "discards": _cards(c.discards),
                "trump": None if c.trump is None else c.trump.name,
                "said": c.said(lang),
                "grade": c.grade,
                "points": round(c.points, 2),
                "reason": said(c.reason, lang),
            }
            for c in found.choices
        ]
        return {"type": "hint", "exchange": True, "choices": choices}
    return {
        "type": "hint",
        "exchange": False,
        "choices": [
            {
                "action": str(c.action),
                "said": c.action.text(lang),
                "grade": c.grade,
                "points": round(c.points, 2),
                "reason": said(c.reason, lang),
            }
            for c in found.choices
        ],
    }


def grade_frame(move: Move, lang: Lang) -> Frame:
    """``grade``: the grade of the person's own move, the best choice and why, in the page's language (a bid's, a
    card's or an exchange's words: ``said``, ``best_said``)."""
    grade = move.grade
    if isinstance(grade, CardGrade):
        mine = grade.ranked.choice(grade.action)
        best = grade.ranked.best
        return {
            "type": "grade",
            "exchange": False,
            "action": str(grade.action),
            "said": grade.action.text(lang),
            "grade": mine.grade,
            "best": str(best.action),
            "best_said": best.action.text(lang),
            "reason": said(mine.reason, lang),
            "best_reason": said(best.reason, lang),
        }
    assert isinstance(grade, ExchangeGrade)
    best_exchange = grade.ranked.best
    return {
        "type": "grade",
        "exchange": True,
        "action": " ".join(_cards(grade.mine.discards)),
        "trump": None if grade.mine.trump is None else grade.mine.trump.name,
        "said": grade.mine.said(lang),
        "grade": grade.mine.grade,
        "best": " ".join(_cards(best_exchange.discards)),
        "best_trump": None if best_exchange.trump is None else best_exchange.trump.name,
        "best_said": best_exchange.said(lang),
        "reason": said(grade.mine.reason, lang),
        "best_reason": said(best_exchange.reason, lang),
    }


def review_frame(rows: list[tuple[Seat, ReviewLine]], lang: Lang) -> Frame:
    """``review``: the asker's decisions of the finished hand, in order, each graded, in the page's language."""
    return {
        "type": "review",
        "lines": [
            {
                "move": line.move,
                "when": said(line.when, lang),
                "action": said(line.said, lang) if line.said is not None else str(line.action),
                "grade": line.grade,
                "best": said(line.best_said, lang) if line.best_said is not None else str(line.best),
                "reason": said(line.reason, lang),
                "best_reason": said(line.best_reason, lang),
            }
            for _, line in rows
        ],
    }
