"""The Python work around a hint's searches, counted: a bid after a bid plays thousands of RuleBot's calls and
exchanges out, and weighing the deals judges thousands of hands, so what each call looks up is kept where the
next asks for it, and looked up without running a Python method to hash its key. None of it changes a call.

The hints themselves, before and after, are compared in ``tests/test_same_behaviour.py`` and
``tests/test_bid_speed.py``; here, what is no longer worked out or hashed again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled, evaluate, pimc, rulebot
from charlemagne_learn.analysis.choices import bid_stands
from charlemagne_learn.analysis.evaluate import best_trump, discard, hand_strength, judge, losers
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import SUITS
from charlemagne_learn.engine.deal import mask_of
from charlemagne_learn.engine.hand import HandState, Phase
from charlemagne_learn.engine.ranking import _card_order, card_order
from charlemagne_learn.engine.rules import VARIANTS, Rules

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")

#: A hand RuleBot bids Gros Charlemagne with at the Canadian table (dealer West: North bids first).
STRONG: dict[str | cl.Seat, str] = {
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
        own: Any = cls.__hash__

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
    out once for the hand and read back without hashing the bid, and its strength and losers under a trump are read
    back without hashing the suit."""
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
    bids = [a for a in view.legal_actions if a.kind == "bid"]
    values = [judged.bid_value(a) for a in bids]
    with hashes_counted(monkeypatch, Action) as hashed:
        assert [judged.bid_value(a) for a in bids] == values
    assert hashed == [0]
    strength = [judged.strength(t) for t in cl.Suit]
    with hashes_counted(monkeypatch, cl.Suit) as hashed:
        assert [judged.strength(t) for t in cl.Suit] == strength
        [judged.losers(t) for t in cl.Suit]
    assert hashed == [0]


def test_a_hand_weighed_once_for_a_bid_works_out_the_four_suits_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """A candidate deal's bidder is weighed for the bid it made (thousands of hands a hint, each asked that one
    question): for a bid whose trump is named later, the best of the four suits' strengths, or their fewest losers for
    a bid to take every trick, is worked out in one loop, not suit by suit through the judge; the chance is the same."""
    rules = cl.Rules.preset("canadian")
    hand = mask_of(cl.parse_cards("RJ BJ JH JD AH KH 10H 7C"))
    judge.cache_clear()
    asked = calls_counted(monkeypatch, evaluate._Judge, "strength")
    lost = calls_counted(monkeypatch, evaluate._Judge, "losers")
    six, take_all = rules.bid("6"), rules.bid("gros_charlemagne")
    p = evaluate.bid_chance(rules, hand, six, Action.bid_("6"))
    q = evaluate.bid_chance(rules, hand, take_all, Action.bid_("gros_charlemagne"))
    assert asked == lost == [0]
    a, b, spread = evaluate._TRICK_MODEL["kitty"]
    best = max(hand_strength(card_order(rules, t), hand) for t in cl.Suit)
    assert p == evaluate._normal_at_least(a + b * best, 6, spread)
    fewest = min(losers(card_order(rules, t), hand) for t in cl.Suit)
    assert fewest == 1 and q == evaluate._TAKE_ALL_CHANCE[evaluate._take_all_way(take_all)][1] > 0


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


def test_a_take_all_plan_weighs_hand_strength_only_between_trumps_with_as_few_losers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RuleBot names trump for a bid to take every trick by the fewest losers, and by strength only among trumps
    with as few: the strength of the others is never worked out, and the plan is the same."""
    rules = cl.Rules.preset("canadian")
    counted = calls_counted(monkeypatch, rulebot, "hand_strength")
    plan = rulebot._plan_trump.__wrapped__
    assert plan(rules, mask_of(cl.parse_cards(STRONG["N"] + " 8H 7H")), 2, True)[0] is cl.Suit.H
    assert counted == [0]
    # clubs and diamonds with the fewest losers, six: their two strengths decide, and no other is worked out
    hand = mask_of(cl.parse_cards("7C 8C 9C 7D 8D 9D AH AS"))
    losses = [evaluate.losers(card_order(rules, t), hand) for t in cl.Suit]
    assert losses == [6, 6, 7, 7]
    assert plan(rules, hand, 0, True)[0] in (cl.Suit.C, cl.Suit.D)
    assert counted == [2]


def test_rulebots_exchange_reads_the_winning_bid_and_the_trump_from_the_history_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every step of the exchange asks for the winning bid and the trump named: one pass over the history answers
    both, with no list of the bids heard made a step."""
    state = HandState.new(cl.Rules.preset("canadian"), dealer="W", hands=STRONG, kitty="8H 7H")
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    heard = calls_counted(monkeypatch, HandState, "bids_heard")
    seen = calls_counted(monkeypatch, HandState, "history_seen_by")
    rulebot.exchange_by_rule(state)
    assert state.phase is Phase.PLAY and state.trump is cl.Suit.H
    assert heard == [0]
    # nor a copy of the history with the others' discards face down: the bids and the trump are everybody's
    assert seen == [0]


def test_the_bids_heard_are_read_once_to_weigh_every_candidate_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A take-all bid heard is weighed as the top numbered bid: that bid is looked up and made once, not once for
    each of the candidate deals a hint weighs (four for every deal kept)."""
    state = HandState.new(cl.Rules.preset("canadian"), dealer="W", hands=STRONG, kitty="8H 7H")
    state.apply("bid gros_charlemagne")
    view = state.view("E")
    looked_up = calls_counted(monkeypatch, cl.Rules, "bid")
    made = calls_counted(monkeypatch, Action, "bid_")
    weigh = pimc._bid_evidence(view, [cl.Seat.N, cl.Seat.S, cl.Seat.W], dict.fromkeys(cl.Seat, 0))
    setup = looked_up[0], made[0]
    rng = random.Random(0)
    deck = [c for c in view.rules.deck_indices if not mask_of(view.hand) >> c & 1]
    for _ in range(50):
        cards = rng.sample(deck, 8)
        assert 0 < weigh({cl.Seat.N: sum(1 << c for c in cards)}) <= 1
    assert (looked_up[0], made[0]) == setup == (1, 1)


# ---------------------------------------------------------------- the earlier way, kept only here
def earlier_bid(view: Any) -> rulebot.Advice:
    """RuleBot's bid as it was: every legal bid looked up and valued on each call, the bids heard read first."""
    rules = view.rules
    judged = judge(rules, view.hand_mask)
    legal = view.legal_actions
    can_pass = any(a.kind == "pass" for a in legal)
    high = next(((seat, a) for seat, a in reversed(view.bids) if a.kind == "bid"), None)
    partner_high = high is not None and high[0] == view.seat.partner
    best: tuple[float, float, Action] | None = None
    for action in legal:
        if action.kind != "bid":
            continue
        spec = rules.bid(action.bid or "")
        if can_pass and rules.dealer_minimum is not None and spec.numbered and spec.tricks < rules.dealer_minimum:
            continue
        ev, p = judged.value(spec, action)
        if best is None or ev > best[0]:
            best = (ev, p, action)
    if not can_pass:
        assert best is not None
        return rulebot.Advice(best[2], "bid.forced")
    if best is None or best[0] <= 0:
        return rulebot.Advice(Action.pass_(), "bid.pass_last" if len(view.bids) == 3 else "bid.pass")
    if partner_high and high is not None:
        partner_spec = rules.bid(high[1].bid or "")
        if best[1] < 0.75 or best[0] <= partner_spec.made:
            return rulebot.Advice(Action.pass_(), "bid.partner")
    return rulebot.Advice(best[2], "bid.value")


def earlier_take_all_plan(rules: Rules, hand: int, discards: int) -> tuple[Any, int]:
    """A take-all bid's trump and discards as they were planned: every trump's losers and strength weighed."""
    best: tuple[int, float, Any, int] | None = None
    for trump in SUITS:
        order = card_order(rules, trump)
        out = discard(order, hand, discards)
        key = (losers(order, hand & ~out), -hand_strength(order, hand & ~out))
        if best is None or key < best[:2]:
            best = (*key, trump, out)
    assert best is not None
    return best[2], best[3]


def earlier_bid_and_trump(view: Any) -> tuple[Any, Any, bool]:
    """The winning bid from the bids heard, then the trump named from the history, as they were read."""
    _, bid = next((s, a) for s, a in reversed(view.bids) if a.kind == "bid")
    spec = view.rules.bid(bid.bid or "")
    for _, action in reversed(view.history):
        if action.kind == "trump":
            return spec, action.suit, True
    return spec, bid.suit, spec.trump in ("with_bid", "with_bid_or_none")


def earlier_bid_evidence(view: Any, seats: Any, played: Any) -> Callable[[dict[Any, int]], float]:
    """The bids heard as evidence, each read again for every candidate deal, as they were."""
    rules = view.rules
    relevant = [(s, a) for s, a in view.bids if s in seats and a.kind == "bid" and a.bid is not None]
    top_numeric = rules.numbered_bids[-1]

    def weigh(deal: dict[Any, int]) -> float:
        weight = 1.0
        for seat, act in relevant:
            hand = deal[seat] | played[seat]
            spec = rules.bid(act.bid or "")
            if not spec.avoid and not spec.numbered:
                spec = top_numeric
                act = (
                    Action.bid_(spec.name, act.suit, no_trump=act.no_trump)
                    if spec.trump in ("with_bid", "with_bid_or_none")
                    else Action.bid_(spec.name)
                )
            weight *= max(pimc._FLOOR, evaluate.bid_chance(rules, hand, spec, act))
        return weight

    return weigh


def the_earlier_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """RuleBot's bids, take-all plans and reading of the winning bid as they were, the choice of the partner's card
    counting its losers afresh, and the bids heard weighed as evidence as they were; the judgements kept so far
    forgotten."""
    plan = rulebot._plan_trump.__wrapped__

    @lru_cache(maxsize=8192)
    def earlier_plan(rules: Rules, hand: int, discards: int, take_all: bool) -> tuple[Any, int]:
        return earlier_take_all_plan(rules, hand, discards) if take_all else plan(rules, hand, discards, take_all)

    def earlier_choose(view: Any) -> rulebot.Advice:
        choices = {a.choice: a for a in view.legal_actions}
        if "partner_card" in choices:
            fewest = min(losers(card_order(view.rules, t), view.hand_mask) for t in SUITS)
            key = "partner_card" if fewest <= 1 else "kitty"
            return rulebot.Advice(choices[key], f"choose.{key}")
        return own_choose(view)

    own_choose = rulebot._choose
    monkeypatch.setattr(rulebot, "_bid", earlier_bid)
    monkeypatch.setattr(rulebot, "_plan_trump", earlier_plan)
    monkeypatch.setattr(rulebot, "_choose", earlier_choose)
    monkeypatch.setattr(rulebot, "_bid_and_trump", earlier_bid_and_trump)
    monkeypatch.setattr(pimc, "_bid_evidence", earlier_bid_evidence)
    judge.cache_clear()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_take_all_plan_is_the_one_every_trump_weighed_in_full_gives(variant: str) -> None:
    rules = VARIANTS[variant]
    deck = list(rules.deck_indices)
    rng = random.Random(variant)
    for _ in range(1500):
        hand = sum(1 << c for c in rng.sample(deck, rng.randint(5, rules.hand_size + 2)))
        discards = rng.randint(0, 3)
        assert rulebot._plan_trump.__wrapped__(rules, hand, discards, True) == earlier_take_all_plan(
            rules, hand, discards
        )


def bidding_positions(variant: str, count: int) -> list[cl.HandState]:
    """Seeded deals, each with a seeded number of random calls made: every seat to bid, whatever was heard."""
    rules = cl.Rules.preset(variant)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = cl.HandState.new(rules, dealer=cl.Seat(seed % 4), seed=seed)
        for _ in range(rng.randrange(4)):
            if state.phase is not Phase.BIDDING:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.BIDDING:
            out.append(state)
    return out


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_rulebot_plays_whole_hands_as_it_did(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call, exchange and card of RuleBot's hands from seeded deals and seeded calls, step for step."""
    from charlemagne_learn.analysis.bots import play_hand

    rules = cl.Rules.preset(variant)
    judge.cache_clear()
    states = bidding_positions(variant, 60)
    now = [rulebot.advise(s.view(s.to_move)) for s in states]  # type: ignore[arg-type]
    hands = [play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=seed).history for seed in range(60)]
    the_earlier_way(monkeypatch)
    assert [rulebot.advise(s.view(s.to_move)) for s in states] == now  # type: ignore[arg-type]
    assert [play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=seed).history for seed in range(60)] == hands


@needs_compiled
@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_bids_after_a_bid_are_graded_as_they_were(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole hint of a bid once anybody has bid (the rest of every auction and every exchange played by RuleBot)
    and its points deal by deal, on seeded positions."""
    states = [s for s in bidding_positions(variant, 60) if bid_stands(s.view(s.to_move))][:6]  # type: ignore[arg-type]
    assert len(states) == 6
    now = []
    for n, state in enumerate(states):
        forget()
        now.append(hint(state.view(state.to_move), 24, n, workers=1))  # type: ignore[arg-type]
    the_earlier_way(monkeypatch)
    for n, (state, ranked) in enumerate(zip(states, now, strict=True)):
        forget()
        assert hint(state.view(state.to_move), 24, n, workers=1) == ranked  # type: ignore[arg-type]
