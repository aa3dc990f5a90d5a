"""Bid odds that obey the rules: on the same sampled deals, a bid that promises more is never made more often,
and a bid that may do everything another may do is made at least as often (Charlemagne takes the kitty *and*
the partner's card, so every way of playing Gros Charlemagne is open to it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis.evaluate import hand_strength
from charlemagne_learn.engine.deal import cards_of, deal_hands
from charlemagne_learn.engine.ranking import card_order

VARIANTS = ["canadian", "american", "maine", "bid_euchre"]


def _odds(variant: str, seed: int, method: str = "double_dummy") -> cl.BidOdds:
    """The odds of the strongest hand of a seeded deal: the big bids are made on some of its samples."""
    rules = cl.Rules.preset(variant)
    hands, _ = deal_hands(rules, cl.Seat.W, seed=seed)
    strongest = max(hands, key=lambda h: max(hand_strength(card_order(rules, t), h) for t in cl.Suit))
    return cl.bid_odds(rules, cards_of(strongest), "N", "W", samples=16, seed=seed, method=method, workers=1)  # type: ignore[arg-type]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.sampled_from(["double_dummy", "bots"]))
def test_a_higher_number_is_never_made_more_often(variant: str, seed: int, method: str) -> None:
    odds = _odds(variant, seed, method)
    numeric = [c for c in odds if c.bid.isdigit()]
    made = [c.made for c in sorted(numeric, key=lambda c: int(c.bid))]
    assert made == sorted(made, reverse=True), dict(zip([c.bid for c in numeric], made, strict=True))


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["double_dummy", "bots"]))
def test_charlemagne_is_made_whenever_gros_charlemagne_is_and_mulot_whenever_gros_mulot(seed: int, method: str) -> None:
    odds = _odds("canadian", seed, method)
    assert odds["charlemagne"].made >= odds["gros_charlemagne"].made
    assert odds["mulot"].made >= odds["gros_mulot"].made


def test_the_hand_that_showed_the_contradiction() -> None:
    """Lesson 08's hand: Gros Charlemagne once came out more likely than Charlemagne."""
    rules = cl.Rules.preset("canadian")
    odds = cl.bid_odds(rules, "AC AD 9H JH KH AS RJ BJ", "S", "W", samples=60, seed=0, workers=1)
    assert odds["charlemagne"].made >= odds["gros_charlemagne"].made
    assert "discarding the partner's card or both kitty cards" in odds["charlemagne"].how
