"""Static HTML and plain text of the analysis's results: bid odds, a hint's graded choices, a review of a seat's
decisions. The same pieces as the engine objects' pictures (:mod:`charlemagne_learn.engine.display`): the
palette's colours inline, every grade said in words as well as colour.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..engine.display import column_head, heading_colon, held_html, text_table, wrap_text
from ..engine.i18n import Lang, bid_name, lang_or_current, named, say
from ..engine.messages import said
from ..engine.palette import colour
from ..engine.ranking import sort_hand

if TYPE_CHECKING:
    from .choices import Choice, Hint, Review, ReviewLine
    from .odds import BidOdds

__all__ = [
    "bid_odds_html",
    "bid_odds_text",
    "hint_html",
    "hint_text",
    "how_text",
    "review_html",
    "review_text",
    "review_why",
    "why",
]


def how_text(how: str, lang: str | None = None) -> str:
    """How a bid is played (a :class:`BidChance`'s ``how``, kept in English as its key), in ``lang`` (the course's
    language by default).

    >>> how_text("takes the kitty, trump ♥", "fr")
    'prend le minou, atout ♥'
    """
    language = lang_or_current(lang)
    if not how:
        return how
    parts = []
    for part in how.split(", "):
        if part.startswith("trump "):
            parts.append(say("action.trump", language, suit=part[6:]))
        else:
            parts.append(named(part, language, "how.", "no_trump"))  # a part no catalog has as it is
    return ", ".join(parts)


#: The heads of the odds' columns after the bid's: points per hand as the odds explorer heads them.
_ODDS_HEADS = ("display.odds.makes", "display.odds.interval", "points_per_hand", "display.odds.played")


def _grade(grade: str, lang: Lang) -> str:
    return say(f"grade.{grade}", lang)


def _odds_how(odds: BidOdds, lang: Lang) -> str:
    return say("display.perfect" if odds.method == "double_dummy" else "display.bots", lang)


def _odds_points(points: float | None, lang: Lang) -> str:
    return say("display.decides", lang) if points is None else say("display.signed", lang, x=points)


def bid_odds_html(odds: BidOdds, lang: str | None = None) -> str:
    """Each bid's chance as a bar with its 95% interval drawn as a whisker, plus how it was played."""
    language = lang_or_current(lang)
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
        points = _odds_points(chance.expected_points, language)
        rows.append(
            f"<tr><th style='text-align:left'>{escape(bid_name(chance.label, language))}</th>"
            f"<td style='text-align:right'>{say('display.pct', language, p=p)}</td><td>{bar}</td>"
            f"<td>{say('display.range', language, low=low, high=high)}</td><td style='text-align:right'>{points}</td>"
            f"<td style='text-align:left'>{escape(how_text(chance.how, language))}</td></tr>"
        )
    head = say(
        "display.odds_head", language, seat=odds.seat, cards=held_html(odds.hand, odds.rules, language),
        title=f"title.{odds.rules.name}", samples=odds.samples, seed=odds.seed, how=_odds_how(odds, language),
    )  # fmt: skip
    cols = "".join(f"<th>{say(k, language)}</th>" for k in _ODDS_HEADS)
    cols = cols.replace("</th><th>", "</th><th></th><th>", 1)  # the bars' column has no head
    return (
        f'<div class="cl-bidodds" style="font-family:sans-serif"><p>{head}.</p><table><tr><th>'
        f"{column_head('bid', language)}</th>{cols}</tr>{''.join(rows)}</table></div>"
    )


def _grade_html(grade: str, lang: Lang) -> str:
    # Grades by colour (the palette's, safe for colour-blind readers) and always by word too.
    return (
        f"<span style='padding:0 0.4em;border-radius:0.3em;color:{colour('chip-ink')};"
        f"background:{colour('grade-' + grade)}'>{escape(_grade(grade, lang))}</span>"
    )


def _hint_head(hint: Hint, lang: Lang) -> str:
    return say("display.hint_head", lang, seat=hint.seat, phase=hint.phase.text(lang), samples=hint.samples)


def hint_html(hint: Hint, lang: str | None = None) -> str:
    """Each choice with its grade and its reason (what it does, then the number), best first; the rule of thumb
    with the choice it recommends. In ``lang`` (the course's language by default), the reasons in the hint's
    language where it was asked in one (:attr:`Hint.lang`)."""
    language = lang_or_current(lang)
    rows = []
    for c in hint.choices:
        rows.append(
            # the deals behind the grade and its intervals, for a learner who points at it
            f"<tr><td title='{escape(c.details(language))}'>{_grade_html(c.grade, language)}</td>"
            f"<td style='text-align:left'>{escape(why(c, language, reasons=hint.lang))}</td></tr>"
        )
    cols = "".join(f"<th>{column_head(c, language)}</th>" for c in ("grade", "why"))
    return (
        f'<div class="cl-hint" style="font-family:sans-serif"><p>{escape(_hint_head(hint, language) + heading_colon(language), quote=False)}</p>'
        f"<table><tr>{cols}</tr>{''.join(rows)}</table></div>"
    )


def why(choice: Choice, lang: Lang, *, reasons: str | None = None) -> str:
    """A graded choice's reason, how sure its grade is where that needs saying, and the rule of thumb when it is the
    choice the rule recommends; the reason and the rule in ``reasons`` where given (the language a hint was asked
    in), the rest in ``lang``."""
    said_in = lang if reasons is None else reasons
    unsure = choice.doubt(lang)
    reason = choice.reason.said(said_in)
    reason = say("display.unsure", lang, reason=reason, doubt=unsure) if unsure else reason
    return say("display.thumb", lang, reason=reason, rule=choice.rule.said(said_in)) if choice.rule else reason


def review_why(line: ReviewLine, lang: Lang, *, texts: str | None = None) -> str:
    """A reviewed decision's reason (how sure its grade is, where that needs saying), then the better choice and its
    reason when there was one; the line's texts in ``texts`` where given (the language a review was asked in)."""
    said_in = lang if texts is None else texts
    reason, doubt, best = (said(text, said_in) for text in (line.reason, line.doubt, line.best_reason))
    reason = say("display.unsure", lang, reason=reason, doubt=doubt) if doubt else reason
    return say("display.better", lang, reason=reason, best=best) if best else reason


def review_html(review: Review, lang: str | None = None) -> str:
    """The reviewed seat's decisions in order, each with its grade and reason (and the better choice's). In
    ``lang`` (the course's language by default), the lines' texts in the review's language where it was asked in
    one (:attr:`Review.lang`)."""
    language = lang_or_current(lang)
    texts = review.lang or language
    rows = []
    for line in review.lines:
        rows.append(
            f"<tr><td style='text-align:left'>{escape(said(line.when, texts))}</td>"
            f"<td>{_grade_html(line.grade, language)}</td>"
            f"<td style='text-align:left'>{escape(review_why(line, language, texts=texts))}</td></tr>"
        )
    cols = "".join(f"<th>{column_head(c, language)}</th>" for c in ("when", "grade", "why"))
    return (
        f'<div class="cl-review" style="font-family:sans-serif"><p>'
        f"{escape(say('display.review_head', language, seat=review.seat), quote=False)}</p>"
        f"<table><tr>{cols}</tr>{''.join(rows)}</table></div>"
    )


def bid_odds_text(odds: BidOdds, lang: str | None = None) -> str:
    """Every number of :func:`bid_odds_html`, as text."""
    language = lang_or_current(lang)
    rows = []
    for chance in odds:
        low, high = chance.interval
        rows.append(
            [
                bid_name(chance.label, language),
                say("display.pct", language, p=chance.probability),
                say("display.range", language, low=low, high=high),
                _odds_points(chance.expected_points, language),
                how_text(chance.how, language),
            ]
        )
    cards = str(sort_hand(odds.hand, odds.rules))
    head = say(
        "display.odds_head", language, seat=odds.seat, cards=cards, title=f"title.{odds.rules.name}",
        samples=odds.samples, seed=odds.seed, how=_odds_how(odds, language),
    )  # fmt: skip
    heads = [column_head("bid", language)] + [say(k, language) for k in _ODDS_HEADS]
    return f"{wrap_text(head + heading_colon(language))}\n{text_table(heads, rows, (False, True, False, True))}"


def hint_text(hint: Hint, lang: str | None = None) -> str:
    language = lang_or_current(lang)
    rows = [[_grade(c.grade, language), why(c, language, reasons=hint.lang)] for c in hint.choices]
    heads = [column_head(c, language) for c in ("grade", "why")]
    return f"{wrap_text(_hint_head(hint, language) + heading_colon(language))}\n{text_table(heads, rows)}"


def review_text(review: Review, lang: str | None = None) -> str:
    language = lang_or_current(lang)
    texts = review.lang or language
    rows = [
        [said(line.when, texts), _grade(line.grade, language), review_why(line, language, texts=texts)]
        for line in review.lines
    ]
    if not rows:
        return say("display.review_none", language, seat=review.seat)
    heads = [column_head(c, language) for c in ("when", "grade", "why")]
    head = say("display.review_head", language, seat=review.seat)
    return f"{wrap_text(head + heading_colon(language))}\n{text_table(heads, rows)}"
