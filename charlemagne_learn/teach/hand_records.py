"""Hand records for real cards, as bridge clubs print them for duplicate play.

Boards are dealt from a seed. Each board has its dealer (North, East, South, West in turn, from board 1),
the four hands and the kitty, what every bid makes double dummy for every seat, and the bid odds of the
first bidder's hand. Every table of a class deals the same boards from the printed record, plays them,
and writes its result on the board's traveller (the score sheet at the end); comparing the tables' scores
on the same cards takes the luck of the deal out (:func:`matchpoints`).

>>> records = hand_records(boards=1, seed=1, rules="canadian", odds_samples=20)
>>> board = records.boards[0]
>>> board.dealer.word, board.first_bidder.word, len(board.kitty), sum(map(len, board.hands))
('North', 'East', 2, 32)
>>> records.to_html().count('class="board"'), records.to_html().count('class="traveller"')
(1, 1)

From a shell (``.pdf`` is printed by Chromium; ``.html`` prints from any browser)::

    python -m charlemagne_learn.teach.hand_records records.pdf --boards 16 --seed 1 --tables 5
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..analysis.odds import BidOdds, bid_odds, deal_outcomes, numeric_play, trump_tricks
from ..cards import Card, CardList, Seat, Suit
from ..checks import whole_number
from ..course import rules_for
from ..deal import cards_of, deal_hands
from ..errors import RulesOptionError
from ..rng import check_seed, derive_seed
from ..rules import Rules
from .printing import write_page

__all__ = ["Board", "HandRecords", "hand_records", "matchpoints"]

#: Boards a record may hold: a club session is 16 to 36; more is a book.
MAX_BOARDS = 64
#: Deals of the unseen cards behind each board's bid odds.
ODDS_SAMPLES = 200
_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)  # as bridge records list them: the colours alternate


@dataclass(frozen=True)
class Board:
    """One board: the deal, and what the engine works out about it."""

    number: int
    dealer: Seat
    #: ``deal_hands(rules, dealer, seed)`` deals it again.
    seed: int
    hands: tuple[CardList, ...]
    kitty: CardList
    #: Per seat as bidder: the tricks its side takes double dummy in the lowest numeric bid, per trump
    #: (``None`` for no-trump where the bids allow it), after that bid's exchange.
    tricks: dict[Seat, dict[Suit | None, int]]
    #: Per seat as bidder: for each bid of the ladder, whether it is makeable double dummy (played its best way).
    makes: dict[Seat, dict[str, bool]]
    #: Per seat as bidder, a numeric bid as the engine plays it: the trump named and the tricks taken.
    plays: dict[Seat, tuple[Suit | None, int]]
    #: The first bidder's odds: every bid, over deals of the cards that seat cannot see.
    odds: BidOdds

    @property
    def first_bidder(self) -> Seat:
        return self.dealer.left


def _board(rules: Rules, seed: int, number: int, samples: int) -> Board:
    dealer = _SEATS[(number - 1) % 4]
    deal_seed = derive_seed(seed, number)
    hands, kitty = deal_hands(rules, dealer, deal_seed)
    tricks = {seat: trump_tricks(rules, hands, kitty, seat) for seat in _SEATS}
    makes = {
        seat: {bid: any(made for _, _, made in ways) for bid, ways in deal_outcomes(rules, hands, kitty, seat).items()}
        for seat in _SEATS
    }
    plays = {seat: numeric_play(rules, hands, kitty, seat) for seat in _SEATS}
    first = dealer.left
    odds = bid_odds(rules, cards_of(hands[first]), seat=first, dealer=dealer, samples=samples, seed=deal_seed)
    dealt = tuple(cards_of(h) for h in hands)
    return Board(number, dealer, deal_seed, dealt, cards_of(kitty), tricks, makes, plays, odds)


def matchpoints(nets: Sequence[float | None]) -> list[float | None]:
    """One board's matchpoints for North–South at each table, from their net scores there (their points minus
    East–West's; None where the board was not played): 2 for every other table they beat, 1 for every tie.
    East–West's at a table are the top (2 × (tables − 1)) minus North–South's.

    >>> matchpoints([6, -8, 6, 0, None])
    [5.0, 0.0, 5.0, 2.0, None]
    """
    played = [n for n in nets if n is not None]
    out: list[float | None] = []
    for net in nets:
        if net is None:
            out.append(None)
            continue
        beaten = sum(1 for other in played if other < net)
        tied = sum(1 for other in played if other == net) - 1
        out.append(float(2 * beaten + tied))
    return out


# ---------------------------------------------------------------- the page
_CSS = """
@page { size: A4; margin: 10mm; }
body { font-family: system-ui, "DejaVu Sans", sans-serif; color: #111; background: #fff; font-size: 9.5pt;
       margin: 0; }
h1 { font-size: 15pt; margin: 0 0 2mm; }
.intro { margin: 0 0 3mm; max-width: 185mm; }
.board { break-inside: avoid; page-break-inside: avoid; border-top: 1.5px solid #333; padding: 2mm 0 3mm;
         display: grid; grid-template-columns: 78mm 1fr; column-gap: 5mm; }
.board h2 { grid-column: 1 / 3; font-size: 12pt; margin: 0 0 1.5mm; }
.compass { display: grid; grid-template-columns: repeat(3, 26mm); grid-template-rows: auto auto auto;
           row-gap: 1mm; align-items: center; }
.hand { font-size: 9.5pt; line-height: 1.25; }
.hand b { display: block; font-size: 9pt; }
.north { grid-column: 2; grid-row: 1; } .west { grid-column: 1; grid-row: 2; }
.east { grid-column: 3; grid-row: 2; } .south { grid-column: 2; grid-row: 3; }
.centre { grid-column: 2; grid-row: 2; border: 1px solid #888; border-radius: 2mm; padding: 1.5mm;
          text-align: center; font-size: 8.5pt; }
table { border-collapse: collapse; margin: 0 0 1.5mm; }
th, td { border: 1px solid #999; padding: 0.4mm 1.3mm; text-align: center; font-size: 8.5pt; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-size: 8.5pt; font-weight: 600; padding-bottom: 0.5mm; }
.cap { font-size: 8.5pt; font-weight: 600; margin: 0 0 0.5mm; }
.red { color: #c00000; }
.note { font-size: 8pt; color: #333; margin: 0; }
.sheet { break-before: page; page-break-before: always; }
.traveller { break-inside: avoid; page-break-inside: avoid; margin-bottom: 5mm; }
.traveller td { height: 6.5mm; }
.traveller th { font-size: 8pt; }
"""


def _suit_text(suit: Suit, page: bool) -> str:
    return f'<span class="red">{suit.symbol}</span>' if page and suit in (Suit.H, Suit.D) else suit.symbol


def _hand_lines(cards: CardList, page: bool) -> str:
    """A hand as bridge records print one: a line a suit, high to low, then the jokers."""
    lines = []
    for suit in _SUIT_ORDER:
        ranks = sorted((c for c in cards if c.suit == suit), key=lambda c: -int(c.rank or 0))
        lines.append(f"{_suit_text(suit, page)} {' '.join(str(c.rank) for c in ranks) or '—'}")
    jokers = [str(c) for c in cards if c.is_joker]
    if jokers:
        lines.append("jokers " + " ".join(jokers))
    return "<br>".join(lines)


def _cards(cards: Sequence[Card], page: bool) -> str:
    out = []
    for c in cards:
        text = escape(str(c))
        out.append(f'<span class="red">{text}</span>' if page and c.is_red else text)
    return " ".join(out)


def _trump_head(trump: Suit | None, page: bool) -> str:
    return "NT" if trump is None else _suit_text(trump, page)


def _board_html(rules: Rules, board: Board, page: bool) -> str:
    hands = "".join(
        f'<div class="hand {seat.word.lower()}"><b>{seat.word}{" (dealer)" if seat == board.dealer else ""}</b>'
        f"{_hand_lines(board.hands[seat], page)}</div>"
        for seat in _SEATS
    )
    centre = f'<div class="centre">Board {board.number}<br>kitty<br>{_cards(board.kitty, page) or "none"}</div>'
    trumps = list(board.tricks[Seat.N])
    dd_rows = "".join(
        f"<tr><td>{seat.word}</td>" + "".join(f"<td>{board.tricks[seat][t]}</td>" for t in trumps) + "</tr>"
        for seat in _SEATS
    )
    lowest = next(b for b in rules.bids if b.name.isdigit())
    dd = (
        f'<p class="cap">Tricks the bidder\'s side takes in a bid of {escape(lowest.label)}, by trump</p>'
        f"<table><tr><th>bidder</th>{''.join(f'<th>{_trump_head(t, page)}</th>' for t in trumps)}</tr>{dd_rows}</table>"
    )
    odds = {c.bid: c for c in board.odds}
    first = board.first_bidder
    bid_heads = "".join(f"<th>{escape(b.label)}</th>" for b in rules.bids)
    make_rows = "".join(
        f"<tr><td>{seat.word}</td><td>{_trump_head(board.plays[seat][0], page)} {board.plays[seat][1]}</td>"
        + "".join(f"<td>{'✓' if board.makes[seat][b.name] else '·'}</td>" for b in rules.bids)
        + "</tr>"
        for seat in _SEATS
    )
    odds_row = (
        f"<tr><td>{first.word}'s odds</td><td></td>"
        + "".join(f"<td>{odds[b.name].probability:.0%}</td>" for b in rules.bids)
        + "</tr>"
    )
    makes = (
        '<p class="cap">The bids each bidder makes (✓), and the first bidder\'s odds</p>'
        f"<table><tr><th>bidder</th><th>names, takes</th>{bid_heads}</tr>{make_rows}{odds_row}</table>"
    )
    return (
        f'<section class="board"><h2>Board {board.number}: {board.dealer.word} deals, {first.word} bids first</h2>'
        f'<div class="compass">{hands}{centre}</div><div>{dd}{makes}</div></section>'
    )


def _traveller(board: Board, tables: int) -> str:
    # (heading, width in mm): room to write a bid's name ("Gros Charlemagne") and the pairs' names
    columns = (("table", 9), ("N–S pair", 20), ("E–W pair", 20), ("bid", 27), ("by", 9), ("trump", 11),
               ("tricks of the bidder's side", 16), ("N–S score", 13), ("E–W score", 13), ("N–S net", 13),
               ("N–S match-points", 16), ("E–W match-points", 16))  # fmt: skip
    widths = "".join(f'<col style="width:{w}mm">' for _, w in columns)
    rows = "".join(f"<tr><td>{t}</td>" + "<td></td>" * (len(columns) - 1) + "</tr>" for t in range(1, tables + 1))
    return (
        f'<div class="traveller"><table style="table-layout:fixed"><caption>Traveller, board {board.number} '
        f"({board.dealer.word} deals)</caption><colgroup>{widths}</colgroup>"
        f"<tr>{''.join(f'<th>{h}</th>' for h, _ in columns)}</tr>{rows}</table></div>"
    )


@dataclass(frozen=True)
class HandRecords:
    """The boards of a session, printable with their travellers (:meth:`write`)."""

    rules: Rules
    seed: int
    boards: tuple[Board, ...]
    #: Tables playing the boards: the rows of each traveller.
    tables: int = 5

    def _intro(self) -> str:
        return (
            f"<h1>Hand records: {escape(self.rules.title)}, {len(self.boards)} boards, seed {self.seed}</h1>"
            '<p class="intro">For duplicate play: every table deals each board exactly as printed (sort a deck into '
            "the four hands and the kitty, then shuffle nothing), bids and plays it, writes its result on the "
            "board's traveller and passes the board on. Compare the tables on each board: the same cards, so the "
            "better bidding and play shows. Read the tables after playing: they are the engine's double-dummy "
            "analysis (every card seen, perfect play). The first gives the tricks each bidder's side takes with "
            "each trump; in the second the bidder names the trump its own cards point to after the exchange, as a "
            "player would (not always the best one of the first table), and ✓ marks the bids it then makes. The "
            "last row is the first bidder's odds: how often that hand makes each bid over "
            f"{self.boards[0].odds.samples} deals of the cards it cannot see, which is all a bidder can know. "
            f"Made by <code>hand_records(boards={len(self.boards)}, seed={self.seed})</code>; board n is "
            f"<code>deal_hands(rules, dealer, derive_seed({self.seed}, n))</code>.</p>"
        )

    def _score_sheet(self) -> str:
        return (
            '<section class="sheet"><h1>Duplicate score sheet: the travellers</h1>'
            '<p class="intro">After each board, the table writes its result on the board\'s traveller. The score '
            "is the rules' own (the cheat sheet has it); N–S net is North–South's points minus East–West's. "
            "Matchpoints, board by board: a pair gets 2 for every other table whose N–S net it beat (for N–S: "
            "higher; for E–W: lower) and 1 for every tie. The pair with the most matchpoints over all the boards "
            "wins. In Python: <code>matchpoints([6, -8, 6, 0])</code> gives North–South's. To move, after each "
            "round North–South stay, East–West move up a table and the boards move down one (a Mitchell movement), "
            "so no pair plays a board twice.</p>"
            + "".join(_traveller(b, self.tables) for b in self.boards)
            + "</section>"
        )

    def to_html(self, score_sheet: bool = True) -> str:
        """The whole document: an introduction, the boards (two or three to a page, none split across pages),
        then (``score_sheet``) a traveller per board."""
        body = self._intro() + "".join(_board_html(self.rules, b, page=True) for b in self.boards)
        if score_sheet:
            body += self._score_sheet()
        return (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f"<title>Hand records, seed {self.seed}</title><style>{_CSS}</style></head><body>{body}</body></html>"
        )

    def write(self, path: str | Path, score_sheet: bool = True) -> Path:
        """The document written to ``path``: ``.html`` (print it from a browser) or ``.pdf``."""
        return write_page(path, self.to_html(score_sheet), "hand record")

    def _repr_html_(self) -> str:
        # in a notebook: the theme's own text colour (a fixed red is unreadable on a dark theme)
        boards = "".join(_board_html(self.rules, b, page=False) for b in self.boards)
        return (
            f'<div class="cl-hand-records" style="font-family:sans-serif"><style>{_NOTEBOOK_CSS}</style>{boards}</div>'
        )

    def __repr__(self) -> str:
        return f"<HandRecords {self.rules.title}: {len(self.boards)} boards from seed {self.seed}>"


# Scoped to the record, so a notebook's own tables keep their look; colours are left to the theme.
_NOTEBOOK_CSS = """
.cl-hand-records .board { display: grid; grid-template-columns: 19em 1fr; column-gap: 1.5em; padding: 0.6em 0;
  border-top: 1px solid rgba(128,128,128,0.6); }
.cl-hand-records .board h2 { grid-column: 1 / 3; font-size: 1.1em; margin: 0 0 0.4em; }
.cl-hand-records .compass { display: grid; grid-template-columns: repeat(3, 6.3em); row-gap: 0.3em;
  align-items: center; }
.cl-hand-records .hand b { display: block; }
.cl-hand-records .north { grid-column: 2; grid-row: 1; } .cl-hand-records .west { grid-column: 1; grid-row: 2; }
.cl-hand-records .east { grid-column: 3; grid-row: 2; } .cl-hand-records .south { grid-column: 2; grid-row: 3; }
.cl-hand-records .centre { grid-column: 2; grid-row: 2; border: 1px solid rgba(128,128,128,0.8);
  border-radius: 0.4em; padding: 0.3em; text-align: center; font-size: 0.9em; }
.cl-hand-records caption { text-align: left; font-weight: 600; }
.cl-hand-records .cap { font-weight: 600; margin: 0.3em 0 0.1em; }
.cl-hand-records .note { font-size: 0.9em; opacity: 0.85; }
"""


def hand_records(
    boards: int = 16,
    seed: int = 1,
    rules: Rules | str | None = None,
    *,
    tables: int = 5,
    odds_samples: int = ODDS_SAMPLES,
) -> HandRecords:
    """``boards`` boards dealt from ``seed`` under ``rules`` (None: the course's), each analysed, for ``tables``
    tables. About a second a board on a laptop; the same arguments give the same record."""
    ruled = rules_for(rules)
    count = whole_number("boards", boards, 1, MAX_BOARDS)
    whole_number("tables", tables, 1, 40)
    samples = whole_number("odds_samples", odds_samples, 1, 2000)
    check_seed(seed)
    if not any(b.name.isdigit() for b in ruled.bids):
        raise RulesOptionError(f"{ruled.title} has no numeric bid to take the double-dummy tricks of")
    made = tuple(_board(ruled, seed, n, samples) for n in range(1, count + 1))
    return HandRecords(ruled, seed, made, tables)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write hand records and travellers for duplicate play.")
    parser.add_argument("out", help="the file to write, ending in .html or .pdf")
    parser.add_argument("--boards", type=int, default=16, help="boards to deal (default 16)")
    parser.add_argument("--seed", type=int, default=1, help="the seed the boards are dealt from (default 1)")
    parser.add_argument("--tables", type=int, default=5, help="tables playing them: rows of each traveller")
    parser.add_argument(
        "--variant", default=None, help="canadian, american, maine or bid_euchre (default: the course's)"
    )
    parser.add_argument("--no-score-sheet", action="store_true", help="leave out the travellers")
    args = parser.parse_args(argv)
    records = hand_records(args.boards, args.seed, args.variant, tables=args.tables)
    print(records.write(args.out, score_sheet=not args.no_score_sheet))


if __name__ == "__main__":
    main()
