"""The pieces every grader of a choice shares, below the dispatcher (:mod:`~charlemagne_learn.analysis.hints`): a
graded :class:`Choice` and the :class:`Hint` of all of them, the :class:`Review` of a seat's decisions, the ranking
of a grader's rows (:func:`rank_choices`), and what a view says of the moment (:func:`bid_stands`,
:func:`before_exchange`, :func:`graded`, …). The phase graders (:mod:`.play`, :mod:`.first_bid`, :mod:`.auction`,
:mod:`.give`, :mod:`.choose`) import these; nothing here imports a grader.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from typing import Any

from ..engine.actions import Action
from ..engine.bidding import bid_named
from ..engine.cards import Seat
from ..engine.errors import CharlemagneError, IllegalActionError
from ..engine.hand import Phase, SeatView
from ..engine.i18n import lang_or_current, sentence
from ..engine.messages import Message, Phrase, Sayable, message, said
from ..engine.rules import Rules
from .equity import AtScore
from .grading import Grade, Graded, Sureness, grade_choices, grade_estimates, sureness_of
from .rulebot import winning_bid
from .shown import hint_html, hint_text, review_html, review_text

__all__ = [
    "GRADE_SAMPLES", "Choice", "GameChances", "Hint", "Review", "ReviewLine", "Row", "before_exchange", "bid_stands",
    "graded", "partner_has_bid", "rank_choices", "still_to_bid",
]  # fmt: skip


#: Deals of the hidden cards behind a hint or a grade unless told otherwise: enough that looking at 400 of them (the
#: same first ones, and more) changes a card's grade less than one time in twenty (benchmarks/grade_agreement.py).
#: Every one is used, however long it takes: a grade never depends on the machine's speed.
GRADE_SAMPLES = 320


@dataclass(frozen=True, kw_only=True)
class Choice(Sureness):
    """One choice of the seat: what it is worth and how it compares with the best."""

    action: Action
    #: Mean points of the seat's team minus the other team's.
    points: float
    #: Mean tricks the seat's side takes from here (card play only).
    tricks: float | None
    #: Chance the contract (or, bidding, this bid) is made.
    made: float | None
    loss: float
    grade: Grade
    #: What the choice does, then what it brings: a message, said in the learner's language when shown.
    reason: Message
    #: The rule of thumb that recommends this choice, where one applies (None for the others).
    rule: Sayable | None = None
    #: Deals of the hidden cards behind the grade, the 95% interval of :attr:`loss`, whether those deals cannot
    #: tell this choice from the best, and whether the whole interval lies in the grade's band
    #: (:class:`~charlemagne_learn.analysis.grading.Graded`).
    deals: int = 0
    low: float = 0.0
    high: float = 0.0
    tied: bool = False
    perhaps: Grade | None = None
    #: The share of the best choice's chance of the seat's result this one throws away, and its 95% interval (None
    #: for a bid, graded by its points).
    chance_loss: float | None = None
    chance_low: float = 0.0
    chance_high: float = 0.0
    #: The chance of winning the game, where the game's score decided the grade (:class:`GameChances`); None where
    #: the points did.
    game: float | None = None


@dataclass(frozen=True)
class Hint:
    """Every legal choice of a seat, best first."""

    seat: Seat
    phase: Phase
    choices: tuple[Choice, ...]
    samples: int
    #: The rules the choices were made under: a bid is read by any of its names ("bid Charles+").
    rules: Rules | None = field(default=None, compare=False, repr=False)
    #: The language the hint is shown in (None: the course's at that moment); the ranking is the same in every one.
    lang: str | None = field(default=None, compare=False, repr=False)

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def choice(self, action: Action | str) -> Choice:
        """The entry of one action (as an :class:`Action` or text such as ``"play JH"``)."""
        act = Action.parse(action)
        if act.kind == "bid" and self.rules is not None:
            with suppress(CharlemagneError):  # no bid of this ladder: refused below, with the choices there are
                act = bid_named(self.rules, act)
        for c in self.choices:
            if c.action == act:
                return c
        raise IllegalActionError(
            sentence(
                "hints.not_a_choice",
                act=act.text(),
                seat=self.seat,
                choices=", ".join(c.action.text() for c in self.choices),
            )
        )

    def __repr__(self) -> str:
        return f"<Hint for {self.seat.word}, {self.phase.value}: best {self.best.action} of {len(self.choices)}>"

    def __str__(self) -> str:
        return hint_text(self, self.lang)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's plain-text form: the numbers, where no HTML is shown (a terminal, a saved notebook read as text)
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return hint_html(self, self.lang)


#: A choice to rank: the action, its points on each deal (the same deals for every choice), the mean tricks its side
#: takes, its chance of making the contract, and the reason (a message).
Row = tuple[Action, Sequence[float], float | None, float | None, Message]


@dataclass(frozen=True)
class GameChances:
    """What each choice of a grader's rows is worth in chances of winning the game at the score :attr:`at`: deal by
    deal (``rows[i][d]``, the same deals as the points), or, with ``errors``, one mean per row and its standard
    error. ``stake`` is the chance of winning the game at stake between making the contract and failing it (when
    bidding, the lowest bid) at this score: the scale a choice's loss of that chance is graded against, as the
    points' stake is for points (far from the target the two scales agree). ``ends[i]``: choice ``i``, on some deal,
    ends the game (won or lost): the choices whose grade the score can decide."""

    at: AtScore
    rows: Sequence[Sequence[float]]
    stake: float
    ends: Sequence[bool]
    errors: Sequence[float] | None = None


def rank_choices(
    rows: list[Row],
    stake: float,
    *,
    results: Sequence[Sequence[float]] | None = None,
    errors: Sequence[float] | None = None,
    deals: int = 0,
    game: GameChances | None = None,
) -> list[Choice]:
    """The choices of ``rows`` graded and ranked, best first. ``results``: for each row, deal by deal, 1 where the
    seat's side gets the result it plays for (the contract made, or set), else 0 — the first measure, the points
    the second (:func:`~.grading.grade_choices`); None: by the points alone (a bid). ``errors``: when each row holds
    only its mean points (one value), the standard error of each mean, and the ``deals`` behind them. The rule of
    thumb is the dispatcher's to add (:func:`~.hints.hint`).

    ``game``: the game's score, and each row's chances of winning the game from it. On those chances a choice is
    graded by the chance it gives up against the best, as a share of the chance at stake (the result, where there
    is one, still first), as it is by its points. The score decides where a choice that ends the game on some deal
    (:attr:`GameChances.ends`: its side reaches the target, or wins or loses the game outright) has another grade on
    the chances of winning the game than on the points. There every choice is graded and ranked on those chances, each reason saying so.
    Everywhere else the points' grades, ranking and reasons are given unchanged: where no hand's end can end the
    game, the chances only bend the points' scale a little (far from the target each point is worth a little less
    than the one before), and a score that bends it so grades as no score does."""
    if errors is None:
        grades = grade_choices([r[1] for r in rows], stake, results)
    else:
        grades = grade_estimates([r[1][0] for r in rows], errors, stake, deals)
    means = [sum(r[1]) / len(r[1]) for r in rows]
    chances = [sum(r) / len(r) for r in results] if results is not None else [0.0] * len(rows)
    order = sorted(range(len(rows)), key=lambda i: (-chances[i], -means[i], -(rows[i][2] or 0.0), i))
    by_points = [_choice(rows[i], means[i], grades[i]) for i in order]
    if game is None or not any(game.ends) or not rows:
        return by_points
    wins = [sum(r) / len(r) for r in game.rows]
    order = sorted(range(len(rows)), key=lambda i: (-chances[i], -wins[i], -means[i], -(rows[i][2] or 0.0), i))
    top = order[0]
    if game.errors is None:
        on_game = grade_choices(game.rows, game.stake, results, best=top)
    else:
        on_game = grade_estimates([r[0] for r in game.rows], game.errors, game.stake, deals, best=top)
    if not any(ends and a.grade != b.grade for ends, a, b in zip(game.ends, grades, on_game, strict=True)):
        return by_points
    # what each choice gives up against the game's best: its points (below 0 where it brings more), and its chance of
    # winning the game as a share of the chance at stake, which its grade and sureness read
    if errors is None:
        against = grade_choices([r[1] for r in rows], stake, results, best=top)
    else:
        against = grade_estimates([r[1][0] for r in rows], errors, stake, deals, best=top)
    at_stake = game.stake if game.stake > 0 else math.inf
    out = []
    for i in order:
        mine = on_game[i]
        g = replace(
            against[i],
            grade=mine.grade,
            tied=mine.tied,
            perhaps=mine.perhaps,
            chance_loss=max(0.0, mine.loss) / at_stake,
            chance_low=mine.low / at_stake,
            chance_high=mine.high / at_stake,
        )
        action, text = rows[i][0], rows[i][4]
        if i == top:
            said_now = message("equity.reason_best", reason=text, score=game.at.scores_text, p=wins[i])
        else:
            best = Phrase(Action.text, rows[top][0])
            said_now = message(
                "equity.reason", reason=text, score=game.at.scores_text, p=wins[i], best=best, q=wins[top]
            )
        out.append(replace(_choice(rows[i], means[i], g), action=action, reason=said_now, game=wins[i]))
    return out


def _choice(row: Row, mean: float, g: Graded) -> Choice:
    """A row as a graded :class:`Choice`."""
    action, _, tricks, made, text = row
    return Choice(action=action, points=mean, tricks=tricks, made=made, reason=text, **sureness_of(g))


def partner_has_bid(view: SeatView) -> bool:
    """Has the partner of the seat to move bid in this auction? (What the partner's bid says is part of the
    choice: the decision quizzes' reply.)"""
    me = view.seat
    return any(seat == me.partner and action.kind == "bid" for seat, action in view.bids)


def bid_stands(view: SeatView) -> bool:
    """Has anybody bid in this auction? Then a pass leaves that bid (or a later one) to be played, and every choice
    is graded by what follows it (:mod:`~charlemagne_learn.analysis.auction`), on deals that fit the bids made,
    not by its own odds: a pass is worth what the contract that stands brings the seat's side, set or made.

    With no bid yet, each bid is graded by its own odds and the pass at nothing: what the others would bid after a
    pass is a guess about their bidding, which, asked of RuleBot, prefers a 6 to the lowest bid on 14 first bids
    in 30 (it pre-empts RuleBot's overcalls), against the course's count, at three times the cost."""
    return any(action.kind == "bid" for _, action in view.bids)


def still_to_bid(view: SeatView) -> list[Seat]:
    """The seats that bid after the seat to move: the bidding goes round once, the dealer's bid last."""
    me = view.seat
    return [Seat((me + k) % 4) for k in range(1, (view.dealer - me) % 4 + 1)]


def graded(view: SeatView) -> bool:
    """Does :func:`hint` rank the choice of the seat to move in ``view``? Bids and cards; the card a lone bidder's
    partner gives (not one given to a partner who defends alone); the bidder's choices before any card changes
    hands (:func:`before_exchange`; not a defender's choice to defend alone). :func:`review` grades these only."""
    if view.to_move != view.seat or not view.legal_actions:
        return False
    if view.phase in (Phase.PLAY, Phase.BIDDING):
        return True
    if view.phase is Phase.GIVE:
        return any(a.kind == "bid" for _, a in view.bids) and view.seat == winning_bid(view)[1].partner
    return before_exchange(view)


def before_exchange(view: SeatView) -> bool:
    """Is the seat to move in ``view`` the bidder, choosing (or naming trump) before any card has changed hands?
    Those are the choices :func:`~charlemagne_learn.analysis.choose.choose_choices` ranks."""
    return (
        view.phase in (Phase.CHOOSE, Phase.TRUMP)
        and view.to_move == view.seat == winning_bid(view)[1]
        and not view.kitty
        and not view.received
        and not any(a.kind in ("give", "discard") for _, a in view.history)
    )


@dataclass(frozen=True, kw_only=True)
class ReviewLine:
    """One decision of the reviewed seat: what was done, its grade, and the best choice."""

    move: int
    phase: Phase
    action: Action
    grade: Grade
    best: Action
    #: Each text of the line is kept unsaid (:class:`~charlemagne_learn.engine.messages.Sayable`), said in the
    #: review's language when shown (:meth:`in_words`, and the pictures of :mod:`.shown`).
    reason: Sayable
    #: The better choice's reason, when the choice made was not the best one (None when it was).
    best_reason: Sayable | None = None
    #: How sure the grade is, where it needs saying (:meth:`Choice.doubt`): "" said for a sure grade.
    doubt: Sayable | None = None
    #: A decision of several actions (the bidder's exchange: its discards and trump), and the best one's; None for
    #: one action (:attr:`action` says it). :attr:`action` is then the exchange's first discard.
    said: Sayable | None = None
    best_said: Sayable | None = None
    #: Where the decision falls in the hand, as a player says it: "The bidding", "Trick 3, second card".
    when: Sayable | None = None

    def in_words(self, lang: str | None = None) -> str:
        """The line as its fields read in ``lang`` (the course's language by default), written as a dataclass
        writes itself: ``ReviewLine(move=0, …, reason='…', …)``."""
        language = lang_or_current(lang)
        values = ((f.name, getattr(self, f.name)) for f in dataclass_fields(self))
        fields = ", ".join(
            f"{name}={said(value, language) if value is None or isinstance(value, Sayable) else value!r}"
            for name, value in values
        )
        return f"{type(self).__qualname__}({fields})"


@dataclass(frozen=True)
class Review:
    seat: Seat
    lines: tuple[ReviewLine, ...]
    #: The language the review is shown in (None: the course's at that moment).
    lang: str | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        # the fields as they read in the review's language, the lines' texts said there
        lines = [line.in_words(self.lang) for line in self.lines]
        listed = "(" + ", ".join(lines) + ("," if len(lines) == 1 else "") + ")"
        return f"{type(self).__qualname__}(seat={self.seat!r}, lines={listed})"

    def __str__(self) -> str:
        return review_text(self, self.lang)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return review_html(self, self.lang)
