"""``TrickQuiz``: a seeded run of questions (who wins, which cards may be played, trump order, score), answered
by clicking seats, cards or totals, with the engine's explanation after each answer and results for a teacher.

The answer of the question on show stays in Python (``_question``) until the learner has answered: the synced
traits hold only what the page shows.

>>> from charlemagne_learn.widgets.quiz import TrickQuiz
>>> quiz = TrickQuiz("canadian", level=2, kinds=["winner"], count=3)
>>> quiz
TrickQuiz(canadian, level 2, seed 0: question 1 of 3, score 0)
>>> quiz.answer(quiz._question.answer), quiz.phase, quiz.score_text
(True, 'answered', '1 of 1')
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from html import escape
from itertools import islice
from pathlib import Path
from typing import Any

import traitlets as t

from ..course import check_student
from ..course import student as course_student
from ..engine.cards import Card, Seat
from ..engine.checks import whole_number
from ..engine.display import cards_html, ruling_html
from ..engine.errors import IllegalActionError
from ..engine.i18n import Lang, card_face, lang_or_current, say, seat_word, sentence, word
from ..engine.ranking import sort_hand
from ..engine.rules import Rules
from ..teach.progress import keep, quiz_key
from ..teach.quiz import SEAT_KINDS, Question, questions
from . import payloads as P
from ._base import GameWidget, card_id, card_view
from ._results import ROW_START, download, for_teacher, results_csv
from ._traits import Payload, Payloads, Words
from .payloads import QuizPlay, QuizSeat

__all__ = ["TrickQuiz"]


class TrickQuiz(GameWidget):
    """``count`` questions from :func:`charlemagne_learn.teach.quiz.questions`, one at a time."""

    _module = "quiz"
    #: "asking" (waiting for an answer), "answered" (feedback shown) or "finished".
    phase = t.Unicode("asking").tag(sync=True)
    kind = t.Unicode("").tag(sync=True)
    number = t.Int(1).tag(sync=True)
    count = t.Int(10).tag(sync=True)
    score = t.Int(0).tag(sync=True)
    answered = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    prompt = t.Unicode("").tag(sync=True)
    #: The trick on show (:class:`~.payloads.QuizPlay`: a card view and who played it).
    trick = Payloads(P.QuizPlay).tag(sync=True)
    #: Cards to click (the hand for "legal", the trumps for "order"), as card views (:class:`~.payloads.CardView`).
    cards = Payloads(P.CardView).tag(sync=True)
    #: Seat buttons for "winner" (:class:`~.payloads.QuizSeat`).
    seats = Payloads(P.QuizSeat).tag(sync=True)
    #: Totals to click for "score".
    choices = t.List(t.Unicode()).tag(sync=True)
    #: Card ids clicked so far ("legal": a set, "order": in order).
    picked = t.List(t.Unicode()).tag(sync=True)
    #: After answering: "correct" or "wrong", the answers as text and the engine's explanation.
    verdict = t.Unicode("").tag(sync=True)
    feedback = t.Unicode("").tag(sync=True)
    given_text = t.Unicode("").tag(sync=True)
    answer_text = t.Unicode("").tag(sync=True)
    #: After answering: the ids (seats, cards or totals) that were right, so the page can mark them.
    right = t.List(t.Unicode()).tag(sync=True)
    summary = t.Unicode("").tag(sync=True)
    words = Words().tag(sync=True)
    #: The results for the Download buttons (:class:`~.payloads.Download`), ``{}`` before the first answer: read by
    #: the page only.
    _download = Payload(P.Download).tag(sync=True)

    def __init__(
        self,
        variant: str | Rules | None = None,
        level: int = 1,
        kinds: Iterable[str] | None = None,
        seed: int = 0,
        *,
        count: int = 10,
        lang: str | None = None,
        student: str | None = None,
        four_colour: bool = False,
    ) -> None:
        whole_number("count", count, 1, 1000, advice=sentence("quiz.count_advice"))
        language = lang_or_current(lang)
        # the engine checks variant, level, kinds and seed; a change of language asks the same questions in it
        self._ask: Callable[[str], list[Question]] = lambda lang: list(
            islice(questions(variant, level, kinds, seed, lang=lang), count)
        )
        self._questions: list[Question] = self._ask(language)
        self._variant = self._questions[0].variant
        self._level = level
        self._seed = seed
        self._progress = quiz_key("trick", variant, level, kinds, seed)
        self.student = course_student() if student is None else check_student(student)
        self._results: list[dict[str, Any]] = []
        self._given: tuple[str, ...] = ()
        self._shown_at = time.monotonic()
        super().__init__(lang=language, four_colour=four_colour, count=count)
        self._show()
        self.observe(self._relang, names="lang")

    def _relang(self, _change: Any) -> None:
        if self._questions[0].lang != self._lang:
            before = self._question
            self._questions = self._ask(self._lang)  # same seed: the same positions, worded in the new language
            if self.phase == "answered" and before.kind == "score":
                # a score is answered by its words: the same choice, in the new language
                now = self._question.choices
                self._given = tuple(now[before.choices.index(g)] for g in self._given)
                self.right, self.picked = list(self._question.answer), list(self._given)
        self._show()
        if self.phase == "answered":
            self._write_answer()
        elif self.phase == "finished":
            self.summary = say("quiz.you_scored", self._lang, score=self.score, count=self.answered)

    # ------------------------------------------------------------ state
    @property
    def _question(self) -> Question:
        return self._questions[min(self.number, len(self._questions)) - 1]

    @property
    def score_text(self) -> str:
        """The running score: "3 of 4"."""
        return f"{self.score} {word('of', self._lang)} {self.answered}"

    @property
    def results(self) -> list[dict[str, Any]]:
        """One dict per answered question, for a teacher."""
        return [dict(r) for r in self._results]

    def to_csv(self, path: str | Path | None = None) -> str:
        """The results as CSV text (also written to ``path`` when given), safe to open in a spreadsheet."""
        return results_csv(self._results, _FIELDS, path)

    def to_json(self) -> str:
        return json.dumps(self._results, ensure_ascii=False, indent=1)

    def _file_name(self) -> str:
        return f"{self.student or 'quiz'}-{self._variant}-seed-{self._seed}"

    # ------------------------------------------------------------ drawing
    def _show(self) -> None:
        lang = self._lang
        self.words = {
            k: word(k.replace(" ", "_"), lang)
            for k in (
                "check",
                "next",
                "start again",
                "question",
                "score of",
                "colon",
                "of",
                "answer was",
                "your answer",
                "finished",
                "correct",
                "wrong",
                "trick",  # the trick's spoken label
            )
        }
        if self.phase == "finished":
            return
        q = self._question
        k = q.contract
        self.kind = q.kind
        self.title = word(f"quiz.q.{q.kind}", lang)
        self.prompt = q.prompt
        shown = _neutral(q.cards) if q.kind == "legal" else q.cards  # "order": shuffled by the engine
        # A card's role ("little jack", "high joker") is the answer to many questions: shown only once answered.
        roles = k if self.phase != "asking" else None
        trick: list[QuizPlay] = [
            {"seat": s.name, "seat_label": seat_word(s, lang), "card": card_view(c, lang, roles)}
            for s, c in zip(q.trick_seats, q.trick, strict=True)
        ]
        self.trick = trick
        self.cards = [card_view(c, lang, roles) for c in shown]
        seats: list[QuizSeat] = (
            [{"id": s, "label": seat_word(s, lang)} for s in q.choices] if q.kind in SEAT_KINDS else []
        )
        self.seats = seats
        self.choices = list(q.choices) if q.kind == "score" else []
        hint = (
            "quiz.pick.seat"
            if q.kind in SEAT_KINDS
            else {"legal": "quiz.pick.legal", "order": "quiz.pick.order", "score": "quiz.pick.score"}[q.kind]
        )
        if self.phase == "asking":
            self.message = ""
            self.summary = word(hint, lang)

    # ------------------------------------------------------------ answering
    def pick(self, card: Card | str) -> None:
        """A click on a card: toggles it ("legal") or adds it next ("order"; a second click takes it back)."""
        self._check_asking()
        q = self._question
        self._expect("legal", "order")
        c = str(Card.parse(card))
        if c not in q.choices:
            raise IllegalActionError(sentence("trickquiz.not_a_choice", self._lang, card=Card.parse(c)))
        cid = card_id(Card.parse(c))
        picked = list(self.picked)
        if cid in picked:
            picked.remove(cid)
        else:
            picked.append(cid)
        self.message = ""
        self.picked = picked

    def clear(self) -> None:
        """Forget the cards clicked so far."""
        self._check_asking()
        self.picked = []

    def check(self) -> bool:
        """The Check button: answer with the cards clicked so far."""
        self._check_asking()
        if not self.picked:
            raise IllegalActionError(word("quiz.pick.first", self._lang))
        return self.answer([str(Card.parse(c)) for c in self.picked])

    def answer(self, given: Any) -> bool:
        """Answer the question on show: a seat (``"E"``), cards (``"J♦ 7♥"`` or a list, in order for a trump order
        question) or a score (its text or its position among the choices). True if right."""
        self._check_asking()
        q = self._question
        normal = q.normalise(given)
        lang = self._lang
        if not normal:
            raise IllegalActionError(word("quiz.pick.first", lang))
        if q.kind in SEAT_KINDS and normal[0] not in q.choices:
            raise IllegalActionError(sentence("trickquiz.sits_out", lang, seat=Seat.find(normal[0])))
        if q.kind == "score" and normal[0] not in q.choices:
            raise IllegalActionError(
                sentence("trickquiz.not_a_score", lang, given=normal[0], choices=", ".join(q.choices))
            )
        if q.kind in ("legal", "order") and any(c not in q.choices for c in normal):
            raise IllegalActionError(sentence("trickquiz.only_shown", lang, choices=" ".join(q.choices)))
        right = q.check(normal)
        seconds = round(time.monotonic() - self._shown_at, 1)
        self._results.append(
            {
                "student": self.student,
                "quiz": f"trick quiz: {self._variant}, level {self._level}, seed {self._seed}",
                "question": self.number,
                "kind": q.kind,
                "skill": q.skill,
                "level": q.level,
                "prompt": q.prompt,
                "answer": q.text(normal),
                "correct_answer": q.answer_text,
                "correct": right,
                "seconds": seconds,
            }
        )
        keep(self._progress, self.number, right)
        self._download = download(self._results, _FIELDS, self._file_name(), lang) or {}
        self.message = ""
        self.answered += 1
        self.score += int(right)
        self.verdict = "correct" if right else "wrong"
        self._given = normal
        self._write_answer()
        self.right = [card_id(Card.parse(c)) for c in q.answer] if q.kind in ("legal", "order") else list(q.answer)
        self.picked = [card_id(Card.parse(c)) for c in normal] if q.kind in ("legal", "order") else list(normal)
        self.phase = "answered"
        self._show()  # the cards again, now with their roles
        return right

    def _write_answer(self) -> None:
        """The answered question's texts in the widget's language (again after a change of language)."""
        q = self._question
        self.given_text = q.text(self._given)
        self.answer_text = q.answer_text
        self.feedback = q.explanation
        self.summary = say("trickquiz.summary", self._lang, score=self.score_text)

    def next(self) -> None:
        """The Next question button (after answering); after the last question, the summary."""
        if self.phase == "finished":
            raise IllegalActionError(word("quiz.over", self._lang))
        if self.phase != "answered":
            raise IllegalActionError(word("quiz.not_answered_yet", self._lang))
        for name in ("verdict", "feedback", "given_text", "answer_text"):
            setattr(self, name, "")
        self.right, self.picked = [], []
        if self.number >= len(self._questions):
            self.phase = "finished"
            self.summary = say("quiz.you_scored", self._lang, score=self.score, count=self.answered)
            return
        self.phase = "asking"
        self.number += 1
        self._shown_at = time.monotonic()
        self._show()

    def _expect(self, *kinds: str) -> None:
        kind = self._question.kind
        if kind not in kinds:
            how = "winner" if kind in SEAT_KINDS else kind if kind == "score" else "cards"
            raise IllegalActionError(sentence(f"trickquiz.answer_with_{how}", self._lang))

    def _check_asking(self) -> None:
        if self.phase == "answered":
            raise IllegalActionError(word("quiz.answered_already", self._lang))
        if self.phase == "finished":
            raise IllegalActionError(word("quiz.over", self._lang))

    def _on_click(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        if kind == "seat":
            self._expect(*SEAT_KINDS)
            self.answer(str(content.get("seat", "")))
        elif kind == "card":
            self.pick(str(content.get("card", "")))
        elif kind == "choice":
            self._expect("score")
            self.answer(str(content.get("choice", "")))
        elif kind == "check":
            self.check()
        elif kind == "clear":
            self.clear()
        elif kind == "next":
            self.next()

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        where = (
            f"finished, score {self.score} of {self.answered}"
            if self.phase == "finished"
            else f"question {self.number} of {self.count}, score {self.score}"
        )
        return f"TrickQuiz({self._variant}, level {self._level}, seed {self._seed}: {where})"

    def _static_html(self) -> str:
        # Read without a kernel (GitHub, nbviewer, a printed handout): every question, each answer folded away in a
        # <details> to open after trying. Cards carry no role labels: "little jack" would give a legal-play or
        # order question away. A quiz recording results for a teacher goes only as far as the page has asked, with
        # the answers of the questions answered so far: the picture reaches the page and the saved notebook with the
        # live quiz, and a folded answer is still an answer.
        lang = self._lang
        recorded = for_teacher(self.student)
        shown = self._questions[: self.number] if recorded else self._questions
        items = []
        for i, q in enumerate(shown):
            # seats by their letters in English (N E S W), by name in French (Ouest, not W): the catalog's choice
            named = [_seat(c, lang) if q.kind in SEAT_KINDS else c for c in q.choices]
            choices = "".join(f"<li>{escape(c)}</li>" for c in named) if q.kind in (*SEAT_KINDS, "score") else ""
            # a legal-play question's hand in an order that tells nothing; an order question's trumps as shuffled
            held = _neutral(q.cards) if q.kind == "legal" else q.cards
            pictured = cards_html(q.trick or held, lang=lang, four_colour=self.four_colour)
            items.append(
                f"<li><p>{escape(q.prompt)}</p>{f'<p>{pictured}</p>' if q.trick or q.cards else ''}"
                f"{f'<ul>{choices}</ul>' if choices else ''}"
                f"{self._static_answer(q, i) if not recorded or i < self.answered else ''}</li>"
            )
        how = (
            say("trickquiz.static_recorded", lang, n=len(self._questions), student=self.student.strip())
            if recorded
            else say("quiz.static_how", lang, n=len(self._questions))
        )
        return (
            f'<div class="cl-quiz" style="font-family:sans-serif"><p><strong>{escape(word("quiz.static_title", lang))}'
            f"</strong> {escape(how)}</p><ol>{''.join(items)}</ol></div>"
        )

    def _static_answer(self, q: Question, i: int) -> str:
        """The answer to question ``i`` folded away, with the learner's own answer once given."""
        lang = self._lang

        def said(answer: Iterable[str]) -> str:
            if q.kind in SEAT_KINDS:
                return ", ".join(_seat(c, lang) for c in answer)
            if q.kind == "score":
                return ", ".join(answer)
            return ", ".join(
                card_face(Card.parse(c), lang) for c in answer
            )  # a card by its face in the edition's letters

        given = ""
        if i < len(self._results):
            given = f"<p>{escape(word('your_answer', lang))} {escape(self._results[i]['answer'])}</p>"
        return (
            f"<details><summary>{escape(word('answer_was', lang))}</summary>{given}<p><strong>"
            f"{escape(said(q.answer))}</strong></p>{ruling_html(q.explanation)}</details>"
        )


def _seat(seat: str, lang: Lang) -> str:
    """A seat in the quiz's static picture: by its letter or its name, as the language's catalog writes it."""
    return say("quiz.seat", lang, seat=Seat.find(seat))


def _neutral(cards: Iterable[Card]) -> list[Card]:
    """Cards as a player sorts them before knowing the question: the order every picture holds a hand in with no
    contract (:func:`~charlemagne_learn.engine.ranking.sort_hand`: suits in turn, high to low), the jokers put last. Sorting by
    the contract would put the trumps (little jack and jokers among them) first, and the cards that may be played
    would be exactly the first ones."""
    return sorted(sort_hand(cards), key=lambda c: c.is_joker)


_FIELDS = (
    *ROW_START,
    "level",
    "prompt",
    "answer",
    "correct_answer",
    "correct",
    "seconds",
)
