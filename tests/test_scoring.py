"""Scores of every bid of every variant, made and failed, from the bid tables of docs/rules.md."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.scoring import net_points, stake, value_to_bidder

OTHER = {"NS": "EW", "EW": "NS"}


# docs/rules.md: these contracts have no trump suit; every other bid here has one.
NO_TRUMP_BIDS = {"mulot", "gros_mulot", "le_petit", "no_trump", "high_card_no_trump"}


def contract(variant: str, bid: str, bidder: str = "N") -> cl.Contract:
    return cl.Contract(cl.Rules.preset(variant), bid, bidder, None if bid in NO_TRUMP_BIDS else "H")


# (variant, bid, fewest bidder tricks that make it, points if made, points to opponents if failed)
# "to make it" means "at least N tricks"; for Mulot/Le Petit the bidder must take none (handled below).
TRICK_BIDS = [
    ("canadian", "5", 5, 5, 5),
    ("canadian", "6", 6, 6, 6),
    ("canadian", "7", 7, 7, 7),
    ("canadian", "8", 8, 8, 8),
    ("canadian", "charlemagne", 8, 16, 8),
    ("canadian", "gros_charlemagne", 8, 32, 16),
    ("american", "5", 5, 5, 5),
    ("american", "6", 6, 6, 6),
    ("american", "7", 7, 7, 7),
    ("american", "no_trump", 8, 8, 8),
    ("american", "charles", 8, 21, 21),
    ("american", "charles_alone", 8, 21, 21),
    *[("maine", str(n), n, n, n) for n in range(1, 8)],
    ("maine", "high_card_no_trump", 8, 8, 8),
]

# Bids won by taking no trick: (variant, bid, made, failed)
AVOID_BIDS = [
    ("canadian", "mulot", 15, 7),
    ("canadian", "gros_mulot", 30, 15),
    ("american", "le_petit", 8, 8),
    ("maine", "le_petit", 8, 8),
]


@pytest.mark.parametrize(("variant", "bid", "need", "made", "failed"), TRICK_BIDS)
@pytest.mark.parametrize("bidder", ["N", "E"])
def test_trick_bid_made_with_exactly_the_tricks_needed(
    variant: str, bid: str, need: int, made: int, failed: int, bidder: str
) -> None:
    k = contract(variant, bid, bidder)
    team = cl.Seat.find(bidder).team
    assert cl.score_hand(k, need) == {team: made, OTHER[team]: 0}
    assert cl.explain_score(k, need).answer.made is True


@pytest.mark.parametrize(("variant", "bid", "need", "made", "failed"), TRICK_BIDS)
@pytest.mark.parametrize("bidder", ["N", "E"])
def test_trick_bid_failed_by_one_trick(variant: str, bid: str, need: int, made: int, failed: int, bidder: str) -> None:
    k = contract(variant, bid, bidder)
    team = cl.Seat.find(bidder).team
    assert cl.score_hand(k, need - 1) == {team: 0, OTHER[team]: failed}
    assert cl.score_hand(k, 0) == {team: 0, OTHER[team]: failed}
    assert cl.explain_score(k, need - 1).answer.made is False


@pytest.mark.parametrize(("variant", "bid", "need", "made", "failed"), TRICK_BIDS)
def test_no_credit_for_overtricks(variant: str, bid: str, need: int, made: int, failed: int) -> None:
    k = contract(variant, bid)
    for took in range(need, 9):
        assert cl.score_hand(k, took) == {"NS": made, "EW": 0}


def test_no_credit_example_from_rules_md() -> None:
    # "bid 5, take 7, score 5"
    k = contract("canadian", "5")
    assert cl.score_hand(k, 7) == {"NS": 5, "EW": 0}
    reason = cl.explain_score(k, 7).reason
    assert "no credit" in reason
    assert "5" in reason


@pytest.mark.parametrize(("variant", "bid", "made", "failed"), AVOID_BIDS)
@pytest.mark.parametrize("bidder", ["S", "W"])
def test_avoid_bid_made_by_taking_no_trick(variant: str, bid: str, made: int, failed: int, bidder: str) -> None:
    k = contract(variant, bid, bidder)
    team = cl.Seat.find(bidder).team
    assert cl.score_hand(k, 0) == {team: made, OTHER[team]: 0}
    for took in range(1, 9):
        assert cl.score_hand(k, took) == {team: 0, OTHER[team]: failed}


@pytest.mark.parametrize("bid", ["mulot", "gros_mulot", "le_petit"])
def test_avoid_bid_explanation_says_take_no_trick(bid: str) -> None:
    variant = "american" if bid == "le_petit" else "canadian"
    reason = cl.explain_score(contract(variant, bid), 1).reason
    assert "no trick" in reason
    assert "failed" in reason


@pytest.mark.parametrize(("variant", "bid"), [("canadian", "6"), ("canadian", "mulot"), ("american", "charles")])
def test_only_one_team_scores_in_a_hand(variant: str, bid: str) -> None:
    k = contract(variant, bid)
    for took in range(9):
        points = cl.score_hand(k, took)
        assert sorted(points) == ["EW", "NS"]
        assert min(points.values()) == 0
        assert max(points.values()) > 0


def test_explain_score_names_team_bid_and_verdict() -> None:
    reason = cl.explain_score(contract("canadian", "6"), 5).reason
    assert "6" in reason
    assert "5 tricks" in reason
    assert "failed" in reason
    assert "East–West score 6" in reason


def test_explain_score_for_a_made_charlemagne() -> None:
    ruling = cl.explain_score(contract("canadian", "charlemagne", "E"), 8)
    assert ruling.answer.points == {"NS": 0, "EW": 16}
    assert "every trick" in ruling.reason
    assert "made" in ruling.reason


@pytest.mark.parametrize("variant", ["canadian", "american", "maine"])
@pytest.mark.parametrize("took", [-1, 9])
def test_impossible_trick_counts_are_rejected(variant: str, took: int) -> None:
    with pytest.raises(cl.TrickError, match="0 to 8"):
        cl.score_hand(contract(variant, "5"), took)


# ---------------------------------------------------------------- Maine Charlemagne: outright
@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("bidder", ["N", "E"])
def test_maine_charlemagne_made_wins_the_game_outright(alone: bool, bidder: str) -> None:
    k = cl.Contract(cl.Rules.preset("maine"), "charlemagne", bidder, "C", alone=alone)
    score = cl.explain_score(k, 8)
    assert score.answer.made is True
    assert score.answer.outright_winner == k.team
    assert "outright" in score.reason


@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("took", [0, 7])
def test_maine_charlemagne_failed_loses_the_game_outright(alone: bool, took: int) -> None:
    k = cl.Contract(cl.Rules.preset("maine"), "charlemagne", "N", "C", alone=alone)
    score = cl.explain_score(k, took).answer
    assert score.made is False
    assert score.outright_winner == "EW"


@pytest.mark.parametrize(("variant", "bid"), [("maine", "5"), ("maine", "le_petit"), ("canadian", "gros_charlemagne")])
def test_other_bids_never_decide_the_game_outright(variant: str, bid: str) -> None:
    k = contract(variant, bid)
    for took in (0, 8):
        assert cl.explain_score(k, took).answer.outright_winner is None


@pytest.mark.parametrize(("variant", "bid"), [("maine", "charlemagne"), ("maine", "5"), ("canadian", "mulot")])
def test_what_a_hand_is_worth_to_the_bidder_counts_a_decided_game_as_the_whole_game(variant: str, bid: str) -> None:
    k = contract(variant, bid)
    target = k.rules.target
    for took in range(9):
        value = value_to_bidder(k, took)
        if k.spec.outright:  # no points are scored, but the game is won or lost
            assert net_points(k, took) == 0 and value == (target if took == 8 else -target)
            assert stake(k.rules, k.spec) == 2 * target
        else:
            assert value == net_points(k, took) == cl.score_hand(k, took)[k.team] - cl.score_hand(k, took)[k.defenders]
            assert stake(k.rules, k.spec) == k.spec.made + k.spec.failed
    for bad in ("7", None, True, 7.0):
        with pytest.raises(cl.TrickError, match="number of tricks"):
            value_to_bidder(k, bad)  # type: ignore[arg-type]
        with pytest.raises(cl.TrickError, match="number of tricks"):
            net_points(k, bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- Bid Euchre
EUCHRE = cl.Rules.preset("bid_euchre")


@pytest.mark.parametrize("bid", range(1, 7))
@pytest.mark.parametrize("trump", ["S", None])
def test_bid_euchre_made_scores_a_point_per_trick_to_each_team(bid: int, trump: str | None) -> None:
    k = cl.Contract(EUCHRE, str(bid), "E", trump)
    for took in range(bid, 7):
        assert cl.score_hand(k, took) == {"EW": took, "NS": 6 - took}
        assert cl.explain_score(k, took).answer.made is True


@pytest.mark.parametrize("bid", range(1, 7))
@pytest.mark.parametrize("trump", ["H", None])
def test_bid_euchre_set_loses_the_bid_and_opponents_score_their_tricks(bid: int, trump: str | None) -> None:
    k = cl.Contract(EUCHRE, str(bid), "N", trump)
    for took in range(bid):
        assert cl.score_hand(k, took) == {"NS": -bid, "EW": 6 - took}
        assert cl.explain_score(k, took).answer.made is False


def test_bid_euchre_example_from_the_engine_docs() -> None:
    # East bids 4 no-trump and takes 3: set, East–West lose 4; North–South took 3.
    k = cl.Contract(EUCHRE, "4", "E", None)
    assert cl.score_hand(k, 3) == {"NS": 3, "EW": -4}
    reason = cl.explain_score(k, 3).reason
    assert "lose 4" in reason
    assert "point per trick" in reason


@pytest.mark.parametrize("took", [-1, 7])
def test_bid_euchre_has_six_tricks(took: int) -> None:
    with pytest.raises(cl.TrickError, match="0 to 6"):
        cl.score_hand(cl.Contract(EUCHRE, "3", "N", "S"), took)
