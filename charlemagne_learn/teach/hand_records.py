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

    python -m charlemagne_learn hand-records records.pdf --boards 16 --seed 1 --tables 5
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..analysis.odds import BidOdds, bid_odds, deal_outcomes, numeric_play, trump_tricks
from ..course import rules_for
from ..engine.cards import Card, CardList, Seat, Suit
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import cards_of, deal_hands
from ..engine.errors import ContractError, RulesOptionError, quote
from ..engine.i18n import Lang, bid_name, card_face, lang_or_current, number, say, sentence
from ..engine.palette import card_colour
from ..engine.rng import check_seed, derive_seed
from ..engine.rules import BidSpec, Rules
from ..engine.scoring import value_to_bidder
from .printing import write_page

__all__ = ["Board", "HandRecords", "Par", "board_par", "dealt_board", "hand_records", "matchpoints"]

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


def dealt_board(rules: Rules, seed: int, number: int) -> tuple[Seat, int, list[int], int]:
    """Board ``number`` of the boards dealt from ``seed``: its dealer (North for board 1, then each seat in turn), the
    seed it is dealt from, and the hands (by seat) and kitty as bit sets. A printed record and a board set played on
    screen (:mod:`.boards`) deal their boards here, so the same seed gives the same cards at a real table and on a
    laptop."""
    dealer = _SEATS[(number - 1) % 4]
    deal_seed = derive_seed(seed, number)
    hands, kitty = deal_hands(rules, dealer, deal_seed)
    return dealer, deal_seed, hands, kitty


@dataclass(frozen=True)
class Par:
    """A board's par: its best contract double dummy. Of every bid each seat could make, played its best way with
    every card seen (:func:`~charlemagne_learn.analysis.odds.deal_outcomes`), the one made that is worth most to its
    side (its points less the other side's; a bid that decides the game, the whole game). ``bid`` and ``declarer``
    are None when no bid makes: the board is passed out, par 0."""

    declarer: Seat | None
    bid: str | None
    #: The tricks the declarer's side takes in it (for a bid to take every trick or none, a bound that settles it).
    tricks: int
    #: What it is worth to the declarer's side.
    value: int

    def score(self, team: str) -> int:
        """Par for ``team`` ("NS" or "EW"): the value, taken away when the other side declares."""
        if self.declarer is None:
            return 0
        return self.value if self.declarer.team == team else -self.value


def board_par(rules: Rules, hands: Sequence[int], kitty: int) -> Par:
    """The par of one deal (hands by seat and kitty as bit sets): see :class:`Par`. About a second a deal at the
    Canadian table, a few hundredths elsewhere.

    >>> rules = Rules.preset("american")
    >>> _, _, hands, kitty = dealt_board(rules, 1, 1)
    >>> board_par(rules, hands, kitty)
    Par(declarer=<Seat.E: 1>, bid='charles', tricks=8, value=21)
    """
    best = Par(None, None, 0, 0)
    for seat in _SEATS:
        for bid, ways in deal_outcomes(rules, hands, kitty, seat).items():
            made = [tricks for _, tricks, made in ways if made]
            if not made:
                continue
            value = value_to_bidder(_contract(rules, rules.bid(bid), seat), max(made))
            if best.declarer is None or value > best.value:
                best = Par(seat, bid, max(made), value)
    return best


def _contract(rules: Rules, spec: BidSpec, seat: Seat) -> Contract:
    """A contract of ``spec`` by ``seat``, to be scored: its trump changes no score, so any one it may have."""
    try:
        return Contract(rules, spec, seat, Suit.S)
    except ContractError:  # a bid played with no trump
        return Contract(rules, spec, seat, None)


def _board(rules: Rules, seed: int, number: int, samples: int) -> Board:
    dealer, deal_seed, hands, kitty = dealt_board(rules, seed, number)
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
    if not isinstance(nets, (list, tuple)) or not all(
        n is None or (isinstance(n, (int, float)) and not isinstance(n, bool) and math.isfinite(n)) for n in nets
    ):
        raise RulesOptionError(sentence("records.bad_nets", nets=quote(nets)))
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


def _hand_lines(cards: CardList, page: bool, lang: Lang) -> str:
    """A hand as bridge records print one: a line a suit, high to low (in the language's letters: French V D R),
    then the jokers."""
    lines = []
    for suit in _SUIT_ORDER:
        ranks = sorted((c for c in cards if c.suit == suit), key=lambda c: -int(c.rank or 0))
        faces = " ".join(card_face(c, lang).removesuffix(suit.symbol) for c in ranks)
        lines.append(f"{_suit_text(suit, page)} {faces or '—'}")
    jokers = [str(c) for c in cards if c.is_joker]
    if jokers:
        lines.append("jokers " + " ".join(jokers))
    return "<br>".join(lines)


def _cards(cards: Sequence[Card], page: bool, lang: Lang) -> str:
    out = []
    for c in cards:
        text = escape(card_face(c, lang))
        out.append(f'<span class="red">{text}</span>' if page and card_colour(c) == "card-red" else text)
    return " ".join(out)


def _trump_head(trump: Suit | None, page: bool, lang: Lang) -> str:
    return say("hr.no_trump", lang) if trump is None else _suit_text(trump, page)


def _board_html(rules: Rules, board: Board, page: bool, lang: Lang) -> str:
    def dealer_mark(seat: Seat) -> str:
        return say("hr.dealer", lang) if seat == board.dealer else ""

    hands = "".join(
        f'<div class="hand {seat.word.lower()}"><b>{seat.named(lang)}{dealer_mark(seat)}</b>'
        f"{_hand_lines(board.hands[seat], page, lang)}</div>"
        for seat in _SEATS
    )
    kitty = _cards(board.kitty, page, lang) or say("meaning.exchange.none", lang)
    centre = f'<div class="centre">{say("hr.centre", lang, n=board.number, cards=kitty)}</div>'
    trumps = list(board.tricks[Seat.N])
    dd_rows = "".join(
        f"<tr><td>{seat.named(lang)}</td>" + "".join(f"<td>{board.tricks[seat][t]}</td>" for t in trumps) + "</tr>"
        for seat in _SEATS
    )
    lowest = rules.numbered_bids[0]
    bidder = say("bidder", lang)
    trump_heads = "".join(f"<th>{_trump_head(t, page, lang)}</th>" for t in trumps)
    dd = (
        f'<p class="cap">{escape(say("hr.dd_caption", lang, label=lowest.label), quote=False)}</p>'
        f"<table><tr><th>{bidder}</th>{trump_heads}</tr>{dd_rows}</table>"
    )
    odds = {c.bid: c for c in board.odds}
    first = board.first_bidder
    bid_heads = "".join(f"<th>{escape(bid_name(b.label, lang))}</th>" for b in rules.bids)
    make_rows = "".join(
        f"<tr><td>{seat.named(lang)}</td>"
        f"<td>{_trump_head(board.plays[seat][0], page, lang)} {board.plays[seat][1]}</td>"
        + "".join(f"<td>{'✓' if board.makes[seat][b.name] else '·'}</td>" for b in rules.bids)
        + "</tr>"
        for seat in _SEATS
    )
    odds_row = (
        f"<tr><td>{escape(say('hr.odds_of', lang, seat=first), quote=False)}</td><td></td>"
        + "".join(f"<td>{number(odds[b.name].probability, '.0%', lang)}</td>" for b in rules.bids)
        + "</tr>"
    )
    makes = (
        f'<p class="cap">{escape(say("hr.makes_caption", lang), quote=False)}</p>'
        f"<table><tr><th>{bidder}</th><th>{say('hr.names_takes', lang)}</th>{bid_heads}</tr>{make_rows}{odds_row}</table>"
    )
    head = say("hr.board", lang, n=board.number, dealer=board.dealer, first=first)
    return (
        f'<section class="board"><h2>{escape(head, quote=False)}</h2>'
        f'<div class="compass">{hands}{centre}</div><div>{dd}{makes}</div></section>'
    )


def _traveller(board: Board, tables: int, lang: Lang) -> str:
    # (the head's key, its width in mm): room to write a bid's name ("Gros Charlemagne") and the pairs' names; a bid
    # and a trump headed by the words every table heads them with
    columns = (("hr.col.table", 9), ("hr.col.ns_pair", 20), ("hr.col.ew_pair", 20), ("bid", 27), ("hr.col.by", 9),
               ("trump", 11), ("hr.col.tricks", 16), ("hr.col.ns_score", 13), ("hr.col.ew_score", 13),
               ("hr.col.ns_net", 13), ("hr.col.ns_mp", 16), ("hr.col.ew_mp", 16))  # fmt: skip
    widths = "".join(f'<col style="width:{w}mm">' for _, w in columns)
    rows = "".join(f"<tr><td>{t}</td>" + "<td></td>" * (len(columns) - 1) + "</tr>" for t in range(1, tables + 1))
    heads = "".join(f"<th>{escape(say(h, lang), quote=False)}</th>" for h, _ in columns)
    caption = escape(say("hr.traveller", lang, n=board.number, dealer=board.dealer), quote=False)
    return (
        f'<div class="traveller"><table style="table-layout:fixed"><caption>{caption}</caption>'
        f"<colgroup>{widths}</colgroup><tr>{heads}</tr>{rows}</table></div>"
    )


@dataclass(frozen=True)
class HandRecords:
    """The boards of a session, printable with their travellers (:meth:`write`)."""

    rules: Rules
    seed: int
    boards: tuple[Board, ...]
    #: Tables playing the boards: the rows of each traveller.
    tables: int = 5

    def _intro(self, lang: Lang) -> str:
        title = say("hr.title", lang, title=self.rules.named(lang), boards=len(self.boards), seed=self.seed)
        made_by = say(
            "hr.made_by", lang, code=f"<code>hand_records(boards={len(self.boards)}, seed={self.seed})</code>",
            deal=f"<code>deal_hands(rules, dealer, derive_seed({self.seed}, n))</code>",
        )  # fmt: skip
        intro = escape(say("hr.intro", lang, samples=self.boards[0].odds.samples), quote=False)
        return f'<h1>{escape(title, quote=False)}</h1><p class="intro">{intro}{made_by}</p>'

    def _score_sheet(self, lang: Lang) -> str:
        intro = say("hr.sheet_intro", lang, code="<code>matchpoints([6, -8, 6, 0])</code>")
        return (
            f'<section class="sheet"><h1>{escape(say("hr.sheet_title", lang), quote=False)}</h1>'
            f'<p class="intro">{intro}</p>'
            + "".join(_traveller(b, self.tables, lang) for b in self.boards)
            + "</section>"
        )

    def to_html(self, score_sheet: bool = True, *, lang: str | None = None) -> str:
        """The whole document: an introduction, the boards (two or three to a page, none split across pages),
        then (``score_sheet``) a traveller per board; in ``lang`` (the course's language by default)."""
        language = lang_or_current(lang)
        body = self._intro(language) + "".join(_board_html(self.rules, b, True, language) for b in self.boards)
        if score_sheet:
            body += self._score_sheet(language)
        title = escape(say("hr.page_title", language, seed=self.seed), quote=False)
        return (
            f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{_CSS}</style></head><body>{body}</body></html>"
        )

    def write(self, path: str | Path, score_sheet: bool = True, *, lang: str | None = None) -> Path:
        """The document written to ``path``: ``.html`` (print it from a browser) or ``.pdf``."""
        return write_page(path, self.to_html(score_sheet, lang=lang), "page.hand_record")

    def _repr_html_(self) -> str:
        # in a notebook: the theme's own text colour (a fixed red is unreadable on a dark theme)
        language = lang_or_current(None)
        boards = "".join(_board_html(self.rules, b, False, language) for b in self.boards)
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
    tables = whole_number("tables", tables, 1, 40)
    samples = whole_number("odds_samples", odds_samples, 1, 2000)
    seed = check_seed(seed)
    if not any(b.numbered for b in ruled.bids):
        raise RulesOptionError(sentence("hr.no_numeric", title=ruled.named()))
    made = tuple(_board(ruled, seed, n, samples) for n in range(1, count + 1))
    return HandRecords(ruled, seed, made, tables)


if __name__ == "__main__":  # the command's old name: Python warns (this module is the package's), and it runs
    import sys

    from .commands import main

    sys.exit(main(["hand-records", *sys.argv[1:]]))
