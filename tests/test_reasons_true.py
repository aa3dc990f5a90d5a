"""Every reason a choice is given says something true of the position it is given in.

Seeded auctions and hands are played out, and at each position every reason the analysis would print is read
against the state: a bid said to "stand" is the highest so far and is the seat's it is said to be; "the bidding
goes on", or RuleBot's pass "lets the others bid", only while a seat after this one has still to bid; a card
that "may still" be overtaken by "a later player" has a later player in the trick; a card said to win the trick
does, and a jack or joker that wins is named as the trump it is.
"""

from __future__ import annotations

import random
import re

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.auction import _reason
from charlemagne_learn.analysis.hints import _does
from charlemagne_learn.analysis.rulebot import advise, exchange_by_rule, rule_text
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.hand import Phase, SeatView

_SEATS = {seat.word: seat for seat in Seat}


def _check_auction_reason(view: SeatView, action: cl.Action, reason: str) -> None:
    bids = [(who, a) for who, a in view.bids if a.kind == "bid"]
    last = view.seat == view.dealer
    assert ("the bidding goes on" in reason) == (not last), reason
    assert ("the bidding ends" in reason) == last, reason
    if "nobody has bid yet" in reason or "nobody having bid" in reason:
        assert not bids, reason
    for owner, called in re.findall(r"(your partner|North|East|South|West)'s (.+?) (?:stands|is the contract)", reason):
        assert bids, reason
        seat, high = bids[-1]
        assert called == high.called("en"), reason
        assert seat == (view.seat.partner if owner == "your partner" else _SEATS[owner]), reason
    over = re.search(r"stands over your partner's (.+?) unless", reason)
    if over is not None:
        partner = [a for who, a in bids if who == view.seat.partner]
        assert partner and partner[-1].called("en") == over.group(1) and bids[-1][0].team != view.seat.team, reason


@pytest.mark.parametrize("variant", ["canadian", "american", "maine"])
def test_bidding_reasons_hold_in_their_auction(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    chooser = random.Random(47)
    positions = 0
    for seed in range(25):
        state = cl.HandState.new(rules, dealer=Seat(seed % 4), seed=seed)
        while state.phase is Phase.BIDDING:
            view = state.view(state.to_move)
            for action in view.legal_actions:
                _check_auction_reason(view, action, _reason(view, action, 0.0, "en"))
            rule = rule_text(advise(view).rule, "en")
            assert ("letting the others bid" not in rule) or view.seat != view.dealer, rule
            assert ("you bid last" not in rule) or view.seat == view.dealer, rule
            positions += 1
            state.apply(chooser.choice(view.legal_actions))
    assert positions == 100


def test_the_dealers_pass_over_an_overcall_names_the_bid_that_stands() -> None:
    """Lesson 05's first decision: South bid 5, West 6, and North (the dealer) passing ends the bidding."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="N", seed=3)
    for action in ["pass", "bid 5", "bid 6"]:
        state.apply(action)
    view = state.view("N")
    said = {a.text("en"): _reason(view, a, 1.0, "en") for a in view.legal_actions}
    assert said["pass"].startswith("pass (the bidding ends: West's 6 is the contract)")
    assert said["bid 7"].startswith("bid 7 (the bidding ends: your bid is the contract)")


def _mulot(seed: int) -> cl.HandState:
    """A hand of Canadian Charlemagne the dealer must bid Mulot in (take no trick), exchanged as RuleBot would."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=seed)
    for action in ["pass", "pass", "pass", "bid mulot"]:
        state.apply(action)
    exchange_by_rule(state)
    return state


def test_rulebot_says_a_later_player_may_overtake_only_when_one_is_to_play() -> None:
    checked = 0
    for seed in range(40):
        state = _mulot(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            advice = advise(view)
            text = rule_text(advice.rule, "en")
            later = len(view.trick) < len(view.contract.active_seats) - 1
            if "a later player may still overtake" in text:
                assert later, (seed, view.trick, text)
                checked += 1
            if "You play last" in text:
                assert not later, (seed, view.trick, text)
                checked += 1
            state.apply(advice.action)
    assert checked > 10


@pytest.mark.parametrize("variant", ["canadian", "american"])
def test_what_a_card_does_to_the_trick_is_true(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    chooser = random.Random(47)
    named_trumps = 0
    for seed in range(30):
        state = cl.HandState.new(rules, dealer=Seat(seed % 4), seed=seed)
        while state.phase is Phase.BIDDING:
            state.apply(advise(state.view(state.to_move)).action)
        exchange_by_rule(state)
        while not state.is_over:
            view = state.view(state.to_move)
            contract = view.contract
            order = contract.order
            last = len(view.trick) == len(contract.active_seats) - 1
            for action in view.legal_actions:
                card = action.card
                does = _does(view, card, "en")
                if not view.trick:
                    continue
                strength = order.strength[order.suit_of[view.trick[0][1].index]]
                top = max(strength[c.index] for _, c in view.trick)
                beats = strength[card.index] > top
                if "under" in does:
                    assert not beats, (seed, view.trick, card, does)
                if "wins the trick" in does:
                    assert last and beats, (seed, view.trick, card, does)
                    if order.role[card.index] and order.is_trump(card.index):
                        assert "a trump" in does, (seed, view.trick, card, does)
                        named_trumps += 1
            state.apply(chooser.choice(view.legal_actions))
    assert named_trumps > 0
