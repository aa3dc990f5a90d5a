"""Double-dummy solver: how many tricks the bidder's side takes when everyone sees every card.

Ranking and following rules come only from the engine (:class:`~charlemagne_learn.ranking.CardOrder`,
:func:`~charlemagne_learn.tricks.legal_mask`, :func:`~charlemagne_learn.tricks.winning_position`), so bowers,
jokers, the high nine and the Mulot joker rule are never re-implemented here.

The search is alpha-beta over single card plays, with

* a transposition table of (lower, upper) bounds keyed on the remaining hands and the leader at trick boundaries;
* equivalence pruning: cards one player holds that are adjacent in power within their effective suit, with no
  card still in play between them, are interchangeable, so only one of them is searched;
* move ordering: leads high first; followers win as cheaply as possible when the trick is going to the other
  side, and play low when their own side is already winning.

>>> import charlemagne_learn as cl
>>> k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
>>> hands = {"N": "JH AS", "E": "AC KS", "S": "JD 7S", "W": "KC QS"}
>>> double_dummy(k, hands, leader="N")  # J♥ draws no trump; A♠ then wins the second trick
2
>>> # East led A♣; South, void in clubs, must keep A♦ to win the last trick with it after North ruffs this one.
>>> after = {"N": "7H 7D", "E": "KS", "S": "AD 7S", "W": "KC 8D"}
>>> {str(c): n for c, n in solve_position(k, after, leader="E", trick=["AC"]).items()}
{'A♦': 1, '7♠': 2}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from ..cards import Card, Seat, parse_cards
from ..contract import Contract
from ..deal import deck_mask, indices_of, mask_of
from ..errors import RulesOptionError, TrickError
from ..ranking import CardOrder
from ..tricks import legal_mask, winning_position
from . import dds

__all__ = ["HandsArg", "double_dummy", "solve_position"]

#: ``seat -> cards``: seats as ``Seat`` or text ("N"), cards as ``Card`` objects, text, or one string.
#: (Two mappings, not one keyed on ``Seat | str``: a mapping's key type is invariant, so a plain
#: ``dict[Seat, list[Card]]`` would not type-check against the latter.)
HandsArg = Mapping[Seat, Iterable[Card | str] | str] | Mapping[str, Iterable[Card | str] | str]

_Bounds = tuple[int, int]


class _Search:
    """One contract's search state: hands as bit sets by seat number, mutated in place while searching."""

    def __init__(self, contract: Contract, hands: list[int]) -> None:
        order: CardOrder = contract.order
        self.order = order
        self.hands = hands
        self.seats = [int(s) for s in contract.active_seats]
        self.size = len(self.seats)
        self.next = [int(contract.next_active(Seat(s))) if s in self.seats else -1 for s in range(4)]
        #: 1 for seats of the bidder's side: a trick they win counts.
        self.counts = [int(Seat(s).team == contract.team) for s in range(4)]
        # Seats that want MORE bidder tricks: the bidder's side, unless the bid is to avoid tricks.
        self.maximises = [bool(self.counts[s]) != contract.spec.avoid for s in range(4)]
        # Each effective suit's cards, strongest first, for finding runs of equivalent cards.
        self.by_power = [
            sorted(indices_of(order.suit_mask[suit]), key=lambda i: -order.power[i]) for suit in range(5)
        ]
        self.table: dict[tuple[int, ...], _Bounds] = {}
        self.nodes = 0

    # ------------------------------------------------------------ moves
    def candidates(self, seat: int, trick: Sequence[int]) -> list[int]:
        """Legal cards of ``seat``, one per run of equivalent cards, in a good order to search."""
        order = self.order
        hand = self.hands[seat]
        legal = legal_mask(order, hand, trick[0] if trick else -1)
        alive = 0
        for s in self.seats:
            alive |= self.hands[s]
        for c in trick:
            alive |= 1 << c
        reps: list[int] = []
        for suit in range(5):
            mine = legal & order.suit_mask[suit]
            if not mine:
                continue
            in_run = False
            for c in self.by_power[suit]:
                if not alive >> c & 1:
                    continue  # played in an earlier trick: does not separate the cards around it
                if mine >> c & 1:
                    if not in_run:
                        reps.append(c)  # the run's highest card stands for all of it
                    in_run = True
                else:
                    in_run = False
        if not trick:
            power = order.power
            reps.sort(key=lambda i: -power[i])
            return reps
        strength = order.strength[order.suit_of[trick[0]]]
        best_pos = winning_position(order, trick)
        top = strength[trick[best_pos]]
        winner = self.seat_at(seat, len(trick), best_pos)
        if self.maximises[winner] == self.maximises[seat]:
            reps.sort(key=lambda i: order.power[i])  # partner winning: keep high cards
            return reps
        winners = sorted((c for c in reps if strength[c] > top), key=lambda i: strength[i])
        losers = sorted((c for c in reps if strength[c] <= top), key=lambda i: order.power[i])
        return winners + losers

    def seat_at(self, seat: int, played: int, pos: int) -> int:
        """Seat that played position ``pos`` of a trick where ``seat`` is about to play card number ``played``."""
        s = seat
        for _ in range(self.size - (played - pos)):
            s = self.next[s]
        return s

    # ------------------------------------------------------------ search
    def boundary(self, leader: int, alpha: int, beta: int) -> int:
        """Bidder-side tricks still to come, ``leader`` to lead; exact when strictly inside (alpha, beta)."""
        hands = self.hands
        left = hands[leader].bit_count()
        if left == 0:
            return 0
        if left == 1:
            return self.last_trick(leader)
        key = (*hands, leader)
        lo, hi = self.table.get(key, (0, left))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        value = self.play(leader, leader, [], a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi)
        return value

    def last_trick(self, leader: int) -> int:
        """Every card is forced in the last trick."""
        trick, seat = [], leader
        for _ in range(self.size):
            trick.append(self.hands[seat].bit_length() - 1)
            seat = self.next[seat]
        return self.counts[self.seat_at(leader, 0, winning_position(self.order, trick))]

    def play(self, leader: int, seat: int, trick: list[int], alpha: int, beta: int) -> int:
        """Value for the bidder's side with ``seat`` to play to ``trick`` (a fail-hard alpha-beta value)."""
        self.nodes += 1
        maximise = self.maximises[seat]
        best = -1 if maximise else 99
        last = len(trick) + 1 == self.size
        hands = self.hands
        for c in self.candidates(seat, trick):
            bit = 1 << c
            hands[seat] ^= bit
            trick.append(c)
            if last:
                winner = self.seat_at(leader, 0, winning_position(self.order, trick))
                won = self.counts[winner]
                value = won + self.boundary(winner, alpha - won, beta - won)
            else:
                value = self.play(leader, self.next[seat], trick, alpha, beta)
            trick.pop()
            hands[seat] ^= bit
            if maximise:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best


# ---------------------------------------------------------------- public API
def _setup(contract: Contract, hands: HandsArg, leader: Seat | str, trick: Iterable[Card | str] | str) -> tuple[_Search, int, list[int]]:
    masks = [0, 0, 0, 0]
    seen = 0
    for key, cards in hands.items():
        seat = Seat.find(key)
        mask = mask_of(parse_cards(cards))
        if mask & seen:
            raise TrickError("a card is in two hands")
        seen |= mask
        if mask and seat in contract.sitting_out:
            raise TrickError(f"{seat.word} sits out this contract and cannot hold cards in play")
        masks[seat] = mask
    played = [c.index for c in parse_cards(trick)]
    in_trick = sum(1 << i for i in set(played))
    if (seen | in_trick) & ~deck_mask(contract.rules):
        raise TrickError(f"a card is not in the {contract.rules.title} deck")
    if seen & in_trick or len(set(played)) != len(played):
        raise TrickError("a card cannot be both in a hand and in the trick, or twice in the trick")
    first = Seat.find(leader)
    if first in contract.sitting_out:
        raise TrickError(f"{first.word} sits out this contract and cannot lead")
    if len(played) >= len(contract.active_seats):
        raise TrickError("the trick is already complete; give the position before its last card")
    search = _Search(contract, masks)
    # Every active seat holds the same number of cards, less one for those who already played to this trick.
    at, sizes = int(first), []
    for pos in range(search.size):
        sizes.append(masks[at].bit_count() + (pos < len(played)))
        at = search.next[at]
    if len(set(sizes)) != 1:
        raise TrickError("the active players must hold equally many cards (counting cards already played to the trick)")
    for pos in range(1, len(played)):
        prefix = search.seat_at(int(first), 0, pos)
        if not legal_mask(search.order, masks[prefix] | 1 << played[pos], played[0]) >> played[pos] & 1:
            raise TrickError(f"{Card.from_index(played[pos])} could not have been played to this trick")
    return search, int(first), played


def solve_position(
    contract: Contract, hands: HandsArg, leader: Seat | str, trick: Iterable[Card | str] | str = ()
) -> dict[Card, int]:
    """For each legal card of the player to move, the bidder's side's tricks from now on (this trick included).

    ``hands`` are the cards still held; ``trick`` the cards already played to the current trick, starting
    with ``leader``'s. Every player plays perfectly afterwards, all cards visible.
    """
    search, first, played = _setup(contract, hands, leader, trick)
    seat = first
    for _ in played:
        seat = search.next[seat]
    if not search.hands[seat]:
        return {}
    limit = search.hands[first].bit_count() + (1 if played else 0)
    result: dict[Card, int] = {}
    for c in indices_of(legal_mask(search.order, search.hands[seat], played[0] if played else -1)):
        bit = 1 << c
        search.hands[seat] ^= bit
        line = [*played, c]
        if len(line) == search.size:
            winner = search.seat_at(first, 0, winning_position(search.order, line))
            won = search.counts[winner]
            value = won + search.boundary(winner, -1, limit + 1)
        else:
            value = search.play(first, search.next[seat], line, -1, limit + 1)
        search.hands[seat] ^= bit
        result[Card.from_index(c)] = value
    return result


def double_dummy(
    contract: Contract, hands: HandsArg, leader: Seat | str, *, method: Literal["auto", "dds", "python"] = "auto"
) -> int:
    """Tricks the bidder's side (the bidder alone, in alone contracts) takes with perfect play, all cards seen.

    For ``avoid`` bids (Mulot, Gros Mulot, Le Petit) the bidder tries to take as few tricks as possible and the
    opponents try to give it as many; otherwise the bidder's side tries to take as many as possible.

    ``method``: ``"dds"`` asks DDS (through endplay) and needs a contract that is bridge in disguise
    (:func:`~charlemagne_learn.analysis.dds.maps_onto_bridge`); ``"python"`` runs this module's search, which
    solves every contract; ``"auto"`` uses DDS where it can, being hundreds of times faster.
    """
    search, first, _ = _setup(contract, hands, leader, ())
    if method not in ("auto", "dds", "python"):
        raise RulesOptionError(f"method={method!r} is not allowed; use 'auto', 'dds' or 'python'")
    bridge = dds.maps_onto_bridge(contract)
    if method == "dds" and not (bridge and dds.available()):
        why = "endplay is not installed" if bridge else f"{contract} is not a bridge-like contract"
        raise RulesOptionError(f"method='dds' cannot solve this: {why}; use method='python' or 'auto'")
    if method == "dds" or (method == "auto" and bridge and dds.available()):
        return dds.dds_bidder_tricks(contract, search.hands, Seat(first))
    return search.boundary(first, -1, search.hands[first].bit_count() + 1)
