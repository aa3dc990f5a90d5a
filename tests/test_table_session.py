"""The table as a :class:`~charlemagne_learn.teach.session.TableSession`, in plain Python: a game run, a hand
reviewed, the bots, the exchange chosen card by card, the bots' moves told a step at a time and each seat's own view
of it, with no widget loaded; and the same session played at a terminal (``python -m charlemagne_learn play``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.exchange import ExchangeHint
from charlemagne_learn.analysis.hints import Hint
from charlemagne_learn.teach.session import CardGrade, ExchangeGrade, Story, TableSession

ROOT = Path(__file__).resolve().parents[1]
#: A safety net only: a hand of few deals behind each grade takes seconds.
HANG = 300
#: Deals behind each grade and hint here: the same code path as the table's 320, a quicker test.
SAMPLES = 4


def _finish(s: TableSession) -> None:
    """The person plays the first legal choice until the hand is over."""
    while s.done is None:
        s.play(s.seen_by(s.seat).legal[0])


def _snapshot(s: TableSession) -> tuple[object, ...]:
    """What a refusal must leave as it was."""
    return (len(s.state.history), dict(s.game.scores), s.done, s.passing_to, s.story, tuple(s.chosen), s.pace)


def test_a_session_runs_a_game_with_no_widget_loaded() -> None:
    script = (
        "import sys\n"
        "from charlemagne_learn.teach.session import TableSession\n"
        "s = TableSession('canadian', 'S', seed=2, grade_samples=4, hint_samples=4)\n"
        "while s.done is None:\n"
        "    s.play(s.seen_by('S').legal[-1])\n"
        "assert s.review(), 'a review of the hand'\n"
        "print(sorted(m for m in ('anywidget', 'traitlets', 'ipywidgets') if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=HANG, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_bots_move_from_the_seed_and_a_hand_ends_in_a_review_then_the_next() -> None:
    one, two = (TableSession("canadian", "S", seed=5, grade_moves=False) for _ in range(2))
    assert one.state.history == two.state.history  # the same seed, the same deal and bot moves
    assert one.your_turn and one.seen_by("S").to_act and one.state.to_move == cl.Seat.S
    assert set(one.bots) == {cl.Seat.N, cl.Seat.E, cl.Seat.W} and one.player(cl.Seat.S) is None
    _finish(one)
    _finish(two)
    assert one.done is not None and two.done is not None and one.done.history == two.done.history
    assert one.done.result is not None and not one.your_turn
    rows = one.review()
    assert rows and all(seat == cl.Seat.S for seat, _ in rows)
    assert [line.move for _, line in rows] == sorted(line.move for _, line in rows)
    assert one.review() is rows  # kept: the review grades every decision once
    assert sum(one.game.scores.values()) == sum(one.done.result.points.values())
    before = _snapshot(one)
    with pytest.raises(cl.IllegalActionError, match="hand is over"):
        one.play("pass")
    assert _snapshot(one) == before
    one.next_hand()
    assert one.done is None and one.number == 2 and one.state is one.game.hand
    assert (one.seen_by("S").number, one.seen_by("E").scores) == (2, dict(one.game.scores))
    with pytest.raises(cl.IllegalActionError):
        one.next_hand()  # no hand to leave


def test_a_move_is_graded_and_a_bad_move_changes_nothing() -> None:
    s = TableSession("canadian", "S", seed=1, grade_samples=SAMPLES, hint_samples=SAMPLES)
    before = _snapshot(s)
    for bad in ("bid 9", "ZZ", "x" * 500, "play JH"):
        with pytest.raises(cl.CharlemagneError):
            s.play(bad)
        assert _snapshot(s) == before
    ranked = s.hint()
    assert isinstance(ranked, Hint) and ranked.samples == SAMPLES
    move = s.play("pass")
    assert move.seat == cl.Seat.S and isinstance(move.grade, CardGrade)
    assert move.grade.ranked.choice(move.action).action == cl.Action.parse("pass")
    assert TableSession("canadian", people="NS", seed=3, grade_moves=False).hint() == "play.hint_wait"  # screen up


def test_the_exchange_is_chosen_taken_back_and_confirmed_as_one_graded_move() -> None:
    s = TableSession("canadian", "S", seed=1, grade_samples=SAMPLES, hint_samples=SAMPLES)
    s.play("bid 6")  # West and North pass: South takes the kitty and puts two cards aside
    assert s.state.phase is cl.Phase.DISCARD and s.discards_left() == 2
    ranked = s.hint()
    assert isinstance(ranked, ExchangeHint)
    hand = list(s.state.hand("S"))
    with pytest.raises(cl.IllegalActionError):
        s.confirm_discards()  # none chosen yet
    s.choose_discard(hand[0])
    s.choose_discard(hand[0])  # chosen twice: taken back
    assert s.chosen == []
    s.choose_discard(hand[0])
    s.choose_discard(hand[1])
    before = _snapshot(s)
    with pytest.raises(cl.IllegalActionError, match="2"):
        s.choose_discard(hand[2])  # one more than the discard takes
    with pytest.raises(cl.CardParseError):
        s.choose_discard("ZZ")
    with pytest.raises(cl.IllegalActionError):
        s.choose_discard("RJ")  # not in the hand
    assert _snapshot(s) == before and s.seen_by("S").chosen == (hand[0], hand[1])
    assert s.undo_discards() and s.chosen == [] and not s.undo_discards()
    s.choose_discard(hand[0])
    s.choose_discard(hand[1])
    moves = s.confirm_discards()
    assert [m.action for m in moves] == [cl.Action.discard(hand[0]), cl.Action.discard(hand[1])]
    assert moves[0].grade is None  # the exchange is graded once complete
    if s.state.phase is cl.Phase.TRUMP:
        moves.append(s.play(s.seen_by("S").legal[0]))
    assert isinstance(moves[-1].grade, ExchangeGrade)
    assert hand[0] not in s.state.hand("S") and s.chosen == []


def test_the_bots_moves_are_told_a_step_at_a_time_and_each_seat_sees_its_own() -> None:
    s = TableSession("canadian", "S", seed=1, grade_moves=False, tell=True)
    first = s.story
    assert first == Story(s.state, 0, 0) and first.over  # East's bid, told from the game's first move
    assert not s.telling and not s.skip_story() and s.told() == first and s.seen_by("S").to_act
    s.play("pass")
    story = s.story
    assert story is not None and story.first == story.at and s.telling  # told from South's own pass
    assert not s.seen_by("S").to_act and s.seen_by("S").legal == ()  # no choice while the story runs
    at = s.seen_by("S")
    assert at.view.history == s.state.at(story.at + 1).view("S").history  # the table as it was at that step
    assert s.continue_story() and s.story is not None and s.story.at == story.at + 1
    before = _snapshot(s)
    with pytest.raises(cl.RulesOptionError, match="pace"):
        s.set_pace("sprint")
    assert _snapshot(s) == before
    assert s.set_pace("off") and not s.telling  # off: straight to South's turn
    told = s.told()
    assert told is not None and told.over and told.first == story.first
    north, south = s.seen_by("N"), s.seen_by("S")
    assert north.view.hand == list(s.state.hand("N")) and south.view.hand == list(s.state.hand("S"))
    assert not north.to_act and north.legal == () and south.legal == tuple(s.state.view("S").legal_actions)
    with pytest.raises(cl.CardParseError):
        s.seen_by("Q")


def test_people_at_one_screen_pass_it_and_each_sees_only_their_turn() -> None:
    s = TableSession("canadian", people="NS", seed=3, grade_moves=False)
    assert s.passing_to == cl.Seat.S and not s.your_turn and s.seen_by("S").legal == ()
    before = _snapshot(s)
    with pytest.raises(cl.IllegalActionError):
        s.play("pass")  # the screen is passing: nobody may move yet
    assert _snapshot(s) == before
    s.ready()
    assert s.passing_to is None and s.seat == cl.Seat.S and s.seen_by("S").to_act
    with pytest.raises(cl.IllegalActionError):
        s.ready()  # no screen up
    s.play("pass")
    assert s.passing_to == cl.Seat.N and s.seen_by("N").legal == ()


def _play(*args: str, sent: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "charlemagne_learn", "play", *args],
        input=sent, capture_output=True, text=True, env=env, timeout=HANG, check=False,
    )  # fmt: skip


def test_a_hand_is_played_at_a_terminal_to_its_review() -> None:
    # the moves a learner types, found by the same session in this process: South bids, puts two cards aside and
    # names trump, then plays the first card it may each trick
    s = TableSession("canadian", "S", seed=1, grade_moves=False)
    typed = ["bid 9", "hint", "bid 6"]  # a bid the variant does not have is refused and asked again
    s.play("bid 6")
    two = list(s.state.hand("S"))[:2]
    typed.append(" ".join(map(str, two)))
    for card in two:
        s.play(cl.Action.discard(card))
    while s.done is None:
        action = s.seen_by("S").legal[0]
        typed.append("?" if len(typed) == 5 else str(action.card) if action.card is not None else str(action))
        if typed[-1] != "?":
            s.play(action)
    done = _play("--variant", "canadian", "--seed", "1", "--samples", str(SAMPLES), sent="\n".join(typed) + "\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "Canadian Charlemagne: you are South" in out and "  East bids 5." in out
    assert "Canadian Charlemagne has no bid '9'" in out
    assert "South's choices (bidding)" in out  # the hint
    assert "You chose 6: " in out or "You chose bid 6: " in out
    assert "Review of hand 1" in out
    assert f"This hand: NS {s.done.result.points['NS']} – EW {s.done.result.points['EW']}" in out  # type: ignore
    assert out.rstrip().endswith(f"NS {s.game.scores['NS']} – EW {s.game.scores['EW']}")


def test_the_terminal_speaks_french_and_refuses_a_bad_option_in_one_line() -> None:
    done = _play("--seed", "1", "--samples", str(SAMPLES), "--lang", "fr", "--variant", "canadian", sent="2\nquitter\n")
    assert done.returncode == 0 and "vous êtes Sud" in done.stdout and "Vos cartes" in done.stdout
    # the choices that are no card are numbered and said in words, and a number picks one
    assert "1) passe, 2) enchère 6" in done.stdout and "Vous avez choisi enchère 6" in done.stdout
    assert "bid 6" not in done.stdout and "pass," not in done.stdout
    for bad in (["--seat", "Q"], ["--seed", "-1"], ["--samples", "0"], ["--variant", "chess"]):
        done = _play(*bad, sent="")
        lines = done.stderr.splitlines()
        assert done.returncode == 2 and len(lines) == 1 and done.stdout == "", done.stderr
        assert "Traceback" not in done.stderr and lines[0].startswith("python -m charlemagne_learn play: ")
