"""A learner's practice, kept beside the lessons: ratings, each problem's rating, the answers, and the learner's own
mistakes to see again.

Every answer moves the learner's ratings (overall and for the problem's skill) and the problem's
(:mod:`~charlemagne_learn.teach.ratings`). A problem answered with a mistake or a blunder becomes one of the
learner's own: it comes back at growing intervals, scheduled by FSRS (the ``fsrs`` package, the scheduler of
Anki and other spaced-repetition tools) — again in ten minutes after a miss, then a day, then days, then weeks as
it keeps being solved. That is optional (:attr:`Practice.own_mistakes`) and visible (:meth:`Practice.due`).

The clock decides *when* a mistake comes back, never what a problem says or how an answer is graded; every
method takes ``now`` so a test (or a teacher) can say what time it is. Nothing else reads a clock or draws at
random: the next problem is the one whose rating is nearest the learner's, ties broken by the bank's order.

The record is ``practice.json`` in the lessons' folder (the folder holding ``course.json``, as the progress record),
a file of the browser's storage in JupyterLite; it is private to the learner unless downloaded. Several notebooks
may practise at once (the English and the French practice, two tabs): each answer is written by reading the file
again and merging (:func:`keep`), with the folder locked where the platform has a lock (:mod:`.lock`), so every
answer given is kept, whatever the number of kernels writing. Whatever the file holds, practice opens: what cannot
be read is put aside in ``practice.unreadable.json`` (nothing is lost) and said once (:class:`SetAside`).

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 11, 27, 10, tzinfo=timezone.utc)
>>> record = Practice()
>>> record = record.answered("canadian play 4", "play", ("ducking",), Rating(1400, 350), "blunder", now=now)
>>> record.ratings.overall.shown < 1500, record.due(now), len(record.due(now + timedelta(minutes=11)))
(True, (), 1)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from functools import cache, lru_cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..course import lessons_folder, write_whole
from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import lang_or_current, say, sentence
from ..engine.rng import SEED_LIMIT
from ..engine.rules import VARIANTS
from ..engine.spreadsheet import csv_records
from .decisions import DECISION_KINDS, skill_words
from .drawn import drawn_ahead
from .lock import held
from .problems import THEMES, BankEntry
from .ratings import NEW, Rating, RatingError, Ratings

if TYPE_CHECKING:
    from .figures import CourseFigure

__all__ = [
    "MISSES",
    "PRACTICE_FILE",
    "Practice",
    "PracticeError",
    "PracticeReport",
    "SetAside",
    "choose",
    "keep",
    "load",
    "opened",
    "report",
    "save",
]

#: The file beside the lessons that keeps a learner's practice.
PRACTICE_FILE = "practice.json"
#: What the entries of a record that cannot be read are put in (``practice.unreadable-2.json`` and on when taken).
_ASIDE = "practice.unreadable"
#: The largest record read, and the most answers and problems kept (the oldest go first).
_MAX_BYTES = 4_000_000
_MAX_ANSWERS = 5_000
#: Grades that make a problem one of the learner's own mistakes, and those that solve it.
MISSES = ("mistake", "blunder")
_SOLVED = ("best", "good")
_GRADES = (*_SOLVED, "inaccuracy", *MISSES)
#: How soon a missed problem first comes back, and again after another miss: within the session, not at once.
_AGAIN = (timedelta(minutes=10),)
#: With no skill asked, the kinds of decision take turns over this many of the last answers.
_VARIETY = 6


class PracticeError(CharlemagneError, ValueError):
    """A practice record that cannot be read (damaged or edited by hand), or an answer that is not one."""


@cache
def _scheduler() -> Any:
    # no fuzzing: the same answers at the same times give the same schedule
    from fsrs import Scheduler

    return Scheduler(learning_steps=_AGAIN, relearning_steps=_AGAIN, enable_fuzzing=False)


@dataclass(frozen=True)
class Practice:
    """A learner's practice record (immutable: each answer gives a new record)."""

    ratings: Ratings = field(default_factory=Ratings)
    #: Each problem answered, by key, and its rating now.
    problems: Mapping[str, Rating] = field(default_factory=dict)
    #: The answers, oldest first: an id, key, skill, themes, grade, solved, the overall and the skill's rating after,
    #: the problem's before, when (ISO 8601, UTC).
    answers: Sequence[Mapping[str, Any]] = ()
    #: The learner's own mistakes, by key: each one's FSRS card (when it is next due, how well it is known).
    mistakes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Whether missed problems come back (the learner may turn it off; they are kept either way).
    own_mistakes: bool = True

    def answered(
        self, key: str, skill: str, themes: Iterable[str], rating: Rating, grade: str, *, now: datetime,
        answer_id: str | None = None,
    ) -> Practice:  # fmt: skip
        """The record after answering the problem ``key`` (of ``skill``, rated ``rating`` before the answer unless
        the record knows it better) with a choice graded ``grade``. ``answer_id`` tells this answer from every
        other when records are merged (:meth:`with_answers`): drawn at random when None; it decides nothing else."""
        if grade not in _GRADES:
            raise PracticeError(sentence("practice.bad_grade", value=quote(grade)))
        when = _aware(now)
        solved = grade in _SOLVED
        before = self.problems.get(key, rating)
        ratings, moved = self.ratings.after(skill, before, solved=solved)
        answer = {
            "id": answer_id or secrets.token_hex(8), "key": key, "skill": skill, "themes": list(themes),
            "grade": grade, "solved": solved, "rating": ratings.overall.to_json(),
            "skill_rating": ratings.skills[skill].to_json(), "problem_rating": before.to_json(),
            "when": when.isoformat(),
        }  # fmt: skip
        mistakes = dict(self.mistakes)
        if key in mistakes or grade in MISSES:
            mistakes[key] = _reviewed(mistakes.get(key), solved, when)
        return replace(
            self,
            ratings=ratings,
            problems={**self.problems, key: moved},
            answers=(*self.answers, answer)[-_MAX_ANSWERS:],
            mistakes=mistakes,
        )

    def with_answers(self, answers: Iterable[Mapping[str, Any]]) -> Practice:
        """This record (the file's, as another kernel left it) with each of ``answers`` it lacks (another record's:
        an answer is known by its ``id``, or by all it says when written before answers had one) answered on top,
        in their order: the ratings, the problems' ratings and the mistakes' schedules move as though the
        answers came after this record's own, and every answer of both is kept. An answer older than this record's
        oldest when it is full is not added again: it was let go as the oldest. A :class:`PracticeError` for
        anything in ``answers`` that is not an answer."""
        merged = self
        known = {_identity(a) for a in self.answers}
        oldest = _when(self.answers[0]) if len(self.answers) >= _MAX_ANSWERS else None
        for given in answers:
            try:
                answer = _answer(given)
            except _UNREADABLE:
                raise PracticeError(sentence("practice.not_an_answer", value=quote(given))) from None
            if _identity(answer) in known or (oldest is not None and _when(answer) < oldest):
                continue
            known.add(_identity(answer))
            problem_rating = answer.get("problem_rating")
            merged = merged.answered(
                answer["key"], answer["skill"], answer.get("themes", ()),
                NEW if problem_rating is None else Rating.from_json(problem_rating), answer["grade"],
                now=_when(answer), answer_id=_identity(answer),
            )  # fmt: skip
        return merged

    def due(self, now: datetime) -> tuple[str, ...]:
        """The learner's own mistakes due again at ``now``, the longest due first (none when turned off)."""
        if not self.own_mistakes:
            return ()
        when = _aware(now)
        due = []
        for key, card in self.mistakes.items():
            with suppress(*_UNREADABLE):  # a card made by hand, not read from a file (which checks each one)
                due.append((_utc(datetime.fromisoformat(card["due"])), key))
        return tuple(key for at, key in sorted(due) if at <= when)

    def level(self, skill: str | None = None) -> Rating:
        """The learner's rating for ``skill`` (overall when None): what the next problem is chosen near."""
        return self.ratings.overall if skill is None else self.ratings.skill(skill)

    def to_json(self) -> dict[str, Any]:
        return {
            "ratings": self.ratings.to_json(),
            "problems": {k: v.to_json() for k, v in self.problems.items()},
            "answers": list(self.answers),
            "mistakes": {k: dict(v) for k, v in self.mistakes.items()},
            "own_mistakes": self.own_mistakes,
        }

    @classmethod
    def from_json(cls, data: object) -> Practice:
        """A record written by :meth:`to_json`; a :class:`PracticeError` for anything else (:func:`load` reads
        a damaged record's readable entries instead)."""
        practice, unreadable = _read(data)
        if unreadable:
            raise PracticeError(sentence("practice.unreadable", value=quote(data)))
        return practice


def _aware(now: datetime) -> datetime:
    """``now`` in UTC (a naive time is taken as UTC), so that times compare across time zones (and FSRS, which
    schedules in UTC only, takes it)."""
    if not isinstance(now, datetime):
        raise PracticeError(sentence("practice.bad_time", value=quote(now)))
    return _utc(now)


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def _when(answer: Mapping[str, Any]) -> datetime:
    """When an answer was given (an answer read from a file has an ISO 8601 time in UTC)."""
    return _utc(datetime.fromisoformat(answer["when"]))


def _identity(answer: Mapping[str, Any]) -> str:
    """What tells an answer from every other: its id, or for an answer written before answers had one, all it says."""
    given = answer.get("id")
    if isinstance(given, str):
        return given
    return hashlib.sha256(json.dumps(answer, sort_keys=True, default=str).encode()).hexdigest()


def _reviewed(card: Mapping[str, Any] | None, solved: bool, when: datetime) -> dict[str, Any]:
    """A mistake's FSRS card after one more answer: solved is "good", anything else "again"."""
    from fsrs import Card
    from fsrs import Rating as Recall

    scheduler = _scheduler()
    known = Card(card_id=1, due=when)
    if card is not None:
        with suppress(KeyError, ValueError, TypeError):  # a card edited by hand starts afresh, as a new mistake
            known = Card.from_dict(dict(card))  # type: ignore[arg-type]  # the dict its to_dict wrote
    reviewed, _ = scheduler.review_card(known, Recall.Good if solved else Recall.Again, review_datetime=when)
    result: dict[str, Any] = reviewed.to_dict()
    return result


def choose(
    practice: Practice, entries: Iterable[BankEntry], *, themes: Iterable[str] = (), skill: str | None = None,
    now: datetime, table: str | None = None, like: tuple[str, Sequence[str]] | None = None,
) -> str | None:  # fmt: skip
    """The key of the next problem: after a miss, one ``like`` it (the missed problem's kind and themes: of that kind
    and sharing a theme, not yet answered); else a mistake of the learner's own at this ``table`` (by default the
    entries') that is due (if they are on); else the problem of ``entries`` not yet answered, of one of ``themes``
    (any when none) and ``skill`` (any when None: the kinds then take turns), whose rating is nearest the learner's;
    None when none is left."""
    entries = list(entries)
    if like is not None:
        kind, like_themes = like
        similar = _nearest(practice, entries, set(like_themes), kind)
        if similar is not None:
            return similar
    tables = {entry.variant for entry in entries} if table is None else {table}
    # the learner's own mistakes of this table (a record may hold another table's, asked at that table only)
    due = [key for key in practice.due(now) if key.split(" ", 1)[0] in tables]
    if due:
        return due[0]
    return _nearest(practice, entries, set(themes), skill)


def _nearest(practice: Practice, entries: Sequence[BankEntry], wanted: set[str], skill: str | None) -> str | None:
    """The entry not yet answered, of one of the ``wanted`` themes (any when none) and ``skill`` (any when None),
    whose rating is nearest the learner's (at that skill); ties to the bank's order. With no skill asked, the kinds
    of decision take turns: the nearest problem of the kinds the learner met least in their last
    :data:`_VARIETY` answers (a strong learner is not given only the hardest kind, bids, twenty times over)."""
    level = practice.level(skill)
    recent = Counter(str(a.get("skill")) for a in practice.answers[-_VARIETY:]) if skill is None else Counter()
    best: tuple[int, float, int, str] | None = None
    for number, entry in enumerate(entries):
        if entry.key in practice.problems or (skill is not None and entry.kind != skill):
            continue
        if wanted and not wanted & set(entry.themes):
            continue
        rating = practice.problems.get(entry.key, entry.rating)
        candidate = (recent[entry.kind], abs(rating.mu - level.mu), number, entry.key)
        if best is None or candidate < best:
            best = candidate
    return None if best is None else best[3]


# ---------------------------------------------------------------- reading a record, whatever it holds
_ANSWER_FIELDS = frozenset(
    {"id", "key", "skill", "themes", "grade", "solved", "rating", "skill_rating", "problem_rating", "when"}
)
#: What cannot be read in an entry: every field is checked, none trusted.
_UNREADABLE = (ArithmeticError, AssertionError, LookupError, TypeError, ValueError)


def _read(data: object) -> tuple[Practice, dict[str, Any]]:
    """The readable entries of ``data`` (a record as :func:`json.loads` gives it) as a record, and the unreadable
    ones, in the record's own shape (empty when every entry reads)."""
    if not isinstance(data, Mapping):
        return Practice(), {"record": data}
    aside: dict[str, Any] = {name: value for name, value in data.items() if name not in _FIELDS}
    overall, skills = NEW, dict[str, Rating]()
    ratings = data.get("ratings", {})
    if isinstance(ratings, Mapping):
        bad = {name: value for name, value in ratings.items() if name not in ("overall", "skills")}
        try:
            overall = Rating.from_json(ratings.get("overall", NEW.to_json()))
        except RatingError:
            bad["overall"] = ratings["overall"]
        skills, bad_skills = _entries(ratings.get("skills", {}), _skill, Rating.from_json)
        if bad_skills is not None:
            bad["skills"] = bad_skills
        if bad:
            aside["ratings"] = bad
    else:
        aside["ratings"] = ratings
    problems, bad_problems = _entries(data.get("problems", {}), _key, Rating.from_json)
    mistakes, bad_mistakes = _entries(data.get("mistakes", {}), _key, _card)
    answers: list[dict[str, Any]] = []
    if isinstance(data.get("answers", []), list):
        answers, bad_answers = _readable(data.get("answers", []), _answer)
        if bad_answers:
            aside["answers"] = bad_answers
    else:
        aside["answers"] = data["answers"]
    for name, bad_entries in (("problems", bad_problems), ("mistakes", bad_mistakes)):
        if bad_entries is not None:
            aside[name] = bad_entries
    own = data.get("own_mistakes", True)
    if not isinstance(own, bool):
        aside["own_mistakes"], own = own, True
    return Practice(Ratings(overall, skills), problems, tuple(answers[-_MAX_ANSWERS:]), mistakes, own), aside


_FIELDS = ("ratings", "problems", "answers", "mistakes", "own_mistakes")


def _entries(section: object, read_key: Callable[[str], str], read: Callable[[Any], Any]) -> tuple[dict[str, Any], Any]:
    """The readable entries of a section of the record that maps names to values, and the unreadable ones (the
    whole section when it is no mapping; None when every entry reads)."""
    if not isinstance(section, Mapping):
        return {}, section
    readable, unreadable = {}, {}
    for name, value in section.items():
        try:
            readable[read_key(name)] = read(value)
        except _UNREADABLE:
            unreadable[name] = value
    return readable, unreadable or None


def _readable(items: list[Any], read: Callable[[Any], Any]) -> tuple[list[Any], list[Any]]:
    readable, unreadable = [], []
    for item in items:
        try:
            readable.append(read(item))
        except _UNREADABLE:
            unreadable.append(item)
    return readable, unreadable


def _skill(name: object) -> str:
    if name not in DECISION_KINDS:
        raise ValueError(name)
    return str(name)


@lru_cache(maxsize=4096)
def _key(key: object) -> str:
    """A problem's key as :func:`~.problems.problem_key` writes it ("canadian play 4"): a preset's name, a kind of
    decision and a seed, written in full once (a key written otherwise names no problem practice can make, or one
    that would never be answered under that key, and so never leave the mistakes due)."""
    variant, kind, seed = str(key).split(" ") if isinstance(key, str) and len(key) < 80 else ("", "", "")
    if variant not in VARIANTS or kind not in DECISION_KINDS or not seed.isdecimal() or str(int(seed)) != seed:
        raise ValueError(key)
    if int(seed) >= SEED_LIMIT:
        raise ValueError(key)
    return str(key)


def _time(value: object) -> str:
    """An ISO 8601 time, in UTC (a time written without a zone is taken as UTC, as :meth:`Practice.answered`
    takes ``now``)."""
    if not isinstance(value, str):
        raise TypeError(value)
    return _utc(datetime.fromisoformat(value)).isoformat()


def _card(value: object) -> dict[str, Any]:
    """A mistake's FSRS card, checked in every field and made to take the next answer either way."""
    from fsrs import Card, State
    from fsrs import Rating as Recall

    if not isinstance(value, Mapping) or set(value) != _CARD_FIELDS:
        raise TypeError(value)
    step, stability, difficulty = value["step"], value["stability"], value["difficulty"]
    if type(value["card_id"]) is not int or type(value["state"]) is not int:
        raise TypeError(value)
    learning = value["state"] != State.Review  # a card still learning has a step, and may not know the rest yet
    known = step is None if not learning else type(step) is int and 0 <= step < 100
    known &= _number(stability, 1e-3, 1e6) or (learning and stability is None)
    known &= _number(difficulty, 1.0, 10.0) or (learning and difficulty is None)
    if not known:
        raise ValueError(value)
    due, last = _time(value["due"]), value["last_review"]
    card = Card.from_dict({**value, "due": due, "last_review": None if last is None else _time(last)})  # type: ignore[typeddict-item]
    for recall in (Recall.Good, Recall.Again):  # as practice will: nothing in the card may stop the next answer
        _scheduler().review_card(card, recall, review_datetime=card.due)
    return dict(card.to_dict())


_CARD_FIELDS = frozenset({"card_id", "state", "step", "stability", "difficulty", "due", "last_review"})


def _number(value: object, low: float, high: float) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    )


def _answer(value: object) -> dict[str, Any]:
    """An answer, checked in every field: the reports, the schedule and a merge read them."""
    if not isinstance(value, Mapping) or not set(value) <= _ANSWER_FIELDS:
        raise TypeError(value)
    key, skill, grade, themes = _key(value["key"]), value["skill"], value["grade"], value.get("themes", [])
    if (
        skill != key.split(" ")[1]
        or grade not in _GRADES
        or value.get("solved", grade in _SOLVED) != (grade in _SOLVED)
    ):
        raise ValueError(value)
    if not isinstance(themes, list) or len(themes) > len(THEMES) or not all(t in THEMES for t in themes):
        raise ValueError(value)
    answer_id = value.get("id")
    if answer_id is not None and not (isinstance(answer_id, str) and 0 < len(answer_id) <= 64 and answer_id.isalnum()):
        raise ValueError(value)
    answer = {"id": answer_id, "key": key, "skill": skill, "themes": list(themes), "grade": grade,
              "solved": grade in _SOLVED, "rating": Rating.from_json(value["rating"]).to_json()}  # fmt: skip
    for name in ("skill_rating", "problem_rating"):  # kept since, so not in every record
        if name in value:
            answer[name] = Rating.from_json(value[name]).to_json()
    answer["when"] = _time(value["when"])
    return {name: v for name, v in answer.items() if v is not None}


# ---------------------------------------------------------------- the file
@dataclass(frozen=True)
class SetAside:
    """Entries of the record that could not be read when it was opened: how many (0: the whole file), and the file
    they are kept in (``practice.json`` itself where nothing could be written: left as they were)."""

    count: int
    file: str

    def said(self, lang: str | None = None) -> str:
        """What the learner is told, once: what could not be read, where it is kept, and that practice goes on."""
        if self.file == PRACTICE_FILE:
            return say("practice.left_unread", lang, file=self.file)
        if self.count == 0:
            return say("practice.set_aside_all", lang, file=self.file)
        return say("practice.set_aside", lang, n=self.count, file=self.file)


def _count(aside: Mapping[str, Any]) -> int:
    """How many entries were put aside: each answer, problem, mistake, skill's rating or other field (a section that
    is not of its kind at all counts one)."""
    total = 0
    for name, value in aside.items():
        if name == "ratings" and isinstance(value, Mapping):
            total += sum(len(v) if k == "skills" and isinstance(v, Mapping) else 1 for k, v in value.items())
        elif (name == "answers" and isinstance(value, list)) or (name in _NAMED and isinstance(value, Mapping)):
            total += len(value)
        else:
            total += 1
    return total


_NAMED = ("problems", "mistakes")


def _opened(folder: Path) -> tuple[Practice, SetAside | None, bool]:
    """The record in ``folder`` (call with the folder held): its readable entries, what was put aside, and whether
    it may be written over (not where what cannot be read could not be put aside first)."""
    path = folder / PRACTICE_FILE
    try:
        if not path.exists():
            return Practice(), None, True
        if path.is_file() and path.stat().st_size <= _MAX_BYTES:
            text = path.read_text(encoding="utf-8")
            known = _known.get(str(path))
            if known is not None and known[0] == text:  # as this kernel last read or wrote it: checked then
                return known[1], None, True
            data = json.loads(text)
        else:
            data = _NOT_READ
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deep
        data = _NOT_READ
    except OSError:  # cannot be read at all (its permissions): practice opens afresh, the file is left alone
        return Practice(), SetAside(0, PRACTICE_FILE), False
    practice, unreadable = (Practice(), {}) if data is _NOT_READ else _read(data)
    if data is not _NOT_READ and not unreadable:
        _known[str(path)] = (text, practice)
        return practice, None, True
    aside = _aside_name(folder)
    try:
        if data is _NOT_READ or "record" in unreadable:  # the whole file, as it is
            os.replace(path, folder / aside)
            return Practice(), SetAside(0, aside), True
        try:
            text = json.dumps({PRACTICE_FILE: unreadable}, ensure_ascii=False, indent=1)
        except (ValueError, RecursionError):
            text = path.read_text(encoding="utf-8")  # too odd to write again: the file, whole
        write_whole(folder / aside, text)
        # the rest written back at once: what is put aside is met, and said, once
        _write(path, practice)
    except OSError:
        return practice, SetAside(_count(unreadable), PRACTICE_FILE), False
    return practice, SetAside(_count(unreadable), aside), True


#: A file that is not a record at all (not JSON, too big, a folder).
_NOT_READ = object()


def _aside_name(folder: Path) -> str:
    """The first name free for entries put aside: ``practice.unreadable.json``, then ``-2``, ``-3``…"""
    for number in range(1, 10_000):
        name = f"{_ASIDE}.json" if number == 1 else f"{_ASIDE}-{number}.json"
        if not (folder / name).exists():
            return name
    return f"{_ASIDE}-{secrets.token_hex(4)}.json"


def opened(folder: Path | None = None) -> tuple[Practice, SetAside | None]:
    """The learner's record kept in ``folder`` (the lessons' folder by default), whatever the file holds: its
    readable entries (a new record when there is none), and what could not be read, now put aside in a file of
    its own beside it (None when all was read). Said once: put aside, it is not met again."""
    folder = folder or lessons_folder()
    if folder is None:
        return Practice(), None
    with held(folder):
        practice, aside, _ = _opened(folder)
    return practice, aside


def load(folder: Path | None = None) -> Practice:
    """The learner's record kept in ``folder`` (the lessons' folder by default); a new one when there is none. A
    damaged file never stops practice: :func:`opened` puts aside what cannot be read and keeps the rest."""
    return opened(folder)[0]


def keep(
    answers: Iterable[Mapping[str, Any]], folder: Path | None = None, *, own_mistakes: bool | None = None
) -> tuple[Practice, SetAside | None] | None:
    """Keep ``answers`` (a kernel's own, as :meth:`Practice.answered` wrote them) in the record in ``folder`` (the
    lessons' folder by default): the file is read again, the answers it lacks added (:meth:`Practice.with_answers`:
    another notebook's answers meanwhile are all kept, and one another tab wrote over is written again), and
    written whole, the folder held all the while (:mod:`.lock`). ``own_mistakes``: set it too (None: as the file
    says). The record as it now stands, and what was put aside reading it; None where nothing may be written
    (outside the lessons, a full disk, a read-only folder: the answer counts, the record is lost)."""
    folder = folder or lessons_folder()
    if folder is None:
        return None

    def merged(on_file: Practice) -> Practice:
        practice = on_file.with_answers(answers)
        return practice if own_mistakes is None else replace(practice, own_mistakes=own_mistakes)

    return _rewrite(folder, merged)


def save(practice: Practice, folder: Path | None = None) -> bool:
    """Keep the record in ``folder`` (the lessons' folder by default), merged with the file's (its answers the file
    lacks added, as :func:`keep` does; the whole record where there is none yet): True when written, False where
    nothing may be written."""
    folder = folder or lessons_folder()
    if folder is None:
        return False

    def merged(on_file: Practice) -> Practice:
        if on_file == Practice():
            return practice
        return replace(on_file.with_answers(practice.answers), own_mistakes=practice.own_mistakes)

    return _rewrite(folder, merged) is not None


def _rewrite(folder: Path, change: Callable[[Practice], Practice]) -> tuple[Practice, SetAside | None] | None:
    with held(folder):
        on_file, aside, writable = _opened(folder)
        if not writable:
            return None
        practice = change(on_file)
        try:
            _write(folder / PRACTICE_FILE, practice)
        except OSError:
            return None
    return practice, aside


#: The text of each file as this kernel last read or wrote it, and its record: found unchanged (no other kernel
#: wrote since), it is not checked again, so a notebook practising alone pays for little more than the write.
_known: dict[str, tuple[str, Practice]] = {}


def _write(path: Path, practice: Practice) -> None:
    text = json.dumps(practice.to_json(), ensure_ascii=False)
    write_whole(path, text)
    _known[str(path)] = (text, practice)


@dataclass(frozen=True, repr=False)
class PracticeReport:
    """What a learner's practice shows: the ratings by skill, the themes strongest and weakest, the mistakes
    waiting. Shown as a table in a notebook, as lines in text."""

    practice: Practice
    lang: str
    now: datetime
    #: What of a damaged record was put aside when it was opened for this report: said first, once.
    aside: SetAside | None = None

    @property
    def _answers(self) -> list[Mapping[str, Any]]:
        # a record read from a file holds answers only; one made by hand may hold anything
        return [a for a in self.practice.answers if isinstance(a, Mapping)]

    def _rows(self) -> list[tuple[str, str, str]]:
        """Skill, rating, problems solved of those answered: overall first."""
        answers = self._answers
        rows = [(say("practice.overall", self.lang), str(self.practice.ratings.overall), _solved(answers, self.lang))]
        for skill, rating in sorted(self.practice.ratings.skills.items(), key=lambda item: str(item[0])):
            mine = [a for a in answers if a.get("skill") == skill]
            rows.append((_skill_name(skill, self.lang), str(rating), _solved(mine, self.lang)))
        return rows

    def _themes(self) -> tuple[list[str], list[str]]:
        """The themes answered at least three times, strongest and weakest by share solved (three of each at most; with
        one theme, it is the strongest)."""
        by_theme: dict[str, list[bool]] = {}
        for answer in self._answers:
            for theme in _themes(answer):
                by_theme.setdefault(theme, []).append(bool(answer.get("solved")))
        shares = sorted((sum(solved) / len(solved), theme) for theme, solved in by_theme.items() if len(solved) >= 3)
        named = [say(f"theme.{theme}", self.lang) for _, theme in shares if theme in THEMES]
        half = min(3, len(named) // 2)  # a theme is strong or weak, never both
        return named[::-1][: max(half, 1)] if named else [], named[:half]

    def _lines(self) -> list[str]:
        return ([self.aside.said(self.lang)] if self.aside is not None else []) + self._said()

    def _said(self) -> list[str]:
        if not self._answers:
            return [say("practice.none", self.lang)]
        lines = [say("practice.row", self.lang, skill=s, rating=r, solved=n) for s, r, n in self._rows()]
        strong, weak = self._themes()
        if strong:
            lines.append(say("practice.strong", self.lang, themes=", ".join(strong)))
        if weak:
            lines.append(say("practice.weak", self.lang, themes=", ".join(weak)))
        waiting = len(self.practice.mistakes)
        if waiting:
            lines.append(say("practice.waiting", self.lang, n=waiting, due=len(self.practice.due(self.now))))
        return lines

    def __str__(self) -> str:
        return "\n".join(self._lines())

    __repr__ = __str__  # the notebook's text: the lines a learner reads

    def _repr_html_(self) -> str:
        first = f"<p>{escape(self.aside.said(self.lang))}</p>" if self.aside is not None else ""
        lines = self._said()
        if not self._answers:
            return f"{first}<p>{escape(lines[0])}</p>"
        rows = "".join(
            f"<tr><td style='text-align:left;padding-right:1em'>{escape(s)}</td><td>{escape(r)}</td>"
            f"<td style='text-align:left;padding-left:1em'>{escape(n)}</td></tr>"
            for s, r, n in self._rows()
        )
        head = "".join(
            f"<th style='text-align:left'>{escape(say(f'practice.head_{k}', self.lang))}</th>"
            for k in ("skill", "rating", "solved")
        )
        rest = "".join(f"<p>{escape(line)}</p>" for line in lines[len(self._rows()) :])
        return f"{first}<table><tr>{head}</tr>{rows}</table>{rest}"

    # ------------------------------------------------------------ over time
    def history(self) -> dict[str, list[tuple[int, Rating]]]:
        """The ratings after each answer, by answer number (from 1): ``"overall"`` after every answer, and each skill
        after the answers of that skill (a record written before skills were kept has the overall line only)."""
        lines: dict[str, list[tuple[int, Rating]]] = {"overall": []}
        for number, answer in enumerate(self._answers, 1):
            for name, field_name in (("overall", "rating"), (str(answer.get("skill")), "skill_rating")):
                with suppress(RatingError):
                    lines.setdefault(name, []).append((number, Rating.from_json(answer.get(field_name))))
        return {name: points for name, points in lines.items() if points or name == "overall"}

    def to_csv(self) -> str:
        """Every answer, one row each, with the ratings after it: for a spreadsheet (the file stays the learner's
        unless they hand it in)."""
        fields = ("answer", "when", "problem", "skill", "themes", "grade", "solved", "rating", "skill_rating")
        rows = []
        for number, answer in enumerate(self._answers, 1):
            ratings = []
            for name in ("rating", "skill_rating"):
                try:
                    ratings.append(str(Rating.from_json(answer.get(name)).shown))
                except RatingError:
                    ratings.append("")
            rows.append({
                "answer": number, "when": answer.get("when", ""), "problem": answer.get("key", ""),
                "skill": answer.get("skill", ""), "themes": " ".join(_themes(answer)),
                "grade": answer.get("grade", ""), "solved": bool(answer.get("solved")),
                "rating": ratings[0], "skill_rating": ratings[1],
            })  # fmt: skip
        return csv_records(rows, fields)

    def _drawn_content(self) -> object:
        """What :meth:`plot` draws from, for its key among the pictures drawn ahead (:mod:`.drawn`)."""
        lines = self.history()
        return [self.lang, {name: [[n, r.mu, r.sigma] for n, r in points] for name, points in lines.items()}]

    @drawn_ahead
    def plot(self) -> CourseFigure:
        """The learner's rating after each answer: overall (with how sure it is, shaded) and by skill, in the
        report's language; a :class:`~.figures.CourseFigure` that follows JupyterLab's light or dark theme."""
        # here: the report itself needs no matplotlib (JupyterLite loads it only for a plot)
        from .figures import OKABE_ITO, CourseFigure

        lang = self.lang
        fig = CourseFigure(figsize=(9, 4.2), layout="constrained")
        ax = fig.add_subplot()
        lines = self.history()
        overall = lines.pop("overall")
        if overall:
            xs = [n for n, _ in overall]
            ax.fill_between(
                xs, [r.mu - r.sigma for _, r in overall], [r.mu + r.sigma for _, r in overall],
                color=OKABE_ITO[0], alpha=0.15, linewidth=0, label=say("practice.plot_sure", lang),
            )  # fmt: skip
            ax.plot(xs, [r.mu for _, r in overall], color=OKABE_ITO[0], linewidth=2.5,
                    label=say("practice.overall", lang))  # fmt: skip
            markers = "osD^vP*"
            for (skill, points), colour, marker in zip(sorted(lines.items()), OKABE_ITO[1:], markers, strict=False):
                ax.plot([n for n, _ in points], [r.mu for _, r in points], color=colour, marker=marker,
                        markersize=4, linewidth=1.2, label=_skill_name(skill, lang))  # fmt: skip
            ax.legend(loc="best", fontsize=8.5)
            ax.set_xlim(0.5, max(xs) + 0.5)
        else:
            ax.text(0.5, 0.5, say("practice.none", lang), ha="center", va="center", transform=ax.transAxes, wrap=True)
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # answers are counted, never halves
        ax.set_xlabel(say("practice.plot_x", lang))
        ax.set_ylabel(say("practice.head_rating", lang))
        ax.set_title(say("practice.plot_title", lang), loc="left")
        ax.grid(alpha=0.3)
        return fig


def _skill_name(skill: object, lang: str) -> str:
    """A skill as a learner reads it (a name no catalog has, in a record made by hand, as it is)."""
    return skill_words(skill, lang) if skill in DECISION_KINDS else quote(skill, 40)


def _themes(answer: Mapping[str, Any]) -> list[str]:
    """An answer's themes (none where a record made by hand holds something else)."""
    themes = answer.get("themes")
    return [str(t) for t in themes if isinstance(t, str)] if isinstance(themes, (list, tuple)) else []


def _solved(answers: Sequence[Mapping[str, Any]], lang: str) -> str:
    return say("practice.solved", lang, solved=sum(bool(a.get("solved")) for a in answers), n=len(answers))


def report(folder: Path | None = None, *, lang: str | None = None, now: datetime | None = None) -> PracticeReport:
    """The learner's practice as it stands in ``folder`` (the lessons' folder by default): ratings by skill, the
    themes strongest and weakest, the mistakes waiting (due by ``now``: the time now by default)."""
    when = _aware(now) if now is not None else datetime.now(timezone.utc)
    practice, aside = opened(folder)
    return PracticeReport(practice, lang_or_current(lang), when, aside)
