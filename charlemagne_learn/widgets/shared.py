"""``SharedTable`` and ``Lobby``: a class plays together on its own JupyterLab server, each person at their own
screen, the referee (:mod:`charlemagne_learn.referee`) holding the cards.

The browser is the referee's client: the page finds it at the server's own address (the same origin and login as
JupyterLab's, read from the page's ``jupyter-config-data``; under JupyterHub, the hub's ``charlemagne`` service),
opens the table's websocket and draws each frame the referee sends its seat. The kernel holds no card: these widgets
sync the room, the seat asked for, the language and the words of their buttons, nothing of the game.

>>> SharedTable("class-3", seat="N", lang="en")
SharedTable(class-3, seat N)
>>> SharedTable("class-3", lang="fr").words["start"]
'Commencer la partie'
>>> SharedTable("class 3")
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.RulesOptionError: A shared table's name is 1 to 40 letters, digits, '-' or '_', beginning with a letter or a digit, not 'class 3'
>>> Lobby(lang="en")
Lobby()
"""

from __future__ import annotations

import html
import re

import traitlets as t

from ..engine.cards import Seat
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import Lang, say, seat_word, sentence, templates, word
from ._base import GameWidget
from ._traits import Words

__all__ = ["Lobby", "SharedTable"]

#: A table's name as the referee's addresses take it (``referee.tables``'s own rule).
_ROOM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")

#: The words of a shared table's page, each a catalog key ``shared.<name>``.
_TABLE_WORDS = (
    "title",
    "connecting",
    "reconnecting",
    "sit",
    "start",
    "watch",
    "your_turn",
    "waiting",
    "scores",
    "hand_number",
    "bot",
    "away",
    "free",
    "review",
    "review_title",
    "best",
    "game_over",
    "watching",
    "seat_group",
    "actions",
)
#: The words of the lobby's page, each a catalog key ``shared.lobby.<name>``, sent as ``lobby_<name>``.
_LOBBY_WORDS = ("title", "name", "open", "none", "free", "started", "refresh")


def _check_room(room: object) -> str:
    if not isinstance(room, str) or not _ROOM.fullmatch(room):
        raise RulesOptionError(sentence("shared.bad_room", given=quote(room)))
    return room


def _words(lang: Lang, keys: tuple[str, ...], prefix: str) -> dict[str, str]:
    """The page's words in ``lang``: each sentence as its catalog writes it, its ``{fields}`` (a seat, a score) left
    for the page to fill in with the frame's values."""
    words = {key: templates(f"{prefix}{key}").get(lang) or templates(f"{prefix}{key}")["en"] for key in keys}
    words |= {seat.name: seat_word(seat, lang) for seat in Seat}
    # the same words as elsewhere in the course, under their own keys
    for name, key in (("hint", "hint"), ("next", "play.next"), ("you", "play.you")):
        words[name] = word(key, lang)
    words |= {f"grade_{g}": word(f"grade.{g}", lang) for g in ("best", "good", "inaccuracy", "mistake", "blunder")}
    return words


class SharedTable(GameWidget):
    """The table ``room`` on this server, from ``seat`` (``"N"``, ``"E"``, ``"S"``, ``"W"``; None: the page offers
    the free seats); ``PlayTable(room=…, seat=…)`` makes it too. The page sits there (or takes back its person's seat
    after a reload), draws what the referee sends that seat with the play table's own picture (its own hand at the
    bottom, the others round the felt with their players, the trick, the bids, the kitty, the score), and sends its
    clicks: a card, a bid or another action, Hint, the review after the hand, Next hand. The host's page has Start
    and Watch (the same picture, every hand face up).

    ``lang``: the page's language, which the referee answers in (hints, grades, refusals)."""

    _module = "shared"
    #: The table's name (a room: ``"class-3"``).
    room = t.Unicode("").tag(sync=True)
    #: The seat asked for, ``""`` to choose on the page.
    seat = t.Unicode("").tag(sync=True)
    #: Every word of the page's own (its buttons and headings) in its language; the game's words come from the
    #: referee's frames.
    words = Words().tag(sync=True)

    def __init__(self, room: str, seat: str | Seat | None = None, *, lang: str | None = None) -> None:
        room = _check_room(room)
        chosen = "" if seat is None else Seat.find(seat).name
        super().__init__(room=room, seat=chosen, lang=lang)
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def _redraw(self) -> None:
        self.words = _words(self._lang, _TABLE_WORDS, "shared.")

    def __repr__(self) -> str:
        return f"SharedTable({self.room}, seat {self.seat or '-'})"

    def _static_html(self) -> str:
        text = say("shared.static", self._lang, room=self.room)
        return f'<p class="cl-shared">{html.escape(text)}</p>'


class Lobby(GameWidget):
    """The tables open on this server: each with its free seats and whether it has begun; a field to open one (its
    opener is its host), and for the host Start and Watch (every hand face up, at a table they do not play at)."""

    _module = "shared"
    #: Every word of the lobby's page in its language.
    words = Words().tag(sync=True)
    #: The page draws the lobby, not a table.
    lobby = t.Bool(True).tag(sync=True)

    def __init__(self, *, lang: str | None = None) -> None:
        super().__init__(lang=lang)
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def _redraw(self) -> None:
        lang = self._lang
        # the lobby's own words under keys of their own: its title and its free seats are not the table's
        lobby = _words(lang, _LOBBY_WORDS, "shared.lobby.")
        self.words = _words(lang, _TABLE_WORDS, "shared.") | {f"lobby_{key}": lobby[key] for key in _LOBBY_WORDS}

    def __repr__(self) -> str:
        return "Lobby()"

    def _static_html(self) -> str:
        return f'<p class="cl-shared">{html.escape(say("shared.lobby.static", self._lang))}</p>'
