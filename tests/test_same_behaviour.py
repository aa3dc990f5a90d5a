"""Structure changes, behaviour stays: a fixed set of hints, exchange hints, reviews, rulings, errors and widget
payloads, in English and French, says and sends exactly what it did when recorded (``tests/behaviour/``, written by
``python tests/_behaviour.py``). A difference is named by its first key, with the two texts where they part."""

from __future__ import annotations

import json
from typing import Any

import _behaviour
import pytest


def _first_difference(path: str, was: Any, now: Any) -> str | None:
    if isinstance(was, dict) and isinstance(now, dict):
        for key in sorted(set(was) | set(now)):
            if key not in now or key not in was:
                return f"{path}/{key}: {'gone' if key not in now else 'new'}"
            found = _first_difference(f"{path}/{key}", was[key], now[key])
            if found:
                return found
        return None
    if isinstance(was, list) and isinstance(now, list):
        for i, (a, b) in enumerate(zip(was, now, strict=False)):
            found = _first_difference(f"{path}[{i}]", a, b)
            if found:
                return found
        return None if len(was) == len(now) else f"{path}: {len(was)} items, now {len(now)}"
    if was == now:
        return None
    if isinstance(was, str) and isinstance(now, str):
        at = next((i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b), min(len(was), len(now)))
        return f"{path}: parts at {at}\n was: …{was[max(0, at - 60) : at + 100]!r}\n now: …{now[max(0, at - 60) : at + 100]!r}"
    return f"{path}: was {was!r}, now {now!r}"


@pytest.mark.parametrize("kind", sorted(_behaviour.KINDS))
def test_the_recorded_behaviour_is_unchanged(kind: str) -> None:
    was = json.loads((_behaviour.RECORDS / f"{kind}.json").read_text(encoding="utf-8"))
    now = json.loads(_behaviour.normal(_behaviour.KINDS[kind]()))
    assert was, "an empty record would compare nothing"
    difference = _first_difference(kind, was, now)
    assert difference is None, difference
