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
a file of the browser's storage in JupyterLite; it is private to the learner unless downloaded.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 11, 27, 10, tzinfo=timezone.utc)
>>> record = Practice()
>>> record = record.answered("canadian play 4", "play", ("ducking",), Rating(1400, 350), "blunder", now=now)
>>> record.ratings.overall.shown < 1500, record.due(now), len(record.due(now + timedelta(minutes=11)))
(True, (), 1)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from functools import cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..course import lessons_folder, write_whole
from ..engine.errors import CharlemagneError, quote
from ..engine.i18n import lang_or_current, say, sentence
from ..engine.spreadsheet import csv_records
from .drawn import drawn_ahead
from .problems import THEMES, BankEntry
from .ratings import Rating, RatingError, Ratings

if TYPE_CHECKING:
    from .figures import CourseFigure

__all__ = ["MISSES", "PRACTICE_FILE", "Practice", "PracticeError", "PracticeReport", "choose", "load", "report", "save"]

#: The file beside the lessons that keeps a learner's practice.
PRACTICE_FILE = "practice.json"
#: The largest record read, and the most answers and problems kept (the oldest go first).
_MAX_BYTES = 4_000_000
_MAX_ANSWERS = 5_000
#: Grades that make a problem one of the learner's own mistakes, and those that solve it.
MISSES = ("mistake", "blunder")
_SOLVED = ("best", "good")
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
    #: The answers, oldest first: key, skill, themes, grade, solved, the overall rating after, when (ISO 8601).
    answers: Sequence[Mapping[str, Any]] = ()
    #: The learner's own mistakes, by key: each one's FSRS card (when it is next due, how well it is known).
    mistakes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Whether missed problems come back (the learner may turn it off; they are kept either way).
    own_mistakes: bool = True

    def answered(
        self, key: str, skill: str, themes: Iterable[str], rating: Rating, grade: str, *, now: datetime
    ) -> Practice:
        """The record after answering the problem ``key`` (of ``skill``, rated ``rating`` before the answer unless
        the record knows it better) with a choice graded ``grade``."""
        if grade not in (*_SOLVED, "inaccuracy", *MISSES):
            raise PracticeError(sentence("practice.bad_grade", value=quote(grade)))
        when = _aware(now)
        solved = grade in _SOLVED
        ratings, moved = self.ratings.after(skill, self.problems.get(key, rating), solved=solved)
        answer = {
            "key": key, "skill": skill, "themes": list(themes), "grade": grade, "solved": solved,
            "rating": ratings.overall.to_json(), "skill_rating": ratings.skills[skill].to_json(),
            "when": when.isoformat(),
        }  # fmt: skip
        mistakes = dict(self.mistakes)
        if key in mistakes or grade in MISSES:
            mistakes[key] = _reviewed(mistakes.get(key), solved, when)
        return replace(
            self,
            ratings=ratings,
            problems={**self.problems, key: moved},
            answers=[*self.answers, answer][-_MAX_ANSWERS:],
            mistakes=mistakes,
        )

    def due(self, now: datetime) -> tuple[str, ...]:
        """The learner's own mistakes due again at ``now``, the longest due first (none when turned off)."""
        if not self.own_mistakes:
            return ()
        when = _aware(now)
        due = [(datetime.fromisoformat(card["due"]), key) for key, card in self.mistakes.items()]
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
        """A record written by :meth:`to_json`; a :class:`PracticeError` for anything else."""
        refusal = PracticeError(sentence("practice.unreadable", value=quote(data)))
        if not isinstance(data, Mapping):
            raise refusal
        try:
            ratings = Ratings.from_json(data.get("ratings", {}))
            problems = data.get("problems", {})
            answers = data.get("answers", [])
            mistakes = data.get("mistakes", {})
            own = data.get("own_mistakes", True)
            if not (isinstance(problems, Mapping) and isinstance(answers, list) and isinstance(mistakes, Mapping)):
                raise refusal
            if not isinstance(own, bool) or not all(isinstance(a, Mapping) for a in answers):
                raise refusal
            for card in mistakes.values():  # each due time must read back, or no mistake could be scheduled
                if not isinstance(card, Mapping) or not isinstance(card.get("due"), str):
                    raise refusal
                _aware(datetime.fromisoformat(card["due"]))
            return cls(
                ratings,
                {str(k): Rating.from_json(v) for k, v in problems.items()},
                answers[-_MAX_ANSWERS:],
                {str(k): dict(v) for k, v in mistakes.items()},
                own,
            )
        except (RatingError, ValueError, TypeError):
            raise refusal from None


def _aware(now: datetime) -> datetime:
    """``now`` with a time zone (a naive time is taken as UTC), so that times compare across time zones."""
    if not isinstance(now, datetime):
        raise PracticeError(sentence("practice.bad_time", value=quote(now)))
    return now if now.tzinfo is not None else now.replace(tzinfo=timezone.utc)


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


def load(folder: Path | None = None) -> Practice:
    """The learner's record kept in ``folder`` (the lessons' folder by default); a new one when there is none, or it
    cannot be read (a damaged file never stops practice; it is replaced at the next answer)."""
    folder = folder or lessons_folder()
    path = None if folder is None else folder / PRACTICE_FILE
    with suppress(OSError, ValueError, RecursionError):
        if path is not None and path.is_file() and path.stat().st_size <= _MAX_BYTES:
            return Practice.from_json(json.loads(path.read_text(encoding="utf-8")))
    return Practice()


def save(practice: Practice, folder: Path | None = None) -> bool:
    """Keep the record in ``folder`` (the lessons' folder by default): True when written, False where nothing may
    be written (outside the lessons, a full disk, a read-only folder: the answer counts, the record is lost)."""
    folder = folder or lessons_folder()
    if folder is None:
        return False
    try:
        write_whole(folder / PRACTICE_FILE, json.dumps(practice.to_json(), ensure_ascii=False))
    except OSError:
        return False
    return True


@dataclass(frozen=True, repr=False)
class PracticeReport:
    """What a learner's practice shows: the ratings by skill, the themes strongest and weakest, the mistakes
    waiting. Shown as a table in a notebook, as lines in text."""

    practice: Practice
    lang: str
    now: datetime

    def _rows(self) -> list[tuple[str, str, str]]:
        """Skill, rating, problems solved of those answered: overall first."""
        answers = self.practice.answers
        rows = [(say("practice.overall", self.lang), str(self.practice.ratings.overall), _solved(answers, self.lang))]
        for skill, rating in sorted(self.practice.ratings.skills.items()):
            mine = [a for a in answers if a.get("skill") == skill]
            rows.append((say(f"decision.skill.{skill}", self.lang), str(rating), _solved(mine, self.lang)))
        return rows

    def _themes(self) -> tuple[list[str], list[str]]:
        """The themes answered at least three times, strongest and weakest by share solved (three of each at most; with
        one theme, it is the strongest)."""
        by_theme: dict[str, list[bool]] = {}
        for answer in self.practice.answers:
            for theme in answer.get("themes", []):
                by_theme.setdefault(str(theme), []).append(bool(answer.get("solved")))
        shares = sorted((sum(solved) / len(solved), theme) for theme, solved in by_theme.items() if len(solved) >= 3)
        named = [say(f"theme.{theme}", self.lang) for _, theme in shares if theme in THEMES]
        half = min(3, len(named) // 2)  # a theme is strong or weak, never both
        return named[::-1][: max(half, 1)] if named else [], named[:half]

    def _lines(self) -> list[str]:
        if not self.practice.answers:
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
        lines = self._lines()
        if not self.practice.answers:
            return f"<p>{escape(lines[0])}</p>"
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
        return f"<table><tr>{head}</tr>{rows}</table>{rest}"

    # ------------------------------------------------------------ over time
    def history(self) -> dict[str, list[tuple[int, Rating]]]:
        """The ratings after each answer, by answer number (from 1): ``"overall"`` after every answer, and each skill
        after the answers of that skill (a record written before skills were kept has the overall line only)."""
        lines: dict[str, list[tuple[int, Rating]]] = {"overall": []}
        for number, answer in enumerate(self.practice.answers, 1):
            for name, field_name in (("overall", "rating"), (str(answer.get("skill")), "skill_rating")):
                with suppress(RatingError):
                    lines.setdefault(name, []).append((number, Rating.from_json(answer.get(field_name))))
        return {name: points for name, points in lines.items() if points or name == "overall"}

    def to_csv(self) -> str:
        """Every answer, one row each, with the ratings after it: for a spreadsheet (the file stays the learner's
        unless they hand it in)."""
        fields = ("answer", "when", "problem", "skill", "themes", "grade", "solved", "rating", "skill_rating")
        rows = []
        for number, answer in enumerate(self.practice.answers, 1):
            ratings = []
            for name in ("rating", "skill_rating"):
                try:
                    ratings.append(str(Rating.from_json(answer.get(name)).shown))
                except RatingError:
                    ratings.append("")
            rows.append({
                "answer": number, "when": answer.get("when", ""), "problem": answer.get("key", ""),
                "skill": answer.get("skill", ""), "themes": " ".join(map(str, answer.get("themes", []))),
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
                        markersize=4, linewidth=1.2, label=say(f"decision.skill.{skill}", lang))  # fmt: skip
            ax.legend(loc="best", fontsize=8.5)
            ax.set_xlim(0.5, max(xs) + 0.5)
        else:
            ax.text(0.5, 0.5, say("practice.none", lang), ha="center", va="center", transform=ax.transAxes, wrap=True)
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # answers are counted, never halves
        ax.set_xlabel(say("practice.plot_x", lang))
        ax.set_ylabel(say("practice.plot_y", lang))
        ax.set_title(say("practice.plot_title", lang), loc="left")
        ax.grid(alpha=0.3)
        return fig


def _solved(answers: Sequence[Mapping[str, Any]], lang: str) -> str:
    return say("practice.solved", lang, solved=sum(bool(a.get("solved")) for a in answers), n=len(answers))


def report(folder: Path | None = None, *, lang: str | None = None, now: datetime | None = None) -> PracticeReport:
    """The learner's practice as it stands in ``folder`` (the lessons' folder by default): ratings by skill, the
    themes strongest and weakest, the mistakes waiting (due by ``now``: the time now by default)."""
    when = _aware(now) if now is not None else datetime.now(timezone.utc)
    return PracticeReport(load(folder), lang_or_current(lang), when)
