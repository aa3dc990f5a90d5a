"""The double-dummy solver agrees with DDS, the standard bridge solver, on full deals.

A partnership contract maps exactly onto bridge: every effective suit becomes a bridge
suit with its cards ranked by the engine's own power order (in the Canadian game the
jokers and both jacks become the top trumps, the little jack leaving its printed suit),
and the bidder's team is one bridge side. DDS (through endplay) then gives the tricks
for the side on lead with perfect play.
"""

from __future__ import annotations

import pytest
from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

import charlemagne_learn as cl
from charlemagne_learn.analysis import double_dummy

BRIDGE_RANKS = "AKQJT98765432"
BRIDGE_SUITS = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
PLAYERS = {cl.Seat.N: Player.north, cl.Seat.E: Player.east, cl.Seat.S: Player.south, cl.Seat.W: Player.west}


def to_bridge(contract: cl.Contract, hands: dict[cl.Seat, list[cl.Card]], leader: cl.Seat) -> Deal:
    order = contract.order
    # The trump suit (if any) first, so that it becomes bridge spades.
    suits = [s for s in range(4) if s != order.trump_suit]
    if order.trump_suit is not None:
        suits.insert(0, order.trump_suit)
    bridge_suit = {suit: i for i, suit in enumerate(suits)}
    rank_of: dict[int, str] = {}
    for suit in suits:
        members = [i for i in contract.rules.deck_indices if order.suit_of[i] == suit]
        for pos, i in enumerate(sorted(members, key=lambda i: -order.power[i])):
            rank_of[i] = BRIDGE_RANKS[pos]
    pbn_hands = []
    for seat in cl.Seat:
        holding = [""] * 4
        for card in sorted(hands[seat], key=lambda c: -order.power[c.index]):
            holding[bridge_suit[order.suit_of[card.index]]] += rank_of[card.index]
        pbn_hands.append(".".join(holding))
    trump = Denom.nt if order.trump_suit is None else BRIDGE_SUITS[bridge_suit[order.trump_suit]]
    return Deal("N:" + " ".join(pbn_hands), first=PLAYERS[leader], trump=trump)


def dds_bidder_tricks(contract: cl.Contract, hands: dict[cl.Seat, list[cl.Card]], leader: cl.Seat) -> int:
    best_for_leader = max(tricks for _, tricks in solve_board(to_bridge(contract, hands, leader)))
    total = len(hands[leader])
    return best_for_leader if leader.team == contract.team else total - best_for_leader


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
        assert double_dummy(contract, hands, leader) == dds_bidder_tricks(contract, hands, leader), (variant, seed)
