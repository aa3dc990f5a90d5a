"""The payloads' shapes for the page's side, written from their one source, the TypedDicts of :mod:`.payloads`.

``widgets/payloads.d.ts`` declares each payload as a TypeScript interface, with every key (those a subclass adds, and
the optional ones with ``?``) and the comment Python gives it; the front end's files name them in JSDoc
(``/** @typedef {import("./payloads").CardView} CardView */``), so an editor checks a key the page reads against what
Python sends. The file is only read by people and their editors (the bundle has no type in it), so it is kept in git
beside the sources, and a test checks that it is what :func:`declarations` writes:

    .venv/bin/python scripts/build_widgets.py   # writes it too

>>> print(_type(list[payloads.CardView | None]))
(CardView | null)[]
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types
import typing
from typing import Any

from . import payloads

__all__ = ["FILE", "declarations"]

#: Where the declarations go, in the front end's folder.
FILE = "payloads.d.ts"

_LEAVES = {str: "string", int: "number", float: "number", bool: "boolean"}


def _type(kind: Any) -> str:
    """A Python payload type written as TypeScript writes it."""
    origin = typing.get_origin(kind)
    if kind in _LEAVES:
        return _LEAVES[kind]
    if kind is type(None):
        return "null"
    if typing.is_typeddict(kind):
        return str(kind.__name__)
    if origin is list:
        item = _type(typing.get_args(kind)[0])
        return f"({item})[]" if " " in item else f"{item}[]"
    if origin is dict:
        key, value = typing.get_args(kind)
        return f"Record<{_type(key)}, {_type(value)}>"
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type(option) for option in typing.get_args(kind))
    raise TypeError(f"no TypeScript for {kind!r}: a payload holds text, numbers, truth values, lists, dicts, payloads")


def _comments() -> dict[str, dict[str, str]]:
    """Each class's own keys' comments (``key: str  #: what it is``), by class and key, with those of the classes it
    extends (a TypedDict keeps no bases at run time: they are read from the source), from each module that writes
    a payload of :mod:`.payloads` (the table picture's are written in the teaching layer)."""
    own: dict[str, dict[str, str]] = {}
    bases: dict[str, list[str]] = {}
    written = {payloads.__name__} | {getattr(payloads, name).__module__ for name in payloads.__all__}
    for module in sorted(written):
        _read_comments(inspect.getsource(importlib.import_module(module)), own, bases)

    def gathered(name: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for base in bases.get(name, []):
            found.update(gathered(base))
        return {**found, **own.get(name, {})}

    return {name: gathered(name) for name in own}


def _read_comments(source: str, own: dict[str, dict[str, str]], bases: dict[str, list[str]]) -> None:
    """The classes of one module's ``source``: each one's own keys' comments and the names of its bases."""
    lines = source.splitlines()
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
            own[node.name] = {
                item.target.id: lines[item.lineno - 1].partition("#:")[2].strip()
                for item in node.body
                if isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and "#:" in lines[item.lineno - 1]
            }


def _key(name: str) -> str:
    return name if name.isidentifier() else f'"{name}"'


def declarations() -> str:
    """The text of :data:`FILE`: one exported interface per payload of :data:`.payloads.__all__`, in that order."""
    comments = _comments()
    out = [
        "// Generated from charlemagne_learn/widgets/payloads.py (the one source of these shapes) by",
        "// scripts/build_widgets.py: edit that file, then run it. The widgets' files name these in JSDoc.",
    ]
    for name in payloads.__all__:
        kind = getattr(payloads, name)
        out.append("")
        doc = inspect.getdoc(kind)
        if doc and doc != inspect.getdoc(dict):
            out += ["/**", *(f" * {line}".rstrip() for line in doc.splitlines()), " */"]
        out.append(f"export interface {name} {{")
        for key, value in typing.get_type_hints(kind).items():
            note = comments.get(name, {}).get(key)
            if note:
                out.append(f"  /** {note} */")
            optional = "?" if key in kind.__optional_keys__ else ""
            out.append(f"  {_key(key)}{optional}: {_type(value)};")
        out.append("}")
    return "\n".join(out) + "\n"
