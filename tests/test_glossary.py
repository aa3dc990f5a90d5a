"""One word per idea, each defined before it is used: the lessons read against the glossary, in both editions
(the French lessons in ``notebooks/fr`` by the French words of each term). A lesson is what the learner reads: its
prose, and what its cells show (a rule of thumb a quiz prints, a table's heads) — but not the glossary itself."""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.rulebot import RULES, rule_text
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


_MARKUP = re.compile(r"<style.*?</style>|<script.*?</script>|<code>.*?</code>|<[^>]+>", re.S)


def _shown(path: Path) -> list[str]:
    """What a lesson's cells show, line by line: printed text, and the words of its HTML pictures (a widget's
    static picture: the quiz, its rule of thumb); not the glossary, which names every term on purpose."""
    lines = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or "glossary_html(" in cell.source:
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if output.get("output_type") == "stream":
                text = output.get("text", "")
            elif "text/html" in data:
                text = html.unescape(_MARKUP.sub("\n", data["text/html"]))
            else:
                text = data.get("text/plain", "")
            lines += [line for line in text.splitlines() if line.strip()]
    return lines


PROSE = {path.name[:2]: _prose(path) for path in LESSONS}
SHOWN = {path.name[:2]: _shown(path) for path in LESSONS}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_term_before_the_lesson_that_defines_it(path: Path) -> None:
    number = path.name[:2]
    early = [
        f"{name!r} (defined in lesson {term.lesson}): {line.strip()}"
        for line in PROSE[number] + SHOWN[number]
        for name, term in GLOSSARY.items()
        if term.lesson > number and term.found_in(line)
    ]
    assert not early, f"{path.name} uses terms before their lesson:\n" + "\n".join(early)


#: How the French lessons must not say a term: the French of :attr:`Term.others` (other books' words).
FRENCH_OTHERS: dict[str, str] = {"bidder": "déclarants?|déclarer"}


#: The lessons, the teacher's guide and the dashboard, in both editions.
EVERY_BOOK = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", EVERY_BOOK, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_one_word_per_idea(path: Path) -> None:
    """The course's word, never another book's ("declarer" for the bidder), in what a notebook says or shows."""
    french = path.parent.name == "fr"
    others = [
        f"{found!r} for {name!r}: {line.strip()}"
        for line in _prose(path) + _shown(path)
        for name, term in GLOSSARY.items()
        if (found := _french_other(name, line) if french else term.other_word_in(line))
    ]
    assert not others, f"{path.name} says another word than the course's:\n" + "\n".join(others)


def test_the_rules_of_thumb_say_the_course_words() -> None:
    """Every rule of thumb a learner may be shown, in both languages, with the course's words only."""
    said = [(f"{key}: {text}", GLOSSARY[name].other_word_in(text)) for key, text in RULES.items() for name in GLOSSARY]
    said += [
        (f"{key}: {text}", _french_other(name, text))
        for key, text in ((k, rule_text(k, "fr")) for k in RULES)
        for name in GLOSSARY
    ]
    assert not [f"{found!r} in {rule}" for rule, found in said if found]


def test_every_bid_of_every_table_is_a_term() -> None:
    """A bid's name is a word of the game: the glossary says what it means and when the course first says it."""
    labels = {
        spec.label
        for variant in ("canadian", "american", "maine", "bid_euchre")
        for spec in cl.Rules.preset(variant).bids
        if not spec.label.isdigit()
    }
    assert labels and not [label for label in labels if not any(t.found_in(label) for t in GLOSSARY.values())]


def test_a_term_is_found_by_its_english_words() -> None:
    """``term`` reads a word of the game as the English catalog writes it, whatever its key: a card's role, a bid's
    name, a trump word, a variant's title; a word no catalog writes is still refused."""
    assert cl.term("Bid Euchre", "fr") == "Euchre à enchères"  # its key is title.bid_euchre
    assert cl.term("to make it", "fr") == "pour réussir"  # its key is to_make_it
    assert cl.term("Little jack", "fr") == "Le petit bar"
    assert cl.term("left bower", "fr") == "le petit bar"
    assert cl.term("No Trump", "fr") == "Sans-atout"
    assert cl.term("no trump", "fr") == "sans atout"
    assert cl.term("Charles Alone", "fr") == "Charles seul"
    with pytest.raises(cl.RulesOptionError):
        cl.term("the jack of the little ones")


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
    "exchange": "échanges?|échanger",
    "bower": "bowers?",
    "void": "chicanes?",
    "bid ladder": "échelles? des enchères",
    "discard": "écarter|écarte|écartes|écartez|écartent|écarté|écartées?|écartés",
    "stick the dealer": "collée?s?|donneur est collé",
    "thrown in": "annulée?s?",
    "grade": "imprécisions?|gaffes?",
    "partner's card": "cartes? d[ue] (?:son |votre |leur )?partenaire",
    "rule of thumb": "trucs?|règles? du pouce",
    "exposed hand": "exposée?s?|exposés?",
    "double dummy": "cartes? ouvertes?|double[- ]dummy",
    "the count": "(?:le|du|au) compte",
    "sure trick": "levées? sûres?",
    "hint": "conseils?",
    "review": "bilans?",
    "expected points": "points espérés",
    "interval": "intervalles?|confiance",
    "lone defender": "défenseurs? seuls?",
    "Le Petit": "(?:le|au|du) (?-i:Petit)",
    "No Trump": "(?-i:Sans-atout)",
    "Charles": "charles",
    "High Card No Trump": "(?-i:Sans-atout carte haute)",
}

FRENCH_PROSE = {path.name[:2]: _prose(path) for path in FRENCH_LESSONS}
FRENCH_SHOWN = {path.name[:2]: _shown(path) for path in FRENCH_LESSONS}


def _said_in_french(name: str, line: str) -> bool:
    return re.search(rf"(?<![\w-])(?:{FRENCH_FORMS[name]})(?![\w-])", line, re.IGNORECASE) is not None


def _french_other(name: str, line: str) -> str | None:
    if name not in FRENCH_OTHERS:
        return None
    found = re.search(rf"(?<![\w-])(?:{FRENCH_OTHERS[name]})(?![\w-])", line, re.IGNORECASE)
    return found.group(0) if found else None


def test_every_term_has_its_french_forms() -> None:
    assert list(FRENCH_FORMS) == list(GLOSSARY)
    assert all(_said_in_french(name, GLOSSARY[name].french) for name in ("kitty", "big jack", "little jack", "void"))
    assert not _said_in_french("big jack", "le petit bar")


@pytest.mark.parametrize("path", FRENCH_LESSONS, ids=lambda p: f"fr/{p.stem}")
def test_no_french_term_before_the_lesson_that_defines_it(path: Path) -> None:
    number = path.name[:2]
    early = [
        f"{name!r} (defined in lesson {term.lesson}): {line.strip()}"
        for line in FRENCH_PROSE[number] + FRENCH_SHOWN[number]
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
