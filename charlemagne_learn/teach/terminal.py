"""The table in a terminal: ``python -m charlemagne_learn play`` plays hands of a game against three bots through a
:class:`~.session.TableSession`, a move a line::

    python -m charlemagne_learn play --variant canadian --seed 3 --seat S --lang fr

Each turn shows the bots' moves since the learner's last one, the learner's cards, the trick and the choices; a line
is a card (``JH``: played, or put aside while discarding; several cards on one line put them all aside), an action
as listed (``bid 6``, ``pass``, ``trump H``), ``hint`` or ``?`` for the hint, ``quit`` to stop. A move the game
refuses is said and asked again. After each hand its review; Enter deals the next one. The input's end ends the
game, as ``quit`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from ..analysis.exchange import ExchangeChoice, ExchangeHint
from ..analysis.hints import Choice, Hint
from ..analysis.shown import hint_text, review_why
from ..engine.actions import Action
from ..engine.errors import CardParseError, CharlemagneError, IllegalActionError
from ..engine.hand import HandState
from ..engine.i18n import Lang, card_face, say, seat_word, word
from ..engine.messages import said
from .narration import narrate
from .session import CardGrade, ExchangeGrade, Move, TableSession

__all__ = ["HINT", "QUIT", "play_in_terminal"]

#: What a learner types for the hint, and to stop.
HINT, QUIT = ("hint", "?", "conseil"), ("quit", "q", "exit", "quitter")
#: The exchanges a hint lists (of a few dozen), as the table's hint panel does.
_EXCHANGES_SHOWN = 8


def play_in_terminal(session: TableSession, read: Callable[[], str | None], out: TextIO) -> str:
    """Play ``session`` with the lines ``read`` returns (None: the input is over) and write the table to ``out``;
    the game's score as it stands when the game ends, or when the learner stops."""
    session.tell = True  # each bot's move told, as a line, from the next move on (the session may tell the first)
    lang = session.lang

    def show(text: str) -> None:
        print(text, file=out, flush=True)

    show(say("terminal.welcome", lang, rules=session.rules.named(), seat=seat_word(session.me, lang)))
    show(word("terminal.help", lang))
    told: tuple[HandState, int] | None = None  # the hand and how many of its actions are told already
    while True:
        story = session.told()
        session.skip_story()  # told at once, a line an action
        if story is not None:
            start = told[1] if told is not None and told[0] is story.hand else story.first
            for move in range(start, len(story.hand.history)):
                show("  " + narrate(story.hand, move, session.seat, lang))
            told = (story.hand, len(story.hand.history))
        if session.done is not None:
            show(_review(session, session.done, lang))
            if session.game.is_over:
                break
            show(word("terminal.next", lang))
            line = read()
            if line is None or line.strip():  # Enter alone deals the next hand; anything else stops
                break
            session.next_hand()
            continue
        if session.passing_to is not None:  # several people at one terminal: the next one says they are there
            show(say("play.pass_to", lang, seat=seat_word(session.passing_to, lang)))
            if read() is None:
                break
            session.ready()
            continue
        show(_table(session, lang))
        line = read()
        if line is None or line.strip().lower() in QUIT:
            break
        typed = line.strip()
        if not typed:
            continue
        try:
            if typed.lower() in HINT:
                show(_hint(session, lang))
            else:
                for made in _moves(session, typed):
                    if made.grade is not None:
                        show(_grade(made, lang))
        except CharlemagneError as exc:
            show(exc.said(lang))
    scores = session.game.scores
    if session.game.winner:
        return say("play.game_over", lang, team=seat_word(session.game.winner, lang))
    return say("play.game_points", lang, **scores)


def _moves(session: TableSession, typed: str) -> list[Move]:
    """The learner's line as moves: several cards while discarding are chosen then put aside together (refused
    whole, none of them put aside); anything else is one move."""
    cards = typed.replace(",", " ").split()
    if session.discards_left() and len(cards) > 1:
        try:
            for card in cards:
                session.choose_discard(card)
            return session.confirm_discards()
        except (IllegalActionError, CardParseError):
            session.undo_discards()
            raise
    numbered = _numbered(session.seen_by(session.seat).legal)
    if typed.isdigit() and 1 <= int(typed) <= len(numbered):
        return [session.play(numbered[int(typed) - 1])]
    return [session.play(typed)]


def _numbered(legal: Iterable[Action]) -> list[Action]:
    """The choices that are no card, in the order the table lists them: the number a learner types picks one."""
    return [a for a in legal if a.card is None]


def _table(session: TableSession, lang: Lang) -> str:
    """The learner's side of the table: the contract, the trick, the cards held and what may be typed."""
    seen = session.seen_by(session.seat)
    view = seen.view
    lines = [say("terminal.where", lang, n=seen.number, phase=view.phase.text(lang), **seen.scores)]
    if view.contract is not None:
        lines.append(say("terminal.contract", lang, contract=view.contract.text(lang)))
    if view.trick:
        trick = ", ".join(f"{seat_word(s, lang)} {card_face(c, lang)}" for s, c in view.trick)
        lines.append(say("terminal.trick", lang, cards=trick))
    lines.append(say("terminal.hand", lang, cards=" ".join(card_face(c, lang) for c in view.hand)))
    if seen.to_act:
        # a card by its face; any other choice by its number and its words (its code is no word of the game)
        typed = [card_face(a.card, lang) for a in seen.legal if a.card is not None]
        typed += [f"{n}) {_said(a, lang)}" for n, a in enumerate(_numbered(seen.legal), 1)]
        lines.append(say("terminal.choices", lang, choices=", ".join(dict.fromkeys(typed))))
        if seen.discards_left > 1:
            lines.append(say("terminal.discards", lang, n=seen.discards_left))
    return "\n".join(lines)


def _hint(session: TableSession, lang: Lang) -> str:
    ranked = session.hint()
    if isinstance(ranked, str):
        return word(ranked, lang)
    if isinstance(ranked, Hint):
        return hint_text(ranked, lang)
    return _exchanges(ranked, lang)


def _exchanges(ranked: ExchangeHint, lang: Lang) -> str:
    head = say("play.exchange_title", lang, samples=ranked.samples)
    rows = [
        f"  {c.said(lang)}: {word(f'grade.{c.grade}', lang)}. {c.why(lang)}" for c in ranked.choices[:_EXCHANGES_SHOWN]
    ]
    return "\n".join([head, *rows])


def _grade(move: Move, lang: Lang) -> str:
    """The grade of the learner's move, with how sure it is where that needs saying, and the better choice's reason
    when it was not the best: as the table's line under the cards says it."""
    grade = move.grade
    mine: Choice | ExchangeChoice
    if isinstance(grade, ExchangeGrade):
        chosen, mine, best = grade.mine.said(lang), grade.mine, grade.ranked.best.reason
    else:
        assert isinstance(grade, CardGrade)
        chosen, mine, best = _said(grade.action, lang), grade.ranked.choice(grade.action), grade.ranked.best.reason
    reason, unsure = said(mine.reason, lang), mine.doubt(lang)
    if unsure:
        reason = say("display.unsure", lang, reason=reason, doubt=unsure)
    if mine.grade != "best":
        reason = say("display.better", lang, reason=reason, best=said(best, lang))
    return f"{say('play.you_chose', lang, action=chosen, grade=word(f'grade.{mine.grade}', lang))}. {reason}"


def _said(action: Action, lang: Lang) -> str:
    return card_face(action.card, lang) if action.card is not None else action.text(lang)


def _review(session: TableSession, hand: HandState, lang: Lang) -> str:
    """The finished hand: how it ended, each of the learner's graded decisions, the points and the game's score."""
    result = hand.result
    assert result is not None
    lines = [say("play.review", lang, n=len(session.game.finished))]
    for _seat, line in session.review():
        action = said(line.said, lang) or _said(line.action, lang)
        lines.append(
            f"  {said(line.when, lang)}: {action}: {word(f'grade.{line.grade}', lang)}. {review_why(line, lang)}"
        )
    if len(lines) == 1:
        lines.append("  " + word("play.no_decisions", lang))
    lines.append(say("play.hand_points", lang, **result.points))
    lines.append(say("play.game_points", lang, **session.game.scores))
    return "\n".join(lines)
