"""One hand told from one seat, decision by decision: what the seat sees, the rule of thumb it weighs, what
it chooses, what the engine thinks of that choice, and what came of it.

A learner watches a player think before playing alone. The hand is a finished :class:`HandState` (usually
played by :class:`~charlemagne_learn.analysis.rulebot.RuleBot` players, so every choice comes from a rule of
thumb that can be named); each of the seat's decisions becomes a :class:`Moment`. The engine's judgement
(:func:`~charlemagne_learn.analysis.hints.hint`, :func:`~charlemagne_learn.analysis.exchange.exchange_hint`)
says where the rule of thumb was right and where a better choice was there.

>>> import charlemagne_learn as cl
>>> state = cl.play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(s) for s in range(4)], dealer="W", seed=4)
>>> story = tell_hand(state, "S", samples=6)
>>> story.moments[0].phase, story.moments[0].chose.startswith("South")
('bidding', True)
>>> print(str(story).splitlines()[0])
The hand from South's seat (Canadian Charlemagne, West dealt)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ..actions import Action
from ..analysis.exchange import exchange_hint
from ..analysis.hints import hint
from ..analysis.rulebot import advise
from ..cards import Card, CardList, Seat
from ..checks import whole_number
from ..display import cards_html
from ..errors import IllegalActionError
from ..hand import HandState, Phase
from .decisions import SAMPLES
from .judging import bid_by_count, count_advice, count_hand

#: The kind of decision each phase asks, for its number of deals.
_KIND = {Phase.BIDDING: "bid", Phase.PLAY: "play", Phase.GIVE: "give"}

__all__ = ["Moment", "Story", "tell_hand"]


@dataclass(frozen=True)
class Moment:
    """One decision of the seat, told in five parts."""

    move: int
    phase: str
    #: The seat's cards at the moment of the decision.
    hand: CardList
    sees: str
    considers: str
    chose: str
    engine: str
    then: str


@dataclass(frozen=True)
class Story:
    seat: Seat
    title: str
    moments: tuple[Moment, ...]
    result: str

    def __str__(self) -> str:
        lines = [self.title]
        for m in self.moments:
            lines += [
                "",
                f"Move {m.move} — {m.phase}. Hand: {m.hand}",
                f"  Sees: {m.sees}",
                f"  Weighs: {m.considers}",
                f"  Chooses: {m.chose}",
                f"  The engine: {m.engine}",
            ]
            if m.then:
                lines.append(f"  Then: {m.then}")
        return "\n".join([*lines, "", self.result])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        # Colours are inherited (light and dark themes); only the cards draw their own faces.
        rows = []
        for m in self.moments:
            parts = [
                ("Sees", m.sees),
                ("Weighs", m.considers),
                ("Chooses", m.chose),
                ("The engine", m.engine),
                ("Then", m.then),
            ]
            body = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in parts if v)
            rows.append(
                f"<li><p><strong>Move {m.move} — {escape(m.phase)}</strong> {cards_html(m.hand)}</p>"
                f'<dl style="display:grid;grid-template-columns:max-content 1fr;gap:0.15em 0.8em;margin:0">'
                f"{body}</dl></li>"
            )
        return (
            f'<div class="cl-story" style="font-family:sans-serif;line-height:1.45">'
            f"<p><strong>{escape(self.title)}</strong></p>"
            f'<ol style="list-style:none;padding-left:0;display:grid;gap:0.9em">{"".join(rows)}</ol>'
            f"<p><strong>{escape(self.result)}</strong></p></div>"
        )


_VERBS = {"bid": "bids", "play": "plays", "give": "gives", "discard": "puts aside", "trump": "names trump"}


def _said(seat: Seat, action: Action) -> str:
    if action.kind == "pass":
        return f"{seat.word} passes"
    if action.kind == "choose":
        return f"{seat.word} chooses {str(action).split(' ', 1)[1].replace('_', ' ')}"
    verb = _VERBS.get(action.kind)
    rest = str(action).split(" ", 1)[1] if " " in str(action) else ""
    return f"{seat.word} {verb} {rest}" if verb else f"{seat.word}: {action}"


def _sees(before: HandState, seat: Seat) -> str:
    view = before.view(seat)
    if view.phase is Phase.BIDDING:
        said = [_said(s, a) for s, a in view.bids]
        return ("The bidding so far: " + ", ".join(said) + ".") if said else "Nobody has spoken yet."
    if view.phase is Phase.PLAY and view.contract is not None:
        where = f"Trick {len(view.tricks) + 1}, contract {view.contract}. "
        if not view.trick:
            return where + f"{seat.word} leads."
        return where + "On the table: " + ", ".join(f"{s.word} {c}" for s, c in view.trick) + "."
    if view.phase is Phase.GIVE:
        return f"{seat.partner.word} bid {before.bid.label if before.bid else ''} and plays alone."
    took = "the kitty and the partner's card" if view.received else "the kitty"
    return f"{seat.word} won the bidding with {before.bid.label if before.bid else ''} and took {took}."


def _considers(before: HandState, seat: Seat, phase: Phase) -> str:
    view = before.view(seat)
    advice = advise(view)
    if phase is Phase.BIDDING:
        legal = [a.bid or "" for a in view.legal_actions if a.kind == "bid"]
        said = count_advice(view.hand, view.rules, legal)
        by_count = bid_by_count(count_hand(view.hand, view.rules).total, view.rules)
        suggested = Action.bid_(by_count) if by_count in legal else Action.pass_()
        if advice.action.kind != suggested.kind or advice.action.bid != suggested.bid:
            # the seat judged more finely than the count: say so, or the story contradicts itself
            return f"{said} Looking closer: {advice.text}"
        return said
    if phase is Phase.DISCARD:
        counted = count_hand(view.hand, view.rules)
        return f"{advice.text} With all its cards, {counted.trump.symbol} counts {counted.total}."
    return advice.text if advice.rule != "only" else "Only one card may be played."


def _trick_after(state: HandState, number: int) -> str:
    trick = state.tricks[number]
    cards = ", ".join(f"{s.word} {c}" for s, c in zip(trick.seats, trick.cards, strict=True))
    return f"{cards}: {trick.winner.word} wins the trick."


def tell_hand(state: HandState, seat: Seat | str, samples: int | None = None) -> Story:
    """The finished hand ``state`` told from ``seat``: a :class:`Moment` for each bid, exchange, partner's card
    and card the seat chose. ``samples``: deals of the hidden cards behind each of the engine's judgements
    (default: as many as a decision quiz grades that kind of decision with)."""
    if not isinstance(state, HandState) or not state.is_over:
        raise IllegalActionError("tell_hand() tells a finished hand: give a HandState that is over")
    who = Seat.find(seat)
    if samples is not None:
        whole_number("samples", samples, 1, 400)
    history = state.history
    moments: list[Moment] = []
    k = 0
    while k < len(history):
        mover, action = history[k]
        if mover != who:
            k += 1
            continue
        before = state.at(k)
        phase = before.phase
        view = before.view(who)
        forced = len(view.legal_actions) == 1 and phase is not Phase.DISCARD
        considers = _considers(before, who, phase)
        then = ""
        if phase is Phase.DISCARD:
            # the whole exchange is one decision: the cards put aside, then the trump
            end = k
            while end < len(history) and history[end][0] == who and history[end][1].kind in ("discard", "trump"):
                end += 1
            done = [a for _, a in history[k:end]]
            out = [a.card for a in done if a.kind == "discard" and a.card is not None]
            trump = next((a.suit for a in done if a.kind == "trump"), None)
            named = f" and names {trump.word} trump" if trump is not None else ""
            chose = f"{who.word} puts aside {CardList(out)}{named}."
            engine = _exchange_engine(before, out, trump, samples or SAMPLES["exchange"])
            k = end
        else:
            chose = f"{_said(who, action)}."
            engine = "No choice here." if forced else _engine(view, action, samples or SAMPLES[_KIND[view.phase]])
            if phase is Phase.PLAY:
                trick_number = len(before.tricks)
                if len(state.tricks) > trick_number:
                    then = _trick_after(state, trick_number)
            elif phase is Phase.BIDDING:
                then = _rest_of_bidding(state, k, who)
            k += 1
        moments.append(
            Moment(
                move=len(before.history) + 1,
                phase=phase.value,
                hand=CardList(view.hand),
                sees=_sees(before, who),
                considers=considers,
                chose=chose,
                engine=engine,
                then=then,
            )
        )
    result = state.result.reason if state.result is not None else ""
    title = f"The hand from {who.word}'s seat ({state.rules.title}, {state.dealer.word} dealt)"
    return Story(who, title, tuple(moments), result)


def _why(reason: str) -> str:
    """A grade's reason without the rule of thumb (told already) and without the choice's name in front."""
    reason = reason.split(". Rule of thumb:")[0]
    return reason.split(": ", 1)[1] if ": " in reason.split(",")[0] else reason


def _name(action: Action) -> str:
    return str(action.card) if action.card is not None else str(action)


def _engine(view: Any, action: Action, samples: int) -> str:
    ranked = hint(view, samples, workers=1)
    mine = ranked.choice(action)
    if mine.grade == "best":
        return f"agrees, it is among the best choices: {_why(mine.reason)}."
    best = ranked.best.action
    mine_why = _why(mine.reason).split("; ")[0]
    return f"grades it {mine.grade}. Better was {_name(best)}: {_why(ranked.best.reason)}; with {_name(action)}, {mine_why}."


def _exchange_engine(before: HandState, out: list[Card], trump: Any, samples: int) -> str:
    ranked = exchange_hint(before, samples, also=(out, trump))
    mine = ranked.choice(out, trump)
    if mine.grade == "best":
        return f"agrees, it is among the best exchanges: {mine.reason}."
    return f"grades it {mine.grade}. Better was to {ranked.best.text}: {ranked.best.reason}."


def _rest_of_bidding(state: HandState, k: int, who: Seat) -> str:
    """The bids after the seat's, up to its next bid or the end of the bidding."""
    said = []
    for seat, action in state.history[k + 1 :]:
        if seat == who or action.kind not in ("bid", "pass"):
            break
        said.append(_said(seat, action))
    text = ", ".join(said) + "." if said else ""
    after = state.at(min(len(state.history), k + 1 + len(said)))
    if after.phase is not Phase.BIDDING and said[-1:] != [f"{who.word} passes"]:
        if state.contract is not None:
            text += f" The bidding is over: the contract is {state.contract}."
        elif state.result is not None and state.result.passed_out:
            text += " Nobody bid: the hand is thrown in."
    return text.strip()
