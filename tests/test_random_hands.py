"""Bulk random play: thousands of complete hands and hundreds of complete games per variant.

Every hand is played with seeded random legal actions and checked step by step against the
reference model of docs/rules.md in ``_rules_oracle`` (cards conserved, legal plays, trick
winners, trick count, score). Games check dealer rotation, cumulative scores and each
variant's win rule. Everything is seeded, so a failure names a seed that reproduces it.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

import charlemagne_learn as cl

try:
    from . import _rules_oracle as oracle
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _rules_oracle as oracle  # type: ignore[no-redef]

HANDS_PER_VARIANT = 2000
#: Runs many whole lessons or hands: in the full test command, not the quick check.
pytestmark = pytest.mark.slow
GAMES_PER_VARIANT = 300
#: A game that has not ended after this many hands is reported (random bidding could in
#: principle go on for ever, the game policy below keeps games short).
MAX_HANDS_PER_GAME = 200
#: Uniform random bidding almost always ends in the top bid; passing first with these
#: probabilities (one per seed in turn, the first one plain uniform) reaches every contract.
PASS_BIAS = (0.0, 0.6, 0.8, 0.9)


def _final_bids(variant: str) -> set[str]:
    """Bids that can end the auction: in Maine the dealer must bid at least 5 over a 1-4."""
    names = {b.name for b in oracle.LADDERS[variant]}
    return names - {"1", "2", "3", "4"} if variant == "maine" else names


def _play_random_hand(variant: str, seed: int) -> oracle.HandChecker:
    rules = cl.Rules.preset(variant)
    rng = Random(seed)
    state = cl.HandState.new(rules, dealer=cl.Seat(seed % 4), seed=seed)
    bias = PASS_BIAS[seed % len(PASS_BIAS)]
    return oracle.play_hand(state, variant, {}, lambda s: oracle.random_action(s, rng, bias))


@pytest.mark.parametrize("variant", oracle.VARIANTS)
def test_thousands_of_random_hands_follow_the_rules(variant: str) -> None:
    events: Counter[str] = Counter()
    for seed in range(HANDS_PER_VARIANT):
        try:
            checker = _play_random_hand(variant, seed)
        except AssertionError as exc:
            raise AssertionError(f"{variant} hand with seed {seed}: {exc}") from exc
        events.update(checker.events)
    # The run must have met every contract and the special rules, or it proves little.
    played = {e.removeprefix("contract ") for e in events if e.startswith("contract ")}
    assert played == _final_bids(variant)
    assert events["little jack follows trump"] > 0
    assert events["little jack cannot follow its printed suit"] > 0
    redeal = variant in ("canadian", "bid_euchre")
    assert (events["passed out"] > 0) == redeal, "only the redeal variants can be passed out"
    if variant == "canadian":
        assert events["void must play a joker"] > 0
        assert events["joker led, other joker must answer"] > 0
        assert events["choose kitty"] > 0 and events["choose partner_card"] > 0
    if variant == "maine":
        assert events["choose alone"] > 0 and events["choose with_partner"] > 0
        assert events["choose defend_alone"] > 0 and events["choose defend_together"] > 0


@pytest.mark.parametrize("variant", oracle.VARIANTS)
def test_random_hands_are_reproducible_from_their_seed(variant: str) -> None:
    for seed in range(25):
        first, second = _play_random_hand(variant, seed), _play_random_hand(variant, seed)
        assert first.state.to_json() == second.state.to_json()
    # ... and different seeds give different deals.
    deals = {str(cl.HandState.new(cl.Rules.preset(variant), seed=s).hands) for s in range(25)}
    assert len(deals) == 25


# ----------------------------------------------------------------------------- games
def _game_action(state: cl.HandState, rng: Random, variant: str) -> cl.Action:
    """Random legal play, but cautious bidding (pass half the time, else one of the three
    lowest bids allowed): with uniform bids Bid Euchre scores drift negative and a game can
    last hundreds of hands."""
    legal = state.legal_actions()
    if state.phase is not cl.Phase.BIDDING:
        return legal[rng.randrange(len(legal))]
    bids = [a for a in legal if a.kind == "bid"]
    if not bids or (legal[0].kind == "pass" and rng.random() < 0.5):
        return legal[0]
    names = [b.name for b in oracle.LADDERS[variant]]
    lowest = min(names.index(a.bid or "") for a in bids)
    levels = {lowest + rng.randrange(3)}
    choices = [a for a in bids if names.index(a.bid or "") in levels] or bids
    return choices[rng.randrange(len(choices))]


def _expected_winner(variant: str, scores: dict[str, int], result: cl.HandResult) -> str | None:
    """The win rule (docs/rules.md#win_rule), applied after a hand's points were added."""
    if result.passed_out:
        return None
    contract = result.contract
    assert contract is not None
    bid = next(b for b in oracle.LADDERS[variant] if b.name == contract.bid)
    team = oracle.team_of(int(contract.bidder))
    other = "EW" if team == "NS" else "NS"
    made = oracle.is_made(bid, result.bidder_tricks)
    target = oracle.TARGETS[variant]
    if bid.outright:
        # Maine Charlemagne: made wins the game outright, failed loses it.
        return team if made else other
    if variant == "bid_euchre":
        # Only by making its own bid or setting the opponents, never when they made theirs.
        winner = team if made else other
        return winner if scores[winner] >= target else None
    reached = [t for t in ("NS", "EW") if scores[t] >= target]
    assert len(reached) <= 1, "only one team scores in a hand, so they cannot both reach the target"
    return reached[0] if reached else None


def _check_game(variant: str, game: cl.Game, first: cl.Seat, stats: Counter[str]) -> None:
    hands = game.finished
    scores = {"NS": 0, "EW": 0}
    for i, hand in enumerate(hands):
        # The deal passes to the left after every hand, thrown-in hands included.
        assert hand.dealer == cl.Seat((first + i) % 4)
        result = hand.result
        assert result is not None and hand.is_over
        if result.contract is not None:
            bid = next(b for b in oracle.LADDERS[variant] if b.name == result.contract.bid)
            side = {int(result.contract.bidder) % 2}
            took = sum(int(t.winner) % 2 in side for t in hand.tricks)
            points, _, _ = oracle.expected_score(variant, bid, result.contract.team, took)
            assert result.points == points
            if variant == "american" and bid.name in ("charles", "charles_alone"):
                # Worth the whole 21-point game either way.
                assert i == len(hands) - 1 and max(points.values()) == 21
                stats["charles decided the game"] += 1
        for team in scores:
            scores[team] += result.points[team]
        winner = _expected_winner(variant, scores, result)
        last = i == len(hands) - 1
        assert (winner is not None) == last, f"hand {i + 1}: expected winner {winner}, game has {len(hands)} hands"
        if last:
            assert game.winner == winner
        if variant == "bid_euchre" and winner is None and max(scores.values()) >= oracle.TARGETS[variant]:
            stats["over the target but not allowed to win"] += 1
        if result.outright_winner is not None:
            stats["outright"] += 1
    assert game.scores == scores
    assert game.is_over and game.legal_actions() == []
    with pytest.raises(cl.IllegalActionError):
        game.apply("pass")


@pytest.mark.parametrize("variant", oracle.VARIANTS)
def test_hundreds_of_random_games_follow_the_win_rule(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    stats: Counter[str] = Counter()
    for seed in range(GAMES_PER_VARIANT):
        rng = Random(seed)
        first = cl.Seat(seed % 4)
        game = cl.Game(rules, first_dealer=first, seed=seed)
        while not game.is_over:
            assert len(game.finished) < MAX_HANDS_PER_GAME, f"{variant} game {seed} does not end"
            game.apply(_game_action(game.hand, rng, variant))
        try:
            _check_game(variant, game, first, stats)
        except AssertionError as exc:
            raise AssertionError(f"{variant} game with seed {seed}: {exc}") from exc
        stats["games"] += 1
    # The special win rules must actually have been exercised.
    if variant == "american":
        assert stats["charles decided the game"] > 0
    if variant == "maine":
        assert stats["outright"] > 0
    if variant == "bid_euchre":
        assert stats["over the target but not allowed to win"] > 0


@pytest.mark.parametrize("variant", oracle.VARIANTS)
def test_a_game_replays_from_its_seed(variant: str) -> None:
    def play(seed: int) -> list[str]:
        rng = Random(seed)
        game = cl.Game(cl.Rules.preset(variant), first_dealer="E", seed=seed)
        while not game.is_over:
            game.apply(_game_action(game.hand, rng, variant))
        return [h.to_json() for h in game.finished]

    for seed in range(5):
        assert play(seed) == play(seed)
