"""An outside search player on the bot ladder: OpenSpiel's ISMCTS playing the cards through a registered game.

OpenSpiel (the ``bench`` extra: PyPI ``open_spiel``, imported as ``pyspiel``) is given one contract's card play as a
Python game, ``python_charlemagne_play``: the state is the contract, each seat's cards as a bit set, the trick and
the tricks the bidder's side has taken; which cards may be played and who wins a trick come from the engine
(``engine.tricks.legal_mask`` and ``winning_position``), a finished hand's score from ``analysis.exchange.
trick_values``, so no rule is written twice. ISMCTS draws a world of the hidden cards at each simulation from the
state's ``resample_from_infostate``, which deals them as PIMC does (``analysis.pimc.sample_hidden``, the bids read as
evidence). :class:`IsmctsBot` bids and exchanges as RuleBot and plays each card it has a choice of by ISMCTS, and
plays RuleBot as every level does (``ladder.py``: the same deals and seeds), its row kept in ``ladder.json``::

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python benchmarks/ismcts_ladder.py --deals 20 --simulations 100

With ``--search compiled`` (row ``ismcts-compiled``) the search is OpenSpiel's C++ ISMCTS (``pyspiel.ISMCTSBot``)
on the same card play written in C++, ``charlemagne_play`` (``benchmarks/charlemagne_play.cc``), which this builds
against the installed wheel's own ``pyspiel.so`` and registers with OpenSpiel (``openspiel_game.py``): the rules
are the engine's, given to it as tables for the contract, and a simulation runs with no Python at all. Its worlds of
the hidden cards are its own (``ResampleFromInfostate``): uniform among those that fit what the seat has seen — the
cards it cannot see, the voids shown, its own discards — but not the bids, which PIMC's deals weigh. A simulation
takes microseconds, so the row searches 10,000 a card (chosen on a development seed, ``RESULTS.md``)::

    nice -n 10 .venv/bin/python benchmarks/ismcts_ladder.py --search compiled --deals 20

The compiled search breaks ties between cards in the order of an abseil hash map (``ISMCTSNode::child_info``,
``is_mcts.h:56``), whose hashes abseil seeds with addresses: so that a seed gives the same cards at every run, the
program runs itself again with the addresses fixed (``openspiel_game.replay_exactly``, Linux's
``ADDR_NO_RANDOMIZE``) — the same cards for the same command in the same environment on one machine, not across
machines, nor for a process that allocated otherwise before searching (``RESULTS.md``).

OpenSpiel's compiled ISMCTS cannot search the game registered in Python in open_spiel 2.0.2 (nor OpenSpiel's own
``python_kuhn_poker``), for two reasons in its bindings; the lines are the 2.0.2 sources':

- ``step`` lets go of Python's lock while it searches (``open_spiel/python/pybind11/bots.cc:170``,
  ``py::call_guard<py::gil_scoped_release>``), and the search asks the Python state for its information state
  without taking the lock back (``PyState::InformationStateString`` calls ``PyGame::MakeObserver``,
  ``open_spiel/python/pybind11/python_games.cc:301``): a segmentation fault;
- ``ISMCTSBot::SetResampler`` (``is_mcts.h:104``) is not bound to Python, the C++ side of a Python state
  (``PyState``, ``python_games.h:114``) forwards no ``resample_from_infostate`` to Python, and the default
  ``State::ResampleFromInfostate`` (``open_spiel/spiel.cc:127``) deals only games of perfect information, which
  ISMCTS refuses (``is_mcts.cc:71``): ``SpielError: ResampleFromInfostate() not implemented``.

Hence the game in C++, which needs neither.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import ladder
import numpy as np
import openspiel_game
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from charlemagne_learn.analysis.bots import Bot
from charlemagne_learn.analysis.exchange import trick_values
from charlemagne_learn.analysis.kinds import register_bot
from charlemagne_learn.analysis.pimc import sample_hidden
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import Card, Seat
from charlemagne_learn.engine.contract import Contract
from charlemagne_learn.engine.deal import mask_of
from charlemagne_learn.engine.hand import HandState, Phase, SeatView
from charlemagne_learn.engine.rules import Rules
from charlemagne_learn.engine.tricks import legal_mask, winning_position

#: 32 cards and two jokers: an action is a card's index.
CARDS = 34
_TYPE = pyspiel.GameType(
    short_name="python_charlemagne_play",
    long_name="Charlemagne: one contract's card play",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    # no chance nodes: the hidden cards are dealt by the resampler, as a seat that sees its own cards imagines them
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=CARDS,
    max_chance_outcomes=0,
    num_players=4,
    min_utility=-40.0,
    max_utility=40.0,
    utility_sum=0.0,
    max_game_length=40,
)


class PlayGame(pyspiel.Game):  # type: ignore[misc]
    """The card play of one contract; :attr:`root` is the position a bot searches from."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})
        self.root: PlayState | None = None

    def new_initial_state(self) -> PlayState:
        assert self.root is not None, "give the game the position to search from (game.root)"
        return self.root.__deepcopy__({})

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer()


Hidden = dict[Seat, int]


class _Shared:
    """What no card played changes — the contract and the root's worlds of the hidden cards — shared by a state and
    its copies. OpenSpiel copies a Python state (``State.clone``, at every rollout of the search) by deep-copying each
    of its attributes (``PyState::Clone``, ``open_spiel/python/pybind11/python_games.cc:156``): copying these took
    two thirds of the search's time."""

    def __init__(self, contract: Contract, worlds: list[Hidden]) -> None:
        self.contract, self.worlds = contract, worlds
        self.order = contract.order
        self.active = [int(s) for s in contract.active_seats]
        self.team = int(contract.bidder) % 2  # the bidder's side: seats of its parity

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self  # nothing changes it


class PlayState(pyspiel.State):  # type: ignore[misc]
    def __init__(
        self,
        game: PlayGame,
        contract: Contract,
        hands: list[int],
        leader: int,
        trick: list[int],
        taken: int,
        moves: list[tuple[int, int]],
        worlds: list[Hidden],
    ) -> None:
        super().__init__(game)
        self.shared = _Shared(contract, worlds)
        self.hands, self.leader, self.trick = list(hands), leader, list(trick)
        self.taken, self.moves = taken, list(moves)

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayState:
        shared = self.shared
        return PlayState(
            self.get_game(), shared.contract, self.hands, self.leader, self.trick, self.taken, self.moves, shared.worlds
        )

    def _to_move(self) -> int:
        active = self.shared.active
        return active[(active.index(self.leader) + len(self.trick)) % len(active)]

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.is_terminal() else self._to_move()

    def _legal_actions(self, player: int) -> list[int]:
        mask = legal_mask(self.shared.order, self.hands[player], self.trick[0] if self.trick else -1)
        return [c for c in range(CARDS) if mask >> c & 1]

    def _apply_action(self, card: int) -> None:
        seat = self._to_move()
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.moves.append((seat, card))
        shared = self.shared
        if len(self.trick) == len(shared.active):
            first = shared.active.index(self.leader)
            winner = shared.active[(first + winning_position(shared.order, self.trick)) % len(shared.active)]
            self.taken += int(winner % 2 == shared.team)
            self.leader, self.trick = winner, []

    def _action_to_string(self, player: int, action: int) -> str:
        return str(Card.from_index(action))

    def is_terminal(self) -> bool:
        return not self.trick and not any(self.hands[s] for s in self.shared.active)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * 4
        value = float(trick_values(self.shared.contract)[0][self.taken])
        return [value if s % 2 == self.shared.team else -value for s in range(4)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PlayState:
        """A world of the hidden cards, one of the root's (ISMCTS resamples at the root only)."""
        worlds = self.shared.worlds
        hidden = worlds[int(probability_sampler() * len(worlds)) % len(worlds)]
        out = self.__deepcopy__({})
        for seat, cards in hidden.items():
            out.hands[int(seat)] = cards
        return out

    def __str__(self) -> str:
        return " ".join(f"{seat}:{Card.from_index(card)}" for seat, card in self.moves)


class _Observer:
    """What a seat knows: its own cards and every card played, in order (ISMCTS keys its nodes by it)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: PlayState, player: int) -> None:
        pass

    def string_from(self, state: PlayState, player: int) -> str:
        return f"{player}|{state.hands[player]}|{state.moves}"


pyspiel.register_game(_TYPE, PlayGame)


class IsmctsBot(Bot):
    """RuleBot's bids and exchange; each card by OpenSpiel's Python ISMCTS over ``worlds`` deals of the hidden
    cards."""

    name = "ismcts"

    def __init__(self, seed: int = 0, simulations: int = 100, worlds: int = 40) -> None:
        super().__init__(seed)
        self.simulations, self.worlds = simulations, worlds

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        contract = view.contract
        if view.phase is not Phase.PLAY or len(view.legal_actions) == 1 or contract is None:
            return advise(view).action
        seed = rng.getrandbits(31)  # one seed a decision from the bot's own generator: a hand replays exactly
        game = pyspiel.load_game(_TYPE.short_name)
        hands = [0] * 4
        hands[int(view.seat)] = mask_of(view.hand)
        moves = [(int(s), c.index) for t in view.tricks for s, c in zip(t.seats, t.cards, strict=True)]
        moves += [(int(s), c.index) for s, c in view.trick]
        taken = sum(int(t.winner) % 2 == int(contract.bidder) % 2 for t in view.tricks)
        leader = view.trick[0][0] if view.trick else view.tricks[-1].winner if view.tricks else view.to_move
        assert leader is not None
        worlds = list(sample_hidden(view, self.worlds, seed))
        position = PlayState(game, contract, hands, int(leader), [c.index for _, c in view.trick], taken, moves, worlds)
        game.root = position.resample_from_infostate(int(view.seat), lambda: 0.0)
        state_rng = np.random.RandomState(seed)
        search = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, state_rng), 2.0, self.simulations, random_state=state_rng
        )
        # the worlds drawn from the bot's own generator: OpenSpiel's sampler is seeded afresh in every process
        search.set_resampler(lambda state, player: state.resample_from_infostate(player, state_rng.uniform))
        return Action.play(Card.from_index(int(search.step(game.root))))


class CompiledIsmctsBot(Bot):
    """RuleBot's bids and exchange; each card by OpenSpiel's C++ ISMCTS on the C++ game (``openspiel_game.py``),
    with the Python search's settings: one random rollout a simulation, ``c`` 2, the most visited card."""

    name = "ismcts-compiled"

    def __init__(self, seed: int = 0, simulations: int = 10_000) -> None:
        super().__init__(seed)
        self.simulations = simulations
        openspiel_game.load()

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is not Phase.PLAY or len(view.legal_actions) == 1 or view.contract is None:
            return advise(view).action
        seed = rng.getrandbits(31)
        # the root's world of the hidden cards: any that fits (the search deals its own at every simulation)
        world = next(sample_hidden(view, 1, seed, bids=False))
        root = openspiel_game.game(view, world).new_initial_state()
        search = pyspiel.ISMCTSBot(
            seed,
            pyspiel.RandomRolloutEvaluator(1, seed),
            2.0,
            self.simulations,
            final_policy_type=pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        # ``step`` lets go of Python's lock: no Python runs in the search
        return Action.play(Card.from_index(int(search.step(root))))


def _loaded_or_refused() -> None:
    try:
        openspiel_game.load()
    except openspiel_game.GameBuildError as error:
        message = str(error).splitlines()[0]
        print(f"ismcts_ladder.py: the C++ game cannot be built here ({message}); use --search python", file=sys.stderr)
        raise SystemExit(2) from None


def simulation_times(variant: str, seed: int, hands: int) -> dict[str, tuple[int, float]]:
    """For each search, the cards it chose and its CPU seconds a simulation (a card's whole time over its
    simulations: the worlds dealt before it too), on the same cards: every card with a choice RuleBot's seats meet in
    ``hands`` hands of ``seed``."""
    views: list[SeatView] = []
    for n in range(hands):
        state = HandState.new(Rules.preset(variant), Seat(n % 4), seed + n)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                views.append(view)
            state.apply(advise(view).action)
    out = {}
    for bot in (IsmctsBot(seed), CompiledIsmctsBot(seed)):
        start = time.process_time()
        for view in views:
            bot.decide(view, random.Random(seed))
        out[bot.name] = (len(views), (time.process_time() - start) / (len(views) * bot.simulations))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--variant", default="canadian")
    ap.add_argument("--deals", type=int, default=20, help="deals, each played twice (default 20)")
    ap.add_argument(
        "--simulations", type=int, help="ISMCTS simulations a card (default 100 in Python, 10,000 compiled)"
    )
    ap.add_argument("--seed", type=int, default=20261129, help="seed of the deals, the levels' (default 20261129)")
    ap.add_argument(
        "--search",
        choices=("python", "compiled"),
        default="python",
        help="OpenSpiel's ISMCTS in Python on the game in Python (default; row ismcts) or in C++ on the game in C++ "
        "(row ismcts-compiled)",
    )
    ap.add_argument(
        "--time-hands",
        type=int,
        help="instead of a row: time a simulation of each search (at its default count) on the cards of this many "
        "hands RuleBot plays",
    )
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    if argv is None and (args.search == "compiled" or args.time_hands):
        openspiel_game.replay_exactly()
    if args.time_hands:
        _loaded_or_refused()
        for name, (cards, seconds) in simulation_times(args.variant, args.seed, args.time_hands).items():
            print(f"{name}: {seconds * 1e6:,.1f} µs of CPU a simulation ({cards} cards)")
        return
    bot: type[IsmctsBot | CompiledIsmctsBot] = CompiledIsmctsBot if args.search == "compiled" else IsmctsBot
    simulations = args.simulations or (10_000 if bot is CompiledIsmctsBot else 100)
    if bot is CompiledIsmctsBot:
        _loaded_or_refused()
    register_bot(bot.name, lambda seed: bot(seed, simulations))
    for row in ladder.measure(args.variant, bot.name, args.deals, args.seed, every=5):
        ladder.KEPT.write_text(json.dumps(ladder.keep(ladder.load(), row), indent=1) + "\n")
        print(ladder.table([row]).splitlines()[-1], file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
