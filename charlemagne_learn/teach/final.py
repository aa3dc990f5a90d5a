"""The course's two tests: the placement test of lesson 00 and the final test of lesson 15.

Both ask the same kinds of item, from fixed seeds (the same test on every machine): questions on the rules of a trick,
the tricky cases (the little jack led, the jokers in Mulot) and decisions (bidding, the exchange, the partner's card
to a Charlemagne, leading, following, defending against Charlemagne). Each item practises one **skill**, the same in
both tests, so the teacher's dashboard measures the gain from the first test to the last skill by skill
(:meth:`~charlemagne_learn.teach.classroom.ClassResults.gain`), and each is taught by one **lesson**, which the
verdict names when the item is missed. The pass marks are stated once, here (:data:`PASS`).

The answers are the parts' own: each part is a :class:`~charlemagne_learn.widgets.TrickQuiz` or a
:class:`~charlemagne_learn.widgets.DecisionQuiz`, which keeps them for the progress page (:mod:`.progress`) and
saves them for the teacher (its Download results buttons); :func:`score` adds them up from either.

>>> test = course_test("final", "canadian")
>>> [part.count for part in test.parts], test.needed("questions"), test.needed("decisions")
([8, 4, 6], 10, 4)
>>> sorted({item.skill for item in test.items()}) == sorted(SKILLS)
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from html import escape
from itertools import islice
from typing import Any, Literal

from ..course import lessons_folder, rules_for
from ..engine.cards import Card
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import lang_or_current, say, sentence, word
from ..engine.rules import Rules
from .decisions import DECISION_KINDS, is_asked, skill_words
from .quiz import Question, questions
from .shipped import notebook_title

__all__ = [
    "PASS",
    "SKILLS",
    "TESTS",
    "CourseTest",
    "Item",
    "Part",
    "ScoreSheet",
    "course_test",
    "item_of",
    "lesson_title",
    "score",
]

Count = Literal["questions", "decisions"]

#: The pass marks: the share of questions answered right, and of decisions graded *best* or *good*, that a learner
#: ready for a real table reaches (rounded up to whole items: 10 of 12 questions, 4 of 6 decisions).
PASS: Mapping[Count, Fraction] = {"questions": Fraction(5, 6), "decisions": Fraction(2, 3)}

#: What the items practise, in the order the tests ask them; the dashboard's gain is measured per skill.
SKILLS = ("tricks", "order", "score", "little_jack", "mulot_jokers", "bidding", "play")

#: Decisions that belong to the bidder's side of the hand (judged from a hand before a card is played).
_BIDDING = ("bid", "reply", "give", "exchange")
#: The lesson that teaches each kind of decision.
_DECISION_LESSON = {
    "bid": "09",
    "reply": "14",
    "give": "09",
    "exchange": "09",
    "lead": "10",
    "play": "10",
    "defend": "14",
    "mulot": "07",
}


@dataclass(frozen=True)
class Part:
    """One part of a test: a trick quiz (``level``) or a decision quiz (``kinds``, one decision of each)."""

    kind: Literal["trick", "decision"]
    seed: int
    count: int
    level: int = 2
    kinds: tuple[str, ...] = ()


#: The two tests, part by part. The seeds are chosen so that the tricky part of each asks a little jack led and a
#: joker in a Mulot at the Canadian table (a test checks it), no lesson's quiz shares them, and no two parts' results
#: files share a name (a quiz's file is named by its student, table and seed).
TESTS: Mapping[str, tuple[Part, ...]] = {
    "placement": (
        Part("trick", seed=19, count=4, level=2),
        Part("trick", seed=20, count=2, level=3),
        Part("decision", seed=21, count=2, kinds=("bid", "defend")),
    ),
    "final": (
        Part("trick", seed=150, count=8, level=2),
        Part("trick", seed=157, count=4, level=3),
        Part("decision", seed=152, count=6, kinds=("bid", "give", "exchange", "lead", "play", "defend")),
    ),
}


@dataclass(frozen=True)
class Item:
    """One item of a test: where it is (part and number, from 1), what it practises and the lesson that teaches it."""

    part: int
    number: int
    kind: str
    skill: str
    lesson: str
    #: The item's own words, as its quiz names what it practises ("who wins: the little jack led").
    about: str


@dataclass(frozen=True)
class CourseTest:
    """A test at one table: its parts, as the table's rules allow them (a decision the rules have no bid for is left
    out, and said so in :meth:`plan`)."""

    name: str
    rules: Rules
    parts: tuple[Part, ...]
    #: The decisions the test asks elsewhere that this table's rules have no place for.
    left_out: tuple[str, ...] = ()

    def needed(self, what: Count) -> int:
        """The questions right, or decisions graded best or good, that pass (:data:`PASS` of those asked)."""
        return math.ceil(PASS[what] * self.asked(what))

    def asked(self, what: Count) -> int:
        return sum(p.count for p in self.parts if (p.kind == "trick") == (what == "questions"))

    def label(self, index: int) -> str:
        """The ``quiz`` column of part ``index``'s results, as its quiz writes it (the dashboard finds the test's
        answers by it)."""
        part = self.parts[index]
        if part.kind == "trick":
            return f"trick quiz: {self.rules.name}, level {part.level}, seed {part.seed}"
        return f"decisions: seed {part.seed}"

    def progress_key(self, index: int) -> str:
        """The name part ``index``'s answers are kept under for the progress page (:func:`.progress.quiz_key`)."""
        from .progress import quiz_key  # the progress page reads the tests: imported when asked

        part = self.parts[index]
        return quiz_key(part.kind, self.rules, part.level, part.kinds or None, part.seed)

    def questions(self, index: int, lang: str = "en") -> list[Question]:
        part = self.parts[index]
        return list(islice(questions(self.rules, part.level, None, part.seed, lang=lang), part.count))

    def items(self, lang: str = "en") -> list[Item]:
        """Every item, part by part, with its skill and lesson."""
        out: list[Item] = []
        for index, part in enumerate(self.parts):
            if part.kind == "trick":
                for number, q in enumerate(self.questions(index, lang), 1):
                    skill, lesson = _question_skill(q)
                    out.append(Item(index + 1, number, q.kind, skill, lesson, q.skill))
            else:
                for number, kind in enumerate(part.kinds, 1):
                    skill = "bidding" if kind in _BIDDING else "play"
                    out.append(Item(index + 1, number, kind, skill, _DECISION_LESSON[kind], skill_words(kind, lang)))
        return out

    def plan(self, lang: str | None = None) -> Plan:
        """What the test asks, part by part, and its pass marks: what the lesson shows before the first part."""
        return Plan(self, lang_or_current(lang))


def course_test(name: str, rules: Rules | str | None = None) -> CourseTest:
    """The test ``name`` (``"placement"`` or ``"final"``) at the table of ``rules`` (the course's by default)."""
    if name not in TESTS:
        raise RulesOptionError(sentence("final.bad_test", value=quote(name), tests=", ".join(TESTS)))
    table = rules_for(rules)
    parts, left_out = [], []
    for part in TESTS[name]:
        if part.kind == "decision":
            kinds = tuple(k for k in DECISION_KINDS if k in part.kinds and is_asked(k, table))
            left_out += [k for k in part.kinds if k not in kinds]
            part = Part("decision", part.seed, len(kinds), kinds=kinds)
        parts.append(part)
    return CourseTest(name, table, tuple(parts), tuple(left_out))


def _question_skill(q: Question) -> tuple[str, str]:
    """A question's skill and the lesson that teaches it, read from the position it shows."""
    contract = q.contract
    if q.kind == "order":
        return "order", "02"
    if q.kind == "score":
        spec = contract.spec
        return "score", "06" if spec.numbered else "07" if spec.avoid else "08"
    if q.level < 3:
        seen = [*q.trick, *q.cards]
        return "tricks", "04" if any(c.is_joker for c in seen) else "03"
    if contract.spec.avoid:
        return "mulot_jokers", "07"
    little = contract.order.little_jack
    if q.trick and little is not None and q.trick[0] == Card.from_index(little):
        return "little_jack", "02"
    return "tricks", "13"  # another table's tricky case: the 9 of trump, the bowers in no-trump


# ---------------------------------------------------------------- adding up
@dataclass(frozen=True)
class ScoreSheet:
    """A test added up: each item answered (right or not), the totals, and the verdict."""

    test: CourseTest
    #: Each item with its outcome: True/False for a question, True when a decision was graded best or good, None
    #: while not answered.
    outcomes: tuple[tuple[Item, bool | None], ...]
    lang: str

    @property
    def right(self) -> int:
        return sum(o is True for i, o in self.outcomes if i.kind in _TRICK_KINDS)

    @property
    def well(self) -> int:
        return sum(o is True for i, o in self.outcomes if i.kind not in _TRICK_KINDS)

    @property
    def answered(self) -> int:
        return sum(o is not None for _, o in self.outcomes)

    @property
    def finished(self) -> bool:
        return self.answered == len(self.outcomes)

    @property
    def started(self) -> bool:
        return self.answered > 0

    @property
    def ready(self) -> bool:
        """Every item answered and both pass marks reached."""
        test = self.test
        return self.finished and self.right >= test.needed("questions") and self.well >= test.needed("decisions")

    def missed(self) -> dict[str, list[Item]]:
        """The items missed, by the lesson that teaches them (in the course's order)."""
        out: dict[str, list[Item]] = {}
        for item, outcome in sorted(self.outcomes, key=lambda o: o[0].lesson):
            if outcome is False:
                out.setdefault(item.lesson, []).append(item)
        return out

    def totals(self) -> str:
        """ "11 of 12 questions right (10 pass); 5 of 6 decisions best or good (4 pass)"."""
        test, lang = self.test, self.lang
        return say(
            "final.totals", lang, right=self.right, questions=test.asked("questions"), q_pass=test.needed("questions"),
            well=self.well, decisions=test.asked("decisions"), d_pass=test.needed("decisions"),
        )  # fmt: skip

    def verdict(self) -> str:
        """Ready for a real table, what to revisit lesson by lesson, or how many items are still to answer."""
        lang = self.lang
        if not self.finished:
            return say("final.to_answer", lang, n=len(self.outcomes) - self.answered)
        if self.ready:
            return say(f"final.ready.{self.test.name}", lang)
        return say(f"final.revisit.{self.test.name}", lang)

    def revisit(self) -> list[str]:
        """One line per lesson with items missed: the lesson and what was missed there."""
        lang = self.lang
        joined = word("semicolon", lang)
        return [
            say("final.revisit_line", lang, lesson=lesson_title(lesson, lang), what=joined.join(_once(items)))
            for lesson, items in self.missed().items()
        ]

    def __str__(self) -> str:
        lines = [say(f"final.title.{self.test.name}", self.lang), self.totals(), self.verdict()]
        return "\n".join([*lines, *(f"- {line}" for line in (self.revisit() if self.finished else []))])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return result_html(self)


_TRICK_KINDS = ("winner", "legal", "order", "score", "table")


def _once(items: list[Item]) -> list[str]:
    """What the items practise, each said once, in their order."""
    return list(dict.fromkeys(i.about for i in items))


def score(test: CourseTest, answers: Mapping[int, Mapping[Any, Any]], lang: str | None = None) -> ScoreSheet:
    """``test`` added up from its parts' answers: by part index (from 0), by question number (from 1), True/False
    for a question and the grade for a decision, as the quizzes keep them (:func:`.progress.read_answers`)."""
    language = lang_or_current(lang)
    outcomes: list[tuple[Item, bool | None]] = []
    for item in test.items(language):
        given = answers.get(item.part - 1, {}).get(item.number, answers.get(item.part - 1, {}).get(str(item.number)))
        if given is None:
            outcomes.append((item, None))
        elif item.kind in _TRICK_KINDS:
            outcomes.append((item, given is True))
        else:
            outcomes.append((item, given in ("best", "good") or given is True))
    return ScoreSheet(test, tuple(outcomes), language)


def lesson_title(lesson: str, lang: str | None = None) -> str:
    """A lesson's title as its notebook heads it, from the lessons' folder ("Lesson 7 — Mulot and Gros Mulot"), or
    its number in words where the lessons are not at hand."""
    folder = lessons_folder()
    for path in sorted(folder.glob(f"{lesson}_*.ipynb")) if folder is not None else []:
        with_title = notebook_title(path)
        if with_title:
            return with_title
    return say("final.lesson", lang, n=int(lesson))


# ---------------------------------------------------------------- pictures
@dataclass(frozen=True)
class Plan:
    """What a test asks, part by part, with its pass marks (shown from :data:`PASS`)."""

    test: CourseTest
    lang: str

    @cached_property
    def lines(self) -> list[str]:
        test, lang = self.test, self.lang
        items = test.items(lang)
        out = []
        for index, part in enumerate(test.parts):
            abouts = _once([i for i in items if i.part == index + 1])
            key = "final.plan.questions" if part.kind == "trick" else "final.plan.decisions"
            out.append(say(key, lang, part=index + 1, n=part.count, what=word("semicolon", lang).join(abouts)))
        out.append(
            say("final.plan.pass", lang, q_pass=test.needed("questions"), questions=test.asked("questions"),
                d_pass=test.needed("decisions"), decisions=test.asked("decisions"))
        )  # fmt: skip
        if test.left_out:
            kinds = ", ".join(skill_words(k, lang) for k in test.left_out)
            out.append(say("final.plan.left_out", lang, title=test.rules.named(), kinds=kinds))
        if test.rules.name != "canadian":
            out.append(say("final.plan.other_table", lang, title=test.rules.named()))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        return f'<div class="cl-test-plan" style="font-family:sans-serif"><ul>{items}</ul></div>'


def result_html(result: ScoreSheet) -> str:
    """The result screen: the totals, the verdict, and the lessons to revisit."""
    lang = result.lang
    mood = "ready" if result.ready else "revisit" if result.finished else "waiting"
    lines = "".join(f"<li>{escape(line)}</li>" for line in result.revisit()) if result.finished else ""
    return (
        f'<div class="cl-test-result cl-test-{mood}" role="status" aria-live="polite">'
        f"<p class='cl-test-title'><strong>{escape(say(f'final.title.{result.test.name}', lang))}</strong></p>"
        f"<p>{escape(result.totals())}</p>"
        f"<p class='cl-test-verdict'><strong>{escape(result.verdict())}</strong></p>"
        f"{f'<ul>{lines}</ul>' if lines else ''}</div>"
    )


# ---------------------------------------------------------------- a class's answers
#: The tables the class results may come from (a trick quiz's results name theirs).
_TABLES = ("canadian", "american", "maine", "bid_euchre")


@cache
def _trick_items(variant: str) -> dict[tuple[str, int], tuple[str, Item]]:
    """The trick questions of both tests at one table, by the ``quiz`` column and question number of their results."""
    out: dict[tuple[str, int], tuple[str, Item]] = {}
    for name in TESTS:
        test = course_test(name, variant)
        for item in test.items("en"):
            if item.kind in _TRICK_KINDS:
                out[(test.label(item.part - 1), item.number)] = (name, item)
    return out


def item_of(quiz: str, question: int, kind: str) -> tuple[str, Item] | None:
    """The test and item a result row answers (its ``quiz``, ``question`` and ``kind`` columns), or None for a row of
    another quiz."""
    if quiz.startswith("trick quiz: "):
        variant = quiz.removeprefix("trick quiz: ").split(",")[0]
        return _trick_items(variant).get((quiz, question)) if variant in _TABLES else None
    for name, parts in TESTS.items():
        for index, part in enumerate(parts):
            if part.kind == "decision" and quiz == f"decisions: seed {part.seed}" and kind in part.kinds:
                skill = "bidding" if kind in _BIDDING else "play"
                return name, Item(index + 1, question, kind, skill, _DECISION_LESSON[kind], kind)
    return None


def gain_interval(before: tuple[int, int], after: tuple[int, int]) -> tuple[float, float, float]:
    """The gain in the share right from ``before`` to ``after`` (each: right, asked), and its 95% interval: Newcombe's
    hybrid score interval, made of each share's Wilson interval (:func:`~..analysis.odds.wilson_interval`), so it
    stays within -1 and 1 and says something even when everything was right, or wrong, at one test.

    >>> gain, low, high = gain_interval((2, 6), (5, 6))
    >>> round(gain, 2), round(low, 2), round(high, 2)
    (0.5, -0.04, 0.77)
    """
    from ..analysis.odds import wilson_interval  # the one interval the course computes

    p1, p2 = before[0] / before[1], after[0] / after[1]
    low1, high1 = wilson_interval(*before)
    low2, high2 = wilson_interval(*after)
    gain = p2 - p1
    return gain, gain - math.hypot(p2 - low2, high1 - p1), gain + math.hypot(high2 - p2, p1 - low1)
