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

from ..analysis.exchange import exchange_hint
from ..analysis.hints import grade_word, hint
from ..analysis.rulebot import advise, rule_text
from ..engine.actions import Action, bid_word
from ..engine.cards import Card, CardList, Seat, Suit
from ..engine.checks import whole_number
from ..engine.display import cards_html
from ..engine.errors import IllegalActionError
from ..engine.hand import HandState, Phase
from ..engine.i18n import Forms, Lang, lang_or_current, say, sentence
from ..engine.ranking import sort_hand
from .decisions import SAMPLES
from .judging import count_action, count_advice, count_hand, count_is_a_rule

#: The kind of decision each phase asks, for its number of deals.
_KIND = {Phase.BIDDING: "bid", Phase.PLAY: "play", Phase.GIVE: "give"}

__all__ = ["Moment", "Story", "tell_hand"]


@dataclass(frozen=True)
class Moment:
    """One decision of the seat, told in five parts."""

    move: int
    #: The phase of the decision, as the engine names it ("bidding", "play", …).
    phase: str
    #: The seat's cards at the moment of the decision.
    hand: CardList
    sees: str
    considers: str
    chose: str
    engine: str
    then: str
    #: Where the decision falls in the hand, as a player says it: "The bidding", "Trick 3, second card".
    when: str = ""


@dataclass(frozen=True)
class Story:
    seat: Seat
    title: str
    moments: tuple[Moment, ...]
    result: str
    #: The language the story is told in.
    lang: Lang = "en"

    def _parts(self, m: Moment) -> list[tuple[str, str]]:
        keys = ("story.sees", "story.weighs", "story.chooses", "story.engine", "story.then")
        texts = (m.sees, m.considers, m.chose, m.engine, m.then)
        return [(say(k, self.lang), v) for k, v in zip(keys, texts, strict=True)]

    def __str__(self) -> str:
        colon = say("colon", self.lang)
        lines = [self.title]
        for m in self.moments:
            lines += ["", say("story.move", self.lang, when=m.when, hand=m.hand.face(self.lang))]
            lines += [f"  {label}{colon}{text}" for label, text in self._parts(m) if text]
        return "\n".join([*lines, "", self.result])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        # Colours are inherited (light and dark themes); only the cards draw their own faces.
        rows = []
        for m in self.moments:
            body = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in self._parts(m) if v)
            head = say("story.move_head", self.lang, when=m.when)
            rows.append(
                f"<li><p><strong>{escape(head)}</strong> {cards_html(m.hand, lang=self.lang)}</p>"
                f'<dl style="display:grid;grid-template-columns:max-content 1fr;gap:0.15em 0.8em;margin:0">'
                f"{body}</dl></li>"
            )
        return (
            f'<div class="cl-story" style="font-family:sans-serif;line-height:1.45">'
            f"<p><strong>{escape(self.title)}</strong></p>"
            f'<ol style="list-style:none;padding-left:0;display:grid;gap:0.9em">{"".join(rows)}</ol>'
            f"<p><strong>{escape(self.result)}</strong></p></div>"
        )


_VERBS = {"bid": "story.bids", "play": "story.plays", "give": "story.gives", "discard": "story.discards",
          "trump": "story.names"}  # fmt: skip


def _said(seat: Seat, action: Action, lang: Lang) -> str:
    if action.kind == "pass":
        return say("story.passes", lang, seat=seat)
    if action.kind == "choose":
        # English names the choice as recorded ("partner card"), French says the action ("prendre le minou")
        named = Forms(recorded=str(action).split(" ", 1)[1].replace("_", " "), said=action.text(lang))
        return say("story.chooses_help", lang, seat=seat, what=named)
    if action.kind in ("play", "give", "discard") and action.card is not None:
        # a card on its face in the language's letters, a joker by its name: "South plays the red joker"
        return say(_VERBS[action.kind], lang, seat=seat, card=action.card)
    if action.kind == "bid":
        return say("story.bids", lang, seat=seat, what=action.called(lang))  # "Gros Mulot", not its record name
    if action.kind == "trump" and action.suit is not None:
        return say("story.names", lang, seat=seat, what=action.suit.symbol)
    return f"{seat.named(lang)}: {action.text(lang)}"


def _sees(before: HandState, seat: Seat, lang: Lang) -> str:
    view = before.view(seat)
    if view.phase is Phase.BIDDING:
        said = [_said(s, a, lang) for s, a in view.bids]
        return say("story.bidding_so_far", lang, said=", ".join(said)) if said else say("story.nobody_yet", lang)
    if view.phase is Phase.PLAY and view.contract is not None:
        where = say("story.trick", lang, n=len(view.tricks) + 1, contract=view.contract.text(lang))
        if not view.trick:
            return where + say("story.leads", lang, seat=seat)
        cards = ", ".join(say("story.played", lang, seat=s, card=c) for s, c in view.trick)
        return where + say("story.on_table", lang, cards=cards)
    bid = bid_word(before.bid.name, lang) if before.bid else ""
    if view.phase is Phase.GIVE:
        return say("story.partner_alone", lang, seat=seat.partner, bid=bid)
    took = say("story.took_both" if view.received else "place.the_kitty", lang)
    return say("story.won_bidding", lang, seat=seat, bid=bid, took=took)


def _considers(before: HandState, seat: Seat, phase: Phase, lang: Lang) -> str:
    view = before.view(seat)
    advice = advise(view)
    advised = rule_text(advice.rule, lang)
    if phase is Phase.BIDDING:
        legal = [a.bid or "" for a in view.legal_actions if a.kind == "bid"]
        said = count_advice(view.hand, view.rules, legal, lang)
        if not count_is_a_rule(view.rules):
            return say("story.closer", lang, said=said, advice=advised)
        suggested = count_action(view.hand, view.rules, view.legal_actions)
        if advice.action.kind != suggested.kind or advice.action.bid != suggested.bid:
            # the seat judged more finely than the count: say so, or the story contradicts itself
            return say("story.closer", lang, said=said, advice=advised)
        return said
    if phase is Phase.DISCARD:
        counted = count_hand(view.hand, view.rules)
        return say("story.all_cards", lang, advice=advised, suit=counted.trump.symbol, total=counted.total)
    return advised if advice.rule != "only" else say("story.only_card", lang)


def _trick_after(state: HandState, number: int, lang: Lang) -> str:
    trick = state.tricks[number]
    cards = ", ".join(say("story.played", lang, seat=s, card=c) for s, c in zip(trick.seats, trick.cards, strict=True))
    return say("story.trick_won", lang, cards=cards, seat=trick.winner)


def tell_hand(state: HandState, seat: Seat | str, samples: int | None = None, *, lang: str | None = None) -> Story:
    """The finished hand ``state`` told from ``seat``: a :class:`Moment` for each bid, exchange, partner's card
    and card the seat chose. ``samples``: deals of the hidden cards behind each of the engine's judgements
    (default: as many as a decision quiz grades that kind of decision with). Told in ``lang`` (the course's
    language by default)."""
    if not isinstance(state, HandState) or not state.is_over:
        raise IllegalActionError(sentence("story.not_over"))
    language = lang_or_current(lang)
    who = Seat.find(seat)
    if samples is not None:
        samples = whole_number("samples", samples, 1, 400)
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
        considers = _considers(before, who, phase, language)
        then = ""
        if phase is Phase.DISCARD:
            # the whole exchange is one decision: the cards put aside, then the trump
            end = k
            while end < len(history) and history[end][0] == who and history[end][1].kind in ("discard", "trump"):
                end += 1
            done = [a for _, a in history[k:end]]
            out = [a.card for a in done if a.kind == "discard" and a.card is not None]
            trump = next((a.suit for a in done if a.kind == "trump"), None)
            named = say("story.named", language, suit=trump) if trump is not None else ""
            chose = say("story.put_aside", language, seat=who, cards=out, named=named)
            engine = _exchange_engine(before, out, trump, samples or SAMPLES["exchange"], language)
            k = end
        else:
            chose = f"{_said(who, action, language)}."
            if forced:
                engine = say("story.no_choice", language)
            elif view.phase in _KIND:
                engine = _engine(view, action, samples or SAMPLES[_KIND[view.phase]], language)
            else:  # naming trump without an exchange, choosing the help of a Gros Charlemagne: not graded
                engine = say("story.not_graded", language)
            if phase is Phase.PLAY:
                trick_number = len(before.tricks)
                if len(state.tricks) > trick_number:
                    then = _trick_after(state, trick_number, language)
            elif phase is Phase.BIDDING:
                then = _rest_of_bidding(state, k, who, language)
            k += 1
        moments.append(
            Moment(
                move=len(before.history) + 1,
                phase=phase.value,
                hand=sort_hand(view.hand, view.contract if view.contract is not None else view.rules),
                sees=_sees(before, who, language),
                considers=considers,
                chose=chose,
                engine=engine,
                then=then,
                when=state.when(len(before.history), language),
            )
        )
    result = state.result.text(language) if state.result is not None else ""
    title = say("story.title", language, seat=who, title=state.rules.named(language), dealer=state.dealer)
    return Story(who, title, tuple(moments), result, language)


def _engine(view: Any, action: Action, samples: int, lang: Lang) -> str:
    ranked = hint(view, samples, workers=1, lang=lang)
    mine = ranked.choice(action)
    if mine.grade == "best":
        return say("story.agrees", lang, why=_going_on(mine.reason.said(lang)))
    return say(
        "story.grades", lang, grade=grade_word(mine.grade, lang), why_mine=_going_on(mine.reason.said(lang)),
        why_best=_going_on(ranked.best.reason.said(lang)),
    )  # fmt: skip


def _going_on(reason: str) -> str:
    """A card's reason that goes on after a colon: "The red joker leads trump" → "the red joker leads trump"; a
    card's face stays as it is ("A♣ leads …", "10♦ wins …"): only a word, a capital then a small letter, is lowered."""
    return _lower_first(reason) if reason[:1].isupper() and reason[1:2].islower() else reason


def _exchange_engine(before: HandState, out: list[Card], trump: Suit | None, samples: int, lang: Lang) -> str:
    ranked = exchange_hint(before, samples, also=(out, trump), lang=lang)
    mine = ranked.choice(out, trump)
    if mine.grade == "best":
        return say("story.agrees_exchange", lang, why=_lower_first(mine.reason.said(lang)))
    return say(
        "story.grades_exchange", lang, grade=grade_word(mine.grade, lang),
        why_mine=_lower_first(mine.reason.said(lang)), why_best=_lower_first(ranked.best.reason.said(lang)),
    )  # fmt: skip


def _lower_first(sentence: str) -> str:
    """A sentence that goes on after a colon: "Discard 8♣ 9♣, trump ♥ — …" → "discard 8♣ 9♣, trump ♥ — …"."""
    return sentence[:1].lower() + sentence[1:]


def _rest_of_bidding(state: HandState, k: int, who: Seat, lang: Lang) -> str:
    """The bids after the seat's, up to its next bid or the end of the bidding."""
    said = []
    for seat, action in state.history[k + 1 :]:
        if seat == who or action.kind not in ("bid", "pass"):
            break
        said.append(_said(seat, action, lang))
    text = ", ".join(said) + "." if said else ""
    after = state.at(min(len(state.history), k + 1 + len(said)))
    if after.phase is not Phase.BIDDING and said[-1:] != [_said(who, Action.pass_(), lang)]:
        if state.contract is not None:
            text += say("story.bidding_over", lang, contract=state.contract.text(lang))
        elif state.result is not None and state.result.passed_out:
            text += say("story.thrown_in", lang)
    return text.strip()
