"""Counts by seat and by team: plain dicts for code, a line of the game's words for a learner.

``state.tricks_won`` is ``{"N": 2, "E": 1, "S": 5, "W": 0}`` to a program, but a lesson that prints it, or a
notebook that shows it, says "North 2 · East 1 · South 5 · West 0"; points by team read "NS 0 – EW 7". The ``repr``
stays the dict's, so code and doctests see the data as it is.

>>> tricks = SeatTally({"N": 2, "E": 1, "S": 5, "W": 0})
>>> tricks == {"N": 2, "E": 1, "S": 5, "W": 0}, tricks["S"]
(True, 5)
>>> print(tricks.text("en")), print(tricks.text("fr"))
North 2 · East 1 · South 5 · West 0
Nord 2 · Est 1 · Sud 5 · Ouest 0
(None, None)
>>> print(TeamTally({"NS": 0, "EW": 7}).text("fr"))
NS 0 – EO 7
"""

from __future__ import annotations

from typing import Any

from .cards import Seat
from .i18n import lang_or_current, say, seat_word

__all__ = ["BidCounts", "SeatTally", "TeamTally"]


class _Tally(dict[str, int]):
    """A dict of counts whose ``str`` (and its display in a notebook) is a line in the course's language."""

    __slots__ = ()

    def text(self, lang: str | None = None) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.text())


class SeatTally(_Tally):
    """A count for each seat by its letter (``"N"``, …), read as "North 2 · East 1 · South 5 · West 0"."""

    __slots__ = ()

    def text(self, lang: str | None = None) -> str:
        language = lang_or_current(lang)
        parts = [say("tally.seat", language, seat=Seat[k], n=v) if k in Seat.__members__ else f"{k} {v}"
                 for k, v in self.items()]  # fmt: skip
        return " · ".join(parts)


class TeamTally(_Tally):
    """A count for each team (``"NS"``, ``"EW"``), read as "NS 0 – EW 7" ("NS 0 – EO 7" in French)."""

    __slots__ = ()

    def text(self, lang: str | None = None) -> str:
        language = lang_or_current(lang)
        if set(self) == {"NS", "EW"}:
            return say("tally.teams", language, **self)
        return " – ".join(f"{seat_word(k, language)} {v}" for k, v in self.items())


class BidCounts(dict[str, "int | None"]):
    """For each bid, the lowest count of a hand from which it pays (None: from none), read as "5 from a count of 4 · 6
    from a count of 6 · 8 never"."""

    __slots__ = ()

    def text(self, lang: str | None = None) -> str:
        language = lang_or_current(lang)
        return " · ".join(
            say("tally.bid_never", language, bid=b) if n is None else say("tally.bid_from", language, bid=b, n=n)
            for b, n in self.items()
        )

    def __str__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.text())
