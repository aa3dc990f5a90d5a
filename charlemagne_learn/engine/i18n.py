"""Words and sentences of the course in English and French, with the game's own French terms (le bar,
le petit bar, le minou, …). Every label a widget shows and every sentence the package writes comes from
here, so the front-end only displays text; the engine's own tables (what a bid means) use it too, so it
needs nothing but the standard library.

Sentences are kept by key, each with its English and its French (:func:`add_messages`), and written
with :func:`say`, which fills in the fields in the language's own forms: a card by its name ("le valet de
carreau"), a seat ("Ouest"), numbers with a decimal comma and a space before "%". With no ``lang`` given,
a sentence is written in the current language (:func:`current_lang`: the course's, ``"lang"`` in
``course.json``, unless :func:`speaking` says another).

>>> from charlemagne_learn import Card
>>> card_label(Card.parse("JD"), "en", "little jack")
'jack of diamonds — little jack'
>>> card_label(Card.parse("JD"), "fr", "little jack")
'valet de carreau — le petit bar'
>>> word("kitty", "fr")
'le minou'
>>> add_messages({"doc.wins": ("{seat} wins with {card:the}, {p:.0%} of the time.",
...                            "{seat} remporte la levée avec {card:the}, {p:.0%} du temps.")})
>>> say("doc.wins", "fr", seat=Seat.W, card=Card.parse("JD"), p=0.91)
'Ouest remporte la levée avec le valet de carreau, 91\u202f% du temps.'
>>> say("doc.wins", "en", seat=Seat.W, card=Card.parse("JD"), p=0.91)
'West wins with the jack of diamonds, 91% of the time.'
"""

from __future__ import annotations

import math
import numbers
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Literal

from .cards import Card, Rank, Seat, Suit
from .errors import CharlemagneError, RulesOptionError, quote

__all__ = [
    "LANGS",
    "Lang",
    "add_messages",
    "add_words",
    "card_label",
    "card_name",
    "check_lang",
    "current_lang",
    "join_words",
    "lang_or_current",
    "message_keys",
    "message_pair",
    "number",
    "plural",
    "refusal_lang",
    "say",
    "set_default_lang",
    "speaking",
    "suit_name",
    "word",
    "word_key",
]

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")

_RANKS = {
    "en": ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "fr": ("sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
}
_SUITS = {"en": ("clubs", "diamonds", "hearts", "spades"), "fr": ("trèfle", "carreau", "cœur", "pique")}
#: Singular English suit names ("a heart was led"); French names a suit the same in both numbers.
_SUIT_ONE = {"en": ("club", "diamond", "heart", "spade"), "fr": _SUITS["fr"]}
#: Genders of the French rank words (la dame; le valet), for articles and agreement.
_FEMININE_RANKS = frozenset({Rank.QUEEN})
_SEAT_SHORT = {"en": ("N", "E", "S", "W"), "fr": ("N", "E", "S", "O")}
_OF = {"en": "{rank} of {suit}", "fr": "{rank} de {suit}"}

#: Words by key. Roles are the engine's names (``card_role``), so they translate by the same lookup.
_WORDS: dict[str, tuple[str, str]] = {
    "red joker": ("red joker", "joker rouge"),
    "black joker": ("black joker", "joker noir"),
    "high joker": ("high joker", "le grand joker"),
    "low joker": ("low joker", "le petit joker"),
    "big jack": ("big jack", "le bar"),
    "little jack": ("little jack", "le petit bar"),
    "right bower": ("right bower", "le bar"),
    "left bower": ("left bower", "le petit bar"),
    "top trump (the nine)": ("top trump (the nine)", "le plus haut atout (le neuf)"),
    "kitty": ("kitty", "le minou"),
    "trump": ("trump", "atout"),
    "trumps": ("trumps", "atouts"),
    "no trump": ("no trump", "sans atout"),
    "jokers only": ("jokers only", "jokers seulement"),
    "trick": ("trick", "levée"),
    "tricks": ("tricks", "levées"),
    "bid": ("bid", "enchère"),
    "bidder": ("bidder", "preneur"),
    "pass": ("pass", "passe"),
    "dealer": ("dealer", "donneur"),
    "contract": ("contract", "contrat"),
    "score": ("score", "score"),
    "your cards": ("your cards", "vos cartes"),
    "legal": ("may be played", "jouable"),
    "illegal": ("may not be played", "non jouable"),
    "N": ("North", "Nord"),
    "E": ("East", "Est"),
    "S": ("South", "Sud"),
    "W": ("West", "Ouest"),
    "sits out": ("sits out", "ne joue pas"),
    "to move": ("to move", "à jouer"),
    "shown to all": ("shown to all", "montrée à tous"),
    "made": ("made", "réussi"),
    "failed": ("failed", "chuté"),
    "correct": ("Correct!", "Exact !"),
    "wrong": ("Not quite.", "Pas tout à fait."),
    "next": ("Next question", "Question suivante"),
    "hint": ("Hint", "Conseil"),
    "review": ("Review", "Bilan"),
    "new hand": ("New hand", "Nouvelle donne"),
    "compute": ("Compute odds", "Calculer"),
    "samples": ("samples", "donnes"),
    "perfect": ("perfect play", "jeu parfait"),
    "realistic": ("realistic play (bots)", "jeu réaliste (robots)"),
    "joker": ("joker", "joker"),
    # a label and its value: French typesetting puts a space before the colon
    "colon": (": ", " : "),
    "semicolon": ("; ", " ; "),
    "jokers": ("jokers", "jokers"),
    "title.canadian": ("Canadian Charlemagne", "Charlemagne canadien"),
    "title.american": ("American Charlemagne", "Charlemagne américain"),
    "title.maine": ("Maine Charlemagne", "Charlemagne du Maine"),
    "title.bid_euchre": ("Bid Euchre", "Euchre à enchères"),
}


def add_words(words: dict[str, tuple[str, str]]) -> None:
    """Add a widget's own words, ``{key: (english, french)}``; a key already present keeps its words."""
    for key, pair in words.items():
        _WORDS.setdefault(key, pair)


def check_lang(lang: str) -> Lang:
    """``lang`` if the widgets speak it, else a clear error."""
    if not isinstance(lang, str) or lang not in LANGS:  # `in` first: a NumPy array compares item by item
        # said in the course's language, which is always one of LANGS (the course checks it when read)
        raise RulesOptionError(say("i18n.bad_lang", value=quote(lang)))
    return lang


def word_key(text: str) -> str | None:
    """The key of the word ``text`` names, matched case-blind ("Little jack" → "little jack"), or None."""
    if text == "" or text in _WORDS:
        return text
    lowered = text.strip().lower()
    return next((k for k in _WORDS if k.lower() == lowered), None)


def word(key: str, lang: Lang = "en") -> str:
    """A word of the interface (or the key itself when it has no translation)."""
    pair = _WORDS.get(key)
    return key if pair is None else pair[LANGS.index(lang)]


def card_label(card: Card, lang: Lang = "en", role: str = "") -> str:
    """What a screen reader says for a card: "jack of diamonds — little jack"."""
    if card.suit is None or card.rank is None:
        name = word(card.name, lang)  # "red joker", "black joker"
    else:
        name = _OF[lang].format(rank=_RANKS[lang][card.rank], suit=_SUITS[lang][card.suit])
    return f"{name} — {word(role, lang)}" if role else name


# ---------------------------------------------------------------- sentences
#: Sentences by key: ``{key: (english, french)}``, templates for :meth:`str.format` with the fields of
#: :func:`say` (see :class:`_Formatter` for the forms a field may take).
_MESSAGES: dict[str, tuple[str, str]] = {}


def add_messages(messages: Mapping[str, tuple[str, str]]) -> None:
    """Add a module's sentences, ``{key: (english, french)}``. A key is given once: a second, different
    text for it is a programming error, refused at import so two modules never fight over one key."""
    for key, pair in messages.items():
        if len(pair) != len(LANGS) or not all(isinstance(text, str) and text for text in pair):
            raise RulesOptionError(f"message {key!r} must be given as (english, french), both non-empty text")
        known = _MESSAGES.setdefault(key, pair)
        if known != pair:
            raise RulesOptionError(f"message {key!r} is already defined with other words")


add_messages({
    "i18n.bad_lang": ("lang={value} is not allowed; use 'en' (English) or 'fr' (French)",
                      "`lang={value}` n'est pas permis ; choisissez 'en' (anglais) ou 'fr' (français)"),
    "i18n.not_a_number": ("number({value}) is not allowed; give a finite number (an int or a float)",
                          "`number({value})` n'est pas permis ; donnez un nombre fini (un `int` ou un `float`)"),
    "i18n.bad_spec": ("spec={spec} is not allowed; give a format as in an f-string, like '.0%', '+.2f' or ',' "
                      "(widths and precisions up to {most})",
                      "`spec={spec}` n'est pas permis ; donnez un format comme dans une f-string, p. ex. `'.0%'`, "
                      "`'+.2f'` ou `','` (largeurs et précisions jusqu'à {most})"),
})  # fmt: skip


def message_keys() -> tuple[str, ...]:
    """Every sentence key the package has (for the tests that check both languages)."""
    return tuple(_MESSAGES)


def message_pair(key: str) -> tuple[str, str]:
    """The English and French templates of ``key``."""
    return _MESSAGES[key]


def say(key: str, lang: str | None = None, /, **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (the course's language when None), its fields in that language's forms."""
    pair = _MESSAGES.get(key)
    if pair is None:
        raise KeyError(f"no message {key!r}")  # a programming error, never a learner's input
    chosen = lang_or_current(lang)
    return _FORMATTERS[chosen].format(pair[LANGS.index(chosen)], **fields)


# ---------------------------------------------------------------- the language spoken
# One carrier: a call given ``lang=`` speaks it; otherwise :func:`speaking`'s language inside it; otherwise the
# default, which the course installs (``course.json``'s "lang", see :mod:`charlemagne_learn.course`). The engine
# asks only this module, so it never reads the course's settings itself.
_spoken: ContextVar[Lang | None] = ContextVar("charlemagne_learn_spoken", default=None)
_default: Callable[[], str] = lambda: "en"  # noqa: E731 (replaced by set_default_lang)


def set_default_lang(provider: Callable[[], str]) -> None:
    """Where the language comes from when nothing else says it (the course installs its settings' reader)."""
    global _default
    _default = provider


def current_lang() -> Lang:
    """The language spoken now: :func:`speaking`'s inside it, else the default (the course's).

    >>> current_lang()
    'en'
    """
    spoken = _spoken.get()
    return spoken if spoken is not None else check_lang(_default())


def refusal_lang() -> Lang:
    """:func:`current_lang` for a refusal, English when the default cannot be read (its settings are broken: that
    is their own refusal, said when they are read, not this one)."""
    try:
        return current_lang()
    except CharlemagneError:
        return "en"


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


def suit_name(suit: Suit, lang: Lang = "en", plural: bool = False) -> str:
    """ "heart" / "hearts"; French "cœur" either way (à cœur, du cœur)."""
    return (_SUITS if plural else _SUIT_ONE)[lang][suit]


def _card_article(card: Card, lang: Lang, form: str) -> str:
    name = card_name(card, lang)
    if lang == "en":
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


def _join(items: list[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    last = " and " if lang == "en" else " et "
    return ", ".join(items[:-1]) + last + items[-1]


class _Formatter(string.Formatter):
    """Fields in a language's forms. A :class:`Card` is written as on its face (``{card}``: "J♦"), by name
    (``{card:name}``), with its article (``{card:the}``: "the jack of diamonds", "le valet de carreau"; French
    ``{card:a}`` "au valet", ``{card:de}`` "du valet"); a :class:`Seat` by name (``{seat}``) or letter
    (``{seat:short}``: N E S O in French); a :class:`Suit` by its plural name (``{suit}``) or singular
    (``{suit:one}``); a seat after French "de" or "que" with its elision (``{seat:de}`` is "de Nord", "d'Est";
    ``{seat:que}`` "qu'Ouest"; in English just the name); a list of cards on their faces (``{cards}``) or by name joined with "and"/"et"
    (``{cards:names}``); text by its word (``{role:w}``, see :func:`word`); numbers with the language's
    decimal mark and percent sign (``{p:.0%}`` is "91%" and "91 %"); and a word that agrees with a whole number, its
    singular and plural after the colon (``{n} {n:trick|tricks}``, ``{n} {n:levée|levées}``: see :func:`plural`),
    so no sentence ever writes "trick(s)"."""

    def __init__(self, lang: Lang) -> None:
        super().__init__()
        self.lang: Lang = lang

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        # a message's {value!r} quotes a caller's value: bounded, as every message quotes one (see quote)
        return quote(value) if conversion == "r" else super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        if isinstance(value, Card):
            if format_spec == "":
                return str(value)
            if format_spec == "name":
                return card_name(value, lang)
            return _card_article(value, lang, format_spec)
        if isinstance(value, Seat):
            if format_spec == "short":
                return _SEAT_SHORT[lang][value]
            name = word(value.name, lang)
            if lang == "fr" and format_spec in ("de", "que"):
                # French elides before a vowel: "de Nord" but "d'Est", "que Sud" but "qu'Ouest"
                return f"{format_spec[:-1]}'{name}" if name[0] in "AEIOUaeiou" else f"{format_spec} {name}"
            return name
        if isinstance(value, Suit):
            if format_spec == "symbol":
                return value.symbol
            return (_SUIT_ONE if format_spec == "one" else _SUITS)[lang][value]
        if isinstance(value, Rank):
            return _RANKS[lang][value]
        if isinstance(value, str) and format_spec == "w":
            return word(value, lang)
        if isinstance(value, int) and not isinstance(value, bool) and "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return plural(value, one, many, lang)
        if isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
            if format_spec == "names":
                return _join([card_name(c, lang) for c in value], lang)
            return " ".join(map(str, value))
        if isinstance(value, (list, tuple)) and all(isinstance(v, Seat) for v in value):
            return _join([self.format_field(v, format_spec) for v in value], lang)
        text = str(super().format_field(value, format_spec))
        if lang == "fr" and isinstance(value, (int, float)) and not isinstance(value, bool):
            # 1,234.5 → 1 234,5 and 91% → 91 % (narrow no-break spaces, as French typesetting has them)
            text = text.replace(",", "\u202f").replace(".", ",").replace("%", "\u202f%")
        return text


_FORMATTERS: dict[str, _Formatter] = {lang: _Formatter(lang) for lang in LANGS}


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
        raise RulesOptionError(say("i18n.not_a_number", language, value=quote(value)))
    # a width or precision is as many characters or digits as it says: "999999999f" would build a gigabyte
    if not isinstance(spec, str) or len(spec) > 20 or any(int(n) > _SPEC_MOST for n in re.findall(r"\d+", spec)):
        raise RulesOptionError(say("i18n.bad_spec", language, spec=quote(spec), most=_SPEC_MOST))
    try:
        return _FORMATTERS[language].format_field(value, spec)
    except ValueError:
        raise RulesOptionError(say("i18n.bad_spec", language, spec=quote(spec), most=_SPEC_MOST)) from None


def plural(n: int, one: str, many: str, lang: str | None = None) -> str:
    """``one`` or ``many``, as the number ``n`` asks in ``lang`` (the course's language by default): English takes the
    singular for 1 alone, French for 0 and 1 ("0 levée", "1 levée", "2 levées"). The one plural rule of every
    sentence (``{n:trick|tricks}`` in a message).

    >>> plural(0, "trick", "tricks", "en"), plural(0, "levée", "levées", "fr"), plural(2, "levée", "levées", "fr")
    ('tricks', 'levée', 'levées')
    """
    singular = abs(n) == 1 if lang_or_current(lang) == "en" else abs(n) < 2
    return one if singular else many


def join_words(items: Iterable[str], lang: Lang) -> str:
    """Items joined as a sentence lists them: "a, b and c", "a, b et c"."""
    return _join(list(items), lang)


# ---------------------------------------------------------------- the cards module's refusals and words
# Kept here, not in the cards module: this module reads cards and seats to write its fields, and the cards module
# reads its sentences only when it refuses something, so neither needs the other to be loaded first.
# What a learner types (card faces, letters) is quoted as code in the French.
add_messages({
    "cards.not_a_suit": ("{value} is not a suit; use C, D, H or S (or ♣ ♦ ♥ ♠, ♧ ♢ ♡ ♤, or clubs, diamonds, hearts, "
                         "spades)",
                         "`{value}` n'est pas une couleur ; donnez C, D, H ou S (pour trèfle, carreau, cœur, pique), "
                         "♣ ♦ ♥ ♠, ♧ ♢ ♡ ♤, ou le nom : trèfle, carreau, cœur, pique"),
    "cards.not_a_rank": ("{value} is not a rank; use 7, 8, 9, 10 (or T), J, Q, K or A",
                         "`{value}` n'est pas une valeur de carte ; donnez 7, 8, 9, 10 (ou T), J (valet), Q (dame), "
                         "K (roi) ou A (as)"),
    "cards.not_a_seat": ("{value} is not a seat; use N, E, S or W (north, east, south, west)",
                         "`{value}` n'est pas une place ; donnez N, E, S ou O (ou W), ou le nom : Nord, Est, Sud, Ouest"),
    "cards.use_parse": ("Card({value}) is not how a card is made; write Card.parse('JH'), Card.of(rank, suit) or "
                        "Card.from_index(i)",
                        "`Card({value})` ne fait pas une carte ; écrivez `Card.parse('JH')`, `Card.of(rank, suit)` ou "
                        "`Card.from_index(i)`"),
    "cards.bad_index": ("card index {value} is not allowed; use a whole number from 0 to 33",
                        "l'indice de carte `{value}` n'est pas permis ; donnez un nombre entier de 0 à 33"),
    "cards.not_a_card_type": ("{value} is not a card; write cards like 'JH', '10♦', 'TD', 'RJ' or 'BJ'",
                              "`{value}` n'est pas une carte ; écrivez les cartes comme `JH`, `10♦`, `TD`, `RJ` ou "
                              "`BJ`"),
    "cards.not_a_card": ("{value} is not a card; write rank (7 8 9 10/T J Q K A) then suit (C D H S or ♣ ♦ ♥ ♠), "
                         "like 'JH' or '10♦', or 'RJ'/'BJ' for the jokers",
                         "`{value}` n'est pas une carte ; écrivez la valeur (7 8 9 10/T J Q K A) puis la couleur "
                         "(C D H S ou ♣ ♦ ♥ ♠), comme `JH` pour le valet de cœur ou `10♦`, ou `RJ`/`BJ` pour les jokers"),
    "cards.not_cards": ("{value} is not a list of cards; write them like 'JH 10D RJ' or give a list such as "
                        "['JH', '10D']",
                        "`{value}` n'est pas une liste de cartes ; écrivez-les comme `JH 10D RJ` ou donnez une liste "
                        "comme `['JH', '10D']`"),
    "cards.twice": ("{card} is in {where:w} twice; each card of the deck exists once",
                    "{card:the} est deux fois dans {where:w} ; chaque carte du jeu n'existe qu'une fois"),
})  # fmt: skip
# The places a card can be twice, as the engine names them (``parse_cards(..., distinct=...)``).
add_words({
    "a hand": ("a hand", "une main"),
    "the hand": ("the hand", "la main"),
    "the trick": ("the trick", "la levée"),
    "the kitty": ("the kitty", "le minou"),
    "the discards": ("the discards", "l'écart"),
    "North's hand": ("North's hand", "la main de Nord"),
    "East's hand": ("East's hand", "la main d'Est"),
    "South's hand": ("South's hand", "la main de Sud"),
    "West's hand": ("West's hand", "la main d'Ouest"),
})  # fmt: skip
