"""A card of the play, graded: each card the seat may play is worth how often its side then gets the result it
plays for (the contract made, or set) and the points it can expect, over deals of the hidden cards consistent with
what the seat has seen, each solved double-dummy (:func:`~charlemagne_learn.analysis.pimc.play_outcomes`); its
reason says what the card does to the trick, then what the seat wants from the hand.

A lone bidder's last cards (:func:`ending_worlds`) are also graded over every deal it cannot tell apart, by αμ
(:mod:`.alphamu`): its later cards chosen once for all of them, not guessed right on each as double dummy does.
Where that grades any card otherwise than double dummy does, αμ's grades are given, resting on those deals, all of
them, each weighing the same (the bids are not read as evidence there); elsewhere double dummy's stand as they were.
"""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.errors import IllegalActionError
from ..engine.hand import SeatView
from ..engine.messages import Message, message
from ..engine.ranking import CardOrder
from ..engine.scoring import stake, trick_values
from .alphamu import World, alphamu_outcomes, information_set
from .choices import Choice, GameChances, Row, rank_choices
from .equity import AtScore
from .pimc import play_outcomes

__all__ = ["outcome_choices", "play_choices"]


def play_choices(
    view: SeatView, samples: int, seed: int, bids: bool, at: AtScore | None = None
) -> tuple[list[Choice], int]:
    """Every card the seat may play, ranked; and the deals behind them. ``at``: the game's score, where it is known:
    each deal's end is then also worth a chance of winning the game (:class:`~.choices.GameChances`)."""
    found = play_outcomes(view, samples, seed, bids=bids)
    choices = outcome_choices(view, found, at)
    worlds = ending_worlds(view)
    if worlds is not None:
        # double dummy's grades stand unless αμ, over every deal, grades a card otherwise: then αμ's are the truer
        try:
            exact = outcome_choices(view, alphamu_outcomes(view, None, worlds, budget=ENDING_BUDGET), at)
        except IllegalActionError:  # a search too long for a grade given while the learner waits
            return choices, len(next(iter(found.values())))
        if {c.action: c.grade for c in exact} != {c.action: c.grade for c in choices}:
            return exact, len(worlds)
    return choices, len(next(iter(found.values())))


#: The lone bidder's last cards graded by αμ over every deal it cannot tell apart (:func:`ending_worlds`): at most
#: this many cards in hand, and this many deals (benchmarks/RESULTS.md: within a second, lone endings of three cards).
ENDING_CARDS = 3
ENDING_WORLDS = 2500
#: ... and at most this many nodes and outcome vectors combined (about a second in CPython; a count, not a clock, so
#: the grade is the same on every machine).
ENDING_BUDGET = 30_000


def ending_worlds(view: SeatView) -> list[World] | None:
    """Every deal of the hidden cards the seat cannot tell apart, where its card is graded by αμ instead of double
    dummy (:mod:`.alphamu`): a lone bidder (Charlemagne, Gros Charlemagne, Mulot, Gros Mulot, Le Petit, the American
    and Maine Charlemagne alone), one player alone with its guesses, with at most :data:`ENDING_CARDS` cards and
    :data:`ENDING_WORLDS` such deals. None elsewhere: double dummy on the sampled deals grades it, as before."""
    contract = view.contract
    if contract is None or not contract.alone or view.seat != contract.bidder or len(view.hand) > ENDING_CARDS:
        return None
    try:
        return information_set(view, ENDING_WORLDS)
    except IllegalActionError:  # too many deals to search them all
        return None


def outcome_choices(view: SeatView, found: dict[Card, list[int]], at: AtScore | None = None) -> list[Choice]:
    """The cards of ``found`` graded: each card's bidder-side tricks from here on the same deals (or worlds); to the
    game's score ``at``, where it decides."""
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    sign = 1 if ours else -1
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    left = len(view.hand)
    rows: list[Row] = []
    results: list[list[float]] = []
    values, makes = trick_values(contract)
    for card, outcomes in found.items():
        points = [sign * values[taken + future] for future in outcomes]
        # what the seat plays for, deal by deal: the contract made (its side's), or set (the defence)
        results.append([float(makes[taken + future] == ours) for future in outcomes])
        tricks = sum(future if ours else left - future for future in outcomes)
        made = sum(makes[taken + future] for future in outcomes)
        n = len(outcomes)
        reason = _play_reason(view, card, sum(points) / n, made / n)
        rows.append((Action.play(card), points, tricks / n, made / n, reason))
    at_stake = stake(contract.rules, contract.spec)
    game = None
    if at is not None:
        # each number of tricks the bidder's side can end with, worth a chance of the game once, then read per deal
        chances = [at.contract_end(contract, t) for t in range(len(values))]
        over = [at.contract_ends(contract, t) for t in range(len(values))]
        rows_game = [[chances[taken + future] for future in outcomes] for outcomes in found.values()]
        ends = [any(over[taken + future] for future in outcomes) for outcomes in found.values()]
        spec = contract.spec
        made_at, failed_at = (0, 1) if spec.avoid else (spec.tricks, spec.tricks - 1)
        game = GameChances(at, rows_game, abs(chances[made_at] - chances[failed_at]), ends)
    return rank_choices(rows, at_stake, results=results, game=game)


def _play_reason(view: SeatView, card: Card, points: float, made: float) -> Message:
    """What the card does to the trick, then what the seat wants from the hand: its side's contract made, the
    bid defeated — or, when the bidder must take no trick, no trick taken (the bidder) or a trick forced on the
    bidder (a defender)."""
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    if contract.spec.avoid:
        result = message("hints.clean_in", p=made) if ours else message("hints.forced_in", p=1 - made)
    else:
        result = message("hints.made_in", p=made) if ours else message("hints.defeated_in", p=1 - made)
    return message("hints.play", card=card, does=_does(view, card), result=result, points=points)


def _does(view: SeatView, card: Card) -> Message:
    """What ``card`` does to the trick: the kind of lead, or whether it wins, stays under, trumps or is thrown."""
    contract = view.contract
    assert contract is not None
    order = contract.order
    c = card.index
    if not view.trick:
        if order.is_trump(c) and order.trump_suit is not None:
            return message("hints.does.lead_trump")
        seen = {x.index for t in view.tricks for x in t.cards} | {x.index for x in view.hand}
        suit = order.suit_mask[order.suit_of[c]]
        higher = [x for x in range(34) if suit >> x & 1 and order.power[x] > order.power[c] and x not in seen]
        if not higher:
            return message("hints.does.lead_winner")
        mine = [x.index for x in view.hand if order.suit_of[x.index] == order.suit_of[c]]
        if len(mine) == 1:
            return message("hints.does.lead_single")
        low = min(mine, key=lambda x: order.power[x]) == c
        return message("hints.does.lead_low" if low else "hints.does.lead_high")
    led = order.suit_of[view.trick[0][1].index]
    strength = order.strength[led]
    best_seat, best = max(view.trick, key=lambda p: strength[p[1].index])
    beats = strength[c] > strength[best.index]
    followed = order.suit_of[c] == led
    last = len(view.trick) == len(contract.active_seats) - 1
    if followed or not order.is_trump(c):
        if beats:
            if last:
                return _wins(order, c)
            key = "hints.does.over_partner" if best_seat == view.seat.partner else "hints.does.over"
            return message(key, card=best)
        return message("hints.does.under", card=best) if followed else message("hints.does.discard")
    if beats:
        return _wins(order, c) if last else message("hints.does.ruff")
    return message("hints.does.ruff_under", card=best)


def _wins(order: CardOrder, c: int) -> Message:
    """A card that wins the trick, named as the trump it is when its face does not say so (a jack, a joker)."""
    role = order.role[c]
    if role and order.is_trump(c):
        return message("hints.does.wins_role", role=role)
    return message("hints.does.wins")
