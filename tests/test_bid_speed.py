"""A bid once anybody has bid, graded faster and alike: on each deal, the final bids that one seat exchanges the same
way (every numbered bid, whose trick count the exchange never reads) are exchanged once, not once a bid.

The reference is the earlier way, kept only here: every auction played to its end by RuleBot, every final bid's
exchange played out from its own auction.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import auction, compiled, rulebot
from charlemagne_learn.analysis.choices import bid_stands
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.analysis.rulebot import auction_by_rule, exchange_key
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.engine.hand import Phase

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")
# the ones the counts below wrap
_EXCHANGED, _BID_BY_RULE = auction._exchanged, rulebot.bid_by_rule


def bids_after_a_bid(variant: str, count: int) -> list[cl.HandState]:
    """Positions where the seat to bid has heard a bid, from seeded deals and seeded random calls before it."""
    rules = cl.Rules.preset(variant)
    out: list[cl.HandState] = []
    for seed in range(10 * count):
        rng = random.Random(seed)
        state = cl.HandState.new(rules, dealer=cl.Seat(seed % 4), seed=seed)
        while state.phase is Phase.BIDDING:
            view = state.view(state.to_move)  # type: ignore[arg-type]
            if bid_stands(view) and len(view.legal_actions) > 1:
                out.append(state)
                break
            state.apply(rng.choice(state.legal_actions()))
        if len(out) >= count:
            break
    return out


def each_exchanged_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The earlier way: every final bid's exchange played out from its own auction."""
    monkeypatch.setattr(auction, "_exchanged_once", lambda state, high, exchanged: auction._exchanged(state))


def the_earlier_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every auction played to its end and every final bid's exchange played out from its own auction."""
    each_exchanged_afresh(monkeypatch)
    monkeypatch.setattr(auction, "_finish_auction", finished_afresh)


@needs_compiled
@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_bids_after_a_bid_get_the_points_and_grades_of_an_exchange_played_out_a_bid(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = bids_after_a_bid(variant, 8)
    assert len(states) == 8
    now = []
    for n, state in enumerate(states):
        view = state.view(state.to_move)  # type: ignore[arg-type]
        forget()
        now.append((auction.action_points(view, 24, n), hint(view, 24, n, workers=1)))
    the_earlier_way(monkeypatch)
    for n, (state, (points, ranked)) in enumerate(zip(states, now, strict=True)):
        view = state.view(state.to_move)  # type: ignore[arg-type]
        forget()
        assert auction.action_points(view, 24, n) == points
        assert hint(view, 24, n, workers=1) == ranked


def finished_afresh(state: cl.HandState, high: Any, heard: Any) -> tuple[Any, bool]:
    """The earlier way: every auction played to its end by RuleBot."""
    auction_by_rule(state)
    return next(((int(s), a) for s, a in reversed(state.history) if a.kind == "bid"), (-1, None)), True


def counted_work(variant: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[Any, ...]], list[int]]:
    """The exchanges played out (each deal's hands, the bidder, how it exchanges) and RuleBot's calls made in the
    auctions, grading bids after a bid."""
    exchanged: list[tuple[Any, ...]] = []
    calls = [0]

    def exchange(state: cl.HandState) -> Any:
        spec, high = state.bid, next(a for _, a in reversed(state.history) if a.kind == "bid")
        assert spec is not None
        exchanged.append((tuple(state.masks()), state.bidder, exchange_key(state.rules, spec, high)))
        return _EXCHANGED(state)

    def call(state: cl.HandState) -> cl.Action:
        calls[0] += 1
        return _BID_BY_RULE(state)

    monkeypatch.setattr(auction, "_exchanged", exchange)
    monkeypatch.setattr(auction, "bid_by_rule", call)
    monkeypatch.setattr(rulebot, "bid_by_rule", call)
    for n, state in enumerate(bids_after_a_bid(variant, 4)):
        auction.action_points(state.view(state.to_move), 24, n)  # type: ignore[arg-type]
    return exchanged, calls


@needs_compiled
@pytest.mark.parametrize("variant", ["canadian", "maine"])
def test_one_seat_exchanges_once_a_deal_for_the_bids_it_exchanges_alike(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted: each deal's exchanges are played out once per seat and way of exchanging, fewer than once per final
    bid (several numbered bids by one seat on one deal exchange alike)."""
    exchanged, _ = counted_work(variant, monkeypatch)
    assert len(set(exchanged)) == len(exchanged)
    each_exchanged_afresh(monkeypatch)
    afresh, _ = counted_work(variant, monkeypatch)
    assert len(exchanged) < len(afresh)


@needs_compiled
@pytest.mark.parametrize("variant", ["canadian", "maine", "bid_euchre"])
def test_an_auction_that_meets_the_same_seat_and_highest_bid_as_another_is_not_played_again(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted: RuleBot's calls on one deal are made once for each seat to bid and highest bid met, fewer than
    when every bid's auction is played to its end."""
    _, calls = counted_work(variant, monkeypatch)
    monkeypatch.setattr(auction, "_finish_auction", finished_afresh)
    _, afresh = counted_work(variant, monkeypatch)
    assert calls[0] < afresh[0]


def test_a_bid_looked_up_by_its_own_name_is_found_without_reading_the_name_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every call of every auction a hint plays out looks its bid up by name: a bid's own name, or any key of the
    ladder, is found as it is, on the rung the long way finds (a key read again is itself), and other spellings still
    go the long way."""
    from charlemagne_learn.engine import rules as rules_module

    for variant in rules_module.VARIANTS.values():
        for key, level in variant._bid_index.items():
            assert rules_module._bid_key(key) == key and variant.bid_level(key) == level
    read: list[str] = []
    bid_key = rules_module._bid_key

    def counted(text: str) -> str:
        read.append(text)
        return bid_key(text)

    monkeypatch.setattr(rules_module, "_bid_key", counted)
    canadian = cl.Rules.preset("canadian")
    assert [canadian.bid(spec.name) for spec in canadian.bids] == list(canadian.bids)
    assert read == []
    assert canadian.bid("Gros Charlemagne") is canadian.bid("gros_charlemagne") and read == ["Gros Charlemagne"]
    with pytest.raises(cl.ContractError):
        canadian.bid("9")
