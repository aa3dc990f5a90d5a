"""DDS, the standard bridge double-dummy solver (through endplay), for contracts that are bridge in disguise.

A contract maps exactly onto bridge when all four seats play and no rule outside bridge's applies
(no avoiding tricks, no Mulot joker rule): each effective suit becomes a bridge suit, its cards
ranked by the engine's own power order. In the Canadian game the jokers and both jacks become the
top trumps and the little jack leaves its printed suit. endplay is optional: without it (for
instance in JupyterLite), or when it is installed but its library cannot load (a wheel for another
system, a missing OpenMP runtime), the pure-Python search answers instead, with the same numbers.

DDS is called from one thread at a time: endplay asks it to solve in its thread slot 0 whatever thread
calls, and ctypes lets other threads run meanwhile, so two threads at once share one slot's memory (wrong
counts, or a crash). Threads wait for each other here; processes (the bid-odds workers) each have their own.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.engine.deal import mask_of
>>> k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
>>> hands = [mask_of(cl.parse_cards(h)) for h in ("RJ 7C", "JH 8C", "JD 9C", "AH 10C")]
>>> bridge_pbn(k, hands)   # N E S W; hearts (trump) become spades: RJ their ace, J♦ their jack
'N:A.7.. Q.8.. J.9.. T.T..'
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path

from ..engine.cards import Seat, Suit
from ..engine.contract import Contract
from ..engine.i18n import say
from ..engine.ranking import CardOrder, card_order
from ..engine.rules import Rules
from . import work

__all__ = [
    "available",
    "bridge_pbn",
    "dds_bidder_tricks",
    "dds_bidder_tricks_many",
    "dds_position",
    "dds_positions",
    "maps_onto_bridge",
    "why_unavailable",
]

_RANKS = "AKQJT98765432"

#: Held around every call into DDS (see the module's note on threads).
_LOCK = threading.Lock()
#: Whether endplay loaded (None: not tried yet), and why not: found once, then kept, so a broken endplay is
#: tried and reported once, not on every deal.
_usable: bool | None = None
_failure: str | None = None


def _fresh_lock() -> None:
    # A process forked while another thread held the lock would inherit it held, by a thread it does not have.
    global _LOCK
    _LOCK = threading.Lock()


work.in_forked_child(_fresh_lock)


def available() -> bool:
    """Can endplay (with DDS) be used here? False when it is not installed, and when it is installed but cannot
    load: then a warning says why, once, and the pure-Python search answers."""
    global _usable, _failure
    if _usable is None:
        if importlib.util.find_spec("endplay") is None:
            _usable = False
        else:
            try:
                import endplay.dds  # noqa: F401  loads DDS's shared library
            except Exception as error:  # OSError (no library, no libgomp), ImportError, a missing symbol, …
                _failure = f"{type(error).__name__}: {error}"
                warnings.warn(say("dds.unusable", error=_failure), RuntimeWarning, stacklevel=outside_package())
                _usable = False
            else:
                _usable = True
    return _usable


def outside_package() -> int:
    """The stack level, for :func:`warnings.warn` called by the function calling this one (:func:`available`, and
    the compiled search's loading), of the first caller outside this package: the warning then names the learner's
    own line, not one of ours."""
    package = str(Path(__file__).parents[1])
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame, level = frame.f_back, level + 1
    return level


def why_unavailable(lang: str | None = None) -> str:
    """Why :func:`available` is False, in words: not installed, or installed but not loadable (and the error)."""
    available()
    return say("dds.not_installed", lang) if _failure is None else say("dds.cannot_load", lang, error=_failure)


def set_usable(usable: bool) -> None:
    """Take the parent's finding in a worker process: a worker then neither loads endplay where its parent could
    not nor warns a second time."""
    global _usable
    _usable = usable


work.to_workers(available, set_usable)


def maps_onto_bridge(contract: Contract) -> bool:
    """Can DDS solve this contract exactly? Four players, the bidder's side taking tricks, bridge's play rules."""
    return len(contract.active_seats) == 4 and not contract.spec.avoid and not contract.order.void_must_play_joker


def _bridge_suits(order: CardOrder) -> list[int]:
    """Effective suits in bridge order (spades, hearts, diamonds, clubs): the trump suit, if any, first."""
    trump = order.trump_suit
    suits = [s for s in range(4) if s != trump]
    return suits if trump is None else [trump, *suits]


def _bridge_cards(contract: Contract) -> dict[int, str]:
    """Each card of the deck as a bridge card ("SA", "HT", …): its effective suit in bridge order, its rank
    by the engine's power order within that suit."""
    return _bridge_cards_of(contract.rules, contract.trump)


# The tables below depend only on the rules and the trump (the card order they make): worked out once for each,
# here, not on every call to DDS.
@functools.lru_cache(maxsize=64)
def _bridge_cards_of(rules: Rules, trump: Suit | None) -> dict[int, str]:
    order = card_order(rules, trump)
    cards = {}
    for letter, suit in zip("SHDC", _bridge_suits(order), strict=False):
        members = [i for i in rules.deck_indices if order.suit_of[i] == suit]
        for pos, i in enumerate(sorted(members, key=lambda i: -order.power[i])):
            cards[i] = letter + _RANKS[pos]
    return cards


def bridge_pbn(contract: Contract, hands: list[int]) -> str:
    """The deal in PBN, North first, with hands as bit sets by seat."""
    cards = _bridge_cards(contract)
    out = []
    for seat in Seat:
        held = sorted((cards[i] for i in contract.rules.deck_indices if hands[seat] >> i & 1), key=_bridge_key)
        out.append(".".join("".join(c[1] for c in held if c[0] == letter) for letter in "SHDC"))
    return "N:" + " ".join(out)


def _suit_rank(card: str) -> tuple[int, int]:
    """A bridge card ("SA") as DDS numbers it: the suit (0 spades to 3 clubs) and the rank (2 to 14, the ace)."""
    suit, place = _bridge_key(card)
    return suit, 14 - place


def _bridge_key(card: str) -> tuple[int, int]:
    return "SHDC".index(card[0]), _RANKS.index(card[1])


def dds_position(contract: Contract, hands: list[int], leader: Seat, trick: list[int]) -> dict[int, int]:
    """For the player to move, each legal card (compact index) and the tricks the bidder's side takes from the
    current trick on, by DDS. ``hands`` are the cards still held; ``trick`` the cards played to the current
    trick, ``leader``'s first. Needs :func:`maps_onto_bridge` and endplay.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import mask_of
    >>> k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    >>> hands = [mask_of(cl.parse_cards(h)) for h in ("7H 7D", "KS", "AD 7S", "KC 8D")]
    >>> {str(cl.Card.from_index(c)): n for c, n in dds_position(k, hands, cl.Seat.E, [cl.Card.parse("AC").index]).items()}
    {'7♠': 2, 'A♦': 1}
    """
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    cards = _bridge_cards(contract)
    full = list(hands)
    seat = int(leader)
    for c in trick:
        full[seat] |= 1 << c
        seat = int(contract.next_active(Seat(seat)))
    trump = Denom.nt if contract.order.trump_suit is None else Denom.spades
    pbn = bridge_pbn(contract, full)
    work.stop_if_exiting()
    with _LOCK:
        deal = Deal(pbn, first=Player(int(leader)), trump=trump)
        for c in trick:
            deal.play(cards[c])
        solved = list(solve_board(deal))
    back = {v: k for k, v in cards.items()}
    left = hands[seat].bit_count()
    ours = Seat(seat).team == contract.team
    return {back["SHDC"[int(card.suit)] + card.rank.abbr]: n if ours else left - n for card, n in solved}


def _suit_bits(contract: Contract) -> list[list[tuple[int, int, int, int]]]:
    """For each byte of a hand's bit set (compact indices 8k to 8k+7) and each value of it, the hand's cards
    there as DDS holds them: one bit set per bridge suit (spades, hearts, diamonds, clubs), bit ``r`` for rank
    ``r`` (2 to 14, the ace). A hand is then five lookups, not one per card."""
    return _suit_bits_of(contract.rules, contract.trump)


@functools.lru_cache(maxsize=64)
def _suit_bits_of(rules: Rules, trump: Suit | None) -> list[list[tuple[int, int, int, int]]]:
    cards = _bridge_cards_of(rules, trump)
    table = []
    for chunk in range(5):
        rows = []
        for byte in range(256):
            suits = [0, 0, 0, 0]
            for bit in range(8):
                if byte >> bit & 1 and (card := cards.get(chunk * 8 + bit)) is not None:
                    suit, rank = _suit_rank(card)
                    suits[suit] |= 1 << rank
            rows.append((suits[0], suits[1], suits[2], suits[3]))
        table.append(rows)
    return table


def dds_positions(
    contract: Contract, deals: Sequence[Sequence[int]], leader: Seat, trick: Sequence[int]
) -> list[dict[int, int]]:
    """:func:`dds_position` for many deals of the same moment (the same ``leader`` and ``trick``; ``deals`` hold
    each seat's cards still held as bit sets), in one call to DDS, which shares them among its threads: several
    times faster than one call a deal, and the same numbers."""
    from endplay import _dds

    table = _suit_bits(contract)
    cards = _bridge_cards(contract)
    back = {_suit_rank(c): i for i, c in cards.items()}
    played = [_suit_rank(cards[c]) for c in trick]
    trump = 4 if contract.order.trump_suit is None else 0  # DDS's denominations: 0 spades, 4 no trump
    mover = leader
    for _ in trick:
        mover = contract.next_active(mover)
    ours = mover.team == contract.team
    out: list[dict[int, int]] = []
    for start in range(0, len(deals), _dds.MAXNOOFBOARDS):
        chunk = deals[start : start + _dds.MAXNOOFBOARDS]
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for n, hands in enumerate(chunk):
            board = boards.deals[n]
            board.trump, board.first = trump, int(leader)
            for k, (suit, rank) in enumerate(played):
                board.currentTrickSuit[k], board.currentTrickRank[k] = suit, rank
            _fill(board, table, hands)
            # every card's tricks (solutions 3), no target (-1), no reuse of the last board's table (mode 1)
            boards.target[n], boards.solutions[n], boards.mode[n] = -1, 3, 1
        solved = _dds.solvedBoards()
        work.stop_if_exiting()
        with _LOCK:
            _dds.SolveAllBoardsBin(boards, solved)
        for n, hands in enumerate(chunk):
            future = solved.solvedBoard[n]
            left = hands[mover].bit_count()
            values: dict[int, int] = {}
            for k in range(future.cards):
                suit, score = future.suit[k], future.score[k]
                tricks = score if ours else left - score
                equals = future.equals[k] | 1 << future.rank[k]
                for rank in range(2, 15):
                    if equals >> rank & 1:
                        values[back[suit, rank]] = tricks
            out.append(dict(sorted(values.items())))
    return out


def _fill(board: object, table: list[list[tuple[int, int, int, int]]], hands: Sequence[int]) -> None:
    """Put each seat's cards (bit sets of compact indices) into a DDS board, as :func:`_suit_bits` maps them."""
    for seat in range(4):
        mask, suits = hands[seat], [0, 0, 0, 0]
        for byte in range(5):
            row = table[byte][mask >> 8 * byte & 0xFF]
            suits[0] |= row[0]
            suits[1] |= row[1]
            suits[2] |= row[2]
            suits[3] |= row[3]
        board.remainCards[seat][:] = suits  # type: ignore[attr-defined]


def dds_bidder_tricks_many(deals: Sequence[tuple[Contract, Sequence[int], Seat]]) -> list[int]:
    """:func:`dds_bidder_tricks` for many deals at once, each ``(contract, hands, leader)`` (the contracts may
    differ), in one call to DDS for up to its batch size: DDS shares them among its threads. The same numbers.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import mask_of
    >>> k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    >>> hands = [mask_of(cl.parse_cards(h)) for h in ("RJ 7C", "JH 8C", "JD 9C", "AH 10C")]
    >>> dds_bidder_tricks_many([(k, hands, cl.Seat.N), (k, hands, cl.Seat.E)]) == [
    ...     dds_bidder_tricks(k, hands, cl.Seat.N), dds_bidder_tricks(k, hands, cl.Seat.E)]
    True
    """
    if not deals:  # nothing for DDS, which may not be able to load here
        return []
    from endplay import _dds

    out: list[int] = []
    for start in range(0, len(deals), _dds.MAXNOOFBOARDS):
        chunk = deals[start : start + _dds.MAXNOOFBOARDS]
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for n, (contract, hands, leader) in enumerate(chunk):
            board = boards.deals[n]
            board.trump = 4 if contract.order.trump_suit is None else 0  # DDS's denominations: 0 spades, 4 no trump
            board.first = int(leader)
            _fill(board, _suit_bits(contract), hands)
            # the best card's tricks only (solutions 1), no target (-1), no reuse of the last board's table (mode 1)
            boards.target[n], boards.solutions[n], boards.mode[n] = -1, 1, 1
        solved = _dds.solvedBoards()
        work.stop_if_exiting()
        with _LOCK:
            _dds.SolveAllBoardsBin(boards, solved)
        for n, (contract, hands, leader) in enumerate(chunk):
            for_leader = solved.solvedBoard[n].score[0]
            total = hands[leader].bit_count()
            out.append(for_leader if leader.team == contract.team else total - for_leader)
    return out


def dds_bidder_tricks(contract: Contract, hands: list[int], leader: Seat) -> int:
    """Tricks the bidder's side takes with perfect play, by DDS. Needs :func:`maps_onto_bridge` and endplay."""
    from endplay.dds.solve import SolveMode, solve_board
    from endplay.types import Deal, Denom, Player

    trump = Denom.nt if contract.order.trump_suit is None else Denom.spades
    pbn = bridge_pbn(contract, hands)
    work.stop_if_exiting()
    with _LOCK:
        deal = Deal(pbn, first=Player(int(leader)), trump=trump)
        # OptimalOne (DDS's solutions=1): just the best card's tricks, not every card's; about 1.7x faster.
        for_leader = max(tricks for _, tricks in solve_board(deal, SolveMode.OptimalOne))
    total = hands[leader].bit_count()
    return for_leader if leader.team == contract.team else total - for_leader
