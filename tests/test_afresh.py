"""Starting a lesson afresh in the browser-only site: a lesson whose cells are no longer as shipped is listed (run
and saved only, it is not), its button deletes the browser's copy so the site's shows again, and nothing else; a
name not listed, and anywhere but the browser, is refused with nothing deleted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from charlemagne_learn.course import COURSE_FILE
from charlemagne_learn.teach import shipped
from charlemagne_learn.teach.shipped import AfreshError, cells_digest, changed_lessons, start_afresh, write_shipped
from charlemagne_learn.widgets import Afresh
from tests import _french


def _lesson(title: str, code: str) -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n", "\n", "Words."]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": code},
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """An edition's lessons as the site ships them, a teacher's notebook below, and another edition beside."""
    (tmp_path / COURSE_FILE).write_text("{}", encoding="utf-8")
    (tmp_path / "05_bidding.ipynb").write_text(_lesson("Lesson 5 — Bidding", "x = 1"), encoding="utf-8")
    (tmp_path / "06_scoring.ipynb").write_text(_lesson("Lesson 6 — Scoring", "y = 2"), encoding="utf-8")
    (tmp_path / "teachers").mkdir()
    (tmp_path / "teachers" / "guide.ipynb").write_text(_lesson("Guide", "z = 3"), encoding="utf-8")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / COURSE_FILE).write_text('{"lang": "fr"}', encoding="utf-8")
    (tmp_path / "fr" / "05_bidding.ipynb").write_text(_lesson("Leçon 5", "x = 1"), encoding="utf-8")
    write_shipped(tmp_path)
    write_shipped(tmp_path / "fr")
    return tmp_path


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the site's Pyodide, where deleting the browser's copy brings the site's back."""
    monkeypatch.setattr(shipped, "in_browser", lambda: True)


def test_each_edition_lists_its_own_lessons_and_its_teachers(site: Path) -> None:
    assert sorted(json.loads((site / "shipped.json").read_text())) == [
        "05_bidding.ipynb", "06_scoring.ipynb", "teachers/guide.ipynb",
    ]  # fmt: skip
    assert list(json.loads((site / "fr" / "shipped.json").read_text())) == ["05_bidding.ipynb"]


def test_a_lesson_run_and_saved_is_not_changed_but_one_edited_is(site: Path) -> None:
    lesson = site / "05_bidding.ipynb"
    notebook = json.loads(lesson.read_text())
    # run and saved by JupyterLab: outputs, ids, metadata and the source as one string; the same cells
    notebook["cells"][1].update(outputs=[{"output_type": "stream", "name": "stdout", "text": "1"}], id="a1")
    notebook["cells"][0]["source"] = "".join(notebook["cells"][0]["source"])
    notebook["metadata"]["kernelspec"] = {"name": "python3"}
    lesson.write_text(json.dumps(notebook, indent=2))
    assert changed_lessons(site) == []
    notebook["cells"][1]["source"] = "x = 10"
    lesson.write_text(json.dumps(notebook))
    (site / "teachers" / "guide.ipynb").write_text("{not json")  # a damaged file is changed too
    assert changed_lessons(site) == ["05_bidding.ipynb", "teachers/guide.ipynb"]
    assert cells_digest("{not json") == ""


def test_starting_afresh_deletes_only_the_browsers_copy_of_that_lesson(site: Path, browser: None) -> None:
    (site / "06_scoring.ipynb").write_text(_lesson("Lesson 6 — Scoring", "y = 3"))
    (site / "progress.json").write_text("{}")
    assert start_afresh("06_scoring.ipynb", site) == "06_scoring.ipynb"
    assert not (site / "06_scoring.ipynb").exists()
    assert (site / "05_bidding.ipynb").exists() and (site / "progress.json").exists()
    assert changed_lessons(site) == []  # the site shows its own copy again


@pytest.mark.parametrize("bad", ["07_mulot.ipynb", "../fr/05_bidding.ipynb", "shipped.json", "", None, 5])
def test_a_name_not_listed_is_refused_and_nothing_is_deleted(site: Path, browser: None, bad: object) -> None:
    before = sorted(p.relative_to(site) for p in site.rglob("*"))
    with pytest.raises(AfreshError, match="not a lesson of this site") as refused:
        start_afresh(bad, site)  # type: ignore[arg-type]
    assert "05_bidding.ipynb, 06_scoring.ipynb" in str(refused.value)
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before


def test_outside_the_browser_nothing_is_ever_deleted(site: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    # in JupyterLab the lesson is the learner's only copy: deleting it would lose it
    with pytest.raises(AfreshError, match="browser-only site"):
        start_afresh("05_bidding.ipynb", site)
    assert (site / "05_bidding.ipynb").exists()
    with pytest.raises(AfreshError, match="browser-only site"):
        start_afresh("05_bidding.ipynb", tmp_path_factory.mktemp("no_list"))


def test_the_box_lists_changed_lessons_by_title_and_its_button_starts_one_afresh(site: Path, browser: None) -> None:
    box = Afresh(site, lang="en")
    assert box.lessons == [] and box.words["status"].startswith("Every lesson here is as the course ships it")
    (site / "05_bidding.ipynb").write_text(_lesson("Lesson 5 — Bidding", "x = 2"))
    box.refresh()
    assert box.lessons == [{"lesson": "05_bidding.ipynb", "title": "Lesson 5 — Bidding"}]
    assert "Close a lesson's tab" in box.words["status"]
    box._on_front_end(box, {"type": "afresh", "lesson": "05_bidding.ipynb"}, [])
    assert box.message == "" and box.lessons == []
    assert box.words["status"].startswith("05_bidding.ipynb is as the course ships it again")
    assert not (site / "05_bidding.ipynb").exists()
    # a click for a lesson not listed: the reason in the box, in its language; nothing deleted
    box.lang = "fr"
    box._on_front_end(box, {"type": "afresh", "lesson": "06_scoring.ipynb/../x"}, [])
    assert "n'est pas une leçon de ce site" in box.message and (site / "06_scoring.ipynb").exists()


def test_the_box_speaks_french_and_says_where_it_does_nothing(
    site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    box = Afresh(site / "fr", lang="fr")
    assert box.words["title"] == "Recommencer une leçon à neuf"
    assert not _french.english_words_in(" ".join(box.words.values()))
    elsewhere = Afresh(tmp_path_factory.mktemp("jupyterlab"), lang="en")
    assert "browser-only site" in elsewhere.words["status"] and elsewhere.lessons == []
    assert "Run this page" in elsewhere._static_html()


def test_a_damaged_list_names_no_file_above_or_beside_the_lessons(site: Path, browser: None) -> None:
    (site / "shipped.json").write_text(json.dumps({"../outside.ipynb": "x", "/etc/passwd": "x", "course.json": "x"}))
    assert shipped.shipped(site) == {} and changed_lessons(site) == []
    with pytest.raises(AfreshError):
        start_afresh("course.json", site)
    (site / "shipped.json").write_text("[1, 2]")
    assert Afresh(site).lessons == []
