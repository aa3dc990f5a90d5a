"""αμ: card play judged over the worlds a seat cannot tell apart, its own choices made once for all of them.

Perfect-information Monte Carlo (:mod:`.pimc`) solves each deal of the hidden cards double dummy and averages: on
every deal each player plays as if it saw every card, so a card is credited with later choices that guess right
on every deal (*strategy fusion*: a two-way finesse is worth a sure trick). αμ (Cazenave and Ventos, "The αμ
Search Algorithm for the Game of Bridge", 2019) searches the seat's real uncertainty instead:

* the **worlds** are deals of the hidden cards consistent with what the seat has seen: all of them
  (:func:`information_set`, enumerated, for an ending), or the seeded sampler's (:func:`.pimc.sample_hidden`);
* the **max side** is the seat graded. Its cards are the same in every world, so each of its moves is chosen
  *once for all the worlds* still consistent with the play it has seen (the cards played are public: worlds part
  only where another player's card differs). A lone bidder (Charlemagne, Gros Charlemagne, Mulot, Gros Mulot) is
  truly one player, the case this matters most for. The seat's partner, where it plays, is not the seat: it
  cannot see the seat's hand any better than the seat sees its, so it is treated as the paper treats the
  defence, choosing *per world* as if it knew — an ally who knows (this keeps the search the seat's own and is
  where it stays optimistic);
* the **other side** chooses per world, knowing every card and the seat's strategy (the paper's assumption);
* each world's outcome is the bidder's side's tricks from here; a node's value is a **Pareto front** of
  per-world outcome vectors (each vector one strategy of the seat's below it): at the seat's node the union of
  its moves' fronts (one move for every world), at another player's node the product of its moves' fronts,
  taking per world the worst outcome for the seat (an opponent) or the best (its partner) among the moves legal
  there; dominated vectors are dropped, judged by what each outcome is worth (its rank among the hand's
  (result, points) pairs: an overtrick the scoring does not pay for, or a lone bid's tricks short of it, are one
  outcome), so fronts keep one vector for strategies worth the same;
* after ``M`` moves of the seat (``depth``), the worlds are solved double dummy (:func:`.solver.solve_positions`,
  the compiled search), so ``M = 1`` is PIMC on the same worlds, card for card;
* the paper's early cuts: at an opponent's node below the seat's, the search stops once every vector found is
  dominated by the seat's front so far (more moves only lower them); at the seat's node it stops once a vector
  gets every world the best outcome there can be; a world left alone at a node (or the seat's cards all played)
  is solved double dummy from there, which is what the seat would then do knowing it. A ``budget`` of nodes and
  outcome vectors combined (a count, never a clock) bounds a search: a front can grow as the product of its
  children's, and some endings of four players (Bid Euchre's, benchmarks/RESULTS.md) go past a million.

``depth=None`` searches to the seat's last card: with the worlds all the deals consistent with its view, that is
the exact value of each card when the seat commits to one strategy for all worlds and the defence is omniscient
(the upper model of the paper; its value is the seat's, not the two-sided imperfect-information game's, where the
defenders could not see either, which this module does not compute). At the last tricks ``M = 2`` (3 cards left)
or ``M = 3`` (4 left) is already exact, the seat's last card being forced.

Each card's result is the outcome vector of its front that the grader likes best (the seat's result on most
worlds, then the points: :func:`~.scoring.trick_values`), so the card grader (:mod:`.play`) grades it as it
grades PIMC's deals. Deterministic: the worlds come in a fixed order (enumerated, or from the seed), and every
search step is in card order.

Maine's Charlemagne, three tricks to go: North must follow with its K♦ now, and double dummy then credits it
with guessing its next card right on every deal.

>>> from .endings import Ending, ending_state
>>> state = ending_state(Ending("maine", "charlemagne", 2, 3, "bidder"))
>>> view = state.view(state.to_move)
>>> worlds = information_set(view)
>>> len(worlds)
420
>>> pimc, exact = alphamu_outcomes(view, 1, worlds), alphamu_outcomes(view, None, worlds)
>>> [sum(tricks == 3 for tricks in v) for v in (*pimc.values(), *exact.values())]  # all three tricks taken
[105, 93]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..engine.cards import Card, Seat
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import indices_of
from ..engine.errors import IllegalActionError
from ..engine.hand import Phase, SeatView
from ..engine.i18n import sentence
from ..engine.scoring import trick_values
from ..engine.tricks import legal_mask, winning_position
from . import compiled
from .pimc import _constraints
from .solver import solve_positions

__all__ = ["WORLDS_LIMIT", "alphamu_outcomes", "best_vector", "information_set"]

#: The most worlds :func:`information_set` enumerates before it refuses: the endings' sets stay well below it.
WORLDS_LIMIT = 20_000
#: No outcome reaches this: the empty entry of a product not yet taken.
_NONE = 99

#: A world: the cards each seat (by number) still holds, as bit sets of compact indices.
World = tuple[int, int, int, int]
Vector = tuple[int, ...]


def information_set(view: SeatView, limit: int = WORLDS_LIMIT) -> list[World]:
    """Every deal of the hidden cards consistent with ``view`` (the seat's hand, the cards played, hands shown, the
    suits each player has shown out of, the card it passed to a lone bidder), each once, in a fixed order: the
    seat's information set. The cards out of play (the kitty, discards, a sitting-out hand) may be any of the rest.
    Refused, saying so, when there are more than ``limit``."""
    limit = whole_number("limit", limit, 1)
    pool, open_seats, need, barred, known = _constraints(view)
    base = [known.get(s, 0) for s in Seat]
    out: list[World] = []

    def fill(i: int, left: int, hands: list[int]) -> None:
        if i == len(open_seats):
            if len(out) >= limit:
                raise IllegalActionError(sentence("alphamu.worlds", n=limit))
            out.append((hands[0], hands[1], hands[2], hands[3]))
            return
        seat = open_seats[i]
        for cards in combinations(indices_of(left & ~barred[seat]), need[seat]):
            mask = sum(1 << c for c in cards)
            hands[seat] |= mask
            fill(i + 1, left & ~mask, hands)
            hands[seat] &= ~mask

    fill(0, pool, base)
    if not out:
        raise IllegalActionError(sentence("pimc.inconsistent"))
    return sorted(out)


class _Search:
    """One αμ search of one view over its worlds."""

    def __init__(self, view: SeatView, worlds: Sequence[World], budget: int | None = None) -> None:
        contract = view.contract
        assert contract is not None
        self.contract: Contract = contract
        self.order = contract.order
        self.worlds = worlds
        self.me = int(view.seat)
        self.size = len(contract.active_seats)
        self.next = [int(contract.next_active(Seat(s))) for s in range(4)]
        self.counts = [int(Seat(s).team == contract.team) for s in range(4)]
        # The seat's side wants more of the bidder's side's tricks, unless it defends, or the bid is to avoid them
        # (not both): outcomes are kept as "goodness" for the seat, the tricks or their negation.
        self.up = (view.seat.team == contract.team) != contract.spec.avoid
        # What each outcome is worth to the seat, by its goodness: the rank of its (result, points) among the hand's,
        # so that outcomes the scoring does not tell apart (an overtrick, a lone bid's tricks short) are one: fronts
        # keep one vector for strategies worth the same, and a vector dominates more others.
        values, makes = trick_values(contract)
        taken = sum(t.winner.team == contract.team for t in view.tricks)
        ours = view.seat.team == contract.team
        sign = 1 if ours else -1
        left = len(view.hand)  # tricks to come, this one included
        pairs = {self.good(t): (makes[taken + t] == ours, sign * values[taken + t]) for t in range(left + 1)}
        ranks = sorted(set(pairs.values()))
        self.worth = [0] * (2 * _NONE + 1)
        for g, pair in pairs.items():
            self.worth[g + _NONE] = ranks.index(pair)
        self.worth[-_NONE + _NONE], self.worth[2 * _NONE] = -1, len(ranks)  # the empty entries of a product
        self.ally = [s != self.me and Seat(s).team == view.seat.team for s in range(4)]
        #: Nodes searched and vectors combined so far, and the most allowed (None: no limit).
        self.nodes = 0
        self.budget = budget
        # one compiled search for every world: its table of positions serves them all (its values are exact)
        self.compiled = compiled.CompiledSearch(contract, list(worlds[0])) if compiled.available() else None

    def solved(self, hands: list[World], leader: int, trick: tuple[int, ...]) -> list[dict[int, int]]:
        """Each world solved double dummy: the bidder's side's tricks from here after each legal card of the player
        to move (:func:`.solver.solve_positions`, asked of the compiled search directly: one call a world)."""
        if self.compiled is None:
            return solve_positions(self.contract, hands, Seat(leader), list(trick))
        mover = leader
        for _ in trick:
            mover = self.next[mover]
        led = trick[0] if trick else -1
        search = self.compiled
        out = []
        for h in hands:
            legal = indices_of(legal_mask(self.order, h[mover], led))
            search.hands = list(h)
            out.append(dict(zip(legal, search.position(leader, trick, legal), strict=True)))
        return out

    def below(self, v: Vector, front: list[Vector]) -> bool:
        """Is ``v`` worth no more than some vector of ``front`` in every world?"""
        worth = self.worth
        return _dominated(tuple(worth[x + _NONE] for x in v), [tuple(worth[x + _NONE] for x in u) for u in front])

    def good(self, tricks: int) -> int:
        return tricks if self.up else -tricks

    # ---------------------------------------------------------------- nodes
    def node(
        self, ids: list[int], hands: list[World], leader: int, trick: tuple[int, ...], won: int, m: int | None,
        alpha: list[Vector] | None,
    ) -> list[Vector]:  # fmt: skip
        """The Pareto front of the worlds ``ids`` (holding ``hands``) with ``trick`` led by ``leader`` and ``won``
        tricks taken by the bidder's side since the root; ``m`` the seat's moves left before the leaves."""
        self.nodes += 1
        if len(trick) == self.size:
            winner = leader
            for _ in range(winning_position(self.order, trick)):
                winner = self.next[winner]
            won += self.counts[winner]
            leader, trick = winner, ()
        mover = leader
        for _ in trick:
            mover = self.next[mover]
        if not hands[0][mover]:  # the hand is over
            return [tuple(self.good(won) for _ in ids)]
        if not hands[0][self.me] or len(ids) == 1:
            # the seat has played its last card, or has one world left (it then chooses as double dummy does): the
            # rest is each world's alone
            return [self.leaves_after(hands, leader, trick, won, mover)]
        if mover == self.me:
            return self.seat_node(ids, hands, leader, trick, won, m, mover)
        return self.other_node(ids, hands, leader, trick, won, m, mover, alpha)

    def leaves_after(self, hands: list[World], leader: int, trick: tuple[int, ...], won: int, mover: int) -> Vector:
        """Each world solved double dummy from here."""
        pick = max if self.ally[mover] or mover == self.me else min
        solved = self.solved(hands, leader, trick)
        return tuple(pick(self.good(won + v) for v in one.values()) for one in solved)

    def seat_node(
        self, ids: list[int], hands: list[World], leader: int, trick: tuple[int, ...], won: int, m: int | None,
        mover: int,
    ) -> list[Vector]:  # fmt: skip
        fronts = self.seat_moves(ids, hands, leader, trick, won, m, mover)
        return _pareto([v for front in fronts.values() for v in front], self.worth)

    def seat_moves(
        self, ids: list[int], hands: list[World], leader: int, trick: tuple[int, ...], won: int, m: int | None,
        mover: int, cut: bool = True,
    ) -> dict[int, list[Vector]]:  # fmt: skip
        """Each legal card of the seat (the same in every world: its hand is its own) and its front; with ``cut``,
        only until one card's front holds the best there can be (the node's own front is then known; the root needs
        every card's)."""
        led = trick[0] if trick else -1
        cards = indices_of(legal_mask(self.order, hands[0][mover], led))
        if m == 1 or hands[0][mover].bit_count() <= 2:  # the leaves (its last card is no choice): double dummy
            solved = self.solved(hands, leader, trick)
            return {c: [tuple(self.good(won + one[c]) for one in solved)] for c in cards}
        left = hands[0][mover].bit_count() + (1 if trick else 0)
        top = tuple(max(self.good(won), self.good(won + left)) for _ in ids)
        out: dict[int, list[Vector]] = {}
        found: list[Vector] = []
        for c in cards:
            after = [_without(h, mover, c) for h in hands]
            front = self.node(ids, after, leader, (*trick, c), won, None if m is None else m - 1, found)
            out[c] = front
            found = _pareto(found + front, self.worth)
            if cut and self.below(top, found):  # the paper's cut: no strategy does better in any world
                break
        return out

    def other_node(
        self, ids: list[int], hands: list[World], leader: int, trick: tuple[int, ...], won: int, m: int | None,
        mover: int, alpha: list[Vector] | None,
    ) -> list[Vector]:  # fmt: skip
        led = trick[0] if trick else -1
        legal = [legal_mask(self.order, h[mover], led) for h in hands]
        cards = indices_of(_union(legal))
        pick = max if self.ally[mover] else min
        front: list[Vector] = [tuple(-_NONE if pick is max else _NONE for _ in ids)]
        for c in cards:
            where = [k for k, mask in enumerate(legal) if mask >> c & 1]
            sub_ids = [ids[k] for k in where]
            after = [_without(hands[k], mover, c) for k in where]
            child = self.node(sub_ids, after, leader, (*trick, c), won, m, None)
            # the vectors about to be combined, and the comparisons that keep the undominated ones among them
            self.nodes += len(front) * len(child) * (1 + len(front) * len(child) // 64)
            if self.budget is not None and self.nodes > self.budget:
                raise IllegalActionError(sentence("alphamu.budget", n=self.budget))
            merged = set()
            for v in front:
                for u in child:
                    w = list(v)
                    for k, x in zip(where, u, strict=True):
                        w[k] = pick(w[k], x)
                    merged.add(tuple(w))
            front = _pareto(list(merged), self.worth)
            if alpha is not None and pick is min and all(self.below(v, alpha) for v in front):
                break  # the paper's cut: lower still with every move to come, this node adds nothing to its parent's
        return front


def _union(masks: list[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _without(hands: World, seat: int, card: int) -> World:
    h = list(hands)
    h[seat] &= ~(1 << card)
    return (h[0], h[1], h[2], h[3])


def _dominated(v: Vector, front: list[Vector]) -> bool:
    """Does some vector of ``front`` do at least as well as ``v`` in every world?"""
    return any(all(a >= b for a, b in zip(u, v, strict=True)) for u in front)


def _pareto(vectors: list[Vector], worth: list[int]) -> list[Vector]:
    """The vectors no other one does at least as well as in every world and better in one, judged by what each
    outcome is worth (``worth[g + _NONE]``: its rank among the hand's results), each worth once, in a fixed order."""
    keyed: dict[Vector, Vector] = {}
    for v in sorted(set(vectors), reverse=True):  # of those worth the same, the most tricks for the seat
        keyed.setdefault(tuple(worth[x + _NONE] for x in v), v)
    kept: list[Vector] = []
    for key in sorted(keyed, key=lambda k: (-sum(k), k)):  # one can be dominated only by one of larger sum
        if not _dominated(key, kept):
            kept.append(key)
    return [keyed[k] for k in kept]


def best_vector(contract: Contract, taken: int, up: bool, front: Sequence[Vector]) -> Vector:
    """The vector of ``front`` (the seat's "goodness": the bidder's side's tricks from the root, negated where
    ``up`` is False, the seat's side wanting fewer) the grader likes best: the seat's result (the contract made, or
    set) in the most worlds, then the most points, ``taken`` tricks being the bidder's side's already. Its entries
    are given back as the bidder's side's tricks, world by world."""
    values, makes = trick_values(contract)
    ours = up != contract.spec.avoid  # the seat is of the bidder's side
    sign = 1 if ours else -1

    def score(v: Vector) -> tuple[int, int]:
        tricks = [x if up else -x for x in v]
        return sum(makes[taken + t] == ours for t in tricks), sum(sign * values[taken + t] for t in tricks)

    chosen = max(front, key=score)  # the first of the best, in the front's fixed order
    return tuple(x if up else -x for x in chosen)


def alphamu_outcomes(
    view: SeatView, depth: int | None, worlds: Sequence[World] | None = None, *, budget: int | None = None
) -> dict[Card, list[int]]:
    """Each legal card of the seat to move and the bidder's side's tricks from here (this trick included) in each
    world, under the seat's best strategy after it, found by αμ with ``depth`` moves of the seat (None: to its last
    card). ``worlds``: the deals to search, as :func:`information_set` gives them (by default all of them). The same
    shape as :func:`.pimc.play_outcomes`, which ``depth=1`` equals on the same worlds. ``budget``: the most nodes
    searched and outcome vectors combined (a count, so the same on every machine), beyond which the search is
    refused (None: no limit)."""
    if view.to_move != view.seat or view.phase is not Phase.PLAY:
        raise IllegalActionError(sentence("pimc.not_turn", seat=view.seat))
    if depth is not None:
        depth = whole_number("depth", depth, 1)
    if budget is not None:
        budget = whole_number("budget", budget, 1)
    chosen = information_set(view) if worlds is None else list(worlds)
    if not chosen:
        raise IllegalActionError(sentence("pimc.inconsistent"))
    mine = view.hand_mask
    if any(len(w) != 4 or w[int(view.seat)] != mine for w in chosen):
        raise IllegalActionError(sentence("alphamu.not_the_hand", seat=view.seat))
    contract = view.contract
    assert contract is not None
    search = _Search(view, chosen, budget)
    leader = int(view.trick[0][0]) if view.trick else int(view.seat)
    trick = tuple(c.index for _, c in view.trick)
    ids = list(range(len(chosen)))
    fronts = search.seat_moves(ids, list(chosen), leader, trick, 0, depth, int(view.seat), cut=False)
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    return {
        Card.from_index(c): list(best_vector(contract, taken, search.up, front)) for c, front in sorted(fronts.items())
    }
