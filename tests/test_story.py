"""One hand told from a seat: every decision of the seat in five parts, the engine's word on each, and every
trick the seat played to, so a learner can follow the whole hand."""

from __future__ import annotations

import re

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint
from charlemagne_learn.teach.story import tell_hand


@pytest.fixture(scope="module")
def hand() -> cl.HandState:
    return cl.play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(s) for s in range(4)], dealer="W", seed=25)


def test_every_decision_of_the_seat_is_told_in_order(hand: cl.HandState) -> None:
    story = tell_hand(hand, "S", samples=8)
    mine = [(k, a) for k, (s, a) in enumerate(hand.history) if s == cl.Seat.S]
    # the exchange (the cards put aside and the trump) is one decision; every other action of South is one moment
    exchange = sum(1 for _, a in mine if a.kind in ("discard", "trump"))
    assert len(story.moments) == len(mine) - exchange + (1 if exchange else 0)
    assert [m.move for m in story.moments] == sorted(m.move for m in story.moments)
    assert all(m.chose.startswith("South ") for m in story.moments)
    # every trick South played to is told with its winner, so the whole play can be followed
    plays = [m for m in story.moments if m.phase == "play"]
    assert len(plays) == len(hand.tricks)
    for m, trick in zip(plays, hand.tricks, strict=True):
        assert m.then.endswith(f"{trick.winner.word} wins the trick.")
    assert story.result == hand.result.reason


def test_the_bid_is_weighed_by_the_count_and_the_exchange_by_its_rule(hand: cl.HandState) -> None:
    story = tell_hand(hand, "S", samples=8)
    bid = next(m for m in story.moments if m.phase == "bidding")
    assert bid.considers.startswith("Count ") and "allows up to" in bid.considers
    exchange = next(m for m in story.moments if m.phase == "discard")
    assert "puts aside" in exchange.chose and "names" in exchange.chose and "Discard from" in exchange.considers


def test_the_engine_line_is_the_hints_grade(hand: cl.HandState) -> None:
    story = tell_hand(hand, "S", samples=8)
    for m in story.moments:
        if m.phase != "play" or m.engine == "No choice here.":
            continue
        before = hand.at(m.move - 1)
        action = hand.history[m.move - 1][1]
        grade = hint(before.view("S"), 8, workers=1).choice(action).grade
        assert m.engine.startswith("agrees") == (grade == "best")
        if grade != "best":
            assert f"grades it {grade}" in m.engine and "Better was" in m.engine


def test_the_story_reads_in_any_theme_and_as_text(hand: cl.HandState) -> None:
    story = tell_hand(hand, "E", samples=6)
    page = story._repr_html_()
    # only the cards draw their own colours: the text takes the theme's
    outside_cards = re.sub(r'<span class="cl-cardlist">.*?</span></span>', "", page)
    assert "color:" not in outside_cards and "background" not in outside_cards
    text = str(story)
    assert text.splitlines()[0] == story.title and "East" in story.title
    assert text.count("  Chooses: ") == len(story.moments)


def test_only_a_finished_hand_is_told_and_bad_arguments_are_refused(hand: cl.HandState) -> None:
    with pytest.raises(cl.CharlemagneError, match="finished"):
        tell_hand(hand.at(5), "S")
    with pytest.raises(cl.CharlemagneError, match="finished"):
        tell_hand("not a hand", "S")  # type: ignore[arg-type]
    with pytest.raises(cl.CharlemagneError):
        tell_hand(hand, "Q")
    with pytest.raises(cl.CharlemagneError, match="samples"):
        tell_hand(hand, "S", samples=0)


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_every_seat_of_every_variant_can_be_told(variant: str) -> None:
    # an American bidder names trump with no exchange: a decision the engine does not grade, told as such
    hand = cl.play_hand(cl.Rules.preset(variant), [cl.RuleBot(s) for s in range(4)], dealer="W", seed=3)
    for seat in "NESW":
        story = tell_hand(hand, seat, samples=4)
        assert story.moments and all(m.engine for m in story.moments)
