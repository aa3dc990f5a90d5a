"""A ruling: the engine's answer together with the plain-language reason for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Ruling"]

T = TypeVar("T")


@dataclass(frozen=True)
class Ruling(Generic[T]):
    """``answer`` is what the plain function returns; ``reason`` says why, naming the rule."""

    answer: T
    reason: str

    def __str__(self) -> str:
        return self.reason

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)
