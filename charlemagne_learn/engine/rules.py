"""Rule systems as data: :class:`Rules` and its presets.

The four variants of the rulebook (``docs/rules.md``) are presets of one frozen :class:`Rules` value, never
separate code paths. Every **Decision** of the rulebook is a keyword option (:meth:`Rules.option_names`).

>>> rules = Rules.preset("canadian")
>>> rules.name, rules.deck_size, rules.hand_size, rules.kitty_size, rules.target
('canadian', 34, 8, 2, 32)
>>> Rules.preset("us").name, Rules.preset("canadian", high_joker="black").high_joker
('american', 'black')
>>> [b.name for b in Rules.preset("american").bids]
['5', '6', '7', 'le_petit', 'no_trump', 'charles', 'charles_alone']
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from .checks import is_whole
from .errors import ContractError, RulesOptionError, quote
from .frozen import HashedOnce
from .i18n import Codes, bid_name, current_lang, lang_or_current, say, sentence, word

__all__ = ["ALIASES", "VARIANTS", "BidSpec", "Rules"]

TrumpMode = Literal["after_exchange", "after_bidding", "with_bid", "with_bid_or_none", "none"]
Exchange = Literal["none", "kitty", "kitty_and_partner", "kitty_or_partner", "partner"]
Alone = Literal["never", "always", "optional"]


_TITLES = {
    "canadian": "Canadian Charlemagne",
    "american": "American Charlemagne",
    "maine": "Maine Charlemagne",
    "bid_euchre": "Bid Euchre",
}
#: The variants players also know by another name (``title.also.<name>`` in the catalogs): the American rules
#: are the game of the Bas-Saint-Laurent and the Madawaska, as Jean Pichette writes it down.
_KNOWN_AS = ("american",)
_TRUMP_MODES: tuple[str, ...] = ("after_exchange", "after_bidding", "with_bid", "with_bid_or_none", "none")
_EXCHANGES: tuple[str, ...] = ("none", "kitty", "kitty_and_partner", "kitty_or_partner", "partner")
_ALONE: tuple[str, ...] = ("never", "always", "optional")
#: Exchanges in which the bidder takes the kitty: a ladder with one of these needs a kitty, and only then.
_KITTY_EXCHANGES = ("kitty", "kitty_and_partner", "kitty_or_partner")


def _bid_key(text: str) -> str:
    """A bid's name as a ladder looks it up: in any case and spacing, "+" read as "plus" ("Mulot +", "mulot+" and
    "Mulot plus" are one name)."""
    return "_".join(text.lower().replace("+", " plus ").replace("-", " ").replace("_", " ").split())


def _one_of(what: str, value: object, allowed: tuple[object, ...]) -> None:
    if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
        lang = current_lang()
        listed = Codes([repr(a) for a in allowed], "or")
        raise RulesOptionError(sentence("rules.one_of", lang, what=what, value=quote(value), allowed=listed))


@dataclass(frozen=True, kw_only=True)
class BidSpec:
    """One rung of a bid ladder: everything that differs between contracts is here.

    ``tricks`` is what the bidder's side must take (for ``avoid`` bids: take none).
    ``made``/``failed`` are the points to the bidder's team / to the opponents.
    ``aliases`` are other spellings a learner may type ("nt"); ``also_called`` are the names players use for the
    bid at other tables, as they write them (the online rooms' "Charles", "Mulot+", "Charles+"): both are read
    wherever a bid is read from text, and ``also_called`` is said too wherever the bid is named or explained.
    """

    name: str
    label: str
    tricks: int
    made: int
    failed: int
    trump: TrumpMode
    alone: Alone = "never"
    exchange: Exchange = "none"
    avoid: bool = False
    bidder_leads: bool = True
    exposed_after_first_trick: bool = False
    outright: bool = False
    aliases: tuple[str, ...] = ()
    # out of the repr, which the lessons show: players' names for a bid are words for its explanations
    also_called: tuple[str, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        for text in ("name", "label"):
            if not isinstance(getattr(self, text), str) or not getattr(self, text).strip():
                raise RulesOptionError(
                    sentence("rules.bid_text", current_lang(), text=text, value=quote(getattr(self, text)))
                )
        who = quote(self.name)
        for number, high in (("tricks", 100), ("made", 10_000), ("failed", 10_000)):  # a deck has 34 cards at most
            if not is_whole(getattr(self, number)) or not 0 <= getattr(self, number) <= high:
                what = f"{number}={quote(getattr(self, number))}"
                raise RulesOptionError(sentence("rules.bid_option", current_lang(), name=who, what=what, high=high))
        _one_of(f"bid {who}: trump", self.trump, _TRUMP_MODES)
        _one_of(f"bid {who}: alone", self.alone, _ALONE)
        _one_of(f"bid {who}: exchange", self.exchange, _EXCHANGES)
        for flag in ("avoid", "bidder_leads", "exposed_after_first_trick", "outright"):
            _one_of(f"bid {who}: {flag}", getattr(self, flag), (True, False))
        for names in (self.aliases, self.also_called):
            if not isinstance(names, tuple) or not all(isinstance(a, str) and a.strip() for a in names):
                raise RulesOptionError(sentence("rules.bid_aliases", current_lang(), name=who, value=quote(names)))

    def text(self, lang: str | None = None) -> str:
        """The bid's name in ``lang`` (the course's language by default): "No Trump", "Sans-atout"."""
        return bid_name(self.label, lang_or_current(lang))

    def called(self, lang: str | None = None) -> str:
        """The bid's name with the names players also call it by: "Gros Charlemagne (Charles+)"."""
        name = self.text(lang)
        return f"{name} ({', '.join(self.also_called)})" if self.also_called else name

    @property
    def has_trump(self) -> bool:
        return self.trump != "none"

    @property
    def numbered(self) -> bool:
        """A bid of a number of tricks ("5" to "8"), not one of the game's named bids (Mulot, Charlemagne…)."""
        return self.name.isdigit()


def _numeric(n: int, trump: TrumpMode, *, bidder_leads: bool, exchange: Exchange = "none") -> BidSpec:
    return BidSpec(
        name=str(n), label=str(n), tricks=n, made=n, failed=n, trump=trump, bidder_leads=bidder_leads, exchange=exchange
    )


def _canadian_bids() -> tuple[BidSpec, ...]:
    return (
        *(_numeric(n, "after_exchange", bidder_leads=False, exchange="kitty") for n in (5, 6, 7, 8)),
        BidSpec(name="mulot", label="Mulot", tricks=8, made=15, failed=7, trump="none", alone="always", avoid=True),
        BidSpec(
            name="charlemagne",
            label="Charlemagne",
            tricks=8,
            made=16,
            failed=8,
            trump="after_exchange",
            alone="always",
            exchange="kitty_and_partner",
            also_called=("Charles", "Petit Charles"),
        ),
        BidSpec(
            name="gros_mulot",
            label="Gros Mulot",
            tricks=8,
            made=30,
            failed=15,
            trump="none",
            alone="always",
            avoid=True,
            exposed_after_first_trick=True,
            also_called=("Mulot+",),
        ),
        BidSpec(
            name="gros_charlemagne",
            label="Gros Charlemagne",
            tricks=8,
            made=32,
            failed=16,
            trump="after_exchange",
            alone="always",
            exchange="kitty_or_partner",
            also_called=("Charles+",),
        ),
    )


def _american_bids() -> tuple[BidSpec, ...]:
    return (
        *(_numeric(n, "after_bidding", bidder_leads=True) for n in (5, 6, 7)),
        BidSpec(
            name="le_petit",
            label="Le Petit",
            tricks=8,
            made=8,
            failed=8,
            trump="none",
            alone="always",
            avoid=True,
            also_called=("Mulot",),
        ),
        BidSpec(name="no_trump", label="No Trump", tricks=8, made=8, failed=8, trump="none", aliases=("nt",)),
        BidSpec(
            name="charles",
            label="Charles",
            tricks=8,
            made=21,
            failed=21,
            trump="after_bidding",
            aliases=("charlemagne",),
        ),
        BidSpec(
            name="charles_alone",
            label="Charles Alone",
            tricks=8,
            made=21,
            failed=21,
            trump="after_bidding",
            alone="always",
            exchange="partner",
        ),
    )


def _maine_bids() -> tuple[BidSpec, ...]:
    return (
        *(_numeric(n, "with_bid", bidder_leads=True) for n in range(1, 8)),
        BidSpec(
            name="le_petit", label="Le Petit", tricks=8, made=8, failed=8, trump="none", alone="always", avoid=True
        ),
        BidSpec(
            name="high_card_no_trump",
            label="High Card No Trump",
            tricks=8,
            made=8,
            failed=8,
            trump="none",
            aliases=("no_trump", "nt"),
        ),
        BidSpec(
            name="charlemagne",
            label="Charlemagne",
            tricks=8,
            made=0,
            failed=0,
            trump="after_bidding",
            alone="optional",
            exchange="partner",
            outright=True,
            aliases=("charles",),
        ),
    )


def _bid_euchre_bids() -> tuple[BidSpec, ...]:
    return tuple(_numeric(n, "with_bid_or_none", bidder_leads=True) for n in range(1, 7))


#: The deck each variant is played with: (low_rank, jokers, hand_size, kitty_size). Options may not change
#: these: every bid ladder is written for its deck (its top bids take every trick of a hand of that size).
_DECK_OPTIONS = ("low_rank", "jokers", "hand_size", "kitty_size")


@dataclass(frozen=True, kw_only=True)
class Rules(HashedOnce):
    """A complete rule system. Build it with :meth:`preset`; every field is an option.

    Deck and ranking:
      ``low_rank`` 7 (32/34 cards) or 9 (Bid Euchre's 24), ``jokers``, ``high_joker``
      ("red" or "black": **Decision** of docs/rules.md), ``nine_high`` (the trump 9 is the top
      trump, American and Maine). The deck and the hand and kitty sizes belong to the variant:
      its bid ladder is written for them.
    Bidding: ``bids`` (the ladder, low to high), ``all_pass`` ("redeal" or "stick_dealer":
      **Decision**), ``dealer_minimum`` (Maine: the dealer must bid at least this when no
      bid has reached it).
    Exchange: ``partner_card_first`` (the partner's card is chosen before trump is named:
      Canadian; **Decision** for American Charles Alone, where the sources are silent),
      ``lone_defender`` (Maine: against a lone Charlemagne one defender may play alone).
    Play and score: ``stop_when_decided`` (**Decision**: stop a hand once its result is
      certain), ``per_trick_scoring`` (Bid Euchre), ``target`` and ``win_rule``.

    Every value is checked when the rules are made; a combination the engine cannot play to the
    end is refused with a :class:`RulesOptionError` that says what is allowed.
    """

    name: str
    low_rank: int
    jokers: bool
    hand_size: int
    kitty_size: int
    nine_high: bool
    bids: tuple[BidSpec, ...]
    target: int
    high_joker: Literal["red", "black"] = "red"
    all_pass: Literal["redeal", "stick_dealer"] = "redeal"
    dealer_minimum: int | None = None
    partner_card_first: bool = True
    lone_defender: bool = False
    stop_when_decided: bool = False
    per_trick_scoring: bool = False
    win_rule: Literal["first_to_target", "bid_euchre"] = "first_to_target"
    bower_names: tuple[str, str] = ("big jack", "little jack")
    _bid_index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: Values derived from these rules by other modules (bid ladders, card orders), computed once.
    _cache: dict[object, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Rules key many caches (card orders, contracts, bid judgements)
        return self.hash_once()

    def __post_init__(self) -> None:
        _one_of("name", self.name, tuple(_TITLES))
        _one_of("low_rank", self.low_rank, (7, 9))
        _one_of("high_joker", self.high_joker, ("red", "black"))
        _one_of("all_pass", self.all_pass, ("redeal", "stick_dealer"))
        _one_of("win_rule", self.win_rule, ("first_to_target", "bid_euchre"))
        for flag in ("jokers", "nine_high", "partner_card_first", "lone_defender", "stop_when_decided",
                     "per_trick_scoring"):  # fmt: skip
            _one_of(flag, getattr(self, flag), (True, False))
        for size in ("hand_size", "kitty_size", "target"):
            least = 0 if size == "kitty_size" else 1
            if not is_whole(getattr(self, size)) or getattr(self, size) < least:
                what = f"{size}={quote(getattr(self, size))}"
                raise RulesOptionError(sentence("rules.whole", current_lang(), what=what, least=least))
        names = self.bower_names
        if not (isinstance(names, tuple) and len(names) == 2 and all(isinstance(n, str) and n for n in names)):
            raise RulesOptionError(sentence("rules.bower_names", current_lang(), value=quote(names)))
        self._check_ladder()
        self._check_deck()

    def _check_ladder(self) -> None:
        bids = self.bids
        if isinstance(bids, list):
            object.__setattr__(self, "bids", bids := tuple(bids))
        if not isinstance(bids, tuple) or not bids or not all(isinstance(b, BidSpec) for b in bids):
            raise RulesOptionError(sentence("rules.bids", current_lang(), value=quote(bids)))
        index: dict[str, int] = {}
        for i, spec in enumerate(bids):
            for key in (spec.name, *spec.aliases, *spec.also_called):
                index.setdefault(_bid_key(key), i)
        object.__setattr__(self, "_bid_index", index)
        numbers = [b.name for b in bids if b.numbered]
        minimum = self.dealer_minimum
        if minimum is not None and not (is_whole(minimum) and str(minimum) in numbers):
            lang = current_lang()
            listed = Codes(numbers)
            raise RulesOptionError(sentence("rules.dealer_minimum", lang, value=quote(minimum), numbers=listed))

    def _check_deck(self) -> None:
        cards = self.deck_size - self.kitty_size
        if cards != 4 * self.hand_size:
            raise RulesOptionError(
                sentence(
                    "rules.deck_shape", current_lang(), deck=self.deck_size, kitty=self.kitty_size, hand=self.hand_size
                )
            )
        most = max(b.tricks for b in self.bids)
        if most != self.hand_size:
            raise RulesOptionError(
                sentence(
                    "rules.hand_size", current_lang(), title=f"in_title.{self.name}", most=most, hand=self.hand_size
                )
            )
        takes_kitty = any(b.exchange in _KITTY_EXCHANGES for b in self.bids)
        if takes_kitty != (self.kitty_size > 0):
            lang = current_lang()
            need = sentence("rules.kitty_needed" if takes_kitty else "rules.kitty_unused", lang)
            title = f"in_title.{self.name}"
            raise RulesOptionError(sentence("rules.kitty_size", lang, kitty=self.kitty_size, title=title, need=need))

    # ----------------------------------------------------------------- presets
    @classmethod
    def preset(cls, variant: str = "canadian", **options: Any) -> Rules:
        """The rules of a named variant, with any option changed by keyword.

        Variants: ``canadian`` (default), ``american`` (aliases ``us``, and ``bas_saint_laurent``, ``madawaska``
        and ``pichette``: the same game as Jean Pichette writes it down for the Bas-Saint-Laurent and Madawaska
        tables), ``maine``, ``bid_euchre`` (alias ``euchre``).

        >>> Rules.preset("Bas-Saint-Laurent") is Rules.preset("madawaska") is Rules.preset("american")
        True
        """
        # only text names a variant (str() of anything else could be a megabyte, or fail)
        key = variant.strip().lower().replace(" ", "_").replace("-", "_") if isinstance(variant, str) else ""
        key = ALIASES.get(key, key)
        if key not in VARIANTS:
            lang = current_lang()
            allowed = Codes(sorted(VARIANTS) + sorted(ALIASES))
            raise RulesOptionError(sentence("rules.unknown_variant", lang, value=quote(variant), allowed=allowed))
        base = VARIANTS[key]
        known = set(cls.option_names())
        unknown = sorted(set(options) - known)
        if unknown:
            lang = current_lang()
            listed = Codes(unknown)
            raise RulesOptionError(
                sentence("rules.unknown_options", lang, n=len(unknown), unknown=listed, known=Codes(sorted(known)))
            )
        deck = [o for o in _DECK_OPTIONS if o in options and options[o] != getattr(base, o)]
        if deck:
            lang = current_lang()
            shape = Codes([f"{o}={getattr(base, o)!r}" for o in _DECK_OPTIONS])
            raise RulesOptionError(
                sentence(
                    "rules.own_deck",
                    lang,
                    deck=Codes(deck),
                    title=f"in_title.{base.name}",
                    shape=shape,
                    variants=Codes(list(VARIANTS)),
                )
            )
        return dataclasses.replace(base, **options) if options else base

    @classmethod
    def find(cls, rules: Rules | str | None = None) -> Rules:
        """Rules from what a caller gave: :class:`Rules` as they are, a variant name as its preset, None as Canadian.

        >>> Rules.find("us") is Rules.preset("american"), Rules.find(None).name
        (True, 'canadian')
        """
        if isinstance(rules, Rules):
            return rules
        if rules is None or isinstance(rules, str):
            return cls.preset("canadian" if rules is None else rules)
        lang = current_lang()
        raise RulesOptionError(sentence("rules.not_rules", lang, value=quote(rules), variants=Codes(list(VARIANTS))))

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Every keyword :meth:`preset` takes, in the order of the fields: the rulebook's Decisions
        (``docs/rules.md``, whose list a test keeps equal to this). The variant's ``name`` and its ``bids`` are the
        rest of the rules, not options.

        >>> Rules.option_names()[:5]
        ('low_rank', 'jokers', 'hand_size', 'kitty_size', 'nine_high')
        """
        return tuple(f.name for f in dataclasses.fields(cls) if f.init and f.name not in ("name", "bids"))

    def options(self) -> dict[str, Any]:
        """The options that differ from this variant's preset (for JSON records)."""
        base = VARIANTS[self.name]
        return {name: getattr(self, name) for name in self.option_names() if getattr(self, name) != getattr(base, name)}

    # ----------------------------------------------------------------- derived
    @property
    def deck_size(self) -> int:
        return 4 * (15 - self.low_rank) + (2 if self.jokers else 0)

    @property
    def tricks_per_hand(self) -> int:
        return self.hand_size

    @property
    def deck_indices(self) -> tuple[int, ...]:
        """Compact card indices of the deck, in index order."""
        deck: tuple[int, ...] | None = self._cache.get("deck")
        if deck is None:
            first = self.low_rank - 7
            plain = tuple(s * 8 + r for s in range(4) for r in range(first, 8))
            deck = self._cache["deck"] = plain + ((32, 33) if self.jokers else ())
        return deck

    @property
    def numbered_bids(self) -> tuple[BidSpec, ...]:
        """The ladder's bids of a number of tricks, lowest first: ``numbered_bids[0]`` is the smallest contract."""
        return tuple(b for b in self.bids if b.numbered)

    def bid(self, name: str) -> BidSpec:
        """The bid of this ladder with that name (or alias); a clear error otherwise."""
        return self.bids[self.bid_level(name)]

    def bid_level(self, name: str) -> int:
        """The rung of the ladder (0: the lowest bid) of the bid with that name, alias or name players use; refused
        with the ladder's bids, and with the table whose bid it is when another table has it ("Mulot+")."""
        # a bid's own name (every call of every auction a hint plays out) is a key already: _bid_key leaves a key as
        # it is, so this reads what the long way reads
        level = self._bid_index.get(name) if type(name) is str else None
        if level is not None:
            return level
        key = _bid_key(str(name))
        if key in self._bid_index:
            return self._bid_index[key]
        lang = current_lang()
        # the bids as players call them, which this reads too: "Gros Mulot (Mulot+)", never only "gros_mulot"
        allowed = Codes(b.called("en") for b in self.bids)
        title = f"in_title.{self.name}"
        for other in VARIANTS.values():
            # a bid of another table ("Mulot+" at the American table) is said to be one, and which
            spec = other.bids[other._bid_index[key]] if key in other._bid_index else None
            if spec is not None and not spec.numbered and other.name != self.name:
                where = {"bid": spec.label, "other": f"in_title.{other.name}"}
                said = sentence(
                    "rules.no_bid_elsewhere", lang, title=title, value=quote(name), allowed=allowed, **where
                )
                raise ContractError(said)
        raise ContractError(sentence("rules.no_bid", lang, title=title, value=quote(name), allowed=allowed))

    @property
    def title(self) -> str:
        return _TITLES[self.name]

    def named(self, lang: str | None = None) -> str:
        """The variant's name in ``lang`` (the course's language by default): "Charlemagne canadien"."""
        return word(f"title.{self.name}", lang_or_current(lang))

    def known_as(self, lang: str | None = None) -> str:
        """What else players call this variant's game, in ``lang`` (the course's language by default); "" when
        nothing else.

        >>> Rules.preset("american").known_as("en")
        "also the Bas-Saint-Laurent / Madawaska game (Jean Pichette's rules)"
        """
        return say(f"title.also.{self.name}", lang_or_current(lang)) if self.name in _KNOWN_AS else ""

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options().items())
        return f"Rules.preset({self.name!r}{opts})"

    def to_record(self) -> dict[str, Any]:
        """The variant and its changed options, as JSON-ready data (for hand and game records)."""
        options = {k: list(v) if isinstance(v, tuple) else v for k, v in self.options().items()}
        return {"variant": self.name, **options}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Rules:
        """The inverse of :meth:`to_record`."""
        if not isinstance(record, dict) or not isinstance(record.get("variant"), str):
            example = "{'variant': 'canadian'}"
            raise RulesOptionError(sentence("rules.not_record", current_lang(), value=quote(record), example=example))
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in record.items() if k != "variant"}
        return cls.preset(record["variant"], **options)

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)


VARIANTS: dict[str, Rules] = {
    "canadian": Rules(
        name="canadian", low_rank=7, jokers=True, hand_size=8, kitty_size=2, nine_high=False,
        bids=_canadian_bids(), target=32,
    ),
    "american": Rules(
        name="american", low_rank=7, jokers=False, hand_size=8, kitty_size=0, nine_high=True,
        bids=_american_bids(), target=21, all_pass="stick_dealer", partner_card_first=False,
    ),
    "maine": Rules(
        name="maine", low_rank=7, jokers=False, hand_size=8, kitty_size=0, nine_high=True,
        bids=_maine_bids(), target=32, dealer_minimum=5, partner_card_first=False, lone_defender=True,
    ),
    "bid_euchre": Rules(
        name="bid_euchre", low_rank=9, jokers=False, hand_size=6, kitty_size=0, nine_high=False,
        bids=_bid_euchre_bids(), target=32, per_trick_scoring=True, win_rule="bid_euchre",
        bower_names=("right bower", "left bower"),
    ),
}  # fmt: skip

ALIASES: dict[str, str] = {
    "default": "canadian",
    "canada": "canadian",
    "quebec": "canadian",
    "us": "american",
    "usa": "american",
    # the same game as played in Quebec's Bas-Saint-Laurent and New Brunswick's Madawaska, written down by
    # Jean Pichette: 32 cards, no jokers, the 9 of trump highest, game to 21
    "bas_saint_laurent": "american",
    "bas_st_laurent": "american",
    "madawaska": "american",
    "pichette": "american",
    "euchre": "bid_euchre",
    "bideuchre": "bid_euchre",
}
