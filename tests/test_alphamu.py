"""αμ (charlemagne_learn/analysis/alphamu.py) and the ending set it is measured on: M = 1 is PIMC on the same deals,
the search to the seat's last card is the exact value a brute force over the seat's strategies finds, a lone bidder's
last cards are graded by it, and bad input is refused."""

from __future__ import annotations

import itertools

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.alphamu import alphamu_outcomes, information_set
from charlemagne_learn.analysis.endings import Ending, ending_state, load_endings
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.analysis.pimc import play_outcomes, sample_hidden
from charlemagne_learn.analysis.play import ENDING_WORLDS, outcome_choices
from charlemagne_learn.analysis.solver import solve_position
from charlemagne_learn.engine.cards import Card, Seat
from charlemagne_learn.engine.deal import indices_of
from charlemagne_learn.engine.errors import CharlemagneError, IllegalActionError, RulesOptionError
from charlemagne_learn.engine.hand import SeatView
from charlemagne_learn.engine.scoring import trick_values
from charlemagne_learn.engine.tricks import legal_mask, winning_position

ENDINGS = load_endings()
#: Endings of the set with few worlds, of several contract kinds: quick to search, and to brute-force.
SMALL = [e for e in ENDINGS if e.left == 3][::7]


def _view(ending: Ending) -> SeatView:
    state = ending_state(ending)
    return state.view(state.to_move)


def _scores(view: SeatView, found: dict[Card, list[int]]) -> dict[Card, tuple[int, int]]:
    """Each card's worlds with the seat's result and its points, summed (the grader's order)."""
    contract = view.contract
    assert contract is not None
    values, makes = trick_values(contract)
    ours = view.seat.team == contract.team
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    sign = 1 if ours else -1
    return {
        c: (sum(makes[taken + t] == ours for t in v), sum(sign * values[taken + t] for t in v))
        for c, v in found.items()
    }


@pytest.mark.parametrize("ending", SMALL, ids=str)
def test_one_move_deep_is_pimc_on_the_same_deals(ending: Ending) -> None:
    view = _view(ending)
    deals = [tuple(h.get(s, 0) for s in Seat) for h in sample_hidden(view, 24, 5, bids=False)]
    assert alphamu_outcomes(view, 1, deals) == play_outcomes(view, 24, 5, bids=False)  # type: ignore[arg-type]


def _brute(view: SeatView) -> dict[Card, tuple[int, int]]:
    """The exact value of each card of a three-card ending, by brute force: every strategy of the seat (a card for
    each play it may see before its second card) tried on every world, the others answering per world knowing the
    cards (the opponents against it, its partner with it), the rest solved by the pure-Python search."""
    contract = view.contract
    assert contract is not None
    order, me = contract.order, int(view.seat)
    worlds = information_set(view)
    up = (view.seat.team == contract.team) != contract.spec.avoid
    values, makes = trick_values(contract)
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    ours = view.seat.team == contract.team

    def score(t: int) -> tuple[int, int]:
        return int(makes[taken + t] == ours), (1 if ours else -1) * values[taken + t]

    def tree(hands: list[int], leader: int, trick: list[int], won: int, seen: tuple[int, ...]) -> object:
        """The play from here until the seat's next card: ('seat', history, {card: tricks}) or a player's node."""
        if len(trick) == len(contract.active_seats):
            winner = leader
            for _ in range(winning_position(order, trick)):
                winner = int(contract.next_active(Seat(winner)))
            won += Seat(winner).team == contract.team
            leader, trick = winner, []
        mover = leader
        for _ in trick:
            mover = int(contract.next_active(Seat(mover)))
        legal = indices_of(legal_mask(order, hands[mover], trick[0] if trick else -1))
        if mover == me:
            held = {Seat(s): [Card.from_index(c) for c in indices_of(hands[s])] for s in range(4)}
            solved = solve_position(contract, held, Seat(leader), [Card.from_index(c) for c in trick], method="python")
            return ("seat", seen, {card.index: won + v for card, v in solved.items()})
        kids = []
        for c in legal:
            after = list(hands)
            after[mover] &= ~(1 << c)
            kids.append(tree(after, leader, [*trick, c], won, (*seen, c)))
        return (Seat(mover).team == view.seat.team, kids)

    def value(node: object, strategy: dict[tuple[int, ...], int]) -> int:
        """Tricks of the bidder's side from the root, the seat's later card chosen by ``strategy``."""
        if node[0] == "seat":  # type: ignore[index]
            return node[2][strategy[node[1]]]  # type: ignore[index]
        with_seat, kids = node  # type: ignore[misc]
        got = [value(k, strategy) for k in kids]
        wants_more = up if with_seat else not up
        return max(got) if wants_more else min(got)

    leader = int(view.trick[0][0]) if view.trick else me
    trick = [c.index for _, c in view.trick]
    out = {}
    for card in indices_of(legal_mask(order, worlds[0][me], trick[0] if trick else -1)):
        trees = []
        for world in worlds:
            hands = list(world)
            hands[me] &= ~(1 << card)
            trees.append(tree(hands, leader, [*trick, card], 0, (card,)))
        points: dict[tuple[int, ...], list[int]] = {}
        for t in trees:
            _gather(t, points)
        keys = sorted(points)
        assert len(list(itertools.product(*(points[k] for k in keys)))) <= 4096, "too many strategies to brute-force"
        best = None
        for choice in itertools.product(*(points[k] for k in keys)):
            strategy = dict(zip(keys, choice, strict=True))
            outcomes = [score(value(t, strategy)) for t in trees]
            total = (sum(o[0] for o in outcomes), sum(o[1] for o in outcomes))
            best = total if best is None else max(best, total)
        assert best is not None
        out[Card.from_index(card)] = best
    return out


def _gather(node: object, points: dict[tuple[int, ...], list[int]]) -> None:
    """The seat's decision points in ``node``'s tree, each with the cards it may play there."""
    if node[0] == "seat":  # type: ignore[index]
        points[node[1]] = sorted(node[2])  # type: ignore[index]
    else:
        for kid in node[1]:  # type: ignore[index]
            _gather(kid, points)


#: Three-card endings of the set small enough to brute-force (few plays the seat may see before its second card).
BRUTE = [Ending("bid_euchre", "4", 2, 3, "bidder"), Ending("canadian", "gros_mulot", 1, 3, "defender")]


@pytest.mark.parametrize("ending", BRUTE, ids=str)
def test_the_search_to_the_last_card_is_the_exact_value_a_brute_force_finds(ending: Ending) -> None:
    view = _view(ending)
    assert _scores(view, alphamu_outcomes(view, None)) == _brute(view)


def test_the_same_ending_and_worlds_give_the_same_values() -> None:
    ending = SMALL[0]
    first, again = _view(ending), _view(ending)
    assert first.history == again.history
    assert information_set(first) == information_set(again)
    assert alphamu_outcomes(first, 2) == alphamu_outcomes(again, 2)


def test_a_lone_bidders_last_cards_are_graded_over_every_deal_by_alphamu() -> None:
    ending = next(e for e in ENDINGS if e.bid == "charlemagne" and e.role == "bidder" and e.left == 3)
    view = _view(ending)
    worlds = information_set(view)
    assert len(worlds) <= ENDING_WORLDS
    h = hint(view, samples=48)
    assert h.samples == len(worlds)
    assert [(c.action, c.grade) for c in h.choices] == [
        (c.action, c.grade) for c in outcome_choices(view, alphamu_outcomes(view, None, worlds))
    ]


def test_bad_input_is_refused_saying_what_is_allowed() -> None:
    view = _view(SMALL[0])
    before = repr(view)
    with pytest.raises(RulesOptionError, match="depth"):
        alphamu_outcomes(view, 0)
    with pytest.raises(RulesOptionError, match="depth"):
        alphamu_outcomes(view, "2")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="too many"):
        information_set(view, 1)
    state = ending_state(SMALL[0])
    other = next(s for s in state.contract.active_seats if s != state.to_move)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="turn"):
        alphamu_outcomes(state.view(other), 1)
    with pytest.raises(CharlemagneError, match="never comes"):
        ending_state(Ending("canadian", "6", 0, 9, "bidder"))
    assert repr(view) == before
    assert isinstance(cl.Rules.preset("canadian"), cl.Rules)
