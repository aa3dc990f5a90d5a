"""Bids judged by what follows them (``analysis.auction``): the rest of the auction, the exchange and the play."""

from __future__ import annotations

import random

import _french
import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import pimcbot
from charlemagne_learn.analysis.auction import action_values, auction_values
from charlemagne_learn.analysis.kinds import EXPERT_BID_BIAS, make_bot
from charlemagne_learn.analysis.pimcbot import PimcBot
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.deal import cards_of, deck_mask, mask_of

french_course = _french.french_course

#: The eight top hearts of the Canadian order: every take-all contract is made on every deal, whoever holds the rest.
SURE = "RJ BJ JH JD AH KH QH 10H"


def _dealer_after_passes(hand: str, passes: int = 3) -> cl.HandState:
    """A Canadian hand where West deals and holds ``hand``; the first ``passes`` seats have passed."""
    rest = list(cards_of(deck_mask(cl.Rules.preset("canadian")) & ~mask_of(cl.parse_cards(hand))))
    hands = {"W": hand, "N": rest[0:8], "E": rest[8:16], "S": rest[16:24]}
    state = cl.HandState.new("canadian", dealer="W", hands=hands, kitty=rest[24:26])
    for _ in range(passes):
        state.apply("pass")
    return state


def test_every_legal_action_is_judged_and_the_values_repeat_for_a_seed() -> None:
    state = cl.HandState.new("canadian", dealer="W", seed=11)
    view = state.view("N")
    values = auction_values(view, samples=6, seed=4)
    assert list(values) == [a.text("en") for a in view.legal_actions]
    assert values == auction_values(view, samples=6, seed=4)


def test_a_sure_hand_scores_what_each_contract_is_worth_and_a_thrown_in_hand_nothing() -> None:
    # The dealer bids last: nobody can answer its bid, so each bid is worth exactly its own contract's points.
    values = auction_values(_dealer_after_passes(SURE).view("W"), samples=6)
    assert values["pass"] == 0.0  # four passes: the hand is thrown in
    assert values["bid Gros Charlemagne"] == 32.0
    assert values["bid Charlemagne"] == 16.0
    assert [values[f"bid {n}"] for n in (5, 6, 7, 8)] == [5.0, 6.0, 7.0, 8.0]  # no credit for overtricks
    # both jokers in the bidder's hand: the last of them takes a trick, so a Mulot always fails
    assert values["bid Mulot"] == -7.0
    assert values["bid Gros Mulot"] == -15.0


def test_passing_is_worth_what_the_others_then_do() -> None:
    # North bids first: a pass leaves the contract to the three seats after it, judged on the same deals.
    state = cl.HandState.new("canadian", dealer="W", seed=3)
    values = auction_values(state.view("N"), samples=16, seed=0)
    assert values["pass"] != 0.0


def test_pimcbot_bids_the_contract_worth_most() -> None:
    view = _dealer_after_passes(SURE).view("W")
    assert PimcBot(0, samples=4, bidding="auction").act(view) == cl.Action.parse("bid gros_charlemagne")
    assert repr(PimcBot(0)) == "PimcBot(seed=0, samples=40, bidding='auction')"


def test_only_the_seat_to_bid_is_judged() -> None:
    state = _dealer_after_passes(SURE)
    with pytest.raises(cl.IllegalActionError, match="seat to bid"):
        auction_values(state.view("N"))
    state.apply("bid 6")
    with pytest.raises(cl.IllegalActionError, match="during the bidding"):
        auction_values(state.view("W"))
    with pytest.raises(cl.RulesOptionError, match="samples=0"):
        auction_values(_dealer_after_passes(SURE).view("W"), samples=0)


def test_refusals_are_french_in_a_french_course(french_course: None) -> None:
    message = _french.refusal(lambda: auction_values(_dealer_after_passes(SURE).view("N")))
    assert "enchérir" in message and not _french.english_words_in(message), message


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_every_variant_s_bids_are_judged_at_every_turn_of_the_auction(variant: str) -> None:
    for seed in range(3):
        state = cl.HandState.new(variant, dealer="W", seed=seed)
        while state.phase is cl.Phase.BIDDING:
            view = state.view(state.to_move)
            values = auction_values(view, samples=2, seed=seed)
            assert set(values) == {a.text("en") for a in view.legal_actions}
            target = state.rules.target
            assert all(-target <= v <= target for v in values.values())
            state.apply(cl.RuleBot(seed).act(view))


@pytest.mark.parametrize("seed", [3, 8])
def test_pimcbot_keeps_rulebot_s_bid_unless_another_is_worth_a_point_more(seed: int) -> None:
    view = cl.HandState.new("canadian", dealer="W", seed=seed).view("N")
    rule = advise(view).action
    # the bot's first decision draws its deals' seed first from its own generator
    values = auction_values(view, samples=12, seed=random.Random(seed).getrandbits(32))
    best = max(view.legal_actions, key=lambda a: (values[a.text("en")], a == rule))
    for margin in (0.0, 1.0, 100.0):
        bot = PimcBot(seed, samples=4, bid_samples=12)
        bot.bid_margin = margin
        gain = values[best.text("en")] - values[rule.text("en")]
        assert bot.act(view) == (best if gain >= margin else rule)
    assert PimcBot(seed).bid_margin == 1.0


def test_pimcbot_s_margin_shrinks_as_the_noise_of_its_bids_values_does() -> None:
    # a point on 40 deals; the average of four times as many deals is half as noisy, a quarter twice as noisy
    assert [PimcBot(0, bid_samples=n).bid_margin for n in (40, 160, 10)] == [1.0, 0.5, 2.0]


def test_a_contract_s_double_dummy_value_is_corrected_by_its_side_s_bias() -> None:
    # The dealer bids last, so each bid is its own side's contract on every deal: the bias of its side, and only
    # that, moves it; the pass throws the hand in and stays at nothing.
    view = _dealer_after_passes(SURE).view("W")
    plain = action_values(view, 6, 0)
    bias = {("6", True): 2.5, ("6", False): -100.0, ("mulot", False): 100.0}
    corrected = action_values(view, 6, 0, bias)
    moved = {a.text("en"): corrected[a] - plain[a] for a in plain if corrected[a] != plain[a]}
    assert moved == {"bid 6": 2.5}


def test_the_expert_judges_its_bids_with_the_bias_measured_on_its_own_play(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []

    def values(view: cl.SeatView, samples: int, seed: int, bias: object = None) -> dict[cl.Action, float]:
        asked.append((samples, bias))
        return dict.fromkeys(view.legal_actions, 0.0)

    monkeypatch.setattr(pimcbot, "action_values", values)
    for variant in ("canadian", "american"):
        view = cl.HandState.new(variant, dealer="W", seed=3).view("N")
        make_bot("expert", 1).act(view)
        make_bot("strong", 1).act(view)
    # measured on Canadian deals, the correction is not carried to another variant's scoring
    assert asked == [(40, EXPERT_BID_BIAS["canadian"]), (40, None), (40, None), (40, None)]
    # the tables beat double dummy most on the expert's own Gros Mulot
    bias = EXPERT_BID_BIAS["canadian"]
    assert max(bias, key=lambda k: bias[k]) == ("gros_mulot", True)
    assert repr(make_bot("expert", 1)).endswith("bid_bias=<canadian: 7 contracts>)")
