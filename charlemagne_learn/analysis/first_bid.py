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
from .auction import bidding_swing
from .choices import Choice, GameChances, Row, rank_choices, still_to_bid
from .equity import AtScore
from .odds import bid_odds
from .shown import how_text

__all__ = ["bid_choices"]


def bid_choices(
    view: SeatView, samples: int, seed: int, workers: int | None, at: AtScore | None = None
) -> tuple[list[Choice], int]:
    """Every first bid and the pass of the seat to move in ``view``, ranked, and the deals behind the odds.

    ``at``: the game's score, where it is known and one team scores a hand (every variant but Bid Euchre, whose
    odds keep no count of tricks): a bid made brings its points and one failed gives the others theirs, so its
    chance of winning the game is its odds' mix of the two (:class:`~.choices.GameChances`); a pass, nothing
    scored."""
    rules = view.rules
    if rules.per_trick_scoring:
        at = None
    odds = bid_odds(rules, view.hand, view.seat, view.dealer, samples=samples, seed=seed, workers=workers)
    rows: list[Row] = []
    # The odds keep each bid's made count, not its points deal by deal: a mean's standard error from its chance,
    # as if the bid scored its making or its failing points each time (exact where overtricks score nothing).
    errors: list[float] = []
    # the chance of winning the game of each row and its standard error, where the score is known
    wins: list[float] = []
    win_errors: list[float] = []
    ends: list[bool] = []  # each row: made or failed on some deal, it ends the game
    last = view.seat == view.dealer
    later = Joined(tuple(Phrase(Seat.named, seat) for seat in still_to_bid(view)))
    for act in view.legal_actions:
        if act.kind == "pass":
            # nobody has bid (else the auction grades it): the dealer's pass throws the hand in, anybody else's
            # leaves the bidding to the others, counted at nothing
            said = message("auction.reason_pass_out", points=0.0) if last else message("hints.pass")
            rows.append((act, [0.0], None, None, said))
            errors.append(0.0)
            if at is not None:
                wins.append(at.net_end(0))
                win_errors.append(0.0)
                ends.append(at.net_ends(0))
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
        if at is not None:
            spec = rules.bid(chance.bid)
            # a bid that decides the game wins or loses it whole: the target either way, as its points count it
            gained, given = (rules.target, rules.target) if spec.outright else (spec.made, spec.failed)
            made_end, failed_end = at.net_end(gained), at.net_end(-given)
            ends.append((p > 0 and at.net_ends(gained)) or (p < 1 and at.net_ends(-given)))
            wins.append(p * made_end + (1 - p) * failed_end)
            win_errors.append(abs(made_end - failed_end) * (p * (1 - p) / odds.samples) ** 0.5)
    game = None
    if at is not None:
        game = GameChances(at, [[w] for w in wins], bidding_swing(at), ends, win_errors)
    return rank_choices(rows, bidding_stake(rules), errors=errors, deals=odds.samples, game=game), odds.samples


def _label(label: str, how: str, lang: Lang) -> str:
    """A bid as its odds name it, and how it is played where that says more: "6 (takes the kitty, trump ♥)"."""
    name = bid_name(label, lang)
    return f"{name} ({how_text(how, lang)})" if how else name
