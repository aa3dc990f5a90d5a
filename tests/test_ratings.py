"""Practice ratings: a learner's and a problem's move after every answer, by the Weng-Lin rule (openskill), the
same answers always giving the same ratings, and a damaged file refused in words."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from charlemagne_learn.teach.ratings import NEW, Rating, RatingError, Ratings, chance, first_rating, rated


def test_a_win_raises_the_learner_and_lowers_the_problem_and_both_grow_surer() -> None:
    won, beaten = rated(NEW, Rating(1600, 300), solved=True)
    assert won.mu > NEW.mu and beaten.mu < 1600
    assert won.sigma < NEW.sigma and beaten.sigma < 300
    lost, held = rated(NEW, Rating(1600, 300), solved=False)
    assert lost.mu < NEW.mu and held.mu > 1600


def test_beating_a_harder_problem_counts_for_more_and_missing_an_easy_one_costs_more() -> None:
    hard, easy = Rating(1900, 200), Rating(1100, 200)
    assert rated(NEW, hard, solved=True)[0].mu > rated(NEW, easy, solved=True)[0].mu
    assert rated(NEW, easy, solved=False)[0].mu < rated(NEW, hard, solved=False)[0].mu
    assert chance(NEW, easy) > 0.5 > chance(NEW, hard)


def test_a_learner_s_rating_settles_near_the_level_they_solve_at() -> None:
    """A learner who solves every problem rated below 1800 and none above, asked problems from 1100 to 2500."""
    ratings = Ratings()
    for number in range(240):
        level = 1100 + (number * 37) % 1400
        ratings, _ = ratings.after("lead", Rating(level, 150), solved=level < 1800)
    assert 1650 < ratings.overall.mu < 1950, ratings.overall
    assert ratings.overall.sure and ratings.overall.sigma >= 1.0
    assert ratings.skill("bid") == NEW  # another skill is not moved by these answers
    assert ratings.skill("lead") != NEW


def test_the_same_answers_give_the_same_ratings() -> None:
    def run() -> Ratings:
        ratings, problem = Ratings(), first_rating(0.4, True)
        for number in range(30):
            ratings, problem = ratings.after("play" if number % 2 else "bid", problem, solved=number % 3 != 0)
        return ratings

    assert run() == run()
    assert json.dumps(run().to_json()) == json.dumps(run().to_json())


def test_a_problem_s_first_rating_rises_with_the_choices_that_lose_and_a_rule_that_fails() -> None:
    assert first_rating(0.1, False).mu < first_rating(0.8, False).mu < first_rating(0.8, True).mu
    assert not first_rating(0.5, True).sure  # nobody has answered it yet


@given(st.lists(st.tuples(st.sampled_from(["bid", "lead", "play"]), st.booleans()), max_size=60))
def test_ratings_survive_any_answers_and_read_back_as_written(answers: list[tuple[str, bool]]) -> None:
    ratings, problem = Ratings(), NEW
    for skill, solved in answers:
        ratings, problem = ratings.after(skill, problem, solved=solved)
    for rating in (ratings.overall, problem, *ratings.skills.values()):
        assert math.isfinite(rating.mu) and rating.sigma > 0
    assert Ratings.from_json(json.loads(json.dumps(ratings.to_json()))) == ratings


@pytest.mark.parametrize(
    "data",
    [None, [], "1500", {"overall": [1500]}, {"overall": ["a", 1]}, {"overall": [1500, 0]},
     {"overall": [float("nan"), 300]}, {"overall": [1e300, 300]}, {"skills": []}, {"skills": {"": [1500, 300]}},
     {"skills": {"lead": [True, 300]}}],
)  # fmt: skip
def test_damaged_ratings_are_refused_in_words(data: object) -> None:
    with pytest.raises(RatingError) as refused:
        Ratings.from_json(data)
    assert isinstance(refused.value, ValueError)
    assert "rating" in str(refused.value) and "classement" in str(refused.value.said("fr"))


@pytest.mark.parametrize("missed", [-0.1, 1.5, float("nan"), True, "half"])
def test_a_first_rating_needs_a_share(missed: object) -> None:
    with pytest.raises(RatingError, match="from 0"):
        first_rating(missed, False)  # type: ignore[arg-type]
