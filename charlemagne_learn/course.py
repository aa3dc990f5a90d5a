"""The course's house rules: set once, followed by every lesson, quiz and widget.

Tables differ: which joker is high, whether the dealer is stuck when everybody passes, and so on
(the **Decisions** of RULES.md). A teacher writes the table's rules once, in ``course.json`` beside the
lessons::

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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RulesOptionError
from .i18n import LANGS, add_messages, check_lang, say
from .rules import VARIANTS, Rules

__all__ = ["COURSE_FILE", "COURSE_VARIABLE", "Course", "CourseSettingsError", "course", "course_lang", "course_rules",
           "course_variant",
           "rules_for",
           "set_course", "set_student", "speaking", "student"]  # fmt: skip

#: The file a teacher edits, looked for in the current folder (a lesson's) and the folders above it.
COURSE_FILE = "course.json"
#: An environment variable holding the settings (JSON text or a file's path); it takes precedence over the file.
COURSE_VARIABLE = "CHARLEMAGNE_COURSE"
_KEYS = ("variant", "house_rules", "lang")


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
        try:
            rules = Rules.preset(self.variant, **dict(self.house_rules))
        except RulesOptionError as exc:
            raise CourseSettingsError(f"the course's house rules ({self.source}) cannot be used: {exc}") from None
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "house_rules", dict(self.house_rules))
        if self.lang not in LANGS:
            raise CourseSettingsError(
                f"the course's language ({self.source}) is {self.lang!r}; use 'en' (English) or 'fr' (French)"
            )


_session: Course | None = None


def set_course(variant: str | None = None, *, lang: str | None = None, **house_rules: Any) -> Course:
    """Play ``variant`` with ``house_rules`` (and speak ``lang``) for the rest of this Python session (a teacher's
    cell); with ``lang`` alone, speak it and keep the course's rules; with no arguments, go back to what
    ``course.json`` or ``CHARLEMAGNE_COURSE`` says."""
    global _session
    if variant is None and not house_rules and lang is None:
        _session = None
        return course()
    if variant is None and not house_rules:
        # only the language: the course's own rules stay (the French edition plays the teacher's house rules)
        # the course's own settings, read past this session's; a refused language leaves the session as it was
        kept, _session = _session, None
        try:
            base = course()
        finally:
            _session = kept
        _session = Course(
            variant=base.variant, house_rules=base.house_rules, lang=lang or "en",
            source=f"{base.source}, with set_course(lang={lang!r}) in this session",
        )  # fmt: skip
        return _session
    _session = Course(
        variant=variant or "canadian", house_rules=house_rules, lang=lang or "en", source="set_course() in this session"
    )
    return _session


def course() -> Course:
    """The course's settings, read now (a teacher's change to the file counts from the next call)."""
    if _session is not None:
        return _session
    text = os.environ.get(COURSE_VARIABLE, "").strip()
    if text:
        if text.startswith(("{", "[")):
            return _parse(text, f"the environment variable {COURSE_VARIABLE}")
        return _read(Path(text), f"the file {text} named by {COURSE_VARIABLE}")
    found = _find_files(Path.cwd())
    if not found:
        return Course(source=f"the Canadian rules as the rulebook gives them (no {COURSE_FILE} found)")
    if len(found) == 1:
        return _read(found[0], str(found[0]))
    # A folder's file says only what it changes (the French lessons' {"lang": "fr"}); the rest comes from the
    # files above it, so a teacher sets the house rules once for both editions.
    merged: dict[str, Any] = {}
    for path in reversed(found):
        merged.update(_settings(_text(path, str(path)), str(path)))
    return _course(merged, " over ".join(map(str, found)))


#: The file ``set_student`` writes beside the lessons, so every lesson (each its own kernel) knows the name.
STUDENT_FILE = "student.json"
_student: str | None = None


add_messages({
    "course.bad_name": ("name={value} is not allowed; give your name as text of 1 to 80 characters",
                        "`name={value}` n'est pas permis ; donnez votre nom, un texte de 1 à 80 caractères"),
})  # fmt: skip


def set_student(name: str) -> str:
    """The learner's name, given once for the course: every quiz made afterwards, in this lesson and the next
    ones (the name is kept in ``student.json`` in this folder), records its results under it."""
    global _student
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise CourseSettingsError(say("course.bad_name", value=repr(name)))
    _student = name.strip()
    (Path.cwd() / STUDENT_FILE).write_text(json.dumps({"student": _student}, ensure_ascii=False), encoding="utf-8")
    return _student


def student() -> str:
    """The name given with :func:`set_student` (in this session, or in an earlier lesson of this folder), or ""."""
    if _student is not None:
        return _student
    for folder in (Path.cwd(), *Path.cwd().parents):
        path = folder / STUDENT_FILE
        if path.is_file():
            try:
                name = json.loads(path.read_text(encoding="utf-8")).get("student", "")
            except (ValueError, AttributeError, OSError):
                return ""  # a damaged file never stops a lesson: the quizzes record no name
            return name if isinstance(name, str) else ""
    return ""


# A widget made with lang= speaks it in the engine's rulings and refusals too, which follow the course's language.
_spoken: ContextVar[str | None] = ContextVar("charlemagne_learn_spoken", default=None)


def course_lang() -> str:
    """The language the course's widgets speak unless given ``lang=``: ``"lang"`` in ``course.json`` ("en" or
    "fr"), or :func:`set_course`'s (or :func:`speaking`'s, inside it).

    >>> course_lang()
    'en'
    """
    spoken = _spoken.get()
    return spoken if spoken is not None else course().lang


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Inside ``with speaking("fr"):`` everything that follows the course's language (rulings, refusals, hints)
    speaks ``lang``; the course's settings are unchanged, and the language before comes back afterwards.

    >>> with speaking("fr"):
    ...     course_lang()
    'fr'
    >>> course_lang()
    'en'
    """
    token = _spoken.set(check_lang(lang))
    try:
        yield lang
    finally:
        _spoken.reset(token)


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


def _find_files(start: Path) -> list[Path]:
    """The course files of ``start`` and the folders above it, nearest first."""
    return [folder / COURSE_FILE for folder in (start, *start.parents) if (folder / COURSE_FILE).is_file()]


def _text(path: Path, source: str) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CourseSettingsError(f"cannot read the course's settings from {source}: {exc}") from None


def _read(path: Path, source: str) -> Course:
    return _parse(_text(path, source), source)


def _help() -> str:
    return (
        f'write them as {{"variant": "canadian", "house_rules": {{"high_joker": "black"}}}}; '
        f"variants: {', '.join(VARIANTS)}"
    )


def _settings(text: str, source: str) -> dict[str, Any]:
    """One file's settings, checked for what a file may say (the keys, their types)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CourseSettingsError(f"the course's settings in {source} are not JSON ({exc}); {_help()}") from None
    if not isinstance(data, dict):
        raise CourseSettingsError(f"the course's settings in {source} must be one JSON object; {_help()}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise CourseSettingsError(
            f"the course's settings in {source} have unknown key(s) {', '.join(unknown)}; "
            f"the keys are {', '.join(_KEYS)}"
        )
    if not isinstance(data.get("variant", ""), str) or not isinstance(data.get("house_rules", {}), dict):
        raise CourseSettingsError(f"the course's settings in {source}: {_help()}")
    if "bids" in data.get("house_rules", {}):
        raise CourseSettingsError(f"the course's settings in {source}: the bid ladder belongs to the variant")
    return data


def _parse(text: str, source: str) -> Course:
    return _course(_settings(text, source), source)


def _course(data: Mapping[str, Any], source: str) -> Course:
    house = data.get("house_rules", {})
    # JSON has no tuples; the options that are pairs (bower_names) arrive as lists
    house = {k: tuple(v) if isinstance(v, list) else v for k, v in house.items()}
    return Course(
        variant=data.get("variant", "canadian"), house_rules=house, lang=data.get("lang", "en"), source=source
    )
