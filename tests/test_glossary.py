"""One word per idea, each defined before it is used: the lessons read against the glossary, in both editions
(the French lessons in ``notebooks/fr`` by the French words of each term)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from charlemagne_learn.teach.glossary import GLOSSARY

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
FRENCH_LESSONS = sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))


def _prose(path: Path) -> list[str]:
    """A lesson's own sentences: its markdown, without code (`high_joker`), tables of contents and Next (Suite)
    links, which name later lessons on purpose."""
    lines = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.lstrip().startswith("|") or "[Next:" in line or "[Suite :" in line:
                continue
            lines.append(re.sub(r"`[^`]*`", "", line))
    return lines


PROSE = {path.name[:2]: _prose(path) for path in LESSONS}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_term_before_the_lesson_that_defines_it(path: Path) -> None:
    number = path.name[:2]
    early = [
        f"{name!r} (defined in lesson {term.lesson}): {line.strip()}"
        for line in PROSE[number]
        for name, term in GLOSSARY.items()
        if term.lesson > number and term.found_in(line)
    ]
    assert not early, f"{path.name} uses terms before their lesson:\n" + "\n".join(early)


@pytest.mark.parametrize("name", list(GLOSSARY))
def test_each_term_is_used_in_the_lesson_said_to_define_it(name: str) -> None:
    term = GLOSSARY[name]
    assert term.lesson in PROSE, f"{name!r}: there is no lesson {term.lesson}"
    assert any(term.found_in(line) for line in PROSE[term.lesson]), f"lesson {term.lesson} never says {name!r}"


def test_the_start_page_shows_the_glossary() -> None:
    start = nbformat.read(NOTEBOOKS / "00_start_here.ipynb", as_version=4)
    assert any("glossary_html()" in c.source for c in start.cells if c.cell_type == "code")


#: How the French lessons write each term (a regular expression, matched case-blind on whole words, like
#: ``Term.forms``): its French word (``Term.french``) in the forms a sentence gives it.
FRENCH_FORMS: dict[str, str] = {
    "dealer": "donneurs?",
    "kitty": "minous?",
    "bid": "enchères?|enchérir|enchérit|enchérissez",
    "pass": "passer|passe|passes|passez|passent|passé|passons",
    "contract": "contrats?",
    "bidder": "preneurs?",
    "partner": "partenaires?",
    "trump": "atouts?",
    "trick": "levées?",
    "lead": "entamer|entame|entames|entamez|entament|entamée?s?",
    "follow suit": "fournir|fournis|fournit|fournissez|fournissent|fourni",
    "throw off": "défausser|défausses?|défaussez|défaussent|défaussée?s?",
    "big jack": "(?<!petit )bars?",
    "little jack": "petits? bars?",
    "Mulot": "mulot",
    "Charlemagne": "charlemagne",
    "suit led": "couleurs? demandées?",
    "Gros Mulot": "gros mulot",
    "Gros Charlemagne": "gros charlemagne",
    "house rule": "règles? maison",
    "high joker": "grands? jokers?",
    "low joker": "petits? jokers?",
    "plain suit": "couleurs? ordinaires?",
    "bower": "bowers?",
    "void": "chicanes?",
    "bid ladder": "échelles? des enchères",
    "exchange": "échanges?|échanger",
    "discard": "écarter|écarte|écartes|écartez|écartent|écarté|écartées?|écartés",
    "stick the dealer": "collée?s?|donneur est collé",
    "thrown in": "annulée?s?",
    "grade": "imprécisions?|gaffes?",
    "exposed hand": "exposée?s?|exposés?",
    "partner's card": "cartes? d[ue] (?:son |votre |leur )?partenaire",
    "double dummy": "cartes? ouvertes?|double[- ]dummy",
    "rule of thumb": "trucs?|règles? du pouce",
    "the count": "(?:le|du|au) compte",
    "sure trick": "levées? sûres?",
    "hint": "conseils?",
    "review": "bilans?",
    "expected points": "points espérés",
    "interval": "intervalles?|confiance",
    "lone defender": "défenseurs? seuls?",
}

FRENCH_PROSE = {path.name[:2]: _prose(path) for path in FRENCH_LESSONS}


def _said_in_french(name: str, line: str) -> bool:
    return re.search(rf"(?<![\w-])(?:{FRENCH_FORMS[name]})(?![\w-])", line, re.IGNORECASE) is not None


def test_every_term_has_its_french_forms() -> None:
    assert list(FRENCH_FORMS) == list(GLOSSARY)
    assert all(_said_in_french(name, GLOSSARY[name].french) for name in ("kitty", "big jack", "little jack", "void"))
    assert not _said_in_french("big jack", "le petit bar")


@pytest.mark.parametrize("path", FRENCH_LESSONS, ids=lambda p: f"fr/{p.stem}")
def test_no_french_term_before_the_lesson_that_defines_it(path: Path) -> None:
    number = path.name[:2]
    early = [
        f"{name!r} (defined in lesson {term.lesson}): {line.strip()}"
        for line in FRENCH_PROSE[number]
        for name, term in GLOSSARY.items()
        if term.lesson > number and _said_in_french(name, line)
    ]
    assert not early, f"fr/{path.name} uses terms before their lesson:\n" + "\n".join(early)


@pytest.mark.parametrize("name", list(GLOSSARY))
def test_each_term_is_said_in_the_french_lesson_that_defines_it(name: str) -> None:
    term = GLOSSARY[name]
    if term.lesson not in FRENCH_PROSE:
        pytest.skip(f"no French lesson {term.lesson} yet")
    assert any(_said_in_french(name, line) for line in FRENCH_PROSE[term.lesson]), (
        f"fr lesson {term.lesson} never says {name!r} ({term.french})"
    )


def test_the_french_start_page_shows_the_glossary() -> None:
    start = NOTEBOOKS / "fr" / "00_start_here.ipynb"
    if not start.exists():
        pytest.skip("no French edition yet")
    assert any("glossary_html()" in c.source for c in nbformat.read(start, as_version=4).cells if c.cell_type == "code")
