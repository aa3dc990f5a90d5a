"""Bid ladders as actions: what may be bid, at which level, and what is wrong with a bid.

Everything here is derived from a :class:`~charlemagne_learn.rules.Rules` value once and
cached on it, because every bidding step of every hand asks for it.

>>> from .rules import Rules
>>> [str(a) for a in bid_lists(Rules.preset("maine"))[1][6]][:2]
['bid 7♣', 'bid 7♦']
>>> bid_trump_problem(Rules.preset("canadian"), Action.parse("bid 6H"))
"in Canadian Charlemagne trump is named after the exchange, not with the bid: write 'bid 6'"
"""

from __future__ import annotations

from .actions import Action
from .cards import Suit
from .rules import Rules

__all__ = ["bid_levels", "bid_lists", "bid_trump_problem"]


def bid_lists(rules: Rules) -> tuple[list[list[Action]], list[list[Action]]]:
    """Legal bidding actions by lowest allowed ladder level: ``[forced][level]``.

    Cached on the rules object itself: hashing a Rules value costs more than the lookup saves.
    """
    lists: tuple[list[list[Action]], list[list[Action]]] | None = rules._cache.get("bid_lists")
    if lists is None:
        rungs: list[list[Action]] = []
        for spec in rules.bids:
            if spec.trump == "with_bid":
                rungs.append([Action.bid_(spec.name, s) for s in Suit])
            elif spec.trump == "with_bid_or_none":
                rungs.append([Action.bid_(spec.name, s) for s in Suit] + [Action.bid_(spec.name, no_trump=True)])
            else:
                rungs.append([Action.bid_(spec.name)])
        bids = [[a for rung in rungs[low:] for a in rung] for low in range(len(rungs) + 1)]
        lists = rules._cache["bid_lists"] = (
            [[Action.pass_(), *b] for b in bids],
            bids,
        )
    return lists


def bid_levels(rules: Rules) -> dict[Action, int]:
    """Every bid action of the ladder, written the standard way, with its level."""
    levels: dict[Action, int] | None = rules._cache.get("bid_levels")
    if levels is None:
        levels = rules._cache["bid_levels"] = {a: rules.bid_level(a.bid or "") for a in bid_lists(rules)[1][0]}
    return levels


def bid_trump_problem(rules: Rules, act: Action) -> str:
    """What is wrong with the trump part of a bid, or ``""`` when it fits the bid."""
    assert act.bid is not None
    spec = rules.bid(act.bid)
    title = rules.title
    named = act.suit is not None or act.no_trump
    if spec.trump == "with_bid" and act.suit is None:
        return f"in {title} a bid of {spec.label} names its trump suit too: write 'bid {spec.name}S' (or C, D, H)"
    if spec.trump == "with_bid_or_none" and not named:
        return (
            f"in {title} a bid names a trump suit or no-trump: write 'bid {spec.name}S' "
            f"(or C, D, H) or 'bid {spec.name} NT'"
        )
    if spec.trump == "with_bid" and act.no_trump:
        return f"in {title} a bid of {spec.label} needs a trump suit; no-trump is not allowed"
    if spec.trump in ("after_bidding", "after_exchange") and named:
        when = "after the exchange" if spec.trump == "after_exchange" else "after the bidding"
        return f"in {title} trump is named {when}, not with the bid: write 'bid {spec.name}'"
    if spec.trump == "none" and named:
        return f"{spec.label} has no trump suit: write 'bid {spec.name}'"
    return ""
