"""Bids judged by what follows them: the rest of the auction, the exchange and the play.

A bid's own odds (:func:`~charlemagne_learn.analysis.odds.bid_odds`) answer "what if I get this contract?".
A player at the table asks more: if I pass, will the opponents take the contract, and will they make it?
If I bid 6, will they overcall with 7, or leave me to it? Here each legal bid (and the pass) is judged on
deals of the cards the seat cannot see — the earlier bids read as evidence about those hands, as in card
play — by letting every later seat bid as :class:`~charlemagne_learn.analysis.rulebot.RuleBot` would with
the cards of that deal, the winner of the auction exchange as RuleBot would, and the contract be played
double dummy. A bid is worth the points its side gains less the points the other side gains, on average;
a hand thrown in is worth nothing.

The same deals judge every bid, and a bid that leads to the same contract as another on a deal is played
only once there.

PimcBot bids this way with ``bidding="auction"``.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=3)
>>> print(state.hand("N"))
9♣ J♣ A♣ 7♦ 10♦ J♦ K♦ 9♠
>>> values = auction_values(state.view("N"), samples=8, seed=0)
>>> list(values)[:3]
['pass', 'bid 5', 'bid 6']
>>> max(values, key=values.get)
'bid 6'

The dealer bids last: once everybody else has passed, passing throws the hand in and is worth nothing.

>>> for action in ["pass", "pass", "pass"]:
...     state.apply(action)
>>> auction_values(state.view("W"), samples=8)["pass"]
0.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.errors import IllegalActionError
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import sentence
from ..engine.messages import Joined, Message, Phrase, message
from ..engine.rng import DealRandom, check_seed
from ..engine.scoring import bidding_stake
from . import work
from .choices import Choice, GameChances, Row, rank_choices, still_to_bid
from .equity import AtScore
from .exchange import play_outs
from .pimc import deals_before_exchange
from .rulebot import bid_by_rule, exchange_by_rule, exchange_key

__all__ = ["action_points", "auction_choices", "auction_values", "bidding_swing"]


#: Candidate deals per deal kept when weighing the earlier bids as evidence.
_CANDIDATES = 4


def auction_values(view: SeatView, samples: int = 24, seed: int = 0) -> dict[str, float]:
    """Each legal action of the seat to bid in ``view`` (by its text, ``"pass"``, ``"6"``, ``"bid 6♥"``…) and
    what it is worth to the seat's side in points, over ``samples`` deals of the cards it cannot see."""
    return {action.text("en"): value for action, value in action_values(view, samples, seed).items()}


#: Points added to a contract's double-dummy value, by its bid's name and whether the seat judging the bids is on the
#: bidder's side (in the bidder's team's points): what the tables play better or worse than perfect play.
Bias = Mapping[tuple[str, bool], float]


def action_values(view: SeatView, samples: int, seed: int, bias: Bias | None = None) -> dict[Action, float]:
    """:func:`auction_values` keyed by the actions themselves."""
    return {action: sum(points) / samples for action, points in action_points(view, samples, seed, bias).items()}


def action_points(view: SeatView, samples: int, seed: int, bias: Bias | None = None) -> dict[Action, list[float]]:
    """Each legal action of the seat to bid and its points deal by deal, the same deals for every action.
    ``bias``: each contract's double-dummy points corrected by what the seats that would play it are seen to make
    of such contracts (none by default: perfect play)."""
    if not isinstance(view, SeatView) or view.phase is not Phase.BIDDING or view.to_move != view.seat:
        raise IllegalActionError(sentence("auction.not_bidding"))
    samples = whole_number("samples", samples, 1, 10_000)
    seed = check_seed(seed)
    me = view.seat
    actions = list(view.legal_actions)
    opened: _High = next(((int(seat), a) for seat, a in reversed(view.bids) if a.kind == "bid"), (-1, None))

    def contracts(start: HandState) -> tuple[list[int], list[_Table | None]]:
        """Each action's contract on this deal, after the rest of the auction and the exchange: an index per action
        into the tables to play (None: thrown in), actions ending in the same final bid by the same seat played
        out once, and final bids the same seat exchanges alike (:func:`~.rulebot.exchange_key`) exchanged once."""
        seen: dict[_High, int] = {}
        heard: dict[tuple[int, _High], _High] = {}
        exchanged: dict[tuple[object, ...], _Table | None] = {}
        tables: list[_Table | None] = []
        which = []
        for action in actions:
            state = start.copy()
            state.apply(action)
            high, over = _finish_auction(state, (int(me), action) if action.kind == "bid" else opened, heard)
            if high not in seen:
                assert over  # an auction cut short met one played out already, its final bid in ``seen``
                seen[high] = len(tables)
                tables.append(None if high[1] is None else _exchanged_once(state, high, exchanged))
            which.append(seen[high])
        return which, tables

    def on_deals(part: Sequence[tuple[list[int], list[_Table | None]]]) -> list[list[float]]:
        """Each deal's points, action by action: the part's contracts played in one call (what each contract needs
        worked out once), a hand thrown in worth nothing."""
        played = iter(play_outs([table for _, tables in part for table in tables if table is not None]))
        out = []
        for which, tables in part:
            nets = [0.0 if table is None else _side(next(played)[0], table[0], me, bias) for table in tables]
            out.append([nets[i] for i in which])
        return out

    deals = deals_before_exchange(view, DealRandom(seed), samples, _CANDIDATES)
    # the auctions and exchanges (Python) made in the calling thread part by part, the searches of each part
    # shared among the search threads while the next parts are made; the answers in the deals' order
    by_deal = work.split(on_deals, list(deals), contracts)
    return {action: [on_deal[i] for on_deal in by_deal] for i, action in enumerate(actions)}


def auction_choices(view: SeatView, samples: int, seed: int, at: AtScore | None = None) -> tuple[list[Choice], int]:
    """Every bid and the pass of the seat to bid, graded by what follows it (:func:`action_points`): once anybody
    has bid, a pass leaves that bid (or a later one) to be played, where a bid's own odds would value the pass at
    nothing. ``at``: the game's score, where it is known and one team scores a hand (every variant but Bid Euchre,
    whose deal's net points do not say each team's): each deal's points are then also a chance of winning the
    game (:class:`~.choices.GameChances`)."""
    rows: list[Row] = []
    points = action_points(view, samples, seed)
    for action, values in points.items():
        mean = sum(values) / len(values)
        rows.append((action, values, None, None, _reason(view, action, mean)))
    game = None
    if at is not None and not view.rules.per_trick_scoring:
        rows_game = [[at.net_end(v) for v in values] for values in points.values()]
        ends = [any(at.net_ends(v) for v in set(values)) for values in points.values()]
        game = GameChances(at, rows_game, bidding_swing(at), ends)
    return rank_choices(rows, bidding_stake(view.rules), game=game), samples


def bidding_swing(at: AtScore) -> float:
    """The chance of winning the game between making the table's lowest bid and failing it at this score: the
    scale a bid's loss of that chance is graded against, as :func:`~charlemagne_learn.engine.scoring.bidding_stake`
    is for its points."""
    lowest = at.rules.numbered_bids[0]
    return abs(at.net_end(lowest.made) - at.net_end(-lowest.failed))


def _reason(view: SeatView, action: Action, points: float) -> Message:
    """What ``action`` does to the auction as it stands: the dealer's bids and pass end it, anybody else's leave it
    open; a pass leaves the highest bid standing — the partner's, or an opponent's, over the partner's or not —
    or, with no bid yet, leaves the hand to the others or throws it in."""
    me = view.seat
    last = me == view.dealer
    bids = [(who, a) for who, a in view.bids if a.kind == "bid"]
    if action.kind != "pass":
        if last:
            return message("auction.reason_bid_last", bid=Phrase(Action.text, action), points=points)
        later = Joined(tuple(Phrase(Seat.named, seat) for seat in still_to_bid(view)))
        if not bids:
            return message("auction.reason_bid_open", bid=Phrase(Action.text, action), later=later, points=points)
        seat, high = bids[-1]
        key = "auction.reason_bid_over_partner" if seat == me.partner else "auction.reason_bid_over"
        return message(
            key,
            bid=Phrase(Action.text, action),
            seat=seat,
            over=Phrase(Action.called, high),
            later=later,
            points=points,
        )
    if not bids:
        return message("auction.reason_pass_out" if last else "auction.reason_pass_open", points=points)
    seat, high = bids[-1]
    if seat.team == me.team:
        key = "auction.reason_pass_last_partner" if last else "auction.reason_pass"
        return message(key, bid=Phrase(Action.called, high), points=points)
    if last:
        return message("auction.reason_pass_last", seat=seat, bid=Phrase(Action.called, high), points=points)
    partner = [a for who, a in bids if who.team == me.team]
    if partner:
        under = Phrase(Action.called, partner[-1])
        return message(
            "auction.reason_pass_over", seat=seat, bid=Phrase(Action.called, high), under=under, points=points
        )
    return message("auction.reason_pass_opponent", seat=seat, bid=Phrase(Action.called, high), points=points)


#: A seat and its bid, the highest of an auction (-1 and None: nobody has bid).
_High = tuple[int, Action | None]


def _finish_auction(state: HandState, high: _High, heard: dict[tuple[int, _High], _High]) -> tuple[_High, bool]:
    """Let every later seat bid as RuleBot; the winning seat and bid (-1 and None when all passed), and whether
    ``state`` was played to the auction's end. ``high``: the highest bid in ``state`` so far. ``heard``: the final
    bid of this deal's auctions from each seat to bid and highest bid met so far — RuleBot's call reads nothing else
    of the auction (:func:`~.rulebot.bid_by_rule`), so an auction that meets one is cut short there."""
    met = []
    while state.phase is Phase.BIDDING:
        seat = state.to_move
        assert seat is not None
        at = (int(seat), high)
        final = heard.get(at)
        if final is not None:
            break
        met.append(at)
        action = bid_by_rule(state)
        state.apply(action)
        if action.kind == "bid":
            high = (at[0], action)
    else:
        final = high
    for at in met:
        heard[at] = final
    return final, state.phase is not Phase.BIDDING


#: A contract and the hands it is played with.
_Table = tuple[Contract, list[int]]


def _exchanged(state: HandState) -> _Table | None:
    """The exchange as RuleBot makes it: the contract and the hands it is played with (None: thrown in)."""
    exchange_by_rule(state)
    contract = state.contract
    return None if contract is None else (contract, list(state.masks()))


def _exchanged_once(state: HandState, high: _High, exchanged: dict[tuple[object, ...], _Table | None]) -> _Table | None:
    """:func:`_exchanged` of ``state``, its auction over and won by ``high``, read back from ``exchanged`` (this
    deal's exchanges so far, by seat and :func:`~.rulebot.exchange_key`) where the same seat has exchanged alike for
    another bid: the same hands and trump, the contract of this bid."""
    spec = state.bid
    assert spec is not None and high[1] is not None
    key = (high[0], *exchange_key(state.rules, spec, high[1]))
    if key not in exchanged:
        exchanged[key] = _exchanged(state)
        return exchanged[key]
    table = exchanged[key]
    if table is None:  # the hand thrown in during the exchange, as it is for this bid too
        return None
    made, hands = table
    alone = made.alone if spec.alone == "optional" else None
    return Contract.cached(
        state.rules, spec, made.bidder, made.trump, alone=alone, lone_defender=made.lone_defender
    ), hands


def _side(net: int, contract: Contract, me: Seat, bias: Bias | None = None) -> float:
    """The bidder's team's points less the other team's (a game-deciding contract counts the whole game), as
    ``me``'s side counts them, ``bias`` added to the bidder's team's."""
    ours = me.team == contract.team
    points = net + (bias.get((contract.spec.name, ours), 0.0) if bias else 0.0)
    return float(points if ours else -points)
