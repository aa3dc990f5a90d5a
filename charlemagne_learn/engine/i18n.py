"""Words and sentences of the course, in every language it speaks, with the game's own French terms (le bar,
le petit bar, le minou, …). Every label a widget shows and every sentence the package writes comes from
here, so the front-end only displays text; the engine's own tables (what a bid means) use it too, so it
needs nothing but the standard library.

Sentences and words are kept by key in gettext catalogs, one per language
(``charlemagne_learn/locale/<lang>/LC_MESSAGES/charlemagne_learn.po``, compiled to the ``.mo`` beside it by
``scripts/catalogs.py``), and written with :func:`say`, which fills in the fields in the language's own forms: a
card by its name ("le valet de carreau"), a seat ("Ouest"), numbers with the language's decimal mark and percent
sign, a word agreeing with a number by the catalog's plural rule. With no ``lang`` given, a sentence is written in
the current language (:func:`current_lang`: the course's, ``"lang"`` in ``course.json``, unless :func:`speaking`
says another). A key missing from a language's catalog falls back to English.

>>> from charlemagne_learn import Card
>>> card_label(Card.parse("JD"), "en", "little jack")
'jack of diamonds — little jack'
>>> card_label(Card.parse("JD"), "fr", "little jack")
'valet de carreau — le petit bar'
>>> word("kitty", "fr")
'le minou'
>>> say("tricks.win_trump_highest", "fr", seat=Seat.W, card=Card.parse("JD"))
"Ouest remporte la levée avec le valet de carreau : c'est le plus haut atout joué."
>>> say("tricks.win_trump_highest", "en", seat=Seat.W, card=Card.parse("JD"))
'West wins with J♦: it is the highest trump played.'
>>> say("judging.trumps", "fr", n=0), say("judging.trumps", "en", n=0)
('0 atout', '0 trumps')
"""

from __future__ import annotations

import functools
import gettext
import math
import numbers
import re
import string
import types
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from .cards import Card, Rank, Seat, Suit
from .errors import RulesOptionError, quote
from .settings import written_lang

__all__ = [
    "DOMAIN",
    "LANGS",
    "LOCALE",
    "Codes",
    "Forms",
    "Lang",
    "Sentence",
    "Unsaid",
    "Words",
    "add_language",
    "bid_name",
    "card_face",
    "card_label",
    "card_name",
    "catalog_keys",
    "check_lang",
    "composed",
    "current_lang",
    "fill",
    "join_words",
    "lang_or_current",
    "named",
    "number",
    "plural",
    "say",
    "seat_word",
    "speaking",
    "suit_name",
    "templates",
    "word",
    "word_key",
]

#: A language code with a catalog ("en", "fr", …).
Lang = str
#: The catalogs' gettext domain, and the folder holding one catalog per language.
DOMAIN = "charlemagne_learn"
LOCALE = Path(__file__).resolve().parents[1] / "locale"

_RANK_KEYS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_SUIT_KEYS = ("clubs", "diamonds", "hearts", "spades")
#: Genders of the French rank words (la dame; le valet), for articles and agreement.
_FEMININE_RANKS = frozenset({Rank.QUEEN})


#: Each language's own texts by key, as its catalog holds them (no English filled in).
_OWN: dict[str, dict[str, str]] = {}
#: The languages the package speaks: English first, then the others in the order their catalogs were found.
LANGS: list[Lang] = []
#: Each language's texts by key, English's filled in where its own catalog has none: one lookup a text.
_TABLES: dict[str, dict[str, str]] = {}
#: Each language's plural rule: which of a word's forms a number takes (0 the singular).
_PLURALS: dict[str, Callable[[int], int]] = {}


def add_language(lang: str, localedir: str | Path = LOCALE) -> None:
    """Speak ``lang`` from its catalog in ``localedir`` (``<localedir>/<lang>/LC_MESSAGES/charlemagne_learn.mo``).
    The package's own languages are added at import; a new one is one more catalog (see ``scripts/catalogs.py``).
    """
    with open(Path(localedir) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        catalog = gettext.GNUTranslations(f)
    # the texts, read once from the catalog's table (gettext has no public list of them; the empty key is its header)
    own = {k: v for k, v in vars(catalog)["_catalog"].items() if isinstance(k, str) and k}
    _OWN[lang] = own
    _TABLES[lang] = own if lang == "en" else {**_TABLES["en"], **own}
    _PLURALS[lang] = vars(catalog)["plural"]  # the function gettext made of the catalog's Plural-Forms
    if lang not in LANGS:
        LANGS.append(lang)
    _FORMATTERS[lang] = _Formatter(lang)


def check_lang(lang: str) -> Lang:
    """``lang`` if the widgets speak it, else a clear error."""
    if not isinstance(lang, str) or lang not in LANGS:  # `in` first: a NumPy array compares item by item
        # said in the course's language, which is always one of LANGS (the course checks it when read)
        raise RulesOptionError(sentence("i18n.bad_lang", value=quote(lang)))
    return lang


def _text(key: str, lang: Lang) -> str:
    """The template of ``key`` in ``lang`` (English where that catalog lacks it); KeyError when none has it."""
    try:
        return _TABLES[lang][key]
    except KeyError:
        raise KeyError(f"no message {key!r}") from None


def templates(key: str) -> dict[Lang, str]:
    """The template of ``key`` in each language whose own catalog has it (no fallback): for the checks that every
    language says everything."""
    return {lang: own[key] for lang, own in _OWN.items() if key in own}


def catalog_keys(prefix: str = "") -> list[str]:
    """Every key of the catalogs that starts with ``prefix``, in the catalog's order (sorted)."""
    return [k for k in _TABLES["en"] if k.startswith(prefix)]


def word_key(text: str) -> str | None:
    """The key of the word ``text`` names, or None: ``text`` is a key, a seat's, a team's or a variant's code ("N",
    "NS", "american"), or a word as the English catalog writes it ("little jack" → "role.little_jack"), matched as
    written first, then case-blind. A text several keys write as written is the word of the plainest of them (the
    fewest dots, then the shortest): "Bid Euchre" is the variant's title, not its title after "in"; case-blind, the
    first of them in the catalog's order.

    >>> word_key("little jack"), word_key("Little Jack"), word_key("Bid Euchre"), word_key("ns"), word_key("le minou")
    ('role.little_jack', 'role.little_jack', 'title.bid_euchre', 'team.ns', None)
    """
    if text == "" or text in _TABLES["en"]:
        return text
    lowered = text.strip().lower()
    keys, exact, blind = _keys_by_text()
    coded = _SEAT_KEYS.get(lowered.upper()) or keys.get(f"title.{lowered}")  # a seat, a team, a variant by its code
    return coded or keys.get(lowered) or exact.get(text) or blind.get(lowered)


@functools.cache
def _keys_by_text() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Every key by its own spelling lowered, by its English text, and by its English text lowered (the first key
    in the catalog's order): what :func:`word_key` matches."""
    plainest = sorted(_OWN["en"].items(), key=lambda item: (item[0].count("."), len(item[0]), item[0]))
    keys: dict[str, str] = {}
    exact: dict[str, str] = {}
    blind: dict[str, str] = {}
    for key, text in _OWN["en"].items():
        keys.setdefault(key.lower(), key)
        blind.setdefault(text.strip().lower(), key)
    for key, text in plainest:
        exact.setdefault(text, key)
    return keys, exact, blind


def named(text: str, lang: Lang, *areas: str) -> str:
    """The word in ``lang`` of the name ``text`` that the engine writes in English (a card's role, a part of how a
    bid is played): the key among ``areas`` (a key's prefix, or a key) whose English is ``text``; ``text`` itself
    where none is (a house rule's own name for its jacks).

    >>> named("little jack", "fr", "role."), named("captain", "fr", "role.")
    ('le petit bar', 'captain')
    """
    key = _keys_by_english(areas).get(text)
    return text if key is None else word(key, lang)


#: The key of each seat's and each team's name by the engine's code for it (:attr:`Seat.name`, a team's "NS").
_SEAT_KEYS = {
    "N": "seat.north",
    "E": "seat.east",
    "S": "seat.south",
    "W": "seat.west",
    "NS": "team.ns",
    "EW": "team.ew",
}


def seat_word(code: object, lang: Lang) -> str:
    """A seat's or a team's name in ``lang`` by its engine code (a :class:`Seat`, or the code as text), or the code
    as it is when it names none.

    >>> seat_word(Seat.W, "fr"), seat_word("NS", "en"), seat_word("NS", "fr")
    ('Ouest', 'North–South', 'Nord–Sud')
    """
    name = code.name if isinstance(code, Seat) else str(code)
    key = _SEAT_KEYS.get(name)
    return name if key is None else word(key, lang)


def bid_name(label: str, lang: Lang) -> str:
    """A bid's name in ``lang`` from its label as the rules write it: "No Trump" is "Sans-atout" in French; a label
    the same in every language ("6", "Mulot") or a house rule's own stays as it is.

    >>> bid_name("Charles Alone", "fr"), bid_name("Gros Mulot", "fr")
    ('Charles seul', 'Gros Mulot')
    """
    return named(label, lang, "bid.")


@functools.cache
def _keys_by_english(areas: tuple[str, ...]) -> dict[str, str]:
    return {text: key for key, text in _OWN["en"].items() if any(key.startswith(a) for a in areas)}


def word(key: str, lang: Lang = "en") -> str:
    """A word of the interface, as it is written (no fields filled in), or the key itself when it has none. The word
    keeps its key (it is a :class:`Sentence`), so a message it is part of can be said again in another language."""
    try:
        out = Sentence(_text(key, lang))
    except KeyError:
        return key
    out.key, out.fields = key, None
    return out


#: The jokers' names by their index (:meth:`Card.from_index`): 32 the red joker, 33 the black.
_JOKER_KEYS = {32: "card.red_joker", 33: "card.black_joker"}

_FACED_RANKS = {Rank.JACK: "card.face.jack", Rank.QUEEN: "card.face.queen", Rank.KING: "card.face.king"}


@functools.lru_cache(maxsize=256)  # 34 cards × the languages: written over and over
def card_face(card: Card, lang: Lang = "en") -> str:
    """A card as its face's corner shows it in ``lang``: "J♦" in English, "V♦" in French (valet, dame, roi); a
    number, an ace or a joker the same in every language. What a learner types is read in either
    (:meth:`Card.parse <charlemagne_learn.engine.cards.Card.parse>`).

    >>> card_face(Card.parse("JD"), "fr"), card_face(Card.parse("QS"), "fr"), card_face(Card.parse("10H"), "fr")
    ('V♦', 'D♠', '10♥')
    """
    key = _FACED_RANKS.get(card.rank) if card.rank is not None else None
    if key is None or card.suit is None:
        return str(card)
    return _text(key, lang) + card.suit.symbol


@functools.lru_cache(maxsize=4096)  # 34 cards × a few roles × the languages: written over and over
def card_label(card: Card, lang: Lang = "en", role: str = "") -> str:
    """What a screen reader says for a card: "jack of diamonds — little jack"."""
    if card.suit is None or card.rank is None:
        name = word(_JOKER_KEYS[card.index], lang)
    else:
        name = _text("card.of", lang).format(
            rank=_text(f"rank.{_RANK_KEYS[card.rank]}", lang), suit=_text(f"suits.{_SUIT_KEYS[card.suit]}", lang)
        )
    return f"{name} — {named(role, lang, 'role.')}" if role else name


def say(key: str, lang: str | None = None, /, **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (the course's language when None), its fields in that language's forms
    (see :class:`_Formatter`). A key no catalog has is a programming error (KeyError), never a learner's."""
    chosen = lang_or_current(lang)
    return _FORMATTERS[chosen].format(_text(key, chosen), **fields)


def _said_as_it_reads(text: str, printer: Any) -> None:
    """A notebook shows a word or a sentence on its own as it reads, not as a string's repr in quotes; inside a list
    or a dict it keeps its quotes, so the container's text still reads back as Python (and says where it ends)."""
    nested = len(getattr(printer, "stack", ())) > 1
    printer.text(repr(str(text)) if nested else str(text))


class Words(str):
    """A word or a phrase that a notebook shows as it reads, without a string's quotes: ``little jack``, not
    ``'little jack'``."""

    __slots__ = ()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        _said_as_it_reads(self, printer)


class Unsaid:
    """Words kept unsaid until they are shown, in the language asked then (a message of
    :mod:`~charlemagne_learn.engine.messages`): a field of a sentence that is one is said in the sentence's language.
    """

    __slots__ = ()

    def said(self, lang: str | None = None) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.said()


class Sentence(str):
    """A sentence said in one language that can be said again in another: the text, its catalog key and its fields.
    The engine's errors are made of these, so whoever shows an error says it in its own language
    (:meth:`CharlemagneError.said <charlemagne_learn.engine.errors.CharlemagneError.said>`).

    >>> s = sentence("deal.card_twice", "en", seat=Seat.E)
    >>> s.key, s.said("fr") == say("deal.card_twice", "fr", seat=Seat.E) != s
    ('deal.card_twice', True)
    """

    key: str
    #: None for a word (a text with no fields to fill)
    fields: dict[str, Any] | None

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        _said_as_it_reads(self, printer)

    def said(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the language spoken now when None), a field that is itself a sentence (a word
        of the interface, a hint's help) or an error (the reason it gives) said in ``lang`` too.

        >>> s = sentence("ranking.no_jokers", "en", title=sentence("title.bid_euchre", "en"))
        >>> str(s), s.said("fr")
        ('Bid Euchre is played without jokers', 'Euchre à enchères : on y joue sans jokers')
        """
        if self.fields is None:
            return word(self.key, lang_or_current(lang))
        fields = {k: _said_again(v, lang) for k, v in self.fields.items()}
        return say(self.key, lang, **fields)


def _said_again(value: Any, lang: str | None) -> Any:
    """A field said again in ``lang``: a sentence, a word or an error (anything that can say itself in a language,
    such as the error a message explains itself with), else the value as it is."""
    say_again = getattr(value, "said", None)
    return say_again(lang) if callable(say_again) else value


def sentence(key: str, lang: str | None = None, /, **fields: Any) -> Sentence:
    """:func:`say`, keeping the key and the fields: for a message that may be shown in another language than the one
    it was made in (every error's)."""
    out = Sentence(say(key, lang, **fields))
    out.key, out.fields = key, fields
    return out


class _Composed(Sentence):
    """A sentence put together by code from several catalog sentences (a ruling inside a refusal): said again by
    putting it together again in the other language."""

    make: Callable[[Lang], str]

    def said(self, lang: str | None = None) -> str:
        return self.make(lang_or_current(lang))


def composed(key: str, make: Callable[[Lang], str], lang: str | None = None, /) -> Sentence:
    """The sentence ``make(lang)`` writes, said again in another language by calling ``make`` again: for a message
    whose words depend on more than a catalog sentence and its fields (a ruling, a list of moves). ``key`` is its
    outer catalog key; ``make`` must read only values that do not change (a closure over a hand that is still being
    played would say something else later).

    >>> phases = ("bidding", "discard", "play")
    >>> s = composed("hand.doing", lambda lang: join_words([word(f"phase.{p}", lang) for p in phases], lang), "en")
    >>> s, s.said("fr"), s.key
    ('bidding, discarding and play', 'enchères, écart et jeu de la carte', 'hand.doing')
    """
    out = _Composed(make(lang_or_current(lang)))
    out.key, out.fields, out.make = key, {}, make
    return out


def fill(template: str, lang: str | None = None, /, **fields: Any) -> str:
    """A template written here rather than read from a catalog, its fields in ``lang``'s forms as :func:`say` writes
    them (for trying a template out; the package's own sentences all come from the catalogs).

    >>> fill("{seat} leads {card:the}, {p:.0%}", "fr", seat=Seat.E, card=Card.parse("AS"), p=0.5)
    "Est leads l'as de pique, 50\u202f%"
    """
    return _FORMATTERS[lang_or_current(lang)].format(template, **fields)


# ---------------------------------------------------------------- the language spoken
# One carrier: a call given ``lang=`` speaks it; otherwise :func:`speaking`'s language inside it; otherwise the
# language the course's settings name (``course.json``'s "lang", read by :mod:`.settings`, which has no words), else
# English. Nothing installs it: the engine's language never depends on what else was imported.
_spoken: ContextVar[Lang | None] = ContextVar("charlemagne_learn_spoken", default=None)


def current_lang() -> Lang:
    """The language spoken now: :func:`speaking`'s inside it, else the one the course's settings name (English
    where they name none, or none the catalogs have, or cannot be read: that is their own refusal, said where the
    course's rules are read).

    >>> current_lang()
    'en'
    """
    spoken = _spoken.get()
    if spoken is not None:
        return spoken
    written = written_lang()
    return written if written in LANGS else "en"


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Inside ``with speaking("fr"):`` everything that follows the current language (rulings, refusals, hints)
    speaks ``lang``; the language before comes back afterwards.

    >>> with speaking("fr"):
    ...     current_lang()
    'fr'
    >>> current_lang()
    'en'
    """
    token = _spoken.set(check_lang(lang))
    try:
        yield lang
    finally:
        _spoken.reset(token)


def lang_or_current(lang: str | None) -> Lang:
    """``lang`` checked, or :func:`current_lang` when it is None."""
    return current_lang() if lang is None else check_lang(lang)


def card_name(card: Card, lang: Lang = "en") -> str:
    """ "jack of diamonds", "valet de carreau", "red joker"."""
    return card_label(card, lang)


@functools.lru_cache(maxsize=256)
def suit_name(suit: Suit, lang: Lang = "en", plural: bool = False) -> str:
    """ "heart" / "hearts"; French "cœur" either way (à cœur, du cœur)."""
    return _text(f"{'suits' if plural else 'suit'}.{_SUIT_KEYS[suit]}", lang)


def _card_article(card: Card, lang: Lang, form: str) -> str:
    name = card_name(card, lang)
    if lang != "fr":  # French articles agree with the rank word; every other language takes English's forms
        return {"the": "the ", "a": "to the ", "de": "of the "}[form] + name
    vowel = card.rank is Rank.ACE
    feminine = card.rank in _FEMININE_RANKS
    if form == "the":
        article = "l'" if vowel else "la " if feminine else "le "
    elif form == "a":
        article = "à l'" if vowel else "à la " if feminine else "au "
    else:
        article = "de l'" if vowel else "de la " if feminine else "du "
    return article + name


class Forms(types.SimpleNamespace):
    """One thing written in each of the forms languages choose between, for a catalog to pick the one its language
    writes: ``Forms(said="bid Gros Mulot", typed="bid gros_mulot")`` is ``{act.said}`` in one catalog and
    ``` `{act.typed}` ``` in another. Which form a language takes is its catalog's choice, never the code's.

    >>> say("hand.act", "en", act=Forms(said="bid Gros Mulot", typed="bid gros_mulot"))
    'bid Gros Mulot'
    >>> say("hand.act", "fr", act=Forms(said="enchère Gros Mulot", typed="bid gros_mulot"))
    'bid gros_mulot'
    """


class Codes(tuple[str, ...]):
    """Names a learner types (an option, a variant, a value an argument takes), listed as the language lists code:
    as typed in English, each quoted as code in French; ``joiner`` ``"and"`` or ``"or"`` says the word before the
    last ("a, b or c"). A field of a sentence, so the list is written when the sentence is said, in its language.

    >>> fill("use {allowed}", "en", allowed=Codes(["'a'", "'b'", "'c'"], "or"))
    "use 'a', 'b' or 'c'"
    >>> fill("use {allowed}", "fr", allowed=Codes(["'a'", "'b'"], "or"))
    "use `'a'` ou `'b'`"
    """

    joiner: str

    def __new__(cls, names: Iterable[object], joiner: Literal[",", "and", "or"] = ",") -> Codes:
        out = super().__new__(cls, (str(name) for name in names))
        out.joiner = joiner
        return out

    def listed(self, lang: Lang) -> str:
        code = _text("format.code", lang)
        items = [code.format(code=name) for name in self]
        if self.joiner == "," or len(items) <= 1:
            return ", ".join(items)
        return ", ".join(items[:-1]) + _text(f"join.{self.joiner}", lang) + items[-1]


def _join(items: list[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _text("join.and", lang) + items[-1]


class _Formatter(string.Formatter):
    """Fields in a language's forms. A :class:`Card` is written as on its face (``{card}``: "J♦"), by name
    (``{card:name}``), on its face but a joker by name (``{card:said}``: "J♦", "the red joker"; ``{card:Said}`` begins a
    sentence; ``{card:plain}`` without the article, in a list), with its article (``{card:the}``: "the jack of
    diamonds", "le valet de carreau"; French ``{card:a}`` "au valet", ``{card:de}`` "du valet"); a :class:`Seat` by name
    (``{seat}``) or letter (``{seat:short}``: N E S O in French), a team by its code (``{team:team}``: "NS"); a
    :class:`Suit` by its plural name (``{suit}``) or singular (``{suit:one}``); a seat after French "de" or "que" with
    its elision (``{seat:de}`` is "de Nord", "d'Est"; ``{seat:que}`` "qu'Ouest"; in English just the name); a list of
    cards on their faces (``{cards}``) or by name joined with "and"/"et" (``{cards:names}``); text by its word
    (``{title:w}``, see :func:`word`), a card's role, a place cards are in or a bid's label by its English name
    (``{role:role}``, ``{where:place}``, ``{bid:bid}``: see :func:`named`); numbers with the language's decimal mark and
    percent sign (``{p:.0%}`` is "91%" and "91 %"); and a word that agrees with a whole number, its singular and plural
    after the colon (``{n} {n:trick|tricks}``, ``{n} {n:levée|levées}``: see :func:`plural`), so no sentence ever writes
    "trick(s)"."""

    def __init__(self, lang: Lang) -> None:
        super().__init__()
        self.lang: Lang = lang
        self._marks_table: dict[int, str] | None = None

    def _marks(self) -> dict[int, str]:
        """The catalog's grouping mark, decimal mark and percent sign, as a :meth:`str.translate` table."""
        if self._marks_table is None:
            keys = {",": "format.group", ".": "format.decimal", "%": "format.percent"}
            self._marks_table = {ord(mark): _text(key, self.lang) for mark, key in keys.items()}
        return self._marks_table

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        # a message's {value!r} quotes a caller's value: bounded, as every message quotes one (see quote)
        return quote(value) if conversion == "r" else super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        if isinstance(value, Unsaid):
            return value.said(lang)
        if isinstance(value, Codes):
            return value.listed(lang)
        if isinstance(value, Card):
            if format_spec == "":
                return card_face(value, lang)
            if format_spec == "name":
                return card_name(value, lang)
            if format_spec == "plain":  # a trick's list, "West red joker, North 9♣"
                return card_name(value, lang) if value.is_joker else card_face(value, lang)
            if format_spec in ("said", "Said"):
                # a sentence names a joker ("the red joker"): RJ and BJ are corners of a card's face, not words
                said = _card_article(value, lang, "the") if value.is_joker else card_face(value, lang)
                return said[:1].upper() + said[1:] if format_spec == "Said" else said
            return _card_article(value, lang, format_spec)
        if isinstance(value, Seat):
            if format_spec == "short":
                return _text(f"seat.short.{value.word.lower()}", lang)
            name = seat_word(value, lang)
            if lang == "fr" and format_spec in ("de", "que"):
                # French elides before a vowel: "de Nord" but "d'Est", "que Sud" but "qu'Ouest"
                return f"{format_spec[:-1]}'{name}" if name[0] in "AEIOUaeiou" else f"{format_spec} {name}"
            return name
        if isinstance(value, Suit):
            if format_spec == "symbol":
                return value.symbol
            return suit_name(value, lang, plural=format_spec != "one")
        if isinstance(value, Rank):
            return _text(f"rank.{_RANK_KEYS[value]}", lang)
        if isinstance(value, str) and format_spec == "w":
            return word(value, lang)
        if isinstance(value, str) and format_spec == "team":
            return seat_word(value, lang)
        if isinstance(value, str) and format_spec in ("role", "place", "bid"):
            return named(value, lang, f"{format_spec}.")
        if isinstance(value, int) and not isinstance(value, bool) and "|" in format_spec:
            return plural(value, *format_spec.split("|"), lang=lang)
        if isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
            if format_spec == "names":
                return _join([card_name(c, lang) for c in value], lang)
            return " ".join(card_face(c, lang) for c in value)
        if isinstance(value, (list, tuple)) and all(isinstance(v, Seat) for v in value):
            return _join([self.format_field(v, format_spec) for v in value], lang)
        text = str(super().format_field(value, format_spec))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and lang != "en":
            # the catalog's marks: French 1,234.5 → 1 234,5 and 91% → 91 % (narrow no-break spaces)
            text = text.translate(self._marks())
        return text


_FORMATTERS: dict[str, _Formatter] = {}


def _finite(value: numbers.Real) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float: no number a page writes
        return False


#: The largest width or precision :func:`number` writes: a table's column, never a page.
_SPEC_MOST = 100


def number(value: float, spec: str = "", lang: str | None = None) -> str:
    """A number as ``lang`` (the course's language by default) writes it, formatted by ``spec`` as in an
    f-string: a decimal comma and a narrow no-break space before "%" in French.

    >>> number(0.915, ".0%", "en"), number(-1.25, "+.2f", "fr"), number(1234, ",", "fr")
    ('92%', '-1,25', '1\u202f234')
    >>> print(number(0.915, ".0%", "fr"))
    92 %
    """
    language = lang_or_current(lang)
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not _finite(value):
        raise RulesOptionError(sentence("i18n.not_a_number", language, value=quote(value)))
    # a width or precision is as many characters or digits as it says: "999999999f" would build a gigabyte
    if not isinstance(spec, str) or len(spec) > 20 or any(int(n) > _SPEC_MOST for n in re.findall(r"\d+", spec)):
        raise RulesOptionError(sentence("i18n.bad_spec", language, spec=quote(spec), most=_SPEC_MOST))
    try:
        return _FORMATTERS[language].format_field(value, spec)
    except ValueError:
        raise RulesOptionError(sentence("i18n.bad_spec", language, spec=quote(spec), most=_SPEC_MOST)) from None


def plural(n: int, *forms: str, lang: str | None = None) -> str:
    """The one of ``forms`` (singular, plural, and any more the language has) that the number ``n`` asks for in
    ``lang`` (the course's language by default), by its catalog's plural rule: English takes the singular for 1
    alone, French for 0 and 1 ("0 levée", "1 levée", "2 levées"). The one plural rule of every sentence
    (``{n:trick|tricks}`` in a message).

    >>> plural(0, "trick", "tricks", lang="en"), plural(0, "levée", "levées", lang="fr")
    ('tricks', 'levée')
    >>> plural(2, "levée", "levées", lang="fr")
    'levées'
    """
    index = _PLURALS[lang_or_current(lang)](abs(n))
    return forms[min(index, len(forms) - 1)]


def join_words(items: Iterable[str], lang: Lang) -> str:
    """Items joined as a sentence lists them: "a, b and c", "a, b et c"."""
    return _join(list(items), lang)


# The package's own languages: English first (every other catalog falls back to it), then each catalog found.
add_language("en")
for _found in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
    if _found.parents[1].name != "en":
        add_language(_found.parents[1].name)
