"""The cheat sheet says what the engine plays, for every variant and house rule, on one printed page."""

from __future__ import annotations

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.grading import SCALE
from charlemagne_learn.analysis.hints import grade_word
from charlemagne_learn.engine.bid_meaning import bid_meaning
from charlemagne_learn.engine.i18n import number
from charlemagne_learn.teach.cheatsheet import CheatSheetError, cheatsheet_html, write_cheatsheet
from charlemagne_learn.teach.commands import main

PRINTABLES = Path(__file__).resolve().parent.parent / "notebooks" / "printables"
VARIANTS = ("canadian", "american", "maine", "bid_euchre")


class _Text(HTMLParser):
    """The page's text, and the rows of its bid table."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _read(page: str) -> _Text:
    parser = _Text()
    parser.feed(page)
    return parser


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bid_is_on_the_sheet_with_what_it_needs_and_scores(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    rows = [r for r in _read(cheatsheet_html(rules)).rows if len(r) == 8]
    assert [r[0] for r in rows] == [spec.label for spec in rules.bids]  # lowest first, none missing
    for row, spec in zip(rows, rules.bids, strict=True):
        meaning = bid_meaning(rules, spec)
        assert row[5:] == [meaning["to make it"], meaning["made"], meaning["failed"]]
    assert f"{rules.target}" in "".join(_read(cheatsheet_html(rules)).text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_sheet_states_the_grades_the_grader_uses_and_where_the_course_defines_them(lang: str) -> None:
    text = "".join(_read(cheatsheet_html("canadian", lang=lang)).text).replace("\u202f", " ")
    lesson = {"en": "(lesson 05)", "fr": "(leçon 05)"}[lang]
    assert lesson in text
    for grade, limit in SCALE:  # each grade with the line it stays under, in the grader's order
        assert re.search(rf"{grade_word(grade, lang)} \w+ {number(limit, '.0%', lang)}".replace("\u202f", " "), text)
    assert f"{grade_word('blunder', lang)} {number(SCALE[-1][1], '.0%', lang)}".replace("\u202f", " ") in text
    order = [text.index(f" {grade_word(grade, lang)} ") for grade, _ in SCALE]
    assert order == sorted(order)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_sheet_bids_by_the_count_of_lesson_09_where_it_is_a_rule(lang: str) -> None:
    said = {
        "en": ("(lesson 09)", "bid the lowest bid allowed, up to that", "5 from a count of 4, 6 from 6, 7 from 8"),
        "fr": (
            "(leçon 09)",
            "annoncez la plus basse enchère permise, jusque-là",
            "5 dès un compte de 4, 6 dès 6, 7 dès 8",
        ),
    }
    text = " ".join(_read(cheatsheet_html("canadian", lang=lang)).text)
    assert all(words in text for words in said[lang])
    # at a table where the count is no rule of thumb (lesson 09), the sheet gives none
    assert said[lang][0] not in " ".join(_read(cheatsheet_html("american", lang=lang)).text)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_trump_ladder_is_the_engines(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    page = _read(cheatsheet_html(rules))
    ladder = next(r for r in page.rows if len(r) == len(cl.trump_order(rules, "H")) and r[0].strip())
    shown = [re.sub(r"(high|low) joker|big jack|little jack|right bower|left bower|top trump \(the nine\)", "", c)
             .strip() for c in ladder]  # fmt: skip
    assert shown == [str(c) for c in cl.trump_order(rules, "H")]


def test_the_house_rule_on_jokers_is_followed() -> None:
    black = " ".join(_read(cheatsheet_html(cl.Rules.preset("canadian", high_joker="black"))).text)
    assert "black joker (BJ) is the high joker" in black and "red joker (RJ) the low joker" in black
    assert "red joker (RJ) is the high" not in black
    stuck = " ".join(_read(cheatsheet_html(cl.Rules.preset("canadian", all_pass="stick_dealer"))).text)
    assert "the dealer must bid" in stuck and "thrown in and the next dealer deals" not in stuck


def test_the_course_rules_are_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHARLEMAGNE_COURSE", '{"house_rules": {"high_joker": "black"}}')
    assert cheatsheet_html() == cheatsheet_html(cl.Rules.preset("canadian", high_joker="black"))


def test_the_shipped_sheet_is_what_the_engine_writes_now() -> None:
    assert (PRINTABLES / "cheatsheet.html").read_text(encoding="utf-8") == cheatsheet_html(cl.Rules.preset("canadian"))
    assert (PRINTABLES / "cheatsheet.pdf").read_bytes().startswith(b"%PDF")


def test_a_sheet_is_written_as_html_or_pdf_only(tmp_path: Path) -> None:
    with pytest.raises(CheatSheetError, match=r"\.html or \.pdf") as info:
        write_cheatsheet(tmp_path / "sheet.docx")
    assert isinstance(info.value, ValueError) and not (tmp_path / "sheet.docx").exists()
    written = write_cheatsheet(tmp_path / "sheet.html", "maine")
    assert written.read_text(encoding="utf-8") == cheatsheet_html("maine")


def _has_chromium() -> bool:
    return any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome"))


@pytest.mark.skipif(not _has_chromium() and "CI" not in os.environ, reason="no Chromium on this developer machine")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_pdf_is_one_page(variant: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{variant}.pdf"
    main(
        [
            "cheatsheet",
            str(out),
            "--variant",
            variant,
            "--high-joker",
            "black",
            "--all-pass",
            "stick_dealer",
            "--lang",
            lang,
        ]
        if variant == "canadian"
        else ["cheatsheet", str(out), "--variant", variant, "--lang", lang]
    )
    assert capsys.readouterr().out.strip() == str(out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 1  # one printed page
