"""Ratings for practice: a learner's, skill by skill and overall, and each problem's, moved after every answer.

An answer is a game between the learner and the problem: a choice graded best or good wins it for the learner,
any other loses it. Both ratings move by the Weng-Lin rule (openskill's Plackett-Luce model, a maintained
Bayesian rating of the TrueSkill and Glicko-2 family), which keeps with each rating how sure it is (``sigma``): a
new learner's rating moves fast, then settles as answers come in, and a win against a problem rated far above
moves it more than a win against one far below. Ratings are shown on the scale chess players know from puzzle
sites: a newcomer, and a problem nobody has tried, start near 1500, known within about ±350.

Nothing here reads a clock or draws at random: the same answers in the same order give the same ratings.

>>> learner, problem = Rating(), Rating(1700, 300)
>>> round(chance(learner, problem), 2)
0.35
>>> won, beaten = rated(learner, problem, solved=True)
>>> won.shown > learner.shown, beaten.shown < problem.shown, won.sigma < learner.sigma
(True, True, True)
>>> str(won), won.sure
('1639?', False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import sentence

__all__ = ["NEW", "Rating", "RatingError", "Ratings", "chance", "first_rating", "rated"]

#: Where a newcomer starts, and how unsure that is: the scale of puzzle ratings.
_MU, _SIGMA = 1500.0, 350.0
#: The spread of one answer about the difference of two ratings (half the starting doubt, as the model advises),
#: and the doubt added back at each answer, so a rating never stops moving: a learner who improves is followed.
_BETA, _TAU = _SIGMA / 2, _SIGMA / 100
#: A rating known within this much (one sigma) is shown as sure; above, with a question mark, as lichess does.
_SURE = 110.0
#: The widest and narrowest a rating may be, read from a file: a damaged file never gives a rating that breaks
#: the arithmetic (a sigma of 0 would never move again; one of 1e300 overflows).
_LOWEST, _HIGHEST = -10_000.0, 10_000.0
_SIGMA_RANGE = (1.0, 1_000.0)


class RatingError(CharlemagneError, ValueError):
    """A rating that is not two finite numbers in range (read from a damaged or edited file)."""


@dataclass(frozen=True)
class Rating:
    """A rating (``mu``, shown rounded) and how sure it is (``sigma``: about two in three true ratings lie within
    ``mu ± sigma``)."""

    mu: float = _MU
    sigma: float = _SIGMA

    def __post_init__(self) -> None:
        for name, value, (low, high) in (("mu", self.mu, (_LOWEST, _HIGHEST)), ("sigma", self.sigma, _SIGMA_RANGE)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise RatingError(sentence("ratings.bad", name=name, value=quote(value), low=int(low), high=int(high)))

    @property
    def shown(self) -> int:
        """The rating as a learner reads it."""
        return round(self.mu)

    @property
    def sure(self) -> bool:
        """Known well enough to be shown without a question mark (after a dozen answers or so)."""
        return self.sigma <= _SURE

    def __str__(self) -> str:
        return f"{self.shown}" if self.sure else f"{self.shown}?"

    def to_json(self) -> list[float]:
        return [self.mu, self.sigma]

    @classmethod
    def from_json(cls, data: object) -> Rating:
        """A rating written by :meth:`to_json`; a clear :class:`RatingError` for anything else."""
        if not isinstance(data, (list, tuple)) or len(data) != 2:
            raise RatingError(sentence("ratings.not_a_rating", value=quote(data)))
        mu, sigma = data
        return cls(mu, sigma)


#: A newcomer's rating, and a problem's before anything is known of it.
NEW = Rating()


@cache
def _model() -> Any:
    # imported when first rated: a lesson that never practises does not pay for it
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=_MU, sigma=_SIGMA, beta=_BETA, tau=_TAU)


def chance(learner: Rating, problem: Rating) -> float:
    """The chance that ``learner`` solves ``problem``, as the model sees it."""
    model = _model()
    a, b = model.rating(mu=learner.mu, sigma=learner.sigma), model.rating(mu=problem.mu, sigma=problem.sigma)
    return float(model.predict_win([[a], [b]])[0])


def rated(learner: Rating, problem: Rating, *, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the problem's ratings after one answer (``solved``: graded best or good)."""
    model = _model()
    a, b = model.rating(mu=learner.mu, sigma=learner.sigma), model.rating(mu=problem.mu, sigma=problem.sigma)
    [[a], [b]] = model.rate([[a], [b]], ranks=[0, 1] if solved else [1, 0])
    return _clamped(a.mu, a.sigma), _clamped(b.mu, b.sigma)


def _clamped(mu: float, sigma: float) -> Rating:
    return Rating(min(max(mu, _LOWEST), _HIGHEST), min(max(sigma, _SIGMA_RANGE[0]), _SIGMA_RANGE[1]))


def first_rating(missed: float, bots_miss: bool) -> Rating:
    """A new problem's first rating, before anyone has answered it: higher the more of its choices are graded below
    good (``missed``, a share from 0 to 1: a position where most cards lose is easy to get wrong) and when the
    rule-of-thumb player chooses wrong there (``bots_miss``: the rule a learner was taught does not solve it)."""
    if isinstance(missed, bool) or not isinstance(missed, (int, float)) or not 0 <= missed <= 1:
        raise RatingError(sentence("ratings.bad_share", value=quote(missed)))
    # 1200 for a position where one choice in a hundred loses and the rule finds the answer, 1900 where nearly
    # every choice loses and the rule does not: the span of the course's own positions
    return Rating(1200 + 300 * missed + (400 if bots_miss else 0), _SIGMA)


@dataclass(frozen=True)
class Ratings:
    """A learner's ratings: overall, and for each skill practised (a decision's kind: ``"bid"``, ``"lead"``…)."""

    overall: Rating = NEW
    skills: Mapping[str, Rating] = field(default_factory=dict)

    def skill(self, name: str) -> Rating:
        """The rating for one skill (:data:`NEW` for a skill not yet practised)."""
        return self.skills.get(name, NEW)

    def after(self, skill: str, problem: Rating, *, solved: bool) -> tuple[Ratings, Rating]:
        """The learner's ratings after answering a problem of ``skill`` rated ``problem``, and the problem's new
        rating. The overall rating and the skill's each play the problem as it was; the problem moves once, against
        the overall rating."""
        overall, moved = rated(self.overall, problem, solved=solved)
        skilled, _ = rated(self.skill(skill), problem, solved=solved)
        return replace(self, overall=overall, skills={**self.skills, skill: skilled}), moved

    def to_json(self) -> dict[str, Any]:
        return {"overall": self.overall.to_json(), "skills": {k: v.to_json() for k, v in sorted(self.skills.items())}}

    @classmethod
    def from_json(cls, data: object) -> Ratings:
        """Ratings written by :meth:`to_json`; a clear :class:`RatingError` for anything else."""
        if not isinstance(data, Mapping) or not isinstance(data.get("skills", {}), Mapping):
            raise RatingError(sentence("ratings.not_ratings", value=quote(data)))
        skills = {}
        for name, value in data.get("skills", {}).items():
            if not isinstance(name, str) or not name or len(name) > 40:
                raise RatingError(sentence("ratings.not_ratings", value=quote(data)))
            skills[name] = Rating.from_json(value)
        return cls(Rating.from_json(data.get("overall", NEW.to_json())), skills)
