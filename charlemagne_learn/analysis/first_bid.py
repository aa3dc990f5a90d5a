"""A first bid, graded: with nobody bid yet, each bid is worth the points
:func:`~charlemagne_learn.analysis.odds.bid_odds` expects from it and the pass nothing (once somebody has bid,
:mod:`~charlemagne_learn.analysis.auction` grades the choices by what follows them).
"""

from __future__ import annotations

from ..engine.cards import Seat
from ..engine.hand import SeatView
from ..engine.i18n import Lang, bid_name
from ..engine.messages import Joined, Phrase, message
from ..engine.scoring import bidding_stake, stake
from .choices import Choice, Row, rank_choices, still_to_bid
from .odds import bid_odds
from .shown import how_text

__all__ = ["bid_choices"]


def bid_choices(view: SeatView, samples: int, seed: int, workers: int | None) -> tuple[list[Choice], int]:
    """Every first bid and the pass of the seat to move in ``view``, ranked, and the deals behind the odds."""
    rules = view.rules
    odds = bid_odds(rules, view.hand, view.seat, view.dealer, samples=samples, seed=seed, workers=workers)
    rows: list[Row] = []
    # The odds keep each bid's made count, not its points deal by deal: a mean's standard error from its chance,
    # as if the bid scored its making or its failing points each time (exact where overtricks score nothing).
    errors: list[float] = []
    last = view.seat == view.dealer
    later = Joined(tuple(Phrase(Seat.named, seat) for seat in still_to_bid(view)))
    for act in view.legal_actions:
        if act.kind == "pass":
            # nobody has bid (else the auction grades it): the dealer's pass throws the hand in, anybody else's
            # leaves the bidding to the others, counted at nothing
            said = message("auction.reason_pass_out", points=0.0) if last else message("hints.pass")
            rows.append((act, [0.0], None, None, said))
            errors.append(0.0)
            continue
        chance = odds[act.bid or ""]
        how, made, expected = chance.how, chance.made, chance.expected_points
        if act.suit is not None or act.no_trump:  # a bid that names its trump: the odds of that suit
            way = f"trump {act.suit.symbol}" if act.suit is not None else "no trump"
            how, made, expected = next(w for w in chance.ways if w[0] == way)
        p = made / chance.samples
        # a bid that decides the game (Maine Charlemagne) is worth the whole game either way
        points = (2 * p - 1) * rules.target if expected is None else expected
        label = Phrase(_label, chance.label, how)
        said = (
            message("hints.bid_last", label=label, p=p, points=points)
            if last
            else message("hints.bid_open", label=label, later=later, p=p, points=points)
        )
        rows.append((act, [points], None, p, said))
        errors.append(stake(rules, rules.bid(chance.bid)) * (p * (1 - p) / odds.samples) ** 0.5)
    return rank_choices(rows, bidding_stake(rules), errors=errors, deals=odds.samples), odds.samples


def _label(label: str, how: str, lang: Lang) -> str:
    """A bid as its odds name it, and how it is played where that says more: "6 (takes the kitty, trump ♥)"."""
    name = bid_name(label, lang)
    return f"{name} ({how_text(how, lang)})" if how else name
