"""The practice widget: problems chosen at the learner's level and themes from the stored set, each answer moving
the ratings and kept beside the lessons, a missed problem back when due (the clock decides when, never what), and
the same answers giving the same problems."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.errors import CharlemagneError
from charlemagne_learn.teach.practice import PRACTICE_FILE, Practice, load
from charlemagne_learn.teach.problems import bank
from charlemagne_learn.teach.ratings import NEW
from charlemagne_learn.widgets import Trainer

START = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "course.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _worst(trainer: Trainer) -> str:
    return str(trainer.decision.grade().choices[-1].action)  # graded last: the furthest from the best


def test_the_first_problem_is_the_stored_one_of_the_theme_nearest_a_newcomer(lessons: Path) -> None:
    trainer = Trainer("canadian", ["trumping"], clock=Clock(), lang="en")
    trumping = [e for e in bank("canadian") if "trumping" in e.themes]
    nearest = min(trumping, key=lambda e: (abs(e.rating.mu - 1500), trumping.index(e)))
    assert trainer.problem.key == nearest.key and "trumping" in trainer.problem.themes
    assert "your rating: 1500?" in trainer.status and "trumping" in trainer.status


def test_a_missed_problem_comes_back_when_due_and_the_record_is_kept(lessons: Path) -> None:
    clock = Clock()
    trainer = Trainer("canadian", skill="play", clock=clock, lang="en")
    while not any(c.grade in ("mistake", "blunder") for c in trainer.decision.grade().choices):
        assert trainer.choose(str(trainer.decision.grade().best.action)) and trainer.next()
    missed = trainer.problem.key
    assert trainer.choose(_worst(trainer))
    assert trainer.practice.problems[missed].mu > trainer.problem.rating.mu and missed in trainer.practice.mistakes
    assert load(lessons) == trainer.practice  # kept beside the lessons at once
    assert trainer.next() and trainer.problem.key != missed  # not at once
    assert trainer.choose(str(trainer.decision.grade().best.action))
    clock.now += timedelta(minutes=11)
    assert trainer.next() and trainer.problem.key == missed
    assert "one of your own mistakes, back" in trainer.status
    again = Trainer("canadian", skill="play", clock=clock, lang="en", own_mistakes=False)  # turned off
    assert again.problem.key != missed


def test_after_a_miss_the_rule_of_thumb_shows_and_a_problem_like_it_comes_next(lessons: Path) -> None:
    trainer = Trainer("canadian", skill="play", clock=Clock(), lang="en")
    while not any(c.grade in ("mistake", "blunder") for c in trainer.decision.grade().choices):
        assert trainer.choose(str(trainer.decision.grade().best.action))
        assert "Rule of thumb" not in trainer.prompt and "like this one" not in trainer.status  # solved: nothing added
        assert trainer.next()
    assert "Rule of thumb" not in trainer.prompt  # not before the answer: it would give it away
    missed = trainer.problem
    assert trainer.choose(_worst(trainer))
    assert f"Rule of thumb: {trainer.decision.tip}" in trainer.prompt
    assert trainer.grade["grade"] in ("mistake", "blunder") and trainer.grade.get("why")  # the refutation, folded
    assert trainer.status.endswith("· next, a problem like this one")
    trainer.lang = "fr"  # said again in the other language, once
    assert trainer.prompt.count("Truc :") == 1 and "problème semblable" in trainer.status
    assert trainer.next()
    like = trainer.problem
    assert like.key != missed.key and like.kind == missed.kind and set(like.themes) & set(missed.themes)
    assert "semblable" not in trainer.status and "Truc" not in trainer.prompt
    # the one like it missed too: no chain of them (the misses come back when due); the rule of thumb still shows
    assert trainer.choose(_worst(trainer))
    assert "Truc" in trainer.prompt and "semblable" not in trainer.status


def test_the_same_answers_at_the_same_times_give_the_same_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def keys(folder: Path) -> list[str]:
        folder.mkdir()
        (folder / "course.json").write_text("{}")
        monkeypatch.chdir(folder)
        trainer = Trainer("canadian", ["defending"], clock=Clock(), lang="en")
        seen = [trainer.problem.key]
        for number in range(3):
            graded = trainer.decision.grade()
            if trainer.decision.kind == "exchange":
                break
            trainer.choose(str(graded.choices[number % len(graded.choices)].action))
            trainer.next()
            seen.append(trainer.problem.key)
        return seen

    assert keys(tmp_path / "a") == keys(tmp_path / "b")


def test_outside_the_lessons_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    trainer = Trainer("canadian", skill="lead", clock=Clock(), lang="en")
    trainer.choose(_worst(trainer))
    assert not (tmp_path / PRACTICE_FILE).exists()
    assert trainer.practice.answers  # the answer still counts in the session


def test_a_house_table_s_problems_are_made_on_demand(lessons: Path) -> None:
    house = cl.Rules.preset("canadian", all_pass="stick_dealer")
    trainer = Trainer(house, skill="lead", clock=Clock(), lang="fr", count=1)
    assert trainer.problem.seed >= 10_000 and trainer.problem.kind == "lead"
    assert "votre classement" in trainer.status


def test_a_theme_only_a_mulot_gives_is_practised_on_mulots(lessons: Path) -> None:
    """The joker rule and ducking come up in a bid to take no trick, which the kinds taking turns seldom reach: a
    house table (nothing stored) makes them on demand of that kind. Where the table has no such bid, the theme is
    looked for among the other kinds, then any comes."""
    house = cl.Rules.preset("canadian", all_pass="stick_dealer")
    trainer = Trainer(house, ["joker_rule"], clock=Clock(), lang="en", count=2)
    for number in range(2):
        assert trainer.problem.kind == "mulot" and "joker_rule" in trainer.problem.themes
        assert trainer.choose(str(trainer.decision.grade().best.action))
        assert number == 1 or trainer.next()
    euchre = Trainer(cl.Rules.preset("bid_euchre", all_pass="stick_dealer"), ["joker_rule"], clock=Clock(), count=1)
    assert euchre.problem.kind != "mulot"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [({"themes": ["juggling"]}, "not a theme"), ({"skill": "juggle"}, "juggle"), ({"count": 0}, "count")],
)
def test_a_trainer_asked_wrongly_is_refused_in_words(lessons: Path, arguments: dict[str, object], said: str) -> None:
    with pytest.raises(CharlemagneError, match=said) as refused:
        Trainer("canadian", clock=Clock(), lang="en", **arguments)  # type: ignore[arg-type]
    assert isinstance(refused.value, ValueError)
    with pytest.raises(CharlemagneError, match="thème" if "themes" in arguments else None):
        Trainer("canadian", clock=Clock(), lang="fr", **arguments)  # type: ignore[arg-type]
    assert not (lessons / PRACTICE_FILE).exists()


def test_two_practice_notebooks_open_together_keep_every_answer(lessons: Path) -> None:
    """The English and the French practice open together (or two tabs): each answer of either is kept, and each
    goes on from the record as both left it."""
    clock = Clock()
    english = Trainer("canadian", skill="play", clock=clock, lang="en")
    french = Trainer("canadian", skill="play", clock=clock, lang="fr")
    given = []
    for _ in range(3):
        for trainer in (english, french):
            assert trainer.choose(str(trainer.decision.grade().best.action))
            given.append(trainer.problem.key)
            clock.now += timedelta(minutes=1)
            assert trainer.next()
    kept = load(lessons)
    assert sorted(a["key"] for a in kept.answers) == sorted(given) and len({a["id"] for a in kept.answers}) == 6
    assert kept == french.practice and len(english.practice.answers) == 5  # the last, the French one, is not yet read
    # the French one goes on from the record as both left it: what the English one answered is not asked again
    assert french.problem.key not in given[:-1]


@pytest.mark.parametrize(
    "mistake",
    ["canadian play", "canadian play x", "canadian play 4 5", "canadian juggle 4", "canadian play -4",
     "canadian play 04", "whist play 4", "canadian play 18446744073709551616"],
)  # fmt: skip
def test_a_damaged_mistake_never_stops_practice(lessons: Path, mistake: str) -> None:
    """Issue 46: a mistake's key of the wrong shape, naming an unknown kind or a negative seed, stopped the trainer
    once due (a plain ValueError, or a refusal quoting arguments the learner never gave); it is put aside (kept in
    a file of its own) and said once, and nothing readable is lost."""
    record = Practice().answered("canadian play 4", "play", ("trumping",), NEW, "blunder", now=START)
    card = record.mistakes["canadian play 4"]
    (lessons / PRACTICE_FILE).write_text(json.dumps({**record.to_json(), "mistakes": {mistake: card}}))
    clock = Clock()
    clock.now += timedelta(hours=1)  # due
    trainer = Trainer("canadian", skill="play", clock=clock, lang="en")
    assert "1 entry of your practice record could not be read: put aside in practice.unreadable.json" in trainer.status
    assert json.loads((lessons / "practice.unreadable.json").read_text()) == {
        PRACTICE_FILE: {"mistakes": {mistake: card}}
    }
    trainer.lang = "fr"
    assert "1 entrée de votre relevé d'entraînement est illisible" in trainer.status
    assert trainer.choose(str(trainer.decision.grade().best.action)) and trainer.next()
    assert "illisible" not in trainer.status  # said once
    again = Trainer("canadian", skill="play", clock=clock, lang="en")
    assert "could not be read" not in again.status and len(list(lessons.glob("practice.unreadable*"))) == 1
    kept = load(lessons)
    assert (
        kept.answers[0] == record.answers[0] and kept.problems["canadian play 4"] == record.problems["canadian play 4"]
    )


def test_a_due_time_without_a_zone_is_read_as_utc(lessons: Path) -> None:
    """Issue 46: a due time written without a time zone stopped the trainer (a TypeError comparing it)."""
    record = Practice().answered("canadian lead 7", "lead", ("opening_lead",), NEW, "blunder", now=START)
    card = {**record.mistakes["canadian lead 7"], "due": "2020-01-01T00:00:00"}
    (lessons / PRACTICE_FILE).write_text(json.dumps({**record.to_json(), "mistakes": {"canadian lead 7": card}}))
    trainer = Trainer("canadian", skill="lead", clock=Clock(), lang="en")
    assert trainer.problem.key == "canadian lead 7" and "could not be read" not in trainer.status  # due long ago
    assert "one of your own mistakes, back" in trainer.status


def test_a_mistake_no_problem_can_be_made_from_here_is_passed_over_and_kept(lessons: Path) -> None:
    """A mistake of a kind this table does not ask (written by hand, or by a house table of another kind): the
    trainer used to stop with a refusal quoting arguments the learner never gave."""
    record = Practice().answered("maine exchange 3", "exchange", (), NEW, "blunder", now=START)
    (lessons / PRACTICE_FILE).write_text(json.dumps(record.to_json()))
    clock = Clock()
    clock.now += timedelta(hours=1)  # due
    trainer = Trainer("maine", skill="play", clock=clock, lang="en")
    assert trainer.problem.key != "maine exchange 3" and "could not be read" not in trainer.status
    assert trainer.choose(str(trainer.decision.grade().best.action))
    assert "maine exchange 3" in load(lessons).mistakes  # kept, for a table that asks it


def _shown(trainer: Trainer) -> None:
    """As a page drawing the trainer does: the work ahead starts, and is let finish (a fast machine's case)."""
    from charlemagne_learn.analysis.work import settle

    trainer._handle_custom_msg({"type": "shown"}, [])
    settle()


def test_a_page_thinking_ahead_changes_neither_the_problem_on_show_nor_what_comes_next(lessons: Path) -> None:
    """The work done ahead while the learner thinks once took the next problem out of turn: the status named its
    themes over the deal on show, the answer was kept as the next problem's, and the problem after a miss was no
    longer one like it. Time decides when a problem is ready, never which."""

    def served(folder: Path, shown: bool) -> list[tuple[str, str, str]]:
        folder.mkdir()
        (folder / "course.json").write_text("{}")
        os.chdir(folder)
        trainer = Trainer("canadian", skill="play", clock=Clock(), lang="en")
        seen = []
        for _ in range(4):
            if shown:
                _shown(trainer)
            on_show = trainer.problem
            assert on_show.decision.state.history == trainer.decision.state.history  # the deal is the problem's
            assert ", ".join(on_show.theme_words("en")) in trainer.status
            graded = trainer.decision.grade()
            answer = _worst(trainer) if any(c.grade in ("mistake", "blunder") for c in graded.choices) else None
            trainer.choose(answer or str(graded.best.action))
            assert trainer.practice.answers[-1]["key"] == on_show.key  # kept as the problem answered
            seen.append((on_show.key, trainer.results[-1]["grade"], trainer.status))
            if shown:
                _shown(trainer)
            trainer.next()
        return seen

    here = os.getcwd()
    try:
        assert served(lessons / "shown", True) == served(lessons / "not shown", False)
    finally:
        os.chdir(here)
