"""Hints and grading: every choice of a seat ranked by what it is worth, with a grade and a reason in plain words.

A card is worth the points its side can expect after playing it, averaged over deals of the
hidden cards consistent with what the seat has seen, each solved double-dummy
(:mod:`~charlemagne_learn.analysis.pimc`); a bid is worth the points :func:`~charlemagne_learn.analysis.odds.bid_odds`
expects from it, and a pass nothing. Points, not tricks, because the game pays for contracts: an
overtrick in a 5-bid is worth nothing, one trick short of Charlemagne costs everything. Equal points
are split by tricks.

The grade measures what a choice gives up against the best one, as a share of what is at stake
(the points between making and failing the contract — or, when bidding, the lowest bid):

============  ===================
grade         points given up
============  ===================
best          under 5% of the stake
good          under 15%
inaccuracy    under 30%
mistake       under 60%
blunder       60% or more
============  ===================

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
>>> h = hint(state.view("N"), samples=20)
>>> h.phase.value, h.choices[0].grade, str(h.choices[0].action) in [str(a) for a in state.legal_actions()]
('bidding', 'best', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..actions import Action, choice_name
from ..cards import Card, Seat
from ..checks import flag, whole_number
from ..errors import IllegalActionError
from ..hand import HandState, Phase, SeatView
from ..i18n import add_messages, check_lang, lang_or_course, say, word
from ..rng import check_seed
from ..scoring import is_made, stake, value_to_bidder
from .budget import Clock, check_budget
from .odds import MAX_SAMPLES, bid_odds, how_text
from .pimc import play_outcomes
from .rulebot import _auction, advise, rule_text

__all__ = ["Choice", "Grade", "Hint", "Review", "ReviewLine", "grade_for", "grade_word", "graded", "hint", "review"]

add_messages({
    "hints.not_a_view": ("hint() takes what one seat sees, not {given}; write {example}",
                         "`hint()` prend ce que voit une place, pas {given} ; écrivez `{example}`"),
    "hints.not_your_turn": ("it is not {seat}'s turn", "ce n'est pas à {seat} de jouer"),
    "hints.not_graded": ("hints grade card play, bids, the partner's card and the bidder's choices before any card "
                         "changes hands; {phase} is not graded here (exchange_hint() grades the exchange)",
                         "les conseils notent le jeu des cartes, les enchères, la carte du partenaire et les choix du "
                         "preneur avant qu'une carte change de main ; l'étape {phase} n'est pas notée ici "
                         "(exchange_hint() juge l'échange)"),
    "hints.not_a_state": ("review() takes a HandState (a hand played so far), not {given}",
                          "`review()` prend un `HandState` (une donne jouée jusqu'ici), pas {given}"),
    "hints.not_a_choice": ("{act} is not one of {seat}'s choices: {choices}",
                           "{act} ne fait pas partie des choix {seat:de} : {choices}"),
    "hints.worse": ("; {loss:.1f} points worse than {best}", " ; {loss:.1f} points de moins que le meilleur choix ({best})"),
    "hints.thumb": (". Rule of thumb: {rule}", ". Règle du pouce : {rule}"),
    "hints.made_in": ("your contract is made in {p:.0%} of {samples} deals of the hidden cards",
                      "votre contrat réussit dans {p:.0%} des {samples} donnes des cartes cachées"),
    "hints.defeated_in": ("the bid is defeated in {p:.0%} of {samples} deals of the hidden cards",
                          "l'enchère chute dans {p:.0%} des {samples} donnes des cartes cachées"),
    "hints.play": ("{card}: your side takes {tricks:.1f} of the tricks left on average, and {result}",
                   "{card} : votre camp fait en moyenne {tricks:.1f} des levées qui restent, et {result}"),
    "hints.pass": ("pass: neither side scores from your bid", "passe : aucun camp ne marque grâce à votre enchère"),
    "hints.bid": ("{label}: made in {p:.0%} of {samples} deals of the unseen cards, {points:+.1f} points on average",
                  "{label} : réussie dans {p:.0%} des {samples} donnes des cartes cachées, {points:+.1f} points en "
                  "moyenne"),
})  # fmt: skip

Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
_GRADES: tuple[tuple[float, Grade], ...] = ((0.05, "best"), (0.15, "good"), (0.30, "inaccuracy"), (0.60, "mistake"))


def grade_for(loss: float, stake: float) -> Grade:
    """The grade of a choice that gives up ``loss`` points when ``stake`` points are at stake.

    >>> grade_for(0, 12), grade_for(1, 12), grade_for(3, 12), grade_for(9, 12)
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    share = loss / stake if stake > 0 else 0.0
    for limit, grade in _GRADES:
        if share < limit:
            return grade
    return "blunder"


def grade_word(grade: Grade, lang: str | None = None) -> str:
    """A grade as the course says it, in ``lang`` (the course's language by default).

    >>> grade_word("inaccuracy", "en"), grade_word("inaccuracy", "fr"), grade_word("blunder", "fr")
    ('inaccuracy', 'imprécision', 'gaffe')
    """
    from .. import display  # noqa: F401 - the grades' words are the static pages' (display.grade.*)

    return say(f"display.grade.{grade}", lang_or_course(lang))


@dataclass(frozen=True, kw_only=True)
class Choice:
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
    reason: str


@dataclass(frozen=True)
class Hint:
    """Every legal choice of a seat, best first."""

    seat: Seat
    phase: Phase
    choices: tuple[Choice, ...]
    samples: int

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def choice(self, action: Action | str) -> Choice:
        """The entry of one action (as an :class:`Action` or text such as ``"play JH"``)."""
        act = Action.parse(action)
        for c in self.choices:
            if c.action == act:
                return c
        raise IllegalActionError(
            say(
                "hints.not_a_choice",
                act=act.text(),
                seat=self.seat,
                choices=", ".join(c.action.text() for c in self.choices),
            )
        )

    def __repr__(self) -> str:
        return f"<Hint for {self.seat.word}, {self.phase.value}: best {self.best.action} of {len(self.choices)}>"

    def __str__(self) -> str:
        from ..display import hint_text

        return hint_text(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's plain-text form: the numbers, where no HTML is shown (a terminal, a saved notebook read as text)
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from ..display import hint_html

        return hint_html(self)


#: Deals of the hidden cards behind a hint or a grade unless told otherwise: enough that looking at 400 of them (the
#: same first ones, and more) changes a card's grade less than one time in twenty (benchmarks/grade_agreement.py),
#: in about a tenth of a second with DDS. A time budget may use fewer, and says so.
GRADE_SAMPLES = 320


def hint(
    view: SeatView,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    bids: bool = True,
    budget: float | None = None,
    lang: str | None = None,
) -> Hint:
    """Rank every legal card, bid, partner's card (:mod:`~charlemagne_learn.analysis.give`) or bidder's choice
    before any card changes hands (:mod:`~charlemagne_learn.analysis.choose`: the kitty or the partner's card,
    alone or not, trump named before the exchange) of the seat to move in ``view``; other phases are not graded
    (the exchange has :func:`~charlemagne_learn.analysis.exchange.exchange_hint`).

    ``workers``: processes for the bid odds (default: one per usable CPU, at most 8; 1 for none, e.g. inside a bot that a
    tournament already runs on every core). ``bids``: read the bidding as evidence about the hidden hands.
    ``budget``: seconds to spend (:mod:`~charlemagne_learn.analysis.budget`); :attr:`Hint.samples` says how
    many deals were used (at most ``samples``). The reasons are written in ``lang`` (the course's language by
    default)."""
    language = lang_or_course(lang)
    if not isinstance(view, SeatView):
        example = "hint(state.view(state.to_move))" if isinstance(view, HandState) else "hint(state.view('N'))"
        raise IllegalActionError(say("hints.not_a_view", language, given=type(view).__name__, example=example))
    samples = whole_number("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    flag("bids", bids)
    check_budget(budget)
    if view.to_move != view.seat or not view.legal_actions:
        raise IllegalActionError(say("hints.not_your_turn", language, seat=view.seat))
    if view.phase is Phase.PLAY:
        choices, used = _play_choices(view, samples, seed, bids, budget, language)
    elif view.phase is Phase.BIDDING:
        choices, used = _bid_choices(view, samples, seed, workers, budget, language)
    elif view.phase is Phase.GIVE:
        from .give import give_choices  # it ranks with this module's grades

        choices, used = give_choices(view, samples, seed, budget, language)
    elif view.phase is Phase.CHOOSE or (view.phase is Phase.TRUMP and before_exchange(view)):
        from .choose import choose_choices  # it ranks with this module's grades

        choices, used = choose_choices(view, samples, seed, budget, language)
    else:
        raise IllegalActionError(say("hints.not_graded", language, phase=view.phase.text(language)))
    return Hint(view.seat, view.phase, tuple(choices), used)


def _ranked(
    view: SeatView, rows: list[tuple[Action, float, float | None, float | None, str]], stake: float, lang: str = "en"
) -> list[Choice]:
    rows.sort(key=lambda r: (-r[1], -(r[2] or 0.0)))
    top = rows[0][1]
    # The rule of thumb behind the card or bid a sensible player would choose: the words a learner remembers.
    advice = advise(view)
    out = []
    for action, points, tricks, made, text in rows:
        loss = top - points
        better = say("hints.worse", lang, loss=loss, best=_named(rows[0][0], lang)) if loss >= 0.05 else ""
        follows = action == advice.action and advice.rule != "only"
        thumb = say("hints.thumb", lang, rule=rule_text(advice.rule, lang)) if follows else ""
        out.append(
            Choice(
                action=action,
                points=points,
                tricks=tricks,
                made=made,
                loss=loss,
                grade=grade_for(loss, stake),
                reason=text + better + thumb,
            )
        )
    return out


def graded(view: SeatView) -> bool:
    """Does :func:`hint` rank the choice of the seat to move in ``view``? Bids and cards; the card a lone bidder's
    partner gives (not one given to a partner who defends alone); the bidder's choices before any card changes
    hands (:func:`before_exchange`; not a defender's choice to defend alone). :func:`review` grades these only."""
    if view.to_move != view.seat or not view.legal_actions:
        return False
    if view.phase in (Phase.PLAY, Phase.BIDDING):
        return True
    if view.phase is Phase.GIVE:
        return any(a.kind == "bid" for _, a in view.bids) and view.seat == _auction(view)[1].partner
    return before_exchange(view)


def before_exchange(view: SeatView) -> bool:
    """Is the seat to move in ``view`` the bidder, choosing (or naming trump) before any card has changed hands?
    Those are the choices :func:`~charlemagne_learn.analysis.choose.choose_choices` ranks."""
    return (
        view.phase in (Phase.CHOOSE, Phase.TRUMP)
        and view.to_move == view.seat == _auction(view)[1]
        and not view.kitty
        and not view.received
        and not any(a.kind in ("give", "discard") for _, a in view.history)
    )


def _named(action: Action, lang: str) -> str:
    """An action as a reason names it: its text, or a choice in plain words ("play with your partner")."""
    if action.kind == "choose" and action.choice is not None:
        name = choice_name(action.choice, lang)
        return name[0].lower() + name[1:]
    return action.text(lang)


def _play_choices(
    view: SeatView, samples: int, seed: int, bids: bool, budget: float | None, lang: str
) -> tuple[list[Choice], int]:
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    left = len(view.hand)
    rows: list[tuple[Action, float, float | None, float | None, str]] = []
    found = play_outcomes(view, samples, seed, bids=bids, budget=budget)
    for card, outcomes in found.items():
        points = tricks = made = 0.0
        for future in outcomes:
            points += value_to_bidder(contract, taken + future) * (1 if ours else -1)
            tricks += future if ours else left - future
            made += is_made(contract, taken + future)
        n = len(outcomes)
        rows.append(
            (
                Action.play(card), points / n, tricks / n, made / n,
                _play_reason(card, tricks / n, made / n, n, ours, lang),
            )
        )  # fmt: skip
    return _ranked(view, rows, stake(contract.rules, contract.spec), lang), len(next(iter(found.values())))


def _play_reason(card: Card, tricks: float, made: float, samples: int, ours: bool, lang: str) -> str:
    if ours:
        result = say("hints.made_in", lang, p=made, samples=samples)
    else:
        result = say("hints.defeated_in", lang, p=1 - made, samples=samples)
    return say("hints.play", lang, card=card, tricks=tricks, result=result)


def _bid_choices(
    view: SeatView, samples: int, seed: int, workers: int | None, budget: float | None, lang: str
) -> tuple[list[Choice], int]:
    rules = view.rules
    odds = bid_odds(
        rules, view.hand, view.seat, view.dealer, samples=samples, seed=seed, workers=workers, budget=budget
    )
    rows: list[tuple[Action, float, float | None, float | None, str]] = []
    for act in view.legal_actions:
        if act.kind == "pass":
            rows.append((act, 0.0, None, None, say("hints.pass", lang)))
            continue
        chance = odds[act.bid or ""]
        how, made, expected = chance.how, chance.made, chance.expected_points
        if act.suit is not None or act.no_trump:  # a bid that names its trump: the odds of that suit
            way = f"trump {act.suit.symbol}" if act.suit is not None else "no trump"
            how, made, expected = next(w for w in chance.ways if w[0] == way)
        p = made / chance.samples
        # a bid that decides the game (Maine Charlemagne) is worth the whole game either way
        points = (2 * p - 1) * rules.target if expected is None else expected
        name = word(chance.label, check_lang(lang))
        label = f"{name} ({how_text(how, lang)})" if how else name
        rows.append(
            (act, points, None, p, say("hints.bid", lang, label=label, p=p, samples=odds.samples, points=points))
        )
    lowest = next(b for b in rules.bids if b.name.isdigit())
    return _ranked(view, rows, lowest.made + lowest.failed, lang), odds.samples


@dataclass(frozen=True, kw_only=True)
class ReviewLine:
    """One decision of the reviewed seat: what was done, its grade, and the best choice."""

    move: int
    phase: Phase
    action: Action
    grade: Grade
    best: Action
    reason: str


@dataclass(frozen=True)
class Review:
    seat: Seat
    lines: tuple[ReviewLine, ...]

    def __str__(self) -> str:
        from ..display import review_text

        return review_text(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from ..display import review_html

        return review_html(self)


def review(
    state: HandState,
    seat: Seat | str,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    budget: float | None = None,
    lang: str | None = None,
) -> Review:
    """Every bid, card and partner's card ``seat`` chose in ``state``, and its choice before the exchange as the
    bidder, graded against the best choice at that moment.

    ``workers`` as for :func:`hint` (the bid odds behind grading a bid); ``budget``: seconds for the whole
    review, shared out among its decisions (each grade then says how many deals it used). The reasons are written
    in ``lang`` (the course's language by default)."""
    language = lang_or_course(lang)
    if not isinstance(state, HandState):
        raise IllegalActionError(say("hints.not_a_state", language, given=type(state).__name__))
    who = Seat.find(seat)
    check_budget(budget)
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
    clock = Clock(budget)
    lines = []
    for number, move in enumerate(moves):
        act = state.history[move][1]
        before = state.at(move)
        left = clock.left()
        # what is left, shared among the decisions still to grade: a slow first grade does not starve the rest
        share = None if left is None else max(left / (len(moves) - number), 0.01)
        h = hint(before.view(who), samples, seed, workers=workers, budget=share, lang=language)
        mine = h.choice(act)
        lines.append(
            ReviewLine(move=move, phase=h.phase, action=act, grade=mine.grade, best=h.best.action, reason=mine.reason)
        )
    return Review(who, tuple(lines))
