"""Grades: how much a choice gives up against the best one, and how sure the deals behind it make that.

Every choice of a decision is judged on the *same* deals of the hidden cards (one list of points per choice,
deal by deal), so two choices are compared deal by deal: the loss of a choice is the mean of its shortfall
against the best choice, and that shortfall's spread over the deals says how sure the loss is (a 95%
interval). The grade measures the loss as a share of what is at stake (the points between making and failing
the contract — or, when bidding, the lowest bid):

============  ===================
grade         points given up
============  ===================
best          under 5% of the stake
good          under 15%
inaccuracy    under 30%
mistake       under 60%
blunder       60% or more
============  ===================

Choices the deals cannot tell apart — their difference is within its own 95% interval of nothing — get the
same grade, the better one, as far as the worse choice's own interval reaches: a grade never rests on a difference
the sample cannot see, and a loss the deals are sure of keeps its grade. A choice worth more on average never grades
below one worth less. Nothing here reads a
clock: the grades are a function of the points only, so of the position and the seed.

>>> best, same, worse = grade_choices([[2, 2, 2, 2], [2, 2, 2, 1], [-2, -2, -2, -2]], stake=12)
>>> best.grade, same.grade, worse.grade
('best', 'best', 'mistake')
>>> same.tied, round(same.loss, 2), worse.sure
(True, 0.25, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from ..engine.i18n import lang_or_current, say

__all__ = ["GRADES", "Grade", "Graded", "Sureness", "grade_choices", "grade_estimates", "grade_for"]


Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
#: The grades, best first.
GRADES: tuple[Grade, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Upper limits of each grade but the last, as a share of the stake.
_LIMITS: tuple[tuple[float, Grade], ...] = ((0.05, "best"), (0.15, "good"), (0.30, "inaccuracy"), (0.60, "mistake"))
#: Two-sided 95%: a difference within this many standard errors of nothing is one the deals cannot see.
_Z = 1.96
#: The standard error of the difference between two choices' mean points, by their numbers.
_Error = Callable[[int, int], float]


def grade_for(loss: float, stake: float) -> Grade:
    """The grade of a choice that gives up ``loss`` points when ``stake`` points are at stake.

    >>> grade_for(0, 12), grade_for(1, 12), grade_for(3, 12), grade_for(9, 12)
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    share = loss / stake if stake > 0 else 0.0
    for limit, grade in _LIMITS:
        if share < limit:
            return grade
    return "blunder"


class Sureness:
    """How sure a graded choice's grade is, in words: shared by the choices of a hint and of an exchange, which
    carry these attributes as fields of their own."""

    deals: int
    loss: float
    tied: bool
    grade: Grade
    perhaps: Grade | None

    @property
    def sure(self) -> bool:
        """Does the whole 95% interval of the loss give this grade?"""
        return self.perhaps is None

    def sureness(self, lang: str | None = None) -> str:
        """How sure the grade is, in one short phrase: "on 320 deals", "as good as the best on these 320 deals",
        "on 320 deals, perhaps inaccuracy"."""
        language = lang_or_current(lang)
        if self.tied and self.loss > 0:
            return say("hints.sure.tied", language, n=self.deals)
        if self.perhaps is None:
            return say("hints.sure.sure", language, n=self.deals)
        from .hints import grade_word  # the grades' words are the course's (display.grade.*)

        return say("hints.sure.perhaps", language, n=self.deals, other=grade_word(self.perhaps, language))

    def doubt(self, lang: str | None = None) -> str:
        """:meth:`sureness` where it needs saying (a tie with the best, or a grade near a line), else ""."""
        return self.sureness(lang) if self.perhaps is not None or (self.tied and self.loss > 0) else ""


@dataclass(frozen=True)
class Graded:
    """One choice's grade and what it rests on."""

    grade: Grade
    #: Mean points given up against the best choice, on the same deals.
    loss: float
    #: The 95% interval of :attr:`loss` (never below 0).
    low: float
    high: float
    #: Deals behind it.
    deals: int
    #: The deals cannot tell this choice from the best one.
    tied: bool
    #: The grade another deal count might give: the one at the end of the interval outside this grade's band, or
    #: None when the whole interval lies in the band (or the grade is a tie with a better choice).
    perhaps: Grade | None

    @property
    def sure(self) -> bool:
        return self.perhaps is None


def grade_choices(points: Sequence[Sequence[float]], stake: float) -> list[Graded]:
    """Grade choices from their points on the same deals: ``points[i][d]`` is choice ``i``'s points on deal ``d``,
    in the order given back. The first choice with the most points on average is the best."""
    if not points:
        return []
    deals = len(points[0])
    means = [sum(row) / deals for row in points]
    top = max(range(len(points)), key=lambda i: (means[i], -i))

    @cache  # each pair is asked for more than once (against the best, against each better choice)
    def error(i: int, j: int) -> float:
        """Standard error of the mean difference between choices ``i`` and ``j``, deal by deal."""
        if deals < 2:
            return math.inf
        a, b = points[i], points[j]
        mean = means[i] - means[j]
        var = sum((x - y - mean) ** 2 for x, y in zip(a, b, strict=True)) / (deals - 1)
        return math.sqrt(var / deals)

    return _grades(means, top, error, stake, deals)


def grade_estimates(means: Sequence[float], errors: Sequence[float], stake: float, deals: int) -> list[Graded]:
    """Grade choices known only by their mean points and each mean's standard error (deals judged one choice
    at a time, such as the bids' odds); differences are then judged as between independent means.

    >>> [g.grade for g in grade_estimates([1.0, 0.9, -7.0], [0.2, 0.2, 0.2], stake=12, deals=300)]
    ['best', 'best', 'blunder']
    """
    if not means:
        return []
    top = max(range(len(means)), key=lambda i: (means[i], -i))
    return _grades(list(means), top, lambda i, j: math.hypot(errors[i], errors[j]), stake, deals)


def _grades(means: list[float], top: int, error: _Error, stake: float, deals: int) -> list[Graded]:
    order = sorted(range(len(means)), key=lambda i: (i != top, -means[i], i))
    out: dict[int, Graded] = {}
    for rank, i in enumerate(order):
        loss = means[top] - means[i]
        width = _Z * error(top, i) if i != top else 0.0
        low, high = max(0.0, loss - width), loss + width
        grade = grade_for(loss, stake)
        # a difference the deals cannot see is no difference: the grade of a better choice it cannot be told from,
        # but never better than its own interval allows (a loss sure to be a blunder stays one)
        floor = GRADES.index(grade_for(low, stake))
        for j in order[:rank]:
            lifted = max(GRADES.index(out[j].grade), floor)
            if lifted < GRADES.index(grade) and _alike(means, i, j, error):
                grade = GRADES[lifted]
        ends = [e for e in (grade_for(high, stake), grade_for(low, stake)) if e != grade]
        perhaps = ends[0] if ends else None
        tied = i == top or _alike(means, i, top, error)
        out[i] = Graded(grade, loss, low, high, deals, tied, perhaps)
    # a choice worth more on average never grades below one worth less: a tie that lifted a weaker choice lifts
    # every choice above it too, so the grades read best first down a list ranked by points
    better = len(GRADES) - 1
    for i in reversed(order):
        here = GRADES.index(out[i].grade)
        if better < here:
            g = out[i]
            out[i] = Graded(GRADES[better], g.loss, g.low, g.high, g.deals, g.tied, None)
        better = min(better, GRADES.index(out[i].grade))
    return [out[i] for i in range(len(means))]


def _alike(means: Sequence[float], i: int, j: int, error: _Error) -> bool:
    difference = abs(means[i] - means[j])
    return difference < 1e-9 or difference <= _Z * error(i, j)
