"""Actions: every change to a hand is one of these, so a hand is a list that replays.

>>> Action.parse("play JH"), str(Action.parse("bid 5S")), str(Action.parse("bid 4 nt"))
(Action.parse('play J♥'), 'bid 5♠', 'bid 4 no-trump')
>>> str(Action.play("10D")), str(Action.trump("H")), str(Action.choose("kitty"))
('play 10♦', 'trump ♥', 'choose kitty')
>>> str(Action.parse("bid gros mulot")), str(Action.parse("bid 6")), str(Action.parse("bid 4NT"))
('bid gros_mulot', 'bid 6', 'bid 4 no-trump')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any, Literal, Protocol, TypeVar

from .cards import Card, Suit
from .errors import CharlemagneError, IllegalActionError, quote
from .frozen import HashedOnce
from .i18n import Codes, Lang, current_lang, lang_or_current, say, sentence

__all__ = [
    "CHOICES",
    "TRUMP_ACTIONS",
    "Action",
    "bid_word",
    "choice_meaning",
    "choice_name",
    "discard_actions",
    "give_actions",
    "load_record",
    "play_actions",
    "replay",
]

Kind = Literal["pass", "bid", "choose", "give", "discard", "trump", "play"]

#: Every value a ``choose`` action can take, with what it means (in English; :func:`choice_meaning` in any language).
CHOICES: dict[str, str] = {
    "kitty": "Gros Charlemagne: take the kitty and discard two",
    "partner_card": "Gros Charlemagne: take one card from the partner and discard one",
    "alone": "Maine Charlemagne: play alone; the partner passes one card and sits out",
    "with_partner": "Maine Charlemagne: play with the partner",
    "defend_alone": "Maine lone Charlemagne: defend alone; the partner passes one card and sits out",
    "defend_together": "Maine lone Charlemagne: defend with the partner (or let the partner decide)",
}

_NO_TRUMP_WORDS = ("nt", "no trump", "notrump", "none")


def choice_name(choice: str, lang: str | None = None) -> str:
    """A ``choose`` action as its button at the table says it, in ``lang`` (the course's language by default).

    >>> choice_name("partner_card"), choice_name("kitty", "fr")
    ('Take a card from your partner', 'Prendre le minou')
    """
    if choice not in CHOICES:
        raise IllegalActionError(sentence("actions.not_a_choice", value=quote(choice), choices=Codes(CHOICES)))
    return say(f"actions.name.{choice}", lang)


def choice_meaning(choice: str, lang: str | None = None) -> str:
    """What a ``choose`` action means, in ``lang`` (the course's language by default).

    >>> choice_meaning("kitty", "fr")
    'Gros Charlemagne : prendre le minou et écarter deux cartes'
    """
    if choice not in CHOICES:
        raise IllegalActionError(sentence("actions.not_a_choice", value=quote(choice), choices=Codes(CHOICES)))
    return say(f"actions.choice.{choice}", lang)


@dataclass(frozen=True)
class Action(HashedOnce):
    """One action. Build with :meth:`parse` or the helpers (:meth:`play`, :meth:`bid_`, …).

    A bid carries its trump ``suit`` only where the variant names trump with the bid
    (Maine, Bid Euchre); ``no_trump`` marks Bid Euchre's no-trump bids. A ``give`` or
    ``discard`` with no card is one seen face down, in another seat's view.
    """

    kind: Kind
    bid: str | None = None
    suit: Suit | None = None
    card: Card | None = None
    choice: str | None = None
    no_trump: bool = False

    def __post_init__(self) -> None:
        # An action is a record of play: one that could never be applied or printed is refused here, once.
        kind = self.kind
        if type(kind) is not str or kind not in _FIELDS:
            raise IllegalActionError(sentence("actions.not_a_kind", value=quote(kind), kinds=Codes(_FIELDS)))
        given = {name for name in ("bid", "suit", "card", "choice") if getattr(self, name) is not None}
        needed, optional = _FIELDS[kind]
        if self.no_trump is not False and (kind != "bid" or self.no_trump is not True):
            raise IllegalActionError(sentence("actions.bad_no_trump", value=quote(self.no_trump)))
        wrong = sorted(given - needed - optional) + sorted(needed - given)
        if wrong:
            lang = current_lang()
            fields = Codes(sorted(needed), "and") or sentence("actions.nothing_more", lang)
            raise IllegalActionError(
                sentence(
                    "actions.wrong_fields",
                    lang,
                    kind=quote(kind),
                    fields=fields,
                    wrong=Codes(wrong, "or"),
                    help=sentence("actions.help", lang),
                )
            )
        checks = (("bid", str), ("suit", Suit), ("card", Card), ("choice", str))
        for name, cls in checks:
            value = getattr(self, name)
            if value is not None and type(value) is not cls:
                raise IllegalActionError(
                    sentence(
                        "actions.wrong_type",
                        name=name,
                        value=quote(value),
                        cls=cls.__name__,
                        help=sentence("actions.help"),
                    )
                )
        if self.no_trump and self.suit is not None:
            raise IllegalActionError(sentence("actions.suit_and_no_trump", help=sentence("actions.help")))
        if kind == "bid" and not (self.bid or "").strip():
            raise IllegalActionError(sentence("actions.empty_bid", help=sentence("actions.help")))
        if kind == "choose" and self.choice not in CHOICES:
            raise IllegalActionError(sentence("actions.not_a_choice", value=quote(self.choice), choices=Codes(CHOICES)))

    def __hash__(self) -> int:
        # every bid of every hand is looked up in a dict of the ladder's actions
        return self.hash_once()

    # -------------------------------------------------------------- builders
    @classmethod
    def pass_(cls) -> Action:
        return _PASS

    @classmethod
    def bid_(cls, bid: str, suit: Suit | str | None = None, *, no_trump: bool = False) -> Action:
        if not isinstance(bid, (str, int)) or isinstance(bid, bool):
            raise IllegalActionError(sentence("actions.not_a_bid", value=quote(bid)))
        return cls("bid", bid=str(bid), suit=None if suit is None else Suit.find(suit), no_trump=no_trump)

    @classmethod
    def face_down(cls, kind: Literal["give", "discard"]) -> Action:
        """A card given or discarded face down, as the other seats see it."""
        if kind not in ("give", "discard") or type(kind) is not str:
            raise IllegalActionError(sentence("actions.not_face_down", value=quote(kind)))
        return cls(kind)

    @classmethod
    def play(cls, card: Card | str) -> Action:
        return _PLAY[Card.parse(card).index]

    @classmethod
    def give(cls, card: Card | str) -> Action:
        return _GIVE[Card.parse(card).index]

    @classmethod
    def discard(cls, card: Card | str) -> Action:
        return _DISCARD[Card.parse(card).index]

    @classmethod
    def trump(cls, suit: Suit | str) -> Action:
        return _TRUMP[Suit.find(suit)]

    @classmethod
    def choose(cls, choice: str) -> Action:
        if not isinstance(choice, str) or choice not in CHOICES:
            raise IllegalActionError(sentence("actions.not_a_choice", value=quote(choice), choices=Codes(CHOICES)))
        return _CHOOSE[choice]

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read ``"pass"``, ``"bid 6"``, ``"bid 5S"``, ``"bid 4 NT"``, ``"bid mulot"``,
        ``"trump H"``, ``"discard 7C"``, ``"give AS"``, ``"play JH"``, ``"choose kitty"``."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalActionError(
                sentence("actions.not_an_action", value=quote(text), help=sentence("actions.help"))
            )
        try:
            return cls._parse_words(text.strip().split())
        except CharlemagneError as exc:
            raise IllegalActionError(sentence("actions.unreadable", value=quote(text), why=exc)) from None

    @classmethod
    def _parse_words(cls, words: list[str]) -> Action:
        if not words:
            raise IllegalActionError(sentence("actions.help"))
        kind, rest = words[0].lower(), words[1:]
        if kind == "pass" and not rest:
            return _PASS
        if kind in ("play", "give", "discard") and rest:
            # a card on its face ("JH") or by name, as a sentence says a joker ("play the red joker")
            card = " ".join(rest[1:] if len(rest) > 1 and rest[0].lower() == "the" else rest)
            return {"play": cls.play, "give": cls.give, "discard": cls.discard}[kind](card)
        if kind == "trump" and len(rest) == 1:
            return cls.trump(rest[0])
        if kind == "choose" and rest:  # "choose partner card", as said, is "choose partner_card"
            return cls.choose("_".join(rest).lower())
        if kind == "bid" and rest:
            return _parse_bid(rest)
        raise IllegalActionError(sentence("actions.help"))

    # -------------------------------------------------------------- text
    def __str__(self) -> str:
        if self.kind == "pass":
            return "pass"
        if self.kind == "bid":
            assert self.bid is not None
            if self.suit is not None:
                return f"bid {self.bid}{self.suit.symbol}"
            return f"bid {self.bid}" + (" no-trump" if self.no_trump else "")
        if self.kind == "trump":
            assert self.suit is not None
            return f"trump {self.suit.symbol}"
        if self.kind == "choose":
            return f"choose {self.choice}"
        if self.card is None:
            return f"{self.kind} (face down)"
        return f"{self.kind} {self.card}"

    def called(self, lang: str | None = None) -> str:
        """A bid as players call it, without the word "bid": "6", "6♥", "Gros Mulot", "4 sans atout".

        >>> Action.parse("bid 6H").called("en"), Action.parse("bid 4 NT").called("fr")
        ('6♥', '4 sans atout')
        >>> Action.pass_().called("en")
        Traceback (most recent call last):
        ...
        charlemagne_learn.engine.errors.IllegalActionError: 'pass' is not a bid: only a bid is called by its name
        """
        if self.kind != "bid" or self.bid is None:
            raise IllegalActionError(sentence("actions.not_called", value=quote(str(self))))
        language = lang_or_current(lang)
        what = f"{self.bid}{self.suit.symbol}" if self.suit is not None else bid_word(self.bid, language)
        return what + (say("action.no_trump", language) if self.no_trump else "")

    def text(self, lang: str | None = None) -> str:
        """The action as a learner reads it, in ``lang`` (the course's language by default): a bid by its name ("bid
        Gros Mulot"), never by its name in records ("bid gros_mulot", which ``str()`` gives); the English is read back
        by :meth:`parse` too.

        >>> Action.parse("play JH").text("fr"), Action.parse("bid 4 NT").text("fr"), Action.parse("pass").text("fr")
        ('jouer V♥', 'enchère 4 sans atout', 'passe')
        >>> Action.parse("bid gros_mulot").text("fr"), Action.parse("bid no_trump").text("fr")
        ('enchère Gros Mulot', 'enchère Sans-atout')
        >>> Action.parse("bid gros_mulot").text("en"), Action.parse("choose partner_card").text("en")
        ('bid Gros Mulot', 'choose partner card')
        >>> all(Action.parse(a.text("en")) == a for a in (Action.parse("bid high_card_no_trump"), Action.choose("defend_alone")))
        True
        """
        language = lang_or_current(lang)
        if self.kind == "bid":
            return say("action.bid", language, bid=self.called(language))
        if self.kind == "trump":
            assert self.suit is not None
            return say("action.trump", language, suit=self.suit.symbol)
        if self.kind == "choose":
            assert self.choice is not None
            return say(f"action.choose.{self.choice}", language)
        if self.kind in ("give", "discard", "play"):
            if self.card is None:
                return say(f"action.{self.kind}_face_down", language)
            return say(f"action.{self.kind}", language, card=self.card)
        return say("pass", language)

    def __repr__(self) -> str:
        if self.kind in ("give", "discard") and self.card is None:
            return f"Action.face_down({self.kind!r})"
        return f"Action.parse({str(self)!r})"


#: For each kind of action: the fields it must have, and the ones it may have.
_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "pass": (set(), set()),
    "bid": ({"bid"}, {"suit"}),
    "choose": ({"choice"}, set()),
    "give": (set(), {"card"}),  # no card: given face down, as another seat sees it
    "discard": (set(), {"card"}),
    "trump": ({"suit"}, set()),
    "play": ({"card"}, set()),
}

_NUMBER_BID = re.compile(r"(\d+)\s*(.*)")


def _parse_bid(words: list[str]) -> Action:
    """``5``, ``5S``, ``5 ♠``, ``4 NT``, ``4 no trump``, or a named bid in any spacing: ``gros mulot``."""
    text = " ".join(words).strip().lower()
    number = _NUMBER_BID.fullmatch(text)
    if number is None:
        return Action("bid", bid="_".join(text.replace("-", " ").split()))
    tricks, rest = number.group(1), number.group(2).replace("-", " ").replace("_", " ").strip()
    if not rest:
        return Action("bid", bid=tricks)
    if rest in _NO_TRUMP_WORDS:
        return Action("bid", bid=tricks, no_trump=True)
    return Action("bid", bid=tricks, suit=Suit.find(rest))


_PASS = Action("pass")
_PLAY = [Action("play", card=Card.from_index(i)) for i in range(34)]
_GIVE = [Action("give", card=Card.from_index(i)) for i in range(34)]
_DISCARD = [Action("discard", card=Card.from_index(i)) for i in range(34)]
_TRUMP = [Action("trump", suit=s) for s in Suit]
_CHOOSE = {c: Action("choose", choice=c) for c in CHOICES}


def _chunked(table: list[Action]) -> tuple[tuple[list[Action], ...], ...]:
    """For each block of eight card indices, the actions of every subset of that block.

    Turning a hand's bit set into actions is then five table lookups instead of a loop
    over its cards: the hot path of every random playout.
    """
    blocks = []
    for base in range(0, 40, 8):
        width = min(8, len(table) - base)
        blocks.append(tuple([table[base + b] for b in range(width) if m >> b & 1] for m in range(1 << width)))
    return tuple(blocks)


def _lister(table: list[Action]) -> Callable[[int], list[Action]]:
    b0, b1, b2, b3, b4 = _chunked(table)

    def actions(mask: int) -> list[Action]:
        return b0[mask & 255] + b1[mask >> 8 & 255] + b2[mask >> 16 & 255] + b3[mask >> 24 & 255] + b4[mask >> 32]

    return actions


#: The play, give or discard actions of every card of a bit set, in card-index order.
play_actions = _lister(_PLAY)
give_actions = _lister(_GIVE)
discard_actions = _lister(_DISCARD)
#: Naming trump: one action per suit.
TRUMP_ACTIONS = tuple(_TRUMP)


class _Replayable(Protocol):
    def apply(self, action: str) -> None: ...


def bid_word(name: str, lang: Lang) -> str:
    """A bid as players call it ("Gros Mulot", "Sans-atout") rather than its name in records ("gros_mulot")."""
    if name.isdigit():
        return name
    from .i18n import bid_name
    from .rules import VARIANTS

    labels = {spec.name: spec.label for rules in VARIANTS.values() for spec in rules.bids}
    return bid_name(labels.get(name, name.replace("_", " ")), lang)


_R = TypeVar("_R", bound=_Replayable)


#: The longest record :func:`load_record` reads (characters, or bytes): a hand's record is about a thousand, and a
#: whole game's a few thousand a hand.
MAX_RECORD_CHARS = 10_000_000


def load_record(text: str, fmt: str | tuple[str, ...], writer: str, start: Callable[[dict[str, Any]], _R]) -> _R:
    """Read a saved record of format ``fmt`` (or of any of several formats, the newest first), as ``writer``
    writes it: ``start`` builds the fresh hand or game from the record, then its ``"actions"`` are replayed in
    it."""
    formats = (fmt,) if isinstance(fmt, str) else fmt
    if not isinstance(text, (str, bytes, bytearray)):
        raise IllegalActionError(sentence("actions.record_type", writer=writer, got=type(text).__name__))
    if len(text) > MAX_RECORD_CHARS:  # read before it is parsed: a record is never near this long
        raise IllegalActionError(sentence("actions.record_long", size=len(text), most=MAX_RECORD_CHARS, writer=writer))
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark, as some editors save a file (json reads it in bytes, not in text)
    try:
        record = json.loads(text)
    except RecursionError:
        raise IllegalActionError(sentence("actions.record_deep", writer=writer)) from None
    except json.JSONDecodeError as exc:
        raise IllegalActionError(
            sentence("actions.record_json", line=exc.lineno, column=exc.colno, writer=writer)
        ) from None
    except UnicodeDecodeError:
        raise IllegalActionError(sentence("actions.record_utf8", writer=writer)) from None
    except ValueError:  # a number of thousands of digits
        raise IllegalActionError(sentence("actions.record_number", writer=writer)) from None
    if not isinstance(record, dict) or record.get("format") not in formats:
        raise IllegalActionError(sentence("actions.record_format", fmt=quote(formats[0]), writer=writer))
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise IllegalActionError(sentence("actions.record_actions", writer=writer))
    try:
        target = start(record)
    except KeyError as exc:
        raise IllegalActionError(sentence("actions.record_missing", field=str(exc), writer=writer)) from None
    except CharlemagneError as exc:
        raise IllegalActionError(sentence("actions.record_invalid", why=str(exc))) from None
    except (TypeError, AttributeError, IndexError, ValueError):
        fields = ", ".join(k[:40] for k in islice((k for k in record if k not in ("format", "actions")), 8))
        raise IllegalActionError(sentence("actions.record_broken", fields=fields, writer=writer)) from None
    replay(target.apply, actions)
    return target


def replay(apply: Callable[[str], None], actions: list[str]) -> None:
    """Apply the actions of a saved record in order, saying which one fails and why."""
    for number, action in enumerate(actions, 1):
        try:
            apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(sentence("actions.replay", n=number, action=quote(action), why=exc)) from None
