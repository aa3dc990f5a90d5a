"""Games: dealer rotation, running scores and each variant's way of winning (docs/rules.md)."""

from __future__ import annotations

import json

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.game import game_winner

CANADIAN = cl.Rules.preset("canadian")
AMERICAN = cl.Rules.preset("american")
MAINE = cl.Rules.preset("maine")
EUCHRE = cl.Rules.preset("bid_euchre")


def step(game: cl.Game, bid: str) -> None:
    """One action: the first bidder of each hand bids ``bid`` (if still allowed), everybody
    else passes; every other decision takes the first legal action."""
    hand = game.hand
    legal = [str(a) for a in hand.legal_actions()]
    if hand.phase is cl.Phase.BIDDING:
        wanted = str(cl.Action.parse(f"bid {bid}"))
        if hand.bid is None and wanted in legal:
            game.apply(f"bid {bid}")
        elif "pass" in legal:
            game.apply("pass")
        else:
            game.apply(legal[0])
        return
    game.apply(hand.legal_actions()[0])


def play_hand(game: cl.Game, bid: str) -> cl.HandState:
    count = len(game.finished)
    while len(game.finished) == count:
        step(game, bid)
    return game.finished[-1]


def play_game(game: cl.Game, bid: str, max_hands: int = 60) -> None:
    while not game.is_over:
        assert len(game.finished) < max_hands, "game did not end"
        play_hand(game, bid)


# ---------------------------------------------------------------- dealer rotation and scores
@pytest.mark.parametrize("first", ["N", "E", "S", "W"])
def test_the_deal_passes_to_the_left_after_every_hand(first: str) -> None:
    game = cl.Game(CANADIAN, first_dealer=first, seed=5)
    for _ in range(5):
        play_hand(game, "5")
    seat = cl.Seat.find(first)
    expected = [seat, seat.left, seat.left.left, seat.left.left.left, seat]
    assert [h.dealer for h in game.finished] == expected
    assert game.hand.dealer is seat.left


def test_a_thrown_in_hand_scores_nothing_and_passes_the_deal() -> None:
    game = cl.Game(CANADIAN, first_dealer="N", seed=1)
    for _ in range(4):
        game.apply("pass")
    assert len(game.finished) == 1
    assert game.finished[0].result is not None and game.finished[0].result.passed_out
    assert game.scores == {"NS": 0, "EW": 0}
    assert game.hand.dealer is cl.Seat.E
    assert not game.is_over


@pytest.mark.parametrize(("rules", "bid"), [(CANADIAN, "5"), (AMERICAN, "5"), (MAINE, "4S"), (EUCHRE, "2H")])
def test_scores_are_the_sum_of_the_hands(rules: cl.Rules, bid: str) -> None:
    game = cl.Game(rules, seed=11)
    totals = {"NS": 0, "EW": 0}
    for _ in range(4):
        hand = play_hand(game, bid)
        assert hand.result is not None
        for team, points in hand.result.points.items():
            totals[team] += points
        assert game.scores == totals
        if game.is_over:
            break


def test_each_new_hand_is_a_fresh_deal() -> None:
    game = cl.Game(CANADIAN, seed=2)
    first = play_hand(game, "5")
    assert game.hand.phase is cl.Phase.BIDDING
    assert game.hand.history == []
    assert json.loads(game.hand.to_json())["deal"] != json.loads(first.to_json())["deal"]
    assert all(len(cards) == 8 for cards in game.hand.hands.values())


# ---------------------------------------------------------------- playing to the target
@pytest.mark.parametrize(
    ("rules", "bid", "target"),
    [
        (CANADIAN, "5", 32),
        (CANADIAN, "gros_mulot", 32),
        (AMERICAN, "6", 21),
        (MAINE, "5C", 32),
        (cl.Rules.preset("canadian", target=12), "6", 12),
    ],
)
def test_first_team_to_reach_the_target_wins(rules: cl.Rules, bid: str, target: int) -> None:
    assert rules.target == target
    game = cl.Game(rules, first_dealer="W", seed=21)
    totals = {"NS": 0, "EW": 0}
    play_game(game, bid)
    for hand in game.finished[:-1]:
        assert hand.result is not None
        for team, points in hand.result.points.items():
            totals[team] += points
        # The game went on, so nobody had reached the target yet.
        assert max(totals.values()) < target
    assert game.winner is not None
    assert game.scores[game.winner] >= target
    # Only one team scores in a hand, so the other team cannot also have reached it.
    loser = "EW" if game.winner == "NS" else "NS"
    assert game.scores[loser] < target


def test_a_finished_game_refuses_more_actions() -> None:
    game = cl.Game(AMERICAN, seed=3)
    play_game(game, "charles")
    assert game.is_over
    assert game.legal_actions() == []
    with pytest.raises(cl.IllegalActionError, match="game is over"):
        game.apply("pass")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_american_charles_decides_the_21_point_game(seed: int) -> None:
    game = cl.Game(AMERICAN, first_dealer="N", seed=seed)
    hand = play_hand(game, "charles")
    result = hand.result
    assert result is not None and result.contract is not None
    assert result.contract.bid == "charles"
    assert game.is_over
    assert len(game.finished) == 1
    expected = result.contract.team if result.made else result.contract.defenders
    assert game.winner == expected
    assert game.scores[expected] == 21


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_maine_charlemagne_wins_or_loses_the_game_outright(seed: int) -> None:
    game = cl.Game(MAINE, first_dealer="N", seed=seed)
    hand = play_hand(game, "charlemagne")
    result = hand.result
    assert result is not None and result.contract is not None
    assert game.is_over
    expected = result.contract.team if result.made else result.contract.defenders
    assert game.winner == expected
    assert result.outright_winner == expected
    assert game.scores == {"NS": 0, "EW": 0}
    # compared with other hands, it is worth the whole game to the winner and costs the loser as much
    loser = "EW" if expected == "NS" else "NS"
    assert (result.margin(expected), result.margin(loser)) == (MAINE.target, -MAINE.target)


@pytest.mark.parametrize(("rules", "bid"), [(CANADIAN, "6"), (cl.Rules.preset("bid_euchre"), "6 NT")])
def test_a_hands_margin_is_one_teams_points_less_the_others(rules: cl.Rules, bid: str) -> None:
    game = cl.Game(rules, first_dealer="N", seed=4)
    result = play_hand(game, bid).result
    assert result is not None and result.outright_winner is None
    assert result.margin("NS") == result.points["NS"] - result.points["EW"] == -result.margin("EW")
    assert result.margin() == result.margin("NS")
    for team in ("N", "ns", None, "EW "):
        with pytest.raises(cl.HandError, match="'NS' or 'EW'"):
            result.margin(team)  # type: ignore[arg-type]


def test_bid_euchre_scores_can_go_negative_in_a_game() -> None:
    game = cl.Game(EUCHRE, first_dealer="N", seed=8)
    lowest = 0
    for _ in range(6):
        hand = play_hand(game, "6 NT")
        result = hand.result
        assert result is not None
        if not result.passed_out and not result.made:
            assert result.contract is not None
            assert result.points[result.contract.team] == -6
        lowest = min(lowest, *game.scores.values())
        if game.is_over:
            break
    assert lowest < 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_bid_euchre_game_is_won_by_making_the_bid_or_setting_the_opponents(seed: int) -> None:
    # With a target of 1 point, the first hand decides: the winner is the team that made its
    # own bid or set the opponents, never the side whose opponents made their bid.
    game = cl.Game(cl.Rules.preset("bid_euchre", target=1), first_dealer="N", seed=seed)
    hand = play_hand(game, "1 NT")
    result = hand.result
    assert result is not None and result.contract is not None
    k = result.contract
    assert game.winner == (k.team if result.made else k.defenders)


# ---------------------------------------------------------------- game_winner directly
def result(rules: cl.Rules, bid: str, bidder: str, trump: str | None, tricks: int) -> cl.HandResult:
    k = cl.Contract(rules, bid, bidder, trump)
    score = cl.explain_score(k, tricks).answer
    return cl.HandResult(
        points=score.points,
        contract=k,
        bidder_tricks=tricks,
        made=score.made,
        decided_after=None,
        outright_winner=score.outright_winner,
        passed_out=False,
        reason="",
    )


PASSED_OUT = cl.HandResult(
    points={"NS": 0, "EW": 0},
    contract=None,
    bidder_tricks=0,
    made=None,
    decided_after=None,
    outright_winner=None,
    passed_out=True,
    reason="",
)


@pytest.mark.parametrize(
    ("scores", "bidder", "tricks", "winner"),
    [
        ({"NS": 32, "EW": 0}, "N", 6, "NS"),  # reaching exactly 32 wins
        ({"NS": 40, "EW": 31}, "S", 8, "NS"),
        ({"NS": 31, "EW": 0}, "N", 6, None),
        ({"NS": 10, "EW": 32}, "N", 5, "EW"),  # the defenders reach 32 on a failed bid
    ],
)
def test_canadian_first_to_32(scores: dict[str, int], bidder: str, tricks: int, winner: str | None) -> None:
    assert game_winner(CANADIAN, scores, result(CANADIAN, "6", bidder, "H", tricks)) == winner


def test_passed_out_hand_never_wins() -> None:
    assert game_winner(CANADIAN, {"NS": 40, "EW": 0}, PASSED_OUT) is None
    assert game_winner(EUCHRE, {"NS": 40, "EW": 0}, PASSED_OUT) is None


@pytest.mark.parametrize(("tricks", "winner"), [(8, "EW"), (7, "NS")])
def test_american_charles_reaches_21_either_way(tricks: int, winner: str) -> None:
    r = result(AMERICAN, "charles", "E", "S", tricks)
    scores = {"NS": r.points["NS"], "EW": r.points["EW"]}
    assert game_winner(AMERICAN, scores, r) == winner


@pytest.mark.parametrize(("tricks", "winner"), [(8, "NS"), (3, "EW")])
def test_maine_outright_ignores_the_scores(tricks: int, winner: str) -> None:
    r = result(MAINE, "charlemagne", "N", "C", tricks)
    assert game_winner(MAINE, {"NS": 0, "EW": 0}, r) == winner
    assert game_winner(MAINE, {"NS": 31, "EW": 31}, r) == winner


def test_maine_numeric_bids_play_to_32() -> None:
    assert game_winner(MAINE, {"NS": 33, "EW": 2}, result(MAINE, "5", "N", "S", 5)) == "NS"
    assert game_winner(MAINE, {"NS": 30, "EW": 2}, result(MAINE, "5", "N", "S", 5)) is None


@pytest.mark.parametrize(
    ("scores", "bid", "bidder", "tricks", "winner"),
    [
        # The bidders make their bid and reach 32: they win.
        ({"NS": 33, "EW": 10}, "3", "N", 4, "NS"),
        # North–South reach 32 on their per-trick points, but the opponents made their bid: no winner.
        ({"NS": 33, "EW": 20}, "3", "E", 4, None),
        # ...and the bidders, though they made it, are short of 32.
        ({"NS": 40, "EW": 31}, "2", "W", 5, None),
        # Setting the opponents with 32 or more wins.
        ({"NS": 34, "EW": 5}, "4", "E", 2, "NS"),
        # A set bidding team cannot win, even if still at 32 or more.
        ({"NS": 12, "EW": 35}, "4", "E", 2, None),
        # Both at 32 or more: only the team that made its bid can win.
        ({"NS": 33, "EW": 40}, "2", "S", 3, "NS"),
    ],
)
def test_bid_euchre_win_rule(scores: dict[str, int], bid: str, bidder: str, tricks: int, winner: str | None) -> None:
    assert game_winner(EUCHRE, scores, result(EUCHRE, bid, bidder, None, tricks)) == winner
