"""Grades from points on the same deals: a choice worth more on average never grades below one worth less, choices
the deals cannot tell apart share a grade, and a loss the deals are sure of keeps its own grade."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from charlemagne_learn.analysis.grading import GRADES, grade_choices, grade_for

# points a hand can bring: failed or made at the stakes of a 6, the lowest bid's, and nothing
_POINTS = st.sampled_from([-12, -6, 0, 6, 12])


@given(
    st.integers(2, 40).flatmap(lambda n: st.lists(st.lists(_POINTS, min_size=n, max_size=n), min_size=2, max_size=8))
)
def test_grades_read_best_first_down_a_list_ranked_by_points(points: list[list[int]]) -> None:
    graded = grade_choices(points, stake=12)
    means = [sum(row) / len(row) for row in points]
    for i, a in enumerate(graded):
        for j, b in enumerate(graded):
            if means[i] > means[j] + 1e-9:
                assert GRADES.index(a.grade) <= GRADES.index(b.grade)
    assert min(GRADES.index(g.grade) for g in graded) == 0  # someone is best


def test_a_difference_the_deals_cannot_see_is_no_difference() -> None:
    same_but_one = [[6] * 8, [6] * 7 + [-6]]  # one deal in eight apart: the deals cannot tell them apart
    best, other = grade_choices(same_but_one, stake=12)
    assert (best.grade, other.grade) == ("best", "best") and other.tied and other.loss == 1.5
    sure = [[6] * 40, [-6] * 40]  # every deal 12 points apart: sure to be a blunder
    assert grade_choices(sure, stake=12)[1].grade == "blunder" == grade_for(12, 12)
