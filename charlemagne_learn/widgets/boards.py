"""Where a student opens a teacher's board set by its code, with no code of Python to type.

The box is a field and an **Open** button (the name box's page, as the homework's box); the set's first board appears
under it, at a :class:`~.playtable.PlayTable` that plays the set board after board and downloads each board's result
for the teacher's dashboard (:mod:`~charlemagne_learn.teach.boards`).

>>> box = BoardsBox(lang="en")
>>> box.words["label"], box.words["save"]
('Board set code', 'Open')
"""

from __future__ import annotations

from ..engine.i18n import say
from ..teach.boards import BoardSet
from ._codebox import CodeBox
from .playtable import PlayTable

__all__ = ["BoardsBox"]


class BoardsBox(CodeBox):
    """A field for a board set's code and an **Open** button; the set's table shows under it. ``grade_moves``: grade
    each bid and card as it is made (as the play table does by default)."""

    _words_prefix = "boards"

    def __init__(self, *, lang: str | None = None, grade_moves: bool = True) -> None:
        #: The set's table, once opened.
        self.table: PlayTable | None = None
        self._set: BoardSet | None = None
        self._grade_moves = grade_moves
        super().__init__(lang=lang)

    def open_boards(self, code: object) -> PlayTable:
        """Open the set of ``code``, as the page's button does; refused with the reason (nothing changes) when it is
        no code, a homework's code, or a letter was mistyped."""
        table: PlayTable = self._open(code)
        return table

    def _opened(self, code: object) -> tuple[PlayTable, str]:
        boards = BoardSet.from_code(code)
        table = PlayTable(boards=boards, lang=self.lang, grade_moves=self._grade_moves)
        self._set, self.table = boards, table
        return table, boards.code

    def _status(self) -> str | None:
        found = self._set
        if found is None:
            return None
        return say("boards.opened", self._lang, code=found.code, n=found.count, title=found.rules.named(self._lang))
