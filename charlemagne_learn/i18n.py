"""Words of the course in English and French, with the game's own French terms (le bar, le petit bar,
le minou, …). Every label a widget shows comes from here, so the front-end only displays text; the
engine's own tables (what a bid means) use it too, so it needs nothing but the standard library.

>>> from charlemagne_learn import Card
>>> card_label(Card.parse("JD"), "en", "little jack")
'jack of diamonds — little jack'
>>> card_label(Card.parse("JD"), "fr", "little jack")
'valet de carreau — le petit bar'
>>> word("kitty", "fr")
'le minou'
"""

from __future__ import annotations

from typing import Literal

from .cards import Card
from .errors import RulesOptionError

__all__ = ["LANGS", "Lang", "add_words", "card_label", "check_lang", "word"]

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")

_RANKS = {
    "en": ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "fr": ("sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
}
_SUITS = {"en": ("clubs", "diamonds", "hearts", "spades"), "fr": ("trèfle", "carreau", "cœur", "pique")}
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
}


def add_words(words: dict[str, tuple[str, str]]) -> None:
    """Add a widget's own words, ``{key: (english, french)}``; a key already present keeps its words."""
    for key, pair in words.items():
        _WORDS.setdefault(key, pair)


def check_lang(lang: str) -> Lang:
    """``lang`` if the widgets speak it, else a clear error."""
    if lang not in LANGS:
        raise RulesOptionError(f"lang={lang!r} is not allowed; use 'en' (English) or 'fr' (French)")
    return lang


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
