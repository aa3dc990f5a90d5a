"""An answer folded until the learner asks for it: the lessons' self-checks, counts and engine checks.

A lesson that says "think first" must not print the answer under it: Run All runs every cell, so the answer is
drawn folded, a line to click ("Show the count") that opens it. :func:`folded` is the one way the lessons do it.
The answer is words (drawn as the engine wrote them, line by line), or anything with a rich picture of its own (a
table, a graded hint, a hand), drawn as it draws itself. Outside a notebook, only the line to click is written:
a folded answer never gives itself away.

>>> fold = folded("Show the count", "Count 7 with ♠ trump\\nThe most the count allows: 6")
>>> print(fold._repr_html_())
<details><summary>Show the count</summary><pre>Count 7 with ♠ trump
The most the count allows: 6</pre></details>
>>> fold
▸ Show the count
>>> folded(answer="<b>7</b>", lang="fr")._repr_html_()
'<details><summary>Voir la réponse</summary><pre>&lt;b&gt;7&lt;/b&gt;</pre></details>'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import say, sentence

__all__ = ["Folded", "folded"]


@dataclass(frozen=True)
class Folded:
    """An answer drawn folded under ``summary``, the line the learner clicks to open it."""

    summary: str
    #: The answer's HTML, drawn when the learner opens it.
    html: str

    def _repr_html_(self) -> str:
        return f"<details><summary>{escape(self.summary)}</summary>{self.html}</details>"

    def __repr__(self) -> str:
        return f"▸ {self.summary}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def _answer_html(answer: object) -> str:
    """The answer as HTML: its own rich picture where it has one, else its words, line by line."""
    if isinstance(answer, str):
        return f"<pre>{escape(answer, quote=False)}</pre>"
    draw = getattr(answer, "_repr_html_", None)
    if callable(draw):
        drawn = draw()
        if isinstance(drawn, tuple):  # IPython lets a picture come with its metadata
            drawn = drawn[0]
        if isinstance(drawn, str):
            return drawn
    return f"<pre>{escape(str(answer), quote=False)}</pre>"


def folded(summary: str | None = None, answer: object = "", *, lang: str | None = None) -> Folded:
    """``answer`` folded under ``summary``, the line the learner clicks ("Show the count"; None: "Show the answer"
    in ``lang``, the course's language by default). ``answer``: words (a ``str``, drawn as written, line breaks
    kept, never read as HTML), or an object with a rich picture (``_repr_html_``: a table, an ``IPython.display.HTML``,
    a graded hint), drawn as it draws itself; any other object by its words (``str``)."""
    if summary is None:
        summary = say("folded.show", lang)
    if not isinstance(summary, str) or not summary.strip():
        raise RulesOptionError(sentence("folded.bad_summary", lang, value=quote(summary)))
    return Folded(summary.strip(), _answer_html(answer))
