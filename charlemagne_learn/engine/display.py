"""Static HTML (and plain text) for engine objects: readable on GitHub and nbviewer, where no widget runs. The
engine objects' ``_repr_html_`` come here; the analysis results' pictures (bid odds, hints, reviews) are drawn by
:mod:`charlemagne_learn.analysis.shown` with the same pieces.

Suits are told apart by symbol as well as colour, and every card carries its spoken name
for screen readers.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from .bid_meaning import bid_meaning
from .cards import Card, Seat
from .i18n import Lang, card_face, card_label, lang_or_current, named, say, seat_word, word
from .palette import card_colour, colour
from .ranking import sort_hand
from .rules import Rules

if TYPE_CHECKING:
    from .contract import Contract
    from .game import Game
    from .hand import HandState, Phase, SeatView, Trick
    from .rules import BidSpec

__all__ = [
    "TEXT_WIDTH",
    "card_html",
    "cards_html",
    "column_head",
    "contract_html",
    "game_html",
    "hand_state_html",
    "heading_colon",
    "held_html",
    "rules_html",
    "ruling_html",
    "seat_view_html",
    "show",
    "text_table",
    "trick_html",
    "wrap_text",
]


def _phase(phase: Phase, lang: Lang) -> str:
    return phase.text(lang)


def heading_colon(lang: Lang) -> str:
    """The colon that ends a heading line: ":" in English, " :" in French."""
    return word("colon", lang).rstrip()


def column_head(name: str, lang: Lang) -> str:
    """The head of a table's column ``name``: the word keyed by the column's name, the same in every table that has
    the column (the bid box's, the cheat sheet's, a hint's)."""
    return say(name.replace(" ", "_"), lang)


# The static HTML has no stylesheet: it writes the widgets' palette inline, so both read alike in every theme.
_STYLE = (
    "display:inline-block;min-width:2.2em;padding:0.15em 0.3em;margin:0 0.12em;"
    f"border:1px solid {colour('card-edge')};border-radius:0.3em;background:{colour('card-face')};"
    "font-weight:600;text-align:center;font-family:sans-serif"
)


def card_html(card: Card, role: str = "", lang: str | None = None, *, four_colour: bool = False) -> str:
    """One card as the static pictures draw it, in the ink the widgets give it (:func:`palette.card_colour`)."""
    language = lang_or_current(lang)
    label = card_label(card, language) + (f", {named(role, language, 'role.')}" if role else "")
    ink = colour(card_colour(card, four_colour))
    return (
        f'<span role="img" aria-label="{escape(label)}" title="{escape(label)}" '
        f'style="{_STYLE};color:{ink}">{escape(card_face(card, language))}</span>'
    )


def cards_html(
    cards: Iterable[Card], contract: Contract | None = None, lang: str | None = None, *, four_colour: bool = False
) -> str:
    """Cards in the order given (a trick, a ruling's answer); a hand is sorted first (:func:`held_html`)."""
    language = lang_or_current(lang)
    parts = [
        card_html(c, contract.order.role[c.index] if contract else "", language, four_colour=four_colour) for c in cards
    ]
    if not parts:
        return f"<em>{say('display.no_cards', language)}</em>"
    return '<span class="cl-cardlist">' + "".join(parts) + "</span>"


def held_html(
    cards: Iterable[Card], by: Contract | Rules | None = None, lang: str | None = None, *, four_colour: bool = False
) -> str:
    """A hand as a player holds it, in the one order every widget shows it too (:func:`~.ranking.sort_hand`): by the
    contract, or before there is one by the rules."""
    contract = by if by is not None and not isinstance(by, Rules) else None
    return cards_html(sort_hand(cards, by), contract, lang, four_colour=four_colour)


def ruling_html(reason: str) -> str:
    return f'<p class="cl-ruling" style="font-family:sans-serif">{escape(reason)}</p>'


def contract_html(contract: Contract, lang: str | None = None) -> str:
    language = lang_or_current(lang)
    out = list(contract.sitting_out)
    sit = say("display.sits_out" if len(out) == 1 else "display.sit_out", language, seats=out) if out else ""
    about = say(
        "display.contract", language, title=f"title.{contract.rules.name}", trump=contract.trump_words(language),
        sit=sit,
    )  # fmt: skip
    return (
        f'<div class="cl-contract" style="font-family:sans-serif"><strong>{escape(contract.text(language))}</strong>'
        f" ({escape(about)})</div>"
    )


def _table_html(
    head: str,
    hands: dict[Seat, list[Card] | int],
    to_move: Seat | None,
    contract: Contract | None,
    tricks_won: dict[str, int],
    trick: list[tuple[Seat, Card]],
    reason: str | None,
    lang: Lang,
    rules: Rules,
    four_colour: bool = False,
) -> str:
    """A hand at the table, one row a seat, each hand as its player holds it (the widgets' order); a seat's cards
    given as a count are face down."""
    rows = []
    for seat, cards in hands.items():
        mark = say("display.to_move", lang) if to_move == seat else ""
        if isinstance(cards, int):
            shown = f"<em>{say('display.face_down', lang, n=cards)}</em>"
        else:
            shown = held_html(cards, contract if contract is not None else rules, lang, four_colour=four_colour)
        won = say("display.won", lang, n=tricks_won[seat.name]) if contract is not None else ""
        rows.append(
            f"<tr><th style='text-align:left;padding-right:0.6em'>{seat_word(seat, lang)}{mark}</th>"
            f"<td style='text-align:left'>{shown}</td><td>{won}</td></tr>"
        )
    so_far = ""
    if trick:
        played = " ".join(f"{seat_word(s, lang)} {card_html(c, '', lang, four_colour=four_colour)}" for s, c in trick)
        so_far = f"<p>{say('display.trick_so_far', lang)}{played}</p>"
    result = f"<p><strong>{escape(reason)}</strong></p>" if reason else ""
    return (
        f'<div class="cl-handstate" style="font-family:sans-serif"><p>{head}</p>'
        f"<table>{''.join(rows)}</table>{so_far}{result}</div>"
    )


def hand_state_html(state: HandState, lang: str | None = None, *, four_colour: bool = False) -> str:
    """Every hand face up: the teacher's view of the table."""
    language = lang_or_current(lang)
    hands: dict[Seat, list[Card] | int] = {seat: state.hand(seat) for seat in Seat}
    if state.to_move is not None:
        where = say("display.where", language, phase=_phase(state.phase, language), seat=state.to_move)
    else:
        where = _phase(state.phase, language)
    contract = f", {state.contract.text(language)}" if state.contract is not None else ""
    head = say(
        "display.hand_state", language, title=f"title.{state.rules.name}", dealer=state.dealer, where=where,
        contract=contract,
    )  # fmt: skip
    return _table_html(
        escape(head),
        hands,
        state.to_move,
        state.contract,
        state.tricks_won,
        state.trick,
        state.result.text(language) if state.result else None,
        language,
        state.rules,
        four_colour,
    )


def seat_view_html(view: SeatView, lang: str | None = None, *, four_colour: bool = False) -> str:
    """What one player sees: their own cards, the others' face down (unless shown to all)."""
    language = lang_or_current(lang)
    hands: dict[Seat, list[Card] | int] = {
        seat: view.hand if seat == view.seat else view.exposed.get(seat.name, view.hand_sizes[seat.name])
        for seat in Seat
    }
    won = {seat.name: sum(t.winner == seat for t in view.tricks) for seat in Seat}
    contract = f", {view.contract.text(language)}" if view.contract is not None else ""
    head = escape(say("display.sees", language, seat=view.seat, phase=_phase(view.phase, language), contract=contract))
    result = view.result.text(language) if view.result else None
    return _table_html(
        head, hands, view.to_move, view.contract, won, view.trick, result, language, view.rules, four_colour
    )


def trick_html(trick: Trick, lang: str | None = None) -> str:
    language = lang_or_current(lang)
    plays = "".join(
        f"<td style='padding:0 0.4em;text-align:center'>{seat_word(seat, language)}<br>{card_html(card, '', language)}</td>"
        for seat, card in zip(trick.seats, trick.cards, strict=True)
    )
    return (
        f'<div class="cl-trick" style="font-family:sans-serif"><table><tr>{plays}</tr></table>'
        f"<p>{escape(say('display.trick_wins', language, seat=trick.winner))}</p></div>"
    )


#: The columns of the rules' table: what a board in class shows of each bid (all of them are in the bid box).
_RULES_COLUMNS = ("bid", "who plays", "trump", "to make it", "made", "failed")


def _bid_row(rules: Rules, spec: BidSpec, lang: Lang) -> str:
    meaning = bid_meaning(rules, spec, lang)
    cells = "".join(f"<td style='text-align:left;padding:0 0.6em'>{escape(meaning[c])}</td>" for c in _RULES_COLUMNS)
    return f"<tr>{cells}</tr>"


def rules_html(rules: Rules, lang: str | None = None) -> str:
    """A rule system as a teacher would put it on the board: deck, deal, and the bid ladder."""
    language = lang_or_current(lang)
    kitty = (
        say("display.kitty", language, n=rules.kitty_size) if rules.kitty_size else say("display.no_kitty", language)
    )
    # the options as a teacher types them in course.json, the same in both languages
    options = "".join(f", {k}={v!r}" for k, v in rules.options().items())
    head = "".join(
        f"<th style='text-align:left;padding:0 0.6em'>{column_head(h, language)}</th>" for h in _RULES_COLUMNS
    )
    rows = "".join(_bid_row(rules, spec, language) for spec in rules.bids)
    about = say(
        "display.rules", language, options="", deck=rules.deck_size, hand=rules.hand_size, kitty=kitty,
        target=rules.target,
    )  # fmt: skip
    return (
        f'<div class="cl-rules" style="font-family:sans-serif"><p><strong>'
        f"{escape(word(f'title.{rules.name}', language))}</strong>"
        f"{escape(options)}{escape(about)}</p><table><tr>{head}</tr>{rows}</table>"
        f"<p>{say('display.bids_order', language)}</p></div>"
    )


def game_html(game: Game, lang: str | None = None) -> str:
    """The score sheet: one row per finished hand, with running totals."""
    language = lang_or_current(lang)
    totals = dict(game.starting_scores)
    rows = []
    if any(totals.values()):  # a game set up from a score: the running totals start there
        rows.append(
            f"<tr><td></td><td></td><td colspan='2'>{escape(say('display.game.start', language))}</td>"
            f"<td>{totals['NS']}</td><td>{totals['EW']}</td></tr>"
        )
    for number, hand in enumerate(game.finished, 1):
        result = hand.result
        assert result is not None
        for team in totals:
            totals[team] += result.points[team]
        contract = (
            result.contract.text(language) if result.contract is not None else say("display.all_passed", language)
        )
        rows.append(
            f"<tr><td>{number}</td><td>{seat_word(hand.dealer, language)}</td><td>{escape(contract)}</td>"
            f"<td>{escape(result.text(language))}</td><td>{totals['NS']}</td><td>{totals['EW']}</td></tr>"
        )
    heads = [say(k, language) for k in ("display.game.hand", "dealer", "contract", "display.game.what")] + ["NS", "EW"]
    head = "".join(f"<th style='text-align:left'>{h}</th>" for h in heads)
    if game.winner:
        state = say("display.won_by", language, team=game.winner)
    else:
        state = say("display.in_play", language, n=len(game.finished) + 1)
    return (
        f'<div class="cl-game" style="font-family:sans-serif"><p><strong>'
        f"{escape(word(f'title.{game.rules.name}', language))}</strong>, "
        f"{escape(say('display.game', language, target=game.rules.target, state=state))}</p>"
        f"<table style='text-align:left'><tr>{head}</tr>{''.join(rows)}</table></div>"
    )


# ---------------------------------------------------------------- plain text (saved notebooks, terminals, print)
#: The widest line of text a table or a heading prints: it fits a notebook's output at its usual width, where
#: JupyterLab breaks a longer line anywhere, even inside a word.
TEXT_WIDTH = 78


#: The space French writes before a colon, a semicolon, a question or an exclamation mark: never a line's break
#: (a colon alone at the start of a line), held together while the text is wrapped.
_BEFORE_HIGH_MARK = re.compile(r" (?=[:;?!](?:\s|$))")


def wrap_text(text: str, width: int = TEXT_WIDTH, indent: str = "") -> str:
    """``text`` in lines of at most ``width`` characters, broken between words only (a word longer than a line
    stays whole, a French colon stays with its word); lines after the first start with ``indent``.

    >>> wrap_text("les cartes que Nord ne voit pas :", width=31)
    'les cartes que Nord ne voit\\npas :'
    """
    if len(text) <= width:
        return text
    # a private-use character for the held space (textwrap breaks at ASCII whitespace only; no text holds it)
    held = _BEFORE_HIGH_MARK.sub("\ue000", text)
    wrapped = textwrap.fill(held, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    return wrapped.replace("\ue000", " ")


def text_table(
    heads: Sequence[str], rows: Iterable[Sequence[str]], right: Sequence[bool] = (), width: int = TEXT_WIDTH
) -> str:
    """Rows of text under their heads, each column as wide as its widest cell (numbers aligned right). A last column
    of text (a reason) that would make a line wider than ``width`` wraps between its words, under itself, so no word
    is ever broken by the notebook."""
    table = [list(heads), *(list(r) for r in rows)]
    widths = [max(len(r[i]) for r in table) for i in range(len(heads))]
    last = len(heads) - 1
    start = sum(widths[:last]) + 2 * last
    wrap_last = last > 0 and not (last < len(right) and right[last]) and start + widths[last] > width
    room = max(width - start, 16)
    lines = []
    for r in table:
        cells = [
            cell.rjust(w) if i < len(right) and right[i] else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(r, widths, strict=True))
        ]
        if wrap_last:
            pieces = textwrap.wrap(r[last], room, break_long_words=False, break_on_hyphens=False) or [""]
            lines.append("  ".join([*cells[:last], pieces[0]]).rstrip())
            lines += [" " * start + piece for piece in pieces[1:]]
        else:
            lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


# ---------------------------------------------------------------- the one seam
def _ruling_picture(ruling: Any, lang: str | None) -> str:
    from .cards import CardList

    if isinstance(ruling.answer, CardList):
        # legal plays: the cards themselves first, so the picture answers before the reason explains
        return f'<div class="cl-ruling-cards">{cards_html(ruling.answer, lang=lang)}</div>{ruling_html(ruling.reason)}'
    return ruling_html(ruling.reason)


#: Each engine object's picture, by its class's name (the classes import this module lazily, when first drawn,
#: so it names them rather than importing them).
_PICTURES: dict[str, Callable[[Any, str | None], str]] = {
    "Card": lambda card, lang: cards_html([card], lang=lang),
    "CardList": lambda cards, lang: cards_html(cards, lang=lang),
    "Contract": contract_html,
    "Trick": trick_html,
    "SeatView": seat_view_html,
    "HandState": hand_state_html,
    "Rules": rules_html,
    "Game": game_html,
    "Ruling": _ruling_picture,
}


def show(thing: object, lang: str | None = None) -> str:
    """The HTML an engine object shows in a notebook (its ``_repr_html_``, which calls this and nothing else), in
    ``lang`` (the current language by default): the one place the engine's objects are drawn."""
    for kind in type(thing).__mro__:
        picture = _PICTURES.get(kind.__name__)
        if picture is not None:
            return picture(thing, lang)
    raise TypeError(f"no picture for {type(thing).__name__}")
