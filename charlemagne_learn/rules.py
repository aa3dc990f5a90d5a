"""Rule systems as data: :class:`Rules` and its presets.

The four variants of ``RULES.md`` are presets of one frozen :class:`Rules` value, never
separate code paths. Every **Decision** of the rulebook is a keyword option.

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

from .errors import ContractError, RulesOptionError

__all__ = ["ALIASES", "VARIANTS", "BidSpec", "Rules"]

TrumpMode = Literal["after_exchange", "after_bidding", "with_bid", "with_bid_or_none", "none"]
Exchange = Literal["none", "kitty", "kitty_and_partner", "kitty_or_partner", "partner"]
Alone = Literal["never", "always", "optional"]


@dataclass(frozen=True)
class BidSpec:
    """One rung of a bid ladder: everything that differs between contracts is here.

    ``tricks`` is what the bidder's side must take (for ``avoid`` bids: take none).
    ``made``/``failed`` are the points to the bidder's team / to the opponents.
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

    @property
    def has_trump(self) -> bool:
        return self.trump != "none"


def _numeric(n: int, trump: TrumpMode, bidder_leads: bool) -> BidSpec:
    return BidSpec(str(n), str(n), n, n, n, trump, bidder_leads=bidder_leads)


def _canadian_bids() -> tuple[BidSpec, ...]:
    return (
        *(dataclasses.replace(_numeric(n, "after_exchange", False), exchange="kitty") for n in (5, 6, 7, 8)),
        BidSpec("mulot", "Mulot", 8, 15, 7, "none", alone="always", avoid=True),
        BidSpec(
            "charlemagne",
            "Charlemagne",
            8,
            16,
            8,
            "after_exchange",
            alone="always",
            exchange="kitty_and_partner",
            aliases=("charles", "petit_charles"),
        ),
        BidSpec(
            "gros_mulot",
            "Gros Mulot",
            8,
            30,
            15,
            "none",
            alone="always",
            avoid=True,
            exposed_after_first_trick=True,
            aliases=("mulot+", "mulot_plus"),
        ),
        BidSpec(
            "gros_charlemagne",
            "Gros Charlemagne",
            8,
            32,
            16,
            "after_exchange",
            alone="always",
            exchange="kitty_or_partner",
            aliases=("charles+", "charles_plus"),
        ),
    )


def _american_bids() -> tuple[BidSpec, ...]:
    return (
        *(_numeric(n, "after_bidding", True) for n in (5, 6, 7)),
        BidSpec("le_petit", "Le Petit", 8, 8, 8, "none", alone="always", avoid=True, aliases=("mulot",)),
        BidSpec("no_trump", "No Trump", 8, 8, 8, "none", aliases=("nt",)),
        BidSpec("charles", "Charles", 8, 21, 21, "after_bidding", aliases=("charlemagne",)),
        BidSpec(
            "charles_alone",
            "Charles Alone",
            8,
            21,
            21,
            "after_bidding",
            alone="always",
            exchange="partner",
        ),
    )


def _maine_bids() -> tuple[BidSpec, ...]:
    return (
        *(_numeric(n, "with_bid", True) for n in range(1, 8)),
        BidSpec("le_petit", "Le Petit", 8, 8, 8, "none", alone="always", avoid=True),
        BidSpec("high_card_no_trump", "High Card No Trump", 8, 8, 8, "none", aliases=("no_trump", "nt")),
        BidSpec(
            "charlemagne",
            "Charlemagne",
            8,
            0,
            0,
            "after_bidding",
            alone="optional",
            exchange="partner",
            outright=True,
            aliases=("charles",),
        ),
    )


def _bid_euchre_bids() -> tuple[BidSpec, ...]:
    return tuple(_numeric(n, "with_bid_or_none", True) for n in range(1, 7))


@dataclass(frozen=True)
class Rules:
    """A complete rule system. Build it with :meth:`preset`; every field is an option.

    Deck and ranking:
      ``low_rank`` 7 (32/34 cards) or 9 (Bid Euchre's 24), ``jokers``, ``high_joker``
      ("red" or "black": **Decision** of RULES.md), ``nine_high`` (the trump 9 is the top
      trump, American and Maine).
    Bidding: ``bids`` (the ladder, low to high), ``all_pass`` ("redeal" or "stick_dealer":
      **Decision**), ``dealer_minimum`` (Maine: the dealer must bid at least this when no
      bid has reached it).
    Exchange: ``partner_card_first`` (the partner's card is chosen before trump is named:
      Canadian; **Decision** for American Charles Alone, where the sources are silent),
      ``lone_defender`` (Maine: against a lone Charlemagne one defender may play alone).
    Play and score: ``stop_when_decided`` (**Decision**: stop a hand once its result is
      certain), ``per_trick_scoring`` (Bid Euchre), ``target`` and ``win_rule``.
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
    _cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, int] = {}
        for i, spec in enumerate(self.bids):
            for key in (spec.name, *spec.aliases):
                index.setdefault(key, i)
        object.__setattr__(self, "_bid_index", index)
        if self.high_joker not in ("red", "black"):
            raise RulesOptionError(f"high_joker={self.high_joker!r} is not allowed; use 'red' or 'black'")
        if self.all_pass not in ("redeal", "stick_dealer"):
            raise RulesOptionError(f"all_pass={self.all_pass!r} is not allowed; use 'redeal' or 'stick_dealer'")
        if self.low_rank not in (7, 9):
            raise RulesOptionError(f"low_rank={self.low_rank!r} is not allowed; use 7 or 9")
        if self.win_rule not in ("first_to_target", "bid_euchre"):
            raise RulesOptionError(f"win_rule={self.win_rule!r} is not allowed; use 'first_to_target' or 'bid_euchre'")
        for flag in (
            "jokers",
            "nine_high",
            "partner_card_first",
            "lone_defender",
            "stop_when_decided",
            "per_trick_scoring",
        ):
            if not isinstance(getattr(self, flag), bool):
                raise RulesOptionError(f"{flag}={getattr(self, flag)!r} is not allowed; use True or False")
        if self.dealer_minimum is not None and str(self.dealer_minimum) not in index:
            numbers = [b.name for b in self.bids if b.name.isdigit()]
            raise RulesOptionError(
                f"dealer_minimum={self.dealer_minimum!r} is not allowed; use None or one of the numeric bids "
                f"{', '.join(numbers)}"
            )
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesOptionError(f"target={self.target!r} is not allowed; use a whole number of points >= 1")
        cards = self.deck_size - self.kitty_size
        if cards != 4 * self.hand_size:
            raise RulesOptionError(
                f"a {self.deck_size}-card deck with a kitty of {self.kitty_size} cannot deal "
                f"{self.hand_size} cards to each of four players"
            )

    # ----------------------------------------------------------------- presets
    @classmethod
    def preset(cls, variant: str = "canadian", **options: Any) -> Rules:
        """The rules of a named variant, with any option changed by keyword.

        Variants: ``canadian`` (default), ``american`` (alias ``us``), ``maine``,
        ``bid_euchre`` (alias ``euchre``).
        """
        key = str(variant).strip().lower().replace(" ", "_").replace("-", "_")
        key = ALIASES.get(key, key)
        if key not in VARIANTS:
            allowed = ", ".join(sorted(VARIANTS) + sorted(ALIASES))
            raise RulesOptionError(f"unknown variant {variant!r}; use one of {allowed}")
        base = VARIANTS[key]
        known = {f.name for f in dataclasses.fields(cls) if f.init} - {"name", "bids"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesOptionError(
                f"unknown rules option(s) {', '.join(unknown)}; options are {', '.join(sorted(known))}"
            )
        return dataclasses.replace(base, **options) if options else base

    def options(self) -> dict[str, Any]:
        """The options that differ from this variant's preset (for JSON records)."""
        base = VARIANTS[self.name]
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.init and f.name not in ("name", "bids") and getattr(self, f.name) != getattr(base, f.name)
        }

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

    def bid(self, name: str) -> BidSpec:
        """The bid of this ladder with that name (or alias); a clear error otherwise."""
        return self.bids[self.bid_level(name)]

    def bid_level(self, name: str) -> int:
        key = str(name).strip().lower().replace(" ", "_").replace("-", "_")
        if key in self._bid_index:
            return self._bid_index[key]
        allowed = ", ".join(repr(b.name) for b in self.bids)
        raise ContractError(f"{self.title} has no bid {name!r}; its bids are {allowed}")

    @property
    def title(self) -> str:
        return {
            "canadian": "Canadian Charlemagne",
            "american": "American Charlemagne",
            "maine": "Maine Charlemagne",
            "bid_euchre": "Bid Euchre",
        }[self.name]

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
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in record.items() if k != "variant"}
        return cls.preset(record["variant"], **options)

    def _repr_html_(self) -> str:
        from .display import rules_html

        return rules_html(self)


VARIANTS: dict[str, Rules] = {
    "canadian": Rules("canadian", 7, True, 8, 2, False, _canadian_bids(), 32),
    "american": Rules(
        "american",
        7,
        False,
        8,
        0,
        True,
        _american_bids(),
        21,
        all_pass="stick_dealer",
        partner_card_first=False,
    ),
    "maine": Rules(
        "maine",
        7,
        False,
        8,
        0,
        True,
        _maine_bids(),
        32,
        dealer_minimum=5,
        partner_card_first=False,
        lone_defender=True,
    ),
    "bid_euchre": Rules(
        "bid_euchre",
        9,
        False,
        6,
        0,
        False,
        _bid_euchre_bids(),
        32,
        per_trick_scoring=True,
        win_rule="bid_euchre",
        bower_names=("right bower", "left bower"),
    ),
}

ALIASES: dict[str, str] = {
    "default": "canadian",
    "canada": "canadian",
    "quebec": "canadian",
    "us": "american",
    "usa": "american",
    "euchre": "bid_euchre",
    "bideuchre": "bid_euchre",
}
