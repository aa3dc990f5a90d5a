"""A simple greedy player: sound, rule-following card play that sees only its own hand and the trick.

It is what "realistic" bid odds compare perfect play against. Its habits are the first ones a
learner is taught:

* a side trying to take tricks leads its strongest card, wins a trick as cheaply as it can when the
  other side is winning it, and plays its lowest card when its partner is already winning (or it
  cannot win);
* in a bid to take no trick (Mulot, Le Petit) everyone ducks: the leader leads its lowest card and a
  follower plays its highest card that does not take the trick. The bidder ducks to stay clean, the
  opponents duck to leave the trick to the bidder.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.engine.deal import mask_of
>>> k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
>>> hands = [mask_of(cl.parse_cards(h)) for h in ("JH AS", "AC KS", "JD 7S", "KC QS")]
>>> greedy_play_out(k, hands, leader=0)  # J♥ draws no trump; A♠ then wins the second trick
2
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Seat
from ..engine.contract import Contract
from ..engine.deal import indices_of
from ..engine.tricks import legal_mask, winning_position

__all__ = ["greedy_card", "greedy_play_out"]


def greedy_card(contract: Contract, seat: int, hand: int, trick: Sequence[int], winner: int) -> int:
    """The card (an index) the greedy player at ``seat`` plays from ``hand`` (a bit set) to ``trick``.

    ``winner`` is the seat currently winning the trick (ignored when leading).
    """
    order = contract.order
    power = order.power
    legal = indices_of(legal_mask(order, hand, trick[0] if trick else -1))
    if contract.spec.avoid:
        if not trick:
            return min(legal, key=lambda c: power[c])
        strength = order.strength[order.suit_of[trick[0]]]
        top = max(strength[c] for c in trick)
        ducks = [c for c in legal if strength[c] < top]
        return max(ducks or legal, key=lambda c: power[c])
    if not trick:
        return max(legal, key=lambda c: power[c])
    if winner % 2 != seat % 2:  # the other side is winning the trick
        strength = order.strength[order.suit_of[trick[0]]]
        top = max(strength[c] for c in trick)
        winners = [c for c in legal if strength[c] > top]
        if winners:
            return min(winners, key=lambda c: strength[c])
    return min(legal, key=lambda c: power[c])


def greedy_play_out(contract: Contract, hands: list[int], leader: int) -> int:
    """Tricks the bidder's side takes when every seat plays :func:`greedy_card` (``hands`` are not changed)."""
    hands = list(hands)
    bidder_team = int(contract.bidder) % 2
    nxt = [int(contract.next_active(s)) for s in Seat]
    size = len(contract.active_seats)
    taken = 0
    while hands[leader]:
        trick: list[int] = []
        seats: list[int] = []
        seat = leader
        winner = leader
        for _ in range(size):
            card = greedy_card(contract, seat, hands[seat], trick, winner)
            hands[seat] ^= 1 << card
            trick.append(card)
            seats.append(seat)
            winner = seats[winning_position(contract.order, trick)]
            seat = nxt[seat]
        taken += winner % 2 == bidder_team
        leader = winner
    return taken
