"""What a hand scores, and why.

>>> from .rules import Rules
>>> k = Contract(Rules.preset("canadian"), bid="6", bidder="N", trump="H")
>>> score_hand(k, 7)
{'NS': 6, 'EW': 0}
>>> print(explain_score(k, 5).reason)
North–South bid 6 and took 5 tricks: the contract failed, so East–West score 6.
>>> score_hand(Contract(Rules.preset("bid_euchre"), bid="4", bidder="E", trump=None), 3)
{'NS': 3, 'EW': -4}
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .contract import Contract, check_contract
from .errors import TrickError, quote
from .i18n import lang_or_current, say, seat_word, sentence
from .rules import BidSpec, Rules
from .ruling import Ruling
from .tallies import TeamTally

__all__ = [
    "HandScore",
    "bid_made",
    "bidding_stake",
    "decided",
    "explain_score",
    "hand_score",
    "is_made",
    "net_points",
    "score_hand",
    "stake",
    "trick_values",
    "value_to_bidder",
]


@dataclass(frozen=True)
class HandScore:
    """Points of one hand by team, whether the contract was made, and any outright result."""

    points: dict[str, int]
    made: bool
    #: Team that wins the game outright because of this hand (Maine Charlemagne), else None.
    outright_winner: str | None = None


def is_made(contract: Contract, bidder_tricks: int) -> bool:
    return bid_made(contract.spec, bidder_tricks)


def net_points(contract: Contract, bidder_tricks: int) -> int:
    """The bidder's team's points less the opponents' for a hand ending with ``bidder_tricks``.

    The count may also be a bound that settles the bid, as a search for "all eight?" or "none?" returns:
    such bids score the same for every count on each side of their line, so any count there stands for it.
    """
    spec, total = contract.spec, contract.rules.tricks_per_hand
    _check_count(bidder_tricks, total)
    t = max(0, min(bidder_tricks, total))
    if bid_made(spec, t):
        t = 0 if spec.avoid else max(t, spec.tricks)
    else:
        t = max(t, 1) if spec.avoid else min(t, spec.tricks - 1)
    points = score_hand(contract, t)
    return points[contract.team] - points[contract.defenders]


@functools.lru_cache(maxsize=128)
def trick_values(contract: Contract) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """:func:`value_to_bidder` and :func:`is_made` for each number of tricks the bidder's side can take (0 to a hand's
    tricks): worked out once for a contract, for the analyses that score thousands of deals of it."""
    tricks = range(contract.rules.tricks_per_hand + 1)
    return tuple(value_to_bidder(contract, t) for t in tricks), tuple(is_made(contract, t) for t in tricks)


def value_to_bidder(contract: Contract, bidder_tricks: int) -> int:
    """What a hand ending with ``bidder_tricks`` is worth to the bidder's team less the opponents: its points
    (:func:`net_points`), or the whole game (the target, won or lost) for a bid that decides the game, which
    scores no points at all. Every analysis that weighs plays, exchanges or bids against each other uses this.

    >>> from charlemagne_learn import Contract, Rules
    >>> maine = Rules.preset("maine")
    >>> charlemagne = Contract(maine, "charlemagne", "N", "S")
    >>> value_to_bidder(charlemagne, 8), value_to_bidder(charlemagne, 7), net_points(charlemagne, 7)
    (32, -32, 0)
    """
    if contract.spec.outright:
        _check_count(bidder_tricks, contract.rules.tricks_per_hand)
        target = contract.rules.target
        return target if bid_made(contract.spec, bidder_tricks) else -target
    return net_points(contract, bidder_tricks)


def _check_count(bidder_tricks: object, total: int) -> None:
    """A count of tricks (or a bound a search returned, which may lie one beyond either end) must be a whole
    number."""
    if isinstance(bidder_tricks, bool) or not isinstance(bidder_tricks, int):
        raise TrickError(sentence("scoring.bad_tricks", value=quote(bidder_tricks), total=total))


def stake(rules: Rules, spec: BidSpec) -> int:
    """How far apart making and failing ``spec`` are, in points (the whole game both ways for a bid that decides
    it): the scale a choice's loss is graded against."""
    return 2 * rules.target if spec.outright else spec.made + spec.failed


def bidding_stake(rules: Rules) -> int:
    """The scale every choice of a bid is graded against, whichever bid it is: the stake of the table's lowest
    numbered bid, so a pass and a bid of every size are measured on one scale."""
    lowest = rules.numbered_bids[0]
    return stake(rules, lowest)


def bid_made(spec: BidSpec, bidder_tricks: int) -> bool:
    """Is a bid made with this many tricks for the bidder's side? (Also true of a bound that settles it: bid
    odds ask "at least 8?" or "none?" without counting exactly.)"""
    if spec.avoid:
        return bidder_tricks == 0
    return bidder_tricks >= spec.tricks


def decided(contract: Contract, bidder_tricks: int, tricks_played: int) -> bool | None:
    """True/False once the contract is certain to be made/failed, None while still open."""
    total = contract.rules.tricks_per_hand
    spec = contract.spec
    if spec.avoid:
        if bidder_tricks > 0:
            return False
        return True if tricks_played == total else None
    need = min(spec.tricks, total)
    if bidder_tricks >= need:
        return True
    if bidder_tricks + (total - tricks_played) < need:
        return False
    return None


def _score(contract: Contract, bidder_tricks: int) -> HandScore:
    total = check_contract(contract).rules.tricks_per_hand
    if isinstance(bidder_tricks, bool) or not isinstance(bidder_tricks, int) or not 0 <= bidder_tricks <= total:
        raise TrickError(sentence("scoring.bad_tricks", value=quote(bidder_tricks), total=total))
    spec = contract.spec
    made = is_made(contract, bidder_tricks)
    team, other = contract.team, contract.defenders
    points = {"NS": 0, "EW": 0}
    outright = None
    if contract.rules.per_trick_scoring:
        points[other] = total - bidder_tricks
        points[team] = bidder_tricks if made else -spec.made
    elif spec.outright:
        outright = team if made else other
    elif made:
        points[team] = spec.made
    else:
        points[other] = spec.failed
    return HandScore(points, made, outright)


def hand_score(contract: Contract, bidder_tricks: int) -> HandScore:
    """:func:`explain_score`'s answer without the sentence (points, made, outright), for a hand's end."""
    return _score(contract, bidder_tricks)


def score_hand(contract: Contract, bidder_tricks: int) -> TeamTally:
    """Points by team (``{"NS": …, "EW": …}``; shown "NS 0 – EW 7") when the bidder's side took ``bidder_tricks``
    tricks."""
    return TeamTally(_score(contract, bidder_tricks).points)


def explain_score(contract: Contract, bidder_tricks: int, *, lang: str | None = None) -> Ruling[HandScore]:
    """:func:`score_hand` with the reason (the answer also carries made/outright), in ``lang`` (the course's
    language by default)."""
    score = _score(contract, bidder_tricks)
    language = lang_or_current(lang)
    spec = contract.spec
    team, other = seat_word(contract.team, language), seat_word(contract.defenders, language)
    who = contract.bidder if contract.alone else team
    if spec.avoid:
        what = say("scoring.no_trick", language)
    elif spec.tricks >= contract.rules.tricks_per_hand and not spec.numbered:
        what = say("scoring.every_trick", language)
    else:
        what = ""
    goal = say(
        f"scoring.goal_{'alone' if contract.alone else 'team'}",
        language, who=who, bid=spec.text(language), what=what, n=bidder_tricks,
    )  # fmt: skip
    verdict = say("scoring.made" if score.made else "scoring.failed", language)
    p = score.points
    if contract.rules.per_trick_scoring:
        key = "scoring.per_trick_made" if score.made else "scoring.per_trick_failed"
        tail = say(key, language, team=team, other=other, a=p[contract.team], b=p[contract.defenders], bid=spec.made)
    elif spec.outright:
        tail = say("scoring.outright", language, team=team if score.made else other)
    elif score.made:
        extra = say("scoring.no_credit", language) if not spec.avoid and bidder_tricks > spec.tricks else ""
        tail = say("scoring.team_scores", language, team=team, points=spec.made, extra=extra)
    else:
        tail = say("scoring.team_scores", language, team=other, points=spec.failed, extra="")
    return Ruling(score, say("scoring.ruling", language, goal=goal, verdict=verdict, tail=tail))
