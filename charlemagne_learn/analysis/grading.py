"""Grades: what a choice gives up against the best one, and how sure the deals behind it make that.

Every choice of a decision is judged on the *same* deals of the hidden cards, deal by deal, by two measures from the
same play-outs: whether the seat's side gets the result it plays for (the contract made, for the bidder's side; set,
for the defence) and the points. The result comes first: a card, a partner's card or an exchange is graded by the
share of the best choice's chance of that result it throws away, and by the points it gives up as a share of what is
at stake (the points between making and failing the contract), whichever is worse; the points alone decide where
the chance is the same (a contract sure, or lost, whatever is chosen). A bid is graded by its points (when bidding,
against the lowest bid's stake). One table, :data:`SCALE`, holds the lines, and the course prints it
(:func:`scale_rows`):

============  ==================================================
grade         of the best's chance, or of the stake, given up
============  ==================================================
best          under 5% — or a difference the deals cannot see
good          under 15%
inaccuracy    under 30%
mistake       under 60%
blunder       60% or more
============  ==================================================

A choice that makes a still-live contract impossible (never made on any deal, where the best makes it on enough
deals to be sure it can be made) throws the whole chance away: a blunder, whatever the points.

Ties never chain: a choice shares the best's grade only when the deals cannot tell it from the best itself (each
measure's difference within its own 95% interval of nothing), never through a neighbour that shared it. Nothing here
reads a clock: the grades are a function of the deals' outcomes only, so of the position and the seed.

>>> best, same, worse = grade_choices([[2, 2, 2, 2], [2, 2, 2, 1], [-2, -2, -2, -2]], stake=12)
>>> best.grade, same.grade, worse.grade
('best', 'best', 'mistake')
>>> same.tied, round(same.loss, 2), worse.sure
(True, 0.25, True)

The contract made on a quarter of the deals against none: a blunder, though it costs a quarter of the stake.

>>> made, lost = grade_choices([[6, -6, -6, -6] * 10, [-6] * 40], stake=12, results=[[1, 0, 0, 0] * 10, [0] * 40])
>>> made.grade, lost.grade, lost.chance_loss
('best', 'blunder', 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ..engine.i18n import lang_or_current, number, say

__all__ = [
    "GRADES", "SCALE", "Grade", "Graded", "Sureness", "grade_choices", "grade_estimates", "grade_for", "grade_word",
    "scale_rows", "sureness_of",
]  # fmt: skip


Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
#: The grades, best first.
GRADES: tuple[Grade, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The course's scale: each grade but the last and the share it stays under — of the best choice's chance of the
#: result the seat plays for, or of the points at stake. The grader and every table the course prints read it here.
SCALE: tuple[tuple[Grade, float], ...] = (("best", 0.05), ("good", 0.15), ("inaccuracy", 0.30), ("mistake", 0.60))
#: Two-sided 95%: a difference within this many standard errors of nothing is one the deals cannot see.
_Z = 1.96
#: The standard error of the difference between two choices' means, by their numbers.
_Error = Callable[[int, int], float]


def grade_for(loss: float, stake: float) -> Grade:
    """The grade of a choice that gives up ``loss`` points when ``stake`` points are at stake (or ``loss`` of a
    chance of ``stake``).

    >>> grade_for(0, 12), grade_for(1, 12), grade_for(3, 12), grade_for(9, 12)
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    return _grade_of(loss / stake if stake > 0 else 0.0)


def _grade_of(share: float) -> Grade:
    for grade, limit in SCALE:
        if share < limit:
            return grade
    return "blunder"


def grade_word(grade: Grade, lang: str | None = None) -> str:
    """A grade as the course says it, in ``lang`` (the course's language by default).

    >>> grade_word("inaccuracy", "en"), grade_word("inaccuracy", "fr"), grade_word("blunder", "fr")
    ('inaccuracy', 'imprécision', 'gaffe')
    """
    return say(f"grade.{grade}", lang_or_current(lang))


def scale_rows(lang: str | None = None) -> list[tuple[str, str]]:
    """The scale as the course prints it: each grade in words and what it stands for, from :data:`SCALE`.

    >>> scale_rows("en")[2]
    ('inaccuracy', '15% to 30%')
    """
    language = lang_or_current(lang)
    rows = []
    below = 0.0
    for grade, limit in SCALE:
        key = "grading.scale.first" if grade == "best" else "band.low_to_high"
        low, high = number(below, ".0%", language), number(limit, ".0%", language)
        rows.append((grade_word(grade, language), say(key, language, low=low, high=high)))
        below = limit
    rows.append(
        (grade_word("blunder", language), say("grading.scale.last", language, low=number(below, ".0%", language)))
    )
    return rows


class Sureness:
    """How sure a graded choice's grade is, in words: shared by the choices of a hint and of an exchange, which
    carry these attributes as fields of their own."""

    deals: int
    loss: float
    low: float
    high: float
    tied: bool
    grade: Grade
    perhaps: Grade | None
    chance_loss: float | None
    chance_low: float
    chance_high: float

    @property
    def sure(self) -> bool:
        """Does the whole 95% interval of what the choice gives up give this grade?"""
        return self.perhaps is None

    def sureness(self, lang: str | None = None) -> str:
        """How sure the grade is, in the words a player uses: "a close call" (the deals cannot tell it from the
        best), "close to mistake" (near the line between two grades), "hard to tell on these deals" (a grade more
        deals could move further), "clearly worse" (the deals leave no doubt), "" for the best itself."""
        language = lang_or_current(lang)
        if self.tied:
            gave_up = self.loss > 0 or bool(self.chance_loss)
            return say("hints.sure.tied", language) if gave_up else ""
        if self.perhaps is not None:
            if abs(GRADES.index(self.perhaps) - GRADES.index(self.grade)) > 1:  # a grade the deals barely pin down
                return say("hints.sure.rough", language)
            return say("hints.sure.near", language, other=grade_word(self.perhaps, language))
        return "" if self.grade == "best" else say("hints.sure.sure", language)

    def doubt(self, lang: str | None = None) -> str:
        """:meth:`sureness` where it needs saying (a tie with the best, or a grade near a line), else ""."""
        return self.sureness(lang) if self.perhaps is not None or self.tied else ""

    def details(self, lang: str | None = None) -> str:
        """What the grade rests on, for a learner who asks: the deals and the 95% intervals of what the choice gives
        up ("320 deals; gives up 12% to 31% of the best's chance, 0.4 to 1.9 points")."""
        language = lang_or_current(lang)
        if self.high == 0 and self.chance_high == 0:  # the best, or a choice the same as it on every deal
            return say("hints.details.best", language, n=self.deals)
        points = say(
            "hints.details.points",
            language,
            low=number(self.low, ".1f", language),
            high=number(self.high, ".1f", language),
        )
        if self.chance_loss is None:
            return say("hints.details.one", language, n=self.deals, points=points)
        # a choice graded on the chance of winning the game (where the game's score decided): that chance's share
        key = "hints.details.game" if getattr(self, "game", None) is not None else "hints.details.chance"
        chance = say(
            key,
            language,
            low=number(self.chance_low, ".0%", language),
            high=number(self.chance_high, ".0%", language),
        )
        return say("hints.details.two", language, n=self.deals, chance=chance, points=points)


def sureness_of(graded: Sureness) -> dict[str, Any]:
    """The fields a graded choice takes from its grade (those :class:`Sureness` declares), to build one from a grade."""
    return {name: getattr(graded, name) for name in Sureness.__annotations__}


@dataclass(frozen=True)
class Graded(Sureness):
    """One choice's grade and what it rests on."""

    grade: Grade
    #: Mean points given up against the best choice, on the same deals (below 0 where it brings more points than the
    #: best, whose chance of the result is higher).
    loss: float
    #: The 95% interval of :attr:`loss` (never below 0).
    low: float
    high: float
    #: Deals behind it.
    deals: int
    #: The deals cannot tell this choice from the best one, by either measure.
    tied: bool
    #: The grade another deal count might give: the one at the end of the deciding measure's interval outside this
    #: grade's band, the milder end first, or None when the whole interval lies in the band (or the choice ties with
    #: the best).
    perhaps: Grade | None
    #: The share of the best choice's chance of the seat's result that this one throws away, and its 95% interval
    #: (None: graded by the points alone, as a bid).
    chance_loss: float | None = None
    chance_low: float = 0.0
    chance_high: float = 0.0


def grade_choices(
    points: Sequence[Sequence[float]],
    stake: float,
    results: Sequence[Sequence[float]] | None = None,
    *,
    best: int | None = None,
) -> list[Graded]:
    """Grade choices from their outcomes on the same deals, in the order given: ``points[i][d]`` is choice ``i``'s
    points on deal ``d``, and ``results[i][d]`` 1 where the seat's side gets the result it plays for on that deal
    (the contract made, or set), else 0 (None: by the points alone). The best choice is the first with the highest
    chance of the result, then the most points — or choice ``best``, where another measure chose it (what each
    choice gives up is then measured against that one)."""
    if not points:
        return []
    deals = len(points[0])
    means = [sum(row) / deals for row in points]
    chances = None if results is None else [sum(row) / deals for row in results]
    if best is not None:
        top = best
    elif chances is None:
        top = max(range(len(points)), key=lambda i: (means[i], -i))
    else:
        top = max(range(len(points)), key=lambda i: (chances[i], means[i], -i))
    point_error = _paired(points, means, deals)
    chance_error = None if results is None or chances is None else _paired(results, chances, deals)
    return _grades(means, top, point_error, stake, deals, chances, chance_error)


def _paired(rows: Sequence[Sequence[float]], means: list[float], deals: int) -> _Error:
    @cache  # each pair is asked for more than once
    def error(i: int, j: int) -> float:
        """Standard error of the mean difference between choices ``i`` and ``j``, deal by deal."""
        if deals < 2:
            return math.inf
        mean = means[i] - means[j]
        var = sum((x - y - mean) ** 2 for x, y in zip(rows[i], rows[j], strict=True)) / (deals - 1)
        return math.sqrt(var / deals)

    return error


def grade_estimates(
    means: Sequence[float], errors: Sequence[float], stake: float, deals: int, *, best: int | None = None
) -> list[Graded]:
    """Grade choices known only by their mean points and each mean's standard error (deals judged one choice
    at a time, such as the bids' odds); differences are then judged as between independent means.

    >>> [g.grade for g in grade_estimates([1.0, 0.9, -7.0], [0.2, 0.2, 0.2], stake=12, deals=300)]
    ['best', 'best', 'blunder']
    """
    if not means:
        return []
    top = max(range(len(means)), key=lambda i: (means[i], -i)) if best is None else best
    return _grades(list(means), top, lambda i, j: math.hypot(errors[i], errors[j]), stake, deals, None, None)


def _grades(
    means: list[float],
    top: int,
    error: _Error,
    stake: float,
    deals: int,
    chances: list[float] | None,
    chance_error: _Error | None,
) -> list[Graded]:
    out = []
    for i in range(len(means)):
        if i == top:
            out.append(Graded("best", 0.0, 0.0, 0.0, deals, True, None, None if chances is None else 0.0))
            continue
        # the points given up, as a share of the stake
        loss = means[top] - means[i]
        width = _Z * error(top, i)
        low, high = max(0.0, loss - width), max(0.0, loss + width)
        scale = stake if stake > 0 else math.inf
        measures = [(_alike(loss, width), max(0.0, loss) / scale, low / scale, high / scale)]
        chance_loss: float | None = None
        chance_low = chance_high = 0.0
        if chances is not None and chance_error is not None:
            # the chance thrown away, as a share of the best's chance (all of it where the best has none: nothing)
            given = chances[top] - chances[i]
            spread = _Z * chance_error(top, i)
            of = chances[top] if chances[top] > 0 else math.inf
            chance_loss = given / of
            chance_low, chance_high = max(0.0, given - spread) / of, min(1.0, (given + spread) / of)
            measures.append((_alike(given, spread), chance_loss, chance_low, chance_high))
        # each measure grades unless the deals cannot tell it from the best's; the worse of the two counts
        graded = [(_grade_of(share), lo, hi) for alike, share, lo, hi in measures if not alike]
        tied = not graded
        grade: Grade = "best"
        perhaps: Grade | None = None
        if graded:
            grade, lo, hi = max(graded, key=lambda g: GRADES.index(g[0]))
            # the better grade the interval's low end gives, first: how much milder the grade might be
            ends = [e for e in (_grade_of(lo), _grade_of(hi)) if e != grade]
            perhaps = ends[0] if ends else None
        out.append(Graded(grade, loss, low, high, deals, tied, perhaps, chance_loss, chance_low, chance_high))
    return out


def _alike(difference: float, width: float) -> bool:
    """Is a difference one the deals cannot see (within its 95% interval of nothing)?"""
    return abs(difference) < 1e-9 or abs(difference) <= width
