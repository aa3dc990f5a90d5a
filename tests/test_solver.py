"""The double-dummy solver against an independent brute-force minimax, and on hands worked out from docs/rules.md.

The brute force below only uses the public rules API (``cl.legal_plays``, ``cl.trick_winner``) and tries every
legal card at every turn with no pruning (it only remembers exact values of positions it has already solved), so
it shares nothing with the solver's search, ordering, equivalence pruning or bounds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import double_dummy, solve_position
from charlemagne_learn.analysis.solver import _Search
from charlemagne_learn.engine.deal import cards_of, mask_of

CANADIAN = cl.Rules.preset("canadian")
AMERICAN = cl.Rules.preset("american")
MAINE = cl.Rules.preset("maine")
EUCHRE = cl.Rules.preset("bid_euchre")

Hands = dict[cl.Seat, list[cl.Card]]


# ---------------------------------------------------------------- brute force
def to_move(k: cl.Contract, leader: cl.Seat, trick: list[cl.Card]) -> cl.Seat:
    seat = leader
    for _ in trick:
        seat = k.next_active(seat)
    return seat


def brute(
    k: cl.Contract, hands: Hands, leader: cl.Seat, trick: list[cl.Card], memo: dict[str, int] | None = None
) -> int:
    """Bidder-side tricks from now on (current trick included), every line of play tried."""
    memo = {} if memo is None else memo
    if len(trick) == len(k.active_seats):
        winner = cl.trick_winner(k, leader, trick)
        won = int(winner.team == k.team)
        if not hands[winner]:
            return won
        key = f"{winner.name} " + " / ".join(" ".join(sorted(map(str, hands[s]))) for s in cl.Seat)
        if key not in memo:
            memo[key] = brute(k, hands, winner, [], memo)
        return won + memo[key]
    seat = to_move(k, leader, trick)
    if not hands[seat]:
        return 0
    values = []
    for card in cl.legal_plays(k, hands[seat], trick):
        rest = dict(hands)
        rest[seat] = [c for c in hands[seat] if c != card]
        values.append(brute(k, rest, leader, [*trick, card], memo))
    # The bidder's side wants tricks, unless its bid is to avoid them.
    wants_tricks = (seat.team == k.team) != k.spec.avoid
    return max(values) if wants_tricks else min(values)


# ---------------------------------------------------------------- random small endings
ContractMaker = Callable[[random.Random], cl.Contract]


def _seat(rng: random.Random) -> cl.Seat:
    return rng.choice(list(cl.Seat))


def _suit(rng: random.Random) -> cl.Suit:
    return rng.choice(list(cl.Suit))


def _maine_lone(rng: random.Random) -> cl.Contract:
    bidder = _seat(rng)
    defender = rng.choice([bidder.left, bidder.partner.left])
    return cl.Contract(MAINE, "charlemagne", bidder, _suit(rng), alone=True, lone_defender=defender)


CONTRACTS: dict[str, ContractMaker] = {
    "canadian trump": lambda r: cl.Contract(CANADIAN, r.choice("5678"), _seat(r), _suit(r)),
    "canadian mulot": lambda r: cl.Contract(CANADIAN, "mulot", _seat(r)),
    "canadian gros mulot": lambda r: cl.Contract(CANADIAN, "gros_mulot", _seat(r)),
    "canadian charlemagne alone": lambda r: cl.Contract(CANADIAN, "charlemagne", _seat(r), _suit(r)),
    "american trump": lambda r: cl.Contract(AMERICAN, "6", _seat(r), _suit(r)),
    "american no trump": lambda r: cl.Contract(AMERICAN, "no_trump", _seat(r)),
    "american le petit": lambda r: cl.Contract(AMERICAN, "le_petit", _seat(r)),
    "maine lone defender": _maine_lone,
    "bid euchre trump": lambda r: cl.Contract(EUCHRE, "3", _seat(r), _suit(r)),
    "bid euchre no trump": lambda r: cl.Contract(EUCHRE, "3", _seat(r), None),
}


def random_ending(k: cl.Contract, size: int, rng: random.Random) -> tuple[Hands, cl.Seat]:
    """``size`` random cards of the variant's deck for each active seat, and a random active leader."""
    cards = [cl.Card.from_index(i) for i in rng.sample(list(k.rules.deck_indices), size * len(k.active_seats))]
    hands: Hands = {seat: [] for seat in cl.Seat}
    for n, seat in enumerate(k.active_seats):
        hands[seat] = cards[n * size : (n + 1) * size]
    return hands, rng.choice(k.active_seats)


def ending_size(k: cl.Contract, rng: random.Random) -> int:
    # Brute force over four full 4-card hands is too slow for the suite; fewer players can hold more cards.
    return rng.choice([2, 3, 3, 4]) if len(k.active_seats) < 4 else rng.choice([2, 3, 3, 3, 4])


SEEDS = range(40)


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("kind", CONTRACTS)
def test_double_dummy_matches_brute_force(kind: str) -> None:
    rng = random.Random(f"dd-{kind}")
    for _ in SEEDS:
        k = CONTRACTS[kind](rng)
        hands, leader = random_ending(k, ending_size(k, rng), rng)
        expected = brute(k, hands, leader, [])
        # The search itself, and "auto", which hands bridge-like contracts to DDS.
        assert double_dummy(k, hands, leader, method="python") == expected, (str(k), hands, leader)
        assert double_dummy(k, hands, leader, method="auto") == expected, (str(k), hands, leader)


@pytest.mark.parametrize("kind", CONTRACTS)
def test_solve_position_mid_trick_matches_brute_force(kind: str) -> None:
    rng = random.Random(f"mid-{kind}")
    for _ in SEEDS:
        k = CONTRACTS[kind](rng)
        hands, leader = random_ending(k, rng.choice([2, 3]), rng)
        # Play a random legal start of the first trick, leaving at least one card to play.
        trick: list[cl.Card] = []
        for _ in range(rng.randrange(len(k.active_seats))):
            seat = to_move(k, leader, trick)
            card = rng.choice(cl.legal_plays(k, hands[seat], trick))
            hands[seat] = [c for c in hands[seat] if c != card]
            trick.append(card)
        seat = to_move(k, leader, trick)
        got = solve_position(k, hands, leader, trick)
        assert sorted(got) == sorted(cl.legal_plays(k, hands[seat], trick))
        for card, value in got.items():
            rest = dict(hands)
            rest[seat] = [c for c in hands[seat] if c != card]
            assert value == brute(k, rest, leader, [*trick, card]), (str(k), hands, leader, trick, card)


def null_window_answers(k: cl.Contract, masks: list[int], leader: cl.Seat) -> list[bool]:
    """For each target ``t`` from 1 up, "does the bidder's side take at least t?" (as bid odds ask it, on one
    search object so the table is shared between questions), then "does it take none?"."""
    search = _Search(k, masks)
    n = masks[leader].bit_count()
    answers = [search.boundary(int(leader), t - 1, t) >= t for t in range(n, 0, -1)]
    return [*answers, search.boundary(int(leader), 0, 1) == 0]


def expected_answers(n: int, value: int) -> list[bool]:
    return [value >= t for t in range(n, 0, -1)] + [value == 0]


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("kind", CONTRACTS)
def test_null_window_questions_match_brute_force(kind: str) -> None:
    # The sure-trick bounds at trick boundaries decide many null-window searches on their own: check the
    # yes/no answers, not only full values.
    rng = random.Random(f"null-{kind}")
    for _ in SEEDS:
        k = CONTRACTS[kind](rng)
        hands, leader = random_ending(k, ending_size(k, rng), rng)
        masks = [mask_of(hands[seat]) for seat in cl.Seat]
        expected = brute(k, hands, leader, [])
        assert null_window_answers(k, masks, leader) == expected_answers(len(hands[leader]), expected), (str(k), hands)


FULL_DEALS = {
    "canadian charlemagne alone": cl.Contract(CANADIAN, "charlemagne", "N", "S"),
    "canadian mulot": cl.Contract(CANADIAN, "mulot", "N"),
    "american le petit": cl.Contract(AMERICAN, "le_petit", "E"),
    "maine lone defender": cl.Contract(MAINE, "charlemagne", "N", "H", alone=True, lone_defender="W"),
    "canadian trump": cl.Contract(CANADIAN, "7", "W", "D"),
}


@pytest.mark.parametrize("kind", FULL_DEALS)
def test_null_window_questions_agree_with_full_values_on_full_deals(kind: str) -> None:
    k = FULL_DEALS[kind]
    for seed in range(3):
        state = cl.HandState.new(k.rules, dealer="W", seed=500 + seed)
        masks = [mask_of(state.hand(seat)) if seat in k.active_seats else 0 for seat in cl.Seat]
        value = _Search(k, list(masks)).boundary(int(k.first_leader), -1, 9)
        assert null_window_answers(k, masks, k.first_leader) == expected_answers(8, value), seed
        hands = {seat: list(cards_of(m)) for seat, m in zip(cl.Seat, masks, strict=True) if m}
        assert double_dummy(k, hands, k.first_leader, method="python") == value


def test_double_dummy_is_the_best_first_lead() -> None:
    rng = random.Random(5)
    for kind in ("canadian trump", "canadian mulot", "american le petit"):
        k = CONTRACTS[kind](rng)
        hands, leader = random_ending(k, 4, rng)
        leads = solve_position(k, hands, leader).values()
        leader_wants_tricks = (leader.team == k.team) != k.spec.avoid
        assert double_dummy(k, hands, leader, method="python") == (max(leads) if leader_wants_tricks else min(leads))


# ---------------------------------------------------------------- hands worked out from docs/rules.md
def test_mulot_joker_rule_forces_the_bidder_to_win_a_trick() -> None:
    # Mulot, North alone (South sits out): the jokers are the only trumps. East leads A♣; North, void in
    # clubs and holding a joker, must play it and wins the trick with the only trump played. Had East led
    # RJ instead, North would have to play BJ under it and take nothing, but the defenders want North to
    # take tricks, so they lead A♣. The second trick goes to East's RJ. Without the joker rule North would
    # discard 7♠ and take no trick.
    k = cl.Contract(CANADIAN, "mulot", "N")
    hands = {"N": "BJ 7S", "E": "AC RJ", "W": "KC QC"}
    assert double_dummy(k, hands, "E") == 1
    leads = solve_position(k, hands, "E")
    assert leads == {cl.Card.parse("AC"): 1, cl.Card.parse("RJ"): 0}


def test_little_jack_is_a_trump_in_the_count() -> None:
    # Hearts trump: J♦ is the little jack, a trump. North leads J♥ and South must follow with J♦ (its only
    # "heart"), then North's A♠ wins the last trick: both tricks to North-South.
    k = cl.Contract(CANADIAN, "6", "N", "H")
    assert double_dummy(k, {"N": "JH AS", "E": "AC KS", "S": "JD 7S", "W": "KC QS"}, "N") == 2


def test_maine_high_nine_beats_the_big_jack_heads_up() -> None:
    # Maine, spades trump, lone Charlemagne (North) against a lone defender (East): 2-card tricks. The trump
    # 9 is the top trump, so East's 9♠ beats North's J♠ whichever is led, and North takes just the A♥ trick.
    k = cl.Contract(MAINE, "charlemagne", "N", "S", alone=True, lone_defender="E")
    assert double_dummy(k, {"N": "JS AH", "E": "9S 7H"}, "N") == 1
    assert double_dummy(k, {"N": "JS AH", "E": "9S 7H"}, "E") == 1


def test_a_low_lead_to_the_partners_top_cards_settles_a_question_without_a_search() -> None:
    # No trump: North has no winner of its own, but its 7♠ puts South on lead with the three top spades and the
    # only diamond, so North–South take all four tricks. The sure-trick bound sees it at once.
    k = cl.Contract(AMERICAN, "no_trump", "N")
    hands = {"N": "7S 7C 8C 9C", "E": "8S 9S KC QC", "S": "AS KS QS AD", "W": "10S JS AC JC"}
    parsed: Hands = {cl.Seat.find(s): cl.parse_cards(c) for s, c in hands.items()}
    assert brute(k, parsed, cl.Seat.N, []) == 4
    search = _Search(k, [mask_of(parsed[seat]) for seat in cl.Seat])
    assert search.boundary(int(cl.Seat.N), 3, 4) == 4
    assert search.nodes == 0
    # East on lead has no such entry to West: the bound must not claim the partner's tricks for it
    assert double_dummy(k, hands, "E", method="python") == brute(k, parsed, cl.Seat.E, [])


def test_bad_positions_are_rejected() -> None:
    k = cl.Contract(CANADIAN, "6", "N", "H")
    with pytest.raises(cl.TrickError):
        double_dummy(k, {"N": "AS", "E": "AS", "S": "7C", "W": "8C"}, "N")  # one card in two hands
    with pytest.raises(cl.TrickError):
        double_dummy(k, {"N": "AS KS", "E": "AC", "S": "7C", "W": "8C"}, "N")  # uneven hands
    alone = cl.Contract(CANADIAN, "charlemagne", "N", "H")
    with pytest.raises(cl.TrickError):
        double_dummy(alone, {"N": "AS", "E": "AC", "W": "8C"}, "S")  # South sits out and cannot lead


# ---------------------------------------------------------------- full deals
def test_full_canadian_deals_solve_and_play_out() -> None:
    """Full 8-card deals, hearts trump: the solver's value is reached by following its own best cards."""
    k = cl.Contract(CANADIAN, "6", "N", "H")
    start = time.perf_counter()
    for seed in range(3):
        state = cl.HandState.new(CANADIAN, seed=seed)
        hands: Hands = {seat: list(state.hand(seat)) for seat in cl.Seat}
        value = double_dummy(k, hands, k.first_leader, method="python")
        assert 0 <= value <= 8
        if seed == 0:
            # Follow one optimal line to the end: each chosen card keeps the value, and the tricks actually
            # taken (counted by the engine's trick_winner) equal it.
            leader, taken = k.first_leader, 0
            trick: list[cl.Card] = []
            for _ in range(32):
                seat = to_move(k, leader, trick)
                options = solve_position(k, hands, leader, trick)
                wants = (seat.team == k.team) != k.spec.avoid
                best = max(options.values()) if wants else min(options.values())
                assert best == value - taken
                card = next(c for c, v in options.items() if v == best)
                hands[seat] = [c for c in hands[seat] if c != card]
                trick.append(card)
                if len(trick) == 4:
                    leader = cl.trick_winner(k, leader, trick)
                    taken += leader.team == k.team
                    trick = []
            assert taken == value
    assert time.perf_counter() - start < 15
