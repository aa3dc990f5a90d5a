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
from charlemagne_learn.analysis.play import _does
from charlemagne_learn.analysis.rulebot import advise, exchange_by_rule, rule_text
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.hand import Phase, SeatView
from charlemagne_learn.engine.i18n import card_name

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
                _check_auction_reason(view, action, _reason(view, action, 0.0).said("en"))
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
    said = {a.text("en"): _reason(view, a, 1.0).said("en") for a in view.legal_actions}
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
                does = _does(view, card).said("en")
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


_OVERCALL = re.compile(r"\(over (your partner|North|East|South|West)'s (.+?); ")


def _later(view: SeatView) -> list[Seat]:
    """The seats still to bid after the seat to move: the auction goes round once, the dealer last."""
    return [Seat((view.seat + k) % 4) for k in range(1, (view.dealer - view.seat) % 4 + 1)]


def _check_bid_hint(view: SeatView, ranked: cl.analysis.Hint) -> None:
    bids = [(who, a) for who, a in view.bids if a.kind == "bid"]
    for choice in ranked.choices:
        reason = choice.reason.said("en")
        assert reason, (view.bids, choice.action)
        _check_auction_reason(view, choice.action, reason)
        if bids:  # a pass leaves a bid to be played: it is worth what that contract brings, never a flat nothing
            assert "neither side scores" not in reason and "counted as 0 points" not in reason, reason
            assert "first bid" not in reason and "nobody has bid" not in reason, reason
        else:
            assert " over " not in reason.replace("bids over it", ""), reason
        for owner, called in _OVERCALL.findall(reason):
            seat, high = bids[-1]
            assert called == high.called("en"), reason
            assert seat == (view.seat.partner if owner == "your partner" else _SEATS[owner]), reason
        still = re.search(
            r"the bidding goes on, ([A-Za-z, ]+?) still to bid|the bidding goes on: ([A-Za-z, ]+?) still", reason
        )
        if still is not None:
            named = re.split(r", | and ", still.group(1) or still.group(2))
            assert named == [s.word for s in _later(view)], reason
        # the rule of thumb is shown only on a choice among the best
        assert not choice.rule or choice.grade == "best", (reason, choice.grade, choice.rule)


@pytest.mark.parametrize("variant", ["canadian", "american", "maine"])
def test_every_bid_is_graded_in_its_auction_with_a_true_reason(variant: str) -> None:
    """Once anybody has bid, a pass is worth what the contract that stands brings (the auction's grading), never
    "0 points"; every choice has a reason naming the bid it overcalls and the seats still to bid."""
    rules = cl.Rules.preset(variant)
    chooser = random.Random(7)
    standing = 0
    for seed in range(8):
        state = cl.HandState.new(rules, dealer=Seat(seed % 4), seed=seed)
        while state.phase is Phase.BIDDING:
            view = state.view(state.to_move)
            ranked = cl.analysis.hint(view, samples=12, workers=1, lang="en")
            _check_bid_hint(view, ranked)
            if any(a.kind == "bid" for _, a in view.bids):
                standing += 1
                passing = ranked.choice("pass")
                assert "points on average for your side" in passing.reason.said("en"), passing.reason.said("en")
            state.apply(chooser.choice(view.legal_actions))
    assert standing >= 8


def test_east_after_norths_five_is_told_what_passing_brings() -> None:
    """The newcomer's position: North bids 5, and East's pass is valued by playing North's 5 out, not at 0."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=3)
    state.apply("bid 5")
    ranked = cl.analysis.hint(state.view("E"), samples=24, workers=1, lang="en")
    passing = ranked.choice("pass")
    assert passing.reason.said("en").startswith(
        "pass (the bidding goes on; North's 5 stands unless someone bids over it)"
    )
    assert passing.points != 0.0
    over = ranked.choice("bid 6")
    assert over.reason.said("en").startswith("bid 6 (over North's 5; the bidding goes on: South and West still to bid)")


def _exchanging(variant: str, seed: int) -> cl.HandState | None:
    state = cl.HandState.new(cl.Rules.preset(variant), dealer=Seat(seed % 4), seed=seed)
    while state.phase is Phase.BIDDING:
        state.apply(advise(state.view(state.to_move)).action)
    while state.phase is not Phase.PLAY and not state.is_over:
        if state.phase is Phase.DISCARD and state.to_move == state.bidder:
            return state
        state.apply(advise(state.view(state.to_move)).action)
    return None


def test_every_exchange_carries_a_true_reason_and_its_sureness() -> None:
    """Each exchange says what it leaves the bidder (the trumps kept, the side suits emptied), and the table of
    exchanges shows each row's reason with how sure its grade is, where that needs saying."""
    from charlemagne_learn.analysis.exchange import exchange_hint

    checked = 0
    for seed in range(16):
        state = _exchanging("canadian", seed)
        if state is None:
            continue
        ranked = exchange_hint(state, samples=8, seed=seed)
        table = " ".join(ranked.said("en").split())  # the why column wraps
        hand = state.masks()[state.bidder]
        for choice in ranked.choices:
            assert choice.reason.said("en") and choice.why("en") and choice.why("fr"), choice
            kept = hand & ~sum(1 << c.index for c in choice.discards)
            contract = cl.Contract(state.rules, state.bid, state.bidder, choice.trump)
            order = contract.order
            said = re.search(r"(\d+) trumps? kept", choice.reason.said("en"))
            if order.trump_suit is not None:
                trumps = sum(1 for c in range(34) if kept >> c & 1 and order.is_trump(c))
                assert said is not None and int(said.group(1)) == trumps, (choice.reason.said("en"), choice.trump)
            empty = re.search(r"no (.+?) left", choice.reason.said("en"))
            if empty is not None:
                for symbol in empty.group(1).split(" and "):
                    suit = next(s for s in cl.Suit if s.symbol == symbol.strip(", "))
                    assert suit != choice.trump and not kept & order.suit_mask[order.suit_of[suit * 8]], (
                        choice.reason.said("en")
                    )
            # every row of the table says why, and how sure a grade is where that needs saying
            doubt = choice.doubt("en")
            if doubt:
                assert doubt in table and doubt in choice.why("en"), (doubt, choice.said("en"))
            # ties never chain: a choice graded like the best is one the deals cannot tell from the best itself
            if choice is not ranked.best and choice.grade == "best":
                assert choice.tied, choice
            checked += 1
    assert checked > 50


def test_a_mulot_bidder_is_told_a_later_player_may_overtake_only_when_one_may() -> None:
    """Every card wins the trick so far: the lowest goes only where a player after the bidder may still hold a
    higher card; where none can (the true hands hold none), the highest goes, "whatever the players after you
    hold"."""
    sure = maybe = 0
    for seed in range(60):
        state = _mulot(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            advice = advise(view)
            if advice.rule in ("avoid.forced_win", "avoid.forced_win_sure"):
                order = view.contract.order
                strength = order.strength[order.suit_of[view.trick[0][1].index]]
                played = advice.action.card.index
                after = view.contract.active_seats
                later = []
                seat = view.seat
                for _ in range(len(after) - len(view.trick) - 1):
                    seat = view.contract.next_active(seat)
                    later.append(seat)
                held = [c.index for s in later for c in state.hand(s)]
                higher = [c for c in held if strength[c] > strength[played]]
                if advice.rule == "avoid.forced_win_sure":
                    assert not higher, (seed, view.trick, advice)
                    assert "whatever the players after you hold" in rule_text(advice.rule, "en")
                    sure += 1
                else:
                    maybe += 1
            state.apply(advice.action)
    assert sure > 0 and maybe > 0


def test_the_rule_of_thumb_is_not_shown_on_a_choice_graded_below_the_best() -> None:
    """South bids 5 and the count tells West to pass; passing (North's 5 played out) is graded below the best, so
    the count's words are not shown beside it as if they recommended the best choice."""
    from charlemagne_learn.analysis.hints import _thumb

    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer=Seat.E, seed=9)
    state.apply("bid 5")
    view = state.view(state.to_move)
    thumb, rule = _thumb(view, "en")
    assert thumb == cl.Action.pass_() and rule
    ranked = cl.analysis.hint(view, samples=40, workers=1, lang="en")
    assert ranked.choice(thumb).grade != "best"
    assert not any(c.rule for c in ranked.choices)


def test_a_rule_recommending_a_blunder_is_not_shown_beside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn.analysis import hints

    def reckless(view: SeatView, lang: str) -> tuple[cl.Action | None, str]:
        return cl.Action.parse("bid gros_charlemagne"), "always bid the most"

    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
    monkeypatch.setattr(hints, "bid_thumb", reckless)
    ranked = cl.analysis.hint(state.view("N"), samples=13, workers=1, lang="en")
    assert ranked.choice("bid gros_charlemagne").grade == "blunder"
    assert not any(c.rule for c in ranked.choices)


def test_the_card_given_to_a_lone_bidder_is_named_as_what_it_is_to_the_bidder() -> None:
    """The partner's card says what it brings: a joker (a trump whatever the trump), an ace, or once trump is
    named a trump or a side ace, and only when it is one."""
    named = 0
    for seed in range(6):
        state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=seed)
        for action in ["bid charlemagne", "pass", "pass", "pass"]:
            state.apply(action)
        view = state.view("S")
        ranked = cl.analysis.hint(view, samples=6, lang="en")
        for choice in ranked.choices:
            card = choice.action.card
            what = re.match(r"give (?:the \w+ joker|\S+) \((.+?)\) — ", choice.reason.said("en"))
            if card.rank is not None and card.rank.word == "ace":
                assert what is not None and what.group(1) == "an ace", choice.reason.said("en")
            elif card.suit is None:
                assert what is not None and what.group(1).endswith("joker, a trump"), choice.reason.said("en")
                assert choice.reason.said("en").startswith(f"give the {card_name(card)} "), choice.reason.said(
                    "en"
                )  # by name, not RJ
            else:
                assert what is None, choice.reason.said("en")
            named += what is not None
    assert named > 6
