"""Synced traits that hold a payload of :mod:`.payloads` and check its shape as it is set.

A widget's page reads what Python sends by key; a payload built with a key misspelt, missing or of the wrong kind
would draw an empty box in a learner's browser. :class:`Payload` refuses it in Python, where it is built, naming the
place that is wrong. Its type for mypy is the TypedDict itself, so a widget sets a payload with no cast.

>>> from traitlets import HasTraits, TraitError
>>> from charlemagne_learn.widgets.payloads import SuitInks
>>> class Box(HasTraits):
...     inks = Payload(SuitInks)
>>> Box(inks={"ink": "card-red"}).inks
{'ink': 'card-red'}
>>> try:
...     Box(inks={"ink": 3})
... except TraitError as exc:
...     print(exc)
The 'inks' trait of a Box instance expected a SuitInks (charlemagne_learn/widgets/payloads.py): inks.ink is int, not str
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Generic, TypedDict, TypeVar

import traitlets as t

__all__ = ["Empty", "Payload", "Payloads", "Words", "shape_problem"]


class Empty(TypedDict):
    """``{}``: nothing of its kind to show now (no review during a hand, no picture before the first draw)."""


P = TypeVar("P", bound=Mapping[str, object])


@cache
def _hints(kind: Any) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _items_problem(value: object, kind: Any, where: str) -> str | None:
    """Where the list ``value`` departs from a list of ``kind``, in words; None where it is one."""
    if not isinstance(value, list):
        return f"{where} is {type(value).__name__}, not a list"
    return next((p for i, item in enumerate(value) if (p := shape_problem(item, kind, f"{where}[{i}]"))), None)


def shape_problem(value: object, kind: Any, where: str) -> str | None:
    """Where ``value`` departs from the shape ``kind`` (a payload of :mod:`.payloads`, a list of them, a leaf), in
    words; None where it has that shape, down to every nested payload."""
    origin = typing.get_origin(kind)
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not a dict"
        hints = _hints(kind)
        unknown = sorted(str(key) for key in value if key not in hints)
        if unknown:
            return f"{where} has keys a {kind.__name__} has not: {', '.join(unknown)}"
        missing = sorted(kind.__required_keys__ - set(value))
        if missing:
            return f"{where} has no {', '.join(missing)}"
        for key, item in value.items():
            problem = shape_problem(item, hints[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if origin is list:
        return _items_problem(value, typing.get_args(kind)[0], where)
    if origin is dict:
        key_kind, value_kind = typing.get_args(kind)
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not a dict"
        return next(
            (
                p
                for key, item in value.items()
                if (
                    p := shape_problem(key, key_kind, f"{where} key")
                    or shape_problem(item, value_kind, f"{where}[{key!r}]")
                )
            ),
            None,
        )
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        problems = [shape_problem(value, option, where) for option in options]
        if None in problems:
            return None
        return f"{where} is none of {' | '.join(getattr(o, '__name__', str(o)) for o in options)}: {problems[-1]}"
    if kind is type(None):
        return None if value is None else f"{where} is {type(value).__name__}, not None"
    # a bool is an int to isinstance, never to the page's reader of a count; a whole number is a JSON number
    leaf_ok = isinstance(value, (int, float) if kind is float else kind)
    if not leaf_ok or (kind is not bool and isinstance(value, bool)):
        return f"{where} is {type(value).__name__}, not {kind.__name__}"
    return None


def _refuse(trait: t.TraitType[Any, Any], obj: t.HasTraits | None, problem: str) -> t.TraitError:
    owner = f" of a {type(obj).__name__} instance" if obj is not None else ""
    return t.TraitError(f"The {trait.name!r} trait{owner} expected {trait.info_text}: {problem}")


class Payload(t.TraitType[P, P | Empty], Generic[P]):
    """A synced dict of the shape ``kind`` (a TypedDict of :mod:`.payloads`), or ``{}`` while there is nothing of its
    kind to show (the page tests a key before it draws one); anything else is refused as it is set."""

    def __init__(self, kind: type[P], **kwargs: Any) -> None:
        self.kind = kind
        super().__init__(**kwargs)
        self.info_text = f"a {kind.__name__} (charlemagne_learn/widgets/payloads.py)"

    def make_dynamic_default(self) -> Empty:
        return {}

    def validate(self, obj: t.HasTraits | None, value: Any) -> P:
        if value != {}:
            problem = shape_problem(value, self.kind, self.name or "value")
            if problem:
                raise _refuse(self, obj, problem)
        return typing.cast(P, value)  # the shape just checked, which mypy cannot follow


class Payloads(t.TraitType[list[P], list[P]], Generic[P]):
    """A synced list of payloads of the shape ``kind``, each checked as the list is set."""

    def __init__(self, kind: type[P], **kwargs: Any) -> None:
        self.kind = kind
        super().__init__(**kwargs)
        self.info_text = f"a list of {kind.__name__} (charlemagne_learn/widgets/payloads.py)"

    def make_dynamic_default(self) -> list[P]:
        return []

    def validate(self, obj: t.HasTraits | None, value: Any) -> list[P]:
        problem = _items_problem(value, self.kind, self.name or "value")
        if problem:
            raise _refuse(self, obj, problem)
        return typing.cast(list[P], value)


def Words(**kwargs: Any) -> t.Dict[str, str]:
    """A widget's word table: a label key, as the word list spells it, to its text."""
    return t.Dict(key_trait=t.Unicode(), value_trait=t.Unicode(), **kwargs)
