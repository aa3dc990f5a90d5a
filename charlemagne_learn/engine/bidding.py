"""Bid ladders as actions: what may be bid, at which level, and what is wrong with a bid.

Everything here is derived from a :class:`~charlemagne_learn.engine.rules.Rules` value once and
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
from .i18n import lang_or_current, say
from .rules import Rules

__all__ = ["bid_floor", "bid_levels", "bid_lists", "bid_named", "bid_trump_problem"]


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


def bid_named(rules: Rules, act: Action) -> Action:
    """``act`` with its bid by the ladder's name for it, whichever name a player gave: "bid Charles+" (as the online
    rooms say it) is "bid gros_charlemagne" at the Canadian table; a bid the ladder lacks is refused
    (:class:`~charlemagne_learn.engine.errors.ContractError`, with the ladder's bids).

    >>> str(bid_named(Rules.preset("canadian"), Action.parse("bid Mulot +")))
    'bid gros_mulot'
    """
    if act.kind != "bid" or act in bid_levels(rules):
        return act
    spec = rules.bid(act.bid or "")
    return Action("bid", bid=spec.name, suit=act.suit, no_trump=act.no_trump)


def bid_floor(rules: Rules, high_level: int, dealer_to_bid: bool) -> tuple[int, bool]:
    """The lowest ladder level a seat may bid, and whether it must bid (cannot pass).

    ``high_level`` is the level of the highest bid so far (-1: none yet). Only the dealer, last to
    speak, can be forced: to a minimum bid (Maine's ``dealer_minimum``) or, when all the others
    passed, to bid at all (``all_pass="stick_dealer"``).

    >>> maine = Rules.preset("maine")  # the dealer must bid at least 5 (level 4) when nobody has
    >>> bid_floor(maine, -1, True), bid_floor(maine, 4, True), bid_floor(maine, -1, False)
    ((4, True), (5, False), (0, False))
    """
    low = high_level + 1
    if not dealer_to_bid:
        return low, False
    rule: tuple[int, bool] | None = rules._cache.get("dealer_rule")
    if rule is None:
        minimum = rules.dealer_minimum
        need = -1 if minimum is None else rules.bid_level(str(minimum))
        rule = rules._cache["dealer_rule"] = (need, minimum is None and rules.all_pass == "stick_dealer")
    need, stick = rule
    if need >= 0:
        return (need, True) if low <= need else (low, False)
    return low, stick and high_level < 0


def bid_trump_problem(rules: Rules, act: Action, *, lang: str | None = None) -> str:
    """What is wrong with the trump part of a bid, or ``""`` when it fits the bid; in ``lang`` (the course's
    language by default).

    >>> bid_trump_problem(Rules.preset("maine"), Action.parse("bid 6"), lang="fr")
    "au Charlemagne du Maine, une enchère de 6 nomme aussi sa couleur d'atout : écrivez `bid 6S` (ou C, D, H)"
    """
    assert act.bid is not None
    spec = rules.bid(act.bid)
    named = act.suit is not None or act.no_trump
    if spec.trump == "with_bid" and act.suit is None:
        key = "bidding.names_suit"
    elif spec.trump == "with_bid_or_none" and not named:
        key = "bidding.names_suit_or_none"
    elif spec.trump == "with_bid" and act.no_trump:
        key = "bidding.needs_suit"
    elif spec.trump == "after_exchange" and named:
        key = "bidding.after_exchange"
    elif spec.trump == "after_bidding" and named:
        key = "bidding.after_bidding"
    elif spec.trump == "none" and named:
        key = "bidding.no_trump_suit"
    else:
        return ""
    language = lang_or_current(lang)
    return say(key, language, title=f"in_title.{rules.name}", bid=spec.text(language), name=spec.name)
