"""Every combination of rules options is either refused with a clear message or plays.

Issue 11: ``Rules.preset`` accepted rule sets the engine cannot play (a 7-card hand with a 6-card
kitty dealt 6 cards each and ended in a hand with no legal action), negative kitties, ``8.0`` for a
whole number, ``None`` for the bower names and a named bid as the dealer's minimum. Here hypothesis
draws option combinations, good and bad values mixed, and checks that an accepted ``Rules`` plays
every hand to the end, replays from JSON and round-trips through its record, and that anything else
is a :class:`RulesOptionError` that says what is allowed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis.bots import RandomBot, play_hand

FLAGS = ("jokers", "nine_high", "partner_card_first", "lone_defender", "stop_when_decided", "per_trick_scoring")

VALUES: dict[str, list[Any]] = {
    "high_joker": ["red", "black", "blue", None, 1],
    "all_pass": ["redeal", "stick_dealer", "pass", None],
    "dealer_minimum": [None, 1, 4, 5, 6, 7, 8, 9, "5", "mulot", 5.0, True],
    "target": [1, 21, 32, 100, 0, -5, 8.0, True, "32"],
    "win_rule": ["first_to_target", "bid_euchre", "fastest"],
    "bower_names": [("big jack", "little jack"), ("right", "left"), None, ("a",), ("a", ""), "ab", ["a", "b"]],
    "low_rank": [7, 9, 8, 7.0],
    "hand_size": [6, 7, 8, 9, 8.0, -1],
    "kitty_size": [0, 2, 4, 6, -2, 2.0],
    **{flag: [True, False, 0, 1, None, "yes"] for flag in FLAGS},
}

options_strategy = st.dictionaries(
    st.sampled_from(sorted(VALUES)),
    st.integers(0, 11),
    max_size=5,
).map(lambda picks: {k: VALUES[k][i % len(VALUES[k])] for k, i in picks.items()})


def plays_to_the_end(rules: cl.Rules, seed: int) -> cl.HandState:
    state = play_hand(rules, [RandomBot(seed + s) for s in range(4)], dealer=cl.Seat(seed % 4), seed=seed)
    assert state.is_over and state.result is not None
    assert state.legal_actions() == []
    replay = cl.HandState.from_json(state.to_json())
    assert replay.to_json() == state.to_json() and replay.result == state.result
    return state


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["canadian", "american", "maine", "bid_euchre", "us", "euchre"]), options=options_strategy
)
def test_options_are_refused_clearly_or_play_every_hand(variant: str, options: dict[str, Any]) -> None:
    try:
        rules = cl.Rules.preset(variant, **options)
    except cl.RulesOptionError as exc:
        message = str(exc)
        assert "allowed" in message or "use" in message or "cannot" in message or "fit" in message, message
        return
    record = json.loads(json.dumps(rules.to_record()))
    assert cl.Rules.from_record(record) == rules
    assert eval(repr(rules), {"Rules": cl.Rules}) == rules  # the repr is the preset call
    for seed in range(4):
        plays_to_the_end(rules, seed)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"hand_size": 7, "kitty_size": 6}, "hand_size, kitty_size cannot change"),
        ({"kitty_size": -2}, "kitty_size cannot change"),
        ({"hand_size": 8.0}, "hand_size=8.0 is not allowed; use a whole number"),
        ({"bower_names": None}, "bower_names=None is not allowed; use two names"),
        ({"dealer_minimum": "mulot"}, "use None or one of the numeric bids 5, 6, 7, 8"),
        ({"jokers": False}, "jokers cannot change"),
        ({"target": True}, "target=True is not allowed"),
    ],
)
def test_the_reported_unplayable_options_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(cl.RulesOptionError, match=words.replace("(", r"\(")):
        cl.Rules.preset("canadian", **options)


def test_an_unchanged_deck_option_is_accepted() -> None:
    assert cl.Rules.preset("canadian", hand_size=8, kitty_size=2) == cl.Rules.preset("canadian")


@pytest.mark.parametrize("record", [None, [], "canadian", {"rules": "canadian"}, {"variant": 3}])
def test_a_rules_record_that_is_not_one_is_refused(record: Any) -> None:
    with pytest.raises(cl.RulesOptionError, match="not a rules record"):
        cl.Rules.from_record(record)


def test_rules_and_bids_are_built_by_keyword() -> None:
    with pytest.raises(TypeError):
        cl.BidSpec("5", "5", 5, 5, 5, "after_bidding")  # type: ignore[misc]
    with pytest.raises(TypeError):
        cl.HandResult({"NS": 0, "EW": 0}, None, 0, None, None, None, True, "")  # type: ignore[misc]
    spec = cl.BidSpec(name="5", label="5", tricks=5, made=5, failed=5, trump="after_bidding")
    assert spec.tricks == 5


@pytest.mark.parametrize(
    ("field", "value"),
    [("tricks", -1), ("tricks", 5.0), ("trump", "later"), ("exchange", "swap"), ("avoid", 1), ("aliases", ["x"])],
)
def test_a_bid_of_impossible_shape_is_refused(field: str, value: Any) -> None:
    fields: dict[str, Any] = {"name": "5", "label": "5", "tricks": 5, "made": 5, "failed": 5, "trump": "after_bidding"}
    with pytest.raises(cl.RulesOptionError, match=field):
        cl.BidSpec(**{**fields, field: value})
