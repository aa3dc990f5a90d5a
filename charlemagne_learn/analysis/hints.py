"""Hints and grading: every choice of a seat ranked by what it is worth, with a grade and a reason in plain words.

A card is worth how often its side then gets the result it plays for (the contract made, or set) and the points it
can expect, over deals of the hidden cards consistent with what the seat has seen, each solved double-dummy
(:mod:`~charlemagne_learn.analysis.pimc`): ranked by the chance first, then the points, then the tricks. A first bid
(nobody has bid yet) is worth the points :func:`~charlemagne_learn.analysis.odds.bid_odds` expects from it, and a pass
nothing; once somebody has bid, each bid and the pass are worth what follows them, the bid that stands played out
(:mod:`~charlemagne_learn.analysis.auction`, :func:`bid_stands`). The result
and points, not tricks, because the game pays for contracts: an overtrick in a 5-bid is worth nothing, one trick
short of Charlemagne costs everything.

Each choice is graded by what it gives up against the best one on the same deals — of its chance of the result the
seat plays for first, of the points second (a bid: its points) — with ties and sureness
(:mod:`~charlemagne_learn.analysis.grading`). The deals are a function of the position and the seed, never of the
time: the same decision gets the same grade on every machine.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
>>> h = hint(state.view("N"), samples=20)
>>> h.phase.value, h.choices[0].grade, str(h.choices[0].action) in [str(a) for a in state.legal_actions()]
('bidding', 'best', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.checks import flag, whole_number
from ..engine.errors import IllegalActionError
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import Lang, lang_or_current, sentence, speaking
from ..engine.messages import Phrase
from ..engine.rng import check_seed
from .auction import auction_choices
from .choices import (
    GRADE_SAMPLES,
    Choice,
    Hint,
    Review,
    ReviewLine,
    before_exchange,
    bid_stands,
    graded,
    partner_has_bid,
    still_to_bid,
)
from .choose import choose_choices
from .count import bid_thumb
from .equity import AtScore
from .exchange import exchange_hint, exchange_made
from .first_bid import bid_choices
from .give import give_choices
from .grading import GRADES, Grade, Sureness, grade_for, grade_word
from .odds import MAX_SAMPLES
from .play import play_choices
from .rulebot import advise, rule_text
from .work import Kept, key_of

__all__ = [
    "GRADES", "GRADE_SAMPLES", "Choice", "Grade", "Hint", "Review", "ReviewLine", "before_exchange", "bid_stands",
    "grade_for", "grade_word", "graded", "hint", "partner_has_bid", "review", "still_to_bid",
]  # fmt: skip


def hint(
    view: SeatView,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    bids: bool = True,
    lang: str | None = None,
    scores: Mapping[str, int] | None = None,
) -> Hint:
    """Rank every legal card, bid, partner's card (:mod:`~charlemagne_learn.analysis.give`) or bidder's choice
    before any card changes hands (:mod:`~charlemagne_learn.analysis.choose`: the kitty or the partner's card,
    alone or not, trump named before the exchange) of the seat to move in ``view``; other phases are not graded
    (the exchange has :func:`~charlemagne_learn.analysis.exchange.exchange_hint`).

    ``workers``: processes for the bid odds (default: one per usable CPU, at most 8; 1 for none, e.g. inside a bot that a
    tournament already runs on every core). ``bids``: read the bidding as evidence about the hidden hands.
    Every one of the ``samples`` deals is used (:attr:`Hint.samples`), so the same view, samples and seed give
    the same hint on every machine. The reasons are messages, said in ``lang`` when the hint is shown (by default
    the course's language at that moment): the ranking is one for every language, and a hint asked in another
    language is read back, not worked out again.

    ``scores``: the game's score before this hand (``{"NS": 28, "EW": 30}``, as a game starts from); None grades by
    the points alone. With it, bids and cards are graded by the chance of winning the game
    (:mod:`~charlemagne_learn.analysis.equity`) where the score decides — where some choice's grade on the game
    differs from its grade on the points — and the reason says so; everywhere else the grades are the points' own
    (:func:`~.choices.rank_choices`). A partner's card and the bidder's choice before the exchange are graded by the
    points, as are Bid Euchre's bids (a deal's net points there do not say each team's)."""
    language = lang_or_current(lang)
    if not isinstance(view, SeatView):
        example = "hint(state.view(state.to_move))" if isinstance(view, HandState) else "hint(state.view('N'))"
        raise IllegalActionError(sentence("hints.not_a_view", language, given=type(view).__name__, example=example))
    samples = whole_number("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    flag("bids", bids)
    with speaking(language):  # a bad score refused in the language asked
        at = None if scores is None else AtScore.of(view.rules, scores, view.seat.team, view.dealer)
    if view.to_move != view.seat or not view.legal_actions:
        raise IllegalActionError(sentence("hints.not_your_turn", language, seat=view.seat))
    if not _graded_phase(view):
        raise IllegalActionError(sentence("hints.not_graded", language, phase=view.phase.text(language)))
    # ``workers`` decides only how soon the answer comes; the language only how the reasons read
    key = (key_of(view), samples, seed, bids, at)
    with speaking(language):  # a grader's refusal made in the language asked
        ranked = _HINTS.get(key, lambda: _ranked(view, samples, seed, workers, bids, at))
    return ranked if lang is None else replace(ranked, lang=language)


#: The hints given lately, in no language: the grade given live is read back by the review after the hand, the Hint
#: button's ranking by the grade of the move then made, an English hint by a French one. Room for several hands'
#: moves, the bots' at the table included.
_HINTS: Kept[Hint] = Kept(128)


def _graded_phase(view: SeatView) -> bool:
    """Is the phase of ``view`` one a grader ranks (:func:`_ranked`)?"""
    if view.phase in (Phase.PLAY, Phase.BIDDING, Phase.GIVE, Phase.CHOOSE):
        return True
    return view.phase is Phase.TRUMP and before_exchange(view)


def _ranked(view: SeatView, samples: int, seed: int, workers: int | None, bids: bool, at: AtScore | None) -> Hint:
    """:func:`hint`, its arguments checked: the phase's grader ranks the choices, then the rule of thumb is added."""
    if view.phase is Phase.PLAY:
        choices, used = play_choices(view, samples, seed, bids, at)
    elif view.phase is Phase.BIDDING and bid_stands(view):
        choices, used = auction_choices(view, samples, seed, at)
    elif view.phase is Phase.BIDDING:
        choices, used = bid_choices(view, samples, seed, workers, at)
    elif view.phase is Phase.GIVE:
        choices, used = give_choices(view, samples, seed)
    else:  # the bidder's choice before the exchange (:func:`_graded_phase`)
        choices, used = choose_choices(view, samples, seed)
    # The rule of thumb behind the choice a sensible player would make, the words a learner remembers: the count
    # for a bid (what a player adds up at the table), RuleBot's rule for the rest; shown only where the rule's
    # choice is among the best: a rule on a worse choice would teach it. Its words are said when the hint is shown.
    thumb, _ = _thumb(view, "en")  # the choice it names is the same in every language; its words are said later
    rule = Phrase(_rule_words, view)
    ruled = [replace(c, rule=rule) if c.action == thumb and c.grade == "best" else c for c in choices]
    return Hint(view.seat, view.phase, tuple(ruled), used, view.rules)


def _rule_words(view: SeatView, lang: Lang) -> str:
    """The rule of thumb of ``view`` in ``lang``."""
    return _thumb(view, lang)[1]


def _thumb(view: SeatView, lang: str) -> tuple[Action | None, str]:
    """The choice the rule of thumb recommends in ``view`` and the rule in words (None: no rule applies): the count
    for a bid (:mod:`.count`, a rule a player adds up at the table), RuleBot's rule for the rest."""
    if view.phase is Phase.BIDDING:
        return bid_thumb(view, lang)
    advice = advise(view)
    if advice.rule == "only":
        return None, ""
    return advice.action, rule_text(advice.rule, lang)


def review(
    state: HandState,
    seat: Seat | str,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    lang: str | None = None,
    scores: Mapping[str, int] | None = None,
) -> Review:
    """Every bid, card and partner's card ``seat`` chose in ``state``, its choice before the exchange as the
    bidder and its exchange as a whole (the discards and the trump named with them), graded against the best choice
    at that moment.

    ``workers`` as for :func:`hint` (the bid odds behind grading a bid). Each decision is graded exactly as
    :func:`hint` grades it at that moment (same samples, same seed): the review says what the live grade said.
    The lines' reasons are messages, said in ``lang`` when the review is shown (by default the course's language at
    that moment): reviewed in a second language, every grade is read back. ``scores``: the game's score before the
    hand, as for :func:`hint` (the bids and cards then graded to the score where it decides)."""
    language = lang_or_current(lang)
    if not isinstance(state, HandState):
        raise IllegalActionError(sentence("hints.not_a_state", language, given=type(state).__name__))
    who = Seat.find(seat)
    # the decisions hint() grades: bids, cards, the card given to a lone bidder (not to a partner defending alone),
    # the bidder's choices before any card changes hands (not a defender's, nor trump after the exchange)
    moves = [
        m
        for m, (mover, act) in enumerate(state.history)
        if mover == who
        and (
            act.kind in ("bid", "pass", "play")
            or (act.kind == "give" and graded(state.at(m).view(who)))
            or (act.kind in ("choose", "trump") and state.bidder == who and before_exchange(state.at(m).view(who)))
        )
    ]
    lines = [] if (line := _exchange_line(state, who, samples, seed)) is None else [line]
    for move in moves:
        act = state.history[move][1]
        before = state.at(move)
        h = hint(before.view(who), samples, seed, workers=workers, lang=language, scores=scores)
        mine = h.choice(act)
        lines.append(
            ReviewLine(
                move=move,
                phase=h.phase,
                action=act,
                grade=mine.grade,
                best=h.best.action,
                reason=mine.reason,
                best_reason=None if mine.grade == "best" else h.best.reason,
                doubt=Phrase(Sureness.doubt, mine),
                when=Phrase(HandState.when, before, move),
            )
        )
    return Review(who, tuple(sorted(lines, key=lambda line: line.move)), lang=lang)


def _exchange_line(state: HandState, who: Seat, samples: int, seed: int) -> ReviewLine | None:
    """The bidder's exchange (its discards and the trump named with them), graded as a whole as the play table
    grades it live: by :func:`~.exchange.exchange_hint` from the first discard, on the same deals. None where
    ``who`` made no exchange."""
    first = next((m for m, (mover, act) in enumerate(state.history) if mover == who and act.kind == "discard"), None)
    if first is None or state.bidder != who:
        return None
    start = state.at(first)
    discards, trump = exchange_made(state, start, who)
    try:
        ranked = exchange_hint(start, min(samples, 400), seed, also=(discards, trump))
    except IllegalActionError:  # an exchange this position cannot grade (trump still to come first)
        return None
    mine, best = ranked.choice(discards, trump), ranked.best
    return ReviewLine(
        move=first,
        phase=Phase.DISCARD,
        action=Action.discard(discards[0]),
        grade=mine.grade,
        best=Action.discard(best.discards[0]) if best.discards else Action.discard(discards[0]),
        reason=mine.reason,
        best_reason=None if mine.grade == "best" else best.reason,
        doubt=Phrase(Sureness.doubt, mine),
        said=mine,
        best_said=best,
        when=Phrase(HandState.when, start, first),
    )
