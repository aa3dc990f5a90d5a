"""The course's settings as a teacher writes them: where they are found, and the shape they must have.

``course.json`` in the current folder and the folders above it (a folder's file says only what it changes, the
nearest last), or the environment variable ``CHARLEMAGNE_COURSE`` (that JSON text, or the path of such a file)
instead of the files, or what a Python session holds (:func:`hold`, :func:`charlemagne_learn.course.set_course`'s)
over both. The engine reads one setting here itself, the language its sentences are said in when nothing else says
it (:func:`~charlemagne_learn.engine.i18n.current_lang`); :mod:`charlemagne_learn.course` makes the rules of the
rest. Nothing here has words, so that the language can be read before any sentence is said: a refusal is a
:class:`SettingsProblem` (a catalog key and its fields) that whoever reads the settings says in its own language.

>>> hold({"lang": "fr"}); written_lang()
'fr'
>>> hold(None)
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "COURSE_FILE",
    "COURSE_VARIABLE",
    "KEYS",
    "MAX_SETTINGS_CHARS",
    "Said",
    "SettingsProblem",
    "Written",
    "find_files",
    "held",
    "hold",
    "read",
    "written_lang",
]

#: The file a teacher edits, looked for in the current folder (a lesson's) and the folders above it.
COURSE_FILE = "course.json"
#: An environment variable holding the settings (JSON text or a file's path); it takes precedence over the files.
COURSE_VARIABLE = "CHARLEMAGNE_COURSE"
#: What a settings file may say.
KEYS = ("variant", "house_rules", "lang")
#: The largest settings file or variable read: a course's settings are a few lines.
MAX_SETTINGS_CHARS = 100_000


@dataclass(frozen=True)
class Said:
    """A catalog sentence not said yet: its key and its fields."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


#: Where settings were read: a sentence (the environment variable, the rulebook when nothing was found) or the
#: paths of the files, nearest first.
Source = Said | tuple[str, ...]


class SettingsProblem(Exception):
    """Settings that cannot be read: the catalog key of the refusal, where they were read, and the refusal's other
    fields (every refusal is said with a ``help`` field, the settings a file may hold, given by the reader)."""

    def __init__(self, key: str, source: Source, **fields: Any) -> None:
        super().__init__(key)
        self.key, self.source, self.fields = key, source, fields


@dataclass(frozen=True)
class Written:
    """The settings as written (the files' merged, nearest last) and where they were read."""

    data: Mapping[str, Any]
    source: Source


_held: Mapping[str, Any] | None = None


def hold(data: Mapping[str, Any] | None) -> None:
    """Settings for the rest of this Python session, over the variable and the files (None: back to them)."""
    global _held
    _held = None if data is None else dict(data)


def held() -> Mapping[str, Any] | None:
    """The settings this session holds, or None."""
    return _held


def written_lang() -> str | None:
    """The language the settings name (the session's, else the variable's or the files'), or None where they name
    none or cannot be read: the language is read on its own, so that settings whose rules are wrong still say why
    in the course's language. Not checked against the catalogs: that is the caller's."""
    data = _held
    if data is None:
        try:
            data = read().data
        except SettingsProblem:
            return None
    lang = data.get("lang")
    return lang if isinstance(lang, str) else None


def read() -> Written:
    """The settings written for the course now (a teacher's change to a file counts from the next call): the
    variable's, else the files' merged, else none (an empty mapping read from the rulebook)."""
    text = os.environ.get(COURSE_VARIABLE, "").strip()
    if text:
        if text.startswith(("{", "[")):
            source: Source = Said("course.src_variable", {"name": COURSE_VARIABLE})
            return Written(_settings(text, source), source)
        source = Said("course.src_variable_file", {"path": text, "name": COURSE_VARIABLE})
        return Written(_settings(_text(Path(text), source), source), source)
    try:
        found = find_files(Path.cwd())
    except OSError:  # the folder it runs in was deleted under it: no course file there
        found = []
    if not found:
        return Written({}, Said("course.src_rulebook", {"file": COURSE_FILE}))
    # A folder's file says only what it changes (the French lessons' {"lang": "fr"}); the rest comes from the
    # files above it, so a teacher sets the house rules once for both editions.
    merged: dict[str, Any] = {}
    for path in reversed(found):
        merged.update(_settings(_text(path, (str(path),)), (str(path),)))
    return Written(merged, tuple(map(str, found)))


def find_files(start: Path) -> list[Path]:
    """The course files of ``start`` and the folders above it, nearest first."""
    return [folder / COURSE_FILE for folder in (start, *start.parents) if (folder / COURSE_FILE).is_file()]


def _text(path: Path, source: Source) -> str:
    """The text of the settings file ``path``: a regular file only (a pipe would wait for a writer forever,
    /dev/zero never ends), read no further than the largest settings allowed."""
    most = MAX_SETTINGS_CHARS * 4  # bytes: UTF-8 takes at most four a character
    try:
        # O_NONBLOCK: a FIFO opens at once, to be refused below, instead of waiting for a writer
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as file:
            status = os.fstat(file.fileno())  # of the file opened, not of the name looked up before
            if not stat.S_ISREG(status.st_mode):
                raise SettingsProblem("course.not_a_file", source)
            data = file.read(most + 1)
        if len(data) > most:
            raise SettingsProblem(
                "course.too_big", source, size=max(status.st_size, len(data)), most=MAX_SETTINGS_CHARS
            )
        return data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise SettingsProblem("course.no_file", source) from None
        if isinstance(exc, IsADirectoryError):
            raise SettingsProblem("course.not_a_file", source) from None
        raise SettingsProblem("course.unreadable", source) from None


def _settings(text: str, source: Source) -> dict[str, Any]:
    """One file's settings, checked for what a file may say (the keys, their types)."""
    if len(text) > MAX_SETTINGS_CHARS:
        raise SettingsProblem("course.too_big", source, size=len(text), most=MAX_SETTINGS_CHARS)
    try:
        data = json.loads(text)
    except RecursionError:
        raise SettingsProblem("course.too_deep", source) from None
    except json.JSONDecodeError as exc:
        raise SettingsProblem("course.not_json", source, line=exc.lineno, column=exc.colno) from None
    except ValueError:  # a number of thousands of digits
        raise SettingsProblem("course.not_json", source, line="?", column="?") from None
    if not isinstance(data, dict):
        raise SettingsProblem("course.not_object", source)
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise SettingsProblem(
            "course.unknown_keys", source, n=len(unknown), keys=", ".join(unknown), known=", ".join(KEYS)
        )
    if not isinstance(data.get("variant", ""), str) or not isinstance(data.get("house_rules", {}), dict):
        raise SettingsProblem("course.bad_types", source)
    if "bids" in data.get("house_rules", {}):
        raise SettingsProblem("course.no_bids", source)
    return data
