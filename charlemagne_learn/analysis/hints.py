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
    # a reason says what the choice does, then the number, once: "7 (takes the kitty) — made in 64% of deals, …"
    "hints.thumb": ("Rule of thumb: {rule}", "Règle du pouce : {rule}"),
    "hints.made_in": ("your side makes the contract in {p:.0%} of deals",
                      "votre camp réussit le contrat dans {p:.0%} des donnes"),
    "hints.defeated_in": ("the bid is defeated in {p:.0%} of deals", "l'enchère chute dans {p:.0%} des donnes"),
    "hints.clean_in": ("you take no trick in {p:.0%} of deals", "vous ne faites aucune levée dans {p:.0%} des donnes"),
    "hints.forced_in": ("the bidder is forced to take a trick in {p:.0%} of deals",
                        "le preneur est forcé de faire une levée dans {p:.0%} des donnes"),
    "hints.play": ("{card} {does} — {result}, {points:+.1f} points on average",
                   "{card} {does} — {result}, {points:+.1f} points en moyenne"),
    "hints.does.lead_trump": ("leads trump", "entame atout"),
    "hints.does.lead_winner": ("leads a sure winner", "entame une carte maîtresse"),
    "hints.does.lead_single": ("leads its only card of the suit", "entame sa seule carte de la couleur"),
    "hints.does.lead_low": ("leads low in its suit", "entame petit dans sa couleur"),
    "hints.does.lead_high": ("leads high in its suit", "entame haut dans sa couleur"),
    "hints.does.wins": ("wins the trick", "gagne la levée"),
    "hints.does.over": ("goes over {card}", "passe par-dessus {card}"),
    "hints.does.over_partner": ("overtakes your partner's {card}", "surprend {card} de votre partenaire"),
    "hints.does.under": ("stays under {card}", "reste sous {card}"),
    "hints.does.ruff": ("trumps", "coupe"),
    "hints.does.ruff_under": ("trumps under {card}", "coupe sous {card}"),
    "hints.does.discard": ("is thrown away", "est défaussée"),
    "hints.pass": ("pass — neither side scores from your bid: 0 points",
                   "passe — aucun camp ne marque grâce à votre enchère : 0 point"),
    "hints.bid": ("{label} — made in {p:.0%} of deals, {points:+.1f} points on average",
                  "{label} — réussie dans {p:.0%} des donnes, {points:+.1f} points en moyenne"),
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
    #: What the choice does, then what it brings, in the learner's words.
    reason: str
    #: The rule of thumb that recommends this choice, where one applies ("" for the others).
    rule: str = ""


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
    # The rule of thumb behind the choice a sensible player would make, the words a learner remembers: the count
    # for a bid (what a player adds up at the table), RuleBot's rule for the rest.
    thumb, rule = _thumb(view, lang)
    out = []
    for action, points, tricks, made, text in rows:
        loss = top - points
        out.append(
            Choice(
                action=action,
                points=points,
                tricks=tricks,
                made=made,
                loss=loss,
                grade=grade_for(loss, stake),
                reason=text,
                rule=rule if action == thumb else "",
            )
        )
    return out


def _thumb(view: SeatView, lang: str) -> tuple[Action | None, str]:
    """The choice the rule of thumb recommends in ``view`` and the rule in words (None: no rule applies)."""
    if view.phase is Phase.BIDDING:
        from ..teach.judging import count_action, count_advice  # the count of lesson 09, taught with the bids

        legal = view.legal_actions
        bids = [a.bid or "" for a in legal if a.kind == "bid"]
        return count_action(view.hand, view.rules, legal), count_advice(view.hand, view.rules, bids, lang)
    advice = advise(view)
    if advice.rule == "only":
        return None, ""
    return advice.action, rule_text(advice.rule, lang)


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
                _play_reason(view, card, points / n, made / n, lang),
            )
        )  # fmt: skip
    return _ranked(view, rows, stake(contract.rules, contract.spec), lang), len(next(iter(found.values())))


def _play_reason(view: SeatView, card: Card, points: float, made: float, lang: str) -> str:
    """What the card does to the trick, then what the seat wants from the hand: its side's contract made, the
    bid defeated — or, when the bidder must take no trick, no trick taken (the bidder) or a trick forced on the
    bidder (a defender)."""
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    if contract.spec.avoid:
        result = say("hints.clean_in", lang, p=made) if ours else say("hints.forced_in", lang, p=1 - made)
    else:
        result = say("hints.made_in", lang, p=made) if ours else say("hints.defeated_in", lang, p=1 - made)
    return say("hints.play", lang, card=card, does=_does(view, card, lang), result=result, points=points)


def _does(view: SeatView, card: Card, lang: str) -> str:
    """What ``card`` does to the trick: the kind of lead, or whether it wins, stays under, trumps or is thrown."""
    contract = view.contract
    assert contract is not None
    order = contract.order
    c = card.index
    if not view.trick:
        if order.is_trump(c) and order.trump_suit is not None:
            return say("hints.does.lead_trump", lang)
        seen = {x.index for t in view.tricks for x in t.cards} | {x.index for x in view.hand}
        suit = order.suit_mask[order.suit_of[c]]
        higher = [x for x in range(34) if suit >> x & 1 and order.power[x] > order.power[c] and x not in seen]
        if not higher:
            return say("hints.does.lead_winner", lang)
        mine = [x.index for x in view.hand if order.suit_of[x.index] == order.suit_of[c]]
        if len(mine) == 1:
            return say("hints.does.lead_single", lang)
        low = min(mine, key=lambda x: order.power[x]) == c
        return say("hints.does.lead_low" if low else "hints.does.lead_high", lang)
    led = order.suit_of[view.trick[0][1].index]
    strength = order.strength[led]
    best_seat, best = max(view.trick, key=lambda p: strength[p[1].index])
    beats = strength[c] > strength[best.index]
    followed = order.suit_of[c] == led
    last = len(view.trick) == len(contract.active_seats) - 1
    if followed or not order.is_trump(c):
        if beats:
            if last:
                return say("hints.does.wins", lang)
            key = "hints.does.over_partner" if best_seat == view.seat.partner else "hints.does.over"
            return say(key, lang, card=best)
        return say("hints.does.under", lang, card=best) if followed else say("hints.does.discard", lang)
    if beats:
        return say("hints.does.wins", lang) if last else say("hints.does.ruff", lang)
    return say("hints.does.ruff_under", lang, card=best)


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
        rows.append((act, points, None, p, say("hints.bid", lang, label=label, p=p, points=points)))
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
    #: The better choice's reason, when the choice made was not the best one ("" when it was).
    best_reason: str = ""


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
            ReviewLine(
                move=move,
                phase=h.phase,
                action=act,
                grade=mine.grade,
                best=h.best.action,
                reason=mine.reason,
                best_reason="" if mine.grade == "best" else h.best.reason,
            )
        )
    return Review(who, tuple(lines))
