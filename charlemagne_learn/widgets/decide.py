"""``DecisionQuiz``: sit in a seat at a moment of a seeded hand and decide — what to bid, what to put aside
and which trump to name, which card to lead, which card to play — then see the engine's grade of every
choice, what was better and why.

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
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import replace
from html import escape
from itertools import islice
from pathlib import Path
from typing import Any

from ..analysis.exchange import ExchangeChoice, ExchangeHint, exchange_hint
from ..analysis.hints import Choice, Hint, hint
from ..analysis.shown import why
from ..analysis.work import ahead
from ..course import check_student
from ..course import student as course_student
from ..engine.actions import Action
from ..engine.cards import Card, Suit
from ..engine.checks import flag, whole_number
from ..engine.display import held_html
from ..engine.errors import CardParseError, IllegalActionError
from ..engine.hand import HandState, Phase
from ..engine.i18n import LANGS, Forms, Lang, check_lang, current_lang, say, speaking, word
from ..engine.rules import Rules
from ..teach.decisions import Decision, decisions
from ..teach.picture import table_picture
from ..teach.progress import keep, quiz_key
from . import payloads as P
from ._base import number_text
from ._results import ROW_START, download, for_teacher, results_csv
from ._traits import Payload
from ._words import action_button, choice_text, exchange_grade_line, grade_line, hint_panel, refuted
from .payloads import GradeLine, HandReview, HintPanel
from .playtable import TableFront

__all__ = ["DecisionQuiz"]


_FIELDS = (
    *ROW_START,
    "seat",
    "situation",
    "answer",
    "grade",
    "best",
    "points_lost",
    "seconds",
)
_GOOD = ("best", "good")


class DecisionQuiz(TableFront):
    """``count`` decisions of the given ``kinds`` (``"bid"``, ``"reply"``, ``"give"``, ``"exchange"``, ``"lead"``,
    ``"play"``, ``"defend"``, ``"mulot"``: :func:`~charlemagne_learn.teach.decisions.decisions`), one at a time.

    :meth:`choose` is a click on a bid or a card; :meth:`next` the Next decision button. ``rules``: None for
    the course's; ``samples``: deals of the hidden cards behind each grade (default: each kind's own, see
    :data:`~charlemagne_learn.teach.decisions.SAMPLES`); ``coach``: show the rule of thumb
    worked out on the hand before the learner decides (practice with support, to fade by leaving it off). Every
    grade uses all its deals, so a quiz says the same on every machine; the page shows "thinking…" meanwhile."""

    #: The results for the Download buttons (:class:`~.payloads.Download`), ``{}`` before the first answer: read by
    #: the page only.
    _download = Payload(P.Download).tag(sync=True)

    def __init__(
        self,
        rules: Rules | str | None = None,
        kinds: Iterable[str] | None = None,
        seed: int = 0,
        *,
        count: int = 6,
        samples: int | None = None,
        lang: str | None = None,
        student: str | None = None,
        four_colour: bool = False,
        coach: bool = False,
    ) -> None:
        whole_number("count", count, 1, 100)
        # the situations and questions in the widget's language, once teach.decisions writes French
        stream = decisions(rules, kinds, seed, samples=samples, lang=written_lang(lang))
        self._setup(stream, count, seed, student, samples, coach, f"decisions: seed {seed}")
        self._progress: str | None = quiz_key("decision", rules, 1, kinds, seed)
        super().__init__(lang=lang, four_colour=four_colour, hints=False)
        self._start()

    def _setup(
        self,
        stream: Iterator[Decision],
        count: int,
        seed: int,
        student: str | None,
        samples: int | None,
        coach: bool,
        quiz: str,
    ) -> None:
        if samples is not None:  # None: each kind of decision its own number of deals
            whole_number("samples", samples, 4, 400)
        self._coach = flag("coach", coach)
        self._stream = stream  # the engine checks rules, kinds and seed
        self._decisions: list[Decision] = list(islice(self._stream, 1))
        #: The next decision, found ahead while the learner thinks about this one (None: not found yet); the lock
        #: keeps the stream to one thread at a time.
        self._upcoming: Decision | None = None
        self._stream_lock = threading.Lock()
        self._count = count
        self._seed = seed
        self._quiz = quiz
        #: The name its answers are kept under for the learner's progress (None: a lesson's own worked position).
        self._progress = None
        self.student = course_student() if student is None else check_student(student)
        self._results: list[dict[str, Any]] = []
        self._chosen: Action | None = None
        #: An exchange being made: the position with the learner's discards so far (None: not started).
        self._working: HandState | None = None
        #: The "Why?" fold of the decision on show, by (decision number, language).
        self._why: tuple[tuple[int, str], GradeLine] | None = None
        self._ranking: ExchangeHint | None = None
        #: The learner's exchange when it lies outside the ranked candidates (ranked again with it), else None.
        self._also: tuple[list[Card], Suit | None] | None = None

    def _start(self) -> None:
        self._shown_at = time.monotonic()
        self._redraw()
        self.observe(self._relang, names="lang")

    def _relang(self, _change: Any = None) -> None:
        """Everything again in the new language: the situations, questions and tips, and the grades' reasons (on the
        very deals each grade used, so every grade stays as it was)."""
        self._decisions = [self._in_lang(d) for d in self._decisions]
        if self._ranking is not None:
            self._ranking = exchange_hint(self.decision.state, self._ranking.samples, also=self._also, lang=self._lang)
        self._redraw()

    def _in_lang(self, decision: Decision) -> Decision:
        lang = self._lang
        if decision.lang == lang:
            return decision
        worded = replace(decision, lang=lang)
        done = decision.__dict__.get("_graded")  # the grade worked out already (Decision keeps it there)
        if done is not None:
            worded.__dict__["_graded"] = (
                exchange_hint(decision.state, done.samples, lang=lang)
                if isinstance(done, ExchangeHint)
                else hint(decision.view, done.samples, workers=1, lang=lang)
            )
        return worded

    @classmethod
    def at(
        cls,
        state: HandState,
        *,
        samples: int | None = None,
        lang: str | None = None,
        student: str | None = None,
        four_colour: bool = False,
        coach: bool = False,
    ) -> DecisionQuiz:
        """One decision at a position of a lesson's own hand: the bid, exchange, lead or card of the seat to move
        (a copy of ``state`` is kept; the lesson's hand is not touched)."""
        # the refusals of the position made in the widget's language
        with speaking(lang) if isinstance(lang, str) and lang in LANGS else nullcontext():
            return cls._at(state, samples, lang, student, four_colour, coach)

    @classmethod
    def _at(
        cls,
        state: HandState,
        samples: int | None,
        lang: str | None,
        student: str | None,
        four_colour: bool,
        coach: bool,
    ) -> DecisionQuiz:
        quiz = cls.__new__(cls)
        decision = Decision.at(state, samples=samples, lang=written_lang(lang))
        quiz._setup(
            iter([decision]), 1, 0, student, samples, coach, f"one decision: {decision.kind} at a lesson's hand"
        )
        super(DecisionQuiz, quiz).__init__(lang=lang, four_colour=four_colour, hints=False)
        quiz._start()
        return quiz

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
        return say(
            "decide.score", self._lang, best=grades.count("best"), good=grades.count("good"), answered=len(grades)
        )

    # ------------------------------------------------------------ the learner's moves
    def choose(self, action: Action | Card | str) -> bool:
        """The learner's decision: a bid (``"bid 6"``, ``"pass"``) or a card (``"JH"``); in an exchange, each card
        to put aside and then the trump (``"trump H"``). A choice the rules do not allow is refused with the
        engine's reason in :attr:`message`, and nothing changes."""
        try:
            if self._chosen is not None:
                raise IllegalActionError(word("decide.answered", self._lang))
            act = self._action(action)
            if self.decision.kind == "exchange":
                return self._exchange_step(act)
            self.decision.state.copy().apply(act)  # the engine's own check, on a copy: the position stays as asked
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        ranked = self._graded()
        assert isinstance(ranked, Hint)
        mine = ranked.choice(act)
        self._record(str(act), mine.grade, str(ranked.best.action), mine.loss)
        self._chosen = act
        self.message = ""
        self._redraw()
        return True

    def _exchange_step(self, act: Action) -> bool:
        """One click of an exchange: a card put aside, or at the end the trump, after which it is graded."""
        working = self._working if self._working is not None else self.decision.state.copy()
        working.apply(act)  # the engine checks the card (or the trump) and the phase
        self._working = working
        self.message = ""
        if working.phase in (Phase.TRUMP, Phase.DISCARD):
            self._redraw()
            return True
        # trump named: the exchange is complete
        done = working.history[len(self.decision.state.history) :]
        discards = [a.card for _, a in done if a.kind == "discard" and a.card is not None]
        trump = working.contract.trump if working.contract is not None else None
        ranked = self._exchange_ranking(discards, trump)
        mine = ranked.choice(discards, trump)
        self._record(mine.said("en"), mine.grade, ranked.best.said("en"), mine.loss)
        self._chosen = act
        self._redraw()
        return True

    def _refuted(self, ranked: Hint, lang: Lang) -> GradeLine:
        """The "Why?" fold after a card graded inaccuracy or worse (worked out once, said in each language)."""
        assert self._chosen is not None
        key = (self.number, lang)
        if self._why is None or self._why[0] != key:
            self._why = (key, refuted(self.decision.view, self._chosen, ranked, lang))
        return self._why[1]

    def _graded(self) -> Hint | ExchangeHint:
        """The decision on show, graded (each decision keeps its grade): its reasons in the widget's language once
        :meth:`Decision.grade` takes a ``lang=``."""
        return self.decision.grade()

    def _exchange_ranking(self, discards: list[Card], trump: Suit | None) -> ExchangeHint:
        ranked = self._graded()
        assert isinstance(ranked, ExchangeHint)
        try:
            ranked.choice(discards, trump)
        except IllegalActionError:  # a discard outside the candidates: graded on the same deals
            # the same deals the ranking used
            self._also = (discards, trump)
            ranked = exchange_hint(self.decision.state, ranked.samples, also=self._also, lang=self._lang)
        self._ranking = ranked
        return ranked

    def _record(self, answer: str, grade: str, best: str, loss: float) -> None:
        self._results.append(
            {
                "student": self.student,
                "quiz": self._quiz,
                "question": self.number,
                "kind": self.decision.kind,
                "skill": self.decision.skill,
                "seat": self.decision.seat.name,
                "situation": self.decision.situation,
                "answer": answer,
                "grade": grade,
                "best": best,
                "points_lost": round(loss, 2),
                "seconds": round(time.monotonic() - self._shown_at, 1),
            }
        )
        if self._progress is not None:
            keep(self._progress, self.number, grade)
        self._download = download(self._results, _FIELDS, self._file_name(), self._lang) or {}

    def _file_name(self) -> str:
        """The downloaded results' file name, without its extension."""
        return f"{self.student or 'decisions'}-seed-{self._seed}"

    def next(self) -> bool:
        """The Next decision button: the next position (after the last one, nothing more to do)."""
        if self._chosen is None:
            self.message = word("decide.first", self._lang)
            return False
        if self.number >= self._count:
            self.message = word("quiz.over", self._lang)
            return False
        self._decisions.append(self._in_lang(self._following(take=True)))
        self._chosen = None
        self._working = None
        self._ranking, self._also = None, None
        self.message = ""
        self._shown_at = time.monotonic()
        self._redraw()
        return True

    def _action(self, action: Action | Card | str) -> Action:
        if isinstance(action, Action):
            return action
        text = str(action).strip()
        state = self._working if self._working is not None else self.decision.state
        if state.phase in (Phase.PLAY, Phase.DISCARD, Phase.GIVE) or isinstance(action, Card):
            try:
                card = action if isinstance(action, Card) else Card.parse(text)
            except CardParseError:
                card = None
            if card is not None:
                if state.phase is Phase.GIVE:
                    return Action.give(card)
                return Action.discard(card) if state.phase is Phase.DISCARD else Action.play(card)
        return Action.parse(text)

    def _on_click(self, content: dict[str, Any]) -> None:
        with self.hold_sync():
            kind = content.get("type")
            if kind in ("card", "action"):
                self.choose(str(content.get(kind, "")))
            elif kind == "next":
                self.next()

    # ------------------------------------------------------------ drawing
    #: Is the decision after the one on show known before the learner answers it? A quiz's is; practice's is not:
    #: it depends on the answer (a miss brings one like it), so it is found only once the answer is in.
    _next_known_unanswered = True

    def _following(self, take: bool = False) -> Decision:
        """The decision after the one on show, found once by whichever thread asks first; ``take``: for showing it
        now (the one after it is found when next asked)."""
        with self._stream_lock:
            upcoming = self._upcoming if self._upcoming is not None else next(self._stream)
            self._upcoming = None if take else upcoming
            return upcoming

    def _think_ahead(self) -> None:
        """Once a page shows the quiz: while the learner thinks, the decision on show graded, and the next one found
        and graded, in the background (:func:`~charlemagne_learn.analysis.work.ahead`); the answer and the Next button
        then read them back."""
        if not self._shown:
            return
        decision, more = self.decision, self.number < self._count
        if self._chosen is None:
            find_next = more and self._next_known_unanswered

            def work() -> None:
                decision.grade()
                if find_next:
                    self._following().grade()

        elif more and not self._next_known_unanswered:  # the answer given: now the next can be found

            def work() -> None:
                self._following().grade()

        else:
            return
        ahead(work)

    def _redraw(self) -> None:
        self._think_ahead()
        lang = self._lang
        decision = self.decision
        state = self._working if self._working is not None else decision.state
        rules = state.rules
        self.status = say("decide.status", lang, n=self.number, count=self._count, score=self.score_text)
        self.picture = table_picture(state, decision.seat, lang)
        self.words = {"hint": ""}
        if self._chosen is None:
            self.prompt = f"{decision.situation} {self._ask(state)}"
            if self._coach:
                self.prompt += " " + say("decide.tip", lang, tip=decision.tip)
            self.actions = (
                [action_button(a, rules, lang) for a in state.legal_actions()]
                if state.phase in (Phase.BIDDING, Phase.TRUMP)
                else []
            )
            self.grade, self.hint, self.review = {}, {}, {}
            return
        last = self.number >= self._count
        self.prompt = decision.situation
        if self._coach:  # the rule of thumb stays under the question, as in the static picture
            self.prompt += " " + say("decide.tip", lang, tip=decision.tip)
        self.actions = []
        # the grade line says the choice's reason and, when it was not the best, the best one's: the ranking below
        # lists the choices with their grades and points only, so each reason is said once
        if decision.kind == "exchange":
            self._show_exchange()
        else:
            ranked = self._graded()
            assert isinstance(ranked, Hint)
            self.grade = {**grade_line(ranked, self._chosen, rules, lang), **self._refuted(ranked, lang)}
            panel = hint_panel(ranked, rules, lang)
            self.hint = {**panel, "choices": [{**c, "reason": ""} for c in panel["choices"]]}
        # one decision has no moves to list and no hands to log: the review's panel carries its title and Next button
        closing: HandReview = {
            "title": say("decide.title", lang, n=self.number),
            "heads": {},
            "lines": [],
            "empty": "",
            "result": "",
            "hand_points": say("decide.done", lang, score=self.score_text) if last else "",
            "game_points": "",
            "winner": "",
            "next": "" if last else word("decide.next", lang),
        }
        self.review = closing

    def _ask(self, state: HandState) -> str:
        lang = self._lang
        kind = self.decision.kind
        if kind != "exchange":
            return word(f"decide.{kind}", lang)
        if state.phase is Phase.TRUMP:
            return word("decide.name_trump", lang)
        left = self.decision.discards - (len(state.history) - len(self.decision.state.history))
        if self._working is None:
            return say("decide.exchange", lang, n=left)
        return say("decide.discard_more", lang, n=left)

    def _show_exchange(self) -> None:
        """The grade and the ranked exchanges (the best eight, and the learner's wherever it ranks)."""
        lang = self._lang
        ranked = self._ranking
        assert ranked is not None
        mine = self._results[-1]["answer"]
        chosen = next(c for c in ranked.choices if c.said("en") == mine)
        self.grade = exchange_grade_line(ranked, chosen, lang)
        panel: HintPanel = {
            "title": say("decide.exchanges", lang, samples=ranked.samples),
            "choices": [
                {
                    "id": c.said("en"),
                    "text": c.said(lang),
                    "grade": c.grade,
                    "grade_word": word(f"grade.{c.grade}", lang),
                    "points": number_text(c.points, "+.1f", lang),
                    "details": c.details(lang),
                    "reason": "",
                }
                for i, c in enumerate(ranked.choices)
                if i < 8 or c is chosen
            ],
        }
        self.hint = panel

    def __repr__(self) -> str:
        state = "answered" if self._chosen is not None else "not answered"
        rules = self.decision.state.rules
        return (
            f"DecisionQuiz({rules.title}, seed {self._seed}: decision {self.number} of {self._count}, "
            f"{self.decision.kind}, {state})"
        )

    def _static_html(self) -> str:
        # Read without a kernel (GitHub, nbviewer, print): the position and the question, the answer folded away. A
        # quiz recording results for a teacher shows the answer only once the decision is made: the picture reaches
        # the page and the saved notebook with the live quiz, and a folded answer is still an answer.
        decision, lang = self.decision, self._lang
        view = decision.view
        # coached: the rule of thumb under the question, as the page shows it
        tip = f"<p><em>{escape(say('decide.tip', lang, tip=decision.tip))}</em></p>" if self._coach else ""
        if for_teacher(self.student) and self._chosen is None:
            answer = f"<p>{escape(word('decide.static_recorded', lang))}</p>"
        else:
            answer = self._static_answer()
        return (
            f'<div class="cl-decide" style="font-family:sans-serif"><p><strong>{escape(self.status)}</strong></p>'
            f"<p>{escape(decision.situation)} {escape(decision.question)}</p>{tip}"
            f"<p>{held_html(view.hand, view.contract or view.rules, lang, four_colour=self.four_colour)}</p>{answer}</div>"
        )

    def _static_answer(self) -> str:
        """The engine's grades of the decision on show, folded away: the best choice and why, the best eight."""
        decision, lang = self.decision, self._lang
        ranked = self._graded()
        rules = decision.state.rules
        named = [
            (
                c.said(lang)
                if isinstance(c, ExchangeChoice)
                else say(
                    "table.action",
                    lang,
                    act=Forms(engine=c.action.text(lang), spoken=choice_text(c.action, rules, lang)),
                ),
                c,
            )
            for c in ranked.choices
        ]
        # English keeps the hints' own grade names (best, blunder); French says them in words
        graded = [(text, word(f"grade.{c.grade}", lang), c) for text, c in named]
        colon = word("decide.colon", lang)
        rows = "".join(
            # the deals behind the grade and its intervals, for a reader who points at it; each row's reason and,
            # where it needs saying, how sure its grade is
            f"<li title='{escape(c.details(lang))}'>{escape(text)}{colon} {escape(grade)} "
            f"({number_text(c.points, '+.1f', lang)}) — {escape(_row_why(c, lang))}</li>"
            for text, grade, c in graded[:8]
        )
        return (
            f"<details><summary>{escape(word('decide.answer', lang))}</summary>"
            f"<p>{escape(say('decide.best', lang, reason=ranked.best.reason))}"
            f"</p><ol>{rows}</ol></details>"
        )


def _row_why(choice: Choice | ExchangeChoice, lang: Lang) -> str:
    """A ranked choice's reason, in the quiz's language, with how sure its grade is where that needs saying."""
    return choice.why(lang) if isinstance(choice, ExchangeChoice) else why(choice, lang)


def written_lang(lang: object) -> Lang:
    """The language the decisions are written in: ``lang``, else the course's (one that is no text is refused by
    the widget's own trait, just after)."""
    if lang is None:
        return current_lang()
    return check_lang(lang) if isinstance(lang, str) else "en"
