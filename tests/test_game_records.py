"""Saving, replaying and undoing whole games, and the score sheet a teacher puts on screen."""

from __future__ import annotations

import json
import random

import pytest

import charlemagne_learn as cl


def random_game(variant: str, seed: int, actions: int | None = None, **options: object) -> cl.Game:
    game = cl.Game(cl.Rules.preset(variant, **options), first_dealer="E", seed=seed)
    rng = random.Random(seed)
    taken = 0
    while not game.is_over and (actions is None or taken < actions):
        legal = game.legal_actions()
        # Pass often so games take several hands and reach every variant's win rule.
        passes = [a for a in legal if a.kind == "pass"]
        game.apply(passes[0] if passes and rng.random() < 0.5 else rng.choice(legal))
        taken += 1
    return game


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_a_finished_game_replays_from_json(variant: str) -> None:
    game = random_game(variant, seed=5)
    assert game.is_over
    replay = cl.Game.from_json(game.to_json())
    assert replay.scores == game.scores
    assert replay.winner == game.winner
    assert [h.to_json() for h in replay.finished] == [h.to_json() for h in game.finished]


def test_a_game_in_progress_replays_with_its_options() -> None:
    game = random_game("canadian", seed=9, actions=70, high_joker="black", all_pass="stick_dealer")
    assert not game.is_over and len(game.finished) >= 1
    replay = cl.Game.from_json(game.to_json())
    assert replay.rules == game.rules
    assert replay.hand.to_json() == game.hand.to_json()
    assert replay.legal_actions() == game.legal_actions()


def test_undo_steps_back_across_the_end_of_a_hand() -> None:
    game = random_game("canadian", seed=3, actions=60)
    while game.finished == [] or game.hand.history:
        game.apply(game.legal_actions()[0])
    before_last_card = cl.Game.from_json(game.to_json())
    before_last_card.undo()
    assert len(before_last_card.finished) == len(game.finished) - 1
    assert not before_last_card.hand.is_over
    assert before_last_card.hand.phase is cl.Phase.PLAY
    undone = before_last_card.scores
    last = game.finished[-1].result
    assert last is not None
    assert {t: undone[t] + last.points[t] for t in undone} == game.scores


def test_undo_reopens_a_won_game() -> None:
    game = random_game("american", seed=2)
    assert game.is_over
    game.undo()
    assert not game.is_over and game.winner is None


def test_a_long_game_loads_each_action_once_and_undo_replays_only_the_hand_it_is_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 46 item 7: a record of 20,000 thrown-in hands took 80 s to load, and as long for one undo(), which
    replayed the whole game. Loading applies each action once; undo replays the hand the action was in, up to
    the action before it, whether it is the hand in play or the last finished one it reopens."""
    game = cl.Game("canadian", first_dealer="N", seed=1)  # four passes throw the hand in (all_pass="redeal")
    thrown_in = 500
    for action in ["pass"] * (4 * thrown_in) + ["pass", "pass", "bid 6"]:
        game.apply(action)
    record = game.to_json()
    applied: list[str] = []
    apply = cl.HandState.apply

    def counted(state: cl.HandState, action: cl.Action | str, seat: cl.Seat | str | None = None) -> None:
        applied.append(str(action))
        apply(state, action, seat)

    monkeypatch.setattr(cl.HandState, "apply", counted)
    loaded = cl.Game.from_json(record)
    assert len(applied) == len(game.actions) and len(loaded.finished) == thrown_in
    replayed = []
    for _ in range(4):  # "bid 6", the two passes of the hand in play, then the last pass of the hand before
        applied.clear()
        loaded.undo()
        replayed.append(len(applied))
    assert replayed == [2, 1, 0, 3]
    assert len(loaded.finished) == thrown_in - 1 and loaded.hand.history and not loaded.hand.is_over
    monkeypatch.undo()
    before = json.loads(record)
    before["actions"] = before["actions"][:-4]
    assert loaded.to_json() == cl.Game.from_json(json.dumps(before)).to_json()


def test_nothing_to_undo_and_bad_records_are_clear_errors() -> None:
    game = cl.Game(seed=1)
    with pytest.raises(cl.IllegalActionError, match="nothing to undo"):
        game.undo()
    with pytest.raises(cl.IllegalActionError, match=r"Game\.to_json"):
        cl.Game.from_json("{}")
    record = game.to_json().replace('"actions": []', '"actions": ["play AS"]')
    with pytest.raises(cl.IllegalActionError, match="action 1 of the record"):
        cl.Game.from_json(record)


def test_score_sheet_has_a_row_per_hand_with_running_totals() -> None:
    game = random_game("canadian", seed=5)
    html = game._repr_html_()
    assert html.count("<tr>") == len(game.finished) + 1
    assert f"won by {game.winner}" in html
    assert f"<td>{game.scores['NS']}</td><td>{game.scores['EW']}</td></tr></table>" in html


@pytest.mark.parametrize("number", ["9" * 5000, "٣", "²", "-1", "01", " 1"])
def test_a_deal_number_is_written_in_the_digits_0_to_9(number: str) -> None:
    # thousands of digits made int() raise, refused only as "the wrong kind of value"
    record = json.loads(cl.Game(cl.Rules.preset("canadian"), "N", 2).to_json())
    record["deals"] = {number: {"seed": 1}}
    with pytest.raises(cl.CharlemagneError, match="numbered by hand"):
        cl.Game.from_json(json.dumps(record))
