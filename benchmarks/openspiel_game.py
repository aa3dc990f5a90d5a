"""One contract's card play as an OpenSpiel game in C++, ``charlemagne_play``, for OpenSpiel's compiled ISMCTS.

The open_spiel wheel (the ``bench`` extra) ships no headers, but its ``pyspiel.so`` exports its C++ classes: a game
written against the same release's headers and linked to that ``pyspiel.so`` registers itself with OpenSpiel when
loaded, and ``pyspiel.load_game`` and ``pyspiel.ISMCTSBot`` then play and search it with no Python in the loop.
:func:`load` builds ``charlemagne_play.cc`` (beside this file) so, once for each source and installed open_spiel:
the headers are read from the release's source archive on PyPI, fetched once and checked against its pinned SHA-256,
into the git-ignored ``benchmarks/.cache/``; the library goes there too. No part of OpenSpiel is built. It needs a
C++17 compiler using the same C++ library as the wheel (libstdc++): ``clang++-19``, else ``g++``.

:func:`position` writes the game's one parameter for a seat's view of a contract in play: every rule as the engine
decides it for the contract, as tables (see the C++ file), and what the seat knows of the hidden cards.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

import pyspiel

from charlemagne_learn.analysis.pimc import _constraints
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.contract import Contract
from charlemagne_learn.engine.hand import SeatView
from charlemagne_learn.engine.scoring import trick_values

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "charlemagne_play.cc"
#: Where the release's headers and the built library are kept (git-ignored).
CACHE = HERE / ".cache"
#: The release whose headers the game is compiled against: the installed open_spiel must be the same.
VERSION = "2.0.2"
ARCHIVE = (
    "https://files.pythonhosted.org/packages/bb/3b/9d56d511eff27e26714aa232c945bb00335f792bc1959637ee0d2639a018/"
    f"open_spiel-{VERSION}.tar.gz"
)
ARCHIVE_SHA256 = "6f520dfe499b9e5e1e3a31cf77bf071abb02b98104789e7698021922a064e856"
NAME = "charlemagne_play"
COMPILERS = ("clang++-19", "g++")


class GameBuildError(RuntimeError):
    """The C++ game cannot be built or loaded here (another open_spiel, no compiler, a damaged download)."""


def _headers() -> Path:
    """The release's source tree (its headers and the abseil and JSON ones it includes), fetched once."""
    tree = CACHE / f"open_spiel-{VERSION}"
    if (tree / "open_spiel" / "spiel.h").exists():
        return tree
    CACHE.mkdir(exist_ok=True)
    archive = CACHE / f"open_spiel-{VERSION}.tar.gz"
    if not archive.exists():
        try:
            with urllib.request.urlopen(ARCHIVE, timeout=120) as response:
                data = response.read()
        except OSError as error:
            raise GameBuildError(f"could not download OpenSpiel's headers from {ARCHIVE}: {error}") from error
        if hashlib.sha256(data).hexdigest() != ARCHIVE_SHA256:
            raise GameBuildError(f"{ARCHIVE} is not the archive pinned (SHA-256 {ARCHIVE_SHA256})")
        archive.write_bytes(data)
    elif hashlib.sha256(archive.read_bytes()).hexdigest() != ARCHIVE_SHA256:
        raise GameBuildError(f"{archive} is not the archive pinned (SHA-256 {ARCHIVE_SHA256}); delete it")
    with tarfile.open(archive) as tar:
        tar.extractall(CACHE, filter="data")
    return tree


def library() -> Path:
    """The game's library, built if this source and this ``pyspiel.so`` have none yet."""
    installed = importlib.metadata.version("open_spiel")
    if installed != VERSION:
        raise GameBuildError(f"the C++ game is built against open_spiel {VERSION}'s headers; {installed} is installed")
    pyspiel_so = Path(pyspiel.__file__).resolve()
    key = hashlib.sha256(SOURCE.read_bytes() + str(pyspiel_so).encode()).hexdigest()[:16]
    out = CACHE / f"{NAME}-{key}.so"
    if out.exists():
        return out
    compiler = next((c for c in COMPILERS if shutil.which(c)), None)
    if compiler is None:
        raise GameBuildError(f"no C++ compiler to build {SOURCE.name}: install one of {', '.join(COMPILERS)}")
    tree = _headers()
    partial = out.with_suffix(".partial")
    command = [
        compiler,
        *("-shared", "-fPIC", "-std=c++17", "-O2", "-DNDEBUG"),
        *(f"-I{tree}", f"-I{tree / 'open_spiel' / 'abseil-cpp'}", f"-I{tree / 'open_spiel' / 'json' / 'include'}"),
        str(SOURCE),
        # the OpenSpiel classes the game derives from and registers with are the wheel's own
        str(pyspiel_so),
        f"-Wl,-rpath,{pyspiel_so.parent}",
        "-Wl,--no-undefined",
        "-o",
        str(partial),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise GameBuildError(f"{compiler} could not build {SOURCE.name}:\n{done.stderr[-2000:]}")
    partial.replace(out)
    for stale in CACHE.glob(f"{NAME}-*.so"):  # built from an earlier source or for another pyspiel.so
        if stale != out:
            stale.unlink()
    return out


_loaded: list[ctypes.CDLL] = []


def load() -> None:
    """Registers ``charlemagne_play`` with OpenSpiel (building it first if need be); once a process."""
    if not _loaded:
        # RTLD_GLOBAL: the game's references to OpenSpiel's symbols resolve to the pyspiel.so Python imported
        _loaded.append(ctypes.CDLL(str(library()), mode=ctypes.RTLD_GLOBAL))


#: Linux's personality flag that turns off address space layout randomization for the programs a process runs.
ADDR_NO_RANDOMIZE = 0x0040000


def replay_exactly() -> None:
    """Runs this program again, once, with its addresses the same at every run (Linux's ``ADDR_NO_RANDOMIZE``).

    OpenSpiel's ISMCTS breaks ties between cards in the order of an abseil hash map (``ISMCTSNode::child_info``,
    ``is_mcts.h:56``), and abseil seeds its hashes with an address (``MixingHashState::kSeed``): where the
    libraries load decides which of two equal cards the search plays, and so a deal's result. With the addresses
    fixed, the same command in the same environment gives the same cards on one machine (a process that allocated
    otherwise before its first search may still break ties otherwise: it is not every row's replay). Where the
    flag cannot be set (not Linux, a sandbox refusing ``personality``), the program runs on as it is."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(0xFFFFFFFF)  # asks without changing
    if current == -1 or current & ADDR_NO_RANDOMIZE:
        return
    if libc.personality(current | ADDR_NO_RANDOMIZE) == -1:
        return
    # the flag takes effect for the next program: this one, again, with the arguments it was given
    os.execv(sys.executable, sys.orig_argv)


def _field(name: str, values: list[int] | tuple[int, ...]) -> str:
    return " ".join([name, *map(str, values)])


def position(view: SeatView, hands: dict[Seat, int], knowing: list[SeatView] | None = None) -> str:
    """The ``position`` parameter for ``view``'s contract as it stands: the seats' cards ``hands`` (a world of the
    hidden ones), the cards played, and what each seat of ``knowing`` (the views of the same moment, ``[view]`` by
    default) knows of the cards it cannot see."""
    contract = view.contract
    assert isinstance(contract, Contract), "the card play has not started"
    order = contract.order
    moves = [(int(s), c.index) for t in view.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    moves += [(int(s), c.index) for s, c in view.trick]
    leader = moves[0][0] if moves else view.to_move
    assert leader is not None
    knows: list[int] = []
    for seen in knowing or [view]:
        pool, _, _, barred, _ = _constraints(seen)
        knows += [int(seen.seat), pool, *(barred.get(s, 0) for s in Seat)]
    played = 0
    for _, card in moves:
        played |= 1 << card
    # the root's hands: the cards still held (the C++ side adds back those played, then plays them again)
    held = [hands.get(s, 0) & ~played for s in Seat]
    return "\n".join(
        [
            _field("suit", order.suit_of),
            _field("follow", order.follow),
            _field("must", [order.void_must_play]),
            _field("strength", [v for row in order.strength for v in row]),
            _field("seats", [int(s) for s in contract.active_seats]),
            _field("team", [int(contract.bidder) % 2]),
            _field("values", trick_values(contract)[0]),
            _field("leader", [int(leader)]),
            _field("hands", held),
            _field("moves", [n for move in moves for n in move]),
            _field("expose", [int(contract.bidder) if contract.spec.exposed_after_first_trick else -1]),
            _field("knows", knows),
        ]
    )


def game(view: SeatView, hands: dict[Seat, int], knowing: list[SeatView] | None = None) -> pyspiel.Game:
    """The C++ game from ``view``'s position (see :func:`position`); its initial state is that position."""
    load()
    return pyspiel.load_game(NAME, {"position": position(view, hands, knowing)})
