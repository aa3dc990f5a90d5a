"""``LessonTest``: the course's placement test (lesson 00) or final test (lesson 15), in parts, and the result box
that adds them up as the learner answers.

Each part is a quiz of its own (:class:`~.quiz.TrickQuiz`, :class:`~.decide.DecisionQuiz`), drawn in a cell of its
own and keeping its answers as every quiz does (for the progress page, and in its Download results buttons for the
teacher). The result box (:attr:`LessonTest.result`) listens to the parts: after each answer it says the totals,
and once every part is answered, "ready for a real table" or the lessons to revisit (:mod:`charlemagne_learn.teach.final`). No cell
need run again: Run All draws the parts and the box, and the clicks do the rest.

>>> paper = LessonTest("final", "canadian", lang="en")
>>> [isinstance(p, TrickQuiz) for p in paper.parts], isinstance(paper.parts[2], DecisionQuiz)
([True, True, False], True)
>>> paper.score().answered, paper.score().verdict()
(0, '18 answers still to give: the verdict shows here once every part is answered.')
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..engine.display import cards_html, held_html
from ..engine.errors import RulesOptionError
from ..engine.i18n import lang_or_current, say, sentence, word
from ..engine.rules import Rules
from ..teach.final import CourseTest, Plan, ScoreSheet, course_test, result_html, score
from .decide import DecisionQuiz
from .quiz import TrickQuiz

__all__ = ["LessonTest", "LessonTestResult"]

#: The result box's look, from JupyterLab's own colours (Light and Dark alike); the verdict's edge says how it went.
_EDGE = {
    "ready": "var(--jp-success-color1, #2e7d32)",
    "revisit": "var(--jp-warn-color1, #b45309)",
    "waiting": "var(--jp-border-color1, #9e9e9e)",
}


class _TestQuestions(TrickQuiz):
    """A test's questions: where no widget runs, its picture asks them and keeps the answers to itself (a folded
    answer under a test's question is a way round the test)."""

    def _static_html(self) -> str:
        lang = self._lang
        items = "".join(
            f"<li><p>{escape(q.prompt)}</p>"
            f"{f'<p>{cards_html(q.trick or q.cards, lang=lang, four_colour=self.four_colour)}</p>' if q.trick or q.cards else ''}"
            "</li>"
            for q in self._questions
        )
        how = say("final.static", lang, n=len(self._questions))
        return (
            f'<div class="cl-quiz" style="font-family:sans-serif"><p><strong>{escape(word("quiz.static_title", lang))}'
            f"</strong> {escape(how)}</p><ol>{items}</ol></div>"
        )


class _TestDecisions(DecisionQuiz):
    """A test's decisions: where no widget runs, its picture shows the position and the question, and no grade."""

    def _static_html(self) -> str:
        decision, lang = self.decision, self._lang
        view = decision.view
        held = held_html(view.hand, view.contract or view.rules, lang, four_colour=self.four_colour)
        return (
            f'<div class="cl-decide" style="font-family:sans-serif"><p><strong>{escape(self.status)}</strong></p>'
            f"<p>{escape(decision.situation)} {escape(decision.question)}</p><p>{held}</p>"
            f"<p>{escape(say('final.static_decision', lang))}</p></div>"
        )


class LessonTestResult(widgets.HTML):  # type: ignore[misc]
    """The result box: the parts added up, redrawn after each answer (its words are the verdict's)."""

    def __init__(self, paper: LessonTest) -> None:
        super().__init__(layout=widgets.Layout(width="100%"))
        self._paper = paper
        self.add_class("cl-test-result-box")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # Where no widget runs (GitHub, nbviewer, exported HTML) the box as it stands, and its words as text.
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self.value
            bundle["text/plain"] = str(self._paper.score())
        return data

    def __repr__(self) -> str:
        return str(self._paper.score())


class LessonTest:
    """The test ``name`` (``"placement"`` or ``"final"``) at the table of ``rules`` (the course's by default): its
    :attr:`plan`, its :attr:`parts` (show each with :meth:`part`) and its :attr:`result` box."""

    def __init__(
        self,
        name: str = "final",
        rules: Rules | str | None = None,
        *,
        lang: str | None = None,
        student: str | None = None,
        samples: int | None = None,
    ) -> None:
        self._lang = lang_or_current(lang)
        self.test: CourseTest = course_test(name, rules)
        table = self.test.rules
        self.parts: list[TrickQuiz | DecisionQuiz] = [
            _TestQuestions(table, part.level, None, part.seed, count=part.count, lang=self._lang, student=student)
            if part.kind == "trick"
            else _TestDecisions(
                table, list(part.kinds), part.seed, count=part.count, lang=self._lang, student=student, samples=samples
            )
            for part in self.test.parts
        ]
        self.result = LessonTestResult(self)
        for quiz in self.parts:
            quiz.observe(self._refresh, names="_download")  # each answer recorded changes the quiz's results
        self._refresh()

    @property
    def plan(self) -> Plan:
        """What the test asks, part by part, and its pass marks."""
        return self.test.plan(self._lang)

    def part(self, number: int) -> TrickQuiz | DecisionQuiz:
        """Part ``number`` (from 1), to show in a cell."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.parts):
            raise RulesOptionError(sentence("final.bad_part", self._lang, value=number, n=len(self.parts)))
        return self.parts[number - 1]

    def answers(self) -> dict[int, dict[int, Any]]:
        """Each part's answers so far, as the progress page keeps them: by part (from 0) and question number, True or
        False for a question, the grade for a decision."""
        out: dict[int, dict[int, Any]] = {}
        for index, quiz in enumerate(self.parts):
            out[index] = {
                int(r["question"]): r["correct"] if isinstance(quiz, TrickQuiz) else r["grade"] for r in quiz.results
            }
        return out

    def score(self) -> ScoreSheet:
        """The test added up from the answers given so far."""
        return score(self.test, self.answers(), self._lang)

    def _refresh(self, _change: Any = None) -> None:
        result = self.score()
        mood = "ready" if result.ready else "revisit" if result.finished else "waiting"
        self.result.value = (
            f'<div style="font-family:var(--jp-content-font-family, sans-serif);color:var(--jp-content-font-color1, inherit);'
            f"background:var(--jp-layout-color1, transparent);border:1px solid var(--jp-border-color2, #ccc);"
            f'border-left:0.4em solid {_EDGE[mood]};padding:0.4em 0.9em;border-radius:4px">{result_html(result)}</div>'
        )

    def __repr__(self) -> str:
        result = self.score()
        return f"LessonTest({self.test.name}, {self.test.rules.name}: {result.answered} of {len(result.outcomes)} answered)"
