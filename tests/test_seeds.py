"""One rule for seeds, everywhere: a whole number from 0 to 2**64 - 1; different seeds, different deals.

Issue 11: ``HandState.new(seed=0)`` and ``seed=2**64`` dealt the same hands, ``bid_odds`` seeds 5 and
5 + 2**32 gave the same numbers, and negative seeds were accepted by some calls and refused by others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint
from charlemagne_learn.analysis.stats import make_dataset
from charlemagne_learn.engine.rng import SEED_LIMIT, DealRandom, derive_seed
from charlemagne_learn.teach.quiz import questions
from charlemagne_learn.widgets import BidOddsExplorer, PlayTable, TrickQuiz

RULES = cl.Rules.preset("canadian")
HAND = "RJ BJ JH JD AH KH AS AC"

#: Every public call that takes a seed, given one.
SEEDED: dict[str, Callable[[Any], object]] = {
    "HandState.new": lambda seed: cl.HandState.new(RULES, seed=seed),
    "Game": lambda seed: cl.Game(RULES, "N", seed),
    "play_hand": lambda seed: cl.play_hand(RULES, [cl.RandomBot(s) for s in range(4)], seed=seed),
    "play_game": lambda seed: cl.play_game(RULES, [cl.RandomBot(s) for s in range(4)], seed, max_hands=1),
    "RandomBot": lambda seed: cl.RandomBot(seed),
    "RuleBot": lambda seed: cl.RuleBot(seed),
    "PimcBot": lambda seed: cl.PimcBot(seed),
    "bid_odds": lambda seed: cl.bid_odds(RULES, HAND, samples=2, seed=seed, workers=1),
    "hint": lambda seed: hint(cl.HandState.new(RULES, "W", 4).view("N"), samples=2, seed=seed, workers=1),
    "questions": lambda seed: next(questions("canadian", 1, seed=seed)),
    "TrickQuiz": lambda seed: TrickQuiz(seed=seed),
    "BidOddsExplorer": lambda seed: BidOddsExplorer(seed=seed, auto=False),
    "PlayTable": lambda seed: PlayTable("canadian", seat="S", seed=seed, hints=False, grade_moves=False),
    "DealRandom": lambda seed: DealRandom(seed),
}


@pytest.mark.parametrize("name", sorted(SEEDED))
@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2**70, 1.0, "3", True])
def test_every_seeded_call_refuses_what_is_not_a_seed(name: str, seed: Any) -> None:
    with pytest.raises(cl.SeedError, match="a seed is a whole number from 0 to 2"):
        SEEDED[name](seed)


@pytest.mark.parametrize("name", sorted(SEEDED))
@pytest.mark.parametrize("seed", [0, SEED_LIMIT - 1])
def test_every_seeded_call_takes_the_whole_range(name: str, seed: int) -> None:
    SEEDED[name](seed)


def test_the_largest_seed_and_zero_deal_different_hands() -> None:
    assert cl.HandState.new(RULES, seed=0).hands != cl.HandState.new(RULES, seed=SEED_LIMIT - 1).hands


def test_bid_odds_seeds_do_not_collide_when_shifted_by_2_to_the_32() -> None:
    low = cl.bid_odds(RULES, HAND, samples=30, seed=5, workers=1)
    high = cl.bid_odds(RULES, HAND, samples=30, seed=5 + 2**32, workers=1)
    assert [c.ways for c in low.chances] != [c.ways for c in high.chances]


def test_the_odds_explorers_deals_do_not_repeat_the_next_seeds() -> None:
    first = BidOddsExplorer(seed=0, auto=False)
    first.deal()
    second = BidOddsExplorer(seed=1, auto=False)
    assert first.hand != second.hand


def test_a_dataset_seed_whose_deal_seeds_would_pass_2_to_the_64_is_refused() -> None:
    with pytest.raises(cl.RulesOptionError, match="seed="):
        make_dataset("bid_euchre", deals=1, seed=SEED_LIMIT // 1_000_000, workers=1)


@given(seed=st.integers(0, SEED_LIMIT - 2), part=st.integers(0, 10_000))
def test_derived_seeds_are_seeds_and_differ_for_different_seeds(seed: int, part: int) -> None:
    derived = derive_seed(seed, part)
    assert 0 <= derived < SEED_LIMIT
    assert derived != derive_seed(seed + 1, part)
    assert derived != derive_seed(seed, part + 1)
