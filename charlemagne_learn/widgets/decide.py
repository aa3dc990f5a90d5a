"""``DecisionQuiz``: sit in a seat at a moment of a seeded hand and decide — what to bid, which card to lead,
which card to play — then see the engine's grade of every choice, what was better and why.

It draws the same table as :class:`~charlemagne_learn.widgets.playtable.PlayTable` (the seat's own cards face
up, the others face down), so practising a decision looks like playing one. The decisions come from
:func:`charlemagne_learn.teach.decisions.decisions`; the grades are the hints' (best … blunder).

>>> quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2)
>>> quiz
DecisionQuiz(Canadian Charlemagne, seed 3: decision 1 of 2, lead, not answered)
>>> best = quiz.decision.grade().best.action
>>> quiz.choose(best), quiz.grade["grade"], quiz.results[0]["grade"]
(True, 'best', 'best')
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from html import escape
from itertools import islice
from pathlib import Path
from typing import Any

from ..actions import Action
from ..cards import Card
from ..checks import whole_number
from ..display import cards_html
from ..errors import CardParseError, IllegalActionError
from ..hand import Phase
from ..i18n import add_words, word
from ..rules import Rules
from ..teach.decisions import SAMPLES, Decision, decisions
from ._results import results_csv
from .playtable import TableFront, choice_text, grade_line, hint_panel
from .table import table_picture

__all__ = ["DecisionQuiz"]

add_words(
    {
        "decide.bid": ("What do you bid?", "Qu'enchérissez-vous ?"),
        "decide.lead": ("You lead this trick: click a card.", "Vous entamez cette levée : cliquez une carte."),
        "decide.play": ("Your turn in this trick: click a card.", "À vous dans cette levée : cliquez une carte."),
        "decide.status": (
            "Decision {n} of {count} · {score}",
            "Décision {n} sur {count} · {score}",
        ),
        "decide.score": ("{best} best, {good} good of {answered}", "{best} meilleurs, {good} bons sur {answered}"),
        "decide.title": ("Decision {n}: the engine's grades", "Décision {n} : les notes du moteur"),
        "decide.next": ("Next decision", "Décision suivante"),
        "decide.best": ("Best: {action}. {reason}", "Le meilleur : {action}. {reason}"),
        "decide.done": (
            "That was the last decision: {score}.",
            "C'était la dernière décision : {score}.",
        ),
        "decide.answered": (
            "This decision is made: click Next decision.",
            "Cette décision est prise : cliquez Décision suivante.",
        ),
        "decide.over": ("The quiz is finished.", "Le quiz est terminé."),
        "decide.answer": ("Answer", "Réponse"),
    }
)

_FIELDS = ("student", "question", "kind", "seat", "situation", "answer", "grade", "best", "points_lost", "seconds")
_GOOD = ("best", "good")


class DecisionQuiz(TableFront):
    """``count`` decisions of the given ``kinds`` (``"bid"``, ``"lead"``, ``"play"``), one at a time.

    :meth:`choose` is a click on a bid or a card; :meth:`next` the Next decision button. ``rules``: None for
    the course's; ``samples``: deals of the hidden cards behind each grade."""

    def __init__(
        self,
        rules: Rules | str | None = None,
        kinds: Iterable[str] | None = None,
        seed: int = 0,
        *,
        count: int = 6,
        samples: int = SAMPLES,
        lang: str = "en",
        student: str = "",
        four_colour: bool = False,
    ) -> None:
        whole_number("count", count, 1, 100)
        whole_number("samples", samples, 4, 400)
        self._stream = decisions(rules, kinds, seed, samples=samples)  # the engine checks rules, kinds and seed
        self._decisions: list[Decision] = list(islice(self._stream, 1))
        self._count = count
        self._seed = seed
        self.student = str(student)
        self._results: list[dict[str, Any]] = []
        self._chosen: Action | None = None
        super().__init__(lang=lang, four_colour=four_colour, hints=False)
        self._shown_at = time.monotonic()
        self._redraw()
        self.observe(lambda _: self._redraw(), names="lang")

    # ------------------------------------------------------------ state
    @property
    def decision(self) -> Decision:
        """The decision on show."""
        return self._decisions[-1]

    @property
    def number(self) -> int:
        return len(self._decisions)

    @property
    def answered(self) -> bool:
        return self._chosen is not None

    @property
    def results(self) -> list[dict[str, Any]]:
        """One dict per decision made, for a teacher."""
        return [dict(r) for r in self._results]

    def to_csv(self, path: str | Path | None = None) -> str:
        """The results as CSV text (also written to ``path`` when given), safe to open in a spreadsheet."""
        return results_csv(self._results, _FIELDS, path)

    def to_json(self) -> str:
        return json.dumps(self._results, ensure_ascii=False, indent=1)

    @property
    def score_text(self) -> str:
        grades = [r["grade"] for r in self._results]
        return word("decide.score", self._lang).format(
            best=grades.count("best"), good=grades.count("good"), answered=len(grades)
        )

    # ------------------------------------------------------------ the learner's moves
    def choose(self, action: Action | Card | str) -> bool:
        """The learner's decision: a bid (``"bid 6"``, ``"pass"``) or a card (``"JH"``). A choice the rules do
        not allow is refused with the engine's reason in :attr:`message`, and nothing changes."""
        try:
            if self._chosen is not None:
                raise IllegalActionError(word("decide.answered", "en"))
            act = self._action(action)
            self.decision.state.copy().apply(act)  # the engine's own check, on a copy: the position stays as asked
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._translated(str(exc))
            return False
        ranked = self.decision.grade()
        mine = ranked.choice(act)
        self._chosen = act
        self._results.append(
            {
                "student": self.student,
                "question": self.number,
                "kind": self.decision.kind,
                "seat": self.decision.seat.name,
                "situation": self.decision.situation,
                "answer": str(act),
                "grade": mine.grade,
                "best": str(ranked.best.action),
                "points_lost": round(mine.loss, 2),
                "seconds": round(time.monotonic() - self._shown_at, 1),
            }
        )
        self.message = ""
        self._redraw()
        return True

    def next(self) -> bool:
        """The Next decision button: the next position (after the last one, nothing more to do)."""
        if self._chosen is None:
            self.message = self._translated("answer this decision first")
            return False
        if self.number >= self._count:
            self.message = word("decide.over", self._lang)
            return False
        self._decisions.append(next(self._stream))
        self._chosen = None
        self.message = ""
        self._shown_at = time.monotonic()
        self._redraw()
        return True

    def _action(self, action: Action | Card | str) -> Action:
        if isinstance(action, Action):
            return action
        text = str(action).strip()
        if self.decision.kind != "bid" or isinstance(action, Card):
            try:
                return Action.play(action if isinstance(action, Card) else Card.parse(text))
            except CardParseError:
                pass
        return Action.parse(text)

    def _translated(self, message: str) -> str:
        if message == word("decide.answered", "en"):
            return word("decide.answered", self._lang)
        return message

    def _on_click(self, content: dict[str, Any]) -> None:
        with self.hold_sync():
            kind = content.get("type")
            if kind in ("card", "action"):
                self.choose(str(content.get(kind, "")))
            elif kind == "next":
                self.next()

    # ------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        lang = self._lang
        decision = self.decision
        state = decision.state
        rules = state.rules
        self.status = word("decide.status", lang).format(n=self.number, count=self._count, score=self.score_text)
        self.picture = table_picture(state, decision.seat, lang)
        self.words = {"hint": ""}
        if self._chosen is None:
            self.prompt = f"{decision.situation} {word(f'decide.{decision.kind}', lang)}"
            self.actions = (
                [{"id": str(a), "text": choice_text(a, rules, lang), "kind": a.kind} for a in state.legal_actions()]
                if state.phase is Phase.BIDDING
                else []
            )
            self.grade, self.hint, self.review = {}, {}, {}
            return
        ranked = decision.grade()
        last = self.number >= self._count
        self.prompt = decision.situation
        self.actions = []
        self.grade = grade_line(ranked, self._chosen, rules, lang)
        self.hint = hint_panel(ranked, rules, lang)
        best = ranked.best
        self.review = {
            "title": word("decide.title", lang).format(n=self.number),
            "heads": {},
            "lines": [],
            "empty": "",
            "result": word("decide.best", lang).format(
                action=choice_text(best.action, rules, lang), reason=best.reason
            ),
            "hand_points": word("decide.done", lang).format(score=self.score_text) if last else "",
            "game_points": "",
            "winner": "",
            "next": "" if last else word("decide.next", lang),
        }

    def __repr__(self) -> str:
        state = "answered" if self._chosen is not None else "not answered"
        rules = self.decision.state.rules
        return (
            f"DecisionQuiz({rules.title}, seed {self._seed}: decision {self.number} of {self._count}, "
            f"{self.decision.kind}, {state})"
        )

    def _static_html(self) -> str:
        # Read without a kernel (GitHub, nbviewer, print): the position and the question, the answer folded away.
        decision = self.decision
        view = decision.view
        ranked = decision.grade()
        rows = "".join(f"<li>{escape(str(c.action))}: {escape(c.grade)} ({c.points:+.1f})</li>" for c in ranked.choices)
        return (
            f'<div class="cl-decide" style="font-family:sans-serif"><p><strong>{escape(self.status)}</strong></p>'
            f"<p>{escape(decision.situation)} {escape(word(f'decide.{decision.kind}', self._lang))}</p>"
            f"<p>{cards_html(view.hand, view.contract)}</p>"
            f"<details><summary>{escape(word('decide.answer', self._lang))}</summary>"
            f"<p>{escape(word('decide.best', self._lang).format(action=ranked.best.action, reason=ranked.best.reason))}"
            f"</p><ol>{rows}</ol></details></div>"
        )
