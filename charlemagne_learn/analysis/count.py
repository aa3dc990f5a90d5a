"""The count: what a player adds up in a few seconds to judge a hand at the table, and the bid it makes.

For the suit a player would name trump (the one where they hold the most trumps, counting the jokers and both
jacks as trumps): 1 for each trump held, 1 more for each top trump (a joker or a jack of the trump colour, and the
nine in a nine-high game), 1 for each side ace. :data:`COUNT_TO_BID` reads the count as the most a player may bid
(5 from a count of 4, 6 from 6, 7 from 8), and the bid to make is the lowest one allowed up to that.

The count is the rule of thumb a bid's hint shows (:func:`bid_thumb`, called by :mod:`.hints`); the lesson that
teaches it, with the data behind each limit, is :mod:`charlemagne_learn.teach.judging`, which gives these
functions the course's table when none is named. Here a table is always named: this layer knows no course.

>>> c = count_hand("RJ JH JD AH 9H AS 7C 8C", "canadian")
>>> c.trump.name, c.total, bid_by_count(c.total, "canadian")   # the most it may bid
('H', 9, '7')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ..engine.actions import Action
from ..engine.cards import Card, CardList, Rank, Suit, parse_cards
from ..engine.checks import is_whole, whole_number
from ..engine.errors import HandError, RulesOptionError, quote
from ..engine.hand import SeatView
from ..engine.i18n import lang_or_current, say, sentence
from ..engine.ranking import card_order
from ..engine.rules import BidSpec, Rules
from ..engine.tallies import BidCounts

__all__ = [
    "COUNT_TO_BID",
    "FEW_HANDS",
    "CountRow",
    "HandCount",
    "bid_by_count",
    "bid_thumb",
    "break_even",
    "count_action",
    "count_advice",
    "count_hand",
    "count_is_a_rule",
    "count_table",
    "thresholds",
]

#: The rule of thumb: the lowest count for each numeric bid, the most the count lets a player bid (Canadian
#: Charlemagne).
COUNT_TO_BID: Mapping[str, int] = {"5": 4, "6": 6, "7": 8}
#: Counts held by fewer hands than this in a dataset say too little to set a threshold by.
FEW_HANDS = 30
Play = Literal["bots", "dd"]


@dataclass(frozen=True)
class HandCount:
    """The count of a hand for one trump suit, with the cards behind each part."""

    trump: Suit
    #: The trumps held, highest first (jokers and both jacks included).
    trumps: CardList
    #: The top trumps among them: the jokers, the big and little jack (and the nine when nine is high).
    top: CardList
    side_aces: CardList

    @property
    def total(self) -> int:
        return len(self.trumps) + len(self.top) + len(self.side_aces)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str | None = None) -> str:
        """The count in words, in ``lang`` (the course's language by default)."""
        language = lang_or_current(lang)

        def part(key: str, cards: CardList) -> str:
            n = len(cards)
            words = say(f"judging.{key}", language, n=n)
            # the cards on their faces in the language's letters: French V♥, not the records' J♥
            return words + (f" ({cards.face(language)})" if cards else "")

        parts = [part("trumps", self.trumps), part("top", self.top), part("aces", self.side_aces)]
        shown = [p for p, cards in zip(parts, (self.trumps, self.top, self.side_aces), strict=True) if cards]
        head = say("judging.count", language, total=self.total, suit=self.trump.symbol)
        return head + " + ".join(shown or parts[:1])

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(str(self))  # type: ignore[attr-defined]


def _count(rules: Rules, cards: CardList, trump: Suit) -> HandCount:
    order = card_order(rules, trump)
    held = {c.index for c in cards}
    trumps = CardList(Card.from_index(i) for i in order.trumps if i in held)
    top = CardList(c for c in trumps if order.role[c.index])
    aces = CardList(c for c in cards if not order.is_trump(c.index) and not c.is_joker and c.rank is Rank.ACE)
    return HandCount(trump, trumps, top, aces)


def count_hand(hand: str | Iterable[str | Card], rules: Rules | str, trump: Suit | str | None = None) -> HandCount:
    """The count of ``hand`` for ``trump``; with no trump given, for the suit a player would name: the most
    trumps, then the highest count, then the higher suit."""
    rules = Rules.find(rules)
    cards = parse_cards(hand, distinct="a hand")
    if not cards or len(cards) > rules.hand_size + rules.kitty_size + 1:
        raise HandError(sentence("judging.hand_size", most=rules.hand_size + rules.kitty_size + 1, n=len(cards)))
    if trump is not None:
        return _count(rules, cards, Suit.find(trump))
    counts = [_count(rules, cards, suit) for suit in Suit]
    return max(reversed(counts), key=lambda c: (len(c.trumps), c.total))


def bid_by_count(total: int, rules: Rules | str, rule: Mapping[str, int] | None = None) -> str | None:
    """The numeric bid the rule of thumb makes with a count of ``total`` (None: pass). ``rule``: the lowest count
    for each bid; by default :data:`COUNT_TO_BID` at a Canadian table, and at another table the thresholds its
    own shipped statistics give (its hands, bids and scores differ)."""
    total = whole_number("total", total, 0, 1000)
    rules = Rules.find(rules)
    if rule is not None and (
        not isinstance(rule, Mapping) or not all(isinstance(k, str) and is_whole(v) for k, v in rule.items())
    ):
        raise RulesOptionError(sentence("judging.bad_rule", value=quote(rule)))
    if rule is None:
        rule = COUNT_TO_BID if rules.name == "canadian" else _table_rule(rules.name)
    allowed = {b.name for b in rules.bids if b.numbered}
    chosen = [bid for bid, least in rule.items() if bid in allowed and total >= least]
    return max(chosen, key=int) if chosen else None


def count_is_a_rule(rules: Rules | str) -> bool:
    """Is the count a rule of thumb for bidding at this table? At the Canadian table (house rules included),
    following it is graded best or good in 187 bidding positions of 200; at the tables without a kitty the same
    count, even with limits fitted to their own statistics, is graded so in only six to eight in ten
    (``benchmarks/thumb_agreement.py``), and there it is shown as a measure of strength, not a bid."""
    return Rules.find(rules).name == "canadian"


def _lowest_within(total: int, rules: Rules, legal_bids: Iterable[str]) -> tuple[str | None, str | None]:
    """The most the count allows, and the lowest of ``legal_bids`` (numeric, by name) not above it."""
    most = bid_by_count(total, rules)
    if most is None:
        return None, None
    within = [int(b) for b in legal_bids if b.isdigit() and int(b) <= int(most)]
    return most, str(min(within)) if within else None


def count_advice(
    hand: Iterable[str | Card], rules: Rules | str, legal_bids: Iterable[str], lang: str | None = None
) -> str:
    """The count of ``hand`` and what it says to bid, given the bids still allowed (``legal_bids``, by name): the
    lowest of them the count allows. At a table where the count is no rule (:func:`count_is_a_rule`), the count
    and that it measures strength only.

    >>> count_advice("RJ JH JD AH 9H AS 7C 8C", "canadian", ["6", "7", "8"])
    'Count 9 with ♥ trump: 5 trumps (RJ J♥ J♦ A♥ 9♥) + 3 top trumps (RJ J♥ J♦) + 1 side ace (A♠); a count of 9 allows up to 7: bid 6, the lowest bid allowed.'
    """
    language = lang_or_current(lang)
    if not isinstance(legal_bids, (list, tuple, set, frozenset)) or not all(isinstance(b, str) for b in legal_bids):
        raise RulesOptionError(sentence("judging.bad_legal_bids", language, value=quote(legal_bids)))
    counted = count_hand(hand, rules)
    if not count_is_a_rule(rules):
        return say("judging.advice", language, count=counted.text(language), says=say("judging.not_a_rule", language))
    most, bid = _lowest_within(counted.total, Rules.find(rules), legal_bids)
    if most is None:
        says = say("judging.too_low", language)
    elif bid is None:
        says = say("judging.too_late", language, total=counted.total, bid=most)
    elif bid == most:
        says = say("judging.bids_most", language, total=counted.total, bid=bid)
    else:
        says = say("judging.bids", language, total=counted.total, most=most, bid=bid)
    return say("judging.advice", language, count=counted.text(language), says=says)


def count_action(hand: Iterable[str | Card], rules: Rules | str, legal: Sequence[Action]) -> Action:
    """The bid the count makes with ``hand`` among the ``legal`` actions: the lowest numeric bid allowed that the
    count reaches (naming the counted suit when the bid names its trump), else a pass; a dealer who must bid takes
    the lowest bid allowed in the counted suit."""
    counted = count_hand(hand, rules)
    bids = [a for a in legal if a.kind == "bid" and a.bid is not None and a.bid.isdigit() and not a.no_trump]
    mine = [a for a in bids if a.suit in (None, counted.trump)]
    _, bid = _lowest_within(counted.total, Rules.find(rules), [a.bid or "" for a in mine])
    chosen = next((a for a in mine if a.bid == bid), None)
    if chosen is not None:
        return chosen
    if any(a.kind == "pass" for a in legal):
        return Action.pass_()
    return min(mine or bids or legal, key=lambda a: int(a.bid) if a.bid and a.bid.isdigit() else 99)


@cache
def _table_rule(variant: str) -> dict[str, int]:
    return {bid: least for bid, least in thresholds(variant).items() if least is not None}


@dataclass(frozen=True)
class CountRow:
    """The hands of a dataset with one count, and how often each bid was made with them."""

    count: int
    hands: int
    #: ``made[bid]``: share of these hands where ``bid`` was made, played by the simple bots ("bots") and with
    #: perfect play by all four ("dd").
    made: Mapping[Play, Mapping[str, float]]


def _records(data: Any) -> tuple[Rules, Sequence[Mapping[str, object]]]:
    # the shipped statistics are read only by the tables below, never by a bid's hint
    from .stats import dataset_of

    dataset = dataset_of(data)
    return dataset.rules, dataset.records


def count_table(data: object = "canadian") -> list[CountRow]:
    """For each count, the hands of the shipped dataset ``data`` (a variant's name or a
    :class:`~charlemagne_learn.analysis.stats.BiddingDataset`) with that count and how often each bid was made.

    >>> rows = count_table("canadian")
    >>> sum(r.hands for r in rows)
    5000
    >>> low, high = rows[1], rows[-3]
    >>> low.made["bots"]["6"] < high.made["bots"]["6"]
    True
    """
    rules, records = _records(data)
    bids = [b.name for b in rules.bids]
    groups: dict[int, list[Mapping[str, object]]] = {}
    for record in records:
        total = count_hand(str(record["hand"]), rules).total
        groups.setdefault(total, []).append(record)
    rows = []
    for total in sorted(groups):
        group = groups[total]
        made: dict[Play, dict[str, float]] = {
            play: {b: sum(int(str(r[f"made_{play}_{b}"])) for r in group) / len(group) for b in bids}
            for play in ("bots", "dd")
        }
        rows.append(CountRow(total, len(group), made))
    return rows


def break_even(spec: BidSpec) -> float:
    """The chance of making ``spec`` at which bidding it scores as much as passing (0 points) on average."""
    if not isinstance(spec, BidSpec):
        raise RulesOptionError(sentence("judging.not_a_spec", value=quote(spec)))
    return spec.failed / (spec.made + spec.failed)


def thresholds(data: object = "canadian", play: Play = "bots") -> BidCounts:
    """For each numeric bid, the lowest count from which the bid is made at least as often as it must be to gain
    points on average (half the time when it scores as much as it loses), at every count held by enough hands
    to tell. None: no count is enough. Printed: "5 from a count of 4 · 6 from a count of 6 · …".

    >>> thresholds("canadian") == {"5": 4, "6": 6, "7": 8, "8": None}
    True
    """
    if play not in ("bots", "dd"):
        raise RulesOptionError(sentence("judging.bad_play", value=quote(play)))
    rules, _ = _records(data)
    rows = [r for r in count_table(data) if r.hands >= FEW_HANDS]
    out = BidCounts()
    for spec in rules.numbered_bids:
        need = break_even(spec)
        good = [r.made[play][spec.name] >= need for r in rows]
        # the lowest count from which every better-filled count is good enough
        out[spec.name] = next((rows[i].count for i in range(len(rows)) if all(good[i:])), None)
    return out


def bid_thumb(view: SeatView, lang: str) -> tuple[Action | None, str]:
    """The count as the rule of thumb of a bid's hint: the bid it makes among the legal ones, and the count in words;
    none at a table where the count is no rule (:func:`count_is_a_rule`)."""
    if not count_is_a_rule(view.rules):
        return None, ""
    legal = view.legal_actions
    bids = [a.bid or "" for a in legal if a.kind == "bid"]
    return count_action(view.hand, view.rules, legal), count_advice(view.hand, view.rules, bids, lang)
