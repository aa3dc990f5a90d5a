"""Static HTML for engine objects: readable on GitHub and nbviewer, where no widget runs.

Suits are told apart by symbol as well as colour, and every card carries its spoken name
for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from .bid_meaning import bid_meaning
from .cards import Card, Seat
from .palette import colour

if TYPE_CHECKING:
    from .analysis.hints import Hint, Review
    from .analysis.odds import BidOdds
    from .contract import Contract
    from .game import Game
    from .hand import HandState, SeatView, Trick
    from .rules import BidSpec, Rules

__all__ = [
    "bid_odds_html",
    "cards_html",
    "contract_html",
    "game_html",
    "hand_state_html",
    "hint_html",
    "review_html",
    "rules_html",
    "ruling_html",
    "seat_view_html",
    "trick_html",
]

# The static HTML has no stylesheet: it writes the widgets' palette inline, so both read alike in every theme.
_STYLE = (
    "display:inline-block;min-width:2.2em;padding:0.15em 0.3em;margin:0 0.12em;"
    f"border:1px solid {colour('card-edge')};border-radius:0.3em;background:{colour('card-face')};"
    "font-weight:600;text-align:center;font-family:sans-serif"
)


def _colour(card: Card) -> str:
    return colour("card-red") if card.is_red else colour("card-ink")


def card_html(card: Card, role: str = "") -> str:
    label = card.name + (f", {role}" if role else "")
    return (
        f'<span role="img" aria-label="{escape(label)}" title="{escape(label)}" '
        f'style="{_STYLE};color:{_colour(card)}">{escape(str(card))}</span>'
    )


def cards_html(cards: Iterable[Card], contract: Contract | None = None) -> str:
    parts = [card_html(c, contract.order.role[c.index] if contract else "") for c in cards]
    return '<span class="cl-cardlist">' + "".join(parts) + "</span>" if parts else "<em>no cards</em>"


def ruling_html(reason: str) -> str:
    return f'<p class="cl-ruling" style="font-family:sans-serif">{escape(reason)}</p>'


def contract_html(contract: Contract) -> str:
    out = contract.sitting_out
    sit = f"; {', '.join(s.word for s in out)} sit{'s' if len(out) == 1 else ''} out" if out else ""
    return (
        f'<div class="cl-contract" style="font-family:sans-serif"><strong>{escape(str(contract))}</strong>'
        f" ({escape(contract.rules.title)}; trump: {escape(contract.trump_text)}{sit})</div>"
    )


def _table_html(
    head: str,
    hands: dict[Seat, list[Card] | int],
    to_move: Seat | None,
    contract: Contract | None,
    tricks_won: dict[str, int],
    trick: list[tuple[Seat, Card]],
    reason: str | None,
) -> str:
    """A hand at the table, one row a seat; a seat's cards given as a count are face down."""
    rows = []
    for seat, cards in hands.items():
        mark = " ◀ to move" if to_move == seat else ""
        shown = (
            f"<em>{cards} card{'s' if cards != 1 else ''} face down</em>"
            if isinstance(cards, int)
            else cards_html(cards, contract)
        )
        won = f" — {tricks_won[seat.name]} trick(s)" if contract is not None else ""
        rows.append(
            f"<tr><th style='text-align:left;padding-right:0.6em'>{seat.word}{mark}</th>"
            f"<td style='text-align:left'>{shown}</td><td>{won}</td></tr>"
        )
    so_far = ""
    if trick:
        so_far = "<p>Trick so far: " + " ".join(f"{s.word} {card_html(c)}" for s, c in trick) + "</p>"
    result = f"<p><strong>{escape(reason)}</strong></p>" if reason else ""
    return (
        f'<div class="cl-handstate" style="font-family:sans-serif"><p>{head}</p>'
        f"<table>{''.join(rows)}</table>{so_far}{result}</div>"
    )


def hand_state_html(state: HandState) -> str:
    """Every hand face up: the teacher's view of the table."""
    hands: dict[Seat, list[Card] | int] = {seat: state.hand(seat) for seat in Seat}
    return _table_html(
        escape(repr(state)[1:-1]),
        hands,
        state.to_move,
        state.contract,
        state.tricks_won,
        state.trick,
        state.result.reason if state.result else None,
    )


def seat_view_html(view: SeatView) -> str:
    """What one player sees: their own cards, the others' face down (unless shown to all)."""
    hands: dict[Seat, list[Card] | int] = {
        seat: view.hand if seat == view.seat else view.exposed.get(seat.name, view.hand_sizes[seat.name])
        for seat in Seat
    }
    won = {seat.name: sum(t.winner == seat for t in view.tricks) for seat in Seat}
    contract = f", {escape(str(view.contract))}" if view.contract is not None else ""
    head = f"What {view.seat.word} sees ({view.phase.value}{contract})"
    return _table_html(
        head, hands, view.to_move, view.contract, won, view.trick, view.result.reason if view.result else None
    )


def trick_html(trick: Trick) -> str:
    plays = "".join(
        f"<td style='padding:0 0.4em;text-align:center'>{seat.word}<br>{card_html(card)}</td>"
        for seat, card in zip(trick.seats, trick.cards, strict=True)
    )
    return (
        f'<div class="cl-trick" style="font-family:sans-serif"><table><tr>{plays}</tr></table>'
        f"<p>{escape(trick.winner.word)} wins the trick.</p></div>"
    )


#: The columns of the rules' table: what a board in class shows of each bid (all of them are in the bid box).
_RULES_COLUMNS = ("bid", "who plays", "trump", "to make it", "made", "failed")


def _bid_row(rules: Rules, spec: BidSpec) -> str:
    meaning = bid_meaning(rules, spec)
    cells = "".join(f"<td style='text-align:left;padding:0 0.6em'>{escape(meaning[c])}</td>" for c in _RULES_COLUMNS)
    return f"<tr>{cells}</tr>"


def rules_html(rules: Rules) -> str:
    """A rule system as a teacher would put it on the board: deck, deal, and the bid ladder."""
    kitty = f", kitty of {rules.kitty_size}" if rules.kitty_size else ", no kitty"
    options = "".join(f", {k}={v!r}" for k, v in rules.options().items())
    head = "".join(f"<th style='text-align:left;padding:0 0.6em'>{h}</th>" for h in _RULES_COLUMNS)
    rows = "".join(_bid_row(rules, spec) for spec in rules.bids)
    return (
        f'<div class="cl-rules" style="font-family:sans-serif"><p><strong>{escape(rules.title)}</strong>'
        f"{escape(options)}: {rules.deck_size} cards, {rules.hand_size} to each player{kitty}; "
        f"game to {rules.target}.</p><table><tr>{head}</tr>{rows}</table>"
        f"<p>Bids from lowest to highest.</p></div>"
    )


def game_html(game: Game) -> str:
    """The score sheet: one row per finished hand, with running totals."""
    totals = {"NS": 0, "EW": 0}
    rows = []
    for number, hand in enumerate(game.finished, 1):
        result = hand.result
        assert result is not None
        for team in totals:
            totals[team] += result.points[team]
        contract = str(result.contract) if result.contract is not None else "all passed"
        rows.append(
            f"<tr><td>{number}</td><td>{hand.dealer.word}</td><td>{escape(contract)}</td>"
            f"<td>{escape(result.reason)}</td><td>{totals['NS']}</td><td>{totals['EW']}</td></tr>"
        )
    head = "".join(
        f"<th style='text-align:left'>{h}</th>" for h in ("hand", "dealer", "contract", "what happened", "NS", "EW")
    )
    state = f"won by {game.winner}" if game.winner else f"hand {len(game.finished) + 1} in play"
    return (
        f'<div class="cl-game" style="font-family:sans-serif"><p><strong>{escape(game.rules.title)}</strong>, '
        f"game to {game.rules.target}: {state}.</p>"
        f"<table style='text-align:left'><tr>{head}</tr>{''.join(rows)}</table></div>"
    )


def bid_odds_html(odds: BidOdds) -> str:
    """Each bid's chance as a bar with its 95% interval drawn as a whisker, plus how it was played."""
    how = "perfect play (double dummy)" if odds.method == "double_dummy" else "the greedy bots' play"
    rows = []
    for chance in odds:
        p = chance.probability
        low, high = chance.interval
        bar = (
            f"<div style='position:relative;width:10em;height:0.9em;background:{colour('line-soft')};"
            f"border-radius:2px'><div style='width:{p * 100:.1f}%;height:100%;background:{colour('accent')};"
            f"border-radius:2px'></div><div style='position:absolute;top:40%;left:{low * 100:.1f}%;"
            f"width:{(high - low) * 100:.1f}%;height:20%;background:{colour('ink')}'></div></div>"
        )
        points = "decides the game" if chance.expected_points is None else f"{chance.expected_points:+.1f}"
        rows.append(
            f"<tr><th style='text-align:left'>{escape(chance.label)}</th>"
            f"<td style='text-align:right'>{p:.0%}</td><td>{bar}</td>"
            f"<td>{low:.0%}–{high:.0%}</td><td style='text-align:right'>{points}</td>"
            f"<td style='text-align:left'>{escape(chance.how)}</td></tr>"
        )
    head = (
        f"<p>{escape(odds.seat.word)} holds {cards_html(odds.hand)} — {escape(odds.rules.title)}, "
        f"{odds.samples} deals of the unseen cards (seed {odds.seed}), {how}.</p>"
    )
    return (
        f'<div class="cl-bidodds" style="font-family:sans-serif">{head}<table><tr><th>bid</th><th>makes it</th>'
        f"<th></th><th>95% interval</th><th>points per hand</th><th>played as</th></tr>{''.join(rows)}</table></div>"
    )


def _grade_html(grade: str) -> str:
    # Grades by colour (the palette's, safe for colour-blind readers) and always by word too.
    return (
        f"<span style='padding:0 0.4em;border-radius:0.3em;color:{colour('chip-ink')};"
        f"background:{colour('grade-' + grade)}'>{escape(grade)}</span>"
    )


def hint_html(hint: Hint) -> str:
    """Each choice with its points, chance, grade and reason, best first."""
    rows = []
    for c in hint.choices:
        made = "" if c.made is None else f"{c.made:.0%}"
        rows.append(
            f"<tr><td style='text-align:left'>{escape(str(c.action))}</td>"
            f"<td style='text-align:right'>{c.points:+.2f}</td><td style='text-align:right'>{made}</td>"
            f"<td>{_grade_html(c.grade)}</td><td style='text-align:left'>{escape(c.reason)}</td></tr>"
        )
    return (
        f'<div class="cl-hint" style="font-family:sans-serif"><p>{escape(hint.seat.word)}\'s choices '
        f"({hint.phase.value}), judged over {hint.samples} deals of the cards {escape(hint.seat.word)} "
        f"cannot see:</p><table><tr><th>choice</th><th>points</th><th>made</th><th>grade</th><th>why</th></tr>"
        f"{''.join(rows)}</table></div>"
    )


def review_html(review: Review) -> str:
    """The reviewed seat's decisions in order, each with its grade and the best choice."""
    rows = []
    for line in review.lines:
        better = "" if line.best == line.action else escape(str(line.best))
        rows.append(
            f"<tr><td>{line.move + 1}</td><td>{line.phase.value}</td><td>{escape(str(line.action))}</td>"
            f"<td>{_grade_html(line.grade)}</td><td>{better}</td>"
            f"<td style='text-align:left'>{escape(line.reason)}</td></tr>"
        )
    return (
        f'<div class="cl-review" style="font-family:sans-serif"><p>Review of {escape(review.seat.word)}\'s '
        f"decisions</p><table><tr><th>move</th><th>phase</th><th>chose</th><th>grade</th><th>better</th>"
        f"<th>why</th></tr>{''.join(rows)}</table></div>"
    )


# ---------------------------------------------------------------- plain text (saved notebooks, terminals, print)
def text_table(heads: Sequence[str], rows: Iterable[Sequence[str]], right: Sequence[bool] = ()) -> str:
    """Rows of text under their heads, each column as wide as its widest cell (numbers aligned right)."""
    table = [list(heads), *(list(r) for r in rows)]
    widths = [max(len(r[i]) for r in table) for i in range(len(heads))]
    lines = []
    for r in table:
        cells = [
            cell.rjust(width) if i < len(right) and right[i] else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def bid_odds_text(odds: BidOdds) -> str:
    """Every number of :func:`bid_odds_html`, as text."""
    how = "perfect play (double dummy)" if odds.method == "double_dummy" else "the greedy bots' play"
    rows = []
    for chance in odds:
        low, high = chance.interval
        points = "decides the game" if chance.expected_points is None else f"{chance.expected_points:+.1f}"
        rows.append([chance.label, f"{chance.probability:.0%}", f"{low:.0%}–{high:.0%}", points, chance.how])
    head = (
        f"{odds.seat.word} holds {odds.hand} — {odds.rules.title}, {odds.samples} deals of the unseen cards "
        f"(seed {odds.seed}), {how}:"
    )
    table = text_table(
        ["bid", "makes it", "95% interval", "points per hand", "played as"], rows, (False, True, False, True)
    )
    return f"{head}\n{table}"


def hint_text(hint: Hint) -> str:
    rows = [
        [str(c.action), f"{c.points:+.2f}", "" if c.made is None else f"{c.made:.0%}", c.grade, c.reason]
        for c in hint.choices
    ]
    head = (
        f"{hint.seat.word}'s choices ({hint.phase.value}), judged over {hint.samples} deals of the cards "
        f"{hint.seat.word} cannot see:"
    )
    return f"{head}\n{text_table(['choice', 'points', 'made', 'grade', 'why'], rows, (False, True, True))}"


def review_text(review: Review) -> str:
    rows = [
        [str(line.move + 1), line.phase.value, str(line.action), line.grade,
         "" if line.best == line.action else str(line.best), line.reason]
        for line in review.lines
    ]  # fmt: skip
    if not rows:
        return f"Review of {review.seat.word}'s decisions: none to grade."
    table = text_table(["move", "phase", "chose", "grade", "better", "why"], rows, (True,))
    return f"Review of {review.seat.word}'s decisions:\n{table}"
