"""Where a learner in a class writes their name once, with no code to type.

The name is kept beside the lessons (:func:`charlemagne_learn.course.set_student`), so every quiz made afterwards,
in this lesson and the next ones, records its answers under it for the teacher.

>>> box = NameBox(lang="en")
>>> box.words["label"], box.words["save"]
('Your name', 'Save')
"""

from __future__ import annotations

import html
from typing import Any

import traitlets as t

from ..course import set_student, student
from ..engine.i18n import say
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload
from .payloads import NameBoxWords

__all__ = ["NameBox"]


class NameBox(GameWidget):
    """A field for the learner's name and a **Save** button; what was saved is said under it."""

    _module = "namebox"
    #: The name saved for the course (empty: none yet).
    name = t.Unicode("").tag(sync=True)
    #: Every word the page shows (:class:`~.payloads.NameBoxWords`).
    words = Payload(P.NameBoxWords).tag(sync=True)

    def __init__(self, *, lang: str | None = None) -> None:
        super().__init__(lang=lang)
        self.name = student() or ""
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def save(self, name: object) -> str:
        """Save ``name`` for the course, as the page's button does; refused with the reason (nothing changes) when it
        is no name."""
        self.name = set_student(name)
        self.message = ""
        self._redraw()
        return self.name

    def _redraw(self) -> None:
        lang = self._lang
        status = say("namebox.saved", lang, name=self.name) if self.name else say("namebox.none", lang)
        words: NameBoxWords = {"label": say("namebox.label", lang), "save": say("namebox.save", lang), "status": status}
        self.words = words

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "save":
            # as sent: anything but text is refused as no name, never written out as one ("None", "7")
            self.save(content.get("name"))

    def __repr__(self) -> str:
        return f"NameBox({self.name or '-'})"

    def _static_html(self) -> str:
        return f'<p class="cl-namebox">{html.escape(say("namebox.static", self._lang))}</p>'
