"""Grades from outcomes on the same deals: the chance of the result the seat plays for first, the points second;
choices the deals cannot tell from the best share its grade, and no other tie lifts a grade; the course prints the
scale the grader uses."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from charlemagne_learn.analysis.grading import GRADES, SCALE, grade_choices, grade_for, scale_rows
from charlemagne_learn.teach.decisions import decision_at

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

# points a hand can bring: failed or made at the stakes of a 6, the lowest bid's, and nothing
_POINTS = st.sampled_from([-12, -6, 0, 6, 12])


@given(
    st.integers(2, 40).flatmap(lambda n: st.lists(st.lists(_POINTS, min_size=n, max_size=n), min_size=2, max_size=8))
)
def test_only_a_tie_with_the_best_itself_lifts_a_grade(points: list[list[int]]) -> None:
    graded = grade_choices(points, stake=12)
    assert min(GRADES.index(g.grade) for g in graded) == 0  # someone is best
    for g in graded:
        if g.tied:
            assert g.grade == "best"
        else:  # its own loss's grade, never lifted by a neighbour's tie
            assert g.grade == grade_for(max(g.loss, 0.0), 12)


def test_a_difference_the_deals_cannot_see_is_no_difference() -> None:
    same_but_one = [[6] * 8, [6] * 7 + [-6]]  # one deal in eight apart: the deals cannot tell them apart
    best, other = grade_choices(same_but_one, stake=12)
    assert (best.grade, other.grade) == ("best", "best") and other.tied and other.loss == 1.5
    assert other.sureness("en") == "a close call" and other.sureness("fr") == "un choix serré"
    sure = [[6] * 40, [-6] * 40]  # every deal 12 points apart: sure to be a blunder
    assert grade_choices(sure, stake=12)[1].grade == "blunder" == grade_for(12, 12)


def test_ties_never_chain() -> None:
    # the middle choice cannot be told from the best, nor the last from the middle one; the last from the best, it
    # can: it keeps its own grade
    deals = 60
    best = [6.0] * deals
    middle = [6.0] * (deals - 2) + [-6.0] * 2
    last = [6.0] * (deals - 5) + [-6.0] * 5
    graded = grade_choices([best, middle, last], stake=12)
    assert [g.grade for g in graded] == ["best", "best", "good"]
    assert graded[1].tied and not graded[2].tied


def test_a_choice_that_makes_a_live_contract_impossible_is_a_blunder_whatever_the_points() -> None:
    # made on a quarter of the deals against never: a quarter of the stake in points, all of the chance
    made = [1, 0, 0, 0] * 10
    points = [[6 if m else -6 for m in made], [-6] * 40]
    graded = grade_choices(points, stake=12, results=[made, [0] * 40])
    assert graded[1].grade == "blunder" and graded[1].chance_loss == 1.0
    assert grade_for(graded[1].loss, 12) == "inaccuracy"  # what the points alone say


def test_a_chance_thrown_away_counts_more_than_its_points() -> None:
    # 46% against 12%, as naming a one-card trump suit: three quarters of the chance
    best = [1] * 46 + [0] * 54
    worse = [1] * 12 + [0] * 88
    points = [[6 if m else -6 for m in row] for row in (best, worse)]
    assert grade_choices(points, stake=12, results=[best, worse])[1].grade == "blunder"


def _moved(made: list[int], lose: int, gain: int, seed: int) -> list[int]:
    """``made`` with the contract lost on ``lose`` of its made deals and made on ``gain`` of the others."""
    rng = random.Random(seed)
    ones = [i for i, m in enumerate(made) if m]
    zeros = [i for i, m in enumerate(made) if not m]
    rng.shuffle(ones)
    rng.shuffle(zeros)
    out = list(made)
    for i in ones[:lose]:
        out[i] = 0
    for i in zeros[:gain]:
        out[i] = 1
    return out


def test_seven_percent_of_the_stake_given_up_is_not_best_through_a_neighbour() -> None:
    # each choice close to the one before it, the last 7% of the stake below the best: a chain of ties once made
    # it "best" too
    best = [1] * 192 + [0] * 128
    middle = _moved(best, 20, 8, seed=2)
    last = _moved(middle, 20, 10, seed=3)
    points = [[6 if m else -6 for m in row] for row in (best, middle, last)]
    by_points = grade_choices(points, stake=12)
    assert by_points[1].grade == "best" and round(by_points[2].loss / 12, 2) == 0.07
    assert by_points[2].grade == "good" and not by_points[2].tied
    assert by_points[2].sureness("en") == "close to best" and by_points[2].sureness("fr") == "presque meilleur"
    assert by_points[2].details("en").startswith("320 deals; gives up ")
    assert grade_choices(points, stake=12, results=[best, middle, last])[2].grade == "good"


def test_the_mulot_card_that_wins_the_trick_is_a_blunder() -> None:
    # lesson 07's Mulot decision: 10♦ over 8♦ 9♦ takes the trick and loses the Gros Mulot on the spot
    decision = decision_at("canadian", "mulot", 412, (0, 4))
    ranked = decision.grade()
    assert "North 8♦, South 9♦" in decision.situation
    ten = ranked.choice("play 10D")
    assert ranked.best.action.text("en") == "play 7♦" and ranked.best.made and ranked.best.made > 0
    assert ten.made == 0 and ten.grade == "blunder"


@pytest.mark.parametrize("edition", ["", "fr"])
def test_the_lesson_prints_the_scale_the_grader_uses(edition: str) -> None:
    lesson = (NOTEBOOKS / edition / "05_bidding_and_the_kitty.ipynb").read_text(encoding="utf-8")
    lang = edition or "en"
    rows = re.findall(r"\| \*([^*|]+)\* \| ([^|]+?) \|", lesson.replace("\\n", "\n"))
    printed = [(grade, text.replace("\u202f", " ")) for grade, text in rows]
    assert printed == [(grade, text.replace("\u202f", " ")) for grade, text in scale_rows(lang)]
    assert [limit for _, limit in SCALE] == sorted(limit for _, limit in SCALE)


@pytest.mark.parametrize("edition", ["", "fr"])
def test_only_lesson_05_sets_out_the_scale(edition: str) -> None:
    """One place defines the grades: another lesson that wrote the table again would drift from it."""
    for path in sorted((NOTEBOOKS / edition).glob("[0-9][0-9]_*.ipynb")):
        if path.name.startswith("05_"):
            continue
        lesson = path.read_text(encoding="utf-8")
        assert not re.search(r"\| \*{1,2}[^*|]+\*{1,2} \| [^|\d]*\d+ ?% [^|]*\|", lesson), path.name
