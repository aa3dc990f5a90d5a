"""The judgement half speaks with one voice: one rule for bidding, lesson 09's count, which lesson 12 uses and does
not contradict; one lesson, 05, that defines the grades, which every graded lesson points to; and lesson 07 shows the
Mulot card that wins the trick graded as the engine grades it."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from charlemagne_learn.analysis.hints import grade_word
from charlemagne_learn.teach.decisions import decision_at
from charlemagne_learn.teach.judging import bid_by_count, count_hand

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
EDITIONS = {"en": NOTEBOOKS, "fr": NOTEBOOKS / "fr"}
#: Lesson 09's rule, in the words every page that gives it uses.
THE_RULE = {"en": "bid the lowest bid allowed", "fr": "annoncez la plus basse enchère permise"}
#: The second rule lesson 12 used to teach, against lesson 09's.
BEST_POINTS_RULE = {
    "en": "bid the contract with the best expected points",
    "fr": "demandez le contrat qui a les meilleurs",
}
LESSON_05 = {"en": "lesson 05", "fr": "leçon 05"}


def _cells(lang: str, stem: str) -> list[nbformat.NotebookNode]:
    (path,) = EDITIONS[lang].glob(f"{stem}_*.ipynb")
    return list(nbformat.read(path, as_version=4).cells)


def _text(cell: nbformat.NotebookNode) -> str:
    return " ".join(cell.source.split())  # the prose as one line, whatever its wrapping


def _printed(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


@pytest.mark.parametrize("lang", EDITIONS)
def test_lesson_12_bids_by_lesson_09s_count_and_shows_it_beside_the_engine(lang: str) -> None:
    cells = _cells(lang, "12")
    prose = " ".join(_text(c).lower() for c in cells if c.cell_type == "markdown")
    assert THE_RULE[lang] in prose and BEST_POINTS_RULE[lang] not in prose
    # the strong hand's count and the bid it makes, printed beside the engine's best
    counted = count_hand("RJ JH JD AH 10H AS KC 9D", "canadian")
    most = bid_by_count(counted.total, "canadian")
    said = {
        "en": f"count {counted.total}, allows up to {most}: bid 5",
        "fr": f"compte {counted.total}, permet jusqu'à {most} : enchère 5",
    }
    assert any(said[lang] in _printed(c) for c in cells if c.cell_type == "code")


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("stem", ["06", "07", "08", "09", "12"])
def test_a_lesson_that_grades_points_to_lesson_05_for_the_grades(lang: str, stem: str) -> None:
    cells = _cells(lang, stem)
    graded = next(
        i for i, c in enumerate(cells) if c.cell_type == "code" and ("DecisionQuiz" in c.source or "hint(" in c.source)
    )
    before = " ".join(_text(c) for c in cells[:graded] if c.cell_type == "markdown")
    assert LESSON_05[lang] in before, f"lesson {stem} grades before it says where the grades are defined"


@pytest.mark.parametrize("lang", EDITIONS)
def test_lesson_07_first_shows_the_mulot_card_that_wins_the_trick_graded_as_the_engine_grades_it(lang: str) -> None:
    cells = _cells(lang, "07")
    ten = decision_at("canadian", "mulot", 412, (0, 4)).grade().choice("play 10D")
    quizzes = [i for i, c in enumerate(cells) if c.cell_type == "code" and "DecisionQuiz" in c.source]
    first = cells[quizzes[0]]
    assert 'decision_at(rules, "mulot", 412, (0, 4))' in first.source and "DecisionQuiz.at(" in first.source
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in first.outputs)
    answer = _text(cells[quizzes[0] + 1])
    assert answer.startswith("<details>") and "10♦" in answer and f"**{grade_word(ten.grade, lang)}**" in answer
