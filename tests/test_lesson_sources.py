"""Issue 48, item 3: each lesson (and each teacher's page) is written once — ``lessons/NN_<name>.md`` in English, its French translation kept
against it in ``lessons/fr/NN_<name>.po`` — and both editions' notebooks under ``notebooks/`` are built from them by
``scripts/build_lessons.py``: a notebook edited by hand instead of its source fails here, and so does a paragraph of
the source changed without its translation."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "scripts"))

import build_lessons  # noqa: E402

LESSONS = build_lessons.lessons()


def _cells(notebook: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """What a cell is made of, outputs and run times aside."""
    return [
        (
            cell["cell_type"],
            cell["id"],
            "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"],
            {key: value for key, value in cell["metadata"].items() if key != "execution"},
        )
        for cell in notebook["cells"]
    ]


def _named(folder: Path, suffix: str) -> list[str]:
    """The pages of ``folder`` as the build names them: the lessons, then ``teachers/<name>``."""
    return [path.stem for path in sorted(folder.glob(f"*{suffix}"))] + [
        f"teachers/{path.stem}" for path in sorted((folder / "teachers").glob(f"*{suffix}"))
    ]


def test_every_lesson_and_teachers_page_of_both_editions_has_a_source() -> None:
    assert LESSONS == _named(NOTEBOOKS, ".ipynb") == _named(NOTEBOOKS / "fr", ".ipynb")
    assert _named(build_lessons.TRANSLATIONS, ".po") == LESSONS
    assert {"teachers/teachers_guide", "teachers/teachers_dashboard"} <= set(LESSONS)


@pytest.mark.parametrize("name", LESSONS)
def test_the_committed_notebooks_are_what_the_build_makes_of_the_source_and_its_translation(name: str) -> None:
    for folder, built in build_lessons.editions(name).items():
        committed = json.loads((NOTEBOOKS / folder / f"{name}.ipynb").read_text(encoding="utf-8"))
        assert _cells(committed) == _cells(json.loads(json.dumps(built))), (
            f"notebooks/{folder}/{name}.ipynb is not built from lessons/{name}.md: change the source (and its "
            "translation), then run scripts/build_lessons.py"
        )


@pytest.mark.parametrize("name", LESSONS)
def test_every_entry_of_the_french_translation_is_translated_for_the_source_as_it_is(name: str) -> None:
    assert build_lessons.untranslated(build_lessons.translation(name)) == []


def _code(source: str) -> str:
    """A code cell without its comments and strings: what runs, words aside."""
    kept, at = [], 0
    for piece in build_lessons.pieces(source):
        kept, at = [*kept, source[at : piece.start]], piece.end
    return "\x00".join([*kept, source[at:]])


@pytest.mark.parametrize("name", LESSONS)
def test_both_editions_run_the_same_code_only_their_comments_and_strings_differ(name: str) -> None:
    english, french = (json.loads((NOTEBOOKS / f / f"{name}.ipynb").read_text(encoding="utf-8")) for f in ("", "fr"))
    for mine, theirs in zip(english["cells"], french["cells"], strict=True):
        if mine["cell_type"] == "code":
            assert _code("".join(theirs["source"])) == _code("".join(mine["source"]))


@pytest.fixture
def lessons_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the sources and translations the build reads, to change without touching the course."""
    copy = tmp_path / "lessons"
    shutil.copytree(build_lessons.SOURCES, copy)
    monkeypatch.setattr(build_lessons, "SOURCES", copy)
    monkeypatch.setattr(build_lessons, "TRANSLATIONS", copy / "fr")
    return copy


def test_a_changed_paragraph_and_a_changed_comment_show_as_untranslated_until_translated(lessons_copy: Path) -> None:
    name = "01_cards_and_deck"
    source = lessons_copy / f"{name}.md"
    old_heading, new_heading = "## The deck in plain words", "## The deck in a few plain words"
    old_comment, new_comment = "# A peek at the kitty", "# A quick peek at the kitty"
    text = source.read_text(encoding="utf-8")
    assert old_heading in text and old_comment in text
    source.write_text(text.replace(old_heading, new_heading).replace(old_comment, new_comment), encoding="utf-8")

    catalog = build_lessons.translation(name)
    missing = build_lessons.untranslated(catalog)
    assert [msgid.splitlines()[0] for msgid in missing] == [new_heading, new_comment[2:]]
    assert all(catalog[msgid].fuzzy for msgid in missing)  # the old translation is there to start from
    french = build_lessons.editions(name, catalog)["fr"]
    assert any(cell.source.startswith(new_heading) for cell in french.cells)  # English until translated
    assert any(new_comment in cell.source for cell in french.cells)

    build_lessons.write_translation(name, catalog)
    written = (lessons_copy / "fr" / f"{name}.po").read_text(encoding="utf-8")
    assert "#, fuzzy" in written and f'#| msgid "{old_comment[2:]}"' in written


def test_the_build_names_what_is_left_to_translate_and_fails(
    lessons_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = lessons_copy / "15_final_test.md"
    source.write_text(source.read_text(encoding="utf-8") + "\nA new closing line.\n", encoding="utf-8")
    for folder in ("", "fr"):
        (tmp_path / "notebooks" / folder).mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(build_lessons, "NOTEBOOKS", tmp_path / "notebooks")
    assert build_lessons.main(["15", "--cells-only"]) == 1
    assert "not translated yet" in capsys.readouterr().err
    assert (tmp_path / "notebooks" / "fr" / "15_final_test.ipynb").exists()


def test_an_unknown_lesson_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_lessons.main(["99"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no lesson '99'" in err and "15_final_test" in err


@pytest.mark.parametrize(
    "said",
    [
        'f"{r.named()} : {r.deck_size} cartes"',  # runs code the source does not
        '"deux" + "cartes"',  # code, not one literal
        '"cartes',  # not Python
    ],
)
def test_a_translation_that_would_change_the_code_is_refused(said: str) -> None:
    code = 'print(f"{r.title}: {r.deck_size} cards")'
    catalog = Catalog(locale="fr")
    catalog.add('f"{r.title}: {r.deck_size} cards"', said)
    with pytest.raises(build_lessons.TranslationError, match="translation"):
        build_lessons._translated_code(code, catalog)


def test_a_comment_is_translated_on_its_line() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("a table", "une table\nprint('code')")
    with pytest.raises(build_lessons.TranslationError, match="one line"):
        build_lessons._translated_code("x = 1  # a table", catalog)


def test_a_translation_may_move_and_format_the_fields_and_change_the_words_inside_them() -> None:
    code = "print(f\"{r.title:22} {'yes' if r.jokers else 'no'}\")  # a table"
    catalog = Catalog(locale="fr")
    catalog.add("f\"{r.title:22} {'yes' if r.jokers else 'no'}\"", "f\"{'oui' if r.jokers else 'non'} {r.title:12}\"")
    catalog.add("a table", "une table")
    said = build_lessons._translated_code(code, catalog)
    assert said == "print(f\"{'oui' if r.jokers else 'non'} {r.title:12}\")  # une table"
