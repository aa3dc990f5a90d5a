"""Where a student opens a teacher's homework by its code, with no code of Python to type.

The box is a field and an **Open** button (the name box's page); the set's problems appear under it, in a
:class:`~.trainer.Trainer` that downloads its answers under the set's code for the teacher's dashboard
(:mod:`~charlemagne_learn.teach.homework`).

>>> box = HomeworkBox(lang="en")
>>> box.words["label"], box.words["save"]
('Homework code', 'Open')
"""

from __future__ import annotations

from ..engine.i18n import say
from ..teach.homework import Homework
from ._codebox import CodeBox
from .trainer import Trainer

__all__ = ["HomeworkBox"]


class HomeworkBox(CodeBox):
    """A field for a homework code and an **Open** button; the set opened shows under it."""

    _words_prefix = "homework"

    def __init__(self, *, lang: str | None = None) -> None:
        #: The set's problems, once opened.
        self.trainer: Trainer | None = None
        self._homework: Homework | None = None
        super().__init__(lang=lang)

    def open_homework(self, code: object) -> Trainer:
        """Open the set of ``code``, as the page's button does; refused with the reason (nothing changes) when it is
        no code or a letter was mistyped."""
        trainer: Trainer = self._open(code)
        return trainer

    def _opened(self, code: object) -> tuple[Trainer, str]:
        homework = Homework.from_code(code)
        trainer = Trainer(homework=homework, lang=self.lang)
        self._homework, self.trainer = homework, trainer
        return trainer, homework.code

    def _status(self) -> str | None:
        work = self._homework
        return None if work is None else say("homework.opened", self._lang, code=work.code, n=work.count)
