"""The words of a table's choices, hints and grades as the page draws them: the payloads both
:class:`~charlemagne_learn.widgets.playtable.PlayTable` and :class:`~charlemagne_learn.widgets.decide.DecisionQuiz`
send (a button, the hint panel, the grade under the table and its "Why?" fold), made from the plain data of
:mod:`~charlemagne_learn.teach.session` and the analysis.
"""

from __future__ import annotations

from ..analysis.exchange import ExchangeChoice, ExchangeHint
from ..analysis.hints import Hint
from ..analysis.kinds import LEVELS
from ..analysis.refute import refutation
from ..analysis.shown import why
from ..engine.actions import Action, choice_name
from ..engine.hand import SeatView
from ..engine.i18n import Lang, card_face, say, word
from ..engine.rules import Rules
from ..teach.session import CardGrade, ExchangeGrade
from ._base import number_text
from .payloads import ActionButton, GradeLine, HintPanel, RefutationLine
from .table import action_text

__all__ = [
    "action_button",
    "bot_word",
    "choice_text",
    "exchange_grade_line",
    "exchange_panel",
    "grade_line",
    "hint_panel",
    "move_grade",
    "refuted",
]

#: The families of the package's own bots that have words of their own.
_FAMILIES = ("random", "rule", "pimc", "learner")


def bot_word(kind: str, lang: Lang) -> str:
    """A kind of bot in words, with how strong it plays: a level's, its family's (``"pimc-blind"`` is a PIMC bot),
    or its name for a kind registered elsewhere."""
    family = kind.strip().lower().split("-")[0]
    return word(f"play.bot.{family}", lang) if family in (*_FAMILIES, *LEVELS) else kind


def choice_text(action: Action, rules: Rules, lang: Lang) -> str:
    """An action as its button says it: a card alone when the phase says it is played, a suit with its name."""
    if action.kind == "trump" and action.suit is not None:
        return word(f"play.suit.{action.suit.word}", lang)
    if action.kind == "choose":
        return choice_name(action.choice or "", lang)
    if action.kind == "play" and action.card is not None:
        return card_face(action.card, lang)
    return action_text(action, rules, lang)


def action_button(action: Action, rules: Rules, lang: Lang) -> ActionButton:
    """A choice that is not a card (a bid, pass, a trump suit, a choice) as its button."""
    return {"id": str(action), "text": choice_text(action, rules, lang), "kind": action.kind}


def hint_panel(ranked: Hint, rules: Rules, lang: Lang) -> HintPanel:
    """The hint panel's content: every choice, best first, with its grade, points and reason."""
    return {
        "title": say("play.hint_title", lang, samples=ranked.samples),
        "choices": [
            {
                "id": str(c.action),
                "text": choice_text(c.action, rules, lang),
                "grade": c.grade,
                "grade_word": word(f"grade.{c.grade}", lang),
                "points": number_text(c.points, "+.1f", lang),
                "details": c.details(lang),
                "reason": why(c, lang),
            }
            for c in ranked.choices
        ],
    }


def exchange_panel(ranked: ExchangeHint, lang: Lang) -> HintPanel:
    """The hint panel for the bidder's exchange: the best eight whole exchanges (of a few dozen), best first, as
    :func:`hint_panel` shows cards and bids."""
    if not any(c.discards for c in ranked.choices):
        title = "play.trump_title"  # every card put aside: only the trump is left to choose
    elif len({c.trump for c in ranked.choices}) == 1:
        title = "play.discard_title"  # trump was named before the exchange
    else:
        title = "play.exchange_title"
    return {
        "title": say(title, lang, samples=ranked.samples),
        "choices": [
            {
                "id": c.said("en"),
                "text": c.said(lang),
                "grade": c.grade,
                "grade_word": word(f"grade.{c.grade}", lang),
                "points": number_text(c.points, "+.1f", lang),
                "details": c.details(lang),
                "reason": c.why(lang),
            }
            for c in ranked.choices[:8]
        ],
    }


def exchange_grade_line(ranked: ExchangeHint, mine: ExchangeChoice, lang: Lang) -> GradeLine:
    """The line under the table once the learner's exchange is complete, as :func:`grade_line` for a card."""
    return _chose_line(
        mine.said(lang),
        mine.grade,
        mine.reason.said(lang),
        ranked.best.reason.said(lang),
        mine.doubt(lang),
        lang,
        mine.details(lang),
    )


def grade_line(ranked: Hint, action: Action, rules: Rules, lang: Lang) -> GradeLine:
    """The line under the table after a choice: its grade and reason and, when it was not the best, the best one's
    reason (each said once)."""
    mine = ranked.choice(action)
    return _chose_line(
        choice_text(action, rules, lang),
        mine.grade,
        mine.reason.said(lang),
        ranked.best.reason.said(lang),
        mine.doubt(lang),
        lang,
        mine.details(lang),
    )


#: Grades after which the table plays out, on one of the graded deals, the line that punishes the card.
_REFUTED = ("inaccuracy", "mistake", "blunder")


def refuted(view: SeatView, action: Action, ranked: Hint, lang: Lang) -> GradeLine:
    """After a card graded inaccuracy or worse: the punishing line on one of the deals behind the grade, and the
    better card's (:func:`~charlemagne_learn.analysis.refute.refutation`), as the words of a "Why?" fold under the
    grade; nothing otherwise."""
    if action.kind != "play" or ranked.choice(action).grade not in _REFUTED:
        return {}
    found = refutation(view, action, ranked.best.action, samples=ranked.samples, lang=lang)
    if found is None:
        return {}
    lines: list[RefutationLine] = [{"text": text, "trick": trick} for text, trick in found.lines(lang)]
    return {"why": word("play.why_refuted", lang), "line": found.text(lang), "lines": lines}


def _chose_line(
    chosen: str, grade: str, reason: str, best: str, unsure: str, lang: Lang, details: str = ""
) -> GradeLine:
    """ "You chose 9♠: good", then the reason (with how sure the grade is, where that needs saying: "a close call",
    "close to mistake") and the better choice's, as the review after the hand says them; ``details``: the deals and
    intervals behind the grade, shown when the learner points at it."""
    text = say("play.you_chose", lang, action=chosen, grade=word(f"grade.{grade}", lang))
    if unsure:
        reason = say("display.unsure", lang, reason=reason, doubt=unsure)
    if grade != "best":
        reason = say("display.better", lang, reason=reason, best=best)
    return {"text": text, "grade": grade, "reason": reason, "details": details}


def move_grade(grade: CardGrade | ExchangeGrade | None, rules: Rules, lang: Lang) -> GradeLine:
    """The line under the table after a move the table graded (:class:`~charlemagne_learn.teach.session.Move`):
    a bid's or card's grade with its "Why?" fold, a whole exchange's, or nothing."""
    if isinstance(grade, ExchangeGrade):
        return exchange_grade_line(grade.ranked, grade.mine, lang)
    if grade is None:
        return {}
    line = grade_line(grade.ranked, grade.action, rules, lang)
    return {**line, **refuted(grade.view, grade.action, grade.ranked, lang)}
