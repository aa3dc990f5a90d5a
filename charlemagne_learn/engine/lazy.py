"""Names a package gives when they are first asked for (:pep:`562`), so that importing the package loads none of
the modules behind them: the facade (``import charlemagne_learn as cl``), the analysis, the lessons' plots.

>>> import charlemagne_learn.analysis as analysis
>>> analysis.bid_odds.__module__, "bid_odds" in dir(analysis)
('charlemagne_learn.analysis.odds', True)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["given_when_asked"]


def given_when_asked(
    package: str, homes: Mapping[str, str], parts: Iterable[str] = ()
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``homes`` is imported from its module (a path
    relative to the package) when first asked for, then kept in the package; a name of ``parts`` is a subpackage."""
    parts = tuple(parts)

    def __getattr__(name: str) -> Any:
        if name in parts:
            return import_module(f".{name}", package)
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(homes[name], package), name)
        vars(sys.modules[package])[name] = value  # looked up once
        return value

    def __dir__() -> list[str]:
        module = sys.modules[package]
        return sorted({*vars(module), *getattr(module, "__all__", ()), *parts})

    return __getattr__, __dir__
