"""The compiled search (WebAssembly) against the pure-Python search, its oracle, and against DDS.

Every contract shape the engine can make is drawn: each variant with its house rules (``high_joker``,
``nine_high``), partnership, lone (three players) and lone-defender (two players) contracts, no trump, the
avoid bids with and without the Mulot joker rule. Hands are small (3 to 5 cards) where the pure-Python search
would be slow; DDS checks full deals. Whole solves must be equal; null-window answers must fall on the same side
of the window; ``solve_position`` must give every card the same value mid-trick.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled, solver
from charlemagne_learn.analysis.compiled import CompiledSearch
from charlemagne_learn.analysis.dds import maps_onto_bridge
from charlemagne_learn.analysis.solver import _Search, double_dummy, solve_position
from charlemagne_learn.engine.deal import cards_of, mask_of

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")

Shape = tuple[str, bool, int, bool, bool]


def every_contract() -> Iterator[cl.Contract]:
    """Each contract of each variant (and its play-changing house rules), North bidding."""
    for variant in ("canadian", "american", "maine", "bid_euchre"):
        for options in ({}, {"high_joker": "black"}, {"nine_high": True}, {"nine_high": False}):
            rules = cl.Rules.preset(variant, **options)
            for spec in rules.bids:
                for trump in (None, "C", "D", "H", "S"):
                    for alone in (None, True, False):
                        for defender in (None, "E", "W"):
                            try:
                                yield cl.Contract(rules, spec.name, "N", trump, alone=alone, lone_defender=defender)
                            except cl.ContractError:
                                continue


def shape(k: cl.Contract) -> Shape:
    """What changes the search: variant, avoid bid, players, no trump, the Mulot joker rule."""
    no_trump = k.order.trump_suit is None
    return k.rules.name, k.spec.avoid, len(k.active_seats), no_trump, k.order.void_must_play_joker


SHAPES: dict[Shape, list[cl.Contract]] = defaultdict(list)
for _k in every_contract():
    SHAPES[shape(_k)].append(_k)


def test_every_kind_of_contract_is_drawn() -> None:
    kinds = {(s[1], s[2], s[3], s[4]) for s in SHAPES}
    assert (True, 3, False, True) in kinds  # Mulot: avoid, three players, joker rule
    assert (True, 3, True, False) in kinds  # Le Petit
    assert (False, 2, False, False) in kinds  # Maine's lone defender
    assert (False, 3, False, False) in kinds  # a lone Charlemagne
    assert (False, 4, True, False) in kinds  # no trump
    assert len(SHAPES) == 14


def draw(k: cl.Contract, rng: random.Random) -> cl.Contract:
    """``k`` with a random bidder."""
    bidder = rng.choice(list(cl.Seat))
    turn = (int(bidder) - int(k.bidder)) % 4
    defender = None if k.lone_defender is None else cl.Seat((int(k.lone_defender) + turn) % 4)
    return cl.Contract(k.rules, k.spec.name, bidder, k.trump, alone=k.alone, lone_defender=defender)


def deal(k: cl.Contract, size: int, rng: random.Random) -> tuple[list[int], cl.Seat]:
    cards = rng.sample(list(k.rules.deck_indices), size * len(k.active_seats))
    masks = [0, 0, 0, 0]
    for n, seat in enumerate(k.active_seats):
        masks[seat] = sum(1 << c for c in cards[n * size : (n + 1) * size])
    return masks, rng.choice(k.active_seats)


def check_deal(k: cl.Contract, masks: list[int], leader: cl.Seat) -> None:
    python = _Search(k, list(masks))
    fast = CompiledSearch(k, list(masks))
    value = python.solve(int(leader))
    assert fast.solve(int(leader)) == value, (str(k), masks, leader)
    n = masks[leader].bit_count()
    # null windows, as bid odds and the exchange judge ask them, on the same search objects (shared tables)
    for target in range(n, 0, -1):
        assert (fast.boundary(int(leader), target - 1, target) >= target) == (value >= target), (str(k), masks)
    assert (fast.boundary(int(leader), 0, 1) == 0) == (value == 0)
    assert fast.boundary(int(leader), -1, n + 1) == value


@pytest.mark.parametrize("kind", sorted(SHAPES), ids=lambda s: "-".join(map(str, s)))
def test_whole_solves_and_null_windows_match_the_python_search(kind: Shape) -> None:
    rng = random.Random(f"compiled-{kind}")
    for _ in range(80):
        k = draw(rng.choice(SHAPES[kind]), rng)
        size = rng.choice([3, 4, 5] if len(k.active_seats) < 4 else [3, 4, 4])
        masks, leader = deal(k, size, rng)
        check_deal(k, masks, leader)


def play_some(k: cl.Contract, masks: list[int], leader: cl.Seat, rng: random.Random) -> list[cl.Card]:
    """A random legal start of the trick (taking its cards out of ``masks``), at least one card left to play."""
    trick: list[cl.Card] = []
    seat = leader
    for _ in range(rng.randrange(len(k.active_seats))):
        card = rng.choice(cl.legal_plays(k, list(cards_of(masks[seat])), trick))
        masks[seat] ^= 1 << card.index
        trick.append(card)
        seat = k.next_active(seat)
    return trick


def hands_of(k: cl.Contract, masks: list[int]) -> dict[cl.Seat, list[cl.Card]]:
    return {seat: list(cards_of(masks[seat])) for seat in k.active_seats}


@pytest.mark.parametrize("kind", sorted(SHAPES), ids=lambda s: "-".join(map(str, s)))
def test_every_card_mid_trick_matches_the_python_search(kind: Shape) -> None:
    rng = random.Random(f"compiled-mid-{kind}")
    for _ in range(80):
        k = draw(rng.choice(SHAPES[kind]), rng)
        masks, leader = deal(k, rng.choice([2, 3, 4]), rng)
        trick = play_some(k, masks, leader, rng)
        hands = hands_of(k, masks)
        expected = solve_position(k, hands, leader, trick, method="python")
        assert solve_position(k, hands, leader, trick, method="compiled") == expected, (str(k), hands, trick)


@settings(max_examples=100, deadline=None)
@given(kind=st.sampled_from(sorted(SHAPES)), seed=st.integers(0, 2**32), size=st.integers(1, 4))
def test_any_small_position(kind: Shape, seed: int, size: int) -> None:
    rng = random.Random(seed)
    k = draw(rng.choice(SHAPES[kind]), rng)
    masks, leader = deal(k, size, rng)
    trick = play_some(k, masks, leader, rng)
    hands = hands_of(k, masks)
    expected = solve_position(k, hands, leader, trick, method="python")
    assert solve_position(k, hands, leader, trick, method="compiled") == expected
    if not trick:
        assert double_dummy(k, hands, leader, method="compiled") == double_dummy(k, hands, leader, method="python")


BRIDGE = [("canadian", "6", "H"), ("american", "no_trump", None), ("maine", "5", "C"), ("bid_euchre", "3", None)]


@pytest.mark.parametrize(("variant", "bid", "trump"), BRIDGE)
def test_full_deals_agree_with_dds(variant: str, bid: str, trump: str | None) -> None:
    rules = cl.Rules.preset(variant)
    k = cl.Contract(rules, bid, "N", trump)
    assert maps_onto_bridge(k)
    for seed in range(8):
        state = cl.HandState.new(rules, dealer="W", seed=2000 + seed)
        hands = {seat: list(state.hand(seat)) for seat in cl.Seat}
        expected = double_dummy(k, hands, k.first_leader, method="dds")
        assert double_dummy(k, hands, k.first_leader, method="compiled") == expected, (variant, seed)


def test_positions_mid_hand_agree_with_dds() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = cl.HandState.new(cl.Rules.preset(rng.choice(["canadian", "american", "bid_euchre"])), seed=seed)
        while not state.is_over:
            k = state.contract
            if state.phase is cl.Phase.PLAY and k is not None and maps_onto_bridge(k) and rng.random() < 0.3:
                hands = {s: list(state.hand(s)) for s in k.active_seats}
                leader = state.trick[0][0] if state.trick else state.to_move
                trick = [c for _, c in state.trick]
                by_dds = solve_position(k, hands, leader, trick, method="dds")
                assert solve_position(k, hands, leader, trick, method="compiled") == by_dds, state.to_json()
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 20


# ---------------------------------------------------------------- the module's own bookkeeping
def small_module(monkeypatch: pytest.MonkeyPatch, slots: int) -> compiled._Module:
    """A module instance of its own holding ``slots`` contracts, used by every search for the test's length."""
    module = compiled.load(slots)
    monkeypatch.setattr(compiled, "_loaded", module)
    return module


def test_contracts_beyond_the_module_slots_are_still_right(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two slots for many contracts: each new contract takes a slot over, and the table's entries of the
    # contract that held it must not answer for the new one. More deals than the table's generation tag counts
    # (256), so entries of a generation long past are met again and must still be right.
    module = small_module(monkeypatch, 2)
    rng = random.Random(3)
    kinds = sorted(SHAPES)
    for i in range(300):
        k = draw(rng.choice(SHAPES[kinds[i % len(kinds)]]), rng)
        masks, leader = deal(k, 3, rng)
        assert CompiledSearch(k, masks).solve(int(leader)) == _Search(k, list(masks)).solve(int(leader))
    assert module.holding() == 2


@pytest.mark.parametrize(("slots", "batched"), [(compiled.SLOTS, True), (2, True), (compiled.SLOTS, False)])
def test_many_questions_asked_together_get_each_its_own_answer(
    monkeypatch: pytest.MonkeyPatch, slots: int, batched: bool
) -> None:
    # More questions than the module takes in one call, about more contracts than it holds at once (with two
    # slots, a contract asked about early in a batch must not have lost its slot to a later one by the time the
    # batch runs); and the same asked one call each, where the module's memory is out of reach (``batched``).
    module = small_module(monkeypatch, slots)
    if not batched:
        module._records = None
    rng = random.Random(11)
    kinds = sorted(SHAPES)
    asks = []
    for i in range(compiled.BATCH + 100):
        k = draw(rng.choice(SHAPES[kinds[i % len(kinds)]]), rng)
        masks, leader = deal(k, 3, rng)
        line = rng.randint(1, 3)
        asks.append((k, masks, int(leader), *((-1, 4) if i % 3 == 0 else (line - 1, line))))
    assert len({id(k) for k, *_ in asks}) > compiled.SLOTS
    for (k, masks, leader, alpha, beta), answer in zip(asks, compiled.bounds(asks), strict=True):
        value = _Search(k, list(masks)).solve(leader)
        if alpha < 0:  # a window wider than the hand: the exact count
            assert answer == value
        else:
            assert (answer >= beta) == (value >= beta)


def test_the_shared_module_is_untouched_by_another_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each instance keeps its own memory and its own record of which contract each slot holds: searches in a
    # small instance must not leave the shared one sending a contract to another contract's layout.
    rng = random.Random(5)
    kinds = sorted(SHAPES)
    picks = [draw(rng.choice(SHAPES[kind]), rng) for kind in kinds]
    deals = [deal(k, 3, rng) for k in picks]
    before = [CompiledSearch(k, list(m)).solve(int(leader)) for k, (m, leader) in zip(picks, deals, strict=True)]
    with monkeypatch.context() as patch:
        small_module(patch, 1)
        for k, (masks, leader) in zip(picks[::-1], deals[::-1], strict=True):
            CompiledSearch(k, list(masks)).solve(int(leader))
    after = [CompiledSearch(k, list(m)).solve(int(leader)) for k, (m, leader) in zip(picks, deals, strict=True)]
    expected = [_Search(k, list(m)).solve(int(leader)) for k, (m, leader) in zip(picks, deals, strict=True)]
    assert before == after == expected


def test_a_search_object_reads_its_hands_at_every_call() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    hands = [mask_of(cl.parse_cards(h)) for h in ("JH AS", "AC KS", "JD 7S", "KC QS")]
    search = CompiledSearch(k, hands)
    assert search.solve(int(cl.Seat.N)) == 2
    hands[0], hands[1] = hands[1], hands[0]  # North now holds A♣ K♠ and East the trumps
    assert search.solve(int(cl.Seat.N)) == _Search(k, list(hands)).solve(int(cl.Seat.N))


def test_method_compiled_says_why_it_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "mulot", "N")
    hands = {"N": "BJ 7S", "E": "AC RJ", "W": "KC QC"}
    monkeypatch.setattr(compiled, "_loaded", None)
    monkeypatch.setattr(compiled, "_failure", "no_wasmtime")
    with pytest.raises(cl.RulesOptionError, match="wasmtime package is not installed"):
        double_dummy(k, hands, "E", method="compiled")
    # "auto" falls back to the pure-Python search, with the same answer
    assert double_dummy(k, hands, "E") == 1
    assert isinstance(solver.searcher(k, hands=[0, 0, 0, 0]), _Search)
    assert compiled.why_unavailable("fr") == "le paquet wasmtime n'est pas installé"


def test_auto_hands_bridge_like_solves_to_dds_only_where_the_compiled_search_cannot_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from charlemagne_learn.analysis import dds

    monkeypatch.setattr(dds, "available", lambda: True)
    canadian = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    mulot = cl.Contract(cl.Rules.preset("canadian"), "mulot", "N")
    assert not solver.dds_first(canadian)  # the compiled search is the faster on full deals too
    assert solver._engine(canadian, "auto") == "compiled"
    monkeypatch.setattr(compiled, "_loaded", None)
    assert solver.dds_first(canadian)  # where the compiled search cannot run
    assert solver._engine(canadian, "auto") == "dds"
    assert not solver.dds_first(mulot)  # not bridge
    assert solver._engine(mulot, "auto") == "python"


def test_a_search_object_outliving_its_contract_slot_gets_its_own_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # One slot, two contracts packing the same deal the same way (the same trump) but counting opposite sides'
    # tricks. Asked again after the other took the slot (no fresh table then), the first object must not read
    # the entries the other left under that slot number.
    small_module(monkeypatch, 1)
    rules = cl.Rules.preset("canadian")
    by_north, by_east = cl.Contract(rules, "6", "N", "H"), cl.Contract(rules, "6", "E", "H")
    for seed in range(3):
        state = cl.HandState.new(rules, dealer="W", seed=seed)
        masks = [mask_of(state.hand(seat)) for seat in cl.Seat]
        north, east = CompiledSearch(by_north, list(masks)), CompiledSearch(by_east, list(masks))
        expected = _Search(by_north, list(masks)).solve(0)
        assert north.solve(0) == expected
        assert east.solve(0) == 8 - expected
        assert north.solve(0) == expected


def test_the_module_refuses_a_card_its_contract_does_not_deal() -> None:
    # A card outside the contract's layout has no place in the packed hands: searching it anyway would read
    # memory the layout never wrote. The solver's own checks stop such hands first; the module refuses them too.
    k = cl.Contract(cl.Rules.preset("bid_euchre"), "3", "N", "H")
    joker = cl.parse_cards("BJ")[0].index  # Charlemagne's jokers are not in Bid Euchre's deck
    hands = [mask_of(cl.parse_cards(h)) for h in ("JH AS", "AC KS", "JD 9S", "KC QS")]
    hands[0] |= 1 << joker
    hands[1] |= 1 << cl.parse_cards("TS")[0].index
    search = CompiledSearch(k, hands)
    for ask in (lambda: search.solve(0), lambda: search.boundary(0, 1, 2), lambda: search.position(0, [], [joker])):
        with pytest.raises(RuntimeError, match="refused"):
            ask()
    hands[0], hands[1] = hands[1], hands[1]  # a card in two hands
    with pytest.raises(RuntimeError, match="refused"):
        search.solve(1)


# ---------------------------------------------------------------- bounds that cut before searching
def no_trump_ending(south_runs: int) -> tuple[cl.Contract, list[int]]:
    """American No Trump by North, four cards each, North to lead. South holds the top card of a suit and
    ``south_runs - 1`` cards below its second, which East holds alone, so North's low card of the suit drops it
    and South's run is ``south_runs`` tricks (then South's lowest card of the suit West tops); East tops the
    other two suits."""
    k = cl.Contract(cl.Rules.preset("american"), "no_trump", "N")
    runs, threats, more, guards = solver._layout(k.order).cards  # each suit's cards, weakest first
    north = [runs[0], threats[0], threats[1], more[0]]
    east = [runs[-2], threats[-1], threats[-2], more[-1]]
    south = [runs[-1], *runs[-1 - south_runs : -2]] + guards[: 4 - south_runs]
    west = guards[-4:]
    return k, [sum(1 << c for c in hand) for hand in (north, east, south, west)]


def test_a_side_short_of_leads_for_every_trick_is_bounded_without_a_search() -> None:
    # North-South top one suit, three cards long: with no trump they cannot lead four tricks they win, so
    # "all four?" is answered by the bound of the position itself, no lead searched (its cashing tricks, one,
    # bound nothing here).
    k, masks = no_trump_ending(3)
    count = compiled.visited()
    before = count()
    assert CompiledSearch(k, list(masks)).boundary(0, 3, 4) <= 3
    assert count() - before == 0
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 3


def test_the_longest_hand_of_the_leaders_side_counts_for_its_suit() -> None:
    # North holds one card of the suit South runs four long: counted from the leader's own hand, the bound
    # would deny the side the four tricks it takes through its partner.
    k, masks = no_trump_ending(4)
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 4
    assert CompiledSearch(k, list(masks)).boundary(0, 3, 4) == 4


def trump_ending(bid: str, *hands: list[int]) -> tuple[cl.Contract, list[int]]:
    """Canadian hearts by North, the hands (North, East, South, West) given as (segment, place) pairs: segment
    3 is the trumps, places count from each segment's weakest card (-1: its top)."""
    k = cl.Contract(cl.Rules.preset("canadian"), bid, "N", "H")
    cards = solver._layout(k.order).cards
    return k, [sum(1 << cards[segment][place] for segment, place in hand) for hand in hands]


def nodes_for(k: cl.Contract, masks: list[int], alpha: int, beta: int) -> tuple[int, int]:
    """North's ``boundary`` answer in a fresh search, and the nodes it visited."""
    count = compiled.visited()
    before = count()
    return CompiledSearch(k, list(masks)).boundary(0, alpha, beta), count() - before


def test_a_lone_hand_holding_a_suit_it_does_not_top_is_bounded_without_a_search() -> None:
    # Charlemagne alone: North's three top trumps are sure, its low spade is not (East holds the top spade and
    # keeps it for North's lead): four of four is refused by the position's bound, trumps in play or not.
    k, masks = trump_ending(
        "charlemagne",
        [(3, -1), (3, -2), (3, -3), (0, 0)],
        [(0, -1), (1, 0), (1, 1), (2, 0)],
        [],
        [(1, -1), (1, -2), (2, -1), (2, -2)],
    )
    answer, nodes = nodes_for(k, masks, 3, 4)
    assert answer <= 3 and nodes == 0
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 3


def test_a_second_trump_sitting_over_the_top_one_is_bounded_without_a_search() -> None:
    # North leads with the top and third trumps; East, playing after North, holds the second and a low one, so
    # it wins a trick with the second, though neither of its trumps is sure by itself.
    k, masks = trump_ending("6", [(3, -1), (3, -3)], [(3, -2), (3, 0)], [(0, -1), (0, -2)], [(1, -1), (1, -2)])
    answer, nodes = nodes_for(k, masks, 1, 2)
    assert answer <= 1 and nodes == 0
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 1


def test_a_second_trump_under_the_top_one_is_finessed() -> None:
    # East's second trump plays before South's top one, and South also holds the third: North leads a low
    # trump through East, and North-South take both tricks. The bound of a second trump must not apply here.
    k, masks = trump_ending("6", [(3, 1), (0, 0)], [(3, -2), (3, 0)], [(3, -1), (3, -3)], [(1, -1), (1, -2)])
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 2
    assert nodes_for(k, masks, 1, 2)[0] == 2


def test_a_second_trump_alone_falls_under_the_top_one() -> None:
    # East's second trump is its only one: North's top trump, led, takes it, and North-South take both tricks.
    k, masks = trump_ending("6", [(3, -1), (0, -1)], [(3, -2), (1, 0)], [(0, 0), (1, -1)], [(2, -1), (2, -2)])
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 2
    assert nodes_for(k, masks, 1, 2)[0] == 2


def test_the_top_two_trumps_in_two_hands_of_a_side_are_two_tricks() -> None:
    # East holds the top trump and a low one, West the second: neither of West's is sure by itself, but East
    # plays its low trump to the one trick West's second must be played to, so East-West take two tricks and
    # North-South at most one, which the bound of the position itself says, no lead searched (they take none).
    k, masks = trump_ending(
        "6", [(3, -3), (0, 0), (1, 0)], [(3, -1), (3, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(3, -2), (0, -1), (1, -1)]
    )
    answer, nodes = nodes_for(k, masks, 1, 2)
    assert answer <= 1 and nodes == 0
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 0


def test_the_top_two_trumps_alone_in_two_hands_fall_together() -> None:
    # East's top trump and West's second are each their hand's only trump: North's trump lead takes both at
    # once, and North-South take the other two tricks with North's last trump and top spade, though neither is
    # sure before (East can ruff the spade).
    k, masks = trump_ending(
        "6",
        [(3, -3), (3, -4), (0, -1)],
        [(3, -1), (1, 0), (1, 1)],
        [(0, 0), (1, 2), (2, 0)],
        [(3, -2), (2, -1), (2, -2)],
    )
    assert CompiledSearch(k, list(masks)).solve(0) == _Search(k, list(masks)).solve(0) == 2
    assert nodes_for(k, masks, 1, 2)[0] == 2


# ---------------------------------------------------------------- the first question of a whole solve
def solved_by_two_questions(variant: str, bid: str, trump: str | None, seed: int, value: int) -> bool:
    """Is the whole solve of deal ``seed`` (North bidding, its first leader on lead), whose value is ``value``,
    the two null-window searches either side of it and no more (MTD(f) asking ``value`` or ``value + 1``
    first)?"""
    rules = cl.Rules.preset(variant)
    state = cl.HandState.new(rules, dealer="W", seed=seed)
    k = cl.Contract(rules, bid, "N", trump)
    masks = [mask_of(state.hand(seat)) for seat in cl.Seat]
    leader = int(k.first_leader)
    count = compiled.visited()
    before = count()
    assert CompiledSearch(k, list(masks)).solve(leader) == _Search(k, list(masks)).solve(leader) == value
    solve_nodes = count() - before
    questions = []
    for first, then in (((value - 1, value), (value, value + 1)), ((value, value + 1), (value - 1, value))):
        search = CompiledSearch(k, list(masks))
        before = count()
        assert search.boundary(leader, *first) == search.boundary(leader, *then) == value
        questions.append(count() - before)
    return solve_nodes in questions


def test_a_partnership_solve_asks_first_halfway_between_the_sides_top_cards() -> None:
    # Canadian spades by North, seed 9: North-South hold the top club and all four of the top trumps, East-West
    # the top diamond and heart, so the first question is "six of eight?", halfway between the five tricks those
    # top cards promise North-South and the six East-West's leave them. North-South take six (asking two, a
    # quarter of the tricks, first took the searches of every value between as well).
    assert solved_by_two_questions("canadian", "6", "S", 9, 6)


def test_with_no_trump_a_sides_run_of_top_cards_counts() -> None:
    # American no trump by North, seed 13: North-South hold the ace of clubs and the ace-king of hearts and of
    # spades, five tricks, East-West the ace-king of diamonds, two: "six of eight?" first, and they take six.
    # Counting the suits' top cards alone, three against one, would ask five first.
    assert solved_by_two_questions("american", "no_trump", None, 13, 6)


# ---------------------------------------------------------------- move ordering
def nodes_a_solve(variant: str, bid: str, trumps: str | None, seeds: range) -> float:
    """Nodes the compiled search visits on average to solve deals ``seeds`` whole, North bidding, the trumps
    taken in turn from ``trumps``."""
    rules = cl.Rules.preset(variant)
    count = compiled.visited()
    before = count()
    for seed in seeds:
        k = cl.Contract(rules, bid, "N", trumps[seed % len(trumps)] if trumps else None)
        masks = [mask_of(cl.HandState.new(rules, dealer="W", seed=seed).hand(seat)) for seat in cl.Seat]
        CompiledSearch(k, masks).solve(int(k.first_leader))
    return (count() - before) / len(seeds)


def test_a_trump_solve_leads_no_winner_into_a_ruff_first_and_wastes_no_card() -> None:
    # Seeds 0-39 of Canadian partnership trump: 9,217 nodes a solve when every winner was led first, an
    # opponent's ruff or not, and followers won with their lowest card that won so far, though an opponent
    # still to play beat it; 5,078 with the winners an opponent can ruff led last and a follower's card beating
    # every card still to come tried first.
    assert nodes_a_solve("canadian", "6", "CDHS", range(40)) < 6000


def test_a_no_trump_solve_wastes_no_card_and_discards_from_the_bottom() -> None:
    # Seeds 0-39 of American no trump: 6,246 nodes a solve before, 5,236 now (the follower's order alone).
    assert nodes_a_solve("american", "no_trump", None, range(40)) < 5800
