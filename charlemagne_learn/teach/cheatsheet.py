"""A one-page cheat sheet of a rule system, written by the engine: trump order, bids, play, scoring.

Everything on it is asked of the engine (trump order and card roles, the bid ladder's meanings, who
leads, the Mulot joker rule, the target), so it always matches the rules it is made for, house rules
included. It prints on one page, as HTML (print styles) or PDF (Chromium, through Playwright).

>>> from charlemagne_learn import Rules
>>> page = cheatsheet_html(Rules.preset("canadian", high_joker="black"))
>>> "black joker (BJ)" in page and "Gros Charlemagne" in page
True

From a shell: ``python -m charlemagne_learn cheatsheet cheatsheet.pdf --high-joker black``
(:mod:`~charlemagne_learn.teach.commands`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..analysis.grading import SCALE
from ..analysis.hints import grade_word
from ..course import rules_for
from ..engine.bid_meaning import COLUMNS, bid_meaning
from ..engine.cards import Card, Suit
from ..engine.i18n import Lang, bid_name, card_name, lang_or_current, named, number, say, suit_name, word
from ..engine.palette import card_colour
from ..engine.ranking import card_order, jokers, trump_order
from ..engine.rules import Rules
from .judging import COUNT_TO_BID, count_is_a_rule
from .printing import PrintError, write_page

__all__ = ["CheatSheetError", "cheatsheet_html", "write_cheatsheet"]

#: Letters of the bid table's text that fit across the printed page (8 pt on a letter page's 194 mm; the
#: French sheet's table is set at 7.5 pt).
_LINE = {"en": 120, "fr": 130}
#: The trump suit the sheet's ladder is drawn for: any suit would do, hearts is the lessons' usual example.
EXAMPLE_TRUMP = Suit.H


#: A cheat sheet cannot be written where or how it was asked (the error of every page to print).
CheatSheetError = PrintError


_CSS = """
@page { size: letter; margin: 9mm 11mm; }
* { box-sizing: border-box; }
body { font: 8.9pt/1.26 "DejaVu Sans", Arial, sans-serif; color: #111; background: #fff; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 10.5pt; margin: 2.2mm 0 0.8mm; border-bottom: 1.2pt solid #333; }
p, ul { margin: 0.8mm 0; } ul { padding-left: 4.5mm; } li { margin: 0.3mm 0; }
.sub { color: #333; margin-bottom: 2mm; }
table { border-collapse: collapse; width: 100%; font-size: 8pt; }
.bids { table-layout: fixed; }
th, td { border: 0.6pt solid #888; padding: 0.3mm 1.1mm; text-align: left; vertical-align: top; }
th { background: #eee; }
.card { display: inline-block; min-width: 7.5mm; padding: 0 0.8mm; margin: 0.3mm 0.4mm; border: 0.7pt solid #777;
        border-radius: 1mm; text-align: center; font-weight: 700; background: #fff; }
.red { color: #c00000; } .black { color: #111; }
.ladder td { text-align: center; } .ladder .role { font-size: 7.6pt; color: #333; display: block; font-weight: 400; }
.plain { display: flex; flex-wrap: wrap; column-gap: 5mm; list-style: none; padding: 0; }
.plain li { margin: 0; white-space: nowrap; }
.cols { display: flex; gap: 5mm; } .cols > div { flex: 1; }
.foot { margin-top: 2mm; font-size: 7.8pt; color: #444; }
/* French says the same in about a tenth more letters: a little smaller, so the sheet stays on one page */
html:lang(fr) body { font-size: 8.3pt; line-height: 1.2; } html:lang(fr) table { font-size: 7.5pt; }
"""


def _card(card: Card, lang: Lang) -> str:
    tone = "red" if card_colour(card) == "card-red" else "black"  # the widgets' ink, printed
    name = card_name(card, lang)
    return f'<span class="card {tone}" aria-label="{escape(name)}">{escape(str(card))}</span>'


def _ladder(rules: Rules, lang: Lang) -> str:
    order = card_order(rules, EXAMPLE_TRUMP)
    cells = []
    for card in trump_order(rules, EXAMPLE_TRUMP):
        role = order.role[card.index]
        said = named(role, lang, "role.")
        cells.append(f"<td>{_card(card, lang)}<span class='role'>{escape(said) or '&nbsp;'}</span></td>")
    plain = [s for s in Suit if s != EXAMPLE_TRUMP]
    rows = []
    colon = word("colon", lang)
    for suit in plain:
        cards = [Card.from_index(i) for i in sorted(rules.deck_indices, reverse=True) if order.suit_of[i] == suit]
        name = suit_name(suit, lang, plural=True)
        rows.append(f"<li>{escape(name.capitalize())}{colon}{''.join(_card(c, lang) for c in cards)}</li>")
    trump_name = suit_name(EXAMPLE_TRUMP, lang, plural=True)
    ladder = say("cheat.ladder", lang, suit=trump_name, symbol=str(EXAMPLE_TRUMP))
    return (
        f"<p>{escape(ladder, quote=False)}</p>"
        f"<table class='ladder'><tr>{''.join(cells)}</tr></table>"
        f"<p>{say('cheat.plain', lang)}</p>"
        f"<ul class='plain'>{''.join(rows)}</ul>"
    )


def _jack_words(rules: Rules, lang: Lang) -> str:
    big, little = (named(b, lang, "role.") for b in rules.bower_names)
    top = ""
    if rules.nine_high:
        top = say("cheat.nine", lang)
    if rules.jokers:
        high, low = jokers(rules)
        high_name, low_name = (card_name(c, lang) for c in (high, low))
        top += say(
            "cheat.jokers", lang, high=escape(high_name), high_face=high, low=escape(low_name), low_face=low,
            code="<code>high_joker</code>",
        )  # fmt: skip
    lead = say("cheat.then" if top else "cheat.highest", lang)
    return "<p>" + top + say("cheat.jacks", lang, lead=lead, big=escape(big), little=escape(little)) + "</p>"


#: The bids table's columns said under another key than the column's own word: the sheet heads its exchange column
#: "exchange", where the bid box says what is taken ("kitty / partner's card").
_HEAD_KEYS = {"exchange": "cheat.col.exchange"}


def _bids(rules: Rules, lang: Lang) -> str:
    meanings = [bid_meaning(rules, spec, lang) for spec in rules.bids]
    heads = {c: word(_HEAD_KEYS.get(c, c.replace(" ", "_")), lang) for c in COLUMNS}
    # Every column at least as wide as its longest word ("Charlemagne", "adversaires"), which cannot wrap — a
    # word of n letters takes about 1.25 n letters' room, a bold heading more —, then the rest of the line shared
    # among the columns whose texts are longer, so that every bid fits in two or three lines.
    texts = {c: [heads[c]] + [m[c] for m in meanings] for c in COLUMNS}
    need = {c: round(1.1 * max(len(w) for t in texts[c] for w in t.split())) + 2 for c in COLUMNS}
    ask = {c: max(need[c], min(34, max(len(t) for t in texts[c]))) for c in COLUMNS}
    spare = max(0, _LINE[lang] - sum(need.values()))
    grow = sum(ask[c] - need[c] for c in COLUMNS) or 1
    width = {c: need[c] + spare * (ask[c] - need[c]) / grow for c in COLUMNS}
    total = sum(width.values())
    head = "".join(f"<th style='width:{100 * width[c] / total:.1f}%'>{escape(heads[c])}</th>" for c in COLUMNS)
    rows = ["<tr>" + "".join(f"<td>{escape(m[c])}</td>" for c in COLUMNS) + "</tr>" for m in meanings]
    return f"<table class='bids'><tr>{head}</tr>{''.join(rows)}</table>"


def _bidding_words(rules: Rules, lang: Lang) -> str:
    if rules.dealer_minimum is not None:
        passing = say("cheat.dealer_minimum", lang, n=rules.dealer_minimum)
    elif rules.all_pass == "stick_dealer":
        passing = say("cheat.stick", lang)
    else:
        passing = say("cheat.redeal", lang)
    kitty = say("cheat.kitty", lang, n=rules.kitty_size) if rules.kitty_size else ""
    return say("cheat.bidding", lang, n=rules.hand_size, kitty=kitty, passing=passing)


def _play_words(rules: Rules, lang: Lang) -> str:
    items = [say(f"cheat.play.{k}", lang) for k in ("lead", "void", "win")]
    no_trump = [spec.label for spec in rules.bids if not spec.has_trump and spec.trump != "with_bid_or_none"]
    if rules.jokers and no_trump:
        names = ", ".join(bid_name(label, lang) for label in no_trump)
        items.append(say("cheat.play.jokers", lang, bids=escape(names)))
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _score_words(rules: Rules, lang: Lang) -> str:
    how = say("cheat.per_trick" if rules.per_trick_scoring else "cheat.made_failed", lang)
    return f"<p>{say('cheat.target', lang, how=how, target=rules.target)}</p>"


def _judging_words(rules: Rules, lang: Lang) -> str:
    """The count and what it says to bid (lesson 09), where the count is a rule of thumb; then the grades' scale
    (lesson 05), read from the grader's own table."""
    count = ""
    if count_is_a_rule(rules):
        bids = sorted(COUNT_TO_BID.items(), key=lambda item: item[1])
        rule = ", ".join(
            say("tally.bid_from" if i == 0 else "cheat.count_next", lang, bid=bid, n=least)
            for i, (bid, least) in enumerate(bids)
        )
        count = f"<p>{say('cheat.count', lang, rule=rule, least=bids[0][1])}</p>"
    below, bands = 0.0, []
    for grade, limit in SCALE:
        key = "cheat.grade_first" if grade == "best" else "cheat.grade_band"
        bands.append(say(key, lang, grade=escape(grade_word(grade, lang)), high=number(limit, ".0%", lang)))
        below = limit
    bands.append(
        say("cheat.grade_last", lang, grade=escape(grade_word("blunder", lang)), low=number(below, ".0%", lang))
    )
    return count + f"<p>{say('cheat.grades', lang, scale=' · '.join(bands))}</p>"


def cheatsheet_html(rules: Rules | str | None = None, *, lang: str | None = None) -> str:
    """The cheat sheet of ``rules`` (None: the course's rules, house rules included) as a complete HTML page, in
    ``lang`` (the course's language by default)."""
    language = lang_or_current(lang)
    rules = rules_for(rules)
    options = rules.options()
    house = ", ".join(f"{k} = {v!r}" for k, v in options.items()) if options else say("cheat.rulebook", language)
    title = escape(say("cheat.title", language, title=rules.named(language)), quote=False)

    def h(key: str) -> str:
        return f"<h2>{say(f'cheat.h.{key}', language)}</h2>"

    sub = say("cheat.sub", language, n=rules.deck_size, house=escape(house))
    # the name a player may know the game by: the American table is the Bas-Saint-Laurent and Madawaska game
    known = rules.known_as(language)
    if known:
        sub = f"{escape(known[:1].upper() + known[1:], quote=False)}. {sub}"
    return (
        f"<!DOCTYPE html><html lang='{language}'><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{_CSS}</style></head><body>"
        f"<h1>{title}</h1>"
        f"<p class='sub'>{sub}</p>"
        # scoring sits under the deal: the play's column is the longer, and the page keeps its room for judging
        f"<div class='cols'><div>{h('deal')}{_bidding_words(rules, language)}"
        f"{h('scoring')}{_score_words(rules, language)}</div>"
        f"<div>{h('play')}{_play_words(rules, language)}</div></div>"
        f"{h('trumps')}{_jack_words(rules, language)}{_ladder(rules, language)}"
        f"{h('bids')}{_bids(rules, language)}"
        f"{h('judging')}{_judging_words(rules, language)}"
        f"<p class='foot'>{say('cheat.foot', language)}</p></body></html>"
    )


def write_cheatsheet(path: str | Path, rules: Rules | str | None = None, *, lang: str | None = None) -> Path:
    """Write the cheat sheet to ``path``: ``.html``, or ``.pdf`` printed by Chromium (Playwright)."""
    return write_page(path, cheatsheet_html(rules, lang=lang), "page.cheat_sheet")


if __name__ == "__main__":  # the command's old name: Python warns (this module is the package's), and it runs
    import sys

    from .commands import main

    sys.exit(main(["cheatsheet", *sys.argv[1:]]))
