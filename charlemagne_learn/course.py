"""The course's house rules: set once, followed by every lesson, quiz and widget.

Tables differ: which joker is high, whether the dealer is stuck when everybody passes, and so on
(the **Decisions** of the rulebook, ``docs/rules.md``). A teacher writes the table's rules once, in
``course.json`` beside the lessons::

    {"variant": "canadian", "house_rules": {"high_joker": "black", "all_pass": "stick_dealer"}}

and every lesson (they start from :func:`course_rules`), every widget and quiz made without rules,
and every sentence they print then follow it. A folder's own ``course.json`` says only what it changes: the
French edition's ``notebooks/fr/course.json`` is ``{"lang": "fr"}``, and its lessons play the house rules of
``notebooks/course.json`` above it in French. The environment variable ``CHARLEMAGNE_COURSE`` (that
JSON text, or the path of such a file) takes precedence over the file, and :func:`set_course` over both,
for the rest of a Python session. With none of them the course plays the Canadian game as the rulebook
gives it.

>>> set_course("canadian", high_joker="black").rules.high_joker
'black'
>>> rules_for(None).high_joker, rules_for("canadian").high_joker  # a variant named outright is its preset
('black', 'red')
>>> set_course().source  # back to the file or the environment, here neither
'the Canadian rules as the rulebook gives them (no course.json found)'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from .engine import settings
from .engine.errors import RulesOptionError, quote
from .engine.i18n import LANGS, Lang, current_lang, say, sentence, speaking
from .engine.rules import VARIANTS, Rules
from .engine.settings import COURSE_FILE, COURSE_VARIABLE, MAX_SETTINGS_CHARS, Said, SettingsProblem, Source

__all__ = [
    "COURSE_FILE",
    "COURSE_VARIABLE",
    "MAX_SETTINGS_CHARS",
    "Course",
    "CourseSettingsError",
    "check_student",
    "course",
    "course_lang",
    "course_rules",
    "course_variant",
    "lessons_folder",
    "rules_for",
    "set_course",
    "set_student",
    "speaking",
    "student",
    "write_whole",
]  # fmt: skip


def _lang_now() -> str:
    """The language to refuse in while settings are being read: the session's, else English."""
    return _session.lang if _session is not None else "en"


class CourseSettingsError(RulesOptionError):
    """The course's settings (``course.json`` or ``CHARLEMAGNE_COURSE``) cannot be read as house rules."""


@dataclass(frozen=True, kw_only=True)
class Course:
    """The rule system the course plays, and where that came from."""

    variant: str = "canadian"
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    #: The language of every widget made without ``lang=``: "en" or "fr".
    lang: str = "en"
    #: Where the settings were read, for messages: a file's path, the environment variable, or the session.
    source: str = ""
    rules: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Made here, so that settings the engine refuses are refused when they are read, not in some later lesson.
        lang = self.lang if isinstance(self.lang, str) and self.lang in LANGS else _lang_now()
        if not isinstance(self.source, str) or not self.source:
            object.__setattr__(self, "source", "Course(...)")
        elif len(self.source) > 300:  # a caller's text, repeated in every refusal below
            object.__setattr__(self, "source", quote(self.source, 300))
        house = self.house_rules
        if not isinstance(house, Mapping) or not all(isinstance(k, str) for k in house):
            raise CourseSettingsError(sentence("course.bad_house_rules", lang, source=self.source, value=quote(house)))
        try:
            with speaking(lang):
                rules = Rules.preset(self.variant, **dict(house))
        except RulesOptionError as exc:
            raise CourseSettingsError(sentence("course.rules_unusable", lang, source=self.source, why=exc)) from None
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "house_rules", dict(house))
        if not isinstance(self.lang, str) or self.lang not in LANGS:
            raise CourseSettingsError(sentence("course.bad_lang", lang, source=self.source, value=quote(self.lang)))


_session: Course | None = None


def set_course(variant: str | None = None, *, lang: str | None = None, **house_rules: Any) -> Course:
    """Play ``variant`` with ``house_rules`` (and speak ``lang``) for the rest of this Python session (a teacher's
    cell); with ``lang`` alone, speak it and keep the course's rules; with no arguments, go back to what
    ``course.json`` or ``CHARLEMAGNE_COURSE`` says."""
    if variant is None and not house_rules and lang is None:
        _hold(None)
        return course()
    said = lang if isinstance(lang, str) and lang in LANGS else _lang_now()
    if lang is not None and (not isinstance(lang, str) or lang not in LANGS):
        raise CourseSettingsError(
            sentence("course.bad_lang", said, source=sentence("course.src_session", said), value=quote(lang))
        )
    if variant is not None and (not isinstance(variant, str) or not variant.strip()):
        raise CourseSettingsError(
            sentence("course.bad_variant", said, value=quote(variant), variants=", ".join(VARIANTS))
        )
    if variant is None and not house_rules:
        # only the language: the course's own rules stay (the French edition plays the teacher's house rules)
        # the course's own settings, read past this session's; a refused language leaves the session as it was
        base = _read()
        return _hold(
            Course(
                variant=base.variant, house_rules=base.house_rules, lang=said,
                source=say("course.src_with_lang", said, source=base.source, lang=quote(lang)),
            )
        )  # fmt: skip
    if lang is None:  # the rules change, the session's language stays
        try:
            said = course().lang
        except CourseSettingsError:
            said = "en"
    return _hold(
        Course(
            variant=variant or "canadian",
            house_rules=house_rules,
            lang=said,
            source=sentence("course.src_session", said),
        )
    )


@overload
def _hold(session: Course) -> Course: ...
@overload
def _hold(session: None) -> None: ...
def _hold(session: Course | None) -> Course | None:
    """The session's settings, kept here as rules and with the engine's settings as written (whose language the
    engine speaks)."""
    global _session
    _session = session
    settings.hold(None if session is None else {"lang": session.lang})
    return session


def course() -> Course:
    """The course's settings, read now (a teacher's change to the file counts from the next call)."""
    return _session if _session is not None else _read()


def _read() -> Course:
    """The settings as written (the variable's or the files'), past the session's, as rules."""
    lang = _lang_now()
    try:
        written = settings.read()
    except SettingsProblem as problem:
        raise CourseSettingsError(
            sentence(problem.key, lang, source=_source(problem.source, lang), help=_help(), **problem.fields)
        ) from None
    house = written.data.get("house_rules", {})
    # JSON has no tuples; the options that are pairs (bower_names) arrive as lists
    house = {k: tuple(v) if isinstance(v, list) else v for k, v in house.items()}
    return Course(
        variant=written.data.get("variant", "canadian"),
        house_rules=house,
        lang=written.data.get("lang", "en"),
        source=_source(written.source, lang),
    )


def _source(source: Source, lang: Lang) -> str:
    """Where settings were read, in words: a file's path, the files' paths, the environment variable."""
    if isinstance(source, Said):
        return say(source.key, lang, **source.fields)
    return say("course.src_over", lang).join(source)


#: The file ``set_student`` writes beside the lessons, so every lesson (each its own kernel) knows the name.
STUDENT_FILE = "student.json"
#: The largest ``student.json`` read: it holds one name of at most 80 characters.
_MAX_STUDENT_FILE = 10_000
_student: str | None = None


def _name(value: object) -> str | None:
    """``value`` as a student's name (stripped), or None when it is none: text of 1 to 80 characters that can be
    written to a file (no lone surrogate such as "\\ud800", which no encoding writes)."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 80:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value.strip()


def check_student(value: object) -> str:
    """A quiz's ``student=``: the name as :func:`set_student` takes it (its results are written under it, so it must
    be text a file can hold), or "" for a quiz recorded under no name (blank text)."""
    if isinstance(value, str) and not value.strip():
        return ""
    checked = _name(value)
    if checked is None:
        raise CourseSettingsError(sentence("course.bad_student", value=quote(value)))
    return checked


def set_student(name: object) -> str:
    """The learner's name, given once for the course: every quiz made afterwards, in this lesson and the next
    ones (the name is kept in ``student.json`` in this folder), records its results under it. If the name
    cannot be saved, nothing changes and the refusal says why."""
    global _student
    checked = _name(name)
    if checked is None:
        raise CourseSettingsError(sentence("course.bad_name", value=quote(name)))
    path = Path(STUDENT_FILE)
    try:
        path = Path.cwd() / STUDENT_FILE  # cwd() fails too, in a folder deleted since
        write_whole(path, json.dumps({"student": checked}, ensure_ascii=False))
    except OSError as exc:
        raise CourseSettingsError(
            sentence("course.name_unsaved", path=path, why=exc.strerror or type(exc).__name__)
        ) from None
    _student = checked  # only once it is saved: a refusal leaves the session as it was
    return _student


def lessons_folder() -> Path | None:
    """The lessons' folder when it is the current one (it holds :data:`COURSE_FILE`), where a learner's records are
    kept; None anywhere else — a test, a script, or the teacher's folder below the lessons, whose example quizzes
    are no learner's."""
    try:
        here = Path.cwd()
    except OSError:  # the lesson's folder was deleted under it
        return None
    return here if (here / COURSE_FILE).is_file() else None


def write_whole(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` whole or not at all: written beside it, then put in its place, so a full disk or a
    crash never leaves half a file for the next lesson (or the teacher) to read. On an :class:`OSError` nothing is
    left behind and the file is as it was.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_whole(Path(folder) / "student.json", '{"student": "Chloé"}')
    ...     sorted(p.name for p in Path(folder).iterdir())
    ['student.json']
    """
    # the spare's name kept short: a name near the system's longest would leave no room for its ending
    spare = path.with_name(f".{path.name[:100]}.{os.getpid()}.tmp")
    try:
        spare.write_text(text, encoding=encoding)
        os.replace(spare, path)
    except OSError:
        with suppress(OSError):
            spare.unlink(missing_ok=True)
        raise


def student() -> str:
    """The name given with :func:`set_student` (in this session, or in an earlier lesson of this folder), or ""."""
    if _student is not None:
        return _student
    try:
        here = Path.cwd()
    except OSError:  # the lesson's folder was deleted under it
        return ""
    for folder in (here, *here.parents):
        path = folder / STUDENT_FILE
        if path.is_file():
            # a damaged, huge or deeply nested file never stops a lesson: the quizzes record no name
            try:
                if path.stat().st_size > _MAX_STUDENT_FILE:
                    return ""
                data = json.loads(path.read_text(encoding="utf-8-sig"))
            except (ValueError, OSError, RecursionError):
                return ""
            return (_name(data.get("student")) or "") if isinstance(data, dict) else ""
    return ""


def course_lang() -> str:
    """The language the course's widgets speak unless given ``lang=``: ``"lang"`` in ``course.json`` ("en" or
    "fr"), or :func:`set_course`'s, or :func:`~charlemagne_learn.engine.i18n.speaking`'s inside it: the current language
    of :mod:`~charlemagne_learn.engine.i18n`, which reads the settings' language itself.

    >>> course_lang()
    'en'
    >>> with speaking("fr"):
    ...     course_lang()
    'fr'
    """
    course()  # settings that cannot be read are refused where the course's language is asked for, not passed over
    return current_lang()


def course_rules() -> Rules:
    """The rules every lesson plays: the course's variant with its house rules.

    >>> course_rules().name
    'canadian'
    """
    return course().rules


def rules_for(rules: Rules | str | None) -> Rules:
    """What a widget or quiz plays when given ``rules``: the course's rules for None; otherwise as given
    (a variant's name is its preset: a lesson that names another table wants that table as printed)."""
    return course_rules() if rules is None else Rules.find(rules)


def course_variant(variant: str | None, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """For widgets made from a variant's name and options: with no name, the course's variant, its house
    rules and then ``options`` over them; with a name, that variant and ``options`` alone."""
    if variant is not None:
        return variant, dict(options)
    settings = course()
    return settings.variant, {**settings.house_rules, **options}


def _help() -> str:
    return say("course.help", _lang_now(), variants=", ".join(VARIANTS))
