"""What every widget shares: its front-end files, language, four-colour deck, the message shown after a
refused click, a stable ``repr`` and a static HTML fallback.

The front-end lives in the repository's top-level ``widgets/`` folder as plain ES modules and CSS, read
here with :mod:`pathlib` (a wheel carries a copy inside the package). A widget's module is
``common.js`` followed by its own file, so every widget draws cards and seats the same way without a
build step. The front-end only displays what Python sends and reports clicks: every rule, label and
reason comes from the engine.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..cards import Card
from ..contract import Contract
from ..ranking import card_order
from .i18n import Lang, card_label, check_lang, word

__all__ = ["GameWidget", "asset", "card_id", "card_view"]

_PACKAGED = Path(__file__).with_name("_static")
_SOURCE = Path(__file__).resolve().parents[2] / "widgets"


@cache
def asset(name: str) -> str:
    """The text of one front-end file: from the package (an installed wheel) or the source tree."""
    for folder in (_PACKAGED, _SOURCE):
        path = folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"widget asset {name!r} is missing from {_PACKAGED} and {_SOURCE}")


_RANK_CODES = ("7", "8", "9", "10", "J", "Q", "K", "A")


def card_id(card: Card) -> str:
    """The card in plain ASCII, as ``Card.parse`` reads it and the front-end reports it: ``"JD"``, ``"RJ"``."""
    if card.index >= 32:
        return "RJ" if card.index == 32 else "BJ"
    return _RANK_CODES[card.index % 8] + "CDHS"[card.index // 8]


def card_view(card: Card, lang: Lang = "en", contract: Contract | None = None, **extra: Any) -> dict[str, Any]:
    """One card as the front-end draws it: its text, colour class, spoken label and any extra fields."""
    role = card_order(contract.rules, contract.trump).role[card.index] if contract is not None else ""
    suit = "J" if card.index >= 32 else "CDHS"[card.index // 8]
    return {
        "id": card_id(card),
        "text": str(card),
        "suit": suit,
        "label": card_label(card, lang, role),
        "role": word(role, lang) if role else "",
        **extra,
    }


class GameWidget(anywidget.AnyWidget):
    """Base class of the course's widgets; subclasses set ``_module`` to their front-end file's stem."""

    _module = ""
    lang = t.Unicode("en").tag(sync=True)
    #: Four-colour deck: clubs green and diamonds blue, so no two suits share a colour.
    four_colour = t.Bool(False).tag(sync=True)
    #: Why the last click was refused (empty when it was not); shown in the widget, changes nothing else.
    message = t.Unicode("").tag(sync=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Only where a widget class names its module: anywidget subclasses each instance's class again to add
        # the synced _esm/_css traits, and those must not be overwritten by plain text.
        if "_module" in cls.__dict__:
            cls._esm = asset("common.js") + "\n" + asset(f"{cls._module}.js")
            cls._css = asset("common.css") + "\n" + asset(f"{cls._module}.css")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every message from the page comes here. A click the engine refuses — or a stale one, sent before the
        page caught up — puts the reason in :attr:`message` and changes nothing else."""
        if not isinstance(content, dict):
            return
        try:
            self._on_click(content)
        except ValueError as exc:
            self.message = self._refusal(exc)

    def _on_click(self, content: dict[str, Any]) -> None:
        """What this widget does with one message from its page (``content["type"]`` says which)."""

    def _refusal(self, exc: ValueError) -> str:
        """The words shown for a refused click."""
        return str(exc)

    @t.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        return check_lang(proposal["value"])

    @property
    def _lang(self) -> Lang:
        return check_lang(self.lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # Where no widget runs (GitHub, nbviewer, exported HTML) the static picture stands in.
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self._static_html()
        return data

    def _static_html(self) -> str:
        raise NotImplementedError
