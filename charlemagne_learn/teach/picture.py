"""The table's picture: everything a table shows of a hand — four seats, the trick, the kitty, the contract, the
bids, the scores — as plain data for a page to draw (``widgets/table_picture.js`` draws it), made in one place for
every table: the play table, the replay, the decisions, the typed-in hand and the shared table's referee.

A seat's picture is made from what that seat may see only: the builder reads the seat's
:meth:`~charlemagne_learn.engine.hand.HandState.view` and two facts the whole table sees (whether the kitty still
lies on the table, who bid), so no hidden card can reach its page. ``seat=None`` is the teacher's view, every hand
face up. The options are where tables differ: ``own_cards=False`` hides the seat's own hand (a screen passed between
people), ``open_when_over=False`` keeps the others' cards and the kitty face down once the hand is over (a shared
table, where each person has a screen of their own), ``legal`` marks the cards a page offers to play now.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import make_bot, play_hand
>>> state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
>>> early = state.at(14)
>>> south = table_picture(early, Seat.S)
>>> south["trick_title"], [(s["seat"], s["place"], s["face_up"], s["count"]) for s in south["seats"]]
('Trick 2 of 8', [('N', 'top', False, 6), ('E', 'right', False, 7), ('S', 'bottom', True, 6), ('W', 'left', False, 6)])
>>> [s["face_up"] for s in table_picture(state, Seat.S)["seats"]]   # the hand over: every hand opened
[True, True, True, True]
>>> [s["face_up"] for s in table_picture(state, Seat.S, open_when_over=False)["seats"]]   # a person's own screen
[False, False, True, False]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypedDict

from ..engine.actions import Action, choice_name
from ..engine.cards import RED_JOKER, Card, Seat
from ..engine.contract import Contract
from ..engine.hand import HandResult, HandState, Phase, Trick
from ..engine.i18n import Forms, Lang, card_face, card_label, named, say, seat_word, word
from ..engine.palette import card_colour
from ..engine.ranking import card_order, sort_hand
from ..engine.rules import BidSpec, Rules

__all__ = [
    "CardView",
    "KittyView",
    "LastTrick",
    "PlayedCard",
    "SeatBid",
    "TablePicture",
    "TableSeat",
    "action_text",
    "bid_label",
    "card_id",
    "card_view",
    "contract_text",
    "engine_text",
    "held_at_play",
    "in_words",
    "phase_title",
    "phase_word",
    "picture_words",
    "result_text",
    "table_picture",
    "variant_title",
]


# ------------------------------------------------------------ the payloads a page draws (widgets/payloads.d.ts)
class _Card(TypedDict):
    id: str  #: as ``Card.parse`` reads it: "JD", "RJ"
    text: str  #: its face: "J♦"
    suit: str  #: "C", "D", "H", "S", or "J" for a joker
    rank: str  #: the face's corner: "10", "J"; "JOKER" for a joker
    pip: str  #: the suit's symbol, "★" for a joker
    high: bool  #: the high joker of the contract shown (the ``high_joker`` house rule decides which)
    label: str  #: what a screen reader says
    role: str  #: its role in the contract, in words ("little jack"), or ""
    ink: str  #: its colour (a palette variable)
    ink4: str  #: its colour in the four-colour deck


class CardView(_Card, total=False):
    """One card as a page draws it (:func:`~charlemagne_learn.teach.picture.card_view`); the keys below only where
    the page offers cards to play."""

    legal: bool  #: may it be played now
    illegal_word: str  #: the word for a card that may not be played
    selected: bool  #: chosen (to put aside), not yet confirmed


class PlayedCard(TypedDict):
    """A card on the table, with who played it."""

    seat: str  #: "N", "E", "S", "W"
    name: str  #: the seat in words
    card: CardView


class TableSeat(TypedDict):
    """One seat of a table picture."""

    seat: str
    name: str
    place: str  #: where the page draws it: "bottom", "left", "top", "right"
    cards: list[CardView]  #: the cards the viewer may see (none when face down)
    face_up: bool
    count: int
    count_text: str
    exposed: bool  #: shown to all (Gros Mulot)
    to_move: bool
    sits_out: bool
    dealer: bool
    you: bool
    tricks: int
    bids: list[str]
    player: str  #: who plays the seat, in words ("rule bot: plays by the rules of thumb"), or "" where not said


class LastTrick(TypedDict):
    title: str
    cards: list[PlayedCard]
    winner: str  #: the seat that won it: "N", "E", "S", "W"
    side: list[str]  #: the winner and its partner, where the partner plays


class KittyView(TypedDict):
    count: int
    count_text: str
    cards: list[CardView]  #: face up only once the viewer may see them
    taken: str  #: who took it, in words ("" before)
    discards: list[CardView]


class SeatBid(TypedDict):
    seat: str
    name: str
    text: str


class TablePicture(TypedDict):
    """The whole table as one seat sees it (:func:`~charlemagne_learn.teach.picture.table_picture`)."""

    title: str
    viewer: str
    phase: str
    contract: str
    seats: list[TableSeat]
    trick: list[PlayedCard]
    trick_title: str
    last_trick: LastTrick | None  #: None before the first trick is done
    kitty: KittyView | None  #: None at a table without a kitty
    bidding_title: str
    bidding: list[SeatBid]
    no_bids: str
    tricks_line: str
    points_line: str
    result: str
    words: dict[str, str]


# ------------------------------------------------------------ a card, a bid, an action in words
def card_id(card: Card) -> str:
    """The card in plain ASCII, as ``Card.parse`` reads it and the front-end reports it: ``"JD"``, ``"RJ"``."""
    if card.suit is None or card.rank is None:
        return "RJ" if card is RED_JOKER else "BJ"
    return card.rank.symbol + card.suit.name


def card_view(
    card: Card,
    lang: Lang = "en",
    contract: Contract | None = None,
    *,
    legal: bool | None = None,
    illegal_word: str | None = None,
) -> CardView:
    """One card as the front-end draws it: its text, suit, spoken label, its role in ``contract`` ("little jack"),
    and its ink as :func:`~charlemagne_learn.engine.palette.card_colour` decides it for the static HTML too (``ink``,
    and ``ink4`` for the four-colour deck: the page takes the one its ``four_colour`` asks for). ``legal`` and
    ``illegal_word`` only where the page offers the card to play (named, not any keyword, so that mypy checks every
    key the page reads)."""
    role = card_order(contract.rules, contract.trump).role[card.index] if contract is not None else ""
    suit = "J" if card.suit is None else card.suit.name
    joker = card.suit is None or card.rank is None
    view: CardView = {
        "id": card_id(card),
        "text": card_face(card, lang),
        "suit": suit,
        # the face's corners: the rank and the suit's symbol; a joker's word and a star
        "rank": word("joker", lang).upper() if joker else card_face(card, lang)[:-1],
        "pip": "★" if joker else card.suit.symbol,  # type: ignore[union-attr]
        "high": role == "high joker",
        "label": card_label(card, lang, role),
        "role": named(role, lang, "role.") if role else "",
        "ink": card_colour(card),
        "ink4": card_colour(card, four_colour=True),
    }
    if legal is not None:
        view["legal"] = legal
    if illegal_word is not None:
        view["illegal_word"] = illegal_word
    return view


@cache
def variant_title(rules: Rules, lang: Lang = "en") -> str:
    """The variant's name in ``lang`` (:meth:`Rules.named`): "Canadian Charlemagne", "Charlemagne canadien"."""
    return rules.named(lang)


def engine_text(thing: object, lang: Lang) -> str | None:
    """``thing.text(lang)`` where the engine's object says itself in a language (a contract, a bid, a hand's
    result, as the engine's French edition gives them), else None: the caller then writes it itself."""
    text = getattr(thing, "text", None)
    return str(text(lang)) if callable(text) else None


def bid_label(spec: BidSpec, lang: Lang = "en") -> str:
    """A bid's name in ``lang`` (:meth:`BidSpec.text`): "High Card No Trump", its French name in French; numbers
    and the game's French names (Mulot, Le Petit) are the same in both."""
    return spec.text(lang)


def phase_word(phase: Phase, lang: Lang = "en") -> str:
    return phase.text(lang)


def phase_title(state: HandState, lang: Lang = "en") -> str:
    """Where the hand is, as a heading: "Trick 3 of 8" while cards are played, else the phase ("Bidding",
    "Discarding", "Hand over"): never a trick in progress before the first card or after the last."""
    mover = state.to_move
    return _heading(state.phase, len(state.tricks), None if mover is None else len(state.hands[mover.name]), lang)


def _heading(phase: Phase, done: int, left: int | None, lang: Lang) -> str:
    """The heading of :func:`phase_title`, from the phase, the tricks done and the cards the seat to move holds."""
    if phase is Phase.PLAY and left is not None:
        return say("table.trick_of", lang, n=done + 1, total=done + left)
    text = phase.text(lang)
    return text[:1].upper() + text[1:]


def action_text(action: Action, rules: Rules, lang: Lang = "en") -> str:
    """An action as a player says it: ``"pass"``/``"passe"``, a bid by its name (``"6"``, ``"Gros Mulot"``,
    ``"5♠"``), anything else as the engine writes it (``"play J♥"``)."""
    if action.kind == "pass":
        return word("pass", lang)
    if action.kind == "bid" and action.bid is not None:
        label = bid_label(rules.bid(action.bid), lang)
        no_trump = " " + say("hr.no_trump", lang)
        return label + (action.suit.symbol if action.suit is not None else no_trump if action.no_trump else "")
    return in_words(action, _spoken(action, lang), lang)


def _spoken(action: Action, lang: Lang) -> str:
    """An action other than a pass or a bid as a player says it at the table: "joue Q♥", "atout ♥"."""
    if action.kind == "trump" and action.suit is not None:
        return say("action.trump", lang, suit=action.suit.symbol)
    if action.kind == "choose":
        return say("table.action.choose", lang, choice=choice_name(action.choice or "", lang))
    if action.card is None:
        return say(f"table.action.{action.kind}_hidden", lang)
    return say(f"table.action.{action.kind}", lang, card=action.card)


def in_words(action: Action, spoken: str, lang: Lang) -> str:
    """An action in the form the language's catalog picks: the engine's own words (English: "bid 6", "choose
    kitty") or as a player says it at the table (French: "enchérit 6", "joue Q♥")."""
    return say("table.action", lang, act=Forms(engine=action.text(lang), spoken=spoken))


def result_text(result: HandResult, lang: Lang = "en") -> str:
    """Why the hand ended as it did, in ``lang`` (:meth:`HandResult.text`; the English is the engine's reason)."""
    said = engine_text(result, lang)
    return result.reason if said is None else said


def contract_text(contract: Contract, lang: Lang = "en") -> str:
    """A contract as the table writes it: ``"6 ♥ by South"`` (the engine's own words) or ``"6 ♥ par Sud"``."""
    return contract.text(lang)


def _count_text(n: int, lang: Lang) -> str:
    return say("table.card" if n == 1 else "table.cards", lang, n=n)


# ------------------------------------------------------------ what the viewer sees
#: Where each seat sits on the screen, seen from South: North at the top, South at the bottom.
_PLACES = {Seat.N: "top", Seat.W: "left", Seat.E: "right", Seat.S: "bottom"}
#: The phases in which a seat chooses a card of its hand.
_CARD_PHASES = (Phase.PLAY, Phase.DISCARD, Phase.GIVE)


@dataclass(frozen=True)
class _Seen:
    """What the viewer may see of the hand, the one thing a picture is drawn from (:func:`_seen` makes it)."""

    rules: Rules
    phase: Phase
    dealer: Seat
    to_move: Seat | None
    contract: Contract | None
    bids: list[tuple[Seat, Action]]
    trick: list[tuple[Seat, Card]]
    tricks: list[Trick]
    result: HandResult | None
    viewer: Seat | None  #: the seat whose hand is "you" (None: nobody's, every hand open)
    counts: dict[str, int]  #: the cards each seat holds (as shown)
    face_up: dict[str, list[Card]]  #: the hands the viewer sees face up, by seat
    exposed: frozenset[str]  #: the seats whose hand is shown to all
    playable: frozenset[Card]  #: the cards the seat to move may be offered now
    kitty_lying: int  #: the kitty's cards still on the table (0 once the bidder has taken it)
    kitty: list[Card]  #: the kitty as the viewer sees it face up (the lying one too, once the hand is open)
    discards: list[Card]  #: the bidder's discards the viewer sees
    bidder: Seat | None


def _seen(
    state: HandState, seat: Seat | None, own_cards: bool, open_when_over: bool, legal: Iterable[Action] | None
) -> _Seen:
    """What ``seat`` (None: the teacher) sees of ``state``: for a seat, its view alone, and of the rest only what
    the whole table sees (whether the hand is over, how many cards of the kitty lie on the table, who bid); once the
    hand is over and ``open_when_over``, every hand as held when play began and the kitty, as the teacher sees
    them."""
    lying, bidder = len(state.kitty), state.bidder
    if seat is None or (open_when_over and state.phase is Phase.OVER):
        over = state.phase is Phase.OVER
        # the hand over and nothing secret: each seat's cards as it held them when play began
        hands = held_at_play(state) if over else state.hands
        return _Seen(
            rules=state.rules,
            phase=state.phase,
            dealer=state.dealer,
            to_move=state.to_move,
            contract=state.contract,
            bids=state.bids_heard(),
            trick=state.trick,
            tricks=state.tricks,
            result=state.result,
            viewer=None,
            counts={s.name: len(hands[s.name]) for s in Seat},
            face_up={s.name: list(hands[s.name]) for s in Seat},
            exposed=frozenset(state.exposed_hands),
            playable=_playable(state.phase, state.legal_actions if legal is None else legal),
            kitty_lying=lying,
            kitty=(list(state.kitty) if over else []) if lying else state.at(0).kitty,
            discards=[] if lying else [a.card for _, a in state.history if a.kind == "discard" and a.card is not None],
            bidder=bidder,
        )
    view = state.view(seat)
    face_up = dict(view.exposed)
    if own_cards:
        face_up[view.seat.name] = view.hand
    return _Seen(
        rules=view.rules,
        phase=view.phase,
        dealer=view.dealer,
        to_move=view.to_move,
        contract=view.contract,
        bids=view.bids,
        trick=view.trick,
        tricks=view.tricks,
        result=view.result,
        viewer=view.seat if own_cards else None,
        counts=dict(view.hand_sizes),
        face_up=face_up,
        exposed=frozenset(view.exposed),
        playable=_playable(view.phase, view.legal_actions if legal is None else legal),
        kitty_lying=lying,
        kitty=[] if lying or view.kitty is None else view.kitty,
        discards=[] if lying or view.kitty is None else view.discards,
        bidder=bidder,
    )


def _playable(phase: Phase, actions: Iterable[Action] | Callable[[], Iterable[Action]]) -> frozenset[Card]:
    """The cards of ``actions`` while a seat chooses a card (the hand's legal actions asked for only then)."""
    if phase not in _CARD_PHASES:
        return frozenset()
    return frozenset(a.card for a in (actions() if callable(actions) else actions) if a.card is not None)


def held_at_play(state: HandState) -> dict[str, list[Card]]:
    """Each seat's cards when play began (after the exchange): the cards it played, and any it still holds (a
    partner sitting out holds all of its own)."""
    held: dict[str, list[Card]] = {s.name: list(state.hands[s.name]) for s in Seat}
    for trick in state.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            held[Seat(seat).name].append(card)
    return held


# ------------------------------------------------------------ the picture
def table_picture(
    state: HandState,
    seat: Seat | None,
    lang: Lang = "en",
    *,
    own_cards: bool = True,
    open_when_over: bool = True,
    legal: Iterable[Action] | None = None,
) -> TablePicture:
    """Everything the table shows, as plain data for the front-end: from ``seat``'s view only (every hand face up
    when ``seat`` is None), so a seat's picture never holds a card that seat cannot see while the hand is played.
    ``seat`` sits at the bottom.

    ``own_cards=False``: ``seat``'s own hand face down too (the screen while it passes to another player).
    ``open_when_over``: once the hand is over, every hand (as held when play began) and the kitty face up, as one
    screen shows them to everyone at it; False keeps a seat's picture its own view to the end (a person's own
    screen at a shared table). ``legal``: the actions the page offers now, whose cards are marked playable on the
    seat to move (None: the hand's legal actions)."""
    seen = _seen(state, seat, own_cards, open_when_over, legal)
    won = [sum(1 for t in seen.tricks if t.winner == s) for s in Seat]
    mover = seen.to_move
    return {
        "title": variant_title(seen.rules, lang),
        "viewer": _viewer_text(seat, lang, own_cards),
        "phase": phase_word(seen.phase, lang),
        "contract": _contract_line(seen, lang),
        "seats": _seats(seen, seat, lang, won),
        "trick": _played(seen.trick, lang, seen.contract),
        "trick_title": _heading(seen.phase, len(seen.tricks), None if mover is None else seen.counts[mover.name], lang),
        "last_trick": _last_trick(seen, lang),
        "kitty": _kitty(seen, lang),
        "bidding_title": word("table.bidding", lang),
        "bidding": [
            {"seat": w.name, "name": seat_word(w, lang), "text": action_text(a, seen.rules, lang)} for w, a in seen.bids
        ],
        "no_bids": word("table.no_bids", lang),
        "tricks_line": say("table.tricks_line", lang, ns=won[Seat.N] + won[Seat.S], ew=won[Seat.E] + won[Seat.W]),
        "points_line": say("table.points_line", lang, ns=seen.result.points["NS"], ew=seen.result.points["EW"])
        if seen.result is not None
        else "",
        "result": result_text(seen.result, lang) if seen.result is not None else "",
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


def _viewer_text(seat: Seat | None, lang: Lang, own_cards: bool) -> str:
    """Whose view the picture is: the teacher's, a seat's, or every hand hidden."""
    if seat is None:
        return word("table.all_view", lang)
    if own_cards:
        return say("table.seat_view", lang, seat=seat)
    return word("table.hidden_view", lang)


def _cards(cards: Iterable[Card], lang: Lang, seen: _Seen, playable: frozenset[Card] | None = None) -> list[CardView]:
    """Cards held or shown, in the one order of every picture: by the contract, or before it by the rules."""
    contract = seen.contract
    shown = sort_hand(cards, contract if contract is not None else seen.rules)
    if playable is None:
        return [card_view(c, lang, contract) for c in shown]
    illegal = word("illegal", lang)
    return [card_view(c, lang, contract, legal=c in playable, illegal_word=illegal) for c in shown]


def _seats(seen: _Seen, seat: Seat | None, lang: Lang, won: list[int]) -> list[TableSeat]:
    """The four seats, each placed round the table from ``seat`` (at the bottom), with the cards the viewer may
    see face up, the playable ones marked on the seat choosing a card."""
    sitting_out = seen.contract.sitting_out if seen.contract is not None else ()
    seats: list[TableSeat] = []
    for s in Seat:
        face_up = seen.face_up.get(s.name)
        # marks only on the seat to move, only while it chooses a card, and only on the viewer's own (or the
        # teacher's) cards face up
        choosing = seen.phase in _CARD_PHASES and s == seen.to_move and (seat is None or s == seen.viewer)
        count = seen.counts[s.name]
        seats.append(
            {
                "seat": s.name,
                "name": seat_word(s, lang),
                # the viewer at the bottom, the others round the table in order
                "place": _PLACES[s if seat is None else Seat((s - seat + Seat.S) % 4)],
                "cards": [] if face_up is None else _cards(face_up, lang, seen, seen.playable if choosing else None),
                "face_up": face_up is not None,
                "count": count,
                "count_text": _count_text(count, lang),
                "exposed": s.name in seen.exposed,
                "to_move": s == seen.to_move,
                "sits_out": s in sitting_out,
                "dealer": s == seen.dealer,
                "you": s == seen.viewer,
                "tricks": won[s],
                "bids": [action_text(a, seen.rules, lang) for w, a in seen.bids if w == s],
                "player": "",  # a play table names its bots
            }
        )
    return seats


def _played(cards: Iterable[tuple[Seat, Card]], lang: Lang, contract: Contract | None) -> list[PlayedCard]:
    """Cards on the table, each with the seat that played it."""
    return [{"seat": w.name, "name": seat_word(w, lang), "card": card_view(c, lang, contract)} for w, c in cards]


def _last_trick(seen: _Seen, lang: Lang) -> LastTrick | None:
    """The last trick finished, with its winner (None before the first one ends)."""
    if not seen.tricks:
        return None
    done = seen.tricks[-1]
    winner = Seat(done.winner)
    contract = seen.contract
    # the winner's side: the two partners, or the winner alone where its partner sits out
    side = [s for s in (winner, winner.partner) if contract is None or s in contract.active_seats]
    return {
        "title": say("table.last_trick", lang, seat=seat_word(done.winner, lang)),
        "cards": _played(zip(done.seats, done.cards, strict=True), lang, contract),
        "winner": winner.name,
        "side": [s.name for s in side],
    }


def _contract_line(seen: _Seen, lang: Lang) -> str:
    """The contract, or before it the highest bid and its bidder, or that there is none yet."""
    if seen.contract is not None:
        return contract_text(seen.contract, lang)
    high = next(((w, a.bid) for w, a in reversed(seen.bids) if a.kind == "bid" and a.bid is not None), None)
    if high is not None:
        bidder, bid = high
        return say("table.highest", lang, bid=bid_label(seen.rules.bid(bid), lang), seat=seat_word(bidder, lang))
    return word("table.no_contract", lang)


def _kitty(seen: _Seen, lang: Lang) -> KittyView | None:
    """The kitty: face down while it lies on the table (shown once the hand is open); once taken, face up only to
    the bidder (and the teacher), with the bidder's discards."""
    size = seen.rules.kitty_size
    if size == 0:
        return None
    count = seen.kitty_lying or size
    bidder = seen.bidder
    return {
        "count": count,
        "count_text": _count_text(count, lang),
        "cards": _cards(seen.kitty, lang, seen),
        "taken": say("table.taken", lang, seat=seat_word(bidder, lang))
        if bidder is not None and not seen.kitty_lying
        else "",
        "discards": _cards(seen.discards, lang, seen),
    }
