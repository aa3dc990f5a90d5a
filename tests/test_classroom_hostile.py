"""One odd file never breaks the dashboard: every file is read or listed, and the whole dashboard (tables,
plot, report, CSV and HTML) is built from what was read, in time that grows with its size and no faster."""

from __future__ import annotations

import json

import pytest
from _class_files import FIELDS, csv_bytes, everything, row
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from charlemagne_learn.teach import ResultsFileError, read_results
from charlemagne_learn.teach.classroom import MAX_GRID_SKILLS, MAX_PLOT_BARS, ClassResults

# a name in a script the plot's font lacks is drawn as boxes, with matplotlib's warning
pytestmark = pytest.mark.filterwarnings("ignore:Glyph .* missing from font")

HOSTILE_NAMES = ["$x^$", r"$\frac$", "cost $5 and $6", "a\\b", r"\n", "<script>alert(1)</script>", "&amp;", "=1+1",
                 "Émile 😀", "x" * 4_000, "tab\there\nline"]  # fmt: skip


def test_hostile_names_are_shown_as_written_in_every_part_of_the_dashboard() -> None:
    rows = [row(name, 1, skill=f"skill {name}") for name in HOSTILE_NAMES]
    results = read_results({"class.json": {"content": json.dumps(rows).encode()}})
    assert len(results.students) == len(HOSTILE_NAMES) and not results.problems
    everything(results)
    assert "<script>" not in results._repr_html_() and "&lt;script&gt;" in results.grid()._repr_html_()
    fig = results.plot()
    labels = [t.get_text() for t in fig.axes[1].get_yticklabels()]
    assert "$x^$" in labels and r"$\frac$" in labels  # a name, not a formula
    assert all(len(label) < 80 for label in labels)  # a long name is cut short in the picture, not in the tables


def test_a_file_that_cannot_be_shown_is_listed_and_the_rest_is_read() -> None:
    upload = {
        "Ada.csv": {"content": csv_bytes(row("Ada", 1))},
        "surrogate.json": {"content": b'[{"student": "Ben\\ud800", "question": 1, "answer": "E", "correct": true}]'},
        "huge.json": {"content": json.dumps([row("C" * 200_000, 1)]).encode()},
        "nested.json": {"content": b"[" * 100_000 + b"]" * 100_000},
        "list.json": {"content": json.dumps([row("Dev", 1, answer=["E"] * 10)]).encode()},
        "deep-cell.json": {"content": json.dumps([{**row("Eve", 1), "student": [[[["Eve"]]]]}]).encode()},
    }
    results = read_results(upload)
    assert results.students == ["Ada"] and len(results.problems) == 5
    assert any("surrogate.json" in p and "Unicode" in p for p in results.problems)
    assert any("huge.json" in p and "200000 characters" in p for p in results.problems)
    everything(results)
    with pytest.raises(ResultsFileError):
        ClassResults.from_rows([{"student": "\udc80", "question": 1, "correct": True}])


def test_a_large_file_of_many_students_and_skills_is_read_in_linear_time() -> None:
    """Two thousand answers, each from its own student on its own skill (a ~300 kB file): every student ×
    every skill × every answer would be eight billion steps (grid() ran for minutes at 85 kB)."""
    many = [row(f"student {n}", n, "E" if n % 3 else "N", skill=f"skill {n}") for n in range(2_000)]
    results = read_results({"class.json": {"content": json.dumps(many).encode()}})
    assert len(results) == 2_000
    grid = results.grid()
    assert len(grid.rows) == 2_000 and len(grid.heads) == 1 + MAX_GRID_SKILLS
    assert f"the {MAX_GRID_SKILLS} hardest of 2000 skills" in grid.title
    assert all(cell in ("", "0/1") for row in grid.rows for cell in row[1:])  # the hardest: the ones missed
    fig = results.plot()
    assert [len(ax.patches) for ax in fig.axes] == [MAX_PLOT_BARS, MAX_PLOT_BARS]
    assert all(p.get_width() == 0 for p in fig.axes[1].patches)  # the students who need help most
    assert f"the {MAX_PLOT_BARS} lowest of 2000" in fig.axes[0].get_title(loc="left")
    assert len(results.by_student()) == len(results.by_skill()) == 2_000 and len(results.missed(5)) == 5
    results._repr_html_()


odd_texts = st.sampled_from(["$x^$", r"$\frac$", "\ud800", "a\udfffb", "=1+1", "<b>", "x" * 6_000, "é" * 300])
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | odd_texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            junk.map(lambda x: json.dumps(x, allow_nan=True).encode()),
            st.lists(st.dictionaries(st.sampled_from(FIELDS), junk, max_size=10), max_size=4).map(
                lambda x: json.dumps(x).encode()
            ),
            st.lists(st.tuples(odd_texts | st.text(max_size=8), odd_texts | st.text(max_size=8)), max_size=3).map(
                lambda x: json.dumps([row(who, n, skill=skill) for n, (who, skill) in enumerate(x, 1)]).encode()
            ),
            st.binary(max_size=60),
            st.lists(st.lists(st.text(max_size=6), min_size=3, max_size=3), max_size=3).map(
                lambda x: ("student,question,correct\n" + "\n".join(",".join(r) for r in x)).encode("utf-8", "replace")
            ),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_file_is_read_or_listed_and_the_dashboard_still_opens(contents: list[bytes]) -> None:
    upload = {f"file{n}.{'json' if n % 2 else 'csv'}": {"content": data} for n, data in enumerate(contents)}
    upload["Ada.csv"] = {"content": csv_bytes(row("Ada", 1))}
    results = read_results(upload)
    said = "\n".join(results.problems)
    assert all(name in results.files or name in said for name in upload)
    # drawing takes a third of a second: only when a fuzzed file brought a name or a skill to draw
    everything(results, draw=results.students != ["Ada"] or results.skills != ["who wins"])
