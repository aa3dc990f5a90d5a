"""A box where a student opens what a teacher named by a code (homework, a board set), with no Python to type: a
field and an **Open** button (the name box's page, other words), and what the code opens shown under it."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import traitlets as t

from ..engine.i18n import say
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload
from .payloads import NameBoxWords

__all__ = ["CodeBox"]


class CodeBox(GameWidget):
    """The box; a subclass says what a code opens (:meth:`_opened`), the status once opened (:meth:`_status`), and
    the catalog prefix of its words (``<prefix>.label``, ``.none``, ``.static``)."""

    _module = "namebox"  # a labelled field, its button and a status line: the name box's page, other words
    #: The catalog prefix of the box's own words.
    _words_prefix = ""
    #: The code of the set opened (empty: none yet).
    name = t.Unicode("").tag(sync=True)
    #: Every word the page shows (:class:`~.payloads.NameBoxWords`).
    words = Payload(P.NameBoxWords).tag(sync=True)

    def __init__(self, *, lang: str | None = None) -> None:
        super().__init__(lang=lang)
        #: What a notebook shows: the box, and what the code opened under it.
        self.shown = ipywidgets.VBox([self])
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    def _open(self, code: object) -> Any:
        """Open what ``code`` names, as the page's button does; refused with the reason (nothing changes) when it is
        no code of this box's kind or a letter was mistyped."""
        opened, self.name = self._opened(code)
        self.message = ""
        self.shown.children = (self, opened)
        self._redraw()
        return opened

    def _opened(self, code: object) -> tuple[GameWidget, str]:
        """The widget ``code`` opens and the code as it is written (refused as :meth:`_open` says)."""
        raise NotImplementedError

    def _status(self) -> str | None:
        """The status line once a code is opened (None: nothing opened yet)."""
        raise NotImplementedError

    def _redraw(self) -> None:
        lang, prefix = self._lang, self._words_prefix
        words: NameBoxWords = {
            "label": say(f"{prefix}.label", lang),
            "save": say("homework.open", lang),
            "status": self._status() or say(f"{prefix}.none", lang),
        }
        self.words = words

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "save":
            self._open(content.get("name"))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name or '-'})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the box and, under it, what the code opened
        data = self.shown._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self._static_html()
        return data

    def _static_html(self) -> str:
        return f'<p class="cl-namebox">{html.escape(say(f"{self._words_prefix}.static", self._lang))}</p>'
