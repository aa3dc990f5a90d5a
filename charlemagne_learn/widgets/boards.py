"""Where a student opens a teacher's board set by its code, with no code of Python to type.

The box is a field and an **Open** button (the name box's page, as the homework's box); the set's first board appears
under it, at a :class:`~.playtable.PlayTable` that plays the set board after board and downloads each board's result
for the teacher's dashboard (:mod:`~charlemagne_learn.teach.boards`).

>>> box = BoardsBox(lang="en")
>>> box.words["label"], box.words["save"]
('Board set code', 'Open')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import traitlets as t

from ..engine.i18n import say
from ..teach.boards import BoardSet
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload
from .payloads import NameBoxWords
from .playtable import PlayTable

__all__ = ["BoardsBox"]


class BoardsBox(GameWidget):
    """A field for a board set's code and an **Open** button; the set's table shows under it. ``grade_moves``: grade
    each bid and card as it is made (as the play table does by default)."""

    _module = "namebox"  # a labelled field, its button and a status line: the name box's page, other words
    #: The code of the set opened (empty: none yet).
    name = t.Unicode("").tag(sync=True)
    #: Every word the page shows (:class:`~.payloads.NameBoxWords`).
    words = Payload(P.NameBoxWords).tag(sync=True)

    def __init__(self, *, lang: str | None = None, grade_moves: bool = True) -> None:
        super().__init__(lang=lang)
        #: The set's table, once opened.
        self.table: PlayTable | None = None
        #: What a notebook shows: the box, and the set's table under it once opened.
        self.shown = ipywidgets.VBox([self])
        self._set: BoardSet | None = None
        self._grade_moves = grade_moves
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def open_boards(self, code: object) -> PlayTable:
        """Open the set of ``code``, as the page's button does; refused with the reason (nothing changes) when it is
        no code, a homework's code, or a letter was mistyped."""
        boards = BoardSet.from_code(code)
        table = PlayTable(boards=boards, lang=self.lang, grade_moves=self._grade_moves)
        self._set, self.table = boards, table
        self.name = boards.code
        self.message = ""
        self.shown.children = (self, table)
        self._redraw()
        return table

    def _redraw(self) -> None:
        lang = self._lang
        if self._set is None:
            status = say("boards.none", lang)
        else:
            title = self._set.rules.named(lang)
            status = say("boards.opened", lang, code=self._set.code, n=self._set.count, title=title)
        words: NameBoxWords = {"label": say("boards.label", lang), "save": say("homework.open", lang), "status": status}
        self.words = words

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "save":
            self.open_boards(content.get("name"))

    def __repr__(self) -> str:
        return f"BoardsBox({self.name or '-'})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the box and, under it, the set's table once opened
        data = self.shown._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self._static_html()
        return data

    def _static_html(self) -> str:
        return f'<p class="cl-namebox">{html.escape(say("boards.static", self._lang))}</p>'
