"""Where a student opens a teacher's homework by its code, with no code of Python to type.

The box is a field and an **Open** button (the name box's page); the set's problems appear under it, in a
:class:`~.trainer.Trainer` that downloads its answers under the set's code for the teacher's dashboard
(:mod:`~charlemagne_learn.teach.homework`).

>>> box = HomeworkBox(lang="en")
>>> box.words["label"], box.words["save"]
('Homework code', 'Open')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import traitlets as t

from ..engine.i18n import say
from ..teach.homework import Homework
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload
from .payloads import NameBoxWords
from .trainer import Trainer

__all__ = ["HomeworkBox"]


class HomeworkBox(GameWidget):
    """A field for a homework code and an **Open** button; the set opened shows under it."""

    _module = "namebox"  # a labelled field, its button and a status line: the name box's page, other words
    #: The code of the set opened (empty: none yet).
    name = t.Unicode("").tag(sync=True)
    #: Every word the page shows (:class:`~.payloads.NameBoxWords`).
    words = Payload(P.NameBoxWords).tag(sync=True)

    def __init__(self, *, lang: str | None = None) -> None:
        super().__init__(lang=lang)
        #: The set's problems, once opened.
        self.trainer: Trainer | None = None
        #: What a notebook shows: the box, and the set's problems under it once opened.
        self.shown = ipywidgets.VBox([self])
        self._homework: Homework | None = None
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def open_homework(self, code: object) -> Trainer:
        """Open the set of ``code``, as the page's button does; refused with the reason (nothing changes) when it is
        no code or a letter was mistyped."""
        homework = Homework.from_code(code)
        trainer = Trainer(homework=homework, lang=self.lang)
        self._homework, self.trainer = homework, trainer
        self.name = homework.code
        self.message = ""
        self.shown.children = (self, trainer)
        self._redraw()
        return trainer

    def _redraw(self) -> None:
        lang = self._lang
        if self._homework is None:
            status = say("homework.none", lang)
        else:
            status = say("homework.opened", lang, code=self._homework.code, n=self._homework.count)
        words: NameBoxWords = {
            "label": say("homework.label", lang),
            "save": say("homework.open", lang),
            "status": status,
        }
        self.words = words

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "save":
            self.open_homework(content.get("name"))

    def __repr__(self) -> str:
        return f"HomeworkBox({self.name or '-'})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the box and, under it, the set once opened
        data = self.shown._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self._static_html()
        return data

    def _static_html(self) -> str:
        return f'<p class="cl-namebox">{html.escape(say("homework.static", self._lang))}</p>'
