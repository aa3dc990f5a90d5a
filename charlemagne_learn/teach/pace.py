"""How long a lesson takes a newcomer: what it gives to read, at :data:`READING_WPM` words a minute, and what it
asks the learner to do, each thing at its own time (:data:`ACTION_MINUTES`), added up and rounded to the nearest 5
minutes (never under 5).

Every lesson states this time in its first cell, the teacher's guide plans with it and the README adds it up; a test
keeps the four equal, so a lesson that grows says so. Read from the lesson as it ships (its words, its stored
outputs, the widgets its code makes); ``scripts/lesson_times.py`` prints each lesson's parts and the course's total:

>>> from pathlib import Path
>>> pace = lesson_pace(Path(__file__).parents[2] / "notebooks" / "04_the_jokers.ipynb")
>>> pace.stated, [what for what, _ in pace.actions][:2]
(10, ['Run All Cells', 'Hand'])
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ACTION_MINUTES", "READING_WPM", "Pace", "lesson_pace"]

#: A newcomer's reading speed, words a minute: prose and the engine's printed answers alike.
READING_WPM = 200
#: The minutes each thing a lesson asks for takes: running it, an answer to think out before opening it, a widget to
#: explore, and each question of a quiz or decision (a decision's position is read, chosen and its grade and its
#: reason read). Calibrated on two newcomers' timed runs through the course: the first took 35-45 minutes over each
#: of lessons 07-12 (about 7 hours in all); the second took 8-12 minutes over each of lessons 01-04 (a rule's trick
#: question answered in well under a minute: 0.75) and longer than stated over 09 and 11, the lessons of judgement
#: decisions (3.5 minutes each: a position, a choice, its grade and a reason to read) and of the play table (two hands
#: played, each with its bots' cards told at the learner's pace, its grades and its review: 9 minutes a hand).
ACTION_MINUTES: dict[str, float] = {
    "Run All Cells": 0.5,
    "question": 1.0,
    "Hand": 1.5,
    "TrumpLadder": 1.5,
    "NameBox": 0.5,
    "BidBox": 2.0,
    "Table": 3.0,
    "BidOddsExplorer": 4.0,
    "PlayTable": 18.0,
    "TrickQuiz question": 0.75,
    "DecisionQuiz decision": 3.5,
}
#: The questions a quiz asks when its cell does not say (``count=``).
_DEFAULT_COUNT = {"TrickQuiz": 10, "DecisionQuiz": 6}
_WIDGET = re.compile(
    r"\b(TrickQuiz|DecisionQuiz|PlayTable|BidBox|Hand|TrumpLadder|Table|BidOddsExplorer|NameBox|LessonTest)\b[.\w]*\("
)
#: A test's name as its cell writes it (its parts are quizzes: :data:`~.final.TESTS`).
_TEST_NAME = re.compile(r"""LessonTest\(\s*(?:name=)?["'](\w+)["']""")
#: A count as a lesson writes it: the digits 0 to 9 alone (\d would take Arabic-Indic digits too), a few of them.
_COUNT = re.compile(r"\bcount=([0-9]{1,4})\b")
_TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.S)
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@dataclass(frozen=True)
class Pace:
    """A lesson's time, in minutes, and what it is made of."""

    reading: float
    actions: tuple[tuple[str, float], ...]

    @property
    def total(self) -> float:
        return self.reading + sum(minutes for _, minutes in self.actions)

    @property
    def stated(self) -> int:
        """The time a lesson states: the total rounded to the nearest 5 minutes (a half up), at least 5. Rounded up,
        a lesson of 10 minutes said 15, and the four shortest lessons each said 15 to a newcomer who took 8 to 12."""
        return max(5, 5 * math.floor(self.total / 5 + 0.5))


def _words(text: str) -> int:
    return len(html.unescape(_TAG.sub(" ", text)).split())


def _output_words(output: dict[str, Any]) -> int:
    """The words a learner reads in one stored output; a widget's are counted as its action instead."""
    data = output.get("data", {})
    if _WIDGET_VIEW in data:
        return 0
    if output.get("output_type") == "stream":
        return _words(str(output.get("text", "")))
    for kind in ("text/html", "text/markdown", "text/plain"):
        if kind in data:
            text = data[kind]
            return _words("".join(text) if isinstance(text, list) else str(text))
    return 0


def lesson_pace(path: Path) -> Pace:
    """The time the lesson at ``path`` (a notebook) takes a newcomer, read from its cells and stored outputs."""
    import nbformat  # here: the engine and the widgets never need it

    cells = nbformat.read(path, as_version=4).cells  # type: ignore[no-untyped-call]
    words = 0
    actions: list[tuple[str, float]] = [("Run All Cells", ACTION_MINUTES["Run All Cells"])]
    for cell in cells:
        if cell.cell_type == "markdown":
            words += _words(cell.source)
            actions += [("question", ACTION_MINUTES["question"])] * cell.source.count("<details>")
            continue
        if cell.cell_type != "code":
            continue
        words += sum(_output_words(output) for output in cell.get("outputs", []))
        for found in _WIDGET.finditer(cell.source):
            name = found.group(1)
            if name == "LessonTest":
                actions += _test_parts(cell.source)
            elif name in _DEFAULT_COUNT:
                count = _COUNT.search(cell.source, found.end())
                # DecisionQuiz.at(state): the one decision of that moment
                single = found.group(0).endswith(".at(")
                asked = 1 if single else int(count.group(1)) if count else _DEFAULT_COUNT[name]
                unit = "TrickQuiz question" if name == "TrickQuiz" else "DecisionQuiz decision"
                actions.append((name, asked * ACTION_MINUTES[unit]))
            else:
                actions.append((name, ACTION_MINUTES[name]))
    return Pace(words / READING_WPM, tuple(actions))


def _test_parts(source: str) -> list[tuple[str, float]]:
    """A test's parts, each the quiz it is (the final test when the cell names none)."""
    from .final import TESTS  # the tests' parts, as the lessons ask them

    named = _TEST_NAME.search(source)
    parts = TESTS.get(named.group(1) if named else "final", ())
    return [
        ("TrickQuiz", part.count * ACTION_MINUTES["TrickQuiz question"])
        if part.kind == "trick"
        else ("DecisionQuiz", part.count * ACTION_MINUTES["DecisionQuiz decision"])
        for part in parts
    ]
