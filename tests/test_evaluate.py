"""RuleBot's judgement of a hand read from tables: a hand's strength, losers, discards and risky cards for a bid to
take no trick are looked up suit by suit (each side suit of a hand is one of 256 holdings of its eight bits), where
they were worked out card by card. The answers are the formulas' own, to the last bit of every float: the formulas
are kept here, as they were, and compared hand for hand.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from types import FrameType
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import evaluate
from charlemagne_learn.engine.deal import indices_of
from charlemagne_learn.engine.ranking import CardOrder, card_order
from charlemagne_learn.engine.rules import VARIANTS, Rules

#: Every rule system, and the house rule that swaps the jokers (it changes the trumps' order).
SYSTEMS = {**VARIANTS, "canadian, black joker high": Rules.preset("canadian", high_joker="black")}
_ACE, _KING = 7, 6
_ACES_AND_KINGS = sum(1 << (suit * 8 + rank) for suit in range(4) for rank in (_ACE, _KING))


# ---------------------------------------------------------------- the formulas as they were, kept only here
def formula_strength(order: CardOrder, hand: int) -> float:
    trump_suit = order.trump_suit
    masks = order.suit_mask
    value, held = 0.0, 0
    if trump_suit is not None:
        for pos, card in enumerate(order.trumps):
            if hand >> card & 1:
                missing = pos - held
                value += (1.0, 0.85, 0.7)[missing] if missing < 3 else 0.5
                held += 1
        value += 0.3 * max(0, held - 3)
    side = hand & _ACES_AND_KINGS
    if trump_suit is not None:
        side &= ~masks[trump_suit]
    while side:
        low = side & -side
        side ^= low
        card = low.bit_length() - 1
        length = (hand & masks[order.suit_of[card]]).bit_count()
        if card % 8 == _ACE:
            value += 0.8 if length <= 4 else 0.5
        elif length >= 2:
            value += 0.4 if hand >> (card + 1) & 1 else 0.25
    if held >= 2:
        for suit in range(4):
            if suit != trump_suit and not hand & masks[suit]:
                value += 0.5
    return value


@lru_cache(maxsize=64)
def discard_keys(order: CardOrder) -> list[int]:
    keys = []
    for card, (suit, power) in enumerate(zip(order.suit_of, order.power, strict=True)):
        rank_class = 2 if suit == order.trump_suit else 1 if card % 8 == _ACE else 0
        keys.append(rank_class << 40 | power << 8 | card)
    return keys


def formula_discard(order: CardOrder, hand: int, count: int) -> int:
    if count <= 0:
        return 0
    fixed = discard_keys(order)
    lengths = [(hand & mask).bit_count() << 32 for mask in order.suit_mask]
    if order.trump_suit is not None:
        lengths[order.trump_suit] = 0
    out = 0
    for key in sorted([fixed[c] + lengths[order.suit_of[c]] for c in indices_of(hand)])[:count]:
        out |= 1 << (key & 63)
    return out


def run_of(cards: Sequence[int], hand: int) -> int:
    run = 0
    for c in cards:
        if not hand >> c & 1:
            break
        run += 1
    return run


def formula_losers(order: CardOrder, hand: int) -> int:
    trump = order.trump_suit
    winners = 0
    drawn = True
    if trump is not None and order.trumps:
        trumps = order.trumps
        run = run_of(trumps, hand)
        missing = len(trumps) - (hand & order.suit_mask[trump]).bit_count()
        drawn = run >= missing
        winners += len(trumps) - missing if drawn else run
    for suit in range(4):
        if suit == trump:
            continue
        cards = order.by_power[suit]
        mine = (hand & order.suit_mask[suit]).bit_count()
        run = run_of(cards, hand)
        tops = mine if run >= len(cards) - mine else run
        winners += tops if drawn else min(tops, 1)
    return hand.bit_count() - winners


@lru_cache(maxsize=16)
def low_first(rules: Rules) -> tuple[tuple[int, ...], ...]:
    plain = card_order(rules, None)
    return tuple(
        tuple(sorted(indices_of(plain.suit_mask[suit] & ~plain.joker_mask), key=lambda c: plain.power[c]))
        for suit in range(4)
    )


def formula_danger(rules: Rules, hand: int) -> int:
    danger = 0
    for suit in low_first(rules):
        held = 0
        for below, c in enumerate(suit):
            if hand >> c & 1:
                danger += below > 2 * held + 1
                held += 1
    return danger


def dealt(rules: Rules, seed: str, count: int) -> list[int]:
    """``count`` seeded hands of every size from none to three cards over a hand (a bidder with the kitty)."""
    deck = list(rules.deck_indices)
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(deck, rng.randint(0, rules.hand_size + 3))) for _ in range(count)]


# ---------------------------------------------------------------- the same answers
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_hand_is_judged_as_the_formulas_judge_it(system: str) -> None:
    """Strength (the same float, bit for bit: the values are added in the same order), losers and the discards of
    every count, under every trump and none, on 2,500 seeded hands of each rule system."""
    rules = SYSTEMS[system]
    hands = dealt(rules, system, 2500)
    for trump in [None, *cl.Suit]:
        order = card_order(rules, trump)
        for hand in hands:
            assert evaluate.hand_strength(order, hand).hex() == formula_strength(order, hand).hex(), (trump, hand)
            assert evaluate.losers(order, hand) == formula_losers(order, hand), (trump, hand)
            for count in range(5):
                assert evaluate.discard(order, hand, count) == formula_discard(order, hand, count), (trump, hand)
    assert [evaluate._avoid_danger(rules, hand) for hand in hands] == [formula_danger(rules, hand) for hand in hands]


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_side_holding_and_every_trump_holding_is_judged_as_the_formulas_judge_it(system: str) -> None:
    """Each of a side suit's 256 holdings beside trumps held or not (a void counts only beside two trumps), and every
    holding of the trumps beside a fixed side: all the tables' entries, not only those random hands meet."""
    rules = SYSTEMS[system]
    deck = sum(1 << c for c in rules.deck_indices)
    rng = random.Random(system)
    for trump in [None, *cl.Suit]:
        order = card_order(rules, trump)
        trumps = 0 if order.trump_suit is None else order.suit_mask[order.trump_suit]
        for suit in range(4):
            if suit == order.trump_suit:
                continue
            for holding in range(256):
                for beside in (0, trumps, trumps & rng.getrandbits(34), deck & ~trumps & rng.getrandbits(34)):
                    hand = ((holding << suit * 8) | beside) & deck
                    assert evaluate.hand_strength(order, hand).hex() == formula_strength(order, hand).hex()
                    assert evaluate.losers(order, hand) == formula_losers(order, hand)
                    assert evaluate.discard(order, hand, 3) == formula_discard(order, hand, 3)
        held = list(indices_of(trumps))
        side = deck & ~trumps & rng.getrandbits(34)
        for pick in range(min(1 << len(held), 4096)):
            hand = sum(1 << c for i, c in enumerate(held) if pick >> i & 1) | side
            assert evaluate.hand_strength(order, hand).hex() == formula_strength(order, hand).hex()
            assert evaluate.losers(order, hand) == formula_losers(order, hand)


# ---------------------------------------------------------------- the work
def lines_run(work: Callable[[], Any]) -> int:
    """How many lines of Python ``work`` runs: the interpreter's work, counted, where time would be noise."""
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
    return count


def test_a_hand_is_judged_in_a_few_lookups_a_suit_not_a_loop_over_its_cards() -> None:
    """What an exchange asks of each of thousands of hands (the discards, then strength and losers of what is
    left, under each trump) runs well under half the lines the formulas ran card by card."""
    rules = Rules.preset("canadian")
    hands = dealt(rules, "lines", 200)
    orders = [card_order(rules, trump) for trump in cl.Suit]

    def judged(
        strength: Callable[[CardOrder, int], float],
        losers: Callable[[CardOrder, int], int],
        discard: Callable[[CardOrder, int, int], int],
    ) -> Callable[[], None]:
        def work() -> None:
            for hand in hands:
                for order in orders:
                    kept = hand & ~discard(order, hand, 2)
                    strength(order, kept)
                    losers(order, kept)

        return work

    # the tables made, and the formulas' keys and suits in order, before counting
    judged(evaluate.hand_strength, evaluate.losers, evaluate.discard)()
    judged(formula_strength, formula_losers, formula_discard)()
    now = lines_run(judged(evaluate.hand_strength, evaluate.losers, evaluate.discard))
    formulas = lines_run(judged(formula_strength, formula_losers, formula_discard))
    assert now < 0.5 * formulas, (now, formulas)
    [(evaluate._avoid_danger(rules, hand), formula_danger(rules, hand)) for hand in hands]
    now = lines_run(lambda: [evaluate._avoid_danger(rules, hand) for hand in hands])
    formulas = lines_run(lambda: [formula_danger(rules, hand) for hand in hands])
    assert now < 0.2 * formulas, (now, formulas)
