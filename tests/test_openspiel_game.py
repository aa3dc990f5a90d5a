"""The card play in C++ that OpenSpiel's compiled ISMCTS searches (``benchmarks/charlemagne_play.cc``) plays as the
engine does: the same legal cards, trick winners and scores on seeded random card plays of every shape of contract,
and its worlds of the hidden cards keep what the searching seat has seen.

OpenSpiel is the ``bench`` extra, which the project's checks do not install: without it these are skipped. The
first run downloads OpenSpiel's source archive (its headers) and builds the game (``benchmarks/openspiel_game.py``).
"""

from __future__ import annotations

import ast
import importlib.metadata
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.pimc import _constraints, sample_hidden
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.deal import mask_of
from charlemagne_learn.engine.hand import HandState, Phase
from charlemagne_learn.engine.scoring import value_to_bidder

# Skipped by a mark, not at collection: a run selecting other tests (the browser tests' `-m browser`) then reports
# these as not selected rather than as skipped.
try:
    import pyspiel
except ImportError:
    _CANNOT: str | None = "OpenSpiel (the bench extra) is not installed"
else:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import openspiel_game  # needs the benchmarks on the path, and OpenSpiel

    if importlib.metadata.version("open_spiel") != openspiel_game.VERSION:
        _CANNOT = f"the C++ game is built for open_spiel {openspiel_game.VERSION}"
    elif not any(shutil.which(c) for c in openspiel_game.COMPILERS):
        _CANNOT = "no C++ compiler to build the game"
    else:
        _CANNOT = None
pytestmark = pytest.mark.skipif(_CANNOT is not None, reason=_CANNOT or "")

#: A contract of each shape: a trump suit, no trump, a lone bidder (three seats, the Mulot rule), an exposed hand.
SHAPES = [
    ("canadian", "bid 6"),
    ("canadian", "bid mulot"),
    ("canadian", "bid gros_mulot"),
    ("american", "bid 5"),
    ("american", "bid no_trump"),
    ("american", "bid charles_alone"),
]


def _contract(variant: str, bid: str, seed: int) -> HandState:
    """A hand of ``seed`` where the first seat to bid makes ``bid`` and the others pass, its bidder's other choices
    RuleBot's, at its first card."""
    state = HandState.new(cl.Rules.preset(variant), Seat(seed % 4), seed)
    state.apply(bid)
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        state.apply("pass" if view.phase is Phase.BIDDING else advise(view).action)
    return state


def _hands(state: HandState) -> dict[Seat, int]:
    return {s: mask_of(state.view(s).hand) for s in Seat}


def _played_cards(state: HandState) -> list[int]:
    seat = state.to_move
    assert seat is not None
    return sorted(a.card.index for a in state.legal_actions() if a.kind == "play" and a.card is not None)


def _hand_of(game_state: object, seat: int) -> int:
    """A seat's cards in a state of the C++ game: the second field of its information state."""
    return int(game_state.information_state_string(seat).split("|")[1])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("variant", "bid"), SHAPES)
def test_the_compiled_game_plays_as_the_engine(variant: str, bid: str) -> None:
    hands = 0
    for seed in range(12):
        state = _contract(variant, bid, seed)
        contract = state.contract
        assert contract is not None
        leader = state.to_move
        assert leader is not None
        game = openspiel_game.game(state.view(leader), _hands(state))
        play = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            assert play.current_player() == int(seat)
            legal = _played_cards(state)
            assert sorted(play.legal_actions()) == legal
            card = rng.choice(legal)
            tricks = len(state.view(seat).tricks)
            state.apply(cl.Action.play(cl.Card.from_index(card)))
            play.apply_action(card)
            done = state.view(seat).tricks
            if len(done) > tricks and not state.is_over:  # the trick's winner leads the next
                assert play.current_player() == int(done[-1].winner)
        assert play.is_terminal()
        value = value_to_bidder(contract, state.bidder_tricks)
        assert play.returns() == [float(value if s % 2 == int(contract.bidder) % 2 else -value) for s in range(4)]
        hands += 1
    assert hands == 12


@pytest.mark.parametrize(("variant", "bid"), SHAPES)
def test_a_world_keeps_the_seats_cards_and_what_it_has_seen(variant: str, bid: str) -> None:
    """At each card of seeded random plays, a world dealt for the seat to play keeps its information state and
    cards, gives each other seat in play as many cards as it holds, none the engine says it cannot hold (shown out,
    passed to a partner, played, its own discards), and in the first trick over many worlds puts every card it may
    hold there."""
    for seed in range(4):
        state = _contract(variant, bid, 100 + seed)
        leader = state.to_move
        assert leader is not None
        game = openspiel_game.game(state.view(leader), _hands(state), [state.view(s) for s in Seat])
        play = game.new_initial_state()
        rng = random.Random(seed)
        draw = random.Random(seed).random
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            pool, open_seats, _, barred, _ = _constraints(view)
            seen: dict[Seat, int] = dict.fromkeys(open_seats, 0)
            for _ in range(60):
                world = play.resample_from_infostate(int(seat), draw)
                assert world.information_state_string(int(seat)) == play.information_state_string(int(seat))
                for other in state.contract.active_seats:  # type: ignore[union-attr]
                    cards = _hand_of(world, int(other))
                    if other == seat or other not in open_seats:  # its own, or shown to all
                        assert cards == _hand_of(play, int(other))
                        continue
                    assert cards.bit_count() == view.hand_sizes[other.name]
                    assert not cards & ~pool and not cards & barred[other]
                    seen[other] |= cards
            if not view.tricks:  # before any seat is short of room: every card a seat may hold is dealt it
                for other in open_seats:
                    assert seen[other] == pool & ~barred[other]
            card = rng.choice(_played_cards(state))
            state.apply(cl.Action.play(cl.Card.from_index(card)))
            play.apply_action(card)


def test_the_compiled_search_plays_a_legal_card_of_every_shape_of_contract() -> None:
    """OpenSpiel's C++ ISMCTS searches the game in C++ through ``step``, which lets go of Python's lock (with the
    game in Python it ended the process), from the seat to play's view alone: the others' cards are a world that fits
    it, and each simulation deals its own."""
    for variant, bid in SHAPES:
        state = _contract(variant, bid, 7)
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        world = next(sample_hidden(view, 1, 7, bids=False))
        root = openspiel_game.game(view, world).new_initial_state()
        search = pyspiel.ISMCTSBot(7, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 300)
        assert search.step(root) in _played_cards(state)


def test_the_ladder_refuses_the_compiled_search_it_cannot_build_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ismcts_ladder

    monkeypatch.setattr(openspiel_game, "_loaded", [])
    monkeypatch.setattr(openspiel_game, "VERSION", "1.0")  # headers of another release than the one installed
    with pytest.raises(SystemExit) as stop:
        ismcts_ladder.main(["--search", "compiled", "--deals", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "open_spiel 1.0" in err and "--search python" in err


#: Plays the compiled ISMCTS on every card with a choice in three hands RuleBot plays; prints the cards it chose.
_CHOICES = """
import random, sys
sys.path.insert(0, sys.argv[1])
import openspiel_game
openspiel_game.replay_exactly()
import ismcts_ladder
import charlemagne_learn as cl
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.hand import HandState, Phase
bot = ismcts_ladder.CompiledIsmctsBot(1, simulations=2000)
cards = []
for n in range(3):
    state = HandState.new(cl.Rules.preset("canadian"), Seat(n % 4), 777 + n)
    while not state.is_over:
        view = state.view(state.to_move)
        if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
            cards.append(bot.decide(view, random.Random(5)).card.index)
        state.apply(advise(view).action)
print(cards)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the addresses are fixed by a Linux personality flag")
def test_the_compiled_search_plays_the_same_cards_at_every_run() -> None:
    """OpenSpiel breaks ties between cards in the order of a hash map seeded by an address: run again with the
    addresses fixed, two processes given the same seeds play the same cards (without it they differed here)."""
    benchmarks = Path(__file__).resolve().parent.parent / "benchmarks"
    runs = [
        subprocess.run(
            [sys.executable, "-c", _CHOICES, str(benchmarks)], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and len(ast.literal_eval(runs[0])) > 40
