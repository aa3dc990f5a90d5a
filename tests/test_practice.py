"""A learner's practice record: answers move the ratings, missed problems come back at growing intervals (the
clock decides when, never what), the next problem is chosen near the learner's level by theme, and the record is
kept only beside the lessons, a damaged one never stopping practice."""

from __future__ import annotations

import itertools
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from _processes import all_at_once

from charlemagne_learn.teach.practice import (
    PRACTICE_FILE,
    Practice,
    PracticeError,
    PracticeReport,
    choose,
    keep,
    load,
    opened,
    report,
    save,
)
from charlemagne_learn.teach.problems import BankEntry
from charlemagne_learn.teach.ratings import Rating

NOW = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)


def _entry(kind: str, seed: int, themes: tuple[str, ...], mu: float) -> BankEntry:
    return BankEntry("canadian", kind, seed, themes, Rating(mu, 350))  # type: ignore[arg-type]


BANK = [
    _entry("play", 1, ("trumping",), 1300),
    _entry("play", 2, ("ducking",), 1480),
    _entry("lead", 3, ("opening_lead",), 1520),
    _entry("bid", 4, ("bidding",), 1900),
    _entry("play", 5, ("trumping", "defending"), 1700),
]


def test_a_missed_problem_comes_back_later_and_later_as_it_is_solved() -> None:
    record = Practice().answered("canadian play 2", "play", ("ducking",), Rating(1480, 350), "blunder", now=NOW)
    assert record.due(NOW) == ()  # not at once
    back = NOW + timedelta(minutes=10)
    assert record.due(back) == ("canadian play 2",)
    gaps = []
    at = back
    for _ in range(4):  # solved each time it comes back
        record = record.answered("canadian play 2", "play", ("ducking",), Rating(1480, 350), "best", now=at)
        due = datetime.fromisoformat(record.mistakes["canadian play 2"]["due"])
        gaps.append(due - at)
        assert record.due(due - timedelta(seconds=1)) == () and record.due(due) == ("canadian play 2",)
        at = due
    assert gaps == sorted(gaps) and gaps[-1] > timedelta(days=1), gaps
    # a miss brings it back within the session again
    record = record.answered("canadian play 2", "play", ("ducking",), Rating(1480, 350), "mistake", now=at)
    assert record.due(at + timedelta(minutes=10)) == ("canadian play 2",)


def test_own_mistakes_are_optional_and_kept_when_turned_off() -> None:
    record = Practice().answered("canadian lead 3", "lead", (), Rating(), "mistake", now=NOW)
    off = Practice(record.ratings, record.problems, record.answers, record.mistakes, own_mistakes=False)
    assert off.due(NOW + timedelta(days=1)) == () and "canadian lead 3" in off.mistakes
    assert choose(off, BANK, now=NOW + timedelta(days=1)) != "canadian lead 3"


def test_the_next_problem_is_a_due_mistake_then_the_nearest_rating_of_the_themes_asked() -> None:
    fresh = Practice()
    assert choose(fresh, BANK, now=NOW) == "canadian play 2"  # 1480 is nearest 1500
    assert choose(fresh, BANK, themes=["trumping"], now=NOW) == "canadian play 1"  # 1300 is nearer than 1700
    assert choose(fresh, BANK, skill="bid", now=NOW) == "canadian bid 4"
    assert choose(fresh, BANK, themes=["charlemagne"], now=NOW) is None
    missed = fresh.answered("canadian lead 3", "lead", ("opening_lead",), BANK[2].rating, "blunder", now=NOW)
    assert choose(missed, BANK, now=NOW + timedelta(minutes=30)) == "canadian lead 3"
    solved = fresh.answered("canadian play 2", "play", ("ducking",), BANK[1].rating, "best", now=NOW)
    assert choose(solved, BANK, now=NOW) != "canadian play 2"  # answered once, not asked again unless missed


def test_after_a_miss_the_next_problem_is_one_like_it_before_anything_due() -> None:
    missed = Practice().answered("canadian play 1", "play", ("trumping",), BANK[0].rating, "blunder", now=NOW)
    missed = missed.answered("canadian lead 3", "lead", ("opening_lead",), BANK[2].rating, "mistake", now=NOW)
    later = NOW + timedelta(minutes=30)  # both mistakes are due
    # like the trumping play just missed: a play sharing its theme (1700), before the mistakes due and nearer ratings
    assert choose(missed, BANK, now=later, like=("play", ("trumping",))) == "canadian play 5"
    # nothing like it left: what would come anyway
    assert choose(missed, BANK, now=later, like=("bid", ("trumping",))) == choose(missed, BANK, now=later)
    assert choose(missed, BANK, now=later) in ("canadian play 1", "canadian lead 3")  # a mistake due


def test_a_stronger_learner_is_given_harder_problems() -> None:
    record = Practice()
    for number in range(8):
        record = record.answered(f"canadian play {100 + number}", "play", (), Rating(1700, 200), "best", now=NOW)
    assert record.level().mu > 1800
    assert choose(record, BANK, now=NOW) == "canadian bid 4"  # 1900, the hardest
    assert choose(record, BANK, skill="play", now=NOW) == "canadian play 5"  # 1700, the hardest play


def test_the_same_answers_at_the_same_times_give_the_same_record() -> None:
    def run() -> dict[str, object]:
        record = Practice()
        for number, grade in enumerate(["best", "blunder", "good", "mistake", "inaccuracy", "best"]):
            entry = BANK[number % len(BANK)]
            record = record.answered(entry.key, entry.kind, entry.themes, entry.rating, grade, now=NOW)
        # each answer's id is drawn at random: it tells two answers apart when records are merged, and decides nothing
        assert len({a["id"] for a in record.answers}) == len(record.answers)
        return {**record.to_json(), "answers": [{k: v for k, v in a.items() if k != "id"} for a in record.answers]}

    assert json.dumps(run()) == json.dumps(run())


def test_the_record_is_kept_beside_the_lessons_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = Practice().answered("canadian play 1", "play", ("trumping",), Rating(1300, 350), "mistake", now=NOW)
    monkeypatch.chdir(tmp_path)
    assert save(record) is False and not (tmp_path / PRACTICE_FILE).exists()  # no course.json: not the lessons
    (tmp_path / "course.json").write_text("{}")
    assert save(record) is True
    assert load() == record
    assert load().due(NOW + timedelta(hours=1)) == ("canadian play 1",)


@pytest.mark.parametrize(
    "text",
    ["", "not json", "[]", '{"ratings": 3}', '{"answers": {}}', '{"mistakes": {"k": {"due": "soon"}}}',
     '{"problems": {"k": [1, 0]}}', '{"own_mistakes": "yes"}', "[" * 100_000],
)  # fmt: skip
def test_a_damaged_record_never_stops_practice(tmp_path: Path, text: str) -> None:
    """Practice opens afresh; what could not be read is kept in a file of its own (nothing is lost: it used to be
    written over at the next answer) and said once."""
    (tmp_path / PRACTICE_FILE).write_text(text)
    practice, aside = opened(tmp_path)
    assert practice == Practice() and aside is not None and aside.file == "practice.unreadable.json"
    kept = (tmp_path / aside.file).read_text()
    if aside.count == 0:  # not a record at all: the whole file, as it was
        assert kept == text and not (tmp_path / PRACTICE_FILE).exists()
        assert "could not be read: put aside as practice.unreadable.json" in aside.said("en")
    else:
        assert json.loads(kept) == {PRACTICE_FILE: json.loads(text)} and aside.count == 1
        assert "illisible : mise de côté dans practice.unreadable.json" in aside.said("fr")
    assert opened(tmp_path) == (Practice(), None)  # said once
    assert [p.name for p in tmp_path.iterdir() if "unreadable" in p.name] == [aside.file]


def _answers(*grades: str) -> Practice:
    record = Practice()
    for number, grade in enumerate(grades):
        entry = BANK[number % len(BANK)]
        record = record.answered(entry.key, entry.kind, entry.themes, entry.rating, grade, now=NOW)
    return record


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("answers", 1, "themes"), 3), (("answers", 1, "themes"), None), (("answers", 1, "themes"), ["juggling"]),
        (("answers", 1, "key"), "canadian play"), (("answers", 1, "key"), "canadian play 4 5"),
        (("answers", 1, "skill"), "bid"), (("answers", 1, "grade"), "great"), (("answers", 1, "when"), "noon"),
        (("answers", 1, "rating"), [float("nan"), 350]), (("answers", 1, "rating"), ["1500", 350]),
        (("answers", 1, "rating"), [10**400, 350]), (("answers", 1, "solved"), "yes"), (("answers", 1), 7),
        (("answers", 1, "extra"), 1),
        (("mistakes", "canadian play 2", "stability"), -1), (("mistakes", "canadian play 2", "stability"), 1e308),
        (("mistakes", "canadian play 2", "state"), 9), (("mistakes", "canadian play 2", "difficulty"), 1e300), (("mistakes", "canadian play 2", "due"), 20200101),
        (("mistakes", "canadian play 2", "due"), "9999-12-31T23:59:59+00:00"),
        (("mistakes", "canadian play 2", "step"), "0"), (("mistakes", "canadian play 2", "last_review"), "soon"),
        (("problems", "canadian lead 3"), [1500, 0]), (("problems", "canadian lead 3"), None),
        (("ratings", "skills", "lead"), [1500, 1e309]), (("ratings", "skills", "juggling"), [1500, 350]),
        (("ratings", "overall"), "1500"), (("ratings", "spare"), 1),
    ],
)  # fmt: skip
def test_each_unreadable_entry_is_put_aside_and_the_rest_kept(
    tmp_path: Path, where: tuple[object, ...], value: object
) -> None:
    """Every field read from the file is checked: an entry that does not read (a key of the wrong shape, a time
    that is not one, a number that is a string, huge, or not a number) is put aside, alone; the report, the
    schedule and the next answer read the rest."""
    record = _answers("best", "blunder", "good")
    data = record.to_json()
    *path, last = where
    place: Any = data
    for step in path:
        place = place[step]
    place[last] = value  # type: ignore[index]
    (tmp_path / PRACTICE_FILE).write_text(json.dumps(data))
    practice, aside = opened(tmp_path)
    assert aside is not None and aside.count == 1
    assert (tmp_path / aside.file).is_file()
    section = where[0]
    if section == "answers":
        assert [a["id"] for a in practice.answers] == [record.answers[0]["id"], record.answers[2]["id"]]
    else:
        assert practice.answers == record.answers
    if section != "mistakes":
        assert practice.mistakes == record.mistakes
    if section != "problems":
        assert practice.problems == record.problems
    shown = report(tmp_path, lang="en", now=NOW)  # opened again: said once, nothing left to put aside
    assert shown.aside is None and "solved" in str(shown) and "<table>" in shown._repr_html_()
    assert len(shown.to_csv().splitlines()) == 1 + len(practice.answers)
    assert (
        practice.answered("canadian lead 3", "lead", (), Rating(), "best", now=NOW + timedelta(days=1)).due(NOW) == ()
    )
    assert choose(practice, BANK, now=NOW + timedelta(days=30)) is not None


def test_the_report_says_what_was_put_aside_once(tmp_path: Path) -> None:
    """Issue 46: an answer whose themes is a number or null broke the report (text, HTML, CSV)."""
    data = _answers("best", "good").to_json()
    data["answers"][1]["themes"] = None
    (tmp_path / PRACTICE_FILE).write_text(json.dumps(data))
    shown = report(tmp_path, lang="en", now=NOW)
    assert str(shown).startswith("1 entry of your practice record could not be read: put aside in practice.unread")
    assert "(1 of 1 solved)" in str(shown) and "could not be read" in shown._repr_html_()
    assert shown.to_csv().splitlines()[1].startswith("1,2026-11-27T10:00:00+00:00,canadian play 1,play,trumping,best")
    assert "could not be read" not in str(report(tmp_path, lang="en", now=NOW))


def test_a_clock_in_any_time_zone_schedules_a_mistake() -> None:
    """A clock giving local time (UTC+1 here) stopped a missed problem's schedule: FSRS takes UTC only."""
    paris = timezone(timedelta(hours=1))
    record = Practice().answered("canadian play 2", "play", (), Rating(), "blunder", now=NOW.astimezone(paris))
    assert record.due(NOW + timedelta(minutes=10)) == ("canadian play 2",) and record.answers[0]["when"].endswith(
        "+00:00"
    )


def test_bad_answers_are_refused_with_the_record_unchanged() -> None:
    record = Practice()
    with pytest.raises(PracticeError, match="best, good"):
        record.answered("canadian play 1", "play", (), Rating(), "great", now=NOW)
    with pytest.raises(PracticeError, match="not a time"):
        record.answered("canadian play 1", "play", (), Rating(), "best", now="noon")  # type: ignore[arg-type]
    assert record == Practice()
    with pytest.raises(PracticeError) as refused:
        Practice.from_json({"answers": "x"})
    assert isinstance(refused.value, ValueError) and "carnet" in str(refused.value.said("fr"))


def test_the_report_shows_ratings_by_skill_themes_and_mistakes_waiting(tmp_path: Path) -> None:
    from charlemagne_learn.teach.practice import report

    assert "No practice yet" in str(report(tmp_path, lang="en", now=NOW))
    record = Practice()
    answers = [("play", ("trumping",), "best"), ("play", ("trumping",), "good"), ("play", ("trumping",), "best"),
               ("lead", ("ducking",), "blunder"), ("lead", ("ducking",), "mistake"), ("lead", ("ducking",), "good")]  # fmt: skip
    for number, (skill, themes, grade) in enumerate(answers):
        record = record.answered(f"canadian {skill} {number}", skill, themes, Rating(), grade, now=NOW)
    save(record, tmp_path)
    shown = str(report(tmp_path, lang="en", now=NOW + timedelta(hours=1)))
    assert "overall: " in shown and "(4 of 6 solved)" in shown and "(3 of 3 solved)" in shown
    assert "strongest themes: trumping." in shown and "weakest themes: ducking;" in shown
    assert "mistakes to see again: 2, 2 due now" in shown
    french = report(tmp_path, lang="fr", now=NOW)
    assert "en tout" in str(french) and "<table>" in french._repr_html_() and "classement" in french._repr_html_()


def _practised(answers: int = 12) -> Practice:
    record = Practice()
    kinds = ("play", "lead", "bid")
    for number in range(answers):
        grade = ("best", "mistake", "good", "blunder")[number % 4]
        record = record.answered(
            f"canadian {kinds[number % 3]} {number}", kinds[number % 3], ("trumping",), Rating(1500, 350), grade,
            now=NOW + timedelta(minutes=number),
        )  # fmt: skip
    return record


def test_the_ratings_over_time_are_kept_overall_and_by_skill() -> None:
    record = _practised()
    history = report_of(record).history()
    assert [n for n, _ in history["overall"]] == list(range(1, 13))
    assert [n for n, _ in history["lead"]] == [2, 5, 8, 11]
    assert history["overall"][-1][1] == record.ratings.overall and history["bid"][-1][1] == record.ratings.skills["bid"]
    # a record written before the skills' ratings were kept: the overall line only
    old = Practice(record.ratings, record.problems, [{k: v for k, v in a.items() if k != "skill_rating"}
                                                       for a in record.answers])  # fmt: skip
    assert list(report_of(old).history()) == ["overall"]


def test_the_progress_plot_speaks_the_learners_language_and_exports() -> None:
    record = _practised()
    for lang, title, overall in (
        ("en", "Your rating after each answer", "overall"),
        ("fr", "Votre classement", "en tout"),
    ):
        fig = report_of(record, lang).plot()
        ax = fig.axes[0]
        assert ax.get_title(loc="left").startswith(title)
        labels = [text.get_text() for text in ax.get_legend().get_texts()]
        assert overall in labels and len(labels) == 2 + 3  # how sure, overall, three skills
        assert ax.lines[0].get_ydata()[-1] == record.ratings.overall.mu
    empty = report_of(Practice(), "fr").plot()
    assert "Pas encore d'entraînement" in " ".join(t.get_text() for t in empty.axes[0].texts)
    rows = report_of(record).to_csv().splitlines()
    assert rows[0] == "answer,when,problem,skill,themes,grade,solved,rating,skill_rating" and len(rows) == 13
    assert rows[2].startswith("2,2026-11-27T10:01:00+00:00,canadian lead 1,lead,trumping,mistake,False,")


def report_of(record: Practice, lang: str = "en") -> PracticeReport:
    return PracticeReport(record, lang, NOW)


def test_with_no_skill_asked_the_kinds_of_decision_take_turns() -> None:
    """A learner answering well climbs towards the hardest problems, but is not given one kind over and over."""
    bank = [_entry(kind, seed, (), 1500 + 60 * seed + (300 if kind == "bid" else 0)) for kind in ("bid", "lead", "play")
            for seed in range(6)]  # fmt: skip
    record, kinds = Practice(), []
    for _ in range(12):
        key = choose(record, bank, now=NOW)
        entry = next(e for e in bank if e.key == key)
        kinds.append(entry.kind)
        record = record.answered(key, entry.kind, (), entry.rating, "best", now=NOW)
    assert all(kinds.count(kind) >= 3 for kind in ("bid", "lead", "play")), kinds
    assert all(a != b for a, b in itertools.pairwise(kinds)), kinds
    # asked for one skill, it is that skill only, nearest first
    assert {choose(record, bank, skill="lead", now=NOW).split()[1]} == {"lead"}  # type: ignore[union-attr]


# ---------------------------------------------------------------- several notebooks practising at once
@pytest.mark.parametrize("writers", [2, 4])
def test_kernels_answering_at_once_keep_every_answer(tmp_path: Path, writers: int) -> None:
    """The English and the French practice open together (or two tabs): each kernel keeps its record and writes it
    after every answer; afterwards every answer of every kernel is in the file, once, and the file's ratings are
    what its answers give."""
    (tmp_path / "course.json").write_text("{}")
    answers = 30
    all_at_once(
        "from datetime import datetime, timedelta, timezone\n"
        "from charlemagne_learn.teach.practice import load, save\n"
        "from charlemagne_learn.teach.ratings import Rating",
        "record, n = load(), int(sys.argv[1])\n"
        "for q in range(30):\n"
        "    when = datetime(2026, 11, 27, 10, tzinfo=timezone.utc) + timedelta(seconds=q)\n"
        "    grade = ('best', 'blunder', 'good')[q % 3]\n"
        "    record = record.answered(f'canadian play {1000 * n + q}', 'play', ['trumping'], Rating(), grade, now=when)\n"
        "    assert save(record)",
        tmp_path,
        writers,
    )
    kept = load(tmp_path)
    keys = sorted(a["key"] for a in kept.answers)
    assert keys == sorted(f"canadian play {1000 * n + q}" for n in range(writers) for q in range(answers))
    assert len(kept.mistakes) == writers * answers // 3 and len(kept.problems) == writers * answers
    assert Practice().with_answers(kept.answers) == kept  # the ratings and schedules are the answers', in order


def test_merging_keeps_every_answer_of_both_records_once() -> None:
    start = Practice().answered("canadian play 1", "play", ("trumping",), BANK[0].rating, "best", now=NOW)
    english = start.answered("canadian lead 3", "lead", ("opening_lead",), BANK[2].rating, "blunder", now=NOW)
    # the French notebook answers the same problem, the same way, at the same time: another answer all the same
    french = start.answered("canadian lead 3", "lead", ("opening_lead",), BANK[2].rating, "blunder", now=NOW)
    french = french.answered("canadian bid 4", "bid", ("bidding",), BANK[3].rating, "good", now=NOW)
    merged = english.with_answers(french.answers)
    assert [a["key"] for a in merged.answers] == [
        "canadian play 1",
        "canadian lead 3",
        "canadian lead 3",
        "canadian bid 4",
    ]
    assert merged.with_answers(french.answers) == merged == merged.with_answers(english.answers)  # nothing twice
    assert merged.problems["canadian lead 3"].mu > english.problems["canadian lead 3"].mu  # missed twice: harder
    assert set(merged.ratings.skills) == {"play", "lead", "bid"} and "canadian lead 3" in merged.mistakes
    # answers written before answers had ids are known by all they say
    old = [{k: v for k, v in a.items() if k != "id"} for a in english.answers]
    written = Practice.from_json({**english.to_json(), "answers": old})
    assert written.with_answers(written.answers) == written
    another = written.answered("canadian bid 4", "bid", ("bidding",), BANK[3].rating, "good", now=NOW)
    assert [a["key"] for a in written.with_answers(another.answers).answers] == [
        "canadian play 1", "canadian lead 3", "canadian bid 4"
    ]  # fmt: skip


def test_only_answers_are_merged() -> None:
    record = _answers("best")
    for junk in ({"key": "canadian play 1"}, {**record.answers[0], "grade": "great"}, 3):
        with pytest.raises(PracticeError, match="not an answer") as refused:
            record.with_answers([junk])  # type: ignore[list-item]
        assert "réponse" in str(refused.value.said("fr"))


def test_what_cannot_be_put_aside_is_left_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk or a read-only folder: the damaged record is neither put aside nor written over, and the learner
    is told practice goes on without keeping answers."""
    import charlemagne_learn.teach.practice as practice_module

    data = _answers("best", "good").to_json()
    data["answers"][1]["themes"] = 3
    text = json.dumps(data)
    (tmp_path / PRACTICE_FILE).write_text(text)

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(practice_module, "write_whole", full)
    practice, aside = opened(tmp_path)
    assert [a["id"] for a in practice.answers] == [data["answers"][0]["id"]]
    assert aside is not None and "left as it is" in aside.said("en") and "reste tel quel" in aside.said("fr")
    answered = practice.answered("canadian lead 3", "lead", (), Rating(), "best", now=NOW)
    assert keep(answered.answers[-1:], tmp_path) is None and not save(answered, tmp_path)
    assert (tmp_path / PRACTICE_FILE).read_text() == text and sorted(p.name for p in tmp_path.iterdir()) == [
        PRACTICE_FILE
    ]
