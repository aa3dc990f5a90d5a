"""αμ (charlemagne_learn/analysis/alphamu.py) and the ending set it is measured on: M = 1 is PIMC on the same deals,
the search to the seat's last card is the exact value a brute force over the seat's strategies finds, a lone bidder's
last cards are graded by it, and bad input is refused."""

from __future__ import annotations

import itertools
import math

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.alphamu import World, alphamu_outcomes, information_set
from charlemagne_learn.analysis.endings import Ending, card_scores, ending_state, load_endings
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.analysis.pimc import play_outcomes, sample_hidden
from charlemagne_learn.analysis.play import outcome_choices
from charlemagne_learn.analysis.solver import solve_position
from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import Card, Seat, parse_cards
from charlemagne_learn.engine.deal import indices_of, mask_of
from charlemagne_learn.engine.errors import CharlemagneError, IllegalActionError, RulesOptionError
from charlemagne_learn.engine.hand import Phase, SeatView
from charlemagne_learn.engine.scoring import trick_values
from charlemagne_learn.engine.tricks import legal_mask, winning_position

ENDINGS = load_endings()
#: Endings of the set with few worlds, of several contract kinds: quick to search, and to brute-force.
SMALL = [e for e in ENDINGS if e.left == 3][::7]


def _view(ending: Ending) -> SeatView:
    state = ending_state(ending)
    return state.view(state.to_move)


@pytest.mark.parametrize("ending", SMALL, ids=str)
def test_one_move_deep_is_pimc_on_the_same_deals(ending: Ending) -> None:
    view = _view(ending)
    deals = [tuple(h.get(s, 0) for s in Seat) for h in sample_hidden(view, 24, 5, bids=False)]
    assert alphamu_outcomes(view, 1, deals) == play_outcomes(view, 24, 5, bids=False)  # type: ignore[arg-type]


def _brute(view: SeatView, worlds: list[World] | None = None) -> dict[Card, tuple[int, int]]:
    """The exact value of each card of a three-card ending, by brute force: every strategy of the seat (a card for
    each play it may see before its second card) tried on every world, the others answering per world knowing the
    cards (the opponents against it, its partner with it), the rest solved by the pure-Python search."""
    contract = view.contract
    assert contract is not None
    order, me = contract.order, int(view.seat)
    worlds = information_set(view) if worlds is None else worlds
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
        assert math.prod(len(points[k]) for k in keys) <= 4096, "too many strategies to brute-force"
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


#: Three-card endings of the set, each kind of seat and lone contract.
BRUTE = [
    Ending("canadian", "mulot", 34, 3, "bidder"),
    Ending("canadian", "mulot", 31, 3, "defender"),
    Ending("canadian", "charlemagne", 10, 3, "bidder"),
    Ending("canadian", "gros_charlemagne", 6, 3, "bidder"),
    Ending("american", "5", 1, 3, "defender"),
    Ending("american", "le_petit", 11, 3, "bidder"),
]


@pytest.mark.parametrize("ending", BRUTE, ids=str)
def test_the_search_to_the_last_card_is_the_exact_value_a_brute_force_finds(ending: Ending) -> None:
    """On four worlds of the ending's information set, spread over it: a brute force over every strategy of the
    seat is feasible there, and the exact value over a set of worlds is the same question for any set."""
    view = _view(ending)
    every = information_set(view)
    worlds = every[:: max(1, len(every) // 4)][:4]
    assert card_scores(view, alphamu_outcomes(view, None, worlds)) == _brute(view, worlds)


def _mulot_guess() -> tuple[SeatView, list[World]]:
    """North, alone in Mulot, holds three nines and must not win a trick. East leads the Q♣, West follows, North
    discards; East's next club goes to West's A♣, and West then leads its last card, an eight or a seven of hearts,
    diamonds or spades (five worlds: two of hearts, two of diamonds, one of spades). North keeps one nine of its
    three, and wins the last trick if it is of West's suit: keeping the 9♠ loses one world in five, the best there
    is; throwing the 9♠ first leaves a guess between the red nines, which double dummy gets right in every world."""
    rules = cl.Rules.preset("canadian")
    hand = parse_cards("9H 9D 9S")
    view = SeatView(
        seat=Seat.N, rules=rules, dealer=Seat.W, phase=Phase.PLAY, to_move=Seat.N, hand=list(hand),
        hand_sizes={"N": 3, "E": 2, "S": 0, "W": 2}, bids=[], contract=cl.Contract(rules, "mulot", "N"),
        trick=[(Seat.E, Card.parse("QC")), (Seat.W, Card.parse("8C"))], tricks=[], exposed={}, kitty=None,
        received=[], discards=[], legal_actions=[Action.play(c) for c in hand],
    )  # fmt: skip
    east = mask_of(parse_cards("JC 10C"))
    worlds = [(mask_of(hand), east, 0, mask_of(parse_cards(f"AC {last}"))) for last in ("8H", "7H", "8D", "7D", "8S")]
    return view, worlds


def test_a_guess_double_dummy_always_gets_right_is_valued_as_the_guess_it_is() -> None:
    view, worlds = _mulot_guess()
    clean = {str(c): sum(t == 0 for t in v) for c, v in alphamu_outcomes(view, 1, worlds).items()}
    assert clean == {"9♦": 5, "9♥": 5, "9♠": 5}  # double dummy: every discard is safe
    exact = alphamu_outcomes(view, None, worlds)
    assert {str(c): sum(t == 0 for t in v) for c, v in exact.items()} == {"9♦": 4, "9♥": 4, "9♠": 3}
    assert card_scores(view, exact) == _brute(view, worlds)
    # the grader's measure: the 9♠ gives up a quarter of the best's chance, where double dummy sees nothing lost
    given_up = {str(c.action.card): c.chance_loss for c in outcome_choices(view, exact)}
    assert given_up == {"9♦": 0.0, "9♥": 0.0, "9♠": pytest.approx(0.25)}
    assert {c.chance_loss for c in outcome_choices(view, alphamu_outcomes(view, 1, worlds))} == {0.0}


def test_worlds_that_do_not_hold_the_seats_hand_are_refused() -> None:
    view, worlds = _mulot_guess()
    wrong = [(w[0] ^ 1, *w[1:]) for w in worlds]
    with pytest.raises(IllegalActionError, match="hand"):
        alphamu_outcomes(view, 2, wrong)  # type: ignore[arg-type]


def test_a_lone_bidders_grade_that_alphamu_changes_is_alphamus_over_every_deal() -> None:
    """Gros Mulot, three cards left: double dummy on the hint's deals grades K♥ as good as K♦; over every deal the
    bidder cannot tell apart, its later card chosen once for all of them, K♥ gives up some of the chance."""
    view = _view(Ending("canadian", "gros_mulot", 72, 3, "bidder"))
    worlds = information_set(view)
    h = hint(view)
    assert h.samples == len(worlds) == 2376
    exact = outcome_choices(view, alphamu_outcomes(view, None, worlds))
    assert [(c.action, c.grade) for c in h.choices] == [(c.action, c.grade) for c in exact]
    assert h.choice("play KH").grade == "good"


def test_the_lone_bidders_grades_stand_where_alphamu_agrees_with_them() -> None:
    """Every lone bidder's three-card ending of the set: the hint's grades are double dummy's, deal count and all,
    wherever αμ over every deal grades each card alike (all of them, on this set)."""
    for ending in [e for e in ENDINGS if e.role == "bidder" and e.left == 3 and e.bid in LONE][:6]:
        view = _view(ending)
        h = hint(view, samples=48)
        pimc = outcome_choices(view, play_outcomes(view, 48, 0))
        assert [(c.action, c.grade, c.deals) for c in h.choices] == [(c.action, c.grade, c.deals) for c in pimc]


LONE = {"mulot", "charlemagne", "gros_mulot", "gros_charlemagne", "le_petit", "charles_alone"}


def test_the_same_ending_and_worlds_give_the_same_values() -> None:
    ending = SMALL[0]
    first, again = _view(ending), _view(ending)
    assert first.history == again.history
    assert information_set(first) == information_set(again)
    assert alphamu_outcomes(first, 2) == alphamu_outcomes(again, 2)


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
