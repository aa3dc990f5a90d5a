"""A contract: what was bid, by whom, with which trump, and who sits out.

>>> from .rules import Rules
>>> k = Contract(Rules.preset("canadian"), bid="6", bidder="N", trump="H")
>>> str(k), k.first_leader, k.active_seats
('6 ♥ by North', <Seat.E: 1>, (<Seat.N: 0>, <Seat.E: 1>, <Seat.S: 2>, <Seat.W: 3>))
>>> Contract(Rules.preset("canadian"), bid="mulot", bidder="E").active_seats
(<Seat.N: 0>, <Seat.E: 1>, <Seat.S: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Seat, Suit
from .errors import ContractError, quote
from .frozen import HashedOnce
from .i18n import Lang, lang_or_current, say, sentence, word
from .ranking import CardOrder, card_order
from .rules import BidSpec, Rules


def _lang(lang: str | None) -> Lang:
    return lang_or_current(lang)


__all__ = ["Contract", "check_contract"]


@dataclass(frozen=True, init=False)
class Contract(HashedOnce):
    """The contract of one hand.

    ``alone`` defaults to what the bid says (Mulot, Charlemagne, … are always alone; Maine's
    Charlemagne may be played alone). ``lone_defender`` is Maine's defender who plays alone
    against a lone Charlemagne.
    """

    rules: Rules
    spec: BidSpec
    bidder: Seat
    trump: Suit | None
    alone: bool
    lone_defender: Seat | None
    order: CardOrder = field(repr=False, compare=False)
    #: Seats that take no part in play (the lone bidder's partner, a lone defender's partner).
    sitting_out: tuple[Seat, ...] = field(repr=False, compare=False)
    #: Seats that play, clockwise from North.
    active_seats: tuple[Seat, ...] = field(repr=False, compare=False)
    #: For each seat, the next active seat clockwise: turn order skips those sitting out.
    _next: tuple[Seat, ...] = field(repr=False, compare=False)

    def __init__(
        self,
        rules: Rules | str,
        bid: str | BidSpec,
        bidder: str | Seat,
        trump: str | Suit | None = None,
        *,
        alone: bool | None = None,
        lone_defender: str | Seat | None = None,
    ) -> None:
        rules = Rules.find(rules)
        if isinstance(bid, BidSpec):
            bid = bid.name
        elif isinstance(bid, bool) or not isinstance(bid, (str, int)) or (isinstance(bid, int) and not 0 <= bid <= 100):
            lang = _lang(None)
            names = ", ".join(say("contract.bid_name", lang, name=b.name) for b in rules.bids)
            raise ContractError(sentence("contract.refuse.not_a_bid", lang, value=quote(bid), names=names))
        spec = rules.bid(str(bid))
        if alone is not None and not isinstance(alone, bool):
            raise ContractError(sentence("contract.refuse.bad_alone", value=quote(alone)))
        seat = Seat.find(bidder)
        suit = (
            None
            if trump is None or trump == "" or str(trump).lower() in ("none", "nt", "no_trump")
            else Suit.find(trump)
        )
        if spec.has_trump and spec.trump != "with_bid_or_none" and suit is None:
            raise ContractError(_say_bid("contract.refuse.needs_trump", spec))
        if not spec.has_trump and suit is not None:
            raise ContractError(_say_bid("contract.refuse.no_trump", spec))
        if alone is None:
            alone = spec.alone == "always"
        elif spec.alone == "always" and not alone:
            raise ContractError(_say_bid("contract.refuse.always_alone", spec))
        elif spec.alone == "never" and alone:
            raise ContractError(_say_bid("contract.refuse.never_alone", spec))
        defender = None if lone_defender is None else Seat.find(lone_defender)
        if defender is not None:
            if not (alone and rules.lone_defender and spec.alone == "optional" and not spec.avoid):
                raise ContractError(sentence("contract.refuse.no_lone_defender"))
            if defender.team == seat.team:
                raise ContractError(sentence("contract.refuse.defender_team", seat=defender))
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "bidder", seat)
        object.__setattr__(self, "trump", suit)
        object.__setattr__(self, "alone", bool(alone))
        object.__setattr__(self, "lone_defender", defender)
        object.__setattr__(self, "order", card_order(rules, suit))
        out = tuple(sorted(s.partner for s in (seat if alone else None, defender) if s is not None))
        active = tuple(s for s in Seat if s not in out)
        object.__setattr__(self, "sitting_out", out)
        object.__setattr__(self, "active_seats", active)
        object.__setattr__(self, "_next", tuple(_next_active(seat, out) for seat in Seat))

    def __hash__(self) -> int:
        # contracts key the caches of their scores, which a hint reads once a deal
        return self.hash_once()

    @classmethod
    def cached(
        cls,
        rules: Rules,
        spec: BidSpec,
        bidder: Seat,
        trump: Suit | None = None,
        *,
        alone: bool | None = None,
        lone_defender: Seat | None = None,
    ) -> Contract:
        """The same contract as the constructor gives, made once per rules and reused:
        a contract is immutable, and every hand of a playout needs one."""
        if (
            type(rules) is not Rules
            or type(spec) is not BidSpec
            or type(bidder) is not Seat
            or (trump is not None and type(trump) is not Suit)
            or (alone is not None and type(alone) is not bool)
            or (lone_defender is not None and type(lone_defender) is not Seat)
        ):
            # not the engine's own objects (the only ones the key below can read): the constructor reads or
            # refuses them, and its contract is not kept
            return cls(rules, spec, bidder, trump, alone=alone, lone_defender=lone_defender)
        # plain ints in the key: a Seat's or Suit's hash is a Python call, and this runs once per hand
        key = (
            "contract",
            spec.name,
            int(bidder),
            -1 if trump is None else int(trump),
            alone,
            -1 if lone_defender is None else int(lone_defender),
        )
        contract: Contract | None = rules._cache.get(key)
        if contract is None:
            contract = rules._cache[key] = cls(rules, spec, bidder, trump, alone=alone, lone_defender=lone_defender)
        return contract

    @property
    def bid(self) -> str:
        return self.spec.name

    @property
    def team(self) -> str:
        """The bidder's team, ``"NS"`` or ``"EW"``."""
        return self.bidder.team

    @property
    def defenders(self) -> str:
        return "EW" if self.team == "NS" else "NS"

    @property
    def first_leader(self) -> Seat:
        """Who leads the first trick: the bidder, or (Canadian numeric bids) the bidder's left."""
        return self.bidder if self.spec.bidder_leads else self._next[self.bidder]

    def next_active(self, seat: Seat | str) -> Seat:
        """The next seat clockwise that takes part in play."""
        return self._next[seat if type(seat) is Seat else Seat.find(seat)]

    @property
    def trump_text(self) -> str:
        if self.trump is not None:
            return self.trump.word
        return "jokers only" if self.rules.jokers else "no trump"

    def trump_words(self, lang: str | None = None) -> str:
        """:attr:`trump_text` in ``lang`` (the course's language by default): "hearts", "cœur", "sans atout"."""
        language = _lang(lang)
        if self.trump is not None:
            return say("contract.suit", language, suit=self.trump)
        return word("jokers_only" if self.rules.jokers else "no_trump", language)

    def text(self, lang: str | None = None) -> str:
        """The contract as players say it, in ``lang`` (the course's language by default): "6 ♥ by North",
        "6 ♥ par Nord"."""
        language = _lang(lang)
        bid = self.spec.text(language)
        if self.trump is not None:
            bid += f" {self.trump.symbol}"
        elif self.spec.trump == "with_bid_or_none":
            bid += say("action.no_trump", language)
        text = say("contract.by", language, bid=bid, seat=self.bidder)
        if self.alone and self.spec.alone == "optional":
            text += say("contract.alone", language)
        if self.lone_defender is not None:
            text += say("contract.lone_defender", language, seat=self.lone_defender)
        return text

    def __str__(self) -> str:
        return self.text("en")

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)


def _next_active(seat: Seat, sitting_out: tuple[Seat, ...]) -> Seat:
    nxt = seat.left
    while nxt in sitting_out:
        nxt = nxt.left
    return nxt


def check_contract(contract: object) -> Contract:
    """``contract`` if it is a :class:`Contract`; a clear error for anything else (a rulings function's first check)."""
    if isinstance(contract, Contract):
        return contract
    raise ContractError(sentence("contract.refuse.not_a_contract", value=quote(contract)))


def _say_bid(key: str, spec: BidSpec) -> str:
    """A refusal about a bid, named in the course's language."""
    lang = _lang(None)
    return sentence(key, lang, bid=spec.text(lang))
