"""Messages: what the analysis says, kept as data — a catalog key and its fields (cards, seats, numbers, other
messages) — and made into words only when shown, in the language asked, by :func:`said`. A hint ranked once serves
every language: its reasons are messages, not sentences, so an English and a French hint on one position share
one search.

The words themselves come from the catalogs through :func:`~charlemagne_learn.engine.i18n.say`, whose formatter
holds each language's grammar (articles, elisions, plurals, decimal marks). A field that is not a plain value says
itself in the language asked: a nested :class:`Message`, a :class:`Phrase` (an engine object's own words: a seat's
name, an action's text), :class:`Joined` items ("a, b and c"), a :class:`Capital` first letter.

>>> from charlemagne_learn.engine.cards import Card, Seat
>>> m = message("tricks.win_trump_highest", seat=Seat.W, card=Card.parse("JD"))
>>> said(m, "en")
'West wins with J♦: it is the highest trump played.'
>>> said(m, "fr")
"Ouest remporte la levée avec le valet de carreau : c'est le plus haut atout joué."
>>> said(Joined((Phrase(Seat.named, Seat.N), Phrase(Seat.named, Seat.E))), "fr")
'Nord et Est'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .i18n import Lang, Unsaid, join_words, lang_or_current, say

__all__ = ["Capital", "Joined", "Listed", "Message", "Phrase", "Sayable", "message", "said"]


@runtime_checkable
class Sayable(Protocol):
    """Anything that says itself in a language: a message, a phrase, an error, a sentence of the catalogs."""

    def said(self, lang: str | None = None) -> str: ...


@dataclass(frozen=True)
class Message(Unsaid):
    """A sentence of the catalogs not yet said: its key and its fields, each a value the formatter writes in the
    language's forms (a card, a seat, a number) or a field that says itself (:class:`Sayable`)."""

    key: str
    fields: tuple[tuple[str, Any], ...] = ()

    def said(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the course's language when None), its fields said in ``lang`` too."""
        language = lang_or_current(lang)
        return say(self.key, language, **{name: _field(value, language) for name, value in self.fields})

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields)
        return f"message({self.key!r}{fields})"


def message(key: str, /, **fields: Any) -> Message:
    """The :class:`Message` of catalog key ``key`` with ``fields`` (lists kept as tuples: a message never changes)."""
    return Message(key, tuple((name, tuple(v) if isinstance(v, list) else v) for name, v in fields.items()))


@dataclass(frozen=True, init=False)
class Phrase(Unsaid):
    """Words an engine function writes in a language, kept until said: ``make(*args, lang)`` — a seat's name
    (``Phrase(Seat.named, seat)``), an action's text (``Phrase(Action.text, action)``), a word of the interface
    (``Phrase(word, key)``). ``make`` must read only its arguments, which must not change."""

    make: Callable[..., str]
    args: tuple[Any, ...]

    def __init__(self, make: Callable[..., str], *args: Any) -> None:
        object.__setattr__(self, "make", make)
        object.__setattr__(self, "args", args)

    def said(self, lang: str | None = None) -> str:
        return self.make(*self.args, lang_or_current(lang))


@dataclass(frozen=True)
class Joined(Unsaid):
    """Items listed as a sentence lists them ("a, b and c", "a, b et c"), each said in the language."""

    items: tuple[Any, ...]

    def said(self, lang: str | None = None) -> str:
        language = lang_or_current(lang)
        return join_words((str(_field(item, language)) for item in self.items), language)


@dataclass(frozen=True)
class Listed(Unsaid):
    """Parts said one after the other, ``sep`` between them: a list of what an exchange leaves ("5 trumps kept, no
    ♣ left")."""

    parts: tuple[Any, ...]
    sep: str = ", "

    def said(self, lang: str | None = None) -> str:
        language = lang_or_current(lang)
        return self.sep.join(str(_field(part, language)) for part in self.parts)


@dataclass(frozen=True)
class Capital(Unsaid):
    """A phrase that begins a sentence: its first letter a capital."""

    inner: Any

    def said(self, lang: str | None = None) -> str:
        text = str(_field(self.inner, lang_or_current(lang)))
        return text[:1].upper() + text[1:]


def said(value: Sayable | str | None, lang: str | None = None) -> str:
    """The one way a message becomes words: ``value`` said in ``lang`` (the course's language when None) — a
    message, a phrase, a sentence, an error —, "" for None (a text that is not there, such as a best choice's reason
    when the choice was the best), a text as it is."""
    return str(_field(value, lang_or_current(lang)))


def _field(value: Any, lang: Lang) -> Any:
    """A field of a message said in ``lang`` where it says itself, "" for None, else the value as it is, for the
    formatter to write in the language's forms (a card, a seat, a number)."""
    if value is None:
        return ""
    say_it = getattr(value, "said", None)
    return say_it(lang) if callable(say_it) and not isinstance(value, type) else value
