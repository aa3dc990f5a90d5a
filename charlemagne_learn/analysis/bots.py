"""Bots: players that see only their own seat's view and answer with an action.

Every bot plays every phase of every variant through one interface: it is handed the
:class:`~charlemagne_learn.engine.hand.SeatView` of the seat to move (its own cards, the table, the
legal actions, never another player's hidden cards) and a seeded :class:`random.Random`, and it
returns one of ``view.legal_actions``. Same seed, same views: same actions.

* :class:`Bot` is the base class: subclasses write :meth:`Bot.decide`; :meth:`Bot.act` is what the
  table calls.
* :class:`RandomBot` picks uniformly among the legal actions: the baseline every other bot must beat.
* :func:`play_hand` and :func:`play_game` seat four bots and drive a hand or a game to its end.
* A bot's kind is named (``"random"``, ``"rule"``, …) in :mod:`.kinds`, so that tournaments and tables can name
  their players.

>>> import charlemagne_learn as cl
>>> state = play_hand(cl.Rules.preset("canadian"), [RandomBot(seed) for seed in range(4)], seed=7)
>>> state.is_over
True
>>> play_hand(cl.Rules.preset("canadian"), [RandomBot(seed) for seed in range(4)], seed=7).to_json() == state.to_json()
True
>>> RandomBot(3)
RandomBot(seed=3)
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.checks import whole_number
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.game import Game
from ..engine.hand import HandState, SeatView
from ..engine.i18n import sentence
from ..engine.rng import check_seed
from ..engine.rules import Rules

__all__ = ["Bot", "BotsArg", "Observer", "RandomBot", "play_game", "play_hand"]


def check_view(view: object, call: str) -> SeatView:
    """``view`` if it is a seat's view; a refusal that says how to get one otherwise."""
    if not isinstance(view, SeatView):
        example = (
            f"bot.{call}(state.view(state.to_move))" if isinstance(view, HandState) else f"bot.{call}(state.view('N'))"
        )
        raise IllegalActionError(
            sentence("bots.not_a_view", call=f"{call}()", given=type(view).__name__, example=example)
        )
    return view


def _check_observe(observe: object) -> None:
    if observe is not None and not callable(observe):
        raise RulesOptionError(sentence("bots.not_callable", value=quote(observe)))


class Bot(ABC):
    """A player that decides from its seat's view alone.

    ``seed`` seeds the bot's own :class:`random.Random` (:attr:`rng`), which :meth:`decide` receives:
    a bot that samples (a random player, a Monte Carlo player) draws only from it, so a game replays
    exactly from the bots' seeds and the deal's seed.
    """

    #: The name the registry, tournaments and reports use for this kind of bot.
    name: ClassVar[str] = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_seed(seed)
        self.rng = random.Random(self.seed)  # the checked int: NumPy's int64 is no seed to random.Random

    def act(self, view: SeatView) -> Action:
        """The action this bot takes in ``view`` (one of ``view.legal_actions``)."""
        check_view(view, "act")
        if not view.legal_actions:
            raise IllegalActionError(sentence("bots.nothing_to_do", seat=view.seat, phase=view.phase.text()))
        return self.decide(view, self.rng)

    @abstractmethod
    def decide(self, view: SeatView, rng: random.Random) -> Action:
        """Choose one of ``view.legal_actions``, using only ``view`` and ``rng``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Plays a uniformly random legal action at every step: bids, exchange, trump and cards.

    >>> import charlemagne_learn as cl
    >>> view = cl.HandState.new(cl.Rules.preset("american"), seed=1).view("E")
    >>> str(RandomBot(5).act(view)) in [str(a) for a in view.legal_actions]
    True
    """

    name = "random"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions)


# ---------------------------------------------------------------- driving hands and games
#: Four bots in seat order N, E, S, W, or a mapping from seat (``"N"``, ``Seat.E``, …) to bot.
BotsArg = Sequence[Bot] | Mapping[Seat | str, Bot]
#: Called after every decision with the seat, its action and the seconds the bot took to choose it.
Observer = Callable[[Seat, Action, float], None]


def seat_bots(bots: BotsArg) -> tuple[Bot, Bot, Bot, Bot]:
    """The four bots of ``bots`` by seat, with a clear error when a seat has none."""
    if isinstance(bots, Mapping):
        found: dict[Seat, Bot] = {}
        for key, bot in bots.items():
            if Seat.find(key) in found:
                raise RulesOptionError(sentence("bots.seat_twice", seat=Seat.find(key)))
            found[Seat.find(key)] = bot
        seated = [found.get(s) for s in Seat]
    else:
        listed = list(bots) if isinstance(bots, (list, tuple)) else None
        if listed is None or len(listed) != 4:
            got = f"{len(listed)}" if listed is not None else quote(bots)
            raise RulesOptionError(sentence("bots.four_bots", got=got))
        seated = listed
    missing = [s for s, b in zip(Seat, seated, strict=True) if b is None]
    if missing:
        raise RulesOptionError(sentence("bots.missing", seats=tuple(missing)))
    for b in seated:
        if not isinstance(b, Bot):
            raise RulesOptionError(sentence("bots.not_a_bot", value=quote(b)))
    n, e, s, w = seated
    assert n is not None and e is not None and s is not None and w is not None
    return n, e, s, w


def _step(state: HandState, seated: tuple[Bot, ...], observe: Observer | None) -> tuple[Seat, Action]:
    """Ask the bot to move for the action it takes in ``state`` (checked, not yet applied)."""
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    bot = seated[seat]
    start = time.perf_counter()
    action = bot.act(view)
    took = time.perf_counter() - start
    if action not in view.legal_actions:
        allowed = ", ".join(a.text() for a in view.legal_actions)  # str() in English: the records' own form
        raise IllegalActionError(
            sentence(
                "bots.illegal",
                bot=quote(bot),
                seat=seat,
                action=action.text(),
                phase=view.phase.text(),
                allowed=allowed,
            )
        )
    if observe is not None:
        observe(seat, action, took)
    return seat, action


def play_hand(
    state_or_rules: HandState | Rules | str,
    bots: BotsArg,
    *,
    dealer: Seat | str = "N",
    seed: int | None = None,
    observe: Observer | None = None,
) -> HandState:
    """Play a hand to its end, each decision taken by the bot of the seat to move, from that seat's view.

    Give a :class:`HandState` (it is played on in place and returned) or :class:`Rules` with
    ``seed`` (and ``dealer``) to deal a new one. An illegal action from a bot raises
    :class:`IllegalActionError` and leaves the hand as it was before that action.
    """
    seated = seat_bots(bots)
    _check_observe(observe)
    if isinstance(state_or_rules, HandState):
        state = state_or_rules
    else:
        state = HandState.new(Rules.find(state_or_rules), dealer, seed)
    while not state.is_over:
        seat, action = _step(state, seated, observe)
        state.apply(action, seat)
    return state


def play_game(
    rules: Rules,
    bots: BotsArg,
    seed: int = 0,
    *,
    first_dealer: Seat | str = "N",
    scores: Mapping[str, int] | None = None,
    max_hands: int = 1000,
    observe: Observer | None = None,
) -> Game:
    """Play a whole game of ``rules`` with four bots; deals come from ``seed`` as in :class:`Game`, which
    starts from ``scores`` if given (``{"NS": 28, "EW": 30}``).

    Play stops after ``max_hands`` hands even if nobody has won (``game.is_over`` is then False).

    >>> import charlemagne_learn as cl
    >>> game = play_game(cl.Rules.preset("american"), [RandomBot(s) for s in range(4)], seed=1)
    >>> game.is_over and max(game.scores.values()) >= 21
    True
    """
    seated = seat_bots(bots)
    max_hands = whole_number("max_hands", max_hands, 1)
    _check_observe(observe)
    game = Game(rules, first_dealer, seed, scores=scores)
    while not game.is_over and len(game.finished) < max_hands:
        seat, action = _step(game.hand, seated, observe)
        game.apply(action, seat)
    return game
