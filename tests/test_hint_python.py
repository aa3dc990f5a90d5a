"""The Python work around a hint's searches, counted: a bid after a bid plays thousands of RuleBot's calls and
exchanges out, and weighing the deals judges thousands of hands, so what each call looks up is kept where the
next asks for it, and looked up without running a Python method to hash its key. None of it changes a call.

The hints themselves, before and after, are compared in ``tests/test_same_behaviour.py`` and
``tests/test_bid_speed.py``; here, what is no longer worked out or hashed again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import evaluate, rulebot
from charlemagne_learn.analysis.evaluate import best_trump, judge
from charlemagne_learn.engine.deal import mask_of
from charlemagne_learn.engine.hand import Phase
from charlemagne_learn.engine.ranking import _card_order, card_order

#: A hand RuleBot bids Gros Charlemagne with at the Canadian table (dealer West: North bids first).
STRONG = {
    "N": "RJ BJ JH JD AH KH QH AS",
    "E": "7C 8C 9C 10C JC QC KC AC",
    "S": "7D 8D 9D 10D QD KD AD 7S",
    "W": "8S 9S 10S JS QS KS 10H 9H",
}


@contextmanager
def hashes_counted(monkeypatch: pytest.MonkeyPatch, *classes: type) -> Iterator[list[int]]:
    """How many times a value of ``classes`` is hashed in the block."""
    count = [0]
    for cls in classes:
        own: Callable[[Any], int] = cls.__hash__

        def counted(value: Any, own: Callable[[Any], int] = own) -> int:
            count[0] += 1
            return own(value)

        monkeypatch.setattr(cls, "__hash__", counted)
    yield count
    monkeypatch.undo()


def calls_counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    count = [0]
    own = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return own(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return count


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_a_card_order_asked_again_hashes_neither_the_rules_nor_the_suit(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every judgement of a hand under a trump asks for the card order (about 25,000 times a bid after a bid): it is
    read from the rules by the trump's number, the same order the engine's cache makes."""
    rules = cl.Rules.preset(variant)
    trumps = [None, *cl.Suit]
    first = [card_order(rules, trump) for trump in trumps]
    assert first == [_card_order(rules, trump) for trump in trumps]
    with hashes_counted(monkeypatch, cl.Rules, cl.Suit) as hashed:
        again = [card_order(rules, trump) for trump in trumps]
    assert hashed == [0]
    assert all(a is b for a, b in zip(again, first, strict=True))
    # the readings of names still go the long way, to the same order
    assert card_order(variant, "H") is first[1 + int(cl.Suit.H)]


def test_a_hand_asked_again_about_its_bids_reads_their_values_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The auctions of one deal ask a seat about the bids above each highest bid met: each bid's value is worked
    out once for the hand, and its strength and losers under a trump are read back without hashing the suit."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=3)
    view = state.view("N")
    judge.cache_clear()
    valued = calls_counted(monkeypatch, evaluate._Judge, "value")
    first = rulebot.advise(view)
    bids = sum(a.kind == "bid" for a in view.legal_actions)
    assert valued == [bids]
    assert rulebot.advise(view) == first
    assert valued == [bids]
    judged = judge(view.rules, mask_of(view.hand))
    strength = [judged.strength(t) for t in cl.Suit]
    with hashes_counted(monkeypatch, cl.Suit) as hashed:
        assert [judged.strength(t) for t in cl.Suit] == strength
        [judged.losers(t) for t in cl.Suit]
    assert hashed == [0]


def test_the_bidder_choosing_the_partners_card_or_the_kitty_reads_the_losers_its_bids_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In Gros Charlemagne the bidder takes the partner's card when its hand has at most one loser with its best
    trump: the losers of the hand it bid with, counted for its bids' chances already."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", hands=STRONG, kitty="8H 7H")
    judge.cache_clear()
    assert str(rulebot.advise(state.view("N")).action) == "bid gros_charlemagne"
    for action in ["bid gros_charlemagne", "pass", "pass", "pass"]:
        state.apply(action)
    assert state.phase is Phase.CHOOSE
    counted = calls_counted(monkeypatch, evaluate, "losers")
    monkeypatch.setattr(rulebot, "losers", evaluate.losers)
    advice = rulebot.advise(state.view("N"))
    assert (str(advice.action), advice.rule) == ("choose partner_card", "choose.partner_card")
    assert counted == [0]


def test_the_best_of_the_four_suits_is_looked_up_again_without_hashing_a_suit(monkeypatch: pytest.MonkeyPatch) -> None:
    """RuleBot's exchanges and the bid odds ask for the best trump of the four suits hand after hand."""
    rules = cl.Rules.preset("canadian")
    hand = mask_of(cl.parse_cards("JS JC AS KS 9S AH 7D 8C 9H 10H"))
    first = best_trump(rules, hand, 2)
    with hashes_counted(monkeypatch, cl.Suit) as hashed:
        assert best_trump(rules, hand, 2) == first
    assert hashed == [0]
    assert best_trump(rules, hand, 2, list(cl.Suit)) == first
