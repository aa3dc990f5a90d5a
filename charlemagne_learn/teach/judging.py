"""Judging a hand at the table, without the computer: *the count*, and what it says to bid.

A player cannot run the bid odds at a real table. The count is what a player adds up in a few seconds,
for the suit they would name trump (the one where they hold the most trumps, counting the jokers and both
jacks as trumps):

* **1 for each trump** held,
* **1 more for each top trump** — a joker or a jack of the trump colour (and the nine in a nine-high game):
  the cards above the ace of trumps, which win or protect tricks by themselves,
* **1 for each side ace** (an ace of a suit that is not trump).

The rule of thumb (:data:`COUNT_TO_BID`) reads the count as the most a player may bid: **5 from a count of 4,
6 from 6, 7 from 8** — each trick more needs two more — and the bid to make is **the lowest one allowed, up to
that**: a higher bid scores more when made, but fails more often. Followed in 200 bidding positions of the quizzes,
the count's bid is graded best or good in 187 (``benchmarks/thumb_agreement.py``); on 200 opening hands it is the
bid with the best expected points on 158 and graded best or good on 190 (``benchmarks/count_agreement.py``). The
others are hands far above a threshold (6 pays a little more than 5), hands just at one (passing pays a little
more) and hands for a named bid (Mulot, Charlemagne), which the count does not judge: lesson 12 shows them. The
limits are fitted to and checked against the statistics the package ships
(:func:`~charlemagne_learn.analysis.stats.load_dataset`): :func:`count_table` gives, for each count, how often
every bid is made, and :func:`thresholds` the lowest count from which a bid is made often enough to be worth it.
The count sees only your eight cards: your partner's hand and the kitty still decide about four hands in
ten at the limit, which is where the rule fails.

The count is a rule for the Canadian table (:func:`count_is_a_rule`): at tables without a kitty, or scoring
each trick, it misjudges too many hands (the lowest bid invites an overcall there, or the tables reward bidding
differently), so there the count only measures a hand's strength and no bid is advised by it.

The count itself is reckoned in :mod:`charlemagne_learn.analysis.count`, where a bid's hint reads it as its rule of
thumb; here the lesson's functions play the course's table when none is named.

>>> import charlemagne_learn as cl
>>> c = count_hand("RJ JH JD AH 9H AS 7C 8C", "canadian")
>>> c.trump.name, c.total, bid_by_count(c.total, "canadian")   # the most it may bid
('H', 9, '7')
>>> print(c)
Count 9 with ♥ trump: 5 trumps (RJ J♥ J♦ A♥ 9♥) + 3 top trumps (RJ J♥ J♦) + 1 side ace (A♠)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..analysis.count import (
    COUNT_TO_BID,
    FEW_HANDS,
    CountRow,
    HandCount,
    break_even,
    count_table,
    thresholds,
)
from ..analysis.count import bid_by_count as _bid_by_count
from ..analysis.count import count_action as _count_action
from ..analysis.count import count_advice as _count_advice
from ..analysis.count import count_hand as _count_hand
from ..analysis.count import count_is_a_rule as _count_is_a_rule
from ..course import course_rules
from ..engine.actions import Action
from ..engine.cards import Card, Suit
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import sentence
from ..engine.rules import Rules

if TYPE_CHECKING:
    from ..analysis.stats import BiddingDataset

__all__ = [
    "COUNT_TO_BID",
    "CountRow",
    "HandCount",
    "bid_by_count",
    "break_even",
    "count_action",
    "count_advice",
    "count_hand",
    "count_is_a_rule",
    "count_table",
    "thresholds",
    "void_table",
]


def _table(rules: Rules | str | None) -> Rules | str:
    """The table a lesson's count is for: the course's when none is named (a name is read where it is used)."""
    return course_rules() if rules is None else rules


def count_hand(
    hand: str | Iterable[str | Card], rules: Rules | str | None = None, trump: Suit | str | None = None
) -> HandCount:
    """The count of ``hand`` for ``trump``; with no trump given, for the suit a player would name: the most
    trumps, then the highest count, then the higher suit. ``rules``: None for the course's."""
    return _count_hand(hand, _table(rules), trump)


def bid_by_count(total: int, rules: Rules | str | None = None, rule: Mapping[str, int] | None = None) -> str | None:
    """The numeric bid the rule of thumb makes with a count of ``total`` (None: pass), at the course's table when
    ``rules`` is None (:func:`charlemagne_learn.analysis.count.bid_by_count`)."""
    return _bid_by_count(total, _table(rules), rule)


def count_is_a_rule(rules: Rules | str | None = None) -> bool:
    """Is the count a rule of thumb for bidding at this table (the course's when None)? At the Canadian table, yes
    (:func:`charlemagne_learn.analysis.count.count_is_a_rule`)."""
    return _count_is_a_rule(_table(rules))


def count_advice(
    hand: Iterable[str | Card], rules: Rules | str | None, legal_bids: Iterable[str], lang: str | None = None
) -> str:
    """The count of ``hand`` and what it says to bid among ``legal_bids``, at the course's table when ``rules`` is
    None (:func:`charlemagne_learn.analysis.count.count_advice`).

    >>> count_advice("RJ JH JD AH 9H AS 7C 8C", "canadian", ["6", "7", "8"])
    'Count 9 with ♥ trump: 5 trumps (RJ J♥ J♦ A♥ 9♥) + 3 top trumps (RJ J♥ J♦) + 1 side ace (A♠); a count of 9 allows up to 7: bid 6, the lowest bid allowed.'
    """
    return _count_advice(hand, _table(rules), legal_bids, lang)


def count_action(hand: Iterable[str | Card], rules: Rules | str | None, legal: Sequence[Action]) -> Action:
    """The bid the count makes with ``hand`` among the ``legal`` actions, at the course's table when ``rules`` is
    None (:func:`charlemagne_learn.analysis.count.count_action`)."""
    return _count_action(hand, _table(rules), legal)


@dataclass(frozen=True)
class VoidRow:
    """Hands of one count, split by whether they hold a void (a side suit with no card) in the counted suit."""

    count: int
    with_void: int
    without_void: int
    #: ``made[True]``: share of the hands with a void that made ``bid`` (the simple bots' play); ``made[False]``
    #: the same without.
    made: Mapping[bool, float]


def void_table(data: str | BiddingDataset = "canadian", bid: str = "6") -> list[VoidRow]:
    """What a void adds to the count: for each count held by enough hands both ways, how often ``bid`` is made
    with a void and without one.

    >>> rows = void_table("canadian", "6")
    >>> all(r.made[True] > r.made[False] for r in rows if 5 <= r.count <= 7)
    True
    """
    from ..analysis.stats import dataset_of  # the shipped statistics, read only by this table

    dataset = dataset_of(data)
    rules, records = dataset.rules, dataset.records
    if not isinstance(bid, str) or bid not in {b.name for b in rules.bids}:
        raise RulesOptionError(
            sentence("judging.bad_bid", value=quote(bid), bids=", ".join(b.name for b in rules.bids))
        )
    groups: dict[tuple[int, bool], list[int]] = {}
    for record in records:
        counted = count_hand(str(record["hand"]), rules)
        void = int(str(record[f"voids_{counted.trump.name}"])) > 0
        groups.setdefault((counted.total, void), []).append(int(str(record[f"made_bots_{bid}"])))
    rows = []
    for total in sorted({t for t, _ in groups}):
        yes, no = groups.get((total, True), []), groups.get((total, False), [])
        if len(yes) >= FEW_HANDS and len(no) >= FEW_HANDS:
            rows.append(VoidRow(total, len(yes), len(no), {True: sum(yes) / len(yes), False: sum(no) / len(no)}))
    return rows
