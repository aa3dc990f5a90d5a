"""Junk of any shape is refused with a CharlemagneError whose message quotes a bounded part of it (issue 25, item 11).

Seen before: ``Seat("north")`` raised a plain ValueError, ``Contract.cached`` and the raw ``HandState(...)``
an AttributeError or TypeError, ``sort_hand(["JH"])`` an AttributeError, ``RuleBot(np.int64(5))`` a TypeError,
a list nested 1,000 deep a RecursionError (from ``repr`` in the message), and a 1 MB input came back whole in
the message.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.actions import MAX_RECORD_CHARS
from charlemagne_learn.engine.errors import QUOTE_CHARS, quote
from charlemagne_learn.engine.rng import check_seed
from charlemagne_learn.widgets import sort_hand

CANADIAN = cl.Rules.preset("canadian")


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = nested(1000)
BIG = "J" * 1_000_000


# ---------------------------------------------------------------- quoting
def test_quote_is_bounded_for_any_value() -> None:
    assert quote("JH") == repr("JH")
    assert quote(["JH", "AS"]) == repr(["JH", "AS"])
    for value in (DEEP, nested(10_000), BIG, ["JH"] * 100_000, {"N": DEEP}, 10**5000, b"\xff" * 10**6):
        text = quote(value)
        assert 0 < len(text) <= QUOTE_CHARS


@pytest.mark.parametrize(
    "call",
    [
        lambda v: cl.Card.parse(v),
        lambda v: cl.parse_cards(v),
        lambda v: cl.Seat.find(v),
        lambda v: cl.Suit.find(v),
        lambda v: cl.Rank.find(v),
        lambda v: cl.Rules.preset(v),
        lambda v: cl.Rules.preset("canadian", high_joker=v),
        lambda v: cl.Action.parse(v),
        lambda v: cl.Contract(CANADIAN, v, "N", "H"),
        lambda v: cl.HandState.new(CANADIAN, v, seed=1),
        lambda v: cl.HandState.new(CANADIAN, "N", v),
        lambda v: check_seed(v),
        lambda v: cl.number(v),
        lambda v: cl.term(v),
        lambda v: cl.RuleBot(v),
        lambda v: cl.play_hand(CANADIAN, v, seed=1),
    ],
)
@pytest.mark.parametrize("value", [DEEP, BIG, 10**5000], ids=["nested-1000", "1MB", "5000-digits"])
def test_messages_never_repeat_or_choke_on_the_input(call: Any, value: Any) -> None:
    with pytest.raises(cl.CharlemagneError) as caught:
        call(value)
    assert len(str(caught.value)) < 1000


# ---------------------------------------------------------------- the enums' constructors
def test_enum_constructors_read_their_words() -> None:
    # seats, suits and ranks equal their words, so their constructors read them as find() does
    assert cl.Seat("north") is cl.Seat.N is cl.Seat("N")
    assert cl.Seat("ouest") is cl.Seat.W
    assert cl.Suit("H") is cl.Suit("cœur") is cl.Suit("♥") is cl.Suit.H
    assert cl.Rank("10") is cl.Rank("ten") is cl.Rank.TEN
    # and numbers as the ints they are
    assert cl.Seat(2) is cl.Seat(np.int64(2)) is cl.Seat.S
    assert cl.Rank(3) is cl.Rank.TEN
    assert cl.Seat(cl.Seat.E) is cl.Seat.E
    assert cl.Phase("play") is cl.Phase("PLAY") is cl.Phase.PLAY
    for member in (cl.Seat.W, cl.Suit.D, cl.Rank.ACE, cl.Phase.TRUMP):
        assert pickle.loads(pickle.dumps(member)) is member


@pytest.mark.parametrize("enum", [cl.Seat, cl.Suit, cl.Rank, cl.Phase])
@pytest.mark.parametrize(
    "value", ["north-west", 2.0, True, 9, -1, None, [], {}, DEEP, BIG, cl.Suit.H, cl.Seat.S], ids=quote
)
def test_enum_constructors_refuse_junk_clearly(enum: Any, value: Any) -> None:
    if type(value) is enum:
        return
    with pytest.raises(cl.CharlemagneError) as caught:
        enum(value)
    assert len(str(caught.value)) < 300


# ---------------------------------------------------------------- constructors below the lessons' API
def test_contract_cached_reads_or_refuses_as_the_constructor() -> None:
    spec = CANADIAN.bid("6")
    kept = cl.Contract.cached(CANADIAN, spec, cl.Seat.N, cl.Suit.H)
    assert kept is cl.Contract.cached(CANADIAN, spec, cl.Seat.N, cl.Suit.H)
    assert cl.Contract.cached(CANADIAN, "6", "N", "H") == kept  # text: the constructor reads it
    with pytest.raises(cl.CharlemagneError):
        cl.Contract.cached("x", "y", "z")
    with pytest.raises(cl.CharlemagneError):
        cl.Contract.cached(CANADIAN, spec, cl.Seat.N, cl.Suit.H, alone=[])
    with pytest.raises(cl.ContractError):
        cl.Contract(CANADIAN, 10**5000, "N", "H")


def test_raw_hand_state_constructor_steers_to_new() -> None:
    for args in [("canadian",), ("x", 1, 2, 3), (CANADIAN, "N", [0, 0, 0, 0], 0), (CANADIAN, cl.Seat.N, "JH", 0)]:
        with pytest.raises(cl.HandError, match=r"HandState\.new"):
            cl.HandState(*args)
    # bit sets that are no deal are refused where they are given, not deep in a hand
    with pytest.raises(cl.CharlemagneError):
        cl.HandState(CANADIAN, cl.Seat.N, [1, 2, 4, 8], 0)
    dealt = cl.HandState.new(CANADIAN, "W", seed=4)
    hands, kitty = dealt._deal
    again = cl.HandState(CANADIAN, cl.Seat.W, list(hands), kitty)
    assert again.hands == dealt.hands and again.kitty == dealt.kitty


def test_sort_hand_reads_cards_as_text() -> None:
    assert sort_hand(["JH", "AS", "RJ"]) == sort_hand(cl.parse_cards("JH AS RJ")) == sort_hand("JH AS RJ")
    with pytest.raises(cl.CardParseError):
        sort_hand(["JH", "XX"])
    with pytest.raises(cl.ContractError):
        sort_hand(["JH"], "6 H")  # type: ignore[arg-type]


def test_bots_take_numpy_seeds() -> None:
    state = cl.HandState.new(CANADIAN, "N", seed=3).view("E")
    for bot in (cl.RandomBot, cl.RuleBot):
        made = bot(np.int64(5))  # type: ignore[arg-type]
        assert made.seed == 5 and type(made.seed) is int
        assert made.act(state) == bot(5).act(state)


# ---------------------------------------------------------------- sizes
def test_records_have_a_size_bound() -> None:
    for loader in (cl.HandState.from_json, cl.Game.from_json):
        for text in (" " * (MAX_RECORD_CHARS + 1), b" " * (MAX_RECORD_CHARS + 1)):
            with pytest.raises(cl.IllegalActionError, match="at most 10,000,000"):
                loader(text)
    played = cl.play_hand(CANADIAN, [cl.RandomBot(s) for s in range(4)], seed=3)
    assert cl.HandState.from_json(played.to_json()).to_json() == played.to_json()


@pytest.mark.parametrize("spec", ["999999999f", "1000000d", ".100000f", "," * 50])
def test_number_formats_are_bounded(spec: str) -> None:
    with pytest.raises(cl.RulesOptionError, match="up to 100"):
        cl.number(1.5, spec)
    assert cl.number(1.5, "10.3f") == "     1.500"
    assert cl.number(0.915, "100.0%").strip() == "92%"
