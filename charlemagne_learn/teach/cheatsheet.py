"""A one-page cheat sheet of a rule system, written by the engine: trump order, bids, play, scoring.

Everything on it is asked of the engine (trump order and card roles, the bid ladder's meanings, who
leads, the Mulot joker rule, the target), so it always matches the rules it is made for, house rules
included. It prints on one page, as HTML (print styles) or PDF (Chromium, through Playwright).

>>> from charlemagne_learn import Rules
>>> page = cheatsheet_html(Rules.preset("canadian", high_joker="black"))
>>> "black joker (BJ)" in page and "Gros Charlemagne" in page
True

From a shell: ``python -m charlemagne_learn.teach.cheatsheet cheatsheet.pdf --high-joker black``.
"""

from __future__ import annotations

import argparse
from html import escape
from pathlib import Path

from ..bid_meaning import COLUMNS, bid_meaning
from ..cards import Card, Suit
from ..course import rules_for
from ..ranking import card_order, jokers, trump_order
from ..rules import Rules
from .printing import PrintError, write_page

__all__ = ["CheatSheetError", "cheatsheet_html", "write_cheatsheet"]

#: The trump suit the sheet's ladder is drawn for: any suit would do, hearts is the lessons' usual example.
EXAMPLE_TRUMP = Suit.H


#: A cheat sheet cannot be written where or how it was asked (the error of every page to print).
CheatSheetError = PrintError


_CSS = """
@page { size: letter; margin: 10mm 11mm; }
* { box-sizing: border-box; }
body { font: 9.2pt/1.3 "DejaVu Sans", Arial, sans-serif; color: #111; background: #fff; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 10.5pt; margin: 3mm 0 1mm; border-bottom: 1.2pt solid #333; }
p, ul { margin: 0.8mm 0; } ul { padding-left: 4.5mm; } li { margin: 0.3mm 0; }
.sub { color: #333; margin-bottom: 2mm; }
table { border-collapse: collapse; width: 100%; font-size: 8.2pt; }
.bids { table-layout: fixed; }
th, td { border: 0.6pt solid #888; padding: 0.5mm 1.1mm; text-align: left; vertical-align: top; }
th { background: #eee; }
.card { display: inline-block; min-width: 7.5mm; padding: 0 0.8mm; margin: 0.3mm 0.4mm; border: 0.7pt solid #777;
        border-radius: 1mm; text-align: center; font-weight: 700; background: #fff; }
.red { color: #c00000; } .black { color: #111; }
.ladder td { text-align: center; } .ladder .role { font-size: 7.6pt; color: #333; display: block; font-weight: 400; }
.plain { display: flex; flex-wrap: wrap; column-gap: 5mm; list-style: none; padding: 0; }
.plain li { margin: 0; white-space: nowrap; }
.cols { display: flex; gap: 5mm; } .cols > div { flex: 1; }
.foot { margin-top: 3mm; font-size: 7.8pt; color: #444; }
"""


def _card(card: Card) -> str:
    tone = "red" if card.is_red else "black"
    return f'<span class="card {tone}" aria-label="{escape(card.name)}">{escape(str(card))}</span>'


def _ladder(rules: Rules) -> str:
    order = card_order(rules, EXAMPLE_TRUMP)
    cells = []
    for card in trump_order(rules, EXAMPLE_TRUMP):
        role = order.role[card.index]
        cells.append(f"<td>{_card(card)}<span class='role'>{escape(role) or '&nbsp;'}</span></td>")
    plain = [s for s in Suit if s != EXAMPLE_TRUMP]
    rows = []
    for suit in plain:
        cards = [Card.from_index(i) for i in sorted(rules.deck_indices, reverse=True) if order.suit_of[i] == suit]
        rows.append(f"<li>{escape(suit.word.capitalize())}: {''.join(_card(c) for c in cards)}</li>")
    return (
        f"<p>With {escape(EXAMPLE_TRUMP.word)} {escape(str(EXAMPLE_TRUMP))} trump, highest first:</p>"
        f"<table class='ladder'><tr>{''.join(cells)}</tr></table>"
        f"<p>The other suits, highest first (a jack that became a trump is missing from its suit):</p>"
        f"<ul class='plain'>{''.join(rows)}</ul>"
    )


def _jack_words(rules: Rules) -> str:
    big, little = rules.bower_names
    top = ""
    if rules.nine_high:
        top = "The nine of trumps is the highest trump. "
    if rules.jokers:
        high, low = jokers(rules)
        top += (
            f"The jokers are the two highest trumps whatever suit is trump: the {escape(high.name)} ({high}) "
            f"is the high joker, the {escape(low.name)} ({low}) the low joker (house rule <code>high_joker</code>). "
        )
    then = "Then the" if top else "The highest trumps are the"
    return (
        f"<p>{top}{then} <b>{escape(big)}</b> (the jack of trumps) and the <b>{escape(little)}</b> (the other "
        f"jack of the same colour), which counts as a trump and no longer as its printed suit.</p>"
    )


def _bids(rules: Rules) -> str:
    meanings = [bid_meaning(rules, spec) for spec in rules.bids]
    # Each column as wide as its longest text asks, within bounds, so that every bid fits in two or three lines.
    texts = {c: [c] + [m[c] for m in meanings] for c in COLUMNS}
    longest_word = {c: max(len(w) for t in texts[c] for w in t.split()) for c in COLUMNS}
    want = {c: max(longest_word[c] + 3, min(34, max(len(t) for t in texts[c]))) for c in COLUMNS}
    total = sum(want.values())
    head = "".join(f"<th style='width:{100 * want[c] / total:.1f}%'>{escape(c)}</th>" for c in COLUMNS)
    rows = ["<tr>" + "".join(f"<td>{escape(m[c])}</td>" for c in COLUMNS) + "</tr>" for m in meanings]
    return f"<table class='bids'><tr>{head}</tr>{''.join(rows)}</table>"


def _bidding_words(rules: Rules) -> str:
    if rules.dealer_minimum is not None:
        passing = (
            f"if nobody has bid {rules.dealer_minimum} or more, the dealer must bid at least {rules.dealer_minimum}"
        )
    elif rules.all_pass == "stick_dealer":
        passing = "if the first three pass, the dealer must bid (stick the dealer)"
    else:
        passing = "if all four pass, the hand is thrown in and the next dealer deals"
    kitty = f" and {rules.kitty_size} face down to the kitty" if rules.kitty_size else ""
    return (
        f"<ul><li><b>Deal</b>: {rules.hand_size} cards to each player, two at a time{kitty}.</li>"
        f"<li><b>Bid</b>: one round, from the dealer's left to the dealer; each player passes or bids higher than "
        f"the highest bid so far; {passing}.</li>"
        f"<li>The highest bid is the <b>contract</b>; its maker is the <b>bidder</b>, who plays with the partner "
        f"opposite unless the bid is played alone.</li></ul>"
    )


def _play_words(rules: Rules) -> str:
    items = [
        "The first player of a trick <b>leads</b> any card; the others must <b>follow suit</b> if they can "
        "(trumps count as the trump suit, never as their printed suit).",
        "A player who cannot follow may play any card: a trump, or a card of another suit thrown off.",
        "The highest trump wins the trick; with no trump in it, the highest card of the suit led. "
        "The winner leads the next trick.",
    ]
    no_trump = [spec.label for spec in rules.bids if not spec.has_trump and spec.trump != "with_bid_or_none"]
    if rules.jokers and no_trump:
        items.append(
            f"<b>No trump suit</b> ({escape(', '.join(no_trump))}): the two jokers are the only trumps. A player who "
            "cannot follow suit and holds a joker must play a joker; when a joker is led, the other joker must "
            "be played."
        )
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _score_words(rules: Rules) -> str:
    if rules.per_trick_scoring:
        how = (
            "Each team scores 1 point a trick it takes; bidders who fail lose the value of their bid instead of "
            "scoring their tricks."
        )
    else:
        how = (
            "Made: the bidder's team scores the bid's points (extra tricks add nothing). Failed: the opponents "
            "score the points in the <i>failed</i> column. A hand thrown in scores nothing."
        )
    return f"<p>{how} The game goes to <b>{rules.target}</b> points.</p>"


def cheatsheet_html(rules: Rules | str | None = None) -> str:
    """The cheat sheet of ``rules`` (None: the course's rules, house rules included) as a complete HTML page."""
    rules = rules_for(rules)
    options = rules.options()
    house = ", ".join(f"{k} = {v!r}" for k, v in options.items()) if options else "as the rulebook gives them"
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(rules.title)}: cheat sheet</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(rules.title)}: cheat sheet</h1>"
        f"<p class='sub'>{rules.deck_size} cards, 4 players in two teams (partners sit opposite). "
        f"Rules: {escape(house)}.</p>"
        f"<div class='cols'><div><h2>Deal and bidding</h2>{_bidding_words(rules)}</div>"
        f"<div><h2>Playing a trick</h2>{_play_words(rules)}</div></div>"
        f"<h2>Trumps</h2>{_jack_words(rules)}{_ladder(rules)}"
        f"<h2>Bids, lowest first</h2>{_bids(rules)}"
        f"<h2>Scoring</h2>{_score_words(rules)}"
        "<p class='foot'>Made by charlemagne_learn from its rules engine: every line above is what the engine "
        "plays.</p></body></html>"
    )


def write_cheatsheet(path: str | Path, rules: Rules | str | None = None) -> Path:
    """Write the cheat sheet to ``path``: ``.html``, or ``.pdf`` printed by Chromium (Playwright)."""
    return write_page(path, cheatsheet_html(rules), "cheat sheet")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write a one-page Charlemagne cheat sheet (.html or .pdf).")
    parser.add_argument("out", help="the file to write, ending in .html or .pdf")
    parser.add_argument(
        "--variant", default=None, help="canadian, american, maine or bid_euchre (default: the course's)"
    )
    parser.add_argument("--high-joker", choices=("red", "black"), help="which joker is high (house rule)")
    parser.add_argument("--all-pass", choices=("redeal", "stick_dealer"), help="what happens when all pass")
    args = parser.parse_args(argv)
    options = {k: v for k, v in (("high_joker", args.high_joker), ("all_pass", args.all_pass)) if v is not None}
    if args.variant is None and not options:
        rules = rules_for(None)
    else:
        rules = Rules.preset(args.variant or "canadian", **options)
    print(write_cheatsheet(args.out, rules))


if __name__ == "__main__":
    main()
