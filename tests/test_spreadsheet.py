"""Every CSV the package writes opens in a spreadsheet without running anything, and reads back as written."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from charlemagne_learn.engine.spreadsheet import FORMULA_STARTS, csv_records, csv_text, read_cell, safe_cell
from charlemagne_learn.teach import read_results
from charlemagne_learn.teach.classroom import ClassResults
from charlemagne_learn.widgets import TrickQuiz
from charlemagne_learn.widgets._results import results_csv

PACKAGE = Path(__file__).resolve().parent.parent / "charlemagne_learn"
#: Texts a spreadsheet would run, and texts that look like a guard already.
HOSTILE = ["=HYPERLINK(\"http://x\",\"click\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "'=1+1", "'", "''", "'x", "=",
           "", "plain", "7♥ J♦", "\n=1", "  -1", " ' x", "\r\n+x"]  # fmt: skip
cells = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(alphabet=st.sampled_from(["=", "+", "-", "@", "\t", "\r", "\n", "'", '"', ",", "a", "é", " "]), max_size=6),
    st.text(max_size=8).filter(lambda t: not any(0xD800 <= ord(c) <= 0xDFFF for c in t)),
)


def _unsafe(table: str) -> list[str]:
    """The cells of a CSV text a spreadsheet would run."""
    return [cell for row in csv.reader(io.StringIO(table)) for cell in row if _runs(cell)]


def _runs(cell: str) -> bool:
    """Whether a spreadsheet may run a cell: it starts like a formula, or does after spaces or line breaks."""
    return cell[:1] in FORMULA_STARTS or cell.lstrip()[:1] in FORMULA_STARTS


def test_a_guarded_cell_reads_back_as_it_was_and_never_starts_a_formula() -> None:
    for text in HOSTILE:
        assert read_cell(safe_cell(text)) == text
        assert not _runs(safe_cell(text))
    assert [safe_cell(x) for x in (None, -3, 0.5, True)] == ["", -3, 0.5, True]  # numbers are no formulas


def test_the_dashboards_tables_export_guarded_csv() -> None:
    rows = [
        {"student": '=HYPERLINK("http://x")', "skill": "@risky", "prompt": "-1+1", "answer": "+A", "correct": False},
        {"student": "Ada", "skill": "=skill", "prompt": "=p", "answer": "=1", "correct": True},
    ]
    results = ClassResults.from_rows(rows)
    for table in (results.by_student(), results.by_skill(), results.grid(), results.missed()):
        assert not _unsafe(table.to_csv()), table.title
    assert "'=HYPERLINK" in results.by_student().to_csv()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(cells, cells, cells), min_size=1, max_size=4))
def test_a_quiz_file_read_by_the_dashboard_shows_the_real_answers_and_exports_safely(
    fuzzed: list[tuple[str, str, str]],
) -> None:
    fields = ("student", "quiz", "question", "kind", "skill", "prompt", "answer", "correct_answer", "correct")
    rows = [
        {"student": who, "quiz": "q", "question": n, "kind": "winner", "skill": skill, "prompt": f"p{n}",
         "answer": answer, "correct_answer": "E", "correct": n % 2 == 0}
        for n, (who, skill, answer) in enumerate(fuzzed, 1)
    ]  # fmt: skip
    written = results_csv(rows, fields)
    assert not _unsafe(written)
    results = read_results({"class.csv": {"content": ("\ufeff" + written).encode()}})
    named = [r["student"].strip() or "no name (class)" for r in rows]
    assert [(a.student, a.skill, a.answer) for a in results.answers] == [
        (name, r["skill"] or "winner", r["answer"]) for name, r in zip(named, rows, strict=True)
    ]
    for table in (results.by_student(), results.by_skill(), results.grid(), results.missed()):
        assert not _unsafe(table.to_csv())
    # the JSON is not guarded, and is not unguarded either: an answer starting with an apostrophe stays whole
    from_json = read_results({"class.json": {"content": json.dumps(rows).encode()}})
    assert [a.answer for a in from_json.answers] == [r["answer"] for r in rows]


def test_a_quizs_own_file_reads_back_every_answer_as_given(tmp_path: Path) -> None:
    quiz = TrickQuiz("canadian", level=1, seed=3, count=1, student="'=Ada'")  # an apostrophe before a formula
    quiz.answer(quiz._question.answer)
    quiz.to_csv(tmp_path / "ada.csv")
    assert read_results(tmp_path / "ada.csv").students == ["'=Ada'"]


def test_every_csv_the_package_writes_goes_through_the_guard() -> None:
    """One place writes CSV: a new writer elsewhere would write a student's ``=cmd|…`` raw."""
    writers = re.compile(r"csv\.(writer|DictWriter)\(|\.writerows?\(")
    found = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "spreadsheet.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if writers.search(line)
    ]
    assert not found, f"CSV written without charlemagne_learn.engine.spreadsheet: {found}"


def test_csv_records_and_csv_text_agree() -> None:
    assert csv_records([{"a": "=1", "b": None}], ["a", "b"]) == csv_text([["a", "b"], ["=1", None]]) == "a,b\n'=1,\n"
