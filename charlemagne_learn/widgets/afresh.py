"""Where a learner of the browser-only site gets a lesson back as the course ships it.

The site keeps a lesson the learner saved in the browser, and shows that copy on every later visit, even once the
course was updated (:mod:`~charlemagne_learn.teach.shipped`). This box lists the lessons whose cells are no longer
the site's, each with a button that deletes the browser's copy: the lesson opens as shipped again. The learner's
records (progress, practice, quiz answers) are other files and stay.

>>> box = Afresh(lang="en")
>>> box.words["title"]
'Start a lesson afresh'
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ..course import lessons_folder
from ..engine.i18n import say
from ..teach.shipped import changed_lessons, notebook_title, shipped, start_afresh
from . import payloads as P
from ._base import GameWidget
from ._traits import Payload, Payloads
from .payloads import AfreshLesson, AfreshWords

__all__ = ["Afresh"]


class Afresh(GameWidget):
    """The lessons changed since the site shipped them, each with a **Start afresh** button."""

    _module = "afresh"
    #: The lessons to offer (:class:`~.payloads.AfreshLesson`), in the course's order.
    lessons = Payloads(P.AfreshLesson).tag(sync=True)
    #: Every word the page shows (:class:`~.payloads.AfreshWords`).
    words = Payload(P.AfreshWords).tag(sync=True)

    def __init__(self, folder: str | Path | None = None, *, lang: str | None = None) -> None:
        super().__init__(lang=lang)
        self._folder = Path(folder) if folder is not None else lessons_folder()
        self._done = ""
        self.refresh()
        self.observe(lambda _: self.refresh(), names="lang")

    def refresh(self) -> None:
        """Read the lessons again (the learner may have saved one since)."""
        folder = self._folder
        changed = changed_lessons(folder) if folder is not None else []
        offered: list[AfreshLesson] = [
            {"lesson": name, "title": notebook_title(folder / name) or name.removesuffix(".ipynb")}
            for name in changed
            if folder is not None
        ]
        self.lessons = offered
        lang = self._lang
        if folder is None or not shipped(folder):
            status = say("afresh.not_site", lang)
        elif self._done:
            status = say("afresh.done", lang, lesson=self._done)
        elif offered:
            status = say("afresh.changed", lang)
        else:
            status = say("afresh.none", lang)
        words: AfreshWords = {
            "title": say("afresh.title", lang),
            "button": say("afresh.button", lang),
            "status": status,
        }
        self.words = words

    def start_afresh(self, lesson: str) -> str:
        """Start ``lesson`` afresh, as its button does; refused with the reason (nothing deleted) for a lesson the
        site does not list."""
        done = start_afresh(lesson, self._folder)
        self._done = done
        self.message = ""
        self.refresh()
        return done

    def _on_click(self, content: dict[str, Any]) -> None:
        if content.get("type") == "afresh":
            self.start_afresh(content.get("lesson"))  # type: ignore[arg-type]  # refused unless a listed name

    def __repr__(self) -> str:
        return f"Afresh({', '.join(item['lesson'] for item in self.lessons) or '-'})"

    def _static_html(self) -> str:
        return f'<p class="cl-afresh">{html.escape(say("afresh.static", self._lang))}</p>'
