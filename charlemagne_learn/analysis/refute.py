"""The refutation of a card: why a worse choice costs, shown on one deal and played out card by card.

A grade says how much a card gives up on average over many deals of the hidden cards; this module shows one of
those deals where it matters. Among the very deals :func:`~charlemagne_learn.analysis.hints.hint` grades on
(:func:`~charlemagne_learn.analysis.pimc.sample_hidden`, same ``samples`` and ``seed``), it takes the first one, in
the order they were dealt, where the better card succeeds and the learner's does not: the bidder's side makes the
contract (for a defender: defeats it; in Mulot and Gros Mulot, where the bidder must take no trick, success is
the bidder taking none, and the defenders want the opposite). When no deal tells the two cards apart so sharply,
the first where the better card ends with more tricks for the seat's side (fewer for a Mulot bidder) stands in.
The first, not the most typical: it is what the same call always finds, and any deal that separates the cards
shows why one is better.

On that deal both cards are played out double-dummy (:func:`~charlemagne_learn.analysis.solver.solve_position`):
every player, seeing every card, plays a card that keeps the best result its side can force, and among equally
good cards the lowest (by its power in the contract, then by suit), as a player who gives nothing away does. The
learner's line is told trick by trick, the trick where it first falls behind the better line marked, and the
better card's result in one line after it.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
>>> for a in ["bid 6", "pass", "pass", "pass", "discard AC", "discard 9D", "trump C"]:
...     state.apply(a)
>>> found = refutation(state.view("E"), "play 10C", "play JC", samples=12, lang="en")
>>> for line in found.text().splitlines()[-2:]:
...     print(line)
So your side takes 2 tricks in all: the contract is made.
With J♣ instead, your side takes 3 tricks: the contract fails by 1 trick.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import indices_of
from ..engine.display import card_html
from ..engine.errors import CharlemagneError, IllegalActionError, quote
from ..engine.hand import Phase, SeatView
from ..engine.i18n import Lang, lang_or_current, say, seat_word, sentence
from ..engine.palette import colour
from ..engine.ranking import sort_hand
from ..engine.rng import check_seed
from ..engine.scoring import decided, is_made
from ..engine.tricks import winning_position
from .hints import GRADE_SAMPLES, hint
from .odds import MAX_SAMPLES
from .pimc import sample_hidden
from .solver import solve_position

__all__ = ["Refutation", "refutation"]


#: The widest line of the text form, as the package's other text tables (display.TEXT_WIDTH).
TEXT_WIDTH = 78
#: Joins a seat to its card and a hand's cards in the text while it is wrapped, so a line breaks between them only.
_TIGHT = "\u00a0"

#: One trick of a line: who played what, in play order (the cards played before the choice included).
Played = tuple[tuple[Seat, Card], ...]
#: A piece of a sentence: words, or a card (drawn as a card in HTML).
_Part = str | Card


@dataclass(frozen=True, kw_only=True)
class Refutation:
    """One deal of the hidden cards on which ``better`` beats ``chosen``, both played out double-dummy.

    The counts are the whole hand's (tricks won before the choice included); ``line`` and ``better_line`` are the
    tricks from the one in progress to the last, each as (seat, card) in play order."""

    seat: Seat
    contract: Contract
    chosen: Card
    better: Card
    #: Which of the sampled deals this is (0 for the first :func:`~.pimc.sample_hidden` gave).
    sample: int
    #: Every seat in play with the cards it holds at the moment of the choice, in seat order.
    hands: tuple[tuple[Seat, tuple[Card, ...]], ...]
    #: The seats whose cards the learner could not see, in play order from the learner's left.
    hidden: tuple[Seat, ...]
    #: The number of the trick in progress (1 for the first).
    first_trick: int
    line: tuple[Played, ...]
    better_line: tuple[Played, ...]
    #: The bidder's side's tricks in the whole hand after each card.
    bidder_tricks: int
    better_bidder_tricks: int
    #: The number of the trick where the learner's line first falls behind the better one.
    turn: int
    #: Does the contract's result differ (made against failed), not only the count of tricks?
    decisive: bool
    #: The language of ``str()`` and the HTML (None: the course's).
    lang: str | None = None

    @property
    def deal(self) -> dict[Seat, list[Card]]:
        """Each seat in play and the cards it holds at the moment of the choice."""
        return {seat: list(cards) for seat, cards in self.hands}

    @property
    def tricks(self) -> int:
        """The seat's side's tricks in the whole hand after the learner's card."""
        return self._side(self.bidder_tricks)

    @property
    def better_tricks(self) -> int:
        """The seat's side's tricks in the whole hand after the better card."""
        return self._side(self.better_bidder_tricks)

    @property
    def made(self) -> bool:
        """Is the contract made after the learner's card?"""
        return is_made(self.contract, self.bidder_tricks)

    @property
    def better_made(self) -> bool:
        return is_made(self.contract, self.better_bidder_tricks)

    def _side(self, bidder_tricks: int) -> int:
        ours = self.seat.team == self.contract.team
        return bidder_tricks if ours else self.contract.rules.tricks_per_hand - bidder_tricks

    # ---------------------------------------------------------------- words
    def _lines(self, lang: Lang) -> list[tuple[list[_Part], bool]]:
        """The text as lines of parts, each with whether it is a trick line (indented) — the marked trick's line
        carries the mark in its words, so it is found without colour too."""
        ours = self.seat.team == self.contract.team
        key = "refute.head.more" if not self.decisive else "refute.head.makes" if ours else "refute.head.defeats"
        out: list[tuple[list[_Part], bool]] = [(_parts(key, lang, better=self.better, chosen=self.chosen), False)]
        deal = self.deal
        hands: list[_Part] = []
        for i, seat in enumerate(self.hidden):
            hands += [" · " if i else "", seat_word(seat, lang), _TIGHT]
            hands += _spaced(sort_hand(deal[seat], self.contract))
        out.append((_parts("refute.hands", lang, hands=hands), False))
        out.append((_parts("refute.after", lang, chosen=self.chosen), False))
        for n, played, more in self._shown():
            if more is None:
                trick = played[0]
                line = _parts("refute.trick", lang, n=n, played=_played(trick, lang), seat=self._winner(trick))
                if n == self.turn:
                    line += [say("refute.turn", lang)]
            else:
                last = n + len(played) - 1
                line = _parts(f"refute.rest.{self._who()}", lang, first=n, last=last, n=more, seat=self.contract.bidder)
            out.append((line, True))
        who, bidder = self._who(), self.contract.bidder
        n, verdict = self._count(self.bidder_tricks), self._verdict(self.bidder_tricks, lang)
        out.append((_parts(f"refute.result.{who}", lang, n=n, verdict=verdict, seat=bidder), False))
        n, verdict = self._count(self.better_bidder_tricks), self._verdict(self.better_bidder_tricks, lang)
        out.append(
            (_parts(f"refute.instead.{who}", lang, better=self.better, n=n, verdict=verdict, seat=bidder), False)
        )
        return out

    def _who(self) -> str:
        """Whose tricks the text counts: the seat's side's, or in a bid to take no trick the bidder's (``"you"`` when
        the seat is the bidder, else ``"seat"``, named)."""
        if not self.contract.spec.avoid:
            return "side"
        return "you" if self.seat == self.contract.bidder else "seat"

    def _count(self, bidder_tricks: int) -> int:
        """The count the text gives for a line ending with ``bidder_tricks`` (see :meth:`_who`)."""
        return bidder_tricks if self.contract.spec.avoid else self._side(bidder_tricks)

    def _shown(self) -> list[tuple[int, list[Played], int | None]]:
        """The tricks told one by one — (number, [trick], None) — until the result is settled and the marked trick
        told; the rest, when two or more, as one (first number, tricks, the side's count of them)."""
        contract = self.contract
        total = contract.rules.tricks_per_hand
        start = self.bidder_tricks - sum(self._winner(t).team == contract.team for t in self.line)
        bidder, settled = start, None
        for i, played in enumerate(self.line):
            bidder += self._winner(played).team == contract.team
            n = self.first_trick + i
            if settled is None and decided(contract, bidder, n) is not None:
                settled = n
        # every trick counts where each one scores, and a settled result still leaves the marked trick to tell
        last = total if settled is None or contract.rules.per_trick_scoring else max(settled, self.turn)
        shown: list[tuple[int, list[Played], int | None]] = []
        rest = [t for i, t in enumerate(self.line) if self.first_trick + i > last]
        told = self.line[: len(self.line) - len(rest)] if len(rest) > 1 else self.line
        for i, played in enumerate(told):
            shown.append((self.first_trick + i, [played], None))
        if len(rest) > 1:
            bidder = sum(self._winner(t).team == contract.team for t in rest)
            shown.append((self.first_trick + len(told), rest, bidder if contract.spec.avoid else self._side_of(rest)))
        return shown

    def _side_of(self, tricks: list[Played]) -> int:
        """How many of ``tricks`` the seat's side wins."""
        return sum(self._winner(t).team == self.seat.team for t in tricks)

    def _winner(self, played: Played) -> Seat:
        return played[winning_position(self.contract.order, [c.index for _, c in played])][0]

    def _verdict(self, bidder_tricks: int, lang: Lang) -> str:
        contract = self.contract
        if is_made(contract, bidder_tricks):
            return say("scoring.made", lang)
        if contract.spec.avoid:
            return say("refute.fails", lang)
        return say("refute.fails_by", lang, n=min(contract.spec.tricks, contract.rules.tricks_per_hand) - bidder_tricks)

    def lines(self, lang: str | None = None) -> list[tuple[str, bool]]:
        """The refutation's lines unwrapped, each with whether it is a trick of a line played out (a page wraps
        them to its own width)."""
        language = lang_or_current(lang if lang is not None else self.lang)
        return [
            ("".join(str(p) for p in parts).replace(_TIGHT, " "), indented) for parts, indented in self._lines(language)
        ]

    def text(self, lang: str | None = None) -> str:
        """The refutation in a few lines, in ``lang`` (else the language it was made in, else the course's)."""
        language = lang_or_current(lang if lang is not None else self.lang)
        lines = []
        for parts, indented in self._lines(language):
            said = "".join(str(p) for p in parts)
            lead = "  " if indented else ""
            wrapped = textwrap.fill(said, TEXT_WIDTH, initial_indent=lead, subsequent_indent=lead + "  ")
            lines.append(wrapped.replace(_TIGHT, " "))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (
            f"<Refutation for {self.seat.word}: {self.chosen} against {self.better} on deal {self.sample}, "
            f"tricks for the side {self.tricks} against {self.better_tricks}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, lang: str | None = None) -> str:
        """The same lines as simple HTML: cards drawn as the static pictures draw them, the marked trick in bold on
        the palette's soft warning colour (and said in words), every colour from the theme."""
        language = lang_or_current(lang if lang is not None else self.lang)
        role = self.contract.order.role

        def html(parts: list[_Part]) -> str:
            return "".join(
                card_html(p, role[p.index], language)
                if isinstance(p, Card)
                else escape(p.replace(_TIGHT, " "), quote=False)
                for p in parts
            )

        lines = self._lines(language)
        mark = say("refute.turn", language)
        body: list[str] = []
        items: list[str] = []
        for parts, indented in lines:
            if not indented:
                if items:
                    body.append(f"<ol style='list-style:none;margin:0.2em 0;padding-left:1em'>{''.join(items)}</ol>")
                    items = []
                body.append(f"<p style='margin:0.3em 0'>{html(parts)}</p>")
            elif parts and parts[-1] == mark:
                items.append(
                    f"<li style='margin:0.15em 0'><strong style='background:{colour('warn-soft')};"
                    f"padding:0 0.2em'>{html(parts)}</strong></li>"
                )
            else:
                items.append(f"<li style='margin:0.15em 0'>{html(parts)}</li>")
        return (
            f"<div class='cl-refutation' style='font-family:sans-serif;color:{colour('ink')}' "
            f"lang='{language}'>{''.join(body)}</div>"
        )


def _spaced(cards: Sequence[Card]) -> list[_Part]:
    out: list[_Part] = []
    for i, card in enumerate(cards):
        out += [_TIGHT, card] if i else [card]
    return out


def _played(played: Played, lang: Lang) -> list[_Part]:
    """A trick's cards as ``South K♥, West A♥, …``."""
    out: list[_Part] = []
    for i, (seat, card) in enumerate(played):
        out += [", " if i else "", seat_word(seat, lang), _TIGHT, card]
    return out


# Private-use characters mark where a field's parts go in a sentence: no sentence or name holds them.
_OPEN, _CLOSE = "\ue000", "\ue001"


def _parts(key: str, lang: Lang, **fields: Any) -> list[_Part]:
    """The sentence ``key`` as parts: a field given as a card or a list of parts keeps its cards as cards."""
    kept: list[list[_Part]] = []
    args: dict[str, Any] = {}
    for name, value in fields.items():
        if isinstance(value, (Card, list)):
            args[name] = f"{_OPEN}{len(kept)}{_CLOSE}"
            kept.append([value] if isinstance(value, Card) else value)
        else:
            args[name] = value
    out: list[_Part] = []
    for piece in say(key, lang, **args).split(_OPEN):
        if _CLOSE in piece:
            number, after = piece.split(_CLOSE, 1)
            out += kept[int(number)]
            piece = after
        if piece:
            out.append(piece)
    return [p for p in out if p != ""]


# ---------------------------------------------------------------- finding the deal and playing it out
def refutation(
    view: SeatView,
    chosen: Action | Card | str,
    better: Action | Card | str | None = None,
    *,
    samples: int = GRADE_SAMPLES,
    seed: int = 0,
    lang: str | None = None,
) -> Refutation | None:
    """Why ``chosen`` (a card the seat to move in ``view`` may play: ``"play 9H"``, ``"9H"`` or an action) is worse
    than ``better`` (by default the best card of :func:`~charlemagne_learn.analysis.hints.hint` with the same
    ``samples`` and ``seed``): the first of the deals the hint grades on where ``better`` succeeds and ``chosen``
    does not, both played out double-dummy (see the module's words). None when there is nothing to show: the
    choice is as good as the best, or no deal of the sample tells the two apart.

    After a graded card a hint is at hand: give its best card as ``better`` and its deals as ``samples``
    (``refutation(view, card, hint.best.action, samples=hint.samples, seed=seed)``), and the deals are the very ones
    behind the grade, with no second hint to wait for.

    ``lang``: the language of refusals and of the refutation's text (the course's by default). A card that may
    not be played now is refused (:class:`~charlemagne_learn.engine.errors.IllegalActionError`), and nothing changes."""
    language = lang_or_current(lang)
    if not isinstance(view, SeatView):
        example = "refutation(state.view(state.to_move), 'play JH')"
        raise IllegalActionError(sentence("refute.not_a_view", language, given=type(view).__name__, example=example))
    if view.phase is not Phase.PLAY or view.to_move != view.seat or not view.legal_actions:
        raise IllegalActionError(
            sentence("refute.play_only", language, seat=view.seat, phase=view.phase.text(language))
        )
    samples = whole_number("samples", samples, 1, MAX_SAMPLES)
    seed = check_seed(seed)
    mine = _legal_card(view, chosen, language)
    if better is None:
        graded = hint(view, samples, seed, lang=language)
        best, own = graded.best, graded.choice(Action.play(mine))
        if best.action == own.action or (own.points, own.tricks) == (best.points, best.tricks):
            return None
        assert best.action.card is not None
        theirs = best.action.card
    else:
        theirs = _legal_card(view, better, language)
        if theirs == mine:
            return None
    return _refute(view, mine, theirs, samples, seed, lang)


def _legal_card(view: SeatView, given: object, lang: Lang) -> Card:
    """The card ``given`` names, if the seat may play it now; a refusal in ``lang`` otherwise."""
    card: Card | None = None
    if isinstance(given, Card):
        card = given
    elif isinstance(given, (Action, str)):
        try:
            action = Action.parse(given)
            card = action.card if action.kind == "play" else None
        except CharlemagneError:
            try:
                card = Card.parse(given) if isinstance(given, str) else None
            except CharlemagneError:
                card = None
    legal = [a.card for a in view.legal_actions if a.card is not None]
    if card is None or card not in legal:
        act = str(card) if card is not None else given.text(lang) if isinstance(given, Action) else quote(given)
        raise IllegalActionError(sentence("refute.not_legal", lang, act=act, seat=view.seat, cards=legal))
    return card


def _refute(view: SeatView, mine: Card, theirs: Card, samples: int, seed: int, lang: str | None) -> Refutation | None:
    contract = view.contract
    assert contract is not None
    seat = view.seat
    leader = view.trick[0][0] if view.trick else seat
    trick = [c for _, c in view.trick]
    # +1 when the seat wants more tricks for the bidder's side (that side; a Mulot's defenders), -1 when fewer
    sign = 1 if (seat.team == contract.team) != contract.spec.avoid else -1
    ours = seat.team == contract.team
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    found: tuple[int, dict[Seat, int], bool] | None = None
    for n, hands in enumerate(sample_hidden(view, samples, seed, bids=True)):
        values = solve_position(contract, {s: _cards(m) for s, m in hands.items()}, leader, trick)
        good, bad = taken + values[theirs], taken + values[mine]
        if is_made(contract, good) == ours and is_made(contract, bad) != ours:
            found = (n, hands, True)
            break  # the first deal where one card succeeds and the other fails: no later deal is preferred
        if found is None and sign * (good - bad) > 0:
            found = (n, hands, False)  # kept until a deal above shows up, or the sample runs out
    if found is None:
        return None
    n, hands, decisive = found
    line = _play_out(contract, hands, view.trick, seat, mine)
    better_line = _play_out(contract, hands, view.trick, seat, theirs)
    bidder = taken + sum(_won(contract, t) for t in line)
    better_bidder = taken + sum(_won(contract, t) for t in better_line)
    behind = (
        i for i, _ in enumerate(line) if sign * (_count(contract, line, i) - _count(contract, better_line, i)) < 0
    )
    order = [contract.next_active(seat)]
    while order[-1] != seat:
        order.append(contract.next_active(order[-1]))
    known = {seat.name, *view.exposed}
    return Refutation(
        seat=seat,
        contract=contract,
        chosen=mine,
        better=theirs,
        sample=n,
        hands=tuple((s, tuple(_cards(hands[s]))) for s in contract.active_seats if hands.get(s)),
        hidden=tuple(s for s in order if s.name not in known and hands.get(s)),
        first_trick=len(view.tricks) + 1,
        line=tuple(line),
        better_line=tuple(better_line),
        bidder_tricks=bidder,
        better_bidder_tricks=better_bidder,
        turn=len(view.tricks) + 1 + next(behind),
        decisive=decisive,
        lang=lang,
    )


def _won(contract: Contract, played: Played) -> int:
    """1 if the bidder's side wins the trick ``played``, else 0."""
    winner = played[winning_position(contract.order, [c.index for _, c in played])][0]
    return int(winner.team == contract.team)


def _count(contract: Contract, line: Sequence[Played], upto: int) -> int:
    """The bidder's side's tricks in ``line`` up to and including trick number ``upto`` (from 0)."""
    return sum(_won(contract, t) for t in line[: upto + 1])


def _play_out(
    contract: Contract, hands: dict[Seat, int], trick: list[tuple[Seat, Card]], seat: Seat, first: Card
) -> list[Played]:
    """The rest of the hand after ``seat`` plays ``first`` to ``trick``, everyone playing double-dummy: each player
    a card that keeps the best result its side can force, the lowest of equally good ones."""
    order = contract.order
    held = {s: m for s, m in hands.items()}
    current = list(trick)
    mover, card = seat, first
    line: list[Played] = []
    active = len(contract.active_seats)
    while True:
        held[mover] &= ~(1 << card.index)
        current.append((mover, card))
        if len(current) == active:
            line.append(tuple(current))
            mover = current[winning_position(order, [c.index for _, c in current])][0]
            current = []
            if not held.get(mover):
                return line
        else:
            mover = contract.next_active(mover)
        leader = current[0][0] if current else mover
        values = solve_position(contract, {s: _cards(m) for s, m in held.items()}, leader, [c for _, c in current])
        # the bidder's side wants more tricks, unless its bid is to take none; the other side wants the opposite
        wants_more = (mover.team == contract.team) != contract.spec.avoid
        target = max(values.values()) if wants_more else min(values.values())
        card = min((c for c, v in values.items() if v == target), key=lambda c: (order.power[c.index], c.index))


def _cards(mask: int) -> list[Card]:
    return [Card.from_index(i) for i in indices_of(mask)]
