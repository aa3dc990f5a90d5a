"""The pure-Python search agrees with DDS, the standard bridge solver, on full deals.

A partnership contract maps exactly onto bridge (see ``charlemagne_learn.analysis.dds``): in the
Canadian game the jokers and both jacks become the top trumps, the little jack leaving its suit.
"""

from __future__ import annotations

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import double_dummy
from charlemagne_learn.analysis.dds import maps_onto_bridge

CASES = [
    ("canadian", "6", "H"),
    ("canadian", "7", "S"),
    ("american", "no_trump", None),
    ("maine", "5", "C"),
    ("bid_euchre", "3", "D"),
    ("bid_euchre", "3", None),
]


@pytest.mark.parametrize(("variant", "bid", "trump"), CASES)
def test_full_deals_agree_with_dds(variant: str, bid: str, trump: str | None) -> None:
    rules = cl.Rules.preset(variant)
    for seed in range(6):
        state = cl.HandState.new(rules, dealer="W", seed=1000 + seed)
        hands = {seat: list(state.hand(seat)) for seat in cl.Seat}
        contract = cl.Contract(rules, bid, "N", trump)
        leader = contract.first_leader
        by_dds = double_dummy(contract, hands, leader, method="dds")
        assert double_dummy(contract, hands, leader, method="python") == by_dds, (variant, seed)


@pytest.mark.parametrize(
    ("variant", "bid", "trump"),
    [("canadian", "mulot", None), ("canadian", "charlemagne", "H"), ("american", "le_petit", None)],
)
def test_contracts_that_are_not_bridge_are_refused_by_dds_and_solved_by_auto(
    variant: str, bid: str, trump: str | None
) -> None:
    rules = cl.Rules.preset(variant)
    contract = cl.Contract(rules, bid, "N", trump)
    assert not maps_onto_bridge(contract)
    hands = {"N": "AS 7D", "E": "KS 8D", "W": "QS 9D"}
    with pytest.raises(cl.RulesOptionError, match="not a bridge-like contract"):
        double_dummy(contract, hands, "N", method="dds")
    assert double_dummy(contract, hands, "N") == double_dummy(contract, hands, "N", method="python")


def test_unknown_method_is_a_clear_error() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    with pytest.raises(cl.RulesOptionError, match="'auto', 'compiled', 'dds' or 'python'"):
        double_dummy(k, {"N": "AS", "E": "KS", "S": "QS", "W": "JS"}, "N", method="fast")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["canadian", "american", "bid_euchre"])
def test_every_card_of_a_position_mid_hand_agrees_with_dds(variant: str) -> None:
    """Hints and the PIMC bot ask DDS for every card of the player to move, a trick often in progress."""
    import random

    rules = cl.Rules.preset(variant)
    rng = random.Random(7)
    checked = 0
    for seed in range(60):
        state = cl.HandState.new(rules, dealer="W", seed=seed)
        while not state.is_over:
            contract = state.contract
            if (
                state.phase is cl.Phase.PLAY
                and contract is not None
                and maps_onto_bridge(contract)
                and len(state.hand(state.to_move)) <= 5
                and rng.random() < 0.3
            ):  # type: ignore[arg-type]
                hands = {s: list(state.hand(s)) for s in contract.active_seats}
                leader = state.trick[0][0] if state.trick else state.to_move
                trick = [c for _, c in state.trick]
                by_dds = cl.solve_position(contract, hands, leader, trick, method="dds")  # type: ignore[arg-type]
                assert by_dds == cl.solve_position(contract, hands, leader, trick, method="python"), state.to_json()  # type: ignore[arg-type]
                assert set(by_dds) == set(cl.legal_plays(contract, state.hand(state.to_move), trick))  # type: ignore[arg-type]
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 15  # random bidding often ends in lone contracts, which DDS cannot play


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("variant", ["canadian", "american", "bid_euchre"])
def test_many_deals_of_one_moment_asked_at_once_agree_with_one_at_a_time(variant: str) -> None:
    """A card's hint sends all its deals to DDS in one call (more than DDS takes at once, so in parts): every
    card's tricks are those of one call a deal, and of the compiled search, at the opening lead and mid-trick."""
    from charlemagne_learn.analysis import compiled, dds
    from charlemagne_learn.analysis.pimc import sample_hidden
    from charlemagne_learn.analysis.solver import solve_positions
    from charlemagne_learn.engine.deal import indices_of
    from charlemagne_learn.engine.tricks import legal_mask

    rules = cl.Rules.preset(variant)
    checked = 0
    for seed in range(40):
        played = cl.play_hand(rules, [cl.RuleBot(s) for s in range(4)], seed=seed)
        moments = [m for m in range(len(played.history)) if played.at(m).phase is cl.Phase.PLAY]
        for m in moments[:1] + moments[2:3] + moments[9:10]:  # the opening lead, then two cards into a trick
            state = played.at(m)
            contract = state.contract
            if contract is None or not maps_onto_bridge(contract):
                break
            view = state.view(state.to_move)  # type: ignore[arg-type]
            leader = state.trick[0][0] if state.trick else state.to_move
            trick = [c.index for _, c in state.trick]
            deals = [[h.get(s, 0) for s in cl.Seat] for h in sample_hidden(view, 230 if checked == 0 else 12, seed)]
            at_once = dds.dds_positions(contract, deals, leader, trick)  # type: ignore[arg-type]
            assert at_once == [dds.dds_position(contract, d, leader, trick) for d in deals]  # type: ignore[arg-type]
            mover = state.to_move
            for d, values in zip(deals, at_once, strict=True):
                legal = indices_of(legal_mask(contract.order, d[mover], trick[0] if trick else -1))  # type: ignore[index]
                assert list(values) == legal
                assert list(values.values()) == compiled.CompiledSearch(contract, d).position(int(leader), trick, legal)  # type: ignore[arg-type]
            assert solve_positions(contract, deals, leader, trick) == at_once  # type: ignore[arg-type]
            checked += 1
    assert checked >= 20
