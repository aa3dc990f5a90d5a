"""Words, not code, wherever a learner reads, in both editions: every output a saved lesson shows (its printed text,
its results' plain text, HTML and Markdown, and the words its card pictures and images say), every line of its prose
outside the optional *Under the hood* notes, and the words the lessons' widgets put on screen as a learner uses them.

Code here is what a non-programmer cannot read: the package's name ``cl.``, a call's ``name(…)``, a quoted repr
(``'little jack'``), a snake_case name, the package's class names (``HandState``), an enum's repr (``<Seat.S: 2>``),
the engine's codes (``choose partner_card``, ``phase: bidding``), the jokers' codes RJ and BJ where a sentence means
the red or the black joker (a card picture says its name), and a bare number that names nothing.
The folded code cells' sources are not read: a learner never opens them.
"""

from __future__ import annotations

import html
import importlib
import inspect
import json
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("*.ipynb"))


# ---------------------------------------------------------------- the finder
@cache
def class_names() -> frozenset[str]:
    """The package's class names that no sentence writes: those with a capital inside (``HandState``, ``SeatView``);
    "Contract" or "Rules" are words as well as classes."""
    names = set()
    for module in pkgutil.walk_packages(cl.__path__, "charlemagne_learn."):
        if module.name.endswith("__main__"):
            continue
        for name, value in vars(importlib.import_module(module.name)).items():
            if (
                inspect.isclass(value)
                and value.__module__.startswith("charlemagne_learn")
                and re.fullmatch(r"[A-Z][a-z]+[A-Z]\w*", name)
            ):
                names.add(name)
    return frozenset(names)


_FACE = re.compile(r"(?:10|[0-9JQKAVDR])[♣♦♥♠]|RJ|BJ")
_JOKER = re.compile(r"\b(?:RJ|BJ)\b")
_CHOICES = "kitty|partner_card|alone|with_partner|defend_alone|defend_together"
_IDIOMS = {
    "the package's name": re.compile(r"\bcl\.\w+"),
    # a plural in brackets, "card(s)", is another test's (tests/test_no_python_in_text.py)
    "a call": re.compile(r"\b[A-Za-z_][\w.]*\((?!(?:s|es|e|x)\))"),
    # an apostrophe inside a word ("l'as", "North's") or after one ("players' hands") opens no quote
    "a quoted repr": re.compile(r"(?<![\w'’])'[^'\s][^'\n]{0,60}(?<!\s)'(?![\w'])"),
    "a snake_case name": re.compile(r"(?<![\w.\-/])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "an enum's repr": re.compile(r"\b(?:Seat|Suit|Rank|Phase)\.[A-Z]"),
    "an engine code": re.compile(rf"\bchoose (?:{_CHOICES})\b|\bphase: ?[a-z]+\b"),
}
_BARE_NUMBER = re.compile(r"\s*-?\d+(?:[.,]\d+)?\s*%?\s*")


def code_in(text: str) -> list[str]:
    """What reads as code in ``text``, a learner's text (prose or an output, HTML already turned into its words)."""
    found = [m.group(0) for pattern in _IDIOMS.values() for m in pattern.finditer(text)]
    # a joker's code where a sentence names the joker; beside other cards' faces ("may play: J♦ RJ") it is a face
    for m in _JOKER.finditer(text):
        before, after = text[: m.start()].rstrip(" ,"), text[m.end() :].lstrip(" ,")
        # faces listed after a label ("may play: BJ", "The answer: RJ") or alone are cards, not a sentence's words
        if not (_FACE.search(before[-3:]) or _FACE.match(after) or before.endswith(":") or not before + after):
            found.append(m.group(0))
    names = class_names()
    found += [w for w in re.findall(r"\b[A-Z][a-z]+[A-Z]\w*\b", text) if w in names]
    return found


def bare_numbers(text: str) -> list[str]:
    """The lines of a printed output that are a number alone: a number says what it counts."""
    return [line for line in text.splitlines() if _BARE_NUMBER.fullmatch(line)]


def test_the_finder_finds_code_and_leaves_words() -> None:
    assert code_in("cl.Rules.preset('canadian')") == ["cl.Rules", "cl.Rules.preset(", "'canadian'"]
    assert code_in("Ruling(answer=<Seat.E: 1>, reason='East wins')") == ["Ruling(", "'East wins'", "Seat.E"]
    assert code_in("HandState Canadian, South may: choose kitty, choose partner_card") == [
        "partner_card",
        "choose kitty",
        "choose partner_card",
        "HandState",
    ]
    assert code_in("phase: bidding; use high_joker") == ["high_joker", "phase: bidding"]
    assert code_in("RJ, the high joker, counts as a heart; may play: J♦ BJ; may play: BJ") == ["RJ"]
    assert code_in("In this course the high joker is RJ and the low joker is BJ.") == ["RJ", "BJ"]
    assert code_in("South plays RJ. BJ") == ["RJ"]
    assert code_in("JupyterLab: North's card (the players' hands), l'as de pique, 3 card(s), Lesson 02.") == []
    assert code_in("[Next: 03 Following suit](03_following_suit.ipynb) — J♥ RJ♥ 10♦") == []
    assert prose('`RJ` is the **red joker**; type `"BJ JS AS"`; `high_joker="red"`') == (
        ' cards  is the **red joker**; type  cards ; `high_joker="red"`'
    )
    assert bare_numbers("8\nNorth won 8 tricks\n 91 %") == ["8", " 91 %"]


# ---------------------------------------------------------------- what a saved lesson shows
_OPTIONAL = re.compile(r"^\s*\*(?:Under the hood|Sous le capot)", re.IGNORECASE)
# "(*under the hood:* the quiz's `seed` picks the questions)": an optional note inside a sentence
_OPTIONAL_ASIDE = re.compile(r"\(\*(?:under the hood|sous le capot)\b[^)]*\)", re.IGNORECASE)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CODE_CARD = r"(?:10|[2-9TJQKAVDR])[CDHS♣♦♥♠]|RJ|BJ"
_TYPED_CARDS = re.compile(rf'`"?(?:{_CODE_CARD})(?:[ ,]+(?:{_CODE_CARD}))*"?`')
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_UNSHOWN = re.compile(r"<(style|script)\b[^>]*>.*?</\1>", re.S | re.IGNORECASE)
# a card picture (or any image) is read as the words it says to a screen reader, not as its face's corner
_PICTURE = re.compile(
    r"""<(span|div)\b[^>]*\brole=["']img["'][^>]*\baria-label=["']([^"']*)["'][^>]*>.*?</\1>""", re.S | re.IGNORECASE
)
_IMAGE = re.compile(r"""<img\b[^>]*?(?:\balt=["']([^"']*)["'])?[^>]*>""", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
_RICHEST = ("text/html", "text/markdown", "image/svg+xml", "image/png", "image/jpeg", "text/plain")


def html_words(markup: str) -> str:
    """What an HTML output says: its text and its pictures' alternative text, tags taken out."""
    text = _UNSHOWN.sub(" ", _COMMENT.sub(" ", markup))
    text = _PICTURE.sub(lambda m: f" {m.group(2)} ", text)
    text = _IMAGE.sub(lambda m: f" {m.group(1) or ''} ", text)
    return html.unescape(_TAG.sub(" ", text))


def _source(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def prose(markdown: str) -> str:
    """A Markdown cell's words a learner reads: its optional notes, link targets and comments taken out, and the
    cards it quotes as a learner types them in a box (`RJ`, `"BJ JS AS"`)."""
    kept = [p for p in markdown.split("\n\n") if not _OPTIONAL.match(p)]
    text = _LINK_TARGET.sub("]", _OPTIONAL_ASIDE.sub(" ", "\n\n".join(kept)))
    text = _TYPED_CARDS.sub(" cards ", text)
    return html_words(text)


def shown(path: Path) -> Iterator[tuple[str, str, bool]]:
    """Each text a learner reads in a saved lesson: (where, text, printed) — printed text is a cell's output as text,
    where a number alone names nothing."""
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            yield f"cell {i}", prose(_source(cell["source"])), False
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                yield f"cell {i} printed", _source(output["text"]), True
            data = output.get("data", {})
            # a result is shown in its richest form (as JupyterLab, nbviewer and GitHub choose): a widget's static
            # picture where no widget runs, HTML or Markdown, an image by its alternative text, else the plain text
            kind = next((k for k in _RICHEST if k in data), None)
            if kind in ("text/html", "text/markdown"):
                yield f"cell {i} {kind}", html_words(_source(data[kind])), False
            elif kind == "text/plain":
                yield f"cell {i} text/plain", _source(data[kind]), True
            elif kind is not None:
                alt = output.get("metadata", {}).get(kind, {}).get("alt", "")
                yield f"cell {i} {kind}", alt, False


def code_shown(path: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for where, text, printed in shown(path):
        hits = code_in(text) + (bare_numbers(text) if printed else [])
        if hits:
            found.setdefault(where, []).extend(hits)
    return found


def _id(path: Path) -> str:
    return f"{'fr' if path.parent.name == 'fr' else 'en'}/{path.stem}"


@pytest.mark.parametrize("path", PAGES, ids=_id)
def test_a_saved_lesson_shows_words_not_code(path: Path) -> None:
    assert code_shown(path) == {}


# ---------------------------------------------------------------- what the lessons' widgets put on screen
# the traits a widget's script draws as words (its labels, questions, feedback, explanations, reasons), not the ones
# it reads as codes (a card's id, a seat's letter, a phase)
_CODES = {"id", "action", "suit", "seat", "kind", "place", "grade", "to", "bid", "name", "ink", "ink4", "rank", "pip"}
_NOT_WORDS = {"_esm", "_css", "_download", "variant", "trump", "kind", "phase", "verdict", "selected", "chosen"}
_NOT_WORDS |= {"picked", "right", "seat", "layout", "tabbable", "tooltip", "variants", "_dom_classes"}


def _words(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict) and "pip" in value:
        # a card, drawn as its face (a joker's says JOKER and a star): its words are its label and its role
        yield from (value.get("label", ""), value.get("role", ""))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _CODES:
                yield from _words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _words(item)


def code_on_screen(widget: Any) -> dict[str, list[str]]:
    """The code in what ``widget`` shows now: its synced words and its static picture."""
    found: dict[str, list[str]] = {}
    for name in widget.keys:
        if name in _NOT_WORDS or name.startswith(("_model", "_view", "_anywidget")):
            continue
        for text in _words(getattr(widget, name)):
            if code_in(text):
                found.setdefault(f"{name}: {text[:120]!r}", []).extend(code_in(text))
    static = code_in(html_words(widget._static_html()))
    if static:
        found["static picture"] = static
    return found


#: The trick quizzes of the lessons, as each lesson makes them (the variant, level, kinds, seed and count).
_TRICK_QUIZZES = [
    {"level": 2, "kinds": ("order",), "seed": 0, "count": 5},
    {"level": 2, "kinds": ("winner", "legal"), "seed": 0, "count": 6},
    {"level": 2, "kinds": ("legal", "winner"), "seed": 24, "count": 6},
    {"level": 3, "kinds": ("winner", "legal"), "seed": 8, "count": 6},
    {"level": 1, "kinds": ("score",), "seed": 0, "count": 6},
    {"kinds": ["table"], "level": 1, "seed": 140, "count": 3},
    {"kinds": ["table"], "level": 2, "seed": 141, "count": 2},
    {"level": 2, "seed": 150, "count": 8},
    {"level": 3, "seed": 151, "count": 4},
    {"variant": "american", "level": 3, "seed": 0, "count": 6},
    {"variant": "bid_euchre", "level": 3, "seed": 0, "count": 5},
]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("made", _TRICK_QUIZZES, ids=lambda made: "-".join(map(str, made.values())))
def test_a_lesson_s_trick_quiz_says_its_questions_and_explanations_in_words(lang: str, made: dict[str, Any]) -> None:
    from charlemagne_learn.widgets import TrickQuiz

    quiz = TrickQuiz(**made, lang=lang)
    found: dict[str, list[str]] = {}
    while quiz.phase != "finished":
        found |= code_on_screen(quiz)
        quiz.answer(quiz._question.answer)
        found |= code_on_screen(quiz)
        quiz.next()
    assert found == {}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lesson_s_hands_ladders_bid_boxes_and_decisions_say_words(lang: str) -> None:
    """Lessons 03, 04 and 07's hands (every card clicked, each with the engine's reason), the ladders and bid boxes
    of every table, and lesson 05's decisions (a bid answered with its first choice and graded, an exchange)."""
    from charlemagne_learn.widgets import BidBox, DecisionQuiz, Hand, TrumpLadder

    rules = cl.Rules.preset("canadian")
    hands = [
        ("AD 10D RJ AS 9C", cl.Contract(rules, "6", "N", "H"), "JD"),
        ("BJ 9S AC 8D 7D", cl.Contract(rules, "6", "N", "H"), "9H"),
        ("RJ AS 9H AD 10D", cl.Contract(rules, "6", "N", "H"), "7H"),
        ("BJ 7S 8S 9D 8C 7C", cl.Contract(rules, "mulot", "N"), "AH"),
        ("RJ BJ 7S 8S 9D", cl.Contract(rules, "mulot", "N"), "AH"),
    ]
    found: dict[str, list[str]] = {}
    for cards, contract, trick in hands:
        hand = Hand(cards, contract=contract, trick=trick, show_legal=False, lang=lang)
        for card in cards.split():
            hand.select(card)
            found |= code_on_screen(hand)
    for variant in ("canadian", "american", "maine", "bid_euchre"):
        for trump in "CDHS":
            found |= code_on_screen(TrumpLadder(variant=variant, trump=trump, lang=lang))
        found |= code_on_screen(BidBox(variant, lang=lang))
    quiz = DecisionQuiz(kinds=["bid", "exchange"], seed=50, count=2, samples=4, lang=lang)
    for _ in range(2):
        found |= code_on_screen(quiz)
        if quiz.decision.kind != "exchange":
            quiz.choose(quiz.decision.state.legal_actions()[0])
            found |= code_on_screen(quiz)
        if not quiz.next():
            break
    assert found == {}


# ---------------------------------------------------------------- each edition's card letters
#: A card's face as English writes it (jack, queen, king) and as French does (valet, dame, roi).
_FACES = {"en": re.compile(r"(?<![\w])[JQK][♣♦♥♠]"), "fr": re.compile(r"(?<![\w])[VDR][♣♦♥♠]")}


def _faces_shown(widget: Any) -> Iterator[str]:
    """Every text of ``widget`` that shows a face: its synced words, its cards' corners, its static picture's text."""
    for name in widget.keys:
        if name in _NOT_WORDS or name.startswith(("_model", "_view", "_anywidget")):
            continue
        yield from _all_texts(getattr(widget, name))
    yield html.unescape(_TAG.sub(" ", _UNSHOWN.sub(" ", widget._static_html())))


def _all_texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        if "pip" in value:  # a card's corner: its rank beside its suit
            yield f"{value.get('rank', '')}{value['pip']}"
        for key, item in value.items():
            if key not in _CODES:
                yield from _all_texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _all_texts(item)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_edition_draws_and_writes_cards_with_its_own_letters(lang: str) -> None:
    """The French edition's cards are V, D and R (valet, dame, roi) on their faces, in the questions, answers and
    explanations, as its prose writes them; the English edition's J, Q and K. What a learner types is read in
    either (``"JD"``, ``"V♦"``)."""
    from charlemagne_learn.widgets import Hand, TrickQuiz, TrumpLadder

    other = _FACES["fr" if lang == "en" else "en"]
    shown: list[str] = []
    for made in _TRICK_QUIZZES[:4]:
        quiz = TrickQuiz(**made, lang=lang)
        while quiz.phase != "finished":
            shown += _faces_shown(quiz)
            quiz.answer(quiz._question.answer)
            shown += _faces_shown(quiz)
            quiz.next()
    hand = Hand(
        "AD KD QS JC 10H", contract=cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H"), trick="JD", lang=lang
    )
    for card in ("AD", "KD", "QS", "JC"):
        hand.select(card)
        shown += _faces_shown(hand)
    shown += _faces_shown(TrumpLadder(trump="S", lang=lang))
    wrong = sorted({m for text in shown for m in other.findall(text)})
    assert wrong == []
    assert any(_FACES[lang].search(text) for text in shown)
    assert cl.Card.parse("V♦") == cl.Card.parse("JD") and cl.parse_cards("DS R♥ 10D") == cl.parse_cards("QS KH 10D")
    with pytest.raises(cl.CardParseError) as refused:
        cl.Card.parse("X♥")
    assert "V D R" in refused.value.said("fr") and "J Q K" in refused.value.said("en")


def faces_shown(path: Path) -> list[str]:
    """The other edition's card letters in a saved lesson's prose and outputs, as they are drawn (a card picture's
    corner, not its spoken name)."""
    lang = "fr" if "fr" in path.relative_to(NOTEBOOKS).parts else "en"
    other = _FACES["en" if lang == "fr" else "fr"]
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        texts = [_LINK_TARGET.sub("]", _source(cell["source"]))] if cell["cell_type"] == "markdown" else []
        for output in cell.get("outputs", []):
            texts.append(_source(output.get("text", "")))
            data = output.get("data", {})
            kind = next((k for k in _RICHEST if k in data), None)
            if kind in ("text/html", "text/markdown", "text/plain"):
                texts.append(_source(data[kind]))
        for text in texts:
            found += other.findall(html.unescape(_TAG.sub(" ", _UNSHOWN.sub(" ", text))))
    return found


#: The teacher's pages too: their answer keys show the hands and answers a class reads in its edition.
TEACHERS = sorted((NOTEBOOKS / "teachers").glob("*.ipynb")) + sorted((NOTEBOOKS / "fr" / "teachers").glob("*.ipynb"))


@pytest.mark.parametrize("path", PAGES + TEACHERS, ids=lambda p: str(p.relative_to(NOTEBOOKS).with_suffix("")))
def test_a_saved_lesson_writes_cards_with_its_edition_s_letters(path: Path) -> None:
    assert faces_shown(path) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hand_replayed_step_by_step_tells_its_cards_in_words(lang: str) -> None:
    """Lessons 06, 07 and 10's tables: a hand replayed card by card, its story naming each joker played."""
    from charlemagne_learn.analysis import make_bot, play_hand
    from charlemagne_learn.widgets import Table

    found: dict[str, list[str]] = {}
    for seed in (3, 22):
        state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=seed)
        assert any(card.is_joker for trick in state.tricks for card in trick.cards)
        table = Table.replay(state, seat="S", lang=lang)
        for step in range(table.steps + 1):
            table.step = step
            found |= code_on_screen(table)
    assert found == {}


def test_a_word_reads_bare_on_its_own_and_quoted_inside_a_container() -> None:
    """Alone, a notebook shows a word as it reads; inside a dict or a list it keeps its quotes, so the container's
    text still reads back as Python (a test reading a kernel's value evaluates it)."""
    from IPython.lib.pretty import pretty

    from charlemagne_learn.engine.i18n import Words, sentence

    assert pretty(Words("little jack")) == "little jack"
    assert pretty({1: Words("blunder")}) == "{1: 'blunder'}" and eval(pretty([Words("best")])) == ["best"]
    said = sentence("hints.not_your_turn", "en", seat=cl.Seat.N)
    assert pretty(said) == str(said) and pretty([said]) == repr([str(said)])
