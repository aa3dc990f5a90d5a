"""``Table``: a hand at the table — four seats, the trick, the kitty, the contract, scores and bidding — with a
slider that replays a recorded hand action by action or trick by trick.

Seen from one seat, the others' cards are card backs with a count: the synced traits are built from that
seat's :meth:`~charlemagne_learn.engine.hand.HandState.view` only, so no hidden card ever reaches the page.
``seat=None`` is the teacher's view, every hand face up.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import make_bot, play_hand
>>> state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
>>> table = Table(state, seat="S")
>>> table
Table(Canadian Charlemagne, 6 ♣ by South, over; step 39 of 39; South's view)
>>> table.step = 14
>>> table
Table(Canadian Charlemagne, 6 ♣ by South, play, East to move; step 14 of 39; South's view)
>>> table.marks[:4]     # where the trick buttons stop: the deal, the first card, the end of each trick, ...
[0, 7, 11, 15]
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import traitlets as t

from ..engine.actions import Action, choice_name
from ..engine.cards import Card, Seat
from ..engine.contract import Contract
from ..engine.display import hand_state_html, seat_view_html
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.hand import HandResult, HandState, Phase, SeatView
from ..engine.i18n import Forms, Lang, say, seat_word, sentence, word
from ..engine.ranking import sort_hand
from ..engine.rules import Rules
from . import payloads as P
from ._base import GameWidget, bid_label, card_view, engine_text, variant_title
from ._traits import Payload, Words
from .payloads import CardView, KittyView, LastTrick, PlayedCard, TablePicture, TableSeat

__all__ = [
    "Table",
    "action_text",
    "contract_text",
    "phase_title",
    "phase_word",
    "picture_words",
    "result_text",
    "table_picture",
    "trick_marks",
]


# Where each seat sits on the screen: North at the top, South at the bottom.
_PLACES = {Seat.N: "top", Seat.W: "left", Seat.E: "right", Seat.S: "bottom"}
_CARD_PHASES = (Phase.PLAY, Phase.DISCARD, Phase.GIVE)


def phase_word(phase: Phase, lang: Lang = "en") -> str:
    return phase.text(lang)


def phase_title(state: HandState, lang: Lang = "en") -> str:
    """Where the hand is, as a heading: "Trick 3 of 8" while cards are played, else the phase ("Bidding",
    "Discarding", "Hand over"): never a trick in progress before the first card or after the last."""
    if state.phase is Phase.PLAY and state.to_move is not None:
        done = len(state.tricks)
        return say("table.trick_of", lang, n=done + 1, total=done + len(state.hands[state.to_move.name]))
    text = state.phase.text(lang)
    return text[:1].upper() + text[1:]


def _seat_word(seat: Seat, lang: Lang) -> str:
    return seat_word(seat, lang)


def action_text(action: Action, rules: Rules, lang: Lang = "en") -> str:
    """An action as a player says it: ``"pass"``/``"passe"``, a bid by its name (``"6"``, ``"Gros Mulot"``,
    ``"5♠"``), anything else as the engine writes it (``"play J♥"``)."""
    if action.kind == "pass":
        return word("pass", lang)
    if action.kind == "bid" and action.bid is not None:
        label = bid_label(rules.bid(action.bid), lang)
        no_trump = " " + say("hr.no_trump", lang)
        return label + (action.suit.symbol if action.suit is not None else no_trump if action.no_trump else "")
    return _in_words(action, _spoken(action, lang), lang)


def _spoken(action: Action, lang: Lang) -> str:
    """An action other than a pass or a bid as a player says it at the table: "joue Q♥", "atout ♥"."""
    if action.kind == "trump" and action.suit is not None:
        return say("action.trump", lang, suit=action.suit.symbol)
    if action.kind == "choose":
        return say("table.action.choose", lang, choice=choice_name(action.choice or "", lang))
    if action.card is None:
        return say(f"table.action.{action.kind}_hidden", lang)
    return say(f"table.action.{action.kind}", lang, card=action.card)


def _in_words(action: Action, spoken: str, lang: Lang) -> str:
    """An action in the form the language's catalog picks: the engine's own words (English: "bid 6", "choose
    kitty") or as a player says it at the table (French: "enchérit 6", "joue Q♥")."""
    return say("table.action", lang, act=Forms(engine=action.text(lang), spoken=spoken))


def _last_action(action: Action, rules: Rules, lang: Lang) -> str:
    """The replay's last action: "pass" or the engine's words in English ("bid 6", "play Q♥"); in French as a
    player says it ("passe", "enchérit 6", "joue Q♥")."""
    if action.kind == "pass":
        return word("pass", lang)
    if action.kind == "bid":
        return _in_words(action, say("table.action.bid", lang, bid=action_text(action, rules, lang)), lang)
    return action_text(action, rules, lang)


def result_text(result: HandResult, lang: Lang = "en") -> str:
    """Why the hand ended as it did, in ``lang`` (:meth:`HandResult.text`; the English is the engine's reason)."""
    said = engine_text(result, lang)
    return result.reason if said is None else said


def contract_text(contract: Contract, lang: Lang = "en") -> str:
    """A contract as the table writes it: ``"6 ♥ by South"`` (the engine's own words) or ``"6 ♥ par Sud"``."""
    return contract.text(lang)


def _count_text(n: int, lang: Lang) -> str:
    return say("table.card" if n == 1 else "table.cards", lang, n=n)


def _cards(
    cards: Iterable[Card],
    lang: Lang,
    contract: Contract | None,
    legal: set[Card] | None = None,
    rules: Rules | None = None,
) -> list[CardView]:
    """Cards held or shown, in the one order of every picture: by the contract, or before it by the rules."""
    shown = sort_hand(cards, contract if contract is not None else rules)
    if legal is None:
        return [card_view(c, lang, contract) for c in shown]
    return [card_view(c, lang, contract, legal=c in legal, illegal_word=word("illegal", lang)) for c in shown]


def trick_marks(state: HandState) -> list[int]:
    """The action counts where a replay stops when stepping trick by trick: the deal, the end of the bidding
    and exchange (the first card), each finished trick, and the end of the hand."""
    marks = [0]
    tricks_seen = 0
    replay = state.at(0)
    for number, (_, action) in enumerate(state.history, 1):
        if action.kind == "play" and not replay.tricks and not replay.trick:
            marks.append(number - 1)  # just before the first card: the contract is settled
        replay.apply(action)
        if len(replay.tricks) > tricks_seen:
            tricks_seen = len(replay.tricks)
            marks.append(number)
    marks.append(len(state.history))
    return sorted(set(marks))


def table_picture(state: HandState, seat: Seat | None, lang: Lang = "en", *, own_cards: bool = True) -> TablePicture:
    """Everything the table shows, as plain data for the front-end: from ``seat``'s view only (every hand face up
    when ``seat`` is None), so a seat's picture never holds a card that seat cannot see while the hand is played;
    once it is over, every hand (as held when play began) and the kitty face up. ``seat`` sits at the bottom. ``own_cards=False``: ``seat``'s own hand face down too (the screen while it passes to another player)."""
    view: SeatView | None = None if seat is None else state.view(seat)
    contract = state.contract
    bids = view.bids if view is not None else [(w, a) for w, a in state.history if a.kind in ("bid", "pass")]
    won = state.tricks_won
    return {
        "title": variant_title(state.rules, lang),
        "viewer": _viewer_text(view, lang, own_cards),
        "phase": phase_word(state.phase, lang),
        "contract": _contract_line(state, lang),
        "seats": _seats(state, view, seat, lang, own_cards, bids),
        "trick": _played(state.trick, lang, contract),
        "trick_title": phase_title(state, lang),
        "last_trick": _last_trick(state, lang, contract),
        "kitty": _kitty(state, view, lang, contract),
        "bidding_title": word("table.bidding", lang),
        "bidding": [
            {"seat": w.name, "name": _seat_word(w, lang), "text": action_text(a, state.rules, lang)} for w, a in bids
        ],
        "no_bids": word("table.no_bids", lang),
        "tricks_line": say("table.tricks_line", lang, **_teams(won[s.name] for s in Seat)),
        "points_line": say("table.points_line", lang, ns=state.result.points["NS"], ew=state.result.points["EW"])
        if state.result is not None
        else "",
        "result": result_text(state.result, lang) if state.result is not None else "",
        "words": picture_words(lang),
    }


# The table's own labels, sent with every picture.
_PICTURE_WORDS = (
    "sits out",
    "to move",
    "dealer",
    "shown to all",
    "kitty",
    "contract",
    "colon",
    "table.face down",
    "table.discarded",
    "table.bids",
)


def picture_words(lang: Lang = "en") -> dict[str, str]:
    """The table picture's own labels in ``lang`` (a badge's, the kitty's, the bids'), by the key the page reads."""
    return {k: word(k.replace(" ", "_"), lang) for k in _PICTURE_WORDS}


def _viewer_text(view: SeatView | None, lang: Lang, own_cards: bool) -> str:
    """Whose view the picture is: the teacher's, a seat's, or every hand hidden."""
    if view is None:
        return word("table.all_view", lang)
    if own_cards:
        return say("table.seat_view", lang, seat=view.seat)
    return word("table.hidden_view", lang)


def _seats(
    state: HandState,
    view: SeatView | None,
    seat: Seat | None,
    lang: Lang,
    own_cards: bool,
    bids: list[tuple[Seat, Action]],
) -> list[TableSeat]:
    """The four seats, each placed round the table from ``seat`` (at the bottom), with the cards the viewer may
    see face up, the legal ones marked on the seat choosing a card."""
    contract = state.contract
    hands = state.hands if view is None else {}
    if state.phase is Phase.OVER:
        # the hand is over and nothing is secret: every seat's cards face up, as each held them when play began
        hands, view = held_at_play(state), None
    exposed = {} if view is None else view.exposed
    to_move = state.to_move
    sitting_out = contract.sitting_out if contract is not None else ()
    legal_cards = (
        {a.card for a in state.legal_actions() if a.card is not None} if state.phase in _CARD_PHASES else set()
    )
    won = state.tricks_won
    seats: list[TableSeat] = []
    for s in Seat:
        face_up = _face_up(hands, view, s, own_cards)
        # legal marks only on the seat to move, only while it chooses a card, and only where its cards are face up
        choosing = state.phase in _CARD_PHASES and s == to_move
        legal = legal_cards if (choosing and face_up is not None and (view is None or s == view.seat)) else None
        count = len(hands[s.name]) if view is None else view.hand_sizes[s.name]
        seats.append(
            {
                "seat": s.name,
                "name": _seat_word(s, lang),
                # the viewer at the bottom, the others round the table in order
                "place": _PLACES[s if seat is None else Seat((s - seat + Seat.S) % 4)],
                "cards": [] if face_up is None else _cards(face_up, lang, contract, legal, state.rules),
                "face_up": face_up is not None,
                "count": count,
                "count_text": _count_text(count, lang),
                "exposed": s.name in exposed,
                "to_move": s == to_move,
                "sits_out": s in sitting_out,
                "dealer": s == state.dealer,
                "you": view is not None and s == view.seat and own_cards,
                "tricks": won[s.name],
                "bids": [action_text(a, state.rules, lang) for w, a in bids if w == s],
                "player": "",  # a play table names its bots
            }
        )
    return seats


def held_at_play(state: HandState) -> dict[str, list[Card]]:
    """Each seat's cards when play began (after the exchange): the cards it played, and any it still holds (a
    partner sitting out holds all of its own)."""
    held: dict[str, list[Card]] = {s.name: list(state.hands[s.name]) for s in Seat}
    for trick in state.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            held[Seat(seat).name].append(card)
    return held


def _face_up(hands: dict[str, list[Card]], view: SeatView | None, s: Seat, own_cards: bool) -> list[Card] | None:
    """The cards of seat ``s`` the viewer sees face up (None: face down): every hand (``hands``) in the teacher's
    view, else the viewer's own (unless hidden) and any shown to all."""
    if view is None:
        return hands[s.name]
    if s == view.seat and own_cards:
        return view.hand
    return view.exposed.get(s.name)


def _played(cards: Iterable[tuple[Seat, Card]], lang: Lang, contract: Contract | None) -> list[PlayedCard]:
    """Cards on the table, each with the seat that played it."""
    return [{"seat": w.name, "name": _seat_word(w, lang), "card": card_view(c, lang, contract)} for w, c in cards]


def _last_trick(state: HandState, lang: Lang, contract: Contract | None) -> LastTrick | None:
    """The last trick finished, with its winner (None before the first one ends)."""
    tricks = state.tricks
    if not tricks:
        return None
    done = tricks[-1]
    winner = Seat(done.winner)
    # the winner's side: the two partners, or the winner alone where its partner sits out
    side = [s for s in (winner, winner.partner) if contract is None or s in contract.active_seats]
    return {
        "title": say("table.last_trick", lang, seat=_seat_word(done.winner, lang)),
        "cards": _played(zip(done.seats, done.cards, strict=True), lang, contract),
        "winner": winner.name,
        "side": [s.name for s in side],
    }


def _teams(tricks_by_seat: Iterable[int]) -> dict[str, int]:
    """Tricks by team, from tricks by seat (N, E, S, W): ``{"ns": …, "ew": …}``."""
    n, e, s, w = tricks_by_seat
    return {"ns": n + s, "ew": e + w}


def _contract_line(state: HandState, lang: Lang) -> str:
    if state.contract is not None:
        return contract_text(state.contract, lang)
    high = state.bid
    bidder = next((w for w, a in reversed(state.history) if a.kind == "bid"), None)
    if high is not None and bidder is not None:
        return say("table.highest", lang, bid=bid_label(high, lang), seat=_seat_word(bidder, lang))
    return word("table.no_contract", lang)


def _kitty(state: HandState, view: SeatView | None, lang: Lang, contract: Contract | None) -> KittyView | None:
    """The kitty: face down while it lies on the table; once taken, face up only to the bidder (and the teacher),
    with the bidder's discards."""
    size = state.rules.kitty_size
    if size == 0:
        return None
    lying = state.kitty
    bidder = state.bidder
    if lying:
        return {
            "count": len(lying),
            "count_text": _count_text(len(lying), lang),
            # never taken: face down until the hand is over, then shown with the rest
            "cards": _cards(lying, lang, contract, rules=state.rules) if state.phase is Phase.OVER else [],
            "taken": "",
            "discards": [],
        }
    taken = say("table.taken", lang, seat=_seat_word(bidder, lang)) if bidder is not None else ""
    if view is None or state.phase is Phase.OVER:  # the teacher's view, or a hand over: nothing is secret
        cards: list[Card] = state.at(0).kitty
        discards = [a.card for _, a in state.history if a.kind == "discard" and a.card is not None]
    elif view.kitty is not None:
        cards, discards = view.kitty, view.discards
    else:
        cards, discards = [], []
    return {
        "count": size,
        "count_text": _count_text(size, lang),
        "cards": _cards(cards, lang, contract, rules=state.rules),
        "taken": taken,
        "discards": _cards(discards, lang, contract, rules=state.rules),
    }


class Table(GameWidget):
    """A hand at the table, as ``seat`` sees it (``seat=None``: every hand face up), with a replay slider.

    ``step`` is how many of the hand's actions are shown (0: just dealt; ``steps``: all of them); the page moves
    it with a slider and buttons, Python by setting it. :meth:`update` shows a new state at its last step.
    """

    _module = "table"
    _page_writable = frozenset({"step"})
    #: The table as drawn (:class:`~.payloads.TablePicture`: seats, trick, kitty, contract, scores, bidding), from the
    #: viewer's seat only.
    picture = Payload(P.TablePicture).tag(sync=True)
    #: How many actions of the hand are shown; 0 to ``steps``.
    step = t.Int(0).tag(sync=True)
    #: How many actions the hand has.
    steps = t.Int(0).tag(sync=True)
    #: The action counts where a trick ends (and the deal, the first card, the end): the ◀ ▶ trick buttons stop there.
    marks = t.List(t.Int()).tag(sync=True)
    #: The viewer's seat (``"S"``), or ``""`` for the teacher's view.
    seat = t.Unicode("").tag(sync=True)
    #: Labels of the replay controls, in the widget's language.
    words = Words().tag(sync=True)

    def __init__(
        self,
        state: HandState,
        *,
        seat: Seat | str | None = None,
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        viewer = None if seat is None else Seat.find(seat)
        self._record = _check_state(state)
        self._viewer = viewer
        super().__init__(lang=lang, four_colour=four_colour, seat="" if viewer is None else viewer.name)
        self._load(state)
        self.observe(lambda _: self._redraw(), names=["step", "lang"])

    @classmethod
    def replay(
        cls, state: HandState, *, seat: Seat | str | None = None, lang: str | None = None, four_colour: bool = False
    ) -> Table:
        """A table at the start of ``state``'s hand, ready to be stepped through with the slider."""
        table = cls(state, seat=seat, lang=lang, four_colour=four_colour)
        table.step = 0
        return table

    def update(self, state: HandState) -> None:
        """Show ``state`` (a new hand, or the same one further on) at its last action."""
        self._record = _check_state(state)
        self._load(state)

    def _load(self, state: HandState) -> None:
        with self.hold_trait_notifications():
            self.steps = len(state.history)
            self.marks = trick_marks(state)
            self.step = self.steps
        self._redraw()

    @t.validate("step")
    def _check_step(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        if not 0 <= value <= len(self._record.history):
            raise IllegalActionError(sentence("table.bad_step", value=quote(value), last=len(self._record.history)))
        return int(value)

    @property
    def state(self) -> HandState:
        """The hand as shown: after its first ``step`` actions (a copy: changing it does not change the table)."""
        if self.step == len(self._record.history):
            return self._record.copy()
        return self._record.at(self.step)

    def _redraw(self) -> None:
        lang = self._lang
        shown = self.state
        self.picture = table_picture(shown, self._viewer, lang)
        last = ""
        if shown.history:
            who, act = shown.view(self._viewer).history[-1] if self._viewer is not None else shown.history[-1]
            last = say(
                "table.last_action", lang, seat=_seat_word(who, lang), action=_last_action(act, shown.rules, lang)
            )
        self.words = {
            k: word(f"table.{k.replace(' ', '_')}", lang)
            for k in ("replay", "previous trick", "next trick", "previous action", "next action")
        } | {"step": self._where(lang), "last": last}

    def _where(self, lang: Lang) -> str:
        """Where the replay stands, as a player says it: "The deal", "The bidding", "Trick 3, second card"."""
        return self._record.when(self.step - 1, lang) if self.step else word("narrate.when_deal", lang)

    def __repr__(self) -> str:
        shown = self.state
        parts = [shown.rules.title]
        if shown.contract is not None:
            parts.append(str(shown.contract))
        parts.append(
            shown.phase.value if shown.to_move is None else f"{shown.phase.value}, {shown.to_move.word} to move"
        )
        seen = "" if self._viewer is None else f"; {self._viewer.word}'s view"
        return f"Table({', '.join(parts)}; step {self.step} of {self.steps}{seen})"

    def _static_html(self) -> str:
        shown, lang = self.state, self._lang
        body = (
            hand_state_html(shown, lang, four_colour=self.four_colour)
            if self._viewer is None
            else seat_view_html(shown.view(self._viewer), lang, four_colour=self.four_colour)
        )
        return f'<div class="cl-table">{body}<p>{escape(self.words.get("step", ""))}</p></div>'


def _check_state(state: object) -> HandState:
    """The caller's hand, copied: the caller may play on or undo theirs, and the table must still draw its own."""
    if not isinstance(state, HandState):
        raise RulesOptionError(sentence("table.not_a_state", kind=type(state).__name__))
    return state.copy()
