"""Practice that adapts: problems chosen at the learner's level, by theme, with their own mistakes back.

A :class:`Trainer` is a :class:`~.decide.DecisionQuiz` whose next decision is chosen as the learner goes
(:func:`~charlemagne_learn.teach.practice.choose`): a mistake of their own that is due again, else the problem of
the themes asked whose rating is nearest theirs, from the stored starter set of the table and, past it, from
problems made on demand. Every answer moves the learner's ratings and the problem's and is kept in
``practice.json`` beside the lessons (:mod:`~charlemagne_learn.teach.practice`), merged with what other notebooks
practising at the same time keep there; the status line shows the rating and what the problem practises (and,
once, what of a damaged record was put aside).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from datetime import datetime, timezone
from itertools import count
from typing import Any

from ..course import rules_for
from ..engine.checks import flag, whole_number
from ..engine.errors import CharlemagneError, RulesOptionError, quote
from ..engine.i18n import say, sentence
from ..engine.rules import Rules
from ..teach.decisions import Decision
from ..teach.homework import Homework
from ..teach.practice import MISSES, Practice, SetAside, choose, keep, opened
from ..teach.problems import THEMES, BankEntry, Problem, bank, kinds_on_demand, problem, problem_on_demand
from .decide import DecisionQuiz, written_lang

__all__ = ["Trainer"]

#: Problems made on demand, past the stored set, are made from seeds from here on (the set's are below).
_FRESH_SEEDS = 10_000


class Trainer(DecisionQuiz):
    """``count`` practice problems at the table's rules (None: the course's), of the ``themes`` asked (any of
    :data:`~charlemagne_learn.teach.problems.THEMES`; all when none) and one ``skill`` (a decision's kind, such as
    ``"lead"``; all when None), chosen near the learner's rating. ``own_mistakes``: bring back the learner's own
    mistakes when due (None: as the record says, on at first). ``clock``: the time now (when a mistake is due);
    the grades never depend on it. ``homework``: a teacher's set instead (a
    :class:`~charlemagne_learn.teach.homework.Homework` or its code): its table, its problems in its order, the
    answers downloaded under the set's code for the teacher's dashboard."""

    def __init__(
        self,
        rules: Rules | str | None = None,
        themes: Iterable[str] = (),
        *,
        skill: str | None = None,
        count: int = 20,
        lang: str | None = None,
        four_colour: bool = False,
        coach: bool = False,
        own_mistakes: bool | None = None,
        clock: Callable[[], datetime] | None = None,
        homework: Homework | str | None = None,
    ) -> None:
        # refused in the widget's language: the constructor speaks its lang= (GameWidget)
        self._homework = None if homework is None else _homework(homework)
        if self._homework is not None:  # the set decides the table and the problems
            rules, count = self._homework.table, self._homework.count
        self._table = rules_for(rules)
        self._themes = _themes(themes)
        # a skill the table never serves is refused now, not searched for over thousands of deals
        self._skill = None if skill is None else kinds_on_demand(self._table, skill)[0]
        whole_number("count", count, 1, 200)
        self._practice, aside = opened()
        self._own_mistakes = None if own_mistakes is None else flag("own_mistakes", own_mistakes)
        if self._own_mistakes is not None:
            self._practice = replace(self._practice, own_mistakes=self._own_mistakes)
        self._clock = clock or (lambda: datetime.now(timezone.utc))
        #: What of a damaged record was put aside, said with the problem on show (number ``_aside_on``) only.
        self._aside: SetAside | None = aside
        self._aside_on: int | None = None
        self._asked: list[Problem] = []
        #: This trainer's answers, written again with each one into the record as it stands on file (another
        #: notebook may practise at the same time: both keep every answer).
        self._given: list[Mapping[str, Any]] = []
        #: Mistakes of the record that no problem can be made from at this table (passed over, kept on file).
        self._unmade: set[str] = set()
        #: The problem just missed (graded mistake or blunder): the next one is like it.
        self._missed: Problem | None = None
        #: The problem served as one like a miss: missed too, it brings no other like it (a learner stuck on one
        #: idea is not held there; the misses come back later, when due).
        self._follow_up: Problem | None = None
        self._language = written_lang(lang)
        quiz = "practice" if self._homework is None else f"homework {self._homework.code}"
        self._setup(self._problems(), count, 0, None, None, coach, quiz)
        super(DecisionQuiz, self).__init__(lang=lang, four_colour=four_colour, hints=False)
        self._start()

    @property
    def _next_known_unanswered(self) -> bool:  # type: ignore[override]  # a class attribute in a quiz
        # practice's next problem depends on this answer (a miss brings one like it); a homework set's does not
        return self._homework is not None

    # ------------------------------------------------------------ what is asked
    @property
    def practice(self) -> Practice:
        """The learner's record as it stands (kept beside the lessons after each answer)."""
        return self._practice

    @property
    def problem(self) -> Problem:
        """The problem on show (the next one may be found already, once this one is answered)."""
        return self._asked[self.number - 1]

    def _entries(self) -> tuple[BankEntry, ...]:
        # the stored set was made at the preset's rules: a house table's problems are all made on demand
        name = self._table.name
        return bank(name) if self._table == Rules.preset(name) else ()

    @property
    def homework(self) -> Homework | None:
        """The homework set asked (None: practice chosen as the learner goes)."""
        return self._homework

    def _problems(self) -> Iterator[Decision]:
        if self._homework is not None:  # the same problems, in the same order, for the whole class
            for asked in self._homework.problems(lang=self._language):
                self._asked.append(asked)
                yield asked.decision
            return
        entries = self._entries()
        fresh = count(_FRESH_SEEDS)
        while True:
            missed = self._missed
            like = None if missed is None else (missed.kind, missed.themes)
            practice = self._practice
            if self._unmade:
                practice = replace(
                    practice, mistakes={k: v for k, v in practice.mistakes.items() if k not in self._unmade}
                )
            key = choose(
                practice, entries, themes=self._themes, skill=self._skill, now=self._clock(),
                table=self._table.name, like=like,
            )  # fmt: skip
            stored = next((e for e in entries if e.key == key), None)
            if stored is not None:
                found = stored.problem(self._table, lang=self._language)
            elif key is not None:  # a mistake of the learner's own made on demand
                _, kind, seed = key.split(" ")
                try:
                    found = self._made(kind, int(seed))
                except CharlemagneError:  # a kind this table does not ask, or no position from that seed here
                    self._unmade.add(key)
                    continue
            elif missed is not None:  # past the stored set: one made on demand like the problem missed
                found = self._fresh(fresh, missed.kind, missed.themes)
            else:
                found = self._fresh(fresh, self._skill, self._themes)
            self._follow_up = found if missed is not None else None
            self._asked.append(found)
            yield found.decision

    def _made(self, kind: str, seed: int) -> Problem:
        return problem(self._table, kind, seed, lang=self._language)

    def _fresh(self, seeds: Iterator[int], skill: str | None, themes: Iterable[str]) -> Problem:
        """A problem made on demand past the stored set, not met before: of ``skill`` (any when None) and ``themes``
        (any when none) if one comes within a few tries, else the next of that skill and any theme."""
        return problem_on_demand(
            self._table,
            seeds,
            skill,
            themes,
            skip=self._practice.problems,
            lang=self._language,
        )

    # ------------------------------------------------------------ answers
    def _record(self, answer: str, grade: str, best: str, loss: float) -> None:
        super()._record(answer, grade, best, loss)
        asked = self.problem
        answered = self._practice.answered(asked.key, asked.kind, asked.themes, asked.rating, grade, now=self._clock())
        self._given.append(answered.answers[-1])
        kept = keep(self._given, own_mistakes=self._own_mistakes)
        if kept is None:  # outside the lessons, or nothing may be written: the answer counts here
            self._practice = answered
        else:
            self._practice, aside = kept
            if aside is not None:
                self._aside, self._aside_on = aside, None
        self._missed = asked if grade in MISSES and asked is not self._follow_up else None

    def _file_name(self) -> str:
        if self._homework is None:
            return f"{self.student or 'practice'}-practice"
        return f"{self.student or 'homework'}-{self._homework.code}"

    def __repr__(self) -> str:
        state = "answered" if self.answered else "not answered"
        return (
            f"Trainer({self._table.title}: problem {self.number} of {self._count}, {self.problem.key}, "
            f"rating {self._practice.level()}, {state})"
        )

    def _redraw(self) -> None:
        super()._redraw()
        lang = self._lang
        rating = self._practice.level()
        themes = ", ".join(self.problem.theme_words(lang))
        line = say("trainer.status", lang, status=self.status, rating=str(rating), themes=themes)
        if self._aside is not None:  # said once: with the problem on show when it was found
            if self._aside_on is None:
                self._aside_on = self.number
            if self._aside_on == self.number:
                line += " · " + self._aside.said(lang)
            else:
                self._aside = None
        if self.problem.key in self._practice.mistakes and not self.answered:  # one of the learner's own, back
            line += " " + say("trainer.again", lang)
        if self.answered and self._results and self._results[-1]["grade"] in MISSES:
            # learning from the miss: the refutation is in the grade's "Why?"; the rule of thumb that applies here,
            # and (unless this was already one like a miss) a problem like this one next
            if not self._coach:
                self.prompt += " " + say("decide.tip", lang, tip=self.decision.tip)
            if self._missed is self.problem:
                line += " " + say("trainer.similar", lang)
        self.status = line


def _homework(homework: object) -> Homework:
    """The set asked: a :class:`~charlemagne_learn.teach.homework.Homework`, or its code."""
    return homework if isinstance(homework, Homework) else Homework.from_code(homework)


def _themes(themes: Iterable[str]) -> tuple[str, ...]:
    """The themes asked, checked: each one of :data:`THEMES`."""
    if isinstance(themes, str):
        themes = [themes]
    chosen = tuple(themes)
    for theme in chosen:
        if theme not in THEMES:
            raise RulesOptionError(sentence("trainer.bad_theme", value=quote(theme), allowed=", ".join(THEMES)))
    return chosen
