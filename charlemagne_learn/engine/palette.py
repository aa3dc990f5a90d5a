"""The colours of the widgets and of the static HTML, defined once.

Every colour outside a card follows the notebook's theme: it is one of JupyterLab's theme variables
(``--jp-content-font-color1``, ``--jp-layout-color0``, …) or a mix of them, with a light-theme fallback where
no JupyterLab runs (nbviewer, exported HTML). The widgets' CSS reads them as ``var(--cl-<name>)`` (the block
:func:`palette_css` puts first in every widget's stylesheet); the static HTML, which has no stylesheet of its
own, writes the same value inline through :func:`colour`. Cards keep a card's colours in every theme: a white
face with red and black suits.

>>> colour("ink")
'var(--jp-content-font-color1, #111)'
>>> colour("ink-muted")
'color-mix(in srgb, var(--jp-content-font-color1, #111) 78%, transparent)'

A card's ink is decided once too, by :func:`card_colour`, for the static HTML and every widget alike:

>>> from charlemagne_learn.engine.cards import Card
>>> [card_colour(Card.parse(c)) for c in ("RJ", "BJ", "JD")], card_colour(Card.parse("JD"), four_colour=True)
(['card-red', 'card-ink', 'card-red'], 'card-blue')
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

# The package's build reads this file alone, with the standard library only, for the palette's block of every
# widget's style sheet (hatch_build.py): the cards are named here for the type checker alone.
if TYPE_CHECKING:
    from .cards import Card, Suit

__all__ = ["PALETTE", "card_colour", "colour", "palette_css", "suit_colour"]

#: name → CSS colour; ``{name}`` stands for another entry (a ``var(--cl-name)`` in the stylesheet).
PALETTE: dict[str, str] = {
    # text on the page and on every panel below; muted text stays readable because it is the same ink, thinned
    "ink": "var(--jp-content-font-color1, #111)",
    "ink-muted": "color-mix(in srgb, {ink} 78%, transparent)",
    # backgrounds: the page, a panel set a little apart from it, a pressed or highlighted control
    "surface": "var(--jp-layout-color0, #fff)",
    "panel": "color-mix(in srgb, {ink} 5%, {surface})",
    "felt": "color-mix(in srgb, var(--jp-success-color1, #388e3c) 14%, {surface})",
    "line": "var(--jp-border-color1, #999)",
    "line-soft": "var(--jp-border-color2, #ddd)",
    # the one accent (focus rings, selected and legal controls), its text and its solid buttons
    "accent": "var(--jp-brand-color1, #0072b2)",
    "accent-ink": "var(--jp-content-link-color, #004d7a)",
    "accent-soft": "color-mix(in srgb, {accent} 18%, {surface})",
    "accent-fill": "var(--jp-brand-color0, #005a8c)",
    "on-accent": "#fff",
    "warn": "var(--jp-warn-color1, #d55e00)",
    "warn-soft": "color-mix(in srgb, {warn} 14%, {surface})",
    "good": "var(--jp-success-color1, #009e73)",
    "good-soft": "color-mix(in srgb, {good} 14%, {surface})",
    # a card looks like a card in every theme
    "card-face": "#fff",
    "card-edge": "#777",
    "card-ink": "#111",
    "card-red": "#c00000",
    "card-blue": "#0057b8",
    "card-green": "#176f17",
    "card-joker": "#fff8e0",
    # a card or bid that may not be chosen: greyed face (faded text would be unreadable); one under the pointer
    "card-off": "#ececec",
    "card-hover": "#e3f0fb",
    "card-back": "#2f5d8a",
    "card-back-stripe": "#5b8bbd",
    # the fixed-colour chips (grades, badges) carry their own dark or white text
    "chip-ink": "#000",
    # grades, best to blunder: Okabe-Ito colours (safe for colour-blind readers), each at least 5:1 with chip-ink
    "grade-best": "#009e73",
    "grade-good": "#56b4e9",
    "grade-inaccuracy": "#e69f00",
    "grade-mistake": "#d55e00",
    "grade-blunder": "#cc79a7",
}

_REFERENCE = re.compile(r"\{([a-z-]+)\}")


@cache
def colour(name: str) -> str:
    """The CSS value of one palette colour, with every reference resolved: for inline styles."""
    return _REFERENCE.sub(lambda m: colour(m.group(1)), PALETTE[name])


def _as_var(match: re.Match[str]) -> str:
    return f"var(--cl-{match.group(1)})"


@cache
def palette_css() -> str:
    """The palette as custom properties on every widget's root (``.cl-widget``) and the static HTML's (``.cl-static``)."""
    lines = [f"  --cl-{name}: {_REFERENCE.sub(_as_var, value)};" for name, value in PALETTE.items()]
    return "/* The palette (charlemagne_learn/engine/palette.py): theme colours, cards stay cards. */\n" + (
        ".cl-widget, .cl-static {\n" + "\n".join(lines) + "\n  color: var(--cl-ink);\n}\n"
    )


#: The ink of each suit (clubs, diamonds, hearts, spades): red and black, or with ``four_colour`` every suit its
#: own (diamonds blue, clubs green), as four-colour decks print them.
_SUIT_INK = ("card-ink", "card-red", "card-red", "card-ink")
_SUIT_INK_FOUR = ("card-green", "card-blue", "card-red", "card-ink")


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The palette colour a suit's symbol is printed in (its name in :data:`PALETTE`)."""
    return (_SUIT_INK_FOUR if four_colour else _SUIT_INK)[suit]


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The palette colour a card's face is printed in: its suit's (:func:`suit_colour`), the red joker red and the
    black joker black. A joker's colour is its name, whichever one the house rule ``high_joker`` makes high: the
    rule decides its rank and its role ("high joker"), never its ink. The static HTML and every widget colour a
    card with this, so a card reads the same in both."""
    if card.suit is None:
        return "card-red" if card.is_red else "card-ink"
    return suit_colour(card.suit, four_colour)
