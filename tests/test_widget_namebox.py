"""The name box: a learner in a class writes their name with no code, every quiz afterwards records under it, and a
bad name is refused in the box's language with nothing changed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from charlemagne_learn import course
from charlemagne_learn.widgets import NameBox, TrickQuiz
from tests import _french


@pytest.fixture
def lesson_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of lessons with no name saved yet, as each lesson's kernel starts in its own folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    yield tmp_path


def click(box: NameBox, name: object) -> None:
    box._on_front_end(box, {"type": "save", "name": name}, [])


def test_a_name_saved_in_the_box_is_the_one_every_later_quiz_records_under(lesson_folder: Path) -> None:
    box = NameBox(lang="en")
    assert box.name == "" and "No name saved yet" in box.words["status"]
    click(box, "  Ada Lovelace ")
    assert box.message == ""
    assert box.name == "Ada Lovelace" and "under Ada Lovelace" in box.words["status"]
    assert json.loads((lesson_folder / "student.json").read_text(encoding="utf-8")) == {"student": "Ada Lovelace"}
    assert TrickQuiz(count=2).student == "Ada Lovelace"
    # the next lesson's box (a new kernel, the same folder) shows it already saved
    course._student = None
    assert NameBox().name == "Ada Lovelace"


@pytest.mark.parametrize("bad", ["", "   ", "x" * 81, ["Ada"], None, 7])
def test_a_bad_name_is_refused_in_the_boxs_language_and_nothing_changes(lesson_folder: Path, bad: object) -> None:
    box = NameBox(lang="fr")
    click(box, "Zoé")
    before = box.get_state()
    click(box, bad)
    assert box.message, bad
    assert not _french.english_words_in(box.message), box.message
    after = box.get_state()
    after.pop("message")
    before.pop("message")
    assert after == before
    assert json.loads((lesson_folder / "student.json").read_text(encoding="utf-8")) == {"student": "Zoé"}


def test_the_box_speaks_french_and_shows_a_picture_where_no_widget_runs(lesson_folder: Path) -> None:
    box = NameBox(lang="fr")
    assert box.words["label"] == "Votre nom" and box.words["save"] == "Enregistrer"
    assert not _french.english_words_in(" ".join(box.words.values()))
    assert "Exécutez la leçon" in box._static_html()
    box.lang = "en"
    assert box.words["label"] == "Your name"
    assert repr(box) == "NameBox(-)"
