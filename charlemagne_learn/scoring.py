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

from dataclasses import dataclass

from .contract import Contract, check_contract
from .course import course_lang
from .errors import TrickError
from .i18n import Lang, add_messages, add_words, check_lang, say, word
from .rules import BidSpec
from .ruling import Ruling

__all__ = [
    "HandScore",
    "bid_made",
    "decided",
    "explain_score",
    "hand_score",
    "is_made",
    "net_points",
    "score_hand",
    "score_reason",
]

add_words({"team NS": ("North–South", "Nord–Sud"), "team EW": ("East–West", "Est–Ouest")})
# A team takes a plural verb in both languages ("North–South score 6", "Nord–Sud marquent 6"); a lone bidder
# a singular one, so the French says which (the English words are the same).
add_messages({
    "scoring.bad_tricks": ("bidder_tricks={value} is not possible; give a number of tricks from 0 to {total}",
                           "`bidder_tricks={value}` n'est pas possible ; donnez un nombre de levées de 0 à {total}"),
    "scoring.goal_team": ("{who} bid {bid}{aim} and {took}", "{who} ont demandé {bid}{aim} et {took}"),
    "scoring.goal_alone": ("{who} bid {bid}{aim} and {took}", "{who} a demandé {bid}{aim} et {took}"),
    "scoring.aim_none": (" (take no trick)", " (ne faire aucune levée)"),
    "scoring.aim_all": (" (take every trick)", " (faire toutes les levées)"),
    "scoring.took_none_team": ("took 0 tricks", "n'ont fait aucune levée"),
    "scoring.took_none_alone": ("took 0 tricks", "n'a fait aucune levée"),
    "scoring.took_one": ("took {n} trick", "fait {n} levée"),
    "scoring.took_many": ("took {n} tricks", "fait {n} levées"),
    "scoring.made": ("the contract is made", "le contrat est réussi"),
    "scoring.failed": ("the contract failed", "le contrat a chuté"),
    "scoring.per_trick_made": ("each team scores a point per trick: {team} {p}, {other} {q}",
                               "chaque équipe marque un point par levée : {team} {p}, {other} {q}"),
    "scoring.per_trick_failed": (
        "{team} lose {n} (the amount bid) and {other} score a point per trick they took, {q}",
        "{team} perdent {n} (le montant de l'enchère) et {other} marquent un point par levée faite, {q}",
    ),
    "scoring.outright": ("{team} win the game outright", "{team} gagnent la partie d'un coup"),
    "scoring.team_scores": ("{team} score {n}{extra}", "{team} marquent {n}{extra}"),
    "scoring.no_credit": (" (no credit for extra tricks)", " (les levées de trop ne comptent pas)"),
    "scoring.sentence": ("{goal}: {verdict}, so {tail}.", "{goal} : {verdict}, donc {tail}."),
})  # fmt: skip


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
    t = max(0, min(bidder_tricks, total))
    if bid_made(spec, t):
        t = 0 if spec.avoid else max(t, spec.tricks)
    else:
        t = max(t, 1) if spec.avoid else min(t, spec.tricks - 1)
    points = score_hand(contract, t)
    return points[contract.team] - points[contract.defenders]


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
        raise TrickError(say("scoring.bad_tricks", value=repr(bidder_tricks), total=total))
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


def score_hand(contract: Contract, bidder_tricks: int) -> dict[str, int]:
    """Points by team (``{"NS": …, "EW": …}``) when the bidder's side took ``bidder_tricks`` tricks."""
    return _score(contract, bidder_tricks).points


def explain_score(contract: Contract, bidder_tricks: int, *, lang: str | None = None) -> Ruling[HandScore]:
    """:func:`score_hand` with the reason (the answer also carries made/outright), in ``lang`` (the course's
    language by default).

    >>> from .rules import Rules
    >>> k = Contract(Rules.preset("canadian"), bid="mulot", bidder="E")
    >>> goal, verdict = explain_score(k, 0, lang="fr").reason.split(" : ")
    >>> print(goal); print(verdict)
    Est a demandé Mulot (ne faire aucune levée) et n'a fait aucune levée
    le contrat est réussi, donc Est–Ouest marquent 15.
    """
    score = _score(contract, bidder_tricks)
    return Ruling(score, score_reason(contract, bidder_tricks, score, check_lang(lang or course_lang())))


def score_reason(contract: Contract, bidder_tricks: int, score: HandScore, lang: Lang) -> str:
    """Why a hand scores ``score``, in ``lang``: the sentence of :func:`explain_score`."""
    spec = contract.spec
    team, other = word(f"team {contract.team}", lang), word(f"team {contract.defenders}", lang)
    alone = contract.alone
    who = contract.bidder if alone else team
    if bidder_tricks == 0:
        took = say("scoring.took_none_alone" if alone else "scoring.took_none_team", lang)
    else:
        took = say("scoring.took_one" if bidder_tricks == 1 else "scoring.took_many", lang, n=bidder_tricks)
    if spec.avoid:
        aim = say("scoring.aim_none", lang)
    elif spec.tricks >= contract.rules.tricks_per_hand and not spec.name.isdigit():
        aim = say("scoring.aim_all", lang)
    else:
        aim = ""
    goal = say(
        "scoring.goal_alone" if alone else "scoring.goal_team", lang, who=who, bid=spec.text(lang), aim=aim, took=took
    )
    verdict = say("scoring.made" if score.made else "scoring.failed", lang)
    p = score.points
    if contract.rules.per_trick_scoring:
        if score.made:
            tail = say(
                "scoring.per_trick_made", lang, team=team, other=other, p=p[contract.team], q=p[contract.defenders]
            )
        else:
            tail = say("scoring.per_trick_failed", lang, team=team, other=other, n=spec.made, q=p[contract.defenders])
    elif spec.outright:
        tail = say("scoring.outright", lang, team=team if score.made else other)
    elif score.made:
        extra = say("scoring.no_credit", lang) if not spec.avoid and bidder_tricks > spec.tricks else ""
        tail = say("scoring.team_scores", lang, team=team, n=spec.made, extra=extra)
    else:
        tail = say("scoring.team_scores", lang, team=other, n=spec.failed, extra="")
    return say("scoring.sentence", lang, goal=goal, verdict=verdict, tail=tail)
