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

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.actions import Action, choice_name
from ..engine.bidding import bid_named
from ..engine.cards import Card, Seat
from ..engine.checks import flag, whole_number
from ..engine.errors import CharlemagneError, IllegalActionError
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import Lang, check_lang, join_words, lang_or_current, say, sentence, word
from ..engine.ranking import CardOrder
from ..engine.rng import check_seed
from ..engine.rules import Rules
from ..engine.scoring import bidding_stake, stake, trick_values
from .count import bid_thumb
from .grading import GRADES, Grade, Sureness, grade_choices, grade_estimates, grade_for
from .odds import MAX_SAMPLES, bid_odds
from .pimc import play_outcomes
from .rulebot import advise, rule_text, winning_bid
from .shown import how_text
from .work import Kept, key_of

__all__ = [
    "GRADES", "Choice", "Grade", "Hint", "Review", "ReviewLine", "grade_for", "grade_word", "graded", "hint", "review"
]  # fmt: skip


def grade_word(grade: Grade, lang: str | None = None) -> str:
    """A grade as the course says it, in ``lang`` (the course's language by default).

    >>> grade_word("inaccuracy", "en"), grade_word("inaccuracy", "fr"), grade_word("blunder", "fr")
    ('inaccuracy', 'imprécision', 'gaffe')
    """

    return say(f"display.grade.{grade}", lang_or_current(lang))


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
    #: What the choice does, then what it brings, in the learner's words.
    reason: str
    #: The rule of thumb that recommends this choice, where one applies ("" for the others).
    rule: str = ""
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


@dataclass(frozen=True)
class Hint:
    """Every legal choice of a seat, best first."""

    seat: Seat
    phase: Phase
    choices: tuple[Choice, ...]
    samples: int
    #: The rules the choices were made under: a bid is read by any of its names ("bid Charles+").
    rules: Rules | None = field(default=None, compare=False, repr=False)

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
        from .shown import hint_text

        return hint_text(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's plain-text form: the numbers, where no HTML is shown (a terminal, a saved notebook read as text)
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from .shown import hint_html

        return hint_html(self)


#: Deals of the hidden cards behind a hint or a grade unless told otherwise: enough that looking at 400 of them (the
#: same first ones, and more) changes a card's grade less than one time in twenty (benchmarks/grade_agreement.py).
#: Every one is used, however long it takes: a grade never depends on the machine's speed.
GRADE_SAMPLES = 320


def hint(
    view: SeatView,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    bids: bool = True,
    lang: str | None = None,
) -> Hint:
    """Rank every legal card, bid, partner's card (:mod:`~charlemagne_learn.analysis.give`) or bidder's choice
    before any card changes hands (:mod:`~charlemagne_learn.analysis.choose`: the kitty or the partner's card,
    alone or not, trump named before the exchange) of the seat to move in ``view``; other phases are not graded
    (the exchange has :func:`~charlemagne_learn.analysis.exchange.exchange_hint`).

    ``workers``: processes for the bid odds (default: one per usable CPU, at most 8; 1 for none, e.g. inside a bot that a
    tournament already runs on every core). ``bids``: read the bidding as evidence about the hidden hands.
    Every one of the ``samples`` deals is used (:attr:`Hint.samples`), so the same view, samples and seed give
    the same hint on every machine. The reasons are written in ``lang`` (the course's language by default)."""
    language = lang_or_current(lang)
    if not isinstance(view, SeatView):
        example = "hint(state.view(state.to_move))" if isinstance(view, HandState) else "hint(state.view('N'))"
        raise IllegalActionError(sentence("hints.not_a_view", language, given=type(view).__name__, example=example))
    samples = whole_number("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    flag("bids", bids)
    if view.to_move != view.seat or not view.legal_actions:
        raise IllegalActionError(sentence("hints.not_your_turn", language, seat=view.seat))
    # ``workers`` decides only how soon the answer comes
    key = (key_of(view), samples, seed, bids, language)
    return _HINTS.get(key, lambda: _ranked(view, samples, seed, workers, bids, language))


#: The hints given lately: the grade given live is read back by the review after the hand, the Hint button's
#: ranking by the grade of the move then made. Room for several hands' moves, the bots' at the table included.
_HINTS: Kept[Hint] = Kept(128)


def _ranked(view: SeatView, samples: int, seed: int, workers: int | None, bids: bool, language: Lang) -> Hint:
    """:func:`hint`, its arguments checked."""
    if view.phase is Phase.PLAY:
        choices, used = _play_choices(view, samples, seed, bids, language)
    elif view.phase is Phase.BIDDING and bid_stands(view):
        from .auction import auction_choices  # it ranks with this module's grades

        choices, used = auction_choices(view, samples, seed, language)
    elif view.phase is Phase.BIDDING:
        choices, used = _bid_choices(view, samples, seed, workers, language)
    elif view.phase is Phase.GIVE:
        from .give import give_choices  # it ranks with this module's grades

        choices, used = give_choices(view, samples, seed, language)
    elif view.phase is Phase.CHOOSE or (view.phase is Phase.TRUMP and before_exchange(view)):
        from .choose import choose_choices  # it ranks with this module's grades

        choices, used = choose_choices(view, samples, seed, language)
    else:
        raise IllegalActionError(sentence("hints.not_graded", language, phase=view.phase.text(language)))
    return Hint(view.seat, view.phase, tuple(choices), used, view.rules)


#: A choice to rank: the action, its points on each deal (the same deals for every choice), the mean tricks its side
#: takes, its chance of making the contract, and the reason in words.
Row = tuple[Action, Sequence[float], float | None, float | None, str]


def rank_choices(
    view: SeatView,
    rows: list[Row],
    stake: float,
    lang: str = "en",
    *,
    results: Sequence[Sequence[float]] | None = None,
    errors: Sequence[float] | None = None,
    deals: int = 0,
) -> list[Choice]:
    """The choices of ``rows`` graded and ranked, best first. ``results``: for each row, deal by deal, 1 where the
    seat's side gets the result it plays for (the contract made, or set), else 0 — the first measure, the points
    the second (:func:`~.grading.grade_choices`); None: by the points alone (a bid). ``errors``: when each row holds
    only its mean points (one value), the standard error of each mean, and the ``deals`` behind them."""
    if errors is None:
        grades = grade_choices([r[1] for r in rows], stake, results)
    else:
        grades = grade_estimates([r[1][0] for r in rows], errors, stake, deals)
    means = [sum(r[1]) / len(r[1]) for r in rows]
    chances = [sum(r) / len(r) for r in results] if results is not None else [0.0] * len(rows)
    order = sorted(range(len(rows)), key=lambda i: (-chances[i], -means[i], -(rows[i][2] or 0.0), i))
    # The rule of thumb behind the choice a sensible player would make, the words a learner remembers: the count
    # for a bid (what a player adds up at the table), RuleBot's rule for the rest.
    thumb, rule = _thumb(view, lang)
    out = []
    for i in order:
        action, _, tricks, made, text = rows[i]
        g = grades[i]
        out.append(
            Choice(
                action=action,
                points=means[i],
                tricks=tricks,
                made=made,
                loss=g.loss,
                grade=g.grade,
                reason=text,
                # shown only where the rule's choice is among the best: a rule on a worse choice would teach it
                rule=rule if action == thumb and g.grade == "best" else "",
                deals=g.deals,
                low=g.low,
                high=g.high,
                tied=g.tied,
                perhaps=g.perhaps,
                chance_loss=g.chance_loss,
                chance_low=g.chance_low,
                chance_high=g.chance_high,
            )
        )
    return out


def _thumb(view: SeatView, lang: str) -> tuple[Action | None, str]:
    """The choice the rule of thumb recommends in ``view`` and the rule in words (None: no rule applies): the count
    for a bid (:mod:`.count`, a rule a player adds up at the table), RuleBot's rule for the rest."""
    if view.phase is Phase.BIDDING:
        return bid_thumb(view, lang)
    advice = advise(view)
    if advice.rule == "only":
        return None, ""
    return advice.action, rule_text(advice.rule, lang)


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


def _named(action: Action, lang: str) -> str:
    """An action as a reason names it: its text, or a choice in plain words ("play with your partner")."""
    if action.kind == "choose" and action.choice is not None:
        name = choice_name(action.choice, lang)
        return name[0].lower() + name[1:]
    return action.text(lang)


def _play_choices(view: SeatView, samples: int, seed: int, bids: bool, lang: str) -> tuple[list[Choice], int]:
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    sign = 1 if ours else -1
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    left = len(view.hand)
    rows: list[Row] = []
    results: list[list[float]] = []
    found = play_outcomes(view, samples, seed, bids=bids)
    values, makes = trick_values(contract)
    for card, outcomes in found.items():
        points = [sign * values[taken + future] for future in outcomes]
        # what the seat plays for, deal by deal: the contract made (its side's), or set (the defence)
        results.append([float(makes[taken + future] == ours) for future in outcomes])
        tricks = sum(future if ours else left - future for future in outcomes)
        made = sum(makes[taken + future] for future in outcomes)
        n = len(outcomes)
        reason = _play_reason(view, card, sum(points) / n, made / n, lang)
        rows.append((Action.play(card), points, tricks / n, made / n, reason))
    at_stake = stake(contract.rules, contract.spec)
    return rank_choices(view, rows, at_stake, lang, results=results), len(next(iter(found.values())))


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
                return _wins(order, c, lang)
            key = "hints.does.over_partner" if best_seat == view.seat.partner else "hints.does.over"
            return say(key, lang, card=best)
        return say("hints.does.under", lang, card=best) if followed else say("hints.does.discard", lang)
    if beats:
        return _wins(order, c, lang) if last else say("hints.does.ruff", lang)
    return say("hints.does.ruff_under", lang, card=best)


def _wins(order: CardOrder, c: int, lang: str) -> str:
    """A card that wins the trick, named as the trump it is when its face does not say so (a jack, a joker)."""
    role = order.role[c]
    if role and order.is_trump(c):
        return say("hints.does.wins_role", lang, role=role)
    return say("hints.does.wins", lang)


def _bid_choices(view: SeatView, samples: int, seed: int, workers: int | None, lang: str) -> tuple[list[Choice], int]:
    rules = view.rules
    odds = bid_odds(rules, view.hand, view.seat, view.dealer, samples=samples, seed=seed, workers=workers)
    rows: list[Row] = []
    # The odds keep each bid's made count, not its points deal by deal: a mean's standard error from its chance,
    # as if the bid scored its making or its failing points each time (exact where overtricks score nothing).
    errors: list[float] = []
    last = view.seat == view.dealer
    later = join_words((seat.named(lang) for seat in still_to_bid(view)), lang)
    for act in view.legal_actions:
        if act.kind == "pass":
            # nobody has bid (else the auction grades it): the dealer's pass throws the hand in, anybody else's
            # leaves the bidding to the others, counted at nothing
            said = say("auction.reason_pass_out", lang, points=0.0) if last else say("hints.pass", lang)
            rows.append((act, [0.0], None, None, said))
            errors.append(0.0)
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
        said = (
            say("hints.bid_last", lang, label=label, p=p, points=points)
            if last
            else say("hints.bid_open", lang, label=label, later=later, p=p, points=points)
        )
        rows.append((act, [points], None, p, said))
        errors.append(stake(rules, rules.bid(chance.bid)) * (p * (1 - p) / odds.samples) ** 0.5)
    return rank_choices(view, rows, bidding_stake(rules), lang, errors=errors, deals=odds.samples), odds.samples


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
    #: How sure the grade is, where it needs saying (:meth:`Choice.doubt`): "" for a sure grade.
    doubt: str = ""
    #: A decision of several actions (the bidder's exchange: its discards and trump), in words, and the best one's;
    #: "" for one action (:attr:`action` says it). :attr:`action` is then the exchange's first discard.
    said: str = ""
    best_said: str = ""
    #: Where the decision falls in the hand, as a player says it: "The bidding", "Trick 3, second card".
    when: str = ""


@dataclass(frozen=True)
class Review:
    seat: Seat
    lines: tuple[ReviewLine, ...]

    def __str__(self) -> str:
        from .shown import review_text

        return review_text(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from .shown import review_html

        return review_html(self)


def review(
    state: HandState,
    seat: Seat | str,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    *,
    workers: int | None = None,
    lang: str | None = None,
) -> Review:
    """Every bid, card and partner's card ``seat`` chose in ``state``, its choice before the exchange as the
    bidder and its exchange as a whole (the discards and the trump named with them), graded against the best choice
    at that moment.

    ``workers`` as for :func:`hint` (the bid odds behind grading a bid). Each decision is graded exactly as
    :func:`hint` grades it at that moment (same samples, same seed): the review says what the live grade said.
    The reasons are written in ``lang`` (the course's language by default)."""
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
    lines = [] if (line := _exchange_line(state, who, samples, seed, language)) is None else [line]
    for move in moves:
        act = state.history[move][1]
        before = state.at(move)
        h = hint(before.view(who), samples, seed, workers=workers, lang=language)
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
                doubt=mine.doubt(language),
            )
        )
    placed = [replace(line, when=state.when(line.move, language)) for line in lines]
    return Review(who, tuple(sorted(placed, key=lambda line: line.move)))


def _exchange_line(state: HandState, who: Seat, samples: int, seed: int, language: str) -> ReviewLine | None:
    """The bidder's exchange (its discards and the trump named with them), graded as a whole as the play table
    grades it live: by :func:`~.exchange.exchange_hint` from the first discard, on the same deals. None where
    ``who`` made no exchange."""
    from .exchange import exchange_hint, exchange_made  # the exchange grades with the hints' pieces

    first = next((m for m, (mover, act) in enumerate(state.history) if mover == who and act.kind == "discard"), None)
    if first is None or state.bidder != who:
        return None
    start = state.at(first)
    discards, trump = exchange_made(state, start, who)
    try:
        ranked = exchange_hint(start, min(samples, 400), seed, also=(discards, trump), lang=language)
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
        best_reason="" if mine.grade == "best" else best.reason,
        doubt=mine.doubt(language),
        said=mine.said(language),
        best_said=best.said(language),
    )
