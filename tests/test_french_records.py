"""Hand records in French: the printed page (boards, tables, travellers, score sheet) and the notebook view,
for every variant; the English page unchanged (tests/test_hand_records.py checks it against notebooks/printables/); the command
line's --lang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from charlemagne_learn.teach.commands import main
from charlemagne_learn.teach.hand_records import hand_records

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

# the page's stylesheet and the code it quotes are not prose
_NOT_PROSE = re.compile(r"<style>.*?</style>|<code>.*?</code>", re.S)


def _prose(html: str) -> str:
    return _NOT_PROSE.sub(" ", html)


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_a_french_record_holds_no_english(variant: str) -> None:
    records = hand_records(boards=2, seed=1, rules=variant, odds_samples=8, tables=3)
    page = records.to_html(lang="fr")
    assert not _french.english_words_in(_prose(page)), _french.english_words_in(_prose(page))
    assert '<html lang="fr">' in page and "Feuille de marque, donne 1" in page
    assert "points de match N–S" in page and "paire E–O" in page


def test_the_notebook_view_follows_the_course(french_course: None) -> None:
    view = hand_records(boards=1, seed=1, odds_samples=8)._repr_html_()
    assert "Donne 1 : Nord donne, Est parle en premier" in view
    assert not _french.english_words_in(_prose(view))


def test_the_command_line_writes_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "donnes.html"
    main(["hand-records", str(out), "--boards", "1", "--seed", "2", "--tables", "2", "--lang", "fr"])
    page = out.read_text(encoding="utf-8")
    assert "Feuilles de donnes" in page and not _french.english_words_in(_prose(page))
    assert str(out) in capsys.readouterr().out


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_a_french_cheat_sheet_holds_no_english(variant: str) -> None:
    from charlemagne_learn import Rules
    from charlemagne_learn.teach.cheatsheet import cheatsheet_html

    page = cheatsheet_html(Rules.preset(variant, all_pass="stick_dealer"), lang="fr")
    assert not _french.english_words_in(_prose(page)), _french.english_words_in(_prose(page))
    assert "<html lang='fr'>" in page and "aide-mémoire" in page and "Le pointage" in page


def test_the_french_cheat_sheet_follows_the_course(french_course: None) -> None:
    from charlemagne_learn.teach.cheatsheet import cheatsheet_html

    assert "Charlemagne canadien : aide-mémoire" in cheatsheet_html("canadian")
