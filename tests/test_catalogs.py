"""The sentence catalogs: every key in every language, the same fields, the compiled files current, no sentence
left in the code, and a new language is one catalog (a German stub shows it)."""

from __future__ import annotations

import ast
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from charlemagne_learn.engine import i18n

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import catalogs  # noqa: E402  scripts/catalogs.py, which writes the compiled catalogs
from babel.messages.pofile import read_po  # noqa: E402

#: The languages the package ships. Adding one: its catalog, and its code here.
SHIPPED = ("en", "fr")


def entries(lang: str) -> dict[str, str]:
    with catalogs.po_files()[lang].open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id}


def fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_package_speaks_the_shipped_languages() -> None:
    assert tuple(catalogs.po_files()) == tuple(sorted(SHIPPED))
    assert i18n.LANGS[: len(SHIPPED)] == list(SHIPPED)


def test_every_key_is_in_every_catalog_with_the_same_fields() -> None:
    english = entries("en")
    assert len(english) > 1000
    for lang in SHIPPED[1:]:
        other = entries(lang)
        assert set(other) == set(english), lang
        for key, text in english.items():
            assert other[key], (lang, key)
            assert fields(other[key]) == fields(text), (lang, key, text, other[key])


def test_a_word_agreeing_with_a_number_has_the_catalogs_plural_forms() -> None:
    for lang in SHIPPED:
        for key, text in entries(lang).items():
            for _, name, spec, _ in string.Formatter().parse(text):
                if name and spec and "|" in spec:
                    assert len(spec.split("|")) == 2, (lang, key, spec)  # both catalogs: nplurals=2


def test_the_compiled_catalogs_and_the_template_are_current() -> None:
    for path, data in catalogs.outputs().items():
        assert path.read_bytes() == data, f"{path} is stale: run scripts/catalogs.py"


def test_no_sentence_is_kept_in_the_code() -> None:
    """Sentences live in the catalogs: no module registers text pairs, nor keeps one table per language."""
    for path in (ROOT / "charlemagne_learn").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                assert node.id not in ("add_messages", "add_words", "RULES_FR"), path
            if isinstance(node, ast.Dict) and all(
                isinstance(v, ast.Constant) and isinstance(v.value, str) for v in node.values
            ):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                assert not ("en" in keys and "fr" in keys), (path, node.lineno)  # text by language, not by key


def test_said_sentences_use_the_catalog_keys() -> None:
    """Every literal key the code asks ``say`` (or ``sentence``, for an error) for is in the catalogs (a typo fails
    here, not in a lesson)."""
    english = entries("en")
    asked = set()
    for path in (ROOT / "charlemagne_learn").rglob("*.py"):
        asked |= set(re.findall(r"\b(?:say|sentence|_say)\(\s*\"([a-z_]+\.[a-z_.]+)\"", path.read_text()))
    assert len(asked) > 300
    assert asked <= set(english), sorted(asked - set(english))


@pytest.fixture
def german(tmp_path: Path) -> Iterator[str]:
    po = ROOT / "tests" / "locale_stub" / "de" / "LC_MESSAGES" / "charlemagne_learn.po"
    out = tmp_path / "de" / "LC_MESSAGES"
    out.mkdir(parents=True)
    (out / "charlemagne_learn.mo").write_bytes(catalogs.compiled(po))
    saved = list(i18n.LANGS)
    i18n.add_language("de", tmp_path)
    try:
        yield "de"
    finally:
        i18n.LANGS[:] = saved
        for table in (i18n._OWN, i18n._FORMATTERS, i18n._PLURALS, i18n._TABLES):
            table.pop("de", None)


def test_a_new_language_is_one_catalog(german: str) -> None:
    import charlemagne_learn as cl

    assert i18n.check_lang(german) == "de"
    assert i18n.word("kitty", german) == "der Stock"
    assert i18n.say("judging.trumps", german, n=1) == "1 Trumpf"
    assert i18n.say("judging.trumps", german, n=0) == "0 Trümpfe"  # its own plural rule, not French's
    assert i18n.number(1234.5, ",.1f", german) == "1.234,5"
    # a key the stub lacks is said in English, its fields still in the stub's words
    said = i18n.say("tricks.win_trump_highest", german, seat=cl.Seat.W, card=cl.Card.parse("JD"))
    assert said == "West wins with J♦: it is the highest trump played."
    with i18n.speaking(german):
        assert i18n.current_lang() == german


#: A key is dotted lowercase words joined by underscores: ``area.name_of_it``.
KEY = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)*")
#: Keys that are an engine code rather than words. Empty: a seat's and a team's name are keyed by words
#: (``seat.north``, ``team.ns``), their codes mapped to those keys in one place (``i18n.seat_word``).
ENGINE_CODES: frozenset[str] = frozenset()
#: Keys still spelled as the text the code passes as data, not yet given a key of their own. Empty: a card's role
#: and a bid's label are the engine's English names, said by the key whose English they are (``i18n.named``); a
#: learner's word is matched on the catalogs' texts (``i18n.word_key``). The list only shrinks.
NAMED_BY_TEXT: frozenset[str] = frozenset()
#: Keys holding the same English and the same French that are still several keys. Empty: a column's head is keyed
#: by the column's name in every table that has it, and a word several lists build under their own prefixes is
#: looked up under one key. The list only shrinks.
SAME_TEXT_LEFT: frozenset[tuple[str, ...]] = frozenset()


def test_every_key_is_spelled_one_way() -> None:
    """Keys are dotted lowercase words joined by underscores; an engine code is the one exception."""
    misspelled = {key for key in entries("en") if not KEY.fullmatch(key)}
    assert misspelled - ENGINE_CODES - NAMED_BY_TEXT == set()
    assert set(entries("en")) >= ENGINE_CODES | NAMED_BY_TEXT, "a listed key is gone: take it off the list"


def test_one_meaning_has_one_key() -> None:
    """Two keys holding the same English and the same French are one meaning, kept under one key; the same English
    under another French is another meaning (a noun and a verb), which keeps its own key."""
    english, french = entries("en"), entries("fr")
    by_text: dict[tuple[str, str], list[str]] = {}
    for key in english:
        by_text.setdefault((english[key], french[key]), []).append(key)
    shared = {tuple(sorted(keys)) for keys in by_text.values() if len(keys) > 1}
    assert shared - SAME_TEXT_LEFT == set()
    assert shared >= SAME_TEXT_LEFT, "a listed group is one key now: take it off the list"
